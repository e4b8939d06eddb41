//! ACM ICPC Mid-Central 2003, "The Inexperienced Player" (`inexperienced-player`): the fewest
//! safe cells left closed by a player who opens one cell of their choice and then only applies
//! the two trivial rules.
//!
//! Input: boards `r c` then `r` rows of `M` (mine) and `.` (safe), until the line `0 0`. Output:
//! one line per board, the minimum over every safe first cell.
//!
//! One idea per file, each using only the files listed before it:
//! - `rules.rs`: the player's game, the two rules through a worklist, undone to a mark; and why
//!   its end state does not depend on the order the rules fire in;
//! - `regions.rs`: the regions of zeros, one start standing for each;
//! - `tree.rs`: the end states the search deals with, as a tree of nodes;
//! - `first_pass.rs`: every start tried, raced with its games on two kept end states;
//! - `second_pass.rs`: the end states the first pass left pending, built down the tree;
//! - `search.rs`: [`search()`] and [`fewest_closed`], the two passes together, and what they
//!   cost;
//! - `bit_board.rs`: boards of at most 64 cells (the judge's have at most 40), one bit per
//!   cell, each start's game played with masks instead of the search;
//! - [`solve`]: the judge;
//! - `brute_force.rs`, in unit tests only: the statement read literally, which the tests of
//!   the files above compare them with;
//! - [`patterns`]: crafted boards for the hard cases of the search; [`generator`] and `case.rs`:
//!   the judge's inputs for `gen` and `stress`.

mod bit_board;
#[cfg(test)]
mod brute_force;
mod case;
mod first_pass;
pub mod generator;
mod limits;
pub mod patterns;
mod regions;
mod rules;
mod search;
mod second_pass;
pub mod solve;
mod tree;

pub use first_pass::{Bounds, Search};
pub use search::{fewest_closed, search};

use crate::judges::case::Case;
use crate::judges::judge::{Comparison, Judge, OriginalJudge, Replies, SpacingNotes};
use crate::judges::limits::{Limits, MaxCase};
use crate::judges::package_facts::{Mutant, PackageFacts};
use crate::judges::shapes::EdgeShape;

/// `inexperienced-player` in the registry.
pub const DESCRIPTION: Judge = Judge {
    program: &solve::PROGRAM,
    origin: "MCPC 2003",
    max_side: solve::MAX_SIDE,
    // The benchmark's board.
    max_case: MaxCase {
        side: 1000,
        density: 0.15,
        ops: 1,
        text: "one 1000x1000 board, density 0.15",
    },
    course: &limits::COURSE,
    // The archive that hosts it: 1 second (2 for slower languages), 32 MiB.
    original: OriginalJudge {
        time_limit_ms: 1000,
        memory_mib: 32,
        comparison: Comparison::Exact,
    },
    ops_are: None,
    mix_of: None,
    takes_boards: true,
    takes_player: false,
    patterns: &patterns::NAMES,
    shapes: &[
        (EdgeShape::NoMine, Limits::Wide),
        (EdgeShape::OneCell, Limits::Wide),
        (EdgeShape::OneRow, Limits::Wide),
        (EdgeShape::OneColumn, Limits::Wide),
        (EdgeShape::LargestFewest, Limits::Course),
        (EdgeShape::LargestMost, Limits::Course),
    ],
    replies: Replies::Lines(&["#"]),
    spacing_notes: SpacingNotes::NONE,
    exporter: None,
    samples: &["sample", "no-zero-cell"],
    package: PackageFacts {
        statement_en: include_str!("statement.en.md"),
        statement_zh: include_str!("statement.zh.md"),
        planted: &[],
        mutants: &[Mutant {
            name: "one-closed-cell-too-many",
            text: "fewest = fewest.min(safe - open.count_ones() as usize);",
            becomes: "fewest = fewest.min(safe - open.count_ones() as usize + 1);",
        }],
        brute_force: None,
    },
    generator: generator::generate,
    parser: parse_case,
};

fn parse_case(input: &[u8]) -> Option<Box<dyn Case>> {
    Some(Box::new(case::InexperiencedPlayerCase::parse(input)?))
}
