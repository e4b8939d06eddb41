//! `package jlu-machine` and `package acm-client`: the interactive, scoring packages. It packs alike on every run, and
//! only in the formats that take it; its input validator takes its tests and refuses damaged
//! ones; its interactor, run as problemtools runs it, plays the sample with our machine exactly
//! as the statement's sample interaction shows, scores the weak submission lower and gives the
//! wrong one a wrong answer, and in ACMOJ's protocol writes the same verdicts as fractions.
//! `acm-client`'s likewise, its interactor the course's server.
//! (verifyproblem on the Kattis package is in `package_kattis.rs`, the long tier; ACMOJ's
//! `config.json` is checked in `package_formats.rs`.)

use minejudge::package::{acm_client, jlu_machine, File, Format};
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

fn src() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

/// A scratch folder of its own for one test.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("minejudge-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

fn text<'a>(files: &'a [File], path: &str) -> &'a str {
    let file = files.iter().find(|file| file.path == path);
    std::str::from_utf8(&file.unwrap_or_else(|| panic!("no {path}")).bytes).unwrap()
}

#[test]
fn the_machine_packs_alike_twice_as_an_interactive_scoring_problem() {
    let files = jlu_machine::files(Format::Kattis, 20, 1, &src()).expect("package");
    assert_eq!(
        files,
        jlu_machine::files(Format::Kattis, 20, 1, &src()).expect("package")
    );
    assert!(text(&files, "problem.yaml").contains("type: [interactive, scoring]\n"));
    for path in [
        "output_validator/interactor.py",
        "input_validators/validate.py",
        "submissions/accepted/jlu_machine.rs",
        "submissions/partially_accepted/first_closed.rs",
        "submissions/wrong_answer/one_based.rs",
        "data/sample/1.interaction",
        "data/secret/20-course.ans",
    ] {
        text(&files, path);
    }
    assert_eq!(text(&files, "data/secret/testdata.yaml"), "range: 0 1200\n");
    assert!(text(&files, "statement/problem.zh.md").contains("5 秒"));
    let acmoj = jlu_machine::files(Format::Acmoj, 20, 1, &src()).expect("package");
    assert!(text(&acmoj, "interactor").contains("PROTOCOL = \"acmoj\""));
    assert_eq!(
        text(&acmoj, "21.in"),
        text(&files, "data/secret/20-course.in")
    );
    for format in [Format::Kattis2025, Format::Hydro, Format::Lemon] {
        assert!(
            jlu_machine::files(format, 2, 1, &src()).is_err(),
            "{format:?}"
        );
    }
}

/// The input validator's exit status on `input`.
fn validate(dir: &Path, input: &str) -> Option<i32> {
    let mut child = Command::new("python3")
        .arg(dir.join("input_validators/validate.py"))
        .stdin(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("python3");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    child.wait().unwrap().code()
}

#[test]
fn the_validator_takes_the_tests_and_refuses_damaged_ones() {
    let dir = scratch("machine-validate");
    let files = jlu_machine::files(Format::Kattis, 8, 3, &src()).expect("package");
    minejudge::package::write(&files, &dir).expect("write");
    for file in files.iter().filter(|file| file.path.ends_with(".in")) {
        let input = std::str::from_utf8(&file.bytes).unwrap();
        assert_eq!(validate(&dir, input), Some(42), "{}", file.path);
    }
    for bad in [
        "20 20 50 2\n1\n",                   // a seed missing
        "20 20 50 1\n1\n2\n",                // a seed too many
        "20 20 50 1\n1",                     // no final newline
        "20  20 50 1\n1\n",                  // two spaces
        "31 20 50 1\n1\n",                   // wider than GamePanel
        "2 2 4 1\n1\n",                      // no cell for the first click
        "20 20 50 0\n",                      // no game
        "20 20 50 1\n9223372036854775808\n", // a seed of 2^63
        "20 20 50 1\n-1\n",                  // a negative seed
        "20 20 50 1\n01\n",                  // a leading zero
    ] {
        assert_eq!(validate(&dir, bad), Some(43), "{bad:?}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Compiles the submission at `path` (in the package at `dir`) into `dir`.
fn compile(dir: &Path, path: &str) -> PathBuf {
    let exe = dir.join(path.replace('/', "-").trim_end_matches(".rs"));
    let output = Command::new("rustc")
        .args(["--edition", "2021", "-O", "-o"])
        .arg(&exe)
        .arg(dir.join(path))
        .output()
        .expect("rustc");
    let log = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success() && log.is_empty(), "{path}:\n{log}");
    exe
}

/// The Kattis interactor on `test` against the submission `exe`, as problemtools calls it: its
/// exit status, its score.txt and the exchange.
fn interact(dir: &Path, test: &str, exe: &Path) -> (Option<i32>, String, String) {
    let name = exe.file_name().unwrap().to_str().unwrap();
    let feedback = dir.join(format!("feedback-{name}"));
    let _ = std::fs::remove_dir_all(&feedback);
    std::fs::create_dir_all(&feedback).unwrap();
    let answer = dir.join(test.replace(".in", ".ans"));
    let script = dir.join("output_validator/interactor.py");
    let (status, log) = connect(&script, &[dir.join(test), answer, feedback.clone()], exe);
    let score = std::fs::read_to_string(feedback.join("score.txt")).unwrap_or_default();
    (status, score.trim().to_string(), log)
}

/// The interactor `script` with `args` against the submission `exe`, connected as judge
/// systems connect them: its exit status and the exchange (`<` a line the submission read, `>`
/// one it wrote).
fn connect(script: &Path, args: &[PathBuf], exe: &Path) -> (Option<i32>, String) {
    let mut interactor = Command::new("python3")
        .arg(script)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("python3");
    let mut submission = Command::new(exe)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("the submission");
    let log = std::sync::Arc::new(std::sync::Mutex::new(String::new()));
    // One thread per direction, each line logged before it is passed on.
    let relay = |from: Box<dyn std::io::Read + Send>, mut to: Box<dyn Write + Send>, mark| {
        let log = log.clone();
        std::thread::spawn(move || {
            for line in BufReader::new(from).lines().map_while(Result::ok) {
                log.lock().unwrap().push_str(&format!("{mark}{line}\n"));
                if writeln!(to, "{line}").and_then(|()| to.flush()).is_err() {
                    break;
                }
            }
        })
    };
    let down = relay(
        Box::new(interactor.stdout.take().unwrap()),
        Box::new(submission.stdin.take().unwrap()),
        '<',
    );
    let up = relay(
        Box::new(submission.stdout.take().unwrap()),
        Box::new(interactor.stdin.take().unwrap()),
        '>',
    );
    let status = interactor.wait().unwrap().code();
    down.join().unwrap();
    let _ = submission.kill();
    let _ = submission.wait();
    up.join().unwrap();
    let log = log.lock().unwrap().clone();
    (status, log)
}

#[test]
fn the_interactor_scores_our_machine_above_the_weak_one_and_refuses_a_bad_click() {
    let dir = scratch("machine-interact");
    let files = jlu_machine::files(Format::Kattis, 6, 1, &src()).expect("package");
    minejudge::package::write(&files, &dir).expect("write");
    let ours = compile(&dir, "submissions/accepted/jlu_machine.rs");
    let weak = compile(&dir, "submissions/partially_accepted/first_closed.rs");
    let wrong = compile(&dir, "submissions/wrong_answer/one_based.rs");

    let (status, score, log) = interact(&dir, "data/sample/1.in", &ours);
    assert_eq!((status, score.as_str()), (Some(42), "60"));
    assert_eq!(
        log,
        text(&files, "data/sample/1.interaction"),
        "the sample shown is the play"
    );

    let course = "data/secret/06-course.in";
    let (status, ours_score, _) = interact(&dir, course, &ours);
    assert_eq!(status, Some(42));
    let (status, weak_score, _) = interact(&dir, course, &weak);
    assert_eq!(status, Some(42));
    let number = |score: &str| score.parse::<f64>().unwrap();
    assert!(
        number(&ours_score) > 40.0 && number(&weak_score) < 20.0,
        "ours {ours_score}, weak {weak_score}"
    );

    let (status, score, _) = interact(&dir, course, &wrong);
    assert_eq!((status, score.as_str()), (Some(43), ""));
    let feedback = dir.join("feedback-submissions-wrong_answer-one_based");
    let message = std::fs::read_to_string(feedback.join("judgemessage.txt")).unwrap();
    assert!(message.contains("(20, 20) is not a cell"), "{message}");

    // ACMOJ's protocol: `interactor input output`, the fraction of the score on output's first
    // line.
    let acmoj = dir.join("acmoj");
    let files = jlu_machine::files(Format::Acmoj, 6, 1, &src()).expect("package");
    minejudge::package::write(&files, &acmoj).expect("write");
    let result = acmoj.join("result");
    for (exe, first_line) in [(&ours, "1"), (&wrong, "0")] {
        let args = [acmoj.join("1.in"), result.clone()];
        let (status, _) = connect(&acmoj.join("interactor"), &args, exe);
        let verdict = std::fs::read_to_string(&result).unwrap();
        assert_eq!(
            (status, verdict.lines().next()),
            (Some(0), Some(first_line))
        );
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn the_client_packs_alike_twice_and_its_validator_refuses_damaged_tests() {
    let files = acm_client::files(Format::Kattis, 8, 1, &src()).expect("package");
    assert_eq!(
        files,
        acm_client::files(Format::Kattis, 8, 1, &src()).expect("package")
    );
    assert!(text(&files, "problem.yaml").contains("type: [interactive, scoring]\n"));
    assert_eq!(text(&files, "data/secret/testdata.yaml"), "range: 0 800\n");
    assert!(text(&files, "statement/problem.zh.md").contains("10 秒"));
    for format in [
        Format::Kattis2025,
        Format::Hydro,
        Format::Lemon,
        Format::Dmoj,
    ] {
        assert!(
            acm_client::files(format, 2, 1, &src()).is_err(),
            "{format:?}"
        );
    }
    let dir = scratch("client-validate");
    minejudge::package::write(&files, &dir).expect("write");
    for file in files.iter().filter(|file| file.path.ends_with(".in")) {
        let input = std::str::from_utf8(&file.bytes).unwrap();
        assert_eq!(validate(&dir, input), Some(42), "{}", file.path);
    }
    for bad in [
        "1\n3 3\n...\n...\n..X\n0 0",               // no final newline
        "1\n3  3\n...\n...\n..X\n0 0\n",            // two spaces
        "1\n3 3\n...\n...\n..X\n2 2\n",             // the first click a mine
        "1\n3 3\n...\n...\n...\n0 0\n",             // no mine
        "1\n3 3\nXXX\nX.X\nXXX\n1 1\n",             // fine: one safe cell
        "2\n3 3\n...\n...\n..X\n0 0\n",             // a map missing
        "1\n3 3\n...\n...\n..X\n0 0\n1\n",          // text after the last map
        "1\n31 3\n...\n...\n..X\n0 0\n",            // more rows than the course's
        "1\n3 3\n...\n..\n..X\n0 0\n",              // a short row
        "1\n3 3\n...\n...\n..X\n0 3\n",             // the first click off the map
        "1\r\n3 3\r\n...\r\n...\r\n..X\r\n0 0\r\n", // CRLF
    ] {
        let expected = if bad.starts_with("1\n3 3\nXXX") {
            42
        } else {
            43
        };
        assert_eq!(validate(&dir, bad), Some(expected), "{bad:?}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn the_server_scores_our_client_above_the_weak_one_and_refuses_a_move_without_type() {
    let dir = scratch("client-interact");
    let files = acm_client::files(Format::Kattis, 8, 1, &src()).expect("package");
    minejudge::package::write(&files, &dir).expect("write");
    let ours = compile(&dir, "submissions/accepted/acm_client.rs");
    let weak = compile(&dir, "submissions/partially_accepted/first_unvisited.rs");
    let wrong = compile(&dir, "submissions/wrong_answer/no_type.rs");

    let (status, score, log) = interact(&dir, "data/sample/1.in", &ours);
    assert_eq!((status, score.as_str()), (Some(42), "100"));
    assert_eq!(
        log,
        text(&files, "data/sample/1.interaction"),
        "the sample shown is the play"
    );

    let number = |score: &str| score.parse::<f64>().unwrap();
    for test in ["data/secret/02-largest.in", "data/secret/08-course.in"] {
        let (status, ours_score, _) = interact(&dir, test, &ours);
        assert_eq!(status, Some(42));
        let (status, weak_score, _) = interact(&dir, test, &weak);
        assert_eq!(status, Some(42));
        assert!(
            number(&ours_score) > 90.0 && number(&weak_score) < 60.0,
            "{test}: ours {ours_score}, weak {weak_score}"
        );
    }

    let (status, score, _) = interact(&dir, "data/secret/01-example.in", &wrong);
    assert_eq!((status, score.as_str()), (Some(43), ""));
    let feedback = dir.join("feedback-submissions-wrong_answer-no_type");
    let message = std::fs::read_to_string(feedback.join("judgemessage.txt")).unwrap();
    assert!(message.contains("expected `r c type`"), "{message}");

    // ACMOJ's protocol: the sample is test 1, scored 100 of 100 by ours, 0 for the wrong one.
    let acmoj = dir.join("acmoj");
    let files = acm_client::files(Format::Acmoj, 2, 1, &src()).expect("package");
    minejudge::package::write(&files, &acmoj).expect("write");
    let result = acmoj.join("result");
    for (exe, first_line) in [(&ours, "1"), (&wrong, "0")] {
        let args = [acmoj.join("1.in"), result.clone()];
        let (status, _) = connect(&acmoj.join("interactor"), &args, exe);
        let verdict = std::fs::read_to_string(&result).unwrap();
        assert_eq!(
            (status, verdict.lines().next()),
            (Some(0), Some(first_line))
        );
    }
    std::fs::remove_dir_all(&dir).unwrap();
}
