//! `mine-ops`: THU "Mine": the Flag/Sweep/DSweep/Quit protocol (see `--help`).

use minejudge::games::thu_mine;
use minejudge::io::runner::judge_main;
use std::process::ExitCode;

fn main() -> ExitCode {
    judge_main(&thu_mine::PROGRAM)
}
