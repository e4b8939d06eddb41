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
use crate::solver::{efficient_move, Mines, Proven, Seen, View};

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
            if self.solver.analyse(&game.view, mines).is_err() {
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
            known
                .candidates
                .extend_from_slice(self.solver.certain_safe());
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
            self.safe
                .extend_from_slice(self.known.shadow.certain_safe());
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

#[cfg(test)]
mod tests {
    use super::super::PlayFor;
    use super::*;
    use crate::board::{Board, Cover, Grid};
    use crate::game_stats::Tally;
    use crate::moves::{apply, Applied};
    use crate::rng::{game_seed, Rng};

    fn config(rows: usize, cols: usize, mines: usize, seed: u64, play_for: PlayFor) -> Config {
        let name = format!("{rows}x{cols}x{mines}");
        Config {
            play_for,
            ..Config::on_board(&name, 0, seed).unwrap()
        }
    }

    /// The board `autoplay` deals for game `index` of `config`.
    fn board(config: &Config, index: u64) -> Board {
        let mut rng = Rng::new(game_seed(config.seed, index));
        let grid = Grid::new(config.rows, config.cols);
        Board::from_mines(grid, rng.deal(grid.len(), config.mines, &[config.first]))
    }

    /// Every arrangement of `mines` mines among the cells `cover` does not show open that fits
    /// every open number, by trying them all (flags are ignored): per cell, whether it is safe
    /// in all of them and a mine in all of them.
    fn brute_force(board: &Board, cover: &Cover, mines: usize) -> (Vec<bool>, Vec<bool>) {
        let grid = board.grid();
        let closed: Vec<usize> = (0..grid.len()).filter(|&c| !cover.is_open(c)).collect();
        let (mut always_safe, mut always_mine) = (vec![true; grid.len()], vec![true; grid.len()]);
        let mut fits = 0;
        let mut mine = vec![false; grid.len()];
        for mask in 0u32..(1 << closed.len()) {
            if mask.count_ones() as usize != mines {
                continue;
            }
            for (bit, &cell) in closed.iter().enumerate() {
                mine[cell] = mask >> bit & 1 == 1;
            }
            let numbers_fit = (0..grid.len()).filter(|&c| cover.is_open(c)).all(|c| {
                grid.neighbours(c).filter(|&n| mine[n]).count() == board.count(c) as usize
            });
            if numbers_fit {
                fits += 1;
                for &cell in &closed {
                    always_safe[cell] &= !mine[cell];
                    always_mine[cell] &= mine[cell];
                }
            }
        }
        assert!(fits > 0, "the real board fits");
        for cell in (0..grid.len()).filter(|&c| cover.is_open(c)) {
            always_mine[cell] = false;
        }
        (always_safe, always_mine)
    }

    #[test]
    fn every_move_is_proven_by_brute_force_and_guesses_only_when_nothing_is() {
        let (mut chords, mut flags, mut guesses) = (0, 0, 0);
        for (rows, cols, mines) in [(4, 5, 4), (3, 6, 3), (4, 4, 3)] {
            let config = config(rows, cols, mines, 17, PlayFor::Efficiency);
            let mut player = Player::new();
            for index in 0..150 {
                player.play(&config, index, &mut Stats::default());
                let board = board(&config, index);
                let mut cover = Cover::new(&board);
                let mut opened = Vec::new();
                for (at, &action) in player.moves().iter().enumerate() {
                    let context = format!("{rows}x{cols}x{mines} game {index} move {at}");
                    if at > 0 {
                        let (safe, mine) = brute_force(&board, &cover, mines);
                        let closed = |c: &usize| !cover.is_open(*c);
                        match action {
                            Move::Open(cell) if !safe[cell] => {
                                guesses += 1;
                                let grid = board.grid();
                                let proven = (0..grid.len()).filter(closed).find(|&c| safe[c]);
                                assert_eq!(proven, None, "{context}: a guess beside a safe cell");
                            }
                            Move::Open(_) => {}
                            Move::Flag(cell) => {
                                flags += 1;
                                assert!(mine[cell], "{context}: a flag on a cell not proven");
                            }
                            Move::Chord(cell) => {
                                chords += 1;
                                let grid = board.grid();
                                let unflagged = |c: &usize| cover.state(*c) == CellState::Closed;
                                let mut opens = grid.neighbours(cell).filter(unflagged);
                                assert!(opens.all(|c| safe[c]), "{context}: a chord not proven");
                            }
                        }
                    }
                    if matches!(
                        apply(&board, &mut cover, action, &mut opened),
                        Applied::Mine(_)
                    ) {
                        assert_eq!(at + 1, player.moves().len(), "{context}: the last move");
                    }
                }
            }
        }
        assert!(
            chords > 50 && flags > 50 && guesses > 20,
            "{chords} {flags} {guesses}"
        );
    }

    #[test]
    fn clicks_counted_are_a_recount_of_the_moves_by_the_game_statistics() {
        let config = config(16, 16, 40, 5, PlayFor::Efficiency);
        let mut player = Player::new();
        let mut won = 0;
        for index in 0..60 {
            let mut stats = Stats::default();
            player.play(&config, index, &mut stats);
            let board = board(&config, index);
            let (mut cover, mut tally, mut opened) = (Cover::new(&board), Tally::default(), vec![]);
            for &action in player.moves() {
                let applied = apply(&board, &mut cover, action, &mut opened);
                assert_ne!(
                    applied,
                    Applied::Nothing,
                    "game {index}: {action:?} did nothing"
                );
                tally.count(&board, action, applied);
            }
            if stats.wins == 1 {
                won += 1;
                let clicks = tally.clicks();
                assert_eq!(clicks.total(), stats.clicks_in_wins, "game {index}");
                assert_eq!(clicks.right, stats.flags_in_wins, "game {index}");
                assert_eq!(clicks.chords, stats.chords_in_wins, "game {index}");
                assert_eq!(cover.safe_closed(), 0, "game {index}");
            }
        }
        assert!(won > 20, "{won} won");
    }

    #[test]
    fn both_modes_win_and_lose_the_same_games_by_the_same_guesses() {
        for (rows, cols, mines, games) in [(16, 16, 40, 300), (16, 30, 99, 200)] {
            let (mut wins_player, mut efficient_player) = (Player::new(), Player::new());
            let (mut clicks, mut efficient_clicks) = (0, 0);
            for index in 0..games {
                let mut by_default = Stats::default();
                let wins = config(rows, cols, mines, 31, PlayFor::Wins);
                wins_player.play(&wins, index, &mut by_default);
                let mut efficient = Stats::default();
                let efficiency = config(rows, cols, mines, 31, PlayFor::Efficiency);
                efficient_player.play(&efficiency, index, &mut efficient);
                let same = |s: &Stats| {
                    let guesses = (s.guesses, s.coin_flips, s.fatal_probability_millionths);
                    (
                        s.wins,
                        s.faults,
                        guesses,
                        s.first_guess_losses,
                        s.three_bv_in_wins,
                    )
                };
                assert_eq!(
                    same(&by_default),
                    same(&efficient),
                    "{rows}x{cols} game {index}"
                );
                clicks += by_default.clicks_in_wins;
                efficient_clicks += efficient.clicks_in_wins;
            }
            assert!(
                efficient_clicks * 5 < clicks * 4,
                "{efficient_clicks} {clicks}"
            );
        }
    }
}
