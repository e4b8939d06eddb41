//! `acm-client`: its traced moves replayed through `acm-server` give the same maps, it wins the
//! course's advanced-style games it should, its batch maps (`--maps`) played one by one give
//! the batch's shares, and bad input.

use crate::util::{self, assert_bad_input, solve_into};
use minejudge::io::runner::Solve;
use minejudge::judges::acm_server::solve as acm_server;
use minejudge::judges::Limits;
use minejudge::players::acm_client::solve::{self as client, Mode};
use minejudge::rng::Rng;
use minejudge::solver::Strength;
use std::io::Write;
use std::process::{Command, Stdio};

/// A single-game file: `n m`, the map, the first click, with the first click's surroundings
/// kept free of mines as the course's generator does.
fn random_game(rng: &mut Rng) -> String {
    let rows = 3 + rng.below(14);
    let cols = 3 + rng.below(14);
    let density = [0.05, 0.1, 0.15, 0.2, 0.3][rng.below(5)];
    let first = (1 + rng.below(rows - 2), 1 + rng.below(cols - 2));
    let mut text = format!("{rows} {cols}\n");
    for row in 0..rows {
        for col in 0..cols {
            let near = row.abs_diff(first.0) + col.abs_diff(first.1) <= 1;
            text.push(if !near && rng.chance(density) {
                'X'
            } else {
                '.'
            });
        }
        text.push('\n');
    }
    text + &format!("{} {}\n", first.0, first.1)
}

/// `traced`'s trace of the game `input`, checked: its moves replayed through `acm-server` give
/// the maps it printed, which end with what `plain` prints. `at` names the game in messages.
fn replayed_trace(input: &str, (traced, plain): (Solve, Solve), at: &str) -> String {
    let mut trace = Vec::new();
    solve_into(traced, input.as_bytes(), &mut trace)
        .unwrap_or_else(|err| panic!("{at}: {err}\n{input}"));
    let trace = String::from_utf8(trace).expect("UTF-8");
    // The server's input: the map, then every traced move (the lines of three numbers).
    let map_end = input.trim_end().rfind('\n').expect("first click line") + 1;
    let mut server_input = input[..map_end].to_string();
    for line in trace.lines().filter(|line| line.split(' ').count() == 3) {
        server_input += line;
        server_input.push('\n');
    }
    let mut server_out = Vec::new();
    solve_into(acm_server::solve, server_input.as_bytes(), &mut server_out)
        .unwrap_or_else(|err| panic!("{at}: {err}\n{server_input}"));
    // The server prints the all-`?` map first; the client prints each map after its move.
    let rows: usize = input.split_whitespace().next().unwrap().parse().unwrap();
    let server_text = String::from_utf8(server_out).expect("UTF-8");
    let after_first_map: String = server_text.split_inclusive('\n').skip(rows).collect();
    let client_maps: String = trace
        .split_inclusive('\n')
        .filter(|line| line.split(' ').count() != 3)
        .collect();
    if let Some(diff) = util::first_difference(after_first_map.as_bytes(), client_maps.as_bytes()) {
        panic!("{at}: {diff}\ninput:\n{input}");
    }
    let mut plain_out = Vec::new();
    solve_into(plain, input.as_bytes(), &mut plain_out).unwrap();
    assert!(
        client_maps.ends_with(&*String::from_utf8_lossy(&plain_out)),
        "{at}"
    );
    trace
}

#[test]
fn traced_moves_replay_through_the_server_to_the_same_maps() {
    let seed = 0xacc1;
    println!("acm-client replay seed {seed}");
    let mut rng = Rng::new(seed);
    let (mut won, games) = (0, 300);
    for game in 0..games {
        let input = random_game(&mut rng);
        let at = format!("seed {seed} game {game}");
        let trace = replayed_trace(&input, (client::solve_traced, client::solve), &at);
        won += trace.contains("YOU WIN!") as usize;
    }
    println!("acm-client: {won} of {games} games won");
    assert!(
        won * 100 >= games * 60,
        "only {won} of {games} won (seed {seed})"
    );
}

#[test]
fn strong_moves_replay_through_the_server() {
    let seed = 0x5354;
    println!("acm-client --strength strong replay seed {seed}");
    let mut rng = Rng::new(seed);
    let strong = |mode| client::program(mode, Limits::Course, Strength::Strong).solve;
    for game in 0..100 {
        let input = random_game(&mut rng);
        let at = format!("seed {seed} game {game}");
        replayed_trace(&input, (strong(Mode::Trace), strong(Mode::Play)), &at);
    }
}

#[test]
fn the_strength_option_is_taken_in_every_mode_and_a_bad_one_refused() {
    let batch = b"10 10 20\n42\n2\n";
    let game = b"3 3\n...\n.X.\n...\n0 0\n";
    for (args, input) in [
        (&[][..], &batch[..]),
        (&["--trace"], game),
        (&["--maps"], batch),
    ] {
        let plain = run_with_args(args, input);
        assert_eq!(plain.status, Some(0), "{}", plain.describe());
        for strength in ["default", "strong"] {
            let with: Vec<&str> = args
                .iter()
                .copied()
                .chain(["--strength", strength])
                .collect();
            let run = run_with_args(&with, input);
            assert_eq!(run.status, Some(0), "{}", run.describe());
            if strength == "default" || args == ["--maps"] {
                assert_eq!(run.stdout, plain.stdout, "{}", run.describe());
            }
        }
    }
    let run = run_with_args(&["--strength", "fast"], batch);
    let stderr = String::from_utf8_lossy(&run.stderr);
    assert_eq!(run.status, Some(2), "{}", run.describe());
    assert!(
        stderr.starts_with("error: --strength expects default or strong, found \"fast\"\nusage: "),
        "{stderr}"
    );
}

#[test]
fn batch_prints_fifty_shares_and_the_course_score() {
    let mut out = Vec::new();
    solve_into(client::solve, b"10 10 12\n42\n2\n", &mut out).unwrap();
    let text = String::from_utf8(out).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 51, "{text}");
    let shares: Vec<f64> = lines[..50]
        .iter()
        .map(|line| line.rsplit(' ').next().unwrap().parse().unwrap())
        .collect();
    assert!(shares.iter().all(|s| (0.0..=1.0).contains(s)), "{text}");
    let mut sorted = shares.clone();
    sorted.sort_by(f64::total_cmp);
    let expected = sorted[5..].iter().sum::<f64>() / 45.0;
    let score: f64 = lines[50]
        .strip_prefix("score: ")
        .and_then(|rest| rest.split(' ').next())
        .unwrap()
        .parse()
        .unwrap();
    assert!(
        (score - expected).abs() < 1e-5,
        "score {score}, expected {expected}\n{text}"
    );
    // Same seed, same batch.
    let mut again = Vec::new();
    solve_into(client::solve, b"10 10 12\n42\n2\n", &mut again).unwrap();
    assert_eq!(text.as_bytes(), &again[..]);
}

#[test]
fn bad_input_is_refused() {
    let name = "acm-client";
    assert_bad_input(
        name,
        b"",
        1,
        "expected `n m` or `rows cols mines`, found end of input",
        b"",
    );
    assert_bad_input(name, b"3\n", 1, "the first line has 1 numbers", b"");
    assert_bad_input(
        name,
        b"3 x\n",
        1,
        "expected numbers on the first line, found \"x\"",
        b"",
    );
    assert_bad_input(
        name,
        b"2 2\n..\n.X\n2 0\n",
        4,
        "the first click's row 2 is outside 0..=1",
        b"",
    );
    // An acm-server input is not a game file: its operations have three numbers.
    assert_bad_input(
        name,
        b"2 2\n..\n.X\n0 0 0\n1 1 1\n",
        4,
        "the first click `r c` has a third number \"0\": `x y type` operations are acm-server's",
        b"",
    );
    assert_bad_input(
        name,
        b"2 2\n..\n.X\n0 0\n1 1\n",
        5,
        "expected the end of the game after the first click, found \"1\"",
        b"",
    );
    assert_bad_input(
        name,
        b"2 2\n..\n.Y\n0 0\n",
        3,
        "row 2, column 2: expected 'X' or '.'",
        b"",
    );
    assert_bad_input(
        name,
        b"2 2\n..\n.X\n",
        3,
        "expected the first click's row, found end of input",
        b"",
    );
    assert_bad_input(name, b"2 10 3\n1\n2\n", 1, "rows 2 is outside 3..=30", b"");
    assert_bad_input(name, b"10 10 99\n1\n2\n", 1, "mines 99 is outside", b"");
    assert_bad_input(
        name,
        b"10 10 9\n1\n",
        2,
        "expected min_dist, found end of input",
        b"",
    );
    assert_bad_input(
        name,
        b"10 10 9\n18446744073709551616\n2\n",
        2,
        "seed 18446744073709551616 is outside 0..=18446744073709551615",
        b"",
    );
    assert_bad_input(
        name,
        b"10 10 9\n-1\n2\n",
        2,
        "seed -1 is outside 0..=18446744073709551615",
        b"",
    );
    assert_bad_input(
        name,
        b"10 10 9\n1e9\n2\n",
        2,
        "expected seed (an integer), found \"1e9\"",
        b"",
    );
}

/// The maps `--maps` prints, each as a single-game input: header, rows, first click.
fn printed_maps(text: &str) -> Vec<String> {
    let mut lines = text.split_inclusive('\n').peekable();
    let mut maps = Vec::new();
    while let Some(header) = lines.next() {
        let rows: usize = header.split(' ').next().unwrap().parse().unwrap();
        let mut map = header.to_string();
        for _ in 0..=rows {
            map += lines.next().expect("a map row or its first click");
        }
        maps.push(map);
    }
    maps
}

#[test]
fn maps_and_batch_agree_with_single_games() {
    // The worked example's batch, and others up to the largest seed and the course's 30x30.
    for batch in [
        "10 10 9\n19260817\n2\n",
        "12 9 20\n18446744073709551615\n1\n",
        "3 5 6\n9223372036854775808\n1\n",
        "30 30 150\n0\n3\n",
    ] {
        let numbers: Vec<u64> = batch
            .split_whitespace()
            .map(|n| n.parse().unwrap())
            .collect();
        let [rows, cols, mines, _, min_dist] = numbers[..].try_into().unwrap();
        let [rows, cols, mines, min_dist] = [rows, cols, mines, min_dist].map(|n| n as usize);
        let mut printed = Vec::new();
        solve_into(client::solve_maps, batch.as_bytes(), &mut printed).unwrap();
        let printed = String::from_utf8(printed).unwrap();
        let mut scores = Vec::new();
        solve_into(client::solve, batch.as_bytes(), &mut scores).unwrap();
        let scores = String::from_utf8(scores).unwrap();
        let maps = printed_maps(&printed);
        assert_eq!(maps.len(), 50, "{batch:?}");
        for (number, (map, score_line)) in maps.iter().zip(scores.lines()).enumerate() {
            let lines: Vec<&str> = map.lines().collect();
            assert_eq!(
                lines[0],
                format!("{rows}  {cols}"),
                "{batch:?} map {number}"
            );
            let (row0, col0) = lines[rows + 1].split_once(' ').unwrap();
            let (row0, col0): (usize, usize) = (row0.parse().unwrap(), col0.parse().unwrap());
            assert!((1..rows - 1).contains(&row0) && (1..cols - 1).contains(&col0));
            let mut mine_count = 0;
            for (row, line) in lines[1..=rows].iter().enumerate() {
                assert_eq!(line.len(), cols, "{batch:?} map {number}");
                for (col, byte) in line.bytes().enumerate() {
                    assert!(byte == b'X' || byte == b'.');
                    if byte == b'X' {
                        mine_count += 1;
                        assert!(row.abs_diff(row0) + col.abs_diff(col0) > min_dist);
                    }
                }
            }
            assert_eq!(mine_count, mines, "{batch:?} map {number}");
            // The map as a single game: its `visit_count marked_mine_count` gives the share.
            let mut single = Vec::new();
            solve_into(client::solve, map.as_bytes(), &mut single).unwrap();
            let single = String::from_utf8(single).unwrap();
            let (visited, marked) = single.lines().nth(1).unwrap().split_once(' ').unwrap();
            let share = (visited.parse::<usize>().unwrap() + marked.parse::<usize>().unwrap())
                as f64
                / (rows * cols) as f64;
            assert_eq!(
                score_line,
                format!("map {:2}: {share:.6}", number + 1),
                "{batch:?}\n{map}{single}"
            );
        }
        assert!(scores.lines().nth(50).unwrap().starts_with("score: "));
    }
}

#[test]
fn maps_start_with_the_worked_example() {
    // Batch 10 10 9 / seed 19260817 / min_dist 2, map 1: first click (3, 1), first mine (6, 0).
    let mut out = Vec::new();
    solve_into(client::solve_maps, b"10 10 9\n19260817\n2\n", &mut out).unwrap();
    let text = String::from_utf8(out).unwrap();
    let first = &printed_maps(&text)[0];
    let lines: Vec<&str> = first.lines().collect();
    assert_eq!(lines[0], "10  10");
    assert!(lines[7].starts_with('X'), "{first}");
    assert_eq!(lines[11], "3 1");
    assert!(text.ends_with('\n') && !text.contains('\r'));
}

/// `acm-client ARGS < input`.
fn run_with_args(args: &[&str], input: &[u8]) -> util::Run {
    let mut child = Command::new(util::binary("acm-client"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start acm-client");
    let mut stdin = child.stdin.take().expect("piped stdin");
    // A refused argument ends it before it reads: a broken pipe here is its answer, not ours.
    if let Err(e) = stdin.write_all(input) {
        assert_eq!(
            e.kind(),
            std::io::ErrorKind::BrokenPipe,
            "write the batch: {e}"
        );
    }
    drop(stdin);
    let output = child.wait_with_output().expect("wait for acm-client");
    util::Run {
        command: format!("acm-client {}", args.join(" ")),
        stdin: String::from_utf8_lossy(input).into_owned(),
        status: output.status.code(),
        stdout: output.stdout,
        stderr: output.stderr,
    }
}

#[test]
fn batches_beyond_the_courses_limits_are_refused_unless_wide() {
    let why = "(the course's limits; --limits wide lifts them)";
    let name = "acm-client";
    // 19 bytes that played for six minutes.
    let huge = b"1000 1000 100000\n1\n2\n";
    assert_bad_input(
        name,
        huge,
        1,
        &format!("rows 1000 is outside 3..=30 {why}"),
        b"",
    );
    assert_bad_input(
        name,
        b"30 31 9\n1\n2\n",
        1,
        "cols 31 is outside 3..=30",
        b"",
    );
    assert_bad_input(name, b"10 10 0\n1\n2\n", 1, "mines 0 is outside 1..=", b"");
    for (args, input, ok) in [
        (
            &["--maps", "--limits", "wide"][..],
            &b"31 3 1\n5\n0\n"[..],
            true,
        ),
        (&["--limits", "wide"], b"3 31 0\n5\n0\n", true),
        (&["--limits", "course", "--maps"], b"31 3 1\n5\n0\n", false),
        (&["--limits", "narrow"], b"3 3 1\n5\n0\n", false),
    ] {
        let run = run_with_args(args, input);
        assert_eq!(run.status == Some(0), ok, "{}", run.describe());
    }
}

#[test]
fn maps_of_a_single_game_are_refused() {
    let mut out = Vec::new();
    let err = solve_into(client::solve_maps, b"2 2\n..\n.X\n0 0\n", &mut out).unwrap_err();
    assert_eq!(err.line, 1);
    assert!(err.message.contains("--maps takes a batch"), "{err}");
    assert!(out.is_empty());
}
