//! The estimate for a component with too many arrangements to enumerate: each box's exact
//! probability given only the numbers it touches.
//!
//! For a box b, keep only b's own numbers and treat every other cell as the density makes it
//! (a mine with odds `odds`, independently). The cells of b's numbers then group by which of
//! those numbers they touch, and the groups' mine counts are enumerated exactly. The result
//! is the true probability of b given part of the evidence, so it is calibrated: among the
//! cells it gives probability p, a fraction p are mines (when the density is right), whatever
//! the rest of the board shows. It is less sharp than the full enumeration (it ignores what
//! numbers further away say), never sharper: a box it calls certain is certain, since every
//! arrangement of the component satisfies b's numbers.

use super::component::{Component, Marginals};
use super::frontier::Frontier;
use super::index::NONE;
use super::scratch::is_large;
use std::collections::HashMap;

/// The most local problems [`Estimator`] remembers in one run: enough for every shape of a
/// regular panel, a few megabytes at most.
const REMEMBERED: usize = 1 << 14;

/// One box's answer: its expected mines, fewest and most, and the nodes its enumeration
/// walked.
type BoxLaw = (f64, usize, usize, u64);

/// The local estimate's reusable buffers.
#[derive(Debug, Default)]
pub(super) struct Estimator {
    /// Per number of the component: its index among the current box's numbers, or `NONE`.
    local: Vec<u32>,
    /// Per box: whether it was grouped for the current box.
    grouped: Vec<bool>,
    touched: Vec<u32>,
    /// The current box's numbers, what each needs, and the groups: a bitmask of the numbers
    /// its cells touch, and its size.
    numbers: Vec<u32>,
    need: Vec<i32>,
    placed: Vec<i32>,
    rest: Vec<i32>,
    masks: Vec<u32>,
    sizes: Vec<u32>,
    cur: Vec<u32>,
    top: Vec<u32>,
    ways: Vec<f64>,
    /// `weight[s][m]`: C(s, m) * odds^m (a group's count never exceeds a number's, 8).
    weight: Vec<[f64; 9]>,
    /// The answers of the local problems met in this run, by the problem spelled as bytes
    /// (what each number needs, each group's numbers and size in order, the box's size): a
    /// large regular panel repeats a few shapes hundreds of thousands of times, and the same
    /// problem walked again gives the same answer to the bit.
    remembered: HashMap<Box<[u8]>, Option<BoxLaw>>,
    key: Vec<u8>,
}

impl Estimator {
    /// Gives its buffers back when one component made them large.
    pub(super) fn release_large(&mut self) {
        if is_large(&self.local) || is_large(&self.grouped) {
            *self = Estimator::default();
        }
    }

    /// The estimate for `comp` (numbers read from `cells`) with a prior of `odds` = p / (1 - p)
    /// per cell, into `out`. False when some box's numbers cannot be satisfied at all.
    /// Returns also the nodes walked.
    ///
    /// # Complexity
    /// O(boxes * arrangements of one box's numbers), each at most 8 numbers of 8 cells;
    /// memory O(boxes).
    pub(super) fn run(
        &mut self,
        f: &Frontier,
        comp: &Component,
        odds: f64,
        out: &mut Marginals,
    ) -> (bool, u64) {
        let boxes = comp.boxes();
        self.weight.resize(65, [0.0; 9]);
        for (s, row) in self.weight.iter_mut().enumerate() {
            // A group has at most 8 numbers' cells: 64.
            let mut binom = 1.0;
            for (m, entry) in row.iter_mut().enumerate() {
                *entry = if m <= s {
                    binom * odds.powi(m as i32)
                } else {
                    0.0
                };
                if m < s {
                    binom = binom * (s - m) as f64 / (m + 1) as f64;
                }
            }
        }
        self.local.clear();
        self.local.resize(comp.cons.len(), NONE);
        self.grouped.clear();
        self.grouped.resize(boxes, false);
        // The answers hang on `odds` through `weight`.
        self.remembered.clear();
        out.probability.clear();
        out.probability.reserve_exact(boxes);
        out.lo = 0;
        out.hi = 0;
        out.mean = 0.0;
        out.variance = 0.0;
        let mut nodes = 0;
        for b in 0..boxes {
            let Some((expected, low, high, walked)) = self.box_law(f, comp, b) else {
                return (false, nodes);
            };
            nodes += walked;
            let size = comp.box_size(b) as f64;
            let p = if high == 0 {
                0.0
            } else if low as f64 == size {
                1.0
            } else {
                (expected / size).clamp(f64::MIN_POSITIVE, 1.0 - f64::EPSILON)
            };
            out.probability.push(p);
            out.lo += low;
            out.hi += high;
            out.mean += size * p;
            out.variance += size * p * (1.0 - p);
        }
        (true, nodes)
    }

    /// Box `b`'s expected mines given its numbers only, the fewest and most it can hold, and
    /// the nodes walked. `None` when its numbers cannot be satisfied.
    fn box_law(&mut self, f: &Frontier, comp: &Component, b: usize) -> Option<BoxLaw> {
        self.numbers.clear();
        self.need.clear();
        for j in f.numbers_of(comp, b) {
            self.local[j] = self.numbers.len() as u32;
            self.numbers.push(j as u32);
            self.need.push(f.cells[comp.cons[j] as usize].need as i32);
        }
        // Group the cells of b's numbers by which of them they touch; b's group first.
        self.masks.clear();
        self.sizes.clear();
        self.touched.clear();
        for at in 0..self.numbers.len() {
            let j = self.numbers[at] as usize;
            for &other in comp.boxes_of(j) {
                let other = other as usize;
                if self.grouped[other] {
                    continue;
                }
                self.grouped[other] = true;
                self.touched.push(other as u32);
                let mut mask = 0u32;
                for k in f.numbers_of(comp, other) {
                    if self.local[k] != NONE {
                        mask |= 1 << self.local[k];
                    }
                }
                let size = comp.box_size(other) as u32;
                match self.masks.iter().position(|&m| m == mask) {
                    Some(g) => self.sizes[g] += size,
                    None => {
                        self.masks.push(mask);
                        self.sizes.push(size);
                    }
                }
            }
        }
        for &t in &self.touched {
            self.grouped[t as usize] = false;
        }
        let full = (1u32 << self.numbers.len()) - 1;
        let own = self
            .masks
            .iter()
            .position(|&m| m == full)
            .expect("b's own group");
        self.masks.swap(0, own);
        self.sizes.swap(0, own);
        for &j in &self.numbers {
            self.local[j as usize] = NONE;
        }
        let size = comp.box_size(b);
        self.spell(size);
        if let Some(&law) = self.remembered.get(&self.key[..]) {
            return law;
        }
        let law = self.enumerate(size);
        if self.remembered.len() < REMEMBERED {
            self.remembered.insert(self.key[..].into(), law);
        }
        law
    }

    /// Spells the local problem of the current box (of `size` cells) into `key`: everything
    /// [`Estimator::enumerate`] reads.
    fn spell(&mut self, size: usize) {
        self.key.clear();
        self.key.push(size as u8);
        self.key.push(self.numbers.len() as u8);
        self.key.extend(self.need.iter().map(|&n| n as u8));
        for (&mask, &group) in self.masks.iter().zip(&self.sizes) {
            self.key.push(mask as u8);
            self.key.push(group as u8);
        }
    }

    /// Enumerates the groups' mine counts that give each number what it needs: group 0's
    /// expected mines per `size` cells of it (b's share), its fewest and most mines.
    fn enumerate(&mut self, size: usize) -> Option<BoxLaw> {
        let groups = self.masks.len();
        let numbers = self.numbers.len();
        self.placed.clear();
        self.placed.resize(numbers, 0);
        self.rest.clear();
        self.rest.resize(numbers, 0);
        for g in 0..groups {
            for j in bits(self.masks[g]) {
                self.rest[j] += self.sizes[g] as i32;
            }
        }
        self.cur.clear();
        self.cur.resize(groups, 0);
        self.top.clear();
        self.top.resize(groups, 0);
        self.ways.clear();
        self.ways.resize(groups + 1, 1.0);
        let (mut total, mut mines) = (0.0, 0.0);
        let (mut low, mut high) = (u32::MAX, 0);
        let mut nodes = 0u64;
        let mut pos = 0;
        // Whether `pos` is reached afresh (its bounds to find) or was just given one more mine.
        let mut fresh = true;
        loop {
            if fresh {
                let (from, to) = self.bounds(pos);
                if from > to {
                    // No count fits: back to the deepest earlier group that can take a mine.
                    if pos == 0 {
                        break;
                    }
                    pos -= 1;
                    if !self.next(&mut pos) {
                        break;
                    }
                    fresh = false;
                    continue;
                }
                nodes += 1;
                self.cur[pos] = from as u32;
                self.top[pos] = to as u32;
                self.shift(pos, from, -(self.sizes[pos] as i32));
            }
            let s = self.sizes[pos] as usize;
            self.ways[pos + 1] = self.ways[pos] * self.weight[s][self.cur[pos] as usize];
            if pos + 1 < groups {
                pos += 1;
                fresh = true;
                continue;
            }
            let w = self.ways[groups];
            total += w;
            mines += w * self.cur[0] as f64;
            low = low.min(self.cur[0]);
            high = high.max(self.cur[0]);
            if !self.next(&mut pos) {
                break;
            }
            fresh = false;
        }
        if total <= 0.0 {
            return None;
        }
        // Group 0 holds b's cells and maybe others just like them here: b gets its share.
        let share = size as f64 / self.sizes[0] as f64;
        let own = self.sizes[0] as usize;
        let low = (low as usize).saturating_sub(own - size);
        let high = (high as usize).min(size);
        Some((mines / total * share, low, high, nodes))
    }

    /// The bounds on group `g`'s mines given what its numbers still need.
    fn bounds(&self, g: usize) -> (i32, i32) {
        let size = self.sizes[g] as i32;
        let (mut low, mut high) = (0, size);
        for j in bits(self.masks[g]) {
            let missing = self.need[j] - self.placed[j];
            high = high.min(missing);
            low = low.max(missing - (self.rest[j] - size));
        }
        (low, high)
    }

    fn shift(&mut self, g: usize, mines: i32, rest: i32) {
        for j in bits(self.masks[g]) {
            self.placed[j] += mines;
            self.rest[j] += rest;
        }
    }

    /// The next arrangement from `pos` back: one more mine in the deepest group that can take
    /// it. False when there is none.
    fn next(&mut self, pos: &mut usize) -> bool {
        loop {
            if self.cur[*pos] < self.top[*pos] {
                self.cur[*pos] += 1;
                self.shift(*pos, 1, 0);
                return true;
            }
            let m = self.cur[*pos] as i32;
            self.shift(*pos, -m, self.sizes[*pos] as i32);
            if *pos == 0 {
                return false;
            }
            *pos -= 1;
        }
    }
}

/// The set bits of `mask`, lowest first.
#[inline(always)]
fn bits(mut mask: u32) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        if mask == 0 {
            return None;
        }
        let j = mask.trailing_zeros() as usize;
        mask &= mask - 1;
        Some(j)
    })
}
