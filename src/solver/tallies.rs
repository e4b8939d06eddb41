//! What an enumeration found (`enumerate.rs`): every arrangement of a component, tallied by
//! its mine count k (and by the mines v around a watched number, if any), with each box's
//! weighted mines and whether some arrangement makes it a mine or leaves it safe.

use super::index::NONE;
use super::scratch::is_large;

/// `seen` bits: some arrangement puts a mine in the box, leaves a cell of it safe.
pub(super) const SOME_MINE: u8 = 1;
pub(super) const SOME_SAFE: u8 = 2;

/// Every arrangement of a component, summarised by its mine count k (and the mines v around
/// the watched number, if any).
#[derive(Clone, Debug, Default)]
pub(super) struct Tallies {
    /// The fewest mines of an arrangement, and how many counts from there on are kept.
    pub(super) lo: usize,
    pub(super) span: usize,
    /// How many values of v are kept (1 without a watched number).
    pub(super) values: usize,
    /// Entry `v * span + (k - lo)`: weighted arrangements with k mines and v around the
    /// watched number, divided by `exp(ln_scale)` (the largest is 1).
    pub(super) weight: Vec<f64>,
    pub ln_scale: f64,
    /// Entry `v * span + (k - lo)`: the row of `mines` and `seen`, `NONE` when no arrangement
    /// has that k and v.
    pub(super) row: Vec<u32>,
    pub boxes: usize,
    /// `row * boxes + b`: box b's weighted mines over the arrangements of that row.
    pub mines: Vec<f64>,
    /// `row * boxes + b`: [`SOME_MINE`] and [`SOME_SAFE`] over the same arrangements.
    pub seen: Vec<u8>,
}

/// The arrangements with one value of v, by count.
#[derive(Clone, Copy, Debug)]
pub(super) struct Counts<'a> {
    /// Entry i of `weight` and `row` is for k = lo + i.
    pub lo: usize,
    pub weight: &'a [f64],
    pub row: &'a [u32],
}

impl Counts<'_> {
    /// The most mines kept.
    pub(super) fn hi(&self) -> usize {
        self.lo + self.weight.len() - 1
    }

    /// Whether some arrangement has this value of v.
    pub(super) fn any(&self) -> bool {
        self.row.iter().any(|&r| r != NONE)
    }
}

impl Tallies {
    /// Whether its buffers grew large, too large to keep as spares.
    pub(super) fn is_large(&self) -> bool {
        is_large(&self.mines) || is_large(&self.weight)
    }

    /// How many values of v are kept.
    pub(super) fn values(&self) -> usize {
        self.values
    }

    /// The arrangements with `v` mines around the watched number (v = 0 without one).
    pub(super) fn counts(&self, v: usize) -> Counts<'_> {
        let range = v * self.span..(v + 1) * self.span;
        Counts {
            lo: self.lo,
            weight: &self.weight[range.clone()],
            row: &self.row[range],
        }
    }
}
