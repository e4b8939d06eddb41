//! The limits of THU "Mine"'s judge: its subtask table (20 tests in all). An input is inside
//! them when it fits one subtask; `q` counts every operation, the final `Quit` too (the
//! statement lists `Quit` among the operations). The properties A (only `Sweep`) and B (no
//! `DSweep`) only narrow some tests, which the same sizes without them cover.

use crate::judges::limits::{check_cells, CourseLimits, MaxCase};

/// One row of the subtask table: `n`, `m` and `q` at most these; `n` exactly 1 when `one_row`.
#[derive(Clone, Copy, Debug)]
struct Subtask {
    rows: usize,
    cols: usize,
    ops: usize,
    one_row: bool,
}

/// The statement's table: tests 1-6, 7-12, 13-19 and 20.
const SUBTASKS: [Subtask; 4] = [
    Subtask {
        rows: 10,
        cols: 10,
        ops: 60,
        one_row: false,
    },
    Subtask {
        rows: 1,
        cols: 1000,
        ops: 1000,
        one_row: true,
    },
    Subtask {
        rows: 300,
        cols: 300,
        ops: 8000,
        one_row: false,
    },
    Subtask {
        rows: 1000,
        cols: 1000,
        ops: 60_000,
        one_row: false,
    },
];

/// The course's limits: the largest subtask's, with `Quit` one of its 60000 operations.
pub(crate) const COURSE: CourseLimits = CourseLimits {
    sides: (1, 1000),
    max_cells: 1_000_000,
    ops: (0, 59_999),
    min_boards: 0,
    small_sides: (1, 8),
    medium_sides: (10, 60),
    max_case: MaxCase {
        side: 1000,
        density: 0.1,
        ops: 59_999,
        text: "1000x1000, density 0.1, 59999 operations and Quit",
    },
    rules: "fits a subtask: n,m <= 10 q <= 60; n = 1 m <= 1000 q <= 1000; n,m <= 300 q <= 8000; \
            n,m <= 1000 q <= 60000 (q counts Quit)",
};

/// Whether a `rows` x `cols` map and the operations on `cells` (0-based), then `Quit`, fit a
/// subtask; else why not.
pub(crate) fn check(
    rows: usize,
    cols: usize,
    cells: impl Iterator<Item = (usize, usize)> + Clone,
) -> Result<(), String> {
    COURSE.check_board(rows, cols)?;
    check_cells(rows, cols, "an operation", cells.clone())?;
    let q = cells.count() + 1;
    let fits =
        |t: &Subtask| rows <= t.rows && cols <= t.cols && q <= t.ops && (rows == 1 || !t.one_row);
    if SUBTASKS.iter().any(fits) {
        Ok(())
    } else {
        Err(format!(
            "n = {rows}, m = {cols}, q = {q} (Quit counted) fits no subtask: {}",
            COURSE.rules
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_numbers_are_the_largest_subtask_and_the_rules_name_every_subtask() {
        let last = SUBTASKS[SUBTASKS.len() - 1];
        assert_eq!(COURSE.sides.1, last.rows.max(last.cols));
        assert_eq!(COURSE.ops.1 + 1, last.ops, "Quit is one of q");
        assert_eq!(COURSE.max_case.ops, COURSE.ops.1);
        for t in SUBTASKS {
            let rows = if t.one_row {
                "n = 1 m".to_string()
            } else {
                "n,m".to_string()
            };
            let side = if t.one_row { t.cols } else { t.rows };
            let text = format!("{rows} <= {side} q <= {}", t.ops);
            assert!(COURSE.rules.contains(&text), "{text}");
        }
        let none = std::iter::empty();
        assert_eq!(check(1, 1, none.clone()), Ok(()));
        assert!(check(1001, 1, none.clone()).is_err());
        assert!(check(2, 2, [(2, 0)].into_iter())
            .unwrap_err()
            .contains("off the 2x2"));
        let many = std::iter::repeat((0, 0)).take(60_000);
        assert!(check(3, 3, many).unwrap_err().contains("q = 60001"));
        assert_eq!(check(1, 1, std::iter::repeat((0, 0)).take(59_999)), Ok(()));
    }
}
