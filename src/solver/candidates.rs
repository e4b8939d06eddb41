//! The guess's candidates in the order they are scored: safest first, near-ties broken by a
//! cheap estimate of progress (the chance to show a 0 or all mines, neighbours taken as
//! independent), then by cell.
//!
//! Early in a game most candidates are isolated: they and all their neighbours are unknown
//! cells next to no number. Their estimate reads only the density off the frontier, so all
//! those with as many neighbours share their key bit for bit: each such class is keyed once
//! and kept as a run already in cell order, and the runs are merged with the other
//! candidates (sorted) instead of each cell being estimated and sorted on its own.

use super::analysis::Analyser;
use super::frontier::{Frontier, Know};
use super::index::NONE;
use super::scratch::zeroed;

/// A cell's key with its cell and whether it is isolated in one integer, ordered by key
/// ([`total_order`]) then cell: one comparison where a pair needs two (the flag, below the
/// cell, never decides).
pub(super) fn by_key(key: f64, cell: usize, isolated: bool) -> u128 {
    // Flipping the sign bit orders the signed key as an unsigned one.
    let key = (total_order(key) as u64) ^ (1 << 63);
    (key as u128) << 33 | (cell as u32 as u128) << 1 | isolated as u128
}

/// The cell and the flag of a [`by_key`] integer.
pub(super) fn key_cell(keyed: u128) -> (usize, bool) {
    ((keyed >> 1) as u32 as usize, keyed & 1 == 1)
}

/// An integer ordered as `f64::total_cmp` orders `x`.
fn total_order(x: f64) -> i64 {
    let bits = x.to_bits() as i64;
    bits ^ (((bits >> 63) as u64) >> 1) as i64
}

/// The key of the unknown cell `cell` of mine probability `p`, and whether it is isolated.
fn key_of(analysis: &Analyser, cell: usize, p: f64) -> u128 {
    let (zero, all_mines, outside) = analysis.zero_and_full(cell);
    let key = -(1.0 - p) * (1.0 + 1e-6 * (zero + all_mines));
    let isolated = outside && analysis.frontier.is_outside(cell);
    by_key(key, cell, isolated)
}

/// The candidates of one guess and the buffers that order them.
#[derive(Debug, Default)]
pub(super) struct Candidates {
    /// The candidates in order ([`by_key`]), at most the `most` asked for.
    pub(super) ordered: Vec<u128>,
    /// The candidates that are not isolated, in no order.
    others: Vec<u128>,
    /// Per number of neighbours: the isolated candidates in cell order, and their key with
    /// cell 0 (`None` while there is none).
    runs: [Vec<u32>; 9],
    run_key: [Option<u128>; 9],
    merged: Vec<u128>,
    /// For the last three rows read, a ring by row: per cell, whether it and its neighbours
    /// in the row are unknown cells next to no number (a cell off the board counts as one).
    across: Vec<u8>,
}

impl Candidates {
    /// Orders the unknown cells for which `wanted` (given the cell and its mine probability)
    /// holds, keeping the `most` first.
    ///
    /// # Complexity
    /// O(cells * 8 + c log c), c the candidates that are not isolated (at most 4 * `most`
    /// held at once); memory O(`most` + columns).
    pub(super) fn gather(
        &mut self,
        analysis: &Analyser,
        most: usize,
        wanted: impl Fn(usize, f64) -> bool,
    ) {
        self.others.clear();
        self.runs.iter_mut().for_each(Vec::clear);
        self.run_key = [None; 9];
        let f = &analysis.frontier;
        let (rows, cols) = (f.grid.rows(), f.grid.cols());
        zeroed(&mut self.across, 3 * cols);
        fill_across(f, 0, &mut self.across[..cols]);
        for row in 0..rows {
            if row + 1 < rows {
                // Over the row before last, which no cell reads any more.
                let next = &mut self.across[(row + 1) % 3 * cols..][..cols];
                fill_across(f, row + 1, next);
            }
            for cell in row * cols..(row + 1) * cols {
                if f.know(cell) != Know::Unknown {
                    continue;
                }
                let p = analysis.probability(cell);
                if wanted(cell, p) {
                    self.add(analysis, most, cell, p);
                }
            }
        }
        keep_smallest(&mut self.others, most);
        self.others.sort_unstable();
        self.merge(most);
    }

    /// Adds the candidate `cell` of mine probability `p`, its row's and the next row's
    /// `across` filled in.
    fn add(&mut self, analysis: &Analyser, most: usize, cell: usize, p: f64) {
        let f = &analysis.frontier;
        let (rows, cols) = (f.grid.rows(), f.grid.cols());
        let (row, col) = (cell / cols, cell % cols);
        // Isolated ([`Frontier::is_isolated`]) when its 3x3 square is all outside: a minimum
        // taken along the rows, then down the columns, where asking each cell reads its 8
        // neighbours.
        let across = |r: usize| self.across[r % 3 * cols + col];
        let up = if row > 0 { across(row - 1) } else { 1 };
        let down = if row + 1 < rows { across(row + 1) } else { 1 };
        if up & across(row) & down == 0 {
            self.others.push(key_of(analysis, cell, p));
            // The keys are distinct (each holds its cell): keeping the smallest along the way
            // keeps the same ones, in memory bounded by `most` rather than the board.
            if self.others.len() == 4 * most {
                keep_smallest(&mut self.others, most);
            }
            return;
        }
        let around = f.neighbour_count(cell);
        if self.run_key[around].is_none() {
            let keyed = key_of(analysis, cell, p);
            debug_assert!(key_cell(keyed) == (cell, true));
            self.run_key[around] = Some(keyed & !((u32::MAX as u128) << 1));
        }
        // Later cells of a run have larger keys than its first `most`.
        if self.runs[around].len() < most {
            self.runs[around].push(cell as u32);
        }
    }

    /// The sorted others and the runs merged into `ordered`, the `most` first.
    fn merge(&mut self, most: usize) {
        std::mem::swap(&mut self.ordered, &mut self.others);
        for (run, key) in self.runs.iter().zip(self.run_key) {
            let Some(key) = key else { continue };
            let mut run = run.iter().map(|&cell| key | (cell as u128) << 1).peekable();
            self.merged.clear();
            let mut sorted = self.ordered.iter().copied().peekable();
            while self.merged.len() < most {
                let next = match (sorted.peek(), run.peek()) {
                    (Some(&a), Some(&b)) if a < b => sorted.next(),
                    (Some(_), Some(_)) | (None, Some(_)) => run.next(),
                    (Some(_), None) => sorted.next(),
                    (None, None) => break,
                };
                self.merged.extend(next);
            }
            std::mem::swap(&mut self.ordered, &mut self.merged);
        }
        self.ordered.truncate(most);
    }
}

/// Per cell of row `row`: whether it and its neighbours in the row are unknown cells next to
/// no number (a cell off the board counts as one), into `out`.
fn fill_across(f: &Frontier, row: usize, out: &mut [u8]) {
    let cols = out.len();
    let cells = &f.cells[row * cols..][..cols];
    let outside = |x: usize| (cells[x].know == Know::Unknown && cells[x].comp == NONE) as u8;
    for (x, across) in out.iter_mut().enumerate() {
        let left = if x > 0 { outside(x - 1) } else { 1 };
        let right = if x + 1 < cols { outside(x + 1) } else { 1 };
        *across = left & outside(x) & right;
    }
}

/// Keeps the `most` smallest of `keys`, in no particular order.
fn keep_smallest(keys: &mut Vec<u128>, most: usize) {
    if keys.len() > most {
        keys.select_nth_unstable(most);
        keys.truncate(most);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::Rng;
    use crate::solver::tests::random_view;
    use crate::solver::{Mines, Solver};

    /// The candidates as they were gathered before the runs: every one keyed on its own, the
    /// `most` smallest sorted.
    fn each_keyed(
        analysis: &Analyser,
        most: usize,
        wanted: impl Fn(usize, f64) -> bool,
    ) -> Vec<u128> {
        let f = &analysis.frontier;
        let mut keys: Vec<u128> = (0..f.cells.len())
            .filter(|&cell| f.know(cell) == Know::Unknown)
            .filter(|&cell| wanted(cell, analysis.probability(cell)))
            .map(|cell| key_of(analysis, cell, analysis.probability(cell)))
            .collect();
        keys.sort_unstable();
        keys.truncate(most);
        keys
    }

    #[test]
    fn total_order_orders_as_total_cmp() {
        let seed = 0x0d3;
        let mut rng = Rng::new(seed);
        let mut values = vec![0.0, -0.0, 1.0, -1.0, f64::MIN_POSITIVE, -f64::MIN_POSITIVE];
        values.extend((0..200).map(|_| (rng.unit() - 0.5) * 10f64.powi(rng.below(9) as i32 - 4)));
        for &a in &values {
            for &b in &values {
                assert_eq!(
                    total_order(a).cmp(&total_order(b)),
                    a.total_cmp(&b),
                    "{a} {b} (seed {seed})"
                );
                assert_eq!(
                    by_key(a, 7, false).cmp(&by_key(b, 3, true)),
                    a.total_cmp(&b).then(7.cmp(&3)),
                    "{a} {b} (seed {seed})"
                );
            }
        }
    }

    #[test]
    fn runs_order_as_keying_each_cell_does() {
        let seed = 0xca1d;
        let mut rng = Rng::new(seed);
        let (mut compared, mut with_runs) = (0, 0);
        for case in 0..2000 {
            let opened = 1 + rng.below(40);
            let (view, mines) = random_view(&mut rng, 14, 14, opened, 0.2);
            let mut solver = Solver::new();
            if solver.analyse(&view, Mines::Known(mines)).is_err() {
                continue;
            }
            let analysis = solver.analysis();
            let floor = 0.5 * rng.unit();
            let analysis = &*analysis;
            let wanted = |_: usize, p: f64| 1.0 - p >= floor;
            for most in [1, 3, 1000] {
                let mut c = Candidates::default();
                c.gather(analysis, most, wanted);
                let expected = each_keyed(analysis, most, wanted);
                assert_eq!(
                    c.ordered, expected,
                    "case {case} most {most} (seed {seed})\n{view:?}"
                );
                with_runs += c.ordered.iter().any(|&k| k & 1 == 1) as usize;
                compared += 1;
            }
        }
        assert!(
            compared > 3000 && with_runs > 500,
            "{compared} compared, {with_runs} with runs"
        );
    }
}
