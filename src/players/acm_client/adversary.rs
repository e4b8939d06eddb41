//! The adaptive adversary of `acm-client`, for tests and benchmarks: it moves a mine away
//! whenever the player is about to open it, so that only a guess no layout allows loses. Its
//! layouts are drawn from the crate's seeded [`Rng`], so a seed names its game.

use crate::board::{Board, CellState, Cover, FlagsInCascade, Grid};
use crate::moves::Move;
use crate::rng::Rng;
use crate::solver::{Mines, Seen, Solver, Style, View};

/// A game played against the adaptive adversary.
#[derive(Clone, Debug)]
pub struct AdversaryGame {
    /// The layout at the end: it fits every number shown during the game, so the same player
    /// replays the same game on it (an `acm-client` input with [`AdversaryGame::acm_input`]).
    pub board: Board,
    /// The first click (the course's, made for the player).
    pub first: usize,
    /// The player's moves.
    pub moves: u64,
    /// The moves that were guesses.
    pub guesses: u64,
    /// How many times the adversary moved mines away from a click.
    pub relocations: u64,
    /// Certain moves that were wrong (a mine opened, a safe cell flagged): a solver fault, as
    /// every layout the adversary could hold fits what the player saw.
    pub faults: u64,
    /// Whether the player opened every safe cell.
    pub won: bool,
}

impl AdversaryGame {
    /// The `acm-client` single-game input for this game: `n m`, the map, the first click.
    pub fn acm_input(&self) -> Vec<u8> {
        let grid = self.board.grid();
        let mut text = format!("{} {}\n", grid.rows(), grid.cols()).into_bytes();
        for row in 0..grid.rows() {
            for col in 0..grid.cols() {
                let mine = self.board.is_mine(grid.index(row, col));
                text.push(if mine { b'X' } else { b'.' });
            }
            text.push(b'\n');
        }
        let (row, col) = grid.row_col(self.first);
        text.extend_from_slice(format!("{row} {col}\n").as_bytes());
        text
    }
}

/// The adaptive adversary: a random layout of `density` (the first click, at a random inner
/// cell like the ACM course's, and its neighbours kept free), played by `solver` with the ACM
/// course's moves (open, flag, chord) and `assumed` mines. Whenever the player is about to open
/// a mine, the mine moves to another closed cell with the same open neighbours, so that no
/// number shown changes; the player loses only when no such cell exists. Stops after
/// `max_moves` moves.
///
/// # Complexity
/// O(cells) per moved mine, plus the solver's moves.
pub fn adversary_game(
    rng: &mut Rng,
    grid: Grid,
    density: f64,
    assumed: Mines,
    solver: &mut Solver,
    max_moves: u64,
) -> AdversaryGame {
    let (rows, cols) = (grid.rows(), grid.cols());
    let first = if rows >= 3 && cols >= 3 {
        grid.index(1 + rng.below(rows - 2), 1 + rng.below(cols - 2))
    } else {
        rng.below(grid.len())
    };
    let mut mine: Vec<bool> = (0..grid.len()).map(|_| rng.chance(density)).collect();
    mine[first] = false;
    for n in grid.neighbours(first) {
        mine[n] = false;
    }
    let board = Board::new(grid, mine.clone());
    let mut game = Adversary {
        grid,
        cover: Cover::new(&board),
        board,
        mine,
        view: View::new(grid),
        opened: Vec::new(),
        open_cells: 0,
        relocations: 0,
    };
    game.open(first);
    let mut moves = 0;
    let mut guesses = 0;
    let mut faults = 0;
    let mut won = false;
    while moves < max_moves {
        // The cover's own count is of the first layout's safe cells; the layout changes.
        if game.open_cells == game.board.safe_cells() {
            won = true;
            break;
        }
        let Ok(Some(decision)) = solver.next_move(&game.view, assumed, Style::CLASSIC) else {
            break;
        };
        moves += 1;
        guesses += !decision.certain as u64;
        let alive = match decision.action {
            Move::Flag(cell) => {
                game.cover.set_flag(cell, true);
                game.view.set(cell, Seen::Flagged);
                faults += !game.board.is_mine(cell) as u64;
                game.board.is_mine(cell)
            }
            Move::Open(cell) => {
                faults += (decision.certain && game.mine[cell]) as u64;
                game.click(rng, cell)
            }
            Move::Chord(cell) => {
                let targets: Vec<usize> = grid
                    .neighbours(cell)
                    .filter(|&n| game.cover.state(n) == CellState::Closed)
                    .collect();
                faults += targets.iter().filter(|&&n| game.mine[n]).count() as u64;
                targets.into_iter().all(|n| game.click(rng, n))
            }
        };
        if !alive {
            break;
        }
    }
    AdversaryGame {
        board: game.board,
        first,
        moves,
        guesses,
        relocations: game.relocations,
        faults,
        won,
    }
}

/// The adversary's game state.
struct Adversary {
    grid: Grid,
    mine: Vec<bool>,
    board: Board,
    cover: Cover,
    view: View,
    opened: Vec<u32>,
    /// How many cells are open.
    open_cells: usize,
    relocations: u64,
}

impl Adversary {
    /// Opens `cell` (and its cascade) and shows what opened.
    fn open(&mut self, cell: usize) {
        self.open_cells += self.view.reveal(
            &self.board,
            &mut self.cover,
            cell,
            FlagsInCascade::Kept,
            &mut self.opened,
        );
    }

    /// The open neighbours of `cell`, ascending.
    fn open_around(&self, cell: usize) -> Vec<usize> {
        self.grid
            .neighbours(cell)
            .filter(|&n| self.cover.is_open(n))
            .collect()
    }

    /// The player clicks `cell`; a mine there moves away if it can. Whether the player lives.
    fn click(&mut self, rng: &mut Rng, cell: usize) -> bool {
        if self.cover.state(cell) != CellState::Closed {
            return true;
        }
        if self.mine[cell] {
            let moved = if self.open_around(cell).is_empty() {
                self.swap_away(rng, cell)
            } else {
                self.rearrange(rng, cell)
            };
            if !moved {
                return false;
            }
            self.board = Board::new(self.grid, self.mine.clone());
            self.relocations += 1;
        }
        self.open(cell);
        true
    }

    /// A mine next to no number moves to another closed cell next to no number.
    fn swap_away(&mut self, rng: &mut Rng, cell: usize) -> bool {
        let targets: Vec<usize> = (0..self.grid.len())
            .filter(|&c| {
                c != cell
                    && !self.mine[c]
                    && self.cover.state(c) == CellState::Closed
                    && self.open_around(c).is_empty()
            })
            .collect();
        if targets.is_empty() {
            return false;
        }
        self.mine[cell] = false;
        self.mine[targets[rng.below(targets.len())]] = true;
        true
    }

    /// A mine next to numbers: the closed unflagged cells connected to it through numbers get
    /// a new arrangement that fits every number with `cell` safe, drawn by a randomised
    /// depth-first search (at most [`REARRANGE_NODES`] steps).
    fn rearrange(&mut self, rng: &mut Rng, cell: usize) -> bool {
        let grid = self.grid;
        let closed = |c: usize| self.cover.state(c) == CellState::Closed;
        let (vars, numbers, number_index) = self.region_of(cell);
        // Each number: mines still to place among its region cells, and those cells left.
        let need: Vec<i32> = numbers
            .iter()
            .map(|&n| {
                let flags = grid
                    .neighbours(n)
                    .filter(|&m| self.cover.state(m) == CellState::Flagged)
                    .count();
                self.board.count(n) as i32 - flags as i32
            })
            .collect();
        let left: Vec<i32> = numbers
            .iter()
            .map(|&n| grid.neighbours(n).filter(|&m| closed(m)).count() as i32)
            .collect();
        let var_numbers: Vec<Vec<usize>> = vars
            .iter()
            .map(|&v| {
                grid.neighbours(v)
                    .filter(|&n| number_index[n] != u32::MAX)
                    .map(|n| number_index[n] as usize)
                    .collect()
            })
            .collect();
        let Some(value) = draw_arrangement(rng, &var_numbers, need, left) else {
            return false;
        };
        for (i, &v) in vars.iter().enumerate() {
            self.mine[v] = value[i] == 1;
        }
        true
    }

    /// The region of `cell`: the closed unflagged cells reached from it through numbers,
    /// breadth first (`cell` first), the numbers on the way, and per cell its index among
    /// those numbers (`u32::MAX`: none).
    fn region_of(&self, cell: usize) -> (Vec<usize>, Vec<usize>, Vec<u32>) {
        let grid = self.grid;
        let mut index = vec![u32::MAX; grid.len()];
        let mut vars = vec![cell];
        index[cell] = 0;
        let mut numbers = Vec::new();
        let mut number_index = vec![u32::MAX; grid.len()];
        let mut head = 0;
        while head < vars.len() {
            let v = vars[head];
            head += 1;
            for n in grid.neighbours(v) {
                if !self.cover.is_open(n) || number_index[n] != u32::MAX {
                    continue;
                }
                number_index[n] = numbers.len() as u32;
                numbers.push(n);
                for m in grid.neighbours(n) {
                    if self.cover.state(m) == CellState::Closed && index[m] == u32::MAX {
                        index[m] = vars.len() as u32;
                        vars.push(m);
                    }
                }
            }
        }
        (vars, numbers, number_index)
    }
}

/// An arrangement of the region's cells (each 1, a mine, or 0; the first cell 0) that leaves
/// every number its `need` of mines among its `left` cells (the numbers of cell i are
/// `var_numbers[i]`), drawn by a randomised depth-first search; `None` when there is none
/// or the search takes more than [`REARRANGE_NODES`] steps.
fn draw_arrangement(
    rng: &mut Rng,
    var_numbers: &[Vec<usize>],
    mut need: Vec<i32>,
    mut left: Vec<i32>,
) -> Option<Vec<i32>> {
    // value[i] is the mine (1) or not (0) of cell i; first[i] the value tried first (random),
    // tried[i] how many of the two were tried.
    let count = var_numbers.len();
    let mut value = vec![0i32; count];
    let mut tried = vec![0u8; count];
    let mut first = vec![0i32; count];
    let mut pos = 0usize;
    let mut steps = 0u64;
    let fits = |need: &[i32], left: &[i32], i: usize| {
        var_numbers[i]
            .iter()
            .all(|&k| need[k] >= 0 && need[k] <= left[k])
    };
    while pos < count {
        steps += 1;
        if steps > REARRANGE_NODES {
            return None;
        }
        if tried[pos] == 0 {
            first[pos] = if pos == 0 { 0 } else { rng.chance(0.5) as i32 };
        } else {
            // Undo the value tried last.
            for &k in &var_numbers[pos] {
                need[k] += value[pos];
                left[k] += 1;
            }
        }
        let limit = if pos == 0 { 1 } else { 2 };
        if tried[pos] as i32 >= limit {
            tried[pos] = 0;
            if pos == 0 {
                return None;
            }
            pos -= 1;
            continue;
        }
        value[pos] = if tried[pos] == 0 {
            first[pos]
        } else {
            1 - first[pos]
        };
        tried[pos] += 1;
        for &k in &var_numbers[pos] {
            need[k] -= value[pos];
            left[k] -= 1;
        }
        if fits(&need, &left, pos) {
            pos += 1;
        }
    }
    Some(value)
}

/// The most steps one rearrangement may take before the adversary gives up (and the player
/// loses).
const REARRANGE_NODES: u64 = 2_000_000;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_adversary_only_moves_mines_where_no_number_changes() {
        let mut rng = Rng::new(9);
        let grid = Grid::new(10, 10);
        let mut solver = Solver::new();
        let game = adversary_game(&mut rng, grid, 0.2, Mines::Density(0.15), &mut solver, 400);
        assert!(game.moves > 0);
        // Replaying the player on the final layout gives the same game: every number shown
        // is the final layout's.
        let mut replay = Solver::new();
        let mut cover = Cover::new(&game.board);
        let mut view = View::new(grid);
        let mut opened = Vec::new();
        view.reveal(
            &game.board,
            &mut cover,
            game.first,
            FlagsInCascade::Kept,
            &mut opened,
        );
        for _ in 0..game.moves {
            let decision = replay
                .next_move(&view, Mines::Density(0.15), Style::CLASSIC)
                .unwrap()
                .unwrap();
            let targets: Vec<usize> = match decision.action {
                Move::Flag(cell) => {
                    assert!(game.board.is_mine(cell));
                    cover.set_flag(cell, true);
                    view.set(cell, Seen::Flagged);
                    continue;
                }
                Move::Open(cell) => vec![cell],
                Move::Chord(cell) => grid
                    .neighbours(cell)
                    .filter(|&n| cover.state(n) == CellState::Closed)
                    .collect(),
            };
            for cell in targets {
                if game.board.is_mine(cell) {
                    assert!(
                        !game.won,
                        "the replay lost a game the adversary's player won"
                    );
                    return;
                }
                view.reveal(
                    &game.board,
                    &mut cover,
                    cell,
                    FlagsInCascade::Kept,
                    &mut opened,
                );
            }
        }
        assert_eq!(game.won, cover.safe_closed() == 0);
    }
}
