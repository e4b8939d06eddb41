//! The regions of zeros, whose starts are the only ones worth playing (see [`Regions`]).

use crate::board::{Board, Cover, FlagsInCascade};

/// No region, no node, no parent, or the end of a list of children.
pub(super) const NONE: u32 = u32::MAX;

/// The regions of zeros. All 0 cells of one 8-connected region open at once, so they share one
/// end state, and one of them, the region's start, stands for them all.
pub(super) struct Regions {
    /// Per region, largest flood first (ties in row-major order): its first cell.
    pub(super) start: Vec<u32>,
    /// Per region, its flood: its cells and their numbered border, which opening it opens.
    pub(super) flood: Vec<u32>,
    /// Per cell, its region ([`NONE`] for a cell that is not a safe 0).
    pub(super) of_cell: Vec<u32>,
}

impl Regions {
    pub(super) fn of(board: &Board) -> Regions {
        let cells = board.grid().len();
        let mut flooded = Cover::new(board);
        let mut opened = Vec::new();
        let mut of_cell = vec![NONE; cells];
        // (flood, start) in row-major order of the starts.
        let mut found: Vec<(u32, u32)> = Vec::new();
        for cell in 0..cells {
            if board.count(cell) == 0 && !board.is_mine(cell) && !flooded.is_open(cell) {
                opened.clear();
                let flood = flooded.reveal_from(board, cell, FlagsInCascade::Kept, &mut opened);
                for &zero in opened.iter().filter(|&&at| board.count(at as usize) == 0) {
                    of_cell[zero as usize] = found.len() as u32;
                }
                found.push((flood as u32, cell as u32));
            }
        }
        let mut order: Vec<u32> = (0..found.len() as u32).collect();
        order.sort_unstable_by_key(|&region| (std::cmp::Reverse(found[region as usize].0), region));
        let mut rank = vec![0; found.len()];
        for (at, &region) in order.iter().enumerate() {
            rank[region as usize] = at as u32;
        }
        for region in of_cell.iter_mut().filter(|region| **region != NONE) {
            *region = rank[*region as usize];
        }
        let field = |pick: fn(&(u32, u32)) -> u32| {
            order
                .iter()
                .map(|&region| pick(&found[region as usize]))
                .collect()
        };
        Regions {
            start: field(|&(_, start)| start),
            flood: field(|&(flood, _)| flood),
            of_cell,
        }
    }

    pub(super) fn len(&self) -> usize {
        self.start.len()
    }
}
