//! The endgame: with the total known and few arrangements of the whole board left, the guess
//! that wins the most of them, found by searching the game tree exactly.
//!
//! Every complete arrangement of mines over the unknown cells is equally likely. A position is
//! the set of arrangements still possible; opening a cell splits it by the number shown (the
//! arrangements where it is a mine are lost). A cell safe in every arrangement that still
//! splits them is opened for free; else the living cells that could be safe are tried, the
//! safest first, until its safety cannot beat the best found (a dead cell, one number wherever
//! it is safe, only when no cell is living: opening it later loses nothing). Each number a
//! cell could show is searched only for what it must be worth for the cell to beat the best
//! so far (the numbers after it counted as won); a position that cannot reach that gives a
//! bound instead of its value. Positions are cached, values and bounds (the same set of
//! arrangements is reached in many orders). A 0's cascade is not played out: the cells it
//! would open are safe in every arrangement left, so they are opened for free the move after.

use super::frontier::{Frontier, Know};
use super::view::Seen;

/// At most this many unknown cells (one bit each).
pub(super) const MAX_CELLS: usize = 128;

/// The search is tried when at most this many arrangements are left, within the analysis's
/// budget.
pub(super) const MAX_ARRANGEMENTS: usize = 400;

/// On a dense board (at least [`DENSE_FROM`] mines per cell), up to this many, and the search
/// may walk [`DENSE_EXTRA_BUDGETS`] analysis budgets more than what is left of its own: there
/// the heuristic guess is wrong more often, and the larger search wins about 0.04 points more
/// of expert games (on the sparser boards it gains nothing measurable, for a third of the
/// speed).
pub(super) const DENSE_MAX_ARRANGEMENTS: usize = 3000;
pub(super) const DENSE_FROM: f64 = 0.18;
pub(super) const DENSE_EXTRA_BUDGETS: u64 = 24;

/// The tree search over one position's arrangements.
#[derive(Debug, Default)]
pub(super) struct Endgame {
    /// Per unknown cell (by bit): its unknown neighbours.
    around: Vec<u128>,
    /// The arrangements, a set bit for a mine.
    arrangements: Vec<u128>,
    memo: Memo,
    /// `shown[cell * arrangements + a]`: the number `cell` shows in arrangement `a`
    /// ([`MINE`] where it is a mine), filled a cell at a time when first asked (bit `cell` of
    /// `shown_ready`).
    shown: Vec<u8>,
    shown_ready: u128,
    /// The lists of the splits done, kept for the next ones.
    spare_lists: Vec<Vec<u16>>,
    work: u64,
    limit: u64,
}

/// The values of the positions met (or bounds on them: see [`Endgame::value`]). A position is
/// the indices of its arrangements, ascending; the positions are kept one after another in one
/// list and found through an open-addressing table (one allocation per search at most, not
/// one per position).
#[derive(Debug, Default)]
struct Memo {
    lists: Vec<u16>,
    /// Per position: its hash, where its list starts in `lists`, its length, its value.
    entries: Vec<(u64, u32, u32, Chance)>,
    /// 1 + an index into `entries`, or 0 for an empty slot; a power of two long, at most half
    /// full.
    slots: Vec<u32>,
}

impl Memo {
    fn clear(&mut self) {
        self.lists.clear();
        self.entries.clear();
        self.slots.iter_mut().for_each(|s| *s = 0);
    }

    /// A multiply and a rotation per 4 arrangements (the standard hash, built to resist crafted
    /// keys, costs more than the search it serves; positions are made by the search, not
    /// given).
    fn hash(set: &[u16]) -> u64 {
        let mut h = set.len() as u64;
        for chunk in set.chunks(4) {
            let word = chunk
                .iter()
                .enumerate()
                .fold(0u64, |w, (i, &a)| w | (a as u64) << (16 * i));
            h = (h.rotate_left(5) ^ word).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
        }
        h
    }

    /// The slot of `set` (its hash `hash`): where it is, or the empty one where it would go.
    fn slot(&self, set: &[u16], hash: u64) -> usize {
        let mask = self.slots.len() - 1;
        let mut at = (hash >> 32) as usize & mask;
        loop {
            let entry = self.slots[at];
            if entry == 0 {
                return at;
            }
            let (h, start, len, _) = self.entries[entry as usize - 1];
            if h == hash && &self.lists[start as usize..(start + len) as usize] == set {
                return at;
            }
            at = (at + 1) & mask;
        }
    }

    /// What is known of `set`'s chance, when it is enough for a caller that asks for more
    /// than `floor`: the chance, or a bound on it no higher than `floor`.
    fn get(&self, set: &[u16], floor: f64) -> Option<Chance> {
        if self.slots.is_empty() {
            return None;
        }
        let entry = self.slots[self.slot(set, Memo::hash(set))];
        if entry == 0 {
            return None;
        }
        let known = self.entries[entry as usize - 1].3;
        (known.exact || known.value <= floor + TIE).then_some(known)
    }

    fn insert(&mut self, set: &[u16], value: Chance) {
        let full =
            self.entries.len() == MEMO_POSITIONS || self.lists.len() + set.len() > MEMO_INDICES;
        if 2 * (self.entries.len() + 1) > self.slots.len() && !full {
            let size = (2 * self.slots.len()).max(64);
            self.slots.clear();
            self.slots.resize(size, 0);
            for (i, &(hash, start, len, _)) in self.entries.iter().enumerate() {
                let list = &self.lists[start as usize..(start + len) as usize];
                let at = self.slot(list, hash);
                self.slots[at] = i as u32 + 1;
            }
        }
        let hash = Memo::hash(set);
        let at = self.slot(set, hash);
        if self.slots[at] != 0 {
            self.entries[self.slots[at] as usize - 1].3 = value;
            return;
        }
        if full {
            return;
        }
        self.entries
            .push((hash, self.lists.len() as u32, set.len() as u32, value));
        self.lists.extend_from_slice(set);
        self.slots[at] = self.entries.len() as u32;
    }
}

/// The cache keeps at most this many positions, and this many arrangement indices in all
/// (about 25 MB with its table): past that the search goes on without caching what it finds,
/// slower but to the same result. The largest search of 2,000 expert games kept 102,263
/// positions and 1,989,272 indices.
const MEMO_POSITIONS: usize = 400_000;
const MEMO_INDICES: usize = 4_000_000;

/// [`Endgame::shown`] for a cell that is a mine.
const MINE: u8 = 9;

/// Chances closer than this are equal: the first cell found keeps the lead.
const TIE: f64 = 1e-12;

/// A position's chance of being won with best play, or a bound on it (`exact` false): the
/// chance is at most `value`.
#[derive(Clone, Copy, Debug)]
struct Chance {
    value: f64,
    exact: bool,
}

impl Chance {
    const WON: Chance = Chance {
        value: 1.0,
        exact: true,
    };
}

/// The search ran out of budget.
pub(super) struct OutOfBudget;

impl Endgame {
    /// A search over `arrangements` of cells whose unknown neighbours are `around` (by bit).
    pub(super) fn new(around: Vec<u128>, arrangements: Vec<u128>) -> Endgame {
        Endgame {
            shown: vec![0; around.len() * arrangements.len()],
            around,
            arrangements,
            ..Endgame::default()
        }
    }

    /// The cell (by bit) to open, and the chance of winning with it, walking at most `limit`
    /// nodes (an arrangement looked at is one); the nodes walked are kept in `work`.
    ///
    /// # Complexity
    /// Exponential in the worst case: bounded by `limit`.
    pub(super) fn best(&mut self, limit: u64) -> Result<(usize, f64), OutOfBudget> {
        self.limit = limit;
        self.work = 0;
        self.memo.clear();
        let all: Vec<u16> = (0..self.arrangements.len() as u16).collect();
        let (chance, cell) = self.value(&all, true, -1.0)?;
        Ok((cell.unwrap_or(0), chance.value))
    }

    /// Nodes walked by the last search.
    pub(super) fn work(&self) -> u64 {
        self.work
    }

    /// The chance of winning from `set` with best play, and with `root` the first cell to
    /// open (`None` when the position is won). When the chance is at most `floor`, a bound on
    /// it no higher may come back instead: a caller that only needs more than `floor` learns
    /// that this is not it, and the cells that cannot beat `floor` are not searched.
    fn value(
        &mut self,
        set: &[u16],
        root: bool,
        floor: f64,
    ) -> Result<(Chance, Option<usize>), OutOfBudget> {
        if set.len() <= 1 {
            return Ok((Chance::WON, None));
        }
        if !root {
            if let Some(known) = self.memo.get(set, floor) {
                return Ok((known, None));
            }
        }
        let (mut any, mut all) = (0u128, u128::MAX);
        for &a in set {
            any |= self.arrangements[a as usize];
            all &= self.arrangements[a as usize];
        }
        let cells = self.around.len();
        let varying = any & !all;
        // A free cell that tells something: open it (free information never hurts).
        for cell in 0..cells {
            if any >> cell & 1 == 0 {
                if self.around[cell] & varying == 0 {
                    // Its neighbours are the same in every arrangement: it shows one number.
                    self.charge(set.len())?;
                    continue;
                }
                let count = self.tally(set, cell)?;
                if count.iter().filter(|&&n| n > 0).count() > 1 {
                    let parts = self.split(set, cell, &count);
                    let chance = self.weigh(&parts, set.len(), floor)?;
                    self.spare_lists.push(parts.list);
                    self.memo.insert(set, chance);
                    return Ok((chance, Some(cell)));
                }
            }
        }
        // Otherwise a risk: the safest cells first.
        let mut mines = [0usize; MAX_CELLS];
        for &a in set {
            let mut bits = self.arrangements[a as usize] & varying;
            while bits != 0 {
                mines[bits.trailing_zeros() as usize] += 1;
                bits &= bits - 1;
            }
        }
        let (mut risky, mut count) = ([(0, 0); MAX_CELLS], 0);
        for cell in (0..cells).filter(|&cell| varying >> cell & 1 == 1) {
            risky[count] = (set.len() - mines[cell], cell);
            count += 1;
        }
        let risky = &mut risky[..count];
        self.work += (cells * set.len()) as u64;
        risky.sort_unstable_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
        // The best cell so far, and a bound on the cells found no better than it or `floor`.
        let (mut best, mut best_cell, mut bound) = (-1.0f64, None, 0.0f64);
        // A dead cell (one number wherever it is safe) tells nothing: opening it later loses
        // nothing, so while a living cell is left the best move is a living one. The dead
        // cells are tried only when no living cell was.
        let mut living = false;
        for dead_pass in [false, true] {
            if dead_pass && living {
                break;
            }
            for &(safe, cell) in risky.iter() {
                let bar = best.max(floor);
                let safety = safe as f64 / set.len() as f64;
                if safety <= bar + TIE {
                    // A cell is won at most as often as it is safe, and the cells left are less so.
                    bound = bound.max(safety);
                    break;
                }
                let count = self.tally(set, cell)?;
                let dead = count.iter().filter(|&&n| n > 0).count() <= 1;
                if dead != dead_pass {
                    continue;
                }
                living |= !dead;
                let parts = self.split(set, cell, &count);
                let chance = self.weigh(&parts, set.len(), bar)?;
                self.spare_lists.push(parts.list);
                if chance.exact && chance.value > bar + TIE {
                    best = chance.value;
                    best_cell = Some(cell);
                } else {
                    bound = bound.max(chance.value);
                }
            }
        }
        let chance = if best > floor + TIE {
            Chance {
                value: best,
                exact: true,
            }
        } else {
            Chance {
                value: bound.max(best).max(0.0),
                exact: false,
            }
        };
        self.memo.insert(set, chance);
        Ok((chance, best_cell))
    }

    /// How many arrangements of `set` where `cell` is safe show each number.
    fn tally(&mut self, set: &[u16], cell: usize) -> Result<[usize; 9], OutOfBudget> {
        self.charge(set.len())?;
        let shown = self.shown(cell);
        let mut count = [0; MINE as usize + 1];
        for &a in set {
            count[shown[a as usize] as usize] += 1;
        }
        let mut safe = [0; 9];
        safe.copy_from_slice(&count[..9]);
        Ok(safe)
    }

    /// What `cell` shows in each arrangement ([`MINE`] where it is one).
    fn shown(&mut self, cell: usize) -> &[u8] {
        let n = self.arrangements.len();
        if self.shown_ready >> cell & 1 == 0 {
            self.shown_ready |= 1 << cell;
            let around = self.around[cell];
            for (a, &mines) in self.arrangements.iter().enumerate() {
                self.shown[cell * n + a] = if mines >> cell & 1 == 1 {
                    MINE
                } else {
                    (mines & around).count_ones() as u8
                };
            }
        }
        &self.shown[cell * n..(cell + 1) * n]
    }

    /// Counts `nodes` more nodes walked; an error past the limit.
    fn charge(&mut self, nodes: usize) -> Result<(), OutOfBudget> {
        self.work += nodes as u64;
        if self.work > self.limit {
            return Err(OutOfBudget);
        }
        Ok(())
    }

    /// The arrangements of `set` where `cell` is safe, by the number of mines around it
    /// (`count` from [`Endgame::tally`], which made `shown` ready for `cell`), in one list.
    fn split(&mut self, set: &[u16], cell: usize, count: &[usize; 9]) -> Parts {
        let mut start = [0; 10];
        for (k, &n) in count.iter().enumerate() {
            start[k + 1] = start[k] + n;
        }
        let mut list = self.spare_lists.pop().unwrap_or_default();
        list.clear();
        list.resize(start[9], 0);
        let mut fill = start;
        let n = self.arrangements.len();
        let shown = &self.shown[cell * n..(cell + 1) * n];
        for &a in set {
            let k = shown[a as usize];
            if k != MINE {
                list[fill[k as usize]] = a;
                fill[k as usize] += 1;
            }
        }
        Parts { list, start }
    }

    /// The chance of winning over `total` arrangements after the split `parts`, or (not
    /// exact) a bound on it when it is at most `floor`: each part is searched for what it must
    /// be worth for the whole to beat `floor`, the parts after it taken as won.
    fn weigh(&mut self, parts: &Parts, total: usize, floor: f64) -> Result<Chance, OutOfBudget> {
        let mut won = 0.0;
        let mut unweighed = parts.start[9];
        for k in 0..9 {
            let part = &parts.list[parts.start[k]..parts.start[k + 1]];
            if part.is_empty() {
                continue;
            }
            let len = part.len();
            let rest = (unweighed - len) as f64;
            let most = (won + len as f64 + rest) / total as f64;
            if floor >= 0.0 && most <= floor + TIE {
                return Ok(Chance {
                    value: most,
                    exact: false,
                });
            }
            let need = ((floor + TIE) * total as f64 - won - rest) / len as f64;
            let (chance, _) = self.value(part, false, need)?;
            if !chance.exact {
                return Ok(Chance {
                    value: (won + len as f64 * chance.value + rest) / total as f64,
                    exact: false,
                });
            }
            won += len as f64 * chance.value;
            unweighed -= len;
        }
        Ok(Chance {
            value: won / total as f64,
            exact: true,
        })
    }
}

/// A position split by the number shown: the arrangements showing k are
/// `list[start[k]..start[k + 1]]`, ascending.
struct Parts {
    list: Vec<u16>,
    start: [usize; 10],
}

/// Each of `cells`' neighbours among them (bit i is `cells[i]`, unknown cells ascending), and
/// every arrangement of mines over them (of `left` mines when given) that fits the numbers
/// next to them: `None` when such a number has an unknown cell outside `cells`, or past
/// [`MAX_CELLS`] cells, `most` arrangements or `limit` nodes (added to `work`).
///
/// # Complexity
/// At most `limit` nodes.
pub(super) fn arrangements(
    frontier: &Frontier,
    cells: &[u32],
    left: Option<usize>,
    most: usize,
    limit: u64,
    work: &mut u64,
) -> Option<(Vec<u128>, Vec<u128>)> {
    if cells.len() > MAX_CELLS {
        return None;
    }
    let bit_of = |cell: usize| cells.binary_search(&(cell as u32)).ok();
    let around: Vec<u128> = cells
        .iter()
        .map(|&c| {
            frontier
                .around(c as usize)
                .filter_map(bit_of)
                .fold(0u128, |m, b| m | 1 << b)
        })
        .collect();
    // The numbers next to unknown cells: their unknown cells and the mines they still need.
    let mut numbers: Vec<(u32, u128, u32)> = Vec::new();
    for &c in cells {
        for next in frontier.around(c as usize) {
            if let Seen::Open(shown) = frontier.seen[next] {
                if numbers.iter().any(|x| x.0 == next as u32) {
                    continue;
                }
                let mut mask = 0u128;
                let mut known = 0;
                for x in frontier.around(next) {
                    match frontier.know(x) {
                        Know::Mine | Know::Flag => known += 1,
                        // Outside `cells`: the numbers are not theirs alone.
                        Know::Unknown => mask |= 1 << bit_of(x)?,
                        _ => {}
                    }
                }
                let need = (shown as u32).checked_sub(known)?;
                numbers.push((next as u32, mask, need));
            }
        }
    }
    let mut by_cell: Vec<Vec<usize>> = vec![Vec::new(); cells.len()];
    for (j, &(_, mask, _)) in numbers.iter().enumerate() {
        for (b, list) in by_cell.iter_mut().enumerate() {
            if mask >> b & 1 == 1 {
                list.push(j);
            }
        }
    }
    let mut search = Search {
        by_cell: &by_cell,
        still: numbers
            .iter()
            .map(|x| [x.2 as i32, x.1.count_ones() as i32])
            .collect(),
        count: cells.len(),
        left,
        most,
        found: Vec::new(),
        work: 0,
        limit,
    };
    let complete = search.place(0, 0, 0);
    *work += search.work;
    let found = search.found;
    complete.then_some((around, found))
}

/// The enumeration of complete arrangements by backtracking over the cells in order.
struct Search<'a> {
    by_cell: &'a [Vec<usize>],
    /// Per number: the mines it still needs, and its cells not placed yet.
    still: Vec<[i32; 2]>,
    count: usize,
    /// The mines to place, when the total counts.
    left: Option<usize>,
    /// The most arrangements wanted.
    most: usize,
    found: Vec<u128>,
    work: u64,
    limit: u64,
}

impl Search<'_> {
    /// Places the cells from `at` on, `mines` placed in `mask` so far; false when a limit was
    /// reached.
    fn place(&mut self, at: usize, mask: u128, mines: usize) -> bool {
        self.work += 1;
        if self.work > self.limit {
            return false;
        }
        if at == self.count {
            if self.left.map_or(true, |left| mines == left) {
                if self.found.len() == self.most {
                    return false;
                }
                self.found.push(mask);
            }
            return true;
        }
        let unplaced = self.count - at;
        if let Some(left) = self.left {
            if mines > left || mines + unplaced < left {
                return true;
            }
        }
        let by_cell = self.by_cell;
        let numbers = &by_cell[at];
        for mine in [0, 1] {
            let fits = numbers.iter().all(|&j| {
                let [need, open] = self.still[j];
                need >= mine && need - mine < open
            });
            if !fits {
                continue;
            }
            for &j in numbers {
                self.still[j][0] -= mine;
                self.still[j][1] -= 1;
            }
            if !self.place(at + 1, mask | (mine as u128) << at, mines + mine as usize) {
                return false;
            }
            for &j in numbers {
                self.still[j][0] += mine;
                self.still[j][1] += 1;
            }
        }
        true
    }
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;
    use crate::board::Grid;
    use crate::rng::Rng;
    use crate::solver::{Mines, Solver, View};

    /// The chance of winning from `view` with best play, by brute force: every arrangement
    /// of the closed cells tried, each opening played with its cascade on a copy of the view.
    pub(in crate::solver) fn brute_value(view: &View, arrangements: &[Vec<bool>]) -> f64 {
        if arrangements.len() <= 1 {
            return 1.0;
        }
        (0..view.grid().len())
            .filter(|&cell| view.get(cell) == Seen::Closed)
            .map(|cell| brute_open(view, arrangements, cell))
            .fold(0.0, f64::max)
    }

    /// The chance of winning by opening `cell` first, then playing best.
    pub(in crate::solver) fn brute_open(
        view: &View,
        arrangements: &[Vec<bool>],
        cell: usize,
    ) -> f64 {
        let grid = view.grid();
        let mut outcomes: Vec<(View, Vec<Vec<bool>>)> = Vec::new();
        for mines in arrangements.iter().filter(|m| !m[cell]) {
            let mut next = view.clone();
            let mut stack = vec![cell];
            while let Some(c) = stack.pop() {
                if next.get(c) != Seen::Closed {
                    continue;
                }
                let shown = grid.neighbours(c).filter(|&x| mines[x]).count() as u8;
                next.set(c, Seen::Open(shown));
                if shown == 0 {
                    stack.extend(grid.neighbours(c));
                }
            }
            match outcomes.iter_mut().find(|(v, _)| v.cells() == next.cells()) {
                Some((_, list)) => list.push(mines.clone()),
                None => outcomes.push((next, vec![mines.clone()])),
            }
        }
        let won: f64 = outcomes
            .iter()
            .map(|(next, list)| list.len() as f64 * brute_value(next, list))
            .sum();
        won / arrangements.len() as f64
    }

    /// Every arrangement of `count` mines (flags included, as mines) over the closed cells of
    /// `view` that fits its numbers, by brute force.
    pub(in crate::solver) fn fitting(view: &View, count: usize) -> Vec<Vec<bool>> {
        let grid = view.grid();
        let closed: Vec<usize> = (0..grid.len())
            .filter(|&c| view.get(c) == Seen::Closed)
            .collect();
        let flags: Vec<bool> = (0..grid.len())
            .map(|c| view.get(c) == Seen::Flagged)
            .collect();
        let flagged = flags.iter().filter(|&&f| f).count();
        (0u32..1 << closed.len())
            .filter(|m| m.count_ones() as usize + flagged == count)
            .map(|m| {
                let mut mines = flags.clone();
                for (i, &c) in closed.iter().enumerate() {
                    mines[c] = m >> i & 1 == 1;
                }
                mines
            })
            .filter(|mines| {
                (0..grid.len()).all(|c| match view.get(c) {
                    Seen::Open(n) => grid.neighbours(c).filter(|&x| mines[x]).count() == n as usize,
                    _ => true,
                })
            })
            .collect()
    }

    /// A random view of 2x2 up to `rows` x `cols` cells with up to a third of them mines, 1
    /// to `opened` safe cells open (no cascade: any view of numbers will do) and each mine
    /// flagged with chance `flagged`; the view and the mine count.
    pub(in crate::solver) fn random_view(
        rng: &mut Rng,
        rows: usize,
        cols: usize,
        opened: usize,
        flagged: f64,
    ) -> (View, usize) {
        let (rows, cols) = (2 + rng.below(rows - 1), 2 + rng.below(cols - 1));
        let grid = Grid::new(rows, cols);
        let count = 1 + rng.below(rows * cols / 3 + 1);
        let mut cells: Vec<usize> = (0..grid.len()).collect();
        rng.shuffle(&mut cells);
        let is_mine: Vec<bool> = (0..grid.len())
            .map(|c| cells[..count].contains(&c))
            .collect();
        let mut view = View::new(grid);
        for &c in cells[count..].iter().take(1 + rng.below(opened)) {
            let shown = grid.neighbours(c).filter(|&x| is_mine[x]).count() as u8;
            view.set(c, Seen::Open(shown));
        }
        if flagged > 0.0 {
            for &c in &cells[..count] {
                if rng.chance(flagged) {
                    view.set(c, Seen::Flagged);
                }
            }
        }
        (view, count)
    }

    #[test]
    fn the_cache_stops_growing_when_full_and_keeps_what_it_has() {
        let mut memo = Memo::default();
        let won = Chance::WON;
        for i in 0..MEMO_POSITIONS as u32 + 10 {
            memo.insert(&[(i >> 16) as u16, i as u16], won);
        }
        assert_eq!(memo.entries.len(), MEMO_POSITIONS);
        assert!(memo.get(&[0, 5], -1.0).is_some());
        let last = MEMO_POSITIONS as u32 + 9;
        assert!(memo
            .get(&[(last >> 16) as u16, last as u16], -1.0)
            .is_none());
        // A position kept is still brought up to date.
        let bound = Chance {
            value: 0.5,
            exact: false,
        };
        memo.insert(&[0, 5], bound);
        assert!(memo.get(&[0, 5], 0.4).is_none());
        assert!(memo.get(&[0, 5], 0.6).is_some());
    }

    #[test]
    fn the_search_wins_as_often_as_brute_force() {
        let seed = 0xe5d;
        let mut rng = Rng::new(seed);
        let (mut compared, mut bounds) = (0, 0);
        for case in 0..6000 {
            // Up to 4x5 boards, and 5x5 ones with up to 11 closed cells one time in six.
            let big = case % 6 == 5;
            let (rows, most_closed) = if big { (5, 11) } else { (4, 9) };
            let (view, count) = random_view(&mut rng, rows, 5, 3, 0.0);
            let grid = view.grid();
            let closed: Vec<usize> = (0..grid.len())
                .filter(|&c| view.get(c) == Seen::Closed)
                .collect();
            if closed.len() > most_closed {
                continue;
            }
            let mut solver = Solver::new();
            solver.analyse(&view, Mines::Known(count)).unwrap();
            if !solver.certain_safe().is_empty() {
                continue;
            }
            let all = fitting(&view, count);
            let left = count - solver.frontier.known_mines;
            let mut work = 0;
            let bits: Vec<u32> = (0..grid.len() as u32)
                .filter(|&c| solver.frontier.know(c as usize) == Know::Unknown)
                .collect();
            let (around, found) = arrangements(
                &solver.frontier,
                &bits,
                Some(left),
                1 << 16,
                u64::MAX,
                &mut work,
            )
            .expect("few arrangements");
            assert_eq!(
                found.len(),
                all.len(),
                "case {case} (seed {seed})\n{view:?}"
            );
            if found.len() < 2 {
                continue;
            }
            let fewer = found.len() - 1;
            let cut = arrangements(
                &solver.frontier,
                &bits,
                Some(left),
                fewer,
                u64::MAX,
                &mut work,
            );
            assert!(
                cut.is_none(),
                "case {case}: more than {fewer} arrangements kept"
            );
            let mut endgame = Endgame::new(around.clone(), found.clone());
            let Ok((bit, value)) = endgame.best(u64::MAX) else {
                unreachable!("no limit")
            };
            let want = brute_value(&view, &all);
            // Asked for more than a floor, the search gives the value, or a bound no lower
            // than it and no higher than the floor.
            for floor in [want - 0.1, want - 1e-6, want, want + 0.05, want + 0.3] {
                let mut bounded = Endgame::new(around.clone(), found.clone());
                bounded.limit = u64::MAX;
                let all_of: Vec<u16> = (0..found.len() as u16).collect();
                let Ok((got, _)) = bounded.value(&all_of, false, floor) else {
                    unreachable!("no limit")
                };
                let context = format!("case {case}: floor {floor}, value {want}, got {got:?}");
                if got.exact {
                    assert!((got.value - want).abs() < 1e-9, "{context}");
                } else {
                    assert!(
                        got.value >= want - 1e-9 && got.value <= floor + 1e-9,
                        "{context}"
                    );
                }
                bounds += !got.exact as usize;
            }
            assert!(
                (value - want).abs() < 1e-9,
                "case {case} (seed {seed}): search {value}, brute force {want}\n{view:?}"
            );
            // The cell it names wins that often too.
            let cell = bits[bit] as usize;
            let named = brute_open(&view, &all, cell);
            assert!(
                (named - want).abs() < 1e-9,
                "case {case} (seed {seed}): cell {cell}"
            );
            compared += 1;
        }
        assert!(
            compared > 1000 && bounds > 1000,
            "only {compared} positions compared, {bounds} bounds"
        );
    }
}
