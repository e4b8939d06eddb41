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
    /// By sides: the neighbours' offsets (wrapping), row-major, how many there are, and the
    /// direction of each.
    steps: [[u32; 8]; 16],
    counts: [u8; 16],
    directions: [[u8; 8]; 16],
}

/// The directions from a cell, row-major: (-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1),
/// (1, 0), (1, 1) as (rows, columns). A set of them is a `u8` (bit d for direction d): the
/// cells of a set, by ascending direction, are ascending.
pub(super) const DIRECTIONS: [(i8, i8); 8] = [
    (-1, -1),
    (-1, 0),
    (-1, 1),
    (0, -1),
    (0, 1),
    (1, -1),
    (1, 0),
    (1, 1),
];

/// The direction back: from the neighbour in direction `d`, the cell lies in direction
/// `opposite(d)`.
pub(super) fn opposite(d: u8) -> u8 {
    7 - d
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
        let mut directions = [[0u8; 8]; 16];
        for code in 0..16u8 {
            let mut len = 0;
            for (d, &(dr, dc)) in DIRECTIONS.iter().enumerate() {
                let off = match dr {
                    -1 => TOP,
                    1 => BOTTOM,
                    _ => 0,
                };
                let side = match dc {
                    -1 => LEFT,
                    1 => RIGHT,
                    _ => 0,
                };
                if code & off != 0 || code & side != 0 {
                    continue;
                }
                steps[code as usize][len] = (dr as i64 * cols as i64 + dc as i64) as u32;
                directions[code as usize][len] = d as u8;
                len += 1;
            }
            counts[code as usize] = len as u8;
        }
        Rings {
            sides,
            steps,
            counts,
            directions,
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

impl Rings {
    /// The neighbours of `cell`, each with the direction it lies in, as [`Rings::of`] orders
    /// them.
    #[inline]
    pub(super) fn directed(&self, cell: usize) -> impl Iterator<Item = (usize, u8)> + '_ {
        let sides = self.sides[cell] as usize;
        let c = cell as u32;
        (0..self.counts[sides] as usize).map(move |i| {
            (
                c.wrapping_add(self.steps[sides][i]) as usize,
                self.directions[sides][i],
            )
        })
    }

    /// The neighbours of `cell` in the directions of `set` (all on the board), ascending.
    #[inline]
    pub(super) fn in_directions(&self, cell: usize, set: u8) -> impl Iterator<Item = usize> + '_ {
        // Every direction's step is that of a cell with no side off the board.
        let steps = &self.steps[0];
        let c = cell as u32;
        let mut left = set;
        std::iter::from_fn(move || {
            if left == 0 {
                return None;
            }
            let d = left.trailing_zeros() as usize;
            left &= left - 1;
            Some(c.wrapping_add(steps[d]) as usize)
        })
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
                let (row, col) = grid.row_col(cell);
                let mut set = 0u8;
                for (next, d) in rings.directed(cell) {
                    let (dr, dc) = DIRECTIONS[d as usize];
                    let at = grid.index(
                        (row as i64 + dr as i64) as usize,
                        (col as i64 + dc as i64) as usize,
                    );
                    assert_eq!(next, at, "{rows}x{cols} cell {cell} direction {d}");
                    set |= 1 << d;
                }
                let back: Vec<u32> = rings.in_directions(cell, set).map(|c| c as u32).collect();
                assert_eq!(back, expected, "{rows}x{cols} cell {cell}");
            }
        }
    }
}
