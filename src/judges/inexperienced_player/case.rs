//! An `inexperienced-player` input as a case `stress` can shrink: its `M`/`.` boards.

use crate::io::scanner::Scanner;
use crate::judges::case::{self, deleted, read_map, ByteBoard, Case, Edit};
use crate::judges::generator::push_words;
use crate::judges::inexperienced_player::limits;

/// The boards, before the closing `0 0`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InexperiencedPlayerCase {
    boards: Vec<ByteBoard>,
}

impl InexperiencedPlayerCase {
    /// `input` as the generator writes it; `None` for a text of another shape.
    pub fn parse(input: &[u8]) -> Option<InexperiencedPlayerCase> {
        let mut scanner = Scanner::new(input);
        let mut boards = Vec::new();
        loop {
            let map = read_map(&mut scanner, b'.')?;
            if map.rows == 0 {
                break;
            }
            boards.push(map);
        }
        Some(InexperiencedPlayerCase { boards })
    }
}

impl Case for InexperiencedPlayerCase {
    fn render(&self) -> Vec<u8> {
        let mut out = Vec::new();
        for map in &self.boards {
            push_words(&mut out, &[], &[map.rows, map.cols]);
            map.push(&mut out);
        }
        out.extend_from_slice(b"0 0\n");
        out
    }

    fn edits(&self) -> Vec<Edit> {
        let maps: Vec<&ByteBoard> = self.boards.iter().collect();
        case::edits(self.boards.len(), &maps)
    }

    fn apply(&self, edit: Edit) -> Option<Box<dyn Case>> {
        let mut case = self.clone();
        match edit {
            Edit::Delete { start, len } => case.boards = deleted(&self.boards, start, len),
            Edit::Cut { board, line } => {
                let map = case.boards.get_mut(board)?;
                *map = map.cut(line)?;
            }
            Edit::Clear { board, start, len } => {
                let map = case.boards.get_mut(board)?;
                *map = map.clear(start, len);
            }
        }
        Some(Box::new(case))
    }

    fn check_course(&self) -> Result<(), String> {
        let boards = self.boards.iter();
        limits::check(boards.map(|map| (map.rows, map.cols, &map.cells[..])))
    }
}
