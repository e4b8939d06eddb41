//! `stress acm-server --server FILE`: the student's `server.h` (the ACM class 2024 basic task)
//! compiled into the course's `basic.cpp` ([`crate::courses::acm_server`]), then
//! stressed like any `acm-server` solution ([`crate::stress::search`]): seeded games within the course's
//! limits (`--limits course`, which it requires) until its output differs from our judge's,
//! the failing game shrunk within them.

use crate::courses::acm_server::BASIC;
use crate::stress::driven::{self, DrivenFile};
use crate::stress::report::Report;

/// Compiles the file and stresses it.
///
/// # Errors
/// When no compiler is found or the file does not compile (exit 2).
pub fn run(config: &DrivenFile) -> Result<Report, String> {
    driven::run(&BASIC, config).map(|(report, _)| report)
}
