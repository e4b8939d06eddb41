//! The analysis of a view: reads what changed into the frontier (its rules settle what they
//! can), enumerates the components a change touched (or estimates them), and combines them
//! into every cell's probability and the certain cells. The same machinery serves the
//! what-ifs of the guess: changes made on the real frontier, the touched components
//! regrouped and enumerated, their arrangements counted, and everything rolled back.

use super::approximate::Estimator;
use super::budget::{NodeBudget, PRODUCTS_PER_NODE};
use super::component::ComponentLaw;
use super::counting::{
    all_counts, fill_count_law, hull_contains, ln_binomial, ln_weight_with, odds, odds_weights,
    product_into, CountLaw, Hull, Poly, WaysMemo,
};
use super::coupling::{CoupledLaws, Coupling, Uncoupled};
use super::enumerate::{Enumerated, Enumerator};
use super::frontier::{Cell, Frontier, Know};
use super::index::NONE;
use super::refute::Refuter;
use super::scratch::release_large;
use super::view::{Inconsistent, Mines, Seen, View};
use super::weighing::{box_laws, WeighedBoxes};
use crate::board::Grid;

/// One component's enumeration may take at most this share of the budget (1/4), so that one
/// hopeless component leaves room for the others and for the probes.
const COMPONENT_SHARE: u64 = 4;

/// A component at least half as large as one that ran out of budget tries again with this
/// share only (1/64): it is likely hopeless again, and a game may touch it at every move.
const RETRY_SHARE: u64 = 64;

/// What the analysis knows of the last view it read, the budget of the analysis under way, and
/// the buffers of each step, kept for the next.
#[derive(Debug)]
pub(super) struct Analyser {
    pub frontier: Frontier,
    pub budget: NodeBudget,
    enumerator: Enumerator,
    estimator: Estimator,
    refuter: Refuter,
    /// How many live components are estimated: while any is, the view is not proven
    /// consistent.
    estimated_live: usize,
    /// Whether the last view read was proven consistent: every component enumerated and, with
    /// a known total, the total reached exactly.
    proven: bool,
    /// The grid and mine count the kept knowledge is for; `None` when there is none.
    basis: Option<(Grid, Mines)>,
    /// The view last read and how many changes its list had then.
    view_id: u64,
    view_changes: usize,
    /// The probability of the cells off the frontier.
    outside_now: f64,
    /// For k in 0..=8: the chance that k cells off the frontier are all safe given that one
    /// more is.
    outside_zero: [f64; 9],
    /// ln(i!) for i up to the most cells off the frontier a known total was combined with
    /// (binomials are taken of those cells only).
    ln_factorial: Vec<f64>,
    /// Per component id: with a density, the ln of its total weight; with a known total, its
    /// count law (for probes).
    ln_weight: Vec<f64>,
    count_law: Vec<CountLaw>,
    /// The live components in a fixed order (by first number), as last combined.
    order: Vec<u32>,
    /// The last coupling and weighing, their buffers kept for the next.
    coupling: Coupling,
    weighing: WeighedBoxes,
    /// The components to combine next (a buffer, swapped with `order`).
    to_combine: Vec<u32>,
    /// The cells read in the last update (but after a start over, when every cell not closed
    /// is read from the view), and the components it created.
    changed: Vec<u32>,
    created: Vec<u32>,
    /// The cells the last update touched: the first `read_or_settled` read or settled, then
    /// those whose probability may have moved (see [`Analyser::touched`]).
    touched: Vec<u32>,
    read_or_settled: usize,
    /// The buffers for counting arrangements (see [`Analyser::ln_weight_now`]).
    counting: ArrangementCounting,
    approximations: u64,
}

/// What an update did, for the moves kept ready.
#[derive(Clone, Copy, Debug)]
pub(super) struct Update {
    /// It forgot what was known and read the view afresh.
    pub started_over: bool,
    /// Every component's probabilities were written again.
    pub all_probabilities: bool,
}

/// A what-if could not be weighed within the budget, or touched an estimated component.
pub(super) struct Unfinished;

/// The buffers of [`Analyser::ln_weight_now`].
#[derive(Debug, Default)]
struct ArrangementCounting {
    rest: CountLaw,
    product: CountLaw,
    law: CountLaw,
    ways: WaysMemo,
}

impl Analyser {
    /// An analysis whose budget is `nodes` per view (0 means the default).
    pub(super) fn new(nodes: u64) -> Analyser {
        Analyser {
            frontier: Frontier::new(),
            budget: NodeBudget::new(nodes),
            enumerator: Enumerator::default(),
            estimator: Estimator::default(),
            refuter: Refuter::default(),
            estimated_live: 0,
            proven: false,
            basis: None,
            view_id: 0,
            view_changes: 0,
            outside_now: 0.0,
            outside_zero: [0.0; 9],
            ln_factorial: vec![0.0],
            ln_weight: Vec::new(),
            count_law: Vec::new(),
            order: Vec::new(),
            coupling: Coupling::default(),
            weighing: WeighedBoxes::default(),
            to_combine: Vec::new(),
            changed: Vec::new(),
            created: Vec::new(),
            touched: Vec::new(),
            read_or_settled: 0,
            counting: ArrangementCounting::default(),
            approximations: 0,
        }
    }

    /// Forgets what is known: the next view is read afresh.
    pub(super) fn forget(&mut self) {
        self.basis = None;
    }

    /// How many components fell back to the estimate, over its life.
    pub(super) fn approximations(&self) -> u64 {
        self.approximations
    }

    /// Whether the last view read was proven consistent (see [`super::Consistency`]).
    pub(super) fn proven(&self) -> bool {
        self.proven
    }

    /// The probability that `cell` is a mine (open cells 0, flagged cells 1), as the last
    /// analysis combined it: worked out from what the frontier keeps (a cell's component and
    /// box, the cells off the frontier), no table per cell.
    pub(super) fn probability(&self, cell: usize) -> f64 {
        let c = &self.frontier.cells[cell];
        match c.know {
            Know::Open | Know::Safe => 0.0,
            Know::Mine | Know::Flag => 1.0,
            Know::Unknown => self.unknown_probability(c),
        }
    }

    /// The probability of the unknown cell `c`.
    #[inline]
    fn unknown_probability(&self, c: &Cell) -> f64 {
        if c.comp == NONE {
            self.outside_now
        } else {
            self.frontier.comps[c.comp as usize].box_probability[c.slot as usize]
        }
    }

    /// The probability of each cell off the frontier.
    pub(super) fn outside_now(&self) -> f64 {
        self.outside_now
    }

    /// The chance that `k` cells off the frontier are all safe given that one more is.
    pub(super) fn outside_zero(&self, k: usize) -> f64 {
        self.outside_zero[k]
    }

    /// With a density: the ln of component `id`'s total weight, as last combined.
    pub(super) fn ln_weight(&self, id: u32) -> f64 {
        self.ln_weight[id as usize]
    }

    /// ln(i!) for i up to the cells off the frontier at the last combination with a known
    /// total, at least.
    pub(super) fn ln_factorial(&self) -> &[f64] {
        &self.ln_factorial
    }

    /// The cells the last update touched, and the first of them, those read or settled: what
    /// the moves kept ready need, so none after a start over ([`Update::started_over`]) and
    /// only those read or settled when every probability was written again
    /// ([`Update::all_probabilities`]).
    pub(super) fn touched(&self) -> (&[u32], &[u32]) {
        (&self.touched, &self.touched[..self.read_or_settled])
    }

    /// Starts a new analysis of `view` (its budget whole) and brings the kept knowledge up to
    /// it. An error when no arrangement of mines fits it; everything known is forgotten then.
    ///
    /// # Complexity
    /// After the first view of a game, O(cells changed + the components they touch) plus the
    /// enumeration of those components, within the budget. Memory O(cells).
    pub(super) fn read(&mut self, view: &View, mines: Mines) -> Result<Update, Inconsistent> {
        self.budget.start();
        let update = self.update(view, mines);
        if update.is_err() {
            // Forget everything: the next view starts over.
            self.frontier.rollback();
            self.frontier.reset(view.grid());
            self.basis = None;
        }
        update
    }

    /// Brings the kept knowledge up to `view`: reads the changed cells, applies the rules,
    /// regroups and analyses the touched components, combines.
    fn update(&mut self, view: &View, mines: Mines) -> Result<Update, Inconsistent> {
        let grid = view.grid();
        let fresh = self.list_changes(view, mines);
        if fresh {
            self.start_over(grid, mines);
        }
        self.frontier.checkpoint();
        if fresh {
            // Every cell not closed, read from the view in place.
            for cell in 0..grid.len() {
                if view.get(cell) != Seen::Closed {
                    self.read_cell(view, cell)?;
                }
            }
        } else {
            for i in 0..self.changed.len() {
                self.read_cell(view, self.changed[i] as usize)?;
            }
        }
        if let Mines::Known(total) = mines {
            if self.frontier.known_mines > total {
                return Err(Inconsistent { cell: None });
            }
        }
        self.frontier.propagate()?;
        if let Mines::Known(total) = mines {
            if self.frontier.known_mines > total {
                return Err(Inconsistent { cell: None });
            }
        }
        self.created.clear();
        self.frontier.rebuild(&mut self.created);
        let odds = match mines {
            Mines::Density(p) => odds(p),
            Mines::Known(total) => {
                let f = &self.frontier;
                odds((total - f.known_mines) as f64 / f.unknown.max(1) as f64)
            }
        };
        for i in 0..self.created.len() {
            self.analyse_component(self.created[i], odds)?;
        }
        let (refresh_all, total_reached) = self.combine(mines)?;
        for &id in self.frontier.released() {
            if self.frontier.comps[id as usize].is_estimated() {
                self.estimated_live -= 1;
            }
        }
        debug_assert_eq!(
            self.estimated_live,
            self.frontier
                .live_components()
                .filter(|&id| self.frontier.comps[id as usize].is_estimated())
                .count(),
            "the estimated components counted"
        );
        self.proven = self.estimated_live == 0 && total_reached;
        self.list_touched(fresh, refresh_all);
        release_large(&mut self.changed);
        self.frontier.commit();
        Ok(Update {
            started_over: fresh,
            all_probabilities: refresh_all,
        })
    }

    /// The cells of `view` that changed since the view last read into `changed`; whether the
    /// analysis must start over (another grid or count of mines, or a change other than a
    /// closed cell opened or flagged).
    fn list_changes(&mut self, view: &View, mines: Mines) -> bool {
        let grid = view.grid();
        let mut fresh = self.basis != Some((grid, mines));
        self.changed.clear();
        if !fresh {
            match view.changes_since(self.view_changes) {
                Some(changes) if view.id() == self.view_id => {
                    self.changed.extend_from_slice(changes)
                }
                _ => {
                    let seen = &self.frontier.seen;
                    self.changed.extend(
                        (0..grid.len() as u32)
                            .filter(|&c| seen[c as usize] != view.get(c as usize)),
                    );
                }
            }
            // Knowledge only grows while closed cells open or get flagged; anything else
            // starts over.
            fresh = self.changed.iter().any(|&c| {
                let old = self.frontier.seen[c as usize];
                old != Seen::Closed && old != view.get(c as usize)
            });
        }
        self.view_id = view.id();
        self.view_changes = view.change_count();
        fresh
    }

    /// What changed: the cells read and settled, and those whose probability moved (only
    /// what the moves kept ready look at: nothing after a start over, no probability when
    /// every one may have moved).
    fn list_touched(&mut self, fresh: bool, refresh_all: bool) {
        let touched = &mut self.touched;
        touched.clear();
        if !fresh {
            touched.extend_from_slice(&self.changed);
            touched.extend_from_slice(self.frontier.settled());
        }
        self.read_or_settled = touched.len();
        if !fresh && !refresh_all {
            for &id in &self.created {
                touched.extend_from_slice(&self.frontier.comps[id as usize].cells);
            }
        }
    }

    /// Reads cell `cell` of `view` (opened or flagged since the last view read).
    fn read_cell(&mut self, view: &View, cell: usize) -> Result<(), Inconsistent> {
        let seen = view.get(cell);
        if self.frontier.seen[cell] == seen {
            return Ok(());
        }
        self.frontier.seen[cell] = seen;
        match seen {
            Seen::Open(number) => self.frontier.open(cell, number),
            Seen::Flagged => self.frontier.flag(cell),
            Seen::Closed => unreachable!("a cell closed again starts over"),
        }
    }

    /// Forgets everything known: the next view is read whole.
    fn start_over(&mut self, grid: Grid, mines: Mines) {
        self.frontier.reset(grid);
        self.basis = Some((grid, mines));
        self.estimated_live = 0;
        self.ln_weight.clear();
        self.count_law.clear();
        self.order.clear();
        self.changed.clear();
    }

    /// Enumerates component `id` within its share of the budget, else estimates it.
    fn analyse_component(&mut self, id: u32, odds: f64) -> Result<(), Inconsistent> {
        let comp = &self.frontier.comps[id as usize];
        let share = if comp.hopeless {
            self.budget.per_analysis() / RETRY_SHARE
        } else {
            self.budget.per_analysis() / COMPONENT_SHARE
        };
        let first_number = Some(self.frontier.first_number(comp, 0));
        let limit = share.min(self.budget.left());
        let (result, used) =
            enumerate_component(&mut self.frontier, &mut self.enumerator, id, limit);
        self.budget.spend(used);
        match result {
            Enumerated::Exact => Ok(()),
            Enumerated::Empty => Err(Inconsistent { cell: first_number }),
            Enumerated::OutOfBudget => {
                self.approximations += 1;
                let f = &mut self.frontier;
                let mut marginals = f.comps[id as usize].take_marginals();
                let comp = &f.comps[id as usize];
                let (fits, used) = self.estimator.run(f, comp, odds, &mut marginals);
                self.estimator.release_large();
                self.budget.spend(used);
                let comp = &mut f.comps[id as usize];
                comp.hopeless = true;
                if !fits {
                    comp.set_estimated(marginals);
                    self.estimated_live += 1;
                    return Err(Inconsistent { cell: first_number });
                }
                // Not spent from the budget: about linear in the component, and it must run
                // whatever is left (it never changes a decision on a consistent view).
                let refuted = self.refuter.run(f, &f.comps[id as usize]);
                self.refuter.release_large();
                let comp = &mut f.comps[id as usize];
                let verdict = match refuted {
                    Err(i) => Err(Inconsistent {
                        cell: Some(comp.cons[i] as usize),
                    }),
                    Ok(bounds) => {
                        marginals.proven_lo = bounds.lo.max(marginals.lo);
                        marginals.proven_hi = bounds.hi.min(marginals.hi);
                        if marginals.proven_lo > marginals.proven_hi {
                            Err(Inconsistent { cell: None })
                        } else {
                            Ok(())
                        }
                    }
                };
                comp.set_estimated(marginals);
                self.estimated_live += 1;
                verdict
            }
        }
    }

    /// Combines the components into probabilities and facts. Returns whether every
    /// component's cells need their probabilities written again, and whether the total (when
    /// known) was proven reachable by the components' counts.
    fn combine(&mut self, mines: Mines) -> Result<(bool, bool), Inconsistent> {
        let mut ids = std::mem::take(&mut self.to_combine);
        self.comps_to_combine(mines, &mut ids);
        let total = match mines {
            Mines::Density(p) => {
                let ln_odds = odds(p).ln();
                for &id in &ids {
                    let ln = self.weigh_independently(id, ln_odds, &all_counts());
                    set(&mut self.ln_weight, id, ln);
                }
                self.set_outside(p, None);
                self.to_combine = ids;
                return Ok((false, true));
            }
            Mines::Known(total) => total,
        };
        let (loose, outside) = (self.frontier.loose_mines, self.frontier.outside);
        // Arrangements are counted with C(outside, k) only, and the cells off the frontier
        // only grow fewer until the next start over (probes included).
        for i in self.ln_factorial.len()..=outside {
            let last = self.ln_factorial[i - 1];
            self.ln_factorial.push(last + (i as f64).ln());
        }
        if loose > total {
            return Err(Inconsistent { cell: None });
        }
        let left = total - loose;
        self.total_possible(&ids, left, outside)?;
        // The laws of the components kept from the last analysis have not changed.
        for &id in &self.created {
            if self.count_law.len() <= id as usize {
                self.count_law
                    .resize_with(id as usize + 1, CountLaw::default);
            }
            fill_count_law(
                self.frontier.comps[id as usize].law(),
                &mut self.count_law[id as usize],
            );
        }
        let mut work = 0;
        let mut coupling = std::mem::take(&mut self.coupling);
        let coupled = {
            let ln_factorial = &self.ln_factorial;
            let limit = self.budget.left().saturating_mul(PRODUCTS_PER_NODE);
            coupling.couple(
                CoupledLaws {
                    all: &self.count_law,
                    ids: &ids,
                },
                outside,
                left,
                |n, k| ln_binomial(ln_factorial, n, k),
                &mut work,
                limit,
            )
        };
        self.budget.spend(work / PRODUCTS_PER_NODE);
        let reached = coupled.is_ok();
        // An inconsistent view drops the coupling's buffers: the next one starts afresh.
        match coupled {
            Ok(()) => {
                for (i, &id) in ids.iter().enumerate() {
                    self.weigh_coupled(id, &coupling.coef[i], &coupling.allowed[i])?;
                }
                self.couple_outside(&coupling, left, outside);
            }
            Err(Uncoupled::Impossible) => return Err(Inconsistent { cell: None }),
            Err(Uncoupled::TooCostly) => {
                // Estimate: every closed cell a mine with the remaining density.
                self.approximations += 1;
                let cells: usize = ids
                    .iter()
                    .map(|&id| self.frontier.comps[id as usize].cells.len())
                    .sum();
                let density = left as f64 / (outside + cells).max(1) as f64;
                let ln_odds = odds(density).ln();
                for &id in &ids {
                    self.weigh_independently(id, ln_odds, &all_counts());
                }
                self.set_outside(density.clamp(0.0, 1.0), None);
            }
        }
        self.coupling = coupling;
        self.to_combine = std::mem::replace(&mut self.order, ids);
        Ok((true, reached))
    }

    /// With `left` mines for the components `ids` and `outside` cells off the frontier: an
    /// error when the components' proven bounds cannot make up the count (the coupling of
    /// estimated components, or one too costly, would not see it).
    fn total_possible(&self, ids: &[u32], left: usize, outside: usize) -> Result<(), Inconsistent> {
        let (mut lo, mut hi) = (0, outside);
        for &id in ids {
            let (a, b) = match self.frontier.comps[id as usize].law() {
                ComponentLaw::Exact(t) => {
                    let c = t.counts(0);
                    let first = c.row.iter().position(|&r| r != NONE);
                    let last = c.row.iter().rposition(|&r| r != NONE);
                    match (first, last) {
                        (Some(a), Some(b)) => (c.lo + a, c.lo + b),
                        _ => return Err(Inconsistent { cell: None }),
                    }
                }
                ComponentLaw::Approximate(m) => (m.proven_lo, m.proven_hi),
                ComponentLaw::Pending => unreachable!("a component not analysed"),
            };
            lo += a;
            hi += b;
        }
        if (lo..=hi).contains(&left) {
            Ok(())
        } else {
            Err(Inconsistent { cell: None })
        }
    }

    /// The components to combine: with a density the new ones, with a total every live one in
    /// a fixed order (so that sums do not depend on history).
    fn comps_to_combine(&self, mines: Mines, ids: &mut Vec<u32>) {
        ids.clear();
        match mines {
            Mines::Density(_) => ids.extend_from_slice(&self.created),
            Mines::Known(_) => {
                let comps = &self.frontier.comps;
                ids.extend(self.frontier.live_components());
                ids.sort_unstable_by_key(|&id| comps[id as usize].cons[0]);
            }
        }
    }

    /// Component `id` weighed on its own, an arrangement with k mines by odds^k, counts in
    /// `allowed` only: its boxes' probabilities and facts. Returns the ln of its total weight.
    fn weigh_independently(&mut self, id: u32, ln_odds: f64, allowed: &Hull) -> f64 {
        let mut weighing = std::mem::take(&mut self.weighing);
        let comp = &self.frontier.comps[id as usize];
        let ln_total = match comp.law() {
            ComponentLaw::Exact(t) => {
                let (coef, top) = odds_weights(t.counts(0), ln_odds);
                let z = box_laws(comp, t, &coef, allowed, &mut weighing);
                z.ln() + top + t.ln_scale
            }
            ComponentLaw::Approximate(m) => {
                weighing.estimated(&m.probability);
                0.0
            }
            ComponentLaw::Pending => unreachable!("a component not analysed"),
        };
        self.apply(id, &mut weighing);
        self.weighing = weighing;
        ln_total
    }

    /// Component `id` weighed by `coef` (the weight of everything else by its count), counts
    /// in `allowed` only.
    fn weigh_coupled(&mut self, id: u32, coef: &Poly, allowed: &Hull) -> Result<(), Inconsistent> {
        let mut weighing = std::mem::take(&mut self.weighing);
        let comp = &self.frontier.comps[id as usize];
        match comp.law() {
            ComponentLaw::Exact(t) => {
                let c = t.counts(0);
                let possible = (c.lo..=c.hi())
                    .any(|k| c.row[k - c.lo] != NONE && hull_contains(allowed, k as i64));
                if !possible {
                    return Err(Inconsistent { cell: None });
                }
                let z = box_laws(comp, t, coef, allowed, &mut weighing);
                if !(z > 0.0 && z.is_finite()) {
                    // Every weight underflowed: count the allowed arrangements evenly (the
                    // facts do not depend on the weights).
                    let even = Poly {
                        lo: c.lo as i64,
                        w: (c.lo..=c.hi())
                            .map(|k| hull_contains(allowed, k as i64) as u8 as f64)
                            .collect(),
                    };
                    box_laws(comp, t, &even, allowed, &mut weighing);
                }
            }
            ComponentLaw::Approximate(m) => weighing.estimated(&m.probability),
            ComponentLaw::Pending => unreachable!("a component not analysed"),
        }
        self.apply(id, &mut weighing);
        self.weighing = weighing;
        Ok(())
    }

    /// Stores component `id`'s box probabilities and settles the cells of its certain boxes
    /// (the probabilities' old buffer goes back to `weighing`).
    fn apply(&mut self, id: u32, weighing: &mut WeighedBoxes) {
        for (b, &fact) in weighing.settled.iter().enumerate() {
            if fact == Know::Unknown {
                continue;
            }
            let comp = &self.frontier.comps[id as usize];
            let (from, to) = (comp.box_start[b] as usize, comp.box_start[b + 1] as usize);
            for i in from..to {
                let cell = self.frontier.comps[id as usize].cells[i] as usize;
                if self.frontier.know(cell) == Know::Unknown {
                    self.frontier.settle(cell, fact);
                }
            }
        }
        std::mem::swap(
            &mut self.frontier.comps[id as usize].box_probability,
            &mut weighing.probability,
        );
    }

    /// With a known total: the cells off the frontier from the coupling.
    fn couple_outside(&mut self, coupling: &Coupling, left: usize, outside: usize) {
        let total = &coupling.total;
        let left = left as i64;
        let z: f64 = total.w.iter().sum();
        let mut expected = 0.0;
        for (i, &w) in total.w.iter().enumerate() {
            expected += w * (left - (total.lo + i as i64)) as f64;
        }
        expected /= z;
        let mut zero = [0.0; 9];
        if outside > 0 {
            let u = outside as f64;
            let (mut all_safe, mut one_safe) = ([0.0; 9], 0.0);
            for (i, &w) in total.w.iter().enumerate() {
                let m = (left - (total.lo + i as i64)) as f64;
                if w == 0.0 || m < 0.0 {
                    continue;
                }
                // The chance that k + 1 given cells off the frontier are all safe, for each k
                // in turn: each one factor more than the last.
                let mut fraction = 1.0;
                for (j, sum) in all_safe.iter_mut().enumerate() {
                    fraction *= ((u - m - j as f64) / (u - j as f64)).max(0.0);
                    *sum += w * fraction;
                }
                one_safe += w * (u - m) / u;
            }
            for (entry, &all_safe) in zero.iter_mut().zip(&all_safe) {
                *entry = if one_safe > 0.0 {
                    all_safe / one_safe
                } else {
                    0.0
                };
            }
        }
        let p = if outside > 0 {
            (expected / outside as f64).clamp(0.0, 1.0)
        } else {
            0.0
        };
        let totals = &coupling.possible_totals;
        let mine_outside = totals.iter().any(|&(a, _)| a < left);
        let safe_outside = totals.iter().any(|&(_, b)| b > left - outside as i64);
        let fact = if outside > 0 && !mine_outside {
            Some(Know::Safe)
        } else if outside > 0 && !safe_outside {
            Some(Know::Mine)
        } else {
            None
        };
        self.set_outside(p, Some(zero));
        if let Some(fact) = fact {
            let cells = self.frontier.outside_cells().to_vec();
            for cell in cells {
                self.frontier.settle(cell as usize, fact);
            }
        }
    }

    /// The cells off the frontier are mines with probability `p`; `zero` is the table for
    /// [`Analyser::outside_zero`] (by default that of independent cells).
    fn set_outside(&mut self, p: f64, zero: Option<[f64; 9]>) {
        self.outside_zero =
            zero.unwrap_or_else(|| std::array::from_fn(|k| (1.0 - p).powi(k as i32)));
        self.outside_now = p;
    }

    /// After a what-if's changes since the checkpoint: runs the rules, regroups the touched
    /// components into `created` (those regrouped away into `released`) and enumerates the new
    /// ones within what is left of the budget, watching the number of a cell opened unread.
    /// `Ok(false)` when no arrangement fits.
    pub(super) fn regroup_what_if(
        &mut self,
        created: &mut Vec<u32>,
        released: &mut Vec<u32>,
    ) -> Result<bool, Unfinished> {
        if self.frontier.propagate().is_err() {
            return Ok(false);
        }
        let f = &self.frontier;
        if f.dirty()
            .iter()
            .any(|&id| f.comps[id as usize].is_estimated())
        {
            // Known before regrouping: an estimated component (the largest) is not rebuilt.
            return Err(Unfinished);
        }
        created.clear();
        self.frontier.rebuild(created);
        released.clear();
        released.extend_from_slice(self.frontier.released());
        for &id in created.iter() {
            let limit = self.budget.left();
            let (result, used) =
                enumerate_component(&mut self.frontier, &mut self.enumerator, id, limit);
            self.budget.spend(used);
            match result {
                Enumerated::Exact => {}
                Enumerated::Empty => return Ok(false),
                Enumerated::OutOfBudget => return Err(Unfinished),
            }
        }
        Ok(true)
    }

    /// The product of the count laws of the components last combined that `keep` keeps, into
    /// `out` (`scratch` is a buffer); `work` grows by its cost.
    pub(super) fn product_of_laws(
        &self,
        keep: impl Fn(u32) -> bool,
        out: &mut CountLaw,
        scratch: &mut CountLaw,
        work: &mut u64,
    ) {
        product_into(&self.order, &self.count_law, keep, out, scratch, work);
    }

    /// With a known total: the ln of the weight of every arrangement (`None` when none fits
    /// or a component is estimated).
    pub(super) fn ln_arrangements(&mut self, total: usize) -> Option<f64> {
        let f = &self.frontier;
        if self
            .order
            .iter()
            .any(|&id| f.comps[id as usize].is_estimated())
        {
            return None;
        }
        self.ln_weight_now(total, &[], &[])
    }

    /// With a known total: the ln of the weight of every arrangement of the frontier as it
    /// stands, its live components those of the last analysis but `released`, and `created`
    /// (enumerated) (`None` when none fits).
    pub(super) fn ln_weight_now(
        &mut self,
        total: usize,
        released: &[u32],
        created: &[u32],
    ) -> Option<f64> {
        let f = &self.frontier;
        let left = total.checked_sub(f.loose_mines)?;
        let s = &mut self.counting;
        let mut work = 0;
        let keep = |id| !released.contains(&id);
        product_into(
            &self.order,
            &self.count_law,
            keep,
            &mut s.rest,
            &mut s.product,
            &mut work,
        );
        for &id in created {
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
        self.budget.spend(work / PRODUCTS_PER_NODE);
        ln
    }

    /// The chances, neighbours taken as independent, that `cell`'s unknown neighbours are all
    /// safe with no known mine around (it would show a 0), and that they are all mines; and
    /// whether its neighbours are all unknown cells next to no number (with `cell` one too,
    /// it is isolated (`guess.rs`): the guess reads both of each candidate in one pass).
    pub(super) fn zero_and_full(&self, cell: usize) -> (f64, f64, bool) {
        let f = &self.frontier;
        // Slices of one length: a neighbour checked against one is in the other.
        let cells = &f.cells[..];
        let mut zero = 1.0;
        let mut all_mines = 1.0;
        let mut outside = true;
        for &next in f.neighbours(cell).iter() {
            let next = next as usize;
            let c = cells[next];
            // Tests, not a `match`: its jump table's indirect branch was mispredicted often.
            if c.know == Know::Unknown {
                let p = self.unknown_probability(&c);
                zero *= 1.0 - p;
                all_mines *= p;
                outside &= c.comp == NONE;
            } else {
                outside = false;
                if c.know.is_mine() {
                    zero = 0.0;
                }
            }
        }
        (zero, all_mines, outside)
    }
}

/// Enumerates component `id` of `frontier` into its tallies within `limit` nodes, watching
/// the number opened by a probe if it has it.
fn enumerate_component(
    frontier: &mut Frontier,
    enumerator: &mut Enumerator,
    id: u32,
    limit: u64,
) -> (Enumerated, u64) {
    let mut tallies = frontier.comps[id as usize].take_tallies();
    let comp = &frontier.comps[id as usize];
    let watch = comp.cons.iter().position(|&c| c == frontier.unread());
    let outcome = enumerator.run(frontier, comp, watch, limit, &mut tallies);
    enumerator.release_large();
    let comp = &mut frontier.comps[id as usize];
    if outcome.0 == Enumerated::Exact {
        comp.set_exact(tallies);
    } else if !tallies.is_large() {
        comp.keep_tallies(tallies);
    }
    outcome
}

/// Stores `value` at `id`, growing `list` as needed.
fn set<T: Default>(list: &mut Vec<T>, id: u32, value: T) {
    let id = id as usize;
    if list.len() <= id {
        list.resize_with(id + 1, T::default);
    }
    list[id] = value;
}
