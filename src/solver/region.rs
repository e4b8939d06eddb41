//! Regions apart: the unknown cells fall into regions, joined by borders and shared numbers.
//! The open board is the region (or regions) with a cell next to no number and more than
//! [`MAX_POCKET`] cells; every other region with a cell next to a number or a known mine is
//! apart, and guessed last.
//!
//! A region apart with every cell next to a number (walled off) and the same number of mines
//! in every arrangement is independent of the rest of the board: its arrangements do not
//! change the count left to the rest, and nothing opened in it shows anything outside it.
//! However the board is played, its risk is taken once, so it is taken last: a loss there
//! comes with the rest of the board opened (which the JLU and ACM courses score), and until
//! then the endgame search (`endgame/`) counts the arrangements of the rest alone, so it
//! starts as soon as the rest has few. When only such regions are left, the best first move
//! of the one likeliest won is played, found by the same exact search. With the total known,
//! a region whose count varies (a small pocket with a cell next to no number, even one
//! enclosed by known mines alone, or a walled-off region whose numbers allow several counts)
//! is apart and waits too: the rest, once played, tells how many mines it holds. Without the
//! total nothing would, and it is played as the open board is.

use super::analysis::Analyser;
use super::budget::NodeBudget;
use super::endgame;
use super::frontier::{Frontier, Know};
use super::view::Seen;

/// A region with a cell next to no number and more than this many cells is the open board.
const MAX_POCKET: usize = 20;

/// Finding one region's arrangements may take at most this many nodes, and all of them this
/// many: the rest of the budget is the guess's.
const REGION_SHARE: u64 = 20_000;
const REGIONS_SHARE: u64 = 200_000;

/// The regions apart of the last guess, and scratch.
#[derive(Debug, Default)]
pub(super) struct RegionsApart {
    /// The cells of the regions apart.
    apart_cells: usize,
    /// The cells and mines of the regions with a fixed count, and the ln of their
    /// arrangements (the product of each one's).
    pub fixed_cells: usize,
    pub fixed_mines: usize,
    pub fixed_ln_arrangements: f64,
    /// The unknown cells when they were found.
    unknown: usize,
    /// Each region: its cells (bit i is `cells[i]`), their neighbours among them, its
    /// arrangements.
    found: Vec<(Vec<u32>, Vec<u128>, Vec<u128>)>,
    /// Per cell: how far the walks got ([`UNSEEN`] and the like, under [`WALK`]), and
    /// whether it is in a region apart ([`APART_BIT`]: its guess is left for last), in a
    /// walled-off one with a fixed count ([`FIXED_BIT`]).
    state: Vec<u8>,
    queue: Vec<u32>,
    region: Vec<u32>,
}

impl RegionsApart {
    /// Finds the regions apart of `analysis`, and the walled-off ones with a fixed number of
    /// mines. Without a known total (`counted` false) a region apart must be
    /// walled off with a fixed count: there is no count for the rest to tell.
    ///
    /// # Complexity
    /// O(cells) to clear, O(frontier cells + known mines) to find the regions (a walk stops
    /// once it is in the open board; a walk stops after [`MAX_POCKET`] cells next to no
    /// number), then each walled-off one's enumeration, within the budget (one not
    /// enumerated is not played exactly).
    pub(super) fn find(&mut self, analysis: &mut Analyser, counted: bool) {
        let r = self;
        let n = analysis.frontier.seen.len();
        r.unknown = analysis.frontier.unknown;
        r.apart_cells = 0;
        r.state.clear();
        r.state.resize(n, UNSEEN);
        (r.fixed_cells, r.fixed_mines, r.fixed_ln_arrangements) = (0, 0, 0.0);
        r.found.clear();
        let mut spent = 0;
        // A region apart has a cell next to a number, or (a pocket) next to a known mine: the
        // walks start there only, and the open board is walked only near its edge. The
        // frontier does not change while they walk: the starts are read from it in place.
        for id in 0..analysis.frontier.comps.len() {
            if !analysis.frontier.comps[id].live {
                continue;
            }
            for i in 0..analysis.frontier.comps[id].cells.len() {
                let start = analysis.frontier.comps[id].cells[i] as usize;
                r.walk_from(analysis, start, counted, &mut spent);
            }
        }
        if counted {
            // Flagged cells are looked for only when there are some (the players here flag none).
            let f = &analysis.frontier;
            let flags = f.known_mines.saturating_sub(f.mines.cells().len());
            let mines = f.mines.cells().len();
            let flagged = if flags > 0 { n } else { 0 };
            for at in 0..mines + flagged {
                let f = &analysis.frontier;
                let mine = match at.checked_sub(mines) {
                    None => f.mines.cells()[at] as usize,
                    Some(c) if f.know(c) == Know::Flag => c,
                    Some(_) => continue,
                };
                for next in f.neighbours(mine) {
                    if analysis.frontier.is_outside(next) {
                        r.walk_from(analysis, next, counted, &mut spent);
                    }
                }
            }
        }
    }

    /// The walk from `start` (unless it is not unknown, or was reached before): its region
    /// kept apart when it is.
    fn walk_from(&mut self, analysis: &mut Analyser, start: usize, counted: bool, spent: &mut u64) {
        let r = self;
        if analysis.frontier.know(start) != Know::Unknown || r.state[start] & WALK != UNSEEN {
            return;
        }
        let Some(walled) = r.fill_region(&analysis.frontier, start, counted) else {
            return;
        };
        if (walled && r.enumerate_walled(analysis, spent)) || counted {
            for &cell in &r.region {
                r.state[cell as usize] |= APART_BIT;
            }
            r.apart_cells += r.region.len();
        }
    }

    /// Enumerates the walled-off region `self.region` (within `spent`, the nodes its kind took so
    /// far), and when its count is fixed keeps it for an exact search: whether it was.
    fn enumerate_walled(&mut self, analysis: &mut Analyser, spent: &mut u64) -> bool {
        let r = self;
        if r.region.len() < 2 || analysis.budget.left() == 0 || *spent == REGIONS_SHARE {
            return false;
        }
        r.region.sort_unstable();
        let mut work = 0;
        let limit = analysis
            .budget
            .left()
            .min(REGION_SHARE)
            .min(REGIONS_SHARE - *spent);
        let most = endgame::MAX_ARRANGEMENTS;
        let frontier = &analysis.frontier;
        let found = endgame::arrangements(frontier, &r.region, None, most, limit, &mut work);
        analysis.budget.spend(work);
        *spent = (*spent + work).min(REGIONS_SHARE);
        let Some((around, arrangements)) = found else {
            return false;
        };
        let mines = arrangements.first().map_or(0, |a| a.count_ones());
        if arrangements.len() < 2 || arrangements.iter().any(|a| a.count_ones() != mines) {
            return false;
        }
        for &cell in &r.region {
            r.state[cell as usize] |= FIXED_BIT;
        }
        r.fixed_cells += r.region.len();
        r.fixed_mines += mines as usize;
        r.fixed_ln_arrangements += (arrangements.len() as f64).ln();
        r.found.push((r.region.clone(), around, arrangements));
        true
    }

    /// With every unknown cell in a walled-off region with a fixed count: the best first move
    /// of the region likeliest to be won, and its chance of winning that region (`None` when
    /// a search runs out of budget).
    ///
    /// # Complexity
    /// Each region's exact search, within the budget.
    pub(super) fn best_move(&mut self, budget: &mut NodeBudget) -> Option<(usize, f64)> {
        let mut best: Option<(f64, usize)> = None;
        for (cells, around, arrangements) in std::mem::take(&mut self.found) {
            let (bit, chance) = endgame::best_first_move(budget, around, arrangements, 0)?;
            if best.map_or(true, |(b, _)| chance > b) {
                best = Some((chance, cells[bit] as usize));
            }
        }
        let (chance, cell) = best?;
        Some((cell, chance))
    }

    /// Whether the regions apart wait for the last guess: some other cell is unknown.
    pub(super) fn wait(&self) -> bool {
        let apart = self.apart_cells;
        apart > 0 && apart < self.unknown
    }

    /// Whether `cell` lies in a region apart whose guess is left for last.
    pub(super) fn left_for_last(&self, cell: usize) -> bool {
        self.wait() && self.is_apart(cell)
    }

    /// Whether `cell` lies in a region apart.
    pub(super) fn is_apart(&self, cell: usize) -> bool {
        self.state[cell] & APART_BIT != 0
    }

    /// Whether `cell` lies in a walled-off region with a fixed number of mines.
    pub(super) fn is_fixed(&self, cell: usize) -> bool {
        self.state[cell] & FIXED_BIT != 0
    }

    /// Gathers into `self.region` the unknown cells reached from `start` through borders and
    /// shared numbers: `None` when they are in the open board (the walk stops as soon as it
    /// knows; without `pockets`, any cell next to no number puts them there), else whether
    /// every one is next to a number (walled off).
    fn fill_region(&mut self, f: &Frontier, start: usize, pockets: bool) -> Option<bool> {
        let r = self;
        r.region.clear();
        r.queue.clear();
        r.queue.push(start as u32);
        r.state[start] = QUEUED;
        let (mut walled, mut open) = (true, false);
        while let Some(cell) = r.queue.pop() {
            r.region.push(cell);
            let mut numbered = false;
            for &next in f.neighbours(cell as usize).iter() {
                if let Seen::Open(_) = f.seen[next as usize] {
                    numbered = true;
                    for &far in f.neighbours(next as usize).iter() {
                        open |= !reach(f, far as usize, r);
                    }
                } else {
                    open |= !reach(f, next as usize, r);
                }
            }
            walled &= numbered;
            open |= !walled && (!pockets || r.region.len() + r.queue.len() > MAX_POCKET);
            if open {
                break;
            }
        }
        let state = if open { OPEN_BOARD } else { APART };
        for &cell in r.region.iter().chain(&r.queue) {
            r.state[cell as usize] = state;
        }
        (!open).then_some(walled)
    }
}

/// [`RegionsApart::state`] of a cell: not reached yet, queued by the walk under way, or in a
/// region found apart or in the open board.
const UNSEEN: u8 = 0;
const QUEUED: u8 = 1;
const APART: u8 = 2;
const OPEN_BOARD: u8 = 3;
/// The bits of [`RegionsApart::state`] that hold the above.
const WALK: u8 = 3;
/// [`RegionsApart::state`]'s bits for a cell in a region apart, and in a walled-off one with a
/// fixed count.
const APART_BIT: u8 = 4;
const FIXED_BIT: u8 = 8;

/// Queues `cell` if it is unknown and not reached yet; false when it is in the open board.
fn reach(f: &Frontier, cell: usize, r: &mut RegionsApart) -> bool {
    if f.know(cell) != Know::Unknown {
        return true;
    }
    match r.state[cell] & WALK {
        UNSEEN => {
            r.state[cell] = QUEUED;
            r.queue.push(cell as u32);
            true
        }
        OPEN_BOARD => false,
        _ => true,
    }
}

#[cfg(test)]
mod tests {
    use super::{RegionsApart, MAX_POCKET};
    use crate::board::Grid;
    use crate::rng::Rng;
    use crate::solver::tests::{brute_open, brute_value, fitting, view};
    use crate::solver::{Mines, Seen, Solver, View};

    /// The regions by definition: unknown cells (a mine in some arrangements, safe in
    /// others) joined when they touch or share a number; each with whether it is walled off
    /// (every cell next to a number), and its chance of being won with best play when it can
    /// be played on its own (walled off, the same count of mines in every arrangement of it
    /// alone), by brute force.
    fn brute_regions(view: &View, all: &[Vec<bool>]) -> Vec<(Vec<usize>, bool, Option<f64>)> {
        let grid = view.grid();
        let n = grid.len();
        let unknown: Vec<bool> = (0..n)
            .map(|c| all.iter().any(|a| a[c]) && all.iter().any(|a| !a[c]))
            .collect();
        let is_number = |c: usize| matches!(view.get(c), Seen::Open(_));
        let joined = |a: usize, b: usize| {
            grid.neighbours(a).any(|x| x == b)
                || grid
                    .neighbours(a)
                    .any(|x| is_number(x) && grid.neighbours(x).any(|y| y == b))
        };
        let mut label = vec![usize::MAX; n];
        let mut regions = Vec::new();
        for start in (0..n).filter(|&c| unknown[c]) {
            if label[start] != usize::MAX {
                continue;
            }
            let mut cells = vec![start];
            label[start] = regions.len();
            let mut at = 0;
            while at < cells.len() {
                let cell = cells[at];
                at += 1;
                for other in 0..n {
                    if unknown[other] && label[other] == usize::MAX && joined(cell, other) {
                        label[other] = regions.len();
                        cells.push(other);
                    }
                }
            }
            cells.sort();
            let on_frontier = cells.iter().all(|&c| grid.neighbours(c).any(is_number));
            // Its arrangements on its own: every way of its cells that fits the numbers next
            // to them, the other cells as in the first arrangement.
            let mut base = all[0].clone();
            let mut alone = Vec::new();
            for m in 0u32..1 << cells.len() {
                for (i, &c) in cells.iter().enumerate() {
                    base[c] = m >> i & 1 == 1;
                }
                let fits = (0..n).all(|c| match view.get(c) {
                    Seen::Open(k) if cells.iter().any(|&r| grid.neighbours(c).any(|x| x == r)) => {
                        grid.neighbours(c).filter(|&x| base[x]).count() == k as usize
                    }
                    _ => true,
                });
                if fits {
                    alone.push(base.clone());
                }
            }
            let count = |a: &Vec<bool>| cells.iter().filter(|&&c| a[c]).count();
            let fixed = alone.iter().all(|a| count(a) == count(&alone[0]));
            let value = (on_frontier && fixed && cells.len() > 1)
                .then(|| brute_value(&settled_outside(view, &all[0], &cells), &alone));
            regions.push((cells, on_frontier, value));
        }
        regions
    }

    /// A board of up to 6x7 cells, a fifth to nearly half of them mines, all open (mines
    /// flagged) but two or three blobs of up to 7 cells, each grown at random from a mine (on
    /// the border or anywhere): the view and the mine count.
    fn pockets(rng: &mut Rng) -> (View, usize) {
        let grid = Grid::new(3 + rng.below(4), 3 + rng.below(5));
        let density = 0.2 + 0.25 * rng.unit();
        let is_mine: Vec<bool> = (0..grid.len()).map(|_| rng.chance(density)).collect();
        let mut closed = vec![false; grid.len()];
        for _ in 0..2 + rng.below(2) {
            let border = |c: usize| {
                let (r, k) = (c / grid.cols(), c % grid.cols());
                r == 0 || k == 0 || r + 1 == grid.rows() || k + 1 == grid.cols()
            };
            let anywhere = rng.chance(0.5);
            let mines: Vec<usize> = (0..grid.len())
                .filter(|&c| is_mine[c] && (anywhere || border(c)))
                .collect();
            if mines.is_empty() {
                break;
            }
            let mut blob = vec![mines[rng.below(mines.len())]];
            for _ in 0..rng.below(6) {
                let from = blob[rng.below(blob.len())];
                let around: Vec<usize> = grid.neighbours(from).collect();
                blob.push(around[rng.below(around.len())]);
            }
            blob.iter().for_each(|&c| closed[c] = true);
        }
        let mut view = View::new(grid);
        for c in (0..grid.len()).filter(|&c| !closed[c]) {
            if is_mine[c] {
                view.set(c, Seen::Flagged);
            } else {
                let shown = grid.neighbours(c).filter(|&x| is_mine[x]).count();
                view.set(c, Seen::Open(shown as u8));
            }
        }
        (view, is_mine.iter().filter(|&&m| m).count())
    }

    /// `view` with every closed cell outside `cells` as in `mines`: flagged, or open with its
    /// number.
    fn settled_outside(view: &View, mines: &[bool], cells: &[usize]) -> View {
        let grid = view.grid();
        let mut settled = view.clone();
        for c in (0..grid.len()).filter(|&c| !cells.contains(&c) && view.get(c) == Seen::Closed) {
            if mines[c] {
                settled.set(c, Seen::Flagged);
            } else {
                let shown = grid.neighbours(c).filter(|&x| mines[x]).count();
                settled.set(c, Seen::Open(shown as u8));
            }
        }
        settled
    }

    #[test]
    fn regions_are_found_and_played_as_brute_force_finds_and_plays_them() {
        let seed = 0x5e91;
        let mut rng = Rng::new(seed);
        let (mut found, mut varying, mut played) = (0, 0, 0);
        for case in 0..60_000 {
            let (view, count) = pockets(&mut rng);
            let closed = view.cells().iter().filter(|&&s| s == Seen::Closed).count();
            if closed > 12 {
                continue;
            }
            let mut solver = Solver::new();
            if solver.analyse(&view, Mines::Known(count)).is_err() {
                continue;
            }
            let all = fitting(&view, count);
            let regions = brute_regions(&view, &all);
            let analysis = solver.analysis();
            analysis.budget.lift();
            let mut found_apart = RegionsApart::default();
            found_apart.find(analysis, true);
            let context = format!("case {case} (seed {seed}), regions {regions:?}\n{view:?}");
            let n = view.grid().len();
            let cells_of = |keep: &dyn Fn(bool, Option<f64>) -> bool| {
                let mut cells: Vec<usize> = regions
                    .iter()
                    .filter(|(_, walled, value)| keep(*walled, *value))
                    .flat_map(|(cells, _, _)| cells.iter().copied())
                    .collect();
                cells.sort();
                cells
            };
            let walled = cells_of(&|walled, _| walled);
            let fixed = cells_of(&|_, value| value.is_some());
            // The open board: a region with a cell next to no number and many cells. A
            // pocket touches a number or a known mine (flagged, or a mine in every
            // arrangement).
            let grid = view.grid();
            let known_mine = |x: usize| all.iter().all(|a| a[x]);
            let touches_something = |c: &usize| {
                grid.neighbours(*c)
                    .any(|x| matches!(view.get(x), Seen::Open(_)) || known_mine(x))
            };
            let apart: Vec<usize> = (0..n)
                .filter(|&c| {
                    regions.iter().any(|(cells, walled, _)| {
                        cells.contains(&c)
                            && (*walled
                                || cells.len() <= MAX_POCKET && cells.iter().any(touches_something))
                    })
                })
                .collect();
            let got = |is: &dyn Fn(usize) -> bool| (0..n).filter(|&c| is(c)).collect::<Vec<_>>();
            assert_eq!(got(&|c| found_apart.is_apart(c)), apart, "{context}");
            assert_eq!(got(&|c| found_apart.is_fixed(c)), fixed, "{context}");
            varying += (walled.len() > fixed.len()) as usize;
            if fixed.is_empty() {
                continue;
            }
            found += 1;
            let unknown: usize = regions.iter().map(|(cells, _, _)| cells.len()).sum();
            if fixed.len() < unknown {
                continue;
            }
            // Only walled-off regions with a fixed count left: the best first move of the
            // likeliest won.
            let best = regions.iter().filter_map(|r| r.2).fold(0.0, f64::max);
            let budget = &mut analysis.budget;
            let (cell, chance) = found_apart.best_move(budget).expect("no budget limit");
            assert!(
                (chance - best).abs() < 1e-9,
                "{chance} against {best}: {context}"
            );
            let (cells, _, _) = regions.iter().find(|r| r.0.contains(&cell)).unwrap();
            let alone: Vec<Vec<bool>> = all
                .iter()
                .filter(|a| (0..n).all(|c| cells.contains(&c) || a[c] == all[0][c]))
                .cloned()
                .collect();
            let from_cell = brute_open(&settled_outside(&view, &all[0], cells), &alone, cell);
            assert!((from_cell - best).abs() < 1e-9, "cell {cell}: {context}");
            played += 1;
        }
        assert!(
            found > 2000 && varying > 40 && played > 100,
            "{found} positions with a walled-off region with a fixed count, {varying} with one \
             whose count varies, {played} played"
        );
    }

    /// Rows of `left` beside a closed area `wide` columns wide (more than a pocket).
    fn beside_open_board(left: &[&str], wide: usize) -> View {
        let rows: Vec<String> = left
            .iter()
            .map(|row| format!("{row}{}", "?".repeat(wide)))
            .collect();
        view(&rows.iter().map(String::as_str).collect::<Vec<_>>())
    }

    /// `left` beside an open board `wide` columns wide, analysed: the cells apart, those with
    /// a fixed count, and the column of the guess.
    fn apart_and_guess(left: &[&str], wide: usize, mines: Mines) -> (usize, usize, usize) {
        let board = beside_open_board(left, wide);
        let mut solver = Solver::new();
        solver.analyse(&board, mines).unwrap();
        let (cell, _) = solver.best_guess().unwrap();
        let r = solver.guess_parts().0.regions();
        (r.apart_cells, r.fixed_cells, cell % board.grid().cols())
    }

    #[test]
    fn regions_apart_are_left_for_last_then_played() {
        // Column 0 holds one mine, walled off by the 1s beside it: a 50/50 faced however the
        // board is played. It waits: the guess is made in the columns from 5 on.
        let pair = ["?1001", "?1001"];
        let (apart, fixed, col) = apart_and_guess(&pair, 16, Mines::Known(10));
        assert!(
            apart == 2 && fixed == 2 && col >= 5,
            "{apart} {fixed} {col}"
        );
        // Beside two flags, the three cells over "2?4" and the one between its numbers hold 2
        // or 3 mines: they wait too.
        let varying = ["???F", "2?4F"];
        let (apart, fixed, col) = apart_and_guess(&varying, 20, Mines::Known(14));
        assert!(
            apart == 4 && fixed == 0 && col >= 4,
            "{apart} {fixed} {col}"
        );
        // A pocket of eleven cells behind flags, three of them next to no number, waits as
        // well.
        let pocket = ["????F", "?1??F", "????F", "FFFFF"];
        let (apart, fixed, col) = apart_and_guess(&pocket, 20, Mines::Known(25));
        assert!(
            apart == 11 && fixed == 0 && col >= 5,
            "{apart} {fixed} {col}"
        );
        // Four cells walled in by flags and the corner, next to no number: a pocket too.
        let enclosed = ["??F", "??F", "FFF"];
        let (apart, fixed, col) = apart_and_guess(&enclosed, 20, Mines::Known(15));
        assert!(
            apart == 4 && fixed == 0 && col >= 3,
            "{apart} {fixed} {col}"
        );
        assert_eq!(apart_and_guess(&enclosed, 20, Mines::Density(0.2)).0, 0);
        // Without the total, nothing tells the count of those two: only the pair waits.
        let density = Mines::Density(0.2);
        assert_eq!(apart_and_guess(&pocket, 20, density).0, 0);
        assert_eq!(apart_and_guess(&varying, 20, density).0, 0);
        assert_eq!(apart_and_guess(&pair, 16, density).0, 2);
        let mut solver = Solver::new();
        // The pair alone: played.
        solver
            .analyse(&view(&["?1000", "?1000"]), Mines::Known(1))
            .unwrap();
        let (cell, p) = solver.best_guess().unwrap();
        assert!(
            (cell == 0 || cell == 5) && p == 0.5,
            "guessed {cell} at {p}"
        );
    }
}
