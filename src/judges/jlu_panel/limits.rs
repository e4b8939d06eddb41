//! The limits of the JLU course's part (1): "n, m 不超过 20, k 不超过 50, l 不超过 200,
//! 0 <= i < n, 0 <= j < m", where n, m, k and l are "4 个正整数" (positive), and k is the number
//! of cells with a mine behind them, so no mine is listed twice.

use crate::judges::limits::{check_cells, CourseLimits, MaxCase};

/// The most mines, `k`.
pub(crate) const MAX_MINES: usize = 50;

/// The course's limits.
pub(crate) const COURSE: CourseLimits = CourseLimits {
    sides: (1, 20),
    max_cells: 400,
    ops: (1, 200),
    min_boards: 0,
    small_sides: (1, 8),
    medium_sides: (10, 20),
    max_case: MaxCase {
        side: 20,
        density: 0.125,
        ops: 200,
        text: "20x20, 50 mines (density 0.125, the rest dropped), 200 clicks",
    },
    rules: "1-50 mines, none listed twice; every mine and click on the board",
};

/// Whether a `rows` x `cols` board with `mines` and `clicks` (0-based, as listed) is inside
/// the course; else why not.
pub(crate) fn check(
    rows: usize,
    cols: usize,
    mines: &[(usize, usize)],
    clicks: &[(usize, usize)],
) -> Result<(), String> {
    COURSE.check_board(rows, cols)?;
    COURSE.check_ops(clicks.len(), "clicks")?;
    if mines.is_empty() || mines.len() > MAX_MINES {
        return Err(format!(
            "{} mines: the course has 1 to {MAX_MINES}",
            mines.len()
        ));
    }
    check_cells(rows, cols, "a mine", mines.iter().copied())?;
    check_cells(rows, cols, "a click", clicks.iter().copied())?;
    let mut sorted = mines.to_vec();
    sorted.sort_unstable();
    match sorted.windows(2).find(|pair| pair[0] == pair[1]) {
        Some(pair) => Err(format!(
            "the mine ({}, {}) is listed twice: k counts cells",
            pair[0].0, pair[0].1
        )),
        None => Ok(()),
    }
}
