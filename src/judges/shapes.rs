//! Edge shapes (`gen --shape NAME`): inputs at the edges of what a judge takes, where solutions
//! break most often and random draws rarely land. Most are a board's shape and its mines, set
//! through the knobs ([`Judge::generate`](crate::judges::Judge::generate)); the rest (every
//! cell flagged, every mine marked, operations after the game's end) are written by the
//! judge's own generator.

use crate::rng::Rng;

/// One edge shape.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EdgeShape {
    /// Every cell a mine.
    NoSafe,
    /// No mine at all.
    NoMine,
    /// A 1x1 board.
    OneCell,
    /// A board of one row.
    OneRow,
    /// A board of one column.
    OneColumn,
    /// `mine-ops`: a Flag on every cell, in reading order, before the other operations.
    AllFlagged,
    /// `acm-server`: a mark on every mine, in reading order, before the other operations.
    AllMarked,
    /// The game ends (a mine, or every safe cell open) before the last operation.
    AfterEnd,
    /// The largest board, as few mines as the limits allow, the largest count of operations.
    LargestFewest,
    /// The largest board, as many mines as the limits allow, the largest count of operations.
    LargestMost,
}

impl EdgeShape {
    /// Every shape, in the order the help lists them.
    pub const ALL: [EdgeShape; 10] = [
        EdgeShape::NoSafe,
        EdgeShape::NoMine,
        EdgeShape::OneCell,
        EdgeShape::OneRow,
        EdgeShape::OneColumn,
        EdgeShape::AllFlagged,
        EdgeShape::AllMarked,
        EdgeShape::AfterEnd,
        EdgeShape::LargestFewest,
        EdgeShape::LargestMost,
    ];

    /// The name on the command line.
    pub fn name(self) -> &'static str {
        match self {
            EdgeShape::NoSafe => "no-safe",
            EdgeShape::NoMine => "no-mine",
            EdgeShape::OneCell => "one-cell",
            EdgeShape::OneRow => "one-row",
            EdgeShape::OneColumn => "one-column",
            EdgeShape::AllFlagged => "all-flagged",
            EdgeShape::AllMarked => "all-marked",
            EdgeShape::AfterEnd => "after-end",
            EdgeShape::LargestFewest => "largest-fewest",
            EdgeShape::LargestMost => "largest-most",
        }
    }

    /// What it writes, for `--help`.
    pub fn what(self) -> &'static str {
        match self {
            EdgeShape::NoSafe => "every cell a mine",
            EdgeShape::NoMine => "no mine",
            EdgeShape::OneCell => "a 1x1 board",
            EdgeShape::OneRow => "one row",
            EdgeShape::OneColumn => "one column",
            EdgeShape::AllFlagged => "a Flag on every cell before the other operations",
            EdgeShape::AllMarked => "a mark on every mine before the other operations",
            EdgeShape::AfterEnd => "operations after the game has ended",
            EdgeShape::LargestFewest => {
                "the largest board and --size max's operations, as few mines as allowed"
            }
            EdgeShape::LargestMost => {
                "the largest board and --size max's operations, as many mines as allowed"
            }
        }
    }

    /// The shape called `name`.
    pub fn named(name: &str) -> Option<EdgeShape> {
        EdgeShape::ALL
            .into_iter()
            .find(|shape| shape.name() == name)
    }

    /// The knobs it sets itself: `--rows`, `--cols`, `--density`, `--size` (named as options).
    pub fn sets(self) -> &'static [&'static str] {
        match self {
            EdgeShape::NoSafe | EdgeShape::NoMine => &["--density"],
            EdgeShape::OneCell => &["--rows", "--cols"],
            EdgeShape::OneRow => &["--rows"],
            EdgeShape::OneColumn => &["--cols"],
            EdgeShape::AllFlagged | EdgeShape::AllMarked | EdgeShape::AfterEnd => &[],
            EdgeShape::LargestFewest | EdgeShape::LargestMost => {
                &["--rows", "--cols", "--density", "--size"]
            }
        }
    }
}

/// One input in this many that `stress` draws with an edge shape, unless `--shape` says.
pub const STRESS_SHARE: u64 = 8;

/// The edge shape `stress` gives the input of `seed`, drawn among `shapes`: one input in
/// [`STRESS_SHARE`], by the seed alone, so that `gen --seed S --shape NAME` writes it again.
pub fn drawn_for(seed: u64, shapes: &[EdgeShape]) -> Option<EdgeShape> {
    let mut rng = Rng::new(seed ^ 0x6564_6765_5f73_6861);
    if shapes.is_empty() || rng.below(STRESS_SHARE as usize) != 0 {
        return None;
    }
    Some(shapes[rng.below(shapes.len())])
}
