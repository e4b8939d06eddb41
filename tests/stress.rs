//! `stress`: planted bugs (tests/planted/solutions.rs, compiled once with plain `rustc`) found
//! and shrunk to a handful of lines, correct solutions (our own bundles, and the planted ones
//! without their bug) passing thousands of inputs, a child that never exits killed with what it
//! started, the report and `--save`, and the two AI tasks scored beside ours.

use crate::bundle;
use crate::util::{self, HANG_GUARD};
use minejudge::courses::acm_client::EXAMPLE_BATCH;
use minejudge::courses::program::Verdict;
use minejudge::courses::report::line_count;
use minejudge::courses::Harness;
use minejudge::exec::child::{self, Ending, Limits};
use minejudge::io::runner::solve_in_memory;
use minejudge::judges::case::Case;
use minejudge::judges::case::Edit;
use minejudge::judges::limits::WithinCourse;
use minejudge::judges::options::GenOptions;
use minejudge::judges::{self, Judge};
use minejudge::judges::{Knobs, Size};
use minejudge::players::acm_client::course_maps::BATCH_MAPS;
use minejudge::players::acm_client::solve as client;
use minejudge::stress::search::{search, try_input, Failure, JudgeStress, StressOutcome};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;
use std::time::{Duration, Instant};

/// The planted solutions, compiled once per test run (without -O: they are small, and only
/// their answers matter).
pub(crate) fn planted() -> &'static Path {
    static EXE: OnceLock<PathBuf> = OnceLock::new();
    EXE.get_or_init(|| {
        let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("stress");
        std::fs::create_dir_all(&dir).expect("stress work dir");
        let source = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/planted/solutions.rs");
        let exe = dir.join("solutions");
        let output = Command::new("rustc")
            .args(["--edition", "2021", "-o"])
            .arg(&exe)
            .arg(&source)
            .output()
            .expect("run rustc");
        assert!(
            output.status.success(),
            "{}",
            String::from_utf8_lossy(&output.stderr)
        );
        exe
    })
}

/// Two jobs, no memory cap: a cap makes each start a fork of this large test process instead
/// of a cheap spawn (the cap has a test of its own).
fn harness(command: &[&str], time_limit: Duration) -> Harness {
    let mut harness = Harness::new(command);
    harness.jobs = 2;
    harness.time_limit = time_limit;
    harness.memory = None;
    harness
}

fn stress(judge: &'static Judge, count: u64, size: Size, harness: Harness) -> StressOutcome {
    let request = GenOptions {
        size,
        ..GenOptions::default()
    };
    let search_config = JudgeStress {
        judge,
        request,
        count,
        harness,
    };
    search(&search_config).expect("the program starts")
}

/// Stresses `judge` with the planted `solution` until it fails, prints the measured figures,
/// and checks the verdict, the shrunk input's size and that it is 1-minimal.
fn find_planted(
    judge: &'static Judge,
    solution: &str,
    timeout: Duration,
    most_lines: usize,
) -> Failure {
    let exe = planted().to_str().expect("UTF-8 path");
    let started = Instant::now();
    // The solutions that misread their input answer as our judge does: its path comes last
    // (the others ignore it).
    let harness = harness(&[exe, solution, util::binary(judge.name())], timeout);
    let outcome = stress(judge, 5000, Size::Small, harness.clone());
    let StressOutcome::Failed(failure) = outcome else {
        panic!("{solution}: not found in 5000 inputs");
    };
    let lines = line_count(&failure.input);
    println!(
        "{solution}: {} found at input {} after {:.2} s; shrunk from {} to {lines} lines \
         ({} bytes) in {} tries, {:.2} s; {:.2} s in all",
        failure.evidence.verdict.name(),
        failure.index + 1,
        failure.found_after.as_secs_f64(),
        line_count(&failure.original),
        failure.input.len(),
        failure.shrink_tries,
        failure.shrink_time.as_secs_f64(),
        started.elapsed().as_secs_f64()
    );
    assert!(
        lines <= most_lines && !failure.shrink_out_of_budget,
        "{solution}: shrunk to {lines} lines:\n{}",
        String::from_utf8_lossy(&failure.input)
    );
    // The shrunk input is valid for our judge, and one the course gives (stress keeps to the
    // course's limits unless told otherwise).
    assert!(solve_in_memory(judge.solve(), &failure.input).1.is_ok());
    assert_eq!(judge.check_course(&failure.input), Ok(()), "{solution}");
    assert_one_minimal(judge, &harness, &failure);
    *failure
}

/// Checks that no single entry, row, column or mine can be removed from the shrunk input (the
/// result inside the course's limits, as `stress` keeps to them) while it still fails the same
/// way.
fn assert_one_minimal(judge: &Judge, harness: &Harness, failure: &Failure) {
    let shown = |text: &[u8]| String::from_utf8_lossy(text).into_owned();
    let case = judge
        .parse_case(&failure.input)
        .expect("the shrunk input parses");
    let case = WithinCourse(case);
    let mut tried = 0;
    for edit in case.edits() {
        let single = match edit {
            Edit::Delete { len, .. } | Edit::Clear { len, .. } => len == 1,
            Edit::Cut { .. } => true,
        };
        let Some(smaller) = case.apply(edit).filter(|_| single) else {
            continue;
        };
        tried += 1;
        let text = smaller.render();
        let evidence = try_input(judge, harness, &text).expect("the program starts");
        if let Some(evidence) = evidence.filter(|e| e.verdict.same_kind(&failure.evidence.verdict))
        {
            panic!(
                "{}: the shrunk input is not 1-minimal: {edit:?} still fails ({})\n\
                 --- shrunk ---\n{}--- smaller ---\n{}--- expected ---\n{}--- actual ---\n{}",
                judge.name(),
                evidence.verdict.name(),
                shown(&failure.input),
                shown(&text),
                shown(&evidence.expected),
                shown(&evidence.run.stdout),
            );
        }
    }
    println!("{}: 1-minimal, {tried} single removals tried", judge.name());
}

fn wrong_line(failure: &Failure) -> (usize, String, String) {
    let Verdict::WrongAnswer(difference) = &failure.evidence.verdict else {
        panic!("not a wrong answer: {:?}", failure.evidence.verdict);
    };
    (
        difference.line,
        difference.expected.clone().unwrap_or_default(),
        difference.actual.clone().unwrap_or_default(),
    )
}

const GENEROUS: Duration = Duration::from_secs(10);

#[test]
#[ignore = "long tier: .ci/run runs it"]
fn a_flood_fill_that_misses_diagonals_is_found_and_shrunk() {
    let failure = find_planted(
        judges::named("mine-ops").unwrap(),
        "mine-ops-diagonals",
        GENEROUS,
        8,
    );
    let (_, expected, actual) = wrong_line(&failure);
    assert!(expected.contains("cell(s) detected") || actual.contains("cell(s)"));
}

#[test]
fn an_off_by_one_in_1_based_columns_is_found_and_shrunk() {
    let failure = find_planted(
        judges::named("mine-ops").unwrap(),
        "mine-ops-column-0-based",
        GENEROUS,
        4,
    );
    assert_eq!(failure.input, b"1 1\n.\nSweep 1 1\nQuit\n");
    assert_eq!(
        wrong_line(&failure),
        (2, "1 1 0".to_string(), "1 0 0".to_string())
    );
}

#[test]
#[ignore = "long tier: .ci/run runs it"]
fn a_dsweep_that_ignores_flags_is_found_and_shrunk() {
    let failure = find_planted(
        judges::named("mine-ops").unwrap(),
        "mine-ops-dsweep-ignores-flags",
        GENEROUS,
        6,
    );
    let input = String::from_utf8_lossy(&failure.input).into_owned();
    assert!(input.contains("DSweep"), "{input}");
    let (_, expected, _) = wrong_line(&failure);
    assert_eq!(expected, "failed");
}

#[test]
#[ignore = "long tier: .ci/run runs it"]
fn a_crash_on_a_1x1_board_is_found_and_shrunk() {
    let failure = find_planted(
        judges::named("jlu-panel").unwrap(),
        "jlu-panel-crash-1x1",
        GENEROUS,
        3,
    );
    // The course has 1 to 50 mines and 1 to 200 clicks: one of each, on the one cell.
    assert_eq!(failure.input, b"1 1 1 1\n0 0\n0 0\n");
    assert_eq!(
        failure.evidence.verdict,
        Verdict::Crashed(Ending::Exited(101))
    );
}

#[test]
#[ignore = "long tier: .ci/run runs it"]
fn an_infinite_loop_is_killed_found_and_shrunk() {
    let timeout = Duration::from_millis(300);
    let failure = find_planted(
        judges::named("update-board").unwrap(),
        "update-board-loops",
        timeout,
        2,
    );
    assert_eq!(failure.evidence.verdict, Verdict::TimedOut);
    // A hang guard: the loop never ends, so only the kill ends its run.
    assert!(failure.evidence.run.elapsed < timeout + HANG_GUARD);
}

#[test]
fn a_server_that_misses_mines_in_the_last_column_is_found_and_shrunk() {
    let failure = find_planted(
        judges::named("acm-server").unwrap(),
        "acm-server-last-column-safe",
        GENEROUS,
        100,
    );
    assert!(matches!(failure.evidence.verdict, Verdict::WrongAnswer(_)));
}

#[test]
fn a_player_that_misses_mines_in_the_last_row_is_found_and_shrunk() {
    let failure = find_planted(
        judges::named("inexperienced-player").unwrap(),
        "inexperienced-player-last-row-safe",
        GENEROUS,
        100,
    );
    assert!(matches!(failure.evidence.verdict, Verdict::WrongAnswer(_)));
}

#[test]
#[ignore = "long tier: .ci/run runs it"]
fn the_same_failure_is_found_whatever_the_jobs() {
    let exe = planted().to_str().expect("UTF-8 path");
    let found = |jobs| {
        let mut harness = harness(&[exe, "mine-ops-diagonals"], GENEROUS);
        harness.jobs = jobs;
        harness.seed = 100;
        match stress(
            judges::named("mine-ops").unwrap(),
            5000,
            Size::Small,
            harness,
        ) {
            StressOutcome::Failed(failure) => (failure.index, failure.input),
            StressOutcome::Passed { .. } => panic!("not found"),
        }
    };
    assert_eq!(found(1), found(3));
}

#[test]
#[ignore = "long tier: .ci/run runs it"]
fn our_own_bundles_compiled_pass_thousands_of_inputs() {
    // Compiled with plain rustc as an online judge would (shared with the bundle test).
    let mut total = 0;
    let started = Instant::now();
    for (judge, count) in [
        (judges::named("mine-ops").unwrap(), 1000),
        (judges::named("jlu-panel").unwrap(), 250),
        (judges::named("update-board").unwrap(), 250),
        (judges::named("acm-server").unwrap(), 250),
        (judges::named("inexperienced-player").unwrap(), 250),
    ] {
        let compiled = bundle::compiled(judge.name()).expect("our bundle compiles");
        let exe = compiled.exe.to_str().expect("UTF-8 path");
        for (size, count) in [(Size::Small, count), (Size::Medium, count / 20)] {
            match stress(judge, count, size, harness(&[exe], GENEROUS)) {
                StressOutcome::Passed { inputs, .. } => total += inputs,
                StressOutcome::Failed(failure) => panic!(
                    "our own {} bundle fails:\n{}",
                    judge.name(),
                    String::from_utf8_lossy(&failure.input)
                ),
            }
        }
    }
    println!(
        "our bundles: {total} inputs passed in {:.1} s",
        started.elapsed().as_secs_f64()
    );
    assert!(total >= 2000);
}

#[test]
#[ignore = "long tier: .ci/run runs it"]
fn the_planted_solutions_without_their_bug_pass() {
    // So that what the other tests find is the planted bug.
    let exe = planted().to_str().expect("UTF-8 path");
    for judge in [
        judges::named("mine-ops").unwrap(),
        judges::named("jlu-panel").unwrap(),
        judges::named("update-board").unwrap(),
    ] {
        let outcome = stress(
            judge,
            200,
            Size::Small,
            harness(&[exe, judge.name()], GENEROUS),
        );
        assert!(
            matches!(outcome, StressOutcome::Passed { inputs: 200, .. }),
            "planted {}",
            judge.name()
        );
    }
}

/// Whether process `pid` is gone (or a zombie, which no longer runs).
/// Whether a live process runs `sleep <marker>`.
fn sleeping(marker: &str) -> bool {
    let command = format!("sleep {marker}");
    util::processes().iter().any(|p| p.cmdline == command)
}

#[test]
#[cfg(target_os = "linux")]
fn a_child_that_never_exits_is_killed_with_what_it_started() {
    // A shell that leaves a grandchild holding the pipes: killing the shell alone would leave
    // the reader waiting for 30 s. (Its pid inside the run's PID namespace means nothing here:
    // the grandchild is found by its command line.)
    let marker = "30.2718";
    let script = format!("sleep {marker} & wait");
    let limits = Limits {
        cpu: Duration::from_millis(300),
        wall: Duration::from_millis(300),
        memory: Some(1 << 30),
        stack: None,
        output: 1 << 20,
        policy: minejudge::sandbox::Policy::OwnCode,
    };
    let command = ["sh".to_string(), "-c".to_string(), script];
    let started = Instant::now();
    let run = child::run(&command, b"1 1\n.\nQuit\n", &limits).expect("sh starts");
    assert_eq!(run.ending, Ending::TimedOut);
    assert!(started.elapsed() < HANG_GUARD, "{:?}", started.elapsed());
    // SIGKILL is delivered asynchronously: on a busy machine the grandchild may take a moment
    // to die after the kill returns.
    let killed = Instant::now();
    while sleeping(marker) && killed.elapsed() < HANG_GUARD {
        std::thread::sleep(Duration::from_millis(10));
    }
    assert!(
        !sleeping(marker),
        "the grandchild still runs {HANG_GUARD:?} after the kill"
    );

    // And through the binary: reported as a timeout, exit status 1.
    let started = Instant::now();
    let output = Command::new(util::binary("stress"))
        .args([
            "mine-ops",
            "--seed",
            "3",
            "--rows",
            "1",
            "--cols",
            "1",
            "--wall-limit",
            "0.2",
        ])
        .args(["--quiet", "--", "sh", "-c", "sleep 30"])
        .output()
        .expect("run stress");
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert_eq!(output.status.code(), Some(1), "{stdout}");
    assert!(stdout.contains("mine-ops: timeout on input 1"), "{stdout}");
    assert!(
        stdout.contains("no exit after 0.2 s of wall time ("),
        "{stdout}"
    );
    assert!(started.elapsed() < HANG_GUARD);
}

#[test]
#[cfg(target_os = "linux")]
fn an_interrupted_stress_kills_its_child() {
    // The child is in a process group of its own, out of reach of the terminal's Ctrl-C.
    let started_file = Path::new(env!("CARGO_TARGET_TMPDIR")).join("stress/interrupted.started");
    let _ = std::fs::remove_file(&started_file);
    let marker = "30.1414";
    let script = format!("touch {}; exec sleep {marker}", started_file.display());
    let mut stress = Command::new(util::binary("stress"))
        .args([
            "mine-ops",
            "--seed",
            "1",
            "--time-limit",
            "60",
            "--quiet",
            "--",
        ])
        .args(["sh", "-c", &script])
        .stdout(std::process::Stdio::null())
        .spawn()
        .expect("run stress");
    let started = Instant::now();
    while !(started_file.exists() && sleeping(marker)) {
        assert!(started.elapsed() < HANG_GUARD, "the child never started");
        std::thread::sleep(Duration::from_millis(10));
    }
    let status = Command::new("kill")
        .args(["-INT", &stress.id().to_string()])
        .status()
        .expect("run kill");
    assert!(status.success());
    let status = stress.wait().expect("wait for stress");
    assert_eq!(status.code(), Some(130));
    // The orphaned child is gone (or a zombie until init reaps it).
    let started = Instant::now();
    while sleeping(marker) {
        assert!(started.elapsed() < HANG_GUARD, "the child survived");
        std::thread::sleep(Duration::from_millis(10));
    }
}

#[test]
#[cfg(target_os = "linux")]
fn memory_over_the_cap_is_reported() {
    let exe = planted().to_str().expect("UTF-8 path");
    let mut harness = harness(&[exe, "hog"], GENEROUS);
    harness.memory = Some(256 << 20);
    let search_config = JudgeStress {
        judge: judges::named("mine-ops").unwrap(),
        // One cell and no operation: nothing to shrink.
        request: GenOptions {
            size: Size::Small,
            knobs: Knobs {
                rows: Some(1),
                cols: Some(1),
                ops: Some(0),
                ..Knobs::default()
            },
            draw_shapes: false,
        },
        count: 1,
        harness,
    };
    let Ok(StressOutcome::Failed(failure)) = search(&search_config) else {
        panic!("a 2 GiB allocation fits under 256 MiB");
    };
    assert_eq!(failure.evidence.verdict, Verdict::OutOfMemory);
}

#[test]
fn the_report_and_save_make_a_golden_case() {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("stress/saved");
    let _ = std::fs::remove_dir_all(&dir);
    let exe = planted().to_str().expect("UTF-8 path");
    let output = Command::new(util::binary("stress"))
        .args(["mine-ops", "--seed", "1", "--count", "100", "--save"])
        .arg(&dir)
        .args(["--", exe, "mine-ops-column-0-based"])
        .output()
        .expect("run stress");
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(1), "{stdout}{stderr}");
    assert!(
        stderr.starts_with("stress mine-ops: seed 1, "),
        "progress: {stderr}"
    );
    for expected in [
        "mine-ops: wrong answer on input 1 (`gen mine-ops --seed 1`)",
        "--- input (4 lines) ---\n    1 1\n    .\n    Sweep 1 1\n    Quit\n",
        "--- expected: our mine-ops (4 lines) ---\n    1 cell(s) detected\n    1 1 0\n",
        "first difference at line 2, column 3: expected \"1 1 0\", yours \"1 0 0\"",
        "saved: ",
    ] {
        assert!(stdout.contains(expected), "{expected:?} in\n{stdout}");
    }
    let input = std::fs::read(dir.join("mine-ops-1.in")).expect("the .in");
    let answer = std::fs::read(dir.join("mine-ops-1.ans")).expect("the .ans");
    assert_eq!(input, b"1 1\n.\nSweep 1 1\nQuit\n");
    let run = util::run("mine-ops", &input, "saved case");
    assert_eq!(run.stdout, answer, "the .ans is our judge's answer");

    // A correct solution: exit 0 and how many passed.
    let output = Command::new(util::binary("stress"))
        .args(["jlu-panel", "--seed", "9", "--count", "50", "--quiet", "--"])
        .args([exe, "jlu-panel"])
        .output()
        .expect("run stress");
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert_eq!(output.status.code(), Some(0), "{stdout}");
    assert!(
        stdout.starts_with("jlu-panel: all 50 inputs passed in "),
        "{stdout}"
    );
}

#[test]
fn bad_usage_exits_2() {
    let cases: &[(&[&str], &str)] = &[
        (&["mine-ops"], "no command to test"),
        (&["mine-ops", "--"], "no command to test"),
        (&["nosuch", "--", "x"], "the judges are: mine-ops"),
        (
            &["mine-ops", "--games", "3", "--", "x"],
            "--games does not apply to mine-ops",
        ),
        (
            &["jlu-machine", "--size", "medium", "--", "x"],
            "unexpected argument \"--size\"",
        ),
        (
            &["acm-client", "--count", "3", "--", "x"],
            "--count does not apply",
        ),
        (
            &["mine-ops", "--boards", "3", "--", "x"],
            "--boards does not apply",
        ),
        (
            &["mine-ops", "--time-limit", "0", "--", "x"],
            "--time-limit \"0\"",
        ),
        (
            &["mine-ops", "--timeout", "1", "--", "x"],
            "--timeout is no more: use --time-limit SEC",
        ),
        (
            &["mine-ops", "--count", "1", "--", "/nonexistent/solution"],
            "cannot run /nonexistent/solution",
        ),
    ];
    for (args, message) in cases {
        let output = Command::new(util::binary("stress"))
            .args(*args)
            .output()
            .expect("run stress");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(stderr.contains(message), "{args:?}: {stderr}");
        assert!(output.stdout.is_empty(), "{args:?}");
    }
}

/// The `yours` and `ours` lines of an AI report.
fn score_lines(stdout: &str) -> (String, String) {
    let line = |who: &str| {
        stdout
            .lines()
            .find_map(|line| line.strip_prefix(who))
            .unwrap_or_else(|| panic!("no {who} line in\n{stdout}"))
            .trim()
            .to_string()
    };
    (line("yours "), line("ours "))
}

#[test]
#[ignore = "long tier: .ci/run runs it"]
fn jlu_machine_scores_a_machine_beside_ours() {
    // Our own machine as the one under test: the same games, the same scores.
    let output = Command::new(util::binary("stress"))
        .args([
            "jlu-machine",
            "--games",
            "3",
            "--seed",
            "4",
            "--jobs",
            "2",
            "--quiet",
            "--",
        ])
        .arg(util::binary("jlu-machine"))
        .output()
        .expect("run stress");
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert_eq!(output.status.code(), Some(0), "{stdout}");
    let (yours, ours) = score_lines(&stdout);
    assert_eq!(yours, ours, "{stdout}");

    let exe = planted().to_str().expect("UTF-8 path");
    let output = Command::new(util::binary("stress"))
        .args([
            "jlu-machine",
            "--games",
            "2",
            "--quiet",
            "--",
            exe,
            "jlu-machine-first-closed",
        ])
        .output()
        .expect("run stress");
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert_eq!(output.status.code(), Some(0), "{stdout}");
    assert!(stdout.contains("course mark"), "{stdout}");

    let output = Command::new(util::binary("stress"))
        .args([
            "jlu-machine",
            "--games",
            "2",
            "--quiet",
            "--",
            exe,
            "jlu-machine-garbage",
        ])
        .output()
        .expect("run stress");
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert_eq!(output.status.code(), Some(1), "{stdout}");
    assert!(
        stdout.contains("your machine gave no click in game 1")
            && stdout.contains("expected `x y`"),
        "{stdout}"
    );
    assert!(
        stdout.contains("--- the panel it was given (21 lines) ---\n    20 20\n    -1 -1"),
        "{stdout}"
    );
}

#[test]
fn acm_client_plays_the_course_batch_beside_ours() {
    let exe = planted().to_str().expect("UTF-8 path");
    let output = Command::new(util::binary("stress"))
        .args([
            "acm-client",
            "--jobs",
            "2",
            "--quiet",
            "--",
            exe,
            "acm-client-first-closed",
        ])
        .output()
        .expect("run stress");
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert_eq!(output.status.code(), Some(0), "{stdout}");
    let (_, ours) = score_lines(&stdout);
    // Our side's score is the one `acm-client < batch` prints for the same batch.
    let (batch_answer, _) = solve_in_memory(client::solve, EXAMPLE_BATCH.text().as_bytes());
    let batch_answer = String::from_utf8_lossy(&batch_answer);
    let score = batch_answer
        .lines()
        .find_map(|line| line.strip_prefix("score: "))
        .and_then(|rest| rest.split_whitespace().next())
        .expect("acm-client prints a score");
    assert!(ours.starts_with(score), "ours {ours:?}, acm-client {score}");
    assert!(ours.ends_with(&format!("/{BATCH_MAPS}")), "{ours}");

    let output = Command::new(util::binary("stress"))
        .args(["acm-client", "--quiet", "--", exe, "acm-client-quits"])
        .output()
        .expect("run stress");
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert_eq!(output.status.code(), Some(1), "{stdout}");
    assert!(
        stdout.contains("your client did not finish map 1 (after 0 moves)"),
        "{stdout}"
    );
}

/// `stress <task> --template`'s text.
fn template(task: &str) -> String {
    let output = Command::new(util::binary("stress"))
        .args([task, "--template"])
        .output()
        .expect("run stress");
    assert_eq!(output.status.code(), Some(0), "{task}: {output:?}");
    String::from_utf8(output.stdout).expect("UTF-8")
}

#[test]
#[ignore = "long tier: .ci/run runs it"]
fn each_starter_file_keeps_the_courses_rules_compiles_and_runs() {
    if !util::have_compiler("each_starter_file_keeps_the_courses_rules_compiles_and_runs") {
        return;
    }
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("stress/templates");
    std::fs::create_dir_all(&dir).expect("templates dir");
    // The JLU course's rules for a handed-in function: no #include, main, output or STL, no
    // global variable (a declaration at the top level), GamePanel only read by machine.
    for task in ["jlu-machine", "jlu-panel"] {
        let text = template(task);
        let code: String = text
            .lines()
            .map(|line| line.split("//").next().unwrap_or("").to_string() + "\n")
            .collect();
        for banned in [
            "#include", "main(", "printf", "cout", "std::", "vector", "string",
        ] {
            assert!(!code.contains(banned), "{task}: {banned}\n{text}");
        }
        for line in code.lines() {
            let global = !line.starts_with([' ', '/', '{', '}']) && line.ends_with(';');
            assert!(!global, "{task}: a global: {line}\n{text}");
        }
        let writes_panel = code
            .lines()
            .any(|line| line.contains("GamePanel[") && line.contains("] = "));
        assert_eq!(writes_panel, task == "jlu-panel", "{task}\n{text}");
    }
    let mine_ops = dir.join("mine_ops.cpp");
    std::fs::write(&mine_ops, template("mine-ops")).unwrap();
    let exe = dir.join("mine_ops");
    let compiled = Command::new("g++")
        .arg("-O2")
        .arg("-o")
        .arg(&exe)
        .arg(&mine_ops)
        .output()
        .expect("run g++");
    assert!(compiled.status.success(), "{compiled:?}");
    let exe = exe.to_str().expect("UTF-8 path").to_string();
    for (task, file, args) in [
        (
            "jlu-machine",
            "machine.txt",
            &["--function", "--games", "5"][..],
        ),
        ("jlu-panel", "panel.txt", &["--function", "--count", "20"]),
        ("acm-client", "client.h", &["--client"]),
        ("acm-server", "server.h", &["--server", "--count", "20"]),
        ("mine-ops", "", &["--count", "20", "--", &exe]),
    ] {
        let path = dir.join(if file.is_empty() { "unused" } else { file });
        std::fs::write(&path, template(task)).unwrap();
        let mut command = Command::new(util::binary("stress"));
        command.args([task, "--seed", "1", "--quiet"]).arg(args[0]);
        if !file.is_empty() {
            command.arg(&path);
        }
        let output = command.args(&args[1..]).output().expect("run stress");
        let stdout = String::from_utf8_lossy(&output.stdout);
        // 0: it passed; 1: it played and lost or answered wrong (a starter leaves work to do);
        // 2 would be a file that does not compile or a command that does not start.
        assert!(
            matches!(output.status.code(), Some(0 | 1)) && !stdout.is_empty(),
            "{task}: {:?}\n--- stdout ---\n{stdout}\n--- stderr ---\n{}",
            output.status,
            String::from_utf8_lossy(&output.stderr)
        );
        println!(
            "{task}: exit {:?}, {}",
            output.status.code(),
            stdout.lines().next().unwrap_or("")
        );
    }
}
