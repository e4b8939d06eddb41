//! The solver's unit tests: hand-made positions with their probabilities worked out; and the
//! helpers other modules' tests share (views from text, brute force over arrangements).

use super::*;
use crate::board::{Board, Cover, FlagsInCascade, Grid};
use crate::moves::Move;
use crate::rng::Rng;

/// A view from text: `?` closed, `F` flagged, a digit an open number; other modules' tests
/// use it too.
pub(crate) fn view(rows: &[&str]) -> View {
    let grid = Grid::new(rows.len(), rows[0].len());
    let cells = rows
        .iter()
        .flat_map(|row| row.bytes())
        .map(|b| match b {
            b'?' => Seen::Closed,
            b'F' => Seen::Flagged,
            digit => Seen::Open(digit - b'0'),
        })
        .collect();
    View::from_cells(grid, cells)
}

/// A solver that has analysed `view`, its budget then lifted so that the what-ifs a test
/// calls directly (probes, 50/50 weighing) run to the end; other modules' tests use it too.
pub(crate) fn analysed(view: &View, mines: Mines) -> Solver {
    let mut solver = Solver::new();
    solver.analyse(view, mines).unwrap();
    solver.analysis().budget.lift();
    solver
}

/// The chance of winning from `view` with best play, by brute force: every arrangement
/// of the closed cells tried, each opening played with its cascade on a copy of the view.
pub(crate) fn brute_value(view: &View, arrangements: &[Vec<bool>]) -> f64 {
    if arrangements.len() <= 1 {
        return 1.0;
    }
    (0..view.grid().len())
        .filter(|&cell| view.get(cell) == Seen::Closed)
        .map(|cell| brute_open(view, arrangements, cell))
        .fold(0.0, f64::max)
}

/// The chance of winning by opening `cell` first, then playing best.
pub(crate) fn brute_open(view: &View, arrangements: &[Vec<bool>], cell: usize) -> f64 {
    let grid = view.grid();
    let mut outcomes: Vec<(View, Vec<Vec<bool>>)> = Vec::new();
    for mines in arrangements.iter().filter(|m| !m[cell]) {
        let mut next = view.clone();
        let mut stack = vec![cell];
        while let Some(c) = stack.pop() {
            if next.get(c) != Seen::Closed {
                continue;
            }
            let shown = grid.neighbours(c).filter(|&x| mines[x]).count() as u8;
            next.set(c, Seen::Open(shown));
            if shown == 0 {
                stack.extend(grid.neighbours(c));
            }
        }
        match outcomes.iter_mut().find(|(v, _)| v.cells() == next.cells()) {
            Some((_, list)) => list.push(mines.clone()),
            None => outcomes.push((next, vec![mines.clone()])),
        }
    }
    let won: f64 = outcomes
        .iter()
        .map(|(next, list)| list.len() as f64 * brute_value(next, list))
        .sum();
    won / arrangements.len() as f64
}

/// Every arrangement of `count` mines (flags included, as mines) over the closed cells of
/// `view` that fits its numbers, by brute force.
pub(crate) fn fitting(view: &View, count: usize) -> Vec<Vec<bool>> {
    let grid = view.grid();
    let closed: Vec<usize> = (0..grid.len())
        .filter(|&c| view.get(c) == Seen::Closed)
        .collect();
    let flags: Vec<bool> = (0..grid.len())
        .map(|c| view.get(c) == Seen::Flagged)
        .collect();
    let flagged = flags.iter().filter(|&&f| f).count();
    (0u32..1 << closed.len())
        .filter(|m| m.count_ones() as usize + flagged == count)
        .map(|m| {
            let mut mines = flags.clone();
            for (i, &c) in closed.iter().enumerate() {
                mines[c] = m >> i & 1 == 1;
            }
            mines
        })
        .filter(|mines| {
            (0..grid.len()).all(|c| match view.get(c) {
                Seen::Open(n) => grid.neighbours(c).filter(|&x| mines[x]).count() == n as usize,
                _ => true,
            })
        })
        .collect()
}

/// A random view of 2x2 up to `rows` x `cols` cells with up to a third of them mines, 1
/// to `opened` safe cells open (no cascade: any view of numbers will do) and each mine
/// flagged with chance `flagged`; the view and the mine count.
pub(crate) fn random_view(
    rng: &mut Rng,
    rows: usize,
    cols: usize,
    opened: usize,
    flagged: f64,
) -> (View, usize) {
    let (rows, cols) = (2 + rng.below(rows - 1), 2 + rng.below(cols - 1));
    let grid = Grid::new(rows, cols);
    let count = 1 + rng.below(rows * cols / 3 + 1);
    let mut cells: Vec<usize> = (0..grid.len()).collect();
    rng.shuffle(&mut cells);
    let is_mine: Vec<bool> = (0..grid.len())
        .map(|c| cells[..count].contains(&c))
        .collect();
    let mut view = View::new(grid);
    for &c in cells[count..].iter().take(1 + rng.below(opened)) {
        let shown = grid.neighbours(c).filter(|&x| is_mine[x]).count() as u8;
        view.set(c, Seen::Open(shown));
    }
    if flagged > 0.0 {
        for &c in &cells[..count] {
            if rng.chance(flagged) {
                view.set(c, Seen::Flagged);
            }
        }
    }
    (view, count)
}

/// A random board of 2 to 5 rows and columns with up to a third of its cells mines.
/// A random board of 2x2 to 5x5 with one random safe cell opened (its cascade too).
pub(crate) fn small_position(rng: &mut Rng) -> (Board, View) {
    let (rows, cols) = (2 + rng.below(4), 2 + rng.below(4));
    let grid = Grid::new(rows, cols);
    let count = 1 + rng.below(rows * cols / 3 + 1);
    let mut cells: Vec<usize> = (0..grid.len()).collect();
    rng.shuffle(&mut cells);
    let board = Board::from_mines(grid, cells[..count].iter().copied());
    let mut cover = Cover::new(&board);
    let safe: Vec<usize> = (0..grid.len()).filter(|&c| !board.is_mine(c)).collect();
    let first = safe[rng.below(safe.len())];
    cover.reveal_from(&board, first, FlagsInCascade::Cleared, &mut Vec::new());
    let view = View::observe(&board, &cover);
    (board, view)
}

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() < 1e-12
}

#[test]
fn one_two_one_is_mine_safe_mine() {
    // Bottom row 1 2 1 under closed cells a b c:
    //   a + b = 1, a + b + c = 2, b + c = 1  =>  c = 1, b = 0, a = 1.
    // The top row touches no number: with 2 mines in all it is safe; with 3 it holds one
    // mine among its 3 cells, 1/3 each.
    let v = view(&["???", "???", "121"]);
    let mut solver = Solver::new();
    solver.analyse(&v, Mines::Known(2)).unwrap();
    assert_eq!(solver.certain_mines(), &[3, 5]);
    let mut safe = solver.certain_safe().to_vec();
    safe.sort();
    assert_eq!(safe, vec![0, 1, 2, 4]);
    solver.analyse(&v, Mines::Known(3)).unwrap();
    assert_eq!(solver.certain_safe(), &[4]);
    assert_eq!(solver.certain_mines(), &[3, 5]);
    for cell in 0..3 {
        assert!(close(solver.probabilities()[cell], 1.0 / 3.0));
    }
    assert_eq!(solver.probabilities()[6], 0.0);
}

#[test]
fn a_full_number_is_mines_and_the_count_clears_the_rest() {
    // 1x3 "1??": the 1 has one closed neighbour, a mine; one mine in all leaves the last
    // cell safe. Flags are mines: a flag on it leaves the last cell safe too.
    let mut solver = Solver::new();
    solver.analyse(&view(&["1??"]), Mines::Known(1)).unwrap();
    assert_eq!(solver.certain_mines(), &[1]);
    assert_eq!(solver.certain_safe(), &[2]);
    solver.analyse(&view(&["1F?"]), Mines::Known(1)).unwrap();
    assert_eq!(solver.certain_mines(), &[] as &[u32]);
    assert_eq!(solver.certain_safe(), &[2]);
    assert_eq!(solver.probabilities()[1], 1.0);
}

#[test]
fn arrangements_are_weighted_by_the_cells_off_the_frontier() {
    // "?1?1????" (cells 0..8): the 1 at 1 sees cells 0 and 2, the 1 at 3 sees 2 and 4.
    // Either cell 2 is the mine (1 frontier mine) or cells 0 and 4 are (2 mines). Cells
    // 5, 6, 7 touch no number.
    // Known(2): cell 2 leaves 1 mine for 3 outside cells, C(3,1) = 3 ways; cells 0 and 4
    // leave none, C(3,0) = 1 way. P(2) = 3/4, P(0) = P(4) = 1/4; outside, 3 of 4 ways put
    // one mine among 3 cells: 3/4 / 3 = 1/4 each.
    let v = view(&["?1?1????"]);
    let mut solver = Solver::new();
    solver.analyse(&v, Mines::Known(2)).unwrap();
    let p = solver.probabilities();
    assert!(close(p[2], 0.75));
    assert!(close(p[0], 0.25) && close(p[4], 0.25));
    assert!(p[5..8].iter().all(|&q| close(q, 0.25)));
    assert!(solver.certain_safe().is_empty() && solver.certain_mines().is_empty());
    // Known(4): cell 2 leaves 3 mines for the 3 outside cells (1 way), cells 0 and 4
    // leave 2 (C(3,2) = 3 ways): P(2) = 1/4, P(0) = 3/4, outside (3 + 3*2)/4/3 = 3/4.
    solver.analyse(&v, Mines::Known(4)).unwrap();
    let p = solver.probabilities();
    assert!(close(p[2], 0.25) && close(p[0], 0.75) && close(p[5], 0.75));
    // Density 0.2, r = 0.2/0.8 = 1/4: weights r (cell 2) against r^2 (cells 0 and 4):
    // P(2) = (1/4) / (1/4 + 1/16) = 0.8, P(0) = 0.2; outside cells keep the density.
    solver.analyse(&v, Mines::Density(0.2)).unwrap();
    let p = solver.probabilities();
    assert!(close(p[2], 0.8) && close(p[0], 0.2) && close(p[6], 0.2));
}

#[test]
fn the_mine_count_can_settle_the_outside() {
    // "?1?1????" with 5 mines: the outside (3 cells) can hold at most 3, so the frontier
    // holds 2 (cells 0 and 4) and the outside is all mines; cell 2 is safe.
    let mut solver = Solver::new();
    solver
        .analyse(&view(&["?1?1????"]), Mines::Known(5))
        .unwrap();
    assert_eq!(solver.certain_safe(), &[2]);
    assert_eq!(solver.certain_mines(), &[0, 4, 5, 6, 7]);
}

#[test]
fn inconsistent_panels_are_errors() {
    let mut solver = Solver::new();
    // A 2 with a single closed neighbour.
    let err = solver.analyse(&view(&["2?"]), Mines::Density(0.1));
    assert_eq!(err, Err(Inconsistent { cell: Some(0) }));
    // A 0 next to a flag.
    assert!(solver.analyse(&view(&["0F"]), Mines::Known(1)).is_err());
    // More mines than closed cells can hold, and fewer than the numbers need.
    assert!(solver
        .analyse(&view(&["?1?1????"]), Mines::Known(6))
        .is_err());
    assert!(solver
        .analyse(&view(&["?1?1????"]), Mines::Known(0))
        .is_err());
    // More flags than mines.
    assert!(solver.analyse(&view(&["FF?"]), Mines::Known(1)).is_err());
    // Closed a b c d over "1210": the 0 makes c and d safe, so the 1 beside it makes b a
    // mine, the left 1 then makes a safe, and the 2 (a + b + c) cannot be met. Over
    // "1110" the same chain fits: b is the only mine.
    assert!(solver
        .analyse(&view(&["????", "1210"]), Mines::Density(0.2))
        .is_err());
    assert!(solver
        .analyse(&view(&["????", "1110"]), Mines::Density(0.2))
        .is_ok());
    assert_eq!(solver.certain_mines(), &[1]);
}

#[test]
fn next_move_flags_then_chords_then_opens_likely_zeros_first() {
    let mut solver = Solver::new();
    // "??1/??1/111": the 1 at the bottom right sees only cell 4, a mine; so cells 1 and 3
    // are safe; cell 0 touches no number (the density's 0.2).
    let v = view(&["??1", "??1", "111"]);
    let flag = solver
        .next_move(&v, Mines::Density(0.2), Style::CLASSIC)
        .unwrap()
        .unwrap();
    assert_eq!(flag.action, Move::Flag(4));
    assert!(flag.certain && flag.mine_probability == 1.0);
    assert!(close(solver.probabilities()[0], 0.2));
    // Without flags the same view opens a certain safe cell.
    let open = solver
        .next_move(&v, Mines::Density(0.2), Style::CLICKS)
        .unwrap()
        .unwrap();
    assert_eq!(open.action, Move::Open(1));
    // "1??/F??": the 1 has its flag, so cells 1 and 4 are safe: one chord opens both.
    let v = view(&["1??", "F??"]);
    let chord = solver
        .next_move(&v, Mines::Density(0.2), Style::CLASSIC)
        .unwrap()
        .unwrap();
    assert_eq!(chord.action, Move::Chord(0));
    // "?0???": cells 0 and 2 are safe; cell 0 has no other neighbour, so it is certain to
    // show 0 and comes first; cell 2 shows 0 only if cell 3 is safe (1 - 0.2).
    let v = view(&["?0???"]);
    solver.analyse(&v, Mines::Density(0.2)).unwrap();
    assert_eq!(solver.certain_safe(), &[0, 2]);
    let open = solver
        .next_move(&v, Mines::Density(0.2), Style::CLICKS)
        .unwrap()
        .unwrap();
    assert_eq!(open.action, Move::Open(0));
    // Nothing closed: no move.
    assert_eq!(
        solver.next_move(&view(&["11", "1F"]), Mines::Known(1), Style::CLICKS),
        Ok(None)
    );
}

#[test]
fn the_first_guess_on_an_empty_board_is_a_corner() {
    // All cells equally likely: a corner has the best chance of a 0 (3 neighbours).
    let grid = Grid::new(20, 20);
    let mut solver = Solver::new();
    let guess = solver
        .next_move(&View::new(grid), Mines::Known(50), Style::CLICKS)
        .unwrap()
        .unwrap();
    let Move::Open(cell) = guess.action else {
        panic!("expected an open, got {guess:?}");
    };
    let (row, col) = grid.row_col(cell);
    assert!(row % 19 == 0 && col % 19 == 0, "{row},{col}");
    assert!(close(guess.mine_probability, 50.0 / 400.0));
    assert!(!guess.certain);
}

#[test]
fn a_tiny_budget_approximates_soundly_and_counts_it() {
    // Two closed rows around a row of 2s (each column's pair is one box; every three
    // neighbouring boxes hold 2 mines): more than 3 enumeration steps.
    let v = view(&["??????????", "2222222222", "??????????"]);
    let mut exact = Solver::new();
    exact.analyse(&v, Mines::Density(0.2)).unwrap();
    assert_eq!(exact.approximations(), 0);
    let mut rough = Solver::with_budget(3);
    rough.analyse(&v, Mines::Density(0.2)).unwrap();
    assert_eq!(rough.approximations(), 1);
    assert!(rough
        .probabilities()
        .iter()
        .all(|p| (0.0..=1.0).contains(p)));
    // Nothing is claimed certain that the exact solver does not claim.
    for &c in rough.certain_safe() {
        assert!(exact.certain_safe().contains(&c));
    }
    for &c in rough.certain_mines() {
        assert!(exact.certain_mines().contains(&c));
    }
    // A guess is still offered, and the view is not called inconsistent.
    assert!(rough.best_guess().is_some() || !rough.certain_safe().is_empty());
}

#[test]
fn counted_clicks_come_first_when_no_zero_can_open_them() {
    // 2?3??     The 2 and the 3 with 3 mines in all: 1 and 6 are mines, the third is one of
    // ?????     3, 7, 8 (1/3 each); 4, 5 and 9 are safe.
    // Cell 5 touches the mines 1 and 6, and its other neighbour is the open 2: it shows a
    // number that no 0 can open (worth 1). Cell 4 shows a 0 if 3 and 8 are safe (4/9,
    // neighbours taken as independent); its neighbour 9 is a 0 the same way (4/9), 3 and 8
    // are each safe and a 0 with chance 2/3 * 4/9 = 8/27; so it is a thrifty click with chance
    // 4/9 + 5/9 * (5/9 * (19/27)^2) = 35269/59049, weighed by 1 + 4/9. Cell 9 is cell 4's
    // mirror. Likeliest to show a 0 first: 4 and 9, then 5; a thrifty click first: 5.
    let v = view(&["2?3??", "?????"]);
    let mut solver = Solver::new();
    solver.analyse(&v, Mines::Known(3)).unwrap();
    assert_eq!(solver.certain_safe(), &[4, 9, 5]);
    solver.count_clicks(true);
    solver.analyse(&v, Mines::Known(3)).unwrap();
    assert_eq!(solver.certain_safe(), &[5, 4, 9]);
    let (ready, analysis) = solver.moves_parts();
    assert!(close(ready.click_worth(analysis, 5), 1.0));
    let thrifty_4 = 35269.0 / 59049.0 * (1.0 + 4.0 / 9.0);
    assert!(close(ready.click_worth(analysis, 4), thrifty_4));
    assert!(close(ready.click_worth(analysis, 9), thrifty_4));
}

#[test]
fn counted_clicks_weigh_the_chance_of_a_zero() {
    // ?111      The 1s on top: {0,4,5,6} hold one mine, {5,6,7} one, {6,7} one; with two in
    // ????      all, 7 is a mine, 5 and 6 are safe, and 0 or 4 is the other (1/2 each).
    // Cell 6 touches the mine: it shows a number, and only its neighbour 5 could open it,
    // if 5 were a 0 (0.5 * 0.5 = 1/4, neighbours taken as independent): worth 3/4. Cell 5
    // shows a 0 with chance 1/4, and is opened by a 0 at 0 or 4 with chance
    // 1 - (1 - 1/4)^2 = 7/16: a thrifty click with chance 1/4 + 3/4 * 9/16 = 43/64, weighed
    // by 1 + 1/4 = 215/256, more than 3/4: 5 first.
    let v = view(&["?111", "????"]);
    let mut solver = Solver::new();
    solver.count_clicks(true);
    solver.analyse(&v, Mines::Known(2)).unwrap();
    assert_eq!(solver.certain_safe(), &[5, 6]);
    let (ready, analysis) = solver.moves_parts();
    assert!(close(ready.click_worth(analysis, 6), 0.75));
    assert!(close(ready.click_worth(analysis, 5), 215.0 / 256.0));
}
