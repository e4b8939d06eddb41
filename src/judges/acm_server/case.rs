//! An `acm-server` input as a case `stress` can shrink: the map and the operations.

use crate::io::scanner::Scanner;
use crate::judges::case::{self, deleted, moved, read_map, read_uint, ByteBoard, Case, Edit};
use crate::judges::generator::push_words;

/// An `X`/`.` map and its operations `(row, col, type)`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AcmServerCase {
    map: ByteBoard,
    ops: Vec<(usize, usize, u8)>,
}

impl AcmServerCase {
    /// `input` as the generator writes it; `None` for a text of another shape.
    pub fn parse(input: &[u8]) -> Option<AcmServerCase> {
        let mut scanner = Scanner::new(input);
        let map = read_map(&mut scanner, b'.')?;
        let mut ops = Vec::new();
        while !scanner.at_end() {
            let row = read_uint(&mut scanner)?;
            let col = read_uint(&mut scanner)?;
            ops.push((row, col, read_uint(&mut scanner)? as u8));
        }
        Some(AcmServerCase { map, ops })
    }
}

impl Case for AcmServerCase {
    fn render(&self) -> Vec<u8> {
        let mut out = Vec::new();
        push_words(&mut out, &[], &[self.map.rows, self.map.cols]);
        self.map.push(&mut out);
        for &(row, col, kind) in &self.ops {
            push_words(&mut out, &[], &[row, col, kind as usize]);
        }
        out
    }

    fn edits(&self) -> Vec<Edit> {
        case::edits(self.ops.len(), &[&self.map])
    }

    fn apply(&self, edit: Edit) -> Option<Box<dyn Case>> {
        let mut case = self.clone();
        match edit {
            Edit::Delete { start, len } => case.ops = deleted(&self.ops, start, len),
            Edit::Cut { edge, .. } => {
                let (rows, cols) = (self.map.rows, self.map.cols);
                case.map = self.map.cut(edge)?;
                case.ops = self
                    .ops
                    .iter()
                    .filter_map(|&(r, c, kind)| {
                        moved(edge, rows, cols, (r, c)).map(|(r, c)| (r, c, kind))
                    })
                    .collect();
            }
            Edit::Clear { start, len, .. } => case.map = self.map.clear(start, len),
        }
        Some(Box::new(case))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::judges::case::Edge;

    #[test]
    fn cutting_a_row_drops_its_operations_and_moves_the_rest() {
        let input = b"2 2\nX.\n..\n0 1 0\n1 1 2\n";
        let case = AcmServerCase::parse(input).unwrap();
        assert_eq!(case.render(), input);
        let top = case
            .apply(Edit::Cut {
                board: 0,
                edge: Edge::Top,
            })
            .unwrap();
        assert_eq!(top.render(), b"1 2\n..\n0 1 2\n");
        let cleared = case
            .apply(Edit::Clear {
                board: 0,
                start: 0,
                len: 1,
            })
            .unwrap();
        assert_eq!(&cleared.render()[..10], b"2 2\n..\n..\n");
    }
}
