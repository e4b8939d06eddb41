//! A game of `play` as a `mine-ops` input: the same three moves, `Sweep` (open), `Flag` (set or
//! remove) and `DSweep` (chord), 1-based, every move the player made, then `Quit`.

use crate::board::Board;
use crate::judges::generator::push_board;
use crate::judges::judge::ExportedInput;
use crate::moves::Move;
use std::fmt::Write;

/// `board` and `moves` as a `mine-ops` input.
pub fn export(board: &Board, moves: &[Move]) -> ExportedInput {
    let grid = board.grid();
    let mut head = Vec::new();
    push_board(&mut head, board, b'*', b'.');
    let mut input = String::from_utf8(head).expect("the map is ASCII");
    for &action in moves {
        let (name, cell) = match action {
            Move::Open(cell) => ("Sweep", cell),
            Move::Flag(cell) => ("Flag", cell),
            Move::Chord(cell) => ("DSweep", cell),
        };
        let (row, col) = grid.row_col(cell);
        let _ = writeln!(input, "{name} {} {}", row + 1, col + 1);
    }
    input.push_str("Quit\n");
    ExportedInput {
        input,
        // Each opened cell is listed once, each move takes a line.
        output_estimate: 24 * (grid.len() + moves.len()) + 64,
        notes: Vec::new(),
    }
}
