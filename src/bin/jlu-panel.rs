//! `jlu-panel`: the JLU course judge that prints the -1 panel after each click. 0-based
//! coordinates, row then column; mines and clicks given as `i j` pairs.

use minejudge::board::{Board, Grid};
use minejudge::io::{flush_large, run, InputError, Scanner};
use minejudge::jlu::{Outcome, Panel};
use std::process::ExitCode;

fn main() -> ExitCode {
    run(solve)
}

/// The largest board accepted, in cells: 10x the 1000x1000 boards this judge must handle fast.
/// Every cell costs 4 bytes of state and up to 3 bytes of text per printed panel, so the cap
/// keeps a run under ~70 MB before its output, whatever a 20-byte header asks for.
const MAX_CELLS: usize = 10_000_000;

/// Plays `n m k l`, the k mines, then the l clicks, printing the panel after each click that
/// opens something. Anything after the game's end or after the l-th click is ignored, as
/// judges do.
pub fn solve(input: &[u8], out: &mut Vec<u8>) -> Result<(), InputError> {
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
            Outcome::Lost => {
                out.extend_from_slice(b"You lose\n");
                return Ok(());
            }
            Outcome::Won => {
                panel.print(out);
                out.extend_from_slice(b"You win\n");
                return Ok(());
            }
            Outcome::Going => panel.print(out),
        }
        flush_large(out);
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
