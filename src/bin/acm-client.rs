//! `acm-client`: the ACM class's advanced task; the AI player plays a game or a batch of the
//! course's maps through the server's rules, or prints a batch's maps (see `--help`).

use minejudge::io::args;
use minejudge::players::acm_client::solve;
use std::process::ExitCode;

fn main() -> ExitCode {
    let usage = solve::PROGRAM.usage("[--trace | --maps]");
    let program = args::parse(&usage, |args| match args.next().as_deref() {
        None => Ok(&solve::PROGRAM),
        Some("--trace") => Ok(&solve::TRACED),
        Some("--maps") => Ok(&solve::MAPS),
        Some(other) => Err(format!("unexpected argument {other:?}")),
    });
    match program {
        Ok(program) => program.start(),
        Err(code) => code,
    }
}
