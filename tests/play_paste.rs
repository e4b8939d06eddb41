//! A judge's whole output pasted into `play`'s "Analyse a position" reads as its last board:
//! generated games of `acm-server` (its output alone, and its input then its output),
//! `jlu-panel` and `update-board`, each checked against its last board read here plainly; and
//! `mine-ops`'s output, which holds no board, is refused with whose outputs are read.

use crate::play::{field, number, Server};
use minejudge::io::runner::solve_in_memory;
use minejudge::judges::{self, Knobs, Size};

const GAMES: u64 = 20;

/// A generated game of `judge` for `seed`: its input and its whole output.
fn game(judge: &str, seed: u64) -> (String, String) {
    let judge = judges::named(judge).unwrap();
    let input = judge.generate(seed, Size::Small, &Knobs::default());
    let (output, result) = solve_in_memory(judge.solve(), &input);
    assert!(result.is_ok(), "seed {seed}: {result:?}");
    (
        String::from_utf8(input).unwrap(),
        String::from_utf8(output).unwrap(),
    )
}

/// The last board, as rows of cells in the page's letters (`.` closed, `F` flag, `0`-`8`).
type Board = Vec<String>;

/// `acm-server`'s last map: the last n lines before the ending, n from the input.
fn acm_last(input: &str, output: &str) -> Board {
    let rows: usize = input.split_whitespace().next().unwrap().parse().unwrap();
    let maps: Vec<&str> = output
        .lines()
        .take_while(|line| !matches!(*line, "YOU WIN!" | "GAME OVER!"))
        .collect();
    maps[maps.len() - rows..]
        .iter()
        .map(|line| {
            line.chars()
                .map(|c| match c {
                    '?' | 'X' => '.',
                    '@' => 'F',
                    digit => digit,
                })
                .collect()
        })
        .collect()
}

/// `jlu-panel`'s last panel: the last block between blank lines before the ending; `None`
/// when the first click lost (`You lose` alone).
fn jlu_last(output: &str) -> Option<Board> {
    let panels: Vec<&str> = output
        .split("You win")
        .next()
        .unwrap()
        .split("You lose")
        .next()
        .unwrap()
        .split("\n\n")
        .filter(|panel| !panel.trim().is_empty())
        .collect();
    let panel = panels.last()?;
    let rows = panel
        .lines()
        .map(|line| {
            line.split_whitespace()
                .map(|token| match token {
                    "-1" => '.',
                    digit => digit.chars().next().unwrap(),
                })
                .collect()
        })
        .collect();
    Some(rows)
}

/// `update-board`'s last board: its last line, cells in quotes.
fn update_board_last(output: &str) -> Board {
    let line = output.lines().last().unwrap();
    line.trim_start_matches("[[")
        .trim_end_matches("]]")
        .split("],[")
        .map(|row| {
            row.split(',')
                .map(|cell| match cell.trim_matches('"') {
                    "M" | "E" | "X" => '.',
                    "B" => '0',
                    digit => digit.chars().next().unwrap(),
                })
                .collect()
        })
        .collect()
}

/// What the page read from `text`, as rows of cells, or the refusal.
fn read(server: &Server, text: &str) -> Result<Board, String> {
    let (status, reply) = server.post("/position", text);
    if status != 200 {
        return Err(reply);
    }
    let cols = number(&reply, "cols");
    let cells = field(&reply, "cells");
    assert_eq!(cells.len(), number(&reply, "rows") * cols, "{reply}");
    Ok(cells
        .as_bytes()
        .chunks(cols)
        .map(|row| String::from_utf8(row.to_vec()).unwrap())
        .collect())
}

/// What is wrong with the page's reading of `text`, if anything: `expected` is its last board,
/// `None` when it holds none (it must be refused).
fn misread(server: &Server, what: String, text: &str, expected: Option<Board>) -> Option<String> {
    let got = read(server, text);
    (got.as_ref().ok() != expected.as_ref())
        .then(|| format!("{what}:\n{text}\nexpected {expected:?}\n     got {got:?}"))
}

#[test]
fn a_judges_whole_output_reads_as_its_last_board() {
    let server = Server::start_with(&["--port", "0"]).0;
    let mut wrong = Vec::new();
    let mut ambiguous = 0;
    for seed in 0..GAMES {
        let (input, output) = game("acm-server", seed);
        let expected = Some(acm_last(&input, &output));
        let size_line = input.lines().next().unwrap();
        let rows = size_line.split(' ').next().unwrap();
        // The maps alone may cut more ways than one: then the page must say so, name the
        // true height among those that fit, and ask for the input's first line.
        match read(&server, &output) {
            Err(why) if why.contains("all fit this output") => {
                ambiguous += 1;
                let named = why.contains(&format!(" {rows} or"))
                    || why.contains(&format!("or {rows} rows"));
                if !named || !why.contains("paste the input's first line `n m`") {
                    wrong.push(format!("acm-server {seed}: {rows} rows not named: {why}"));
                }
            }
            _ => wrong.extend(misread(
                &server,
                format!("acm-server {seed}"),
                &output,
                expected.clone(),
            )),
        }
        wrong.extend(misread(
            &server,
            format!("acm-server {seed} with its first line"),
            &format!("{size_line}\n{output}"),
            expected.clone(),
        ));
        wrong.extend(misread(
            &server,
            format!("acm-server {seed} input and output"),
            &format!("{input}{output}"),
            expected,
        ));
        let (_, output) = game("jlu-panel", seed);
        wrong.extend(misread(
            &server,
            format!("jlu-panel {seed}"),
            &output,
            jlu_last(&output),
        ));
        let (_, output) = game("update-board", seed);
        wrong.extend(misread(
            &server,
            format!("update-board {seed}"),
            &output,
            Some(update_board_last(&output)),
        ));
    }
    assert!(
        wrong.is_empty(),
        "{} of {} pastes misread:\n{}",
        wrong.len(),
        5 * GAMES,
        wrong.join("\n\n")
    );
    println!("{ambiguous} of {GAMES} acm-server outputs cut more ways than one");
    // Most maps are read from the output alone.
    assert!(
        ambiguous <= GAMES / 2,
        "{ambiguous} acm-server outputs ambiguous"
    );
}

#[test]
fn an_output_without_a_board_says_whose_outputs_are_read() {
    let server = Server::start_with(&["--port", "0"]).0;
    let mut refused = 0;
    for seed in 0..GAMES {
        let (_, output) = game("mine-ops", seed);
        if output.trim().is_empty() {
            continue;
        }
        let (status, reply) = server.post("/position", &output);
        assert_eq!(status, 400, "seed {seed}:\n{output}\n{reply}");
        assert!(
            reply.contains("mine-ops and inexperienced-player print no board")
                && reply.contains("acm-server, jlu-panel and update-board"),
            "seed {seed}:\n{output}\n{reply}"
        );
        refused += 1;
    }
    assert!(refused >= GAMES / 2, "only {refused} non-empty outputs");
}
