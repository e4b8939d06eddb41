//! `acm-server`: a brute-force oracle on thousands of random games, and bad input.

use crate::util::{self, assert_bad_input, solve_into};
use minejudge::judges::acm_server::solve as acm_server;
use minejudge::rng::Rng;

/// How a game ended, as the oracle saw it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Ending {
    Won,
    Lost,
    /// The operations ran out first.
    Partial,
}

/// What the oracle printed, how the game ended, and how many auto-explores visited something.
struct Outcome {
    out: String,
    ending: Ending,
    auto_explores: usize,
    /// The operations the game used before it ended.
    used: usize,
}

/// One operation as the input gives it: `x y type`.
type Op = (usize, usize, u8);

const UNVISITED: u8 = 0;
const VISITED: u8 = 1;
const MARKED: u8 = 2;

/// The statement, as plainly as possible: a state per cell, a cascade that rescans the whole
/// board until nothing changes, and the map rebuilt from scratch for every print.
fn brute_force(mine: &[Vec<bool>], ops: &[Op]) -> Outcome {
    let n = mine.len();
    let m = mine[0].len();
    let around = |x: usize, y: usize| {
        let mut cells = Vec::new();
        for a in x.saturating_sub(1)..=(x + 1).min(n - 1) {
            for b in y.saturating_sub(1)..=(y + 1).min(m - 1) {
                if (a, b) != (x, y) {
                    cells.push((a, b));
                }
            }
        }
        cells
    };
    let count = |x: usize, y: usize| around(x, y).iter().filter(|&&(a, b)| mine[a][b]).count();
    let mut state = vec![vec![UNVISITED; m]; n];
    let mut lost = false;
    let mut auto_explores = 0;
    let visit = |state: &mut Vec<Vec<u8>>, lost: &mut bool, x: usize, y: usize| {
        if state[x][y] != UNVISITED {
            return;
        }
        state[x][y] = VISITED;
        if mine[x][y] {
            *lost = true;
            return;
        }
        loop {
            let mut changed = false;
            for a in 0..n {
                for b in 0..m {
                    let next_to_open_zero = around(a, b)
                        .iter()
                        .any(|&(p, q)| state[p][q] == VISITED && !mine[p][q] && count(p, q) == 0);
                    if state[a][b] == UNVISITED && next_to_open_zero {
                        assert!(!mine[a][b], "a 0 has no mine around");
                        state[a][b] = VISITED;
                        changed = true;
                    }
                }
            }
            if !changed {
                break;
            }
        }
    };
    let won = |state: &Vec<Vec<u8>>, lost: bool| {
        !lost && (0..n).all(|a| (0..m).all(|b| mine[a][b] || state[a][b] == VISITED))
    };
    let print = |state: &Vec<Vec<u8>>, won: bool, out: &mut String| {
        for a in 0..n {
            for b in 0..m {
                out.push(match (state[a][b], mine[a][b]) {
                    (_, true) if won => '@',
                    (UNVISITED, _) => '?',
                    (VISITED, true) => 'X',
                    (VISITED, false) => char::from(b'0' + count(a, b) as u8),
                    (_, true) => '@',
                    (_, false) => 'X',
                });
            }
            out.push('\n');
        }
    };
    let mut out = String::new();
    print(&state, won(&state, lost), &mut out);
    let mut used = 0;
    while !won(&state, lost) && !lost && used < ops.len() {
        let (x, y, kind) = ops[used];
        used += 1;
        match kind {
            0 => visit(&mut state, &mut lost, x, y),
            1 => {
                if state[x][y] == UNVISITED {
                    state[x][y] = MARKED;
                    lost = !mine[x][y];
                }
            }
            _ => {
                let marks = around(x, y)
                    .iter()
                    .filter(|&&(a, b)| state[a][b] == MARKED)
                    .count();
                if state[x][y] == VISITED && !mine[x][y] && marks == count(x, y) {
                    let targets: Vec<_> = around(x, y)
                        .into_iter()
                        .filter(|&(a, b)| state[a][b] == UNVISITED)
                        .collect();
                    assert!(
                        targets.iter().all(|&(a, b)| !mine[a][b]),
                        "an auto-explore with complete marks meets no mine"
                    );
                    if !targets.is_empty() {
                        auto_explores += 1;
                    }
                    for (a, b) in targets {
                        visit(&mut state, &mut lost, a, b);
                    }
                }
            }
        }
        print(&state, won(&state, lost), &mut out);
    }
    let ending = if won(&state, lost) {
        Ending::Won
    } else if lost {
        Ending::Lost
    } else {
        Ending::Partial
    };
    if ending != Ending::Partial {
        let visited = (0..n)
            .flat_map(|a| (0..m).map(move |b| (a, b)))
            .filter(|&(a, b)| !mine[a][b] && state[a][b] == VISITED)
            .count();
        let mines = mine.iter().flatten().filter(|&&is| is).count();
        let marked = (0..n)
            .flat_map(|a| (0..m).map(move |b| (a, b)))
            .filter(|&(a, b)| mine[a][b] && state[a][b] == MARKED)
            .count();
        out += if ending == Ending::Won {
            "YOU WIN!\n"
        } else {
            "GAME OVER!\n"
        };
        let shown_marked = if ending == Ending::Won { mines } else { marked };
        out += &format!("{visited} {shown_marked}\n");
    }
    Outcome {
        out,
        ending,
        auto_explores,
        used,
    }
}

/// A random map and operations: either uniform, or a "plausible" player that mostly visits
/// safe cells, marks mines, and auto-explores, so that games last and auto-explore fires.
fn random_game(rng: &mut Rng) -> (Vec<Vec<bool>>, Vec<Op>) {
    let mut side = || {
        let most = if rng.chance(0.8) { 7 } else { 30 };
        1 + rng.below(most)
    };
    let (n, m) = (side(), side());
    let density = [0.0, 0.05, 0.1, 0.2, 0.35, 0.6, 1.0][rng.below(7)];
    let mine: Vec<Vec<bool>> = (0..n)
        .map(|_| (0..m).map(|_| rng.chance(density)).collect())
        .collect();
    let plausible = rng.chance(0.7);
    let count = rng.below(if plausible { 4 * n * m + 4 } else { 40 });
    let ops = (0..count)
        .map(|_| {
            let kind = rng.below(3) as u8;
            let mut cell = (rng.below(n), rng.below(m));
            // Visits look for a safe cell, marks for a mine, and auto-explores for a safe cell
            // next to a mine, with a few tries.
            let wanted = |(x, y): (usize, usize)| match kind {
                0 => !mine[x][y],
                1 => mine[x][y],
                _ => {
                    let near = |a: usize, b: usize| a.abs_diff(x) <= 1 && b.abs_diff(y) <= 1;
                    !mine[x][y] && (0..n).any(|a| (0..m).any(|b| near(a, b) && mine[a][b]))
                }
            };
            for _ in 0..8 {
                if !plausible || wanted(cell) {
                    break;
                }
                cell = (rng.below(n), rng.below(m));
            }
            (cell.0, cell.1, kind)
        })
        .collect();
    (mine, ops)
}

fn render(mine: &[Vec<bool>], ops: &[Op], newline: &str) -> String {
    let mut text = format!("{} {}{newline}", mine.len(), mine[0].len());
    for row in mine {
        text.extend(row.iter().map(|&is| if is { 'X' } else { '.' }));
        text += newline;
    }
    for &(x, y, kind) in ops {
        text += &format!("{x} {y} {kind}{newline}");
    }
    text
}

#[test]
fn matches_brute_force_on_random_games() {
    let seed = 0x4143_4d32;
    println!("acm-server oracle seed {seed}");
    let mut rng = Rng::new(seed);
    let mut endings = [0usize; 3];
    let mut auto_explores = 0;
    for case in 0..6_000 {
        let (mine, ops) = random_game(&mut rng);
        let expected = brute_force(&mine, &ops);
        let newline = if rng.chance(0.2) { "\r\n" } else { "\n" };
        let mut input = render(&mine, &ops, newline);
        if expected.ending != Ending::Partial && rng.chance(0.3) {
            // The game is over before this: it is never read.
            input += "not an operation\n";
        }
        let mut out = Vec::new();
        solve_into(acm_server::solve, input.as_bytes(), &mut out)
            .unwrap_or_else(|err| panic!("seed {seed} case {case}: {err}\ninput:\n{input}"));
        if let Some(diff) = util::first_difference(expected.out.as_bytes(), &out) {
            panic!(
                "seed {seed} case {case} ({} operations used): {diff}\ninput:\n{input}",
                expected.used
            );
        }
        endings[expected.ending as usize] += 1;
        auto_explores += expected.auto_explores;
    }
    println!("endings won/lost/partial: {endings:?}, auto-explores that visited: {auto_explores}");
    assert!(
        endings.iter().all(|&n| n >= 300),
        "every ending is exercised: {endings:?}"
    );
    assert!(auto_explores >= 1000, "auto-explore fires: {auto_explores}");
}

#[test]
fn large_map_prints_every_operation() {
    // 1000x1000, one mine in the corner: two no-op operations, then a visit that opens all of
    // it and wins. Four maps of a megabyte: the binary hands them to stdout as it goes.
    let mut input = b"1000 1000\nX".to_vec();
    input.extend_from_slice(&[b'.'; 999]);
    input.push(b'\n');
    for _ in 1..1000 {
        input.extend_from_slice(&[b'.'; 1000]);
        input.push(b'\n');
    }
    input.extend_from_slice(b"999 0 2\n0 0 1\n999 999 0\n");
    let mut out = Vec::new();
    solve_into(acm_server::solve, &input, &mut out).unwrap();
    let map_bytes = 1000 * 1001;
    let ending = b"YOU WIN!\n999999 1\n";
    assert_eq!(out.len(), 4 * map_bytes + ending.len());
    let unvisited = |map: &[u8]| map.iter().all(|&b| b == b'?' || b == b'\n');
    assert!(unvisited(&out[..2 * map_bytes]));
    assert_eq!(out[2 * map_bytes], b'@');
    assert!(unvisited(&out[2 * map_bytes + 1..3 * map_bytes]));
    let won = &out[3 * map_bytes..4 * map_bytes];
    assert_eq!(&won[..3], b"@10");
    assert_eq!(&won[1001..1004], b"110");
    assert_eq!(won.iter().filter(|&&b| b == b'0').count(), 999_996);
    assert!(out.ends_with(ending));
    let run = util::run("acm-server", &input, "1000x1000, three operations");
    assert_eq!(run.status, Some(0), "{}", run.describe());
    assert!(
        run.stdout == out,
        "the streamed stdout differs from solve's output"
    );
}

#[test]
fn bad_input_is_refused_with_its_line() {
    // The map .X. over ... prints this first, and this after visiting (0, 0), a 1.
    const FIRST: &str = "???\n???\n";
    const VISITED: &str = "???\n???\n1??\n???\n";
    let cases: &[(&str, usize, &str, &str)] = &[
        ("", 1, "expected n (rows), found end of input", ""),
        ("0 3\n", 1, "n (rows) 0 is outside 1..=1000", ""),
        ("2 1001\n", 1, "m (columns) 1001 is outside 1..=1000", ""),
        (
            "2 x\n",
            1,
            "expected m (columns) (an integer), found \"x\"",
            "",
        ),
        ("2 3\n.X.\n", 1, "the input is truncated", ""),
        ("1000 1000\n..\n", 1, "the input is truncated", ""),
        (
            "2 3\n.X.\n....\n",
            3,
            "row 2 of 2 of the map has 4 characters",
            "",
        ),
        (
            "2 3\n.X.\n.*.\n",
            3,
            "row 2, column 2: expected 'X' or '.'",
            "",
        ),
        (
            "2 3\n.Xx\n...\n",
            2,
            "row 1, column 3: expected 'X' or '.'",
            "",
        ),
        (
            "2 3\n.X.\n...\n2 0 0\n",
            4,
            "x (row) 2 is outside 0..=1",
            FIRST,
        ),
        (
            "2 3\n.X.\n...\n-1 0 0\n",
            4,
            "x (row) -1 is outside 0..=1",
            FIRST,
        ),
        (
            "2 3\n.X.\n...\n0 0 0\n1 3 1\n",
            5,
            "y (column) 3 is outside 0..=2",
            VISITED,
        ),
        (
            "2 3\n.X.\n...\n0 0 0\n1 1 3\n",
            5,
            "type 3 is not an operation",
            VISITED,
        ),
        (
            "2 3\n.X.\n...\n0 0 -1\n",
            4,
            "type -1 is not an operation",
            FIRST,
        ),
        (
            "2 3\n.X.\n...\nvisit 0 0\n",
            4,
            "expected x (row) (an integer), found \"visit\"",
            FIRST,
        ),
        (
            "2 3\n.X.\n...\n0 y 0\n",
            4,
            "expected y (column) (an integer)",
            FIRST,
        ),
        (
            "2 3\n.X.\n...\n0 0 0x\n",
            4,
            "expected type (an integer), found \"0x\"",
            FIRST,
        ),
        // An operation cut short is not a partial game.
        (
            "2 3\n.X.\n...\n0 0 0\r\n1 1",
            5,
            "expected type, found end of input",
            VISITED,
        ),
    ];
    for &(input, line, message, stdout) in cases {
        assert_bad_input(
            "acm-server",
            input.as_bytes(),
            line,
            message,
            stdout.as_bytes(),
        );
    }
}

#[test]
fn partial_game_is_a_normal_end() {
    let run = util::run("acm-server", b"2 3\n.X.\n...\n0 0 0\n", "partial game");
    assert_eq!(run.status, Some(0), "{}", run.describe());
    assert!(run.stderr.is_empty(), "{}", run.describe());
    assert_eq!(run.stdout, b"???\n???\n1??\n???\n", "{}", run.describe());
}
