//! LeetCode 529 "Minesweeper" (`update-board`): LeetCode's own `Solution::update_board`
//! ([`solution`], what `bundle --leetcode` pastes into LeetCode) and a judge that reads
//! LeetCode's test-case text, board then click ([`solve`]).

mod case;
pub mod generator;
mod limits;
pub mod solution;
pub mod solve;

use crate::board::Grid;
use crate::judges::case::Case;
use crate::judges::judge::{Comparison, Judge, OriginalJudge, Replies, SpacingNotes};
use crate::judges::limits::{Limits, MaxCase};
use crate::judges::package_facts::{Mutant, PackageFacts, Verdict};
use crate::judges::shapes::EdgeShape;

/// `update-board` in the registry.
pub const DESCRIPTION: Judge = Judge {
    program: &solve::PROGRAM,
    origin: "LeetCode 529",
    max_side: Grid::MAX_CELLS,
    max_case: MaxCase {
        side: 1000,
        density: 0.15,
        ops: 1,
        text: "one 1000x1000 board and click, density 0.15",
    },
    course: &limits::COURSE,
    // LeetCode states no limits and compares the board a function returns, never text: as a
    // text problem, only the tokens matter.
    original: OriginalJudge {
        time_limit_ms: 1000,
        memory_mib: 256,
        comparison: Comparison::Tokens,
    },
    ops_are: Some("board-and-click pairs"),
    mix_of: None,
    takes_boards: false,
    takes_player: false,
    patterns: &[],
    shapes: &[
        (EdgeShape::NoSafe, Limits::Course),
        (EdgeShape::NoMine, Limits::Course),
        (EdgeShape::OneCell, Limits::Course),
        (EdgeShape::OneRow, Limits::Course),
        (EdgeShape::OneColumn, Limits::Course),
        (EdgeShape::LargestFewest, Limits::Course),
        (EdgeShape::LargestMost, Limits::Course),
    ],
    replies: Replies::Cells,
    spacing_notes: SpacingNotes {
        line_ends: Some(ONLY_THE_BOARD),
        anywhere: Some(ONLY_THE_BOARD),
    },
    exporter: None,
    samples: &["statement-examples"],
    package: PackageFacts {
        statement_en: include_str!("statement.en.md"),
        statement_zh: include_str!("statement.zh.md"),
        // It loops on any flood that meets a number.
        planted: &[
            ("update-board", Verdict::Accepted),
            ("update-board-loops", Verdict::TimeLimitExceeded),
        ],
        mutants: &[Mutant {
            name: "blank-shown-unopened",
            text: "0 => 'B',",
            becomes: "0 => 'E',",
        }],
        brute_force: None,
    },
    generator: generator::generate,
    parser: parse_case,
};

const ONLY_THE_BOARD: &str = "LeetCode compares the board your function returns, not its text: \
                              this difference is only spacing, which LeetCode never sees";

fn parse_case(input: &[u8]) -> Option<Box<dyn Case>> {
    Some(Box::new(case::UpdateBoardCase::parse(input)?))
}
