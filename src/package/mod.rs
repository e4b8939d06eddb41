//! `package`: a judge as a problem package that another judge system imports: Kattis (and so
//! DOMjudge, problemtools and BAPCtools), Hydro, LemonLime, ACMOJ and DMOJ.
//!
//! Every format holds the same [`Problem`]: a statement in our own words (English and
//! Chinese), the samples of `testdata/<judge>/`, secret tests from the judge's generator inside
//! the course's limits, answers from our judge, the input validator (a one-file bundle of the
//! `validate` binary), an output checker where the original judge does not compare byte for
//! byte, and submissions: our judge's bundle as the accepted one, our planted bugs as wrong
//! ones, a brute force as too slow. Each format is one file that lays them out as that
//! system's documentation says:
//! - `kattis.rs`: the 2023-07 Kattis problem package format, checked by problemtools;
//! - `kattis_2025.rs`: the 2025-09 Kattis format (statements in LaTeX, `latex.rs`), checked by
//!   BAPCtools;
//! - `hydro.rs`: Hydro's problem folder, `testdata/config.yaml`;
//! - `lemon.rs`: a LemonLime contest, its `.cdf` in the JSON form, `data/` and `source/`;
//! - `acmoj.rs`: ACMOJ's (TesutoHime's) data folder, `config.json`;
//! - `dmoj.rs`: DMOJ's problem folder, `init.yml`.

pub mod acm_client;
mod acmoj;
mod checker;
pub mod client_loop;
mod dmoj;
mod files;
mod hydro;
mod interactive;
pub mod jlu_machine;
mod kattis;
mod kattis_2025;
mod latex;
mod lemon;
pub mod panel_loop;
mod problem;
mod samples;
mod secret;
mod statement;
mod submissions;
mod teacher;

pub use checker::CHECKER;
pub use files::{write, File};
pub use problem::{Additions, Problem, Rights, Test};
pub use submissions::{Submission, Verdict};
pub use teacher::{
    license, read_submission, read_tests, LICENSES, MAX_FILE_BYTES, MAX_FOLDER_BYTES,
};

use crate::judges::Judge;
use std::path::Path;

/// The judge systems a package is made for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// The Kattis problem package format, 2023-07 (DOMjudge, problemtools, Kattis).
    Kattis,
    /// The Kattis problem package format, 2025-09 (BAPCtools).
    Kattis2025,
    /// Hydro's problem folder.
    Hydro,
    /// A LemonLime contest.
    Lemon,
    /// ACMOJ's data folder.
    Acmoj,
    /// DMOJ's problem folder.
    Dmoj,
}

impl Format {
    /// Every format, in the order the help lists them.
    pub const ALL: [Format; 6] = [
        Format::Kattis,
        Format::Kattis2025,
        Format::Hydro,
        Format::Lemon,
        Format::Acmoj,
        Format::Dmoj,
    ];

    /// Its name on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Format::Kattis => "kattis",
            Format::Kattis2025 => "kattis-2025-09",
            Format::Hydro => "hydro",
            Format::Lemon => "lemon",
            Format::Acmoj => "acmoj",
            Format::Dmoj => "dmoj",
        }
    }

    /// The format called `name`, or an error that lists them.
    pub fn named(name: &str) -> Result<Format, String> {
        Format::ALL
            .into_iter()
            .find(|format| format.name() == name)
            .ok_or_else(|| {
                format!(
                    "--format {name:?}: expected kattis, kattis-2025-09, hydro, lemon, acmoj or dmoj"
                )
            })
    }
}

/// What to package: the judge, the format, how many secret tests and the seed they are drawn
/// from.
#[derive(Clone, Copy, Debug)]
pub struct Request {
    /// The judge.
    pub judge: &'static Judge,
    /// The format.
    pub format: Format,
    /// How many secret tests (the crafted ones first, then random ones).
    pub tests: usize,
    /// The generator's first seed.
    pub seed: u64,
}

/// The files of the package `request` asks for, with a teacher's `additions`, read from the
/// crate whose `src` folder is `src` (its `testdata/` and `tests/planted/` beside it).
///
/// # Errors
/// A file of the crate that cannot be read, or a test our judge refuses (a bug of ours); an
/// added test named as one of ours.
pub fn package(request: &Request, additions: &Additions, src: &Path) -> Result<Vec<File>, String> {
    let mut problem = Problem::build(request.judge, request.tests, request.seed, src)?;
    problem.add(additions.clone())?;
    Ok(files_of(&problem, request.format))
}

/// `problem` laid out in `format`.
pub fn files_of(problem: &Problem, format: Format) -> Vec<File> {
    match format {
        Format::Kattis => kattis::files(problem),
        Format::Kattis2025 => kattis_2025::files(problem),
        Format::Hydro => hydro::files(problem),
        Format::Lemon => lemon::files(problem),
        Format::Acmoj => acmoj::files(problem),
        Format::Dmoj => dmoj::files(problem),
    }
}
