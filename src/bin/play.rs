//! `play`: Minesweeper in the browser, with the AI's hint and autoplay (see `--help` and
//! [`minejudge::play`]).

use minejudge::io::args;
use minejudge::play::{parse_port, serve_on, USAGE};
use std::process::ExitCode;

fn main() -> ExitCode {
    match args::parse(USAGE, parse_port) {
        Ok(port) => serve_on(port),
        Err(code) => code,
    }
}
