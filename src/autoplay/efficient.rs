//! Playing for efficiency: each analysis's proven moves taken by
//! [`efficient_move`](crate::solver::efficient_move) (openings first, flags and chords where
//! they save clicks), and the solver's guess only once nothing is proven safe.
//!
//! The solver is shown the open cells alone, never a flag, and is asked for a guess only when
//! it proves no cell safe: every cell it can prove safe is then open, as it is when the default
//! player guesses, so both guess from the same view, the same cell, and win or lose the same
//! games. A lone open is made only after the solver has seen everything opened so far, so that
//! no chord a new number proves is missed for it.

use super::{Config, Game, Player, Stats};
use crate::board::{CellState, Chord, FlagsInCascade};
use crate::moves::Move;
use crate::solver::{efficient_move, Mines, Proven, Seen};

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
                .analyse(&game.view, Mines::Known(config.mines))
                .is_err()
            {
                stats.faults += 1;
                return false;
            }
            if self.solver.certain_safe().is_empty() {
                if self.guess(game, stats).is_err() {
                    return false;
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

    /// Shows the player the cells the last open or chord opened.
    fn see_opened(&mut self, game: &Game) {
        for &cell in &self.opened {
            let cell = cell as usize;
            debug_assert_eq!(game.cover.state(cell), CellState::Open);
            self.known.seen[cell] = Seen::Open(game.board.count(cell));
        }
    }
}

