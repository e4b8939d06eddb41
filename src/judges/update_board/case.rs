//! An `update-board` input as a case `stress` can shrink: its boards and their clicks. A
//! board's marked cells are all but `E`: clearing one makes it `E`.

use crate::io::output::push_uint;
use crate::judges::case::{self, deleted, moved, ByteBoard, Case, Edit};
use crate::judges::update_board::limits::{self, COURSE};
use crate::judges::update_board::solve::push_rows;

/// Each board and its click.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UpdateBoardCase {
    pairs: Vec<(ByteBoard, (usize, usize))>,
}

impl UpdateBoardCase {
    /// `input` as the generator writes it; `None` for a text of another shape.
    pub fn parse(input: &[u8]) -> Option<UpdateBoardCase> {
        let text: Vec<u8> = input
            .iter()
            .copied()
            .filter(|b| !b.is_ascii_whitespace())
            .collect();
        let mut at = &text[..];
        let mut pairs = Vec::new();
        while !at.is_empty() {
            pairs.push(read_pair(&mut at)?);
        }
        Some(UpdateBoardCase { pairs })
    }
}

impl Case for UpdateBoardCase {
    fn render(&self) -> Vec<u8> {
        let mut out = Vec::new();
        for (map, (row, col)) in &self.pairs {
            push_rows(
                &mut out,
                map.cells.chunks(map.cols).map(|r| r.iter().copied()),
            );
            out.extend_from_slice(b"\n[");
            push_uint(&mut out, *row as u64);
            out.push(b',');
            push_uint(&mut out, *col as u64);
            out.extend_from_slice(b"]\n");
        }
        out
    }

    fn edits(&self) -> Vec<Edit> {
        let maps: Vec<&ByteBoard> = self.pairs.iter().map(|pair| &pair.0).collect();
        case::edits(self.pairs.len(), &maps)
    }

    fn apply(&self, edit: Edit) -> Option<Box<dyn Case>> {
        let mut case = self.clone();
        match edit {
            Edit::Delete { start, len } => case.pairs = deleted(&self.pairs, start, len),
            Edit::Cut { board, line } => {
                let (map, click) = case.pairs.get_mut(board)?;
                // A click on the cut line refuses the cut: a board needs its click.
                *click = moved(line, *click)?;
                *map = map.cut(line)?;
            }
            Edit::Clear { board, start, len } => {
                let map = &mut case.pairs.get_mut(board)?.0;
                *map = map.clear(start, len);
            }
        }
        Some(Box::new(case))
    }

    fn check_course(&self) -> Result<(), String> {
        COURSE.check_ops(self.pairs.len(), "board-and-click pairs")?;
        for (at, (map, click)) in self.pairs.iter().enumerate() {
            limits::check_pair(map.rows, map.cols, &map.cells, *click)
                .map_err(|err| format!("board {}: {err}", at + 1))?;
        }
        Ok(())
    }
}

/// One LeetCode board `[["E","M"],...]` and click `[r,c]`, whitespace already removed.
fn read_pair(at: &mut &[u8]) -> Option<(ByteBoard, (usize, usize))> {
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
    let map = ByteBoard {
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
    use crate::judges::case::Line;

    #[test]
    fn a_leetcode_click_on_a_cut_line_refuses_the_cut() {
        let input = b"[[\"E\",\"M\"],[\"B\",\"1\"]]\n[1,0]\n";
        let case = UpdateBoardCase::parse(input).unwrap();
        assert_eq!(case.render(), input);
        let bottom = Edit::Cut {
            board: 0,
            line: Line::Row(1),
        };
        assert!(case.apply(bottom).is_none());
        let top = case
            .apply(Edit::Cut {
                board: 0,
                line: Line::Row(0),
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
}
