//! Unavoidable 50/50s: two closed cells side by side, or a 2x2 square, walled in so that no
//! number can ever tell them apart. Every cell touching only one of the pair is a known mine
//! or off the board; for a square, the four cells at its outer corners are (every other cell
//! around it touches one cell of each diagonal). A pair then holds one mine in some
//! arrangements, a square one diagonal of mines in some (its form), and swapping the pair,
//! or the diagonals, changes no number and no count: wherever the place forms, no player wins
//! more than half of the arrangements.
//!
//! Each place is weighed in one of its two forms (the other weighs the same): its share `s`
//! of the arrangements. Each of its cells is a mine in `s` of the arrangements where the
//! place forms, which a guess there loses but every other player loses too, half the time:
//! its guess gets credit for `s`. A cell that is a mine only where its place forms (its mine
//! probability is `s`) is guessed at once: the risk it takes is one every player takes, and
//! what it shows when safe comes before any other risk. That is a measured gain, not a proof:
//! a search of the whole game tree finds tiny positions where another first move wins more
//! (where the cell is safe, what it shows may not tell the 50/50 from the rest).

use super::analysis::{Analyser, Unfinished};
use super::component::ComponentLaw;
use super::counting::{ln_weight_at, odds};
use super::frontier::{Frontier, Know};
use super::region::RegionsApart;
use super::scratch::{release_large, zeroed};
use super::view::Mines;

/// A cell whose mine probability is at most this share above its place's share is a mine
/// only where the place forms (the rest is rounding).
const PSEUDO_TOLERANCE: f64 = 1e-9;

/// The three kinds of place, each anchored at its top left cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Shape {
    /// Two cells in a row.
    Across,
    /// Two cells in a column.
    Down,
    /// A 2x2 square.
    Square,
}

/// Cells as (row, column) offsets from a place's anchor.
type Offsets = &'static [(isize, isize)];

/// The cells of a place of `shape`: its members (those that are mines in the form weighed
/// first, then the others) and its walls. Every shape has its anchor, (0, 0), among its
/// members and (-1, -1) among its walls.
fn offsets(shape: Shape) -> (Offsets, Offsets) {
    match shape {
        Shape::Across => (
            &[(0, 0), (0, 1)],
            &[(-1, -1), (0, -1), (1, -1), (-1, 2), (0, 2), (1, 2)],
        ),
        Shape::Down => (
            &[(0, 0), (1, 0)],
            &[(-1, -1), (-1, 0), (-1, 1), (2, -1), (2, 0), (2, 1)],
        ),
        Shape::Square => (
            &[(0, 0), (1, 1), (0, 1), (1, 0)],
            &[(-1, -1), (-1, 2), (2, -1), (2, 2)],
        ),
    }
}

/// The places where a 50/50 could form, weighed: each cell's credit, and the buffers of the
/// weighing.
#[derive(Debug, Default)]
pub(super) struct FiftyFifties {
    /// Per cell: the share of the arrangements in which it is a mine where a place it belongs
    /// to forms, summed over its places ([`FiftyFifties::credit`]). Empty until a place is
    /// weighed, then zeroed memory: only the cells of places take room.
    credit: Vec<f64>,
    /// The place being weighed: its members, the mines of its form first.
    members: Vec<u32>,
    created: Vec<u32>,
    released: Vec<u32>,
}

impl FiftyFifties {
    /// Weighs every place where a 50/50 could form in `analysis`, filling `self.credit`;
    /// returns the safest cell that is a mine only where its place forms, if there is one
    /// (none of the cells `regions` leaves for last).
    ///
    /// # Complexity
    /// O(cells) to find the places, and one analysis of what each one touches (within the
    /// budget; a place not weighed gives no credit).
    pub(super) fn weigh(
        &mut self,
        analysis: &mut Analyser,
        regions: &RegionsApart,
        mines: Mines,
    ) -> Option<usize> {
        let grid = analysis.frontier.grid;
        release_large(&mut self.credit);
        let mut pseudo: Option<(f64, usize)> = None;
        let mut ln_total = None;
        for anchor in 0..grid.len() {
            // The anchor is a member of every shape: most cells are ruled out here.
            if analysis.frontier.know(anchor) != Know::Unknown {
                continue;
            }
            let at = (anchor / grid.cols(), anchor % grid.cols());
            // Every shape has a wall at its anchor's upper left: an anchor without one there
            // is ruled out for all three at once.
            let upper_left = (at.0 > 0 && at.1 > 0).then(|| anchor - grid.cols() - 1);
            if upper_left.is_some_and(|cell| !analysis.frontier.know(cell).is_mine()) {
                continue;
            }
            for shape in [Shape::Across, Shape::Down, Shape::Square] {
                if analysis.budget.left() == 0 || !self.place(&analysis.frontier, shape, at) {
                    continue;
                }
                // Most places are never weighed: the arrangements are counted once one is.
                let ln_total = match (mines, ln_total) {
                    (Mines::Density(_), _) => 0.0,
                    (Mines::Known(_), Some(ln)) => ln,
                    (Mines::Known(total), None) => {
                        let ln = analysis.ln_arrangements(total)?;
                        *ln_total.insert(ln)
                    }
                };
                let half = self.members.len() / 2;
                let Ok(Some(ln_share)) = self.ln_share_given(analysis, mines, ln_total, half)
                else {
                    continue;
                };
                let share = ln_share.exp();
                if self.credit.is_empty() {
                    zeroed(&mut self.credit, grid.len());
                }
                for &cell in &self.members {
                    self.credit[cell as usize] += share;
                    let p = analysis.probability(cell as usize);
                    let only_there = share >= p * (1.0 - PSEUDO_TOLERANCE);
                    if only_there
                        && !regions.left_for_last(cell as usize)
                        && pseudo.map_or(true, |(q, _)| p < q)
                    {
                        pseudo = Some((p, cell as usize));
                    }
                }
            }
        }
        pseudo.map(|(_, cell)| cell)
    }

    /// The credit of `cell` from the last weighing: the share of the arrangements in which it
    /// is a mine where a place it belongs to forms, summed over its places.
    pub(super) fn credit(&self, cell: usize) -> f64 {
        self.credit.get(cell).copied().unwrap_or(0.0)
    }

    /// Whether a place of `shape` anchored at the unknown cell of row and column `anchor` is
    /// walled in: its members on the board and unknown, each wall off the board or a known
    /// mine. Fills `self.members`.
    fn place(&mut self, f: &Frontier, shape: Shape, anchor: (usize, usize)) -> bool {
        let (rows, cols) = (f.grid.rows() as isize, f.grid.cols() as isize);
        let (r, c) = (anchor.0 as isize, anchor.1 as isize);
        let at = |(dr, dc): (isize, isize)| {
            let (y, x) = (r + dr, c + dc);
            (y >= 0 && x >= 0 && y < rows && x < cols).then(|| (y * cols + x) as usize)
        };
        let (members, walls) = offsets(shape);
        let walled = walls
            .iter()
            .all(|&offset| at(offset).map_or(true, |cell| f.know(cell).is_mine()));
        if !walled {
            return false;
        }
        self.members.clear();
        for &offset in members {
            match at(offset) {
                Some(cell) if f.know(cell) == Know::Unknown => self.members.push(cell as u32),
                _ => return false,
            }
        }
        true
    }

    /// The ln of the share of the arrangements in which the first `mined` of `self.members`
    /// are mines and the others safe (`None`: none), `ln_total` the ln of the weight of all of
    /// them (with a known total).
    fn ln_share_given(
        &mut self,
        analysis: &mut Analyser,
        mines: Mines,
        ln_total: f64,
        mined: usize,
    ) -> Result<Option<f64>, Unfinished> {
        let f = &mut analysis.frontier;
        let (loose, outside) = (f.loose_mines, f.outside);
        f.checkpoint();
        for (i, &cell) in self.members.iter().enumerate() {
            let fact = if i < mined { Know::Mine } else { Know::Safe };
            f.assume(cell as usize, fact);
        }
        let share = match analysis.regroup_what_if(&mut self.created, &mut self.released) {
            Ok(true) => self.weigh_assumed(analysis, mines, ln_total, loose, outside),
            Ok(false) => Ok(None),
            Err(unfinished) => Err(unfinished),
        };
        analysis.frontier.rollback();
        share
    }

    /// After [`FiftyFifties::ln_share_given`] regrouped `self.released` into `self.created`
    /// (enumerated): the share. `loose` and `outside` are the counts before the what-if.
    fn weigh_assumed(
        &self,
        analysis: &mut Analyser,
        mines: Mines,
        ln_total: f64,
        loose: usize,
        outside: usize,
    ) -> Result<Option<f64>, Unfinished> {
        let f = &analysis.frontier;
        match mines {
            Mines::Density(p) => {
                let ln_odds = odds(p).ln();
                let mut ln = (f.loose_mines as f64 - loose as f64) * ln_odds
                    + (f.outside as f64 - outside as f64) * (1.0 + odds(p)).ln();
                for &id in &self.released {
                    ln -= analysis.ln_weight(id);
                }
                for &id in &self.created {
                    let ComponentLaw::Exact(t) = f.comps[id as usize].law() else {
                        return Err(Unfinished);
                    };
                    ln += ln_weight_at(t.counts(0), t.ln_scale, ln_odds);
                }
                Ok(ln.is_finite().then_some(ln))
            }
            Mines::Known(total) => {
                let ln = analysis.ln_weight_now(total, &self.released, &self.created);
                Ok(ln.map(|ln| ln - ln_total))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::Rng;
    use crate::solver::tests::{analysed, fitting, random_view, view};
    use crate::solver::{Seen, Solver, View};

    #[test]
    fn every_shape_has_its_anchor_and_the_wall_at_its_upper_left() {
        // `weigh` rules an anchor out for all shapes at once when that wall is not one.
        for shape in [Shape::Across, Shape::Down, Shape::Square] {
            let (members, walls) = offsets(shape);
            assert_eq!(members[0], (0, 0), "{shape:?}");
            assert!(walls.contains(&(-1, -1)), "{shape:?}");
        }
    }

    /// The share of `all` (arrangements, equally likely) in which `mined` are mines and `safe`
    /// safe.
    fn share(all: &[Vec<bool>], mined: &[usize], safe: &[usize]) -> f64 {
        let holds = |a: &&Vec<bool>| mined.iter().all(|&c| a[c]) && safe.iter().all(|&c| !a[c]);
        all.iter().filter(holds).count() as f64 / all.len() as f64
    }

    /// A random view of up to 5x5 cells with a few safe cells open and some mines flagged.
    fn tiny_position(rng: &mut Rng) -> (View, usize) {
        random_view(rng, 5, 5, 5, 0.2)
    }

    #[test]
    fn a_share_given_some_cells_is_the_brute_force_share() {
        let seed = 0xf1f7;
        let mut rng = Rng::new(seed);
        let (mut compared, mut nonzero) = (0, 0);
        for case in 0..1500 {
            let (view, count) = tiny_position(&mut rng);
            let grid = view.grid();
            let closed = view.cells().iter().filter(|&&s| s == Seen::Closed).count();
            if closed > 12 {
                continue;
            }
            let all = fitting(&view, count);
            if all.is_empty() {
                continue;
            }
            let mut solver = Solver::new();
            let mines = Mines::Known(count);
            solver.analyse(&view, mines).unwrap();
            let analysis = solver.analysis();
            let unknown: Vec<u32> = (0..grid.len() as u32)
                .filter(|&c| analysis.frontier.know(c as usize) == Know::Unknown)
                .collect();
            if unknown.len() < 2 {
                continue;
            }
            let mut s = FiftyFifties::default();
            let ln_total = analysis.ln_arrangements(count).unwrap();
            for _ in 0..4 {
                let mut picked = unknown.clone();
                rng.shuffle(&mut picked);
                let mined = 1 + rng.below(2.min(picked.len() - 1));
                let safe = 1 + rng.below((picked.len() - mined).min(2));
                s.members = picked[..mined + safe].to_vec();
                analysis.budget.lift();
                let Ok(got) = s.ln_share_given(analysis, mines, ln_total, mined) else {
                    panic!("case {case} (seed {seed}): unfinished");
                };
                let got = got.map_or(0.0, f64::exp);
                let cells: Vec<usize> = s.members.iter().map(|&c| c as usize).collect();
                let want = share(&all, &cells[..mined], &cells[mined..]);
                assert!(
                    (got - want).abs() < 1e-9,
                    "case {case} (seed {seed}) mines {:?} safe {:?}: {got}, brute force {want}\n{view:?}",
                    &cells[..mined],
                    &cells[mined..]
                );
                compared += 1;
                nonzero += (want > 0.0) as usize;
            }
        }
        assert!(
            compared > 1000 && nonzero > 300,
            "only {compared} shares compared, {nonzero} of them not 0"
        );
    }

    /// Per cell its credit, and the pseudo 50/50, as defined, by brute force: a place is two
    /// forms (a cell and the next in its row or column; or the two diagonals of a 2x2
    /// square) whose swap changes the count of no cell around them but its walls, and those
    /// are mines in every arrangement (or off the board). The pseudo 50/50 is none of the
    /// cells `last` marks (regions apart, left for last: see `region.rs`).
    fn brute(view: &View, all: &[Vec<bool>], last: &[bool]) -> (Vec<f64>, Option<usize>) {
        let grid = view.grid();
        let (n, cols) = (grid.len(), grid.cols());
        let closed = |c: usize| view.get(c) == Seen::Closed;
        let mine_in_all = |c: usize| view.get(c) == Seen::Flagged || all.iter().all(|a| a[c]);
        let unknown = |c: usize| closed(c) && !mine_in_all(c) && all.iter().any(|a| a[c]);
        let near = |a: usize, b: usize| grid.neighbours(a).any(|x| x == b);
        let mut forms: Vec<(Vec<usize>, Vec<usize>)> = Vec::new();
        for c in 0..n {
            let (r, k) = grid.row_col(c);
            if k + 1 < cols {
                forms.push((vec![c], vec![c + 1]));
            }
            if r + 1 < grid.rows() {
                forms.push((vec![c], vec![c + cols]));
            }
            if k + 1 < cols && r + 1 < grid.rows() {
                forms.push((vec![c, c + cols + 1], vec![c + 1, c + cols]));
            }
        }
        let p = |c: usize| share(all, &[c], &[]);
        let mut credit = vec![0.0; n];
        let mut pseudo: Option<(f64, usize)> = None;
        for (one, other) in forms {
            let members: Vec<usize> = one.iter().chain(&other).copied().collect();
            let walled = (0..n).all(|x| {
                let count = |form: &[usize]| form.iter().filter(|&&m| near(x, m)).count();
                members.contains(&x) || count(&one) == count(&other) || mine_in_all(x)
            });
            if !walled || !members.iter().all(|&m| unknown(m)) {
                continue;
            }
            let formed = share(all, &one, &other);
            for &m in &members {
                credit[m] += formed;
                let only_there = formed > 0.0 && formed >= p(m) * (1.0 - PSEUDO_TOLERANCE);
                if only_there && !last[m] && pseudo.map_or(true, |(q, _)| p(m) < q) {
                    pseudo = Some((p(m), m));
                }
            }
        }
        (credit, pseudo.map(|(_, c)| c))
    }

    #[test]
    fn places_credits_and_pseudo_fifty_fifties_are_found_as_defined() {
        let seed = 0x5050;
        let mut rng = Rng::new(seed);
        let (mut compared, mut credited, mut pseudos) = (0, 0, 0);
        for case in 0..4000 {
            let (view, count) = tiny_position(&mut rng);
            if view.cells().iter().filter(|&&s| s == Seen::Closed).count() > 12 {
                continue;
            }
            let all = fitting(&view, count);
            if all.is_empty() {
                continue;
            }
            let mut solver = analysed(&view, Mines::Known(count));
            let (regions, pseudo, got_credit) = weigh(&mut solver, Mines::Known(count));
            let last: Vec<bool> = (0..all[0].len())
                .map(|c| regions.left_for_last(c))
                .collect();
            let (credit, want_pseudo) = brute(&view, &all, &last);
            for (c, (&got, &want)) in got_credit.iter().zip(&credit).enumerate() {
                assert!(
                    (got - want).abs() < 1e-9,
                    "case {case} (seed {seed}) cell {c}: credit {got}, brute force {want}\n{view:?}"
                );
                credited += (got > 0.0) as usize;
            }
            assert_eq!(pseudo, want_pseudo, "case {case} (seed {seed})\n{view:?}");
            pseudos += pseudo.is_some() as usize;
            compared += 1;
        }
        assert!(
            compared > 2000 && credited > 300 && pseudos > 100,
            "{compared} positions, {credited} credits, {pseudos} pseudo 50/50s"
        );
    }

    /// The regions apart of the position `solver` analysed last (found as the guess finds
    /// them), its pseudo 50/50 and the credits.
    fn weigh(solver: &mut Solver, mines: Mines) -> (RegionsApart, Option<usize>, Vec<f64>) {
        let analysis = solver.analysis();
        let mut regions = RegionsApart::default();
        regions.find(analysis, matches!(mines, Mines::Known(_)));
        let mut fifties = FiftyFifties::default();
        let pseudo = fifties.weigh(analysis, &regions, mines);
        let cells = analysis.frontier.grid.len();
        (
            regions,
            pseudo,
            (0..cells).map(|c| fifties.credit(c)).collect(),
        )
    }

    #[test]
    fn a_walled_pair_is_a_fifty_fifty_and_an_open_one_is_not() {
        // Two closed cells over "13" walled in by flags: one mine between them, and nothing can
        // ever tell which. Each is a mine in half the arrangements, only where the pair forms:
        // the first is guessed at once.
        let walled = view(&["??F", "13F"]);
        let mut solver = analysed(&walled, Mines::Density(0.2));
        let (_, pseudo, credit) = weigh(&mut solver, Mines::Density(0.2));
        assert_eq!(pseudo, Some(0));
        assert!((credit[0] - 0.5).abs() < 1e-12);
        assert!((credit[1] - 0.5).abs() < 1e-12);
        assert_eq!(solver.best_guess().map(|g| g.0), Some(0));
        // Beside a closed cell instead, opening that cell could tell the pair apart. (That
        // closed cell and the one below it are a pair walled by the board's edges.)
        let open = view(&["???", "12?"]);
        solver = analysed(&open, Mines::Known(2));
        let (_, pseudo, credit) = weigh(&mut solver, Mines::Known(2));
        assert_eq!(pseudo, Some(2));
        assert_eq!(credit[..2], [0.0, 0.0]);
        // A 2x2 square in a corner, walled by a flag at its outer corner, with two mines on
        // one diagonal or the other: only a guess tells which.
        let square = view(&["??1", "??2", "12F"]);
        solver = analysed(&square, Mines::Known(3));
        let (_, pseudo, credit) = weigh(&mut solver, Mines::Known(3));
        assert_eq!(pseudo, Some(0));
        assert!((0..2).all(|r| (0..2).all(|c| (credit[r * 3 + c] - 0.5).abs() < 1e-12)));
    }
}
