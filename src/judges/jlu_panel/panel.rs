//! The JLU course's `RefreshGamePanel` (part (3)) as a library call, and the panel text its
//! console judge (part (1), `jlu-panel`) prints.
//!
//! The JLU game has no flags: a cell is closed or open, and a click on a 0 cell opens the usual
//! flood ([`Cover::reveal_from`]). A GUI or a solver keeps one [`Panel`] per game and calls
//! [`Panel::refresh`] for each click; [`Panel::values`] is the statement's `GamePanel` array.

use crate::board::{Board, Cover, FlagsInCascade, Grid};

/// What a click did to the game: the statement's return values -1, 1 and 0 (see
/// [`ClickOutcome::code`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ClickOutcome {
    /// The click was on a mine: the game is lost (-1).
    Lost,
    /// Every safe cell is open: the game is won (1).
    Won,
    /// The game goes on (0).
    Going,
}

impl ClickOutcome {
    /// The statement's integer: -1 lost, 1 won, 0 going on.
    pub fn code(self) -> i32 {
        match self {
            ClickOutcome::Lost => -1,
            ClickOutcome::Won => 1,
            ClickOutcome::Going => 0,
        }
    }
}

/// The value of a closed cell in [`Panel::values`].
pub const CLOSED: i8 = -1;

/// What the player sees of one game: each cell closed (-1) or open with its mine count.
///
/// # Examples
///
/// ```
/// use minejudge::board::{Board, Grid};
/// use minejudge::judges::jlu_panel::panel::{ClickOutcome, Panel};
///
/// let board = Board::from_mines(Grid::new(2, 2), [3]);
/// let mut panel = Panel::new(&board);
/// assert_eq!(panel.refresh(&board, 0), ClickOutcome::Going);
/// assert_eq!(panel.values(), [1, -1, -1, -1]);
/// panel.refresh(&board, 1);
/// assert_eq!(panel.refresh(&board, 2), ClickOutcome::Won);
/// let mut text = Vec::new();
/// panel.print(&mut text);
/// assert_eq!(text, b"1 1 \n1 -1 \n");
/// ```
#[derive(Clone, Debug)]
pub struct Panel {
    grid: Grid,
    cover: Cover,
    /// The statement's `GamePanel`, kept in step with `cover` so that reading or printing it
    /// costs one byte per cell.
    values: Vec<i8>,
    /// The cells the last refresh opened, in the order opened.
    opened: Vec<u32>,
}

impl Panel {
    /// A panel for `board` with every cell closed.
    pub fn new(board: &Board) -> Panel {
        let grid = board.grid();
        Panel {
            grid,
            cover: Cover::new(board),
            values: vec![CLOSED; grid.len()],
            opened: Vec::new(),
        }
    }

    /// The statement's `RefreshGamePanel`: applies a click on `cell` (row-major index) of
    /// `board`, the board this panel was made for.
    ///
    /// - On a mine: [`ClickOutcome::Lost`], and the panel is left as it was.
    /// - On a closed safe cell: opens it (and, from a 0 cell, the flood around it), then
    ///   [`ClickOutcome::Won`] if no safe cell is closed any more, else [`ClickOutcome::Going`].
    /// - On an open cell: changes nothing and reports the game as it stands ([`ClickOutcome::Won`]
    ///   if every safe cell is open, else [`ClickOutcome::Going`]); [`Panel::opened`] is then empty,
    ///   which is how a caller tells an ignored click apart. Callers may also ask
    ///   [`Panel::is_open`] first.
    ///
    /// # Complexity
    /// O(8 * newly opened cells).
    ///
    /// # Panics
    /// If `cell` is off the grid.
    pub fn refresh(&mut self, board: &Board, cell: usize) -> ClickOutcome {
        debug_assert_eq!(
            board.grid(),
            self.grid,
            "a panel refreshed against another board"
        );
        self.opened.clear();
        if board.is_mine(cell) {
            return ClickOutcome::Lost;
        }
        self.cover
            .reveal_from(board, cell, FlagsInCascade::Cleared, &mut self.opened);
        for &index in &self.opened {
            let index = index as usize;
            self.values[index] = board.count(index) as i8;
        }
        if self.cover.safe_closed() == 0 {
            ClickOutcome::Won
        } else {
            ClickOutcome::Going
        }
    }

    /// The panel's shape.
    pub fn grid(&self) -> Grid {
        self.grid
    }

    /// Whether `cell` is open.
    pub fn is_open(&self, cell: usize) -> bool {
        self.cover.is_open(cell)
    }

    /// The cells the last [`Panel::refresh`] opened, in the order opened; empty after a click
    /// on a mine or on an open cell.
    pub fn opened(&self) -> &[u32] {
        &self.opened
    }

    /// The statement's `GamePanel`, row-major: [`CLOSED`] (-1) for a closed cell, else the
    /// number of mines around it (0..=8).
    pub fn values(&self) -> &[i8] {
        &self.values
    }

    /// Appends the panel as the judge prints it: one line per row, each value followed by one
    /// space (so every line ends with a space), `-1` for a closed cell.
    ///
    /// # Complexity
    /// O(cells), at most 3 bytes per cell plus a newline per row.
    pub fn print(&self, out: &mut Vec<u8>) {
        // Each token is written as 3 bytes and the cursor moves by its length: a 2-byte token's
        // spare byte is overwritten by the next token or the row's newline.
        const TOKENS: [([u8; 3], usize); 10] = [
            (*b"-1 ", 3),
            (*b"0  ", 2),
            (*b"1  ", 2),
            (*b"2  ", 2),
            (*b"3  ", 2),
            (*b"4  ", 2),
            (*b"5  ", 2),
            (*b"6  ", 2),
            (*b"7  ", 2),
            (*b"8  ", 2),
        ];
        let cols = self.grid.cols();
        let start = out.len();
        out.resize(start + self.grid.rows() * (3 * cols + 1), 0);
        let text = &mut out[start..];
        let mut at = 0;
        for row in self.values.chunks_exact(cols) {
            for &value in row {
                let (bytes, len) = TOKENS[(value + 1) as usize];
                text[at..at + 3].copy_from_slice(&bytes);
                at += len;
            }
            text[at] = b'\n';
            at += 1;
        }
        out.truncate(start + at);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::tests::board_from;

    fn text(panel: &Panel) -> String {
        let mut out = b"kept".to_vec();
        panel.print(&mut out);
        assert!(out.starts_with(b"kept"), "print appends");
        String::from_utf8(out[4..].to_vec()).unwrap()
    }

    #[test]
    fn outcome_codes_are_the_statements() {
        assert_eq!(ClickOutcome::Lost.code(), -1);
        assert_eq!(ClickOutcome::Won.code(), 1);
        assert_eq!(ClickOutcome::Going.code(), 0);
    }

    #[test]
    fn numbers_open_alone_zeros_flood_then_win() {
        let board = board_from(&["....", "..*.", "...."]);
        let mut panel = Panel::new(&board);
        assert_eq!(text(&panel), "-1 -1 -1 -1 \n-1 -1 -1 -1 \n-1 -1 -1 -1 \n");
        assert_eq!(panel.refresh(&board, 1), ClickOutcome::Going);
        assert_eq!(panel.opened(), &[1], "a 1 cell opens alone");
        assert_eq!(panel.values()[..4], [-1, 1, -1, -1]);
        assert_eq!(panel.refresh(&board, 3), ClickOutcome::Going);
        assert_eq!(panel.refresh(&board, 11), ClickOutcome::Going);
        assert_eq!(text(&panel), "-1 1 -1 1 \n-1 -1 -1 -1 \n-1 -1 -1 1 \n");
        assert_eq!(panel.refresh(&board, 0), ClickOutcome::Going);
        let mut flood = panel.opened().to_vec();
        flood.sort_unstable();
        assert_eq!(flood, [0, 4, 5, 8, 9]);
        for cell in [2, 7] {
            assert_eq!(panel.refresh(&board, cell), ClickOutcome::Going);
        }
        assert_eq!(panel.refresh(&board, 10), ClickOutcome::Won);
        assert_eq!(text(&panel), "0 1 1 1 \n0 1 -1 1 \n0 1 1 1 \n");
    }

    #[test]
    fn zero_cell_opens_the_flood() {
        let board = board_from(&["*....", ".....", "....."]);
        let mut panel = Panel::new(&board);
        assert_eq!(panel.refresh(&board, 14), ClickOutcome::Won);
        assert_eq!(panel.opened().len(), 14);
        assert_eq!(text(&panel), "-1 1 0 0 0 \n1 1 0 0 0 \n0 0 0 0 0 \n");
    }

    #[test]
    fn mine_loses_and_changes_nothing() {
        let board = board_from(&["*.", ".."]);
        let mut panel = Panel::new(&board);
        assert_eq!(panel.refresh(&board, 1), ClickOutcome::Going);
        let before = panel.values().to_vec();
        assert_eq!(panel.refresh(&board, 0), ClickOutcome::Lost);
        assert_eq!(panel.values(), &before[..]);
        assert!(panel.opened().is_empty());
    }

    #[test]
    fn open_cell_is_ignored_and_reports_the_game() {
        let board = board_from(&["*.", ".."]);
        let mut panel = Panel::new(&board);
        panel.refresh(&board, 1);
        assert!(panel.is_open(1));
        assert_eq!(panel.refresh(&board, 1), ClickOutcome::Going);
        assert!(panel.opened().is_empty());
        panel.refresh(&board, 2);
        assert_eq!(panel.refresh(&board, 3), ClickOutcome::Won);
        assert_eq!(panel.refresh(&board, 3), ClickOutcome::Won);
        assert!(panel.opened().is_empty());
    }

    #[test]
    fn every_count_prints_as_one_digit() {
        let board = board_from(&["***", "*.*", "***"]);
        let mut panel = Panel::new(&board);
        assert_eq!(panel.refresh(&board, 4), ClickOutcome::Won);
        assert_eq!(text(&panel), "-1 -1 -1 \n-1 8 -1 \n-1 -1 -1 \n");
    }
}
