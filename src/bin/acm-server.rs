//! `acm-server`: the ACM class 2024 map server (see `--help`).

use minejudge::io::runner::judge_main;
use minejudge::judges::acm_server::solve;
use std::process::ExitCode;

fn main() -> ExitCode {
    judge_main(&solve::PROGRAM)
}
