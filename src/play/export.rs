//! A game of `play` as a test case for a judge: its mine map and moves written as that
//! judge's input (each judge's folder says how: `Judge::export`), with the expected output
//! computed by the judge's own `solve`, so that a test author plays in the browser and gets a
//! golden case.

use crate::io::runner::solve_in_memory;
use crate::judges::judge::Note;
use crate::judges::{self, Judge};
use crate::play::game::{BrowserGame, GameStatus, MAX_HISTORY};
use crate::play::message::Message;

/// The largest expected output an export writes: a `jlu-panel` case prints the whole panel per
/// click, which on a 100x100 board reaches gigabytes.
pub const MAX_OUTPUT: usize = 32 << 20;

/// The judges a game exports to, in the registry's order.
pub fn judges() -> impl Iterator<Item = &'static Judge> {
    judges::ALL
        .iter()
        .copied()
        .filter(|judge| judge.exporter.is_some())
}

/// A game written for one judge.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Export {
    /// The judge's input.
    pub input: String,
    /// What the judge prints for it.
    pub output: String,
    /// What the player should know: moves a judge cannot take, limits of the course's judge.
    pub notes: Vec<Note>,
}

/// `game` written for `judge`; an error says why it cannot be (no mines yet, too many moves,
/// an output too large, a judge that takes no game).
///
/// # Complexity
/// O(moves x cells) to replay and print: the judge's own run on the input.
pub fn export(game: &BrowserGame, judge: &Judge) -> Result<Export, Message> {
    if game.status() == GameStatus::Ready {
        return Err(Message::ExportNoMines);
    }
    let Some(history) = game.history() else {
        return Err(Message::ExportTooLong(MAX_HISTORY));
    };
    let Some(exporter) = judge.exporter else {
        return Err(Message::ExportNoGame(judge.name().to_string()));
    };
    let exported = exporter(game.board(), history);
    if exported.output_estimate > MAX_OUTPUT {
        return Err(Message::ExportTooLarge(exported.output_estimate >> 20));
    }
    let (output, result) = solve_in_memory(judge.solve(), exported.input.as_bytes());
    if let Err(error) = result {
        // The input is ours: a refusal is a bug, said rather than hidden.
        let refusal = format!("{error:?}");
        return Err(Message::ExportRefused(judge.name().to_string(), refusal));
    }
    Ok(Export {
        input: exported.input,
        // The judges print ASCII: the output is kept, not copied.
        output: String::from_utf8(output)
            .unwrap_or_else(|err| String::from_utf8_lossy(err.as_bytes()).into_owned()),
        notes: exported.notes,
    })
}

/// The file name of an export: `play-<game>-<judge>` (the page adds `.in` and `.ans`).
pub fn file_stem(game: &BrowserGame, judge: &Judge) -> String {
    format!("play-{}-{}", game.id(), judge.name())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{Board, Grid};
    use crate::moves::Move;
    use crate::play::game::Start;
    use crate::play::message::Language::English;

    fn judge(name: &str) -> &'static Judge {
        judges::named(name).unwrap()
    }

    /// .X.
    /// ...
    /// ..X     the ACM statement's map, played: flag (2,2), open (2,0), chord (2,1),
    ///         flag (0,0) and remove it, open (0,0), open (0,2).
    fn statement_game() -> BrowserGame {
        let board = Board::from_mines(Grid::new(3, 3), [1, 8]);
        let mut game = BrowserGame::on_board(board);
        for action in [
            Move::Flag(8),
            Move::Open(6),
            Move::Chord(7),
            Move::Flag(0),
            Move::Flag(0),
            Move::Open(0),
            Move::Open(2),
        ] {
            game.apply(action);
        }
        assert_eq!(game.status(), GameStatus::Won);
        game
    }

    #[test]
    fn a_won_game_exports_to_each_judge_with_its_answer() {
        let game = statement_game();
        let mine_ops = export(&game, judge("mine-ops")).unwrap();
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
        let acm = export(&game, judge("acm-server")).unwrap();
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
        let jlu = export(&game, judge("jlu-panel")).unwrap();
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
        let game = BrowserGame::new("g".into(), Grid::new(9, 9), 10, 1, Start::Safe);
        assert!(export(&game, judge("mine-ops"))
            .unwrap_err()
            .text(English)
            .contains("open a cell first"));
        let board = Board::from_mines(Grid::new(1, 3), [0]);
        let mut game = BrowserGame::on_board(board);
        game.apply(Move::Flag(2));
        game.open(1);
        game.apply(Move::Chord(1));
        assert_eq!(game.status(), GameStatus::Lost);
        let mine_ops = export(&game, judge("mine-ops")).unwrap();
        assert!(
            mine_ops.output.ends_with("boom\ngame over\ntotal step 3\n"),
            "{}",
            mine_ops.output
        );
        let acm = export(&game, judge("acm-server")).unwrap();
        assert!(acm.output.ends_with("GAME OVER!\n0 0\n"), "{}", acm.output);
        assert_eq!(acm.notes.len(), 1, "the wrong mark: {:?}", acm.notes);
        let jlu = export(&game, judge("jlu-panel")).unwrap();
        assert_eq!(jlu.input, "1 3 1 2\n0 0\n0 1\n0 0\n");
        assert!(jlu.output.ends_with("You lose\n"), "{}", jlu.output);
        assert!(export(&game, judge("update-board")).is_err());
    }
}
