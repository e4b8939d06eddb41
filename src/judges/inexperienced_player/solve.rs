//! The judge: reads the boards and prints each one's answer.

use super::search::fewest_closed;
use crate::board::{Board, Grid};
use crate::io::output::{push_uint, Output};
use crate::io::runner::Program;
use crate::io::scanner::{InputError, Scanner};
use std::collections::HashMap;

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
    let mut known = KnownAnswers::default();
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
        let key = KnownAnswers::key(&mine, rows, cols);
        if let Some(answer) = key.and_then(|key| known.answer(key)) {
            push_uint(out, answer as u64);
            out.push(b'\n');
            continue;
        }
        let board = Board::new(Grid::new(rows, cols), mine);
        if board.safe_cells() == 0 {
            return Err(InputError {
                line: header_line,
                message: format!("the {rows}x{cols} board has no safe cell to start from"),
            });
        }
        let answer = fewest_closed(&board).fewest_closed;
        if let Some(key) = key {
            known.remember(key, answer);
        }
        push_uint(out, answer as u64);
        out.push(b'\n');
    }
}

/// A board of at most 64 cells: its sides and its mines as bits.
type BoardKey = (u8, u8, u64);

/// The answers to small boards already solved in this input. A small board costs far more to
/// search (some 20,000 instructions, most of them setting up) than to read, so an input of
/// many repeated small boards would otherwise take half a minute for 200 MB.
#[derive(Default)]
struct KnownAnswers {
    by_board: HashMap<BoardKey, usize>,
}

impl KnownAnswers {
    /// The most boards remembered: 65,536 entries take about 2 MB.
    const MOST: usize = 1 << 16;

    /// The key of a board of at most 64 cells.
    fn key(mine: &[bool], rows: usize, cols: usize) -> Option<BoardKey> {
        if mine.len() > 64 {
            return None;
        }
        let bits = mine
            .iter()
            .enumerate()
            .fold(0u64, |bits, (cell, &is_mine)| {
                bits | (u64::from(is_mine) << cell)
            });
        Some((rows as u8, cols as u8, bits))
    }

    fn answer(&self, key: BoardKey) -> Option<usize> {
        self.by_board.get(&key).copied()
    }

    fn remember(&mut self, key: BoardKey, answer: usize) {
        if self.by_board.len() < Self::MOST {
            self.by_board.insert(key, answer);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::brute_force::random_board;
    use super::*;
    use crate::io::runner::solve_in_memory;
    use crate::rng::Rng;

    /// Small boards drawn from a few, so that most come again, some larger than 64 cells, and
    /// pairs with the same mines in other shapes:
    /// each answer is the search's on that board alone.
    #[test]
    fn a_board_seen_before_gets_the_same_answer() {
        let seed = 20261125;
        let mut rng = Rng::new(seed);
        // Each board beside its mines in the other shape: the same bits, other sides.
        let pool: Vec<Board> = (0..40)
            .flat_map(|_| {
                let board = random_board(&mut rng, 10);
                let grid = board.grid();
                let mine = (0..grid.len()).map(|cell| board.is_mine(cell)).collect();
                [Board::new(Grid::new(grid.cols(), grid.rows()), mine), board]
            })
            .collect();
        let mut input = Vec::new();
        let mut expected = Vec::new();
        for _ in 0..2000 {
            let board = &pool[rng.below(pool.len())];
            let grid = board.grid();
            input.extend(format!("{} {}\n", grid.rows(), grid.cols()).bytes());
            for row in 0..grid.rows() {
                for col in 0..grid.cols() {
                    input.push(if board.is_mine(grid.index(row, col)) {
                        b'M'
                    } else {
                        b'.'
                    });
                }
                input.push(b'\n');
            }
            expected.extend(format!("{}\n", fewest_closed(board).fewest_closed).bytes());
        }
        input.extend(b"0 0\n");
        let (answer, result) = solve_in_memory(solve, &input);
        assert_eq!(result, Ok(()), "seed {seed}");
        assert!(answer == expected, "seed {seed}: answers differ");
        assert!(
            pool.iter().any(|board| board.grid().len() > 64),
            "seed {seed}"
        );
    }
}
