//! Golden cases: every `testdata/<binary>/<case>.in` through the built binary, compared byte
//! for byte with `<case>.ans`. A `<case>.err` beside them holds the exact stderr of a bad input,
//! which must exit with status 1; without one the run must exit 0 with nothing on stderr.
//! `BLESS=1` rewrites the `.ans` (and existing `.err`) files from the binaries (never under `CI`).

use crate::util;
use std::fs;

#[test]
fn golden_cases() {
    let bless = std::env::var_os("BLESS").is_some_and(|v| v == "1");
    assert!(
        !(bless && std::env::var_os("CI").is_some()),
        "BLESS=1 is refused under CI: answers are checked by eyes, not rewritten by CI"
    );
    let mut failures = Vec::new();
    let mut cases = 0;
    let mut dirs: Vec<_> = fs::read_dir(util::testdata())
        .expect("testdata/")
        .map(|entry| entry.expect("testdata entry").path())
        .filter(|path| path.is_dir())
        .collect();
    dirs.sort();
    for dir in dirs {
        let name = dir.file_name().unwrap().to_string_lossy().into_owned();
        let mut inputs: Vec<_> = fs::read_dir(&dir)
            .unwrap()
            .map(|entry| entry.unwrap().path())
            .filter(|path| path.extension().is_some_and(|e| e == "in"))
            .collect();
        inputs.sort();
        for input_path in inputs {
            cases += 1;
            let input = fs::read(&input_path).unwrap();
            let run = util::run(&name, &input, &input_path.display().to_string());
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
            let expected =
                fs::read(&ans_path).unwrap_or_else(|_| panic!("{case}: no {}", ans_path.display()));
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
    }
    println!("golden: {cases} cases");
    assert!(cases > 0, "no golden case found under testdata/");
    assert!(
        failures.is_empty(),
        "{} golden case(s) failed:\n\n{}",
        failures.len(),
        failures.join("\n\n")
    );
}
