//! Choosing the guess when no cell is certain: among the cells within [`TIE_MARGIN`] of the
//! lowest mine probability, the one that maximises P(safe) * (floor + progress), where
//! progress is the chance that what the cell shows leaves some cell certain.
//!
//! Progress is found by probes: the cell is opened with each number it could show on the
//! real state, the rules run, the touched components are regrouped and enumerated, the
//! outcome is weighed with the untouched components (reused as they are), and everything is
//! rolled back. A cell far from every number has a closed form (only a 0 helps there). A cell
//! next to an estimated component, or any cell once the budget is spent, gets a local
//! estimate: its neighbours taken as independent for what it shows, the rules alone for what
//! that settles.

use super::combine::{hull_back, hull_contains, hull_sum, ln_weight_with, CountLaw, Hull};
use super::enumerate::{Enumerated, Tallies, SOME_MINE};
use super::frontier::{Component, Know, Law};
use super::{count_law, ln_binomial, odds, odds_weights, Mines, Solver, NONE};

/// Guesses within this mine probability of the safest one are compared by progress. On expert
/// (seed 100, 40,000 games, every candidate probed) 0.02 won 39.72%, 0.03 39.78%, 0.05
/// 39.77%: flat there; with only 30 probes 0.02 and 0.04 did worse than 0.03.
const TIE_MARGIN: f64 = 0.03;

/// How many of those candidates (the best by a cheap estimate first) get a progress check: a
/// bound on the work, high enough to take every candidate on the usual boards. On expert
/// (seed 100, 40,000 games) 30 won 39.32%, 200 won 39.58%, 1000 won 39.78%.
const MAX_PROBES: usize = 1000;

/// A number that settles k new safe cells counts as min(k, 3)/3 progress: a guess that opens
/// up the board beats one that frees a single cell (+0.2% on expert over counting any).
const PROGRESS_CAP: usize = 3;

/// The guess maximises P(safe) * (floor + progress); the small floor lets the safer cell win
/// when no candidate makes progress.
const PROGRESS_FLOOR: f64 = 0.05;

/// The guess's reusable buffers.
#[derive(Debug, Default)]
pub(super) struct Scratch {
    candidates: Vec<(f64, u32)>,
    created: Vec<u32>,
    /// With a known total: the untouched components' law for the last set of touched ones.
    rest_for: Vec<u32>,
    rest: Option<CountLaw>,
}

/// A probe could not be finished exactly: the cell gets the local estimate.
struct Unfinished;

impl Solver {
    /// The guess after an analysis with no certain safe cell.
    ///
    /// # Complexity
    /// O(cells) plus the probes, within the budget.
    pub(super) fn choose_guess(&mut self, mines: Mines) -> Option<usize> {
        let n = self.probability.len();
        let mut lowest = f64::INFINITY;
        for cell in 0..n {
            if self.frontier.know(cell) == Know::Unknown {
                lowest = lowest.min(self.probability[cell]);
            }
        }
        if lowest == f64::INFINITY {
            return None;
        }
        let mut candidates = std::mem::take(&mut self.guess.candidates);
        candidates.clear();
        for cell in 0..n {
            if self.frontier.know(cell) != Know::Unknown {
                continue;
            }
            let p = self.probability[cell];
            if p > lowest + TIE_MARGIN {
                continue;
            }
            let score = (1.0 - p) * (1.0 + self.zero_chance(cell));
            candidates.push((-score, cell as u32));
        }
        let order = |a: &(f64, u32), b: &(f64, u32)| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1));
        if candidates.len() > MAX_PROBES {
            candidates.select_nth_unstable_by(MAX_PROBES, order);
            candidates.truncate(MAX_PROBES);
        }
        candidates.sort_unstable_by(order);
        let mut best = candidates.first().map(|&(_, c)| c as usize);
        if candidates.len() > 1 {
            self.guess.rest = None;
            let mut best_score = f64::NEG_INFINITY;
            for &(_, cell) in &candidates {
                let cell = cell as usize;
                let p = self.probability[cell];
                if (1.0 - p) * (PROGRESS_FLOOR + 1.0) <= best_score {
                    // Even certain progress would not beat the best: skip the probes.
                    continue;
                }
                let progress = self.progress(mines, cell);
                let score = (1.0 - p) * (PROGRESS_FLOOR + progress);
                if score > best_score {
                    best_score = score;
                    best = Some(cell);
                }
            }
            self.guess.rest = None;
        }
        self.guess.candidates = candidates;
        best
    }

    /// The chance that opening `cell`, if safe, shows a number after which some cell is
    /// certain.
    fn progress(&mut self, mines: Mines, cell: usize) -> f64 {
        if self.is_isolated(cell) {
            return self.outside_zero[self.frontier.neighbour_count(cell)];
        }
        if self.left > 0 && !self.near_estimate(cell) {
            if let Ok(progress) = self.probe(mines, cell) {
                return progress;
            }
        }
        self.local_progress(cell)
    }

    /// Whether `cell` and all its neighbours are unknown cells next to no number: what it
    /// shows then makes progress only when it is a 0.
    fn is_isolated(&self, cell: usize) -> bool {
        let f = &self.frontier;
        f.is_outside(cell) && f.around(cell).all(|next| f.is_outside(next))
    }

    /// Whether `cell` or one of its neighbours belongs to an estimated component.
    fn near_estimate(&self, cell: usize) -> bool {
        let f = &self.frontier;
        std::iter::once(cell).chain(f.around(cell)).any(|c| {
            let comp = f.cells[c].comp;
            comp != NONE && matches!(f.comps[comp as usize].law, Law::Approximate(_))
        })
    }

    /// The mines known around `cell` and its unknown neighbours.
    fn around_counts(&self, cell: usize) -> (u8, u8) {
        let f = &self.frontier;
        let (mut fixed, mut unknown) = (0, 0);
        for next in f.around(cell) {
            match f.know(next) {
                Know::Mine | Know::Flag => fixed += 1,
                Know::Unknown => unknown += 1,
                _ => {}
            }
        }
        (fixed, unknown)
    }

    /// Progress from weights by number shown (ln, `NEG_INFINITY` when impossible) and the
    /// safe cells each settles.
    fn weigh_outcomes(ln_weight: &[f64; 9], safe: &[usize; 9]) -> f64 {
        let top = ln_weight.iter().cloned().fold(f64::NEG_INFINITY, f64::max);
        if top == f64::NEG_INFINITY {
            return 0.0;
        }
        let (mut total, mut good) = (0.0, 0.0);
        for v in 0..9 {
            if ln_weight[v] > f64::NEG_INFINITY {
                let w = (ln_weight[v] - top).exp();
                total += w;
                good += w * safe[v].min(PROGRESS_CAP) as f64 / PROGRESS_CAP as f64;
            }
        }
        good / total
    }

    /// Progress by probing each number `cell` could show.
    fn probe(&mut self, mines: Mines, cell: usize) -> Result<f64, Unfinished> {
        let (fixed, unknown) = self.around_counts(cell);
        let mut ln_weight = [f64::NEG_INFINITY; 9];
        let mut safe = [0usize; 9];
        for v in fixed..=fixed + unknown {
            self.frontier.checkpoint();
            let outcome = self.probe_value(mines, cell, v);
            self.frontier.rollback();
            if let Some((ln, settled)) = outcome? {
                ln_weight[v as usize] = ln;
                safe[v as usize] = settled;
            }
        }
        Ok(Solver::weigh_outcomes(&ln_weight, &safe))
    }

    /// The position after `cell` shows `v`: its ln weight (against the other numbers `cell`
    /// could show) and how many cells it makes certain safe; `None` when it cannot happen.
    fn probe_value(
        &mut self,
        mines: Mines,
        cell: usize,
        v: u8,
    ) -> Result<Option<(f64, usize)>, Unfinished> {
        let (loose, outside) = (self.frontier.loose_mines, self.frontier.outside);
        if self.frontier.open(cell, v).is_err() || self.frontier.propagate().is_err() {
            return Ok(None);
        }
        let mut created = std::mem::take(&mut self.guess.created);
        created.clear();
        self.frontier.rebuild(&mut created);
        let outcome = self.weigh_probe(mines, &created, loose, outside);
        self.guess.created = created;
        outcome
    }

    fn weigh_probe(
        &mut self,
        mines: Mines,
        created: &[u32],
        loose: usize,
        outside: usize,
    ) -> Result<Option<(f64, usize)>, Unfinished> {
        let released = self.frontier.released().to_vec();
        if released
            .iter()
            .any(|&id| matches!(self.frontier.comps[id as usize].law, Law::Approximate(_)))
        {
            return Err(Unfinished);
        }
        for &id in created {
            let comp = &self.frontier.comps[id as usize];
            let (result, used) = self.enumerator.run(comp, &self.frontier.cells, self.left);
            self.left = self.left.saturating_sub(used);
            match result {
                Enumerated::Exact(tallies) => {
                    self.frontier.comps[id as usize].law = Law::Exact(tallies)
                }
                Enumerated::Empty => return Ok(None),
                Enumerated::OutOfBudget => return Err(Unfinished),
            }
        }
        let mut safe = self.frontier.safe_since_checkpoint().len();
        match mines {
            Mines::Density(p) => {
                let f = &self.frontier;
                let ln_odds = odds(p).ln();
                let mut ln = 0.0;
                for &id in created {
                    let comp = &f.comps[id as usize];
                    let t = tallies(comp);
                    let (coef, top) = odds_weights(t, ln_odds);
                    let z: f64 = t.weight.iter().zip(&coef.w).map(|(w, c)| w * c).sum();
                    ln += z.ln() + top + t.ln_scale;
                    safe += safe_cells(f, comp, t, &all());
                }
                for &id in &released {
                    ln -= self.ln_weight[id as usize];
                }
                ln += (f.loose_mines as f64 - loose as f64) * ln_odds;
                ln += (f.outside as f64 - outside as f64) * (1.0 + odds(p)).ln();
                Ok(Some((ln, safe)))
            }
            Mines::Known(total) => {
                if self.frontier.loose_mines > total {
                    return Ok(None);
                }
                let left = total - self.frontier.loose_mines;
                let mut work = 0;
                let rest = self.rest_law(&released, &mut work);
                let f = &self.frontier;
                let laws: Vec<CountLaw> = created
                    .iter()
                    .map(|&id| count_law(&f.comps[id as usize].law))
                    .collect();
                let mut region = CountLaw::one();
                for law in &laws {
                    region = region.and(law, &mut work);
                }
                let ln_factorial = &self.ln_factorial;
                let binomial = |n, k| ln_binomial(ln_factorial, n, k);
                let ln = ln_weight_with(&region, &rest, f.outside, left, binomial, &mut work);
                self.left = self.left.saturating_sub(work / super::PRODUCTS_PER_NODE);
                let Some(ln) = ln else {
                    return Ok(None);
                };
                let (lo, hi) = (left as i64 - f.outside as i64, left as i64);
                let span: Hull = vec![(lo, hi)];
                for (i, &id) in created.iter().enumerate() {
                    let mut others = rest.possible.clone();
                    for (j, law) in laws.iter().enumerate() {
                        if j != i {
                            others = hull_sum(&others, &law.possible);
                        }
                    }
                    let allowed = hull_back(&span, &others);
                    let comp = &f.comps[id as usize];
                    safe += safe_cells(f, comp, tallies(comp), &allowed);
                }
                if f.outside > 0 {
                    // Every possible total leaves no mine off the frontier: all of it is safe.
                    let (mut any, mut mine_outside) = (false, false);
                    for &(a, b) in &hull_sum(&rest.possible, &region.possible) {
                        let (a, b) = (a.max(lo), b.min(hi));
                        if a <= b {
                            any = true;
                            mine_outside |= a < hi;
                        }
                    }
                    if any && !mine_outside {
                        safe += f.outside;
                    }
                }
                Ok(Some((ln, safe)))
            }
        }
    }

    /// With a known total: the law of the live components other than `released`, kept for
    /// the next probe that touches the same ones.
    fn rest_law(&mut self, released: &[u32], work: &mut u64) -> CountLaw {
        let mut key = released.to_vec();
        key.sort_unstable();
        if self.guess.rest.is_none() || self.guess.rest_for != key {
            let mut rest = CountLaw::one();
            for &id in &self.order {
                if key.binary_search(&id).is_err() {
                    rest = rest.and(&self.count_law[id as usize], work);
                }
            }
            self.guess.rest = Some(rest);
            self.guess.rest_for = key;
        }
        self.guess.rest.clone().expect("just made")
    }

    /// Progress estimated locally: what `cell` shows from its neighbours' probabilities taken
    /// as independent, what each number settles from the rules alone.
    fn local_progress(&mut self, cell: usize) -> f64 {
        let (fixed, _) = self.around_counts(cell);
        // The law of the mines among the unknown neighbours (Poisson binomial).
        let mut law = [0.0f64; 9];
        law[0] = 1.0;
        let mut count = 0;
        for next in self.frontier.around(cell) {
            if self.frontier.know(next) != Know::Unknown {
                continue;
            }
            let p = self.probability[next];
            for m in (0..=count).rev() {
                law[m + 1] += law[m] * p;
                law[m] *= 1.0 - p;
            }
            count += 1;
        }
        let mut ln_weight = [f64::NEG_INFINITY; 9];
        let mut safe = [0usize; 9];
        for (m, &w) in law.iter().enumerate().take(count + 1) {
            let v = fixed as usize + m;
            if w <= 0.0 || v > 8 {
                continue;
            }
            self.frontier.checkpoint();
            if self.frontier.open(cell, v as u8).is_ok() && self.frontier.propagate().is_ok() {
                ln_weight[v] = w.ln();
                safe[v] = self.frontier.safe_since_checkpoint().len();
            }
            self.frontier.rollback();
        }
        Solver::weigh_outcomes(&ln_weight, &safe)
    }
}

fn tallies(comp: &Component) -> &Tallies {
    match &comp.law {
        Law::Exact(t) => t,
        _ => unreachable!("a probed component is enumerated"),
    }
}

fn all() -> Hull {
    super::all_counts()
}

/// The unknown cells of `comp` that no arrangement with a count in `allowed` makes a mine.
fn safe_cells(
    f: &super::frontier::Frontier,
    comp: &Component,
    t: &Tallies,
    allowed: &Hull,
) -> usize {
    let mut mined = vec![false; t.boxes];
    let mut any = false;
    for (i, &row) in t.row.iter().enumerate() {
        if row == NONE || !hull_contains(allowed, (t.lo + i) as i64) {
            continue;
        }
        any = true;
        let base = row as usize * t.boxes;
        for (b, m) in mined.iter_mut().enumerate() {
            *m |= t.seen[base + b] & SOME_MINE != 0;
        }
    }
    if !any {
        return 0;
    }
    (0..t.boxes)
        .filter(|&b| !mined[b])
        .map(|b| {
            comp.box_cells(b)
                .iter()
                .filter(|&&c| f.know(c as usize) == Know::Unknown)
                .count()
        })
        .sum()
}
