//! Seeded generators of valid judge inputs, for tests, benchmarks and problem setters.

use crate::board::Grid;
use crate::io::push_uint;
use crate::rng::Rng;

/// A mine map with each cell a mine independently with probability `density`.
pub fn random_mines(rng: &mut Rng, grid: Grid, density: f64) -> Vec<bool> {
    (0..grid.len()).map(|_| rng.chance(density)).collect()
}

/// The shape of a `mine-ops` input.
#[derive(Clone, Debug)]
pub struct MineOpsSpec {
    pub rows: usize,
    pub cols: usize,
    pub density: f64,
    /// Flag/Sweep/DSweep operations before the final `Quit`.
    pub ops: usize,
    /// A plausible player sweeps only safe cells and flags only mines, and one safe cell is
    /// walled in by mines and never swept, so the game runs through every operation. Otherwise
    /// every operation is uniformly random and games end early and in every way.
    pub plausible: bool,
}

/// A valid `mine-ops` input: `n m`, the board, the operations (1-based), `Quit`.
pub fn mine_ops(seed: u64, spec: &MineOpsSpec) -> Vec<u8> {
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
    push_uint(&mut out, spec.rows as u64);
    out.push(b' ');
    push_uint(&mut out, spec.cols as u64);
    out.push(b'\n');
    for row in 0..spec.rows {
        for col in 0..spec.cols {
            out.push(if mine[grid.index(row, col)] {
                b'*'
            } else {
                b'.'
            });
        }
        out.push(b'\n');
    }
    for _ in 0..spec.ops {
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
        out.extend_from_slice(name);
        out.push(b' ');
        push_uint(&mut out, row as u64 + 1);
        out.push(b' ');
        push_uint(&mut out, col as u64 + 1);
        out.push(b'\n');
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
    }
}
