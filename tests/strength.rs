//! The strength guard: the AI player's figures on fixed seeds (every line `autoplay` prints
//! but its speed and its efficiency), against `tests/strength.expected`; played for
//! efficiency, every line but the speed, against `tests/strength-efficiency.expected`. No tuning constant of the solver can
//! drift without this failing. A deliberate change of the player re-blesses the file with
//! `BLESS=1` (never under `CI`), and its commit message gives the new win rates measured on
//! seeds never tuned on.

use crate::util;
use minejudge::autoplay::{play_games, report, Config, PlayFor};
use std::path::Path;

/// The boards, games and seeds: about 20 CPU-seconds in all.
const RUNS: [(&str, u64, u64); 5] = [
    ("beginner", 2000, 20261125),
    ("intermediate", 2000, 20261125),
    ("expert", 300, 20261125),
    ("jlu", 500, 20261125),
    ("20x20x50", 1000, 20261125),
];

/// Every figure of the runs that `play_for` can play, as `autoplay` prints them, without the
/// speed lines; played for wins, without the efficiency lines too (the figures of the player
/// as it was before it had them).
fn figures(play_for: PlayFor) -> String {
    let mut text = String::new();
    for (board, games, seed) in RUNS {
        let config = Config {
            threads: 2,
            play_for,
            ..Config::on_board(board, games, seed).expect("a board")
        };
        if config.jlu && play_for == PlayFor::Efficiency {
            continue;
        }
        let stats = play_games(&config, &|_| {});
        let shown = report(&config, &stats, 1.0, None);
        let efficiency_line =
            |line: &str| play_for == PlayFor::Wins && line.starts_with("efficiency ");
        for line in shown
            .lines()
            .filter(|line| !line.starts_with("speed ") && !efficiency_line(line))
        {
            text.push_str(line);
            text.push('\n');
        }
    }
    text
}

/// Compares `figures` with the file `expected` (or writes it, under `BLESS=1`).
fn compare(expected: &str, actual: String) {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(expected);
    if std::env::var_os("BLESS").is_some_and(|v| v == "1") {
        assert!(
            std::env::var_os("CI").is_none(),
            "BLESS=1 is refused under CI: the figures are checked by eyes, not rewritten by CI"
        );
        std::fs::write(&path, &actual).expect("the expected figures are writable");
        return;
    }
    let expected = std::fs::read(&path).unwrap_or_default();
    if let Some(difference) = util::first_difference(&expected, actual.as_bytes()) {
        panic!(
            "the AI player's figures changed (a tuning constant or the solver's logic):\n\
             {difference}\nthe whole run:\n{actual}\nif the change is meant, measure it on seeds \
             never tuned on and rerun with BLESS=1"
        );
    }
}

#[test]
fn the_players_figures_on_fixed_seeds_are_unchanged() {
    compare("tests/strength.expected", figures(PlayFor::Wins));
}

#[test]
fn the_figures_played_for_efficiency_on_fixed_seeds_are_unchanged() {
    compare(
        "tests/strength-efficiency.expected",
        figures(PlayFor::Efficiency),
    );
}
