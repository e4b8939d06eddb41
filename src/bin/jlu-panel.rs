//! `jlu-panel`: the JLU course's panel printer (see `--help`).

use minejudge::games::jlu;
use minejudge::io::runner::judge_main;
use std::process::ExitCode;

fn main() -> ExitCode {
    judge_main(&jlu::PROGRAM)
}
