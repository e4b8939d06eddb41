//! `mine-ops`: THU "Mine": the Flag/Sweep/DSweep/Quit protocol (see `--help`).

use minejudge::io::runner::judge_main;
use minejudge::judges::mine_ops::solve;
use std::process::ExitCode;

fn main() -> ExitCode {
    judge_main(&solve::PROGRAM)
}
