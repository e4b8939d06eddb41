//! A game of `play` as an `acm-server` input. Marks cannot be removed, and a mark on a safe
//! cell loses at once: a flag the player removed later is left out (its setting and its
//! removal), and so is a flag on a safe cell, unless a chord counted on it (the browser game was
//! lost by that chord: the judge's is lost at the mark). Opens are visits (type 0), chords
//! auto-explores (type 2). The judge's game thus ends as the browser's did.

use crate::board::{Board, CellState};
use crate::judges::generator::push_board;
use crate::judges::judge::{ExportedInput, Note};
use crate::moves::{replay, Move};
use std::fmt::Write;

/// `board` and `moves` as an `acm-server` input.
pub fn export(board: &Board, moves: &[Move]) -> ExportedInput {
    let grid = board.grid();
    // Each flag setting, by its place in the history: whether the player removed that flag,
    // and whether a chord counted on it while it stood.
    let mut standing: Vec<Option<usize>> = vec![None; grid.len()];
    let mut sets = vec![false; moves.len()];
    let mut removed = vec![false; moves.len()];
    let mut counted = vec![false; moves.len()];
    let mut at = 0;
    replay(board, moves, |cover, action| {
        match action {
            Move::Flag(cell) => match cover.state(cell) {
                CellState::Closed => {
                    standing[cell] = Some(at);
                    sets[at] = true;
                }
                CellState::Flagged => {
                    if let Some(setting) = standing[cell].take() {
                        removed[setting] = true;
                    }
                }
                CellState::Open => {}
            },
            Move::Chord(cell) => {
                let number = board.count(cell) as usize;
                if cover.is_open(cell) && number > 0 && cover.flags_around(grid, cell) == number {
                    for next in grid.neighbours(cell) {
                        if let (CellState::Flagged, Some(setting)) =
                            (cover.state(next), standing[next])
                        {
                            counted[setting] = true;
                        }
                    }
                }
            }
            Move::Open(_) => {}
        }
        at += 1;
    });
    let mut head = Vec::new();
    push_board(&mut head, board, b'X', b'.');
    let mut input = String::from_utf8(head).expect("the map is ASCII");
    let (mut operations, mut left_out, mut wrong_marks) = (0, 0, 0);
    for (index, &action) in moves.iter().enumerate().take(at) {
        let (cell, code) = match action {
            Move::Open(cell) => (cell, 0),
            Move::Chord(cell) => (cell, 2),
            Move::Flag(cell) => {
                let kept =
                    sets[index] && !removed[index] && (board.is_mine(cell) || counted[index]);
                if !kept {
                    left_out += usize::from(sets[index]);
                    continue;
                }
                wrong_marks += usize::from(!board.is_mine(cell));
                (cell, 1)
            }
        };
        let (row, col) = grid.row_col(cell);
        let _ = writeln!(input, "{row} {col} {code}");
        operations += 1;
    }
    let mut notes = Vec::new();
    if left_out > 0 {
        notes.push(Note::new(
            "acm-left-out",
            left_out,
            format!(
                "acm-server marks cannot be removed and a mark on a safe cell loses at once: \
                 {left_out} flag(s) removed later or on a safe cell are left out"
            ),
        ));
    }
    if wrong_marks > 0 {
        notes.push(Note::new(
            "acm-wrong-mark",
            wrong_marks,
            "a chord counted on a flag on a safe cell: acm-server loses at that mark",
        ));
    }
    if grid.rows() > 30 || grid.cols() > 30 || operations > 1000 {
        notes.push(Note::new(
            "acm-limits",
            0,
            "beyond the course's limits (n, m <= 30, 1000 operations): our acm-server takes it",
        ));
    }
    ExportedInput {
        input,
        output_estimate: (operations + 1) * grid.rows() * (grid.cols() + 1) + 64,
        notes,
    }
}
