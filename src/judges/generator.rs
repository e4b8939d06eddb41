//! What the judges' generators share: the seeded shape of a case (sides, density, length, the
//! player), the writing of lines and maps, and lists of boards. Each judge's own generator is in
//! its folder; the same arguments give the same bytes on every machine.

use crate::board::{Board, Grid};
use crate::io::output::push_uint;
use crate::judges::knobs::{Knobs, Size};
use crate::judges::limits::{CourseLimits, Limits, MaxCase};
use crate::rng::Rng;

/// A mine map with each cell a mine independently with probability `density`.
pub fn random_mines(rng: &mut Rng, grid: Grid, density: f64) -> Vec<bool> {
    (0..grid.len()).map(|_| rng.chance(density)).collect()
}

/// The shape of a case: its first board, its length and its player.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct CaseShape {
    /// The board's rows.
    pub rows: usize,
    /// The board's columns.
    pub cols: usize,
    /// The chance of each cell being a mine.
    pub density: f64,
    /// Operations, clicks or board-and-click pairs.
    pub ops: usize,
    /// A plausible player, or a random one.
    pub plausible: bool,
}

/// What a judge's generator keeps to: its largest case (`--size max` under wide limits) and its
/// course's limits.
#[derive(Clone, Copy, Debug)]
pub(crate) struct GenLimits {
    /// The judge's largest case.
    pub max: MaxCase,
    /// The course's limits.
    pub course: &'static CourseLimits,
}

impl GenLimits {
    /// The largest case under the limits `knobs` ask for.
    pub fn largest(&self, knobs: &Knobs) -> MaxCase {
        match knobs.limits {
            Limits::Course => self.course.max_case,
            Limits::Wide => self.max,
        }
    }
}

/// The shape of case `seed` of `size` for a judge of `bounds`, with `knobs` applied; and the
/// stream it was drawn from, which lists of boards go on drawing from.
///
/// The shape has its own stream so that `mine-ops` with `seed` deals its board from `seed`
/// itself. Every draw is made whether or not a knob replaces it, so that a knob changes only
/// what it names. Under wide limits the draws are the ones made before course limits existed,
/// so that the same arguments still give the same bytes.
pub(crate) fn shape(seed: u64, size: Size, bounds: GenLimits, knobs: &Knobs) -> (CaseShape, Rng) {
    let mut rng = Rng::new(seed ^ 0x6765_6e5f_7368_6170);
    let (rows, cols, density) = board_shape(&mut rng, size, bounds, knobs);
    let drawn = match size {
        Size::Small => rng.below(21),
        Size::Medium => 200 + rng.below(801),
        Size::Max => bounds.largest(knobs).ops,
    };
    let ops = knobs.ops.unwrap_or(match knobs.limits {
        Limits::Course => drawn.clamp(bounds.course.ops.0, bounds.course.ops.1),
        Limits::Wide => drawn,
    });
    let plausible = knobs
        .plausible
        .unwrap_or(size == Size::Max || rng.chance(0.5));
    let shape = CaseShape {
        rows,
        cols,
        density,
        ops,
        plausible,
    };
    (shape, rng)
}

/// The defaults of `size` for one board, with `knobs` applied: `(rows, cols, density)`. Under
/// course limits the sides are drawn from the course's ranges and the board then fitted into
/// the course's cells, cutting the side the knobs left open.
fn board_shape(rng: &mut Rng, size: Size, bounds: GenLimits, knobs: &Knobs) -> (usize, usize, f64) {
    let max = bounds.largest(knobs);
    let course = bounds.course;
    let (low, high) = match (size, knobs.limits) {
        (Size::Small, Limits::Wide) => (1, 8),
        (Size::Medium, Limits::Wide) => (10, 60),
        (Size::Small, Limits::Course) => course.small_sides,
        (Size::Medium, Limits::Course) => course.medium_sides,
        (Size::Max, _) => (max.side, max.side),
    };
    let drawn_rows = low + rng.below(high - low + 1);
    let drawn_cols = low + rng.below(high - low + 1);
    let (rows, cols) = (
        knobs.rows.unwrap_or(drawn_rows),
        knobs.cols.unwrap_or(drawn_cols),
    );
    let (rows, cols) = match (knobs.limits, knobs.rows) {
        (Limits::Wide, _) => (rows, cols),
        (Limits::Course, None) if knobs.cols.is_some() => {
            let (cols, rows) = course.fit(cols, rows);
            (rows, cols)
        }
        (Limits::Course, _) => course.fit(rows, cols),
    };
    let density = match size {
        // Odd boards on purpose: no mine, all mines, and everything between.
        Size::Small => [0.0, 0.1, 0.2, 0.3, 0.5, 0.8, 1.0][rng.below(7)],
        Size::Medium => 0.05 + 0.2 * rng.unit(),
        Size::Max => max.density,
    };
    (rows, cols, knobs.density.unwrap_or(density))
}

/// The boards of a judge whose input is a list of boards.
pub(crate) struct Boards<'k> {
    /// The case's size.
    pub size: Size,
    /// The judge's largest case and course limits.
    pub bounds: GenLimits,
    /// The knobs given.
    pub knobs: &'k Knobs,
}

impl Boards<'_> {
    /// `count` boards (by default 1 to 4 small, 1 to 10 medium, the largest case's at max), each written by
    /// `write`: the first of shape `first`, later ones of fresh shapes unless the knobs fix
    /// them. `shape_rng` is the stream [`shape`] returned.
    pub fn write(
        &self,
        shape_rng: &mut Rng,
        seed: u64,
        count: Option<usize>,
        first: (usize, usize, f64),
        mut write: impl FnMut(&mut Rng, usize, usize, f64, &mut Vec<u8>),
    ) -> Vec<u8> {
        let count = count.unwrap_or(match self.size {
            Size::Small => 1 + shape_rng.below(4),
            Size::Medium => 1 + shape_rng.below(10),
            Size::Max => self.bounds.largest(self.knobs).ops,
        });
        let mut rng = Rng::new(seed);
        let mut out = Vec::new();
        for board in 0..count {
            let (rows, cols, density) = if board == 0 {
                first
            } else {
                board_shape(&mut rng, self.size, self.bounds, self.knobs)
            };
            write(&mut rng, rows, cols, density, &mut out);
        }
        out
    }
}

/// An index into `weights`, drawn with probability proportional to its weight (the sum must be
/// positive).
pub(crate) fn weighted(rng: &mut Rng, weights: [u32; 3]) -> usize {
    let total: u64 = weights.iter().map(|&w| w as u64).sum();
    let mut roll = rng.below(total as usize) as u64;
    for (kind, &weight) in weights.iter().enumerate() {
        if roll < weight as u64 {
            return kind;
        }
        roll -= weight as u64;
    }
    weights.len() - 1
}

/// A cell of `cells`, or any cell of `grid` when `cells` is empty.
pub(crate) fn pick(rng: &mut Rng, cells: &[usize], grid: Grid) -> usize {
    if cells.is_empty() {
        rng.below(grid.len())
    } else {
        cells[rng.below(cells.len())]
    }
}

/// Appends one line: the words, then the numbers, separated by spaces.
pub(crate) fn push_words(out: &mut Vec<u8>, words: &[&[u8]], numbers: &[usize]) {
    let mut first = true;
    for word in words {
        if !first {
            out.push(b' ');
        }
        first = false;
        out.extend_from_slice(word);
    }
    for &number in numbers {
        if !first {
            out.push(b' ');
        }
        first = false;
        push_uint(out, number as u64);
    }
    out.push(b'\n');
}

/// Appends the rows of a mine map, `mine_byte` for a mine and `safe_byte` for a safe cell.
pub(crate) fn push_map(out: &mut Vec<u8>, grid: Grid, mine: &[bool], mine_byte: u8, safe_byte: u8) {
    for row in mine.chunks(grid.cols()) {
        out.extend(row.iter().map(|&m| if m { mine_byte } else { safe_byte }));
        out.push(b'\n');
    }
}

/// Appends `rows cols` and the map of `board`, `mine_byte` for a mine and `safe_byte` for a
/// safe cell: how the inputs of `mine-ops` and `acm-server` begin.
pub(crate) fn push_board(out: &mut Vec<u8>, board: &Board, mine_byte: u8, safe_byte: u8) {
    let grid = board.grid();
    push_words(out, &[], &[grid.rows(), grid.cols()]);
    for row in 0..grid.rows() {
        let cells = (0..grid.cols()).map(|col| board.is_mine(grid.index(row, col)));
        out.extend(cells.map(|mine| if mine { mine_byte } else { safe_byte }));
        out.push(b'\n');
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::judges::{self, Knobs, Size};

    #[test]
    fn every_judge_same_seed_same_bytes_and_knobs_apply() {
        for judge in judges::ALL {
            assert_eq!(
                judges::by_name(judge.name()).map(|j| j.name()),
                Some(judge.name())
            );
            for size in [Size::Small, Size::Medium] {
                let knobs = Knobs::default();
                let a = judge.generate(9, size, &knobs);
                assert_eq!(a, judge.generate(9, size, &knobs), "{judge:?}");
                assert_ne!(a, judge.generate(10, size, &knobs), "{judge:?}");
            }
            let knobs = Knobs {
                rows: Some(3),
                cols: Some(4),
                density: Some(0.0),
                ops: judge.ops_are.map(|_| 2),
                boards: judge.takes_boards.then_some(2),
                // A plausible mine-ops player walls a cell in with mines.
                plausible: judge.takes_player.then_some(false),
                ..Knobs::default()
            };
            let text = String::from_utf8(judge.generate(1, Size::Small, &knobs)).unwrap();
            let first = text.lines().next().unwrap();
            match judge.name() {
                "update-board" => {
                    // Earlier clicks may have opened cells: count cells, not `E`s.
                    assert_eq!(first.matches("],[").count(), 2, "3 rows: {first}");
                    assert_eq!(first.matches('"').count(), 24, "12 cells: {first}");
                    assert_eq!(text.lines().count(), 4, "two pairs");
                }
                "jlu-panel" => assert_eq!(first, "3 4 0 2"),
                _ => assert_eq!(first, "3 4"),
            }
            assert!(
                !text.contains(['*', 'X', 'M']),
                "{judge:?}: no mine at density 0"
            );
        }
    }

    #[test]
    fn weights_pick_only_what_weighs() {
        let mut rng = Rng::new(5);
        for _ in 0..200 {
            assert_eq!(weighted(&mut rng, [0, 3, 0]), 1);
            assert_ne!(weighted(&mut rng, [1, 0, 1]), 1);
        }
        let mut line = Vec::new();
        push_words(&mut line, &[b"Sweep"], &[1, 20]);
        push_words(&mut line, &[], &[3, 4]);
        assert_eq!(line, b"Sweep 1 20\n3 4\n");
    }
}
