//! `package` with a teacher's additions: their tests (`--add-tests`, each input validated
//! first), their submissions (`--add-submission`) where each format's tools look, their time
//! limit (`--time-limit`) and rights (`--license`, `--rights-owner`) in every format.

use crate::util;
use minejudge::bundle::bundle;
use minejudge::io::runner::solve_in_memory;
use minejudge::judges::{self, Knobs, Limits, Size};
use minejudge::package;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// A scratch folder of this test's own, empty.
fn scratch(test: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("minejudge-{test}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("scratch folder");
    dir
}

/// `package` run with `args`, the output shown when `expect` (the exit status) is not met.
fn package(args: &[&str], expect: i32) -> Output {
    let output = Command::new(util::binary("package"))
        .args(args)
        .output()
        .expect("run package");
    assert_eq!(
        output.status.code(),
        Some(expect),
        "package {}\nstdout: {}\nstderr: {}",
        args.join(" "),
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
    output
}

/// Writes `count` mine-ops tests made by our generator, with our judge's answers, into `dir`
/// as `teacher-<n>.in`/`.ans`; their inputs.
fn teacher_tests(dir: &Path, count: u64) -> Vec<Vec<u8>> {
    std::fs::create_dir_all(dir).expect("tests folder");
    let judge = judges::named("mine-ops").unwrap();
    let knobs = Knobs {
        limits: Limits::Course,
        ..Knobs::default()
    };
    (0..count)
        .map(|n| {
            let input = judge.generate(100 + n, Size::Small, &knobs);
            let (answer, result) = solve_in_memory(judge.solve(), &input);
            result.expect("our judge answers");
            std::fs::write(dir.join(format!("teacher-{n}.in")), &input).expect("write");
            std::fs::write(dir.join(format!("teacher-{n}.ans")), answer).expect("write");
            input
        })
        .collect()
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|err| panic!("{}: {err}", path.display()))
}

#[test]
fn added_tests_come_after_ours_in_every_format() {
    let root = scratch("package-added-tests");
    let tests = root.join("tests");
    let inputs = teacher_tests(&tests, 2);
    // An input without an answer gets our judge's: the same as the one taken away.
    let answer = std::fs::read(tests.join("teacher-0.ans")).unwrap();
    std::fs::remove_file(tests.join("teacher-0.ans")).unwrap();
    let tests = tests.to_str().unwrap();
    let kattis = root.join("kattis");
    let args = ["--tests", "1", "--add-tests", tests, "--out"];
    package(
        &[
            &["mine-ops", "--format", "kattis"],
            &args[..],
            &[kattis.to_str().unwrap()],
        ]
        .concat(),
        0,
    );
    let mut secret: Vec<String> = std::fs::read_dir(kattis.join("data/secret"))
        .expect("data/secret/")
        .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    secret.sort();
    assert_eq!(
        secret,
        [
            "01-largest.ans",
            "01-largest.in",
            "teacher-0.ans",
            "teacher-0.in",
            "teacher-1.ans",
            "teacher-1.in"
        ]
    );
    assert_eq!(
        std::fs::read(kattis.join("data/secret/teacher-1.in")).unwrap(),
        inputs[1]
    );
    assert_eq!(
        std::fs::read(kattis.join("data/secret/teacher-0.ans")).unwrap(),
        answer
    );
    // With --tests 0, the samples and the teacher's tests only.
    let last = judges::named("mine-ops").unwrap().samples.len() + 2;
    for (format, list, count) in [
        ("dmoj", "init.yml", "{in: N.in"),
        ("hydro", "testdata/config.yaml", "input: N.in"),
        ("lemon", "mine-ops.cdf", "mine-ops/N.in"),
        ("acmoj", "config.json", "\"ID\": N,"),
    ] {
        let out = root.join(format);
        let args = ["--tests", "0", "--add-tests", tests, "--out"];
        package(
            &[
                &["mine-ops", "--format", format],
                &args[..],
                &[out.to_str().unwrap()],
            ]
            .concat(),
            0,
        );
        let text = read(&out.join(list));
        let (listed, more) = (
            count.replace('N', &last.to_string()),
            count.replace('N', &(last + 1).to_string()),
        );
        assert!(
            text.contains(&listed) && !text.contains(&more),
            "{format}: {last} tests in {list}:\n{text}"
        );
    }
    std::fs::remove_dir_all(&root).expect("clean up");
}

#[test]
fn an_added_test_that_fails_validation_or_lacks_its_pair_is_refused_by_name() {
    let root = scratch("package-added-bad");
    let tests = root.join("tests");
    teacher_tests(&tests, 2);
    let input = std::fs::read_to_string(tests.join("teacher-1.in")).unwrap();
    // A doubled space on the first line: not written as the statement says.
    std::fs::write(tests.join("teacher-1.in"), input.replacen(' ', "  ", 1)).unwrap();
    let out = root.join("out");
    let args = |tests: &Path| {
        vec![
            "mine-ops".to_string(),
            "--format".into(),
            "kattis".into(),
            "--tests".into(),
            "0".into(),
            "--add-tests".into(),
            tests.to_str().unwrap().into(),
            "--out".into(),
            out.to_str().unwrap().into(),
        ]
    };
    let refused = |tests: &Path, says: &[&str]| {
        let args = args(tests);
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let output = package(&args, 1);
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(stderr.lines().count(), 1, "one line: {stderr}");
        for said in says {
            assert!(stderr.contains(said), "{said:?} in {stderr}");
        }
        assert!(!out.exists(), "nothing written");
    };
    refused(&tests, &["teacher-1.in: line 1: not written the way"]);
    std::fs::write(tests.join("teacher-1.in"), input).unwrap();
    std::fs::remove_file(tests.join("teacher-0.in")).unwrap();
    refused(&tests, &["teacher-0.ans: it has no teacher-0.in beside it"]);
    // A FIFO would never end: refused, not read.
    let fifo = tests.join("teacher-0.in");
    let made = Command::new("mkfifo").arg(&fifo).status();
    if made.is_ok_and(|s| s.success()) {
        let args = args(&tests);
        let mut child = Command::new(util::binary("package"))
            .args(&args)
            .stderr(std::process::Stdio::piped())
            .spawn()
            .expect("run package");
        let started = std::time::Instant::now();
        while child.try_wait().expect("wait").is_none() {
            if started.elapsed() > util::HANG_GUARD {
                let _ = child.kill();
                panic!("package hung on the FIFO {}", fifo.display());
            }
            std::thread::sleep(std::time::Duration::from_millis(50));
        }
        let output = child.wait_with_output().expect("package's output");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(1), "{stderr}");
        assert!(
            stderr.contains("teacher-0.in: not a regular file"),
            "{stderr}"
        );
        std::fs::remove_file(&fifo).unwrap();
    }
    // The interactive problems' tests are seeds: a folder of tests is refused.
    let output = package(
        &[
            "jlu-machine",
            "--format",
            "kattis",
            "--add-tests",
            tests.to_str().unwrap(),
            "--out",
            out.to_str().unwrap(),
        ],
        1,
    );
    assert!(String::from_utf8_lossy(&output.stderr).contains("seeds"));
    std::fs::remove_dir_all(&root).expect("clean up");
}

#[test]
#[ignore = "long tier: .ci/run runs it"]
fn added_submissions_go_where_each_formats_tools_look() {
    let root = scratch("package-added-submissions");
    let accepted = root.join("teacher.cpp");
    std::fs::write(&accepted, "int main() { return 0; }\n").unwrap();
    let slow = root.join("slow.py");
    std::fs::write(&slow, "while True:\n    pass\n").unwrap();
    let submissions = [
        format!("accepted={}", accepted.display()),
        format!("too-slow={}", slow.display()),
    ];
    let cases = [
        ("mine-ops", "kattis", "submissions/accepted/teacher.cpp"),
        (
            "mine-ops",
            "kattis-2025-09",
            "submissions/accepted/teacher.cpp",
        ),
        ("mine-ops", "dmoj", "submissions/accepted/teacher.cpp"),
        ("mine-ops", "hydro", "submissions/accepted/teacher.cpp"),
        ("mine-ops", "acmoj", "submissions/accepted/teacher.cpp"),
        ("mine-ops", "lemon", "source/accepted-teacher/mine-ops.cpp"),
        ("jlu-machine", "kattis", "submissions/accepted/teacher.cpp"),
        ("acm-client", "hydro", "submissions/accepted/teacher.cpp"),
    ];
    for (judge, format, path) in cases {
        let out = root.join(format!("{judge}-{format}"));
        package(
            &[
                judge,
                "--format",
                format,
                "--tests",
                "0",
                "--add-submission",
                &submissions[0],
                "--add-submission",
                &submissions[1],
                "--out",
                out.to_str().unwrap(),
            ],
            0,
        );
        assert_eq!(
            read(&out.join(path)),
            "int main() { return 0; }\n",
            "{judge} {format}"
        );
        let slow_path = path
            .replace("accepted", "time_limit_exceeded")
            .replace("teacher", "slow")
            .replace(".cpp", ".py");
        let slow_path = match format {
            "lemon" => "source/time_limit_exceeded-slow/mine-ops.py".to_string(),
            _ => slow_path,
        };
        assert!(
            out.join(&slow_path).exists(),
            "{judge} {format}: {slow_path}"
        );
    }
    let out = root.join("refused");
    for (given, says) in [
        (format!("fast={}", accepted.display()), "KIND is accepted"),
        (
            format!("accepted={}", root.join("a.java").display()),
            ".c (C)",
        ),
    ] {
        let output = package(
            &[
                "mine-ops",
                "--format",
                "kattis",
                "--add-submission",
                &given,
                "--out",
            ]
            .into_iter()
            .chain([out.to_str().unwrap()])
            .collect::<Vec<_>>(),
            2,
        );
        assert!(String::from_utf8_lossy(&output.stderr).contains(says));
    }
    std::fs::remove_dir_all(&root).expect("clean up");
}

#[test]
fn license_rights_owner_and_time_limit_reach_every_format() {
    let root = scratch("package-rights");
    let default = root.join("default");
    package(
        &[
            "update-board",
            "--format",
            "kattis",
            "--tests",
            "0",
            "--out",
        ]
        .into_iter()
        .chain([default.to_str().unwrap()])
        .collect::<Vec<_>>(),
        0,
    );
    let yaml = read(&default.join("problem.yaml"));
    assert!(
        yaml.contains("license: unknown\n")
            && !yaml.contains("rights_owner")
            && yaml.contains("  time_multipliers:\n    ac_to_time_limit: 2.0\n")
            && !yaml.contains("\n  time_limit:"),
        "by default no rights are claimed and Kattis computes the time limit:\n{yaml}"
    );
    let cases = [
        ("kattis", "problem.yaml", "  time_limit: 3\n"),
        ("kattis-2025-09", "problem.yaml", "  time_limit: 3\n"),
        ("dmoj", "init.yml", "-tl 3 "),
        ("hydro", "testdata/config.yaml", "time: 3000ms\n"),
        ("lemon", "update-board.cdf", "\"timeLimit\": 3000,"),
        ("acmoj", "config.json", "\"TimeLimit\": 3000,"),
    ];
    for (format, file, limit) in cases {
        let out = root.join(format);
        package(
            &[
                "update-board",
                "--format",
                format,
                "--tests",
                "0",
                "--time-limit",
                "3",
                "--license",
                "cc by",
                "--rights-owner",
                "A Course",
                "--out",
                out.to_str().unwrap(),
            ],
            0,
        );
        let text = read(&out.join(file));
        assert!(
            text.contains(limit),
            "{format}: {limit:?} in {file}:\n{text}"
        );
        let rights = match format {
            "kattis" | "kattis-2025-09" => text.clone(),
            _ => read(&out.join("rights.txt")),
        };
        assert!(
            rights.contains("cc by") && rights.contains("A Course"),
            "{format}: the rights:\n{rights}"
        );
    }
    let out = root.join("bad");
    let output = package(
        &[
            "update-board",
            "--format",
            "kattis",
            "--license",
            "mine",
            "--out",
        ]
        .into_iter()
        .chain([out.to_str().unwrap()])
        .collect::<Vec<_>>(),
        2,
    );
    assert!(String::from_utf8_lossy(&output.stderr).contains("\"cc by-sa\""));
    std::fs::remove_dir_all(&root).expect("clean up");
}

/// What the long tier's packages of `mine-ops` add, as a teacher would: a folder of tests made
/// by our generator (under `root`), our judge's bundle as an accepted submission of theirs,
/// and a license with its rights owner.
pub fn teacher_additions(root: &Path) -> package::Additions {
    let judge = judges::named("mine-ops").unwrap();
    let tests = root.join("teacher-tests");
    teacher_tests(&tests, 3);
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let file = root.join("teacher_mine_ops.rs");
    std::fs::write(&file, bundle(&src, "mine-ops").expect("bundle")).expect("write");
    package::Additions {
        tests: package::read_tests(judge, &tests).expect("the teacher's tests"),
        submissions: vec![
            package::read_submission(&format!("accepted={}", file.display())).expect("read"),
        ],
        time_limit: None,
        rights: package::Rights {
            license: Some("cc by-sa".into()),
            rights_owner: Some("A Course".into()),
        },
    }
}
