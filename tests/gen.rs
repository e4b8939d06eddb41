//! `gen`: its command line (bad arguments exit 2 with one error line and the usage, never a
//! panic), the same bytes for the same arguments, and the largest boards valid for their
//! binaries.

use minejudge::io::runner::solve_in_memory;
use minejudge::judges;
use minejudge::judges::mine_ops::generator::{mine_ops, MineOpsSpec};
use minejudge::judges::{Knobs, Limits, Size};
use std::process::Command;

fn gen(args: &[&str]) -> std::process::Output {
    Command::new(crate::util::binary("gen"))
        .args(args)
        .output()
        .expect("run gen")
}

#[test]
fn bad_arguments_exit_2_with_one_line() {
    let cases: &[&[&str]] = &[
        &[],
        &["mine-ops"],
        &["mines", "--seed", "1"],
        &["--seed", "1"],
        &["mine-ops", "--seed"],
        &["mine-ops", "--seed", "-1"],
        &["mine-ops", "--seed", "x"],
        &["mine-ops", "--seed", "99999999999999999999999"],
        &["mine-ops", "--seed", "1", "--size", "huge"],
        &["mine-ops", "--seed", "1", "--rows", "0"],
        &["acm-server", "--seed", "1", "--rows", "1001"],
        &[
            "jlu-panel",
            "--seed",
            "1",
            "--rows",
            "10000",
            "--cols",
            "10000",
        ],
        &["mine-ops", "--seed", "1", "--density", "1.5"],
        &["mine-ops", "--seed", "1", "--density", "NaN"],
        &["mine-ops", "--seed", "1", "--mix", "0,0,0"],
        &["mine-ops", "--seed", "1", "--mix", "1,2"],
        &["mine-ops", "--seed", "1", "--player", "smart"],
        &["mine-ops", "--seed", "1", "--what", "2"],
        &["mine-ops", "--seed", "1", "--ops", "100000000"],
        &["mine-ops", "--seed", "1", "--boards", "2"],
        &["update-board", "--seed", "1", "--player", "random"],
        &["inexperienced-player", "--seed", "1", "--ops", "3"],
        &["jlu-panel", "--seed", "1", "--mix", "1,1,1"],
        &["mine-ops", "--seed", "1", "--pattern", "snake"],
        &["inexperienced-player", "--seed", "1", "--pattern", "spiral"],
        &[
            "inexperienced-player",
            "--seed",
            "1",
            "--pattern",
            "comb",
            "--density",
            "0.2",
        ],
        &["mine-ops", "--seed", "1", "--shape", "all-marked"],
        &["mine-ops", "--seed", "1", "--shape", "nope"],
        &["acm-server", "--seed", "1", "--shape", "one-row"],
        &[
            "mine-ops", "--seed", "1", "--shape", "one-row", "--rows", "3",
        ],
        &[
            "mine-ops",
            "--seed",
            "1",
            "--shape",
            "no-safe",
            "--density",
            "0",
        ],
        &[
            "mine-ops",
            "--seed",
            "1",
            "--shape",
            "largest-most",
            "--size",
            "medium",
        ],
        &[
            "inexperienced-player",
            "--seed",
            "1",
            "--pattern",
            "comb",
            "--shape",
            "largest-most",
        ],
    ];
    for args in cases {
        let output = gen(args);
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(output.stdout.is_empty(), "{args:?}");
        let mut lines = stderr.lines();
        let error = lines.next().unwrap_or_default();
        assert!(
            error.starts_with("error: ")
                && lines.next()
                    == Some("usage: gen <binary> --seed S [--size small|medium|max] [options]"),
            "{args:?}: {stderr}"
        );
    }
    let help = gen(&["--help"]);
    assert_eq!(help.status.code(), Some(0));
    let text = String::from_utf8_lossy(&help.stdout);
    for judge in judges::ALL {
        assert!(text.contains(judge.name()), "--help names {}", judge.name());
    }
}

#[test]
fn same_arguments_same_bytes_as_the_library() {
    let args = [
        "acm-server",
        "--seed",
        "42",
        "--size",
        "medium",
        "--mix",
        "3,1,1",
    ];
    let first = gen(&args);
    assert_eq!(first.status.code(), Some(0));
    assert_eq!(first.stdout, gen(&args).stdout);
    // `gen` keeps to the course's limits unless told otherwise.
    let knobs = Knobs {
        mix: Some([3, 1, 1]),
        limits: Limits::Course,
        ..Knobs::default()
    };
    assert_eq!(
        first.stdout,
        judges::named("acm-server")
            .unwrap()
            .generate(42, Size::Medium, &knobs)
    );
    assert_ne!(
        first.stdout,
        judges::named("acm-server")
            .unwrap()
            .generate(43, Size::Medium, &knobs)
    );
    // The benchmark's input is `gen`'s largest mine-ops case at its density (60000 operations
    // and Quit: one more than THU's largest subtask, so under wide limits).
    let bench = mine_ops(
        1,
        &MineOpsSpec {
            rows: 1000,
            cols: 1000,
            density: 0.02,
            ops: 60_000,
            plausible: true,
        },
    );
    let max = gen(&[
        "mine-ops",
        "--seed",
        "1",
        "--size",
        "max",
        "--density",
        "0.02",
        "--limits",
        "wide",
    ]);
    assert!(
        max.stdout == bench,
        "gen --size max differs from the bench input"
    );
}

#[test]
fn largest_boards_are_valid() {
    for judge in judges::ALL {
        // The largest board; jlu-panel and acm-server print a panel or map per operation, so
        // a few operations show the shape is valid without printing a gigabyte.
        let knobs = Knobs {
            ops: match judge.name() {
                "jlu-panel" | "acm-server" => Some(3),
                _ => None,
            },
            ..Knobs::default()
        };
        let input = judge.generate(5, Size::Max, &knobs);
        let (_, result) = solve_in_memory(judge.solve(), &input);
        assert!(result.is_ok(), "{}: {result:?}", judge.name());
        assert!(input.len() >= 1_000_000, "{}", judge.name());
    }
}

#[test]
fn patterns_give_the_crafted_boards_raised_to_their_smallest() {
    use minejudge::judges::inexperienced_player::patterns::{judge_input, Pattern};
    for pattern in Pattern::ALL {
        let (min_rows, min_cols) = pattern.min_sides();
        let args = [
            "inexperienced-player",
            "--seed",
            "3",
            "--rows",
            "5",
            "--cols",
            "300",
            "--boards",
            "1",
            "--pattern",
            pattern.name(),
            "--limits",
            "wide",
        ];
        let output = gen(&args);
        assert_eq!(output.status.code(), Some(0), "{args:?}");
        let rows = min_rows.max(5);
        let cols = min_cols.max(300);
        assert_eq!(
            output.stdout,
            judge_input(rows, cols, &pattern.mines(rows, cols)),
            "{args:?}"
        );
        // Several boards of seeded shapes, each a valid board of the pattern.
        let knobs = Knobs {
            pattern: Some(pattern.name()),
            ..Knobs::default()
        };
        let input =
            judges::named("inexperienced-player")
                .unwrap()
                .generate(9, Size::Medium, &knobs);
        let (answers, result) = solve_in_memory(
            judges::named("inexperienced-player").unwrap().solve(),
            &input,
        );
        assert!(result.is_ok(), "{}: {result:?}", pattern.name());
        assert!(!answers.is_empty(), "{}", pattern.name());
    }
}
