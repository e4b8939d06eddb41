//! A student's file compiled into one of our drivers, then stressed like any solution of the
//! driver's judge ([`search`]): what `stress acm-server --server` and `stress jlu-panel
//! --function` share.

use crate::courses::Driver;
use crate::exec::compile::Compiler;
use crate::stress::keep_going::search_all;
use crate::stress::report::{judge_report, tally_report, Report};
use crate::stress::search::{search, JudgeStress, StressOutcome};
use std::path::PathBuf;

/// `stress <judge> --server FILE` or `--function FILE`: the file, its compiler and the stress
/// test of the judge (whose command is ours, set when compiled).
#[derive(Clone, Debug)]
pub struct DrivenFile {
    /// The student's file.
    pub file: PathBuf,
    /// `--cxx`: the compiler.
    pub cxx: Option<String>,
    /// The stress test of the driver's judge.
    pub stress: JudgeStress,
    /// `--keep-going`: every input run, the failures counted by kind.
    pub keep_going: bool,
}

/// Compiles `config.file` into `driver` and stresses it; the report names the student's file
/// where it would name a command. The outcome is the first failure's search (`None` under
/// `--keep-going`).
///
/// # Errors
/// When no compiler is found or the file does not compile (exit 2).
pub(crate) fn run(
    driver: &Driver,
    config: &DrivenFile,
) -> Result<(Report, Option<StressOutcome>), String> {
    let compiler = Compiler::find(config.cxx.as_deref())?;
    let build = driver.compile(&compiler, &config.file)?;
    let mut stress = config.stress.clone();
    stress.harness.command = vec![build.exe.to_string_lossy().into_owned()];
    let (mut report, outcome) = if config.keep_going {
        (tally_report(&stress, &search_all(&stress)?), None)
    } else {
        let outcome = search(&stress)?;
        (judge_report(&stress, &outcome), Some(outcome))
    };
    report.text = report.text.replace(
        &stress.harness.command_line(),
        &format!(
            "your {} ({}) in {}",
            driver.student_part,
            config.file.display(),
            driver.runs_in
        ),
    );
    Ok((report, outcome))
}
