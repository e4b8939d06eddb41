//! How much work the solver may put into a guess: the default, or more CPU for more wins.

/// How much work the solver may put into a guess ([`Solver::set_strength`]). Either way every
/// decision is bounded by a node budget, so its result depends on the position alone; the
/// strength changes only which guess is taken, never what is proven.
///
/// [`Solver::set_strength`]: super::Solver::set_strength
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Strength {
    /// The player of docs/solver.md's table.
    #[default]
    Default,
    /// The same player, with an endgame search that takes larger positions and more nodes
    /// (docs/solver.md, "The strong mode").
    Strong,
}

impl Strength {
    /// The name `autoplay --strength` takes.
    pub fn name(self) -> &'static str {
        match self {
            Strength::Default => "default",
            Strength::Strong => "strong",
        }
    }

    /// The strength named `text`.
    ///
    /// # Examples
    /// ```
    /// use minejudge::solver::Strength;
    /// assert_eq!(Strength::named("strong"), Ok(Strength::Strong));
    /// assert!(Strength::named("fast").is_err());
    /// ```
    pub fn named(text: &str) -> Result<Strength, String> {
        match text {
            "default" => Ok(Strength::Default),
            "strong" => Ok(Strength::Strong),
            _ => Err(format!(
                "--strength expects default or strong, found {text:?}"
            )),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::autoplay::{Config, Player, Stats};
    use crate::board::{Board, Cover, FlagsInCascade, Grid};
    use crate::rng::{game_seed, Rng};
    use crate::solver::{Mines, Solver, View};

    /// Plays `games` games of `rows` x `cols` with `mines` mines from `seed` with a strong
    /// solver, and at each analysis asks a default one about the same view: what each proves
    /// (every probability, the certain cells) must be the same; only the guess may differ.
    /// How many guesses differed.
    fn strong_beside_default(rows: usize, cols: usize, mines: usize, seed: u64, games: u64) -> u64 {
        let grid = Grid::new(rows, cols);
        let (mut strong, mut default) = (Solver::new(), Solver::new());
        strong.set_strength(Strength::Strong);
        let mut differ = 0;
        let mut opened = Vec::new();
        for game in 0..games {
            let mut rng = Rng::new(game_seed(seed, game));
            let board = Board::from_mines(grid, rng.deal(grid.len(), mines, &[0]));
            let mut cover = Cover::new(&board);
            let mut view = View::new(grid);
            view.reveal(&board, &mut cover, 0, FlagsInCascade::Cleared, &mut opened);
            while cover.safe_closed() > 0 {
                strong.analyse(&view, Mines::Known(mines)).unwrap();
                default.analyse(&view, Mines::Known(mines)).unwrap();
                let bits = |s: &Solver| -> Vec<u64> {
                    s.probabilities().iter().map(|p| p.to_bits()).collect()
                };
                let at = format!("seed {seed} game {game}\n{view:?}");
                assert_eq!(bits(&strong), bits(&default), "{at}");
                assert_eq!(strong.certain_safe(), default.certain_safe(), "{at}");
                assert_eq!(strong.certain_mines(), default.certain_mines(), "{at}");
                let cell = match strong.certain_safe().first() {
                    Some(&cell) => cell as usize,
                    None => {
                        let guess = strong.best_guess().map(|g| g.0);
                        differ += (guess != default.best_guess().map(|g| g.0)) as u64;
                        let cell = guess.expect("a closed cell to guess");
                        assert!(!cover.is_open(cell), "{at}");
                        if board.is_mine(cell) {
                            break;
                        }
                        cell
                    }
                };
                view.reveal(
                    &board,
                    &mut cover,
                    cell,
                    FlagsInCascade::Cleared,
                    &mut opened,
                );
            }
        }
        differ
    }

    #[test]
    fn strong_proves_what_default_proves_and_guesses_otherwise_at_times() {
        // A dense board (0.22 mines a cell), where the strong endgame search takes positions
        // the default one leaves to the heuristic.
        let differ = strong_beside_default(10, 12, 26, 5, 150);
        assert!(
            differ > 0,
            "strong guessed as the default player in every game"
        );
    }

    #[test]
    fn strong_games_repeat_for_a_seed() {
        let seed = 11;
        let config = Config {
            strength: Strength::Strong,
            ..Config::on_board("9x10x20", 40, seed).unwrap()
        };
        let play = || {
            let mut player = Player::new();
            let mut stats = Stats::default();
            let mut moves = Vec::new();
            for index in 0..config.games {
                player.play(&config, index, &mut stats);
                moves.push(player.moves().to_vec());
            }
            (moves, stats.wins)
        };
        assert_eq!(play(), play(), "seed {seed}");
    }
}
