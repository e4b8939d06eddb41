//! ACM ICPC Mid-Central 2003, "The Inexperienced Player" (`inexperienced-player`): the fewest
//! safe cells left closed by a player who opens one cell of their choice and then only applies
//! the two trivial rules.
//!
//! Input: boards `r c` then `r` rows of `M` (mine) and `.` (safe), until the line `0 0`. Output:
//! one line per board, the minimum over every safe first cell.
//!
//! Why the end state does not depend on the order the rules fire in:
//! 1. Every flag is on a mine and every opened cell is safe (induction on steps). If all flags
//!    so far are on mines, then at an open cell with `f + c = m` the `m - f` unflagged mines
//!    around it are among its `c` closed neighbours, so all of them are mines; and with `f = m`
//!    every mine around it is flagged, so its closed neighbours are safe.
//! 2. Hence at an open cell, rule 1 holds exactly when every mine around it is flagged, and
//!    rule 2 exactly when every safe cell around it is open. Cells only ever get opened or
//!    flagged, never closed again, so once a rule holds at a cell it holds for the rest of the
//!    game: the state only grows and every rule stays enabled once enabled.
//! 3. Call a state final when no rule has anything left to do. Let a game start from some open
//!    cells that are all open in a final state `F`. Suppose some step is the first to add a cell
//!    outside `F`: the state before it lies inside `F`, so by 2 the rule it used also holds at
//!    that cell in `F`, and `F` being final, the cell is already open (or flagged) in `F`; a
//!    contradiction. So the whole game stays inside `F`.
//! 4. Two complete games from the same start end in final states that each contain the other's
//!    start, so by 3 each lies inside the other: they are equal, whatever the order.
//!
//! So [`Game::play_from`] may use a worklist in any order, and 3 is also what lets
//! [`fewest_closed`] skip and bound starts (see there).

use crate::board::{Board, CellState, Cover, FlagsInCascade, Grid};
use crate::io::output::{push_uint, Output};
use crate::io::runner::Program;
use crate::io::scanner::{InputError, Scanner};
use crate::limits::INEXPERIENCED_MAX_SIDE as MAX_SIDE;

/// The `inexperienced-player` judge.
pub const PROGRAM: Program = Program {
    name: "inexperienced-player",
    reads: "inexperienced-player boards",
    format: FORMAT,
    solve,
};

/// The input and output, in brief.
pub const FORMAT: &str = "\
Input: boards, each `r c` then r rows of c characters (`M` a mine, `.` safe), until the line
`0 0`.
Output: one line per board: the fewest safe cells left closed by a player who opens one safe
cell of their choice, then only opens the other neighbours of a number with as many flags
around it as its value, and flags the closed neighbours of a number when they and its flags
are as many as its value.
";

/// Reads boards until `0 0` and prints each board's answer as soon as it is known, so that the
/// answers before a bad board stay on stdout.
pub fn solve(input: &[u8], out: &mut Output) -> Result<(), InputError> {
    let mut scanner = Scanner::new(input);
    loop {
        if scanner.at_end() {
            return Err(scanner.error("the input ended without the `0 0` line that closes it"));
        }
        let rows = scanner.int_in("r (rows)", 0, MAX_SIDE as i64)? as usize;
        let header_line = scanner.line();
        let cols = scanner.int_in("c (columns)", 0, MAX_SIDE as i64)? as usize;
        if rows == 0 && cols == 0 {
            // Like the judge, nothing after the terminator is read.
            return Ok(());
        }
        if rows == 0 || cols == 0 {
            return Err(scanner.error(format!(
                "a {rows}x{cols} board has no cell; only `0 0` ends the input"
            )));
        }
        let mine = scanner.mine_rows(rows, cols, b'M', b'.')?;
        let board = Board::new(Grid::new(rows, cols), mine);
        if board.safe_cells() == 0 {
            return Err(InputError {
                line: header_line,
                message: format!("the {rows}x{cols} board has no safe cell to start from"),
            });
        }
        push_uint(out, fewest_closed(&board).fewest_closed as u64);
        out.push(b'\n');
    }
}

/// The answer for one board, and what finding it cost.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Search {
    /// The fewest safe cells left closed over every safe first cell.
    pub fewest_closed: usize,
    /// Starts played in full, from the untouched board.
    pub starts_played: usize,
    /// Starts played on top of a kept final state to bound them (see [`fewest_closed`]).
    pub starts_bounded: usize,
    /// Cells opened, summed over every game played or bounded: the work, up to a constant.
    pub cells_opened: u64,
}

/// The fewest safe cells left closed over every safe first cell of `board` (which must have one).
///
/// Only 0 cells need playing: a start on a non-zero cell opens that cell alone (rule 1 needs
/// `f = m > 0` flags and there are none; rule 2 at most flags all its neighbours, after which
/// no other cell is open), leaving `safe - 1` closed, and every start opens at least itself. All
/// 0 cells of one 8-connected region of zeros open the whole region at once, so they share one
/// end state: one start per region, largest flood first (big regions tend to have big end
/// states, which then cover the small regions around them before those are played; the
/// benchmark prints the cells opened over all games as a multiple of the board).
///
/// Skipping (sound by step 3 atop this file): a start `t` that is open in the end state `E` of
/// a game already played stays inside `E`, so it leaves at least as many cells closed as that
/// game did: it is never played.
///
/// Bounding (sound by step 3 too): for any final state `K` (not only an end state: the
/// intersection of two final states is final, see [`Game::keep_only`]), the game from `K` plus
/// `t` ends in a final state `G` that contains `t`, hence contains `E(t)`. If `G` leaves no
/// fewer cells closed than the best so far, neither does `t`, nor any start inside `G`: they
/// are covered without being played. Continuing from `K` costs only what `G` adds to it.
///
/// Why bounding is needed: on dense boards many starts lie in pockets just outside a giant end
/// state and grow into a giant end state of their own (1000x1000 at density 0.20: about 60 of
/// them, 5 s, with skipping alone). What they share is re-derived by each. With the bases `K`
/// set to what two end states have in common, each such start costs only its own pocket.
///
/// The bases: `upper` is the intersection of the best end state with another end state played
/// (the best one itself would bound nothing: any start adds at least itself to it), replaced
/// when a larger such intersection appears; `lower` is the intersection of `upper` with a
/// smaller end state that does not contain it (the common core of giant and medium end states).
/// Every base update costs no more than the game that triggered it. Bases under half the size
/// of the best end state are not used: they bound little and cost nearly a whole game.
///
/// The minimum stays exact: every start is played, bounded out, or skipped with a proof that it
/// cannot do better.
pub fn fewest_closed(board: &Board) -> Search {
    search(board, Bounds::WhenUseful)
}

/// Which kept end states [`search`] plays starts on before playing them from scratch.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Bounds {
    /// None: every start not covered is played in full.
    Off,
    /// Those at least half the size of the best end state (smaller ones bound little and cost
    /// nearly a whole game).
    WhenUseful,
    /// Any non-empty one: slower, but on small boards it runs the bounding that large boards
    /// need, so that the tests can compare it with brute force.
    Eager,
}

/// [`fewest_closed`] with a choice of bounds, for tests that compare them.
pub fn search(board: &Board, bounds: Bounds) -> Search {
    let grid = board.grid();
    let mut search = Search {
        fewest_closed: board.safe_cells() - 1,
        starts_played: 0,
        starts_bounded: 0,
        cells_opened: 0,
    };
    let mut covered = vec![false; grid.len()];
    // A game from the untouched board, the best end state so far, and two bounding bases.
    let mut fresh = Game::new(board);
    let mut best = fresh.clone();
    let mut upper = fresh.clone();
    let mut lower = fresh.clone();
    for start in zero_regions_largest_first(board) {
        let start = start as usize;
        if search.fewest_closed == 0 {
            break;
        }
        let useful = match bounds {
            Bounds::Off => usize::MAX,
            Bounds::WhenUseful => best.opened.len() / 2,
            Bounds::Eager => 1,
        };
        if covered[start]
            || (upper.opened.len() >= useful
                && rules_out(&mut upper, start, &mut search, &mut covered))
            || (lower.opened.len() >= useful
                && rules_out(&mut lower, start, &mut search, &mut covered))
        {
            continue;
        }
        let left_closed = fresh.play_from(start);
        search.starts_played += 1;
        search.cells_opened += fresh.opened.len() as u64;
        for &cell in &fresh.opened {
            covered[cell as usize] = true;
        }
        let shared_with_best = fresh.count_open_in(&best.cover);
        let better_upper = shared_with_best > upper.opened.len();
        if left_closed < search.fewest_closed {
            search.fewest_closed = left_closed;
            if better_upper {
                best.keep_only(&fresh.cover);
                std::mem::swap(&mut upper, &mut best);
            }
            best.undo_to((0, 0));
            std::mem::swap(&mut best, &mut fresh);
            continue;
        }
        if better_upper {
            fresh.keep_only(&best.cover);
            std::mem::swap(&mut upper, &mut fresh);
        } else {
            let shared_with_upper = fresh.count_open_in(&upper.cover);
            if shared_with_upper > lower.opened.len() && shared_with_upper < upper.opened.len() {
                fresh.keep_only(&upper.cover);
                std::mem::swap(&mut lower, &mut fresh);
            }
        }
        fresh.undo_to((0, 0));
    }
    search
}

/// Plays `start` on top of the final state `base` (unless it is empty) and undoes it again;
/// true if even that end state, which contains the end state of `start` alone, leaves no fewer
/// cells closed than the best so far. Its cells are then covered: no start among them can do
/// better either.
fn rules_out(base: &mut Game, start: usize, search: &mut Search, covered: &mut [bool]) -> bool {
    if base.opened.is_empty() {
        return false;
    }
    let mark = base.mark();
    let left_closed = base.play_from(start);
    search.starts_bounded += 1;
    search.cells_opened += (base.opened.len() - mark.0) as u64;
    let ruled_out = left_closed >= search.fewest_closed;
    if ruled_out {
        for &cell in &base.opened[mark.0..] {
            covered[cell as usize] = true;
        }
    }
    base.undo_to(mark);
    ruled_out
}

/// One 0 cell of each region of zeros, by the size of the region's flood (zeros and their
/// numbered border), largest first.
fn zero_regions_largest_first(board: &Board) -> Vec<u32> {
    let mut flooded = Cover::new(board);
    let mut opened = Vec::new();
    let mut regions: Vec<(usize, u32)> = Vec::new();
    for cell in 0..board.grid().len() {
        if board.count(cell) == 0 && !board.is_mine(cell) && !flooded.is_open(cell) {
            opened.clear();
            let size = flooded.reveal_from(board, cell, FlagsInCascade::Kept, &mut opened);
            regions.push((size, cell as u32));
        }
    }
    regions.sort_unstable_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
    regions.into_iter().map(|(_, cell)| cell).collect()
}

/// The player's game on one board, replayed from start after start: each game is undone
/// afterwards in O(what it changed) instead of rebuilding O(cells) of state.
#[derive(Clone)]
struct Game<'b> {
    board: &'b Board,
    grid: Grid,
    cover: Cover,
    /// Per cell, its mines not flagged yet (`m - f`): rule 1 holds at an open cell at 0.
    unflagged_mines: Vec<u8>,
    /// Per cell, its safe neighbours not open yet (`c - (m - f)`, by step 1 of the proof):
    /// rule 2 holds at an open cell at 0.
    closed_safe: Vec<u8>,
    /// The cells this game opened, in order.
    opened: Vec<u32>,
    /// The cells this game flagged.
    flagged: Vec<u32>,
    /// Open cells where a rule may have become applicable since they were last looked at.
    pending: Vec<u32>,
}

impl<'b> Game<'b> {
    fn new(board: &'b Board) -> Game<'b> {
        let grid = board.grid();
        let closed_safe = (0..grid.len())
            .map(|cell| {
                let around = grid.neighbours(cell).count() as u8;
                around - board.count(cell)
            })
            .collect();
        Game {
            board,
            grid,
            cover: Cover::new(board),
            unflagged_mines: (0..grid.len()).map(|cell| board.count(cell)).collect(),
            closed_safe,
            opened: Vec::new(),
            flagged: Vec::new(),
            pending: Vec::new(),
        }
    }

    /// Opens `start` (closed, in a final state) and applies the rules until neither applies
    /// anywhere; returns the safe cells left closed. A cell is looked at again only when one of its neighbours was opened
    /// or flagged (the only events that can enable a rule there), so a game costs
    /// O(cells it opens or flags), each looked at a bounded number of times.
    fn play_from(&mut self, start: usize) -> usize {
        self.open(start);
        let grid = self.grid;
        while let Some(cell) = self.pending.pop() {
            let cell = cell as usize;
            if self.unflagged_mines[cell] == 0 {
                for next in grid.neighbours(cell) {
                    if self.cover.state(next) == CellState::Closed {
                        self.open(next);
                    }
                }
            }
            if self.closed_safe[cell] == 0 {
                for next in grid.neighbours(cell) {
                    if self.cover.state(next) == CellState::Closed {
                        self.flag(next);
                    }
                }
            }
        }
        self.cover.safe_closed()
    }

    /// Opens a safe closed cell, with the cascade through zeros (rule 1 at a 0 cell, applied
    /// at once), and updates the neighbours' counters.
    fn open(&mut self, cell: usize) {
        let first = self.opened.len();
        self.cover
            .reveal_from(self.board, cell, FlagsInCascade::Kept, &mut self.opened);
        for at in first..self.opened.len() {
            let cell = self.opened[at] as usize;
            // A 0 cell has nothing to flag and its neighbours opened in the same cascade.
            if self.board.count(cell) != 0 {
                self.pending.push(cell as u32);
            }
            for next in self.grid.neighbours(cell) {
                self.closed_safe[next] -= 1;
                if self.closed_safe[next] == 0 && self.cover.is_open(next) {
                    self.pending.push(next as u32);
                }
            }
        }
    }

    /// Flags a closed mine and updates the neighbours' counters.
    fn flag(&mut self, cell: usize) {
        self.cover.set_flag(cell, true);
        self.flagged.push(cell as u32);
        for next in self.grid.neighbours(cell) {
            self.unflagged_mines[next] -= 1;
            if self.unflagged_mines[next] == 0 && self.cover.is_open(next) {
                self.pending.push(next as u32);
            }
        }
    }

    /// How far the game has got: the lengths of `opened` and `flagged`, for [`Game::undo_to`].
    fn mark(&self) -> (usize, usize) {
        (self.opened.len(), self.flagged.len())
    }

    /// Returns to the state at `mark`, undoing every later opening and flag.
    fn undo_to(&mut self, mark: (usize, usize)) {
        for at in mark.0..self.opened.len() {
            self.close(self.opened[at] as usize);
        }
        for at in mark.1..self.flagged.len() {
            self.unflag(self.flagged[at] as usize);
        }
        self.opened.truncate(mark.0);
        self.flagged.truncate(mark.1);
    }

    /// How many of the cells this game opened are open in `other` too.
    fn count_open_in(&self, other: &Cover) -> usize {
        self.opened
            .iter()
            .filter(|&&cell| other.is_open(cell as usize))
            .count()
    }

    /// Undoes every opening and flag that `other` does not have too, leaving the intersection
    /// of two final states, which is final: where a rule holds in it, it holds in both, so
    /// both have already opened (or flagged) all that rule asks for.
    fn keep_only(&mut self, other: &Cover) {
        let mut still_open = 0;
        for at in 0..self.opened.len() {
            let cell = self.opened[at];
            if other.is_open(cell as usize) {
                self.opened[still_open] = cell;
                still_open += 1;
            } else {
                self.close(cell as usize);
            }
        }
        self.opened.truncate(still_open);
        let mut still_flagged = 0;
        for at in 0..self.flagged.len() {
            let cell = self.flagged[at];
            if other.state(cell as usize) == CellState::Flagged {
                self.flagged[still_flagged] = cell;
                still_flagged += 1;
            } else {
                self.unflag(cell as usize);
            }
        }
        self.flagged.truncate(still_flagged);
    }

    /// Closes an opened cell again and updates the neighbours' counters.
    fn close(&mut self, cell: usize) {
        self.cover.close(self.board, cell);
        for next in self.grid.neighbours(cell) {
            self.closed_safe[next] += 1;
        }
    }

    /// Removes a flag and updates the neighbours' counters.
    fn unflag(&mut self, cell: usize) {
        self.cover.set_flag(cell, false);
        for next in self.grid.neighbours(cell) {
            self.unflagged_mines[next] += 1;
        }
    }
}
