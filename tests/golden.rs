//! Golden cases: every `testdata/<binary>/<case>.in` through the built binary, compared byte
//! for byte with `<case>.ans`. A `<case>.err` beside them holds the exact stderr of a bad input,
//! which must exit with status 1; without one the run must exit 0 with nothing on stderr.
//! `BLESS=1` rewrites the `.ans` (and existing `.err`) files from the binaries (never under `CI`).

use crate::util;
use std::fs;
use std::path::{Path, PathBuf};

/// The folders of golden cases, one per binary, sorted.
pub fn case_dirs() -> Vec<PathBuf> {
    let mut dirs: Vec<_> = fs::read_dir(util::testdata())
        .expect("testdata/")
        .map(|entry| entry.expect("testdata entry").path())
        .filter(|path| path.is_dir())
        .collect();
    dirs.sort();
    dirs
}

/// Runs every case of `dir` through `exe`; returns the number of cases and the failures.
/// With `bless`, rewrites the answers instead of comparing.
pub fn check_dir(dir: &Path, exe: &Path, bless: bool) -> (usize, Vec<String>) {
    let name = dir.file_name().unwrap().to_string_lossy().into_owned();
    let mut inputs: Vec<_> = fs::read_dir(dir)
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|e| e == "in"))
        .collect();
    inputs.sort();
    let mut failures = Vec::new();
    for input_path in &inputs {
        let input = fs::read(input_path).unwrap();
        let run = util::run_exe(exe, &input, &input_path.display().to_string());
        let ans_path = input_path.with_extension("ans");
        let err_path = input_path.with_extension("err");
        if bless {
            fs::write(&ans_path, &run.stdout).unwrap();
            if err_path.exists() {
                fs::write(&err_path, &run.stderr).unwrap();
            }
            continue;
        }
        let case = format!(
            "{name}/{}",
            input_path.file_name().unwrap().to_string_lossy()
        );
        let Ok(expected) = fs::read(&ans_path) else {
            failures.push(format!("{case}: no {}", ans_path.display()));
            continue;
        };
        let expected_err = fs::read(&err_path).unwrap_or_default();
        let expected_status = if err_path.exists() { 1 } else { 0 };
        if let Some(diff) = util::first_difference(&expected, &run.stdout) {
            failures.push(format!("{case}: stdout {diff}\n{}", run.describe()));
        } else if let Some(diff) = util::first_difference(&expected_err, &run.stderr) {
            failures.push(format!("{case}: stderr {diff}\n{}", run.describe()));
        } else if run.status != Some(expected_status) {
            failures.push(format!(
                "{case}: exit status {:?}, expected {expected_status}\n{}",
                run.status,
                run.describe()
            ));
        }
    }
    (inputs.len(), failures)
}

#[test]
fn golden_cases() {
    let bless = std::env::var_os("BLESS").is_some_and(|v| v == "1");
    assert!(
        !(bless && std::env::var_os("CI").is_some()),
        "BLESS=1 is refused under CI: answers are checked by eyes, not rewritten by CI"
    );
    let mut failures = Vec::new();
    let mut cases = 0;
    for dir in case_dirs() {
        let name = dir.file_name().unwrap().to_string_lossy().into_owned();
        let (count, failed) = check_dir(&dir, Path::new(util::binary(&name)), bless);
        println!("golden: {name}: {count} cases");
        cases += count;
        failures.extend(failed);
    }
    assert!(cases > 0, "no golden case found under testdata/");
    assert!(
        failures.is_empty(),
        "{} golden case(s) failed:\n\n{}",
        failures.len(),
        failures.join("\n\n")
    );
}

/// The manual of the judges shows each program's `--help`, format included (the manuals' test
/// runs it and compares the output).
#[test]
fn the_judges_manual_gives_each_programs_format_as_its_help_does() {
    let manual = Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/judges.md");
    let manual = std::fs::read_to_string(manual).expect("docs/judges.md");
    let programs = [
        &minejudge::players::jlu_machine::solve::PROGRAM,
        &minejudge::players::acm_client::solve::PROGRAM,
    ];
    let judges = minejudge::judges::ALL.map(|judge| judge.program);
    for program in judges.into_iter().chain(programs) {
        let command = format!("$ {} --help\n", program.name);
        let at = manual
            .find(&command)
            .unwrap_or_else(|| panic!("docs/judges.md lacks `{}`", command.trim_end()));
        assert!(
            manual[at..].contains(&format!("\n\n{}", program.format)),
            "docs/judges.md lacks {}'s format after `$ {} --help`",
            program.name,
            program.name
        );
    }
}
