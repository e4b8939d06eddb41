//! What the judges' shrinkable cases share: the [`Case`] trait that `stress` shrinks through,
//! the [`Edit`]s that make a case smaller, and maps of bytes cut at their edges and cleared
//! cell by cell. Each judge's case (parsed from the text its generator writes, and written back
//! in the same form) is in its folder. An edit may leave an input the judge refuses: the
//! shrinker checks every candidate with our `solve` first.

use crate::io::scanner::Scanner;
use std::fmt::Debug;

/// A judge's input, parsed, that can be made smaller one [`Edit`] at a time.
///
/// # Examples
///
/// ```
/// use minejudge::judges::{self, case::{Edge, Edit}};
///
/// let mine_ops = judges::named("mine-ops").unwrap();
/// let case = mine_ops.parse_case(b"2 2\n*.\n..\nSweep 2 2\nFlag 1 1\nQuit\n").unwrap();
/// assert_eq!(case.edits()[0], Edit::Delete { start: 0, len: 2 });
/// let cut = case.apply(Edit::Cut { board: 0, edge: Edge::Top }).unwrap();
/// assert_eq!(cut.render(), b"1 2\n..\nSweep 1 2\nQuit\n");
/// ```
pub trait Case: Debug + Send + Sync {
    /// The input text, as the judge's generator writes it.
    fn render(&self) -> Vec<u8>;

    /// Every edit that makes this case smaller, in the order to try them: entries of the main
    /// list first (operations, clicks, board-and-click pairs or boards), then rows and columns,
    /// then mines; large cuts before small ones.
    fn edits(&self) -> Vec<Edit>;

    /// The case with `edit` made; `None` when the edit does not apply.
    fn apply(&self, edit: Edit) -> Option<Box<dyn Case>>;

    /// Whether the case is inside the course's limits (its judge's `limits.rs`); else the
    /// first limit it breaks.
    fn check_course(&self) -> Result<(), String>;
}

/// One way to make a case smaller.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Edit {
    /// Delete `len` entries from `start` of the case's main list (operations, clicks,
    /// board-and-click pairs or boards).
    Delete {
        /// The first entry deleted.
        start: usize,
        /// How many.
        len: usize,
    },
    /// Cut one row or column off an edge of board `board`.
    Cut {
        /// Which board (0 when the case has one).
        board: usize,
        /// Which edge.
        edge: Edge,
    },
    /// Clear `len` of the marked cells of board `board` (mines, or a LeetCode board's open
    /// cells), from the `start`-th in row-major order.
    Clear {
        /// Which board.
        board: usize,
        /// The first marked cell cleared, counting marked cells only.
        start: usize,
        /// How many.
        len: usize,
    },
}

/// An edge of a board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Edge {
    /// The first row.
    Top,
    /// The last row.
    Bottom,
    /// The first column.
    Left,
    /// The last column.
    Right,
}

/// The four edges, in the order cuts are tried.
pub(crate) const EDGES: [Edge; 4] = [Edge::Top, Edge::Bottom, Edge::Left, Edge::Right];

/// A board of bytes, row-major; `blank` is the byte of a cell with nothing on it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct ByteBoard {
    /// Rows.
    pub rows: usize,
    /// Columns.
    pub cols: usize,
    /// The cells' bytes.
    pub cells: Vec<u8>,
    /// The byte of an empty cell: `.`, or `E` on a LeetCode board.
    pub blank: u8,
}

impl ByteBoard {
    /// The map without the row or column at `edge`; `None` if that is its last one.
    pub fn cut(&self, edge: Edge) -> Option<ByteBoard> {
        let (rows, cols) = match edge {
            Edge::Top | Edge::Bottom if self.rows > 1 => (self.rows - 1, self.cols),
            Edge::Left | Edge::Right if self.cols > 1 => (self.rows, self.cols - 1),
            _ => return None,
        };
        let mut cells = Vec::with_capacity(rows * cols);
        for row in 0..self.rows {
            for col in 0..self.cols {
                if moved(edge, self.rows, self.cols, (row, col)).is_some() {
                    cells.push(self.cells[row * self.cols + col]);
                }
            }
        }
        Some(ByteBoard {
            rows,
            cols,
            cells,
            blank: self.blank,
        })
    }

    /// How many cells are not blank.
    pub fn marked(&self) -> usize {
        self.cells.iter().filter(|&&b| b != self.blank).count()
    }

    /// The map with `len` marked cells blank, from the `start`-th marked one.
    pub fn clear(&self, start: usize, len: usize) -> ByteBoard {
        let mut map = self.clone();
        let blank = self.blank;
        map.cells
            .iter_mut()
            .filter(|b| **b != blank)
            .skip(start)
            .take(len)
            .for_each(|b| *b = blank);
        map
    }

    /// Appends the rows, one line each.
    pub fn push(&self, out: &mut Vec<u8>) {
        for row in self.cells.chunks(self.cols) {
            out.extend_from_slice(row);
            out.push(b'\n');
        }
    }
}

/// Where `(row, col)` of a `rows` x `cols` board goes when `edge` is cut; `None` if it is cut.
pub(crate) fn moved(
    edge: Edge,
    rows: usize,
    cols: usize,
    (row, col): (usize, usize),
) -> Option<(usize, usize)> {
    match edge {
        Edge::Top => (row > 0).then(|| (row - 1, col)),
        Edge::Bottom => (row + 1 < rows).then_some((row, col)),
        Edge::Left => (col > 0).then(|| (row, col - 1)),
        Edge::Right => (col + 1 < cols).then_some((row, col)),
    }
}

/// Chunks of a list of `len` entries, largest first: all of it, halves, quarters, ... single
/// entries (as in delta debugging).
pub(crate) fn chunks(len: usize) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let mut size = len;
    while size > 0 {
        out.extend(
            (0..len)
                .step_by(size)
                .map(|start| (start, size.min(len - start))),
        );
        size /= 2;
    }
    out
}

/// `items` without the `len` entries from `start`.
pub(crate) fn deleted<T: Clone>(items: &[T], start: usize, len: usize) -> Vec<T> {
    let mut kept = items.to_vec();
    kept.drain(start..start + len);
    kept
}

/// The next token as an unsigned number.
pub(crate) fn read_uint(scanner: &mut Scanner) -> Option<usize> {
    let token = scanner.token()?;
    std::str::from_utf8(token).ok()?.parse().ok()
}

/// `rows cols` and the rows of a map; a `0 0` header gives an empty map.
pub(crate) fn read_map(scanner: &mut Scanner, blank: u8) -> Option<ByteBoard> {
    let rows = read_uint(scanner)?;
    let cols = read_uint(scanner)?;
    let mut cells = Vec::with_capacity(rows * cols);
    for _ in 0..rows {
        let row = scanner.token()?;
        if row.len() != cols {
            return None;
        }
        cells.extend_from_slice(row);
    }
    Some(ByteBoard {
        rows,
        cols,
        cells,
        blank,
    })
}

/// A map and operations on its cells, `(row, col, what)` 0-based: the cases of `mine-ops` and
/// `acm-server`, which differ only in how they read and write an operation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct MapAndOps<Op> {
    /// The map.
    pub map: ByteBoard,
    /// The operations, in order.
    pub ops: Vec<(usize, usize, Op)>,
}

impl<Op: Clone> MapAndOps<Op> {
    /// Fewer operations, then a smaller map, then fewer mines (see [`edits`]).
    pub fn edits(&self) -> Vec<Edit> {
        edits(self.ops.len(), &[&self.map])
    }

    /// The case with `edit` made: cutting an edge drops the operations on it and moves the
    /// others with the map. `None` when the map has no row or column left to cut.
    pub fn apply(&self, edit: Edit) -> Option<MapAndOps<Op>> {
        let mut case = self.clone();
        match edit {
            Edit::Delete { start, len } => case.ops = deleted(&self.ops, start, len),
            Edit::Cut { edge, .. } => {
                let (rows, cols) = (self.map.rows, self.map.cols);
                case.map = self.map.cut(edge)?;
                case.ops = self
                    .ops
                    .iter()
                    .filter_map(|(r, c, op)| {
                        moved(edge, rows, cols, (*r, *c)).map(|(r, c)| (r, c, op.clone()))
                    })
                    .collect();
            }
            Edit::Clear { start, len, .. } => case.map = self.map.clear(start, len),
        }
        Some(case)
    }
}

/// The edits of a case whose main list has `entries` entries and whose boards are `maps`:
/// deletions from the list, largest first, then every cut of each board, then the clearing of
/// each board's marked cells, largest first.
pub(crate) fn edits(entries: usize, maps: &[&ByteBoard]) -> Vec<Edit> {
    let mut edits: Vec<Edit> = chunks(entries)
        .into_iter()
        .map(|(start, len)| Edit::Delete { start, len })
        .collect();
    for (board, map) in maps.iter().enumerate() {
        for edge in EDGES {
            if map.cut(edge).is_some() {
                edits.push(Edit::Cut { board, edge });
            }
        }
    }
    for (board, map) in maps.iter().enumerate() {
        edits.extend(
            chunks(map.marked())
                .into_iter()
                .map(|(start, len)| Edit::Clear { board, start, len }),
        );
    }
    edits
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::judges::{self, Knobs, Size};

    #[test]
    fn every_generated_input_parses_and_renders_back_byte_for_byte() {
        for judge in judges::ALL {
            for seed in 0..150 {
                let size = if seed % 5 == 0 {
                    Size::Medium
                } else {
                    Size::Small
                };
                let input = judge.generate(seed, size, &Knobs::default());
                let case = judge.parse_case(&input).unwrap_or_else(|| {
                    panic!("{judge:?} seed {seed}: {}", String::from_utf8_lossy(&input))
                });
                assert_eq!(case.render(), input, "{judge:?} seed {seed}");
            }
        }
    }

    #[test]
    fn chunks_go_from_everything_to_single_entries() {
        assert_eq!(chunks(0), []);
        assert_eq!(chunks(3), [(0, 3), (0, 1), (1, 1), (2, 1)]);
        assert_eq!(
            chunks(4),
            [(0, 4), (0, 2), (2, 2), (0, 1), (1, 1), (2, 1), (3, 1)]
        );
    }
}
