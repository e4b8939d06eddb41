//! Choosing the guess when no cell is certain. Regions apart from the open board are left for
//! last, and those with a fixed number of mines then played exactly (`region.rs`). With few
//! complete arrangements of the other cells left, the endgame search decides (`endgame.rs`);
//! else a cell that is a mine only where a 50/50 forms is guessed at once (`fifty.rs`).
//! Otherwise the candidates are the cells at least [`CANDIDATE_RATIO`] as safe as the safest,
//! and the guess maximises
//! P(safe) * worth * (1 + w * progress) * (1 + [`FIFTY_CREDIT`] * fifty),
//! where worth is the expected value, over the numbers the cell could show, of the next
//! position's two highest safeties ([`Best2::worth`]: secondary safety), progress the chance
//! that the number leaves some cell certain, w its weight (more with more mines left, see
//! [`progress_weight`]), and fifty the share of the arrangements where the cell is safe in
//! which it would be a mine of a 50/50 faced anyway (`fifty.rs`). Dead cells (one possible
//! number: opening them tells nothing) are guessed only when every candidate is. Candidates
//! are scored safest first, until the safety times the largest factors cannot beat the best
//! score.
//!
//! Each number's outcome is found by probes: the cell is opened without a number on the real
//! state, the rules run, the touched components are regrouped and enumerated once (tallied by
//! what the cell would show), the outcome is weighed with the untouched components (reused as
//! they are, their safeties as before the probe; with the total known, the watched
//! component's arrangements and the density off the frontier are weighed by the ways
//! everything else takes the remaining mines), and everything is rolled back. A cell far from
//! every number has a closed form (only a 0 helps there). A cell next to an estimated
//! component, or any cell once the budget is spent, gets a local estimate: its neighbours
//! taken as independent for what it shows, the rules alone for what that settles.

use super::combine::{
    correlate_into, hull_back_into, hull_contains, hull_sum_into, ln_weight_with, product_into,
    CountLaw, Hull, Poly, WaysMemo,
};
use super::component::{Component, ComponentLaw};
use super::endgame;
use super::enumerate::Enumerated;
use super::frontier::Know;
use super::tallies::{Counts, Tallies, SOME_MINE};
use super::{
    enumerate_component, fill_count_law, fill_counts_law, ln_binomial, odds, odds_weights, Mines,
    Solver, NONE,
};

/// Cells at least this share of the best safety are candidates for the guess: a slightly
/// riskier cell that leaves a safer next move can be the better one.
const CANDIDATE_RATIO: f64 = 0.9;

/// How many candidates (the safest first) may be scored: a bound on the work, high enough to
/// take every candidate on the usual boards.
const MAX_PROBES: usize = 1000;

/// A number that settles k new safe cells counts as min(k, 6)/6 progress: a guess that opens
/// up the board beats one that frees a single cell.
const PROGRESS_CAP: usize = 6;

/// A guess's score is multiplied by (1 + w * progress), w [`PROGRESS_WEIGHT`] while
/// [`PROGRESS_FULL_AT`] mines or more are left to find: among guesses leaving equally safe
/// positions, the one likelier to settle cells at once.
const PROGRESS_WEIGHT: f64 = 0.1;

/// With fewer mines than this left to find the progress weight shrinks in proportion: with
/// fewer guesses ahead, cells settled now are worth less than the safety of the next one.
const PROGRESS_FULL_AT: f64 = 100.0;

/// The next position after a guess is worth (FIRST * b1 + b2) / (FIRST + 1), b1 and b2 its
/// two highest safeties: the second counts a little, for when the first turns out dead.
const FIRST_WEIGHT: f64 = 4.0;

/// A guess that is a mine in a share c of the arrangements where it is safe (see
/// `fifty.rs`: where a 50/50 forms around it) weighs (1 + FIFTY_CREDIT * c) more: in those
/// arrangements the risk it takes must be taken anyway.
const FIFTY_CREDIT: f64 = 0.9;

/// Finding the endgame's arrangements may take at most this many nodes, and on a dense board
/// (up to 3,000 arrangements, see `endgame.rs`) this many, out of the search's larger
/// allowance: over 3,000 expert games the largest took 4,285,149, and 4% of them took more
/// than 100,000.
const ENDGAME_SHARE: u64 = 100_000;
const DENSE_ENDGAME_SHARE: u64 = 5_000_000;

/// The two highest safeties among some cells.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub(super) struct Best2 {
    first: f64,
    second: f64,
}

impl Best2 {
    const NONE: Best2 = Best2 {
        first: 0.0,
        second: 0.0,
    };

    /// Adds `times` cells of safety `safety`.
    fn push(&mut self, safety: f64, times: usize) {
        // A certain mine up to rounding is no cell to open.
        let safety = if safety < 1e-9 { 0.0 } else { safety };
        for _ in 0..times.min(2) {
            if safety > self.first {
                self.second = self.first;
                self.first = safety;
            } else if safety > self.second {
                self.second = safety;
            } else {
                break;
            }
        }
    }

    fn merge(&mut self, other: Best2) {
        self.push(other.first, 1);
        self.push(other.second, 1);
    }

    /// What a position with these safeties is worth: 1 when no cell can be safe (the game is
    /// won), and a lone possibly safe cell counts as the last one.
    fn worth(self) -> f64 {
        if self.first <= 0.0 {
            return 1.0;
        }
        let second = if self.second > 0.0 { self.second } else { 1.0 };
        (FIRST_WEIGHT * self.first + second) / (FIRST_WEIGHT + 1.0)
    }
}

/// The guess's reusable buffers.
#[derive(Debug, Default)]
pub(super) struct Scratch {
    /// Each candidate with its key and whether it is isolated ([`by_key`]).
    candidates: Vec<u128>,
    created: Vec<u32>,
    /// With a known total: the untouched components' law for the last set of touched ones.
    rest_for: Vec<u32>,
    rest: CountLaw,
    rest_ready: bool,
    rest_key: Vec<u32>,
    released: Vec<u32>,
    laws: Vec<CountLaw>,
    /// Per box: the `seen` bits over the allowed counts.
    seen: Vec<u8>,
    /// Per component id: its two highest safeties, and over all of them, before the probes.
    comp_best: Vec<Best2>,
    frontier_best: Best2,
    /// The candidates scored in the last guess, and those found dead.
    pub scores: Vec<(usize, f64)>,
    pub dead: Vec<usize>,
    /// Whether the last guess is a cell that is a mine only where a 50/50 forms.
    pub fifty_fifty: bool,
    /// Whether the last guess is the exact best first move of a walled-off region, all that
    /// was left (`region.rs`).
    pub walled: bool,
    ways: WaysMemo,
    /// A probe's laws and intervals with a known total (see `weigh_region`); the laws serve
    /// the endgame's count of arrangements too.
    unwatched: CountLaw,
    product: CountLaw,
    region: CountLaw,
    mined: Poly,
    coef: Poly,
    coef_mined: Poly,
    /// Scratch for [`push_boxes`]: per box, its expected mines.
    expected: Vec<f64>,
    beside: Hull,
    sum: Hull,
    allowed: Hull,
}

/// A probe could not be finished exactly: the cell gets the local estimate.
struct Unfinished;

/// By number shown: the ln of its weight (`NEG_INFINITY` when impossible) and the cells it
/// leaves certain safe.
/// By number shown, also what the next position is worth ([`Best2::worth`]).
struct Outcomes {
    ln_weight: [f64; 9],
    safe: [usize; 9],
    worth: [f64; 9],
}

impl Outcomes {
    fn none() -> Outcomes {
        Outcomes {
            ln_weight: [f64::NEG_INFINITY; 9],
            safe: [0; 9],
            worth: [0.0; 9],
        }
    }
}

/// What a probe found, over the numbers the cell could show.
#[derive(Clone, Copy, Debug)]
struct Probed {
    /// The chance that the number leaves some cell certain (capped, see [`PROGRESS_CAP`]).
    progress: f64,
    /// The expected worth of the next position.
    worth: f64,
    /// How many numbers are possible: a cell with one at most is dead.
    outcomes: usize,
}

impl Solver {
    /// The guess after an analysis with no certain safe cell: among the candidates (cells at
    /// least [`CANDIDATE_RATIO`] as safe as the safest), the living one (a dead cell only when
    /// all are dead) that maximises P(safe) * the expected worth of the next position.
    ///
    /// # Complexity
    /// O(cells) plus the probes, within the budget.
    pub(super) fn choose_guess(&mut self, mines: Mines) -> Option<usize> {
        let n = self.probability.len();
        self.guess.scores.clear();
        self.guess.dead.clear();
        self.guess.fifty_fifty = false;
        self.guess.walled = false;
        self.find_regions(matches!(mines, Mines::Known(_)));
        let fixed = self.regions.fixed_cells;
        if fixed > 0 && fixed == self.frontier.unknown {
            if let Some(cell) = self.region_move() {
                self.guess.walled = true;
                return Some(cell);
            }
        }
        // From here a region apart is guessed last (`region.rs`: `left_for_last`).
        let mut lowest = f64::INFINITY;
        let mut comp_best = std::mem::take(&mut self.guess.comp_best);
        comp_best.clear();
        comp_best.resize(self.frontier.comps.len(), Best2::NONE);
        for cell in 0..n {
            if self.frontier.know(cell) != Know::Unknown {
                continue;
            }
            let p = self.probability[cell];
            if !self.left_for_last(cell) {
                lowest = lowest.min(p);
            }
            let comp = self.frontier.cells[cell].comp;
            if comp != NONE {
                comp_best[comp as usize].push(1.0 - p, 1);
            }
        }
        if lowest == f64::INFINITY {
            self.guess.comp_best = comp_best;
            return None;
        }
        if let Some(cell) = self.endgame(mines) {
            self.guess.comp_best = comp_best;
            return Some(cell);
        }
        if let Some(cell) = self.weigh_fifties(mines) {
            // A mine only where a 50/50 forms: its risk is one every player takes.
            self.guess.comp_best = comp_best;
            self.guess.fifty_fifty = true;
            return Some(cell);
        }
        let mut frontier_best = Best2::NONE;
        comp_best.iter().for_each(|&b| frontier_best.merge(b));
        self.guess.comp_best = comp_best;
        self.guess.frontier_best = frontier_best;
        let floor = CANDIDATE_RATIO * (1.0 - lowest) - 1e-12;
        let left = match mines {
            Mines::Known(total) => total.saturating_sub(self.frontier.known_mines) as f64,
            Mines::Density(p) => p * self.frontier.unknown as f64,
        };
        let progress_weight = progress_weight(left);
        let mut candidates = std::mem::take(&mut self.guess.candidates);
        candidates.clear();
        for cell in 0..n {
            if self.frontier.know(cell) != Know::Unknown {
                continue;
            }
            let p = self.probability[cell];
            if 1.0 - p < floor || self.left_for_last(cell) {
                continue;
            }
            // Safest first (the pruning relies on it), ties by a cheap estimate of progress.
            // An unknown cell's `zero_chance`.
            let (zero, all_mines, outside) = self.zero_and_full(cell);
            let key = -(1.0 - p) * (1.0 + 1e-6 * (zero + all_mines));
            let isolated = outside && self.frontier.cells[cell].comp == NONE;
            candidates.push(by_key(key, cell, isolated));
        }
        if candidates.len() > MAX_PROBES {
            candidates.select_nth_unstable(MAX_PROBES);
            candidates.truncate(MAX_PROBES);
        }
        candidates.sort_unstable();
        let mut best = None;
        let mut first_dead = None;
        // The credit of each candidate, as a share of the arrangements where it is safe.
        let credit_of = |solver: &Solver, cell: usize| {
            let p = solver.probability[cell];
            solver.fifty.credit[cell].min(p) / (1.0 - p)
        };
        let most_credit = candidates
            .iter()
            .map(|&c| credit_of(self, key_cell(c).0))
            .fold(0.0, f64::max);
        if candidates.len() > 1 {
            self.guess.rest_ready = false;
            let mut best_score = f64::NEG_INFINITY;
            for &candidate in &candidates {
                let (cell, isolated) = key_cell(candidate);
                let safety = 1.0 - self.probability[cell];
                let most = safety * (1.0 + progress_weight);
                if most * (1.0 + FIFTY_CREDIT * most_credit) <= best_score {
                    // The worth is at most 1: neither this cell nor any after it can win.
                    break;
                }
                let credit = credit_of(self, cell);
                if most * (1.0 + FIFTY_CREDIT * credit) <= best_score {
                    continue;
                }
                let (worth, dead, progress) = if isolated {
                    self.isolated_worth(cell)
                } else {
                    self.worth_after(mines, cell)
                };
                let score = safety
                    * worth
                    * (1.0 + progress_weight * progress)
                    * (1.0 + FIFTY_CREDIT * credit);
                self.guess.scores.push((cell, score));
                if dead {
                    self.guess.dead.push(cell);
                    first_dead = first_dead.or(Some(cell));
                    continue;
                }
                if score > best_score {
                    best_score = score;
                    best = Some(cell);
                }
            }
            self.guess.rest_ready = false;
        }
        let best = best
            .or(first_dead)
            .or(candidates.first().map(|&c| key_cell(c).0));
        self.guess.candidates = candidates;
        best
    }

    /// With the total known and few arrangements left (walled-off regions with a fixed count
    /// left for last aside), the guess that wins the most of them (`None` when there are too
    /// many, or the search runs out of budget).
    fn endgame(&mut self, mines: Mines) -> Option<usize> {
        let Mines::Known(total) = mines else {
            return None;
        };
        // The regions with a fixed count left for last aside: their arrangements multiply the
        // rest's.
        let aside = self.regions_wait();
        let r = &self.regions;
        let (walled, walled_mines, ln_walled) = match aside {
            true => (r.fixed_cells, r.fixed_mines, r.fixed_ln_arrangements),
            false => (0, 0, 0.0),
        };
        let left = total.checked_sub(self.frontier.known_mines + walled_mines)?;
        if self.frontier.unknown - walled > endgame::MAX_CELLS {
            return None;
        }
        // Count the arrangements from the components' laws first: enumerating them one by one
        // only pays when they are few.
        let mut buffers = std::mem::take(&mut self.fifty);
        let ln_count = self.ln_arrangements(total, &mut buffers);
        self.fifty = buffers;
        let dense = total as f64 >= endgame::DENSE_FROM * self.frontier.seen.len() as f64;
        let (most, share, mut extra) = match dense {
            true => (
                endgame::DENSE_MAX_ARRANGEMENTS,
                DENSE_ENDGAME_SHARE,
                self.node_budget
                    .saturating_mul(endgame::DENSE_EXTRA_BUDGETS),
            ),
            false => (endgame::MAX_ARRANGEMENTS, ENDGAME_SHARE, 0),
        };
        if ln_count? - ln_walled > (most as f64 + 0.5).ln() {
            return None;
        }
        let cells: Vec<u32> = (0..self.frontier.seen.len() as u32)
            .filter(|&c| {
                let c = c as usize;
                self.frontier.know(c) == Know::Unknown && !(aside && self.regions.fixed[c])
            })
            .collect();
        let mut work = 0;
        let limit = self.left.saturating_add(extra).min(share);
        let found =
            endgame::arrangements(&self.frontier, &cells, Some(left), most, limit, &mut work);
        self.spend(work, &mut extra);
        let (around, arrangements) = found?;
        if arrangements.len() < 2 {
            return None;
        }
        let (bit, chance) = self.search_exactly(around, arrangements, extra)?;
        self.guess.scores.push((cells[bit] as usize, chance));
        Some(cells[bit] as usize)
    }

    /// The exact search's best first cell (by bit) over `arrangements` of cells whose
    /// neighbours among them are `around`, and its chance of winning, within what is left of
    /// the budget and `extra` nodes more (`None` past it). The extra nodes are spent first.
    pub(super) fn search_exactly(
        &mut self,
        around: Vec<u128>,
        arrangements: Vec<u128>,
        mut extra: u64,
    ) -> Option<(usize, f64)> {
        let mut search = endgame::Endgame::new(around, arrangements);
        let best = search.best(self.left.saturating_add(extra));
        self.spend(search.work(), &mut extra);
        best.ok()
    }

    /// Takes `work` nodes out of `extra` first (nodes allowed beyond the budget), then out of
    /// what is left of the budget.
    fn spend(&mut self, work: u64, extra: &mut u64) {
        let beyond = work.min(*extra);
        *extra -= beyond;
        self.overdraft += beyond;
        self.left = self.left.saturating_sub(work - beyond);
    }

    /// The expected worth of the position after opening `cell` safely, whether the cell is
    /// dead (it can show one number only), and its progress.
    fn worth_after(&mut self, mines: Mines, cell: usize) -> (f64, bool, f64) {
        if self.is_isolated(cell) {
            return self.isolated_worth(cell);
        }
        if self.left > 0 && !self.near_estimate(cell) {
            if let Ok(probed) = self.probe(mines, cell) {
                return (probed.worth, probed.outcomes <= 1, probed.progress);
            }
        }
        let progress = self.local_progress(cell);
        let mut rest = self.guess.frontier_best;
        rest.push(1.0 - self.outside_now, self.frontier.outside);
        (progress + (1.0 - progress) * rest.worth(), false, progress)
    }

    /// [`Solver::worth_after`] for a cell that [`Solver::is_isolated`].
    fn isolated_worth(&self, cell: usize) -> (f64, bool, f64) {
        // Only a 0 opens anything there; any other number leaves the rest as it was.
        let around = self.frontier.neighbour_count(cell);
        let zero = self.outside_zero[around];
        let mut rest = self.guess.frontier_best;
        let outside = self.frontier.outside.saturating_sub(1 + around);
        rest.push(1.0 - self.outside_now, outside);
        (zero + (1.0 - zero) * rest.worth(), false, zero)
    }

    /// Whether `cell` and all its neighbours are unknown cells next to no number: what it
    /// shows then makes progress only when it is a 0.
    fn is_isolated(&self, cell: usize) -> bool {
        let f = &self.frontier;
        f.is_outside(cell)
            && f.neighbours(cell)
                .iter()
                .all(|&next| f.is_outside(next as usize))
    }

    /// Whether `cell` or one of its neighbours belongs to an estimated component.
    fn near_estimate(&self, cell: usize) -> bool {
        let f = &self.frontier;
        std::iter::once(cell).chain(f.around(cell)).any(|c| {
            let comp = f.cells[c].comp;
            comp != NONE && f.comps[comp as usize].is_estimated()
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

    /// What a probe found, from the outcomes by number shown.
    fn summarise(outcomes: &Outcomes) -> Probed {
        let ln_weight = &outcomes.ln_weight;
        let top = ln_weight.iter().cloned().fold(f64::NEG_INFINITY, f64::max);
        if top == f64::NEG_INFINITY {
            return Probed {
                progress: 0.0,
                worth: 0.0,
                outcomes: 0,
            };
        }
        let (mut total, mut good, mut worth, mut count) = (0.0, 0.0, 0.0, 0);
        for (v, &ln) in ln_weight.iter().enumerate() {
            if ln > f64::NEG_INFINITY {
                let w = (ln - top).exp();
                total += w;
                good += w * outcomes.safe[v].min(PROGRESS_CAP) as f64 / PROGRESS_CAP as f64;
                worth += w * outcomes.worth[v];
                count += 1;
            }
        }
        Probed {
            progress: good / total,
            worth: worth / total,
            outcomes: count,
        }
    }

    /// Progress by probing: `cell` opened without reading its number, the rules run, the
    /// touched components regrouped and enumerated once with the arrangements tallied by the
    /// mines around `cell` as well, so that each number it could show is weighed at once.
    fn probe(&mut self, mines: Mines, cell: usize) -> Result<Probed, Unfinished> {
        let (loose, outside) = (self.frontier.loose_mines, self.frontier.outside);
        self.frontier.checkpoint();
        self.frontier.open_unread(cell);
        let outcome = if self.frontier.propagate().is_err() {
            // The cell cannot be safe: nothing it shows can happen.
            Ok(Outcomes::none())
        } else {
            let mut created = std::mem::take(&mut self.guess.created);
            let mut released = std::mem::take(&mut self.guess.released);
            created.clear();
            self.frontier.rebuild(&mut created);
            released.clear();
            released.extend_from_slice(self.frontier.released());
            let outcome = self.weigh_region(mines, cell, &created, &released, loose, outside);
            self.guess.created = created;
            self.guess.released = released;
            outcome
        };
        self.frontier.rollback();
        Ok(Solver::summarise(&outcome?))
    }

    /// After a probe's regrouping of the components `released` into `created`: the weight of
    /// each number `cell` could show and the cells it would leave certain safe. `loose` and
    /// `outside` are the counts before the probe.
    fn weigh_region(
        &mut self,
        mines: Mines,
        cell: usize,
        created: &[u32],
        released: &[u32],
        loose: usize,
        outside: usize,
    ) -> Result<Outcomes, Unfinished> {
        if released
            .iter()
            .any(|&id| self.frontier.comps[id as usize].is_estimated())
        {
            return Err(Unfinished);
        }
        for &id in created {
            let (result, used) =
                enumerate_component(&mut self.frontier, &mut self.enumerator, id, self.left);
            self.left = self.left.saturating_sub(used);
            match result {
                Enumerated::Exact => {}
                Enumerated::Empty => return Ok(Outcomes::none()),
                Enumerated::OutOfBudget => return Err(Unfinished),
            }
        }
        let f = &self.frontier;
        debug_assert!(created.iter().all(|&id| f.comps[id as usize]
            .cells
            .iter()
            .all(|&c| f.know(c as usize) == Know::Unknown)));
        // What the cell shows: the mines known around it now, plus v more among the unknown
        // ones (all in its component, watched there).
        let fixed = f.around(cell).filter(|&n| f.know(n).is_mine()).count();
        let watched = created
            .iter()
            .position(|&id| f.cells[cell].comp == id)
            .map(|i| (i, created[i]));
        let values = watched.map_or(1, |(_, id)| tallies(&f.comps[id as usize]).values());
        let rules_safe = f.safe_since_checkpoint();
        let mut outcomes = Outcomes::none();
        // The safeties the outcome does not change, or changes little: the untouched
        // components as they were, the other touched ones weighed with the density off the
        // frontier.
        let mut base = Best2::NONE;
        for id in f.live_components() {
            if !created.contains(&id) {
                if let Some(&b) = self.guess.comp_best.get(id as usize) {
                    base.merge(b);
                }
            }
        }
        base.push(1.0, rules_safe);
        let density = match mines {
            Mines::Density(p) => p,
            Mines::Known(_) => self.outside_now,
        };
        for &id in created {
            if Some(id) != watched.map(|w| w.1) {
                let comp = &f.comps[id as usize];
                let t = tallies(comp);
                let coef = density_weight(t.counts(0), odds(density).ln());
                push_boxes(comp, t.counts(0), coef, &mut base, &mut self.guess.expected);
            }
        }
        match mines {
            Mines::Density(p) => {
                let ln_odds = odds(p).ln();
                let mut next = base;
                next.push(1.0 - p, f.outside);
                let coef = watched.map(|(_, id)| {
                    density_weight(tallies(&f.comps[id as usize]).counts(0), ln_odds)
                });
                let mut common = (f.loose_mines as f64 - loose as f64) * ln_odds
                    + (f.outside as f64 - outside as f64) * (1.0 + odds(p)).ln();
                for &id in released {
                    common -= self.ln_weight[id as usize];
                }
                let mut common_safe = rules_safe;
                for &id in created {
                    if Some(id) != watched.map(|w| w.1) {
                        let comp = &f.comps[id as usize];
                        let t = tallies(comp);
                        common += ln_weight_at(t.counts(0), t.ln_scale, ln_odds);
                        common_safe +=
                            safe_cells(comp, t, t.counts(0), &all(), &mut self.guess.seen);
                    }
                }
                for v in 0..values {
                    let (ln, safe) = match watched {
                        None => (common, common_safe),
                        Some((_, id)) => {
                            let comp = &f.comps[id as usize];
                            let t = tallies(comp);
                            let c = t.counts(v);
                            if !c.any() {
                                continue;
                            }
                            let seen = &mut self.guess.seen;
                            (
                                common + ln_weight_at(c, t.ln_scale, ln_odds),
                                common_safe + safe_cells(comp, t, c, &all(), seen),
                            )
                        }
                    };
                    let worth = match watched {
                        None => next.worth(),
                        Some((_, id)) => {
                            let comp = &f.comps[id as usize];
                            let mut after = next;
                            let c = tallies(comp).counts(v);
                            push_boxes(
                                comp,
                                c,
                                coef.expect("watched"),
                                &mut after,
                                &mut self.guess.expected,
                            );
                            after.worth()
                        }
                    };
                    outcomes.ln_weight[fixed + v] = ln;
                    outcomes.safe[fixed + v] = safe;
                    outcomes.worth[fixed + v] = worth;
                }
            }
            Mines::Known(total) => {
                if f.loose_mines > total {
                    return Ok(outcomes);
                }
                let left = total - f.loose_mines;
                let mut work = 0;
                self.prepare_rest(released, &mut work);
                let f = &self.frontier;
                let g = &mut self.guess;
                // Laws: entry 0 is the watched component's (filled per v), then the others.
                g.laws.resize_with(created.len() + 1, CountLaw::default);
                let mut others = 1;
                for &id in created {
                    if Some(id) != watched.map(|w| w.1) {
                        fill_count_law(f.comps[id as usize].law(), &mut g.laws[others]);
                        others += 1;
                    }
                }
                let (watched_law, other_laws) = g.laws[..others].split_at_mut(1);
                let unwatched = &mut g.unwatched;
                unwatched.set_one();
                for law in other_laws.iter() {
                    unwatched.and_into(law, &mut g.product, &mut work);
                    std::mem::swap(unwatched, &mut g.product);
                }
                let unwatched = &g.unwatched;
                debug_assert!(g.rest_ready);
                let rest = &g.rest;
                let (lo, hi) = (left as i64 - f.outside as i64, left as i64);
                let span = [(lo, hi)];
                let ln_factorial = &self.ln_factorial;
                // The watched component's counts weighed by the ways everything else takes
                // the remaining mines, and by those ways times the mines left off the
                // frontier: its box probabilities and the density off the frontier by v.
                if let Some((_, id)) = watched {
                    let c = tallies(&f.comps[id as usize]).counts(0);
                    let others = &mut g.product;
                    rest.and_into(unwatched, others, &mut work);
                    let (w_lo, w_hi) = (c.lo as i64, c.hi() as i64);
                    let (t_lo, t_hi) = (w_lo + others.poly.lo, w_hi + others.poly.hi());
                    let binomial = |n, k| ln_binomial(ln_factorial, n, k);
                    let (ways, _) = g.ways.get(f.outside, left as i64, t_lo, t_hi, binomial);
                    let mined = &mut g.mined;
                    mined.lo = ways.lo;
                    mined.w.clear();
                    mined.w.extend(
                        ways.w
                            .iter()
                            .enumerate()
                            .map(|(i, &x)| x * (left as i64 - (t_lo + i as i64)).max(0) as f64),
                    );
                    let others = &others.poly;
                    correlate_into(ways, others, w_lo, w_hi, &mut g.coef, &mut work);
                    correlate_into(mined, others, w_lo, w_hi, &mut g.coef_mined, &mut work);
                }
                for v in 0..values {
                    let region = match watched {
                        None => unwatched,
                        Some((_, id)) => {
                            let t = tallies(&f.comps[id as usize]);
                            let c = t.counts(v);
                            if !c.any() {
                                continue;
                            }
                            fill_counts_law(c, t.ln_scale, &mut watched_law[0]);
                            if other_laws.is_empty() {
                                &watched_law[0]
                            } else {
                                watched_law[0].and_into(unwatched, &mut g.region, &mut work);
                                &g.region
                            }
                        }
                    };
                    let binomial = |n, k| ln_binomial(ln_factorial, n, k);
                    let Some(ln) = ln_weight_with(
                        region,
                        rest,
                        f.outside,
                        left,
                        &mut g.ways,
                        binomial,
                        &mut work,
                    ) else {
                        continue;
                    };
                    let mut safe = rules_safe;
                    // Each created component's counts allowed by everything else.
                    let mut at = 0;
                    for &id in created {
                        let is_watched = Some(id) == watched.map(|w| w.1);
                        let beside = &mut g.beside;
                        beside.clear();
                        beside.extend_from_slice(&rest.possible);
                        if !is_watched && watched.is_some() {
                            hull_sum_into(beside, &watched_law[0].possible, &mut g.sum);
                            std::mem::swap(beside, &mut g.sum);
                        }
                        for (j, law) in other_laws.iter().enumerate() {
                            if is_watched || j != at {
                                hull_sum_into(beside, &law.possible, &mut g.sum);
                                std::mem::swap(beside, &mut g.sum);
                            }
                        }
                        if !is_watched {
                            at += 1;
                        }
                        hull_back_into(&span, beside, &mut g.allowed);
                        let comp = &f.comps[id as usize];
                        let t = tallies(comp);
                        let c = t.counts(if is_watched { v } else { 0 });
                        safe += safe_cells(comp, t, c, &g.allowed, &mut g.seen);
                    }
                    if f.outside > 0 {
                        // Every possible total leaves no mine off the frontier: all safe.
                        let (mut any, mut mine_outside) = (false, false);
                        hull_sum_into(&rest.possible, &region.possible, &mut g.sum);
                        for &(a, b) in &g.sum {
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
                    let mut next = base;
                    let worth = match watched {
                        Some((_, id)) => {
                            let (coef, coef_mined) = (&g.coef, &g.coef_mined);
                            let comp = &f.comps[id as usize];
                            let c = tallies(comp).counts(v);
                            let (mut z, mut mined) = (0.0, 0.0);
                            for (i, &row) in c.row.iter().enumerate() {
                                if row != NONE {
                                    let k = (c.lo + i) as i64;
                                    z += c.weight[i] * coef.at(k);
                                    mined += c.weight[i] * coef_mined.at(k);
                                }
                            }
                            if f.outside > 0 && z > 0.0 {
                                let p = (mined / z / f.outside as f64).clamp(0.0, 1.0);
                                next.push(1.0 - p, f.outside);
                            }
                            push_boxes(comp, c, |k| coef.at(k as i64), &mut next, &mut g.expected);
                            next.worth()
                        }
                        None => {
                            next.push(1.0 - self.outside_now, f.outside);
                            next.worth()
                        }
                    };
                    outcomes.ln_weight[fixed + v] = ln;
                    outcomes.safe[fixed + v] = safe;
                    outcomes.worth[fixed + v] = worth;
                }
                self.left = self.left.saturating_sub(work / super::PRODUCTS_PER_NODE);
            }
        }
        Ok(outcomes)
    }

    /// With a known total: makes `self.guess.rest` the law of the live components other than
    /// `released`, kept for the next probe that touches the same ones.
    fn prepare_rest(&mut self, released: &[u32], work: &mut u64) {
        let g = &mut self.guess;
        g.rest_key.clear();
        g.rest_key.extend_from_slice(released);
        g.rest_key.sort_unstable();
        if g.rest_ready && g.rest_for == g.rest_key {
            return;
        }
        let released = &g.rest_key;
        let keep = |id| released.binary_search(&id).is_err();
        product_into(
            &self.order,
            &self.count_law,
            keep,
            &mut g.rest,
            &mut g.product,
            work,
        );
        g.rest_ready = true;
        std::mem::swap(&mut g.rest_for, &mut g.rest_key);
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
                safe[v] = self.frontier.safe_since_checkpoint();
            }
            self.frontier.rollback();
        }
        let outcomes = Outcomes {
            ln_weight,
            safe,
            worth: [0.0; 9],
        };
        Solver::summarise(&outcomes).progress
    }
}

/// The weight of progress with `left` mines still to find (or, at a density, as many as
/// expected): [`PROGRESS_WEIGHT`], shrunk below [`PROGRESS_FULL_AT`] mines.
fn progress_weight(left: f64) -> f64 {
    PROGRESS_WEIGHT * (left / PROGRESS_FULL_AT).min(1.0)
}

/// `cell` with `key` and a flag in one integer, ordered by key ([`total_order`]) then cell:
/// one comparison where a pair needs two (the flag, below the cell, never decides).
fn by_key(key: f64, cell: usize, flag: bool) -> u128 {
    // Flipping the sign bit orders the signed key as an unsigned one.
    let key = (total_order(key) as u64) ^ (1 << 63);
    (key as u128) << 33 | (cell as u32 as u128) << 1 | flag as u128
}

/// The cell and the flag of a [`by_key`] integer.
fn key_cell(keyed: u128) -> (usize, bool) {
    ((keyed >> 1) as u32 as usize, keyed & 1 == 1)
}

/// An integer ordered as `f64::total_cmp` orders `x`.
fn total_order(x: f64) -> i64 {
    let bits = x.to_bits() as i64;
    bits ^ (((bits >> 63) as u64) >> 1) as i64
}

/// An arrangement's weight odds^k by its count k (up to a factor), over the counts of `c`,
/// scaled so that none overflows.
fn density_weight(c: Counts, ln_odds: f64) -> impl Fn(usize) -> f64 + Copy {
    let reference = if ln_odds > 0.0 { c.hi() } else { c.lo } as f64;
    move |k| ((k as f64 - reference) * ln_odds).exp()
}

/// Adds the safeties of `comp`'s cells to `best`, for the arrangements of counts `c` (of its
/// tallies), those with k mines weighed by `coef(k)`. The component was just regrouped by the
/// probe: its cells are all unknown.
fn push_boxes(
    comp: &Component,
    c: Counts,
    coef: impl Fn(usize) -> f64,
    best: &mut Best2,
    expected: &mut Vec<f64>,
) {
    let t = tallies(comp);
    let mut z = 0.0;
    for (i, &row) in c.row.iter().enumerate() {
        if row != NONE {
            z += c.weight[i] * coef(c.lo + i);
        }
    }
    if !(z > 0.0 && z.is_finite()) {
        return;
    }
    // Row by row over all the boxes at once (each box's sum in the same order as box by
    // box): each row's coefficient is computed once, and the rows are read in sequence.
    expected.clear();
    expected.resize(t.boxes, 0.0);
    for (i, &row) in c.row.iter().enumerate() {
        if row != NONE {
            let x = coef(c.lo + i);
            let mines = &t.mines[row as usize * t.boxes..][..t.boxes];
            for (e, &m) in expected.iter_mut().zip(mines) {
                *e += m * x;
            }
        }
    }
    for (b, &expected) in expected.iter().enumerate() {
        let size = comp.box_size(b);
        let p = (expected / (z * size as f64)).clamp(0.0, 1.0);
        best.push(1.0 - p, size);
    }
}

fn tallies(comp: &Component) -> &Tallies {
    match comp.law() {
        ComponentLaw::Exact(t) => t,
        _ => unreachable!("a probed component is enumerated"),
    }
}

fn all() -> Hull {
    super::all_counts()
}

/// The cells of `comp` (just regrouped by the probe: all unknown) that no arrangement of `c`
/// (some counts of its tallies `t`) with a count in `allowed` makes a mine; `seen` is scratch.
fn safe_cells(
    comp: &Component,
    t: &Tallies,
    c: Counts,
    allowed: &Hull,
    seen: &mut Vec<u8>,
) -> usize {
    seen.clear();
    seen.resize(t.boxes, 0);
    let mut any = false;
    for (i, &row) in c.row.iter().enumerate() {
        if row == NONE || !hull_contains(allowed, (c.lo + i) as i64) {
            continue;
        }
        any = true;
        let base = row as usize * t.boxes;
        for (b, s) in seen.iter_mut().enumerate() {
            *s |= t.seen[base + b];
        }
    }
    if !any {
        return 0;
    }
    (0..t.boxes)
        .filter(|&b| seen[b] & SOME_MINE == 0)
        .map(|b| comp.box_size(b))
        .sum()
}

/// The ln of the total weight of counts `c`, an arrangement with k mines weighing odds^k.
pub(super) fn ln_weight_at(c: Counts, ln_scale: f64, ln_odds: f64) -> f64 {
    let (coef, top) = odds_weights(c, ln_odds);
    let z: f64 = c.weight.iter().zip(&coef.w).map(|(w, x)| w * x).sum();
    z.ln() + top + ln_scale
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{Board, Cover, FlagsInCascade, Grid};
    use crate::rng::Rng;
    use crate::solver::tests::{analysed, view};
    use crate::solver::{Seen, View};

    /// The chance that `cell`, opened safely, shows a number after which some other closed
    /// cell is certain safe, weighted as `progress` weighs it: by brute force over every
    /// arrangement, and a fresh solver for each number.
    fn brute_progress(view: &View, mines: Mines, cell: usize) -> (f64, f64) {
        let grid = view.grid();
        let closed: Vec<usize> = (0..grid.len())
            .filter(|&c| view.get(c) == Seen::Closed)
            .collect();
        let mut by_number = [0.0f64; 9];
        for mask in 0u32..1 << closed.len() {
            let mine = |c: usize| {
                view.get(c) == Seen::Flagged
                    || closed
                        .iter()
                        .position(|&x| x == c)
                        .is_some_and(|i| mask >> i & 1 == 1)
            };
            if mine(cell) {
                continue;
            }
            let fits = (0..grid.len()).all(|c| match view.get(c) {
                Seen::Open(n) => grid.neighbours(c).filter(|&x| mine(x)).count() == n as usize,
                _ => true,
            });
            let k = mask.count_ones() as usize;
            let weight = match mines {
                Mines::Known(total) => {
                    let flags = (0..grid.len())
                        .filter(|&c| view.get(c) == Seen::Flagged)
                        .count();
                    (k + flags == total) as u8 as f64
                }
                Mines::Density(p) => p.powi(k as i32) * (1.0 - p).powi((closed.len() - k) as i32),
            };
            if fits && weight > 0.0 {
                by_number[grid.neighbours(cell).filter(|&x| mine(x)).count()] += weight;
            }
        }
        let (mut total, mut good, mut worth) = (0.0, 0.0, 0.0);
        for (v, &w) in by_number.iter().enumerate() {
            if w == 0.0 {
                continue;
            }
            let mut shown = view.clone();
            shown.set(cell, Seen::Open(v as u8));
            let mut solver = Solver::new();
            solver.analyse(&shown, mines).unwrap();
            let safe = solver.certain_safe().len();
            total += w;
            good += w * safe.min(PROGRESS_CAP) as f64 / PROGRESS_CAP as f64;
            let mut best = Best2::NONE;
            for c in 0..grid.len() {
                if shown.get(c) == Seen::Closed {
                    best.push(1.0 - solver.probabilities()[c], 1);
                }
            }
            worth += w * best.worth();
        }
        (good / total, worth / total)
    }

    /// A random board of 2 to 5 rows and columns with up to a third of its cells mines.
    /// A random board of 2x2 to 5x5 with one random safe cell opened (its cascade too).
    fn small_position(rng: &mut Rng) -> (Board, View) {
        let (rows, cols) = (2 + rng.below(4), 2 + rng.below(4));
        let grid = Grid::new(rows, cols);
        let count = 1 + rng.below(rows * cols / 3 + 1);
        let mut cells: Vec<usize> = (0..grid.len()).collect();
        rng.shuffle(&mut cells);
        let board = Board::from_mines(grid, cells[..count].iter().copied());
        let mut cover = Cover::new(&board);
        let safe: Vec<usize> = (0..grid.len()).filter(|&c| !board.is_mine(c)).collect();
        let first = safe[rng.below(safe.len())];
        cover.reveal_from(&board, first, FlagsInCascade::Cleared, &mut Vec::new());
        let view = View::observe(&board, &cover);
        (board, view)
    }

    #[test]
    fn a_probe_weighs_each_number_as_re_analysing_it_would() {
        let seed = 0x9b0;
        let mut rng = Rng::new(seed);
        let mut probed = 0;
        for case in 0..400 {
            let (board, view) = small_position(&mut rng);
            let grid = board.grid();
            let closed = view.cells().iter().filter(|&&s| s == Seen::Closed).count();
            if closed > 12 {
                continue;
            }
            let mines = if rng.chance(0.5) {
                Mines::Known(board.mines())
            } else {
                Mines::Density(0.1 + 0.3 * rng.unit())
            };
            let mut solver = Solver::new();
            solver.analyse(&view, mines).unwrap();
            if !solver.certain_safe().is_empty() {
                continue;
            }
            // With a known total, other components could become certain through the count
            // alone: progress counts only the touched ones, so compare where there is one.
            if matches!(mines, Mines::Known(_)) && solver.frontier.live_components().count() > 1 {
                continue;
            }
            for cell in 0..grid.len() {
                if solver.frontier.know(cell) != Know::Unknown || solver.is_isolated(cell) {
                    continue;
                }
                solver.left = u64::MAX;
                let Ok(found) = solver.probe(mines, cell) else {
                    panic!("case {case} (seed {seed}): probe of {cell} unfinished");
                };
                let (want, want_worth) = brute_progress(&view, mines, cell);
                let got = found.progress;
                assert!(
                    (got - want).abs() < 1e-9,
                    "case {case} (seed {seed}) {mines:?} cell {cell}: probe {got}, brute force {want}\n{view:?}"
                );
                let got = found.worth;
                assert!(
                    (got - want_worth).abs() < 1e-9,
                    "case {case} (seed {seed}) {mines:?} cell {cell}: worth {got}, brute force {want_worth}\n{view:?}"
                );
                probed += 1;
            }
        }
        assert!(probed > 300, "only {probed} probes compared");
    }

    #[test]
    fn secondary_safety_on_a_hand_made_position() {
        // "?1??" with density 0.45: one mine among cells 0 and 2 (1/2 each), cell 3 a mine
        // with chance 0.45. Cell 3 shows whether 2 is a mine: either way a cell is certain
        // after it (worth 1). Cell 2, if safe, makes 0 the mine and shows what 3 is: worth
        // 1. Cell 0 always shows 0 (dead); after it only cell 3 is left, safety 0.55, and
        // nothing after that: worth (4 * 0.55 + 1) / 5.
        let v = view(&["?1??"]);
        let mines = Mines::Density(0.45);
        let mut solver = analysed(&v, mines);
        let (worth, dead, _) = solver.worth_after(mines, 3);
        assert!((worth - 1.0).abs() < 1e-12 && !dead);
        let (worth, dead, _) = solver.worth_after(mines, 2);
        assert!((worth - 1.0).abs() < 1e-12 && !dead);
        let (worth, dead, _) = solver.worth_after(mines, 0);
        assert!((worth - (4.0 * 0.55 + 1.0) / 5.0).abs() < 1e-12 && dead);
        // The guess is the safest cell that leaves a certain one (cell 0, dead, cannot beat it
        // and is not even scored).
        solver.analyse(&v, mines).unwrap();
        assert_eq!(solver.best_guess().map(|g| g.0), Some(3));
        assert!(solver.dead_cells().is_empty());
    }

    #[test]
    fn total_order_orders_as_total_cmp() {
        let seed = 0x0d3;
        let mut rng = Rng::new(seed);
        let mut values = vec![0.0, -0.0, 1.0, -1.0, f64::MIN_POSITIVE, -f64::MIN_POSITIVE];
        values.extend((0..200).map(|_| (rng.unit() - 0.5) * 10f64.powi(rng.below(9) as i32 - 4)));
        for &a in &values {
            for &b in &values {
                assert_eq!(
                    total_order(a).cmp(&total_order(b)),
                    a.total_cmp(&b),
                    "{a} {b} (seed {seed})"
                );
                assert_eq!(
                    by_key(a, 7, false).cmp(&by_key(b, 3, true)),
                    a.total_cmp(&b).then(7.cmp(&3)),
                    "{a} {b} (seed {seed})"
                );
            }
        }
    }

    #[test]
    fn a_cell_of_a_walled_pair_is_dead() {
        // Cell 0 of "??F" over "13F", when safe, always shows 1: cell 1 is then the mine.
        let walled = view(&["??F", "13F"]);
        let mut solver = analysed(&walled, Mines::Density(0.2));
        let probed = solver.probe(Mines::Density(0.2), 0).ok().unwrap();
        assert_eq!(probed.outcomes, 1, "it shows 1 whenever it is safe: dead");
        // Over "11" with one mine: too few arrangements, the endgame search picks one.
        solver
            .analyse(&view(&["??", "11"]), Mines::Known(1))
            .unwrap();
        assert!(solver.best_guess().is_some());
    }

    #[test]
    fn progress_counts_less_with_fewer_mines_left() {
        assert_eq!(progress_weight(250.0), PROGRESS_WEIGHT);
        assert_eq!(progress_weight(PROGRESS_FULL_AT), PROGRESS_WEIGHT);
        assert!((progress_weight(PROGRESS_FULL_AT / 4.0) - PROGRESS_WEIGHT / 4.0).abs() < 1e-15);
        assert_eq!(progress_weight(0.0), 0.0);
    }

    #[test]
    fn dead_cells_are_those_showing_one_number() {
        // Random small positions: each candidate the guess scored is dead exactly when, by
        // brute force over the arrangements where it is safe, it always shows one number.
        let seed = 0xdead;
        let mut rng = Rng::new(seed);
        let mut checked = 0;
        for case in 0..600 {
            let (board, view) = small_position(&mut rng);
            let grid = board.grid();
            let closed: Vec<usize> = (0..grid.len())
                .filter(|&c| view.get(c) == Seen::Closed)
                .collect();
            if closed.len() > 12 {
                continue;
            }
            let mines = Mines::Density(0.1 + 0.3 * rng.unit());
            let mut solver = Solver::new();
            solver.analyse(&view, mines).unwrap();
            if solver.guess_is_walled() {
                // The exact search of a walled-off region decided: no candidates scored.
                continue;
            }
            let scored: Vec<usize> = solver.guess_scores().iter().map(|s| s.0).collect();
            for &cell in &scored {
                let mut shown = [false; 9];
                for mask in 0u32..1 << closed.len() {
                    let mine = |c: usize| {
                        closed
                            .iter()
                            .position(|&x| x == c)
                            .is_some_and(|i| mask >> i & 1 == 1)
                    };
                    let fits = (0..grid.len()).all(|c| match view.get(c) {
                        Seen::Open(n) => {
                            grid.neighbours(c).filter(|&x| mine(x)).count() == n as usize
                        }
                        _ => true,
                    });
                    if fits && !mine(cell) {
                        shown[grid.neighbours(cell).filter(|&x| mine(x)).count()] = true;
                    }
                }
                let dead = shown.iter().filter(|&&s| s).count() <= 1;
                let isolated = grid.neighbours(cell).all(|x| {
                    grid.neighbours(x)
                        .all(|y| !matches!(view.get(y), Seen::Open(_)))
                });
                if isolated {
                    continue;
                }
                assert_eq!(
                    solver.dead_cells().contains(&cell),
                    dead,
                    "case {case} (seed {seed}) cell {cell}\n{view:?}"
                );
                checked += 1;
            }
        }
        assert!(checked > 200, "only {checked} candidates checked");
    }
}
