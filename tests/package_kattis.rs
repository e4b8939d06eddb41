//! The long tier: every judge's Kattis package, and the interactive, scoring one of
//! `jlu-machine`, checked by problemtools' `verifyproblem`, the reference checker of the
//! format. It builds the validators and every submission, runs them on every test, and fails
//! unless the accepted submissions pass and the wrong, crashing and slow ones fail as their
//! folders say, within the time limits (and the partially accepted one scores, but not fully). The statements are checked by
//! `problem2html` (which needs pandoc); verifyproblem's own statement check is left out, as it
//! compiles each statement to PDF with LuaLaTeX, which this machine and CI do not have.
//!
//! `.ci/run` installs problemtools into a virtual environment and names its `verifyproblem` in
//! `VERIFYPROBLEM`; without it, `verifyproblem` on the PATH is used.

use crate::package_teacher::teacher_additions;
use minejudge::judges;
use minejudge::package::{self, acm_client, jlu_machine, Format, Request};
use std::path::{Path, PathBuf};
use std::process::Command;

/// The `verifyproblem` to run, and `problem2html` beside it.
fn tools() -> (PathBuf, PathBuf) {
    let verify = std::env::var_os("VERIFYPROBLEM")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from("verifyproblem"));
    let html = verify.with_file_name("problem2html");
    (verify, html)
}

/// The one warning verifyproblem gives every package of the 2023-07 format: its support for
/// that version is unfinished. Any other warning fails the test.
const JUSTIFIED: &str = "WARNING Support for version 2023-07-draft is very incomplete";

/// The warning verifyproblem gives a package whose license is not given: a course's data is
/// not ours to license, so that is our packages' default.
const LICENSE_UNKNOWN: &str = "WARNING License is 'unknown'";

/// The warnings verifyproblem gives the `jlu-machine` package besides [`JUSTIFIED`]: no
/// program wins every game, so our machine cannot reach the top of the declared score range,
/// which problemtools expects of heuristic problems and only warns about.
const JUSTIFIED_MACHINE: &str = "WARNING accepted/jlu_machine.rs (Rust) did not attain full score";

/// The same for the `acm-client` package: no client wins every map.
const JUSTIFIED_CLIENT: &str = "WARNING accepted/acm_client.rs (Rust) did not attain full score";

#[test]
#[ignore = "long tier: run by .ci/run"]
fn every_kattis_package_passes_verifyproblem() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let root = std::env::temp_dir().join(format!("minejudge-kattis-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&root);
    let mut summaries = Vec::new();
    for judge in judges::ALL {
        let request = Request {
            judge,
            format: Format::Kattis,
            tests: 20,
            seed: 1,
        };
        // mine-ops's package as a teacher makes it: tests and an accepted submission of
        // theirs besides ours, and a license.
        let (additions, justified) = match judge.name() {
            "mine-ops" => (teacher_additions(&root.join("teacher")), &[][..]),
            _ => (package::Additions::default(), &[LICENSE_UNKNOWN][..]),
        };
        let files = package::package(&request, &additions, &src).expect("package");
        let added = [
            "data/secret/teacher-2.in",
            "submissions/accepted/teacher_mine_ops.rs",
        ];
        let has = |path: &str| files.iter().any(|file| file.path == path);
        assert!(additions.tests.is_empty() || added.iter().all(|path| has(path)));
        summaries.push(verify(&root, judge.name(), &files, justified));
    }
    let files = jlu_machine::files(
        Format::Kattis,
        20,
        1,
        &minejudge::package::Additions::default(),
        &src,
    )
    .expect("package");
    summaries.push(verify(
        &root,
        "jlu-machine",
        &files,
        &[JUSTIFIED_MACHINE, LICENSE_UNKNOWN],
    ));
    let files = acm_client::files(
        Format::Kattis,
        10,
        1,
        &minejudge::package::Additions::default(),
        &src,
    )
    .expect("package");
    summaries.push(verify(
        &root,
        "acm-client",
        &files,
        &[JUSTIFIED_CLIENT, LICENSE_UNKNOWN],
    ));
    println!("{}", summaries.join("\n"));
    std::fs::remove_dir_all(&root).expect("clean up");
}

/// Writes the package `files` of `name` under `root`, checks it with verifyproblem (no error,
/// no warning but [`JUSTIFIED`] and `justified`) and its statements with problem2html; its
/// summary line.
fn verify(root: &Path, name: &str, files: &[package::File], justified: &[&str]) -> String {
    let (verify, html) = tools();
    // Kattis's short names are lowercase letters and digits only.
    let dir = root.join(name.replace('-', ""));
    package::write(files, &dir).expect("write");
    let output = Command::new(&verify)
        .arg(&dir)
        .args(["-p", "config", "data", "submissions", "validators"])
        .current_dir(root)
        .output()
        .unwrap_or_else(|err| {
            panic!(
                "{}: {err}; install problemtools (see .ci/run)",
                verify.display()
            )
        });
    let log = String::from_utf8_lossy(&output.stdout).to_string()
        + &String::from_utf8_lossy(&output.stderr);
    let summary = log
        .lines()
        .rev()
        .find(|line| line.contains(" tested: "))
        .unwrap_or("(no summary)")
        .to_string();
    println!("{summary}");
    let problems: Vec<&str> = log
        .lines()
        .filter(|line| {
            (line.starts_with("ERROR") || line.starts_with("WARNING"))
                && !line.starts_with(JUSTIFIED)
                && !justified.iter().any(|why| line.starts_with(why))
        })
        .collect();
    let warnings = match justified.len() {
        0 => "1 warning".to_string(),
        more => format!("{} warnings", more + 1),
    };
    assert!(
        problems.is_empty() && summary.contains(&format!(" tested: 0 errors, {warnings}")),
        "{name}: {summary}\n{}\n{log}",
        problems.join("\n")
    );
    for language in ["en", "zh"] {
        let out = root.join(format!("html-{name}-{language}"));
        let status = Command::new(&html)
            .arg("--language")
            .arg(language)
            .arg("-d")
            .arg(&out)
            .arg("--messy")
            .arg(&dir)
            .current_dir(root)
            .status()
            .expect("problem2html");
        assert!(status.success(), "{name}: the {language} statement");
        let page = std::fs::read_to_string(out.join("index.html")).expect("index.html");
        assert!(
            page.contains("Sample"),
            "{name}: the {language} page shows the samples"
        );
    }
    summary
}
