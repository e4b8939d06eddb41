//! The solver against brute force: every mine arrangement of small boards enumerated, and many
//! seeded games in which no certain claim may be wrong.

use minejudge::board::{Board, Cover, FlagsInCascade, Grid};
use minejudge::moves::Move;
use minejudge::rng::Rng;
use minejudge::solver::{Mines, Seen, Solver, Style, View};

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
#[ignore = "long tier: .ci/run runs it"]
fn probabilities_match_brute_force() {
    let seed = 20261121;
    let mut rng = Rng::new(seed);
    let mut solver = Solver::new();
    let (mut checked, mut inconsistent) = (0, 0);
    for case in 0..2000 {
        let rows = 2 + rng.below(4);
        let cols = 2 + rng.below(4);
        let mines = 1 + rng.below(rows * cols / 3 + 1);
        let (_, mut view) = random_view(&mut rng, rows, cols, mines);
        // One case in four gets a random number somewhere: often an inconsistent panel.
        let tampered = rng.chance(0.25);
        if tampered {
            let open: Vec<usize> = (0..rows * cols)
                .filter(|&c| matches!(view.get(c), Seen::Open(_)))
                .collect();
            if !open.is_empty() {
                view.set(open[rng.below(open.len())], Seen::Open(rng.below(9) as u8));
            }
        }
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
        let expected = brute_force(&view, rows, cols, known.then_some(mines), density);
        let result = solver.analyse(&view, total);
        let Some(expected) = expected else {
            assert!(
                result.is_err(),
                "case {case} (seed {seed}): inconsistent, not seen\n{view:?}"
            );
            inconsistent += 1;
            continue;
        };
        result.unwrap_or_else(|e| panic!("case {case} (seed {seed}): {e}\n{view:?}"));
        checked += 1;
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
    // Both kinds must be exercised, or the test proves little.
    assert!(
        checked > 1000 && inconsistent > 100,
        "{checked} checked, {inconsistent} inconsistent"
    );
}

/// Plays `games` seeded games of `rows` x `cols` with `mines` through [`Solver::next_move`]
/// and checks every claim against the hidden board: certain safe cells are safe, certain mines
/// are mines, flags land on mines, chords open only safe cells. Returns (wins, moves).
fn play_and_check(
    seed: u64,
    games: u64,
    rows: usize,
    cols: usize,
    mines: usize,
    style: Style,
) -> (u64, u64) {
    let grid = Grid::new(rows, cols);
    let mut solver = Solver::new();
    let mut opened = Vec::new();
    let (mut wins, mut moves) = (0, 0);
    for game in 0..games {
        let mut rng = Rng::new(seed.wrapping_add(game));
        let first = rng.below(grid.len());
        let board = Board::from_mines(grid, rng.deal(grid.len(), mines, &[first]));
        let mut cover = Cover::new(&board);
        let mut view = View::new(grid);
        let mut open = |cover: &mut Cover, view: &mut View, cell: usize| {
            view.reveal(&board, cover, cell, FlagsInCascade::Cleared, &mut opened);
        };
        open(&mut cover, &mut view, first);
        let context =
            |what: &str| format!("seed {seed} game {game} {rows}x{cols}/{mines} {style:?}: {what}");
        loop {
            if cover.safe_closed() == 0 {
                wins += 1;
                break;
            }
            solver
                .analyse(&view, Mines::Known(mines))
                .unwrap_or_else(|e| panic!("{}", context(&e.to_string())));
            for &c in solver.certain_safe() {
                assert!(
                    !board.is_mine(c as usize),
                    "{}",
                    context(&format!("certain safe {c} is a mine"))
                );
            }
            for &c in solver.certain_mines() {
                assert!(
                    board.is_mine(c as usize),
                    "{}",
                    context(&format!("certain mine {c} is safe"))
                );
            }
            for (c, &p) in solver.probabilities().iter().enumerate() {
                assert!(
                    (0.0..=1.0).contains(&p),
                    "{}",
                    context(&format!("p({c}) = {p}"))
                );
            }
            let decision = solver
                .next_move(&view, Mines::Known(mines), style)
                .unwrap_or_else(|e| panic!("{}", context(&e.to_string())))
                .unwrap_or_else(|| panic!("{}", context("no move with safe cells closed")));
            moves += 1;
            match decision.action {
                Move::Open(cell) => {
                    assert!(
                        view.get(cell) == Seen::Closed,
                        "{}",
                        context("opens a cell not closed")
                    );
                    if board.is_mine(cell) {
                        assert!(
                            !decision.certain,
                            "{}",
                            context("a certain open hit a mine")
                        );
                        break;
                    }
                    open(&mut cover, &mut view, cell);
                }
                Move::Flag(cell) => {
                    assert!(
                        style.flags && board.is_mine(cell),
                        "{}",
                        context("flag on a safe cell")
                    );
                    cover.set_flag(cell, true);
                    view.set(cell, Seen::Flagged);
                }
                Move::Chord(cell) => {
                    assert!(style.chords, "{}", context("chord not allowed"));
                    let targets: Vec<usize> = grid
                        .neighbours(cell)
                        .filter(|&c| view.get(c) == Seen::Closed)
                        .collect();
                    assert!(
                        targets.len() >= 2,
                        "{}",
                        context("chord opens fewer than 2")
                    );
                    for c in targets {
                        assert!(!board.is_mine(c), "{}", context("chord opens a mine"));
                        open(&mut cover, &mut view, c);
                    }
                }
            }
        }
    }
    (wins, moves)
}

#[test]
fn seeded_games_never_contradict_a_certain_claim() {
    let seed = 7_000;
    let (wins, moves) = play_and_check(seed, 150, 9, 9, 10, Style::CLICKS);
    assert!(
        wins > 110 && moves > 1000,
        "beginner: {wins} wins, {moves} moves"
    );
    let (wins, _) = play_and_check(seed, 60, 16, 16, 40, Style::CLASSIC);
    assert!(wins > 30, "intermediate: {wins} wins");
    // Dense boards: many guesses, many small components.
    play_and_check(seed, 100, 8, 8, 16, Style::CLASSIC);
    play_and_check(seed, 20, 16, 30, 99, Style::CLICKS);
}

#[test]
fn autoplay_is_deterministic_across_threads_and_refuses_bad_arguments() {
    use std::process::Command;
    let exe = env!("CARGO_BIN_EXE_autoplay");
    let run = |args: &[&str]| Command::new(exe).args(args).output().expect("run autoplay");
    let strip_speed = |out: &[u8]| -> String {
        String::from_utf8_lossy(out)
            .lines()
            .filter(|l| !l.starts_with("speed") && !l.starts_with("board"))
            .collect::<Vec<_>>()
            .join("\n")
    };
    let one = run(&["--board", "jlu", "--games", "40", "--seed", "3"]);
    let three = run(&[
        "--board",
        "jlu",
        "--games",
        "40",
        "--seed",
        "3",
        "--threads",
        "3",
    ]);
    assert!(one.status.success() && three.status.success());
    assert_eq!(strip_speed(&one.stdout), strip_speed(&three.stdout));
    // stderr is a pipe here: no progress unless asked for.
    assert!(
        one.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&one.stderr)
    );
    let shown = run(&["--board", "beginner", "--games", "20", "--progress"]);
    let stderr = String::from_utf8_lossy(&shown.stderr);
    assert!(shown.status.success(), "{stderr}");
    assert!(stderr.starts_with("autoplay: 20 of 20 games, "), "{stderr}");
    let text = String::from_utf8_lossy(&one.stdout);
    assert!(
        text.contains("won ") && text.contains("jlu score"),
        "{text}"
    );
    for args in [
        &["--games", "5"][..],
        &["--board", "huge"],
        &["--board", "9x9x81"],
        &["--board", "0x9x1"],
        &["--board", "9x9x10", "--games", "-3"],
        &["--board", "9x9x10", "--first", "9,0"],
        &["--board", "9x9x10", "--threads", "0"],
        &["--board", "9x9x10", "--speed", "1"],
        &["--board"],
        &["--board", "9x9x10", "--compare", "default"],
        &["--board", "9x9x10", "--compare", "default", "wins"],
        &[
            "--board",
            "9x9x10",
            "--compare",
            "default",
            "default",
            "--play-for",
            "wins",
        ],
        &["--board", "jlu", "--compare", "default", "efficiency"],
    ] {
        let out = run(args);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(
            stderr.starts_with("error: ") && stderr.contains("\nusage: autoplay"),
            "{args:?}: {stderr}"
        );
        assert!(out.stdout.is_empty(), "{args:?}");
    }
}

#[test]
fn autoplay_merges_four_slices_into_the_figures_of_one_run() {
    use std::process::Command;
    let exe = env!("CARGO_BIN_EXE_autoplay");
    let run = |args: &[&str]| Command::new(exe).args(args).output().expect("run autoplay");
    let text = |out: std::process::Output| {
        let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
        assert!(out.status.success(), "{stderr}");
        String::from_utf8(out.stdout).expect("utf-8")
    };
    let without_speed = |text: &str| -> String {
        let lines = text.lines().filter(|l| !l.starts_with("speed "));
        lines.map(|l| format!("{l}\n")).collect()
    };
    let dir = std::env::temp_dir().join(format!("autoplay-slices-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    let seed = "20261128";
    println!("seed {seed}");
    let run_args = [
        "--board",
        "expert",
        "--games",
        "30",
        "--seed",
        seed,
        "--threads",
        "2",
    ];
    let one = text(run(&run_args));
    let files = slice_records(&run_args, 4, &dir);
    // In any order.
    let merge_args: Vec<&str> = std::iter::once("--merge")
        .chain(files.iter().rev().map(String::as_str))
        .collect();
    let merged = text(run(&merge_args));
    assert_eq!(without_speed(&merged), without_speed(&one));
    assert!(merged.lines().any(|l| l.starts_with("speed ")), "{merged}");
    // A slice played on another thread count belongs to another run; a slice missing fails.
    let other = run(&[&run_args[..6], &["--threads", "1", "--shard", "2/4"][..]].concat());
    std::fs::write(&files[1], text(other)).expect("write a record");
    let refused = run(&merge_args);
    let missing = run(&merge_args[..3]);
    std::fs::remove_dir_all(&dir).ok();
    for (out, what) in [(refused, "another run"), (missing, "missing: 1/4")] {
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{stderr}");
        assert!(stderr.contains(what) && out.stdout.is_empty(), "{stderr}");
    }
}

/// The files of `autoplay`'s records of the `n` slices of the run `run_args` names, written
/// in `dir` as slice1..slice`n`.
fn slice_records(run_args: &[&str], n: u32, dir: &std::path::Path) -> Vec<String> {
    let mut files = Vec::new();
    for k in 1..=n {
        let shard = format!("{k}/{n}");
        let record = autoplay(&[run_args, &["--shard", &shard]].concat());
        let file = dir.join(format!("slice{k}"));
        std::fs::write(&file, record).expect("write a record");
        files.push(file.to_string_lossy().into_owned());
    }
    files
}

/// `autoplay` run with `args`: its stdout, after checking that it succeeded.
fn autoplay(args: &[&str]) -> String {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_autoplay"))
        .args(args)
        .output()
        .expect("run autoplay");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{args:?}: {stderr}");
    String::from_utf8(out.stdout).expect("utf-8")
}

/// The line of `text` that starts with `start`.
fn line_of<'a>(text: &'a str, start: &str) -> &'a str {
    let found = text.lines().find(|line| line.starts_with(start));
    found.unwrap_or_else(|| panic!("no line {start:?} in:\n{text}"))
}

#[test]
fn autoplay_compares_a_mode_with_itself_to_a_difference_of_exactly_nothing() {
    let seed = "20261203";
    println!("seed {seed}");
    let args = ["--board", "intermediate", "--games", "150", "--seed", seed];
    let text = autoplay(&[&args[..], &["--compare", "default", "default"]].concat());
    let won = |side: &str| line_of(&text, side).split_once(": ").unwrap().1;
    assert_eq!(won("A default: won "), won("B default: won "), "{text}");
    let efficiency = |side: &str| line_of(&text, side).split_once(": ").unwrap().1;
    assert_eq!(
        efficiency("A default: efficiency "),
        efficiency("B default: efficiency ")
    );
    assert!(
        line_of(&text, "A - B paired: won ").starts_with(
            "A - B paired: won +0.00 +- 0.00 points (95%): 0 games won by A only, 0 by B only"
        ),
        "{text}"
    );
    assert!(
        line_of(&text, "A - B paired: efficiency")
            .ends_with(" both won +0.00 +- 0.00 points (95%)"),
        "{text}"
    );
}

#[test]
fn autoplay_compares_the_games_two_plain_runs_play() {
    let seed = "20261204";
    println!("seed {seed}");
    let args = ["--board", "beginner", "--games", "300", "--seed", seed];
    let text = autoplay(&[&args[..], &["--compare", "default", "efficiency"]].concat());
    for (mode, play_for) in [("A default", "wins"), ("B efficiency", "efficiency")] {
        let plain = autoplay(&[&args[..], &["--play-for", play_for]].concat());
        for figure in ["won ", "efficiency "] {
            assert_eq!(
                line_of(&text, &format!("{mode}: {figure}")),
                format!("{mode}: {}", line_of(&plain, figure)),
                "{text}"
            );
        }
    }
    // Both modes make the same guesses from the same knowledge: the same games are won, and
    // efficiency mode's clicks are fewer.
    let won = line_of(&text, "A - B paired: won ");
    assert!(
        won.starts_with("A - B paired: won +0.00 +- 0.00 points (95%): 0 games won by A only"),
        "{text}"
    );
    assert!(
        line_of(&text, "A - B paired: efficiency").contains(" both won -"),
        "{text}"
    );
    assert_eq!(text.lines().filter(|l| l.starts_with("speed ")).count(), 2);
}

#[test]
fn autoplay_merges_three_compared_slices_into_the_report_of_one_run() {
    let seed = "20261205";
    println!("seed {seed}");
    let run_args = [
        "--board",
        "beginner",
        "--games",
        "200",
        "--seed",
        seed,
        "--compare",
        "efficiency",
        "default",
    ];
    let without_speed = |text: &str| -> String {
        let lines = text.lines().filter(|l| !l.starts_with("speed "));
        lines.map(|l| format!("{l}\n")).collect()
    };
    let one = autoplay(&[&run_args[..], &["--threads", "2"]].concat());
    let dir = std::env::temp_dir().join(format!("autoplay-compared-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    let files = slice_records(&run_args, 3, &dir);
    let merge_args: Vec<&str> = std::iter::once("--merge")
        .chain(files.iter().rev().map(String::as_str))
        .collect();
    let merged = autoplay(&merge_args);
    assert_eq!(
        without_speed(&merged),
        without_speed(&one).replace("2 thread(s)", "1 thread(s)")
    );
    assert_eq!(
        merged.lines().filter(|l| l.starts_with("speed ")).count(),
        2
    );
    // A slice missing, or a plain run's slice among them, is refused.
    let run = |args: &[&str]| {
        let exe = env!("CARGO_BIN_EXE_autoplay");
        std::process::Command::new(exe)
            .args(args)
            .output()
            .expect("run autoplay")
    };
    let missing = run(&merge_args[..3]);
    let plain = autoplay(&[&run_args[..6], &["--shard", "2/3"][..]].concat());
    std::fs::write(&files[1], plain).expect("write a record");
    let mixed = run(&merge_args);
    std::fs::remove_dir_all(&dir).ok();
    for (out, what) in [
        (mixed, "a plain run's record, but "),
        (missing, "missing: 1/3"),
    ] {
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{stderr}");
        assert!(stderr.contains(what) && out.stdout.is_empty(), "{stderr}");
    }
}
