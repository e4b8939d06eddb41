//! The grid every binary shares: size, mine map, neighbour counts, cover state and flood reveal.
//!
//! Cells are addressed by row-major index `row * cols + col`, 0-based. Nothing here knows any
//! protocol's text format: binaries parse their input, build a [`Board`], keep a [`Cover`] and
//! print what it reports.

/// The shape of a rectangular grid and its 8-neighbourhood. Cells are row-major indices.
///
/// # Examples
///
/// ```
/// use minejudge::board::Grid;
///
/// let grid = Grid::new(3, 4);
/// assert_eq!(grid.index(1, 2), 6);
/// assert_eq!(grid.row_col(6), (1, 2));
/// assert_eq!(grid.neighbours(0).collect::<Vec<_>>(), [1, 4, 5]);
/// assert!(!grid.contains(-1, 0));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Grid {
    rows: usize,
    cols: usize,
}

impl Grid {
    /// The most cells a grid may have: cell lists are `u32`.
    pub const MAX_CELLS: usize = u32::MAX as usize;

    /// A `rows` x `cols` grid.
    ///
    /// # Panics
    /// If either side is zero or the grid has more than [`Grid::MAX_CELLS`] cells; binaries check
    /// sizes while parsing and report them as input errors before they get here.
    pub fn new(rows: usize, cols: usize) -> Grid {
        assert!(rows > 0 && cols > 0, "empty grid {rows}x{cols}");
        assert!(
            rows.checked_mul(cols).is_some_and(|n| n <= Grid::MAX_CELLS),
            "grid {rows}x{cols} too large"
        );
        Grid { rows, cols }
    }

    /// The number of rows.
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// The number of columns.
    pub fn cols(&self) -> usize {
        self.cols
    }

    /// The number of cells.
    pub fn len(&self) -> usize {
        self.rows * self.cols
    }

    /// Always false: a grid has at least one cell. Here for clippy's `len_without_is_empty`.
    pub fn is_empty(&self) -> bool {
        false
    }

    /// Whether a signed (row, col) pair lies on the grid.
    pub fn contains(&self, row: i64, col: i64) -> bool {
        row >= 0 && col >= 0 && (row as u64) < self.rows as u64 && (col as u64) < self.cols as u64
    }

    /// The index of (row, col). The pair must be on the grid.
    pub fn index(&self, row: usize, col: usize) -> usize {
        debug_assert!(row < self.rows && col < self.cols);
        row * self.cols + col
    }

    /// The (row, col) of an index.
    pub fn row_col(&self, index: usize) -> (usize, usize) {
        (index / self.cols, index % self.cols)
    }

    /// The up to 8 cells around `index`, in row-major order, the cell itself excluded.
    pub fn neighbours(&self, index: usize) -> Neighbours {
        let (row, col) = self.row_col(index);
        let row_first = row.saturating_sub(1);
        let col_first = col.saturating_sub(1);
        Neighbours {
            cols: self.cols,
            centre: index,
            row: row_first,
            row_last: (row + 1).min(self.rows - 1),
            col: col_first,
            col_first,
            col_last: (col + 1).min(self.cols - 1),
        }
    }
}

/// Iterator over the neighbours of one cell; see [`Grid::neighbours`].
#[derive(Clone, Debug)]
pub struct Neighbours {
    cols: usize,
    centre: usize,
    row: usize,
    row_last: usize,
    col: usize,
    col_first: usize,
    col_last: usize,
}

impl Iterator for Neighbours {
    type Item = usize;

    #[inline]
    fn next(&mut self) -> Option<usize> {
        loop {
            if self.row > self.row_last {
                return None;
            }
            let index = self.row * self.cols + self.col;
            if self.col == self.col_last {
                self.col = self.col_first;
                self.row += 1;
            } else {
                self.col += 1;
            }
            if index != self.centre {
                return Some(index);
            }
        }
    }
}

/// The hidden truth of a game: where the mines are, and every cell's neighbouring mine count.
///
/// # Examples
///
/// ```
/// use minejudge::board::{Board, Grid};
///
/// // *..
/// // ...
/// let board = Board::from_mines(Grid::new(2, 3), [0]);
/// assert_eq!((board.mines(), board.safe_cells()), (1, 5));
/// assert_eq!((board.count(1), board.count(2), board.count(4)), (1, 0, 1));
/// ```
#[derive(Clone, Debug)]
pub struct Board {
    grid: Grid,
    mine: Vec<bool>,
    count: Vec<u8>,
    mines: usize,
}

impl Board {
    /// A board from its mine map (`mine[i]` true for a mine); counts are computed once here.
    ///
    /// # Panics
    /// If `mine.len() != grid.len()`.
    ///
    /// # Complexity
    /// O(cells + 8 * mines).
    pub fn new(grid: Grid, mine: Vec<bool>) -> Board {
        assert_eq!(mine.len(), grid.len(), "mine map of the wrong size");
        let mut count = vec![0u8; grid.len()];
        let mut mines = 0;
        for (index, _) in mine.iter().enumerate().filter(|(_, &m)| m) {
            mines += 1;
            for next in grid.neighbours(index) {
                count[next] += 1;
            }
        }
        Board {
            grid,
            mine,
            count,
            mines,
        }
    }

    /// A board from a list of mine indices; an index listed twice is one mine.
    ///
    /// # Panics
    /// If an index is off the grid.
    pub fn from_mines(grid: Grid, mines: impl IntoIterator<Item = usize>) -> Board {
        let mut mine = vec![false; grid.len()];
        for index in mines {
            mine[index] = true;
        }
        Board::new(grid, mine)
    }

    /// The board's shape.
    pub fn grid(&self) -> Grid {
        self.grid
    }

    /// Whether `index` holds a mine.
    pub fn is_mine(&self, index: usize) -> bool {
        self.mine[index]
    }

    /// The number of mines among the neighbours of `index` (0..=8).
    pub fn count(&self, index: usize) -> u8 {
        self.count[index]
    }

    /// The number of mines on the board.
    pub fn mines(&self) -> usize {
        self.mines
    }

    /// The number of safe cells on the board.
    pub fn safe_cells(&self) -> usize {
        self.grid.len() - self.mines
    }
}

/// What the player has done to a cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u8)]
pub enum CellState {
    /// Not opened, not flagged.
    Closed,
    /// Flagged by the player (not opened).
    Flagged,
    /// Opened: its count is shown.
    Open,
}

/// Whether a cascade from a 0 cell opens flagged neighbours (clearing the flag) or leaves them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FlagsInCascade {
    /// The flag is removed and the cell opened (Windows; the THU `mine-ops` judge).
    Cleared,
    /// The flagged cell stays closed and flagged (the ACM-class server).
    Kept,
}

/// What [`Cover::chord`] did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Chord {
    /// The cell is not open: nothing happens.
    NotOpen,
    /// The cell's number is 0, or the flags around it are not as many: nothing happens.
    Unsatisfied,
    /// This closed, unflagged neighbour is a mine (the first in row-major order): the game is
    /// lost, and nothing was opened.
    Mine(usize),
    /// The closed, unflagged neighbours were opened, with their cascades: this many cells (0
    /// when every neighbour was already open or flagged).
    Opened(usize),
}

/// The player's side of a game: each cell closed, flagged or open, and how many safe cells are
/// still not open.
///
/// # Examples
///
/// ```
/// use minejudge::board::{Board, Cover, FlagsInCascade, Grid};
///
/// // ....
/// // ...*
/// let board = Board::from_mines(Grid::new(2, 4), [7]);
/// let mut cover = Cover::new(&board);
/// let mut opened = Vec::new();
/// // A 0 cell opens the flood around it.
/// assert_eq!(cover.reveal_from(&board, 0, FlagsInCascade::Cleared, &mut opened), 6);
/// assert_eq!(cover.safe_closed(), 1);
/// assert!(!cover.is_open(3), "a 1 is not expanded");
/// ```
#[derive(Clone, Debug)]
pub struct Cover {
    state: Vec<CellState>,
    safe_closed: usize,
}

impl Cover {
    /// Every cell closed.
    pub fn new(board: &Board) -> Cover {
        Cover {
            state: vec![CellState::Closed; board.grid().len()],
            safe_closed: board.safe_cells(),
        }
    }

    /// What the player has done to `index`.
    pub fn state(&self, index: usize) -> CellState {
        self.state[index]
    }

    /// Whether `index` is open.
    pub fn is_open(&self, index: usize) -> bool {
        self.state[index] == CellState::Open
    }

    /// Sets a closed or flagged cell's flag; an open cell cannot be flagged.
    ///
    /// # Panics
    /// If the cell is open.
    pub fn set_flag(&mut self, index: usize, flagged: bool) {
        assert!(self.state[index] != CellState::Open, "flag on an open cell");
        self.state[index] = if flagged {
            CellState::Flagged
        } else {
            CellState::Closed
        };
    }

    /// Opens one cell without a cascade, for a position that arrives part-played: its cascades
    /// already happened, and a later [`Cover::reveal_from`] must leave the cell as it is. An open
    /// mine is one the player revealed. Marking an open cell again does nothing.
    pub fn mark_open(&mut self, board: &Board, index: usize) {
        if self.state[index] == CellState::Open {
            return;
        }
        self.state[index] = CellState::Open;
        if !board.is_mine(index) {
            self.safe_closed -= 1;
        }
    }

    /// Closes an open cell again, undoing its opening: one `Cover` can then replay many games
    /// on the same board without being rebuilt.
    ///
    /// # Panics
    /// If the cell is not open.
    pub fn close(&mut self, board: &Board, index: usize) {
        assert!(
            self.state[index] == CellState::Open,
            "close on a cell that is not open"
        );
        self.state[index] = CellState::Closed;
        if !board.is_mine(index) {
            self.safe_closed += 1;
        }
    }

    /// The number of flagged cells around `index`.
    pub fn flags_around(&self, grid: Grid, index: usize) -> usize {
        grid.neighbours(index)
            .filter(|&next| self.state[next] == CellState::Flagged)
            .count()
    }

    /// The chord (Windows' two-button click, THU's DSweep): on an open, non-zero number with
    /// exactly as many flags around it, opens every closed, unflagged neighbour through
    /// [`Cover::reveal_from`], appending the newly opened cells to `opened`. If one of those
    /// neighbours is a mine, opens nothing and names it.
    pub fn chord(
        &mut self,
        board: &Board,
        index: usize,
        flags: FlagsInCascade,
        opened: &mut Vec<u32>,
    ) -> Chord {
        if !self.is_open(index) {
            return Chord::NotOpen;
        }
        let grid = board.grid();
        let number = board.count(index) as usize;
        if number == 0 || self.flags_around(grid, index) != number {
            return Chord::Unsatisfied;
        }
        let closed = |next: &usize| self.state[*next] == CellState::Closed;
        if let Some(mine) = grid
            .neighbours(index)
            .filter(closed)
            .find(|&next| board.is_mine(next))
        {
            return Chord::Mine(mine);
        }
        let mut newly = 0;
        for next in grid.neighbours(index) {
            if self.state[next] == CellState::Closed {
                newly += self.reveal_from(board, next, flags, opened);
            }
        }
        Chord::Opened(newly)
    }

    /// The number of safe cells not open yet; the game is won when it reaches 0.
    pub fn safe_closed(&self) -> usize {
        self.safe_closed
    }

    /// Opens the safe cell `start` and, from every opened cell whose count is 0, its closed
    /// neighbours (and flagged ones if `flags` is [`FlagsInCascade::Cleared`]), transitively.
    /// Appends every newly opened cell to `opened`, in the order opened, and returns how many.
    /// Opening a cell that is already open does nothing and returns 0.
    ///
    /// The flood is iterative: `opened` itself is its queue, so a 1000x1000 board of zeros needs
    /// no recursion and no second buffer.
    ///
    /// # Panics
    /// If `start` is a mine (callers decide what a click on a mine means).
    ///
    /// # Complexity
    /// O(8 * newly opened cells).
    pub fn reveal_from(
        &mut self,
        board: &Board,
        start: usize,
        flags: FlagsInCascade,
        opened: &mut Vec<u32>,
    ) -> usize {
        assert!(!board.is_mine(start), "reveal_from on a mine");
        if self.state[start] == CellState::Open {
            return 0;
        }
        let first = opened.len();
        self.state[start] = CellState::Open;
        opened.push(start as u32);
        let grid = board.grid();
        let mut next_to_expand = first;
        while next_to_expand < opened.len() {
            let index = opened[next_to_expand] as usize;
            next_to_expand += 1;
            if board.count(index) != 0 {
                continue;
            }
            for next in grid.neighbours(index) {
                let opens = match self.state[next] {
                    CellState::Closed => true,
                    CellState::Flagged => flags == FlagsInCascade::Cleared,
                    CellState::Open => false,
                };
                if opens {
                    // A neighbour of a 0 cell is never a mine.
                    self.state[next] = CellState::Open;
                    opened.push(next as u32);
                }
            }
        }
        let newly = opened.len() - first;
        self.safe_closed -= newly;
        newly
    }
}

/// Sorts a list of distinct cell indices ascending, i.e. by row, then column.
///
/// Large lists that cover a dense range (a big cascade) are sorted through a bitset in
/// O(len + range / 64) instead of O(len log len); `scratch` keeps that bitset between calls.
pub(crate) fn sort_cells(cells: &mut [u32], scratch: &mut Vec<u64>) {
    if cells.len() < 256 {
        cells.sort_unstable();
        return;
    }
    let low = *cells.iter().min().expect("non-empty") as usize;
    let high = *cells.iter().max().expect("non-empty") as usize;
    let range = high - low + 1;
    if range / 64 > cells.len() * 4 {
        cells.sort_unstable();
        return;
    }
    let words = (range + 63) / 64;
    scratch.clear();
    scratch.resize(words, 0);
    for &cell in cells.iter() {
        let offset = cell as usize - low;
        scratch[offset / 64] |= 1 << (offset % 64);
    }
    let mut out = 0;
    for (word_index, &word) in scratch.iter().enumerate() {
        let mut bits = word;
        while bits != 0 {
            let bit = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            cells[out] = (low + word_index * 64 + bit) as u32;
            out += 1;
        }
    }
    debug_assert_eq!(out, cells.len(), "sort_cells needs distinct cells");
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// A board drawn as rows of `*` (mine) and `.` (safe); other modules' tests use it too.
    pub(crate) fn board_from(rows: &[&str]) -> Board {
        let grid = Grid::new(rows.len(), rows[0].len());
        let mine = rows
            .iter()
            .flat_map(|row| row.bytes().map(|b| b == b'*'))
            .collect();
        Board::new(grid, mine)
    }

    #[test]
    fn neighbours_at_corners_edges_and_inside() {
        let grid = Grid::new(3, 4);
        assert_eq!(grid.neighbours(0).collect::<Vec<_>>(), vec![1, 4, 5]);
        assert_eq!(grid.neighbours(11).collect::<Vec<_>>(), vec![6, 7, 10]);
        assert_eq!(
            grid.neighbours(5).collect::<Vec<_>>(),
            vec![0, 1, 2, 4, 6, 8, 9, 10]
        );
        assert_eq!(grid.neighbours(4).collect::<Vec<_>>(), vec![0, 1, 5, 8, 9]);
        assert_eq!(Grid::new(1, 1).neighbours(0).count(), 0);
        assert_eq!(
            Grid::new(1, 3).neighbours(1).collect::<Vec<_>>(),
            vec![0, 2]
        );
    }

    #[test]
    fn contains_rejects_negative_and_large() {
        let grid = Grid::new(2, 3);
        assert!(grid.contains(1, 2));
        assert!(!grid.contains(-1, 0));
        assert!(!grid.contains(2, 0));
        assert!(!grid.contains(0, 3));
        assert!(!grid.contains(i64::MIN, i64::MAX));
    }

    #[test]
    fn counts_and_mines() {
        let board = board_from(&["...", "..*", "..."]);
        let counts: Vec<u8> = (0..9).map(|i| board.count(i)).collect();
        assert_eq!(counts, vec![0, 1, 1, 0, 1, 0, 0, 1, 1]);
        assert_eq!(board.mines(), 1);
        assert_eq!(board.safe_cells(), 8);
        let twice = Board::from_mines(Grid::new(2, 2), [0, 0]);
        assert_eq!(twice.mines(), 1);
    }

    #[test]
    fn reveal_cascades_through_zeros_only() {
        let board = board_from(&["...", "..*", "..."]);
        let mut cover = Cover::new(&board);
        let mut opened = Vec::new();
        assert_eq!(
            cover.reveal_from(&board, 0, FlagsInCascade::Cleared, &mut opened),
            6
        );
        let mut sorted = opened.clone();
        sorted.sort();
        assert_eq!(sorted, vec![0, 1, 3, 4, 6, 7]);
        assert_eq!(cover.safe_closed(), 2);
        assert_eq!(
            cover.reveal_from(&board, 0, FlagsInCascade::Cleared, &mut opened),
            0
        );
    }

    #[test]
    fn cascade_clears_or_keeps_flags() {
        let board = board_from(&["....", "....", "...*"]);
        for (flags, expect_open) in [
            (FlagsInCascade::Cleared, true),
            (FlagsInCascade::Kept, false),
        ] {
            let mut cover = Cover::new(&board);
            cover.set_flag(1, true);
            let mut opened = Vec::new();
            cover.reveal_from(&board, 0, flags, &mut opened);
            assert_eq!(cover.is_open(1), expect_open);
            assert_eq!(cover.state(1) == CellState::Flagged, !expect_open);
        }
    }

    #[test]
    fn large_all_safe_flood_has_no_recursion() {
        let grid = Grid::new(1000, 1000);
        let board = Board::new(grid, vec![false; grid.len()]);
        let mut cover = Cover::new(&board);
        let mut opened = Vec::new();
        cover.reveal_from(&board, 500_500, FlagsInCascade::Cleared, &mut opened);
        assert_eq!(opened.len(), 1_000_000);
        assert_eq!(cover.safe_closed(), 0);
    }

    #[test]
    fn cascade_stops_at_cells_marked_open() {
        let board = board_from(&["....", "....", "...*"]);
        let mut cover = Cover::new(&board);
        cover.mark_open(&board, 1);
        cover.mark_open(&board, 1);
        cover.mark_open(&board, 11);
        assert_eq!(cover.safe_closed(), 10);
        let mut opened = Vec::new();
        cover.reveal_from(&board, 0, FlagsInCascade::Cleared, &mut opened);
        assert!(!opened.contains(&1), "{opened:?}");
        assert_eq!(opened.len(), 10);
        assert_eq!(cover.safe_closed(), 0);
        assert!(cover.is_open(11));
    }

    #[test]
    fn close_undoes_a_reveal() {
        let board = board_from(&["...", "..*", "..."]);
        let mut cover = Cover::new(&board);
        let mut opened = Vec::new();
        cover.reveal_from(&board, 0, FlagsInCascade::Kept, &mut opened);
        for &cell in &opened {
            cover.close(&board, cell as usize);
        }
        assert_eq!(cover.safe_closed(), 8);
        assert!((0..9).all(|i| cover.state(i) == CellState::Closed));
        opened.clear();
        assert_eq!(
            cover.reveal_from(&board, 0, FlagsInCascade::Kept, &mut opened),
            6
        );
    }

    #[test]
    fn chord_needs_an_open_satisfied_number_and_loses_on_a_wrong_flag() {
        let board = board_from(&["*..", "...", "..*"]);
        let grid = board.grid();
        let mut cover = Cover::new(&board);
        let mut opened = Vec::new();
        let flags = FlagsInCascade::Cleared;
        assert_eq!(cover.chord(&board, 4, flags, &mut opened), Chord::NotOpen);
        cover.reveal_from(&board, 4, flags, &mut opened);
        assert_eq!(
            cover.chord(&board, 4, flags, &mut opened),
            Chord::Unsatisfied
        );
        // A wrong flag: the mine at 0 is among the closed neighbours.
        cover.set_flag(2, true);
        cover.set_flag(8, true);
        assert_eq!(cover.chord(&board, 4, flags, &mut opened), Chord::Mine(0));
        assert_eq!(cover.safe_closed(), 6);
        // The right flags: every other neighbour opens.
        cover.set_flag(2, false);
        cover.set_flag(0, true);
        opened.clear();
        assert_eq!(cover.chord(&board, 4, flags, &mut opened), Chord::Opened(6));
        assert_eq!(opened.len(), 6);
        assert_eq!(cover.safe_closed(), 0);
        assert_eq!(cover.chord(&board, 4, flags, &mut opened), Chord::Opened(0));
        let zero = Board::from_mines(grid, []);
        let mut all_safe = Cover::new(&zero);
        all_safe.reveal_from(&zero, 4, flags, &mut opened);
        assert_eq!(
            all_safe.chord(&zero, 4, flags, &mut opened),
            Chord::Unsatisfied
        );
    }

    #[test]
    fn flags_around_counts_flags_only() {
        let board = board_from(&["*..", "...", "..."]);
        let mut cover = Cover::new(&board);
        cover.set_flag(0, true);
        cover.set_flag(2, true);
        assert_eq!(cover.flags_around(board.grid(), 4), 2);
        assert_eq!(cover.flags_around(board.grid(), 8), 0);
    }

    #[test]
    fn sort_cells_matches_std_sort() {
        let mut state = 12345u64;
        let mut scratch = Vec::new();
        for len in [0usize, 1, 5, 255, 256, 1000, 5000] {
            for spread in [1usize, 3, 1000] {
                let mut cells: Vec<u32> = (0..len as u32).map(|i| i * spread as u32 + 7).collect();
                for i in (1..cells.len()).rev() {
                    state = state
                        .wrapping_mul(6364136223846793005)
                        .wrapping_add(1442695040888963407);
                    cells.swap(i, (state >> 33) as usize % (i + 1));
                }
                let mut expected = cells.clone();
                expected.sort();
                sort_cells(&mut cells, &mut scratch);
                assert_eq!(cells, expected, "len {len} spread {spread}");
            }
        }
    }
}
