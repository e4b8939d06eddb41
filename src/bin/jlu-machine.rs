//! `jlu-machine`: the JLU course's `machine`: one panel in, one click out (see `--help`).

use minejudge::io::runner::judge_main;
use minejudge::players::jlu_machine::solve;
use std::process::ExitCode;

fn main() -> ExitCode {
    judge_main(&solve::PROGRAM)
}
