//! `mine-ops`: a brute-force oracle on thousands of random games, and bad input.

use crate::util::{self, assert_bad_input, solve_into};
use minejudge::judges::mine_ops::generator::{mine_ops, MineOpsSpec};
use minejudge::judges::mine_ops::solve as thu_mine;
use minejudge::rng::Rng;

/// The protocol written from the statement as plainly as possible: a grid of chars, a flood that
/// rescans the whole board until nothing changes, new cells found by comparing before and after.
fn brute_force(input: &str) -> String {
    let mut words = input.split_whitespace();
    let n: usize = words.next().unwrap().parse().unwrap();
    let m: usize = words.next().unwrap().parse().unwrap();
    let map: Vec<Vec<bool>> = (0..n)
        .map(|_| words.next().unwrap().chars().map(|c| c == '*').collect())
        .collect();
    let count = |x: usize, y: usize| {
        let mut c = 0;
        for a in x.saturating_sub(1)..=(x + 1).min(n - 1) {
            for b in y.saturating_sub(1)..=(y + 1).min(m - 1) {
                if (a, b) != (x, y) && map[a][b] {
                    c += 1;
                }
            }
        }
        c
    };
    // ' ' closed, 'F' flagged, 'R' revealed
    let mut state = vec![vec![' '; m]; n];
    let mut out = String::new();
    let mut steps = 0;
    let sweep = |state: &mut Vec<Vec<char>>, x: usize, y: usize| {
        state[x][y] = 'R';
        loop {
            let mut changed = false;
            for a in 0..n {
                for b in 0..m {
                    if state[a][b] != 'R' && !map[a][b] {
                        let near_zero = (a.saturating_sub(1)..=(a + 1).min(n - 1)).any(|p| {
                            (b.saturating_sub(1)..=(b + 1).min(m - 1))
                                .any(|q| state[p][q] == 'R' && count(p, q) == 0)
                        });
                        if near_zero {
                            state[a][b] = 'R';
                            changed = true;
                        }
                    }
                }
            }
            if !changed {
                break;
            }
        }
    };
    let report_new_cells = |before: &Vec<Vec<char>>, state: &Vec<Vec<char>>, out: &mut String| {
        let mut new_cells = Vec::new();
        for a in 0..n {
            for b in 0..m {
                if state[a][b] == 'R' && before[a][b] != 'R' {
                    new_cells.push(format!("{} {} {}\n", a + 1, b + 1, count(a, b)));
                }
            }
        }
        if new_cells.is_empty() {
            *out += "no cell detected\n";
        } else {
            *out += &format!("{} cell(s) detected\n", new_cells.len());
            *out += &new_cells.concat();
        }
    };
    let all_safe_revealed =
        |state: &Vec<Vec<char>>| (0..n).all(|a| (0..m).all(|b| map[a][b] || state[a][b] == 'R'));
    let ending = loop {
        let op = words.next().expect("valid input has Quit");
        if op == "Quit" {
            break "give up";
        }
        let x: usize = words.next().unwrap().parse::<usize>().unwrap() - 1;
        let y: usize = words.next().unwrap().parse::<usize>().unwrap() - 1;
        steps += 1;
        let before = state.clone();
        match op {
            "Flag" => {
                out += match state[x][y] {
                    'R' => "swept\n",
                    ' ' => {
                        state[x][y] = 'F';
                        "success\n"
                    }
                    _ => {
                        state[x][y] = ' ';
                        "cancelled\n"
                    }
                };
                continue;
            }
            "Sweep" if state[x][y] == 'R' => out += "swept\n",
            "Sweep" if state[x][y] == 'F' => out += "flagged\n",
            "Sweep" => {
                if map[x][y] {
                    out += "boom\n";
                    break "game over";
                }
                sweep(&mut state, x, y);
                report_new_cells(&before, &state, &mut out);
            }
            _ if state[x][y] != 'R' => out += "not swept\n",
            _ => {
                let mut flags = 0;
                let mut around = Vec::new();
                for a in x.saturating_sub(1)..=(x + 1).min(n - 1) {
                    for b in y.saturating_sub(1)..=(y + 1).min(m - 1) {
                        if (a, b) != (x, y) {
                            if state[a][b] == 'F' {
                                flags += 1;
                            }
                            around.push((a, b));
                        }
                    }
                }
                if count(x, y) == 0 || flags != count(x, y) {
                    out += "failed\n";
                } else {
                    let targets: Vec<_> = around
                        .into_iter()
                        .filter(|&(a, b)| state[a][b] == ' ')
                        .collect();
                    if targets.iter().any(|&(a, b)| map[a][b]) {
                        out += "boom\n";
                        break "game over";
                    }
                    for (a, b) in targets {
                        if state[a][b] != 'R' {
                            sweep(&mut state, a, b);
                        }
                    }
                    report_new_cells(&before, &state, &mut out);
                }
            }
        }
        // Rule 21: checked after every Sweep and DSweep, whatever its reply.
        if all_safe_revealed(&state) {
            break "finish";
        }
    };
    out + ending + "\ntotal step " + &steps.to_string() + "\n"
}

/// A random game: either the crate's generator (plausible or fully random operations) or
/// operations aimed near what is likely open, so DSweep and cascades with flags happen often.
fn random_input(rng: &mut Rng) -> String {
    let mut side = || {
        let most = if rng.chance(0.7) { 8 } else { 40 };
        1 + rng.below(most)
    };
    let (rows, cols) = (side(), side());
    let density = [0.0, 0.05, 0.1, 0.2, 0.35, 0.6, 1.0][rng.below(7)];
    let ops = rng.below(60);
    let spec = MineOpsSpec {
        rows,
        cols,
        density,
        ops,
        plausible: rng.chance(0.5),
    };
    let mut text = String::from_utf8(mine_ops(rng.next_u64(), &spec)).unwrap();
    if rng.chance(0.3) {
        // Lines after Quit are ignored.
        text += "Sweep 1 1\nQuit\n";
    }
    text
}

#[test]
fn matches_brute_force_on_random_games() {
    let seed = 0x6d69_6e65;
    println!("mine-ops oracle seed {seed}");
    let mut rng = Rng::new(seed);
    let mut endings = [0usize; 3];
    for case in 0..10_000 {
        let input = random_input(&mut rng);
        let mut out = Vec::new();
        solve_into(thu_mine::solve, input.as_bytes(), &mut out)
            .unwrap_or_else(|err| panic!("seed {seed} case {case}: {err}\ninput:\n{input}"));
        let expected = brute_force(&input);
        if let Some(diff) = util::first_difference(expected.as_bytes(), &out) {
            panic!("seed {seed} case {case}: {diff}\ninput:\n{input}");
        }
        for (slot, word) in ["finish", "game over", "give up"].iter().enumerate() {
            if expected.contains(&format!("\n{word}\n")) || expected.starts_with(word) {
                endings[slot] += 1;
            }
        }
    }
    println!("endings finish/game over/give up: {endings:?}");
    assert!(
        endings.iter().all(|&n| n >= 100),
        "every ending is exercised: {endings:?}"
    );
}

#[test]
fn bad_input_is_refused_with_its_line() {
    let board = "2 3\n..*\n...\n";
    let cases: &[(&str, usize, &str, &str)] = &[
        ("", 1, "expected n (rows), found end of input", ""),
        ("0 3\n", 1, "n (rows) 0 is outside", ""),
        ("2 -1\n", 1, "m (columns) -1 is outside", ""),
        (
            "2 x\n",
            1,
            "expected m (columns) (an integer), found \"x\"",
            "",
        ),
        ("2 3\n..*\n", 1, "the input is truncated", ""),
        (
            "2 3\n..*\n....\nQuit\n",
            3,
            "row 2 of 2 of the map has 4 characters",
            "",
        ),
        (
            "2 3\n..*\n.x.\nQuit\n",
            3,
            "row 2, column 2: expected '*' or '.'",
            "",
        ),
        ("100000 100000\n..\n", 1, "the input is truncated", ""),
        (
            "2 3\n..*\n...\nSweep 1 1\n",
            4,
            "the input ended before Quit",
            "4 cell(s) detected\n1 1 0\n1 2 1\n2 1 0\n2 2 1\n",
        ),
        (
            "2 3\n..*\n...\nFlag 1 1\nSwep 1 1\n",
            5,
            "unknown operation \"Swep\"",
            "success\n",
        ),
        (
            "2 3\n..*\n...\nFlag 1 1\nSweep 0 1\n",
            5,
            "row x 0 is outside 1..=2",
            "success\n",
        ),
        (
            "2 3\n..*\n...\nSweep 1 4\n",
            4,
            "column y 4 is outside 1..=3",
            "",
        ),
        (
            "2 3\n..*\n...\nDSweep 1\nQuit\n",
            5,
            "expected column y (an integer), found \"Quit\"",
            "",
        ),
        (
            "2 3\n..*\n...\nDSweep 1",
            4,
            "expected column y, found end of input",
            "",
        ),
    ];
    for &(input, line, message, stdout) in cases {
        assert_bad_input(
            "mine-ops",
            input.as_bytes(),
            line,
            message,
            stdout.as_bytes(),
        );
    }
    // CRLF is valid input, not an error.
    let crlf = board.replace('\n', "\r\n") + "Quit\r\n";
    let run = util::run("mine-ops", crlf.as_bytes(), "CRLF board");
    assert_eq!(run.status, Some(0), "{}", run.describe());
    assert_eq!(run.stdout, b"give up\ntotal step 0\n", "{}", run.describe());
}

#[test]
fn endless_input_after_quit_is_not_read() {
    use std::io::Write;
    use std::process::{Command, Stdio};
    let mut child = Command::new(util::binary("mine-ops"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run mine-ops");
    let mut stdin = child.stdin.take().unwrap();
    // The writer stops when mine-ops closes its stdin, or after 1 GiB.
    let writer = std::thread::spawn(move || {
        let junk = b"Flag 1 1\n".repeat(1 << 16);
        let mut written = 0usize;
        let _ = stdin.write_all(b"2 2\n*.\n..\nSweep 2 2\nQuit\n");
        while written < 1 << 30 && stdin.write_all(&junk).is_ok() {
            written += junk.len();
        }
        written
    });
    let output = child.wait_with_output().unwrap();
    let written = writer.join().unwrap();
    assert_eq!(output.status.code(), Some(0), "{output:?}");
    assert_eq!(
        String::from_utf8_lossy(&output.stdout),
        "1 cell(s) detected\n2 2 1\ngive up\ntotal step 1\n"
    );
    assert!(written < 64 << 20, "{written} bytes were read");
}
