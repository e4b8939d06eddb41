//! `jlu-panel`: a brute-force oracle on seeded random games, and bad input.

use crate::util::{self, solve_into};
use minejudge::judges::jlu_panel::solve as jlu_panel;
use minejudge::rng::Rng;

/// The rules, written out plainly: a mine map and an open map as nested vectors, counts by
/// looking at the 8 neighbours, and the cascade by rescanning the whole board until nothing
/// more opens. Valid input only. Also returns how many clicks were ignored.
// Plain index loops are the point: an oracle should read like the rules.
#[allow(clippy::needless_range_loop)]
fn oracle(input: &str) -> (String, usize) {
    let mut numbers = input
        .split_ascii_whitespace()
        .map(|token| token.parse::<i64>().expect("oracle inputs are numbers"));
    let mut next = || numbers.next().expect("oracle inputs are complete") as usize;
    let (n, m, k, l) = (next(), next(), next(), next());
    let mut mine = vec![vec![false; m]; n];
    for _ in 0..k {
        let (i, j) = (next(), next());
        mine[i][j] = true;
    }
    let around = |i: usize, j: usize| {
        let mut count = 0;
        for di in -1i64..=1 {
            for dj in -1i64..=1 {
                let (a, b) = (i as i64 + di, j as i64 + dj);
                let inside = a >= 0 && b >= 0 && a < n as i64 && b < m as i64;
                if (di, dj) != (0, 0) && inside && mine[a as usize][b as usize] {
                    count += 1;
                }
            }
        }
        count
    };
    let mut open = vec![vec![false; m]; n];
    let mut out = String::new();
    let mut first = true;
    let mut ignored = 0;
    for _ in 0..l {
        let (i, j) = (next(), next());
        if open[i][j] {
            ignored += 1;
            continue;
        }
        if !first {
            out.push('\n');
        }
        first = false;
        if mine[i][j] {
            out.push_str("You lose\n");
            return (out, ignored);
        }
        open[i][j] = true;
        let mut changed = true;
        while changed {
            changed = false;
            for a in 0..n {
                for b in 0..m {
                    if !open[a][b] || around(a, b) != 0 {
                        continue;
                    }
                    for c in a.saturating_sub(1)..(a + 2).min(n) {
                        for d in b.saturating_sub(1)..(b + 2).min(m) {
                            if !open[c][d] {
                                open[c][d] = true;
                                changed = true;
                            }
                        }
                    }
                }
            }
        }
        let mut won = true;
        for a in 0..n {
            for b in 0..m {
                if open[a][b] {
                    out.push_str(&format!("{} ", around(a, b)));
                } else {
                    out.push_str("-1 ");
                }
                if !open[a][b] && !mine[a][b] {
                    won = false;
                }
            }
            out.push('\n');
        }
        if won {
            out.push_str("You win\n");
            return (out, ignored);
        }
    }
    (out, ignored)
}

/// A random valid game: small boards, mines listed with repeats, clicks that favour safe cells
/// and repeat themselves, sometimes CRLF and sometimes junk after the last click.
fn random_input(rng: &mut Rng) -> String {
    let n = 1 + rng.below(7);
    let m = 1 + rng.below(7);
    let k = rng.below(n * m / 3 + 2);
    let l = rng.below(12);
    let mut mines = Vec::new();
    for _ in 0..k {
        mines.push((rng.below(n), rng.below(m)));
    }
    let newline = if rng.chance(0.2) { "\r\n" } else { "\n" };
    let mut text = format!("{n} {m} {k} {l}{newline}");
    for (i, j) in &mines {
        text.push_str(&format!("{i} {j}{newline}"));
    }
    let mut clicks: Vec<(usize, usize)> = Vec::new();
    for _ in 0..l {
        let click = if !clicks.is_empty() && rng.chance(0.2) {
            clicks[rng.below(clicks.len())]
        } else {
            // Re-roll a mine hit once, so that games often last several clicks.
            let cell = (rng.below(n), rng.below(m));
            if mines.contains(&cell) {
                (rng.below(n), rng.below(m))
            } else {
                cell
            }
        };
        clicks.push(click);
        text.push_str(&format!("{} {}{newline}", click.0, click.1));
    }
    if rng.chance(0.2) {
        text.push_str("5 -7 junk\n");
    }
    text
}

#[test]
fn matches_the_brute_force_oracle() {
    let seed = 0x4a4c_5550;
    println!("jlu-panel oracle seed {seed}");
    let mut rng = Rng::new(seed);
    let (mut lost, mut won, mut unfinished, mut ignored) = (0, 0, 0, 0);
    for case in 0..6000 {
        let input = random_input(&mut rng);
        let (expected, ignored_clicks) = oracle(&input);
        let mut actual = Vec::new();
        solve_into(jlu_panel::solve, input.as_bytes(), &mut actual)
            .unwrap_or_else(|err| panic!("seed {seed} case {case}: {err}\ninput:\n{input}"));
        if let Some(diff) = util::first_difference(expected.as_bytes(), &actual) {
            panic!("seed {seed} case {case}: {diff}\ninput:\n{input}");
        }
        if expected.ends_with("You lose\n") {
            lost += 1;
        } else if expected.ends_with("You win\n") {
            won += 1;
        } else {
            unfinished += 1;
        }
        if ignored_clicks > 0 {
            ignored += 1;
        }
    }
    println!("lost {lost}, won {won}, clicks ran out {unfinished}, with ignored clicks {ignored}");
    for (what, cases) in [("lost", lost), ("won", won), ("unfinished", unfinished)] {
        assert!(
            cases > 500,
            "only {cases} {what} games: the generator drifted"
        );
    }
    assert!(ignored > 100, "only {ignored} games with ignored clicks");
}

#[test]
fn a_large_board_floods_and_prints_every_panel() {
    let start = std::time::Instant::now();
    let input = b"1000 1000 2 3\n999 999\n0 999\n0 0\n0 0\n500 500\n";
    let mut out = Vec::new();
    solve_into(jlu_panel::solve, input, &mut out).unwrap();
    let lines: Vec<&[u8]> = out.split(|&b| b == b'\n').collect();
    assert_eq!(
        lines.len(),
        1000 + 2,
        "one panel, You win, the final newline"
    );
    assert!(lines[0].starts_with(b"0 0 0 "));
    assert!(lines[0].ends_with(b"0 1 -1 "));
    assert!(lines[998].ends_with(b"0 1 1 "));
    assert!(lines[999].ends_with(b"0 1 -1 "));
    assert_eq!(lines[1000], b"You win");

    // A wall of mines on row 1: each click on row 0 opens one cell and prints a whole panel.
    let mut input = b"1000 1000 1000 20\n".to_vec();
    for col in 0..1000 {
        input.extend_from_slice(format!("1 {col}\n").as_bytes());
    }
    for col in 0..20 {
        input.extend_from_slice(format!("0 {col}\n").as_bytes());
    }
    out.clear();
    solve_into(jlu_panel::solve, &input, &mut out).unwrap();
    let panels: Vec<&[u8]> = out.split(|&b| b == b'\n').collect();
    assert_eq!(
        panels.len(),
        20 * 1001,
        "20 panels, 19 empty lines, the final newline"
    );
    let last_row_0 = panels[19 * 1001];
    let mut expected = b"2 ".to_vec();
    expected.extend_from_slice(&b"3 ".repeat(19));
    expected.extend_from_slice(&b"-1 ".repeat(980));
    assert!(last_row_0 == &expected[..], "row 0 of the last panel");
    assert!(panels[19 * 1001 + 1] == &b"-1 ".repeat(1000)[..]);
    // Speed is the benchmarks' to measure; this guards against a hang (a flood that revisits
    // cells takes hours on 1000x1000 boards).
    println!("1000x1000: {:?}", start.elapsed());
    assert!(
        start.elapsed().as_secs() < 120,
        "1000x1000 took {:?}",
        start.elapsed()
    );
}

#[test]
fn bad_input() {
    let bad = util::assert_bad_input;
    bad(
        "jlu-panel",
        b"",
        1,
        "expected n (rows), found end of input",
        b"",
    );
    bad(
        "jlu-panel",
        b"0 5 0 0\n",
        1,
        "n (rows) 0 is outside 1..=10000000",
        b"",
    );
    bad(
        "jlu-panel",
        b"3 -2 0 0\n",
        1,
        "m (columns) -2 is outside 1..=10000000",
        b"",
    );
    bad(
        "jlu-panel",
        b"3 x 0 0\n",
        1,
        "expected m (columns) (an integer), found \"x\"",
        b"",
    );
    bad(
        "jlu-panel",
        b"10000 1001 0 0\n",
        1,
        "a 10000x1001 board is larger than the 10000000 cells",
        b"",
    );
    bad(
        "jlu-panel",
        b"3 3 -1 0\n",
        1,
        "k (mines) -1 is negative",
        b"",
    );
    bad(
        "jlu-panel",
        b"3 3\n0\n-4\n",
        3,
        "l (clicks) -4 is negative",
        b"",
    );
    bad(
        "jlu-panel",
        b"3 3 99999999999999999999 0\n",
        1,
        "expected k (mines) (an integer)",
        b"",
    );
    bad(
        "jlu-panel",
        b"3 3 1 1\n3 0\n",
        2,
        "mine 1: row i 3 is outside 0..=2",
        b"",
    );
    bad(
        "jlu-panel",
        b"3 3 2 1\n0 0\n1 -1\n",
        3,
        "mine 2: column j -1 is outside 0..=2",
        b"",
    );
    bad(
        "jlu-panel",
        b"3 3 2 1\n0 0\n",
        2,
        "mine 2: expected row i, found end of input",
        b"",
    );
    // A header announcing 10^12 mines on a tiny input fails at the first missing one.
    bad(
        "jlu-panel",
        b"1 1 1000000000000 0\n0 0",
        2,
        "mine 2: expected row i",
        b"",
    );
    let panel = b"1 -1 -1 \n-1 -1 -1 \n-1 -1 -1 \n";
    bad(
        "jlu-panel",
        b"3 3 1 2\n1 1\n0 0\n0 3\n",
        4,
        "click 2: column j 3 is outside 0..=2",
        panel,
    );
    bad(
        "jlu-panel",
        b"3 3 1 3\n1 1\n0 0\n0 0\n",
        4,
        "click 3: expected row i, found end of input",
        panel,
    );
    bad(
        "jlu-panel",
        b"3 3 1 2\r\n1 1\r\n0 0\r\n0 y\r\n",
        4,
        "click 2: expected column j (an integer), found \"y\"",
        panel,
    );
}
