//! `jlu-machine` as a problem package, interactive and scoring, in the Kattis format (here)
//! and ACMOJ's ([`acmoj`]): the course's judge program calls `machine` once per click of many
//! games and marks the mean score, so the package's interactor (`jlu_machine/interactor.py`)
//! deals each game from a seed of the test, sends the panel before every click, and writes the
//! games' mean score. Hydro and LemonLime would need interactors or graders of their own.
//!
//! Submissions: our `jlu-machine` bundle with a loop around it ([`super::panel_loop`]) as the
//! accepted one, one that clicks the first closed cell as partially accepted (it scores less),
//! and one that writes its clicks 1-based as a wrong answer.

mod acmoj;

use crate::bundle::bundle;
use crate::package::files::File;
use crate::package::kattis::{uuid, yaml_string};
use crate::package::Format;
use crate::rng::Rng;
use std::path::Path;

/// The course's games: 20x20 with 50 mines.
const COURSE: (usize, usize, usize) = (20, 20, 50);

/// The crafted tests before the course's: the classic beginner, intermediate and expert boards
/// (the expert one as wide as the course's `GamePanel[30][30]` allows), a dense course board,
/// and one row.
const CRAFTED: [(&str, (usize, usize, usize)); 5] = [
    ("beginner", (9, 9, 10)),
    ("intermediate", (16, 16, 40)),
    ("expert", (16, 30, 99)),
    ("dense", (20, 20, 80)),
    ("one-row", (1, 30, 5)),
];

/// Games per test: enough that a test's mean is not one game's luck, few enough that a test
/// runs in well under the time limit.
const GAMES: usize = 10;

/// The time limit per test, in seconds, for all its games.
const TIME_LIMIT: u32 = 5;

/// The memory limit in MiB.
const MEMORY: u32 = 256;

/// The interactor, input validator, sample interaction and weak submissions, as kept.
const INTERACTOR: &str = include_str!("jlu_machine/interactor.py");
const VALIDATOR: &str = include_str!("jlu_machine/validate.py");
const SAMPLE: &str = "5 5 3 1\n7\n";
const SAMPLE_INTERACTION: &str = include_str!("jlu_machine/sample.interaction");
const FIRST_CLOSED: &str = include_str!("jlu_machine/first_closed.rs");
const ONE_BASED: &str = include_str!("jlu_machine/one_based.rs");
const STATEMENT_EN: &str = include_str!("statements/jlu-machine.en.md");
const STATEMENT_ZH: &str = include_str!("statements/jlu-machine.zh.md");

/// The formats that take the package.
pub const FORMATS: [Format; 2] = [Format::Kattis, Format::Acmoj];

/// The package's files in `format` (one of [`FORMATS`]): `tests` secret tests, their seeds
/// drawn from `seed`, the crate's sources in `src`.
///
/// # Errors
/// A format that does not take it; a source of the crate that cannot be bundled.
pub fn files(format: Format, tests: usize, seed: u64, src: &Path) -> Result<Vec<File>, String> {
    match format {
        Format::Kattis => kattis_files(tests, seed, src),
        Format::Acmoj => acmoj::files(tests, seed, src),
        // Their packages here are pass or fail per test on a fixed answer.
        Format::Hydro | Format::Lemon => Err(format!(
            "jlu-machine is an interactive, scoring problem: --format kattis or acmoj, not {}",
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

/// The secret tests' names and inputs: the crafted boards first, then the course's, each
/// `n m k g` and g seeds.
fn secret(tests: usize, seed: u64) -> Vec<(String, String)> {
    let mut rng = Rng::new(seed);
    let boards = CRAFTED
        .iter()
        .copied()
        .chain(std::iter::repeat(("course", COURSE)));
    let width = tests.to_string().len().max(2);
    boards
        .take(tests)
        .enumerate()
        .map(|(index, (what, (n, m, k)))| {
            let mut input = format!("{n} {m} {k} {GAMES}\n");
            for _ in 0..GAMES {
                // Seeds below 2^63, what the validator takes.
                input += &format!("{}\n", rng.next_u64() >> 1);
            }
            (format!("{:0width$}-{what}", index + 1), input)
        })
        .collect()
}

/// Our `jlu-machine` bundle, its `main` playing every panel of one run instead of one.
fn accepted(src: &Path) -> Result<String, String> {
    // The main's call, and its import (unused once the call is gone: a warning otherwise).
    const CHANGES: [(&str, &str); 2] = [
        (
            "judge_main(&solve::PROGRAM)",
            "panel_loop::main(solve::solve)",
        ),
        ("use crate::io::runner::judge_main;\n", ""),
    ];
    let mut looped = bundle(src, "jlu-machine")?;
    for (from, to) in CHANGES {
        if looped.matches(from).count() != 1 {
            return Err(format!(
                "the bundle of jlu-machine does not hold {from:?} once"
            ));
        }
        looped = looped.replace(from, to);
    }
    let panel_loop = include_str!("panel_loop.rs");
    Ok(format!("{looped}\nmod panel_loop {{\n{panel_loop}}}\n"))
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

/// A statement's body: its title line dropped, the limits filled in.
fn statement_body(text: &str) -> String {
    let body = text.split_once('\n').map_or("", |(_, body)| body);
    body.trim_start()
        .replace("{time}", &TIME_LIMIT.to_string())
        .replace("{memory}", &MEMORY.to_string())
}
