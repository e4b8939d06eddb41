//! The neighbours of a cell, worked out from which sides of it are off the board: one byte a
//! cell (a table of the neighbours themselves took 33).

use crate::board::Grid;
use std::ops::Deref;

/// Side bits: the row above, the row below, the column left, the column right is off the
/// board.
const TOP: u8 = 1;
const BOTTOM: u8 = 2;
const LEFT: u8 = 4;
const RIGHT: u8 = 8;

/// Every cell's sides off the board, and for each combination of sides the steps from a cell
/// to its neighbours.
#[derive(Debug, Default)]
pub(super) struct Rings {
    sides: Vec<u8>,
    /// By sides: the neighbours' offsets (wrapping), row-major, and how many there are.
    steps: [[u32; 8]; 16],
    counts: [u8; 16],
}

/// The up to 8 neighbours of one cell, in row-major order as [`Grid::neighbours`] gives them.
#[derive(Clone, Copy, Debug)]
pub(super) struct Ring {
    cells: [u32; 8],
    len: u8,
}

impl Rings {
    /// The rings of `grid`.
    ///
    /// # Complexity
    /// O(cells).
    pub(super) fn new(grid: Grid) -> Rings {
        let (rows, cols) = (grid.rows(), grid.cols());
        let mut sides = Vec::with_capacity(grid.len());
        for row in 0..rows {
            let vertical =
                if row == 0 { TOP } else { 0 } | if row + 1 == rows { BOTTOM } else { 0 };
            for col in 0..cols {
                let horizontal =
                    if col == 0 { LEFT } else { 0 } | if col + 1 == cols { RIGHT } else { 0 };
                sides.push(vertical | horizontal);
            }
        }
        let (mut steps, mut counts) = ([[0u32; 8]; 16], [0u8; 16]);
        for code in 0..16u8 {
            let mut len = 0;
            for (dr, off) in [(-1i64, TOP), (0, 0), (1, BOTTOM)] {
                for (dc, side) in [(-1i64, LEFT), (0, 0), (1, RIGHT)] {
                    if code & off != 0 || code & side != 0 || (dr, dc) == (0, 0) {
                        continue;
                    }
                    steps[code as usize][len] = (dr * cols as i64 + dc) as u32;
                    len += 1;
                }
            }
            counts[code as usize] = len as u8;
        }
        Rings {
            sides,
            steps,
            counts,
        }
    }

    /// How many cells it covers.
    pub(super) fn len(&self) -> usize {
        self.sides.len()
    }

    /// The neighbours of `cell`.
    ///
    /// # Panics
    /// If `cell` is off the grid.
    #[inline]
    pub(super) fn of(&self, cell: usize) -> Ring {
        let sides = self.sides[cell] as usize;
        let steps = &self.steps[sides];
        let c = cell as u32;
        Ring {
            cells: std::array::from_fn(|i| c.wrapping_add(steps[i])),
            len: self.counts[sides],
        }
    }
}

impl IntoIterator for Ring {
    type Item = usize;
    type IntoIter = std::iter::Map<std::iter::Take<std::array::IntoIter<u32, 8>>, fn(u32) -> usize>;

    #[inline]
    fn into_iter(self) -> Self::IntoIter {
        let widen: fn(u32) -> usize = |c| c as usize;
        self.cells.into_iter().take(self.len as usize).map(widen)
    }
}

impl Deref for Ring {
    type Target = [u32];

    #[inline]
    fn deref(&self) -> &[u32] {
        &self.cells[..self.len as usize]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_ring_is_the_grids_neighbours_in_order() {
        for (rows, cols) in [(1, 1), (1, 5), (5, 1), (2, 2), (3, 4), (7, 9)] {
            let grid = Grid::new(rows, cols);
            let rings = Rings::new(grid);
            assert_eq!(rings.len(), grid.len());
            for cell in 0..grid.len() {
                let expected: Vec<u32> = grid.neighbours(cell).map(|c| c as u32).collect();
                assert_eq!(
                    &rings.of(cell)[..],
                    &expected[..],
                    "{rows}x{cols} cell {cell}"
                );
            }
        }
    }
}
