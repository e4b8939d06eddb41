//! Our rules against the student's `RefreshGamePanel` (`play --functions`): every click that
//! changed the board is made again, on the same panel and mine map, by our JLU rules
//! ([`Panel::refresh`], the `jlu-panel` judge's) and by their function; the return values and
//! the panels they leave are compared cell by cell.
//!
//! The JLU game has no flags: the panel the function is given shows a flag as a closed cell,
//! and a chord is the clicks on the closed neighbours it opens, each checked in turn on the
//! panel our rules left.

use crate::board::{Board, CellState, Cover, Grid};
use crate::judges::jlu_panel::panel::{ClickOutcome, Panel};
use crate::moves::Move;
use crate::play::functions::{Fault, Functions};

/// A cell whose value differs: ours (-1 closed) and theirs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Difference {
    /// The cell, row-major.
    pub cell: usize,
    /// Our rules' value.
    pub expected: i8,
    /// Their function's value.
    pub theirs: i64,
}

/// One click checked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Checked {
    /// The cell clicked.
    pub cell: usize,
    /// What our rules return: -1 lost, 1 won, 0 going on.
    pub expected: i32,
    /// What their function returned, or why it did not.
    pub theirs: Result<i64, Fault>,
    /// The cells whose values differ (none compared after a loss: the course leaves the panel
    /// of a lost game unsaid).
    pub cells: Vec<Difference>,
}

impl Checked {
    /// Whether their function answered as our rules do.
    pub fn agrees(&self) -> bool {
        self.theirs == Ok(i64::from(self.expected)) && self.cells.is_empty()
    }
}

/// A game's checks so far.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Checks {
    /// Clicks checked.
    pub clicks: u64,
    /// Clicks where their function answered otherwise.
    pub differed: u64,
    /// Clicks where their process failed (crashed, hung, answered nonsense).
    pub faults: u64,
    /// The last click checked: the first that went wrong in its move, else the move's last.
    pub last: Option<Checked>,
}

impl Checks {
    /// Adds the clicks of one move.
    pub fn add(&mut self, checked: Vec<Checked>) {
        for click in &checked {
            self.clicks += 1;
            match &click.theirs {
                Err(_) => self.faults += 1,
                Ok(_) if !click.agrees() => self.differed += 1,
                Ok(_) => {}
            }
        }
        if let Some(last) = checked.into_iter().last() {
            self.last = Some(last);
        }
    }
}

/// The clicks on the JLU panel that `action` makes, on the cover as it stands before it: an
/// open of a closed cell is one click, a chord is a click on each closed neighbour, a flag is
/// none (an open on a flag does nothing; whether a chord does anything is up to the game).
pub fn clicks_of(action: Move, cover: &Cover, grid: Grid) -> Vec<usize> {
    let closed = |cell: &usize| cover.state(*cell) == CellState::Closed;
    match action {
        Move::Open(cell) => Some(cell).filter(closed).into_iter().collect(),
        Move::Chord(cell) => grid.neighbours(cell).filter(closed).collect(),
        Move::Flag(_) => Vec::new(),
    }
}

/// The panel the JLU game shows for `cover`: the count of an open cell, -1 for a closed or
/// flagged one.
pub fn jlu_panel(board: &Board, cover: &Cover) -> Vec<i8> {
    (0..board.grid().len())
        .map(|cell| {
            if cover.is_open(cell) {
                board.count(cell) as i8
            } else {
                -1
            }
        })
        .collect()
}

/// Makes `clicks` by our rules and by `functions`' `RefreshGamePanel`, from the panel with
/// the cells `open_before` open on `board`; each click is given the panel our rules left.
/// Stops after the first click that differs, fails, or loses.
///
/// # Complexity
/// One call of their function per click, each sending and reading the whole panel.
pub fn check(
    functions: &Functions,
    board: &Board,
    open_before: &[bool],
    clicks: &[usize],
) -> Vec<Checked> {
    let grid = board.grid();
    let mut panel = Panel::new(board);
    for cell in (0..grid.len()).filter(|&cell| open_before[cell]) {
        panel.refresh(board, cell);
    }
    let mines: Vec<bool> = (0..grid.len()).map(|cell| board.is_mine(cell)).collect();
    let mut checked = Vec::new();
    for &cell in clicks {
        if panel.is_open(cell) {
            continue; // opened by an earlier click of the chord
        }
        let before = panel.values().to_vec();
        let outcome = panel.refresh(board, cell);
        let answer = functions.refresh(grid, &before, &mines, board.mines(), cell);
        let cells = match (&answer, outcome) {
            (Ok(refreshed), ClickOutcome::Won | ClickOutcome::Going) => {
                differences(panel.values(), &refreshed.panel)
            }
            _ => Vec::new(),
        };
        let click = Checked {
            cell,
            expected: outcome.code(),
            theirs: answer.map(|refreshed| refreshed.code),
            cells,
        };
        let stop = !click.agrees() || outcome == ClickOutcome::Lost;
        checked.push(click);
        if stop {
            break;
        }
    }
    checked
}

/// The cells where `theirs` differs from `ours`.
fn differences(ours: &[i8], theirs: &[i64]) -> Vec<Difference> {
    ours.iter()
        .zip(theirs)
        .enumerate()
        .filter(|(_, (&a, &b))| i64::from(a) != b)
        .map(|(cell, (&expected, &theirs))| Difference {
            cell,
            expected,
            theirs,
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_chord_is_its_closed_neighbours_and_a_flag_no_click() {
        let board = Board::from_mines(Grid::new(3, 3), [0]);
        let mut cover = Cover::new(&board);
        cover.set_flag(0, true);
        let grid = board.grid();
        assert_eq!(clicks_of(Move::Open(4), &cover, grid), [4]);
        assert_eq!(clicks_of(Move::Open(0), &cover, grid), [] as [usize; 0]);
        assert_eq!(clicks_of(Move::Flag(4), &cover, grid), [] as [usize; 0]);
        assert_eq!(
            clicks_of(Move::Chord(4), &cover, grid),
            [1, 2, 3, 5, 6, 7, 8]
        );
        assert_eq!(jlu_panel(&board, &cover), [-1; 9]);
    }

    #[test]
    fn differences_name_the_cells_that_differ() {
        assert_eq!(
            differences(&[0, -1, 2], &[0, 1, 2]),
            [Difference {
                cell: 1,
                expected: -1,
                theirs: 1
            }]
        );
        let mut checks = Checks::default();
        let same = Checked {
            cell: 0,
            expected: 0,
            theirs: Ok(0),
            cells: Vec::new(),
        };
        let wrong = Checked {
            theirs: Ok(1),
            ..same.clone()
        };
        let failed = Checked {
            theirs: Err(Fault::TooLarge),
            ..same.clone()
        };
        checks.add(vec![same.clone(), wrong.clone()]);
        checks.add(vec![failed]);
        assert_eq!((checks.clicks, checks.differed, checks.faults), (3, 1, 1));
        assert!(same.agrees() && !wrong.agrees());
    }
}
