//! `inexperienced-player`: ACM Mid-Central 2003, "The Inexperienced Player" (see `--help`).

use minejudge::games::mcpc_inexperienced;
use minejudge::io::runner::judge_main;
use std::process::ExitCode;

fn main() -> ExitCode {
    judge_main(&mcpc_inexperienced::PROGRAM)
}
