//! A `mine-ops` input as a case `stress` can shrink: the map and the operations.

use crate::io::scanner::Scanner;
use crate::judges::case::{read_map, read_uint, Case, Edit, MapAndOps};
use crate::judges::generator::push_words;
use crate::judges::mine_ops::limits;

const OPERATIONS: [&str; 3] = ["Flag", "Sweep", "DSweep"];

/// A `*`/`.` map and its operations `(row, col, name)` (1-based in the text, 0-based here),
/// then `Quit`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct MineOpsCase(MapAndOps<&'static str>);

impl MineOpsCase {
    /// `input` as the generator writes it; `None` for a text of another shape.
    pub fn parse(input: &[u8]) -> Option<MineOpsCase> {
        let mut scanner = Scanner::new(input);
        let map = read_map(&mut scanner, b'.')?;
        let mut ops = Vec::new();
        loop {
            let token = scanner.token()?;
            if token == b"Quit" {
                break;
            }
            let name = *OPERATIONS.iter().find(|name| name.as_bytes() == token)?;
            let row = read_uint(&mut scanner)?.checked_sub(1)?;
            let col = read_uint(&mut scanner)?.checked_sub(1)?;
            ops.push((row, col, name));
        }
        Some(MineOpsCase(MapAndOps { map, ops }))
    }
}

impl Case for MineOpsCase {
    fn render(&self) -> Vec<u8> {
        let MapAndOps { map, ops } = &self.0;
        let mut out = Vec::new();
        push_words(&mut out, &[], &[map.rows, map.cols]);
        map.push(&mut out);
        for &(row, col, name) in ops {
            push_words(&mut out, &[name.as_bytes()], &[row + 1, col + 1]);
        }
        out.extend_from_slice(b"Quit\n");
        out
    }

    fn edits(&self) -> Vec<Edit> {
        self.0.edits()
    }

    fn apply(&self, edit: Edit) -> Option<Box<dyn Case>> {
        Some(Box::new(MineOpsCase(self.0.apply(edit)?)))
    }

    fn check_course(&self) -> Result<(), String> {
        let MapAndOps { map, ops } = &self.0;
        limits::check(
            map.rows,
            map.cols,
            ops.iter().map(|&(row, col, _)| (row, col)),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::judges::case::Line;

    #[test]
    fn cutting_a_row_or_column_moves_the_operations_and_drops_those_on_it() {
        let input = b"2 3\n*..\n..*\nSweep 1 2\nFlag 2 3\nDSweep 2 1\nQuit\n";
        let case = MineOpsCase::parse(input).unwrap();
        assert_eq!(case.render(), input);
        let cut = |line| {
            let case = case.apply(Edit::Cut { board: 0, line }).unwrap();
            String::from_utf8(case.render()).unwrap()
        };
        assert_eq!(cut(Line::Row(0)), "1 3\n..*\nFlag 1 3\nDSweep 1 1\nQuit\n");
        assert_eq!(
            cut(Line::Col(0)),
            "2 2\n..\n.*\nSweep 1 1\nFlag 2 2\nQuit\n"
        );
        assert_eq!(
            cut(Line::Col(2)),
            "2 2\n*.\n..\nSweep 1 2\nDSweep 2 1\nQuit\n"
        );
        // Inside: the column right of the cut one moves left; the operation on it goes.
        assert_eq!(
            cut(Line::Col(1)),
            "2 2\n*.\n.*\nFlag 2 2\nDSweep 2 1\nQuit\n"
        );
        assert!(
            case.apply(Edit::Cut {
                board: 0,
                line: Line::Row(2)
            })
            .is_none(),
            "off the map"
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
        assert_eq!(
            MineOpsCase::parse(b"1 1\n.\nSweep 0 1\nQuit\n"),
            None,
            "0 is off"
        );
    }
}
