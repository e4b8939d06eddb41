//! Seeded valid `inexperienced-player` inputs: `M`/`.` boards, random or crafted, then `0 0`.

use crate::board::Grid;
use crate::judges::generator::{push_map, push_words, random_mines, shape, Boards, GenLimits};
use crate::judges::inexperienced_player::patterns::Pattern;
use crate::judges::knobs::{Knobs, Size};
use crate::judges::limits::Limits;
use crate::rng::Rng;

/// Input `seed` of `size` inside `bounds` with `knobs` applied.
pub(crate) fn generate(seed: u64, size: Size, bounds: GenLimits, knobs: &Knobs) -> Vec<u8> {
    let (shape, mut rng) = shape(seed, size, bounds, knobs);
    let boards = Boards {
        size,
        bounds,
        knobs,
    };
    let pattern = knobs.pattern.and_then(Pattern::named);
    let course = knobs.limits == Limits::Course;
    let board = |rng: &mut Rng, rows: usize, cols: usize, density, out: &mut Vec<u8>| match pattern
    {
        Some(pattern) => crafted_board(pattern, rows, cols, out),
        None => random_board(rng, (rows, cols, density), course, out),
    };
    let first = (shape.rows, shape.cols, shape.density);
    let mut out = boards.write(&mut rng, seed, knobs.boards, first, board);
    out.extend_from_slice(b"0 0\n");
    out
}

/// One `r c` board of `M` and `.` with at least one safe cell, and with at least one mine
/// under the `course`'s limits.
fn random_board(
    rng: &mut Rng,
    (rows, cols, density): (usize, usize, f64),
    course: bool,
    out: &mut Vec<u8>,
) {
    let grid = Grid::new(rows, cols);
    let mut mine = random_mines(rng, grid, density);
    if mine.iter().all(|&m| m) {
        mine[rng.below(grid.len())] = false;
    }
    if course && !mine.contains(&true) {
        mine[rng.below(grid.len())] = true;
    }
    push_words(out, &[], &[rows, cols]);
    push_map(out, grid, &mine, b'M', b'.');
}

/// The `r c` board of `pattern` with the sides raised to the pattern's smallest.
fn crafted_board(pattern: Pattern, rows: usize, cols: usize, out: &mut Vec<u8>) {
    let (min_rows, min_cols) = pattern.min_sides();
    let (rows, cols) = (rows.max(min_rows), cols.max(min_cols));
    push_words(out, &[], &[rows, cols]);
    push_map(
        out,
        Grid::new(rows, cols),
        &pattern.mines(rows, cols),
        b'M',
        b'.',
    );
}
