//! `grade` in Chinese on the terminal: under `--lang zh`, or a `zh_*` locale without it, the
//! usage, every error and the progress are Chinese, with Chinese punctuation; only names (of
//! options, files, tasks, identifiers of the courses' code) stay as they are. The words are
//! found by a reader of their own, not by asking `grade`'s tables.

use crate::chinese_text::english_words;
use crate::grade::{cache_home, class, text};
use crate::util::{self, have_compiler};
use std::path::Path;
use std::process::{Command, Output};

/// `grade ARGS` with `environment` (the cache beside the class named by `ARGS`' second word),
/// no locale but what `environment` sets.
fn run(args: &[&str], environment: &[(&str, &str)]) -> Output {
    let home = cache_home(Path::new(args.get(1).copied().unwrap_or(".")));
    let _runs = util::untrusted_runs();
    Command::new(util::binary("grade"))
        .args(args)
        .env("XDG_CACHE_HOME", home)
        .env_remove("LC_ALL")
        .env_remove("LC_MESSAGES")
        .env("LANG", "C.UTF-8")
        .envs(environment.iter().copied())
        .output()
        .expect("run grade")
}

/// The English words in each of `runs`' output (stdout and stderr, whole, or only the lines
/// `ours` keeps), run both with `--lang zh` and in a Chinese locale; and what was printed.
fn english_in(runs: &[Vec<&str>], ours: impl Fn(&str) -> String) -> (Vec<String>, String) {
    let mut found = Vec::new();
    let mut printed = String::new();
    for args in runs {
        let with_flag = [&args[..], &["--lang", "zh"]].concat();
        for (args, environment) in [
            (with_flag, &[][..]),
            (args.clone(), &[("LANG", "zh_CN.UTF-8")][..]),
        ] {
            let output = run(&args, environment);
            let said = format!("{}{}", ours(&text(&output.stdout)), text(&output.stderr));
            printed.push_str(&format!("$ grade {}\n{said}\n", args.join(" ")));
            found.extend(
                english_words(&said)
                    .into_iter()
                    .map(|word| format!("grade {}: {word}", args.join(" "))),
            );
        }
    }
    (found, printed)
}

fn assert_chinese(found: &[String], printed: &str) {
    assert!(
        found.is_empty(),
        "{} English words:\n{}\n\nall printed:\n{printed}",
        found.len(),
        found.join("\n")
    );
}

#[test]
fn grades_usage_and_errors_are_chinese() {
    let empty = class("terminal-empty", &[]);
    let one = class(
        "terminal-one",
        &[("甲.txt", "tests/class/jlu-rules/clean.txt")],
    );
    let (empty, one) = (empty.to_str().unwrap(), one.to_str().unwrap());
    let missing = Path::new(env!("CARGO_TARGET_TMPDIR")).join("grade/没有这个班");
    let missing = missing.to_str().unwrap();
    let runs: Vec<Vec<&str>> = vec![
        vec!["--help"],
        vec![],
        vec!["nosuch", empty],
        vec!["jlu-machine"],
        vec!["jlu-machine", missing],
        vec!["jlu-machine", empty, "--seed", "x"],
        vec!["jlu-machine", empty, "--seed"],
        vec!["jlu-machine", empty, "--games", "0"],
        vec!["jlu-machine", empty, "--time-limit", "abc"],
        vec!["jlu-machine", empty, "--timeout", "3"],
        vec!["jlu-machine", empty, "--count", "3"],
        vec!["jlu-machine", empty, "extra"],
        vec!["jlu-panel", empty, "--points", "-1"],
        vec!["jlu-panel", empty, "--tests", missing],
        vec!["acm-client", empty, "--class", "C"],
        vec!["acm-client", empty, "--baseline", "x"],
        vec!["acm-client", empty, "--baseline", "a=b.h"],
        vec!["acm-client", empty, "--batch", missing],
        vec!["jlu-machine", one, "--cxx", "/no/such/compiler"],
    ];
    let (mut found, mut printed) = english_in(&runs, |stdout| stdout.to_string());
    // An error in an option before --lang zh is Chinese too.
    let output = run(&["jlu-machine", empty, "--seed", "x", "--lang", "zh"], &[]);
    let before_lang = text(&output.stderr);
    found.extend(english_words(&before_lang));
    // A class that cannot be graded here: the jail cannot be built.
    let no_jail = [("MINEJUDGE_NO_NAMESPACES", "1")];
    let output = run(&["jlu-machine", empty, "--lang", "zh"], &no_jail);
    let said = text(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{said}");
    found.extend(english_words(&said));
    printed.push_str(&said);
    assert_chinese(&found, &printed);
    assert!(
        before_lang.starts_with("错误：--seed \"x\"："),
        "{before_lang}"
    );
    // The English stays as it was.
    let output = run(&["jlu-machine", missing], &[]);
    let said = text(&output.stderr);
    assert!(
        said.starts_with(&format!("error: cannot read {missing}: No such file")),
        "{said}"
    );
}

#[test]
#[ignore = "long tier: .ci/run runs it"]
fn grades_progress_and_isolation_are_chinese() {
    if !have_compiler("grade's progress in Chinese") {
        return;
    }
    let dir = class(
        "terminal",
        &[
            ("甲.txt", "tests/class/jlu-rules/clean.txt"),
            ("乙.txt", "tests/class/jlu-machine/crash_on_fours.txt"),
        ],
    );
    let dir = dir.to_str().unwrap();
    let unwritable = Path::new(env!("CARGO_TARGET_TMPDIR")).join("grade/没有/报告.html");
    let runs = vec![
        vec!["jlu-machine", dir, "--games", "3", "--seed", "1"],
        vec![
            "jlu-machine",
            dir,
            "--games",
            "3",
            "--seed",
            "1",
            "--html",
            unwritable.to_str().unwrap(),
        ],
    ];
    // Without the jail, the report says so above the table, why included.
    let no_jail = [("MINEJUDGE_NO_NAMESPACES", "1")];
    let args = [
        "jlu-machine",
        dir,
        "--games",
        "3",
        "--no-jail",
        "--lang",
        "zh",
        "--quiet",
    ];
    let stdout = text(&run(&args, &no_jail).stdout);
    let warning = stdout.lines().find(|line| line.contains("未在监狱中"));
    let warning = warning
        .and_then(|line| line.split_once(['：', ':']))
        .map(|(_, w)| w);
    let warning = warning.unwrap_or("no warning");
    assert!(
        warning.contains("未在监狱中（设置了 MINEJUDGE_NO_NAMESPACES"),
        "{stdout}"
    );
    // The table is the report's; the isolation line below it is the terminal's (none when the
    // report could not be written).
    let isolation = |stdout: &str| {
        let line = stdout.lines().find(|line| line.contains("每次运行的隔离"));
        let isolation = line.and_then(|line| line.split_once(['：', ':']));
        isolation.map_or(String::new(), |(_, isolation)| format!("{isolation}\n"))
    };
    let (mut found, printed) = english_in(&runs, isolation);
    found.extend(english_words(warning));
    assert_chinese(&found, &printed);
    for said in ["名学生", "无法写入", "监狱："] {
        assert!(printed.contains(said), "{said}: {printed}");
    }
}
