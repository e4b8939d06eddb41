//! The JLU course's `machine` function (part (2), `jlu-machine`): one panel in, one click out,
//! from what is visible only.
//!
//! Stateless like the original (which may keep nothing between calls): each run sees one
//! panel. Input: `n m`, or `n m k` when the mine count is known, then n rows of m integers, `-1`
//! for a closed cell and `0`..`8` for an open one. Output: `x y`, the 0-based row and column to
//! click. It only ever clicks: the JLU panel has no flags, so certain mines stay the solver's
//! private knowledge. Without `k`, what the course's statement says of its judge is assumed: it
//! plays 20x20 boards with 50 mines, so a 20x20 panel has 50, and any other panel the same
//! density ([`BOARD_DENSITY`], 0.125).

use crate::board::Grid;
use crate::io::output::{push_uint, Output};
use crate::io::runner::{Program, Solve};
use crate::io::scanner::{show, InputError, Scanner};
use crate::moves::Move;
use crate::players::jlu_machine::course::{BOARD_DENSITY, BOARD_MINES, BOARD_SIDE};
use crate::solver::{Mines, Seen, Solver, Strength, Style, View};

/// The `jlu-machine` program.
pub const PROGRAM: Program = Program {
    name: "jlu-machine",
    reads: "a jlu-machine panel",
    format: FORMAT,
    solve,
};

/// The program for `--strength`: the default machine, or one that spends more on a guess.
pub fn program(strength: Strength) -> Program {
    let solve: Solve = match strength {
        Strength::Default => solve,
        Strength::Strong => |input, out| solve_at(input, out, Strength::Strong),
    };
    Program { solve, ..PROGRAM }
}

/// The input and output, in brief.
pub const FORMAT: &str = "\
Input: `n m` or `n m k` (rows, columns, and the mine count when known; n * m at most
1000000), then n rows of m integers, one row per line: `-1` a closed cell, `0`-`8` an open
one.
Output: `x y`, the 0-based row and column the machine clicks.
--strength strong spends more on a guess on a dense panel (0.18 mines a cell or more) with k
given: a larger endgame search. It changes which guess is taken, never what is proven.
";

/// The most cells a panel may have (1000x1000): the solver's memory then stays under about
/// 75 bytes per cell, 75 MB (measured by `cargo bench --bench solver_worst`).
pub const MAX_PANEL_CELLS: usize = 1_000_000;

/// The line on stderr when the panel could be neither proven consistent nor refuted.
pub const UNPROVEN: &str = "note: the panel was not proven consistent (a part of it too large \
to enumerate showed no contradiction); the click is a guess from estimates";

/// Reads one panel and prints the cell to click (and [`UNPROVEN`] on stderr when the panel was
/// not proven consistent).
pub fn solve(input: &[u8], out: &mut Output) -> Result<(), InputError> {
    solve_at(input, out, Strength::Default)
}

/// [`solve`] with the solver at `strength`.
pub fn solve_at(input: &[u8], out: &mut Output, strength: Strength) -> Result<(), InputError> {
    let mut scanner = Scanner::new(input);
    let (grid, mines, header_line) = read_header(&mut scanner)?;
    let mut cells = Vec::with_capacity(grid.len());
    // The line each row is on, to point at the number an inconsistent panel cannot satisfy.
    let mut row_lines = Vec::with_capacity(grid.rows());
    for row in 0..grid.rows() {
        let Some(text) = scanner.text_line_bytes() else {
            return Err(scanner.error(format!(
                "expected row {row} of the panel, found end of input"
            )));
        };
        let line = scanner.line();
        row_lines.push(line);
        // One row per line, as jlu-panel prints them: a row of the wrong width is refused,
        // not carried over into the next.
        let mut counter = Scanner::starting_at(text, line);
        let mut found = 0;
        while counter.token().is_some() {
            found += 1;
        }
        if found != grid.cols() {
            return Err(InputError {
                line,
                message: format!("row {row} has {found} numbers, expected {}", grid.cols()),
            });
        }
        let mut fields = Scanner::starting_at(text, line);
        for col in 0..grid.cols() {
            let what = format!("the panel's cell ({row}, {col})");
            let value = fields.int_in(&what, -1, 8)?;
            cells.push(match value {
                -1 => Seen::Closed,
                count => Seen::Open(count as u8),
            });
        }
    }
    let view = View::from_cells(grid, cells);
    let mut solver = Solver::new();
    solver.count_clicks(true);
    solver.set_strength(strength);
    let decision = solver
        .next_move(&view, mines, Style::CLICKS)
        .map_err(|inconsistent| {
            let (line, place) = match inconsistent.cell {
                Some(cell) => {
                    let (row, col) = grid.row_col(cell);
                    let number = value_at(&view, cell);
                    (
                        row_lines[row],
                        format!(" (the {number} at cell ({row}, {col}))"),
                    )
                }
                None => (header_line, String::new()),
            };
            InputError {
                line,
                message: format!("{inconsistent}{place}"),
            }
        })?;
    let cell = match decision.map(|decision| decision.action) {
        Some(Move::Open(cell)) => cell,
        _ => {
            return Err(InputError {
                line: header_line,
                message: "no cell is left to click: every closed cell is a mine, the game is over"
                    .to_string(),
            })
        }
    };
    if !solver.proven_consistent() {
        // The course wants a click whatever the panel: it gets one, but not the claim that
        // the panel is possible.
        eprintln!("{UNPROVEN}");
    }
    let (row, col) = grid.row_col(cell);
    push_uint(out, row as u64);
    out.push(b' ');
    push_uint(out, col as u64);
    out.push(b'\n');
    Ok(())
}

/// `n m` or `n m k` on the first line with text: the grid, what is known of the mines, and the
/// header's line.
fn read_header(scanner: &mut Scanner) -> Result<(Grid, Mines, usize), InputError> {
    let Some(header) = scanner.text_line_bytes() else {
        return Err(scanner.error("expected the header `n m` or `n m k`, found end of input"));
    };
    let line = scanner.line();
    let mut fields = Scanner::starting_at(header, line);
    let rows = fields.int_in("n (rows)", 1, Grid::MAX_CELLS as i64)? as usize;
    let cols = fields.int_in("m (columns)", 1, Grid::MAX_CELLS as i64)? as usize;
    let known = if fields.at_end() {
        None
    } else {
        Some(fields.int("k (mines)")?)
    };
    if let Some(extra) = fields.token() {
        return Err(InputError {
            line,
            message: format!(
                "the header has too many numbers: expected `n m` or `n m k`, found {}",
                show(extra)
            ),
        });
    }
    // Each cell takes at least two bytes ("0 "): refuse a panel the input cannot hold before
    // allocating for it.
    if !rows
        .checked_mul(cols)
        .is_some_and(|cells| cells <= scanner.remaining() / 2 + 1)
    {
        return Err(InputError {
            line,
            message: format!(
                "the input is truncated: a {rows}x{cols} panel does not fit in the {} bytes left",
                scanner.remaining()
            ),
        });
    }
    if rows * cols > MAX_PANEL_CELLS {
        return Err(InputError {
            line,
            message: format!(
                "a {rows}x{cols} panel has {} cells, more than the {MAX_PANEL_CELLS} jlu-machine takes",
                rows * cols
            ),
        });
    }
    let grid = Grid::new(rows, cols);
    let mines = match known {
        None if (rows, cols) == (BOARD_SIDE, BOARD_SIDE) => Mines::Known(BOARD_MINES),
        None => Mines::Density(BOARD_DENSITY),
        Some(count) if (0..=grid.len() as i64).contains(&count) => Mines::Known(count as usize),
        Some(count) => {
            return Err(InputError {
                line,
                message: format!("k (mines) {count} is outside 0..={}", grid.len()),
            })
        }
    };
    Ok((grid, mines, line))
}

fn value_at(view: &View, cell: usize) -> u8 {
    match view.get(cell) {
        Seen::Open(count) => count,
        _ => 0,
    }
}
