//! Each judge's input as a structure that can be made smaller: parsed from the text `gen`
//! writes, cut down one edit at a time (fewer operations, clicks, boards; rows and columns cut
//! from the edges; mines removed), and written back in the same form. An edit may leave an
//! input the judge refuses: the shrinker checks every candidate with our `solve` first.

use crate::games::Judge;
use crate::io::output::push_uint;
use crate::io::scanner::Scanner;

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

const EDGES: [Edge; 4] = [Edge::Top, Edge::Bottom, Edge::Left, Edge::Right];

/// A judge's input, parsed.
///
/// # Examples
///
/// ```
/// use minejudge::games::Judge;
/// use minejudge::stress::cases::{Case, Edge, Edit};
///
/// let case = Case::parse(Judge::MineOps, b"2 2\n*.\n..\nSweep 2 2\nFlag 1 1\nQuit\n").unwrap();
/// assert_eq!(case.edits()[0], Edit::Delete { start: 0, len: 2 });
/// let cut = case.apply(Edit::Cut { board: 0, edge: Edge::Top }).unwrap();
/// assert_eq!(cut.render(), b"1 2\n..\nSweep 1 2\nQuit\n");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Case {
    /// `mine-ops`: a `*`/`.` map and 1-based operations (kept 0-based here), then `Quit`.
    MineOps {
        /// The map.
        map: Map,
        /// `(name, row, col)`, 0-based.
        ops: Vec<(&'static str, usize, usize)>,
    },
    /// `jlu-panel`: the mines and clicks as listed.
    JluPanel {
        /// Rows.
        rows: usize,
        /// Columns.
        cols: usize,
        /// The mines as listed (one may be listed twice).
        mines: Vec<(usize, usize)>,
        /// The clicks.
        clicks: Vec<(usize, usize)>,
    },
    /// `update-board`: boards and their clicks.
    UpdateBoard {
        /// Each board (`E` blank; `M`, `B`, `X`, digits marked) and its click.
        pairs: Vec<(Map, (usize, usize))>,
    },
    /// `acm-server`: an `X`/`.` map and operations `row col type`.
    AcmServer {
        /// The map.
        map: Map,
        /// `(row, col, type)`.
        ops: Vec<(usize, usize, u8)>,
    },
    /// `inexperienced-player`: `M`/`.` boards, then `0 0`.
    InexperiencedPlayer {
        /// The boards.
        boards: Vec<Map>,
    },
}

/// A board of bytes, row-major; `blank` is the byte of a cell with nothing on it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Map {
    /// Rows.
    pub rows: usize,
    /// Columns.
    pub cols: usize,
    /// The cells' bytes.
    pub cells: Vec<u8>,
    /// The byte of an empty cell: `.`, or `E` on a LeetCode board.
    pub blank: u8,
}

impl Map {
    /// The map without the row or column at `edge`; `None` if that is its last one.
    fn cut(&self, edge: Edge) -> Option<Map> {
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
        Some(Map {
            rows,
            cols,
            cells,
            blank: self.blank,
        })
    }

    fn marked(&self) -> usize {
        self.cells.iter().filter(|&&b| b != self.blank).count()
    }

    /// The map with `len` marked cells blank, from the `start`-th marked one.
    fn clear(&self, start: usize, len: usize) -> Map {
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

    fn push(&self, out: &mut Vec<u8>) {
        for row in self.cells.chunks(self.cols) {
            out.extend_from_slice(row);
            out.push(b'\n');
        }
    }
}

/// Where `(row, col)` of a `rows` x `cols` board goes when `edge` is cut; `None` if it is cut.
fn moved(
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
fn chunks(len: usize) -> Vec<(usize, usize)> {
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

fn deleted<T: Clone>(items: &[T], start: usize, len: usize) -> Vec<T> {
    let mut kept = items.to_vec();
    kept.drain(start..start + len);
    kept
}

const MINE_OPS: [&str; 3] = ["Flag", "Sweep", "DSweep"];

impl Case {
    /// Parses `input` as `gen` writes it for `judge`; `None` for a text of another shape.
    pub fn parse(judge: Judge, input: &[u8]) -> Option<Case> {
        let mut scanner = Scanner::new(input);
        let case = match judge {
            Judge::MineOps => {
                let map = read_map(&mut scanner, b'.')?;
                let mut ops = Vec::new();
                loop {
                    let token = scanner.token()?;
                    if token == b"Quit" {
                        break;
                    }
                    let name = *MINE_OPS.iter().find(|name| name.as_bytes() == token)?;
                    let row = read_uint(&mut scanner)?.checked_sub(1)?;
                    let col = read_uint(&mut scanner)?.checked_sub(1)?;
                    ops.push((name, row, col));
                }
                Case::MineOps { map, ops }
            }
            Judge::AcmServer => {
                let map = read_map(&mut scanner, b'.')?;
                let mut ops = Vec::new();
                while !scanner.at_end() {
                    let row = read_uint(&mut scanner)?;
                    let col = read_uint(&mut scanner)?;
                    ops.push((row, col, read_uint(&mut scanner)? as u8));
                }
                Case::AcmServer { map, ops }
            }
            Judge::JluPanel => {
                let rows = read_uint(&mut scanner)?;
                let cols = read_uint(&mut scanner)?;
                let (k, l) = (read_uint(&mut scanner)?, read_uint(&mut scanner)?);
                let mut pairs = |count: usize| {
                    (0..count)
                        .map(|_| Some((read_uint(&mut scanner)?, read_uint(&mut scanner)?)))
                        .collect::<Option<Vec<_>>>()
                };
                let mines = pairs(k)?;
                let clicks = pairs(l)?;
                Case::JluPanel {
                    rows,
                    cols,
                    mines,
                    clicks,
                }
            }
            Judge::InexperiencedPlayer => {
                let mut boards = Vec::new();
                loop {
                    let map = read_map(&mut scanner, b'.')?;
                    if map.rows == 0 {
                        break;
                    }
                    boards.push(map);
                }
                Case::InexperiencedPlayer { boards }
            }
            Judge::UpdateBoard => {
                let text: Vec<u8> = input
                    .iter()
                    .copied()
                    .filter(|b| !b.is_ascii_whitespace())
                    .collect();
                let mut at = &text[..];
                let mut pairs = Vec::new();
                while !at.is_empty() {
                    pairs.push(read_leetcode_pair(&mut at)?);
                }
                Case::UpdateBoard { pairs }
            }
        };
        Some(case)
    }

    /// The input text, as `gen` writes it.
    pub fn render(&self) -> Vec<u8> {
        let mut out = Vec::new();
        let line = |out: &mut Vec<u8>, word: &str, numbers: &[usize]| {
            out.extend_from_slice(word.as_bytes());
            for (i, &number) in numbers.iter().enumerate() {
                if i > 0 || !word.is_empty() {
                    out.push(b' ');
                }
                push_uint(out, number as u64);
            }
            out.push(b'\n');
        };
        match self {
            Case::MineOps { map, ops } => {
                line(&mut out, "", &[map.rows, map.cols]);
                map.push(&mut out);
                for &(name, row, col) in ops {
                    line(&mut out, name, &[row + 1, col + 1]);
                }
                out.extend_from_slice(b"Quit\n");
            }
            Case::AcmServer { map, ops } => {
                line(&mut out, "", &[map.rows, map.cols]);
                map.push(&mut out);
                for &(row, col, kind) in ops {
                    line(&mut out, "", &[row, col, kind as usize]);
                }
            }
            Case::JluPanel {
                rows,
                cols,
                mines,
                clicks,
            } => {
                line(&mut out, "", &[*rows, *cols, mines.len(), clicks.len()]);
                for &(row, col) in mines.iter().chain(clicks) {
                    line(&mut out, "", &[row, col]);
                }
            }
            Case::InexperiencedPlayer { boards } => {
                for map in boards {
                    line(&mut out, "", &[map.rows, map.cols]);
                    map.push(&mut out);
                }
                out.extend_from_slice(b"0 0\n");
            }
            Case::UpdateBoard { pairs } => {
                for (map, (row, col)) in pairs {
                    out.push(b'[');
                    for (r, cells) in map.cells.chunks(map.cols).enumerate() {
                        out.extend_from_slice(if r == 0 { b"[" } else { b",[" });
                        for (c, &cell) in cells.iter().enumerate() {
                            if c > 0 {
                                out.push(b',');
                            }
                            out.extend_from_slice(&[b'"', cell, b'"']);
                        }
                        out.push(b']');
                    }
                    out.extend_from_slice(b"]\n[");
                    push_uint(&mut out, *row as u64);
                    out.push(b',');
                    push_uint(&mut out, *col as u64);
                    out.extend_from_slice(b"]\n");
                }
            }
        }
        out
    }

    /// The main list's length and the boards, for the edits.
    fn parts(&self) -> (usize, Vec<&Map>) {
        match self {
            Case::MineOps { map, ops } => (ops.len(), vec![map]),
            Case::AcmServer { map, ops } => (ops.len(), vec![map]),
            Case::JluPanel { clicks, .. } => (clicks.len(), Vec::new()),
            Case::UpdateBoard { pairs } => (pairs.len(), pairs.iter().map(|p| &p.0).collect()),
            Case::InexperiencedPlayer { boards } => (boards.len(), boards.iter().collect()),
        }
    }

    /// Every edit that makes this case smaller, in the order to try them: entries of the
    /// main list first, then rows and columns, then mines; large cuts before small ones.
    pub fn edits(&self) -> Vec<Edit> {
        let (entries, maps) = self.parts();
        let mut edits: Vec<Edit> = chunks(entries)
            .into_iter()
            .map(|(start, len)| Edit::Delete { start, len })
            .collect();
        if let Case::JluPanel {
            rows, cols, mines, ..
        } = self
        {
            for edge in EDGES {
                let side = if matches!(edge, Edge::Top | Edge::Bottom) {
                    rows
                } else {
                    cols
                };
                if *side > 1 {
                    edits.push(Edit::Cut { board: 0, edge });
                }
            }
            edits.extend(
                chunks(mines.len())
                    .into_iter()
                    .map(|(start, len)| Edit::Clear {
                        board: 0,
                        start,
                        len,
                    }),
            );
            return edits;
        }
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

    /// The case with `edit` made; `None` when the edit does not apply (a LeetCode click on
    /// the cut edge).
    pub fn apply(&self, edit: Edit) -> Option<Case> {
        let mut case = self.clone();
        match (&mut case, edit) {
            (Case::MineOps { ops, .. }, Edit::Delete { start, len }) => {
                *ops = deleted(ops, start, len)
            }
            (Case::AcmServer { ops, .. }, Edit::Delete { start, len }) => {
                *ops = deleted(ops, start, len)
            }
            (Case::JluPanel { clicks, .. }, Edit::Delete { start, len }) => {
                *clicks = deleted(clicks, start, len)
            }
            (Case::UpdateBoard { pairs }, Edit::Delete { start, len }) => {
                *pairs = deleted(pairs, start, len)
            }
            (Case::InexperiencedPlayer { boards }, Edit::Delete { start, len }) => {
                *boards = deleted(boards, start, len)
            }
            (Case::MineOps { map, ops }, Edit::Cut { edge, .. }) => {
                let (rows, cols) = (map.rows, map.cols);
                *map = map.cut(edge)?;
                *ops = ops
                    .iter()
                    .filter_map(|&(name, r, c)| {
                        moved(edge, rows, cols, (r, c)).map(|(r, c)| (name, r, c))
                    })
                    .collect();
            }
            (Case::AcmServer { map, ops }, Edit::Cut { edge, .. }) => {
                let (rows, cols) = (map.rows, map.cols);
                *map = map.cut(edge)?;
                *ops = ops
                    .iter()
                    .filter_map(|&(r, c, kind)| {
                        moved(edge, rows, cols, (r, c)).map(|(r, c)| (r, c, kind))
                    })
                    .collect();
            }
            (
                Case::JluPanel {
                    rows,
                    cols,
                    mines,
                    clicks,
                },
                Edit::Cut { edge, .. },
            ) => {
                let (old_rows, old_cols) = (*rows, *cols);
                match edge {
                    Edge::Top | Edge::Bottom if *rows > 1 => *rows -= 1,
                    Edge::Left | Edge::Right if *cols > 1 => *cols -= 1,
                    _ => return None,
                }
                let keep = |cells: &[(usize, usize)]| -> Vec<(usize, usize)> {
                    cells
                        .iter()
                        .filter_map(|&cell| moved(edge, old_rows, old_cols, cell))
                        .collect()
                };
                *mines = keep(mines);
                *clicks = keep(clicks);
            }
            (Case::UpdateBoard { pairs }, Edit::Cut { board, edge }) => {
                let (map, click) = pairs.get_mut(board)?;
                *click = moved(edge, map.rows, map.cols, *click)?;
                *map = map.cut(edge)?;
            }
            (Case::InexperiencedPlayer { boards }, Edit::Cut { board, edge }) => {
                let map = boards.get_mut(board)?;
                *map = map.cut(edge)?;
            }
            (Case::JluPanel { mines, .. }, Edit::Clear { start, len, .. }) => {
                *mines = deleted(mines, start, len)
            }
            (
                Case::MineOps { map, .. } | Case::AcmServer { map, .. },
                Edit::Clear { start, len, .. },
            ) => *map = map.clear(start, len),
            (Case::UpdateBoard { pairs }, Edit::Clear { board, start, len }) => {
                let map = &mut pairs.get_mut(board)?.0;
                *map = map.clear(start, len);
            }
            (Case::InexperiencedPlayer { boards }, Edit::Clear { board, start, len }) => {
                let map = boards.get_mut(board)?;
                *map = map.clear(start, len);
            }
        }
        Some(case)
    }
}

fn read_uint(scanner: &mut Scanner) -> Option<usize> {
    let token = scanner.token()?;
    std::str::from_utf8(token).ok()?.parse().ok()
}

/// `rows cols` and the rows of a map; a `0 0` header gives an empty map.
fn read_map(scanner: &mut Scanner, blank: u8) -> Option<Map> {
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
    Some(Map {
        rows,
        cols,
        cells,
        blank,
    })
}

/// One LeetCode board `[["E","M"],...]` and click `[r,c]`, whitespace already removed.
fn read_leetcode_pair(at: &mut &[u8]) -> Option<(Map, (usize, usize))> {
    if !at.starts_with(b"[[") {
        return None;
    }
    let end = at.windows(2).position(|w| w == b"]]")? + 2;
    let board = &at[1..end - 1];
    let rows: Vec<&[u8]> = board
        .split(|&b| b == b']')
        .filter(|r| !r.is_empty())
        .collect();
    let mut cells = Vec::new();
    for row in &rows {
        let row = row.strip_prefix(b",").unwrap_or(row).strip_prefix(b"[")?;
        for cell in row.split(|&b| b == b',') {
            match cell {
                [b'"', byte, b'"'] => cells.push(*byte),
                _ => return None,
            }
        }
    }
    let cols = cells.len() / rows.len().max(1);
    let rest = &at[end..];
    let close = rest.iter().position(|&b| b == b']')?;
    let click = std::str::from_utf8(rest.get(1..close)?).ok()?;
    let (row, col) = click.split_once(',')?;
    *at = &rest[close + 1..];
    let map = Map {
        rows: rows.len(),
        cols,
        cells,
        blank: b'E',
    };
    (map.rows * map.cols == map.cells.len()).then_some(())?;
    Some((map, (row.parse().ok()?, col.parse().ok()?)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::inputs::{Knobs, Size};

    #[test]
    fn every_generated_input_parses_and_renders_back_byte_for_byte() {
        for judge in Judge::ALL {
            for seed in 0..150 {
                let size = if seed % 5 == 0 {
                    Size::Medium
                } else {
                    Size::Small
                };
                let input = judge.generate(seed, size, &Knobs::default());
                let case = Case::parse(judge, &input).unwrap_or_else(|| {
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

    #[test]
    fn cutting_an_edge_moves_the_operations_and_drops_those_on_it() {
        let input = b"2 3\n*..\n..*\nSweep 1 2\nFlag 2 3\nDSweep 2 1\nQuit\n";
        let case = Case::parse(Judge::MineOps, input).unwrap();
        let cut = |edge| {
            let case = case.apply(Edit::Cut { board: 0, edge }).unwrap();
            String::from_utf8(case.render()).unwrap()
        };
        assert_eq!(cut(Edge::Top), "1 3\n..*\nFlag 1 3\nDSweep 1 1\nQuit\n");
        assert_eq!(cut(Edge::Left), "2 2\n..\n.*\nSweep 1 1\nFlag 2 2\nQuit\n");
        assert_eq!(
            cut(Edge::Right),
            "2 2\n*.\n..\nSweep 1 2\nDSweep 2 1\nQuit\n"
        );
        let cleared = case
            .apply(Edit::Clear {
                board: 0,
                start: 1,
                len: 1,
            })
            .unwrap();
        assert_eq!(&cleared.render()[..12], b"2 3\n*..\n...\n");
        let fewer = case.apply(Edit::Delete { start: 0, len: 2 }).unwrap();
        assert_eq!(&fewer.render()[12..], b"DSweep 2 1\nQuit\n");
    }

    #[test]
    fn a_leetcode_click_on_a_cut_edge_refuses_the_cut() {
        let input = b"[[\"E\",\"M\"],[\"B\",\"1\"]]\n[1,0]\n";
        let case = Case::parse(Judge::UpdateBoard, input).unwrap();
        assert_eq!(
            case.apply(Edit::Cut {
                board: 0,
                edge: Edge::Bottom
            }),
            None
        );
        let top = case
            .apply(Edit::Cut {
                board: 0,
                edge: Edge::Top,
            })
            .unwrap();
        assert_eq!(top.render(), b"[[\"B\",\"1\"]]\n[0,0]\n");
        let cleared = case
            .apply(Edit::Clear {
                board: 0,
                start: 0,
                len: 3,
            })
            .unwrap();
        assert_eq!(cleared.render(), b"[[\"E\",\"E\"],[\"E\",\"E\"]]\n[1,0]\n");
    }

    #[test]
    fn jlu_mines_are_listed_entries() {
        let input = b"2 2 2 1\n0 0\n1 1\n0 1\n";
        let case = Case::parse(Judge::JluPanel, input).unwrap();
        let edits = case.edits();
        assert_eq!(edits[0], Edit::Delete { start: 0, len: 1 });
        let no_mine = case
            .apply(Edit::Clear {
                board: 0,
                start: 0,
                len: 2,
            })
            .unwrap();
        assert_eq!(no_mine.render(), b"2 2 0 1\n0 1\n");
        let right = case
            .apply(Edit::Cut {
                board: 0,
                edge: Edge::Right,
            })
            .unwrap();
        assert_eq!(right.render(), b"2 1 1 0\n0 0\n");
    }
}
