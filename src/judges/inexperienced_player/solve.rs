//! The judge: reads the boards and prints each one's answer.

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
/// answers before a bad board stay on stdout.
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
        let mine = scanner.mine_rows(rows, cols, b'M', b'.')?;
        let board = Board::new(Grid::new(rows, cols), mine);
        if board.safe_cells() == 0 {
            return Err(InputError {
                line: header_line,
                message: format!("the {rows}x{cols} board has no safe cell to start from"),
            });
        }
        push_uint(out, fewest_closed(&board).fewest_closed as u64);
        out.push(b'\n');
    }
}
