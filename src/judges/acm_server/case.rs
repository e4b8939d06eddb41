//! An `acm-server` input as a case `stress` can shrink: the map and the operations.

use crate::io::scanner::Scanner;
use crate::judges::acm_server::limits;
use crate::judges::case::{read_map, read_uint, Case, Edit, MapAndOps};
use crate::judges::generator::push_words;

/// An `X`/`.` map and its operations `(row, col, type)`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct AcmServerCase(MapAndOps<u8>);

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
        Some(AcmServerCase(MapAndOps { map, ops }))
    }
}

impl Case for AcmServerCase {
    fn render(&self) -> Vec<u8> {
        let MapAndOps { map, ops } = &self.0;
        let mut out = Vec::new();
        push_words(&mut out, &[], &[map.rows, map.cols]);
        map.push(&mut out);
        for &(row, col, kind) in ops {
            push_words(&mut out, &[], &[row, col, kind as usize]);
        }
        out
    }

    fn edits(&self) -> Vec<Edit> {
        self.0.edits()
    }

    fn apply(&self, edit: Edit) -> Option<Box<dyn Case>> {
        Some(Box::new(AcmServerCase(self.0.apply(edit)?)))
    }

    fn check_course(&self) -> Result<(), String> {
        let MapAndOps { map, ops } = &self.0;
        let mines = map.cells.iter().filter(|&&b| b == b'X').count();
        if let Some(&byte) = map.cells.iter().find(|&&b| b != b'X' && b != b'.') {
            return Err(format!("the byte {:?} is neither X nor .", byte as char));
        }
        limits::check(map.rows, map.cols, mines, ops)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::judges::case::Line;

    #[test]
    fn cutting_a_row_drops_its_operations_and_moves_the_rest() {
        let input = b"2 2\nX.\n..\n0 1 0\n1 1 2\n";
        let case = AcmServerCase::parse(input).unwrap();
        assert_eq!(case.render(), input);
        let top = case
            .apply(Edit::Cut {
                board: 0,
                line: Line::Row(0),
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
