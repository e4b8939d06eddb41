//! Exact enumeration of one component's arrangements, by backtracking over its boxes with each
//! box's mine count bounded by its numbers (so only consistent branches are walked), and the
//! tallies combining needs: for each mine count k, the weighted number of arrangements and each
//! box's weighted mines (a box of s cells holding m mines counts C(s, m) ways).
//!
//! One number may be watched instead of obeyed: a probe opens a cell without knowing what it
//! shows, and one enumeration then tallies the arrangements by the mines around it as well
//! (v), which is what each number it could show would leave.

use super::component::Component;
use super::frontier::Frontier;
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

/// `SEEN[n][k]`: the [`SOME_MINE`] and [`SOME_SAFE`] bits of a box of n cells holding k mines.
const SEEN: [[u8; 9]; 9] = seen_bits();

const fn seen_bits() -> [[u8; 9]; 9] {
    let mut table = [[0u8; 9]; 9];
    let mut n = 0;
    while n < 9 {
        let mut k = 0;
        while k <= n {
            table[n][k] = if k > 0 { SOME_MINE } else { 0 } | if k < n { SOME_SAFE } else { 0 };
            k += 1;
        }
        n += 1;
    }
    table
}

/// The ways of the boxes up to `pos` from those before it and `pos`'s mine count, and its
/// seen bits.
#[inline(always)]
fn weigh<L>(levels: &mut [Level<L>], pos: usize) {
    let before = if pos == 0 { 1.0 } else { levels[pos - 1].ways };
    let level = &mut levels[pos];
    let m = level.cur;
    level.ways = before * BINOM[level.size as usize][m as usize];
    level.seen = SEEN[level.size as usize][m as usize];
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

/// Components with more boxes than this keep each box's numbers as directions (16 bytes a
/// box instead of 48), read again at each use: the search on them is slower, and rare.
const WIDE_BOXES: usize = 1 << 16;

/// A box during the enumeration (one struct: each step reads several of these together), its
/// numbers held as `L` holds them.
#[derive(Clone, Copy, Debug, Default)]
struct Level<L> {
    links: L,
    /// The product of C(size, mines) over the boxes up to this one.
    ways: f64,
    /// Its cells (at most 8), the mines placed in it and the most it may take.
    size: u8,
    cur: u8,
    top: u8,
    /// Its [`SOME_MINE`] and [`SOME_SAFE`] bits with its mines now: set once per change,
    /// read at every arrangement recorded.
    seen: u8,
}

/// How a level finds its box's numbers (indices into the enumerator's numbers).
trait Links: Copy + Default {
    /// Those of box `b` of `comp` (in `f`).
    fn of(f: &Frontier, comp: &Component, b: usize) -> Self;

    /// Them, as a slice of its own or of `buffer`.
    fn numbers<'a>(
        &'a self,
        f: &Frontier,
        comp: &Component,
        b: usize,
        buffer: &'a mut [u32; 8],
    ) -> &'a [u32];
}

/// The numbers themselves.
#[derive(Clone, Copy, Debug, Default)]
struct Inline {
    numbers: [u32; 8],
    len: u8,
}

impl Links for Inline {
    #[inline]
    fn of(f: &Frontier, comp: &Component, b: usize) -> Inline {
        let mut links = Inline::default();
        for i in f.numbers_of(comp, b) {
            links.numbers[links.len as usize] = i as u32;
            links.len += 1;
        }
        links
    }

    #[inline(always)]
    fn numbers<'a>(
        &'a self,
        _: &Frontier,
        _: &Component,
        _: usize,
        _: &'a mut [u32; 8],
    ) -> &'a [u32] {
        &self.numbers[..self.len as usize]
    }
}

/// The directions of the box's numbers from its first cell (read from the component).
#[derive(Clone, Copy, Debug, Default)]
struct Directions {
    set: u8,
}

impl Links for Directions {
    #[inline]
    fn of(_: &Frontier, comp: &Component, b: usize) -> Directions {
        Directions {
            set: comp.box_mask[b],
        }
    }

    #[inline(always)]
    fn numbers<'a>(
        &'a self,
        f: &Frontier,
        comp: &Component,
        b: usize,
        buffer: &'a mut [u32; 8],
    ) -> &'a [u32] {
        let mut len = 0;
        let first = comp.cells[comp.box_start[b] as usize] as usize;
        for i in f.numbers_around(first, self.set) {
            buffer[len] = i as u32;
            len += 1;
        }
        &buffer[..len]
    }
}

/// The enumeration's reusable buffers.
#[derive(Debug, Default)]
pub(super) struct Enumerator {
    search: Search,
    /// Per box, in order: made as the search first reaches it (a component too large to
    /// enumerate is left after a few of its boxes); `wide` for a component of more than
    /// [`WIDE_BOXES`] boxes.
    levels: Vec<Level<Inline>>,
    wide: Vec<Level<Directions>>,
}

/// What the search reads besides its levels.
#[derive(Debug, Default)]
struct Search {
    /// Per number: the fewest and the most mines it takes (equal unless watched), the mines
    /// placed, the cells not assigned yet. One more entry, never touched, stands for "no
    /// watched number".
    numbers: Vec<Number>,
    /// Per slot (v and k): one more than its row in the tallies (0: none yet), and its
    /// weight. Zero between searches: each search puts back the slots it used (those of
    /// `used`), so that a search costs the slots it reaches, not all it might.
    row_of: Vec<u32>,
    weight: Vec<f64>,
    /// The slots given a row, in the order of their rows.
    used: Vec<u32>,
}

impl Enumerator {
    /// Gives its buffers back when one component made them large.
    pub(super) fn release_large(&mut self) {
        let s = &self.search;
        if is_large(&self.levels)
            || is_large(&self.wide)
            || is_large(&s.row_of)
            || is_large(&s.used)
        {
            *self = Enumerator::default();
        }
    }

    /// Enumerates `comp`, whose numbers' missing mines are read from `f`, into `out`, walking
    /// at most about `limit` nodes (a placement or increment is one node, recording an
    /// arrangement one per 8 boxes). Number `watch` of the component (an index into its
    /// `cons`), if any, is not obeyed but tallied. Returns how it ended and the nodes walked.
    ///
    /// # Complexity
    /// O(nodes); memory O(boxes * distinct counts), at most 32 entries per cell.
    pub(super) fn run(
        &mut self,
        f: &Frontier,
        comp: &Component,
        watch: Option<usize>,
        limit: u64,
        out: &mut Tallies,
    ) -> (Enumerated, u64) {
        let s = &mut self.search;
        s.set_numbers(f, comp, watch);
        if comp.boxes() > WIDE_BOXES {
            s.walk(&mut self.wide, f, comp, watch, limit, out)
        } else {
            s.walk(&mut self.levels, f, comp, watch, limit, out)
        }
    }
}

impl Search {
    /// Sets the numbers of `comp` for a search (`watch` as [`Enumerator::run`] takes it).
    fn set_numbers(&mut self, f: &Frontier, comp: &Component, watch: Option<usize>) {
        let s = self;
        s.numbers.clear();
        // Room at once: a large component's lists are not grown (and copied) twice.
        s.numbers.reserve_exact(comp.cons.len() + 1);
        for (i, &con) in comp.cons.iter().enumerate() {
            let rest: usize = comp
                .boxes_of(i)
                .iter()
                .map(|&b| comp.box_size(b as usize))
                .sum();
            let need = f.cells[con as usize].need;
            let (low, high) = if watch == Some(i) {
                (0, rest as i8)
            } else {
                (need, need)
            };
            s.numbers.push(Number {
                need_low: low,
                need_high: high,
                placed: 0,
                rest: rest as i8,
            });
        }
        s.numbers.push(Number {
            need_low: 0,
            need_high: 0,
            placed: 0,
            rest: 0,
        });
    }

    /// [`Enumerator::run`] once the numbers are set, with `levels` of layout `L`.
    #[inline(always)]
    fn walk<L: Links>(
        &mut self,
        levels: &mut Vec<Level<L>>,
        f: &Frontier,
        comp: &Component,
        watch: Option<usize>,
        limit: u64,
        out: &mut Tallies,
    ) -> (Enumerated, u64) {
        let boxes = comp.boxes();
        let total = comp.cells.len();
        let watched = watch.unwrap_or(comp.cons.len());
        let values = match watch {
            Some(w) => self.numbers[w].rest as usize + 1,
            None => 1,
        };
        levels.clear();
        levels.reserve_exact(boxes);
        self.clear_tallies(values * (total + 1), out);
        let cap = (TALLY_ENTRIES_PER_CELL * total).max(4096);
        let record_cost = 1 + boxes as u64 / 8;
        let mut nodes: u64 = 0;
        let mut placed_mines: u32 = 0;
        let mut pos = 0usize;
        let mut aborted = false;
        'descend: loop {
            if pos == levels.len() {
                levels.push(Level {
                    links: L::of(f, comp, pos),
                    size: comp.box_size(pos) as u8,
                    ..Level::default()
                });
            }
            let (low, high) = self.bounds(levels, f, comp, pos);
            if low <= high {
                nodes += 1;
                let level = &mut levels[pos];
                (level.cur, level.top) = (low as u8, high as u8);
                let size = level.size as i32;
                weigh(levels, pos);
                self.shift(levels, f, comp, pos, low, -size);
                placed_mines += low as u32;
                if pos + 1 < boxes {
                    pos += 1;
                    continue 'descend;
                }
                loop {
                    nodes += record_cost;
                    let v = self.numbers[watched].placed as usize;
                    if !self.record(levels, v * (total + 1) + placed_mines as usize, cap, out) {
                        aborted = true;
                        break;
                    }
                    let level = &mut levels[pos];
                    if level.cur == level.top {
                        break;
                    }
                    nodes += 1;
                    level.cur += 1;
                    weigh(levels, pos);
                    placed_mines += 1;
                    self.shift(levels, f, comp, pos, 1, 0);
                }
                let Level { cur, size, .. } = levels[pos];
                self.shift(levels, f, comp, pos, -(cur as i32), size as i32);
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
                let level = &mut levels[pos];
                if level.cur < level.top {
                    nodes += 1;
                    level.cur += 1;
                    weigh(levels, pos);
                    placed_mines += 1;
                    self.shift(levels, f, comp, pos, 1, 0);
                    pos += 1;
                    continue 'descend;
                }
                let Level { cur, size, .. } = levels[pos];
                self.shift(levels, f, comp, pos, -(cur as i32), size as i32);
                placed_mines -= cur as u32;
            }
        }
        let ended = match aborted {
            true => Enumerated::OutOfBudget,
            false => self.finish(boxes, values, total + 1, out),
        };
        self.zero_used_tallies();
        (ended, nodes)
    }

    /// Zeroes the rows of tallies the walk used, for the next.
    #[inline(always)]
    fn zero_used_tallies(&mut self) {
        for &slot in &self.used {
            self.row_of[slot as usize] = 0;
            self.weight[slot as usize] = 0.0;
        }
        self.used.clear();
    }

    /// Room for `slots` rows of tallies (each zero: [`Search::zero_used_tallies`] after each walk),
    /// and `out` emptied.
    #[inline(always)]
    fn clear_tallies(&mut self, slots: usize, out: &mut Tallies) {
        if self.row_of.len() < slots {
            zeroed(&mut self.row_of, slots);
            zeroed(&mut self.weight, slots);
        }
        debug_assert!(self.used.is_empty());
        debug_assert!(self.row_of[..slots].iter().all(|&r| r == 0));
        debug_assert!(self.weight[..slots].iter().all(|&w| w == 0.0));
        out.mines.clear();
        out.seen.clear();
    }

    /// The bounds on the mines of box `b` given what its numbers still need.
    #[inline(always)]
    fn bounds<L: Links>(
        &self,
        levels: &[Level<L>],
        f: &Frontier,
        comp: &Component,
        b: usize,
    ) -> (i32, i32) {
        let level = &levels[b];
        let size = level.size as i32;
        let (mut low, mut high) = (0, size);
        let mut buffer = [0; 8];
        for &i in level.links.numbers(f, comp, b, &mut buffer) {
            let n = self.numbers[i as usize];
            let (placed, rest) = (n.placed as i32, n.rest as i32);
            high = high.min(n.need_high as i32 - placed);
            low = low.max(n.need_low as i32 - placed - (rest - size));
        }
        (low, high)
    }

    /// Adds `mines` to box `b`'s numbers and `rest` to their unassigned cells.
    #[inline(always)]
    fn shift<L: Links>(
        &mut self,
        levels: &[Level<L>],
        f: &Frontier,
        comp: &Component,
        b: usize,
        mines: i32,
        rest: i32,
    ) {
        let mut buffer = [0; 8];
        for &i in levels[b].links.numbers(f, comp, b, &mut buffer) {
            let n = &mut self.numbers[i as usize];
            n.placed += mines as i8;
            n.rest += rest as i8;
        }
    }

    /// Adds the current arrangement to the tallies at `slot` (v and k); false when the tallies
    /// would outgrow `cap` entries or the weights overflow.
    #[inline]
    fn record<L>(
        &mut self,
        levels: &[Level<L>],
        slot: usize,
        cap: usize,
        out: &mut Tallies,
    ) -> bool {
        let boxes = levels.len();
        let ways = levels.last().map_or(1.0, |level| level.ways);
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
            self.used.push(slot as u32);
            out.mines.resize(out.mines.len() + boxes, 0.0);
            out.seen.resize(out.seen.len() + boxes, 0);
        }
        self.weight[slot] += ways;
        let base = row as usize * boxes;
        let mines = &mut out.mines[base..base + boxes];
        let seen = &mut out.seen[base..base + boxes];
        for ((level, mines), seen) in levels.iter().zip(mines).zip(seen) {
            *mines += ways * level.cur as f64;
            *seen |= level.seen;
        }
        true
    }

    /// Completes `out` from the slots (`values` runs of `width` counts): trims the counts no
    /// value has, scales.
    #[inline(always)]
    fn finish(
        &mut self,
        boxes: usize,
        values: usize,
        width: usize,
        out: &mut Tallies,
    ) -> Enumerated {
        if self.used.is_empty() {
            return Enumerated::Empty;
        }
        let (mut lo, mut hi) = (width, 0);
        // Every other slot's weight is 0, which the fold starts from: the same largest weight
        // as over all of them.
        let mut top: f64 = 0.0;
        for &slot in &self.used {
            let k = slot as usize % width;
            (lo, hi) = (lo.min(k), hi.max(k));
            top = top.max(self.weight[slot as usize]);
        }
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::Rng;
    use crate::solver::tests::random_view;
    use crate::solver::view::{Seen, View};

    /// The frontier of `view` grouped into components, and their ids (`None`: the view does
    /// not fit).
    fn grouped(view: &View) -> Option<(Frontier, Vec<u32>)> {
        let mut f = Frontier::new();
        f.reset(view.grid());
        f.checkpoint();
        for cell in 0..view.grid().len() {
            let seen = view.get(cell);
            f.seen[cell] = seen;
            let fits = match seen {
                Seen::Open(number) => f.open(cell, number).is_ok(),
                Seen::Flagged => f.flag(cell).is_ok(),
                Seen::Closed => true,
            };
            if !fits {
                return None;
            }
        }
        f.propagate().ok()?;
        let mut created = Vec::new();
        f.rebuild(&mut created);
        Some((f, created))
    }

    #[test]
    fn both_layouts_walk_alike() {
        // Every component of random views, enumerated with its boxes' numbers held inline and
        // as directions, watched or not, within several budgets: the same outcome, nodes and
        // tallies.
        let seed = 0x1a7e;
        let mut rng = Rng::new(seed);
        let mut compared = 0;
        for case in 0..600 {
            let (view, _) = random_view(&mut rng, 10, 12, 50, 0.3);
            let Some((f, created)) = grouped(&view) else {
                continue;
            };
            for &id in &created {
                let comp = &f.comps[id as usize];
                for (watch, limit) in [(None, 20), (None, 1_000_000), (Some(0), 200)] {
                    let walk = |wide: bool| {
                        let mut search = Search::default();
                        search.set_numbers(&f, comp, watch);
                        let mut out = Tallies::default();
                        let ended = if wide {
                            search.walk::<Directions>(
                                &mut Vec::new(),
                                &f,
                                comp,
                                watch,
                                limit,
                                &mut out,
                            )
                        } else {
                            search.walk::<Inline>(&mut Vec::new(), &f, comp, watch, limit, &mut out)
                        };
                        format!("{ended:?} {out:?}")
                    };
                    assert_eq!(
                        walk(true),
                        walk(false),
                        "case {case} (seed {seed})\n{view:?}"
                    );
                    compared += 1;
                }
            }
        }
        assert!(compared > 1000, "only {compared} walks compared");
    }

    #[test]
    fn a_reused_enumerator_walks_as_a_fresh_one() {
        // One enumerator for every component of random views, watched or not, with walks cut
        // short by the budget between them: the same outcome, nodes and tallies as a fresh
        // one each time (the slots one search used must be put back for the next).
        let seed = 0x5107;
        let mut rng = Rng::new(seed);
        let mut reused = Enumerator::default();
        let mut compared = 0;
        for case in 0..1000 {
            let (view, _) = random_view(&mut rng, 10, 12, 50, 0.3);
            let Some((f, created)) = grouped(&view) else {
                continue;
            };
            for &id in &created {
                let comp = &f.comps[id as usize];
                for (watch, limit) in [(Some(0), 1_000_000), (None, 20), (None, 1_000_000)] {
                    let walk = |enumerator: &mut Enumerator| {
                        let mut out = Tallies::default();
                        let ended = enumerator.run(&f, comp, watch, limit, &mut out);
                        format!("{ended:?} {out:?}")
                    };
                    let fresh = walk(&mut Enumerator::default());
                    assert_eq!(
                        walk(&mut reused),
                        fresh,
                        "case {case} (seed {seed})\n{view:?}"
                    );
                    compared += 1;
                }
            }
        }
        assert!(compared > 1000, "only {compared} walks compared");
    }
}
