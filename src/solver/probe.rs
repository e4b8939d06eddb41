//! Probes: what opening a cell would show and leave, for the guess to weigh.
//!
//! A probe opens the cell without a number on the real state, the rules run, the touched
//! components are regrouped and enumerated once (tallied by what the cell would show), the
//! outcome is weighed with the untouched components (reused as they are, their safeties as
//! before the probe; with the total known, the watched component's arrangements and the
//! density off the frontier are weighed by the ways everything else takes the remaining
//! mines), and everything is rolled back. When a probe cannot be made, the local estimate
//! takes the cell's neighbours as independent for what it shows, the rules alone for what
//! that settles.

use super::analysis::{Analyser, Unfinished};
use super::budget::PRODUCTS_PER_NODE;
use super::component::{Component, ComponentLaw};
use super::counting::{
    all_counts, correlate_into, fill_count_law, fill_counts_law, hull_back_into, hull_contains,
    hull_sum_into, ln_binomial, ln_weight_at, ln_weight_with, odds, CountLaw, Hull, Poly, WaysMemo,
};
use super::frontier::{Frontier, Know};
use super::index::NONE;
use super::tallies::{Counts, Tallies, SOME_MINE};
use super::view::Mines;
use super::worth::Best2;

/// A number that settles k new safe cells counts as min(k, 6)/6 progress: a guess that opens
/// up the board beats one that frees a single cell.
const PROGRESS_CAP: usize = 6;

/// What a probe found, over the numbers the cell could show.
#[derive(Clone, Copy, Debug)]
pub(super) struct Probed {
    /// The chance that the number leaves some cell certain (capped, see [`PROGRESS_CAP`]).
    pub progress: f64,
    /// The expected worth of the next position.
    pub worth: f64,
    /// How many numbers are possible: a cell with one at most is dead.
    pub outcomes: usize,
}

/// The probes' reusable buffers.
#[derive(Debug, Default)]
pub(super) struct Probe {
    created: Vec<u32>,
    released: Vec<u32>,
    /// With a known total: the untouched components' law for the last set of touched ones.
    rest_for: Vec<u32>,
    rest: CountLaw,
    rest_ready: bool,
    rest_key: Vec<u32>,
    laws: Vec<CountLaw>,
    /// Per box: the `seen` bits over the allowed counts.
    seen: Vec<u8>,
    ways: WaysMemo,
    /// The laws and intervals with a known total (see [`Probe::with_total`]).
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

/// By number shown: the ln of its weight (`NEG_INFINITY` when impossible), the cells it
/// leaves certain safe, and what the next position is worth ([`Best2::worth`]).
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

/// What a probe's regrouping touched, and what it leaves as it was.
struct Touched<'a> {
    /// The components regrouped away and those made in their place.
    created: &'a [u32],
    released: &'a [u32],
    /// The component of the cell among `created`, whose arrangements are tallied by the mines
    /// v around the cell, and how many values of v it has.
    watched: Option<u32>,
    values: usize,
    /// The cell shows `fixed + v`: the mines known around it, and v more.
    fixed: usize,
    /// The cells the rules settled safe.
    rules_safe: usize,
    /// The safeties the outcome does not change, or changes little: the untouched components
    /// as they were, the other touched ones weighed with the density off the frontier.
    base: Best2,
    /// The mines no component counts, and the cells off the frontier, before the probe.
    loose: usize,
    outside: usize,
}

impl Touched<'_> {
    fn is_watched(&self, id: u32) -> bool {
        Some(id) == self.watched
    }
}

impl Probe {
    /// Forgets the untouched components' law kept from the last probe: the next guess's
    /// frontier is another.
    pub(super) fn forget_rest(&mut self) {
        self.rest_ready = false;
    }

    /// Progress by probing: `cell` opened without reading its number, the rules run, the
    /// touched components regrouped and enumerated once with the arrangements tallied by the
    /// mines around `cell` as well, so that each number it could show is weighed at once.
    /// `comp_best` holds each component's two highest safeties before the probe.
    ///
    /// # Complexity
    /// The enumeration of the touched components and the coupling of the counts, within
    /// what is left of the budget.
    pub(super) fn probe(
        &mut self,
        analysis: &mut Analyser,
        comp_best: &[Best2],
        mines: Mines,
        cell: usize,
    ) -> Result<Probed, Unfinished> {
        let f = &mut analysis.frontier;
        let (loose, outside) = (f.loose_mines, f.outside);
        f.checkpoint();
        f.open_unread(cell);
        let mut created = std::mem::take(&mut self.created);
        let mut released = std::mem::take(&mut self.released);
        let outcome = match analysis.regroup_what_if(&mut created, &mut released) {
            // The cell cannot be safe: nothing it shows can happen.
            Ok(false) => Ok(Outcomes::none()),
            Ok(true) => {
                let touched = self.touched(analysis, comp_best, mines, cell, &created, &released);
                let touched = Touched {
                    loose,
                    outside,
                    ..touched
                };
                Ok(match mines {
                    Mines::Density(p) => self.with_density(analysis, &touched, p),
                    Mines::Known(total) => self.with_total(analysis, &touched, total),
                })
            }
            Err(unfinished) => Err(unfinished),
        };
        self.created = created;
        self.released = released;
        analysis.frontier.rollback();
        Ok(summarise(&outcome?))
    }

    /// After a probe's regrouping of the components `released` into `created` (enumerated):
    /// what it touched, and the safeties it leaves.
    fn touched<'a>(
        &mut self,
        analysis: &Analyser,
        comp_best: &[Best2],
        mines: Mines,
        cell: usize,
        created: &'a [u32],
        released: &'a [u32],
    ) -> Touched<'a> {
        let f = &analysis.frontier;
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
            .map(|i| created[i]);
        let values = watched.map_or(1, |id| tallies(&f.comps[id as usize]).values());
        let rules_safe = f.safe_since_checkpoint();
        let mut base = Best2::NONE;
        for id in f.live_components() {
            if !created.contains(&id) {
                if let Some(&b) = comp_best.get(id as usize) {
                    base.merge(b);
                }
            }
        }
        base.push(1.0, rules_safe);
        let density = match mines {
            Mines::Density(p) => p,
            Mines::Known(_) => analysis.outside_now(),
        };
        for &id in created {
            if Some(id) != watched {
                let comp = &f.comps[id as usize];
                let t = tallies(comp);
                let coef = density_weight(t.counts(0), odds(density).ln());
                push_boxes(comp, t.counts(0), coef, &mut base, &mut self.expected);
            }
        }
        Touched {
            created,
            released,
            watched,
            values,
            fixed,
            rules_safe,
            base,
            loose: 0,
            outside: 0,
        }
    }

    /// The outcomes by number shown at density `p`: an arrangement with k mines weighs odds^k.
    fn with_density(&mut self, analysis: &Analyser, touched: &Touched, p: f64) -> Outcomes {
        let f = &analysis.frontier;
        let mut outcomes = Outcomes::none();
        let ln_odds = odds(p).ln();
        let mut next = touched.base;
        next.push(1.0 - p, f.outside);
        let coef = touched
            .watched
            .map(|id| density_weight(tallies(&f.comps[id as usize]).counts(0), ln_odds));
        let mut common = (f.loose_mines as f64 - touched.loose as f64) * ln_odds
            + (f.outside as f64 - touched.outside as f64) * (1.0 + odds(p)).ln();
        for &id in touched.released {
            common -= analysis.ln_weight(id);
        }
        let mut common_safe = touched.rules_safe;
        for &id in touched.created {
            if !touched.is_watched(id) {
                let comp = &f.comps[id as usize];
                let t = tallies(comp);
                common += ln_weight_at(t.counts(0), t.ln_scale, ln_odds);
                common_safe += safe_cells(comp, t, t.counts(0), &all_counts(), &mut self.seen);
            }
        }
        for v in 0..touched.values {
            let (ln, safe) = match touched.watched {
                None => (common, common_safe),
                Some(id) => {
                    let comp = &f.comps[id as usize];
                    let t = tallies(comp);
                    let c = t.counts(v);
                    if !c.any() {
                        continue;
                    }
                    let seen = &mut self.seen;
                    (
                        common + ln_weight_at(c, t.ln_scale, ln_odds),
                        common_safe + safe_cells(comp, t, c, &all_counts(), seen),
                    )
                }
            };
            let worth = match touched.watched {
                None => next.worth(),
                Some(id) => {
                    let comp = &f.comps[id as usize];
                    let mut after = next;
                    let c = tallies(comp).counts(v);
                    let coef = coef.expect("watched");
                    push_boxes(comp, c, coef, &mut after, &mut self.expected);
                    after.worth()
                }
            };
            outcomes.ln_weight[touched.fixed + v] = ln;
            outcomes.safe[touched.fixed + v] = safe;
            outcomes.worth[touched.fixed + v] = worth;
        }
        outcomes
    }

    /// The outcomes by number shown with `total` mines in all: every count of the touched
    /// components weighed by the ways the untouched ones and the cells off the frontier take
    /// the remaining mines.
    fn with_total(&mut self, analysis: &mut Analyser, touched: &Touched, total: usize) -> Outcomes {
        let mut outcomes = Outcomes::none();
        let f = &analysis.frontier;
        if f.loose_mines > total {
            return outcomes;
        }
        let left = total - f.loose_mines;
        let mut work = 0;
        self.prepare_rest(analysis, touched.released, &mut work);
        let f = &analysis.frontier;
        let watched = touched.watched;
        let others = self.fill_laws(f, touched, &mut work);
        debug_assert!(self.rest_ready);
        let ln_factorial = analysis.ln_factorial();
        if let Some(id) = watched {
            self.weigh_watched(f, id, left, ln_factorial, &mut work);
        }
        let (watched_law, other_laws) = self.laws[..others].split_at_mut(1);
        let unwatched = &self.unwatched;
        let rest = &self.rest;
        let (lo, hi) = (left as i64 - f.outside as i64, left as i64);
        let mut hulls = Hulls {
            beside: &mut self.beside,
            sum: &mut self.sum,
            allowed: &mut self.allowed,
            seen: &mut self.seen,
        };
        for v in 0..touched.values {
            let region = match watched {
                None => unwatched,
                Some(id) => {
                    let t = tallies(&f.comps[id as usize]);
                    let c = t.counts(v);
                    if !c.any() {
                        continue;
                    }
                    fill_counts_law(c, t.ln_scale, &mut watched_law[0]);
                    if other_laws.is_empty() {
                        &watched_law[0]
                    } else {
                        watched_law[0].and_into(unwatched, &mut self.region, &mut work);
                        &self.region
                    }
                }
            };
            let binomial = |n, k| ln_binomial(ln_factorial, n, k);
            let Some(ln) = ln_weight_with(
                region,
                rest,
                f.outside,
                left,
                &mut self.ways,
                binomial,
                &mut work,
            ) else {
                continue;
            };
            let laws = Coupled {
                rest,
                region,
                watched: &watched_law[0],
                others: other_laws,
            };
            let safe = safe_with_total(f, touched, v, laws, (lo, hi), &mut hulls);
            let mut next = touched.base;
            let worth = match watched {
                Some(id) => {
                    let comp = &f.comps[id as usize];
                    let coefs = (&self.coef, &self.coef_mined);
                    let c = tallies(comp).counts(v);
                    push_watched(comp, c, coefs, f.outside, &mut next, &mut self.expected);
                    next.worth()
                }
                None => {
                    next.push(1.0 - analysis.outside_now(), f.outside);
                    next.worth()
                }
            };
            outcomes.ln_weight[touched.fixed + v] = ln;
            outcomes.safe[touched.fixed + v] = safe;
            outcomes.worth[touched.fixed + v] = worth;
        }
        analysis.budget.spend(work / PRODUCTS_PER_NODE);
        outcomes
    }

    /// The count laws of the touched components into `self.laws`: entry 0 is left for the
    /// watched component's (filled per v), the others follow; and their product, the
    /// unwatched law. Returns how many entries are used.
    fn fill_laws(&mut self, f: &Frontier, touched: &Touched, work: &mut u64) -> usize {
        self.laws
            .resize_with(touched.created.len() + 1, CountLaw::default);
        let mut others = 1;
        for &id in touched.created {
            if !touched.is_watched(id) {
                fill_count_law(f.comps[id as usize].law(), &mut self.laws[others]);
                others += 1;
            }
        }
        let unwatched = &mut self.unwatched;
        unwatched.set_one();
        for law in &self.laws[1..others] {
            unwatched.and_into(law, &mut self.product, work);
            std::mem::swap(unwatched, &mut self.product);
        }
        others
    }

    /// The watched component `id`'s counts weighed by the ways everything else takes the
    /// `left` remaining mines (`self.coef`), and by those ways times the mines left off the
    /// frontier (`self.coef_mined`): its box probabilities and the density off the frontier
    /// by v.
    fn weigh_watched(
        &mut self,
        f: &Frontier,
        id: u32,
        left: usize,
        ln_factorial: &[f64],
        work: &mut u64,
    ) {
        let c = tallies(&f.comps[id as usize]).counts(0);
        let others = &mut self.product;
        self.rest.and_into(&self.unwatched, others, work);
        let (w_lo, w_hi) = (c.lo as i64, c.hi() as i64);
        let (t_lo, t_hi) = (w_lo + others.poly.lo, w_hi + others.poly.hi());
        let binomial = |n, k| ln_binomial(ln_factorial, n, k);
        let (ways, _) = self.ways.get(f.outside, left as i64, t_lo, t_hi, binomial);
        let mined = &mut self.mined;
        mined.lo = ways.lo;
        mined.w.clear();
        mined.w.extend(
            ways.w
                .iter()
                .enumerate()
                .map(|(i, &x)| x * (left as i64 - (t_lo + i as i64)).max(0) as f64),
        );
        let others = &others.poly;
        correlate_into(ways, others, w_lo, w_hi, &mut self.coef, work);
        correlate_into(mined, others, w_lo, w_hi, &mut self.coef_mined, work);
    }

    /// With a known total: makes `self.rest` the law of the live components other than
    /// `released`, kept for the next probe that touches the same ones.
    fn prepare_rest(&mut self, analysis: &Analyser, released: &[u32], work: &mut u64) {
        self.rest_key.clear();
        self.rest_key.extend_from_slice(released);
        self.rest_key.sort_unstable();
        if self.rest_ready && self.rest_for == self.rest_key {
            return;
        }
        let released = &self.rest_key;
        let keep = |id| released.binary_search(&id).is_err();
        analysis.product_of_laws(keep, &mut self.rest, &mut self.product, work);
        self.rest_ready = true;
        std::mem::swap(&mut self.rest_for, &mut self.rest_key);
    }
}

/// The count laws of one outcome of a probe with a known total: the untouched components',
/// the touched ones' together (`region`), the watched one's alone, and each other one's.
#[derive(Clone, Copy)]
struct Coupled<'a> {
    rest: &'a CountLaw,
    region: &'a CountLaw,
    watched: &'a CountLaw,
    others: &'a [CountLaw],
}

/// Interval buffers of [`safe_with_total`].
struct Hulls<'a> {
    beside: &'a mut Hull,
    sum: &'a mut Hull,
    allowed: &'a mut Hull,
    seen: &'a mut Vec<u8>,
}

/// With a known total, the cells certain safe after the probe shows `fixed + v`: those the
/// rules settled, each touched component's cells that no arrangement with a count allowed by
/// everything else makes a mine, and the cells off the frontier when no possible total leaves
/// them a mine. `span` is the frontier totals the count allows.
fn safe_with_total(
    f: &Frontier,
    touched: &Touched,
    v: usize,
    laws: Coupled,
    span: (i64, i64),
    hulls: &mut Hulls,
) -> usize {
    let (lo, hi) = span;
    let span = [span];
    let mut safe = touched.rules_safe;
    // Each created component's counts allowed by everything else.
    let mut at = 0;
    for &id in touched.created {
        let is_watched = touched.is_watched(id);
        let beside = &mut *hulls.beside;
        beside.clear();
        beside.extend_from_slice(&laws.rest.possible);
        if !is_watched && touched.watched.is_some() {
            hull_sum_into(beside, &laws.watched.possible, hulls.sum);
            std::mem::swap(beside, hulls.sum);
        }
        for (j, law) in laws.others.iter().enumerate() {
            if is_watched || j != at {
                hull_sum_into(beside, &law.possible, hulls.sum);
                std::mem::swap(beside, hulls.sum);
            }
        }
        if !is_watched {
            at += 1;
        }
        hull_back_into(&span, beside, hulls.allowed);
        let comp = &f.comps[id as usize];
        let t = tallies(comp);
        let c = t.counts(if is_watched { v } else { 0 });
        safe += safe_cells(comp, t, c, hulls.allowed, hulls.seen);
    }
    if f.outside > 0 {
        // Every possible total leaves no mine off the frontier: all safe.
        let (mut any, mut mine_outside) = (false, false);
        hull_sum_into(&laws.rest.possible, &laws.region.possible, hulls.sum);
        for &(a, b) in hulls.sum.iter() {
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
    safe
}

/// With a known total: adds to `next` the safeties after the probe shows `fixed + v` of the
/// cells off the frontier (the density the watched component's counts `c` leave them) and of
/// the watched component's cells, its counts weighed by `coefs` ([`Probe::weigh_watched`]).
fn push_watched(
    comp: &Component,
    c: Counts,
    coefs: (&Poly, &Poly),
    outside: usize,
    next: &mut Best2,
    expected: &mut Vec<f64>,
) {
    let (coef, coef_mined) = coefs;
    let (mut z, mut mined) = (0.0, 0.0);
    for (i, &row) in c.row.iter().enumerate() {
        if row != NONE {
            let k = (c.lo + i) as i64;
            z += c.weight[i] * coef.at(k);
            mined += c.weight[i] * coef_mined.at(k);
        }
    }
    if outside > 0 && z > 0.0 {
        let p = (mined / z / outside as f64).clamp(0.0, 1.0);
        next.push(1.0 - p, outside);
    }
    let coef = |k: usize| coef.at(k as i64);
    push_boxes(comp, c, coef, next, expected);
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

/// Progress estimated locally, when `cell` cannot be probed: what it shows from its
/// neighbours' probabilities taken as independent, what each number settles from the rules
/// alone.
///
/// # Complexity
/// O(9 * the cells the rules settle).
pub(super) fn local_progress(analysis: &mut Analyser, cell: usize) -> f64 {
    let (fixed, _) = around_counts(&analysis.frontier, cell);
    // The law of the mines among the unknown neighbours (Poisson binomial).
    let mut law = [0.0f64; 9];
    law[0] = 1.0;
    let mut count = 0;
    for next in analysis.frontier.around(cell) {
        if analysis.frontier.know(next) != Know::Unknown {
            continue;
        }
        let p = analysis.probability(next);
        for m in (0..=count).rev() {
            law[m + 1] += law[m] * p;
            law[m] *= 1.0 - p;
        }
        count += 1;
    }
    let mut ln_weight = [f64::NEG_INFINITY; 9];
    let mut safe = [0usize; 9];
    let f = &mut analysis.frontier;
    for (m, &w) in law.iter().enumerate().take(count + 1) {
        let v = fixed as usize + m;
        if w <= 0.0 || v > 8 {
            continue;
        }
        f.checkpoint();
        if f.open(cell, v as u8).is_ok() && f.propagate().is_ok() {
            ln_weight[v] = w.ln();
            safe[v] = f.safe_since_checkpoint();
        }
        f.rollback();
    }
    let outcomes = Outcomes {
        ln_weight,
        safe,
        worth: [0.0; 9],
    };
    summarise(&outcomes).progress
}

/// The mines known around `cell` and its unknown neighbours.
fn around_counts(f: &Frontier, cell: usize) -> (u8, u8) {
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
        let row = &t.seen[row as usize * t.boxes..][..t.boxes];
        for (s, &r) in seen.iter_mut().zip(row) {
            *s |= r;
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::Rng;
    use crate::solver::tests::{analysed, small_position, view};
    use crate::solver::worth::Best2;
    use crate::solver::{Seen, Solver, View};

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
            let (guess, analysis) = solver.guess_parts();
            let f = &analysis.frontier;
            if matches!(mines, Mines::Known(_)) && f.live_components().count() > 1 {
                continue;
            }
            for cell in 0..grid.len() {
                let f = &analysis.frontier;
                if f.know(cell) != Know::Unknown || f.is_isolated(cell) {
                    continue;
                }
                analysis.budget.lift();
                let Ok(found) = guess.probe_cell(analysis, mines, cell) else {
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
    fn a_cell_of_a_walled_pair_is_dead() {
        // Cell 0 of "??F" over "13F", when safe, always shows 1: cell 1 is then the mine.
        let walled = view(&["??F", "13F"]);
        let mut solver = analysed(&walled, Mines::Density(0.2));
        let (guess, analysis) = solver.guess_parts();
        let probed = guess
            .probe_cell(analysis, Mines::Density(0.2), 0)
            .ok()
            .unwrap();
        assert_eq!(probed.outcomes, 1, "it shows 1 whenever it is safe: dead");
        // Over "11" with one mine: too few arrangements, the endgame search picks one.
        solver
            .analyse(&view(&["??", "11"]), Mines::Known(1))
            .unwrap();
        assert!(solver.best_guess().is_some());
    }
}
