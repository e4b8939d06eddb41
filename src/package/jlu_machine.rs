//! `jlu-machine` as a problem package, interactive and scoring, in the Kattis format (here),
//! ACMOJ's ([`acmoj`]) and Hydro's ([`hydro`]), and in LemonLime's as the course's own `machine`
//! function with a grader ([`lemon`]): the course's judge program calls `machine` once
//! per click of many games and marks the mean score, so the package's interactor
//! (`jlu_machine/interactor.py`) deals each game from a seed of the test, sends the panel before
//! every click, and writes the games' mean score.
//!
//! Submissions: our `jlu-machine` bundle with a loop around it ([`super::panel_loop`]) as the
//! accepted one, one that clicks the first closed cell as partially accepted (it scores less),
//! and one that writes its clicks 1-based as a wrong answer.

mod acmoj;
mod hydro;
mod lemon;
mod problem;

use crate::package::files::File;
use crate::package::kattis::{uuid, yaml_string};
use crate::package::Format;
use problem::{accepted, secret, statement_body, FIRST_CLOSED, INTERACTOR, MEMORY, ONE_BASED};
use problem::{SAMPLE, SAMPLE_INTERACTION, STATEMENT_EN, STATEMENT_ZH, TIME_LIMIT, VALIDATOR};
use std::path::Path;

/// The formats that take the package.
pub const FORMATS: [Format; 4] = [Format::Kattis, Format::Acmoj, Format::Hydro, Format::Lemon];

/// The package's files in `format` (one of [`FORMATS`]): `tests` secret tests, their seeds
/// drawn from `seed`, the crate's sources in `src`.
///
/// # Errors
/// A format that does not take it; a source of the crate that cannot be bundled.
pub fn files(format: Format, tests: usize, seed: u64, src: &Path) -> Result<Vec<File>, String> {
    match format {
        Format::Kattis => kattis_files(tests, seed, src),
        Format::Acmoj => acmoj::files(tests, seed, src),
        Format::Hydro => Ok(hydro::files(tests, seed)),
        Format::Lemon => Ok(lemon::files(tests, seed)),
        // BAPCtools, which checks our 2025-09 packages, takes no scoring problem.
        Format::Kattis2025 => Err(
            "jlu-machine is a scoring problem, which BAPCtools does not check: --format kattis \
             (2023-07) or acmoj"
                .into(),
        ),
        // Their packages here are pass or fail per test on a fixed answer.
        Format::Dmoj => Err(format!(
            "jlu-machine is an interactive, scoring problem: --format kattis, acmoj, hydro or lemon, not {}",
            format.name()
        )),
    }
}

/// The Kattis package's files.
fn kattis_files(tests: usize, seed: u64, src: &Path) -> Result<Vec<File>, String> {
    let mut files = vec![File::new("problem.yaml", problem_yaml())];
    for (code, text) in [("en", STATEMENT_EN), ("zh", STATEMENT_ZH)] {
        let path = format!("statement/problem.{code}.md");
        files.push(File::new(path, statement_body(text)));
    }
    // An interactive problem's tests have answer files too, empty: the interactor judges.
    files.push(File::new("data/sample/1.in", SAMPLE));
    files.push(File::new("data/sample/1.ans", ""));
    files.push(File::new("data/sample/1.interaction", SAMPLE_INTERACTION));
    // Score ranges, which verifyproblem wants declared: a test scores 0 to 60.
    let ranges = [
        ("data", tests + 1),
        ("data/sample", 1),
        ("data/secret", tests),
    ];
    for (group, tests) in ranges {
        let range = format!("range: 0 {}\n", 60 * tests);
        files.push(File::new(format!("{group}/testdata.yaml"), range));
    }
    for (name, input) in secret(tests, seed) {
        files.push(File::new(format!("data/secret/{name}.in"), input));
        files.push(File::new(format!("data/secret/{name}.ans"), ""));
    }
    files.push(File::program("input_validators/validate.py", VALIDATOR));
    files.push(File::program("output_validator/interactor.py", INTERACTOR));
    files.push(File::new(
        "submissions/accepted/jlu_machine.rs",
        accepted(src)?,
    ));
    files.push(File::new(
        "submissions/partially_accepted/first_closed.rs",
        FIRST_CLOSED,
    ));
    files.push(File::new(
        "submissions/wrong_answer/one_based.rs",
        ONE_BASED,
    ));
    Ok(files)
}

/// `problem.yaml`: interactive and scoring, the code limit raised for our bundle.
fn problem_yaml() -> String {
    let title = |text: &'static str| {
        text.lines()
            .next()
            .unwrap_or_default()
            .trim_start_matches("# ")
    };
    format!(
        "problem_format_version: 2023-07-draft\n\
         type: [interactive, scoring]\n\
         name:\n  en: {en}\n  zh: {zh}\n\
         uuid: {uuid}\n\
         source: {source}\n\
         license: cc by-sa\n\
         rights_owner: minejudge\n\
         limits:\n  time_limit: {TIME_LIMIT}\n  memory: {MEMORY}\n  code: 256\n",
        en = yaml_string(title(STATEMENT_EN)),
        zh = yaml_string(title(STATEMENT_ZH)),
        uuid = uuid("jlu-machine"),
        source = yaml_string("JLU course \"扫雷\" (数据结构课程设计), part (2)"),
    )
}
