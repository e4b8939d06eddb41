//! The JLU course "扫雷": the statement's `RefreshGamePanel` (part (3)) as a library call, the
//! panel text its console judge (part (1), `jlu-panel`) prints, and the course's score of a
//! game (part (2), whose `machine` is [`machine`]).
//!
//! The JLU game has no flags: a cell is closed or open, and a click on a 0 cell opens the usual
//! flood ([`Cover::reveal_from`]). A GUI or a solver keeps one [`Panel`] per game and calls
//! [`Panel::refresh`] for each click; [`Panel::values`] is the statement's `GamePanel` array.

pub mod machine;

use crate::board::{Board, Cover, FlagsInCascade, Grid};
use crate::io::output::Output;
use crate::io::runner::Program;
use crate::io::scanner::{InputError, Scanner};
use crate::limits::JLU_PANEL_MAX_CELLS as MAX_CELLS;

/// The `jlu-panel` judge.
pub const PROGRAM: Program = Program {
    name: "jlu-panel",
    reads: "a jlu-panel game",
    format: FORMAT,
    solve,
};

/// The input and output, in brief.
pub const FORMAT: &str = "\
Input: `n m k l` (rows, columns, mines, clicks), then k lines `i j` (the mines), then l lines
`i j` (the clicks); 0-based row i and column j.
Output: after each click on a closed cell, the panel: n lines of m numbers, each followed by
a space (`-1` closed, `0`-`8` open), with a blank line between two panels; a click on a mine
prints `You lose` and ends the game; the panel that opens the last safe cell is followed by
`You win`. A click on an open cell is ignored.
";

/// What a click did to the game: the statement's return values -1, 1 and 0 (see
/// [`Outcome::code`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// The click was on a mine: the game is lost (-1).
    Lost,
    /// Every safe cell is open: the game is won (1).
    Won,
    /// The game goes on (0).
    Going,
}

impl Outcome {
    /// The statement's integer: -1 lost, 1 won, 0 going on.
    pub fn code(self) -> i32 {
        match self {
            Outcome::Lost => -1,
            Outcome::Won => 1,
            Outcome::Going => 0,
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
/// use minejudge::games::jlu::{Outcome, Panel};
///
/// let board = Board::from_mines(Grid::new(2, 2), [3]);
/// let mut panel = Panel::new(&board);
/// assert_eq!(panel.refresh(&board, 0), Outcome::Going);
/// assert_eq!(panel.values(), [1, -1, -1, -1]);
/// panel.refresh(&board, 1);
/// assert_eq!(panel.refresh(&board, 2), Outcome::Won);
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
    /// - On a mine: [`Outcome::Lost`], and the panel is left as it was.
    /// - On a closed safe cell: opens it (and, from a 0 cell, the flood around it), then
    ///   [`Outcome::Won`] if no safe cell is closed any more, else [`Outcome::Going`].
    /// - On an open cell: changes nothing and reports the game as it stands ([`Outcome::Won`]
    ///   if every safe cell is open, else [`Outcome::Going`]); [`Panel::opened`] is then empty,
    ///   which is how a caller tells an ignored click apart. Callers may also ask
    ///   [`Panel::is_open`] first.
    ///
    /// # Complexity
    /// O(8 * newly opened cells).
    ///
    /// # Panics
    /// If `cell` is off the grid.
    pub fn refresh(&mut self, board: &Board, cell: usize) -> Outcome {
        debug_assert_eq!(
            board.grid(),
            self.grid,
            "a panel refreshed against another board"
        );
        self.opened.clear();
        if board.is_mine(cell) {
            return Outcome::Lost;
        }
        self.cover
            .reveal_from(board, cell, FlagsInCascade::Cleared, &mut self.opened);
        for &index in &self.opened {
            let index = index as usize;
            self.values[index] = board.count(index) as i8;
        }
        if self.cover.safe_closed() == 0 {
            Outcome::Won
        } else {
            Outcome::Going
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

/// Plays `n m k l`, the k mines, then the l clicks, printing the panel after each click that
/// opens something. Anything after the game's end or after the l-th click is ignored, as
/// judges do.
pub fn solve(input: &[u8], out: &mut Output) -> Result<(), InputError> {
    let mut scanner = Scanner::new(input);
    let rows = scanner.int_in("n (rows)", 1, MAX_CELLS as i64)? as usize;
    let cols = scanner.int_in("m (columns)", 1, MAX_CELLS as i64)? as usize;
    if !rows
        .checked_mul(cols)
        .is_some_and(|cells| cells <= MAX_CELLS)
    {
        return Err(scanner.error(format!(
            "a {rows}x{cols} board is larger than the {MAX_CELLS} cells this judge accepts"
        )));
    }
    let mines = count(&mut scanner, "k (mines)")?;
    let clicks = count(&mut scanner, "l (clicks)")?;
    let grid = Grid::new(rows, cols);
    // A mine listed twice is one mine; k may thus exceed the number of cells.
    let mut mine = vec![false; grid.len()];
    for number in 1..=mines {
        mine[cell(&mut scanner, grid, "mine", number)?] = true;
    }
    let board = Board::new(grid, mine);
    let mut panel = Panel::new(&board);
    let mut printed = false;
    for number in 1..=clicks {
        let cell = cell(&mut scanner, grid, "click", number)?;
        if panel.is_open(cell) {
            continue;
        }
        if printed {
            out.push(b'\n');
        }
        printed = true;
        match panel.refresh(&board, cell) {
            Outcome::Lost => {
                out.extend_from_slice(b"You lose\n");
                return Ok(());
            }
            Outcome::Won => {
                panel.print(out);
                out.extend_from_slice(b"You win\n");
                return Ok(());
            }
            Outcome::Going => panel.print(out),
        }
        out.flush_large();
    }
    Ok(())
}

/// A count from the header: any integer >= 0. Nothing is allocated by it, so no upper bound.
fn count(scanner: &mut Scanner, what: &str) -> Result<u64, InputError> {
    let value = scanner.int(what)?;
    if value < 0 {
        return Err(scanner.error(format!("{what} {value} is negative")));
    }
    Ok(value as u64)
}

/// The `i j` pair of the `number`-th mine or click, as a cell index; an error names which one.
fn cell(scanner: &mut Scanner, grid: Grid, which: &str, number: u64) -> Result<usize, InputError> {
    let mut coordinate = |what: &str, size: usize| {
        scanner
            .int_in(what, 0, size as i64 - 1)
            .map(|value| value as usize)
            .map_err(|mut err| {
                err.message = format!("{which} {number}: {}", err.message);
                err
            })
    };
    let row = coordinate("row i", grid.rows())?;
    let col = coordinate("column j", grid.cols())?;
    Ok(grid.index(row, col))
}

/// The side of the course's judge board: 20x20 ...
pub const BOARD_SIDE: usize = 20;
/// ... with 50 mines.
pub const BOARD_MINES: usize = 50;

/// The course stops a game after this many clicks.
pub const CLICK_LIMIT: u32 = 400;

/// The course's bonus for a win in `clicks` clicks: 10 under 80 clicks, down to 0 from 250.
pub fn win_bonus(clicks: u32) -> u64 {
    match clicks {
        0..=79 => 10,
        80..=89 => 9,
        90..=99 => 8,
        100..=119 => 7,
        120..=149 => 5,
        150..=199 => 3,
        200..=249 => 1,
        _ => 0,
    }
}

/// One game's score in tenths of a point: 50 plus the [`win_bonus`] for a win, the opened
/// cells / 10 for a loss (integers, so that sums do not depend on their order).
pub fn score_tenths(won: bool, clicks: u32, opened_cells: usize) -> u64 {
    if won {
        500 + 10 * win_bonus(clicks)
    } else {
        opened_cells as u64
    }
}

/// The course's mark from the raw mean score of its games: the mean times 1.3, capped at 60.
pub fn course_mark(raw_mean: f64) -> f64 {
    (raw_mean * 1.3).min(60.0)
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
        assert_eq!(Outcome::Lost.code(), -1);
        assert_eq!(Outcome::Won.code(), 1);
        assert_eq!(Outcome::Going.code(), 0);
    }

    #[test]
    fn numbers_open_alone_zeros_flood_then_win() {
        let board = board_from(&["....", "..*.", "...."]);
        let mut panel = Panel::new(&board);
        assert_eq!(text(&panel), "-1 -1 -1 -1 \n-1 -1 -1 -1 \n-1 -1 -1 -1 \n");
        assert_eq!(panel.refresh(&board, 1), Outcome::Going);
        assert_eq!(panel.opened(), &[1], "a 1 cell opens alone");
        assert_eq!(panel.values()[..4], [-1, 1, -1, -1]);
        assert_eq!(panel.refresh(&board, 3), Outcome::Going);
        assert_eq!(panel.refresh(&board, 11), Outcome::Going);
        assert_eq!(text(&panel), "-1 1 -1 1 \n-1 -1 -1 -1 \n-1 -1 -1 1 \n");
        assert_eq!(panel.refresh(&board, 0), Outcome::Going);
        let mut flood = panel.opened().to_vec();
        flood.sort_unstable();
        assert_eq!(flood, [0, 4, 5, 8, 9]);
        for cell in [2, 7] {
            assert_eq!(panel.refresh(&board, cell), Outcome::Going);
        }
        assert_eq!(panel.refresh(&board, 10), Outcome::Won);
        assert_eq!(text(&panel), "0 1 1 1 \n0 1 -1 1 \n0 1 1 1 \n");
    }

    #[test]
    fn zero_cell_opens_the_flood() {
        let board = board_from(&["*....", ".....", "....."]);
        let mut panel = Panel::new(&board);
        assert_eq!(panel.refresh(&board, 14), Outcome::Won);
        assert_eq!(panel.opened().len(), 14);
        assert_eq!(text(&panel), "-1 1 0 0 0 \n1 1 0 0 0 \n0 0 0 0 0 \n");
    }

    #[test]
    fn mine_loses_and_changes_nothing() {
        let board = board_from(&["*.", ".."]);
        let mut panel = Panel::new(&board);
        assert_eq!(panel.refresh(&board, 1), Outcome::Going);
        let before = panel.values().to_vec();
        assert_eq!(panel.refresh(&board, 0), Outcome::Lost);
        assert_eq!(panel.values(), &before[..]);
        assert!(panel.opened().is_empty());
    }

    #[test]
    fn open_cell_is_ignored_and_reports_the_game() {
        let board = board_from(&["*.", ".."]);
        let mut panel = Panel::new(&board);
        panel.refresh(&board, 1);
        assert!(panel.is_open(1));
        assert_eq!(panel.refresh(&board, 1), Outcome::Going);
        assert!(panel.opened().is_empty());
        panel.refresh(&board, 2);
        assert_eq!(panel.refresh(&board, 3), Outcome::Won);
        assert_eq!(panel.refresh(&board, 3), Outcome::Won);
        assert!(panel.opened().is_empty());
    }

    #[test]
    fn scores_follow_the_course() {
        assert_eq!(score_tenths(true, 79, 350), 600);
        assert_eq!(score_tenths(true, 80, 350), 590);
        assert_eq!(score_tenths(true, 250, 350), 500);
        assert_eq!(score_tenths(false, 12, 123), 123);
        assert_eq!(course_mark(40.0), 52.0);
        assert_eq!(course_mark(53.29), 60.0);
    }

    #[test]
    fn every_count_prints_as_one_digit() {
        let board = board_from(&["***", "*.*", "***"]);
        let mut panel = Panel::new(&board);
        assert_eq!(panel.refresh(&board, 4), Outcome::Won);
        assert_eq!(text(&panel), "-1 -1 -1 \n-1 8 -1 \n-1 -1 -1 \n");
    }
}
