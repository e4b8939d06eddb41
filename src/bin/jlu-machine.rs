//! `jlu-machine`: the JLU course's `machine`: one panel in, one click out (see `--help`).

use minejudge::games::jlu::machine;
use minejudge::io::runner::judge_main;
use std::process::ExitCode;

fn main() -> ExitCode {
    judge_main(&machine::PROGRAM)
}
