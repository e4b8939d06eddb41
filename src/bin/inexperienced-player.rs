//! `inexperienced-player`: ACM Mid-Central 2003, "The Inexperienced Player" (see `--help`).

use minejudge::io::runner::judge_main;
use minejudge::judges::inexperienced_player::solve;
use std::process::ExitCode;

fn main() -> ExitCode {
    judge_main(&solve::PROGRAM)
}
