//! The certain moves kept ready between analyses: the safe cell likeliest to show a 0 (or,
//! when clicks are counted, likeliest to be a click a thrifty player makes too), and the
//! chord that opens the most. A move changes a few cells; only the safe cells and numbers
//! around what changed are looked at again, so that a long game does not pay at every move for
//! every safe cell still waiting to be opened (an ACM player flags its certain mines one move
//! at a time while thousands of safe cells wait).

use super::analysis::Analyser;
use super::frontier::{Frontier, Know};
use super::scratch::{rezero, zeroed};
use super::view::Seen;
use std::cmp::Reverse;
use std::collections::{BTreeSet, BinaryHeap};

/// The moves ready, with what is needed to keep them right.
#[derive(Debug, Default)]
pub(super) struct ReadyMoves {
    /// Whether clicks are counted (see [`ReadyMoves::reset`]).
    clicks_counted: bool,
    /// Safe cells by score (the chance to show a 0, or [`ReadyMoves::click_worth`] when clicks
    /// are counted), then lowest index: the top is the best.
    /// An entry whose score is no longer its cell's is stale and skipped. Built only once a
    /// refresh keeps it up to date: after a refresh of every safe cell, the best is found by a
    /// scan instead (a program that makes one move needs no heap).
    heap: BinaryHeap<(u64, Reverse<u32>)>,
    heap_built: bool,
    /// Per cell: its score in the heap, as [`kept`] keeps it (0 when it has none). Read for
    /// safe cells only: a cell opened keeps what it had. The tables per cell are zeroed
    /// memory: only the cells a refresh looks at take room.
    score: Vec<u64>,
    /// Numbers a chord can open, most cells first, then lowest index.
    chords: BTreeSet<(Reverse<u8>, u32)>,
    /// Per cell: how many cells its chord opens in `chords`, 0 when it is not there.
    opens: Vec<u8>,
    /// Cells read or settled since the chords were last brought up to date (a player that
    /// never chords never pays for them), or every cell when `stale`.
    pending: Vec<u32>,
    stale: bool,
    look: Vec<u32>,
    /// When clicks are counted (empty otherwise): the cells a refresh looked at, and the chance
    /// to show a 0 it computed, each as (cell, refresh[, chance]) at the cell's place modulo
    /// their length ([`memo_len`]), so that each is done once per refresh. On a board larger
    /// than they are, a cell forgotten is looked at or computed again, to the same effect.
    looked: Vec<(u32, u32)>,
    zero: Vec<(u32, u32, f64)>,
    refresh: u32,
    /// Scratch for [`ReadyMoves::ordered_safe`]: each safe cell with its sort key.
    keyed: Vec<(Reverse<i64>, u32)>,
}

impl ReadyMoves {
    /// Forgets every move kept, for a board of `cells` cells; when `clicks_counted`, safe cells
    /// are scored by [`ReadyMoves::click_worth`] (for a game scored by its clicks), else by
    /// their chance to show a 0.
    pub(super) fn reset(&mut self, cells: usize, clicks_counted: bool) {
        self.clicks_counted = clicks_counted;
        self.heap.clear();
        self.heap_built = false;
        zeroed(&mut self.score, cells);
        self.chords.clear();
        zeroed(&mut self.opens, cells);
        self.pending.clear();
        self.stale = true;
        let memo = if clicks_counted { memo_len(cells) } else { 0 };
        zeroed(&mut self.looked, memo);
        zeroed(&mut self.zero, memo);
        self.refresh = 0;
    }

    /// After an update: looks again at the safe cells next to `touched` (cells read, settled,
    /// or whose probability changed; all of them when `all` probabilities may have changed;
    /// within two steps when clicks are counted) and at the numbers next to `changed` (cells
    /// read or settled: what a chord depends on).
    ///
    /// # Complexity
    /// O(64 * touched * log(safe cells)), or O(8 * safe cells) more for all (then no heap is
    /// kept until the next refresh); when clicks are counted, O(25 * 9 * touched) more (each
    /// cell's chance of a 0 is computed once).
    pub(super) fn refresh(
        &mut self,
        analysis: &Analyser,
        touched: &[u32],
        changed: &[u32],
        all: bool,
    ) {
        let mut look = std::mem::take(&mut self.look);
        look.clear();
        self.refresh = self.refresh.wrapping_add(1);
        if self.refresh == 0 {
            rezero(&mut self.looked);
            rezero(&mut self.zero);
            self.refresh = 1;
        }
        let refresh = self.refresh;
        if all {
            self.heap.clear();
            self.heap_built = false;
            look.extend_from_slice(analysis.frontier.safe.cells());
        } else {
            if !self.heap_built {
                self.rebuild_heap(analysis);
            }
            if !self.clicks_counted {
                with_neighbours(&analysis.frontier, touched, &mut look);
            } else {
                // A safe cell's score reads the cells two steps away.
                let f = &analysis.frontier;
                let looked = &mut self.looked;
                let mask = looked.len() - 1;
                for &t in touched {
                    let t = t as usize;
                    for n in std::iter::once(t).chain(f.around(t)) {
                        for c in std::iter::once(n).chain(f.around(n)) {
                            let entry = (c as u32, refresh);
                            if looked[c & mask] != entry {
                                looked[c & mask] = entry;
                                look.push(c as u32);
                            }
                        }
                    }
                }
            }
        }
        for &cell in &look {
            let cell = cell as usize;
            if analysis.frontier.know(cell) == Know::Safe {
                let score = if self.clicks_counted {
                    self.click_worth(analysis, cell)
                } else {
                    zero_chance(analysis, cell)
                };
                if kept(score) != self.score[cell] {
                    self.score[cell] = kept(score);
                    if self.heap_built {
                        self.heap.push((score.to_bits(), Reverse(cell as u32)));
                    }
                }
            } else {
                self.score[cell] = 0;
            }
        }
        if !self.stale {
            self.pending.extend_from_slice(changed);
            if self.pending.len() > analysis.frontier.cells.len() {
                self.stale = true;
                self.pending.clear();
            }
        }
        let live = analysis.frontier.safe.cells().len();
        if self.heap.len() > 4 * live + 1024 {
            self.rebuild_heap(analysis);
        }
        self.look = look;
    }

    /// The heap afresh: each safe cell with a score, once.
    fn rebuild_heap(&mut self, analysis: &Analyser) {
        let score = &self.score;
        self.heap = analysis
            .frontier
            .safe
            .cells()
            .iter()
            .filter(|&&c| score[c as usize] != 0)
            .map(|&c| (score_of(score[c as usize]).to_bits(), Reverse(c)))
            .collect();
        self.heap_built = true;
    }

    /// Puts the open number `cell` among the chords, or takes it out: its flags must match it,
    /// and its closed unflagged neighbours, at least two, must all be certain safe (so the
    /// chord is safe even if a flag were wrong).
    fn examine_chord(&mut self, analysis: &Analyser, cell: usize) {
        let f = &analysis.frontier;
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
        let old = self.opens[cell];
        if old != opens {
            if old != 0 {
                self.chords.remove(&(Reverse(old), cell as u32));
            }
            if opens != 0 {
                self.chords.insert((Reverse(opens), cell as u32));
            }
            self.opens[cell] = opens;
        }
    }

    /// The chord that opens the most cells, the first in row-major order among equals.
    pub(super) fn best_chord(&mut self, analysis: &Analyser) -> Option<usize> {
        let mut look = std::mem::take(&mut self.look);
        look.clear();
        if self.stale {
            // A chord opens safe cells: the numbers next to them are all there can be.
            for &(_, cell) in &self.chords {
                self.opens[cell as usize] = 0;
            }
            self.chords.clear();
            with_neighbours(
                &analysis.frontier,
                analysis.frontier.safe.cells(),
                &mut look,
            );
            self.stale = false;
        } else {
            with_neighbours(&analysis.frontier, &self.pending, &mut look);
        }
        self.pending.clear();
        for &cell in &look {
            self.examine_chord(analysis, cell as usize);
        }
        self.look = look;
        self.chords.first().map(|&(_, cell)| cell as usize)
    }

    /// The chance that clicking the safe `cell` is a click a player that clicks as few times as
    /// possible would make too: it shows a 0 (its opening takes one click whatever opens it),
    /// or no neighbour is a 0 (nothing else would open it), neighbours taken as independent.
    /// The chance is weighed by (1 + the chance of a 0): what a 0 opens shows where the next 0s
    /// are before their neighbours are clicked one by one.
    pub(super) fn click_worth(&mut self, analysis: &Analyser, cell: usize) -> f64 {
        let zero = self.zero_if_safe(analysis, cell);
        let (mut around, mut count) = ([0; 8], 0);
        for next in analysis.frontier.around(cell) {
            around[count] = next;
            count += 1;
        }
        let mut no_zero_around = 1.0;
        for &next in &around[..count] {
            no_zero_around *= match analysis.frontier.know(next) {
                Know::Safe => 1.0 - self.zero_if_safe(analysis, next),
                Know::Unknown => {
                    1.0 - (1.0 - analysis.probability(next)) * self.zero_if_safe(analysis, next)
                }
                _ => 1.0,
            };
        }
        (zero + (1.0 - zero) * no_zero_around) * (1.0 + zero)
    }

    /// [`Analyser::zero_and_full`]'s chance of a 0, once per cell and refresh (but for a cell
    /// forgotten by the memo: the same chance again).
    fn zero_if_safe(&mut self, analysis: &Analyser, cell: usize) -> f64 {
        let place = cell & (self.zero.len() - 1);
        let (at, refresh, chance) = self.zero[place];
        if (at, refresh) == (cell as u32, self.refresh) {
            return chance;
        }
        let chance = analysis.zero_and_full(cell).0;
        self.zero[place] = (cell as u32, self.refresh, chance);
        chance
    }

    /// The certain safe cell with the best score, the first in row-major order among equals.
    pub(super) fn best_safe(&mut self, analysis: &Analyser) -> Option<usize> {
        if !self.heap_built {
            let score = &self.score;
            let keyed = analysis.frontier.safe.cells().iter().filter_map(|&c| {
                let kept = score[c as usize];
                (kept != 0).then(|| (score_of(kept).to_bits(), Reverse(c)))
            });
            return keyed.max().map(|(_, Reverse(cell))| cell as usize);
        }
        while let Some(&(bits, Reverse(cell))) = self.heap.peek() {
            let cell = cell as usize;
            if analysis.frontier.know(cell) == Know::Safe
                && score_of(self.score[cell]).to_bits() == bits
            {
                return Some(cell);
            }
            self.heap.pop();
        }
        None
    }

    /// The certain safe cells, best first (as [`ReadyMoves::best_safe`] would give them).
    pub(super) fn ordered_safe(&mut self, analysis: &Analyser, out: &mut Vec<u32>) {
        // Scores equal but for rounding (a kept analysis against a fresh one) tie.
        let score = &self.score;
        let keyed = &mut self.keyed;
        keyed.clear();
        keyed.extend(analysis.frontier.safe.cells().iter().map(|&c| {
            (
                Reverse((score_of(score[c as usize]) * 1e9).round() as i64),
                c,
            )
        }));
        // The cells are distinct: no two keys are equal.
        keyed.sort_unstable();
        out.clear();
        out.extend(keyed.iter().map(|&(_, c)| c));
    }
}

/// The most entries of the memos of a refresh when clicks are counted: on a board up to this
/// size, one per cell.
const MEMO_ENTRIES: usize = 1 << 12;

/// The length of the memos for a board of `cells` cells: a power of two.
fn memo_len(cells: usize) -> usize {
    cells.next_power_of_two().min(MEMO_ENTRIES)
}

/// A score as [`ReadyMoves`] keeps it: its bits plus one (a score is never NaN), so that 0
/// stands for none.
fn kept(score: f64) -> u64 {
    score.to_bits() + 1
}

/// The score kept as `kept`, NaN for none.
fn score_of(kept: u64) -> f64 {
    match kept {
        0 => f64::NAN,
        bits => f64::from_bits(bits - 1),
    }
}

/// `cells` and their neighbours (some more than once) into `out`.
fn with_neighbours(f: &Frontier, cells: &[u32], out: &mut Vec<u32>) {
    for &c in cells {
        out.push(c);
        out.extend(f.around(c as usize).map(|n| n as u32));
    }
}

/// A cheap estimate of the chance that `cell` shows a 0 if opened (its unknown neighbours
/// taken as independent; a known mine around makes it 0), plus, for a cell not known safe,
/// the chance it shows as many mines as it has unknown neighbours.
fn zero_chance(analysis: &Analyser, cell: usize) -> f64 {
    let (zero, all_mines, _) = analysis.zero_and_full(cell);
    if analysis.frontier.know(cell) == Know::Safe {
        zero
    } else {
        zero + all_mines
    }
}
