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
use crate::package::interactive::{beside, refuse_tests_and_time_limit};
use crate::package::problem::Additions;
use crate::package::Format;
use problem::{accepted, secret, FIRST_CLOSED, ONE_BASED, PROBLEM};
use std::path::Path;

/// The formats that take the package.
pub const FORMATS: [Format; 4] = [Format::Kattis, Format::Acmoj, Format::Hydro, Format::Lemon];

/// The package's files in `format` (one of [`FORMATS`]): `tests` secret tests, their seeds
/// drawn from `seed`, with a teacher's `additions` (submissions, license), the crate's sources
/// in `src`.
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
    refuse_tests_and_time_limit("jlu-machine", additions)?;
    let mut files = match format {
        Format::Kattis => return kattis_files(tests, seed, additions, src),
        Format::Acmoj => acmoj::files(tests, seed, src)?,
        Format::Hydro => hydro::files(tests, seed),
        Format::Lemon => lemon::files(tests, seed),
        // BAPCtools, which checks our 2025-09 packages, takes no scoring problem.
        Format::Kattis2025 => return Err(
            "jlu-machine is a scoring problem, which BAPCtools does not check: --format kattis \
             (2023-07) or acmoj"
                .into(),
        ),
        // Their packages here are pass or fail per test on a fixed answer.
        Format::Dmoj => return Err(format!(
            "jlu-machine is an interactive, scoring problem: --format kattis, acmoj, hydro or lemon, not {}",
            format.name()
        )),
    };
    files.extend(beside(additions));
    Ok(files)
}

/// The Kattis package's files, the teacher's submissions among ours.
fn kattis_files(
    tests: usize,
    seed: u64,
    additions: &Additions,
    src: &Path,
) -> Result<Vec<File>, String> {
    let submissions = vec![
        ("accepted/jlu_machine.rs", accepted(src)?),
        ("partially_accepted/first_closed.rs", FIRST_CLOSED.into()),
        ("wrong_answer/one_based.rs", ONE_BASED.into()),
    ];
    Ok(PROBLEM.kattis_files(secret(tests, seed), submissions, additions))
}
