//! The command line every binary shares: `--help` prints the usage on stdout and exits 0; a bad
//! argument prints `error: ...` and the usage on stderr and exits 2.

use crate::util;
use std::process::Command;

const BINARIES: [&str; 12] = [
    "acm-client",
    "acm-server",
    "autoplay",
    "bundle",
    "gen",
    "inexperienced-player",
    "jlu-machine",
    "jlu-panel",
    "mine-ops",
    "play",
    "stress",
    "update-board",
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
