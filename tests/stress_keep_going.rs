//! `stress --keep-going`: a planted solution with several bugs run on every input, its
//! failures counted by kind (two kinds of wrong answer and a crash), the same table for any
//! `--jobs`, `--count 0` refused, and a correct solution's line unchanged.

use crate::stress::planted;
use crate::util;
use std::process::{Command, Output};

/// The planted solution with three bugs: the flood fill misses the diagonals, DSweep ignores
/// the flags around, and it panics on a 1x1 board.
const THREE_BUGS: &str = "mine-ops-diagonals-dsweep-crash-1x1";

/// `stress` with `args`, then `--` and the planted solution `solution`. The timeout is
/// generous: no verdict may depend on how busy the machine is.
fn stress(args: &[&str], solution: &str) -> Output {
    Command::new(util::binary("stress"))
        .args(args)
        .args(["--time-limit", "60", "--memory", "0", "--quiet", "--"])
        .arg(planted())
        .arg(solution)
        .output()
        .expect("run stress")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// The report with what depends on time masked: durations, rates, memory and tries (which
/// count the candidates of a batch of `--jobs`).
fn masked(report: &str) -> String {
    let mut out = String::new();
    for line in report.lines() {
        let timed = line.starts_with("mine-ops: ")
            || line.starts_with("shrunk from ")
            || line.starts_with("--- yours: ");
        if timed {
            // Each number one `#`, however many digits a busy machine's times take.
            let mut in_number = false;
            for c in line.chars() {
                if !c.is_ascii_digit() {
                    out.push(c);
                } else if !in_number {
                    out.push('#');
                }
                in_number = c.is_ascii_digit();
            }
        } else {
            out.push_str(line);
        }
        out.push('\n');
    }
    out
}

/// The table's rows: count, first seed and kind.
fn table(report: &str) -> Vec<(u64, u64, String)> {
    report
        .lines()
        .skip_while(|line| !line.trim_start().starts_with("count  first seed  kind"))
        .skip(1)
        .take_while(|line| !line.is_empty())
        .map(|line| {
            let mut words = line.split_whitespace();
            let mut number = || words.next().and_then(|w| w.parse().ok()).expect(line);
            let (count, seed) = (number(), number());
            (count, seed, words.collect::<Vec<_>>().join(" "))
        })
        .collect()
}

#[test]
#[ignore = "long tier: .ci/run runs it"]
fn every_input_runs_and_the_failures_are_counted_by_kind_whatever_the_jobs() {
    let args = ["mine-ops", "--seed", "1", "--count", "200", "--keep-going"];
    let run = |jobs: &str| {
        let output = stress(&[&args[..], &["--jobs", jobs]].concat(), THREE_BUGS);
        let report = text(&output.stdout);
        assert_eq!(
            output.status.code(),
            Some(1),
            "{report}{}",
            text(&output.stderr)
        );
        report
    };
    let report = run("2");
    let rows = table(&report);
    let kinds: Vec<&str> = rows.iter().map(|(_, _, kind)| kind.as_str()).collect();
    for expected in [
        "crash: exit status 101",
        "wrong answer: ours \"# cell(s) detected\", yours \"# cell(s) detected\", number 1 differs",
        "wrong answer: ours \"failed\", yours another reply",
    ] {
        assert!(kinds.contains(&expected), "{expected:?} in\n{report}");
    }
    let counts: Vec<u64> = rows.iter().map(|(count, ..)| *count).collect();
    assert!(counts.windows(2).all(|w| w[0] >= w[1]), "{report}");
    let failed: u64 = counts.iter().sum();
    assert!(failed > 0 && failed < 200, "{report}");
    assert!(
        report.ends_with(&format!("\nfailed {failed} of 200 inputs\n")),
        "{report}"
    );
    // Each kind shown with its smallest input shrunk, as a single failure is.
    for (number, (count, _, kind)) in rows.iter().enumerate() {
        let plural = if *count == 1 { "" } else { "s" };
        let title = format!("\nkind {}, {count} input{plural}: {kind}\n", number + 1);
        assert!(report.contains(&title), "{title:?} in\n{report}");
    }
    assert!(
        report.contains("--- input (3 lines) ---\n    1 1\n    .\n    Quit\n"),
        "the crash on a 1x1 board, shrunk:\n{report}"
    );
    assert!(report.contains("it crashed: exit status 101"), "{report}");
    assert_eq!(masked(&run("1")), masked(&report), "--jobs 1 against 2");
}

#[test]
fn keep_going_refuses_a_count_of_0_and_the_ai_tasks() {
    for (args, message) in [
        (
            &["mine-ops", "--keep-going", "--count", "0"][..],
            "error: --keep-going runs every input: give --count N, not 0\n",
        ),
        (
            &["jlu-machine", "--keep-going"][..],
            "error: --keep-going does not apply to jlu-machine",
        ),
    ] {
        let output = stress(args, "mine-ops");
        let stderr = text(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(stderr.starts_with(message), "{args:?}: {stderr}");
        assert!(output.stdout.is_empty(), "{args:?}");
    }
}

#[test]
fn keep_going_with_nothing_failed_prints_the_passed_line() {
    let output = stress(
        &["jlu-panel", "--seed", "9", "--count", "50", "--keep-going"],
        "jlu-panel",
    );
    let report = text(&output.stdout);
    assert_eq!(output.status.code(), Some(0), "{report}");
    assert!(
        report.starts_with("jlu-panel: all 50 inputs passed in ") && report.lines().count() == 1,
        "{report}"
    );
}
