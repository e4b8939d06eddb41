//! Hostile panels for `jlu-machine`, for tests and benchmarks: crafted so that one component
//! holds astronomically many arrangements. Every panel is drawn from the crate's seeded
//! [`Rng`], so a seed names its panel.

use crate::board::{Board, Grid};
use crate::rng::Rng;
use crate::solver::{Mines, Seen, View};

/// Which cells a crafted panel opens (the safe ones among them).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PanelPattern {
    /// Cells on an even row and an even column: each number sees up to 8 closed cells.
    Lattice,
    /// Cells on an even row or an even column: closed cells sit alone between numbers.
    Lines,
}

impl PanelPattern {
    fn opens(self, row: usize, col: usize) -> bool {
        match self {
            PanelPattern::Lattice => row % 2 == 0 && col % 2 == 0,
            PanelPattern::Lines => row % 2 == 0 || col % 2 == 0,
        }
    }
}

/// A random layout: `Known(k)` puts k mines uniformly, `Density(p)` makes each cell a mine
/// with probability p, among the cells `allowed` accepts.
fn layout(rng: &mut Rng, grid: Grid, mines: Mines, allowed: impl Fn(usize) -> bool) -> Board {
    let mut cells: Vec<usize> = (0..grid.len()).filter(|&c| allowed(c)).collect();
    let chosen = match mines {
        Mines::Known(k) => {
            let k = k.min(cells.len());
            rng.choose_front(&mut cells, k);
            cells.truncate(k);
            cells
        }
        Mines::Density(p) => cells.into_iter().filter(|_| rng.chance(p)).collect(),
    };
    Board::from_mines(grid, chosen)
}

/// The crafted panel of the solver-engine issue: a random layout, the safe cells of `pattern`
/// open with their true numbers, except that a number showing 0, or as many mines as it has
/// closed neighbours, is closed again (to a fixpoint): no single-number rule settles
/// anything, and the whole panel is about one component.
///
/// The panel is consistent (its own layout fits), but which cells are open depends on the
/// layout, so the solver's probabilities are not the true odds of this process (see
/// [`lattice_position`] for that).
///
/// # Complexity
/// O(cells).
pub fn crafted_panel(
    rng: &mut Rng,
    grid: Grid,
    mines: Mines,
    pattern: PanelPattern,
) -> (Board, View) {
    let board = layout(rng, grid, mines, |_| true);
    let mut open: Vec<bool> = (0..grid.len())
        .map(|c| {
            let (row, col) = grid.row_col(c);
            pattern.opens(row, col) && !board.is_mine(c)
        })
        .collect();
    let mut queue: Vec<usize> = (0..grid.len()).filter(|&c| open[c]).collect();
    while let Some(cell) = queue.pop() {
        if !open[cell] {
            continue;
        }
        let closed = grid.neighbours(cell).filter(|&n| !open[n]).count();
        let number = board.count(cell) as usize;
        if number == 0 || number == closed {
            open[cell] = false;
            queue.extend(grid.neighbours(cell).filter(|&n| open[n]));
        }
    }
    let view = view_of(&board, &open);
    (board, view)
}

/// A position like the crafted panel whose true odds are the solver's: each cell of `pattern`
/// is kept open with probability `keep` (independently of the layout), the layout is drawn
/// with `mines` among the other cells only, and every kept cell shows its number. The layout
/// given the view is then exactly what the solver assumes, so the chance its guesses are
/// mines is the probability it reports, when that is right.
///
/// # Complexity
/// O(cells).
pub fn lattice_position(
    rng: &mut Rng,
    grid: Grid,
    mines: Mines,
    pattern: PanelPattern,
    keep: f64,
) -> (Board, View) {
    let open: Vec<bool> = (0..grid.len())
        .map(|c| {
            let (row, col) = grid.row_col(c);
            pattern.opens(row, col) && rng.chance(keep)
        })
        .collect();
    let board = layout(rng, grid, mines, |c| !open[c]);
    let view = view_of(&board, &open);
    (board, view)
}

/// The view of `board` with the cells of `open` open.
fn view_of(board: &Board, open: &[bool]) -> View {
    let cells = (0..open.len())
        .map(|c| {
            if open[c] {
                Seen::Open(board.count(c))
            } else {
                Seen::Closed
            }
        })
        .collect();
    View::from_cells(board.grid(), cells)
}

/// The panel as `jlu-machine` reads it: `n m` (or `n m k`), then rows of `-1` (closed) and
/// numbers.
pub fn jlu_machine_input(view: &View, mines: Option<usize>) -> Vec<u8> {
    let grid = view.grid();
    let mut text = format!("{} {}", grid.rows(), grid.cols());
    if let Some(k) = mines {
        text += &format!(" {k}");
    }
    text.push('\n');
    for row in 0..grid.rows() {
        let line: Vec<String> = (0..grid.cols())
            .map(|col| match view.get(grid.index(row, col)) {
                Seen::Open(n) => n.to_string(),
                _ => "-1".to_string(),
            })
            .collect();
        text += &line.join(" ");
        text.push('\n');
    }
    text.into_bytes()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_crafted_panel_leaves_no_single_number_rule() {
        let mut rng = Rng::new(5);
        let grid = Grid::new(12, 14);
        for pattern in [PanelPattern::Lattice, PanelPattern::Lines] {
            let (board, view) = crafted_panel(&mut rng, grid, Mines::Density(0.2), pattern);
            for cell in 0..grid.len() {
                if let Seen::Open(n) = view.get(cell) {
                    assert!(!board.is_mine(cell) && board.count(cell) == n);
                    let closed = grid
                        .neighbours(cell)
                        .filter(|&c| view.get(c) == Seen::Closed)
                        .count();
                    assert!(n > 0 && (n as usize) < closed, "{pattern:?} cell {cell}");
                }
            }
        }
    }
}
