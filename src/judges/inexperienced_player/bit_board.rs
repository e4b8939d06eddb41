//! Boards of at most 64 cells, one bit per cell, and their search: each start's game played on
//! the whole board at once with masks. The judge's own boards have at most 40 cells, where
//! setting up the general search would cost far more than their games.
//!
//! A pass of a rule applies it at every open cell at once. By step 2 of the proof atop
//! `rules.rs`, rule 1 holds at an open cell exactly when every mine around it is flagged, and
//! rule 2 exactly when every safe cell around it is open; by step 4 the order the rules fire
//! in does not change the end state, so neither does playing them in passes.

/// A board of at most 64 cells: bit `row * cols + col` of each mask stands for that cell.
#[derive(Clone, Copy, Debug)]
pub(super) struct BitBoard {
    /// How far apart two cells above one another are: `cols`, or 0 on a board of one row,
    /// where a shift by 0 adds no neighbour (and one by 64 would overflow on 1x64).
    row_shift: u32,
    /// Every cell of the board.
    cells: u64,
    /// The cells not in the first column, and not in the last.
    not_first_col: u64,
    not_last_col: u64,
    mines: u64,
}

impl BitBoard {
    /// The most cells a board here has.
    pub(super) const MAX_CELLS: usize = 64;

    /// The `rows` x `cols` board with a mine on each set bit of `mines`.
    ///
    /// # Panics
    /// If a side is 0, if the board has more than [`BitBoard::MAX_CELLS`] cells, or if a bit of
    /// `mines` lies off it.
    pub(super) fn new(rows: usize, cols: usize, mines: u64) -> BitBoard {
        let len = rows * cols;
        assert!(
            rows > 0 && cols > 0 && len <= Self::MAX_CELLS,
            "{rows}x{cols}"
        );
        let cells = u64::MAX >> (Self::MAX_CELLS - len);
        assert_eq!(mines & !cells, 0, "a mine off the {rows}x{cols} board");
        let first_col = (0..rows).fold(0u64, |col, row| col | 1 << (row * cols));
        BitBoard {
            row_shift: if rows == 1 { 0 } else { cols as u32 },
            cells,
            not_first_col: cells & !first_col,
            not_last_col: cells & !(first_col << (cols - 1)),
            mines,
        }
    }

    /// The number of safe cells.
    pub(super) fn safe_cells(&self) -> usize {
        (self.cells & !self.mines).count_ones() as usize
    }

    /// `set` and every cell next to one of its cells.
    fn around(&self, set: u64) -> u64 {
        let row = set | ((set << 1) & self.not_first_col) | ((set >> 1) & self.not_last_col);
        (row | (row << self.row_shift) | (row >> self.row_shift)) & self.cells
    }

    /// The cells the game from the safe cell(s) `start` ends with open.
    ///
    /// Passes of rule 1 until it opens nothing more, then one of rule 2, and again until rule
    /// 2 flags nothing: while the flags stay, so do the cells next to an unflagged mine, and a
    /// pass of rule 1 costs one mask of neighbours. A long run of 0 cells, which opens one
    /// step per pass, costs little.
    pub(super) fn end_state(&self, start: u64) -> u64 {
        let safe = self.cells & !self.mines;
        let (mut open, mut flagged) = (start, 0);
        loop {
            let near_unflagged_mine = self.around(self.mines & !flagged);
            loop {
                let all_mines_flagged = open & !near_unflagged_mine;
                let next_open = open | (self.around(all_mines_flagged) & safe);
                if next_open == open {
                    break;
                }
                open = next_open;
            }
            let all_safe_open = open & !self.around(safe & !open);
            let next_flagged = flagged | (self.around(all_safe_open) & self.mines);
            if next_flagged == flagged {
                return open;
            }
            flagged = next_flagged;
        }
    }

    /// The fewest safe cells left closed over every safe start; the board must have one.
    ///
    /// A numbered start opens that cell alone (see [`fewest_closed`](super::fewest_closed)),
    /// so only 0 cells are played. A start that an earlier game opened is not played: by
    /// step 3 of the proof atop `rules.rs`, its game stays inside that game's end state,
    /// which is final, so it leaves at least as many cells closed.
    ///
    /// # Complexity
    /// At most 64 games. In a game every pass but the last of its loop opens or flags a cell,
    /// so it makes fewer than 3 x 64 passes, each a few operations on masks.
    pub(super) fn fewest_closed(&self) -> usize {
        let safe = self.safe_cells();
        let zeros = self.cells & !self.mines & !self.around(self.mines);
        let mut fewest = safe - 1;
        let mut untried = zeros;
        while untried != 0 && fewest > 0 {
            let start = untried & untried.wrapping_neg();
            let open = self.end_state(start);
            fewest = fewest.min(safe - open.count_ones() as usize);
            untried &= !open;
        }
        fewest
    }
}

#[cfg(test)]
mod tests {
    use super::super::brute_force::{self, board, from_scratch, random_board_of};
    use super::*;
    use crate::board::{Board, CellState};
    use crate::rng::Rng;

    /// Every board shape of at most 64 cells, 1x1 to 1x64, 8x8 and 64x1 among them.
    fn shapes() -> Vec<(usize, usize)> {
        let sides = |rows| (1..=64 / rows).map(move |cols| (rows, cols));
        (1..=64).flat_map(sides).collect()
    }

    fn bit_board(board: &Board) -> BitBoard {
        let grid = board.grid();
        let mines = (0..grid.len())
            .filter(|&cell| board.is_mine(cell))
            .fold(0, |bits, cell| bits | 1 << cell);
        BitBoard::new(grid.rows(), grid.cols(), mines)
    }

    /// The board as rows of `M` and `.`, for messages.
    fn map(board: &Board) -> Vec<String> {
        let grid = board.grid();
        let cell = |cell| if board.is_mine(cell) { 'M' } else { '.' };
        let row = |row| {
            (0..grid.cols())
                .map(|col| cell(grid.index(row, col)))
                .collect()
        };
        (0..grid.rows()).map(row).collect()
    }

    /// The cells of `state` in `wanted`, as bits.
    fn cells_in(state: &[CellState], wanted: CellState) -> u64 {
        let cells = state.iter().enumerate().filter(|&(_, &s)| s == wanted);
        cells.fold(0, |bits, (cell, _)| bits | 1 << cell)
    }

    #[test]
    fn the_masks_know_the_edges() {
        // The statement's sample, then boards on the edges of the masks.
        let cases: [(&[&str], usize); 9] = [
            (&["...", "...", "MM."], 0),
            (&["M.M.", ".M.M", "M.M."], 5),
            (
                &[
                    ".....", ".....", "MMM..", "M.M..", "MMM..", ".....", ".....",
                ],
                1,
            ),
            (&["...M", "....", "....", "M..."], 0),
            (&["M..", "...", "..M"], 3),
            (&[".M."], 1),
            (&["M", ".", "M"], 0),
            (&["..", ".M"], 2),
            (&["MMM", "M.M", "MMM"], 0),
        ];
        for (rows, want) in cases {
            let board = board(rows);
            assert_eq!(bit_board(&board).fewest_closed(), want, "{rows:?}");
        }
        let strip = BitBoard::new(1, 64, 1 << 63);
        assert_eq!(strip.around(1 << 62), 0b111 << 61);
        assert_eq!(strip.fewest_closed(), 0);
        let square = BitBoard::new(8, 8, 0);
        assert_eq!(square.around(1 << 7), 0b11 << 6 | 0b11 << 14);
        assert_eq!(square.around(1 << 8), 0b11 | 0b11 << 8 | 0b11 << 16);
    }

    /// The claim [`BitBoard::fewest_closed`] skips starts on, checked on the statement itself:
    /// a safe cell the game from `s` opens has a game that ends inside `s`'s end state.
    #[test]
    fn a_start_opened_by_a_game_ends_inside_its_end_state() {
        let seed = 20261126;
        let mut rng = Rng::new(seed);
        let mut inside = 0;
        for (rows, cols) in shapes().into_iter().cycle().take(600) {
            let board = random_board_of(&mut rng, rows, cols);
            for start in (0..board.grid().len()).filter(|&cell| !board.is_mine(cell)) {
                let end = from_scratch(&board, start);
                let opened = (0..end.len()).filter(|&cell| end[cell] == CellState::Open);
                for other in opened.filter(|&cell| cell != start) {
                    let other_end = from_scratch(&board, other);
                    let apart = (0..end.len()).find(|&cell| {
                        other_end[cell] != CellState::Closed && other_end[cell] != end[cell]
                    });
                    assert_eq!(
                        apart,
                        None,
                        "seed {seed}, {:?}, {start} then {other}",
                        map(&board)
                    );
                    inside += 1;
                }
            }
        }
        assert!(inside > 100_000, "seed {seed}: {inside} pairs");
    }

    #[test]
    fn a_games_end_state_is_the_statements() {
        let seed = 20261127;
        let mut rng = Rng::new(seed);
        for (rows, cols) in shapes().into_iter().cycle().take(6000) {
            let board = random_board_of(&mut rng, rows, cols);
            let bits = bit_board(&board);
            for start in (0..board.grid().len()).filter(|&cell| !board.is_mine(cell)) {
                let want = cells_in(&from_scratch(&board, start), CellState::Open);
                assert_eq!(
                    bits.end_state(1 << start),
                    want,
                    "seed {seed}, {:?}, start {start}",
                    map(&board)
                );
            }
        }
    }

    #[test]
    fn the_fewest_closed_is_the_statements() {
        let seed = 20261128;
        let mut rng = Rng::new(seed);
        let shapes = shapes();
        let mut played = 0;
        for (rows, cols) in shapes.iter().cycle().take(100 * shapes.len()) {
            let board = random_board_of(&mut rng, *rows, *cols);
            let want = brute_force::fewest_closed(&board);
            assert_eq!(
                bit_board(&board).fewest_closed(),
                want,
                "seed {seed}, {:?}",
                map(&board)
            );
            played += 1;
        }
        assert!(played >= 28_000, "seed {seed}: {played} boards");
    }
}
