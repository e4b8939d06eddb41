//! The solver: the analysis of each view, the certain moves kept ready and the guess, behind
//! the methods the games call.

use super::analysis::Analyser;
use super::guess::GuessPolicy;
use super::moves::ReadyMoves;
use super::strength::Strength;
use super::view::{Decision, Inconsistent, Mines, Style, Verdict, View};
use crate::moves::Move;

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
/// use minejudge::moves::Move;
/// use minejudge::solver::{Mines, Seen, Solver, Style, View};
/// // "1??" with one mine: the 1 sees one closed cell, so cell 1 is the mine and cell 2 safe.
/// let mut view = View::new(Grid::new(1, 3));
/// view.set(0, Seen::Open(1));
/// let mut solver = Solver::new();
/// let decision = solver.next_move(&view, Mines::Known(1), Style::CLICKS).unwrap().unwrap();
/// assert_eq!(decision.action, Move::Open(2));
/// assert!(decision.certain);
/// assert_eq!(solver.certain_mines(), &[1]);
/// ```
///
/// [`NODE_BUDGET`]: super::budget::NODE_BUDGET
#[derive(Debug)]
pub struct Solver {
    analysis: Analyser,
    ready: ReadyMoves,
    guess: GuessPolicy,
    /// The certain safe cells best first, when `ordered` (after `analyse`; after `next_move`
    /// the frontier's set is given as it is), and the certain mines ascending, as of the
    /// mine set's `mines_version`.
    sorted_safe: Vec<u32>,
    ordered: bool,
    sorted_mines: Vec<u32>,
    mines_version: u64,
    best_guess: Option<usize>,
    analyses: u64,
    /// See [`Solver::count_clicks`].
    clicks_counted: bool,
}

impl Default for Solver {
    fn default() -> Solver {
        Solver::new()
    }
}

impl Solver {
    /// A solver with the default budget, [`NODE_BUDGET`].
    ///
    /// [`NODE_BUDGET`]: super::budget::NODE_BUDGET
    pub fn new() -> Solver {
        Solver::with_budget(0)
    }

    /// A solver whose analyses each walk at most `nodes` nodes, and the endgame search of a
    /// dense board 25 times as many (0 means [`NODE_BUDGET`]; a judge with a tight time limit
    /// may lower it).
    ///
    /// [`NODE_BUDGET`]: super::budget::NODE_BUDGET
    pub fn with_budget(nodes: u64) -> Solver {
        Solver {
            analysis: Analyser::new(nodes),
            ready: ReadyMoves::default(),
            guess: GuessPolicy::default(),
            sorted_safe: Vec::new(),
            ordered: false,
            sorted_mines: Vec::new(),
            mines_version: u64::MAX,
            best_guess: None,
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
            self.analysis.forget();
        }
    }

    /// How much work the guess may take (the default: [`Strength::Default`]). It changes only
    /// which guess is taken, never what is proven.
    pub fn set_strength(&mut self, strength: Strength) {
        self.guess.strength = strength;
    }

    /// How many components fell back to the estimate, over this solver's life.
    pub fn approximations(&self) -> u64 {
        self.analysis.approximations()
    }

    /// How many views this solver analysed.
    pub fn analyses(&self) -> u64 {
        self.analyses
    }

    /// How many nodes the last analysis walked, its probes included (at most the budget, and
    /// 25 times it with the endgame search of a dense board).
    pub fn nodes(&self) -> u64 {
        self.analysis.budget.walked()
    }

    /// After an analysis that succeeded ([`Solver::analyse`], [`Solver::next_move`]): whether
    /// the view was proven consistent. False means unproven: no contradiction was found, but a
    /// component was estimated (or the known total too costly to couple), so none is ruled
    /// out.
    pub fn proven_consistent(&self) -> bool {
        self.analysis.proven()
    }

    /// Analyses `view` ([`Solver::analyse`]) and says what it proved of it: consistent,
    /// inconsistent, or neither.
    ///
    /// # Examples
    /// ```
    /// use minejudge::board::Grid;
    /// use minejudge::solver::{Mines, Seen, Solver, Verdict, View};
    /// let mut view = View::new(Grid::new(1, 3));
    /// view.set(0, Seen::Open(1));
    /// let mut solver = Solver::new();
    /// assert_eq!(solver.verdict(&view, Mines::Known(1)), Verdict::Consistent);
    /// assert!(matches!(solver.verdict(&view, Mines::Known(3)), Verdict::Inconsistent(_)));
    /// ```
    pub fn verdict(&mut self, view: &View, mines: Mines) -> Verdict {
        match self.analyse(view, mines) {
            Err(inconsistent) => Verdict::Inconsistent(inconsistent),
            Ok(()) if self.proven_consistent() => Verdict::Consistent,
            Ok(()) => Verdict::Unproven,
        }
    }

    /// After [`Solver::analyse`]: each cell's probability of being a mine (open cells 0,
    /// flagged cells 1).
    ///
    /// # Complexity
    /// O(cells): made on demand from what the analysis keeps (no table per cell is kept).
    pub fn probabilities(&self) -> Vec<f64> {
        let cells = self.analysis.frontier.cells.len();
        (0..cells).map(|c| self.analysis.probability(c)).collect()
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
            self.analysis.frontier.safe.cells()
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
        self.best_guess
            .map(|cell| (cell, self.analysis.probability(cell)))
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
            if let Some(cell) = self.ready.best_chord(&self.analysis) {
                return Ok(Some(Decision {
                    action: Move::Chord(cell),
                    mine_probability: 0.0,
                    certain: true,
                }));
            }
        }
        if let Some(cell) = self.ready.best_safe(&self.analysis) {
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
        self.ready.ordered_safe(&self.analysis, &mut sorted);
        self.sorted_safe = sorted;
        self.ordered = true;
        Ok(())
    }

    /// [`Solver::analyse`] but for the order of the certain safe cells.
    fn read(&mut self, view: &View, mines: Mines) -> Result<(), Inconsistent> {
        self.analyses += 1;
        self.ordered = false;
        self.best_guess = None;
        let update = match self.analysis.read(view, mines) {
            Ok(update) => update,
            Err(inconsistent) => {
                self.sorted_mines.clear();
                self.mines_version = u64::MAX;
                return Err(inconsistent);
            }
        };
        if update.started_over {
            self.ready.reset(view.grid().len(), self.clicks_counted);
        }
        let (touched, changed) = self.analysis.touched();
        let all = update.started_over || update.all_probabilities;
        self.ready.refresh(&self.analysis, touched, changed, all);
        let f = &self.analysis.frontier;
        if f.mines.version() != self.mines_version {
            self.mines_version = f.mines.version();
            self.sorted_mines.clear();
            self.sorted_mines.extend_from_slice(f.mines.cells());
            self.sorted_mines.sort_unstable();
        }
        if f.safe.cells().is_empty() {
            self.best_guess = self.guess.choose(&mut self.analysis, mines);
        }
        Ok(())
    }
}

#[cfg(test)]
impl Solver {
    /// The analysis, for tests that look inside.
    pub(super) fn analysis(&mut self) -> &mut Analyser {
        &mut self.analysis
    }

    /// The guess policy and the analysis, for tests that call what-ifs directly.
    pub(super) fn guess_parts(&mut self) -> (&mut GuessPolicy, &mut Analyser) {
        (&mut self.guess, &mut self.analysis)
    }

    /// The moves kept ready and the analysis.
    pub(super) fn moves_parts(&mut self) -> (&mut ReadyMoves, &Analyser) {
        (&mut self.ready, &self.analysis)
    }
}
