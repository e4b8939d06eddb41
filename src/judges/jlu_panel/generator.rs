//! Seeded valid `jlu-panel` inputs: `n m k l`, the mines, the clicks.

use crate::board::Grid;
use crate::judges::generator::{pick, push_words, random_mines, shape};
use crate::judges::judge::{Knobs, MaxCase, Size};
use crate::rng::Rng;

/// Input `seed` of `size` (`max` is the judge's largest case) with `knobs` applied.
pub fn generate(seed: u64, size: Size, max: MaxCase, knobs: &Knobs) -> Vec<u8> {
    let (shape, _) = shape(seed, size, max, knobs);
    jlu_panel(
        &mut Rng::new(seed),
        shape.rows,
        shape.cols,
        shape.density,
        shape.ops,
        shape.plausible,
    )
}

/// `n m k l`, the k mines as `i j` (shuffled, now and then one listed twice), then the l clicks;
/// a plausible player clicks safe cells nine times in ten.
fn jlu_panel(
    rng: &mut Rng,
    rows: usize,
    cols: usize,
    density: f64,
    clicks: usize,
    plausible: bool,
) -> Vec<u8> {
    let grid = Grid::new(rows, cols);
    let mine = random_mines(rng, grid, density);
    let mut mines: Vec<usize> = (0..grid.len()).filter(|&i| mine[i]).collect();
    if !mines.is_empty() && rng.chance(0.2) {
        mines.push(mines[rng.below(mines.len())]);
    }
    rng.shuffle(&mut mines);
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
