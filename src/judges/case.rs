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
/// use minejudge::judges::{self, case::{Edit, Line}};
///
/// let mine_ops = judges::named("mine-ops").unwrap();
/// let case = mine_ops.parse_case(b"2 2\n*.\n..\nSweep 2 2\nFlag 1 1\nQuit\n").unwrap();
/// assert_eq!(case.edits()[0], Edit::Delete { start: 0, len: 2 });
/// let cut = case.apply(Edit::Cut { board: 0, line: Line::Row(0) }).unwrap();
/// assert_eq!(cut.render(), b"1 2\n..\nSweep 1 2\nQuit\n");
/// // A column inside the board: the operations right of it move left.
/// let case = mine_ops.parse_case(b"1 3\n*.*\nSweep 1 3\nQuit\n").unwrap();
/// let cut = case.apply(Edit::Cut { board: 0, line: Line::Col(1) }).unwrap();
/// assert_eq!(cut.render(), b"1 2\n**\nSweep 1 2\nQuit\n");
/// ```
pub trait Case: Debug + Send + Sync {
    /// The input text, as the judge's generator writes it.
    fn render(&self) -> Vec<u8>;

    /// Every edit that makes this case smaller, in the order to try them: entries of the main
    /// list first (operations, clicks, board-and-click pairs or boards), then rows and columns
    /// (the edges first, then those inside), then mines; large cuts before small ones. Every
    /// single entry, row, column and mine is among them, so that a case none of whose edits
    /// still fails is 1-minimal.
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
    /// Cut one row or column out of board `board`: what was below or right of it moves up or
    /// left, operations and clicks with it, and those on it go.
    Cut {
        /// Which board (0 when the case has one).
        board: usize,
        /// Which row or column.
        line: Line,
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

/// A row or a column of a board, 0-based.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Line {
    /// A row.
    Row(usize),
    /// A column.
    Col(usize),
}

/// The rows and columns a `rows` x `cols` board can lose, in the order cuts are tried: the four
/// edges (top, bottom, left, right), then the rows inside, then the columns inside. A board
/// keeps its last row and its last column.
pub(crate) fn lines(rows: usize, cols: usize) -> Vec<Line> {
    let mut out = Vec::new();
    if rows > 1 {
        out.extend([Line::Row(0), Line::Row(rows - 1)]);
    }
    if cols > 1 {
        out.extend([Line::Col(0), Line::Col(cols - 1)]);
    }
    out.extend((1..rows.saturating_sub(1)).map(Line::Row));
    out.extend((1..cols.saturating_sub(1)).map(Line::Col));
    out
}

/// Whether a `rows` x `cols` board can lose `line`: it is on the board, and not its only row
/// or column.
pub(crate) fn can_cut(rows: usize, cols: usize, line: Line) -> bool {
    match line {
        Line::Row(row) => row < rows && rows > 1,
        Line::Col(col) => col < cols && cols > 1,
    }
}

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
    /// The map without `line`; `None` if that is off the map or its last row or column.
    pub fn cut(&self, line: Line) -> Option<ByteBoard> {
        if !can_cut(self.rows, self.cols, line) {
            return None;
        }
        let (rows, cols) = match line {
            Line::Row(_) => (self.rows - 1, self.cols),
            Line::Col(_) => (self.rows, self.cols - 1),
        };
        let mut cells = Vec::with_capacity(rows * cols);
        for row in 0..self.rows {
            for col in 0..self.cols {
                if moved(line, (row, col)).is_some() {
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

/// Where `(row, col)` goes when `line` is cut; `None` if it is on that line.
pub(crate) fn moved(line: Line, (row, col): (usize, usize)) -> Option<(usize, usize)> {
    let shift = |at: usize, cut: usize| match at.cmp(&cut) {
        std::cmp::Ordering::Less => Some(at),
        std::cmp::Ordering::Equal => None,
        std::cmp::Ordering::Greater => Some(at - 1),
    };
    match line {
        Line::Row(cut) => Some((shift(row, cut)?, col)),
        Line::Col(cut) => Some((row, shift(col, cut)?)),
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

    /// The case with `edit` made: cutting a row or column drops the operations on it and
    /// moves the others with the map. `None` when the map cannot lose that line.
    pub fn apply(&self, edit: Edit) -> Option<MapAndOps<Op>> {
        let mut case = self.clone();
        match edit {
            Edit::Delete { start, len } => case.ops = deleted(&self.ops, start, len),
            Edit::Cut { line, .. } => {
                case.map = self.map.cut(line)?;
                case.ops = self
                    .ops
                    .iter()
                    .filter_map(|(r, c, op)| moved(line, (*r, *c)).map(|(r, c)| (r, c, op.clone())))
                    .collect();
            }
            Edit::Clear { start, len, .. } => case.map = self.map.clear(start, len),
        }
        Some(case)
    }
}

/// The edits of a case whose main list has `entries` entries and whose boards are `maps`:
/// deletions from the list, largest first, then every cut of each board (see [`lines`]), then
/// the clearing of each board's marked cells, largest first.
pub(crate) fn edits(entries: usize, maps: &[&ByteBoard]) -> Vec<Edit> {
    let mut edits: Vec<Edit> = chunks(entries)
        .into_iter()
        .map(|(start, len)| Edit::Delete { start, len })
        .collect();
    for (board, map) in maps.iter().enumerate() {
        edits.extend(
            lines(map.rows, map.cols)
                .into_iter()
                .map(|line| Edit::Cut { board, line }),
        );
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
    fn every_row_and_column_can_go_edges_first_but_the_last_one() {
        use Line::{Col, Row};
        assert_eq!(lines(1, 1), []);
        assert_eq!(lines(1, 2), [Col(0), Col(1)]);
        assert_eq!(
            lines(4, 3),
            [Row(0), Row(3), Col(0), Col(2), Row(1), Row(2), Col(1)]
        );
        let map = ByteBoard {
            rows: 3,
            cols: 3,
            cells: b"*..\n.*.\n..*"
                .iter()
                .copied()
                .filter(|&b| b != b'\n')
                .collect(),
            blank: b'.',
        };
        let cut = map.cut(Row(1)).unwrap().cut(Col(1)).unwrap();
        assert_eq!((cut.rows, cut.cols, &cut.cells[..]), (2, 2, &b"*..*"[..]));
        assert_eq!(map.cut(Col(3)), None, "off the map");
        assert_eq!(moved(Row(1), (2, 2)), Some((1, 2)));
        assert_eq!(moved(Col(1), (2, 1)), None);
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
