//! `stress` with the courses' own interfaces: students' files (tests/submissions/) compiled
//! into our C++ drivers. Each test needs a C++ compiler (`.ci/run` installs g++); without one
//! it says so and passes.
//!
//! The JLU machines' scores are worked out independently of the driver: the same games played
//! in-process by a Rust replica of each machine, with the C library's own `rand()` sequence
//! (printed by a two-line C++ program) where the machine uses it. A driver that restarted the
//! machine, reseeded `rand()` or lost a static variable would score otherwise.

use crate::util::{self, have_compiler, submission};
use minejudge::courses::jlu_machine::{play_games, Tally};
use minejudge::players::jlu_machine::course::course_mark;
use std::path::Path;
use std::process::{Command, Output};

fn stress(args: &[&str]) -> Output {
    Command::new(util::binary("stress"))
        .args(args)
        .arg("--quiet")
        .output()
        .expect("run stress")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// The report's score line for a tally, as `stress jlu-machine --function` prints it.
fn score_line(tally: &Tally) -> String {
    let (mean, half) = tally.mean_score();
    format!(
        "won {} of {} ({:.1}%), score per game {mean:.2} +- {half:.2} (95% interval), course mark \
         {:.2} of 60",
        tally.wins,
        tally.games,
        100.0 * tally.wins as f64 / tally.games.max(1) as f64,
        course_mark(mean)
    )
}

/// The first `count` values of the C library's `rand()` after `srand(seed)`.
fn c_rand(seed: u32, count: usize) -> Vec<i64> {
    let compiler = std::env::var("CXX").unwrap_or_else(|_| "g++".to_string());
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("course_interfaces");
    std::fs::create_dir_all(&dir).expect("work dir");
    let source = dir.join("rand.cpp");
    std::fs::write(
        &source,
        "#include <stdio.h>\n#include <stdlib.h>\nint main(int c, char **v) { srand(atoi(v[1])); \
         for (int i = atoi(v[2]); i > 0; --i) printf(\"%d\\n\", rand()); }\n",
    )
    .expect("write rand.cpp");
    let exe = dir.join("rand");
    let built = Command::new(compiler.split_whitespace().next().unwrap_or("g++"))
        .arg("-o")
        .arg(&exe)
        .arg(&source)
        .status()
        .expect("run the compiler");
    assert!(built.success());
    let output = Command::new(&exe)
        .args([seed.to_string(), count.to_string()])
        .output()
        .expect("run rand");
    text(&output.stdout)
        .lines()
        .map(|line| line.parse().expect("a number"))
        .collect()
}

/// The course's games of `seed` played by a replica of `jlu_rand_machine.txt` (a random closed
/// cell, by the C library's `rand()` after one `srand(seed)`).
pub(crate) fn random_clicker(seed: u32, games: u64) -> Tally {
    let stream = c_rand(seed, 400_000);
    let mut next = stream.iter();
    let mut rand = || *next.next().expect("enough rand() values");
    play_games(u64::from(seed), games, &mut |panel| loop {
        let x = (rand() % 20) as usize;
        let y = (rand() % 20) as usize;
        if panel[x * 20 + y] == -1 {
            return (x, y);
        }
    })
}

#[test]
#[ignore = "long tier: .ci/run runs it"]
fn a_machine_with_a_static_counter_keeps_it_across_clicks_and_games() {
    if !have_compiler("static counter") {
        return;
    }
    let file = submission("jlu_static_machine.txt");
    let output = stress(&[
        "jlu-machine",
        "--function",
        file.to_str().unwrap(),
        "--games",
        "60",
        "--seed",
        "11",
    ]);
    let report = text(&output.stdout);
    assert_eq!(
        output.status.code(),
        Some(0),
        "{report}{}",
        text(&output.stderr)
    );
    // The replica: the same stride through the board, its counter never reset.
    let mut k = 0usize;
    let tally = play_games(11, 60, &mut |_| {
        k = (k * 7 + 3) % 400;
        (k / 20, k % 20)
    });
    assert!(
        report.contains(&score_line(&tally)),
        "{report}\nexpected {}",
        score_line(&tally)
    );
    assert!(
        report.contains(&format!(
            "clicks on open cells: {} (ignored, but counted toward the 400); games stopped at \
             400 clicks: {}",
            tally.ignored_clicks, tally.stopped
        )),
        "{report}"
    );
    assert!(
        tally.stopped > 0 && tally.ignored_clicks > 0,
        "the test shows both"
    );
    // A fresh counter per game would be another machine altogether.
    let fresh = play_games(11, 60, &mut {
        let mut state = (0usize, 0usize);
        move |panel: &[i8]| {
            let opened = panel.iter().filter(|&&v| v != -1).count();
            if opened == 0 && state.1 != 0 {
                state = (0, 0);
            }
            state.1 += 1;
            state.0 = (state.0 * 7 + 3) % 400;
            (state.0 / 20, state.0 % 20)
        }
    });
    assert_ne!(score_line(&fresh), score_line(&tally), "the test can fail");
}

#[test]
#[ignore = "long tier: .ci/run runs it"]
fn a_machine_using_rand_is_seeded_once() {
    if !have_compiler("rand") {
        return;
    }
    let file = submission("jlu_rand_machine.txt");
    let games = 300;
    let output = stress(&[
        "jlu-machine",
        "--function",
        file.to_str().unwrap(),
        "--games",
        &games.to_string(),
        "--seed",
        "2024",
    ]);
    let report = text(&output.stdout);
    assert_eq!(
        output.status.code(),
        Some(0),
        "{report}{}",
        text(&output.stderr)
    );
    let tally = random_clicker(2024, games);
    assert!(
        report.contains(&score_line(&tally)),
        "{report}\nexpected {}",
        score_line(&tally)
    );
}

#[test]
fn a_crashing_machine_is_reported_with_its_game_and_panel() {
    if !have_compiler("crash") {
        return;
    }
    let file = submission("jlu_crash_machine.txt");
    let output = stress(&[
        "jlu-machine",
        "--function",
        file.to_str().unwrap(),
        "--games",
        "20",
        "--seed",
        "7",
    ]);
    let report = text(&output.stdout);
    assert_eq!(output.status.code(), Some(1), "{report}");
    assert!(
        report
            .contains("first failure: game 1, click 3: it crashed: killed by signal 11 (SIGSEGV)"),
        "{report}"
    );
    assert!(report.contains("the course gives 0 to a program that does not run"));
    assert!(report.contains("--- the panel it was given"), "{report}");
}

#[test]
fn a_file_that_does_not_compile_is_told_with_the_compilers_lines() {
    if !have_compiler("compile error") {
        return;
    }
    let file = submission("does_not_compile.txt");
    let output = stress(&["jlu-machine", "--function", file.to_str().unwrap()]);
    let message = text(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{message}");
    assert!(
        message.contains("does not compile with our driver"),
        "{message}"
    );
    assert!(
        message.contains(&format!("{}:3:", file.display())),
        "the student's file is named as given: {message}"
    );
    let missing = stress(&[
        "jlu-machine",
        "--function",
        file.to_str().unwrap(),
        "--cxx",
        "/nonexistent/g++",
    ]);
    assert_eq!(missing.status.code(), Some(2));
    assert!(text(&missing.stderr).contains("cannot be found"));
}

#[test]
#[ignore = "long tier: .ci/run runs it"]
fn a_refresh_game_panel_with_a_bug_is_found_and_shrunk_within_the_course_limits() {
    if !have_compiler("RefreshGamePanel") {
        return;
    }
    let buggy = submission("jlu_refresh_panel_bug.txt");
    let output = stress(&[
        "jlu-panel",
        "--function",
        buggy.to_str().unwrap(),
        "--seed",
        "5",
        "--jobs",
        "2",
    ]);
    let report = text(&output.stdout);
    assert_eq!(
        output.status.code(),
        Some(1),
        "{report}{}",
        text(&output.stderr)
    );
    assert!(
        report.starts_with("jlu-panel: wrong answer on input"),
        "{report}"
    );
    assert!(
        report.contains("--- yours: your RefreshGamePanel (") && report.contains("in our driver"),
        "{report}"
    );
    assert!(
        report.contains("first differing cell: in the panel after the"),
        "{report}"
    );
    // The shrunk game: its header within the course's limits, a handful of lines.
    let input: Vec<&str> = report
        .split("--- input (")
        .nth(1)
        .expect("the input block")
        .lines()
        .skip(1)
        .take_while(|line| line.starts_with("    "))
        .collect();
    let header: Vec<usize> = input[0]
        .split_whitespace()
        .map(|t| t.parse().unwrap())
        .collect();
    assert!(header[0] <= 20 && header[1] <= 20 && header[2] <= 50 && header[3] <= 200);
    assert!(input.len() <= 6, "{report}");

    let correct = submission("jlu_refresh_panel.txt");
    let output = stress(&[
        "jlu-panel",
        "--function",
        correct.to_str().unwrap(),
        "--seed",
        "5",
        "--count",
        "300",
        "--jobs",
        "2",
    ]);
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stdout));
    assert!(text(&output.stdout).starts_with("jlu-panel: all 300 inputs passed"));
    let refused = stress(&["jlu-panel", "--function", "x.txt", "--limits", "wide"]);
    assert_eq!(refused.status.code(), Some(2));
    assert!(text(&refused.stderr).contains("--limits wide does not apply"));
    let refused = stress(&["jlu-panel", "--function", "x.txt", "--rows", "21"]);
    assert_eq!(refused.status.code(), Some(2));
    assert!(text(&refused.stderr).contains("outside the course limits of jlu-panel"));
}

#[test]
#[ignore = "long tier: .ci/run runs it"]
fn a_client_header_plays_the_batch_against_our_server_and_its_own() {
    if !have_compiler("client.h") {
        return;
    }
    let client = submission("acm_client.h");
    let ours = stress(&["acm-client", "--client", client.to_str().unwrap()]);
    let report = text(&ours.stdout);
    assert_eq!(
        ours.status.code(),
        Some(0),
        "{report}{}",
        text(&ours.stderr)
    );
    assert!(report.contains("against our server, in one process as TestBatch() plays"));
    let score = |report: &str| -> String {
        report
            .lines()
            .find(|line| line.starts_with("yours "))
            .expect("a score line")
            .to_string()
    };
    // The example batch is easy for simple rules: they win all but one map.
    assert_eq!(score(&report), "yours   1.000000   49/50", "{report}");
    let server = submission("acm_server.h");
    let theirs = stress(&[
        "acm-client",
        "--client",
        client.to_str().unwrap(),
        "--server",
        server.to_str().unwrap(),
    ]);
    let their_report = text(&theirs.stdout);
    assert_eq!(theirs.status.code(), Some(0), "{their_report}");
    assert!(their_report.contains("against your server ("));
    assert_eq!(score(&their_report), score(&report));
    let moves = |report: &str| {
        report
            .lines()
            .find(|l| l.starts_with("moves: "))
            .map(str::to_string)
    };
    assert_eq!(moves(&their_report), moves(&report));
    let refused = stress(&["acm-client", "--client", "x.h", "--jobs", "2"]);
    assert_eq!(refused.status.code(), Some(2));
    assert!(text(&refused.stderr).contains("--jobs does not apply to a file"));
}

#[test]
#[ignore = "long tier: .ci/run runs it"]
fn a_client_that_never_ends_a_game_is_stopped_at_the_move_cap() {
    if !have_compiler("stuck client") {
        return;
    }
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("course_interfaces");
    std::fs::create_dir_all(&dir).expect("work dir");
    let game = dir.join("adv.in");
    std::fs::write(&game, "3 3\n.X.\n...\n..X\n2 0\n").expect("write the game");
    let client = submission("acm_stuck_client.h");
    let output = stress(&[
        "acm-client",
        "--client",
        client.to_str().unwrap(),
        "--map",
        game.to_str().unwrap(),
    ]);
    let report = text(&output.stdout);
    assert_eq!(
        output.status.code(),
        Some(0),
        "{report}{}",
        text(&output.stderr)
    );
    assert!(
        report.contains(
            "your client hit the move cap (twice the cells, and 2: 20 moves here) on map 1"
        ),
        "{report}"
    );
    // The first click opens 4 cells of 9 (the course's README example: ???, 12?, 01?).
    assert!(report.contains("yours   0.444444   0/1"), "{report}");
}

#[test]
#[ignore = "long tier: .ci/run runs it"]
fn a_server_header_with_a_bug_is_found_and_shrunk_and_a_correct_one_passes() {
    if !have_compiler("server.h") {
        return;
    }
    let buggy = submission("acm_server_bug.h");
    let output = stress(&[
        "acm-server",
        "--server",
        buggy.to_str().unwrap(),
        "--seed",
        "3",
        "--jobs",
        "2",
    ]);
    let report = text(&output.stdout);
    assert_eq!(
        output.status.code(),
        Some(1),
        "{report}{}",
        text(&output.stderr)
    );
    assert!(
        report.starts_with("acm-server: wrong answer on input"),
        "{report}"
    );
    assert!(report.contains("in the course's basic.cpp"), "{report}");
    // The bug shows on a won map: an unmarked mine printed `?` instead of `@`.
    assert!(report.contains("YOU WIN!"), "{report}");
    let shrunk = report
        .split("--- input (")
        .nth(1)
        .and_then(|rest| rest.split(' ').next())
        .and_then(|lines| lines.parse::<usize>().ok())
        .expect("the input's line count");
    assert!(shrunk <= 8, "{report}");

    let correct = submission("acm_server.h");
    let output = stress(&[
        "acm-server",
        "--server",
        correct.to_str().unwrap(),
        "--seed",
        "3",
        "--count",
        "300",
        "--jobs",
        "2",
    ]);
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stdout));
    assert!(text(&output.stdout).starts_with("acm-server: all 300 inputs passed"));
}

#[test]
#[ignore = "long tier: .ci/run runs it"]
fn a_machine_that_hangs_is_killed_at_the_game_timeout_and_a_fresh_process_plays_on() {
    if !have_compiler("hang") {
        return;
    }
    let file = submission("jlu_hang_machine.txt");
    let output = stress(&[
        "jlu-machine",
        "--function",
        file.to_str().unwrap(),
        "--games",
        "2",
        "--time-limit",
        "0.3",
        // It spins: its CPU time decides, however busy the machine.
        "--wall-limit",
        "60",
        "--seed",
        "1",
    ]);
    let report = text(&output.stdout);
    assert_eq!(output.status.code(), Some(1), "{report}");
    // Which game the fifth call falls in depends on how the random clicks fare.
    assert!(
        report.contains(": the game used over 0.300 s of CPU time (--time-limit): killed"),
        "{report}"
    );
    assert!(
        report.contains("your machine failed in 1 game ("),
        "{report}"
    );
    assert!(
        report.contains("won 0 of 2"),
        "every game is scored: {report}"
    );
}

#[test]
#[ignore = "long tier: .ci/run runs it"]
fn a_client_that_crashes_is_reported_with_its_map_and_the_batch_goes_on() {
    if !have_compiler("crashing client") {
        return;
    }
    let client = submission("acm_crash_client.h");
    let output = stress(&["acm-client", "--client", client.to_str().unwrap()]);
    let report = text(&output.stdout);
    assert_eq!(
        output.status.code(),
        Some(1),
        "{report}{}",
        text(&output.stderr)
    );
    assert!(
        report.contains(
            "first failure: map 2, after 0 moves: it crashed: killed by signal 11 (SIGSEGV)"
        ),
        "{report}"
    );
    // The fresh process counts its games from 1 again: it crashes on map 4, 6, ...
    assert!(
        report.contains("your client failed on 10 maps (2, 4, 6,"),
        "{report}"
    );
    assert!(
        report.contains("--- the map (n m, the map, the first click)"),
        "{report}"
    );
}
