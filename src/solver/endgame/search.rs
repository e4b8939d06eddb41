//! The tree search over one position's arrangements: the first move that wins the most of
//! them (see `endgame/mod.rs`).

use super::arrangements::MAX_CELLS;
use super::memo::{Chance, PositionMemo, TIE};
use crate::solver::budget::NodeBudget;

/// The search is tried when at most this many arrangements are left, within the analysis's
/// budget.
pub(in crate::solver) const MAX_ARRANGEMENTS: usize = 400;

/// On a dense board (at least [`DENSE_FROM`] mines per cell), up to this many, and the search
/// may walk [`DENSE_EXTRA_BUDGETS`] analysis budgets more than what is left of its own: there
/// the heuristic guess is wrong more often, and the larger search wins about 0.04 points more
/// of expert games (on the sparser boards it gains nothing measurable, for a third of the
/// speed). Up to 3,000 it took half of expert's time (a few searches walking millions of
/// nodes) for 0.024 points more on the same 10^6 games (docs/solver.md, step 8c).
pub(in crate::solver) const DENSE_MAX_ARRANGEMENTS: usize = 1000;
pub(in crate::solver) const DENSE_FROM: f64 = 0.18;

/// The strong mode's cap on a dense board, with the same node allowance: step 8b's, which
/// won 0.024 points more of expert games than 1,000 at about half the speed (docs/solver.md,
/// "The strong mode").
pub(in crate::solver) const STRONG_DENSE_MAX_ARRANGEMENTS: usize = 3000;
pub(in crate::solver) const DENSE_EXTRA_BUDGETS: u64 = 24;

/// The best first move (by bit) over `arrangements` of cells whose neighbours among them are
/// `around`, and its chance of winning, within what is left of `budget` and `extra` nodes more
/// (`None` past it). The extra nodes are spent first.
///
/// # Complexity
/// Exponential in the worst case: bounded by the budget and `extra`.
pub(in crate::solver) fn best_first_move(
    budget: &mut NodeBudget,
    around: Vec<u128>,
    arrangements: Vec<u128>,
    mut extra: u64,
) -> Option<(usize, f64)> {
    let mut search = TreeSearch::new(around, arrangements);
    let best = search.best(budget.left().saturating_add(extra));
    budget.spend_beyond(search.work(), &mut extra);
    best.ok()
}

/// The tree search over one position's arrangements.
#[derive(Debug, Default)]
struct TreeSearch {
    /// Per unknown cell (by bit): its unknown neighbours.
    around: Vec<u128>,
    /// The arrangements, a set bit for a mine.
    arrangements: Vec<u128>,
    memo: PositionMemo,
    /// `shown[cell * arrangements + a]`: the number `cell` shows in arrangement `a`
    /// ([`MINE`] where it is a mine), filled a cell at a time when first asked (bit `cell` of
    /// `shown_ready`).
    shown: Vec<u8>,
    shown_ready: u128,
    /// The lists of the splits done, kept for the next ones.
    spare_lists: Vec<Vec<u16>>,
    /// The lists of risky cells of the positions done, kept for the next ones.
    spare_risky: Vec<Vec<(usize, usize)>>,
    work: u64,
    limit: u64,
}

/// [`TreeSearch::shown`] for a cell that is a mine.
const MINE: u8 = 9;

/// The search ran out of budget.
struct OutOfBudget;

/// The bits of a counter in [`TreeSearch::tally`]'s register: up to 4,095 arrangements.
const LANE: u32 = 12;

/// What adds one to counter `k` of [`TreeSearch::tally`]'s register.
const LANE_ONE: [u128; MINE as usize + 1] = {
    let mut one = [0; MINE as usize + 1];
    let mut k = 0;
    while k <= MINE as usize {
        one[k] = 1 << (LANE as usize * k);
        k += 1;
    }
    one
};

impl TreeSearch {
    /// A search over `arrangements` of cells whose unknown neighbours are `around` (by bit).
    fn new(around: Vec<u128>, arrangements: Vec<u128>) -> TreeSearch {
        TreeSearch {
            shown: vec![0; around.len() * arrangements.len()],
            around,
            arrangements,
            ..TreeSearch::default()
        }
    }

    /// The cell (by bit) to open, and the chance of winning with it, walking at most `limit`
    /// nodes (an arrangement looked at is one); the nodes walked are kept in `work`.
    ///
    /// # Complexity
    /// Exponential in the worst case: bounded by `limit`.
    fn best(&mut self, limit: u64) -> Result<(usize, f64), OutOfBudget> {
        self.limit = limit;
        self.work = 0;
        self.memo.clear();
        let all: Vec<u16> = (0..self.arrangements.len() as u16).collect();
        let (chance, cell) = self.value(&all, 0, true, -1.0)?;
        Ok((cell.unwrap_or(0), chance.value))
    }

    /// Nodes walked by the last search.
    fn work(&self) -> u64 {
        self.work
    }

    /// The chance of winning from `set` with best play, and with `root` the first cell to
    /// open (`None` when the position is won). When the chance is at most `floor`, a bound on
    /// it no higher may come back instead: a caller that only needs more than `floor` learns
    /// that this is not it, and the cells that cannot beat `floor` are not searched. The cells of `quiet` are known to be safe and to show one
    /// number in every arrangement of `set` (see [`TreeSearch::free_split`]).
    fn value(
        &mut self,
        set: &[u16],
        quiet: u128,
        root: bool,
        floor: f64,
    ) -> Result<(Chance, Option<usize>), OutOfBudget> {
        if set.len() <= 1 {
            return Ok((Chance::WON, None));
        }
        // Hashed once for the lookup and the insertion after the search below.
        let hash = PositionMemo::hash(set);
        if !root {
            if let Some(known) = self.memo.get(set, hash, floor) {
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
        let every_cell = u128::MAX
            .checked_shr((MAX_CELLS - cells) as u32)
            .unwrap_or(0);
        let free = !any & every_cell;
        if let Some((chance, cell)) = self.free_split(set, free, varying, quiet, floor)? {
            self.memo.insert(set, hash, chance);
            return Ok((chance, Some(cell)));
        }
        // Otherwise a risk: the safest cells first.
        let risky = self.risky_cells(set, varying);
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
                // Every free cell here showed one number (none split the position), and the
                // cell opened shows one in each part.
                let chance = self.weigh(&parts, set.len(), bar, free | 1 << cell)?;
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
        self.spare_risky.push(risky);
        self.memo.insert(set, hash, chance);
        Ok((chance, best_cell))
    }

    /// The cells of `varying` (a mine in some arrangements of `set` only), each with the
    /// arrangements where it is safe, the safest first (then by cell). The list is one kept
    /// per level of the search, for the next: no allocation per position.
    #[inline(always)]
    fn risky_cells(&mut self, set: &[u16], varying: u128) -> Vec<(usize, usize)> {
        let cells = self.around.len();
        let mut mines = [0u32; MAX_CELLS];
        for &a in set {
            let mut bits = self.arrangements[a as usize] & varying;
            while bits != 0 {
                mines[bits.trailing_zeros() as usize] += 1;
                bits &= bits - 1;
            }
        }
        let mut risky = self.spare_risky.pop().unwrap_or_default();
        risky.clear();
        for cell in (0..cells).filter(|&cell| varying >> cell & 1 == 1) {
            risky.push((set.len() - mines[cell] as usize, cell));
        }
        self.work += (cells * set.len()) as u64;
        risky.sort_unstable_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
        risky
    }

    /// The first free cell (in `free`: safe in every arrangement of `set`) that tells
    /// something, opened: the chance after it and the cell, or `None` when every free cell
    /// shows one number (free information never hurts). `varying` holds the cells that are a
    /// mine in some arrangements only; the cells of `quiet` are known to show one number.
    ///
    /// A free cell that showed one number in a position shows one in every part of it, and
    /// so does the cell that split it: the parts are told so, and skip their tallies (a
    /// tally's nodes are counted all the same, so the search and its nodes are as before;
    /// over 1,000 expert games two in three tallies of free cells showed one number).
    fn free_split(
        &mut self,
        set: &[u16],
        free: u128,
        varying: u128,
        quiet: u128,
        floor: f64,
    ) -> Result<Option<(Chance, usize)>, OutOfBudget> {
        let mut bits = free;
        while bits != 0 {
            let cell = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            if quiet >> cell & 1 == 1 || self.around[cell] & varying == 0 {
                // It shows one number (its neighbours are the same in every arrangement, or a
                // position it came from said so): the nodes of a tally, and no more.
                self.charge(set.len())?;
                continue;
            }
            let count = self.tally(set, cell)?;
            if count.iter().filter(|&&n| n > 0).count() > 1 {
                let parts = self.split(set, cell, &count);
                let below = free & !(u128::MAX << cell);
                let chance = self.weigh(&parts, set.len(), floor, quiet | below | 1 << cell)?;
                self.spare_lists.push(parts.list);
                return Ok(Some((chance, cell)));
            }
        }
        Ok(None)
    }

    /// How many arrangements of `set` where `cell` is safe show each number.
    fn tally(&mut self, set: &[u16], cell: usize) -> Result<[usize; 9], OutOfBudget> {
        self.charge(set.len())?;
        let shown = self.shown(cell);
        let mut safe = [0; 9];
        if set.len() < 1 << LANE {
            // Ten counters of 12 bits in one register: an increment in memory waits for the
            // one before it whenever two arrangements in a row show the same number.
            let mut lanes = 0u128;
            for &a in set {
                lanes += LANE_ONE[shown[a as usize] as usize];
            }
            for (k, count) in safe.iter_mut().enumerate() {
                *count = (lanes >> (LANE * k as u32)) as usize & ((1 << LANE) - 1);
            }
        } else {
            let mut count = [0; MINE as usize + 1];
            for &a in set {
                count[shown[a as usize] as usize] += 1;
            }
            safe.copy_from_slice(&count[..9]);
        }
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
    /// (`count` from [`TreeSearch::tally`], which made `shown` ready for `cell`), in one list.
    fn split(&mut self, set: &[u16], cell: usize, count: &[usize; 9]) -> Parts {
        let mut start = [0; 10];
        for (k, &n) in count.iter().enumerate() {
            start[k + 1] = start[k] + n;
        }
        let mut list = self.spare_lists.pop().unwrap_or_default();
        list.clear();
        // The arrangements where the cell is a mine go last, then are dropped: a branch on
        // whether it is one is as unpredictable as the mines.
        list.resize(set.len(), 0);
        let mut fill = [0; MINE as usize + 1];
        fill[..10].copy_from_slice(&start);
        let n = self.arrangements.len();
        let shown = &self.shown[cell * n..(cell + 1) * n];
        for &a in set {
            let k = shown[a as usize] as usize;
            list[fill[k]] = a;
            fill[k] += 1;
        }
        list.truncate(start[9]);
        Parts { list, start }
    }

    /// The chance of winning over `total` arrangements after the split `parts`, or (not
    /// exact) a bound on it when it is at most `floor`: each part is searched for what it must
    /// be worth for the whole to beat `floor`, the parts after it taken as won. The cells of
    /// `quiet` show one number in every part.
    fn weigh(
        &mut self,
        parts: &Parts,
        total: usize,
        floor: f64,
        quiet: u128,
    ) -> Result<Chance, OutOfBudget> {
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
            let (chance, _) = self.value(part, quiet, false, need)?;
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

#[cfg(test)]
mod tests {
    use super::super::arrangements::arrangements;
    use super::*;
    use crate::rng::Rng;
    use crate::solver::frontier::Know;
    use crate::solver::tests::{brute_open, brute_value, fitting, random_view};
    use crate::solver::{Mines, Seen, Solver};

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
            let frontier = &solver.analysis().frontier;
            let left = count - frontier.known_mines;
            let mut work = 0;
            let bits: Vec<u32> = (0..grid.len() as u32)
                .filter(|&c| frontier.know(c as usize) == Know::Unknown)
                .collect();
            let (around, found) =
                arrangements(frontier, &bits, Some(left), 1 << 16, u64::MAX, &mut work)
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
            let cut = arrangements(frontier, &bits, Some(left), fewer, u64::MAX, &mut work);
            assert!(
                cut.is_none(),
                "case {case}: more than {fewer} arrangements kept"
            );
            let mut search = TreeSearch::new(around.clone(), found.clone());
            let Ok((bit, value)) = search.best(u64::MAX) else {
                unreachable!("no limit")
            };
            let want = brute_value(&view, &all);
            // Asked for more than a floor, the search gives the value, or a bound no lower
            // than it and no higher than the floor.
            for floor in [want - 0.1, want - 1e-6, want, want + 0.05, want + 0.3] {
                let mut bounded = TreeSearch::new(around.clone(), found.clone());
                bounded.limit = u64::MAX;
                let all_of: Vec<u16> = (0..found.len() as u16).collect();
                let Ok((got, _)) = bounded.value(&all_of, 0, false, floor) else {
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
