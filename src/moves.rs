//! The three moves of a game with flags (open, flag, chord) and what each does to a [`Cover`],
//! by the rules of Windows Minesweeper: what `play` plays, what the solver advises and what the
//! exports of `play` replay.

use crate::board::{Board, CellState, Chord, Cover, FlagsInCascade};

/// A move on a cell (row-major index).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Move {
    /// Open this closed cell.
    Open(usize),
    /// Flag this closed cell as a mine, or remove its flag.
    Flag(usize),
    /// Open every closed, unflagged neighbour of this open number (its flags are complete).
    Chord(usize),
}

/// What [`apply`] did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Applied {
    /// Nothing changed: an open on a cell not closed, a flag on an open cell, a chord on a
    /// cell that is not an open number with its flags complete.
    Nothing,
    /// A flag was set or removed.
    Flagged,
    /// This many cells opened (0 for a chord whose neighbours were all open or flagged).
    Opened(usize),
    /// This mine was opened: the game is lost.
    Mine(usize),
}

/// Makes `action` on `cover` over `board`; a cascade from a 0 opens flagged cells too, clearing
/// their flags. `opened` receives the cells opened.
///
/// # Complexity
/// O(8 * cells opened).
///
/// # Examples
///
/// ```
/// use minejudge::board::{Board, Cover, Grid};
/// use minejudge::moves::{apply, Applied, Move};
///
/// // *..
/// let board = Board::from_mines(Grid::new(1, 3), [0]);
/// let mut cover = Cover::new(&board);
/// let mut opened = Vec::new();
/// assert_eq!(apply(&board, &mut cover, Move::Flag(0), &mut opened), Applied::Flagged);
/// assert_eq!(apply(&board, &mut cover, Move::Open(1), &mut opened), Applied::Opened(1));
/// assert_eq!(apply(&board, &mut cover, Move::Chord(1), &mut opened), Applied::Opened(1));
/// assert_eq!(cover.safe_closed(), 0);
/// ```
pub fn apply(board: &Board, cover: &mut Cover, action: Move, opened: &mut Vec<u32>) -> Applied {
    opened.clear();
    let flags = FlagsInCascade::Cleared;
    match action {
        Move::Open(cell) if cover.state(cell) != CellState::Closed => Applied::Nothing,
        Move::Open(cell) if board.is_mine(cell) => Applied::Mine(cell),
        Move::Open(cell) => Applied::Opened(cover.reveal_from(board, cell, flags, opened)),
        Move::Flag(cell) => match cover.state(cell) {
            CellState::Closed => {
                cover.set_flag(cell, true);
                Applied::Flagged
            }
            CellState::Flagged => {
                cover.set_flag(cell, false);
                Applied::Flagged
            }
            CellState::Open => Applied::Nothing,
        },
        Move::Chord(cell) => match cover.chord(board, cell, flags, opened) {
            Chord::NotOpen | Chord::Unsatisfied => Applied::Nothing,
            Chord::Mine(mine) => Applied::Mine(mine),
            Chord::Opened(count) => Applied::Opened(count),
        },
    }
}

/// Replays `moves` on a fresh cover of `board`, calling `each` with the cover as each move
/// finds it, until the game ends (a mine opened, or every safe cell open).
///
/// # Complexity
/// O(moves + 8 * cells) besides `each`.
pub fn replay(board: &Board, moves: &[Move], mut each: impl FnMut(&Cover, Move)) {
    let mut cover = Cover::new(board);
    let mut opened = Vec::new();
    for &action in moves {
        each(&cover, action);
        match apply(board, &mut cover, action, &mut opened) {
            Applied::Mine(_) => return,
            Applied::Opened(_) if cover.safe_closed() == 0 => return,
            _ => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Grid;

    #[test]
    fn opens_flags_and_chords_as_windows_does() {
        // .*.
        // ...
        let board = Board::from_mines(Grid::new(2, 3), [1]);
        let mut cover = Cover::new(&board);
        let mut opened = Vec::new();
        let mut play = |cover: &mut Cover, action| apply(&board, cover, action, &mut opened);
        assert_eq!(play(&mut cover, Move::Chord(3)), Applied::Nothing, "closed");
        assert_eq!(play(&mut cover, Move::Open(3)), Applied::Opened(1));
        assert_eq!(play(&mut cover, Move::Open(3)), Applied::Nothing, "open");
        assert_eq!(play(&mut cover, Move::Flag(3)), Applied::Nothing, "open");
        assert_eq!(
            play(&mut cover, Move::Chord(3)),
            Applied::Nothing,
            "no flag"
        );
        assert_eq!(play(&mut cover, Move::Flag(0)), Applied::Flagged);
        assert_eq!(play(&mut cover, Move::Open(0)), Applied::Nothing, "flagged");
        assert_eq!(play(&mut cover, Move::Flag(0)), Applied::Flagged, "removed");
        assert_eq!(play(&mut cover, Move::Flag(1)), Applied::Flagged);
        assert_eq!(
            play(&mut cover, Move::Chord(3)),
            Applied::Opened(2),
            "0 and 4"
        );
        assert_eq!(play(&mut cover, Move::Flag(1)), Applied::Flagged, "removed");
        assert_eq!(
            play(&mut cover, Move::Flag(2)),
            Applied::Flagged,
            "a wrong flag"
        );
        assert_eq!(play(&mut cover, Move::Chord(4)), Applied::Mine(1));
    }

    #[test]
    fn replay_stops_at_the_end() {
        let board = Board::from_mines(Grid::new(1, 3), [0]);
        let mut seen = Vec::new();
        let moves = [Move::Open(1), Move::Open(2), Move::Open(0)];
        replay(&board, &moves, |cover, action| {
            seen.push((action, cover.safe_closed()))
        });
        assert_eq!(
            seen,
            [(Move::Open(1), 2), (Move::Open(2), 1)],
            "won at the second"
        );
        seen.clear();
        replay(&board, &[Move::Open(0), Move::Open(1)], |_, action| {
            seen.push((action, 0))
        });
        assert_eq!(seen, [(Move::Open(0), 0)], "lost at the first");
    }
}
