//! The statement read literally, for the unit tests: sweeps of the whole board applying rule 1
//! and rule 2 wherever they hold, until a sweep changes nothing; and boards to try it on. Slow
//! and obviously right, where the search's pieces are fast and need a proof.

use crate::board::{Board, CellState, Cover, Grid};
use crate::rng::Rng;

/// A board from rows of `M` (a mine) and `.` (safe).
pub(super) fn board(rows: &[&str]) -> Board {
    let grid = Grid::new(rows.len(), rows[0].len());
    let mine = rows.iter().flat_map(|row| row.bytes().map(|b| b == b'M'));
    Board::new(grid, mine.collect())
}

/// A board of 1 to `max_side` rows and columns, each cell a mine with the same chance, drawn
/// per board below one half, and at least one safe cell.
pub(super) fn random_board(rng: &mut Rng, max_side: usize) -> Board {
    let grid = Grid::new(
        rng.range(1, max_side as i64) as usize,
        rng.range(1, max_side as i64) as usize,
    );
    let density = rng.unit() * 0.5;
    let mut mine: Vec<bool> = (0..grid.len()).map(|_| rng.chance(density)).collect();
    mine[rng.below(grid.len())] = false;
    Board::new(grid, mine)
}

/// A `rows` x `cols` board with at least one safe cell: one in ten without a mine, one in ten
/// with a single safe cell, the others with each cell a mine at a chance drawn per board
/// from 0 to 1.
pub(super) fn random_board_of(rng: &mut Rng, rows: usize, cols: usize) -> Board {
    let grid = Grid::new(rows, cols);
    let density = match rng.below(10) {
        0 => 0.0,
        1 => 1.0,
        _ => rng.unit(),
    };
    let mut mine: Vec<bool> = (0..grid.len()).map(|_| rng.chance(density)).collect();
    mine[rng.below(grid.len())] = false;
    Board::new(grid, mine)
}

/// A board of 8 to `max_side` rows and columns with mines at a density of 0.12 to 0.3: several
/// regions of zeros, whose games reach one another's regions, at least one safe cell.
pub(super) fn board_of_regions(rng: &mut Rng, max_side: usize) -> Board {
    let sides = [0; 2].map(|_| rng.range(8, max_side as i64) as usize);
    let grid = Grid::new(sides[0], sides[1]);
    let density = 0.12 + rng.unit() * 0.18;
    let mut mine: Vec<bool> = (0..grid.len()).map(|_| rng.chance(density)).collect();
    mine[rng.below(grid.len())] = false;
    Board::new(grid, mine)
}

/// The end state of the game from `state`: every open cell where `f = m` opens its closed
/// neighbours (rule 1), and where `f + c = m` flags them (rule 2), sweep after sweep.
///
/// # Panics
/// If the rules open a mine or flag a safe cell (step 1 of the proof says they cannot).
pub(super) fn end_state(board: &Board, mut state: Vec<CellState>) -> Vec<CellState> {
    let grid = board.grid();
    loop {
        let mut changed = false;
        for cell in 0..grid.len() {
            if state[cell] != CellState::Open {
                continue;
            }
            let mines = board.count(cell) as usize;
            let around = || grid.neighbours(cell);
            let flags = around()
                .filter(|&next| state[next] == CellState::Flagged)
                .count();
            let closed: Vec<usize> = around()
                .filter(|&next| state[next] == CellState::Closed)
                .collect();
            let rule = if flags == mines {
                CellState::Open
            } else if flags + closed.len() == mines {
                CellState::Flagged
            } else {
                continue;
            };
            for next in closed {
                assert_eq!(
                    board.is_mine(next),
                    rule == CellState::Flagged,
                    "cell {next}"
                );
                state[next] = rule;
                changed = true;
            }
        }
        if !changed {
            return state;
        }
    }
}

/// The end state of `start` played alone on the untouched board.
pub(super) fn from_scratch(board: &Board, start: usize) -> Vec<CellState> {
    let mut state = vec![CellState::Closed; board.grid().len()];
    state[start] = CellState::Open;
    end_state(board, state)
}

/// The statement's answer: the fewest safe cells left closed over every safe start, each
/// played alone from scratch.
///
/// # Panics
/// If `board` has no safe cell.
pub(super) fn fewest_closed(board: &Board) -> usize {
    let safe = (0..board.grid().len()).filter(|&cell| !board.is_mine(cell));
    safe.map(|start| {
        let end = from_scratch(board, start);
        let closed =
            |(cell, state): (usize, &CellState)| !board.is_mine(cell) && *state != CellState::Open;
        end.iter().enumerate().filter(|&cell| closed(cell)).count()
    })
    .min()
    .expect("a safe cell")
}

/// What `cover` shows of `board`, cell by cell.
pub(super) fn states(board: &Board, cover: &Cover) -> Vec<CellState> {
    (0..board.grid().len())
        .map(|cell| cover.state(cell))
        .collect()
}

/// `state` as rows of `-` (closed), `F` (flagged) and `o` (open), for pictures in tests.
pub(super) fn picture(board: &Board, state: &[CellState]) -> Vec<String> {
    let cols = board.grid().cols();
    state
        .chunks(cols)
        .map(|row| {
            row.iter()
                .map(|state| match state {
                    CellState::Closed => '-',
                    CellState::Flagged => 'F',
                    CellState::Open => 'o',
                })
                .collect()
        })
        .collect()
}
