//! The certain moves kept ready between analyses: the safe cell likeliest to show a 0 (or,
//! when clicks are counted, likeliest to be a click a thrifty player makes too), and the
//! chord that opens the most. A move changes a few cells; only the safe cells and numbers
//! around what changed are looked at again, so that a long game does not pay at every move for
//! every safe cell still waiting to be opened (an ACM player flags its certain mines one move
//! at a time while thousands of safe cells wait).

use super::frontier::{Frontier, Know};
use super::{Seen, Solver};
use std::cmp::Reverse;
use std::collections::{BTreeSet, BinaryHeap};

/// The moves ready, with what is needed to keep them right.
#[derive(Debug, Default)]
pub(super) struct Ready {
    /// Safe cells by score (the chance to show a 0, or [`Solver::click_worth`] when clicks are
    /// counted), then lowest index: the top is the best.
    /// An entry whose score is no longer its cell's is stale and skipped.
    heap: BinaryHeap<(u64, Reverse<u32>)>,
    /// Per cell: its score in the heap, NaN when it has none.
    score: Vec<f64>,
    /// Numbers a chord can open, most cells first, then lowest index.
    chords: BTreeSet<(Reverse<u8>, u32)>,
    /// Per cell: how many cells its chord opens in `chords`, 0 when it is not there.
    opens: Vec<u8>,
    /// Cells read or settled since the chords were last brought up to date (a player that
    /// never chords never pays for them), or every cell when `stale`.
    pending: Vec<u32>,
    stale: bool,
    look: Vec<u32>,
    /// When clicks are counted, per cell: the refresh that last looked at it, and the refresh
    /// that last computed its chance to show a 0 (in `zero`), so that each is done once per
    /// refresh (empty otherwise).
    looked: Vec<u32>,
    zero_at: Vec<u32>,
    zero: Vec<f64>,
    refresh: u32,
    /// Scratch for [`Solver::ordered_safe`]: each safe cell with its sort key.
    keyed: Vec<(Reverse<i64>, u32)>,
}

impl Ready {
    pub(super) fn reset(&mut self, cells: usize, clicks_counted: bool) {
        self.heap.clear();
        self.score.clear();
        self.score.resize(cells, f64::NAN);
        self.chords.clear();
        self.opens.clear();
        self.opens.resize(cells, 0);
        self.pending.clear();
        self.stale = true;
        let memo = if clicks_counted { cells } else { 0 };
        self.looked.clear();
        self.looked.resize(memo, 0);
        self.zero_at.clear();
        self.zero_at.resize(memo, 0);
        self.zero.clear();
        self.zero.resize(memo, 0.0);
        self.refresh = 0;
    }
}

impl Solver {
    /// After an update: looks again at the safe cells next to `touched` (cells read, settled,
    /// or whose probability changed; all of them when `all` probabilities may have changed;
    /// within two steps when clicks are counted) and at the numbers next to `changed` (cells
    /// read or settled: what a chord depends on).
    ///
    /// # Complexity
    /// O(64 * touched * log(safe cells)), or O(8 * safe cells) more for all; when clicks are
    /// counted, O(25 * 9 * touched) more (each cell's chance of a 0 is computed once).
    pub(super) fn refresh_moves(&mut self, touched: &[u32], changed: &[u32], all: bool) {
        let mut look = std::mem::take(&mut self.ready.look);
        look.clear();
        self.ready.refresh = self.ready.refresh.wrapping_add(1);
        if self.ready.refresh == 0 {
            self.ready.looked.iter_mut().for_each(|r| *r = 0);
            self.ready.zero_at.iter_mut().for_each(|r| *r = 0);
            self.ready.refresh = 1;
        }
        let refresh = self.ready.refresh;
        if all {
            self.ready.heap.clear();
            self.ready.score.iter_mut().for_each(|s| *s = f64::NAN);
            look.extend_from_slice(self.frontier.safe.cells());
        } else if !self.clicks_counted {
            with_neighbours(&self.frontier, touched, &mut look);
        } else {
            // A safe cell's score reads the cells two steps away.
            let f = &self.frontier;
            let looked = &mut self.ready.looked;
            for &t in touched {
                let t = t as usize;
                for n in std::iter::once(t).chain(f.around(t)) {
                    for c in std::iter::once(n).chain(f.around(n)) {
                        if looked[c] != refresh {
                            looked[c] = refresh;
                            look.push(c as u32);
                        }
                    }
                }
            }
        }
        for &cell in &look {
            let cell = cell as usize;
            if self.frontier.know(cell) == Know::Safe {
                let score = if self.clicks_counted {
                    self.click_worth(cell)
                } else {
                    self.zero_chance(cell)
                };
                if score.to_bits() != self.ready.score[cell].to_bits() {
                    self.ready.score[cell] = score;
                    self.ready
                        .heap
                        .push((score.to_bits(), Reverse(cell as u32)));
                }
            } else {
                self.ready.score[cell] = f64::NAN;
            }
        }
        if !self.ready.stale {
            self.ready.pending.extend_from_slice(changed);
            if self.ready.pending.len() > self.frontier.cells.len() {
                self.ready.stale = true;
                self.ready.pending.clear();
            }
        }
        let live = self.frontier.safe.cells().len();
        if self.ready.heap.len() > 4 * live + 1024 {
            let score = &self.ready.score;
            self.ready.heap = self
                .frontier
                .safe
                .cells()
                .iter()
                .map(|&c| (score[c as usize].to_bits(), Reverse(c)))
                .collect();
        }
        self.ready.look = look;
    }

    /// Puts the open number `cell` among the chords, or takes it out: its flags must match it,
    /// and its closed unflagged neighbours, at least two, must all be certain safe (so the
    /// chord is safe even if a flag were wrong).
    fn examine_chord(&mut self, cell: usize) {
        let f = &self.frontier;
        if !matches!(f.seen[cell], Seen::Open(_)) {
            return;
        }
        let Seen::Open(number) = f.seen[cell] else {
            return;
        };
        let c = f.cells[cell];
        let mut opens = 0u8;
        // Every closed neighbour known and no mine missing: the flags are its mines, unless
        // some of its mines are known but not flagged (counted below).
        if c.unknown == 0 && c.need == 0 {
            let (mut flags, mut all_safe) = (0, true);
            for next in f.around(cell) {
                match f.seen[next] {
                    Seen::Flagged => flags += 1,
                    Seen::Closed => {
                        opens += 1;
                        all_safe &= f.know(next) == Know::Safe;
                    }
                    Seen::Open(_) => {}
                }
            }
            if flags != number || !all_safe || opens < 2 {
                opens = 0;
            }
        }
        let old = self.ready.opens[cell];
        if old != opens {
            if old != 0 {
                self.ready.chords.remove(&(Reverse(old), cell as u32));
            }
            if opens != 0 {
                self.ready.chords.insert((Reverse(opens), cell as u32));
            }
            self.ready.opens[cell] = opens;
        }
    }

    /// The chord that opens the most cells, the first in row-major order among equals.
    pub(super) fn best_chord(&mut self) -> Option<usize> {
        let mut look = std::mem::take(&mut self.ready.look);
        look.clear();
        if self.ready.stale {
            // A chord opens safe cells: the numbers next to them are all there can be.
            self.ready.chords.clear();
            self.ready.opens.iter_mut().for_each(|o| *o = 0);
            with_neighbours(&self.frontier, self.frontier.safe.cells(), &mut look);
            self.ready.stale = false;
        } else {
            with_neighbours(&self.frontier, &self.ready.pending, &mut look);
        }
        self.ready.pending.clear();
        for &cell in &look {
            self.examine_chord(cell as usize);
        }
        self.ready.look = look;
        self.ready.chords.first().map(|&(_, cell)| cell as usize)
    }

    /// The chance that clicking the safe `cell` is a click a player that clicks as few times as
    /// possible would make too: it shows a 0 (its opening takes one click whatever opens it),
    /// or no neighbour is a 0 (nothing else would open it), neighbours taken as independent.
    /// The chance is weighed by (1 + the chance of a 0): what a 0 opens shows where the next 0s
    /// are before their neighbours are clicked one by one.
    pub(super) fn click_worth(&mut self, cell: usize) -> f64 {
        let zero = self.zero_if_safe(cell);
        let (mut around, mut count) = ([0; 8], 0);
        for next in self.frontier.around(cell) {
            around[count] = next;
            count += 1;
        }
        let mut no_zero_around = 1.0;
        for &next in &around[..count] {
            no_zero_around *= match self.frontier.know(next) {
                Know::Safe => 1.0 - self.zero_if_safe(next),
                Know::Unknown => 1.0 - (1.0 - self.probability[next]) * self.zero_if_safe(next),
                _ => 1.0,
            };
        }
        (zero + (1.0 - zero) * no_zero_around) * (1.0 + zero)
    }

    /// [`Solver::zero_and_full`]'s chance of a 0, once per cell and refresh.
    fn zero_if_safe(&mut self, cell: usize) -> f64 {
        let refresh = self.ready.refresh;
        if self.ready.zero_at[cell] != refresh {
            self.ready.zero_at[cell] = refresh;
            self.ready.zero[cell] = self.zero_and_full(cell).0;
        }
        self.ready.zero[cell]
    }

    /// The certain safe cell with the best score, the first in row-major order among equals.
    pub(super) fn best_safe(&mut self) -> Option<usize> {
        while let Some(&(bits, Reverse(cell))) = self.ready.heap.peek() {
            let cell = cell as usize;
            if self.frontier.know(cell) == Know::Safe && self.ready.score[cell].to_bits() == bits {
                return Some(cell);
            }
            self.ready.heap.pop();
        }
        None
    }

    /// The certain safe cells, best first (as [`Solver::best_safe`] would give them).
    pub(super) fn ordered_safe(&mut self, out: &mut Vec<u32>) {
        // Scores equal but for rounding (a kept analysis against a fresh one) tie.
        let score = &self.ready.score;
        let keyed = &mut self.ready.keyed;
        keyed.clear();
        keyed.extend(
            self.frontier
                .safe
                .cells()
                .iter()
                .map(|&c| (Reverse((score[c as usize] * 1e9).round() as i64), c)),
        );
        // The cells are distinct: no two keys are equal.
        keyed.sort_unstable();
        out.clear();
        out.extend(keyed.iter().map(|&(_, c)| c));
    }
}

/// `cells` and their neighbours (some more than once) into `out`.
fn with_neighbours(f: &Frontier, cells: &[u32], out: &mut Vec<u32>) {
    for &c in cells {
        out.push(c);
        out.extend(f.around(c as usize).map(|n| n as u32));
    }
}
