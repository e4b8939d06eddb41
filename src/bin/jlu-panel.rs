//! `jlu-panel`: the JLU course's panel printer (see `--help`).

use minejudge::io::runner::judge_main;
use minejudge::judges::jlu_panel::solve;
use std::process::ExitCode;

fn main() -> ExitCode {
    judge_main(&solve::PROGRAM)
}
