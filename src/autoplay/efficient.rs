//! Playing for efficiency: each analysis's proven moves taken by
//! [`efficient_move`](crate::solver::efficient_move) (openings first, flags and chords where
//! they save clicks), and the solver's guess only once nothing is proven safe.
//!
//! The solver is shown the open cells alone, never a flag, and a guess is made only when it
//! proves no cell safe: every cell the numbers can prove safe is then open, as it is when the
//! default player guesses, so both guess from the same view. The solver keeps what it learnt
//! from one analysis to the next, and that can break a tie between equal guesses: so the guess
//! is asked of a second solver shown the very views the default player analysed since its last
//! guess, remade from the open cells (`default_guess`). Both players then make the same
//! guesses and win or lose the same games, game by game. A lone open is made only after the
//! solver has seen everything opened so far, so that no chord a new number proves is missed
//! for it.

use super::{Config, Game, Player, Stats};
use crate::board::{CellState, Chord, FlagsInCascade};
use crate::moves::Move;
use crate::solver::{efficient_move, Mines, Proven, Seen, Solver, View};

/// What the player knows of the cells, kept between games for its buffers.
#[derive(Debug, Default)]
pub(super) struct Known {
    /// What is seen, flags included.
    seen: Vec<Seen>,
    /// Proven safe, proven a mine: what is proven stays proven.
    safe: Vec<bool>,
    mine: Vec<bool>,
    /// The last analysis's certain safe cells, best first.
    candidates: Vec<u32>,
    /// The default player's solver, shown the views the default player would analyse.
    shadow: Solver,
    /// The cells to open in the shadow view: a queue for its flood.
    queue: Vec<u32>,
}

impl Player {
    /// Plays `game` for efficiency; whether it won.
    pub(super) fn play_for_efficiency(
        &mut self,
        config: &Config,
        game: &mut Game,
        stats: &mut Stats,
    ) -> bool {
        let cells = game.board.grid().len();
        let mines = Mines::Known(config.mines);
        let mut shadow_view = game.view.clone();
        let known = &mut self.known;
        known.seen.clear();
        known.seen.extend_from_slice(game.view.cells());
        for table in [&mut known.safe, &mut known.mine] {
            table.clear();
            table.resize(cells, false);
        }
        loop {
            if game.cover.safe_closed() == 0 {
                return true;
            }
            if config.jlu && game.clicks >= super::course::CLICK_LIMIT {
                stats.click_limit += 1;
                return false;
            }
            if self
                .solver
                .analyse(&game.view, mines)
                .is_err()
            {
                stats.faults += 1;
                return false;
            }
            if self.solver.certain_safe().is_empty() {
                let Some(guess) = self.default_guess(game, &mut shadow_view, mines) else {
                    stats.faults += 1;
                    return false;
                };
                if self.guess(game, stats, guess).is_err() {
                    return false;
                }
                if let Some((cell, _)) = guess {
                    self.reveal_as_seen(game, &mut shadow_view, cell);
                }
                self.see_opened(game);
                continue;
            }
            let known = &mut self.known;
            known.candidates.clear();
            known.candidates.extend_from_slice(self.solver.certain_safe());
            for &cell in self.solver.certain_safe() {
                known.safe[cell as usize] = true;
            }
            for &cell in self.solver.certain_mines() {
                known.mine[cell as usize] = true;
            }
            if !self.take_proven_moves(game, stats) {
                return false;
            }
        }
    }

    /// Makes the efficient proven moves until none is left, or a lone open would come after
    /// something the solver has not seen; false when a move it took for proven hit a mine (a
    /// fault).
    fn take_proven_moves(&mut self, game: &mut Game, stats: &mut Stats) -> bool {
        let mut unseen = false;
        while game.cover.safe_closed() > 0 {
            let known = &self.known;
            let proven = Proven {
                grid: game.board.grid(),
                seen: &known.seen,
                safe: &known.safe,
                mine: &known.mine,
            };
            let Some(choice) = efficient_move(&proven, &known.candidates) else {
                break;
            };
            if choice.saving == 0 && unseen {
                break;
            }
            game.clicks += 1;
            self.moves.push(choice.action);
            match choice.action {
                Move::Open(cell) => {
                    if game.board.is_mine(cell) {
                        stats.faults += 1;
                        return false;
                    }
                    self.open(game, cell);
                }
                Move::Flag(cell) => {
                    game.flags += 1;
                    game.cover.set_flag(cell, true);
                    self.known.seen[cell] = Seen::Flagged;
                    continue;
                }
                Move::Chord(cell) => {
                    game.chords += 1;
                    self.opened.clear();
                    let flags = FlagsInCascade::Cleared;
                    match game.cover.chord(game.board, cell, flags, &mut self.opened) {
                        Chord::Opened(_) => {}
                        _ => {
                            stats.faults += 1;
                            return false;
                        }
                    }
                    for &c in &self.opened {
                        let c = c as usize;
                        game.view.set(c, Seen::Open(game.board.count(c)));
                    }
                }
            }
            self.see_opened(game);
            unseen = true;
        }
        true
    }

    /// The default player's guess in this game, once every cell the numbers prove safe is
    /// open: the views the default player analysed since the last guess are made again from
    /// the open cells (it opened each analysis's certain safe cells in order, with their
    /// cascades, all of them open now) and analysed by a solver that saw only those, so that
    /// what the solver keeps from one analysis to the next is the default player's too and
    /// the guess is the same cell. `None` when an analysis finds the view inconsistent, or
    /// a cell the default player opened is not open here (neither can happen: both are
    /// faults).
    fn default_guess(
        &mut self,
        game: &Game,
        shadow_view: &mut View,
        mines: Mines,
    ) -> Option<Option<(usize, f64)>> {
        loop {
            self.known.shadow.analyse(shadow_view, mines).ok()?;
            if self.known.shadow.certain_safe().is_empty() {
                return Some(self.known.shadow.best_guess());
            }
            self.safe.clear();
            self.safe.extend_from_slice(self.known.shadow.certain_safe());
            for i in 0..self.safe.len() {
                let cell = self.safe[i] as usize;
                if shadow_view.get(cell) != Seen::Closed {
                    continue;
                }
                if !game.cover.is_open(cell) {
                    return None;
                }
                self.reveal_as_seen(game, shadow_view, cell);
            }
        }
    }

    /// Opens the open `cell` in `shadow_view` with the cascade a click on it made: what the
    /// game shows, flooded from its 0s in the order a click floods (the solver reads a view's
    /// changes in the order they were made).
    fn reveal_as_seen(&mut self, game: &Game, shadow_view: &mut View, cell: usize) {
        let queue = &mut self.known.queue;
        queue.clear();
        if shadow_view.get(cell) != Seen::Closed || !game.cover.is_open(cell) {
            return;
        }
        shadow_view.set(cell, Seen::Open(game.board.count(cell)));
        queue.push(cell as u32);
        let mut next_to_expand = 0;
        while next_to_expand < queue.len() {
            let index = queue[next_to_expand] as usize;
            next_to_expand += 1;
            if game.board.count(index) != 0 {
                continue;
            }
            for next in game.board.grid().neighbours(index) {
                if shadow_view.get(next) == Seen::Closed {
                    shadow_view.set(next, Seen::Open(game.board.count(next)));
                    queue.push(next as u32);
                }
            }
        }
    }

    /// Shows the player the cells the last open or chord opened.
    fn see_opened(&mut self, game: &Game) {
        for &cell in &self.opened {
            let cell = cell as usize;
            debug_assert_eq!(game.cover.state(cell), CellState::Open);
            self.known.seen[cell] = Seen::Open(game.board.count(cell));
        }
    }
}

