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

/// How far a call to [`PlayerGame::run`] got.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum RunEnd {
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
pub(super) struct PlayerGame<'b> {
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
    /// Cells looked at, opened or flagged since the last [`PlayerGame::begin`].
    work: u64,
    /// Whether open cells are looked at in the order they came (the game then spreads evenly
    /// and meets what is near its start first) or the last first (it runs along, which keeps
    /// what it looks at close in memory).
    breadth_first: bool,
}

/// The cells of a board small enough that its lists are made whole at once.
const SMALL_BOARD: usize = 64;

impl<'b> PlayerGame<'b> {
    pub(super) fn new(board: &'b Board) -> PlayerGame<'b> {
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
        PlayerGame {
            board,
            grid,
            cover: Cover::new(board),
            unflagged_mines: (0..grid.len()).map(|cell| board.count(cell)).collect(),
            closed_safe,
            // Room for a small board's whole game at once: growing a list step by step costs
            // more than a small board's play.
            opened: Vec::with_capacity(grid.len().min(SMALL_BOARD)),
            flagged: Vec::with_capacity(grid.len().min(SMALL_BOARD)),
            pending: Vec::with_capacity(grid.len().min(SMALL_BOARD)),
            first_pending: 0,
            work: 0,
            breadth_first: false,
        }
    }

    /// A game that looks at open cells in the order they came (see `breadth_first`).
    pub(super) fn breadth_first(board: &'b Board) -> PlayerGame<'b> {
        PlayerGame {
            breadth_first: true,
            ..PlayerGame::new(board)
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

    /// Cells looked at, opened or flagged since the last [`PlayerGame::begin`].
    pub(super) fn work(&self) -> u64 {
        self.work
    }

    /// Opens `start` (in a final state), for [`PlayerGame::run`] to go on from.
    ///
    /// # Panics
    /// If `start` is a mine.
    pub(super) fn begin(&mut self, start: usize) {
        self.work = 0;
        self.open(start);
    }

    /// Applies the rules until neither applies anywhere, asking `next(cell, opened, work)`
    /// about each closed 0 cell rule 1 is about to open, or until `work` reaches `until`.
    ///
    /// # Complexity
    /// O(cells it opens or flags): a cell is looked at again only when one of its neighbours
    /// was opened or flagged, the only events that can enable a rule there.
    pub(super) fn run(
        &mut self,
        mut next: impl FnMut(usize, usize, u64) -> Next,
        until: u64,
    ) -> RunEnd {
        let grid = self.grid;
        while self.work < until {
            let Some(cell) = self.next_pending() else {
                return RunEnd::Ended;
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
                            return RunEnd::Reached(region);
                        }
                        Next::Wait => {
                            self.push_again(cell);
                            return RunEnd::Waiting;
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
            RunEnd::Ended
        } else {
            RunEnd::Paused
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

    /// How far the game has got: the lengths of `opened` and `flagged`, for [`PlayerGame::undo_to`].
    pub(super) fn mark(&self) -> (usize, usize) {
        (self.opened.len(), self.flagged.len())
    }

    /// Returns to the state at `mark`, undoing every later opening and flag.
    ///
    /// # Complexity
    /// O(cells opened or flagged since `mark`).
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
    ///
    /// # Complexity
    /// O(cells this game opened or flagged).
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

#[cfg(test)]
mod tests {
    use super::super::brute_force::{
        board, end_state, from_scratch, picture, random_board, states,
    };
    use super::*;
    use crate::rng::Rng;

    /// Plays `start` on top of what `game` holds until neither rule applies, opening every
    /// cell it asks about.
    fn play(game: &mut PlayerGame, start: usize) {
        game.begin(start);
        assert!(game.run(|_, _, _| Next::Open, u64::MAX) == RunEnd::Ended);
    }

    /// The safe cells of `board`, each a start.
    fn safe_cells(board: &Board) -> Vec<usize> {
        (0..board.grid().len())
            .filter(|&cell| !board.is_mine(cell))
            .collect()
    }

    /// Each cell's counters counted again from the cover: its mines not flagged, and its safe
    /// neighbours not open.
    fn assert_counters_match_the_cover(game: &PlayerGame) {
        let (board, grid) = (game.board, game.grid);
        for cell in 0..grid.len() {
            let state = |next: &usize| game.cover.state(*next);
            let flags = grid
                .neighbours(cell)
                .filter(|next| state(next) == CellState::Flagged)
                .count();
            let closed_safe = grid
                .neighbours(cell)
                .filter(|next| !board.is_mine(*next) && state(next) != CellState::Open)
                .count();
            assert_eq!(
                game.unflagged_mines[cell] as usize,
                board.count(cell) as usize - flags,
                "cell {cell}"
            );
            assert_eq!(game.closed_safe[cell] as usize, closed_safe, "cell {cell}");
        }
    }

    /// Everything a game holds between two games.
    type Snapshot = (
        Vec<CellState>,
        usize,
        Vec<u8>,
        Vec<u8>,
        Vec<u32>,
        Vec<u32>,
        Vec<u32>,
    );

    fn snapshot(game: &PlayerGame) -> Snapshot {
        assert_counters_match_the_cover(game);
        (
            states(game.board, &game.cover),
            game.cover.safe_closed(),
            game.unflagged_mines.clone(),
            game.closed_safe.clone(),
            game.opened.clone(),
            game.flagged.clone(),
            game.pending[game.first_pending..].to_vec(),
        )
    }

    #[test]
    fn the_rules_fire_exactly_as_the_statement_says_on_a_hand_made_board() {
        let board = board(&["M.M..", "..M..", "....."]);
        let cases = [
            // The zeros on the right open their border. Each 2 at the top sees its 2 mines
            // among 2 closed neighbours and flags them (rule 2); then the numbers whose mines
            // are all flagged open the rest (rule 1), down to the 0 at the bottom left, until
            // the 1 and the 3 on the left see 2 closed cells for their 1 mine left.
            (4, ["--Foo", "ooFoo", "ooooo"]),
            // A 3, a 2 and a 1 with no flag and more closed neighbours than mines: neither
            // rule holds.
            (1, ["-o---", "-----", "-----"]),
            (3, ["---o-", "-----", "-----"]),
            (5, ["-----", "o----", "-----"]),
            // The 0 at the bottom left opens the 1s and the 3 around it, each with more
            // closed neighbours than mines and no flag: neither rule holds.
            (10, ["-----", "oo---", "oo---"]),
        ];
        for (start, want) in cases {
            let mut game = PlayerGame::new(&board);
            play(&mut game, start);
            let got = picture(&board, &states(&board, game.cover()));
            assert_eq!(got, want, "start {start}");
            assert_eq!(got, picture(&board, &from_scratch(&board, start)));
            assert_counters_match_the_cover(&game);
        }
    }

    #[test]
    fn every_game_ends_where_the_statement_swept_ends() {
        let mut rng = Rng::new(0x5_1ee9);
        for case in 0..300 {
            let board = random_board(&mut rng, 8);
            for start in safe_cells(&board) {
                let mut game = PlayerGame::new(&board);
                play(&mut game, start);
                let want = from_scratch(&board, start);
                assert_eq!(
                    states(&board, game.cover()),
                    want,
                    "case {case} start {start}"
                );
                assert_counters_match_the_cover(&game);
            }
        }
    }

    #[test]
    fn the_worklist_reaches_the_same_end_state_in_any_order() {
        let mut rng = Rng::new(0x0_dde5);
        for case in 0..200 {
            let board = random_board(&mut rng, 9);
            for start in safe_cells(&board) {
                let want = from_scratch(&board, start);
                for breadth_first in [false, true] {
                    // In slices of a few steps, the cells left to look at shuffled after
                    // each, and every 0 cell rule 1 is about to open refused at random a few
                    // times (the game stops or waits, and goes on when called again).
                    let mut game = PlayerGame::new(&board);
                    game.breadth_first = breadth_first;
                    game.begin(start);
                    loop {
                        let until = game.work() + rng.range(1, 6) as u64;
                        let next = |_, _, _| match rng.below(4) {
                            0 => Next::Stop(0),
                            1 => Next::Wait,
                            _ => Next::Open,
                        };
                        if game.run(next, until) == RunEnd::Ended {
                            break;
                        }
                        let first = game.first_pending;
                        rng.shuffle(&mut game.pending[first..]);
                    }
                    let context = format!("case {case} start {start} breadth {breadth_first}");
                    assert_eq!(states(&board, game.cover()), want, "{context}");
                    assert_counters_match_the_cover(&game);
                }
            }
        }
    }

    #[test]
    fn undo_to_a_mark_restores_the_state_exactly() {
        let mut rng = Rng::new(0x0_4d0);
        for case in 0..300 {
            let board = random_board(&mut rng, 9);
            let untouched = snapshot(&PlayerGame::new(&board));
            let mut starts = safe_cells(&board);
            rng.shuffle(&mut starts);
            let mut game = PlayerGame::new(&board);
            play(&mut game, starts[0]);
            let mark = game.mark();
            let at_mark = snapshot(&game);
            for &start in &starts[1..] {
                if game.cover().state(start) != CellState::Closed {
                    continue;
                }
                // Played on top of the end state, to its end or paused on the way.
                game.begin(start);
                let until = if rng.chance(0.5) {
                    u64::MAX
                } else {
                    rng.range(1, 30) as u64
                };
                game.run(|_, _, _| Next::Open, until);
                game.undo_to(mark);
                assert_eq!(snapshot(&game), at_mark, "case {case} start {start}");
            }
            game.undo_to((0, 0));
            assert_eq!(snapshot(&game), untouched, "case {case}");
        }
    }

    #[test]
    fn keep_only_leaves_the_intersection_and_count_open_in_counts_it() {
        let mut rng = Rng::new(0x1_0705);
        for case in 0..300 {
            let board = random_board(&mut rng, 9);
            let starts = safe_cells(&board);
            let [one, two] = [0, 1].map(|_| starts[rng.below(starts.len())]);
            let mut game = PlayerGame::new(&board);
            play(&mut game, one);
            let mut other = PlayerGame::new(&board);
            play(&mut other, two);
            let both: Vec<CellState> = (0..board.grid().len())
                .map(
                    |cell| match (game.cover().state(cell), other.cover().state(cell)) {
                        (mine, theirs) if mine == theirs => mine,
                        _ => CellState::Closed,
                    },
                )
                .collect();
            let open_in_both = both.iter().filter(|&&s| s == CellState::Open).count();
            let context = format!("case {case} starts {one} and {two}");
            assert_eq!(game.count_open_in(other.cover()), open_in_both, "{context}");
            game.keep_only(other.cover());
            assert_eq!(states(&board, game.cover()), both, "{context}");
            assert_eq!(game.opened().len(), open_in_both, "{context}");
            let flagged = both.iter().filter(|&&s| s == CellState::Flagged).count();
            assert_eq!(game.flagged.len(), flagged, "{context}");
            assert_counters_match_the_cover(&game);
            // Final (step 6 of the proof), and a game goes on from it as from any final state.
            assert_eq!(end_state(&board, both.clone()), both, "{context}");
            if let Some(&start) = starts.iter().find(|&&s| both[s] == CellState::Closed) {
                play(&mut game, start);
                let mut from = both;
                from[start] = CellState::Open;
                assert_eq!(
                    states(&board, game.cover()),
                    end_state(&board, from),
                    "{context}"
                );
            }
        }
    }
}
