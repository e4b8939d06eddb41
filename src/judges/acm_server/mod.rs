//! The ACM class 2024 basic task (`acm-server`): the server's rules ([`rules`]) and the judge
//! that prints the `?`/`@`/`X` map after every operation ([`solve`]).

mod case;
mod export;
pub mod generator;
pub(crate) mod limits;
pub mod rules;
pub mod solve;

use crate::judges::case::Case;
use crate::judges::judge::{Comparison, Judge, OriginalJudge, Replies, SpacingNotes};
use crate::judges::limits::{Limits, MaxCase};
use crate::judges::package_facts::{Mutant, PackageFacts};
use crate::judges::shapes::EdgeShape;

/// `acm-server` in the registry.
pub const DESCRIPTION: Judge = Judge {
    program: &solve::PROGRAM,
    origin: "ACM class",
    max_side: solve::MAX_SIDE,
    // The course's operation bound on the largest map the binary accepts.
    max_case: MaxCase {
        side: 1000,
        density: 0.15,
        ops: 1000,
        text: "1000x1000, density 0.15, 1000 operations (1 MB map each)",
    },
    course: &limits::COURSE,
    // The task is handed in on the class's OnlineJudge (ACMOJ) and states no limits: ACMOJ's
    // suggested 1 second and 256 MiB, and its default comparison, which forgives spaces at
    // line ends and blank lines.
    original: OriginalJudge {
        time_limit_ms: 1000,
        memory_mib: 256,
        comparison: Comparison::LineEnds,
    },
    ops_are: Some("operations"),
    mix_of: Some("visit,mark,auto-explore"),
    takes_boards: false,
    takes_player: true,
    patterns: &[],
    shapes: &[
        (EdgeShape::NoSafe, Limits::Wide),
        (EdgeShape::NoMine, Limits::Wide),
        (EdgeShape::OneCell, Limits::Wide),
        (EdgeShape::OneRow, Limits::Wide),
        (EdgeShape::OneColumn, Limits::Wide),
        (EdgeShape::AllMarked, Limits::Course),
        (EdgeShape::AfterEnd, Limits::Course),
        (EdgeShape::LargestFewest, Limits::Course),
        (EdgeShape::LargestMost, Limits::Course),
    ],
    replies: Replies::Cells,
    spacing_notes: SpacingNotes::NONE,
    exporter: Some(export::export),
    samples: &["statement-win", "mark-safe-loses", "visit-mine-loses"],
    package: PackageFacts {
        statement_en: include_str!("statement.en.md"),
        statement_zh: include_str!("statement.zh.md"),
        planted: &[],
        mutants: &[Mutant {
            name: "neighbours-miss-the-row-below",
            text: "row_last: (row + 1).min(self.rows - 1),",
            becomes: "row_last: row.min(self.rows - 1),",
        }],
        brute_force: None,
    },
    generator: generator::generate,
    parser: parse_case,
};

fn parse_case(input: &[u8]) -> Option<Box<dyn Case>> {
    Some(Box::new(case::AcmServerCase::parse(input)?))
}
