//! `play`: Minesweeper in the browser, with the AI's hint and autoplay (see `--help` and
//! [`minejudge::play`]).

use minejudge::io::args;
use minejudge::play::{parse_listen, serve, USAGE};
use std::process::ExitCode;

fn main() -> ExitCode {
    match args::parse(USAGE, parse_listen) {
        Ok(listen) => serve(listen),
        Err(code) => code,
    }
}
