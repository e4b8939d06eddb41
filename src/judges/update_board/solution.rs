//! LeetCode's own signature over the crate's board, so that the solution pastes into LeetCode.
//!
//! LeetCode calls associated functions of a `Solution` struct. What they use is kept to
//! `crate::board`, so that a one-file bundle of this module and `board` is complete (`bundle
//! --leetcode update-board`).

use crate::board::{Board, Cover, FlagsInCascade, Grid};

/// The struct LeetCode calls its solutions on.
///
/// # Examples
///
/// ```
/// use minejudge::judges::update_board::solution::Solution;
///
/// let board = vec![vec!['E', 'E'], vec!['E', 'M']];
/// let after = Solution::update_board(board, vec![0, 0]);
/// assert_eq!(after, [['1', 'E'], ['E', 'M']]);
/// ```
pub struct Solution;

impl Solution {
    /// LeetCode 529 "Minesweeper": the board after one click at `click = [row, col]` (0-based).
    ///
    /// A click on `M` makes it `X`. A click on `E` reveals it as the number of mines around it
    /// (`1`-`8`), or as `B` when there are none, and then reveals every `E` around a new `B` the
    /// same way, transitively. Mines are `M` and `X` alike: an `X` is a mine already revealed.
    /// Cells revealed before the click (`B`, a digit, `X`, or anything other than `E` and `M`)
    /// are left as they are, even where they disagree with the mines: the cascade starts from
    /// the click only, as LeetCode's judge does.
    ///
    /// LeetCode's function cannot report errors, so a click on a revealed cell, a click that is
    /// not two numbers or falls outside the board, and a board that is not a non-empty
    /// rectangle all return the board unchanged.
    ///
    /// Iterative (the flood is [`Cover::reveal_from`]): a 1000x1000 board of `E` needs no deep
    /// stack.
    ///
    /// # Complexity
    /// O(cells).
    pub fn update_board(mut board: Vec<Vec<char>>, click: Vec<i32>) -> Vec<Vec<char>> {
        let (row, col) = match click[..] {
            [row, col] => (row as i64, col as i64),
            _ => return board,
        };
        let cols = board.first().map_or(0, Vec::len);
        if cols == 0 || board.iter().any(|line| line.len() != cols) {
            return board;
        }
        let grid = Grid::new(board.len(), cols);
        if !grid.contains(row, col) {
            return board;
        }
        let (row, col) = (row as usize, col as usize);
        match board[row][col] {
            'M' => board[row][col] = 'X',
            'E' => reveal(&mut board, grid, grid.index(row, col)),
            _ => {}
        }
        board
    }
}

/// Reveals the `E` cell `start` and cascades from it, writing `B` or the count into `board`.
fn reveal(board: &mut [Vec<char>], grid: Grid, start: usize) {
    let cells = || board.iter().flatten();
    let mines = Board::new(
        grid,
        cells().map(|&cell| cell == 'M' || cell == 'X').collect(),
    );
    let mut cover = Cover::new(&mines);
    for (index, &cell) in cells().enumerate() {
        if cell != 'E' && cell != 'M' {
            cover.mark_open(&mines, index);
        }
    }
    let mut opened = Vec::new();
    // There are no flags on a LeetCode board: either policy does the same.
    cover.reveal_from(&mines, start, FlagsInCascade::Kept, &mut opened);
    for index in opened {
        let index = index as usize;
        let (row, col) = grid.row_col(index);
        board[row][col] = match mines.count(index) {
            0 => 'B',
            count => (b'0' + count) as char,
        };
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board_of(rows: &[&str]) -> Vec<Vec<char>> {
        rows.iter().map(|row| row.chars().collect()).collect()
    }

    #[test]
    fn leetcode_example_1_cascades() {
        let board = board_of(&["EEEEE", "EEMEE", "EEEEE", "EEEEE"]);
        let expected = board_of(&["B1E1B", "B1M1B", "B111B", "BBBBB"]);
        assert_eq!(Solution::update_board(board, vec![3, 0]), expected);
    }

    #[test]
    fn leetcode_example_2_clicks_a_mine() {
        let board = board_of(&["B1E1B", "B1M1B", "B111B", "BBBBB"]);
        let expected = board_of(&["B1E1B", "B1X1B", "B111B", "BBBBB"]);
        assert_eq!(Solution::update_board(board, vec![1, 2]), expected);
    }

    #[test]
    fn digit_without_cascade_and_x_counts_as_a_mine() {
        let board = board_of(&["EEE", "EXE", "MEE"]);
        let expected = board_of(&["EEE", "EXE", "M2E"]);
        assert_eq!(Solution::update_board(board, vec![2, 1]), expected);
        let board = board_of(&["EEE", "EEE", "EEM"]);
        let expected = board_of(&["BBB", "B11", "B1M"]);
        assert_eq!(Solution::update_board(board, vec![0, 0]), expected);
    }

    #[test]
    fn cascade_leaves_revealed_cells_alone() {
        // The given `3` and `B` disagree with the mines; only new cells take counts.
        let board = board_of(&["E3E", "EEE", "BEE"]);
        let expected = board_of(&["B3B", "BBB", "BBB"]);
        assert_eq!(Solution::update_board(board, vec![1, 1]), expected);
    }

    #[test]
    fn revealed_cells_and_bad_clicks_change_nothing() {
        let board = board_of(&["B1E", "1XE", "EEE"]);
        for click in [
            vec![0, 0],
            vec![0, 1],
            vec![1, 1],
            vec![-1, 0],
            vec![0, 3],
            vec![3, 0],
            vec![i32::MIN, i32::MAX],
            vec![2],
            vec![2, 2, 2],
            vec![],
        ] {
            assert_eq!(
                Solution::update_board(board.clone(), click.clone()),
                board,
                "{click:?}"
            );
        }
        let ragged = board_of(&["EE", "E"]);
        assert_eq!(Solution::update_board(ragged.clone(), vec![0, 0]), ragged);
        assert!(Solution::update_board(Vec::new(), vec![0, 0]).is_empty());
        assert_eq!(
            Solution::update_board(vec![vec![]], vec![0, 0]),
            vec![vec![]]
        );
    }

    #[test]
    fn large_empty_board_floods_without_recursion() {
        let board = vec![vec!['E'; 1000]; 1000];
        let revealed = Solution::update_board(board, vec![999, 0]);
        assert!(revealed.iter().flatten().all(|&cell| cell == 'B'));
    }
}
