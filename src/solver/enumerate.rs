//! Exact enumeration of one component's arrangements, by backtracking over its boxes with each
//! box's mine count bounded by its numbers (so only consistent branches are walked), and the
//! tallies combining needs: for each mine count k, the weighted number of arrangements and each
//! box's weighted mines (a box of s cells holding m mines counts C(s, m) ways).
//!
//! One number may be watched instead of obeyed: a probe opens a cell without knowing what it
//! shows, and one enumeration then tallies the arrangements by the mines around it as well
//! (v), which is what each number it could show would leave.

use super::component::Component;
use super::frontier::Cell;
use super::index::NONE;
use super::scratch::{is_large, zeroed};
use super::tallies::{Tallies, SOME_MINE, SOME_SAFE};

/// A component's tallies hold at most this many entries per cell of the component (or 4096,
/// whichever is larger): memory stays proportional to the board, and a component with that
/// many distinct mine counts and boxes is left to the approximation.
const TALLY_ENTRIES_PER_CELL: usize = 32;

/// `BINOM[n][k]` for the sizes of a box (at most 8 cells).
const BINOM: [[f64; 9]; 9] = binomials();

const fn binomials() -> [[f64; 9]; 9] {
    let mut table = [[0.0; 9]; 9];
    let mut n = 0;
    while n < 9 {
        table[n][0] = 1.0;
        let mut k = 1;
        while k <= n {
            table[n][k] = table[n - 1][k - 1] + if k < n { table[n - 1][k] } else { 0.0 };
            k += 1;
        }
        n += 1;
    }
    table
}

/// Box `b` of `comp` as the search starts it.
fn level_of(comp: &Component, b: usize) -> Level {
    let mut level = Level {
        size: comp.box_size(b) as u8,
        ..Level::default()
    };
    for i in comp.numbers_of(b) {
        level.numbers[level.links as usize] = i as u32;
        level.links += 1;
    }
    level
}

/// How an enumeration ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Enumerated {
    /// The tallies are complete.
    Exact,
    /// No arrangement fits the numbers.
    Empty,
    /// The budget (or the tally size) ran out first.
    OutOfBudget,
}

/// A number during the enumeration (one struct: the search reads all four together). Each
/// counts cells around one number: at most 8.
#[derive(Clone, Copy, Debug)]
struct Number {
    need_low: i8,
    need_high: i8,
    placed: i8,
    rest: i8,
}

/// A box during the enumeration (one struct: each step reads several of these together).
#[derive(Clone, Copy, Debug, Default)]
struct Level {
    /// Its numbers: `numbers[..links]`, indices into the enumerator's numbers.
    numbers: [u32; 8],
    /// The product of C(size, mines) over the boxes up to this one.
    ways: f64,
    links: u8,
    /// Its cells (at most 8), the mines placed in it and the most it may take.
    size: u8,
    cur: u8,
    top: u8,
    /// Its [`SOME_MINE`] and [`SOME_SAFE`] bits with its mines now: set once per change,
    /// read at every arrangement recorded.
    seen: u8,
}

impl Level {
    fn numbers(&self) -> &[u32] {
        &self.numbers[..self.links as usize]
    }
}

/// The enumeration's reusable buffers.
#[derive(Debug, Default)]
pub(super) struct Enumerator {
    /// Per number: the fewest and the most mines it takes (equal unless watched), the mines
    /// placed, the cells not assigned yet. One more entry, never touched, stands for "no
    /// watched number".
    numbers: Vec<Number>,
    /// Per box, in order: made as the search first reaches it (a component too large to
    /// enumerate is left after a few of its boxes).
    levels: Vec<Level>,
    /// Per slot (v and k): one more than its row in the tallies (0: none yet), and its
    /// weight. Zeroed: only the slots reached take memory.
    row_of: Vec<u32>,
    weight: Vec<f64>,
}

impl Enumerator {
    /// Gives its buffers back when one component made them large.
    pub(super) fn release_large(&mut self) {
        if is_large(&self.levels) || is_large(&self.row_of) {
            *self = Enumerator::default();
        }
    }

    /// Enumerates `comp`, whose numbers' missing mines are read from `cells`, into `out`,
    /// walking at most about `limit` nodes (a placement or increment is one node, recording an
    /// arrangement one per 8 boxes). Number `watch` of the component (an index into its
    /// `cons`), if any, is not obeyed but tallied. Returns how it ended and the nodes walked.
    ///
    /// # Complexity
    /// O(nodes); memory O(boxes * distinct counts), at most 32 entries per cell.
    pub(super) fn run(
        &mut self,
        comp: &Component,
        cells: &[Cell],
        watch: Option<usize>,
        limit: u64,
        out: &mut Tallies,
    ) -> (Enumerated, u64) {
        let boxes = comp.boxes();
        let total = comp.cells.len();
        self.numbers.clear();
        for (i, &con) in comp.cons.iter().enumerate() {
            let rest: usize = comp
                .boxes_of(i)
                .iter()
                .map(|&b| comp.box_size(b as usize))
                .sum();
            let need = cells[con as usize].need;
            let (low, high) = if watch == Some(i) {
                (0, rest as i8)
            } else {
                (need, need)
            };
            self.numbers.push(Number {
                need_low: low,
                need_high: high,
                placed: 0,
                rest: rest as i8,
            });
        }
        let watched = watch.unwrap_or(comp.cons.len());
        let values = match watch {
            Some(w) => self.numbers[w].rest as usize + 1,
            None => 1,
        };
        self.numbers.push(Number {
            need_low: 0,
            need_high: 0,
            placed: 0,
            rest: 0,
        });
        self.levels.clear();
        zeroed(&mut self.row_of, values * (total + 1));
        zeroed(&mut self.weight, values * (total + 1));
        out.mines.clear();
        out.seen.clear();
        let cap = (TALLY_ENTRIES_PER_CELL * total).max(4096);
        let record_cost = 1 + boxes as u64 / 8;
        let mut nodes: u64 = 0;
        let mut placed_mines: u32 = 0;
        let mut pos = 0usize;
        let mut aborted = false;
        'descend: loop {
            if pos == self.levels.len() {
                self.levels.push(level_of(comp, pos));
            }
            let (low, high) = self.bounds(pos);
            if low <= high {
                nodes += 1;
                let level = &mut self.levels[pos];
                (level.cur, level.top) = (low as u8, high as u8);
                let size = level.size as i32;
                self.weigh(pos);
                self.shift(pos, low, -size);
                placed_mines += low as u32;
                if pos + 1 < boxes {
                    pos += 1;
                    continue 'descend;
                }
                loop {
                    nodes += record_cost;
                    let v = self.numbers[watched].placed as usize;
                    if !self.record(v * (total + 1) + placed_mines as usize, cap, out) {
                        aborted = true;
                        break;
                    }
                    let level = &mut self.levels[pos];
                    if level.cur == level.top {
                        break;
                    }
                    nodes += 1;
                    level.cur += 1;
                    self.weigh(pos);
                    placed_mines += 1;
                    self.shift(pos, 1, 0);
                }
                let Level { cur, size, .. } = self.levels[pos];
                self.shift(pos, -(cur as i32), size as i32);
                placed_mines -= cur as u32;
            }
            if nodes > limit {
                aborted = true;
            }
            // Back to the deepest box that can take one more mine.
            loop {
                if pos == 0 || aborted {
                    break 'descend;
                }
                pos -= 1;
                let level = &mut self.levels[pos];
                if level.cur < level.top {
                    nodes += 1;
                    level.cur += 1;
                    self.weigh(pos);
                    placed_mines += 1;
                    self.shift(pos, 1, 0);
                    pos += 1;
                    continue 'descend;
                }
                let Level { cur, size, .. } = self.levels[pos];
                self.shift(pos, -(cur as i32), size as i32);
                placed_mines -= cur as u32;
            }
        }
        if aborted {
            return (Enumerated::OutOfBudget, nodes);
        }
        (self.finish(boxes, values, total + 1, out), nodes)
    }

    /// The ways of the boxes up to `pos` from those before it and `pos`'s mine count, and
    /// its seen bits.
    #[inline(always)]
    fn weigh(&mut self, pos: usize) {
        let before = if pos == 0 {
            1.0
        } else {
            self.levels[pos - 1].ways
        };
        let level = &mut self.levels[pos];
        let m = level.cur;
        level.ways = before * BINOM[level.size as usize][m as usize];
        level.seen = if m > 0 { SOME_MINE } else { 0 } | if m < level.size { SOME_SAFE } else { 0 };
    }

    /// The bounds on the mines of box `b` given what its numbers still need.
    #[inline(always)]
    fn bounds(&self, b: usize) -> (i32, i32) {
        let level = &self.levels[b];
        let size = level.size as i32;
        let (mut low, mut high) = (0, size);
        for &i in level.numbers() {
            let n = self.numbers[i as usize];
            let (placed, rest) = (n.placed as i32, n.rest as i32);
            high = high.min(n.need_high as i32 - placed);
            low = low.max(n.need_low as i32 - placed - (rest - size));
        }
        (low, high)
    }

    /// Adds `mines` to box `b`'s numbers and `rest` to their unassigned cells.
    #[inline(always)]
    fn shift(&mut self, b: usize, mines: i32, rest: i32) {
        for &i in self.levels[b].numbers() {
            let n = &mut self.numbers[i as usize];
            n.placed += mines as i8;
            n.rest += rest as i8;
        }
    }

    /// Adds the current arrangement to the tallies at `slot` (v and k); false when the tallies
    /// would outgrow `cap` entries or the weights overflow.
    #[inline]
    fn record(&mut self, slot: usize, cap: usize, out: &mut Tallies) -> bool {
        let boxes = self.levels.len();
        let ways = self.levels.last().map_or(1.0, |level| level.ways);
        if !ways.is_finite() {
            return false;
        }
        let mut row = self.row_of[slot].wrapping_sub(1);
        if row == NONE {
            if out.mines.len() + boxes > cap {
                return false;
            }
            row = (out.mines.len() / boxes.max(1)) as u32;
            self.row_of[slot] = row + 1;
            out.mines.resize(out.mines.len() + boxes, 0.0);
            out.seen.resize(out.seen.len() + boxes, 0);
        }
        self.weight[slot] += ways;
        let base = row as usize * boxes;
        let mines = &mut out.mines[base..base + boxes];
        let seen = &mut out.seen[base..base + boxes];
        for ((level, mines), seen) in self.levels.iter().zip(mines).zip(seen) {
            *mines += ways * level.cur as f64;
            *seen |= level.seen;
        }
        true
    }

    /// Completes `out` from the slots (`values` runs of `width` counts): trims the counts no
    /// value has, scales.
    fn finish(
        &mut self,
        boxes: usize,
        values: usize,
        width: usize,
        out: &mut Tallies,
    ) -> Enumerated {
        let used = |k: usize| (0..values).any(|v| self.row_of[v * width + k] != 0);
        let Some(lo) = (0..width).find(|&k| used(k)) else {
            return Enumerated::Empty;
        };
        let hi = (0..width).rev().find(|&k| used(k)).expect("a count");
        let top = self.weight.iter().cloned().fold(0.0, f64::max);
        if !top.is_finite() || top <= 0.0 {
            return Enumerated::OutOfBudget;
        }
        out.lo = lo;
        out.span = hi - lo + 1;
        out.values = values;
        out.boxes = boxes;
        out.ln_scale = top.ln();
        out.weight.clear();
        out.row.clear();
        for v in 0..values {
            let range = v * width + lo..=v * width + hi;
            out.weight
                .extend(self.weight[range.clone()].iter().map(|w| w / top));
            out.row
                .extend(self.row_of[range].iter().map(|r| r.wrapping_sub(1)));
        }
        out.mines.iter_mut().for_each(|m| *m /= top);
        Enumerated::Exact
    }
}
