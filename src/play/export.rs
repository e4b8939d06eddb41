//! A game of `play` as a test case for a judge: its mine map and moves written as an input of
//! `mine-ops`, `acm-server` or `jlu-panel`, with the expected output computed by that judge's
//! own rules (its `solve`), so that a test author plays in the browser and gets a golden case.
//!
//! The moves are translated as each judge's rules allow:
//! - `mine-ops` has the same three moves: `Sweep` (open), `Flag` (set or remove), `DSweep`
//!   (chord), 1-based, every move the player made, then `Quit`.
//! - `acm-server` marks cannot be removed, and a mark on a safe cell loses at once: a flag the
//!   player removed later is left out (its setting and its removal), and so is a flag on a safe
//!   cell, unless a chord counted on it (the browser game was lost by that chord: the judge's
//!   is lost at the mark); opens are visits (type 0), chords auto-explores (type 2). The judge's
//!   game thus ends as the browser's did.
//! - `jlu-panel` has no flags: they are left out, and a chord becomes its clicks, one per
//!   closed unflagged neighbour still closed when its turn comes.
//!
//! Moves are replayed on the game's map ([`Game::on_board`]) to know the state each one met.

use crate::board::CellState;
use crate::games::jlu::{Outcome, Panel};
use crate::games::Judge;
use crate::io::runner::solve_in_memory;
use crate::play::game::{Action, Game, Status};
use std::fmt::Write;

/// The largest expected output an export writes: a `jlu-panel` case prints the whole panel per
/// click, which on a 100x100 board reaches gigabytes.
pub const MAX_OUTPUT: usize = 32 << 20;

/// The judges a game exports to.
pub const JUDGES: [Judge; 3] = [Judge::MineOps, Judge::AcmServer, Judge::JluPanel];

/// A game written for one judge.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Export {
    /// The judge's input.
    pub input: String,
    /// What the judge prints for it.
    pub output: String,
    /// What the player should know: moves a judge cannot take, limits of the course's judge.
    pub notes: Vec<String>,
}

/// `game` written for `judge`; an error says why it cannot be (no mines yet, too many moves,
/// an output too large, a judge that takes no game).
///
/// # Complexity
/// O(moves x cells) to replay and print: the judge's own run on the input.
pub fn export(game: &Game, judge: Judge) -> Result<Export, String> {
    if game.status() == Status::Ready {
        return Err("no mines yet: open a cell first".to_string());
    }
    let Some(history) = game.history() else {
        return Err(format!(
            "more than {} moves: too long to export",
            crate::play::game::MAX_HISTORY
        ));
    };
    let (input, estimate, notes) = match judge {
        Judge::MineOps => mine_ops(game, history),
        Judge::AcmServer => acm_server(game, history),
        Judge::JluPanel => jlu_panel(game, history),
        _ => return Err(format!("{} takes no game of play", judge.name())),
    };
    if estimate > MAX_OUTPUT {
        return Err(format!(
            "the expected output would be about {} MB: too large to download",
            estimate >> 20
        ));
    }
    let (output, result) = solve_in_memory(judge.solve(), input.as_bytes());
    if let Err(error) = result {
        // The input is ours: a refusal is a bug, said rather than hidden.
        return Err(format!("{} refused the export: {error:?}", judge.name()));
    }
    Ok(Export {
        input,
        output: String::from_utf8_lossy(&output).into_owned(),
        notes,
    })
}

/// `rows cols`, then the map, one row per line, `mine` and `safe` characters.
fn header_and_map(game: &Game, mine: char, safe: char) -> String {
    let grid = game.grid();
    let mut text = format!("{} {}\n", grid.rows(), grid.cols());
    for row in 0..grid.rows() {
        for col in 0..grid.cols() {
            let is_mine = game.board().is_mine(grid.index(row, col));
            text.push(if is_mine { mine } else { safe });
        }
        text.push('\n');
    }
    text
}

/// Every move, in order, with the state of its cell just before it, stopping at the end.
fn replay(game: &Game, history: &[Action], mut each: impl FnMut(&Game, Action)) {
    let mut replay = Game::on_board(game.board().clone());
    for &action in history {
        if replay.status().is_over() {
            break;
        }
        each(&replay, action);
        replay.apply(action);
    }
}

fn mine_ops(game: &Game, history: &[Action]) -> (String, usize, Vec<String>) {
    let grid = game.grid();
    let mut input = header_and_map(game, '*', '.');
    for &action in history {
        let (name, cell) = match action {
            Action::Open(cell) => ("Sweep", cell),
            Action::Flag(cell) => ("Flag", cell),
            Action::Chord(cell) => ("DSweep", cell),
        };
        let (row, col) = grid.row_col(cell);
        let _ = writeln!(input, "{name} {} {}", row + 1, col + 1);
    }
    input.push_str("Quit\n");
    // Each opened cell is listed once, each move takes a line.
    let estimate = 24 * (grid.len() + history.len()) + 64;
    (input, estimate, Vec::new())
}

fn acm_server(game: &Game, history: &[Action]) -> (String, usize, Vec<String>) {
    let grid = game.grid();
    let board = game.board();
    // Each flag setting, by its place in the history: whether the player removed that flag,
    // and whether a chord counted on it while it stood.
    let mut standing: Vec<Option<usize>> = vec![None; grid.len()];
    let mut sets = vec![false; history.len()];
    let mut removed = vec![false; history.len()];
    let mut counted = vec![false; history.len()];
    let mut at = 0;
    replay(game, history, |replay, action| {
        let cover = replay.cover();
        match action {
            Action::Flag(cell) => match cover.state(cell) {
                CellState::Closed => {
                    standing[cell] = Some(at);
                    sets[at] = true;
                }
                CellState::Flagged => {
                    if let Some(setting) = standing[cell].take() {
                        removed[setting] = true;
                    }
                }
                CellState::Open => {}
            },
            Action::Chord(cell) => {
                let number = board.count(cell) as usize;
                if cover.is_open(cell) && number > 0 && cover.flags_around(grid, cell) == number {
                    for next in grid.neighbours(cell) {
                        if let (CellState::Flagged, Some(setting)) =
                            (cover.state(next), standing[next])
                        {
                            counted[setting] = true;
                        }
                    }
                }
            }
            Action::Open(_) => {}
        }
        at += 1;
    });
    let mut input = header_and_map(game, 'X', '.');
    let (mut operations, mut left_out, mut wrong_marks) = (0, 0, 0);
    for (index, &action) in history.iter().enumerate().take(at) {
        let (cell, code) = match action {
            Action::Open(cell) => (cell, 0),
            Action::Chord(cell) => (cell, 2),
            Action::Flag(cell) => {
                let kept =
                    sets[index] && !removed[index] && (board.is_mine(cell) || counted[index]);
                if !kept {
                    left_out += usize::from(sets[index]);
                    continue;
                }
                wrong_marks += usize::from(!board.is_mine(cell));
                (cell, 1)
            }
        };
        let (row, col) = grid.row_col(cell);
        let _ = writeln!(input, "{row} {col} {code}");
        operations += 1;
    }
    let mut notes = Vec::new();
    if left_out > 0 {
        notes.push(format!(
            "acm-server marks cannot be removed and a mark on a safe cell loses at once: \
             {left_out} flag(s) removed later or on a safe cell are left out"
        ));
    }
    if wrong_marks > 0 {
        notes.push(
            "a chord counted on a flag on a safe cell: acm-server loses at that mark".to_string(),
        );
    }
    if grid.rows() > 30 || grid.cols() > 30 || operations > 1000 {
        notes.push(
            "beyond the course's limits (n, m <= 30, 1000 operations): our acm-server takes it"
                .to_string(),
        );
    }
    let estimate = (operations + 1) * grid.rows() * (grid.cols() + 1) + 64;
    (input, estimate, notes)
}

fn jlu_panel(game: &Game, history: &[Action]) -> (String, usize, Vec<String>) {
    let grid = game.grid();
    let board = game.board();
    let mut panel = Panel::new(board);
    let mut clicks: Vec<usize> = Vec::new();
    let mut lost = false;
    let mut click = |panel: &mut Panel, cell: usize, clicks: &mut Vec<usize>| {
        if !lost && !panel.is_open(cell) {
            clicks.push(cell);
            lost = panel.refresh(board, cell) == Outcome::Lost;
        }
    };
    let mut flags = 0;
    replay(game, history, |replay, action| match action {
        Action::Open(cell) => {
            if replay.cover().state(cell) == CellState::Closed {
                click(&mut panel, cell, &mut clicks);
            }
        }
        Action::Flag(_) => flags += 1,
        Action::Chord(cell) => {
            let cover = replay.cover();
            let number = board.count(cell) as usize;
            if cover.is_open(cell) && number > 0 && cover.flags_around(grid, cell) == number {
                for next in grid.neighbours(cell) {
                    if cover.state(next) == CellState::Closed {
                        click(&mut panel, next, &mut clicks);
                    }
                }
            }
        }
    });
    let mines: Vec<usize> = (0..grid.len()).filter(|&c| board.is_mine(c)).collect();
    let mut input = format!(
        "{} {} {} {}\n",
        grid.rows(),
        grid.cols(),
        mines.len(),
        clicks.len()
    );
    for &cell in mines.iter().chain(&clicks) {
        let (row, col) = grid.row_col(cell);
        let _ = writeln!(input, "{row} {col}");
    }
    let mut notes = Vec::new();
    if flags > 0 {
        notes.push("JLU panels have no flags: flags are left out, chords are their clicks".into());
    }
    if grid.rows() > 20 || grid.cols() > 20 || mines.len() > 50 || clicks.len() > 200 {
        notes.push(
            "beyond the course's limits (n, m <= 20, k <= 50, l <= 200): our jlu-panel takes it"
                .to_string(),
        );
    }
    let estimate = clicks.len() * grid.rows() * (3 * grid.cols() + 1) + 64;
    (input, estimate, notes)
}

/// The file name of an export: `play-<game>-<judge>` (the page adds `.in` and `.ans`).
pub fn file_stem(game: &Game, judge: Judge) -> String {
    format!("play-{}-{}", game.id(), judge.name())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{Board, Grid};
    use crate::play::game::Start;

    /// .X.
    /// ...
    /// ..X     the ACM statement's map, played: flag (2,2), open (2,0), chord (2,1),
    ///         flag (0,0) and remove it, open (0,0), open (0,2).
    fn statement_game() -> Game {
        let board = Board::from_mines(Grid::new(3, 3), [1, 8]);
        let mut game = Game::on_board(board);
        for action in [
            Action::Flag(8),
            Action::Open(6),
            Action::Chord(7),
            Action::Flag(0),
            Action::Flag(0),
            Action::Open(0),
            Action::Open(2),
        ] {
            game.apply(action);
        }
        assert_eq!(game.status(), Status::Won);
        game
    }

    #[test]
    fn a_won_game_exports_to_each_judge_with_its_answer() {
        let game = statement_game();
        let mine_ops = export(&game, Judge::MineOps).unwrap();
        assert_eq!(
            mine_ops.input,
            "3 3\n.*.\n...\n..*\nFlag 3 3\nSweep 3 1\nDSweep 3 2\nFlag 1 1\nFlag 1 1\n\
             Sweep 1 1\nSweep 1 3\nQuit\n"
        );
        assert!(
            mine_ops.output.ends_with("finish\ntotal step 7\n"),
            "{}",
            mine_ops.output
        );
        let acm = export(&game, Judge::AcmServer).unwrap();
        assert_eq!(
            acm.input,
            "3 3\n.X.\n...\n..X\n2 2 1\n2 0 0\n2 1 2\n0 0 0\n0 2 0\n"
        );
        assert!(
            acm.output.ends_with("1@1\n122\n01@\nYOU WIN!\n7 2\n"),
            "{}",
            acm.output
        );
        assert_eq!(acm.notes.len(), 1, "the removed flag: {:?}", acm.notes);
        let jlu = export(&game, Judge::JluPanel).unwrap();
        // The chord at (2,1) opens (1,2): its one closed unflagged neighbour.
        assert_eq!(jlu.input, "3 3 2 4\n0 1\n2 2\n2 0\n1 2\n0 0\n0 2\n");
        assert!(
            jlu.output.ends_with("1 -1 1 \n1 2 2 \n0 1 -1 \nYou win\n"),
            "{}",
            jlu.output
        );
    }

    #[test]
    fn a_game_not_started_or_lost_exports_what_happened() {
        let game = Game::new("g".into(), Grid::new(9, 9), 10, 1, Start::Safe);
        assert!(export(&game, Judge::MineOps)
            .unwrap_err()
            .contains("open a cell first"));
        let board = Board::from_mines(Grid::new(1, 3), [0]);
        let mut game = Game::on_board(board);
        game.flag(2);
        game.open(1);
        game.chord(1);
        assert_eq!(game.status(), Status::Lost);
        let mine_ops = export(&game, Judge::MineOps).unwrap();
        assert!(
            mine_ops.output.ends_with("boom\ngame over\ntotal step 3\n"),
            "{}",
            mine_ops.output
        );
        let acm = export(&game, Judge::AcmServer).unwrap();
        assert!(acm.output.ends_with("GAME OVER!\n0 0\n"), "{}", acm.output);
        assert_eq!(acm.notes.len(), 1, "the wrong mark: {:?}", acm.notes);
        let jlu = export(&game, Judge::JluPanel).unwrap();
        assert_eq!(jlu.input, "1 3 1 2\n0 0\n0 1\n0 0\n");
        assert!(jlu.output.ends_with("You lose\n"), "{}", jlu.output);
        assert!(export(&game, Judge::UpdateBoard).is_err());
    }
}
