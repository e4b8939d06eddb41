//! Exact enumeration of one component's arrangements, by backtracking over its boxes with each
//! box's mine count bounded by its numbers (so only consistent branches are walked), and the
//! tallies combining needs: for each mine count k, the weighted number of arrangements and each
//! box's weighted mines (a box of s cells holding m mines counts C(s, m) ways).

use super::frontier::{Cell, Component, NONE};

/// `seen` bits: some arrangement puts a mine in the box, leaves a cell of it safe.
pub(super) const SOME_MINE: u8 = 1;
pub(super) const SOME_SAFE: u8 = 2;

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

/// Every arrangement of a component, summarised by its mine count k.
#[derive(Clone, Debug, Default)]
pub(super) struct Tallies {
    /// The fewest mines of an arrangement: entry i of `weight` and `row` is for k = lo + i.
    pub lo: usize,
    /// Weighted arrangements with k mines, divided by `exp(ln_scale)` (the largest is 1).
    pub weight: Vec<f64>,
    pub ln_scale: f64,
    /// The row of `mines` and `seen` for k mines, `NONE` when no arrangement has k.
    pub row: Vec<u32>,
    pub boxes: usize,
    /// `row * boxes + b`: box b's weighted mines over the arrangements with that row's k.
    pub mines: Vec<f64>,
    /// `row * boxes + b`: [`SOME_MINE`] and [`SOME_SAFE`] over the same arrangements.
    pub seen: Vec<u8>,
}

impl Tallies {
    /// The most mines of an arrangement.
    pub(super) fn hi(&self) -> usize {
        self.lo + self.weight.len() - 1
    }
}

/// How an enumeration ended.
#[derive(Debug)]
pub(super) enum Enumerated {
    Exact(Tallies),
    /// No arrangement fits the numbers.
    Empty,
    /// The budget (or the tally size) ran out first.
    OutOfBudget,
}

/// The enumeration's reusable buffers.
#[derive(Debug, Default)]
pub(super) struct Enumerator {
    need: Vec<i32>,
    placed: Vec<i32>,
    rest: Vec<i32>,
    size: Vec<u32>,
    cur: Vec<u32>,
    top: Vec<u32>,
    row_of: Vec<u32>,
    weight: Vec<f64>,
    mines: Vec<f64>,
    seen: Vec<u8>,
}

impl Enumerator {
    /// Enumerates `comp`, whose numbers' missing mines are read from `cells`, walking at most
    /// about `limit` nodes (a placement or increment is one node, recording an arrangement one
    /// per 8 boxes). Returns how it ended and the nodes walked.
    ///
    /// # Complexity
    /// O(nodes); memory O(boxes * distinct mine counts), at most 32 entries per cell.
    pub(super) fn run(
        &mut self,
        comp: &Component,
        cells: &[Cell],
        limit: u64,
    ) -> (Enumerated, u64) {
        let boxes = comp.boxes();
        let total = comp.cells.len();
        self.need.clear();
        self.placed.clear();
        self.rest.clear();
        for (i, &con) in comp.cons.iter().enumerate() {
            self.need.push(cells[con as usize].need as i32);
            self.placed.push(0);
            let rest: usize = comp
                .boxes_of(i)
                .iter()
                .map(|&b| comp.box_size(b as usize))
                .sum();
            self.rest.push(rest as i32);
        }
        self.size.clear();
        self.size
            .extend((0..boxes).map(|b| comp.box_size(b) as u32));
        self.cur.clear();
        self.cur.resize(boxes, 0);
        self.top.clear();
        self.top.resize(boxes, 0);
        self.row_of.clear();
        self.row_of.resize(total + 1, NONE);
        self.weight.clear();
        self.weight.resize(total + 1, 0.0);
        self.mines.clear();
        self.seen.clear();
        let cap = (TALLY_ENTRIES_PER_CELL * total).max(4096);
        let record_cost = 1 + boxes as u64 / 8;
        let mut nodes: u64 = 0;
        let mut placed_mines: u32 = 0;
        let mut pos = 0usize;
        let mut aborted = false;
        'descend: loop {
            let (low, high) = self.bounds(comp, pos);
            if low <= high {
                nodes += 1;
                self.cur[pos] = low as u32;
                self.top[pos] = high as u32;
                self.shift(comp, pos, low, -(self.size[pos] as i32));
                placed_mines += low as u32;
                if pos + 1 < boxes {
                    pos += 1;
                    continue 'descend;
                }
                loop {
                    nodes += record_cost;
                    if !self.record(placed_mines as usize, cap) {
                        aborted = true;
                        break;
                    }
                    if self.cur[pos] == self.top[pos] {
                        break;
                    }
                    nodes += 1;
                    self.cur[pos] += 1;
                    placed_mines += 1;
                    self.shift(comp, pos, 1, 0);
                }
                let m = self.cur[pos];
                self.shift(comp, pos, -(m as i32), self.size[pos] as i32);
                placed_mines -= m;
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
                if self.cur[pos] < self.top[pos] {
                    nodes += 1;
                    self.cur[pos] += 1;
                    placed_mines += 1;
                    self.shift(comp, pos, 1, 0);
                    pos += 1;
                    continue 'descend;
                }
                let m = self.cur[pos];
                self.shift(comp, pos, -(m as i32), self.size[pos] as i32);
                placed_mines -= m;
            }
        }
        if aborted {
            return (Enumerated::OutOfBudget, nodes);
        }
        (self.tallies(boxes), nodes)
    }

    /// The bounds on the mines of box `b` given what its numbers still need.
    #[inline]
    fn bounds(&self, comp: &Component, b: usize) -> (i32, i32) {
        let size = self.size[b] as i32;
        let (mut low, mut high) = (0, size);
        for i in comp.numbers_of(b) {
            let missing = self.need[i] - self.placed[i];
            high = high.min(missing);
            low = low.max(missing - (self.rest[i] - size));
        }
        (low, high)
    }

    /// Adds `mines` to box `b`'s numbers and `rest` to their unassigned cells.
    #[inline]
    fn shift(&mut self, comp: &Component, b: usize, mines: i32, rest: i32) {
        for i in comp.numbers_of(b) {
            self.placed[i] += mines;
            self.rest[i] += rest;
        }
    }

    /// Adds the current arrangement (with `k` mines) to the tallies; false when the tallies
    /// would outgrow `cap` entries or the weights overflow.
    #[inline]
    fn record(&mut self, k: usize, cap: usize) -> bool {
        let boxes = self.cur.len();
        let mut ways = 1.0;
        for b in 0..boxes {
            ways *= BINOM[self.size[b] as usize][self.cur[b] as usize];
        }
        if !ways.is_finite() {
            return false;
        }
        let mut row = self.row_of[k];
        if row == NONE {
            if self.mines.len() + boxes > cap {
                return false;
            }
            row = (self.mines.len() / boxes.max(1)) as u32;
            self.row_of[k] = row;
            self.mines.resize(self.mines.len() + boxes, 0.0);
            self.seen.resize(self.seen.len() + boxes, 0);
        }
        self.weight[k] += ways;
        let base = row as usize * boxes;
        for b in 0..boxes {
            let m = self.cur[b];
            self.mines[base + b] += ways * m as f64;
            self.seen[base + b] |=
                if m > 0 { SOME_MINE } else { 0 } | if m < self.size[b] { SOME_SAFE } else { 0 };
        }
        true
    }

    fn tallies(&mut self, boxes: usize) -> Enumerated {
        let Some(lo) = self.row_of.iter().position(|&r| r != NONE) else {
            return Enumerated::Empty;
        };
        let hi = self.row_of.iter().rposition(|&r| r != NONE).expect("a row");
        let top = self.weight[lo..=hi].iter().cloned().fold(0.0, f64::max);
        if !top.is_finite() || top <= 0.0 {
            return Enumerated::OutOfBudget;
        }
        let weight: Vec<f64> = self.weight[lo..=hi].iter().map(|w| w / top).collect();
        let mines: Vec<f64> = self.mines.iter().map(|m| m / top).collect();
        Enumerated::Exact(Tallies {
            lo,
            weight,
            ln_scale: top.ln(),
            row: self.row_of[lo..=hi].to_vec(),
            boxes,
            mines,
            seen: std::mem::take(&mut self.seen),
        })
    }
}
