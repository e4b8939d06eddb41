//! The limits of the ACM class's basic task ("数据范围"): "1 < n, m <= 30, 1 <= x < mn" mines,
//! "操作序列长度不大于 1000, 且所有操作保证合法": every operation on the map, of type 0, 1
//! or 2.

use crate::judges::limits::{check_cells, CourseLimits, MaxCase};

/// The course's limits.
pub(crate) const COURSE: CourseLimits = CourseLimits {
    sides: (2, 30),
    max_cells: 900,
    ops: (0, 1000),
    min_boards: 0,
    small_sides: (2, 8),
    medium_sides: (10, 30),
    max_case: MaxCase {
        side: 30,
        density: 0.15,
        ops: 1000,
        text: "30x30, density 0.15, 1000 operations",
    },
    rules: "1 <= mines < n*m; every operation on the map, of type 0, 1 or 2",
};

/// Whether an `rows` x `cols` map with `mines` mines and `ops` `(row, col, type)` is inside
/// the course; else why not.
pub(crate) fn check(
    rows: usize,
    cols: usize,
    mines: usize,
    ops: &[(usize, usize, u8)],
) -> Result<(), String> {
    COURSE.check_board(rows, cols)?;
    if mines == 0 || mines >= rows * cols {
        return Err(format!(
            "{mines} mines on {rows}x{cols}: the course has 1 <= mines < n*m"
        ));
    }
    COURSE.check_ops(ops.len(), "operations")?;
    check_cells(
        rows,
        cols,
        "an operation",
        ops.iter().map(|&(r, c, _)| (r, c)),
    )?;
    match ops.iter().find(|op| op.2 > 2) {
        Some(&(row, col, kind)) => Err(format!(
            "the operation {row} {col} {kind}: the course's types are 0, 1 and 2"
        )),
        None => Ok(()),
    }
}
