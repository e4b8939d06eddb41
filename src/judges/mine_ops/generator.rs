//! Seeded valid `mine-ops` inputs: a `*`/`.` map, operations (1-based), `Quit`.

use crate::board::Grid;
use crate::judges::generator::{
    pick, push_map, push_words, random_mines, shape, weighted, GenLimits,
};
use crate::judges::knobs::{Knobs, Size};
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
/// so the course's limits are only the shape's.
pub(crate) fn generate(seed: u64, size: Size, bounds: GenLimits, knobs: &Knobs) -> Vec<u8> {
    let (shape, _) = shape(seed, size, bounds, knobs);
    let spec = MineOpsSpec {
        rows: shape.rows,
        cols: shape.cols,
        density: shape.density,
        ops: shape.ops,
        plausible: shape.plausible,
    };
    mine_ops_mixed(seed, &spec, knobs.mix)
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
    mine_ops_mixed(seed, spec, None)
}

/// [`mine_ops`] with the operations drawn in the proportions `mix` (Flag, Sweep, DSweep
/// weights); `None` is [`mine_ops`]'s own mix, byte for byte.
pub fn mine_ops_mixed(seed: u64, spec: &MineOpsSpec, mix: Option<[u32; 3]>) -> Vec<u8> {
    let mut rng = Rng::new(seed);
    let grid = Grid::new(spec.rows, spec.cols);
    let mut mine = random_mines(&mut rng, grid, spec.density);
    let mut pocket = None;
    if spec.plausible && spec.rows >= 3 && spec.cols >= 3 {
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

    let mut out = Vec::with_capacity(grid.len() + grid.rows() + spec.ops * 16 + 32);
    push_words(&mut out, &[], &[spec.rows, spec.cols]);
    push_map(&mut out, grid, &mine, b'*', b'.');
    for _ in 0..spec.ops {
        if let Some(weights) = mix {
            let kind = weighted(&mut rng, weights);
            let cell = match kind {
                0 if spec.plausible => pick(&mut rng, &mines, grid),
                1 if spec.plausible => pick(&mut rng, &safe, grid),
                _ => rng.below(grid.len()),
            };
            let name: &[u8] = [&b"Flag"[..], b"Sweep", b"DSweep"][kind];
            push_words(
                &mut out,
                &[name],
                &[cell / spec.cols + 1, cell % spec.cols + 1],
            );
            continue;
        }
        let roll = rng.below(100);
        let (name, cell): (&[u8], usize) = if !spec.plausible {
            let name: &[u8] = [&b"Flag"[..], b"Sweep", b"DSweep"][roll % 3];
            (name, rng.below(grid.len()))
        } else if roll < 55 && !safe.is_empty() {
            (b"Sweep", safe[rng.below(safe.len())])
        } else if roll < 80 && !mines.is_empty() {
            (b"Flag", mines[rng.below(mines.len())])
        } else {
            (b"DSweep", rng.below(grid.len()))
        };
        let (row, col) = grid.row_col(cell);
        push_words(&mut out, &[name], &[row + 1, col + 1]);
    }
    out.extend_from_slice(b"Quit\n");
    out
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
