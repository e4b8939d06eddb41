//! `stress acm-server --server FILE`: the student's `server.h` (the ACM class 2024 basic task)
//! compiled into the course's `basic.cpp` (our `src/judges/acm_server/driver.cpp`), then
//! stressed like any `acm-server` solution ([`search`]): seeded games within the course's
//! limits ([`COURSE_SERVER`]) until its output differs from our judge's, the failing game
//! shrunk.

use crate::stress::compile::{compile, Compiler, Submission};
use crate::stress::course_limits::CourseLimited;
use crate::stress::report::{judge_report, Report};
use crate::stress::search::{search, JudgeStress};
use std::path::PathBuf;

/// The driver: basic.cpp.
const DRIVER: &str = include_str!("../judges/acm_server/driver.cpp");

/// The course's limits: 1 < n, m <= 30 ...
pub const COURSE_SIDE: usize = 30;
/// ... and at most 1000 operations (1 <= mines < n * m besides).
pub const COURSE_OPERATIONS: usize = 1000;

/// The course's `acm-server`: n and m from 2 to 30, at least one mine and one safe cell, at
/// most 1000 operations (a generated game beyond them is drawn again).
pub static COURSE_SERVER: CourseLimited = CourseLimited {
    judge: &crate::judges::acm_server::AcmServer,
    max_side: COURSE_SIDE,
    fit: |input| within_course(&input).then_some(input),
    within: within_course,
};

/// Whether an `acm-server` game is within the course's limits.
fn within_course(input: &[u8]) -> bool {
    let text = String::from_utf8_lossy(input);
    let mut words = text.split_whitespace();
    let mut side = || words.next().and_then(|w| w.parse::<usize>().ok());
    let (Some(rows), Some(cols)) = (side(), side()) else {
        return false;
    };
    let sides = (2..=COURSE_SIDE).contains(&rows) && (2..=COURSE_SIDE).contains(&cols);
    let map: Vec<&str> = words.by_ref().take(rows).collect();
    let mines: usize = map.iter().map(|row| row.matches('X').count()).sum();
    let operations = words.count() / 3;
    sides && (1..rows * cols).contains(&mines) && operations <= COURSE_OPERATIONS
}

/// `stress acm-server --server FILE`.
#[derive(Clone, Debug)]
pub struct ServerHeader {
    /// The student's `server.h`.
    pub server: PathBuf,
    /// `--cxx`: the compiler.
    pub cxx: Option<String>,
    /// The stress test of `acm-server` (its command is ours, set when compiled).
    pub stress: JudgeStress,
}

/// Compiles the file and stresses it.
///
/// # Errors
/// When no compiler is found or the file does not compile (exit 2).
pub fn run(config: &ServerHeader) -> Result<Report, String> {
    let compiler = Compiler::find(config.cxx.as_deref())?;
    let submission = Submission {
        name: "server.h",
        path: &config.server,
    };
    let build = compile(&compiler, DRIVER, &[submission])?;
    let mut stress = config.stress.clone();
    stress.harness.command = vec![build.exe.to_string_lossy().into_owned()];
    let outcome = search(&stress)?;
    let mut report = judge_report(&stress, &outcome);
    report.text = report.text.replace(
        &stress.harness.command_line(),
        &format!(
            "your server.h ({}) in the course's basic.cpp",
            config.server.display()
        ),
    );
    Ok(report)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn games_within_the_course_limits() {
        assert!(within_course(b"2 2\nX.\n..\n0 1 0\n"));
        assert!(!within_course(b"1 2\nX.\n"), "a side of 1");
        assert!(!within_course(b"2 2\nXX\nXX\n"), "no safe cell");
        assert!(!within_course(b"2 2\n..\n..\n"), "no mine");
        let long = format!("2 2\nX.\n..\n{}", "0 1 0\n".repeat(1001));
        assert!(!within_course(long.as_bytes()), "1001 operations");
    }
}
