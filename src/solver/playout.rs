//! A game finished by the default player, for the strong mode's playouts (`rollout.rs`).

use super::engine::Solver;
use super::rollout::PlayOut;
use super::view::{Mines, Seen, View};
use crate::board::{Board, Cover, FlagsInCascade};

impl PlayOut for Solver {
    /// Opens `first` on `board` (seen as `view` so far), then every certain safe cell of each
    /// analysis in turn, its guess when none is left, until the game is won or lost.
    fn play_out(&mut self, view: &View, board: &Board, first: usize) -> bool {
        if board.is_mine(first) {
            return false;
        }
        let mut cover = Cover::new(board);
        for (cell, seen) in view.cells().iter().enumerate() {
            match seen {
                Seen::Open(_) => cover.mark_open(board, cell),
                Seen::Flagged => cover.set_flag(cell, true),
                Seen::Closed => {}
            }
        }
        let mut view = View::from_cells(view.grid(), view.cells().to_vec());
        let (mut opened, mut safe) = (Vec::new(), Vec::new());
        let flags = FlagsInCascade::Cleared;
        view.reveal(board, &mut cover, first, flags, &mut opened);
        while cover.safe_closed() > 0 {
            if self.analyse(&view, Mines::Known(board.mines())).is_err() {
                return false;
            }
            safe.clear();
            safe.extend_from_slice(self.certain_safe());
            if safe.is_empty() {
                match self.best_guess() {
                    Some((cell, _)) if !board.is_mine(cell) => safe.push(cell as u32),
                    _ => return false,
                }
            }
            for &cell in &safe {
                if !cover.is_open(cell as usize) {
                    view.reveal(board, &mut cover, cell as usize, flags, &mut opened);
                }
            }
        }
        true
    }
}
