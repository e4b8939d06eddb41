//! Seeded valid `acm-server` inputs: an `X`/`.` map and operations `x y type` (0-based).

use crate::board::Grid;
use crate::judges::generator::{
    pick, push_map, push_words, random_mines, shape, weighted, GenLimits,
};
use crate::judges::knobs::{Knobs, Size};
use crate::judges::limits::Limits;
use crate::judges::shapes::EdgeShape;
use crate::rng::Rng;

/// Input `seed` of `size` inside `bounds` with `knobs` applied: `n m`, the `X`/`.` map, then
/// `x y type` operations (0-based). Under course limits the map has a mine and a safe cell
/// (1 <= mines < n*m): one cell drawn is turned when the density gave none of either.
pub(crate) fn generate(seed: u64, size: Size, bounds: GenLimits, knobs: &Knobs) -> Vec<u8> {
    let (shape, _) = shape(seed, size, bounds, knobs);
    let grid = Grid::new(shape.rows, shape.cols);
    let mut rng = Rng::new(seed);
    let mut mine = random_mines(&mut rng, grid, shape.density);
    if knobs.limits == Limits::Course {
        for all in [false, true] {
            if mine.iter().all(|&m| m == all) {
                mine[rng.below(grid.len())] = !all;
            }
        }
    }
    let mut rng = Rng::new(!seed);
    let mut ops = operations(&mut rng, grid, &mine, shape.ops, shape.plausible, knobs.mix);
    let mines: Vec<usize> = (0..grid.len()).filter(|&i| mine[i]).collect();
    match knobs.shape {
        Some(EdgeShape::AllMarked) => {
            // The marks come first and count among the operations the course allows.
            if knobs.limits == Limits::Course {
                ops.truncate(bounds.course.ops.1.saturating_sub(mines.len()));
            }
            ops.splice(0..0, mines.iter().map(|&cell| (cell, MARK)));
        }
        Some(EdgeShape::AfterEnd) => end_early(&mut rng, &mut ops, &mines, grid),
        _ => {}
    }
    let (rows, cols) = (grid.rows(), grid.cols());
    let mut out = Vec::with_capacity(grid.len() + rows + ops.len() * 12 + 16);
    push_words(&mut out, &[], &[rows, cols]);
    push_map(&mut out, grid, &mine, b'X', b'.');
    for (cell, kind) in ops {
        push_words(&mut out, &[], &[cell / cols, cell % cols, kind]);
    }
    out
}

const VISIT: usize = 0;
const MARK: usize = 1;

/// Makes the game end before the last operation (two at least): at a drawn place, a visit to a
/// mine no earlier operation marked (at the start if every one is). Marks are never lifted, so
/// the visit loses unless the game is over already. A map without a mine is won at once.
fn end_early(rng: &mut Rng, ops: &mut Vec<(usize, usize)>, mines: &[usize], grid: Grid) {
    while ops.len() < 2 {
        ops.push((rng.below(grid.len()), VISIT));
    }
    let mut at = rng.below(ops.len() - 1);
    let unmarked = |at: usize| -> Vec<usize> {
        let marked = |cell| ops[..at].contains(&(cell, MARK));
        mines
            .iter()
            .copied()
            .filter(|&cell| !marked(cell))
            .collect()
    };
    let mut targets = unmarked(at);
    if targets.is_empty() {
        at = 0;
        targets = mines.to_vec();
    }
    ops[at] = (pick(rng, &targets, grid), VISIT);
}

/// The operations `(cell, type)`. A plausible player visits safe cells, marks mines and
/// auto-explores safe cells (weights 55, 25, 20 unless `mix` says otherwise), so it loses only
/// by chance of the mix and usually wins; a random one picks cells and types uniformly (or by
/// `mix`).
fn operations(
    rng: &mut Rng,
    grid: Grid,
    mine: &[bool],
    ops: usize,
    plausible: bool,
    mix: Option<[u32; 3]>,
) -> Vec<(usize, usize)> {
    let safe: Vec<usize> = (0..grid.len()).filter(|&i| !mine[i]).collect();
    let mines: Vec<usize> = (0..grid.len()).filter(|&i| mine[i]).collect();
    let weights = mix.unwrap_or(if plausible { [55, 25, 20] } else { [1, 1, 1] });
    (0..ops)
        .map(|_| {
            let kind = weighted(rng, weights);
            let cell = match kind {
                0 | 2 if plausible => pick(rng, &safe, grid),
                1 if plausible => pick(rng, &mines, grid),
                _ => rng.below(grid.len()),
            };
            (cell, kind)
        })
        .collect()
}
