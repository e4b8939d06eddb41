//! A game of `play` as a `jlu-panel` input. The JLU panel has no flags: they are left out, and
//! a chord becomes its clicks, one per closed unflagged neighbour still closed when its turn
//! comes.

use crate::board::{Board, CellState};
use crate::judges::jlu_panel::panel::{ClickOutcome, Panel};
use crate::judges::judge::{ExportedInput, Note};
use crate::moves::{replay, Move};
use std::fmt::Write;

/// `board` and `moves` as a `jlu-panel` input.
pub fn export(board: &Board, moves: &[Move]) -> ExportedInput {
    let grid = board.grid();
    let mut panel = Panel::new(board);
    let mut clicks: Vec<usize> = Vec::new();
    let mut lost = false;
    let mut click = |panel: &mut Panel, cell: usize, clicks: &mut Vec<usize>| {
        if !lost && !panel.is_open(cell) {
            clicks.push(cell);
            lost = panel.refresh(board, cell) == ClickOutcome::Lost;
        }
    };
    let mut flags = 0;
    replay(board, moves, |cover, action| match action {
        Move::Open(cell) => {
            if cover.state(cell) == CellState::Closed {
                click(&mut panel, cell, &mut clicks);
            }
        }
        Move::Flag(_) => flags += 1,
        Move::Chord(cell) => {
            let number = board.count(cell) as usize;
            if cover.is_open(cell) && number > 0 && cover.flags_around(grid, cell) == number {
                for next in grid.neighbours(cell) {
                    if cover.state(next) == CellState::Closed {
                        click(&mut panel, next, &mut clicks);
                    }
                }
            }
        }
    });
    let mines: Vec<usize> = (0..grid.len()).filter(|&c| board.is_mine(c)).collect();
    let mut input = format!(
        "{} {} {} {}\n",
        grid.rows(),
        grid.cols(),
        mines.len(),
        clicks.len()
    );
    for &cell in mines.iter().chain(&clicks) {
        let (row, col) = grid.row_col(cell);
        let _ = writeln!(input, "{row} {col}");
    }
    let mut notes = Vec::new();
    if flags > 0 {
        notes.push(Note::new(
            "jlu-no-flags",
            flags,
            "JLU panels have no flags: flags are left out, chords are their clicks",
        ));
    }
    if grid.rows() > 20 || grid.cols() > 20 || mines.len() > 50 || clicks.len() > 200 {
        notes.push(Note::new(
            "jlu-limits",
            0,
            "beyond the course's limits (n, m <= 20, k <= 50, l <= 200): our jlu-panel takes it",
        ));
    }
    ExportedInput {
        input,
        output_estimate: clicks.len() * grid.rows() * (3 * grid.cols() + 1) + 64,
        notes,
    }
}
