//! `autoplay`: the AI player's benchmark; seeded games, win rate, speed (see `--help`).

use minejudge::autoplay::{parse_args, run_all, USAGE};
use minejudge::io::args;
use std::process::ExitCode;

fn main() -> ExitCode {
    match args::parse(USAGE, parse_args) {
        Ok(config) => {
            print!("{}", run_all(&config));
            ExitCode::SUCCESS
        }
        Err(code) => code,
    }
}
