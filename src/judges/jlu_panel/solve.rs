//! The `jlu-panel` judge: `n m k l`, the mines, the clicks; the panel after each click.

use crate::board::{Board, Grid};
use crate::io::output::Output;
use crate::io::runner::Program;
use crate::io::scanner::{InputError, Scanner};
use crate::judges::jlu_panel::panel::{ClickOutcome, Panel};

/// The most cells of a board: 10x the 1000x1000 boards this judge must handle fast. A cell
/// costs 4 bytes of state and up to 3 bytes per printed panel, so a run stays under ~70 MB
/// before its output, whatever a 20-byte header asks for (its mines are listed, not drawn, so
/// the header alone sizes the board).
pub const MAX_CELLS: usize = 10_000_000;

/// The `jlu-panel` judge.
pub const PROGRAM: Program = Program {
    name: "jlu-panel",
    reads: "a jlu-panel game",
    format: FORMAT,
    solve,
};

/// The input and output, in brief.
pub const FORMAT: &str = "\
Input: `n m k l` (rows, columns, mines, clicks), then k lines `i j` (the mines), then l lines
`i j` (the clicks); 0-based row i and column j.
Output: after each click on a closed cell, the panel: n lines of m numbers, each followed by
a space (`-1` closed, `0`-`8` open), with a blank line between two panels; a click on a mine
prints `You lose` and ends the game; the panel that opens the last safe cell is followed by
`You win`. A click on an open cell is ignored.
";

/// Plays `n m k l`, the k mines, then the l clicks, printing the panel after each click that
/// opens something. Anything after the game's end or after the l-th click is ignored, as
/// judges do.
pub fn solve(input: &[u8], out: &mut Output) -> Result<(), InputError> {
    let mut scanner = Scanner::new(input);
    let rows = scanner.int_in("n (rows)", 1, MAX_CELLS as i64)? as usize;
    let cols = scanner.int_in("m (columns)", 1, MAX_CELLS as i64)? as usize;
    if !rows
        .checked_mul(cols)
        .is_some_and(|cells| cells <= MAX_CELLS)
    {
        return Err(scanner.error(format!(
            "a {rows}x{cols} board is larger than the {MAX_CELLS} cells this judge accepts"
        )));
    }
    let mines = count(&mut scanner, "k (mines)")?;
    let clicks = count(&mut scanner, "l (clicks)")?;
    let grid = Grid::new(rows, cols);
    // A mine listed twice is one mine; k may thus exceed the number of cells.
    let mut mine = vec![false; grid.len()];
    for number in 1..=mines {
        mine[cell(&mut scanner, grid, "mine", number)?] = true;
    }
    let board = Board::new(grid, mine);
    let mut panel = Panel::new(&board);
    let mut printed = false;
    for number in 1..=clicks {
        let cell = cell(&mut scanner, grid, "click", number)?;
        if panel.is_open(cell) {
            continue;
        }
        if printed {
            out.push(b'\n');
        }
        printed = true;
        match panel.refresh(&board, cell) {
            ClickOutcome::Lost => {
                out.extend_from_slice(b"You lose\n");
                return Ok(());
            }
            ClickOutcome::Won => {
                panel.print(out);
                out.extend_from_slice(b"You win\n");
                return Ok(());
            }
            ClickOutcome::Going => panel.print(out),
        }
        out.flush_large();
    }
    Ok(())
}

/// A count from the header: any integer >= 0. Nothing is allocated by it, so no upper bound.
fn count(scanner: &mut Scanner, what: &str) -> Result<u64, InputError> {
    let value = scanner.int(what)?;
    if value < 0 {
        return Err(scanner.error(format!("{what} {value} is negative")));
    }
    Ok(value as u64)
}

/// The `i j` pair of the `number`-th mine or click, as a cell index; an error names which one.
fn cell(scanner: &mut Scanner, grid: Grid, which: &str, number: u64) -> Result<usize, InputError> {
    let mut coordinate = |what: &str, size: usize| {
        scanner
            .int_in(what, 0, size as i64 - 1)
            .map(|value| value as usize)
            .map_err(|mut err| {
                err.message = format!("{which} {number}: {}", err.message);
                err
            })
    };
    let row = coordinate("row i", grid.rows())?;
    let col = coordinate("column j", grid.cols())?;
    Ok(grid.index(row, col))
}
