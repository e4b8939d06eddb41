//! `acm-server`: the ACM class 2024 map server (see `--help`).

use minejudge::games::acm;
use minejudge::io::runner::judge_main;
use std::process::ExitCode;

fn main() -> ExitCode {
    judge_main(&acm::PROGRAM)
}
