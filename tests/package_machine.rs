//! `package jlu-machine` and `package acm-client`: the interactive, scoring packages. It packs alike on every run, and
//! only in the formats that take it; its input validator takes its tests and refuses damaged
//! ones; its interactor, run as problemtools runs it, plays the sample with our machine exactly
//! as the statement's sample interaction shows, scores the weak submission lower and gives the
//! wrong one a wrong answer, and in ACMOJ's protocol writes the same verdicts as fractions.
//! `acm-client`'s likewise, its interactor the course's server.
//! (verifyproblem on the Kattis package is in `package_kattis.rs`, the long tier; ACMOJ's
//! `config.json` is checked in `package_formats.rs`.)

use crate::util::have_tool;
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
    let files = jlu_machine::files(
        Format::Kattis,
        20,
        1,
        &minejudge::package::Additions::default(),
        &src(),
    )
    .expect("package");
    assert_eq!(
        files,
        jlu_machine::files(
            Format::Kattis,
            20,
            1,
            &minejudge::package::Additions::default(),
            &src()
        )
        .expect("package")
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
    let acmoj = jlu_machine::files(
        Format::Acmoj,
        20,
        1,
        &minejudge::package::Additions::default(),
        &src(),
    )
    .expect("package");
    assert!(text(&acmoj, "interactor").contains("PROTOCOL = \"acmoj\""));
    assert_eq!(
        text(&acmoj, "21.in"),
        text(&files, "data/secret/20-course.in")
    );
    for format in [Format::Kattis2025, Format::Dmoj] {
        assert!(
            jlu_machine::files(
                format,
                2,
                1,
                &minejudge::package::Additions::default(),
                &src()
            )
            .is_err(),
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
#[ignore = "long tier: .ci/run runs it"]
fn the_validator_takes_the_tests_and_refuses_damaged_ones() {
    let dir = scratch("machine-validate");
    let files = jlu_machine::files(
        Format::Kattis,
        8,
        3,
        &minejudge::package::Additions::default(),
        &src(),
    )
    .expect("package");
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

/// ACMOJ's protocol on the package at `acmoj`: `interactor input output`, the fraction of the
/// score on output's first line: all of it for `ours` on the sample, none for `wrong`.
fn acmoj_scores_the_sample(acmoj: &Path, ours: &Path, wrong: &Path) {
    let result = acmoj.join("result");
    for (exe, first_line) in [(ours, "1"), (wrong, "0")] {
        let args = [acmoj.join("1.in"), result.clone()];
        let (status, _) = connect(&acmoj.join("interactor"), &args, exe);
        let verdict = std::fs::read_to_string(&result).unwrap();
        assert_eq!(
            (status, verdict.lines().next()),
            (Some(0), Some(first_line))
        );
    }
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
    let (status, log, _) = connect_stderr(script, args, exe);
    (status, log)
}

/// [`connect`], and what the interactor wrote on stderr.
fn connect_stderr(script: &Path, args: &[PathBuf], exe: &Path) -> (Option<i32>, String, String) {
    let mut interactor = Command::new("python3")
        .arg(script)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
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
    let mut stderr = String::new();
    let _ = std::io::Read::read_to_string(&mut interactor.stderr.take().unwrap(), &mut stderr);
    let status = interactor.wait().unwrap().code();
    down.join().unwrap();
    let _ = submission.kill();
    let _ = submission.wait();
    up.join().unwrap();
    let log = log.lock().unwrap().clone();
    (status, log, stderr)
}

#[test]
#[ignore = "long tier: .ci/run runs it"]
fn the_interactor_scores_our_machine_above_the_weak_one_and_refuses_a_bad_click() {
    let dir = scratch("machine-interact");
    let files = jlu_machine::files(
        Format::Kattis,
        6,
        1,
        &minejudge::package::Additions::default(),
        &src(),
    )
    .expect("package");
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
    let files = jlu_machine::files(
        Format::Acmoj,
        6,
        1,
        &minejudge::package::Additions::default(),
        &src(),
    )
    .expect("package");
    minejudge::package::write(&files, &acmoj).expect("write");
    acmoj_scores_the_sample(&acmoj, &ours, &wrong);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
#[ignore = "long tier: .ci/run runs it"]
fn the_client_packs_alike_twice_and_its_validator_refuses_damaged_tests() {
    let files = acm_client::files(
        Format::Kattis,
        8,
        1,
        &minejudge::package::Additions::default(),
        &src(),
    )
    .expect("package");
    assert_eq!(
        files,
        acm_client::files(
            Format::Kattis,
            8,
            1,
            &minejudge::package::Additions::default(),
            &src()
        )
        .expect("package")
    );
    assert!(text(&files, "problem.yaml").contains("type: [interactive, scoring]\n"));
    assert_eq!(text(&files, "data/secret/testdata.yaml"), "range: 0 800\n");
    assert!(text(&files, "statement/problem.zh.md").contains("10 秒"));
    for format in [Format::Kattis2025, Format::Lemon, Format::Dmoj] {
        assert!(
            acm_client::files(
                format,
                2,
                1,
                &minejudge::package::Additions::default(),
                &src()
            )
            .is_err(),
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
        "1\n3 3\n...\n...\n..X\n0 0",      // no final newline
        "1\n3  3\n...\n...\n..X\n0 0\n",   // two spaces
        "1\n3 3\n...\n...\n..X\n2 2\n",    // the first click a mine
        "1\n3 3\n...\n...\n...\n0 0\n",    // no mine
        "1\n3 3\nXXX\nX.X\nXXX\n1 1\n",    // fine: one safe cell
        "2\n3 3\n...\n...\n..X\n0 0\n",    // a map missing
        "1\n3 3\n...\n...\n..X\n0 0\n1\n", // text after the last map
        "1\n31 3\n...\n...\n..X\n0 0\n",   // more rows than the course's
        "1\n2 31\n..............................X\n...............................\n0 0\n", // more columns than the course's
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
#[ignore = "long tier: .ci/run runs it"]
fn the_server_scores_our_client_above_the_weak_one_and_refuses_a_move_without_type() {
    let dir = scratch("client-interact");
    let files = acm_client::files(
        Format::Kattis,
        8,
        1,
        &minejudge::package::Additions::default(),
        &src(),
    )
    .expect("package");
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
    let files = acm_client::files(
        Format::Acmoj,
        2,
        1,
        &minejudge::package::Additions::default(),
        &src(),
    )
    .expect("package");
    minejudge::package::write(&files, &acmoj).expect("write");
    acmoj_scores_the_sample(&acmoj, &ours, &wrong);

    // Hydro's: `interactor in tout out`, the verdict on stderr in testlib's words.
    let hydro = dir.join("hydro");
    let files = acm_client::files(
        Format::Hydro,
        2,
        1,
        &minejudge::package::Additions::default(),
        &src(),
    )
    .expect("package");
    minejudge::package::write(&files, &hydro).expect("write");
    let config = text(&files, "testdata/config.yaml");
    assert!(
        config.starts_with("type: interactive\ntime: 10000ms\n"),
        "{config}"
    );
    let script = hydro.join("testdata/interactor.py");
    let args = [
        hydro.join("testdata/1.in"),
        dir.join("tout"),
        dir.join("out"),
    ];
    let (status, _, stderr) = connect_stderr(&script, &args, &ours);
    assert_eq!(
        (status, hydro_verdict(&stderr, 34)),
        (Some(0), (true, 34)),
        "{stderr}"
    );
    let (status, _, stderr) = connect_stderr(&script, &args, &wrong);
    assert_eq!(
        (status, hydro_verdict(&stderr, 34)),
        (Some(0), (false, 0)),
        "{stderr}"
    );
    assert!(stderr.starts_with("wrong answer "), "{stderr}");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A test's verdict from the interactor's stderr, as Hydro's `testlib.ts` `parse` reads it: the
/// status (`true` accepted) and the score out of `full`.
fn hydro_verdict(stderr: &str, full: u32) -> (bool, u32) {
    if stderr.starts_with("ok ") {
        return (true, full);
    }
    let Some(rest) = stderr.strip_prefix("points ") else {
        // `wrong answer`, and anything else, is a wrong answer worth 0.
        return (false, 0);
    };
    let mut fraction: f64 = rest.split(' ').next().unwrap().parse().unwrap_or(0.0);
    if fraction > 1.0 {
        fraction /= 100.0;
    }
    if fraction == 1.0 {
        return (true, full);
    }
    (false, (f64::from(full) * fraction).floor() as u32)
}

#[test]
#[ignore = "long tier: .ci/run runs it"]
fn hydro_config_declares_the_interactor_which_scores_in_testlib_words() {
    let dir = scratch("machine-hydro");
    let kattis = dir.join("kattis");
    let files = jlu_machine::files(
        Format::Kattis,
        6,
        1,
        &minejudge::package::Additions::default(),
        &src(),
    )
    .expect("package");
    minejudge::package::write(&files, &kattis).expect("write");
    let ours = compile(&kattis, "submissions/accepted/jlu_machine.rs");
    let weak = compile(&kattis, "submissions/partially_accepted/first_closed.rs");
    let wrong = compile(&kattis, "submissions/wrong_answer/one_based.rs");
    let hydro = dir.join("hydro");
    let files = jlu_machine::files(
        Format::Hydro,
        6,
        1,
        &minejudge::package::Additions::default(),
        &src(),
    )
    .expect("package");
    minejudge::package::write(&files, &hydro).expect("write");

    // The keys of Hydro's `ProblemConfigFile` that its `readYamlCases` and `isValid` read.
    let config = text(&files, "testdata/config.yaml");
    assert!(config.starts_with(
        "type: interactive\ntime: 5000ms\nmemory: 256m\n\
         interactor:\n  file: interactor.py\n  lang: py.py3\ncases:\n"
    ));
    let scores: Vec<u32> = config
        .lines()
        .filter_map(|line| line.strip_prefix("    score: "))
        .map(|score| score.parse().unwrap())
        .collect();
    assert_eq!((scores.len(), scores.iter().sum()), (7, 100));
    for index in 1..=7 {
        assert!(config.contains(&format!("  - input: {index}.in\n")));
        assert!(hydro.join(format!("testdata/{index}.in")).is_file());
    }
    // Hydro refuses tests whose time limits add up to more than 60 s.
    let many = jlu_machine::files(
        Format::Hydro,
        20,
        1,
        &minejudge::package::Additions::default(),
        &src(),
    )
    .expect("package");
    assert!(text(&many, "testdata/config.yaml").contains("\ntime: 2857ms\n"));

    // Hydro's call: `interactor /w/in /w/tout /w/out`, the verdict on stderr.
    let script = hydro.join("testdata/interactor.py");
    let play = |test: &str, exe: &Path, full: u32| {
        let args = [
            hydro.join("testdata").join(test),
            dir.join("tout"),
            dir.join("out"),
        ];
        let (status, _, stderr) = connect_stderr(&script, &args, exe);
        assert_eq!(status, Some(0), "{stderr}");
        (hydro_verdict(&stderr, full), stderr)
    };
    assert_eq!(play("1.in", &ours, 15).0, (true, 15), "the sample is won");
    let ((_, score_ours), stderr) = play("7.in", &ours, 14);
    let ((_, score_weak), _) = play("7.in", &weak, 14);
    assert!(
        score_ours >= 10 && score_weak <= 4,
        "ours {score_ours}, weak {score_weak}: {stderr}"
    );
    let ((accepted, score), stderr) = play("7.in", &wrong, 14);
    assert_eq!((accepted, score), (false, 0), "{stderr}");
    assert!(
        stderr.starts_with("wrong answer ") && stderr.contains("(20, 20) is not a cell"),
        "{stderr}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// LemonLime's build of an Interaction task: the contestant's source and our grader, the header
/// beside them, in one program.
pub(crate) fn lemon_build(data: &Path, submission: &Path, out: &Path) -> PathBuf {
    let build = out.join("build");
    std::fs::create_dir_all(&build).unwrap();
    std::fs::copy(data.join("machine.h"), build.join("machine.h")).unwrap();
    std::fs::copy(data.join("grader.cpp"), build.join("__grader.cpp")).unwrap();
    std::fs::copy(submission, build.join("jlu-machine.cpp")).unwrap();
    let output = Command::new("g++")
        .current_dir(&build)
        .args([
            "-O2",
            "-Wall",
            "-o",
            "jlu-machine",
            "jlu-machine.cpp",
            "__grader.cpp",
        ])
        .output()
        .expect("g++");
    let log = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success() && log.is_empty(), "{log}");
    build.join("jlu-machine")
}

/// The special judge on the program's `output` for a test worth `full`, as LemonLime calls
/// it: the score file's number and the message.
fn lemon_score(data: &Path, dir: &Path, output: &[u8], full: u32) -> (String, String) {
    let (out, score, message) = (dir.join("out"), dir.join("_score"), dir.join("_message"));
    std::fs::write(&out, output).unwrap();
    let status = Command::new("python3")
        .arg(data.join("score.py"))
        .args([data.join("1.in"), out, data.join("1.out")])
        .arg(full.to_string())
        .args([&score, &message])
        .status()
        .expect("python3");
    assert!(status.success());
    let read = |path: &Path| std::fs::read_to_string(path).unwrap().trim().to_string();
    (read(&score), read(&message))
}

#[test]
#[ignore = "long tier: .ci/run runs it"]
fn lemon_interaction_task_grades_the_course_s_machine_function() {
    if !have_tool(
        "lemon",
        Command::new("g++")
            .arg("--version")
            .output()
            .map(|_| ())
            .map_err(|error| format!("g++: {error}")),
    ) {
        return;
    }
    let dir = scratch("machine-lemon");
    let files = jlu_machine::files(
        Format::Lemon,
        6,
        1,
        &minejudge::package::Additions::default(),
        &src(),
    )
    .expect("package");
    assert_eq!(
        files,
        jlu_machine::files(
            Format::Lemon,
            6,
            1,
            &minejudge::package::Additions::default(),
            &src()
        )
        .unwrap()
    );
    minejudge::package::write(&files, &dir).expect("write");
    // The keys LemonLime's `Task::readFromJson` reads for an Interaction task (`taskType` 2)
    // judged by a Lemon special judge (`comparisonMode` 4).
    let cdf = text(&files, "jlu-machine.cdf");
    for key in [
        "\"taskType\": 2,",
        "\"comparisonMode\": 4,",
        "\"specialJudge\": \"jlu-machine/score.py\",",
        "\"interactor\": \"jlu-machine/machine.h\",",
        "\"interactorName\": \"machine.h\",",
        "\"grader\": \"jlu-machine/grader.cpp\",",
    ] {
        assert!(cdf.contains(key), "{key}");
    }
    assert_eq!(cdf.matches("\"fullScore\": ").count(), 6);
    assert!(text(&files, "statement/jlu-machine.en.md").contains("#include \"machine.h\""));
    assert!(!text(&files, "statement/jlu-machine.zh.md").contains("## 交互"));

    let data = dir.join("data/jlu-machine");
    let course = std::fs::read(data.join("6.in")).unwrap();
    let mut scores = Vec::new();
    for folder in ["accepted", "partially_accepted", "wrong_answer"] {
        let submission = dir.join(format!("submissions/{folder}/jlu-machine.cpp"));
        let exe = lemon_build(&data, &submission, &dir.join(folder));
        let output = Command::new(&exe)
            .stdin(std::fs::File::open(data.join("6.in")).unwrap())
            .output()
            .expect("the program");
        assert!(output.status.success() && !course.is_empty());
        scores.push(lemon_score(&data, &dir, &output.stdout, 16));
    }
    // The first click is never a mine: the first closed cell, (0, 0), is the first of the
    // game's cells, so the mine is the next one, and the three clicks win.
    let weak = dir.join("partially_accepted/build/jlu-machine");
    let mut child = Command::new(weak)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(b"2 2 1 1\n0 3\n")
        .unwrap();
    let output = child.wait_with_output().unwrap();
    assert_eq!(
        String::from_utf8_lossy(&output.stdout),
        "60.000000\n1 games\n"
    );
    let number = |score: &str| score.parse::<u32>().unwrap();
    assert!(
        number(&scores[0].0) >= 8 && number(&scores[1].0) <= 3,
        "{scores:?}"
    );
    assert_eq!(scores[2].0, "0");
    assert!(
        scores[2].1.contains("is not a cell of the 20x20 panel"),
        "{scores:?}"
    );
    // The special judge refuses what is not the grader's.
    for output in [
        "60.0000001\n",
        "61.000000\n",
        "",
        "\u{1}",
        "40.5\n",
        "-1.000000\n",
    ] {
        assert_eq!(
            lemon_score(&data, &dir, output.as_bytes(), 16).0,
            "0",
            "{output:?}"
        );
    }
    assert_eq!(lemon_score(&data, &dir, b"60.000000\n", 16).0, "16");
    std::fs::remove_dir_all(&dir).unwrap();
}
