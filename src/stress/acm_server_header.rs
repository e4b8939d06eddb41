//! `stress acm-server --server FILE`: the student's `server.h` (the ACM class 2024 basic task)
//! compiled into the course's `basic.cpp` (our `src/judges/acm_server/driver.cpp`), then
//! stressed like any `acm-server` solution ([`search`]): seeded games within the course's
//! limits (`--limits course`, which it requires) until its output differs from our judge's,
//! the failing game shrunk within them.

use crate::stress::compile::{compile, Compiler, Submission};
use crate::stress::report::{judge_report, Report};
use crate::stress::search::{search, JudgeStress};
use std::path::PathBuf;

/// The driver: basic.cpp.
const DRIVER: &str = include_str!("../judges/acm_server/driver.cpp");

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
