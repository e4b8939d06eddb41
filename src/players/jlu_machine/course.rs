//! The JLU course's judge of part (2): its board, and its score of a game (50 and a bonus for a
//! win by its clicks, the opened cells / 10 for a loss) and its mark (the mean x 1.3, capped at
//! 60).

/// The side of the course's judge board: 20x20 ...
pub const BOARD_SIDE: usize = 20;
/// ... with 50 mines.
pub const BOARD_MINES: usize = 50;

/// The board's density of mines, 0.125: what a machine assumes of a panel of another size.
pub const BOARD_DENSITY: f64 = BOARD_MINES as f64 / (BOARD_SIDE * BOARD_SIDE) as f64;

/// The course stops a game after this many clicks.
pub const CLICK_LIMIT: u32 = 400;

/// The course's bonus for a win in `clicks` clicks: 10 under 80 clicks, down to 0 from 250.
pub fn win_bonus(clicks: u32) -> u64 {
    match clicks {
        0..=79 => 10,
        80..=89 => 9,
        90..=99 => 8,
        100..=119 => 7,
        120..=149 => 5,
        150..=199 => 3,
        200..=249 => 1,
        _ => 0,
    }
}

/// One game's score in tenths of a point: 50 plus the [`win_bonus`] for a win, the opened
/// cells / 10 for a loss (integers, so that sums do not depend on their order).
pub fn score_tenths(won: bool, clicks: u32, opened_cells: usize) -> u64 {
    if won {
        500 + 10 * win_bonus(clicks)
    } else {
        opened_cells as u64
    }
}

/// The course's mark from the raw mean score of its games: the mean times 1.3, capped at 60.
pub fn course_mark(raw_mean: f64) -> f64 {
    (raw_mean * 1.3).min(60.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scores_follow_the_course() {
        assert_eq!(score_tenths(true, 79, 350), 600);
        assert_eq!(score_tenths(true, 80, 350), 590);
        assert_eq!(score_tenths(true, 250, 350), 500);
        assert_eq!(score_tenths(false, 12, 123), 123);
        assert_eq!(course_mark(40.0), 52.0);
        assert_eq!(course_mark(53.29), 60.0);
    }
}
