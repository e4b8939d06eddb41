//! The judge: reads the boards and prints each one's answer.

use super::bit_board::BitBoard;
use super::search::fewest_closed;
use crate::board::{Board, Grid};
use crate::io::output::{push_uint, Output};
use crate::io::runner::Program;
use crate::io::scanner::{InputError, Scanner};

/// The largest side of a board: the judge's boards have at most 40 cells; 1000x1000 is the
/// benchmark's and `gen --size max`'s board.
pub const MAX_SIDE: usize = 1000;

/// The `inexperienced-player` judge.
pub const PROGRAM: Program = Program {
    name: "inexperienced-player",
    reads: "inexperienced-player boards",
    format: FORMAT,
    solve,
};

/// The input and output, in brief.
pub const FORMAT: &str = "\
Input: boards, each `r c` then r rows of c characters (`M` a mine, `.` safe), until the line
`0 0`.
Output: one line per board: the fewest safe cells left closed by a player who opens one safe
cell of their choice, then only opens the other neighbours of a number with as many flags
around it as its value, and flags the closed neighbours of a number when they and its flags
are as many as its value.
";

/// Reads boards until `0 0` and prints each board's answer as soon as it is known, so that the
/// answers before a bad board stay on stdout. A board of at most 64 cells, as all the judge's
/// are, is searched as bits (`bit_board.rs`); a larger one by [`fewest_closed`].
///
/// # Examples
///
/// ```
/// use minejudge::judges::inexperienced_player::solve::solve;
/// use minejudge::io::runner::solve_in_memory;
///
/// let (answer, result) = solve_in_memory(solve, b"1 3\n.M.\n2 2\n..\n.M\n0 0\n");
/// assert_eq!(result, Ok(()));
/// assert_eq!(answer, b"1\n2\n");
/// ```
pub fn solve(input: &[u8], out: &mut Output) -> Result<(), InputError> {
    let mut scanner = Scanner::new(input);
    loop {
        if scanner.at_end() {
            return Err(scanner.error("the input ended without the `0 0` line that closes it"));
        }
        let rows = scanner.int_in("r (rows)", 0, MAX_SIDE as i64)? as usize;
        let header_line = scanner.line();
        let cols = scanner.int_in("c (columns)", 0, MAX_SIDE as i64)? as usize;
        if rows == 0 && cols == 0 {
            // Like the judge, nothing after the terminator is read.
            return Ok(());
        }
        if rows == 0 || cols == 0 {
            return Err(scanner.error(format!(
                "a {rows}x{cols} board has no cell; only `0 0` ends the input"
            )));
        }
        let no_safe_cell = || InputError {
            line: header_line,
            message: format!("the {rows}x{cols} board has no safe cell to start from"),
        };
        let answer = if rows * cols <= BitBoard::MAX_CELLS {
            let mines = mine_bits(&mut scanner, rows, cols)?;
            let board = BitBoard::new(rows, cols, mines);
            if board.safe_cells() == 0 {
                return Err(no_safe_cell());
            }
            board.fewest_closed()
        } else {
            let mine = scanner.mine_rows(rows, cols, b'M', b'.')?;
            let board = Board::new(Grid::new(rows, cols), mine);
            if board.safe_cells() == 0 {
                return Err(no_safe_cell());
            }
            fewest_closed(&board).fewest_closed
        };
        push_uint(out, answer as u64);
        out.push(b'\n');
    }
}

/// A map of at most 64 cells as bits: bit `row * cols + col` set on an `M`.
fn mine_bits(scanner: &mut Scanner, rows: usize, cols: usize) -> Result<u64, InputError> {
    let mut mines = 0;
    let mut row_start = 0;
    scanner.map_rows(rows, cols, b'M', b'.', |row| {
        let row_mines = row
            .iter()
            .rev()
            .fold(0, |bits, &byte| bits << 1 | u64::from(byte == b'M'));
        mines |= row_mines << row_start;
        row_start += cols;
    })?;
    Ok(mines)
}

#[cfg(test)]
mod tests {
    use super::super::brute_force::{self, random_board_of};
    use super::*;
    use crate::io::runner::solve_in_memory;
    use crate::rng::Rng;

    /// Boards on both sides of the 64 cells that choose between the two searches, read from
    /// one input: each answer is the statement's.
    #[test]
    fn answers_either_side_of_64_cells_are_the_statements() {
        let seed = 20261125;
        let mut rng = Rng::new(seed);
        let mut input = Vec::new();
        let mut expected = Vec::new();
        let mut cells = Vec::new();
        for _ in 0..1500 {
            let rows = rng.range(1, 12) as usize;
            let cols = rng.range(1, 12) as usize;
            let board = random_board_of(&mut rng, rows, cols);
            input.extend(format!("{rows} {cols}\n").bytes());
            for row in 0..rows {
                for col in 0..cols {
                    let mine = board.is_mine(board.grid().index(row, col));
                    input.push(if mine { b'M' } else { b'.' });
                }
                input.push(b'\n');
            }
            expected.extend(format!("{}\n", brute_force::fewest_closed(&board)).bytes());
            cells.push(rows * cols);
        }
        input.extend(b"0 0\n");
        let (answer, result) = solve_in_memory(solve, &input);
        assert_eq!(result, Ok(()), "seed {seed}");
        assert!(answer == expected, "seed {seed}: answers differ");
        for (fewest, most) in [(1, 64), (65, 144)] {
            let count = cells.iter().filter(|&&n| fewest <= n && n <= most).count();
            assert!(
                count > 300,
                "seed {seed}: {count} boards of {fewest} to {most} cells"
            );
        }
    }
}
