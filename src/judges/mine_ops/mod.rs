//! THU "Mine" (`mine-ops`): the Flag/Sweep/DSweep/Quit protocol on a `*`/`.` map, 1-based
//! coordinates; the judge's replies after each operation and the game's end ([`solve`]).

mod case;
mod export;
pub mod generator;
mod limits;
pub mod solve;

use crate::board::Grid;
use crate::judges::case::Case;
use crate::judges::judge::{Comparison, Judge, OriginalJudge, Replies, SpacingNotes};
use crate::judges::limits::{Limits, MaxCase};
use crate::judges::package_facts::{PackageFacts, Verdict};
use crate::judges::shapes::EdgeShape;

/// `mine-ops` in the registry.
pub const DESCRIPTION: Judge = Judge {
    program: &solve::PROGRAM,
    origin: "THU Mine",
    max_side: Grid::MAX_CELLS,
    max_case: MaxCase {
        side: 1000,
        density: 0.1,
        ops: 60_000,
        text: "1000x1000, density 0.1, 60000 operations",
    },
    course: &limits::COURSE,
    // The statement's header: 1 second, 512 MB. Its judge is not known to forgive any spacing.
    original: OriginalJudge {
        time_limit_ms: 1000,
        memory_mib: 512,
        comparison: Comparison::Exact,
    },
    ops_are: Some("operations"),
    mix_of: Some("Flag,Sweep,DSweep"),
    takes_boards: false,
    takes_player: true,
    patterns: &[],
    shapes: &[
        (EdgeShape::NoSafe, Limits::Course),
        (EdgeShape::NoMine, Limits::Course),
        (EdgeShape::OneCell, Limits::Course),
        (EdgeShape::OneRow, Limits::Course),
        (EdgeShape::OneColumn, Limits::Course),
        (EdgeShape::AllFlagged, Limits::Course),
        (EdgeShape::AfterEnd, Limits::Course),
        (EdgeShape::LargestFewest, Limits::Course),
        (EdgeShape::LargestMost, Limits::Course),
    ],
    replies: Replies::Lines(&[
        "success",
        "cancelled",
        "swept",
        "flagged",
        "not swept",
        "failed",
        "boom",
        "no cell detected",
        "# cell(s) detected",
        "# # #",
        "finish",
        "game over",
        "give up",
        "total step #",
    ]),
    spacing_notes: SpacingNotes::NONE,
    exporter: Some(export::export),
    samples: &["sample-1", "dsweep-wrong-flag-boom", "one-cell-finish"],
    package: PackageFacts {
        statement_en: include_str!("statement.en.md"),
        statement_zh: include_str!("statement.zh.md"),
        planted: &[
            ("mine-ops", Verdict::Accepted),
            ("mine-ops-diagonals", Verdict::WrongAnswer),
            ("mine-ops-column-0-based", Verdict::WrongAnswer),
            ("mine-ops-dsweep-ignores-flags", Verdict::WrongAnswer),
        ],
        mutants: &[],
        brute_force: Some("brute_force.rs"),
    },
    generator: generator::generate,
    parser: parse_case,
};

fn parse_case(input: &[u8]) -> Option<Box<dyn Case>> {
    Some(Box::new(case::MineOpsCase::parse(input)?))
}
