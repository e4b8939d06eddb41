//! A `jlu-panel` input as a case `stress` can shrink: its mines are listed entries, so cutting
//! an edge drops those on it and clearing a mine deletes it from the list.

use crate::io::scanner::Scanner;
use crate::judges::case::{can_cut, chunks, deleted, lines, moved, read_uint, Case, Edit, Line};
use crate::judges::generator::push_words;
use crate::judges::jlu_panel::limits;

/// The board's size, and the mines and clicks as listed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct JluPanelCase {
    rows: usize,
    cols: usize,
    /// The mines as listed (one may be listed twice).
    mines: Vec<(usize, usize)>,
    clicks: Vec<(usize, usize)>,
}

impl JluPanelCase {
    /// `input` as the generator writes it; `None` for a text of another shape.
    pub fn parse(input: &[u8]) -> Option<JluPanelCase> {
        let mut scanner = Scanner::new(input);
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
        Some(JluPanelCase {
            rows,
            cols,
            mines,
            clicks,
        })
    }
}

impl Case for JluPanelCase {
    fn render(&self) -> Vec<u8> {
        let mut out = Vec::new();
        let header = [self.rows, self.cols, self.mines.len(), self.clicks.len()];
        push_words(&mut out, &[], &header);
        for &(row, col) in self.mines.iter().chain(&self.clicks) {
            push_words(&mut out, &[], &[row, col]);
        }
        out
    }

    fn edits(&self) -> Vec<Edit> {
        let mut edits: Vec<Edit> = chunks(self.clicks.len())
            .into_iter()
            .map(|(start, len)| Edit::Delete { start, len })
            .collect();
        edits.extend(
            lines(self.rows, self.cols)
                .into_iter()
                .map(|line| Edit::Cut { board: 0, line }),
        );
        edits.extend(
            chunks(self.mines.len())
                .into_iter()
                .map(|(start, len)| Edit::Clear {
                    board: 0,
                    start,
                    len,
                }),
        );
        edits
    }

    fn apply(&self, edit: Edit) -> Option<Box<dyn Case>> {
        let mut case = self.clone();
        match edit {
            Edit::Delete { start, len } => case.clicks = deleted(&self.clicks, start, len),
            Edit::Cut { line, .. } => {
                if !can_cut(self.rows, self.cols, line) {
                    return None;
                }
                match line {
                    Line::Row(_) => case.rows -= 1,
                    Line::Col(_) => case.cols -= 1,
                }
                let keep = |cells: &[(usize, usize)]| -> Vec<(usize, usize)> {
                    cells.iter().filter_map(|&cell| moved(line, cell)).collect()
                };
                case.mines = keep(&self.mines);
                case.clicks = keep(&self.clicks);
            }
            Edit::Clear { start, len, .. } => case.mines = deleted(&self.mines, start, len),
        }
        Some(Box::new(case))
    }

    fn check_course(&self) -> Result<(), String> {
        limits::check(self.rows, self.cols, &self.mines, &self.clicks)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn jlu_mines_are_listed_entries() {
        let input = b"2 2 2 1\n0 0\n1 1\n0 1\n";
        let case = JluPanelCase::parse(input).unwrap();
        assert_eq!(case.render(), input);
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
                line: Line::Col(1),
            })
            .unwrap();
        assert_eq!(right.render(), b"2 1 1 0\n0 0\n");
    }
}
