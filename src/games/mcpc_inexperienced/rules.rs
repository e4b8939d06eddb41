//! The player's game: from a start, or on top of a final state, the two rules applied until
//! neither applies anywhere, through a worklist of the open cells where one may hold; and undone
//! to a mark in O(what it changed). At an open cell with `m` mines around it, `f` flags and `c`
//! closed unflagged neighbours, rule 1 (`f = m`) opens the closed neighbours and rule 2
//! (`f + c = m`) flags them.
//!
//! # Why the end state does not depend on the order the rules fire in
//!
//! 1. Every flag is on a mine and every opened cell is safe (induction on steps). If all flags
//!    so far are on mines, then at an open cell with `f + c = m` the `m - f` unflagged mines
//!    around it are among its `c` closed neighbours, so all of them are mines; and with `f = m`
//!    every mine around it is flagged, so its closed neighbours are safe.
//! 2. Hence at an open cell, rule 1 holds exactly when every mine around it is flagged, and
//!    rule 2 exactly when every safe cell around it is open. Cells only ever get opened or
//!    flagged, never closed again, so once a rule holds at a cell it holds for the rest of the
//!    game: the state only grows and every rule stays enabled once enabled.
//! 3. Call a state final when no rule has anything left to do. Let a game start from some open
//!    and flagged cells that are all so in a final state `F`. Suppose some step is the first to
//!    add a cell outside `F`: the state before it lies inside `F`, so by 2 the rule it used also
//!    holds at that cell in `F`, and `F` being final, the cell is already open (or flagged) in
//!    `F`; a contradiction. So the whole game stays inside `F`.
//! 4. Two complete games from the same start end in final states that each contain the other's
//!    start, so by 3 each lies inside the other: they are equal, whatever the order. Call it
//!    `E(s)`, the end state of the start `s`.
//! 5. Let `K` be a final state. The game from `K` plus `s` ends in a final state that contains
//!    `s`, hence `E(s)` (by 3). If `K` lies inside `E(s)`, that game also stays inside `E(s)`
//!    (by 3): it ends in `E(s)` exactly. And `K` does lie inside `E(s)` when `K` is `E(t)` for
//!    a start `t` that the game from `s` opens (by 3 again): the game from `s` may stop before
//!    opening `t`, and `E(s)` be found later by continuing `s`'s game on top of `E(t)`.
//! 6. The intersection of two final states is final: where a rule holds in it, it holds in
//!    both, which have then both opened (or flagged) all it asks for.
//!
//! So a game may use a worklist in any order, and [`search`](fn@super::search) may continue
//! games on end states found before (5) and bound a start by its game on any final state (5, 6).

use crate::board::{Board, CellState, Cover, FlagsInCascade, Grid};

/// What a game does about a closed cell that rule 1 is about to open.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Next {
    Open,
    /// Stop before opening it: it is in this region.
    Stop(u32),
    /// Not yet: let the other games of a race catch up first.
    Wait,
}

/// How far a call to [`Game::run`] got.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Run {
    /// Neither rule applies anywhere: the game's end state.
    Ended,
    /// It stopped before opening this region; calling again goes on.
    Reached(u32),
    /// It did the work it was given; calling again goes on.
    Paused,
    /// It stopped before opening a cell it was told to wait for; calling again goes on.
    Waiting,
}

/// The player's game on one board, played from start after start, or on top of a final state:
/// each game is undone afterwards in O(what it changed) instead of rebuilding O(cells) of state.
#[derive(Clone)]
pub(super) struct Game<'b> {
    board: &'b Board,
    grid: Grid,
    cover: Cover,
    /// Per cell, its mines not flagged yet (`m - f`): rule 1 holds at an open cell at 0.
    unflagged_mines: Vec<u8>,
    /// Per cell, its safe neighbours not open yet (`c - (m - f)`, by step 1 of the proof):
    /// rule 2 holds at an open cell at 0.
    closed_safe: Vec<u8>,
    /// The cells this game opened, in order.
    opened: Vec<u32>,
    /// The cells this game flagged.
    flagged: Vec<u32>,
    /// Open cells where a rule may have become applicable since they were last looked at,
    /// from `first_pending` on.
    pending: Vec<u32>,
    first_pending: usize,
    /// Cells looked at, opened or flagged since the last [`Game::begin`].
    work: u64,
    /// Whether open cells are looked at in the order they came (the game then spreads evenly
    /// and meets what is near its start first) or the last first (it runs along, which keeps
    /// what it looks at close in memory).
    breadth_first: bool,
}

impl<'b> Game<'b> {
    pub(super) fn new(board: &'b Board) -> Game<'b> {
        let grid = board.grid();
        // How many neighbours a cell has along one side: 3, or 2 at the edge, or 1 on a strip.
        let span = |at: usize, len: usize| 1 + (at > 0) as u8 + (at + 1 < len) as u8;
        let mut closed_safe = Vec::with_capacity(grid.len());
        for row in 0..grid.rows() {
            let rows = span(row, grid.rows());
            for col in 0..grid.cols() {
                let around = rows * span(col, grid.cols()) - 1;
                closed_safe.push(around - board.count(grid.index(row, col)));
            }
        }
        Game {
            board,
            grid,
            cover: Cover::new(board),
            unflagged_mines: (0..grid.len()).map(|cell| board.count(cell)).collect(),
            closed_safe,
            opened: Vec::new(),
            flagged: Vec::new(),
            pending: Vec::new(),
            first_pending: 0,
            work: 0,
            breadth_first: false,
        }
    }

    /// A game that looks at open cells in the order they came (see `breadth_first`).
    pub(super) fn breadth_first(board: &'b Board) -> Game<'b> {
        Game {
            breadth_first: true,
            ..Game::new(board)
        }
    }

    /// The cells this game opened, in order.
    pub(super) fn opened(&self) -> &[u32] {
        &self.opened
    }

    /// The board as this game left it.
    pub(super) fn cover(&self) -> &Cover {
        &self.cover
    }

    /// Cells looked at, opened or flagged since the last [`Game::begin`].
    pub(super) fn work(&self) -> u64 {
        self.work
    }

    /// Opens `start` (in a final state), for [`Game::run`] to go on from.
    pub(super) fn begin(&mut self, start: usize) {
        self.work = 0;
        self.open(start);
    }

    /// Applies the rules until neither applies anywhere, asking `next(cell, opened, work)`
    /// about each closed 0 cell rule 1 is about to open, or until `work` reaches `until`.
    ///
    /// A cell is looked at again only when one of its neighbours was opened or flagged (the
    /// only events that can enable a rule there), so a game costs O(cells it opens or flags).
    pub(super) fn run(
        &mut self,
        mut next: impl FnMut(usize, usize, u64) -> Next,
        until: u64,
    ) -> Run {
        let grid = self.grid;
        while self.work < until {
            let Some(cell) = self.next_pending() else {
                return Run::Ended;
            };
            let cell = cell as usize;
            self.work += 1;
            if self.unflagged_mines[cell] == 0 {
                for around in grid.neighbours(cell) {
                    if self.cover.state(around) != CellState::Closed {
                        continue;
                    }
                    // Only a 0 cell opens a region: there is nothing to ask about another.
                    if self.board.count(around) != 0 {
                        self.open(around);
                        continue;
                    }
                    match next(around, self.opened.len(), self.work) {
                        Next::Open => self.open(around),
                        Next::Stop(region) => {
                            self.push_again(cell);
                            return Run::Reached(region);
                        }
                        Next::Wait => {
                            self.push_again(cell);
                            return Run::Waiting;
                        }
                    }
                }
            }
            if self.closed_safe[cell] == 0 {
                for around in grid.neighbours(cell) {
                    if self.cover.state(around) == CellState::Closed {
                        self.flag(around);
                    }
                }
            }
        }
        if self.first_pending == self.pending.len() {
            Run::Ended
        } else {
            Run::Paused
        }
    }

    /// The next open cell to look at: the first that came, or the last.
    fn next_pending(&mut self) -> Option<u32> {
        if !self.breadth_first {
            return self.pending.pop();
        }
        let cell = *self.pending.get(self.first_pending)?;
        self.first_pending += 1;
        if self.first_pending == self.pending.len() {
            self.pending.clear();
            self.first_pending = 0;
        }
        Some(cell)
    }

    /// Puts `cell` back to be looked at next.
    fn push_again(&mut self, cell: usize) {
        if !self.breadth_first {
            self.pending.push(cell as u32);
        } else if self.first_pending > 0 {
            self.first_pending -= 1;
            self.pending[self.first_pending] = cell as u32;
        } else {
            self.pending.insert(0, cell as u32);
        }
    }

    /// Opens a safe closed cell, with the cascade through zeros (rule 1 at a 0 cell, applied
    /// at once), and updates the neighbours' counters.
    fn open(&mut self, cell: usize) {
        let first = self.opened.len();
        self.cover
            .reveal_from(self.board, cell, FlagsInCascade::Kept, &mut self.opened);
        self.work += (self.opened.len() - first) as u64;
        for at in first..self.opened.len() {
            let cell = self.opened[at] as usize;
            // A 0 cell has nothing to flag and its neighbours opened in the same cascade.
            if self.board.count(cell) != 0 {
                self.pending.push(cell as u32);
            }
            for next in self.grid.neighbours(cell) {
                self.closed_safe[next] -= 1;
                if self.closed_safe[next] == 0 && self.cover.is_open(next) {
                    self.pending.push(next as u32);
                }
            }
        }
    }

    /// Flags a closed mine and updates the neighbours' counters.
    fn flag(&mut self, cell: usize) {
        self.cover.set_flag(cell, true);
        self.flagged.push(cell as u32);
        self.work += 1;
        for next in self.grid.neighbours(cell) {
            self.unflagged_mines[next] -= 1;
            if self.unflagged_mines[next] == 0 && self.cover.is_open(next) {
                self.pending.push(next as u32);
            }
        }
    }

    /// How far the game has got: the lengths of `opened` and `flagged`, for [`Game::undo_to`].
    pub(super) fn mark(&self) -> (usize, usize) {
        (self.opened.len(), self.flagged.len())
    }

    /// Returns to the state at `mark`, undoing every later opening and flag.
    pub(super) fn undo_to(&mut self, mark: (usize, usize)) {
        self.pending.clear();
        self.first_pending = 0;
        for at in mark.0..self.opened.len() {
            self.close(self.opened[at] as usize);
        }
        for at in mark.1..self.flagged.len() {
            self.unflag(self.flagged[at] as usize);
        }
        self.opened.truncate(mark.0);
        self.flagged.truncate(mark.1);
    }

    /// How many of the cells this game opened are open in `other` too.
    pub(super) fn count_open_in(&self, other: &Cover) -> usize {
        self.opened
            .iter()
            .filter(|&&cell| other.is_open(cell as usize))
            .count()
    }

    /// Undoes every opening and flag that `other` does not have too, leaving the intersection
    /// of two final states, which is final: where a rule holds in it, it holds in both, so
    /// both have already opened (or flagged) all that rule asks for.
    pub(super) fn keep_only(&mut self, other: &Cover) {
        let mut still_open = 0;
        for at in 0..self.opened.len() {
            let cell = self.opened[at];
            if other.is_open(cell as usize) {
                self.opened[still_open] = cell;
                still_open += 1;
            } else {
                self.close(cell as usize);
            }
        }
        self.opened.truncate(still_open);
        let mut still_flagged = 0;
        for at in 0..self.flagged.len() {
            let cell = self.flagged[at];
            if other.state(cell as usize) == CellState::Flagged {
                self.flagged[still_flagged] = cell;
                still_flagged += 1;
            } else {
                self.unflag(cell as usize);
            }
        }
        self.flagged.truncate(still_flagged);
    }

    /// Closes an opened cell again and updates the neighbours' counters.
    fn close(&mut self, cell: usize) {
        self.cover.close(self.board, cell);
        for next in self.grid.neighbours(cell) {
            self.closed_safe[next] += 1;
        }
    }

    /// Removes a flag and updates the neighbours' counters.
    fn unflag(&mut self, cell: usize) {
        self.cover.set_flag(cell, false);
        for next in self.grid.neighbours(cell) {
            self.unflagged_mines[next] += 1;
        }
    }
}
