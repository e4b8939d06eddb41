//! Seeded valid `acm-server` inputs: an `X`/`.` map and operations `x y type` (0-based).

use crate::board::Grid;
use crate::judges::generator::{
    pick, push_map, push_words, random_mines, shape, weighted, GenLimits,
};
use crate::judges::knobs::{Knobs, Size};
use crate::judges::limits::Limits;
use crate::rng::Rng;

/// Input `seed` of `size` inside `bounds` with `knobs` applied. Under course limits the map
/// has a mine and a safe cell (1 <= mines < n*m): one cell drawn is turned when the density
/// gave none of either.
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
    acm_server(
        &mut Rng::new(!seed),
        grid,
        &mine,
        shape.ops,
        shape.plausible,
        knobs.mix,
    )
}

/// `n m`, the `X`/`.` map, then `x y type` operations (0-based). A plausible player visits safe
/// cells, marks mines and auto-explores safe cells (weights 55, 25, 20 unless `mix` says
/// otherwise), so it loses only by chance of the mix and usually wins; a random one picks
/// cells and types uniformly (or by `mix`).
fn acm_server(
    rng: &mut Rng,
    grid: Grid,
    mine: &[bool],
    ops: usize,
    plausible: bool,
    mix: Option<[u32; 3]>,
) -> Vec<u8> {
    let (rows, cols) = (grid.rows(), grid.cols());
    let mut out = Vec::with_capacity(grid.len() + rows + ops * 12 + 16);
    push_words(&mut out, &[], &[rows, cols]);
    push_map(&mut out, grid, mine, b'X', b'.');
    let safe: Vec<usize> = (0..grid.len()).filter(|&i| !mine[i]).collect();
    let mines: Vec<usize> = (0..grid.len()).filter(|&i| mine[i]).collect();
    let weights = mix.unwrap_or(if plausible { [55, 25, 20] } else { [1, 1, 1] });
    for _ in 0..ops {
        let kind = weighted(rng, weights);
        let cell = match kind {
            0 | 2 if plausible => pick(rng, &safe, grid),
            1 if plausible => pick(rng, &mines, grid),
            _ => rng.below(grid.len()),
        };
        push_words(&mut out, &[], &[cell / cols, cell % cols, kind]);
    }
    out
}
