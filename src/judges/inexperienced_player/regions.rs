//! The regions of zeros, whose starts are the only ones worth playing (see [`Regions`]).

use crate::board::{Board, Cover, FlagsInCascade};

/// No region, no node, no parent, or the end of a list of children.
pub(super) const NONE: u32 = u32::MAX;

/// The regions of zeros. All 0 cells of one 8-connected region open at once, so they share one
/// end state, and one of them, the region's start, stands for them all.
pub(super) struct Regions {
    /// Per region, largest flood first (ties in row-major order): its first cell.
    pub(super) start: Vec<u32>,
    /// Per region, its flood: its cells and their numbered border, which opening it opens, less
    /// the border it shares with a region whose first cell comes earlier in row-major order
    /// (flooded first, which counts it).
    pub(super) flood: Vec<u32>,
    /// Per cell, its region ([`NONE`] for a cell that is not a safe 0).
    pub(super) of_cell: Vec<u32>,
}

impl Regions {
    /// The regions of zeros of `board`.
    ///
    /// # Complexity
    /// O(cells + regions log regions).
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

#[cfg(test)]
mod tests {
    use super::super::brute_force::{board, random_board};
    use super::*;
    use crate::rng::Rng;

    /// The regions found again by a plain search from each safe 0 cell through its 8
    /// neighbours, listed as [`Regions`] lists them: largest flood first (a border cell counted
    /// in the first region around it, in row-major order), then by first cell.
    fn regions_by_search(board: &Board) -> Regions {
        let (rows, cols) = (board.grid().rows() as i64, board.grid().cols() as i64);
        let around = |cell: usize| {
            let (row, col) = (cell as i64 / cols, cell as i64 % cols);
            let mut cells = Vec::new();
            for r in row - 1..=row + 1 {
                for c in col - 1..=col + 1 {
                    if (r, c) != (row, col) && (0..rows).contains(&r) && (0..cols).contains(&c) {
                        cells.push((r * cols + c) as usize);
                    }
                }
            }
            cells
        };
        let zero = |cell: usize| !board.is_mine(cell) && board.count(cell) == 0;
        let mut label = vec![NONE; board.grid().len()];
        let mut counted = vec![false; board.grid().len()];
        // (flood, first cell, its zeros)
        let mut found: Vec<(u32, u32, Vec<usize>)> = Vec::new();
        for first in 0..label.len() {
            if !zero(first) || label[first] != NONE {
                continue;
            }
            label[first] = found.len() as u32;
            let mut zeros = vec![first];
            let mut at = 0;
            while at < zeros.len() {
                for next in around(zeros[at]) {
                    if zero(next) && label[next] == NONE {
                        label[next] = found.len() as u32;
                        zeros.push(next);
                    }
                }
                at += 1;
            }
            // The zeros and the cells around them, each once, less those counted before.
            let mut flood: Vec<usize> = zeros.iter().flat_map(|&z| around(z)).collect();
            flood.extend(&zeros);
            flood.sort_unstable();
            flood.dedup();
            flood.retain(|&cell| !counted[cell]);
            for &cell in &flood {
                counted[cell] = true;
            }
            found.push((flood.len() as u32, first as u32, zeros));
        }
        found.sort_by_key(|&(flood, first, _)| (std::cmp::Reverse(flood), first));
        let mut of_cell = vec![NONE; label.len()];
        for (region, (_, _, zeros)) in found.iter().enumerate() {
            for &zero in zeros {
                of_cell[zero] = region as u32;
            }
        }
        Regions {
            start: found.iter().map(|&(_, first, _)| first).collect(),
            flood: found.iter().map(|&(flood, _, _)| flood).collect(),
            of_cell,
        }
    }

    fn assert_same(got: &Regions, want: &Regions, context: &str) {
        assert_eq!(got.start, want.start, "starts, {context}");
        assert_eq!(got.flood, want.flood, "floods, {context}");
        assert_eq!(got.of_cell, want.of_cell, "regions of the cells, {context}");
    }

    #[test]
    fn zeros_that_touch_only_at_a_corner_are_one_region() {
        // The 0s at the top left and those at the bottom right meet only corner to corner,
        // between two 1s: opening either opens the other.
        let board = board(&["...M", "....", "....", "M..."]);
        let regions = Regions::of(&board);
        let mut of_cell = vec![NONE; 16];
        for zero in [0, 1, 4, 5, 10, 11, 14, 15] {
            of_cell[zero] = 0;
        }
        let want = Regions {
            start: vec![0],
            flood: vec![14],
            of_cell,
        };
        assert_same(&regions, &want, "the corner");
        assert_same(&regions_by_search(&board), &want, "the plain search");
    }

    #[test]
    fn regions_come_largest_flood_first_then_in_row_major_order() {
        // Three regions: cell 0 (flood 2), cells 6 and 7 (flood 4), cell 11 (flood 2).
        let board = board(&["..M.M....M.."]);
        let regions = Regions::of(&board);
        assert_eq!(regions.len(), 3);
        let mut of_cell = vec![NONE; 12];
        of_cell[6] = 0;
        of_cell[7] = 0;
        of_cell[0] = 1;
        of_cell[11] = 2;
        let want = Regions {
            start: vec![6, 0, 11],
            flood: vec![4, 2, 2],
            of_cell,
        };
        assert_same(&regions, &want, "the row");
        assert_same(&regions_by_search(&board), &want, "the plain search");
    }

    #[test]
    fn a_border_cell_counts_in_the_flood_of_the_first_region_around_it() {
        // The 2 in the middle borders both 0 cells; each flood holds 4 cells.
        let board = board(&["M..", "...", "..M"]);
        let regions = Regions::of(&board);
        let mut of_cell = vec![NONE; 9];
        of_cell[2] = 0;
        of_cell[6] = 1;
        let want = Regions {
            start: vec![2, 6],
            flood: vec![4, 3],
            of_cell,
        };
        assert_same(&regions, &want, "the shared border");
        assert_same(&regions_by_search(&board), &want, "the plain search");
    }

    #[test]
    fn regions_match_a_plain_search_on_random_boards() {
        let mut rng = Rng::new(0x2e_9105);
        for case in 0..500 {
            // Sparse boards too, where regions are large and many.
            let board = random_board(&mut rng, 14);
            let context = format!("case {case}");
            assert_same(&Regions::of(&board), &regions_by_search(&board), &context);
        }
    }
}
