//! The limits of MCPC 2003's "The Inexperienced Player": "r и c всегда больше либо равны 3.
//! Число ячеек любого поля не больше 40", "одно или более игровых полей", and "на любой доске
//! всегда имеется хотя бы одна мина и хотя бы одна пустая клетка".

use crate::judges::limits::{CourseLimits, MaxCase};

/// The course's limits: 3 <= r, c and r*c <= 40, so no side above 13.
pub(crate) const COURSE: CourseLimits = CourseLimits {
    sides: (3, 13),
    max_cells: 40,
    ops: (0, 0),
    min_boards: 1,
    small_sides: (3, 6),
    medium_sides: (3, 13),
    max_case: MaxCase {
        side: 6,
        density: 0.15,
        ops: 1000,
        text: "1000 boards of 6x6, density 0.15",
    },
    rules: "every board of M and ., with at least one M and one .",
};

/// Whether the boards, each `(rows, cols, cells)`, are inside the course; else why not.
pub(crate) fn check<'a>(
    boards: impl ExactSizeIterator<Item = (usize, usize, &'a [u8])>,
) -> Result<(), String> {
    if boards.len() < COURSE.min_boards {
        return Err("no board: the course's inputs have at least one".into());
    }
    for (at, (rows, cols, cells)) in boards.enumerate() {
        let board = at + 1;
        COURSE
            .check_board(rows, cols)
            .map_err(|err| format!("board {board}: {err}"))?;
        if let Some(&byte) = cells.iter().find(|&&b| b != b'M' && b != b'.') {
            return Err(format!(
                "board {board}: the byte {:?} is neither M nor .",
                byte as char
            ));
        }
        if !cells.contains(&b'M') || !cells.contains(&b'.') {
            return Err(format!(
                "board {board}: the course's boards have at least one mine and one empty cell"
            ));
        }
    }
    Ok(())
}
