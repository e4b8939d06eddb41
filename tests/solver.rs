//! The solver against brute force: every mine arrangement of small boards enumerated, and many
//! seeded games in which no certain claim may be wrong.

use minejudge::board::{Board, Cover, FlagsInCascade, Grid};
use minejudge::rng::Rng;
use minejudge::solver::{Mines, Move, Seen, Solver, Style, View};

/// Every arrangement of mines consistent with `view` (flags count as mines), by trying all
/// subsets of the closed cells; each cell's probability. `None` when nothing fits.
fn brute_force(
    view: &View,
    rows: usize,
    cols: usize,
    mines: Option<usize>,
    density: f64,
) -> Option<Vec<f64>> {
    let n = rows * cols;
    let closed: Vec<usize> = (0..n).filter(|&i| view.get(i) == Seen::Closed).collect();
    let flagged: Vec<usize> = (0..n).filter(|&i| view.get(i) == Seen::Flagged).collect();
    assert!(closed.len() <= 20, "brute force on too many closed cells");
    let mut total = 0.0;
    let mut mine_weight = vec![0.0; n];
    for mask in 0u32..(1u32 << closed.len()) {
        let mut mine = vec![false; n];
        for &f in &flagged {
            mine[f] = true;
        }
        for (bit, &c) in closed.iter().enumerate() {
            if mask >> bit & 1 == 1 {
                mine[c] = true;
            }
        }
        let count = mine.iter().filter(|&&m| m).count();
        if let Some(m) = mines {
            if count != m {
                continue;
            }
        }
        let mut fits = true;
        for r in 0..rows {
            for c in 0..cols {
                if let Seen::Open(v) = view.get(r * cols + c) {
                    if mine[r * cols + c] {
                        fits = false;
                    }
                    let mut around = 0;
                    for dr in -1i64..=1 {
                        for dc in -1i64..=1 {
                            let (rr, cc) = (r as i64 + dr, c as i64 + dc);
                            if (dr, dc) != (0, 0)
                                && rr >= 0
                                && cc >= 0
                                && rr < rows as i64
                                && cc < cols as i64
                                && mine[rr as usize * cols + cc as usize]
                            {
                                around += 1;
                            }
                        }
                    }
                    if around != v as usize {
                        fits = false;
                    }
                }
            }
        }
        if !fits {
            continue;
        }
        // With a density, each closed cell is a mine independently.
        let weight = if mines.is_some() {
            1.0
        } else {
            let k = closed.iter().filter(|&&c| mine[c]).count() as i32;
            density.powi(k) * (1.0 - density).powi(closed.len() as i32 - k)
        };
        total += weight;
        for i in 0..n {
            if mine[i] {
                mine_weight[i] += weight;
            }
        }
    }
    if total == 0.0 {
        return None;
    }
    Some(mine_weight.iter().map(|w| w / total).collect())
}

/// A random position: a board, a few safe cells opened (with their cascades), some certain
/// mines flagged.
fn random_view(rng: &mut Rng, rows: usize, cols: usize, mines: usize) -> (Board, View) {
    let grid = Grid::new(rows, cols);
    let mut cells: Vec<usize> = (0..grid.len()).collect();
    rng.shuffle(&mut cells);
    let board = Board::from_mines(grid, cells[..mines].iter().cloned());
    let mut cover = Cover::new(&board);
    let mut view = View::new(grid);
    let mut opened = Vec::new();
    let opens = 1 + rng.below(4);
    for _ in 0..opens {
        let safe: Vec<usize> = (0..grid.len())
            .filter(|&c| !board.is_mine(c) && !cover.is_open(c))
            .collect();
        if safe.is_empty() {
            break;
        }
        cover.reveal_from(
            &board,
            safe[rng.below(safe.len())],
            FlagsInCascade::Cleared,
            &mut opened,
        );
    }
    for c in 0..grid.len() {
        if cover.is_open(c) {
            view.set(c, Seen::Open(board.count(c)));
        } else if board.is_mine(c) && rng.chance(0.2) {
            view.set(c, Seen::Flagged);
        }
    }
    (board, view)
}

#[test]
fn probabilities_match_brute_force() {
    let seed = 20261121;
    let mut rng = Rng::new(seed);
    let mut solver = Solver::new();
    for case in 0..1500 {
        let rows = 2 + rng.below(4);
        let cols = 2 + rng.below(4);
        let mines = 1 + rng.below(rows * cols / 3 + 1);
        let (_, view) = random_view(&mut rng, rows, cols, mines);
        let closed = view.cells().iter().filter(|&&s| s == Seen::Closed).count();
        if closed > 18 {
            continue;
        }
        let known = rng.chance(0.7);
        let density = 0.1 + 0.3 * rng.unit();
        let total = if known {
            Mines::Known(mines)
        } else {
            Mines::Density(density)
        };
        let expected = brute_force(&view, rows, cols, known.then_some(mines), density)
            .expect("a real position is consistent");
        solver
            .analyse(&view, total)
            .unwrap_or_else(|e| panic!("case {case} (seed {seed}): {e}\n{view:?}"));
        let got = solver.probabilities();
        for i in 0..rows * cols {
            assert!(
                (got[i] - expected[i]).abs() < 1e-9,
                "case {case} (seed {seed}) {rows}x{cols} {total:?}: cell {i}: solver {} brute force {}\n{view:?}",
                got[i],
                expected[i]
            );
        }
        for &c in solver.certain_safe() {
            assert_eq!(expected[c as usize], 0.0, "case {case}: certain safe {c}");
        }
        for &c in solver.certain_mines() {
            assert_eq!(expected[c as usize], 1.0, "case {case}: certain mine {c}");
        }
        for i in 0..rows * cols {
            if view.get(i) == Seen::Closed {
                let certain = expected[i] == 0.0 || expected[i] == 1.0;
                let claimed = solver.certain_safe().contains(&(i as u32))
                    || solver.certain_mines().contains(&(i as u32));
                assert_eq!(
                    certain, claimed,
                    "case {case}: cell {i} certainty\n{view:?}"
                );
            }
        }
    }
}
