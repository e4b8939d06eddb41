//! Choosing the guess when no cell is certain. Regions apart from the open board are left for
//! last, and those with a fixed number of mines then played exactly (`region.rs`). With few
//! complete arrangements of the other cells left, the endgame search decides (`endgame/`);
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
//! Each number's outcome is found by a probe (`probe.rs`). A cell far from every number has a
//! closed form (only a 0 helps there). A cell next to an estimated component, or any cell once
//! the budget is spent, gets the probe's local estimate.

use super::analysis::Analyser;
use super::candidates::{key_cell, Candidates};
use super::endgame;
use super::fifty::FiftyFifties;
use super::frontier::{Frontier, Know};
use super::index::NONE;
use super::probe::{local_progress, Probe};
use super::region::RegionsApart;
use super::strength::Strength;
use super::view::Mines;
use super::worth::Best2;

/// Cells at least this share of the best safety are candidates for the guess: a slightly
/// riskier cell that leaves a safer next move can be the better one.
const CANDIDATE_RATIO: f64 = 0.9;

/// How many candidates (the safest first) may be scored: a bound on the work, high enough to
/// take every candidate on the usual boards.
const MAX_PROBES: usize = 1000;

/// A guess's score is multiplied by (1 + w * progress), w [`PROGRESS_WEIGHT`] while
/// [`PROGRESS_FULL_AT`] mines or more are left to find: among guesses leaving equally safe
/// positions, the one likelier to settle cells at once.
const PROGRESS_WEIGHT: f64 = 0.1;

/// With fewer mines than this left to find the progress weight shrinks in proportion: with
/// fewer guesses ahead, cells settled now are worth less than the safety of the next one.
const PROGRESS_FULL_AT: f64 = 100.0;

/// A guess that is a mine in a share c of the arrangements where it is safe (see
/// `fifty.rs`: where a 50/50 forms around it) weighs (1 + FIFTY_CREDIT * c) more: in those
/// arrangements the risk it takes must be taken anyway.
const FIFTY_CREDIT: f64 = 0.9;

/// Finding the endgame's arrangements may take at most this many nodes, and on a dense board
/// (up to 1,000 arrangements, see `endgame/search.rs`) this many, out of the search's larger
/// allowance: over 3,000 expert games (up to 3,000 arrangements then) the largest took
/// 4,285,149, and 4% of them took more than 100,000.
const ENDGAME_SHARE: u64 = 100_000;
const DENSE_ENDGAME_SHARE: u64 = 5_000_000;

/// The endgame search's limits: the most arrangements it takes, the nodes finding them may
/// take, and the analysis budgets it may walk beyond its own. The strong mode searches a dense
/// board's positions up to [`endgame::STRONG_DENSE_MAX_ARRANGEMENTS`]; elsewhere it searches as
/// the default does.
fn endgame_limits(dense: bool, strength: Strength) -> (usize, u64, u64) {
    match (dense, strength) {
        (true, Strength::Default) => (
            endgame::DENSE_MAX_ARRANGEMENTS,
            DENSE_ENDGAME_SHARE,
            endgame::DENSE_EXTRA_BUDGETS,
        ),
        (true, Strength::Strong) => (
            endgame::STRONG_DENSE_MAX_ARRANGEMENTS,
            DENSE_ENDGAME_SHARE,
            endgame::DENSE_EXTRA_BUDGETS,
        ),
        (false, _) => (endgame::MAX_ARRANGEMENTS, ENDGAME_SHARE, 0),
    }
}

/// The guess policy: what the last guess found, the strategies it calls on, and their
/// buffers.
#[derive(Debug, Default)]
pub(super) struct GuessPolicy {
    candidates: Candidates,
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
    /// How much work the guess may take.
    pub strength: Strength,
    probe: Probe,
    fifties: FiftyFifties,
    regions: RegionsApart,
}

impl GuessPolicy {
    /// The guess after an analysis with no certain safe cell: among the candidates (cells at
    /// least [`CANDIDATE_RATIO`] as safe as the safest), the living one (a dead cell only when
    /// all are dead) that maximises P(safe) * the expected worth of the next position.
    ///
    /// # Complexity
    /// O(cells) plus the probes, within the budget.
    pub(super) fn choose(&mut self, analysis: &mut Analyser, mines: Mines) -> Option<usize> {
        self.scores.clear();
        self.dead.clear();
        self.fifty_fifty = false;
        self.walled = false;
        self.regions
            .find(analysis, matches!(mines, Mines::Known(_)));
        let fixed = self.regions.fixed_cells;
        if fixed > 0 && fixed == analysis.frontier.unknown {
            if let Some((cell, chance)) = self.regions.best_move(&mut analysis.budget) {
                self.scores.push((cell, chance));
                self.walled = true;
                return Some(cell);
            }
        }
        // From here a region apart is guessed last (`region.rs`: `left_for_last`).
        let lowest = self.lowest_risk(analysis)?;
        if let Some(cell) = self.endgame(analysis, mines) {
            return Some(cell);
        }
        if let Some(cell) = self.fifties.weigh(analysis, &self.regions, mines) {
            // A mine only where a 50/50 forms: its risk is one every player takes.
            self.fifty_fifty = true;
            return Some(cell);
        }
        let mut frontier_best = Best2::NONE;
        self.comp_best.iter().for_each(|&b| frontier_best.merge(b));
        self.frontier_best = frontier_best;
        let floor = CANDIDATE_RATIO * (1.0 - lowest) - 1e-12;
        let left = match mines {
            Mines::Known(total) => total.saturating_sub(analysis.frontier.known_mines) as f64,
            Mines::Density(p) => p * analysis.frontier.unknown as f64,
        };
        let mut candidates = std::mem::take(&mut self.candidates);
        let regions = &self.regions;
        // But those left for last.
        candidates.gather(analysis, MAX_PROBES, |cell, p| {
            1.0 - p >= floor && !regions.left_for_last(cell)
        });
        let mut best = None;
        if candidates.ordered.len() > 1 {
            self.probe.forget_rest();
            best = self.best_candidate(analysis, mines, &candidates.ordered, progress_weight(left));
            self.probe.forget_rest();
        }
        let best = best.or(candidates.ordered.first().map(|&c| key_cell(c).0));
        self.candidates = candidates;
        best
    }

    /// The lowest chance of a mine among the unknown cells (but those left for last), `None`
    /// when there is no such cell; each component's two highest safeties into `comp_best`.
    fn lowest_risk(&mut self, analysis: &Analyser) -> Option<f64> {
        let mut lowest = f64::INFINITY;
        let comp_best = &mut self.comp_best;
        comp_best.clear();
        comp_best.resize(analysis.frontier.comps.len(), Best2::NONE);
        for cell in 0..analysis.frontier.cells.len() {
            if analysis.frontier.know(cell) != Know::Unknown {
                continue;
            }
            let p = analysis.probability(cell);
            if !self.regions.left_for_last(cell) {
                lowest = lowest.min(p);
            }
            let comp = analysis.frontier.cells[cell].comp;
            if comp != NONE {
                comp_best[comp as usize].push(1.0 - p, 1);
            }
        }
        (lowest != f64::INFINITY).then_some(lowest)
    }

    /// Among `candidates` (in [`Candidates::gather`]'s order), the living one with the highest
    /// score, or the first dead one when all are dead; each one scored into `scores`, the
    /// dead into `dead`.
    fn best_candidate(
        &mut self,
        analysis: &mut Analyser,
        mines: Mines,
        candidates: &[u128],
        progress_weight: f64,
    ) -> Option<usize> {
        let (mut best, mut first_dead) = (None, None);
        // The credit of each candidate, as a share of the arrangements where it is safe.
        let credit_of = |analysis: &Analyser, fifties: &FiftyFifties, cell: usize| {
            let p = analysis.probability(cell);
            fifties.credit(cell).min(p) / (1.0 - p)
        };
        let most_credit = candidates
            .iter()
            .map(|&c| credit_of(analysis, &self.fifties, key_cell(c).0))
            .fold(0.0, f64::max);
        let mut best_score = f64::NEG_INFINITY;
        // An isolated cell's worth depends on its number of neighbours only.
        let mut isolated_by_count = [None; 9];
        for &candidate in candidates {
            let (cell, isolated) = key_cell(candidate);
            let safety = 1.0 - analysis.probability(cell);
            let most = safety * (1.0 + progress_weight);
            if most * (1.0 + FIFTY_CREDIT * most_credit) <= best_score {
                // The worth is at most 1: neither this cell nor any after it can win.
                break;
            }
            let credit = credit_of(analysis, &self.fifties, cell);
            if most * (1.0 + FIFTY_CREDIT * credit) <= best_score {
                continue;
            }
            let (worth, dead, progress) = if isolated {
                let around = analysis.frontier.neighbour_count(cell);
                *isolated_by_count[around]
                    .get_or_insert_with(|| self.isolated_worth(analysis, cell))
            } else {
                self.worth_after(analysis, mines, cell)
            };
            let score =
                safety * worth * (1.0 + progress_weight * progress) * (1.0 + FIFTY_CREDIT * credit);
            self.scores.push((cell, score));
            if dead {
                self.dead.push(cell);
                first_dead = first_dead.or(Some(cell));
                continue;
            }
            if score > best_score {
                best_score = score;
                best = Some(cell);
            }
        }
        best.or(first_dead)
    }

    /// With the total known and few arrangements left (walled-off regions with a fixed count
    /// left for last aside), the guess that wins the most of them (`None` when there are too
    /// many, or the search runs out of budget).
    fn endgame(&mut self, analysis: &mut Analyser, mines: Mines) -> Option<usize> {
        let Mines::Known(total) = mines else {
            return None;
        };
        // The regions with a fixed count left for last aside: their arrangements multiply the
        // rest's.
        let aside = self.regions.wait();
        let r = &self.regions;
        let (walled, walled_mines, ln_walled) = match aside {
            true => (r.fixed_cells, r.fixed_mines, r.fixed_ln_arrangements),
            false => (0, 0, 0.0),
        };
        let left = total.checked_sub(analysis.frontier.known_mines + walled_mines)?;
        if analysis.frontier.unknown - walled > endgame::MAX_CELLS {
            return None;
        }
        // Count the arrangements from the components' laws first: enumerating them one by one
        // only pays when they are few.
        let ln_count = analysis.ln_arrangements(total);
        let dense = total as f64 >= endgame::DENSE_FROM * analysis.frontier.seen.len() as f64;
        let (most, share, budgets) = endgame_limits(dense, self.strength);
        let mut extra = analysis.budget.per_analysis().saturating_mul(budgets);
        if ln_count? - ln_walled > (most as f64 + 0.5).ln() {
            return None;
        }
        let f = &analysis.frontier;
        let cells: Vec<u32> = (0..f.seen.len() as u32)
            .filter(|&c| {
                let c = c as usize;
                f.know(c) == Know::Unknown && !(aside && self.regions.is_fixed(c))
            })
            .collect();
        let mut work = 0;
        let limit = analysis.budget.left().saturating_add(extra).min(share);
        let found = endgame::arrangements(f, &cells, Some(left), most, limit, &mut work);
        analysis.budget.spend_beyond(work, &mut extra);
        let (around, arrangements) = found?;
        if arrangements.len() < 2 {
            return None;
        }
        let budget = &mut analysis.budget;
        let (bit, chance) = endgame::best_first_move(budget, around, arrangements, extra)?;
        self.scores.push((cells[bit] as usize, chance));
        Some(cells[bit] as usize)
    }

    /// The expected worth of the position after opening `cell` safely, whether the cell is
    /// dead (it can show one number only), and its progress.
    fn worth_after(
        &mut self,
        analysis: &mut Analyser,
        mines: Mines,
        cell: usize,
    ) -> (f64, bool, f64) {
        if analysis.frontier.is_isolated(cell) {
            return self.isolated_worth(analysis, cell);
        }
        if analysis.budget.left() > 0 && !near_estimate(&analysis.frontier, cell) {
            if let Ok(probed) = self.probe.probe(analysis, &self.comp_best, mines, cell) {
                return (probed.worth, probed.outcomes <= 1, probed.progress);
            }
        }
        let progress = local_progress(analysis, cell);
        let mut rest = self.frontier_best;
        rest.push(1.0 - analysis.outside_now(), analysis.frontier.outside);
        (progress + (1.0 - progress) * rest.worth(), false, progress)
    }

    /// [`GuessPolicy::worth_after`] for a cell that is isolated ([`Frontier::is_isolated`]).
    fn isolated_worth(&self, analysis: &Analyser, cell: usize) -> (f64, bool, f64) {
        // Only a 0 opens anything there; any other number leaves the rest as it was.
        let around = analysis.frontier.neighbour_count(cell);
        let zero = analysis.outside_zero(around);
        let mut rest = self.frontier_best;
        let outside = analysis.frontier.outside.saturating_sub(1 + around);
        rest.push(1.0 - analysis.outside_now(), outside);
        (zero + (1.0 - zero) * rest.worth(), false, zero)
    }
}

#[cfg(test)]
impl GuessPolicy {
    /// The regions apart found by the last guess.
    pub(super) fn regions(&self) -> &RegionsApart {
        &self.regions
    }

    /// A probe of `cell`, with the safeties of the last guess.
    pub(super) fn probe_cell(
        &mut self,
        analysis: &mut Analyser,
        mines: Mines,
        cell: usize,
    ) -> Result<super::probe::Probed, super::analysis::Unfinished> {
        self.probe.probe(analysis, &self.comp_best, mines, cell)
    }
}

/// Whether `cell` or one of its neighbours belongs to an estimated component.
fn near_estimate(f: &Frontier, cell: usize) -> bool {
    std::iter::once(cell).chain(f.around(cell)).any(|c| {
        let comp = f.cells[c].comp;
        comp != NONE && f.comps[comp as usize].is_estimated()
    })
}

/// The weight of progress with `left` mines still to find (or, at a density, as many as
/// expected): [`PROGRESS_WEIGHT`], shrunk below [`PROGRESS_FULL_AT`] mines.
fn progress_weight(left: f64) -> f64 {
    PROGRESS_WEIGHT * (left / PROGRESS_FULL_AT).min(1.0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::Rng;
    use crate::solver::tests::{analysed, small_position, view};
    use crate::solver::{Seen, Solver};

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
        let (guess, analysis) = solver.guess_parts();
        let (worth, dead, _) = guess.worth_after(analysis, mines, 3);
        assert!((worth - 1.0).abs() < 1e-12 && !dead);
        let (worth, dead, _) = guess.worth_after(analysis, mines, 2);
        assert!((worth - 1.0).abs() < 1e-12 && !dead);
        let (worth, dead, _) = guess.worth_after(analysis, mines, 0);
        assert!((worth - (4.0 * 0.55 + 1.0) / 5.0).abs() < 1e-12 && dead);
        // The guess is the safest cell that leaves a certain one (cell 0, dead, cannot beat it
        // and is not even scored).
        solver.analyse(&v, mines).unwrap();
        assert_eq!(solver.best_guess().map(|g| g.0), Some(3));
        assert!(solver.dead_cells().is_empty());
    }

    #[test]
    fn the_strong_endgame_takes_larger_dense_positions_only() {
        let (default, strong) = (Strength::Default, Strength::Strong);
        assert!(endgame_limits(true, strong).0 > endgame_limits(true, default).0);
        assert_eq!(
            endgame_limits(true, strong).1,
            endgame_limits(true, default).1
        );
        assert_eq!(
            endgame_limits(true, strong).2,
            endgame_limits(true, default).2
        );
        assert_eq!(
            endgame_limits(false, strong),
            endgame_limits(false, default)
        );
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
