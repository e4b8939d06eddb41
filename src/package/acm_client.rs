//! `acm-client` as a problem package, interactive and scoring, in the Kattis, ACMOJ and Hydro
//! formats ([`InteractiveScoring`]): the ACM class's advanced task, a client playing batches of maps
//! against the course's server. The package's interactor (`acm_client/interactor.py`) is that server: each test holds its maps
//! (the course's own, drawn as its `std::mt19937_64` draws them, and crafted ones), so the
//! interactor needs only the server's rules, and scores the test as the course scores a batch.
//!
//! Submissions: our `acm-client` bundle with a loop around it ([`super::client_loop`]) as the
//! accepted one, one that visits the first unvisited cell as partially accepted (it scores
//! less), and one that leaves out the move's type as a wrong answer.

use crate::bundle::bundle;
use crate::package::files::File;
use crate::package::interactive::{beside, refuse_tests_and_time_limit, InteractiveScoring};
use crate::package::problem::Additions;
use crate::package::Format;
use crate::players::acm_client::course_maps::{batch, CourseMap};
use crate::rng::Rng;
use std::path::Path;

/// The formats that take the package.
pub const FORMATS: [Format; 3] = [Format::Kattis, Format::Acmoj, Format::Hydro];

/// The crafted batches before the course's random ones: rows, columns, mines.
const CRAFTED: [(&str, (usize, usize, usize)); 6] = [
    ("example", (10, 10, 9)),
    ("largest", (30, 30, 135)),
    ("expert", (16, 30, 99)),
    ("dense", (20, 20, 84)),
    ("three-rows", (3, 30, 9)),
    ("sparse", (30, 30, 81)),
];

/// Maps per test: enough that dropping the lowest tenth drops one, few enough that a test runs
/// well within its time limit with a Python server.
const MAPS: usize = 10;

/// The time limit per test, in seconds, for all its maps.
const TIME_LIMIT: u32 = 10;

/// The memory limit in MiB.
const MEMORY: u32 = 256;

const INTERACTOR: &str = include_str!("acm_client/interactor.py");
const VALIDATOR: &str = include_str!("acm_client/validate.py");
const SAMPLE: &str = "2\n3 3\n.X.\n...\n..X\n2 0\n3 3\n...\n...\n..X\n0 0\n";
const SAMPLE_INTERACTION: &str = include_str!("acm_client/sample.interaction");
const FIRST_UNVISITED: &str = include_str!("acm_client/first_unvisited.rs");

/// The weak submission's first comment, and the wrong one's in its place.
const WEAK_HEADER: &str =
    "// A weak client for the `acm-client` package: it visits the first unvisited cell of each map,
// row by row, and so scores less than a client that reasons (a partially accepted submission).";
const WRONG_HEADER: &str =
    "// A wrong client for the `acm-client` package: it writes its moves as `r c`, without the
// move's type, which the server cannot read (a wrong answer).";
const STATEMENT_EN: &str = include_str!("acm_client/statement.en.md");
const STATEMENT_ZH: &str = include_str!("acm_client/statement.zh.md");

/// What its `problem.yaml` and statements say.
const PROBLEM: InteractiveScoring = InteractiveScoring {
    name: "acm-client",
    statement_en: STATEMENT_EN,
    statement_zh: STATEMENT_ZH,
    source: "ACM class 2024 (程序设计, CS1953), the advanced task",
    time_limit: TIME_LIMIT,
    memory: MEMORY,
    // Our bundle is about 320 KB.
    code: 512,
    top_score: 100,
    sample: SAMPLE,
    sample_interaction: SAMPLE_INTERACTION,
    validator: VALIDATOR,
    interactor: INTERACTOR,
};

/// The package's files in `format` (one of [`FORMATS`]): `tests` secret tests, their batches'
/// seeds drawn from `seed`, the crate's sources in `src`.
///
/// `additions` are a teacher's (submissions, license).
///
/// # Errors
/// A format that does not take it; added tests or a time limit; a source of the crate that
/// cannot be bundled.
pub fn files(
    format: Format,
    tests: usize,
    seed: u64,
    additions: &Additions,
    src: &Path,
) -> Result<Vec<File>, String> {
    refuse_tests_and_time_limit("acm-client", additions)?;
    let mut files = match format {
        Format::Kattis => {
            let submissions = vec![
                ("accepted/acm_client.rs", accepted(src)?),
                (
                    "partially_accepted/first_unvisited.rs",
                    FIRST_UNVISITED.into(),
                ),
                ("wrong_answer/no_type.rs", no_type()?),
            ];
            return Ok(PROBLEM.kattis_files(secret(tests, seed), submissions, additions));
        }
        Format::Acmoj => PROBLEM.acmoj_files(secret(tests, seed), accepted(src)?),
        Format::Hydro => PROBLEM.hydro_files(secret(tests, seed)),
        _ => {
            return Err(format!(
                "acm-client is an interactive, scoring problem: --format kattis, acmoj or hydro, not {}",
                format.name()
            ))
        }
    };
    files.extend(beside(additions));
    Ok(files)
}

/// The wrong submission: the weak one, its moves written without their type.
fn no_type() -> Result<String, String> {
    const MOVE: &str = "writeln!(out, \"{row} {col} 0\")";
    if FIRST_UNVISITED.matches(MOVE).count() != 1 {
        return Err(format!("first_unvisited.rs does not hold {MOVE:?} once"));
    }
    let wrong = FIRST_UNVISITED.replace(MOVE, "writeln!(out, \"{row} {col}\")");
    Ok(wrong.replacen(WEAK_HEADER, WRONG_HEADER, 1))
}

/// The secret tests' names and inputs: the crafted batches first, then the course's example
/// sizes with random seeds and random sizes within its limits.
fn secret(tests: usize, seed: u64) -> Vec<(String, String)> {
    let mut rng = Rng::new(seed);
    let width = tests.to_string().len().max(2);
    (0..tests)
        .map(|index| {
            let (what, (rows, cols, mines)) = match CRAFTED.get(index) {
                Some(&crafted) => crafted,
                None => {
                    let (rows, cols) = (5 + rng.below(26), 5 + rng.below(26));
                    // 9 to 21 mines per 100 cells, the course's published batches' range.
                    let mines = (rows * cols * (9 + rng.below(13)) / 100).max(1);
                    ("course", (rows, cols, mines))
                }
            };
            let maps = batch(rows, cols, mines, rng.next_u64(), 2).take(MAPS);
            let mut input = format!("{MAPS}\n");
            for map in maps {
                input += &map_text(&map);
            }
            (format!("{:0width$}-{what}", index + 1), input)
        })
        .collect()
}

/// A map as the test holds it: `n m`, the rows, the first click.
fn map_text(map: &CourseMap) -> String {
    let mut text = format!("{} {}\n", map.rows, map.cols);
    for row in map.mine.chunks(map.cols) {
        text.extend(row.iter().map(|&mine| if mine { 'X' } else { '.' }));
        text.push('\n');
    }
    text + &format!("{} {}\n", map.first.0, map.first.1)
}

/// Our `acm-client` bundle, its `main` a client of the package's server instead of a player
/// with a server of its own.
fn accepted(src: &Path) -> Result<String, String> {
    const MAIN: &str = "fn main() -> ExitCode {";
    let bundled = bundle(src, "acm-client")?;
    if bundled.matches(MAIN).count() != 1 {
        return Err(format!(
            "the bundle of acm-client does not hold {MAIN:?} once"
        ));
    }
    // The course's main stays, unused (the bundle allows dead code).
    let looped = bundled.replace(
        MAIN,
        "fn main() -> ExitCode {\nclient_loop::main()\n}\n\nfn course_main() -> ExitCode {",
    );
    let client_loop = include_str!("client_loop.rs");
    Ok(format!("{looped}\nmod client_loop {{\n{client_loop}}}\n"))
}
