//! Edge shapes (`gen --shape NAME`): inputs at the edges of what a judge takes, where solutions
//! break most often and random draws rarely land. Most are a board's shape and its mines, set
//! through the knobs ([`EdgeShape::apply`]); the rest (every cell flagged, every mine marked,
//! operations after the game's end) are written by the judge's own generator.

use crate::judges::judge::Judge;
use crate::judges::knobs::{Knobs, Size};
use crate::judges::limits::Limits;
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

    /// `size` and `knobs` with what the shape sets put in: the sides and density of the board
    /// shapes. The course's own rules then hold the mines in (at least one mine, at least one
    /// safe cell, at most so many), which makes `no-safe` under `acm-server`'s course one safe
    /// cell: such shapes are offered under wide limits only ([`Judge::shapes`]).
    pub(crate) fn apply(self, judge: &Judge, size: Size, knobs: &Knobs) -> (Size, Knobs) {
        let mut knobs = knobs.clone();
        let mut size = size;
        match self {
            EdgeShape::NoSafe => knobs.density = Some(1.0),
            EdgeShape::NoMine => knobs.density = Some(0.0),
            EdgeShape::OneCell => (knobs.rows, knobs.cols) = (Some(1), Some(1)),
            EdgeShape::OneRow => knobs.rows = Some(1),
            EdgeShape::OneColumn => knobs.cols = Some(1),
            EdgeShape::AllFlagged | EdgeShape::AllMarked | EdgeShape::AfterEnd => {}
            EdgeShape::LargestFewest | EdgeShape::LargestMost => {
                let (rows, cols) = largest_board(judge, knobs.limits);
                size = Size::Max;
                (knobs.rows, knobs.cols) = (Some(rows), Some(cols));
                knobs.density = Some(if self == EdgeShape::LargestMost {
                    1.0
                } else {
                    0.0
                });
            }
        }
        (size, knobs)
    }
}

/// The largest board under `limits`: the course's largest sides fitted into its cells, or the
/// judge's largest case under wide limits.
pub fn largest_board(judge: &Judge, limits: Limits) -> (usize, usize) {
    match limits {
        Limits::Course => {
            let high = judge.course.sides.1;
            judge.course.fit(high, high)
        }
        Limits::Wide => (judge.max_case.side, judge.max_case.side),
    }
}

/// The shapes of `judge` that `stress` may draw for an input of `size` under `knobs` by
/// default: those the limits allow, none that sets a knob already given, and the largest only
/// for `--size max` under the course's limits (a small stress stays fast, and `acm-server`'s
/// largest under wide limits would print a gigabyte).
pub fn drawable(judge: &Judge, size: Size, knobs: &Knobs) -> Vec<EdgeShape> {
    let given = |flag: &str| match flag {
        "--rows" => knobs.rows.is_some(),
        "--cols" => knobs.cols.is_some(),
        "--density" => knobs.density.is_some() || knobs.pattern.is_some(),
        _ => false,
    };
    judge
        .shapes_under(knobs.limits)
        .filter(|shape| !shape.sets().iter().any(|flag| given(flag)))
        .filter(|shape| {
            (knobs.limits == Limits::Course && size == Size::Max)
                || !matches!(shape, EdgeShape::LargestFewest | EdgeShape::LargestMost)
        })
        .collect()
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
