//! `update-board`: LeetCode 529 "Minesweeper" on LeetCode's test-case text (see `--help`).

use minejudge::io::runner::judge_main;
use minejudge::judges::update_board::solve;
use std::process::ExitCode;

fn main() -> ExitCode {
    judge_main(&solve::PROGRAM)
}
