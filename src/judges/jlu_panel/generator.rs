//! Seeded valid `jlu-panel` inputs: `n m k l`, the mines, the clicks.

use crate::board::Grid;
use crate::judges::generator::{pick, push_words, random_mines, shape, GenLimits};
use crate::judges::jlu_panel::limits::MAX_MINES;
use crate::judges::knobs::{Knobs, Size};
use crate::judges::limits::Limits;
use crate::rng::Rng;

/// Input `seed` of `size` inside `bounds` with `knobs` applied.
pub(crate) fn generate(seed: u64, size: Size, bounds: GenLimits, knobs: &Knobs) -> Vec<u8> {
    let (shape, _) = shape(seed, size, bounds, knobs);
    jlu_panel(
        &mut Rng::new(seed),
        (shape.rows, shape.cols, shape.density),
        shape.ops,
        shape.plausible,
        knobs.limits,
    )
}

/// `n m k l`, the k mines as `i j` (shuffled, now and then one listed twice), then the l clicks;
/// a plausible player clicks safe cells nine times in ten. Under course limits no mine is
/// listed twice, and there are 1 to 50 of them: the first 50 of the shuffled list, or one
/// drawn when the density gave none.
fn jlu_panel(
    rng: &mut Rng,
    (rows, cols, density): (usize, usize, f64),
    clicks: usize,
    plausible: bool,
    limits: Limits,
) -> Vec<u8> {
    let grid = Grid::new(rows, cols);
    let mut mine = random_mines(rng, grid, density);
    let mut mines: Vec<usize> = (0..grid.len()).filter(|&i| mine[i]).collect();
    let twice = !mines.is_empty() && rng.chance(0.2);
    if twice && limits == Limits::Wide {
        mines.push(mines[rng.below(mines.len())]);
    }
    rng.shuffle(&mut mines);
    if limits == Limits::Course {
        if mines.is_empty() {
            mines.push(rng.below(grid.len()));
        }
        for &dropped in mines.iter().skip(MAX_MINES) {
            mine[dropped] = false;
        }
        mines.truncate(MAX_MINES);
        for &kept in &mines {
            mine[kept] = true;
        }
    }
    let safe: Vec<usize> = (0..grid.len()).filter(|&i| !mine[i]).collect();
    let mut out = Vec::with_capacity((mines.len() + clicks) * 10 + 32);
    push_words(&mut out, &[], &[rows, cols, mines.len(), clicks]);
    for &cell in &mines {
        push_words(&mut out, &[], &[cell / cols, cell % cols]);
    }
    for _ in 0..clicks {
        let cell = if plausible && rng.chance(0.9) {
            pick(rng, &safe, grid)
        } else {
            rng.below(grid.len())
        };
        push_words(&mut out, &[], &[cell / cols, cell % cols]);
    }
    out
}
