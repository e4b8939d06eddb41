//! A package's own checker and validator, tested the way the 2025-09 problem format asks:
//! outputs that must be accepted, outputs that must be rejected, and inputs that must be
//! rejected. The checker is Python, run here as a judge system runs it, in each of its calling
//! protocols (three run it, DMOJ imports it).

use crate::fuzz_core::with_crlf;
use crate::util;
use minejudge::judges::{self, Knobs, Limits, Size};
use minejudge::package::{self, Format, Request, CHECKER};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// A scratch folder of its own for one test.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("minejudge-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("scratch folder");
    dir
}

/// The checker with its mode and protocol set, written into `dir`.
fn checker(dir: &Path, mode: &str, protocol: &str) -> PathBuf {
    let text = CHECKER
        .replacen("MODE = \"exact\"", &format!("MODE = \"{mode}\""), 1)
        .replacen(
            "PROTOCOL = \"kattis\"",
            &format!("PROTOCOL = \"{protocol}\""),
            1,
        );
    let path = dir.join(format!("check-{mode}-{protocol}.py"));
    std::fs::write(&path, text).expect("write the checker");
    path
}

/// Whether the checker (mode, protocol) accepts `output` for `answer`.
fn accepts(dir: &Path, mode: &str, protocol: &str, output: &[u8], answer: &[u8]) -> bool {
    let script = checker(dir, mode, protocol);
    let file = |name: &str, bytes: &[u8]| {
        let path = dir.join(name);
        std::fs::write(&path, bytes).expect("write");
        path.to_str().unwrap().to_string()
    };
    let (input, out, ans) = (
        file("in", b"ignored\n"),
        file("out", output),
        file("ans", answer),
    );
    let (score, message) = (dir.join("score"), dir.join("message"));
    let _ = std::fs::remove_file(&score);
    let mut command = Command::new("python3");
    command.arg(&script).arg(&input);
    match protocol {
        "kattis" => {
            let feedback = dir.join("feedback");
            std::fs::create_dir_all(&feedback).unwrap();
            command.arg(&ans).arg(&feedback);
        }
        "lemon" => {
            command.args([&out, &ans, "7"]).arg(&score).arg(&message);
        }
        _ => {
            command.args([&out, &ans]).arg(&score).arg(&message);
        }
    }
    let mut child = command.stdin(Stdio::piped()).spawn().expect("python3");
    child.stdin.take().unwrap().write_all(output).unwrap();
    let status = child.wait().expect("wait").code();
    match protocol {
        "kattis" => {
            assert!(matches!(status, Some(42 | 43)), "{mode}: exit {status:?}");
            status == Some(42)
        }
        _ => {
            assert_eq!(status, Some(0), "{mode} {protocol}");
            let score = std::fs::read_to_string(&score).expect("score file");
            let full = if protocol == "lemon" { "7" } else { "1" };
            assert!(
                ["0", full].contains(&score.trim()),
                "{mode} {protocol}: {score:?}"
            );
            score.trim() == full
        }
    }
}

/// Whether the checker comparing as `mode` takes each of `outputs` for `answer`: one Python
/// run that loads the checker and asks its `difference` of each, as a judge system's many runs
/// would one by one.
fn verdicts(dir: &Path, mode: &str, outputs: &[&[u8]], answer: &[u8]) -> Vec<bool> {
    let script = checker(dir, mode, "kattis");
    std::fs::write(dir.join("ans"), answer).expect("write");
    for (index, output) in outputs.iter().enumerate() {
        std::fs::write(dir.join(format!("out{index}")), output).expect("write");
    }
    let driver = format!(
        "import importlib.util, sys\n\
         spec = importlib.util.spec_from_file_location('checker', {script:?})\n\
         checker = importlib.util.module_from_spec(spec)\n\
         spec.loader.exec_module(checker)\n\
         answer = checker.read({ans:?})\n\
         for index in range({count}):\n\
         \x20   output = checker.read({dir:?} + '/out%d' % index)\n\
         \x20   print('1' if checker.difference(output, answer) is None else '0')\n",
        ans = dir.join("ans").to_str().unwrap(),
        dir = dir.to_str().unwrap(),
        count = outputs.len(),
    );
    let output = Command::new("python3")
        .arg("-c")
        .arg(driver)
        .output()
        .expect("python3");
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8_lossy(&output.stdout)
        .lines()
        .map(|line| line == "1")
        .collect()
}

#[test]
#[ignore = "long tier: .ci/run runs it"]
fn the_checker_accepts_and_rejects_as_the_original_judges_compare() {
    let dir = scratch("checker");
    let answer = b"-1 1 0 \n-1 1 0 \n\nYou win\n";
    let cases: [(&str, &[u8], [bool; 3]); 10] = [
        // output, then accepted by exact, line-ends, tokens
        ("the answer", answer, [true, true, true]),
        (
            "no final newline",
            b"-1 1 0 \n-1 1 0 \n\nYou win",
            [true, true, true],
        ),
        (
            "no space at line ends",
            b"-1 1 0\n-1 1 0\n\nYou win\n",
            [false, true, true],
        ),
        (
            "a tab at a line's end",
            b"-1 1 0 \t\n-1 1 0 \n\nYou win\n",
            [false, true, true],
        ),
        (
            "blank lines at the end",
            b"-1 1 0 \n-1 1 0 \n\nYou win\n\n\n",
            [false, true, true],
        ),
        (
            "one panel on one line",
            b"-1 1 0 -1 1 0\n\nYou win\n",
            [false, false, true],
        ),
        (
            "no blank line between",
            b"-1 1 0 \n-1 1 0 \nYou win\n",
            [false, false, true],
        ),
        (
            "a number changed",
            b"-1 1 0 \n-1 2 0 \n\nYou win\n",
            [false, false, false],
        ),
        (
            "the last line missing",
            b"-1 1 0 \n-1 1 0 \n\n",
            [false, false, false],
        ),
        (
            "a line too many",
            b"-1 1 0 \n-1 1 0 \n\nYou win\nYou win\n",
            [false, false, false],
        ),
    ];
    let outputs: Vec<&[u8]> = cases.iter().map(|case| case.1).collect();
    for (column, mode) in ["exact", "line-ends", "tokens"].into_iter().enumerate() {
        let got = verdicts(&dir, mode, &outputs, answer);
        for ((what, _, expected), got) in cases.iter().zip(got) {
            assert_eq!(got, expected[column], "{what}: the {mode} checker");
        }
    }
    // Each protocol, run as its judge system runs it: the verdict and the score.
    for protocol in ["kattis", "lemon", "acmoj"] {
        for mode in ["exact", "line-ends"] {
            assert!(
                accepts(&dir, mode, protocol, answer, answer),
                "{mode} {protocol}"
            );
            let wrong = cases[7].1;
            assert!(
                !accepts(&dir, mode, protocol, wrong, answer),
                "{mode} {protocol}"
            );
        }
        let reflowed = cases[5].1;
        assert!(
            accepts(&dir, "tokens", protocol, reflowed, answer),
            "tokens {protocol}"
        );
    }
    std::fs::remove_dir_all(&dir).expect("clean up");
}

#[test]
#[ignore = "long tier: .ci/run runs it"]
fn the_checker_as_dmoj_imports_it_judges_through_its_check_function() {
    let dir = scratch("checker-dmoj");
    let answer = b"-1 1 0 \n\nYou win\n";
    // DMOJ passes the outputs as bytes, and keywords of its own besides.
    let cases: [(&str, &str, &[u8], bool); 5] = [
        ("exact", "the answer", answer, true),
        (
            "exact",
            "no space at the line's end",
            b"-1 1 0\n\nYou win\n",
            false,
        ),
        (
            "line-ends",
            "no space at the line's end",
            b"-1 1 0\n\nYou win\n",
            true,
        ),
        (
            "line-ends",
            "two spaces inside",
            b"-1  1 0 \n\nYou win\n",
            false,
        ),
        ("tokens", "one line", b"-1 1 0 You win", true),
    ];
    for (mode, what, output, expected) in cases {
        let script = checker(&dir, mode, "dmoj");
        let driver = format!(
            "import importlib.util\n\
             spec = importlib.util.spec_from_file_location('checker', {script:?})\n\
             checker = importlib.util.module_from_spec(spec)\n\
             spec.loader.exec_module(checker)\n\
             print(checker.check({output:?}, {answer:?}, point_value=1, judge_input=b''))\n",
            output = PyBytes(output),
            answer = PyBytes(answer),
        );
        let run = Command::new("python3")
            .arg("-c")
            .arg(driver)
            .output()
            .expect("python3");
        let printed = String::from_utf8_lossy(&run.stdout);
        let want = if expected { "True" } else { "False" };
        assert_eq!(printed.trim(), want, "{mode}: {what}: {run:?}");
    }
    std::fs::remove_dir_all(&dir).expect("clean up");
}

/// Bytes written as a Python bytes literal by `{:?}`.
struct PyBytes<'a>(&'a [u8]);

impl std::fmt::Debug for PyBytes<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("b'")?;
        for &byte in self.0 {
            write!(f, "\\x{byte:02x}")?;
        }
        f.write_str("'")
    }
}

#[test]
fn the_checker_refuses_too_few_arguments_without_a_verdict() {
    let dir = scratch("checker-args");
    for protocol in ["kattis", "lemon", "acmoj", "dmoj"] {
        let script = checker(&dir, "exact", protocol);
        let output = Command::new("python3")
            .arg(&script)
            .arg("only-one")
            .output()
            .expect("python3");
        assert_eq!(output.status.code(), Some(1), "{protocol}");
        assert!(String::from_utf8_lossy(&output.stderr).starts_with("error: "));
    }
    std::fs::remove_dir_all(&dir).expect("clean up");
}

/// What `validate <judge>` says of `input`: its exit status and its first stderr line.
fn validate(judge: &str, input: &[u8]) -> (Option<i32>, String) {
    let mut child = Command::new(util::binary("validate"))
        .arg(judge)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("validate");
    child.stdin.take().unwrap().write_all(input).unwrap();
    let output = child.wait_with_output().expect("wait");
    let stderr = String::from_utf8_lossy(&output.stderr);
    (
        output.status.code(),
        stderr.lines().next().unwrap_or_default().to_string(),
    )
}

#[test]
fn the_validator_accepts_the_course_and_rejects_the_rest() {
    let accepted: [(&str, &[u8]); 5] = [
        ("mine-ops", b"2 2\n*.\n..\nSweep 2 2\nQuit\n"),
        ("jlu-panel", b"2 2 1 1\n0 0\n1 1\n"),
        ("update-board", b"[[\"E\",\"M\"]]\n[0,0]\n"),
        ("acm-server", b"2 2\nX.\n..\n0 1 0\n"),
        ("inexperienced-player", b"3 3\nM..\n...\n...\n0 0\n"),
    ];
    for (judge, input) in accepted {
        assert_eq!(validate(judge, input), (Some(42), String::new()), "{judge}");
    }
    let rejected: [(&str, &[u8], &str); 14] = [
        (
            "mine-ops",
            b"2 2\r\n*.\r\n..\r\nSweep 2 2\r\nQuit\r\n",
            "CRLF line ends",
        ),
        ("mine-ops", b"2 2\n*.\n..\nSweep 2 2\n", "no Quit"),
        ("mine-ops", b"2 2\n*.\n..\nSweep 2  2\nQuit\n", "two spaces"),
        (
            "mine-ops",
            b"2 2\n*.\n..\nSweep 3 1\nQuit\n",
            "a cell off the board",
        ),
        (
            "mine-ops",
            b"2 2\n*.\n..\nSweep 2 2\nQuit",
            "no final newline",
        ),
        (
            "jlu-panel",
            b"2 2 1 1\n0 0\n1 1 \n",
            "a space at a line's end",
        ),
        (
            "jlu-panel",
            b"21 2 1 1\n0 0\n1 1\n",
            "21 rows: the course has at most 20",
        ),
        (
            "jlu-panel",
            b"2 2 2 1\n0 0\n0 0\n1 1\n",
            "a mine listed twice",
        ),
        (
            "update-board",
            b"[[\"E\",\"X\"]]\n[0,0]\n",
            "an X: no stage before the end",
        ),
        (
            "update-board",
            b"[[\"E\", \"M\"]]\n[0,0]\n",
            "a space in the board",
        ),
        ("acm-server", b"2 2\n..\n..\n0 1 0\n", "no mine"),
        (
            "acm-server",
            b"2 2\nX.\n..\n0 1 3\n",
            "an operation of type 3",
        ),
        (
            "inexperienced-player",
            b"3 3\nM..\n...\n...\n",
            "no 0 0 at the end",
        ),
        (
            "inexperienced-player",
            b"2 3\nM..\n...\n0 0\n",
            "2 rows: the course has 3 to 13",
        ),
    ];
    for (judge, input, what) in rejected {
        let (status, reason) = validate(judge, input);
        assert_eq!(status, Some(43), "{judge}: {what}");
        assert!(reason.starts_with("error: "), "{judge}: {what}: {reason}");
    }
    assert_eq!(validate("mine-ops", b"").0, Some(43), "an empty input");
}

#[test]
fn the_validator_takes_every_course_input_of_gen_and_rejects_it_damaged() {
    for judge in judges::ALL {
        for seed in 0..10 {
            let knobs = Knobs {
                limits: Limits::Course,
                ..Knobs::default()
            };
            let input = judge.generate(seed, Size::Small, &knobs);
            assert_eq!(judge.validate(&input), Ok(()), "{judge:?} seed {seed}");
            let crlf = with_crlf(&input);
            assert!(
                judge.validate(&crlf).is_err(),
                "{judge:?} seed {seed}: CRLF"
            );
            let mut spaced = input.clone();
            spaced.insert(input.iter().position(|&b| b == b'\n').unwrap(), b' ');
            assert!(
                judge.validate(&spaced).is_err(),
                "{judge:?} seed {seed}: a trailing space"
            );
            // update-board's input is a list of pairs: two of them make one too.
            if judge.name() != "update-board" {
                let mut doubled = input.clone();
                doubled.extend_from_slice(&input);
                assert!(
                    judge.validate(&doubled).is_err(),
                    "{judge:?} seed {seed}: twice over"
                );
            }
        }
    }
}

/// The checker in each package compares as the judge's original does (our judges' pages say
/// which), and is called as the package's judge system calls it.
#[test]
#[ignore = "long tier: .ci/run runs it"]
fn each_package_s_checker_compares_as_its_original_judge() {
    for (name, format, mode, protocol) in [
        ("mine-ops", Format::Kattis, "exact", "kattis"),
        ("jlu-panel", Format::Kattis, "line-ends", "kattis"),
        ("acm-server", Format::Kattis, "line-ends", "kattis"),
        ("update-board", Format::Kattis, "tokens", "kattis"),
        ("update-board", Format::Hydro, "tokens", "kattis"),
        ("mine-ops", Format::Lemon, "exact", "lemon"),
        ("mine-ops", Format::Acmoj, "exact", "acmoj"),
        ("mine-ops", Format::Dmoj, "exact", "dmoj"),
    ] {
        let request = Request {
            judge: judges::named(name).unwrap(),
            format,
            tests: 1,
            seed: 1,
        };
        let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
        let files =
            package::package(&request, &package::Additions::default(), &src).expect("package");
        let texts: Vec<&str> = files
            .iter()
            .filter_map(|file| std::str::from_utf8(&file.bytes).ok())
            .filter(|text| text.contains("\nMODE = "))
            .collect();
        let settings = |text: &str| {
            text.lines()
                .filter(|l| l.starts_with("MODE = ") || l.starts_with("PROTOCOL = "))
                .collect::<Vec<_>>()
                .join(" ")
        };
        let found: Vec<String> = texts.iter().map(|text| settings(text)).collect();
        assert_eq!(
            found,
            [format!("MODE = \"{mode}\" PROTOCOL = \"{protocol}\"")],
            "{name} {format:?}"
        );
    }
}
