//! The limits of LeetCode 529: "the range of the input matrix's height and width is \[1,50\]",
//! "the click position will only be an unrevealed square ('M' or 'E')", "the input board won't
//! be a stage when game is over" (no `X`), and the cells `M`, `E`, `B` and `1`-`8`. A board is
//! also a stage of a game (LeetCode's boards are): every digit counts its neighbouring mines
//! and a `B` has no mine and no unrevealed cell around it, so that a solution may trust what
//! is revealed.

use crate::board::Grid;
use crate::judges::limits::{CourseLimits, MaxCase};

/// The course's limits.
pub(crate) const COURSE: CourseLimits = CourseLimits {
    sides: (1, 50),
    max_cells: 2500,
    ops: (1, usize::MAX),
    min_boards: 0,
    small_sides: (1, 8),
    medium_sides: (10, 50),
    max_case: MaxCase {
        side: 50,
        density: 0.15,
        ops: 1,
        text: "one 50x50 board and click, density 0.15",
    },
    rules: "cells M, E, B, 1-8 (no X), a stage of a game (digits count the mines around, no \
            M or E next to a B); the click on an M or E",
};

/// Whether a board of `rows` x `cols` `cells` and its `click` is inside the course; else why
/// not.
pub(crate) fn check_pair(
    rows: usize,
    cols: usize,
    cells: &[u8],
    (row, col): (usize, usize),
) -> Result<(), String> {
    COURSE.check_board(rows, cols)?;
    if let Some(&byte) = cells
        .iter()
        .find(|&&b| !matches!(b, b'M' | b'E' | b'B' | b'1'..=b'8'))
    {
        return Err(format!(
            "the cell {:?}: the course's cells are M, E, B and 1-8",
            byte as char
        ));
    }
    let grid = Grid::new(rows, cols);
    for cell in 0..grid.len() {
        let around = || grid.neighbours(cell).map(|next| cells[next]);
        let mines = around().filter(|&b| b == b'M').count();
        let (r, c) = grid.row_col(cell);
        let stage = match cells[cell] {
            b'B' => !around().any(|b| b == b'M' || b == b'E'),
            digit @ b'1'..=b'8' => usize::from(digit - b'0') == mines,
            _ => true,
        };
        if !stage {
            return Err(format!(
                "the {:?} at [{r},{c}] is no stage of a game: {mines} mines around",
                cells[cell] as char
            ));
        }
    }
    if row >= rows || col >= cols || !matches!(cells[row * cols + col], b'M' | b'E') {
        return Err(format!(
            "the click [{row},{col}] is not on an M or E cell of the {rows}x{cols} board"
        ));
    }
    Ok(())
}
