//! LeetCode 529 "Minesweeper" (`update-board`): LeetCode's own `Solution::update_board`
//! ([`solution`], what `bundle --leetcode` pastes into LeetCode) and a judge that reads
//! LeetCode's test-case text, board then click ([`solve`]).

mod case;
pub mod generator;
mod limits;
pub mod solution;
pub mod solve;

use crate::board::Grid;
use crate::io::runner::Program;
use crate::judges::case::Case;
use crate::judges::generator::GenLimits;
use crate::judges::judge::{Judge, Knobs, Size, Spacing};
use crate::judges::limits::{CourseLimits, MaxCase};

/// `update-board` in the registry.
pub struct UpdateBoard;

impl Judge for UpdateBoard {
    fn program(&self) -> &'static Program {
        &solve::PROGRAM
    }

    fn origin(&self) -> &'static str {
        "LeetCode 529"
    }

    fn max_side(&self) -> usize {
        Grid::MAX_CELLS
    }

    fn max_case(&self) -> MaxCase {
        MaxCase {
            side: 1000,
            density: 0.15,
            ops: 1,
            text: "one 1000x1000 board and click, density 0.15",
        }
    }

    fn course(&self) -> &'static CourseLimits {
        &limits::COURSE
    }

    fn ops_are(&self) -> Option<&'static str> {
        Some("board-and-click pairs")
    }

    fn generate(&self, seed: u64, size: Size, knobs: &Knobs) -> Vec<u8> {
        let bounds = GenLimits {
            max: self.max_case(),
            course: &limits::COURSE,
        };
        generator::generate(seed, size, bounds, knobs)
    }

    fn parse_case(&self, input: &[u8]) -> Option<Box<dyn Case>> {
        Some(Box::new(case::UpdateBoardCase::parse(input)?))
    }

    fn spacing_note(&self, _: Spacing) -> Option<&'static str> {
        Some(
            "LeetCode compares the board your function returns, not its text: this \
             difference is only spacing, which LeetCode never sees",
        )
    }
}
