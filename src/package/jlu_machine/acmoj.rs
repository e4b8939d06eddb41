//! `jlu-machine` in ACMOJ's (TesutoHime's) data folder, as [`InteractiveScoring`] lays out an
//! interactive, scoring problem there.
//!
//! [`InteractiveScoring`]: crate::package::interactive::InteractiveScoring

use super::problem::{accepted, secret, PROBLEM};
use crate::package::files::File;
use std::path::Path;

/// The package's files: the sample first, then `tests` secret tests drawn from `seed`.
pub(super) fn files(tests: usize, seed: u64, src: &Path) -> Result<Vec<File>, String> {
    Ok(PROBLEM.acmoj_files(secret(tests, seed), accepted(src)?))
}
