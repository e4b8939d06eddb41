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

use super::combine::{ln_weight_with, product_into, CountLaw, WaysMemo};
use super::component::ComponentLaw;
use super::enumerate::Enumerated;
use super::frontier::Know;
use super::guess::ln_weight_at;
use super::{enumerate_component, fill_count_law, ln_binomial, odds, Mines, Solver};

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
/// first, then the others) and its walls.
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

/// The buffers of [`Solver::weigh_fifties`], and what it found.
#[derive(Debug, Default)]
pub(super) struct Scratch {
    /// Per cell: the share of the arrangements in which it is a mine where a place it belongs
    /// to forms, summed over its places.
    pub credit: Vec<f64>,
    /// The place being weighed: its members, the mines of its form first.
    members: Vec<u32>,
    created: Vec<u32>,
    released: Vec<u32>,
    rest: CountLaw,
    product: CountLaw,
    law: CountLaw,
    ways: WaysMemo,
}

/// A what-if that could not be weighed within the budget.
struct Unfinished;

impl Solver {
    /// Weighs every place where a 50/50 could form, filling `self.fifty.credit`; returns the
    /// safest cell that is a mine only where its place forms, if there is one.
    ///
    /// # Complexity
    /// O(cells) to find the places, and one analysis of what each one touches (within the
    /// budget; a place not weighed gives no credit).
    pub(super) fn weigh_fifties(&mut self, mines: Mines) -> Option<usize> {
        let mut s = std::mem::take(&mut self.fifty);
        let grid = self.frontier.grid;
        s.credit.clear();
        s.credit.resize(grid.len(), 0.0);
        let mut pseudo: Option<(f64, usize)> = None;
        let mut ln_total = None;
        for anchor in 0..grid.len() {
            for shape in [Shape::Across, Shape::Down, Shape::Square] {
                if self.left == 0 || !self.place(shape, anchor, &mut s) {
                    continue;
                }
                // Most places are never weighed: the arrangements are counted once one is.
                let ln_total = match (mines, ln_total) {
                    (Mines::Density(_), _) => 0.0,
                    (Mines::Known(_), Some(ln)) => ln,
                    (Mines::Known(total), None) => {
                        let Some(ln) = self.ln_arrangements(total, &mut s) else {
                            self.fifty = s;
                            return None;
                        };
                        *ln_total.insert(ln)
                    }
                };
                let half = s.members.len() / 2;
                let Ok(Some(ln_share)) = self.ln_share_given(mines, ln_total, half, &mut s) else {
                    continue;
                };
                let share = ln_share.exp();
                for &cell in &s.members {
                    s.credit[cell as usize] += share;
                    let p = self.probability[cell as usize];
                    let only_there = share >= p * (1.0 - PSEUDO_TOLERANCE);
                    if only_there
                        && !self.left_for_last(cell as usize)
                        && pseudo.map_or(true, |(q, _)| p < q)
                    {
                        pseudo = Some((p, cell as usize));
                    }
                }
            }
        }
        self.fifty = s;
        pseudo.map(|(_, cell)| cell)
    }

    /// Whether a place of `shape` anchored at `anchor` is walled in: its members on the board
    /// and unknown, each wall off the board or a known mine. Fills `s.members`.
    fn place(&self, shape: Shape, anchor: usize, s: &mut Scratch) -> bool {
        let f = &self.frontier;
        // The anchor is a member of every shape: most cells are ruled out here.
        if f.know(anchor) != Know::Unknown {
            return false;
        }
        let (rows, cols) = (f.grid.rows() as isize, f.grid.cols() as isize);
        let (r, c) = (
            (anchor / f.grid.cols()) as isize,
            (anchor % f.grid.cols()) as isize,
        );
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
        s.members.clear();
        for &offset in members {
            match at(offset) {
                Some(cell) if f.know(cell) == Know::Unknown => s.members.push(cell as u32),
                _ => return false,
            }
        }
        true
    }

    /// With a known total: the ln of the weight of every arrangement (`None` when none fits
    /// or a component is estimated). `s` lends its buffers.
    pub(super) fn ln_arrangements(&mut self, total: usize, s: &mut Scratch) -> Option<f64> {
        let f = &self.frontier;
        if self
            .order
            .iter()
            .any(|&id| f.comps[id as usize].is_estimated())
        {
            return None;
        }
        s.released.clear();
        s.created.clear();
        self.ln_weight_now(total, s)
    }

    /// With a known total: the ln of the weight of every arrangement of the frontier as it
    /// stands, its live components those of the last analysis but `s.released`, and
    /// `s.created` (enumerated) (`None` when none fits).
    fn ln_weight_now(&mut self, total: usize, s: &mut Scratch) -> Option<f64> {
        let f = &self.frontier;
        let left = total.checked_sub(f.loose_mines)?;
        let mut work = 0;
        let released = &s.released;
        let keep = |id| !released.contains(&id);
        product_into(
            &self.order,
            &self.count_law,
            keep,
            &mut s.rest,
            &mut s.product,
            &mut work,
        );
        for &id in &s.created {
            fill_count_law(f.comps[id as usize].law(), &mut s.law);
            s.rest.and_into(&s.law, &mut s.product, &mut work);
            std::mem::swap(&mut s.rest, &mut s.product);
        }
        s.law.set_one();
        let ln_factorial = &self.ln_factorial;
        let binomial = |n, k| ln_binomial(ln_factorial, n, k);
        let ln = ln_weight_with(
            &s.law,
            &s.rest,
            f.outside,
            left,
            &mut s.ways,
            binomial,
            &mut work,
        );
        self.left = self.left.saturating_sub(work / super::PRODUCTS_PER_NODE);
        ln
    }

    /// The ln of the share of the arrangements in which the first `mined` of `s.members` are
    /// mines and the others safe (`None`: none), `ln_total` the ln of the weight of all of
    /// them (with a known total).
    fn ln_share_given(
        &mut self,
        mines: Mines,
        ln_total: f64,
        mined: usize,
        s: &mut Scratch,
    ) -> Result<Option<f64>, Unfinished> {
        let (loose, outside) = (self.frontier.loose_mines, self.frontier.outside);
        self.frontier.checkpoint();
        for (i, &cell) in s.members.iter().enumerate() {
            let fact = if i < mined { Know::Mine } else { Know::Safe };
            self.frontier.assume(cell as usize, fact);
        }
        let share = if self.frontier.propagate().is_err() {
            Ok(None)
        } else {
            s.created.clear();
            self.frontier.rebuild(&mut s.created);
            s.released.clear();
            s.released.extend_from_slice(self.frontier.released());
            self.weigh_assumed(mines, ln_total, loose, outside, s)
        };
        self.frontier.rollback();
        share
    }

    /// After [`Solver::ln_share_given`] regrouped `s.released` into `s.created`: the share.
    fn weigh_assumed(
        &mut self,
        mines: Mines,
        ln_total: f64,
        loose: usize,
        outside: usize,
        s: &mut Scratch,
    ) -> Result<Option<f64>, Unfinished> {
        let f = &self.frontier;
        if s.released
            .iter()
            .any(|&id| f.comps[id as usize].is_estimated())
        {
            return Err(Unfinished);
        }
        for &id in &s.created {
            let (result, used) =
                enumerate_component(&mut self.frontier, &mut self.enumerator, id, self.left);
            self.left = self.left.saturating_sub(used);
            match result {
                Enumerated::Exact => {}
                Enumerated::Empty => return Ok(None),
                Enumerated::OutOfBudget => return Err(Unfinished),
            }
        }
        let f = &self.frontier;
        match mines {
            Mines::Density(p) => {
                let ln_odds = odds(p).ln();
                let mut ln = (f.loose_mines as f64 - loose as f64) * ln_odds
                    + (f.outside as f64 - outside as f64) * (1.0 + odds(p)).ln();
                for &id in &s.released {
                    ln -= self.ln_weight[id as usize];
                }
                for &id in &s.created {
                    let ComponentLaw::Exact(t) = f.comps[id as usize].law() else {
                        return Err(Unfinished);
                    };
                    ln += ln_weight_at(t.counts(0), t.ln_scale, ln_odds);
                }
                Ok(ln.is_finite().then_some(ln))
            }
            Mines::Known(total) => {
                let ln = self.ln_weight_now(total, s);
                Ok(ln.map(|ln| ln - ln_total))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::Rng;
    use crate::solver::endgame::tests::{fitting, random_view};
    use crate::solver::tests::{analysed, view};
    use crate::solver::{Seen, View};

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
            let unknown: Vec<u32> = (0..grid.len() as u32)
                .filter(|&c| solver.frontier.know(c as usize) == Know::Unknown)
                .collect();
            if unknown.len() < 2 {
                continue;
            }
            let mut s = Scratch::default();
            let ln_total = solver.ln_arrangements(count, &mut s).unwrap();
            for _ in 0..4 {
                let mut picked = unknown.clone();
                rng.shuffle(&mut picked);
                let mined = 1 + rng.below(2.min(picked.len() - 1));
                let safe = 1 + rng.below((picked.len() - mined).min(2));
                s.members = picked[..mined + safe].to_vec();
                solver.left = u64::MAX;
                let Ok(got) = solver.ln_share_given(mines, ln_total, mined, &mut s) else {
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
            let pseudo = solver.weigh_fifties(Mines::Known(count));
            let last: Vec<bool> = (0..all[0].len()).map(|c| solver.left_for_last(c)).collect();
            let (credit, want_pseudo) = brute(&view, &all, &last);
            for (c, (&got, &want)) in solver.fifty.credit.iter().zip(&credit).enumerate() {
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

    #[test]
    fn a_walled_pair_is_a_fifty_fifty_and_an_open_one_is_not() {
        // Two closed cells over "13" walled in by flags: one mine between them, and nothing can
        // ever tell which. Each is a mine in half the arrangements, only where the pair forms:
        // the first is guessed at once.
        let walled = view(&["??F", "13F"]);
        let mut solver = analysed(&walled, Mines::Density(0.2));
        assert_eq!(solver.weigh_fifties(Mines::Density(0.2)), Some(0));
        assert!((solver.fifty.credit[0] - 0.5).abs() < 1e-12);
        assert!((solver.fifty.credit[1] - 0.5).abs() < 1e-12);
        assert_eq!(solver.best_guess().map(|g| g.0), Some(0));
        // Beside a closed cell instead, opening that cell could tell the pair apart. (That
        // closed cell and the one below it are a pair walled by the board's edges.)
        let open = view(&["???", "12?"]);
        solver = analysed(&open, Mines::Known(2));
        assert_eq!(solver.weigh_fifties(Mines::Known(2)), Some(2));
        assert_eq!(solver.fifty.credit[..2], [0.0, 0.0]);
        // A 2x2 square in a corner, walled by a flag at its outer corner, with two mines on
        // one diagonal or the other: only a guess tells which.
        let square = view(&["??1", "??2", "12F"]);
        solver = analysed(&square, Mines::Known(3));
        assert_eq!(solver.weigh_fifties(Mines::Known(3)), Some(0));
        assert!(
            (0..2).all(|r| (0..2).all(|c| (solver.fifty.credit[r * 3 + c] - 0.5).abs() < 1e-12))
        );
    }
}
