//! Seeded valid `update-board` inputs: LeetCode boards, part-played, each with its click.

use crate::board::{Board, Cover, FlagsInCascade, Grid};
use crate::io::output::push_uint;
use crate::judges::generator::{random_mines, shape, Boards, GenLimits};
use crate::judges::knobs::{Knobs, Size};
use crate::judges::limits::Limits;
use crate::judges::update_board::solve::push_rows;
use crate::rng::Rng;

/// Input `seed` of `size` inside `bounds` with `knobs` applied.
pub(crate) fn generate(seed: u64, size: Size, bounds: GenLimits, knobs: &Knobs) -> Vec<u8> {
    let (shape, mut rng) = shape(seed, size, bounds, knobs);
    let boards = Boards {
        size,
        bounds,
        knobs,
    };
    let first = (shape.rows, shape.cols, shape.density);
    let course = knobs.limits == Limits::Course;
    let pair = |rng: &mut Rng, rows, cols, density, out: &mut Vec<u8>| {
        pair(rng, (rows, cols, density), course, out)
    };
    boards.write(&mut rng, seed, knobs.ops, first, pair)
}

/// One LeetCode board (a game part-played by a few earlier clicks, so it may hold `B`, digits
/// and, rarely, an `X`) on one line and its click `[r,c]` on the next. Under the `course`'s
/// limits a game is never lost (no `X`), an earlier click that would leave no cell closed is
/// not made, and the click is on a closed cell.
fn pair(
    rng: &mut Rng,
    (rows, cols, density): (usize, usize, f64),
    course: bool,
    out: &mut Vec<u8>,
) {
    let grid = Grid::new(rows, cols);
    let board = Board::new(grid, random_mines(rng, grid, density));
    let mut cover = Cover::new(&board);
    let mut opened = Vec::new();
    for _ in 0..rng.below(3) {
        let cell = rng.below(grid.len());
        if board.is_mine(cell) {
            if rng.chance(0.3) && !course {
                cover.mark_open(&board, cell);
            }
        } else if !course {
            cover.reveal_from(&board, cell, FlagsInCascade::Kept, &mut opened);
        } else {
            let mut tried = cover.clone();
            tried.reveal_from(&board, cell, FlagsInCascade::Kept, &mut opened);
            if (0..grid.len()).any(|cell| !tried.is_open(cell)) {
                cover = tried;
            }
        }
    }
    out.reserve(grid.len() * 4 + rows * 2 + 32);
    let shown = |cell: usize| match (cover.is_open(cell), board.is_mine(cell)) {
        (false, false) => b'E',
        (false, true) => b'M',
        (true, true) => b'X',
        (true, false) if board.count(cell) == 0 => b'B',
        (true, false) => b'0' + board.count(cell),
    };
    push_rows(
        out,
        (0..rows).map(|row| (0..cols).map(move |col| shown(grid.index(row, col)))),
    );
    out.extend_from_slice(b"\n[");
    let click = if course {
        let closed: Vec<usize> = (0..grid.len()).filter(|&c| !cover.is_open(c)).collect();
        closed[rng.below(closed.len())]
    } else {
        rng.below(grid.len())
    };
    push_uint(out, (click / cols) as u64);
    out.push(b',');
    push_uint(out, (click % cols) as u64);
    out.extend_from_slice(b"]\n");
}
