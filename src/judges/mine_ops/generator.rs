//! Seeded valid `mine-ops` inputs: a `*`/`.` map, operations (1-based), `Quit`.

use crate::board::Grid;
use crate::judges::generator::{
    pick, push_map, push_words, random_mines, shape, weighted, GenLimits,
};
use crate::judges::knobs::{Knobs, Size};
use crate::judges::limits::Limits;
use crate::judges::shapes::EdgeShape;
use crate::rng::Rng;

/// The shape of a `mine-ops` input.
#[derive(Clone, Debug)]
pub struct MineOpsSpec {
    /// The board's rows.
    pub rows: usize,
    /// The board's columns.
    pub cols: usize,
    /// The chance of each cell being a mine.
    pub density: f64,
    /// Flag/Sweep/DSweep operations before the final `Quit`.
    pub ops: usize,
    /// A plausible player sweeps only safe cells and flags only mines, and one safe cell is
    /// walled in by mines and never swept, so the game runs through every operation. Otherwise
    /// every operation is uniformly random and games end early and in every way.
    pub plausible: bool,
}

/// Input `seed` of `size` inside `bounds` with `knobs` applied. Every subtask takes any map,
/// so the course's limits are only the shape's, and the count of operations.
pub(crate) fn generate(seed: u64, size: Size, bounds: GenLimits, knobs: &Knobs) -> Vec<u8> {
    let (shape, _) = shape(seed, size, bounds, knobs);
    let course = (knobs.limits == Limits::Course).then_some(bounds.course.ops.1);
    let mut rows = shape.rows;
    if let (Some(EdgeShape::AllFlagged), Some(most)) = (knobs.shape, course) {
        // A Flag on every cell leaves room for as many other operations.
        rows = rows.min((most / 2 / shape.cols).max(1));
    }
    let spec = MineOpsSpec {
        rows,
        cols: shape.cols,
        density: shape.density,
        ops: shape.ops,
        plausible: shape.plausible,
    };
    write(
        seed,
        &spec,
        knobs.mix,
        knobs.shape.map(|edge| (edge, course)),
    )
}

/// A valid `mine-ops` input: `n m`, the board, the operations (1-based), `Quit`.
///
/// # Examples
///
/// ```
/// use minejudge::judges::mine_ops::generator::{mine_ops, MineOpsSpec};
///
/// let spec = MineOpsSpec { rows: 5, cols: 7, density: 0.2, ops: 10, plausible: true };
/// let input = mine_ops(3, &spec);
/// assert!(input.starts_with(b"5 7\n") && input.ends_with(b"Quit\n"));
/// assert_eq!(input, mine_ops(3, &spec), "a seed names its input");
/// ```
pub fn mine_ops(seed: u64, spec: &MineOpsSpec) -> Vec<u8> {
    write(seed, spec, None, None)
}

/// [`mine_ops`] with the operations drawn in the proportions `mix` (Flag, Sweep, DSweep
/// weights); `None` is [`mine_ops`]'s own mix, byte for byte.
pub fn mine_ops_mixed(seed: u64, spec: &MineOpsSpec, mix: Option<[u32; 3]>) -> Vec<u8> {
    write(seed, spec, mix, None)
}

const FLAG: usize = 0;
const SWEEP: usize = 1;
const NAMES: [&[u8]; 3] = [b"Flag", b"Sweep", b"DSweep"];

/// The input of `seed`: the map and the operations drawn for `spec` and `mix`, then what the
/// edge shape adds, if any (with the most operations the course allows, or `None` under wide
/// limits).
fn write(
    seed: u64,
    spec: &MineOpsSpec,
    mix: Option<[u32; 3]>,
    edge: Option<(EdgeShape, Option<usize>)>,
) -> Vec<u8> {
    let mut rng = Rng::new(seed);
    let grid = Grid::new(spec.rows, spec.cols);
    let mut mine = random_mines(&mut rng, grid, spec.density);
    let mut pocket = None;
    // An edge shape holds its own mines (all, none) or must be able to end the game.
    if spec.plausible && spec.rows >= 3 && spec.cols >= 3 && edge.is_none() {
        let row = 1 + rng.below(spec.rows - 2);
        let col = 1 + rng.below(spec.cols - 2);
        let centre = grid.index(row, col);
        mine[centre] = false;
        for next in grid.neighbours(centre) {
            mine[next] = true;
        }
        pocket = Some(centre);
    }
    let safe: Vec<usize> = (0..grid.len())
        .filter(|&i| !mine[i] && Some(i) != pocket)
        .collect();
    let mines: Vec<usize> = (0..grid.len()).filter(|&i| mine[i]).collect();
    let mut ops: Vec<(usize, usize)> = (0..spec.ops)
        .map(|_| draw_op(&mut rng, spec, mix, (&safe, &mines), grid))
        .collect();
    match edge {
        Some((EdgeShape::AllFlagged, course)) => {
            // The flags come first and count among the operations the course allows.
            let room = course.map_or(usize::MAX, |most| most.saturating_sub(grid.len()));
            ops.truncate(room);
            ops.splice(0..0, (0..grid.len()).map(|cell| (FLAG, cell)));
        }
        Some((EdgeShape::AfterEnd, _)) => end_early(&mut rng, &mut ops, &mines, grid),
        _ => {}
    }
    let mut out = Vec::with_capacity(grid.len() + grid.rows() + ops.len() * 16 + 32);
    push_words(&mut out, &[], &[spec.rows, spec.cols]);
    push_map(&mut out, grid, &mine, b'*', b'.');
    for (kind, cell) in ops {
        let (row, col) = grid.row_col(cell);
        push_words(&mut out, &[NAMES[kind]], &[row + 1, col + 1]);
    }
    out.extend_from_slice(b"Quit\n");
    out
}

/// One operation `(kind, cell)`, kind an index of [`NAMES`]: by `mix` if given, else by the
/// player's own odds.
fn draw_op(
    rng: &mut Rng,
    spec: &MineOpsSpec,
    mix: Option<[u32; 3]>,
    (safe, mines): (&[usize], &[usize]),
    grid: Grid,
) -> (usize, usize) {
    if let Some(weights) = mix {
        let kind = weighted(rng, weights);
        let cell = match kind {
            0 if spec.plausible => pick(rng, mines, grid),
            1 if spec.plausible => pick(rng, safe, grid),
            _ => rng.below(grid.len()),
        };
        return (kind, cell);
    }
    let roll = rng.below(100);
    if !spec.plausible {
        (roll % 3, rng.below(grid.len()))
    } else if roll < 55 && !safe.is_empty() {
        (SWEEP, safe[rng.below(safe.len())])
    } else if roll < 80 && !mines.is_empty() {
        (FLAG, mines[rng.below(mines.len())])
    } else {
        (2, rng.below(grid.len()))
    }
}

/// Makes the game end before the last operation, keeping their count (three at least): at a
/// drawn place, a Sweep on a mine (on any cell of a board without one, whose first sweep opens
/// it all), after a Flag that lifts the flag the earlier operations left there, if any.
/// Whatever ended the game earlier, the game is over by then.
fn end_early(rng: &mut Rng, ops: &mut Vec<(usize, usize)>, mines: &[usize], grid: Grid) {
    while ops.len() < 3 {
        ops.push((FLAG, rng.below(grid.len())));
    }
    let at = rng.below(ops.len() - 2);
    let target = pick(rng, mines, grid);
    let flagged = ops[..at].iter().filter(|&&op| op == (FLAG, target)).count() % 2 == 1;
    ops[at] = (if flagged { FLAG } else { SWEEP }, target);
    ops[at + 1] = (SWEEP, target);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_seed_same_bytes_and_shape() {
        let spec = MineOpsSpec {
            rows: 5,
            cols: 7,
            density: 0.2,
            ops: 10,
            plausible: true,
        };
        let a = mine_ops(3, &spec);
        assert_eq!(a, mine_ops(3, &spec));
        assert_ne!(a, mine_ops(4, &spec));
        let text = String::from_utf8(a).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[0], "5 7");
        assert_eq!(lines.len(), 1 + 5 + 10 + 1);
        assert!(lines[1..6].iter().all(|row| row.len() == 7));
        assert_eq!(*lines.last().unwrap(), "Quit");
        assert_eq!(mine_ops_mixed(3, &spec, None), mine_ops(3, &spec));
        assert_ne!(
            mine_ops_mixed(3, &spec, Some([1, 1, 1])),
            mine_ops(3, &spec)
        );
    }
}
