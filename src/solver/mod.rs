//! The AI player: from the visible board only, every certain move, mine probabilities (exact
//! where the budget allows) and the next move to make.
//!
//! The solver never sees a mine map: its input is a [`View`] (each cell closed, flagged or open
//! with its number) and what is known of the total ([`Mines`]). How it works:
//!
//! 1. Flags are taken as mines. Single-number rules (a number whose unknown cells are all
//!    mines, or that already has all its mines) run to a fixpoint; what they settle is
//!    certain (`frontier.rs`).
//! 2. The remaining closed cells next to numbers (the frontier) are grouped into boxes of cells
//!    that touch exactly the same numbers, and the boxes into independent components. All of
//!    this is kept between analyses: a new view is compared with the last one (or read from
//!    its change list), and only the components a change touched are regrouped.
//! 3. Each new component's arrangements are enumerated by backtracking (`enumerate.rs`); for
//!    one with too many, each box gets its exact probability given only the numbers it touches
//!    (`approximate.rs`: calibrated, less sharp), counted by [`Solver::approximations`].
//! 4. Components are combined into probabilities (`combine.rs`): independently with a density,
//!    through the cells off the frontier with a known total. Cells safe (or mines) in every
//!    arrangement are certain, and stay known from then on.
//! 5. The certain moves (the safe cell likeliest to show 0, the chord opening the most) are
//!    kept ready between analyses and looked at again only around what changed (`moves.rs`).
//!    With no safe cell, the guess (`guess.rs`) is chosen among the cells at least 0.9 as
//!    safe as the safest by what the position after it is worth: for each number it could
//!    show, the two safest cells then (secondary safety), weighed by the chance of that
//!    number. A probe opens the cell on the real state without reading its number, regroups
//!    and enumerates only the components it touches (tallied by what the cell would show),
//!    reuses the others, and is rolled back. A dead cell (one number possible) is guessed only
//!    when every candidate is dead. A pair or 2x2 square of cells walled in so that nothing can
//!    tell them apart is an unavoidable 50/50 (`fifty.rs`): a cell that is a mine only where
//!    one forms is guessed at once, and any other cell of one gets credit for the risk it
//!    would face anyway. Regions of closed cells apart from the open board (walled off by
//!    numbers, or small pockets) are guessed last, and those with a fixed number of mines, a
//!    game of their own, then exactly (`region.rs`). With the total known and at most a few
//!    hundred complete arrangements left (a few thousand on a dense board; those regions
//!    aside), an exact game-tree search picks the guess that wins the most of them
//!    (`endgame.rs`).
//!
//! One analysis (with its probes) walks at most [`NODE_BUDGET`] nodes, and its endgame search
//! on a dense board at most 25 times that: results depend on the view alone, never on time or
//! threads. When the budget runs out the decision is made with what is known: a component not
//! enumerated is estimated, a guess not probed is scored by a local estimate. [`crafted`]
//! makes the hostile inputs that tests and benchmarks hold it to.

mod approximate;
mod combine;
mod component;
pub mod crafted;
mod endgame;
mod enumerate;
mod fifty;
mod frontier;
mod guess;
mod moves;
mod region;
mod tallies;
mod view;

pub use view::{Decision, Inconsistent, Mines, Move, Seen, Style, View, JLU_DENSITY};

use crate::board::Grid;
use approximate::Estimator;
use combine::{hull_contains, CountLaw, Coupling, Hull, Laws, Poly, Uncoupled};
use component::{Component, ComponentLaw, NONE};
use enumerate::{Enumerated, Enumerator};
use frontier::{Frontier, Know};
use tallies::{Counts, Tallies, SOME_MINE, SOME_SAFE};

/// The work one analysis may do, in nodes: enumeration steps (a mine placed or moved, an
/// arrangement recorded), and 16 multiply-adds of the combination count as one. It bounds
/// every decision, probes included, whatever the input: about 20 ms of enumeration on this
/// crate's reference machine. Ordinary games never use more than a small part of it. The
/// endgame search on a dense board may walk 25 times as many (`endgame.rs`).
pub const NODE_BUDGET: u64 = 2_000_000;

/// One component's enumeration may take at most this share of the budget (1/4), so that one
/// hopeless component leaves room for the others and for the probes.
const COMPONENT_SHARE: u64 = 4;

/// A component at least half as large as one that ran out of budget tries again with this
/// share only (1/64): it is likely hopeless again, and a game may touch it at every move.
const RETRY_SHARE: u64 = 64;

/// Multiply-adds of the combination per budget node.
const PRODUCTS_PER_NODE: u64 = 16;

/// The solver and what it knows of the last view it analysed. One per thread (or per game).
///
/// Each analysis starts from what the solver knew of the last view when the new one only
/// adds to it (closed cells opened or flagged, same grid and mine count), else from nothing;
/// either way the answer is the one for the view alone (unless the budget ran out, when what
/// was estimated before may be kept).
///
/// # Complexity
/// Memory O(cells). An analysis costs O(cells changed and components they touch) plus their
/// enumeration, at most [`NODE_BUDGET`] nodes with the probes; the first one of a game and a
/// guess add O(cells).
///
/// # Examples
/// ```
/// use minejudge::board::Grid;
/// use minejudge::solver::{Mines, Move, Seen, Solver, Style, View};
/// // "1??" with one mine: the 1 sees one closed cell, so cell 1 is the mine and cell 2 safe.
/// let mut view = View::new(Grid::new(1, 3));
/// view.set(0, Seen::Open(1));
/// let mut solver = Solver::new();
/// let decision = solver.next_move(&view, Mines::Known(1), Style::CLICKS).unwrap().unwrap();
/// assert_eq!(decision.action, Move::Open(2));
/// assert!(decision.certain);
/// assert_eq!(solver.certain_mines(), &[1]);
/// ```
#[derive(Debug)]
pub struct Solver {
    node_budget: u64,
    frontier: Frontier,
    enumerator: Enumerator,
    estimator: Estimator,
    /// The grid and mine count the kept knowledge is for; `None` when there is none.
    basis: Option<(Grid, Mines)>,
    /// The view last read and how many changes its list had then.
    view_id: u64,
    view_changes: usize,
    /// Nodes left in this analysis, and those walked beyond its budget by an endgame search
    /// allowed more (`endgame.rs`, on a dense board).
    left: u64,
    overdraft: u64,
    probability: Vec<f64>,
    /// The probability of the cells off the frontier, and the one last written to them (NaN:
    /// none yet).
    outside_now: f64,
    outside_probability: f64,
    /// For k in 0..=8: the chance that k cells off the frontier are all safe given that one
    /// more is.
    outside_zero: [f64; 9],
    /// ln(i!) for i up to the cell count.
    ln_factorial: Vec<f64>,
    /// Per component id: with a density, the ln of its total weight; with a known total, its
    /// count law (for probes).
    ln_weight: Vec<f64>,
    count_law: Vec<CountLaw>,
    /// The live components in a fixed order (by first number), as last combined.
    order: Vec<u32>,
    /// The last coupling and weighing, their buffers kept for the next.
    coupling: Coupling,
    weighing: Weighing,
    /// The components to combine next (a buffer, swapped with `order`).
    to_combine: Vec<u32>,
    /// The certain safe cells best first, when `ordered` (after `analyse`; after `next_move`
    /// the frontier's set is given as it is), and the certain mines ascending, as of the
    /// mine set's `mines_version`.
    sorted_safe: Vec<u32>,
    ordered: bool,
    sorted_mines: Vec<u32>,
    mines_version: u64,
    ready: moves::Ready,
    best_guess: Option<usize>,
    guess: guess::Scratch,
    fifty: fifty::Scratch,
    regions: region::Regions,
    changed: Vec<u32>,
    created: Vec<u32>,
    touched: Vec<u32>,
    approximations: u64,
    analyses: u64,
    /// See [`Solver::count_clicks`].
    clicks_counted: bool,
}

impl Default for Solver {
    fn default() -> Solver {
        Solver::new()
    }
}

/// `p / (1 - p)` with `p` kept inside (0, 1).
fn odds(p: f64) -> f64 {
    let p = p.clamp(1e-9, 1.0 - 1e-9);
    p / (1.0 - p)
}

impl Solver {
    /// A solver with the default budget, [`NODE_BUDGET`].
    pub fn new() -> Solver {
        Solver::with_budget(0)
    }

    /// A solver whose analyses each walk at most `nodes` nodes, and the endgame search of a
    /// dense board 25 times as many (0 means [`NODE_BUDGET`]; a judge with a tight time limit
    /// may lower it).
    pub fn with_budget(nodes: u64) -> Solver {
        Solver {
            node_budget: if nodes == 0 { NODE_BUDGET } else { nodes },
            frontier: Frontier::new(),
            enumerator: Enumerator::default(),
            estimator: Estimator::default(),
            basis: None,
            view_id: 0,
            view_changes: 0,
            left: 0,
            overdraft: 0,
            probability: Vec::new(),
            outside_now: 0.0,
            outside_probability: f64::NAN,
            outside_zero: [0.0; 9],
            ln_factorial: vec![0.0],
            ln_weight: Vec::new(),
            count_law: Vec::new(),
            order: Vec::new(),
            coupling: Coupling::default(),
            weighing: Weighing::default(),
            to_combine: Vec::new(),
            sorted_safe: Vec::new(),
            ordered: false,
            sorted_mines: Vec::new(),
            mines_version: u64::MAX,
            ready: moves::Ready::default(),
            best_guess: None,
            guess: guess::Scratch::default(),
            fifty: fifty::Scratch::default(),
            regions: region::Regions::default(),
            changed: Vec::new(),
            created: Vec::new(),
            touched: Vec::new(),
            approximations: 0,
            analyses: 0,
            clicks_counted: false,
        }
    }

    /// Orders the certain safe cells for a game scored by its clicks (the JLU course): first
    /// the cells whose click a player clicking as little as possible would make too (see
    /// `moves.rs`), rather than those likeliest to show a 0 (the default: cheaper to keep).
    pub fn count_clicks(&mut self, counted: bool) {
        if self.clicks_counted != counted {
            self.clicks_counted = counted;
            self.basis = None;
        }
    }

    /// How many components fell back to the estimate, over this solver's life.
    pub fn approximations(&self) -> u64 {
        self.approximations
    }

    /// How many views this solver analysed.
    pub fn analyses(&self) -> u64 {
        self.analyses
    }

    /// How many nodes the last analysis walked, its probes included (at most the budget, and
    /// 25 times it with the endgame search of a dense board).
    pub fn nodes(&self) -> u64 {
        self.node_budget - self.left + self.overdraft
    }

    /// After [`Solver::analyse`]: each cell's probability of being a mine (open cells 0,
    /// flagged cells 1).
    pub fn probabilities(&self) -> &[f64] {
        &self.probability
    }

    /// After [`Solver::analyse`]: the closed, unflagged cells that are safe in every consistent
    /// arrangement, best first (cells certain to show 0, then the likeliest 0s), so that opening
    /// them in order never clicks a cell an earlier cascade opens anyway (skip those open).
    /// After [`Solver::next_move`] the same cells in no particular order (it needs only the
    /// best, and ordering them all would cost each move as much as the list is long).
    pub fn certain_safe(&self) -> &[u32] {
        if self.ordered {
            &self.sorted_safe
        } else {
            self.frontier.safe.cells()
        }
    }

    /// After [`Solver::analyse`]: the closed, unflagged cells that are mines in every consistent
    /// arrangement, ascending.
    pub fn certain_mines(&self) -> &[u32] {
        &self.sorted_mines
    }

    /// After [`Solver::analyse`] with no certain safe cell: the guess, the closed cell least
    /// likely to be a mine (near-ties broken by progress), and its probability. `None` when no
    /// closed unflagged cell is left, or every one is a certain mine.
    pub fn best_guess(&self) -> Option<(usize, f64)> {
        self.best_guess.map(|cell| (cell, self.probability[cell]))
    }

    /// After an analysis that guessed: the candidates the guess compared, in the order scored,
    /// with their scores (the chance the cell is safe times what the position after it is
    /// worth, see `guess.rs`; with few arrangements left, or only walled-off regions, the
    /// chosen cell's chance of winning them). Empty when there was nothing to compare, or
    /// when the guess is a cell that is a mine only where a 50/50 forms (guessed at once).
    pub fn guess_scores(&self) -> &[(usize, f64)] {
        &self.guess.scores
    }

    /// After an analysis that guessed: whether the guess is a cell that is a mine only where
    /// an unavoidable 50/50 forms (a pair or 2x2 square of closed cells that nothing can tell
    /// apart): its risk is one every player takes, so it is taken at once, without scoring
    /// (unless it lies in a region apart from the open board, which waits: see
    /// [`Solver::guess_is_walled`]).
    pub fn guess_is_fifty_fifty(&self) -> bool {
        self.guess.fifty_fifty
    }

    /// After an analysis that guessed: whether every closed cell left is in a walled-off
    /// region (cells with a fixed number of mines that no other cell can tell anything
    /// about), and the guess is the first move that wins one of them most often, found by an
    /// exact search. While other cells are left, such regions are guessed last.
    pub fn guess_is_walled(&self) -> bool {
        self.guess.walled
    }

    /// After an analysis that guessed: the candidates found dead, whose number would be the
    /// same in every arrangement where they are safe (opening one tells nothing).
    pub fn dead_cells(&self) -> &[usize] {
        &self.guess.dead
    }

    /// The next move for `view`, made in `style`: with flags, every certain mine is flagged
    /// first; then a chord that opens two cells or more, else the best certain safe cell; else
    /// the best guess. `Ok(None)` when no closed safe cell can be left (the game is over).
    ///
    /// # Complexity
    /// Like [`Solver::analyse`].
    pub fn next_move(
        &mut self,
        view: &View,
        mines: Mines,
        style: Style,
    ) -> Result<Option<Decision>, Inconsistent> {
        self.read(view, mines)?;
        if style.flags {
            if let Some(&cell) = self.sorted_mines.first() {
                return Ok(Some(Decision {
                    action: Move::Flag(cell as usize),
                    mine_probability: 1.0,
                    certain: true,
                }));
            }
        }
        if style.chords {
            if let Some(cell) = self.best_chord() {
                return Ok(Some(Decision {
                    action: Move::Chord(cell),
                    mine_probability: 0.0,
                    certain: true,
                }));
            }
        }
        if let Some(cell) = self.best_safe() {
            return Ok(Some(Decision {
                action: Move::Open(cell),
                mine_probability: 0.0,
                certain: true,
            }));
        }
        Ok(self.best_guess().map(|(cell, p)| Decision {
            action: Move::Open(cell),
            mine_probability: p,
            certain: false,
        }))
    }

    /// Analyses `view`: certain cells, every cell's mine probability and the best guess. An
    /// error when no arrangement of mines fits the numbers (and the total, when known).
    ///
    /// # Complexity
    /// After the first view of a game, O(cells changed + the components they touch) plus the
    /// enumeration of those components; the guess adds O(cells) and its probes. Every analysis
    /// walks at most the node budget. Memory O(cells).
    pub fn analyse(&mut self, view: &View, mines: Mines) -> Result<(), Inconsistent> {
        self.read(view, mines)?;
        let mut sorted = std::mem::take(&mut self.sorted_safe);
        self.ordered_safe(&mut sorted);
        self.sorted_safe = sorted;
        self.ordered = true;
        Ok(())
    }

    /// [`Solver::analyse`] but for the order of the certain safe cells.
    fn read(&mut self, view: &View, mines: Mines) -> Result<(), Inconsistent> {
        self.analyses += 1;
        self.left = self.node_budget;
        self.overdraft = 0;
        self.ordered = false;
        self.best_guess = None;
        if let Err(inconsistent) = self.update(view, mines) {
            // Forget everything: the next view starts over.
            self.frontier.rollback();
            self.frontier.reset(view.grid());
            self.basis = None;
            self.sorted_mines.clear();
            self.mines_version = u64::MAX;
            return Err(inconsistent);
        }
        if self.frontier.mines.version() != self.mines_version {
            self.mines_version = self.frontier.mines.version();
            self.sorted_mines.clear();
            self.sorted_mines
                .extend_from_slice(self.frontier.mines.cells());
            self.sorted_mines.sort_unstable();
        }
        if self.frontier.safe.cells().is_empty() {
            self.best_guess = self.choose_guess(mines);
        }
        Ok(())
    }

    /// Brings the kept knowledge up to `view`: reads the changed cells, applies the rules,
    /// regroups and analyses the touched components, combines.
    fn update(&mut self, view: &View, mines: Mines) -> Result<(), Inconsistent> {
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
        if fresh {
            self.start_over(grid, mines, view);
        }
        self.frontier.checkpoint();
        for i in 0..self.changed.len() {
            let cell = self.changed[i] as usize;
            let seen = view.get(cell);
            if self.frontier.seen[cell] == seen {
                continue;
            }
            self.frontier.seen[cell] = seen;
            match seen {
                Seen::Open(number) => self.frontier.open(cell, number)?,
                Seen::Flagged => self.frontier.flag(cell)?,
                Seen::Closed => unreachable!("a cell closed again starts over"),
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
        let refresh_all = self.combine(mines)?;
        self.write_probabilities(refresh_all);
        // What changed: the cells read and settled, and those whose probability moved.
        let mut touched = std::mem::take(&mut self.touched);
        touched.clear();
        touched.extend_from_slice(&self.changed);
        touched.extend_from_slice(self.frontier.settled());
        let read_or_settled = touched.len();
        for &id in &self.created {
            touched.extend_from_slice(&self.frontier.comps[id as usize].cells);
        }
        let (changed, _) = touched.split_at(read_or_settled);
        self.refresh_moves(&touched, changed, fresh || refresh_all);
        self.touched = touched;
        self.frontier.commit();
        Ok(())
    }

    /// Forgets everything known: the next changes are every cell of `view` not closed.
    fn start_over(&mut self, grid: Grid, mines: Mines, view: &View) {
        self.frontier.reset(grid);
        self.ready.reset(grid.len(), self.clicks_counted);
        self.basis = Some((grid, mines));
        self.probability.clear();
        self.probability.resize(grid.len(), 0.0);
        self.outside_probability = f64::NAN;
        self.ln_weight.clear();
        self.count_law.clear();
        self.order.clear();
        self.changed.clear();
        self.changed
            .extend((0..grid.len() as u32).filter(|&c| view.get(c as usize) != Seen::Closed));
        let n = grid.len();
        if self.ln_factorial.len() < n + 1 {
            for i in self.ln_factorial.len()..=n {
                let last = self.ln_factorial[i - 1];
                self.ln_factorial.push(last + (i as f64).ln());
            }
        }
    }

    /// Enumerates component `id` within its share of the budget, else estimates it.
    fn analyse_component(&mut self, id: u32, odds: f64) -> Result<(), Inconsistent> {
        let comp = &self.frontier.comps[id as usize];
        let share = if comp.hopeless {
            self.node_budget / RETRY_SHARE
        } else {
            self.node_budget / COMPONENT_SHARE
        };
        let first_number = Some(comp.cons[comp.box_cons[0][0] as usize] as usize);
        let limit = share.min(self.left);
        let (result, used) =
            enumerate_component(&mut self.frontier, &mut self.enumerator, id, limit);
        self.left = self.left.saturating_sub(used);
        match result {
            Enumerated::Exact => Ok(()),
            Enumerated::Empty => Err(Inconsistent { cell: first_number }),
            Enumerated::OutOfBudget => {
                self.approximations += 1;
                let f = &mut self.frontier;
                let mut marginals = f.comps[id as usize].take_marginals();
                let comp = &f.comps[id as usize];
                let (fits, used) = self.estimator.run(comp, &f.cells, odds, &mut marginals);
                self.left = self.left.saturating_sub(used);
                let comp = &mut f.comps[id as usize];
                comp.set_estimated(marginals);
                comp.hopeless = true;
                if fits {
                    Ok(())
                } else {
                    Err(Inconsistent { cell: first_number })
                }
            }
        }
    }

    /// Combines the components into probabilities and facts. Returns whether every
    /// component's cells need their probabilities written again.
    fn combine(&mut self, mines: Mines) -> Result<bool, Inconsistent> {
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
                return Ok(false);
            }
            Mines::Known(total) => total,
        };
        let (loose, outside) = (self.frontier.loose_mines, self.frontier.outside);
        if loose > total {
            return Err(Inconsistent { cell: None });
        }
        let left = total - loose;
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
            let limit = self.left.saturating_mul(PRODUCTS_PER_NODE);
            coupling.couple(
                Laws {
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
        self.left = self.left.saturating_sub(work / PRODUCTS_PER_NODE);
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
        Ok(true)
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
    fn apply(&mut self, id: u32, weighing: &mut Weighing) {
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
    fn couple_outside(&mut self, coupling: &combine::Coupling, left: usize, outside: usize) {
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
    /// [`Solver::outside_zero`] (by default that of independent cells).
    fn set_outside(&mut self, p: f64, zero: Option<[f64; 9]>) {
        self.outside_zero =
            zero.unwrap_or_else(|| std::array::from_fn(|k| (1.0 - p).powi(k as i32)));
        self.outside_now = p;
    }

    /// Writes the probabilities that changed: cells read or settled in this analysis, the
    /// components combined, the cells off the frontier when their probability moved.
    fn write_probabilities(&mut self, all_comps: bool) {
        let outside = self.outside_now;
        if outside.to_bits() != self.outside_probability.to_bits() {
            self.outside_probability = outside;
            let probability = &mut self.probability;
            self.frontier
                .visit_outside(|cell| probability[cell] = outside);
        }
        let f = &self.frontier;
        let value = |cell: usize, fallback: f64| match f.know(cell) {
            Know::Open | Know::Safe => 0.0,
            Know::Mine | Know::Flag => 1.0,
            Know::Unknown => fallback,
        };
        for &cell in self.changed.iter().chain(f.settled()) {
            let cell = cell as usize;
            self.probability[cell] = value(cell, outside);
        }
        let comps: &[u32] = if all_comps {
            &self.order
        } else {
            &self.created
        };
        for &id in comps {
            let comp = &f.comps[id as usize];
            for b in 0..comp.boxes() {
                let p = comp.box_probability[b];
                for &cell in comp.box_cells(b) {
                    self.probability[cell as usize] = value(cell as usize, p);
                }
            }
        }
    }

    /// A cheap estimate of the chance that `cell` shows a 0 if opened (its unknown neighbours
    /// taken as independent; a known mine around makes it 0), plus, for a cell not known safe,
    /// the chance it shows as many mines as it has unknown neighbours.
    fn zero_chance(&self, cell: usize) -> f64 {
        let (zero, all_mines, _) = self.zero_and_full(cell);
        if self.frontier.know(cell) == Know::Safe {
            zero
        } else {
            zero + all_mines
        }
    }

    /// The chances, neighbours taken as independent, that `cell`'s unknown neighbours are all
    /// safe with no known mine around (it would show a 0), and that they are all mines; and
    /// whether its neighbours are all unknown cells next to no number (with `cell` one too,
    /// it [`Solver::is_isolated`]: the guess reads both of each candidate in one pass).
    fn zero_and_full(&self, cell: usize) -> (f64, f64, bool) {
        let f = &self.frontier;
        // Slices of one length: a neighbour checked against one is in the other.
        let cells = &f.cells[..];
        let probability = &self.probability[..cells.len()];
        let mut zero = 1.0;
        let mut all_mines = 1.0;
        let mut outside = true;
        for &next in f.neighbours(cell) {
            let next = next as usize;
            let c = cells[next];
            match c.know {
                Know::Open | Know::Safe => outside = false,
                Know::Mine | Know::Flag => {
                    zero = 0.0;
                    outside = false;
                }
                Know::Unknown => {
                    let p = probability[next];
                    zero *= 1.0 - p;
                    all_mines *= p;
                    outside &= c.comp == NONE;
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
    let outcome = enumerator.run(comp, &frontier.cells, watch, limit, &mut tallies);
    let comp = &mut frontier.comps[id as usize];
    if outcome.0 == Enumerated::Exact {
        comp.set_exact(tallies);
    } else {
        comp.keep_tallies(tallies);
    }
    outcome
}

fn ln_binomial(ln_factorial: &[f64], n: usize, k: usize) -> f64 {
    ln_factorial[n] - ln_factorial[k] - ln_factorial[n - k]
}

/// The weights odds^k by count over some counts of an enumerated component, divided by
/// `exp(top)` (the largest over its possible counts); returned with `top`.
fn odds_weights(c: Counts, ln_odds: f64) -> (Poly, f64) {
    let top = (c.lo..=c.hi())
        .filter(|&k| c.row[k - c.lo] != NONE)
        .map(|k| k as f64 * ln_odds)
        .fold(f64::NEG_INFINITY, f64::max);
    let w = (c.lo..=c.hi())
        .map(|k| (k as f64 * ln_odds - top).exp())
        .collect();
    (Poly { lo: c.lo as i64, w }, top)
}

/// Every count allowed.
fn all_counts() -> Hull {
    vec![(i64::MIN / 4, i64::MAX / 4)]
}

/// Stores `value` at `id`, growing `list` as needed.
fn set<T: Default>(list: &mut Vec<T>, id: u32, value: T) {
    let id = id as usize;
    if list.len() <= id {
        list.resize_with(id + 1, T::default);
    }
    list[id] = value;
}

/// A component weighed: per box its probability and what is certain of it. Its buffers are
/// reused from one component to the next.
#[derive(Debug, Default)]
struct Weighing {
    probability: Vec<f64>,
    settled: Vec<Know>,
    /// Scratch: per box, the `seen` bits over the allowed counts.
    seen: Vec<u8>,
}

impl Weighing {
    /// An estimated component's probabilities; the boxes it calls certain are those of
    /// probability exactly 0 or 1.
    fn estimated(&mut self, probability: &[f64]) {
        self.probability.clear();
        self.probability.extend_from_slice(probability);
        self.settled.clear();
        self.settled.extend(probability.iter().map(|&p| {
            if p == 0.0 {
                Know::Safe
            } else if p == 1.0 {
                Know::Mine
            } else {
                Know::Unknown
            }
        }));
    }
}

/// An enumerated component's boxes weighed by `coef` (by count) into `out`: each box's
/// probability and the boxes certain over the counts in `allowed`. Returns the total weight.
fn box_laws(comp: &Component, t: &Tallies, coef: &Poly, allowed: &Hull, out: &mut Weighing) -> f64 {
    let boxes = t.boxes;
    let counts = t.counts(0);
    let expected = &mut out.probability;
    expected.clear();
    expected.resize(boxes, 0.0);
    let seen = &mut out.seen;
    seen.clear();
    seen.resize(boxes, 0);
    let mut z = 0.0;
    for (i, &row) in counts.row.iter().enumerate() {
        if row == NONE {
            continue;
        }
        let k = counts.lo + i;
        let c = coef.at(k as i64);
        z += counts.weight[i] * c;
        let base = row as usize * boxes;
        if c != 0.0 {
            for (b, e) in expected.iter_mut().enumerate() {
                *e += t.mines[base + b] * c;
            }
        }
        if hull_contains(allowed, k as i64) {
            for (b, s) in seen.iter_mut().enumerate() {
                *s |= t.seen[base + b];
            }
        }
    }
    // The expected mines become the probabilities in place.
    for (b, p) in expected.iter_mut().enumerate() {
        *p = if z > 0.0 {
            (*p / (z * comp.box_size(b) as f64)).clamp(0.0, 1.0)
        } else {
            0.5
        };
    }
    out.settled.clear();
    out.settled.extend(seen.iter().map(|&s| {
        if s & SOME_MINE == 0 {
            Know::Safe
        } else if s & SOME_SAFE == 0 {
            Know::Mine
        } else {
            Know::Unknown
        }
    }));
    z
}

/// A component's count law for the coupling, into `out` (its buffers reused).
fn fill_count_law(law: &ComponentLaw, out: &mut CountLaw) {
    match law {
        ComponentLaw::Exact(t) => fill_counts_law(t.counts(0), t.ln_scale, out),
        ComponentLaw::Approximate(m) => {
            out.possible.clear();
            out.poly.w.clear();
            let variance = m.variance.max(0.25);
            out.poly.lo = m.lo as i64;
            out.poly.w.extend(
                (m.lo..=m.hi).map(|k| (-(k as f64 - m.mean).powi(2) / (2.0 * variance)).exp()),
            );
            out.ln_scale = 0.0;
            out.possible.push((m.lo as i64, m.hi as i64));
        }
        ComponentLaw::Pending => unreachable!("a component not analysed"),
    }
}

/// The count law of some counts of an enumerated component (scaled by `exp(ln_scale)`).
fn fill_counts_law(c: Counts, ln_scale: f64, out: &mut CountLaw) {
    out.possible.clear();
    for (i, &row) in c.row.iter().enumerate() {
        if row == NONE {
            continue;
        }
        let k = (c.lo + i) as i64;
        match out.possible.last_mut() {
            Some(last) if last.1 + 1 == k => last.1 = k,
            _ => out.possible.push((k, k)),
        }
    }
    out.poly.lo = c.lo as i64;
    out.poly.w.clear();
    out.poly.w.extend_from_slice(c.weight);
    out.ln_scale = ln_scale;
}

#[cfg(test)]
pub(crate) mod tests;
