//! Seeded valid `jlu-panel` inputs: `n m k l`, the mines, the clicks.

use crate::board::Grid;
use crate::judges::generator::{pick, push_words, random_mines, shape, GenLimits};
use crate::judges::jlu_panel::limits::MAX_MINES;
use crate::judges::knobs::{Knobs, Size};
use crate::judges::limits::Limits;
use crate::judges::shapes::EdgeShape;
use crate::rng::Rng;

/// Input `seed` of `size` inside `bounds` with `knobs` applied.
pub(crate) fn generate(seed: u64, size: Size, bounds: GenLimits, knobs: &Knobs) -> Vec<u8> {
    let (shape, _) = shape(seed, size, bounds, knobs);
    let mut cols = shape.cols;
    if knobs.shape == Some(EdgeShape::NoSafe) && knobs.limits == Limits::Course {
        // The course's 50 mines at most: a board of no safe cell has 50 cells at most.
        cols = cols.min(MAX_MINES / shape.rows).max(1);
    }
    let mut rng = Rng::new(seed);
    let mut input = jlu_panel(
        &mut rng,
        (shape.rows, cols, shape.density),
        shape.ops,
        shape.plausible,
        knobs.limits,
    );
    if knobs.shape == Some(EdgeShape::AfterEnd) {
        end_early(&mut rng, &mut input);
    }
    input
}

/// Makes the game end before the last click: a click on a mine at a drawn place before it (on
/// any cell of a board without a mine, which opens it all), with a second click at least (the
/// course allows 200). Whatever ended the game earlier, it is over by then.
fn end_early(rng: &mut Rng, input: &mut Vec<u8>) {
    let text = String::from_utf8(std::mem::take(input)).expect("gen writes ASCII");
    let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
    let head: Vec<usize> = lines[0]
        .split(' ')
        .map(|n| n.parse().expect("a number"))
        .collect();
    let (rows, cols, mines, mut clicks) = (head[0], head[1], head[2], head[3]);
    while clicks < 2 {
        lines.push(format!("{} {}", rng.below(rows), rng.below(cols)));
        clicks += 1;
    }
    let at = 1 + mines + rng.below(clicks - 1);
    lines[at] = match mines {
        0 => format!("{} {}", rng.below(rows), rng.below(cols)),
        _ => lines[1 + rng.below(mines)].clone(),
    };
    lines[0] = format!("{rows} {cols} {mines} {clicks}");
    for line in lines {
        input.extend_from_slice(line.as_bytes());
        input.push(b'\n');
    }
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
