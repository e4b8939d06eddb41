//! What the solver is given and what it answers: the visible board, the mine count, the moves.

use crate::board::{Board, CellState, Cover, FlagsInCascade, Grid};
use crate::moves::Move;
use std::fmt;
use std::sync::atomic::{AtomicU64, Ordering};

/// What the player sees of one cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Seen {
    /// Not opened yet.
    Closed,
    /// Flagged by the player; the solver takes every flag as a mine.
    Flagged,
    /// Open, with the number of mines around it (0..=8).
    Open(u8),
}

/// The visible board: a grid and what is seen of each cell, row-major. It holds no mine map.
///
/// A view also remembers which cells [`View::set`] changed, so that a solver analysing
/// the same view again after a few moves reads only those cells instead of the whole board.
/// Two views are equal when their grids and cells are; a clone is a new view.
///
/// # Complexity
/// `set` is O(1); the change list it keeps is bounded by about twice the cell count (beyond
/// that it is dropped and the next analysis compares every cell once).
///
/// # Examples
/// ```
/// use minejudge::board::Grid;
/// use minejudge::solver::{Seen, View};
/// let mut view = View::new(Grid::new(2, 3));
/// view.set(4, Seen::Open(1));
/// assert_eq!(view.get(4), Seen::Open(1));
/// assert_eq!(view.cells().iter().filter(|&&s| s == Seen::Closed).count(), 5);
/// ```
pub struct View {
    grid: Grid,
    cells: Vec<Seen>,
    /// Tells this view from every other one in the process, so that a solver can tell whether
    /// `changes` continues what it read last time.
    id: u64,
    /// The cells `set` changed, oldest first (a cell may appear more than once).
    changes: Vec<u32>,
}

/// Where view ids come from: each view gets the next one.
static NEXT_VIEW_ID: AtomicU64 = AtomicU64::new(1);

fn next_view_id() -> u64 {
    NEXT_VIEW_ID.fetch_add(1, Ordering::Relaxed)
}

impl View {
    /// Every cell closed.
    pub fn new(grid: Grid) -> View {
        View::from_cells(grid, vec![Seen::Closed; grid.len()])
    }

    /// A view from its cells, row-major.
    ///
    /// # Panics
    /// If `cells.len() != grid.len()`.
    pub fn from_cells(grid: Grid, cells: Vec<Seen>) -> View {
        assert_eq!(cells.len(), grid.len(), "view of the wrong size");
        View {
            grid,
            id: next_view_id(),
            // A game opens each cell once: room for that, so that the list never grows in play.
            changes: Vec::with_capacity(cells.len()),
            cells,
        }
    }

    /// The grid it shows.
    pub fn grid(&self) -> Grid {
        self.grid
    }

    /// What is seen of cell `index` (row-major).
    ///
    /// # Panics
    /// If `index` is off the grid.
    pub fn get(&self, index: usize) -> Seen {
        self.cells[index]
    }

    /// Sees cell `index` as `seen` from now on.
    ///
    /// # Panics
    /// If `index` is off the grid.
    pub fn set(&mut self, index: usize, seen: Seen) {
        if self.cells[index] == seen {
            return;
        }
        self.cells[index] = seen;
        if self.changes.len() > 2 * self.cells.len() + 64 {
            // A solver reading this view will compare every cell once instead.
            self.changes = Vec::new();
            self.id = next_view_id();
        }
        self.changes.push(index as u32);
    }

    /// Opens `cell` on `cover` with its cascade ([`Cover::reveal_from`], flagged cells kept or
    /// opened as `flags` says) and shows each cell opened with its number: what a click shows
    /// the player. `opened` is cleared, then holds the cells opened; returns how many.
    ///
    /// # Panics
    /// If `cell` is a mine.
    ///
    /// # Complexity
    /// O(8 * newly opened cells).
    ///
    /// # Examples
    /// ```
    /// use minejudge::board::{Board, Cover, FlagsInCascade, Grid};
    /// use minejudge::solver::{Seen, View};
    /// let board = Board::from_mines(Grid::new(1, 4), [3]);
    /// let (mut cover, mut view, mut opened) = (Cover::new(&board), View::new(board.grid()), vec![]);
    /// assert_eq!(view.reveal(&board, &mut cover, 0, FlagsInCascade::Kept, &mut opened), 3);
    /// assert_eq!(view.get(2), Seen::Open(1));
    /// assert_eq!(view.get(3), Seen::Closed);
    /// ```
    pub fn reveal(
        &mut self,
        board: &Board,
        cover: &mut Cover,
        cell: usize,
        flags: FlagsInCascade,
        opened: &mut Vec<u32>,
    ) -> usize {
        opened.clear();
        let count = cover.reveal_from(board, cell, flags, opened);
        for &c in opened.iter() {
            self.set(c as usize, Seen::Open(board.count(c as usize)));
        }
        count
    }

    /// Every cell, row-major.
    pub fn cells(&self) -> &[Seen] {
        &self.cells
    }

    /// What a player sees of a game: each cell closed, flagged or open with its count.
    ///
    /// # Complexity
    /// O(cells).
    pub fn observe(board: &Board, cover: &Cover) -> View {
        let cells = (0..board.grid().len())
            .map(|cell| match cover.state(cell) {
                CellState::Closed => Seen::Closed,
                CellState::Flagged => Seen::Flagged,
                CellState::Open => Seen::Open(board.count(cell)),
            })
            .collect();
        View::from_cells(board.grid(), cells)
    }

    /// This view's identity, for [`View::changes_since`].
    pub(super) fn id(&self) -> u64 {
        self.id
    }

    /// The cells changed since the change list had `seen` entries: a solver that analysed
    /// this view when it had `seen` changes needs to read only these.
    pub(super) fn changes_since(&self, seen: usize) -> Option<&[u32]> {
        self.changes.get(seen..)
    }

    /// How many changes the list holds.
    pub(super) fn change_count(&self) -> usize {
        self.changes.len()
    }
}

impl Clone for View {
    fn clone(&self) -> View {
        View::from_cells(self.grid, self.cells.clone())
    }
}

impl PartialEq for View {
    fn eq(&self, other: &View) -> bool {
        self.grid == other.grid && self.cells == other.cells
    }
}

impl Eq for View {}

impl fmt::Debug for View {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("View")
            .field("grid", &self.grid)
            .field("cells", &self.cells)
            .finish()
    }
}

/// What the player knows of the number of mines.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Mines {
    /// The game shows the total (classic games; the JLU board always has 50).
    Known(usize),
    /// Only an assumed density: each closed cell off the frontier is a mine with this
    /// probability, independently (the ACM course's maps; a JLU panel of another size).
    Density(f64),
}

/// Which moves the player may make besides opening a cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Style {
    /// Flag every certain mine before opening anything (the ACM course scores marked mines).
    pub flags: bool,
    /// Chord a number whose flags are complete when that opens two cells or more at once.
    pub chords: bool,
}

impl Style {
    /// Clicks only, like the JLU panel: flags stay the solver's private knowledge.
    pub const CLICKS: Style = Style {
        flags: false,
        chords: false,
    };
    /// Open, flag and chord (the ACM course's visit, mark and auto-explore).
    pub const CLASSIC: Style = Style {
        flags: true,
        chords: true,
    };
}

/// The next move, with the probability that the cell it opens (or flags) is a mine.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Decision {
    /// The move.
    pub action: Move,
    /// For `Open`/`Chord`: the chance of hitting a mine (0 when certain); for `Flag`: 1.
    pub mine_probability: f64,
    /// Whether the move follows from the numbers (no guess).
    pub certain: bool,
}

/// No arrangement of mines fits the view: the panel is inconsistent.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Inconsistent {
    /// The cell whose number cannot be satisfied, when one cell shows it.
    pub cell: Option<usize>,
}

impl fmt::Display for Inconsistent {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("inconsistent panel: no arrangement of mines fits the numbers")
    }
}

/// What the solver could prove of a view: some arrangement of mines fits it, none does, or
/// neither could be proven within the budget (a component too large to enumerate, or a known
/// total too costly to couple, where only local contradictions and bounds on the count were
/// checked).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Every component was enumerated and, with a known total, the total reached: an
    /// arrangement fits.
    Consistent,
    /// No arrangement fits: a number, a group of neighbouring numbers or the total rules
    /// every one out.
    Inconsistent(Inconsistent),
    /// No contradiction was found, but none was ruled out: the analysis estimated.
    Unproven,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn set_records_real_changes_only_and_clones_are_new_views() {
        let mut view = View::new(Grid::new(2, 2));
        view.set(1, Seen::Closed);
        assert_eq!(view.change_count(), 0);
        view.set(1, Seen::Open(2));
        view.set(3, Seen::Flagged);
        assert_eq!(view.changes_since(0), Some(&[1, 3][..]));
        assert_eq!(view.changes_since(1), Some(&[3][..]));
        assert_eq!(view.changes_since(3), None);
        let copy = view.clone();
        assert_eq!(copy, view);
        assert_ne!(copy.id(), view.id());
        assert_eq!(copy.change_count(), 0);
    }

    #[test]
    fn a_long_change_list_is_dropped_with_a_new_identity() {
        let mut view = View::new(Grid::new(1, 2));
        let id = view.id();
        for round in 0..100 {
            view.set(0, Seen::Open(round % 2));
        }
        assert_ne!(view.id(), id);
        assert!(view.change_count() <= 2 * 2 + 65);
    }
}
