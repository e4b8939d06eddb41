//! The long tier: every judge's Kattis 2025-09 package checked by BAPCtools (`bt`), which
//! reads that version only (problemtools reads 2023-07, `package_kattis.rs`). `bt validate`
//! checks the problem's metadata and statements' names, validates every input and answer, feeds
//! the input validator and the output validator its own broken variants of the samples, and
//! runs the output validator on `data/valid_output/` and `data/invalid_output/`; `bt run`
//! builds every submission and runs it on every test, and fails unless each gets what its
//! folder says (accepted everywhere, or at least one wrong answer, crash or timeout and nothing
//! else), within the time limit. Either exits 1 on any error or warning. A planted bug moved to
//! `accepted/`, and a right output moved to `invalid_output/`, must make them fail.
//!
//! `.ci/run` installs BAPCtools into a virtual environment and names its `bt` in `BAPCTOOLS`;
//! without it, `bt` on the PATH is used, and without that the test is skipped (but under CI).

use crate::package_teacher::teacher_additions;
use crate::util;
use minejudge::judges;
use minejudge::package::{self, Format, Request};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;

/// The `bt` to run.
fn bt() -> PathBuf {
    std::env::var_os("BAPCTOOLS")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from("bt"))
}

#[test]
#[ignore = "long tier: run by .ci/run"]
fn every_kattis_2025_package_passes_bapctools() {
    let found = Command::new(bt())
        .arg("--version")
        .output()
        .map_err(|err| format!("{}: {err}; install bapctools (see .ci/run)", bt().display()))
        .map(|_| ());
    if !util::have_tool("BAPCtools", found) {
        return;
    }
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let root = std::env::temp_dir().join(format!("minejudge-bapc-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&root);
    let mut summaries = Vec::new();
    for judge in judges::ALL {
        let request = Request {
            judge,
            format: Format::Kattis2025,
            tests: 20,
            seed: 1,
        };
        // mine-ops's package as a teacher makes it: tests and an accepted submission of
        // theirs besides ours.
        let additions = match judge.name() {
            "mine-ops" => teacher_additions(&root.join("teacher")),
            _ => package::Additions::default(),
        };
        let files = package::package(&request, &additions, &src).expect("package");
        // The package's folder: lowercase letters and digits only, as the format wants.
        let dir = root.join(judge.name().replace('-', ""));
        package::write(&files, &dir).expect("write");
        let (passed, _) = bt_in(&root, &dir, &["validate"]);
        assert!(passed, "{}: bt validate", judge.name());
        let (passed, log) = bt_in(&root, &dir, &["run", "--no-generate"]);
        assert!(passed, "{}: bt run", judge.name());
        let (judged, counts) = verdicts(&log);
        let submitted = files
            .iter()
            .filter(|file| file.path.starts_with("submissions/"))
            .count();
        assert_eq!(judged, submitted, "{}: bt run judged\n{log}", judge.name());
        let summary = format!(
            "{}: bt validate passes; bt run: {judged} submissions ({counts})",
            judge.name()
        );
        println!("{summary}");
        summaries.push(summary);
    }
    broken_variants_fail(&root, &root.join("mineops"));
    println!("{}", summaries.join("\n"));
    std::fs::remove_dir_all(&root).expect("clean up");
}

/// A planted wrong answer among the accepted ones fails `bt run`, and a right output among
/// the invalid ones fails `bt validate`: the checks can fail.
fn broken_variants_fail(root: &Path, dir: &Path) {
    let planted = dir.join("submissions/wrong_answer/planted_mine_ops_diagonals.rs");
    let moved = dir.join("submissions/accepted/planted_mine_ops_diagonals.rs");
    std::fs::rename(&planted, &moved).expect("move the planted bug");
    let (passed, _) = bt_in(
        root,
        dir,
        &["run", "--no-generate", moved.to_str().unwrap()],
    );
    assert!(!passed, "bt run takes a wrong answer among the accepted");
    let invalid = std::fs::read_dir(dir.join("data/invalid_output"))
        .expect("data/invalid_output/")
        .map(|entry| entry.expect("entry").path())
        .find(|path| path.extension().is_some_and(|ext| ext == "out"))
        .expect("an invalid output");
    let answer = std::fs::read(invalid.with_extension("ans")).expect("the answer");
    std::fs::write(&invalid, answer).expect("a right output");
    let (passed, _) = bt_in(root, dir, &["validate", "--invalid"]);
    assert!(
        !passed,
        "bt validate takes a right output as an invalid one"
    );
}

/// Runs `bt <args> --no-bar` in the problem folder `dir`: whether it exits 0, and its log.
/// Its record of the problems it has seen (it warns of a UUID seen in another folder) is kept
/// under `root`, away from the user's.
fn bt_in(root: &Path, dir: &Path, args: &[&str]) -> (bool, String) {
    let output = Command::new(bt())
        .args(args)
        .arg("--no-bar")
        .current_dir(dir)
        .env("XDG_CONFIG_HOME", root.join("config"))
        .output()
        .expect("bt");
    let log = String::from_utf8_lossy(&output.stdout).to_string()
        + &String::from_utf8_lossy(&output.stderr);
    if !output.status.success() {
        eprintln!("{}: bt {}:\n{log}", dir.display(), args.join(" "));
    }
    (output.status.success(), log)
}

/// `bt run`'s verdicts: how many submissions it judged, and the count of each verdict
/// (`AC 2, TLE 1, WA 3`).
fn verdicts(log: &str) -> (usize, String) {
    // Each submission's line: `<folder>/<name>.rs:  <verdict> <time>s @ <test>`, coloured
    // when `CI` is set.
    let log = without_colours(log);
    let mut by_submission = BTreeMap::new();
    for line in log.lines() {
        if let Some((name, rest)) = line.split_once(".rs:") {
            if let Some(verdict) = rest.split_whitespace().next() {
                by_submission.insert(name.trim().to_string(), verdict.to_string());
            }
        }
    }
    let mut counts = BTreeMap::new();
    for verdict in by_submission.values() {
        *counts.entry(verdict.as_str()).or_insert(0) += 1;
    }
    let counts: Vec<String> = counts.iter().map(|(v, n)| format!("{v} {n}")).collect();
    (by_submission.len(), counts.join(", "))
}

/// `text` without its terminal colour sequences (`ESC [ ... m`).
fn without_colours(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        if c == '\u{1b}' {
            for c in chars.by_ref() {
                if c.is_ascii_alphabetic() {
                    break;
                }
            }
        } else {
            out.push(c);
        }
    }
    out
}
