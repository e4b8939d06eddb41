//! The limits inputs stay inside: a judge's largest case ([`MaxCase`]), and the course's (what the original judge's statement promises,
//! so a solution correct there is never blamed for an input it will not get) or our judges'
//! wide ones. Each judge states its course limits once, in its folder's `limits.rs`, as a
//! [`CourseLimits`]; `gen`, `stress`, the shrinker and the help text all read them from there.

use crate::judges::case::{Case, Edit};

/// A judge's largest case: a `side` x `side` board, each cell a mine with chance `density`,
/// `ops` operations (or clicks, or boards), the player plausible.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MaxCase {
    /// The board's side.
    pub side: usize,
    /// The chance of each cell being a mine.
    pub density: f64,
    /// Operations, clicks, board-and-click pairs or boards.
    pub ops: usize,
    /// The case in a few words, for `gen --help`.
    pub text: &'static str,
}

/// Which inputs `gen` and `stress` write.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Limits {
    /// Inside the original judge's statement (what `gen` and `stress` write unless told).
    Course,
    /// Anything our judges accept: 1x1 boards of one mine, boards far beyond the course's.
    /// The library's default, so that a [`crate::judges::Knobs`] without it writes what it
    /// always wrote.
    #[default]
    Wide,
}

impl Limits {
    /// The name on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Limits::Course => "course",
            Limits::Wide => "wide",
        }
    }
}

/// A judge's course limits: the numbers the generator and the options keep to, the sides each
/// `--size` draws inside them, and the statement's other rules in words (the judge's
/// `Case::check_course` enforces every one).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct CourseLimits {
    /// The smallest and largest side of a board.
    pub sides: (usize, usize),
    /// The most cells of a board.
    pub max_cells: usize,
    /// The fewest and most entries of `--ops` ([`crate::judges::Judge::ops_are`]).
    pub ops: (usize, usize),
    /// The fewest boards (`--boards`), for a judge that reads a list of them.
    pub min_boards: usize,
    /// The sides `--size small` draws from.
    pub small_sides: (usize, usize),
    /// The sides `--size medium` draws from.
    pub medium_sides: (usize, usize),
    /// `--size max`.
    pub max_case: MaxCase,
    /// The statement's rules beyond the numbers above, in a few words.
    pub rules: &'static str,
}

impl CourseLimits {
    /// `(rows, cols)` squeezed into the course: each side into [`CourseLimits::sides`], then
    /// the columns cut until the board has at most [`CourseLimits::max_cells`] cells.
    pub fn fit(&self, rows: usize, cols: usize) -> (usize, usize) {
        let (low, high) = self.sides;
        let rows = rows.clamp(low, high);
        let cols = cols.clamp(low, high).min(self.max_cells / rows).max(low);
        (rows, cols)
    }

    /// Whether a `rows` x `cols` board is inside the course; else what it breaks.
    pub fn check_board(&self, rows: usize, cols: usize) -> Result<(), String> {
        let (low, high) = self.sides;
        for (side, what) in [(rows, "rows"), (cols, "columns")] {
            if side < low || side > high {
                return Err(format!(
                    "{side} {what}: the course's boards have {low} to {high}"
                ));
            }
        }
        if rows * cols > self.max_cells {
            return Err(format!(
                "a {rows}x{cols} board: the course's boards have at most {} cells",
                self.max_cells
            ));
        }
        Ok(())
    }

    /// Whether `count` entries of the main list (what `--ops` counts, named `what`) are inside
    /// the course; else what it breaks.
    pub fn check_ops(&self, count: usize, what: &str) -> Result<(), String> {
        match self.ops {
            (low, usize::MAX) if count < low => Err(format!(
                "{count} {what}: the course's inputs have {low} or more"
            )),
            (low, high) if count < low || count > high => Err(format!(
                "{count} {what}: the course's inputs have {low} to {high}"
            )),
            _ => Ok(()),
        }
    }

    /// The limits for `--help`, in one line: the numbers, then [`CourseLimits::rules`].
    pub fn describe(&self, ops_are: Option<&str>) -> String {
        let (low, high) = self.sides;
        let mut text = format!("sides {low}-{high}");
        if self.max_cells < high * high {
            text.push_str(&format!(", at most {} cells", self.max_cells));
        }
        match (ops_are, self.ops) {
            (None, _) => {}
            (Some(what), (low, usize::MAX)) => text.push_str(&format!(", {low} or more {what}")),
            (Some(what), (low, high)) => text.push_str(&format!(", {low}-{high} {what}")),
        }
        if self.min_boards > 0 {
            text.push_str(&format!(", at least {} board", self.min_boards));
        }
        format!("{text}; {}", self.rules)
    }

    /// What each size draws inside the course, for `--help`.
    pub fn sizes(&self) -> String {
        let ((a, b), (c, d)) = (self.small_sides, self.medium_sides);
        format!(
            "small: sides {a}-{b}; medium: sides {c}-{d}; max: {}",
            self.max_case.text
        )
    }
}

/// Whether every cell of `cells` (0-based `(row, col)`) is on a `rows` x `cols` board; else
/// the first that is not, named `what`.
pub(crate) fn check_cells(
    rows: usize,
    cols: usize,
    what: &str,
    mut cells: impl Iterator<Item = (usize, usize)>,
) -> Result<(), String> {
    match cells.find(|&(row, col)| row >= rows || col >= cols) {
        Some((row, col)) => Err(format!(
            "{what} ({row}, {col}, 0-based) is off the {rows}x{cols} board"
        )),
        None => Ok(()),
    }
}

/// A case whose edits stay inside the course: an edit whose result breaks the course's limits
/// does not apply. What `stress` shrinks under `--limits course`.
#[derive(Debug)]
pub struct WithinCourse(pub Box<dyn Case>);

impl Case for WithinCourse {
    fn render(&self) -> Vec<u8> {
        self.0.render()
    }

    fn edits(&self) -> Vec<Edit> {
        self.0.edits()
    }

    fn apply(&self, edit: Edit) -> Option<Box<dyn Case>> {
        let case = self.0.apply(edit)?;
        case.check_course().ok()?;
        Some(Box::new(WithinCourse(case)))
    }

    fn check_course(&self) -> Result<(), String> {
        self.0.check_course()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SAMPLE: CourseLimits = CourseLimits {
        sides: (3, 13),
        max_cells: 40,
        ops: (1, 200),
        min_boards: 0,
        small_sides: (3, 8),
        medium_sides: (3, 13),
        max_case: MaxCase {
            side: 6,
            density: 0.15,
            ops: 1,
            text: "6x6",
        },
        rules: "none",
    };

    #[test]
    fn fitting_keeps_sides_and_cells_inside() {
        assert_eq!(SAMPLE.fit(1, 1), (3, 3));
        assert_eq!(SAMPLE.fit(8, 8), (8, 5));
        assert_eq!(SAMPLE.fit(60, 60), (13, 3));
        for rows in 1..20 {
            for cols in 1..20 {
                let (r, c) = SAMPLE.fit(rows, cols);
                assert_eq!(SAMPLE.check_board(r, c), Ok(()), "{rows}x{cols}");
            }
        }
        assert!(SAMPLE.check_board(2, 5).unwrap_err().contains("3 to 13"));
        assert!(SAMPLE.check_board(7, 6).unwrap_err().contains("40 cells"));
        assert!(SAMPLE.check_ops(0, "clicks").is_err());
        assert_eq!(
            SAMPLE.describe(Some("clicks")),
            "sides 3-13, at most 40 cells, 1-200 clicks; none"
        );
    }
}
