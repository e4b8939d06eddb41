//! "Flags are mines" against a brute force that shares nothing with the solver: thousands of
//! small seeded positions, written as JSMinesweeper's text and read back, whose every
//! arrangement of mines is enumerated, a mine forced under every flag. The probabilities must
//! be the brute force's, every certain move the brute force's, and a move said to rest on the
//! flags exactly one the numbers alone do not prove.

use crate::board::Grid;
use crate::moves::Move;
use crate::play::advice::{analyse_with, Analysis, FlagsAre, Rules};
use crate::play::position::{self, Format};
use crate::rng::Rng;
use crate::solver::{Mines, Seen, View};

/// The positions tried.
const POSITIONS: u64 = 10_000;

/// Per closed or flagged cell, the chance it is a mine over every arrangement of `mines`
/// mines that fits the numbers (with a mine under every flag when `forced`); `None` when none
/// fits.
fn brute_force(view: &View, mines: usize, forced: bool) -> Option<Vec<f64>> {
    let grid = view.grid();
    let unknown: Vec<usize> = (0..grid.len())
        .filter(|&c| !matches!(view.get(c), Seen::Open(_)))
        .collect();
    let mut count = vec![0u64; grid.len()];
    let mut total = 0u64;
    for set in 0u32..(1 << unknown.len()) {
        if set.count_ones() as usize != mines {
            continue;
        }
        let mut mine = vec![false; grid.len()];
        for (bit, &cell) in unknown.iter().enumerate() {
            mine[cell] = set >> bit & 1 == 1;
        }
        if forced && (0..grid.len()).any(|c| view.get(c) == Seen::Flagged && !mine[c]) {
            continue;
        }
        let fits = (0..grid.len()).all(|c| match view.get(c) {
            Seen::Open(number) => {
                !mine[c] && grid.neighbours(c).filter(|&n| mine[n]).count() == number as usize
            }
            _ => true,
        });
        if fits {
            total += 1;
            for &cell in &unknown {
                count[cell] += u64::from(mine[cell]);
            }
        }
    }
    (total > 0).then(|| count.iter().map(|&n| n as f64 / total as f64).collect())
}

/// A random position of at most 16 cells as JSMinesweeper's text: mines dealt, some safe
/// cells open, flags on some closed cells (right or wrong).
fn position_text(rng: &mut Rng) -> String {
    let (rows, cols) = (1 + rng.below(4), 1 + rng.below(4));
    let cells = rows * cols;
    let mines = rng.below(cells / 2 + 2).min(cells);
    let mine = rng.deal(cells, mines, &[]);
    let mut is_mine = vec![false; cells];
    mine.iter().for_each(|&c| is_mine[c] = true);
    let grid = Grid::new(rows, cols);
    let mut text = format!("{cols}x{rows}x{mines}\n");
    for row in 0..rows {
        for col in 0..cols {
            let cell = grid.index(row, col);
            let near = grid.neighbours(cell).filter(|&n| is_mine[n]).count();
            text.push(if !is_mine[cell] && rng.chance(0.5) {
                char::from(b'0' + near as u8)
            } else if rng.chance(if is_mine[cell] { 0.4 } else { 0.15 }) {
                'F'
            } else {
                'H'
            });
        }
        text.push('\n');
    }
    text
}

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() < 1e-9
}

/// Whether the probabilities `p` prove `action` on `view` (a flag move on a flag removes it).
fn proven_by(p: &[f64], action: Move, view: &View) -> bool {
    match action {
        Move::Open(cell) => close(p[cell], 0.0),
        Move::Flag(cell) if view.get(cell) == Seen::Flagged => close(p[cell], 0.0),
        Move::Flag(cell) => close(p[cell], 1.0),
        Move::Chord(cell) => view.grid().neighbours(cell).all(|n| match view.get(n) {
            Seen::Closed => close(p[n], 0.0),
            Seen::Flagged => close(p[n], 1.0),
            Seen::Open(_) => true,
        }),
    }
}

/// Checks one analysis with the flags as mines against both brute forces.
fn check(text: &str, view: &View, found: &Analysis, forced: &Option<Vec<f64>>, alone: &[f64]) {
    let expected = forced.as_deref().unwrap_or(alone);
    assert_eq!(found.flags_refuted, forced.is_none(), "{text}");
    let as_mines = if forced.is_some() {
        FlagsAre::Mines
    } else {
        FlagsAre::Beliefs
    };
    assert_eq!(found.flags_are, as_mines, "{text}");
    for (cell, &want) in expected.iter().enumerate() {
        if !matches!(view.get(cell), Seen::Open(_)) {
            let p = found.probability[cell];
            assert!(close(p, want), "{text}cell {cell}: {p}");
        }
    }
    for &cell in &found.safe {
        assert!(close(expected[cell], 0.0), "{text}called safe: {cell}");
    }
    for &cell in &found.mines {
        assert!(close(expected[cell], 1.0), "{text}called a mine: {cell}");
    }
    if let Some(advice) = found.advice.filter(|advice| advice.certain) {
        assert!(proven_by(expected, advice.action, view), "{text}{advice:?}");
        let by_numbers = proven_by(alone, advice.action, view);
        assert_eq!(found.rests_on_flags, !by_numbers, "{text}{advice:?}");
    } else {
        assert!(!found.rests_on_flags, "{text}");
    }
}

#[test]
fn flags_as_mines_give_the_brute_forces_probabilities_and_say_what_rests_on_them() {
    let mut rng = Rng::new(55);
    let (mut with_flags, mut refuted, mut resting) = (0, 0, 0);
    for _ in 0..POSITIONS {
        let text = position_text(&mut rng);
        let read = position::parse(&text).unwrap();
        assert_eq!(read.format, Format::JsMinesweeper);
        let (view, mines) = (read.view, read.mines.unwrap());
        let alone = brute_force(&view, mines, false);
        let analysed = analyse_with(&view, Mines::Known(mines), Rules::Flags, FlagsAre::Mines);
        let Some(alone) = alone else {
            assert!(analysed.is_err(), "{text}");
            continue;
        };
        let found = analysed.unwrap();
        let beliefs = analyse_with(&view, Mines::Known(mines), Rules::Flags, FlagsAre::Beliefs);
        let beliefs = beliefs.unwrap();
        for cell in (0..view.grid().len()).filter(|&c| !matches!(view.get(c), Seen::Open(_))) {
            assert!(
                close(beliefs.probability[cell], alone[cell]),
                "{text}{cell}"
            );
        }
        let forced = brute_force(&view, mines, true);
        check(&text, &view, &found, &forced, &alone);
        with_flags += usize::from(view.cells().contains(&Seen::Flagged));
        refuted += usize::from(found.flags_refuted);
        resting += usize::from(found.rests_on_flags);
    }
    // The positions reach every case.
    eprintln!("{with_flags} positions with flags, {refuted} refuted, {resting} resting on them");
    assert!(
        with_flags > 5000 && refuted > 500 && resting > 500,
        "{with_flags} {refuted} {resting}"
    );
}

#[test]
fn the_issues_example_is_a_half_from_the_numbers_and_safe_with_flags_as_mines() {
    let read = position::parse("4x1x1\nF1HH\n").unwrap();
    let beliefs = analyse_with(&read.view, Mines::Known(1), Rules::Flags, FlagsAre::Beliefs);
    let beliefs = beliefs.unwrap();
    assert_eq!(beliefs.probability[2], 0.5);
    assert_eq!(beliefs.flags_are, FlagsAre::Beliefs);
    let mines = analyse_with(&read.view, Mines::Known(1), Rules::Flags, FlagsAre::Mines).unwrap();
    assert_eq!(mines.probability, [1.0, 0.0, 0.0, 0.0]);
    assert_eq!(
        (mines.flags_are, mines.flags_refuted),
        (FlagsAre::Mines, false)
    );
    // Cell 2 is safe only if the flag is right; cell 3 the numbers alone prove safe.
    assert_eq!(mines.safe, [2, 3]);
    let advice = mines.advice.unwrap();
    assert_eq!(advice.action, Move::Open(2));
    assert!(advice.certain && mines.rests_on_flags);
    // A flag beside a 0 cannot be a mine: the numbers alone, and the flag called wrong.
    let read = position::parse("4x1x1\nF0HH\n").unwrap();
    let refuted = analyse_with(&read.view, Mines::Known(1), Rules::Flags, FlagsAre::Mines).unwrap();
    assert!(refuted.flags_refuted && !refuted.rests_on_flags);
    assert_eq!(
        (refuted.flags_are, &refuted.flags.wrong[..]),
        (FlagsAre::Beliefs, &[0][..])
    );
    // Without flags in the game (a JLU panel), a flag is a closed cell either way.
    let read = position::parse("-1 1 -1 -1\n").unwrap();
    let mut view = read.view.clone();
    view.set(0, Seen::Flagged);
    let clicks = analyse_with(&view, Mines::Known(1), Rules::Clicks, FlagsAre::Mines).unwrap();
    assert_eq!(
        (clicks.flags_are, clicks.probability[2]),
        (FlagsAre::Closed, 0.5)
    );
}
