//! `acm-client`: the ACM class's advanced task; the AI player plays a game or a batch of the
//! course's maps through the server's rules, or prints a batch's maps (see `--help`).

use minejudge::io::args::{self, Args};
use minejudge::judges::Limits;
use minejudge::players::acm_client::solve::{self, Mode};
use std::process::ExitCode;

/// `--trace` or `--maps` (not both), and `--limits`.
fn parse(args: &mut Args) -> Result<(Mode, Limits), String> {
    let mut mode = Mode::Play;
    let mut limits = Limits::Course;
    while let Some(flag) = args.next() {
        match flag.as_str() {
            "--trace" | "--maps" if mode != Mode::Play => {
                return Err("give --trace or --maps, not both".into())
            }
            "--trace" => mode = Mode::Trace,
            "--maps" => mode = Mode::Maps,
            "--limits" => {
                limits = match args.value(&flag)?.as_str() {
                    "course" => Limits::Course,
                    "wide" => Limits::Wide,
                    other => return Err(format!("--limits {other:?}: expected course or wide")),
                }
            }
            _ => return Err(format!("unexpected argument {flag:?}")),
        }
    }
    Ok((mode, limits))
}

fn main() -> ExitCode {
    let usage = solve::PROGRAM.usage("[--trace | --maps] [--limits course|wide]");
    match args::parse(&usage, parse) {
        Ok((mode, limits)) => solve::program(mode, limits).start(),
        Err(code) => code,
    }
}
