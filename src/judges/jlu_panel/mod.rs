//! The JLU course "扫雷", part (1) (`jlu-panel`): the statement's `RefreshGamePanel` as a
//! library call ([`panel`]) and the console judge that prints the panel after each click
//! ([`solve`]).

mod case;
mod export;
pub mod generator;
pub(crate) mod limits;
pub mod panel;
pub mod solve;

use crate::judges::case::Case;
use crate::judges::judge::{Comparison, Judge, OriginalJudge, Replies, SpacingNotes};
use crate::judges::limits::{Limits, MaxCase};
use crate::judges::package_facts::{Mutant, PackageFacts, Verdict};
use crate::judges::shapes::EdgeShape;

/// `jlu-panel` in the registry.
pub const DESCRIPTION: Judge = Judge {
    program: &solve::PROGRAM,
    origin: "JLU course",
    max_side: solve::MAX_CELLS,
    // The statement's click bound on the largest board the binary must handle fast.
    max_case: MaxCase {
        side: 1000,
        density: 0.15,
        ops: 200,
        text: "1000x1000, density 0.15, 200 clicks (output up to ~450 MB)",
    },
    course: &limits::COURSE,
    // The statement's header: 4000 ms, 512 MB. Its panels end each line with a space, which
    // an OpenJudge/PTA-style judge forgives when it is missing.
    original: OriginalJudge {
        time_limit_ms: 4000,
        memory_mib: 512,
        comparison: Comparison::LineEnds,
    },
    ops_are: Some("clicks"),
    mix_of: None,
    takes_boards: false,
    takes_player: true,
    patterns: &[],
    shapes: &[
        (EdgeShape::NoSafe, Limits::Course),
        (EdgeShape::NoMine, Limits::Wide),
        (EdgeShape::OneCell, Limits::Course),
        (EdgeShape::OneRow, Limits::Course),
        (EdgeShape::OneColumn, Limits::Course),
        (EdgeShape::AfterEnd, Limits::Course),
        (EdgeShape::LargestFewest, Limits::Course),
        (EdgeShape::LargestMost, Limits::Course),
    ],
    replies: Replies::Cells,
    spacing_notes: SpacingNotes {
        line_ends: Some(
            "the course's panels end every line with a space after the last number, and so \
             do ours; a judge that ignores spaces at line ends accepts lines without it, a \
             strict one does not",
        ),
        anywhere: None,
    },
    exporter: Some(export::export),
    samples: &["first-click-loss", "eight", "lose-after-panel"],
    package: PackageFacts {
        statement_en: include_str!("statement.en.md"),
        statement_zh: include_str!("statement.zh.md"),
        // It crashes on the one-cell test.
        planted: &[
            ("jlu-panel", Verdict::Accepted),
            ("jlu-panel-crash-1x1", Verdict::RunTimeError),
        ],
        // A comparison that forgives spaces inside a line accepts the mutant; the course's does not.
        mutants: &[Mutant {
            name: "two-spaces-after-a-zero",
            text: "(*b\"0  \", 2)",
            becomes: "(*b\"0  \", 3)",
        }],
        brute_force: None,
    },
    generator: generator::generate,
    parser: parse_case,
};

fn parse_case(input: &[u8]) -> Option<Box<dyn Case>> {
    Some(Box::new(case::JluPanelCase::parse(input)?))
}
