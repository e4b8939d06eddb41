//! `jlu-machine` as Hydro's problem folder, as [`InteractiveScoring`] lays out an interactive,
//! scoring problem there.
//!
//! [`InteractiveScoring`]: crate::package::interactive::InteractiveScoring

use super::problem::{secret, PROBLEM};
use crate::package::files::File;

/// The package's files: the sample first, then `tests` secret tests drawn from `seed`.
pub(super) fn files(tests: usize, seed: u64) -> Vec<File> {
    PROBLEM.hydro_files(secret(tests, seed))
}
