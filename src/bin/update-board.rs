//! `update-board`: LeetCode 529 "Minesweeper" on LeetCode's test-case text (see `--help`).

use minejudge::games::leetcode;
use minejudge::io::runner::judge_main;
use std::process::ExitCode;

fn main() -> ExitCode {
    judge_main(&leetcode::PROGRAM)
}
