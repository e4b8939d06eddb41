//! The command line every binary shares: `--help` prints the usage on stdout and exits 0; a bad
//! argument prints `error: ...` and the usage on stderr and exits 2.

use crate::util;
use std::process::Command;

const BINARIES: [&str; 14] = [
    "acm-client",
    "acm-server",
    "autoplay",
    "bundle",
    "gen",
    "inexperienced-player",
    "jlu-machine",
    "jlu-panel",
    "mine-ops",
    "package",
    "play",
    "stress",
    "update-board",
    "validate",
];

#[test]
fn every_binary_has_help_and_refuses_a_bad_argument() {
    for name in BINARIES {
        for help in ["--help", "-h"] {
            let output = Command::new(util::binary(name))
                .arg(help)
                .output()
                .expect("run");
            let stdout = String::from_utf8_lossy(&output.stdout);
            assert_eq!(output.status.code(), Some(0), "{name} {help}");
            assert!(stdout.starts_with("usage: "), "{name} {help}: {stdout}");
            assert!(output.stderr.is_empty(), "{name} {help}");
        }
        let output = Command::new(util::binary(name))
            .arg("--no-such-option")
            .output()
            .expect("run");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{name}: {stderr}");
        assert!(output.stdout.is_empty(), "{name}");
        let mut lines = stderr.lines();
        assert!(
            lines.next().is_some_and(|line| line.starts_with("error: "))
                && lines.next().is_some_and(|line| line.starts_with("usage: ")),
            "{name}: {stderr}"
        );
    }
}

#[test]
#[cfg(target_os = "linux")]
fn a_help_that_cannot_be_written_is_one_error_line_not_a_panic() {
    for name in BINARIES.iter().chain(&["grade"]) {
        let full = std::fs::File::create("/dev/full").expect("open /dev/full");
        let output = Command::new(util::binary(name))
            .arg("--help")
            .stdout(full)
            .output()
            .expect("run");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(1), "{name}: {stderr}");
        assert!(
            stderr.starts_with("error: ") && stderr.lines().count() == 1,
            "{name}: {stderr}"
        );
    }
}

#[test]
fn a_judges_help_gives_its_format() {
    let output = Command::new(util::binary("mine-ops"))
        .arg("--help")
        .output()
        .expect("run");
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(
        stdout.starts_with("usage: mine-ops < input\n\nInput: `n m`"),
        "{stdout}"
    );
    assert_eq!(
        stdout.trim_end(),
        minejudge::judges::mine_ops::solve::PROGRAM.usage("")
    );
}

/// The binaries that print an answer or a report, each with arguments and an input that make
/// it print something.
const WRITERS: [(&str, &[&str], &str); 11] = [
    ("mine-ops", &[], "testdata/mine-ops/sample-1.in"),
    ("jlu-panel", &[], "testdata/jlu-panel/eight.in"),
    ("update-board", &[], "testdata/update-board/rules.in"),
    ("acm-server", &[], "testdata/acm-server/map-only.in"),
    (
        "inexperienced-player",
        &[],
        "testdata/inexperienced-player/sample.in",
    ),
    (
        "jlu-machine",
        &[],
        "testdata/jlu-machine/first-click-20x20.in",
    ),
    (
        "acm-client",
        &[],
        "testdata/acm-client/statement-example.in",
    ),
    ("gen", &["mine-ops", "--seed", "1"], ""),
    ("autoplay", &["--board", "beginner", "--games", "3"], ""),
    ("bundle", &["mine-ops"], ""),
    (
        "stress",
        &[
            "mine-ops",
            "--count",
            "3",
            "--seed",
            "1",
            "--quiet",
            "--",
            env!("CARGO_BIN_EXE_mine-ops"),
        ],
        "",
    ),
];

/// A full disk (Linux's `/dev/full`) is an error: one line on stderr and exit status 1; a
/// closed pipe is the reader's choice and no error.
#[test]
fn a_failed_write_is_an_error_and_a_closed_pipe_is_not() {
    let Ok(full) = std::fs::OpenOptions::new().write(true).open("/dev/full") else {
        println!("skipped: no /dev/full on this system");
        return;
    };
    for (name, args, input) in WRITERS {
        let stdin = if input.is_empty() {
            std::process::Stdio::null()
        } else {
            let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(input);
            std::fs::File::open(&path).expect(input).into()
        };
        let output = Command::new(util::binary(name))
            .args(args)
            .stdin(stdin)
            .stdout(full.try_clone().unwrap())
            .output()
            .expect("run");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(1), "{name}: {stderr}");
        assert_eq!(stderr.lines().count(), 1, "{name}: {stderr}");
        assert!(
            stderr.starts_with("error: cannot write standard output: "),
            "{name}: {stderr}"
        );
    }
    // The reader takes one line of a large output and closes the pipe.
    let mut child = Command::new(util::binary("gen"))
        .args(["jlu-panel", "--seed", "1", "--size", "max"])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("run");
    let mut first = [0u8; 8];
    std::io::Read::read_exact(child.stdout.as_mut().unwrap(), &mut first).unwrap();
    drop(child.stdout.take());
    let output = child.wait_with_output().unwrap();
    assert_eq!(output.status.code(), Some(0), "{output:?}");
    assert!(output.stderr.is_empty(), "{output:?}");
}

/// Every judge reads integers and line ends by one rule: `+7` is 7, and `\n`, `\r\n` and a lone
/// `\r` all end a line. Each golden input, respelled so, gives its golden answer.
#[test]
fn every_judge_takes_a_plus_sign_and_any_line_end() {
    let judges = [
        "acm-client",
        "acm-server",
        "inexperienced-player",
        "jlu-machine",
        "jlu-panel",
        "mine-ops",
        "update-board",
    ];
    let mut tried = 0;
    for name in judges {
        let dir = util::testdata().join(name);
        let mut inputs: Vec<_> = std::fs::read_dir(&dir)
            .expect("testdata")
            .map(|entry| entry.unwrap().path())
            .filter(|path| path.extension().is_some_and(|ext| ext == "in"))
            .filter(|path| !path.with_extension("err").exists())
            .collect();
        inputs.sort();
        for input in inputs.iter().take(6) {
            let text = std::fs::read(input).unwrap();
            let expected = util::run(name, &text, &input.display().to_string());
            for line_end in [&b"\r\n"[..], b"\r"] {
                let respelled = plus_signs(&text, line_end);
                let label = format!("{} with + signs", input.display());
                let run = util::run(name, &respelled, &label);
                assert_eq!(
                    (run.status, &run.stdout),
                    (expected.status, &expected.stdout),
                    "{}",
                    run.describe()
                );
                tried += 1;
            }
        }
    }
    assert!(tried >= 50, "only {tried} inputs tried");
}

/// `text` with `+` before every unsigned integer that starts a token (after a space, a line's
/// start, `[` or `,`) and `line_end` for each `\n`.
fn plus_signs(text: &[u8], line_end: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(text.len() * 2);
    let mut previous = b'\n';
    for &byte in text {
        if byte.is_ascii_digit() && matches!(previous, b' ' | b'\t' | b'\n' | b'[' | b',') {
            out.push(b'+');
        }
        if byte == b'\n' {
            if out.last() == Some(&b'\r') {
                out.pop();
            }
            out.extend_from_slice(line_end);
        } else {
            out.push(byte);
        }
        previous = byte;
    }
    out
}
