//! `grade`: a class of our own, hostile submissions among ordinary ones (tests/class/ and
//! tests/submissions/), marked through the binary as the courses mark. The random clicker's
//! mark is worked out independently, by a Rust replica of it fed the C library's own `rand()`
//! sequence; the hostile ones must get 0 with the reason, or play on harmlessly, and leave no
//! process and no file behind (checked in `/proc` and on disk, not by asking `grade`). Each
//! test needs a C++ compiler (`.ci/run` installs g++); without one it says so and passes.

use crate::course_interfaces::random_clicker;
use crate::util::{self, have_compiler, processes};
use minejudge::grade::table::width;
use minejudge::players::jlu_machine::course::course_mark;
use minejudge::sandbox::{FIRST_RUN_USER, RUN_USERS};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::time::{Duration, Instant};

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// A fresh class folder under the target's temporary folder, holding `files` (name in the
/// class, file of the repository).
pub(crate) fn class(name: &str, files: &[(&str, &str)]) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join("grade")
        .join(name);
    let _ = std::fs::remove_dir_all(&dir);
    let _ = std::fs::remove_dir_all(cache_home(&dir));
    std::fs::create_dir_all(&dir).expect("class folder");
    for (student, file) in files {
        std::fs::copy(root().join(file), dir.join(student)).expect("copy a submission");
    }
    dir
}

/// The teacher's cache folder of a class's tests (`XDG_CACHE_HOME`): one per class, beside it,
/// so that no test reads another's entries, nor the machine's own.
pub(crate) fn cache_home(class: &Path) -> PathBuf {
    class.with_extension("cache-home")
}

/// `grade ARGS --quiet`, the class's folder the second argument, with `--seed 1` unless
/// `ARGS` names a seed: a test's games and tests are the same at every run.
pub(crate) fn grade(args: &[&str]) -> Output {
    grade_with(args, &[])
}

/// [`grade`] with more environment variables.
pub(crate) fn grade_with(args: &[&str], environment: &[(&str, &str)]) -> Output {
    let seed: &[&str] = if args.contains(&"--seed") {
        &[]
    } else {
        &["--seed", "1"]
    };
    grade_unseeded(&[args, seed].concat(), environment)
}

/// `grade ARGS --quiet` as a teacher runs it: without `--seed`, a fresh seed each time.
fn grade_unseeded(args: &[&str], environment: &[(&str, &str)]) -> Output {
    let home = cache_home(Path::new(args.get(1).copied().unwrap_or(".")));
    let _runs = util::untrusted_runs();
    Command::new(util::binary("grade"))
        .args(args)
        .arg("--quiet")
        .env("XDG_CACHE_HOME", home)
        .envs(environment.iter().copied())
        .output()
        .expect("run grade")
}

/// The report of a grading that must have succeeded (exit 0), with its stderr if it did not.
pub(crate) fn succeeded(output: &Output) -> String {
    let report = text(&output.stdout);
    assert_eq!(
        output.status.code(),
        Some(0),
        "{report}{}",
        text(&output.stderr)
    );
    report
}

pub(crate) fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// The table's rows, by student: the cells after the rank (student, mark, ...), split on runs
/// of two spaces or more.
pub(crate) fn table(report: &str) -> BTreeMap<String, Vec<String>> {
    let mut rows = BTreeMap::new();
    for line in report.lines().skip(3) {
        if line.is_empty() {
            break;
        }
        let cells: Vec<String> = line
            .split("  ")
            .map(str::trim)
            .filter(|c| !c.is_empty())
            .map(String::from)
            .collect();
        rows.insert(cells[1].clone(), cells[1..].to_vec());
    }
    rows
}

pub(crate) fn mark(rows: &BTreeMap<String, Vec<String>>, student: &str) -> f64 {
    rows.get(student)
        .unwrap_or_else(|| panic!("no row for {student}: {rows:?}"))[1]
        .parse()
        .expect("a mark")
}

/// Processes left of any run: a user id of the runs' range, or the escapee's sleep.
fn leftovers() -> Vec<String> {
    processes()
        .into_iter()
        .filter(|p| {
            let runs = FIRST_RUN_USER..FIRST_RUN_USER + RUN_USERS;
            runs.contains(&p.uid) || p.cmdline.contains("sleep 3141")
        })
        .map(|p| format!("{} uid {}: {}", p.pid, p.uid, p.cmdline))
        .collect()
}

fn assert_nothing_left() {
    let _alone = util::no_other_runs();
    let started = Instant::now();
    // A hang guard: SIGKILL is asynchronous, and a busy machine reaps late.
    while !leftovers().is_empty() && started.elapsed() < Duration::from_secs(30) {
        std::thread::sleep(Duration::from_millis(20));
    }
    assert_eq!(leftovers(), Vec::<String>::new(), "processes left behind");
}

/// The escapes `writes_outside.txt` tries.
const ESCAPES: [&str; 3] = [
    "/tmp/minejudge-grade-escape.txt",
    "/minejudge-grade-escape.txt",
    "/root/minejudge-grade-escape.txt",
];

#[test]
#[ignore = "long tier: .ci/run runs it"]
fn a_hostile_class_is_marked_as_the_course_marks_it_and_leaves_nothing_behind() {
    if !have_compiler("grade jlu-machine") {
        return;
    }
    for escape in ESCAPES {
        let _ = std::fs::remove_file(escape);
    }
    let dir = class(
        "jlu-machine",
        &[
            ("1班-张三.txt", "tests/submissions/jlu_rule_machine.txt"),
            ("1班-张三丰.txt", "tests/class/jlu-machine/rules_copy.txt"),
            (
                "2班-李四.txt",
                "tests/class/jlu-machine/rules_independent.txt",
            ),
            ("2班-王五.txt", "tests/submissions/jlu_rand_machine.txt"),
            ("3班-赵六.txt", "tests/class/jlu-machine/crash_on_fours.txt"),
            ("3班-钱七.txt", "tests/submissions/jlu_hang_machine.txt"),
            ("4班-孙八.txt", "tests/submissions/does_not_compile.txt"),
            ("4班-周九.txt", "tests/class/jlu-machine/fork_bomb.txt"),
            ("5班-吴十.txt", "tests/class/jlu-machine/setsid_escapee.txt"),
            ("5班-郑一.txt", "tests/class/jlu-machine/malloc_10g.txt"),
            ("10班-冯二.txt", "tests/class/jlu-machine/output_1g.txt"),
            (
                "10班-陈三.txt",
                "tests/class/jlu-machine/writes_outside.txt",
            ),
        ],
    );
    let beside = dir.parent().unwrap().join("minejudge-grade-escape.txt");
    let _ = std::fs::remove_file(&beside);
    let out = Path::new(env!("CARGO_TARGET_TMPDIR")).join("grade");
    let (csv, html) = (out.join("class.csv"), out.join("class.html"));
    let games = 80;
    let output = grade(&[
        "jlu-machine",
        dir.to_str().unwrap(),
        "--games",
        &games.to_string(),
        "--seed",
        "2024",
        "--time-limit",
        "0.5",
        // The programs that hang spin: their CPU time decides, however busy the machine.
        "--wall-limit",
        "60",
        "--jobs",
        "2",
        "--no-cache",
        "--csv",
        csv.to_str().unwrap(),
        "--html",
        html.to_str().unwrap(),
    ]);
    let report = succeeded(&output);
    let rows = table(&report);
    assert_eq!(rows.len(), 12, "{report}");

    // The random clicker, worked out apart: the C library's rand() after srand(2024).
    let tally = random_clicker(2024, games);
    let random = (course_mark(tally.mean_score().0) * 100.0).round() / 100.0;
    assert_eq!(mark(&rows, "2班-王五"), random, "{report}");
    // Those that only try to escape play on as that same clicker.
    assert_eq!(mark(&rows, "5班-吴十"), random, "{report}");
    assert_eq!(mark(&rows, "10班-陈三"), random, "{report}");
    // The copy plays exactly as its original; both beat the clicker, as does the other.
    assert_eq!(
        mark(&rows, "1班-张三丰"),
        mark(&rows, "1班-张三"),
        "{report}"
    );
    assert!(mark(&rows, "1班-张三") > 40.0, "{report}");
    assert!(mark(&rows, "2班-李四") > 30.0, "{report}");
    // Those that do not run normally get 0, with the reason.
    for (student, reason) in [
        ("3班-赵六", "SIGSEGV"),
        ("3班-钱七", "over 0.500 s of CPU time"),
        ("4班-孙八", "does not compile"),
        ("4班-周九", "over 0.500 s of CPU time"),
        ("5班-郑一", "SIGSEGV"),
        ("10班-冯二", "printed more than 16 MiB"),
    ] {
        assert_eq!(mark(&rows, student), 0.0, "{student}: {report}");
        let note = rows[student].last().unwrap();
        assert!(
            note.contains(reason),
            "{student}: {note:?} lacks {reason:?}"
        );
    }
    // The crash on some boards: the mark as played is given too.
    assert!(
        rows["3班-赵六"].last().unwrap().contains("as play"),
        "{report}"
    );
    // Chinese names align: the mark column (right-aligned) ends at the same display column on
    // every row, the header's included.
    let ends: Vec<usize> = report
        .lines()
        .skip(2)
        .take(13)
        .map(|line| {
            let mark = line
                .split("  ")
                .filter(|c| !c.trim().is_empty())
                .nth(2)
                .unwrap();
            let at = line.find(mark).unwrap() + mark.len();
            width(&line[..at])
        })
        .collect();
    assert!(ends.windows(2).all(|w| w[0] == w[1]), "{ends:?}\n{report}");
    assert!(
        report.contains("isolation of every run: a jail: an empty root"),
        "{report}"
    );
    assert_nothing_left();
    for escape in ESCAPES {
        assert!(!Path::new(escape).exists(), "{escape} was written");
    }
    assert!(!beside.exists());
    // The CSV: a byte-order mark for Excel, a row per student.
    let csv = std::fs::read_to_string(&csv).expect("the CSV");
    assert!(csv.starts_with('\u{feff}'));
    assert_eq!(csv.lines().count(), 13, "{csv}");
    assert!(csv.contains("1班-张三丰"));
    // The report: a histogram, every student, the panel the crash was given.
    let html = std::fs::read_to_string(&html).expect("the HTML report");
    assert!(html.contains("<svg") && html.contains("</svg>"));
    for student in rows.keys() {
        assert!(html.contains(student.as_str()), "{student}");
    }
    assert!(html.contains("the panel it was given"));
    assert!(
        html.contains("class=\"hit\""),
        "the matching lines are marked"
    );
    assert!(html.contains("Compile error"));
}

#[test]
#[ignore = "long tier: .ci/run runs it"]
fn processes_that_fork_and_leave_their_session_end_with_their_run() {
    if !have_compiler("grade escapes") {
        return;
    }
    // Room for children: the fork bomb fills its cap, the hog spins four, the escapee sleeps
    // in a session of its own. None may outlive its run.
    let dir = class(
        "escapes",
        &[
            ("bomb.txt", "tests/class/jlu-machine/fork_bomb.txt"),
            ("escapee.txt", "tests/class/jlu-machine/setsid_escapee.txt"),
            ("hog.txt", "tests/class/jlu-machine/malloc_10g.txt"),
        ],
    );
    let started = Instant::now();
    let runs = util::untrusted_runs();
    let running = Command::new(util::binary("grade"))
        .args([
            "jlu-machine",
            dir.to_str().unwrap(),
            "--games",
            "20",
            "--time-limit",
            "0.3",
            "--processes",
            "8",
            "--no-cache",
            "--quiet",
        ])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("run grade");
    // Meanwhile the machine answers: a new process starts and ends promptly, again and again.
    let mut slowest = Duration::ZERO;
    let mut running = running;
    while running.try_wait().expect("wait").is_none() {
        let asked = Instant::now();
        Command::new("true").status().expect("run true");
        slowest = slowest.max(asked.elapsed());
        std::thread::sleep(Duration::from_millis(50));
    }
    let output = running.wait_with_output().expect("grade's output");
    drop(runs);
    println!(
        "the slowest `true` took {slowest:?}; grade took {:?}",
        started.elapsed()
    );
    // Hang guards, not speed: an unbounded bomb stalls every fork for good, and on a busy
    // machine a fork takes tens of milliseconds.
    assert!(
        slowest < Duration::from_secs(20),
        "a process took {slowest:?} to run"
    );
    let report = succeeded(&output);
    assert!(started.elapsed() < Duration::from_secs(300), "{report}");
    assert!(report.contains("at most 8 processes"), "{report}");
    let rows = table(&report);
    assert!(mark(&rows, "escapee") > 0.0, "{report}");
    assert_eq!(mark(&rows, "bomb"), 0.0, "{report}");
    assert_eq!(mark(&rows, "hog"), 0.0, "{report}");
    assert_nothing_left();
}

#[test]
#[ignore = "long tier: .ci/run runs it"]
fn the_cache_regrades_only_what_changed_and_marks_never_change() {
    if !have_compiler("grade cache") {
        return;
    }
    let dir = class(
        "cache",
        &[
            ("a.txt", "tests/submissions/jlu_rule_machine.txt"),
            ("b.txt", "tests/submissions/jlu_rand_machine.txt"),
            ("c.txt", "tests/submissions/does_not_compile.txt"),
        ],
    );
    let args = |extra: &[&'static str]| {
        let mut args = vec![
            "jlu-machine",
            dir.to_str().unwrap(),
            "--games",
            "40",
            "--seed",
            "1",
        ];
        args.extend_from_slice(extra);
        args
    };
    // The report without its first line and its command line (which repeats the options).
    let body = |output: &Output| {
        let report = text(&output.stdout);
        let first = report.lines().next().unwrap_or("").to_string();
        let rest = report.lines().skip(1);
        let rest = rest.filter(|line| !line.starts_with("the same games and tests again: "));
        (first, rest.collect::<Vec<_>>().join("\n"))
    };
    let (first, once) = body(&grade(&args(&[])));
    assert!(first.ends_with("0 from the cache)"), "{first}");
    let (first, twice) = body(&grade(&args(&[])));
    assert!(first.ends_with("3 from the cache)"), "{first}");
    assert_eq!(once, twice);
    let (_, fresh) = body(&grade(&args(&["--no-cache"])));
    assert_eq!(
        once, fresh,
        "the same class and options give the same marks"
    );
    // A late change to one file regrades that file only.
    std::fs::copy(
        root().join("tests/class/jlu-machine/rules_independent.txt"),
        dir.join("b.txt"),
    )
    .unwrap();
    let (first, _) = body(&grade(&args(&[])));
    assert!(first.ends_with("2 from the cache)"), "{first}");
    // Another seed is another grading.
    let (first, _) = body(&grade(&args(&["--seed", "5"])));
    assert!(first.ends_with("0 from the cache)"), "{first}");
}

#[test]
#[ignore = "long tier: .ci/run runs it"]
fn tasks_by_tests_earn_points_per_test_passed() {
    if !have_compiler("grade by tests") {
        return;
    }
    let panel = class(
        "jlu-panel",
        &[
            ("good.txt", "tests/submissions/jlu_refresh_panel.txt"),
            ("bug.txt", "tests/submissions/jlu_refresh_panel_bug.txt"),
            ("broken.txt", "tests/submissions/does_not_compile.txt"),
        ],
    );
    let report = text(&grade(&["jlu-panel", panel.to_str().unwrap()]).stdout);
    let rows = table(&report);
    assert_eq!(mark(&rows, "good"), 30.0, "{report}");
    assert_eq!(rows["good"][2..4], ["6/6", "6/6"], "{report}");
    assert!(mark(&rows, "bug") < 30.0, "{report}");
    assert!(
        rows["bug"].last().unwrap().contains("wrong answer"),
        "{report}"
    );
    assert_eq!(mark(&rows, "broken"), 0.0, "{report}");

    let server = class(
        "acm-server",
        &[
            ("good", "tests/submissions/acm_server.h"),
            ("bug", "tests/submissions/acm_server_bug.h"),
        ],
    );
    // Students' folders: the task's server.h is found in each.
    for (student, file) in [("good", "acm_server.h"), ("bug", "acm_server_bug.h")] {
        std::fs::remove_file(server.join(student)).unwrap();
        std::fs::create_dir(server.join(student)).unwrap();
        std::fs::copy(
            root().join("tests/submissions").join(file),
            server.join(student).join("server.h"),
        )
        .unwrap();
    }
    let report = text(&grade(&["acm-server", server.to_str().unwrap(), "--count", "20"]).stdout);
    let rows = table(&report);
    assert_eq!(mark(&rows, "good"), 200.0, "{report}");
    assert!(mark(&rows, "bug") < 200.0, "{report}");

    // A folder of tests, an answer for each (ours where none is given), and a program already
    // built: our own bundle, compiled.
    let thu = class("mine-ops", &[]);
    let tests = thu.parent().unwrap().join("mine-ops-tests");
    let _ = std::fs::remove_dir_all(&tests);
    std::fs::create_dir_all(&tests).unwrap();
    std::fs::write(tests.join("1.in"), "1 1\n.\nSweep 1 1\nQuit\n").unwrap();
    std::fs::write(
        tests.join("1.ans"),
        "1 cell(s) detected\n1 1 0\nfinish\ntotal step 1\n",
    )
    .unwrap();
    std::fs::write(
        tests.join("2.in"),
        "2 2\n*.\n..\nSweep 2 2\nFlag 1 1\nQuit\n",
    )
    .unwrap();
    std::fs::write(tests.join("10.in"), "1 2\n*.\nSweep 1 1\n").unwrap();
    let bundle = Command::new(util::binary("bundle"))
        .arg("mine-ops")
        .output()
        .unwrap();
    let source = thu.parent().unwrap().join("mine-ops-bundle.rs");
    std::fs::write(&source, &bundle.stdout).unwrap();
    let built = Command::new("rustc")
        .args(["--edition", "2021", "-O", "-o"])
        .arg(thu.join("ours"))
        .arg(&source)
        .status()
        .unwrap();
    assert!(built.success());
    let report = text(
        &grade(&[
            "mine-ops",
            thu.to_str().unwrap(),
            "--tests",
            tests.to_str().unwrap(),
            "--points",
            "2.5",
        ])
        .stdout,
    );
    let rows = table(&report);
    assert_eq!(mark(&rows, "ours"), 7.5, "{report}");
    assert!(report.contains("3 tests, 2.5 points each"), "{report}");
}

#[test]
#[ignore = "long tier: .ci/run runs it"]
fn acm_clients_are_marked_through_the_baselines() {
    if !have_compiler("grade acm-client") {
        return;
    }
    let dir = class(
        "acm-client",
        &[
            ("strong.h", "tests/class/acm-client/subsets.h"),
            ("simple.h", "tests/submissions/acm_client.h"),
            ("random.h", "tests/class/acm-client/rubbish.h"),
            ("crash.h", "tests/submissions/acm_crash_client.h"),
            ("prints.h", "tests/class/acm-client/prints_to_cout.h"),
        ],
    );
    let batches = dir.parent().unwrap().join("acm-batches");
    std::fs::create_dir_all(&batches).unwrap();
    std::fs::write(batches.join("a.in"), "10 10 9\n7\n2\n").unwrap();
    std::fs::write(batches.join("b.in"), "16 16 40\n8\n2\n").unwrap();
    let base = |name: &str, file: &str| format!("{name}={}", root().join(file).display());
    let output = grade(&[
        "acm-client",
        dir.to_str().unwrap(),
        "--batch",
        batches.join("a.in").to_str().unwrap(),
        "--batch",
        batches.join("b.in").to_str().unwrap(),
        "--baseline",
        &base("rubbish", "tests/class/acm-client/rubbish.h"),
        "--baseline",
        &base("baseline1", "tests/submissions/acm_client.h"),
        "--baseline",
        &base("baseline2", "tests/class/acm-client/subsets.h"),
        "--no-cache",
    ]);
    let report = succeeded(&output);
    let rows = table(&report);
    // Each scores exactly its baseline's raw score, and gets that baseline's mark: rubbish 0,
    // baseline 1 20, baseline 2 30 (35 is for beating it).
    assert_eq!(mark(&rows, "strong"), 30.0, "{report}");
    assert_eq!(mark(&rows, "simple"), 20.0, "{report}");
    assert_eq!(mark(&rows, "random"), 0.0, "{report}");
    assert_eq!(mark(&rows, "crash"), 0.0, "{report}");
    // The maps played beside those asked, and why the crash's batches score 0.
    assert_eq!(rows["simple"][4], "100/100", "{report}");
    assert!(
        rows["crash"]
            .iter()
            .any(|c| c == "a fault on a map (its batch scores 0)"),
        "{report}"
    );
    assert!(
        report.contains("these are the files given with --baseline"),
        "{report}"
    );
    assert!(
        report.contains("tests/class/acm-client/subsets.h"),
        "{report}"
    );
    // Printing to std::cout is found on its line.
    assert!(
        rows["prints"]
            .last()
            .unwrap()
            .contains("rules: line 33: output with cout"),
        "{report}"
    );
    // Without --baseline, our stand-ins mark the class, and the report says so.
    let html = dir.parent().unwrap().join("acm-report.html");
    let output = grade(&[
        "acm-client",
        dir.to_str().unwrap(),
        "--batch",
        batches.join("a.in").to_str().unwrap(),
        "--html",
        html.to_str().unwrap(),
        "--lang",
        "zh",
    ]);
    let report = succeeded(&output);
    let ours = "以上是本项目自带的基准程序替代品";
    assert!(report.contains(ours), "{report}");
    for name in ["rubbish", "baseline1", "baseline2"] {
        assert!(report.contains(&format!("  {name} ")), "{report}");
    }
    let page = read(&html);
    assert!(page.contains(ours), "{page}");
}

#[test]
#[ignore = "long tier: .ci/run runs it"]
fn an_honest_machine_using_devices_scores_as_under_stress() {
    if !have_compiler("grade jlu-machine with devices") {
        return;
    }
    let file = "tests/class/jlu-machine/uses_devices.txt";
    let dir = class("jlu-devices", &[("honest.txt", file)]);
    let output = grade(&[
        "jlu-machine",
        dir.to_str().unwrap(),
        "--games",
        "40",
        "--seed",
        "7",
        "--no-cache",
    ]);
    let report = text(&output.stdout);
    assert_eq!(output.status.code(), Some(0), "{report}");
    let graded = mark(&table(&report), "honest");
    let stressed = Command::new(util::binary("stress"))
        .args(["jlu-machine", "--function"])
        .arg(root().join(file))
        .args(["--games", "40", "--seed", "7", "--quiet"])
        .output()
        .unwrap();
    let stress_report = text(&stressed.stdout);
    let under_stress: f64 = stress_report
        .split_once("course mark ")
        .and_then(|(_, rest)| rest.split_whitespace().next()?.parse().ok())
        .unwrap_or_else(|| panic!("{stress_report}"));
    assert!(graded > 0.0, "{report}");
    assert_eq!(graded, under_stress, "{report}{stress_report}");
}

/// Writes one test of THU's task into `tests`: `1.in`, made by `gen` from `seed`, and `1.ans`,
/// our judge's answer, which it returns.
pub(crate) fn write_one_test(tests: &Path, seed: &str) -> Vec<u8> {
    let input = Command::new(util::binary("gen"))
        .args(["mine-ops", "--seed", seed])
        .output()
        .unwrap()
        .stdout;
    let answer = util::run("mine-ops", &input, "the test's answer").stdout;
    std::fs::write(tests.join("1.in"), &input).unwrap();
    std::fs::write(tests.join("1.ans"), &answer).unwrap();
    answer
}

/// A class that tries to read, at compile time and at run time, a file only the teacher may
/// read and the teacher's answers.
#[test]
fn no_byte_of_the_teachers_files_reaches_a_submission_or_the_report() {
    if !have_compiler("grade mine-ops attacks") {
        return;
    }
    let base = Path::new(env!("CARGO_TARGET_TMPDIR")).join("grade-attacks");
    let _ = std::fs::remove_dir_all(&base);
    let (secret_dir, tests, dir) = (base.join("secret"), base.join("tests"), base.join("class"));
    for folder in [&secret_dir, &tests, &dir] {
        std::fs::create_dir_all(folder).unwrap();
    }
    let secret = secret_dir.join("key.txt");
    let secret_line = "minejudge-secret-8d1f3a";
    std::fs::write(&secret, format!("{secret_line}\n")).unwrap();
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(&secret, std::fs::Permissions::from_mode(0o600)).unwrap();
    std::fs::set_permissions(&secret_dir, std::fs::Permissions::from_mode(0o700)).unwrap();
    write_one_test(&tests, "3");
    let answers = tests.join("1.ans").display().to_string();
    let print_embedded = "extern const char blob[]; extern const char blob_end[];\n\
         int main(void) { fwrite(blob, 1, blob_end - blob, stdout); return 0; }\n";
    let incbin = |path: &str| {
        format!(
            "#include <stdio.h>\n__asm__(\".section .rodata\\n.global blob\\n.global blob_end\\n\
             blob:\\n.incbin \\\"{path}\\\"\\nblob_end:\\n.previous\");\n{print_embedded}"
        )
    };
    let students = [
        ("include.c", format!("#include \"{}\"\nint main(void) {{ return 0; }}\n", secret.display())),
        ("incbin.c", incbin(&secret.display().to_string())),
        (
            "has_include.c",
            format!(
                "#if __has_include(\"/proc/self/cwd/../tests/1.ans\") || __has_include(\"{answers}\")\n{}#else\n\
                 int main(void) {{ return 0; }}\n#endif\n",
                incbin(&answers)
            ),
        ),
        (
            "at_run_time.c",
            format!(
                "#include <stdio.h>\nint main(void) {{ const char *paths[] = {{\"{}\", \"{answers}\"}};\n\
                 for (int i = 0; i < 2; i++) {{ FILE *f = fopen(paths[i], \"r\"); int c;\n\
                 if (f) while ((c = fgetc(f)) != EOF) putchar(c); }} return 0; }}\n",
                secret.display()
            ),
        ),
    ];
    for (name, source) in &students {
        std::fs::write(dir.join(name), source).unwrap();
    }
    let (csv, html) = (base.join("marks.csv"), base.join("report.html"));
    let output = grade(&[
        "mine-ops",
        dir.to_str().unwrap(),
        "--tests",
        tests.to_str().unwrap(),
        "--no-cache",
        "--csv",
        csv.to_str().unwrap(),
        "--html",
        html.to_str().unwrap(),
    ]);
    let report = succeeded(&output);
    let rows = table(&report);
    for (name, _) in &students {
        let student = name.trim_end_matches(".c");
        assert_eq!(mark(&rows, student), 0.0, "{student}: {report}");
    }
    for written in [report, text(&output.stderr), read(&csv), read(&html)] {
        assert!(!written.contains(secret_line), "{written}");
    }
}

pub(crate) fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_default()
}

#[test]
#[ignore = "long tier: .ci/run runs it"]
fn an_empty_endless_loop_hangs_as_in_the_courses_build() {
    if !have_compiler("grade jlu-machine empty loop") {
        return;
    }
    let dir = class(
        "jlu-empty-loop",
        &[("waits.txt", "tests/class/jlu-machine/empty_loop.txt")],
    );
    let csv = dir.with_extension("csv");
    let output = grade(&[
        "jlu-machine",
        dir.to_str().unwrap(),
        "--games",
        "5",
        "--time-limit",
        "0.5",
        "--wall-limit",
        "60",
        "--no-cache",
        "--csv",
        csv.to_str().unwrap(),
    ]);
    let report = text(&output.stdout);
    let rows = table(&report);
    assert_eq!(mark(&rows, "waits"), 0.0, "{report}");
    assert!(
        rows["waits"]
            .last()
            .unwrap()
            .contains("over 0.500 s of CPU time"),
        "{report}"
    );
    // After three hangs the rest is not played: the games played beside those asked, and why
    // the mark is 0, each in a column of its own.
    assert_eq!(rows["waits"][2..4], ["0/3", "3/5"], "{report}");
    let why = "a fault in a game; hung or flooded too often";
    assert!(rows["waits"].iter().any(|c| c == why), "{report}");
    let csv = read(&csv);
    let header: Vec<&str> = csv.lines().next().unwrap().split(',').collect();
    let row: Vec<&str> = csv.lines().nth(1).unwrap().split(',').collect();
    let at = |name: &str| header.iter().position(|h| *h == name).unwrap();
    assert_eq!(
        [row[at("won")], row[at("games played")], row[at("games")]],
        ["0", "3", "5"],
        "{csv}"
    );
    assert_eq!(row[at("why")], why, "{csv}");
}

/// A class of programs already built: each student's C statements, run after reading all of
/// its input, built by the host's compiler outside any jail (the jail holds no shell to run a
/// script); `None` without a compiler.
pub(crate) fn built_class(name: &str, programs: &[(&str, &str)]) -> Option<PathBuf> {
    if !have_compiler(name) {
        return None;
    }
    let dir = class(name, &[]);
    let sources = dir.with_extension("sources");
    std::fs::create_dir_all(&sources).unwrap();
    for (i, (student, body)) in programs.iter().enumerate() {
        let source = sources.join(format!("{i}.c"));
        std::fs::write(
            &source,
            format!(
                "#include <stdio.h>\n#include <unistd.h>\nint main(void) {{ char b[4096];\n\
                 while (fread(b, 1, sizeof b, stdin) > 0) {{}}\n{body}\nreturn 0; }}\n"
            ),
        )
        .unwrap();
        let built = Command::new("gcc")
            .args(["-O2", "-o"])
            .arg(dir.join(student))
            .arg(&source)
            .status()
            .unwrap();
        assert!(built.success(), "{student}");
    }
    Some(dir)
}

pub(crate) fn first_line(output: &Output) -> String {
    text(&output.stdout)
        .lines()
        .next()
        .unwrap_or("")
        .to_string()
}

#[test]
#[ignore = "long tier: .ci/run runs it"]
fn the_cache_is_the_teachers_sealed_and_keyed_on_every_option() {
    let Some(dir) = built_class("sealed", &[("quiet", "puts(\"nothing\");")]) else {
        return;
    };
    let base = [
        "mine-ops",
        dir.to_str().unwrap(),
        "--count",
        "2",
        "--processes",
        "4",
        "--seed",
        "5",
    ];
    let run = |extra: &[&str]| {
        let mut args = base.to_vec();
        args.extend_from_slice(extra);
        grade(&args)
    };
    assert!(first_line(&run(&[])).ends_with("0 from the cache)"));
    assert!(first_line(&run(&[])).ends_with("1 from the cache)"));
    // Without --seed every grading draws its own games: nothing it finds is cached for it.
    let fresh = grade_unseeded(&[base[0], base[1], "--count", "2", "--processes", "4"], &[]);
    assert!(first_line(&fresh).ends_with("0 from the cache)"));
    // Nothing is kept in the class's folder, where a student's archive could ship an entry.
    assert!(!dir.join(".grade-cache").exists());
    // Every option that changes an outcome is part of its key.
    for option in [
        &["--time-limit", "0.7"][..],
        &["--memory", "300"],
        &["--processes", "3"],
        &["--budget", "50"],
        &["--seed", "9"],
        &["--count", "3"],
    ] {
        let first = first_line(&run(option));
        assert!(first.ends_with("0 from the cache)"), "{option:?}: {first}");
    }
    // So is how memory is bounded: an outcome without the memory cgroup is not one with it.
    if minejudge::sandbox::memory::cgroup_layout().is_some() {
        let first = first_line(&grade_with(&base, &[("MINEJUDGE_NO_CGROUP", "1")]));
        assert!(first.ends_with("0 from the cache)"), "{first}");
    }
    // An entry edited by hand (or made on another machine) fails its seal and is regraded.
    let entries = cache_home(&dir).join("minejudge/grade");
    for entry in std::fs::read_dir(&entries).unwrap() {
        let path = entry.unwrap().path();
        let body = std::fs::read_to_string(&path).unwrap();
        std::fs::write(&path, body.replace("passed\t", "passed\tx")).unwrap();
    }
    let key = cache_home(&dir).join("minejudge/grade.key");
    std::fs::write(&key, [7u8; 32]).unwrap();
    let first = first_line(&run(&[]));
    assert!(first.ends_with("0 from the cache)"), "{first}");
}

#[test]
fn hostile_folders_names_and_outputs_are_held() {
    let Some(dir) = built_class(
        "hostile-names",
        &[
            ("esc\u{1b}[2J", "fputs(\"a\\033[2Jb\\n\", stdout);"),
            ("cr\rreturn", "puts(\"x\");"),
            ("=HYPERLINK(x)", "puts(\"x\");"),
            ("huge", "for (int i = 0; i < 1048576; i++) putchar('x');"),
            ("new\nline", "puts(\"x\");"),
        ],
    ) else {
        return;
    };
    let error = "#error \u{1b}[2J\u{1b}[H cleared\nint main(void) { return 0; }\n";
    std::fs::write(dir.join("clears.c"), error).unwrap();
    let secret = dir.with_extension("secret");
    std::fs::write(&secret, "minejudge-linked-secret\n").unwrap();
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(&secret, std::fs::Permissions::from_mode(0o600)).unwrap();
    std::os::unix::fs::symlink(&secret, dir.join("linked.txt")).unwrap();
    std::os::unix::fs::symlink("/dev/zero", dir.join("zero.txt")).unwrap();
    let fifo = dir.join("fifo.txt");
    let made = Command::new("mkfifo").arg(&fifo).status().unwrap();
    assert!(made.success());
    let (csv, html) = (dir.with_extension("csv"), dir.with_extension("html"));
    let started = Instant::now();
    let output = grade(&[
        "mine-ops",
        dir.to_str().unwrap(),
        "--count",
        "1",
        "--processes",
        "4",
        "--csv",
        csv.to_str().unwrap(),
        "--html",
        html.to_str().unwrap(),
    ]);
    // A hang guard: a FIFO or /dev/zero read as a student's file would block or never end.
    assert!(started.elapsed() < Duration::from_secs(120));
    let report = text(&output.stdout);
    assert_eq!(output.status.code(), Some(0), "{report}");
    // The terminal sees no control character, and every student one row.
    assert!(
        !report.chars().any(|c| c.is_control() && c != '\n'),
        "{report:?}"
    );
    assert!(report.contains("esc\\x1b[2J"), "{report}");
    assert!(report.contains("cr\\rreturn"), "{report}");
    assert!(report.contains("new\\nline"), "{report}");
    assert!(!report.contains('\u{1b}'), "{report}");
    for (student, reason) in [
        ("linked", "a symbolic link"),
        ("zero", "a symbolic link"),
        ("fifo", "a FIFO"),
    ] {
        let row = report
            .lines()
            .find(|line| line.contains(student))
            .unwrap_or_else(|| panic!("{student}: {report}"));
        assert!(row.contains(reason), "{row}");
    }
    let csv = read(&csv);
    assert!(
        csv.contains("\"'=HYPERLINK(x)\"") || csv.contains(",'=HYPERLINK(x),"),
        "{csv}"
    );
    assert!(csv.contains("\"cr\rreturn\""), "{csv:?}");
    let html = read(&html);
    for written in [&report, &csv, &html] {
        assert!(!written.contains("minejudge-linked-secret"));
        // One student's megabyte line is quoted in a few hundred characters.
        assert!(written.len() < 64 << 10, "{} bytes", written.len());
    }
}

#[test]
#[ignore = "long tier: .ci/run runs it"]
fn a_student_past_the_time_budget_plays_no_more() {
    // Each test sleeps past the whole budget: the first always runs (the budget is checked
    // before each test), none after it, however fast or busy the machine. The timeout is
    // far past the sleep, so that no test ends as too slow.
    let Some(dir) = built_class("budget", &[("sleeper", "usleep(1500000);")]) else {
        return;
    };
    let args = [
        "mine-ops",
        dir.to_str().unwrap(),
        "--count",
        "6",
        "--budget",
        "1",
        "--time-limit",
        "30",
        "--processes",
        "4",
    ];
    let output = grade(&args);
    let report = text(&output.stdout);
    assert!(
        report.contains("a time budget of 1 s per student"),
        "{report}"
    );
    let note = table(&report)["sleeper"].last().unwrap().clone();
    assert!(
        note.contains("its time budget (1 s, --budget) ran out: 1 of 6 tests"),
        "{note}"
    );
    // A budget spent may be the machine's doing: the outcome is not kept.
    let again = grade(&args);
    let first = first_line(&again);
    assert!(first.ends_with("0 from the cache)"), "{first}");
}

/// The findings the rules class must give: file, the line and the start of what is wrong.
const RULE_BREAKS: [(&str, usize, &str); 11] = [
    ("include", 1, "#include <stdlib.h>"),
    ("global", 1, "a global variable calls"),
    ("local_static", 3, "a static variable calls"),
    ("stl", 8, "std::swap"),
    ("stl", 9, "std::swap"),
    ("output", 7, "output with printf"),
    ("other_header", 4, "memset from string.h"),
    ("writes_panel", 7, "GamePanel written"),
    ("writes_panel_in_helper", 0, "GamePanel changed by a call"),
    ("keeps_main", 9, "main()"),
    ("writes_panel", 0, "GamePanel changed by a call"),
];

fn rules_class() -> PathBuf {
    let files: Vec<(String, String)> = std::fs::read_dir(root().join("tests/class/jlu-rules"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|name| name.ends_with(".txt"))
        .map(|name| (name.clone(), format!("tests/class/jlu-rules/{name}")))
        .collect();
    let files: Vec<(&str, &str)> = files
        .iter()
        .map(|(a, b)| (a.as_str(), b.as_str()))
        .collect();
    class("jlu-rules", &files)
}

#[test]
#[ignore = "long tier: .ci/run runs it"]
fn the_courses_rules_are_found_line_by_line_and_strict_marks_zero() {
    if !have_compiler("grade jlu-machine rules") {
        return;
    }
    let dir = rules_class();
    let args = |extra: &[&str]| {
        let mut args = vec![
            "jlu-machine",
            dir.to_str().unwrap(),
            "--games",
            "20",
            "--seed",
            "1",
            "--no-cache",
        ];
        args.extend_from_slice(extra);
        grade(&args)
    };
    let report = text(&args(&[]).stdout);
    let rows = table(&report);
    assert!(
        !rows["clean"].last().unwrap().contains("rules:"),
        "{report}"
    );
    for (student, line, what) in RULE_BREAKS {
        let note = rows[student].last().unwrap();
        let expected = if line == 0 {
            what.to_string()
        } else {
            format!("line {line}: {what}")
        };
        // The table cuts long notes: the whole note is in the CSV.
        let csv = report.contains(&expected) || note.contains(&expected);
        assert!(
            csv || note.ends_with('…'),
            "{student}: {note:?} lacks {expected:?}"
        );
    }
    // By default the mark stands; the test main does not compile in the judge's program.
    assert!(mark(&rows, "global") > 0.0, "{report}");
    assert_eq!(mark(&rows, "keeps_main"), 0.0, "{report}");
    assert!(
        rows["keeps_main"].last().unwrap().contains("remove main()"),
        "{report}"
    );
    let clean = mark(&rows, "clean");
    // --strict: a file that breaks a rule scores 0; --resubmitted takes 10 points.
    let strict = text(&args(&["--strict", "--resubmitted", "clean"]).stdout);
    let strict_rows = table(&strict);
    for (student, _, _) in RULE_BREAKS {
        assert_eq!(mark(&strict_rows, student), 0.0, "{student}: {strict}");
    }
    let penalised = mark(&strict_rows, "clean");
    assert!(
        (penalised - (clean - 10.0).max(0.0)).abs() < 0.006,
        "{clean} {penalised}"
    );
    // Why each mark is 0, or lower, in a column of its own.
    for (student, _, _) in RULE_BREAKS {
        assert!(
            strict_rows[student]
                .iter()
                .any(|c| c.contains("breaks the course's rules (--strict)")),
            "{student}: {strict}"
        );
    }
    assert!(
        strict_rows["clean"]
            .iter()
            .any(|c| c == "a resubmission: points taken"),
        "{strict}"
    );
    // The whole findings, in the CSV.
    let csv_path = dir.with_extension("rules.csv");
    let _ = args(&["--csv", csv_path.to_str().unwrap()]);
    let csv = read(&csv_path);
    for (student, line, what) in RULE_BREAKS {
        let row = csv
            .lines()
            .find(|row| row.contains(&format!(",{student},")))
            .unwrap_or_else(|| panic!("{student}: {csv}"));
        let expected = if line == 0 {
            what.to_string()
        } else {
            format!("line {line}: {what}")
        };
        assert!(
            row.contains(&expected),
            "{student}: {row} lacks {expected:?}"
        );
    }
}

/// attack.txt breaks every rule spelled so that a plain reading misses each; under --strict it
/// scores 0 as its plain twin does, with every finding on its line, and the honest file keeps
/// its mark.
#[test]
#[ignore = "long tier: .ci/run runs it"]
fn rules_spelled_otherwise_are_found_and_strict_marks_zero() {
    if !have_compiler("grade jlu-machine spelled rules") {
        return;
    }
    let dir = class(
        "jlu-spelled",
        &[
            ("attack.txt", "tests/class/jlu-spelled/attack.txt"),
            ("plain.txt", "tests/class/jlu-spelled/plain.txt"),
            ("honest.txt", "tests/class/jlu-spelled/honest.txt"),
        ],
    );
    let csv_path = dir.with_extension("spelled.csv");
    let args = [
        "jlu-machine",
        dir.to_str().unwrap(),
        "--games",
        "20",
        "--no-cache",
        "--strict",
        "--csv",
        csv_path.to_str().unwrap(),
    ];
    let report = succeeded(&grade(&args));
    let rows = table(&report);
    assert_eq!(mark(&rows, "attack"), 0.0, "{report}");
    assert_eq!(mark(&rows, "plain"), 0.0, "{report}");
    assert!(mark(&rows, "honest") > 0.0, "{report}");
    let csv = read(&csv_path);
    let row = |student: &str| {
        csv.lines()
            .find(|row| row.contains(&format!(",{student},")))
            .unwrap_or_else(|| panic!("{student}: {csv}"))
            .to_string()
    };
    for (line, what) in crate::rules::ATTACK_FINDINGS {
        let expected = format!("line {line}: {what}");
        assert!(
            row("attack").contains(&expected),
            "lacks {expected:?}: {csv}"
        );
    }
    assert!(!row("honest").contains("rules:"), "{csv}");
}

/// The global variables the compiler itself made for each file of the rules class: the data
/// symbols `nm` lists in the object file, the course's headers before it.
#[test]
#[ignore = "long tier: .ci/run runs it"]
fn global_variables_are_those_the_compiler_allocates() {
    let nm = Command::new("nm")
        .arg("--version")
        .output()
        .map(|_| ())
        .map_err(|e| format!("nm: {e}"));
    if !have_compiler("rules against nm") || !util::have_tool("rules against nm", nm) {
        return;
    }
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("rules-nm");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let shims = root().join("src/exec/shims");
    for entry in std::fs::read_dir(root().join("tests/class/jlu-rules")).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_stem().unwrap().to_string_lossy().into_owned();
        if path.extension().is_none_or(|e| e != "txt") || name == "keeps_main" {
            continue;
        }
        let source = std::fs::read(&path).unwrap();
        let wrapped = dir.join(format!("{name}.cpp"));
        let mut text = b"#include <iostream.h>\n#include <stdio.h>\n#include <time.h>\n#include <stdlib.h>\n#include <math.h>\n#include <string.h>\n#include <utility>\n#line 1\n".to_vec();
        text.extend_from_slice(&source);
        std::fs::write(&wrapped, text).unwrap();
        let object = dir.join(format!("{name}.o"));
        let built = Command::new("g++")
            .args(["-c", "-O0", "-I"])
            .arg(&shims)
            .arg("-o")
            .arg(&object)
            .arg(&wrapped)
            .output()
            .unwrap();
        assert!(built.status.success(), "{name}: {}", text_of(&built.stderr));
        let symbols = Command::new("nm").arg("-C").arg(&object).output().unwrap();
        let mut allocated: Vec<String> = text_of(&symbols.stdout)
            .lines()
            .filter_map(|line| {
                let mut parts = line.splitn(3, ' ');
                let (_, kind, symbol) = (parts.next()?, parts.next()?, parts.next()?);
                (matches!(kind, "b" | "B" | "d" | "D") && !symbol.starts_with("std::"))
                    .then(|| symbol.rsplit("::").next().unwrap().to_string())
            })
            .collect();
        allocated.sort();
        let mut found: Vec<String> =
            minejudge::grade::rules::check(minejudge::grade::Task::JluMachine, &source)
                .into_iter()
                .filter(|f| f.what.contains("variable"))
                .map(|f| f.what.split(' ').nth(3).unwrap().to_string())
                .collect();
        found.sort();
        assert_eq!(found, allocated, "{name}");
    }
}

fn text_of(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

#[test]
fn stress_tells_a_machine_file_with_main_to_remove_it() {
    if !have_compiler("stress with main") {
        return;
    }
    let output = Command::new(util::binary("stress"))
        .args(["jlu-machine", "--function"])
        .arg(root().join("tests/class/jlu-rules/keeps_main.txt"))
        .args(["--games", "1", "--quiet"])
        .output()
        .unwrap();
    let stderr = text(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains("defines main(): hand in machine()"),
        "{stderr}"
    );
    assert!(stderr.contains("remove main()"), "{stderr}");
}

#[test]
#[ignore = "long tier: .ci/run runs it"]
fn marks_come_with_their_interval_and_numbers_a_spreadsheet_can_sort() {
    if !have_compiler("grade intervals") {
        return;
    }
    let dir = class(
        "intervals",
        &[
            ("rules.txt", "tests/submissions/jlu_rule_machine.txt"),
            ("copy.txt", "tests/class/jlu-machine/rules_copy.txt"),
            ("clicker.txt", "tests/submissions/jlu_rand_machine.txt"),
        ],
    );
    let (csv, pairs) = (dir.with_extension("csv"), dir.with_extension("pairs.csv"));
    let output = grade(&[
        "jlu-machine",
        dir.to_str().unwrap(),
        "--games",
        "60",
        "--seed",
        "1",
        "--csv",
        csv.to_str().unwrap(),
        "--pairs-csv",
        pairs.to_str().unwrap(),
    ]);
    let report = text(&output.stdout);
    let rows = table(&report);
    // Each mark inside its interval.
    for student in ["rules", "copy", "clicker"] {
        let (low, high) = rows[student][2].split_once('-').expect("an interval");
        let (low, high): (f64, f64) = (low.parse().unwrap(), high.parse().unwrap());
        let mark = mark(&rows, student);
        assert!(low <= mark && mark <= high, "{student}: {report}");
    }
    // The copy plays as its original, both at the cap; the clicker is far below.
    let neighbours = report
        .split_once("neighbouring marks")
        .map(|(_, rest)| rest)
        .unwrap_or_else(|| panic!("{report}"));
    let line = |a: &str| neighbours.lines().find(|l| l.trim_start().starts_with(a));
    let copy = line("copy ").unwrap_or_else(|| panic!("{report}"));
    assert!(
        copy.contains("+0.00 ± 0.00") && copy.ends_with("both at the cap"),
        "{report}"
    );
    let rules = line("rules ").unwrap_or_else(|| panic!("{report}"));
    assert!(rules.ends_with("beyond chance"), "{report}");
    // The CSV: won and games in numeric columns of their own.
    let csv = read(&csv);
    let header: Vec<&str> = csv.lines().next().unwrap().split(',').collect();
    let at = |name: &str| header.iter().position(|h| h.contains(name)).unwrap();
    let clicker = csv.lines().find(|l| l.contains(",clicker,")).unwrap();
    let cells: Vec<&str> = clicker.split(',').collect();
    assert_eq!(cells[at("games")], "60", "{csv}");
    assert!(cells[at("won")].parse::<u64>().is_ok(), "{csv}");
    assert!(cells[at("mark low")].parse::<f64>().is_ok(), "{csv}");
    let pairs = read(&pairs);
    assert!(
        pairs
            .lines()
            .nth(1)
            .is_some_and(|row| row.contains("copy") && row.contains("rules")),
        "{pairs}"
    );
}

#[test]
#[ignore = "long tier: .ci/run runs it"]
fn the_report_speaks_chinese_when_asked_or_in_a_chinese_locale() {
    if !have_compiler("grade in Chinese") {
        return;
    }
    let dir = rules_class();
    let (csv, html) = (dir.with_extension("zh.csv"), dir.with_extension("zh.html"));
    let zh = grade(&[
        "jlu-machine",
        dir.to_str().unwrap(),
        "--games",
        "5",
        "--lang",
        "zh",
        "--csv",
        csv.to_str().unwrap(),
        "--html",
        html.to_str().unwrap(),
    ]);
    let report = succeeded(&zh);
    for words in [
        "名学生",
        "学生",
        "成绩",
        "胜局",
        "备注",
        "满分",
        "每次运行的隔离",
        "规则：第 1 行",
    ] {
        assert!(report.contains(words), "{words}: {report}");
    }
    let csv = read(&csv);
    assert!(
        csv.lines().next().unwrap().contains("名次,学生,成绩"),
        "{csv}"
    );
    let html = read(&html);
    assert!(
        html.contains("<html lang=\"zh-CN\">") && html.contains("成绩分布"),
        "{html}"
    );
    // A zh_* locale gives Chinese without --lang; --lang en wins over it.
    let base = [
        "jlu-machine",
        dir.to_str().unwrap(),
        "--games",
        "5",
        "--quiet",
    ];
    let locale = |extra: &[&str]| {
        let _runs = util::untrusted_runs();
        let output = Command::new(util::binary("grade"))
            .args(base)
            .args(extra)
            .env("XDG_CACHE_HOME", cache_home(&dir))
            .env("LC_ALL", "zh_CN.UTF-8")
            .output()
            .unwrap();
        text(&output.stdout)
    };
    assert!(locale(&[]).contains("名学生"));
    assert!(locale(&["--lang", "en"]).contains("students of"));
}

/// A `machine` that knows the first `games` games of `seed` in advance: it opens (0, 0) first,
/// as the games are dealt around the first click, then every cell that is not a mine.
fn machine_knowing_games(seed: u64, games: u64) -> String {
    use minejudge::rng::game_seed;
    use minejudge::rng::Rng;
    let mut rows = Vec::new();
    for index in 0..games {
        let mines = Rng::new(game_seed(seed, index)).deal(400, 50, &[0]);
        let cells: Vec<String> = mines.iter().map(|cell| cell.to_string()).collect();
        rows.push(format!("{{{}}}", cells.join(",")));
    }
    format!(
        "void machine(int GamePanel[30][30], int n, int m, int &x, int &y)\n{{\n\
         static const short mines[{games}][50] = {{{}}};\n\
         static int game = -1;\n\
         bool closed = true;\n\
         for (int i = 0; i < n; i++) for (int j = 0; j < m; j++) if (GamePanel[i][j] != -1) closed = false;\n\
         if (closed) {{ game++; x = 0; y = 0; return; }}\n\
         for (int cell = 0; cell < n * m; cell++) {{\n\
         bool mine = false;\n\
         for (int k = 0; k < 50; k++) if (game < {games} && mines[game][k] == cell) mine = true;\n\
         if (!mine && GamePanel[cell / m][cell % m] == -1) {{ x = cell / m; y = cell % m; return; }}\n\
         }}\n\
         x = 0; y = 0;\n}}\n",
        rows.join(",\n")
    )
}

/// The games wins of one JLU row (`won/games`).
fn won(rows: &BTreeMap<String, Vec<String>>, student: &str) -> u64 {
    let cell = &rows
        .get(student)
        .unwrap_or_else(|| panic!("no row for {student}"))[3];
    cell.split('/').next().unwrap().parse().expect("games won")
}

/// The seed a report names on its first line.
fn seed_of(report: &str) -> String {
    let first = report.lines().next().unwrap_or("");
    let after = first
        .split("seed ")
        .nth(1)
        .unwrap_or_else(|| panic!("{report}"));
    after.split(',').next().unwrap().to_string()
}

#[test]
#[ignore = "long tier: .ci/run runs it"]
fn games_nobody_knows_in_advance_are_drawn_for_every_grading() {
    if !have_compiler("grade seed") {
        return;
    }
    let dir = class("known-games", &[]);
    std::fs::write(dir.join("1班-先知.txt"), machine_knowing_games(1, 20)).unwrap();
    let dir = dir.to_str().unwrap();
    // With the seed its table was made from, it wins every game: the table is right.
    let known = succeeded(&grade(&[
        "jlu-machine",
        dir,
        "--games",
        "20",
        "--seed",
        "1",
    ]));
    assert_eq!(won(&table(&known), "1班-先知"), 20, "{known}");
    // By default the seed is drawn afresh: another seed each time, and games it does not know.
    let first = succeeded(&grade_unseeded(&["jlu-machine", dir, "--games", "20"], &[]));
    let second = succeeded(&grade_unseeded(&["jlu-machine", dir, "--games", "20"], &[]));
    let (seed, other) = (seed_of(&first), seed_of(&second));
    assert_ne!(seed, other, "{first}\n{second}");
    assert!(won(&table(&first), "1班-先知") < 20, "{first}");
    // The report gives the command that plays the same games again; it gives the same table.
    let replay = format!("grade jlu-machine {dir} --games 20 --quiet --seed {seed}");
    assert!(first.contains(&replay), "{replay}\n{first}");
    let again = succeeded(&grade(&[
        "jlu-machine",
        dir,
        "--games",
        "20",
        "--seed",
        &seed,
    ]));
    assert_eq!(table(&again), table(&first), "{again}\n{first}");
}

#[test]
#[ignore = "long tier: .ci/run runs it"]
fn invisible_and_bidirectional_characters_are_shown_as_escapes_everywhere() {
    if !have_compiler("grade hidden characters") {
        return;
    }
    let hidden = [
        '\u{200b}', '\u{200c}', '\u{200d}', '\u{200e}', '\u{200f}', '\u{202a}', '\u{202b}',
        '\u{202c}', '\u{202d}', '\u{202e}', '\u{2066}', '\u{2067}', '\u{2068}', '\u{2069}',
        '\u{feff}',
    ];
    let dir = class("hidden-names", &[]);
    let machine = std::fs::read(root().join("tests/submissions/jlu_rand_machine.txt")).unwrap();
    // `1班-<U+202E>三张` would show as `1班-张三`; the other names hold one character each.
    let mut names = vec!["1班-\u{202e}三张".to_string()];
    names.extend(hidden.iter().map(|c| format!("2班-学{c}生")));
    for name in &names {
        std::fs::write(dir.join(format!("{name}.txt")), &machine).unwrap();
    }
    let (csv, html) = (dir.with_extension("csv"), dir.with_extension("html"));
    let report = succeeded(&grade(&[
        "jlu-machine",
        dir.to_str().unwrap(),
        "--games",
        "2",
        "--seed",
        "1",
        "--csv",
        csv.to_str().unwrap(),
        "--html",
        html.to_str().unwrap(),
    ]));
    let csv = text(&std::fs::read(&csv).unwrap());
    let html = text(&std::fs::read(&html).unwrap());
    // The CSV's byte-order mark is ours, for Excel: it opens the file and is nowhere else.
    let csv_cells = csv.strip_prefix('\u{feff}').expect("a byte-order mark");
    for (output, what) in [
        (&report, "table"),
        (&csv_cells.to_string(), "CSV"),
        (&html, "HTML"),
    ] {
        for c in hidden {
            assert!(
                !output.contains(c),
                "U+{:04X} raw in the {what}:\n{output}",
                c as u32
            );
            let escape = format!("\\u{{{:04x}}}", c as u32);
            assert!(
                output.contains(&escape),
                "{escape} not in the {what}:\n{output}"
            );
        }
    }
}
