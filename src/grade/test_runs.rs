//! The tasks marked by tests, points per test (OI rules): JLU part (1) (`jlu-panel`), THU's
//! Mine (`mine-ops`) and the ACM basic task (`acm-server`). The tests come from a folder (each
//! `NAME.in` with its `NAME.ans` or `NAME.out`, or our judge's answer when there is none), or
//! are made by `gen` within the course's limits from the class's seed.

use crate::courses::program::{verdict, Verdict};
use crate::courses::report::block;
use crate::courses::Harness;
use crate::exec::child;
use crate::exec::child::{describe_ending, describe_run_ending, Ending};
use crate::grade::games;
use crate::grade::outcome::{ended_by_the_machine, Doubt, Outcome, Test};
use crate::io::runner::solve_in_memory;
use crate::judges::{Judge, Knobs, Limits as GenLimits, Size};
use std::path::Path;

/// One test: its name, input and the answer it must print.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TestCase {
    /// Its name.
    pub name: String,
    /// Its input.
    pub input: Vec<u8>,
    /// The right answer.
    pub expected: Vec<u8>,
}

/// The tests in `dir`: every `*.in`, in natural order (`2.in` before `10.in`), with its answer
/// from `.ans` or `.out` beside it, else from our `judge`.
///
/// # Errors
/// When the folder cannot be read, holds no test, or our judge refuses an input.
pub fn load_tests(judge: &Judge, dir: &Path) -> Result<Vec<TestCase>, String> {
    let entries =
        std::fs::read_dir(dir).map_err(|err| format!("--tests {}: {err}", dir.display()))?;
    let mut inputs: Vec<_> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "in"))
        .collect();
    inputs.sort_by_key(|p| {
        crate::grade::class::natural_key(&p.file_name().unwrap_or_default().to_string_lossy())
    });
    if inputs.is_empty() {
        return Err(format!("--tests {}: no *.in file", dir.display()));
    }
    inputs
        .iter()
        .map(|path| {
            let input = std::fs::read(path).map_err(|e| format!("{}: {e}", path.display()))?;
            let answer = ["ans", "out"]
                .iter()
                .find_map(|ext| std::fs::read(path.with_extension(ext)).ok());
            let expected = match answer {
                Some(answer) => answer,
                None => {
                    let (answer, result) = solve_in_memory(judge.solve(), &input);
                    result.map_err(|err| {
                        format!("{}: our {} refuses it: {err}", path.display(), judge.name())
                    })?;
                    answer
                }
            };
            Ok(TestCase {
                name: path
                    .file_name()
                    .unwrap_or_default()
                    .to_string_lossy()
                    .into_owned(),
                input,
                expected,
            })
        })
        .collect()
}

/// `count` tests made by `gen <judge>` from `seed` within the course's limits: the first third
/// small, then medium, the last third the course's largest; answers by our judge.
pub fn generated_tests(judge: &Judge, seed: u64, count: u64) -> Vec<TestCase> {
    let knobs = Knobs {
        limits: GenLimits::Course,
        ..Knobs::default()
    };
    (0..count)
        .map(|i| {
            let size = match 3 * i / count.max(1) {
                0 => Size::Small,
                1 => Size::Medium,
                _ => Size::Max,
            };
            let input = judge.generate(seed.wrapping_add(i), size, &knobs);
            let (expected, _) = solve_in_memory(judge.solve(), &input);
            TestCase {
                name: format!("gen {} --seed {}", judge.name(), seed.wrapping_add(i)),
                input,
                expected,
            }
        })
        .collect()
}

/// The verdict of a test whose run could not be started.
pub const CANNOT_RUN: &str = "cannot run";

/// Runs every test through `command`, each within `harness`'s time, memory and output limits.
pub fn run_tests(command: &[String], tests: &[TestCase], harness: &Harness) -> Outcome {
    let mut outcome = Outcome::default();
    let started = std::time::Instant::now();
    for (done, test) in tests.iter().enumerate() {
        if harness.out_of_time(started) {
            outcome.doubt(Doubt::BudgetSpent);
            outcome.first_fault =
                games::out_of_time(harness, done as u64, tests.len() as u64, "tests");
            break;
        }
        let limits = harness.limits(test.expected.len());
        let ran = child::run(command, &test.input, &limits);
        match &ran {
            Err(_) => outcome.doubt(Doubt::Machine),
            Ok(run) if ended_by_the_machine(run.ending, run.peak_memory, harness.memory) => {
                outcome.doubt(Doubt::Machine)
            }
            Ok(run) if run.stdout.len() >= limits.output && run.ending != Ending::OutputLimit => {
                outcome.doubt(Doubt::Truncated)
            }
            Ok(_) => {}
        }
        let (verdict_name, detail, evidence) = match ran {
            Err(err) => (CANNOT_RUN.to_string(), err.to_string(), String::new()),
            Ok(run) => match verdict(&test.expected, &run, harness.memory) {
                None => ("passed".to_string(), String::new(), String::new()),
                Some(found) => {
                    let detail = match &found {
                        Verdict::WrongAnswer(d) => format!(
                            "line {}: expected {:?}, got {:?}{}",
                            d.line,
                            d.expected.as_deref().unwrap_or("(end of output)"),
                            d.actual.as_deref().unwrap_or("(end of output)"),
                            if d.only_trailing_spaces {
                                " (only spaces at line ends differ)"
                            } else {
                                ""
                            }
                        ),
                        Verdict::Crashed(ending) => describe_ending(*ending),
                        Verdict::TimedOut => format!(
                            "{}; killed",
                            describe_run_ending(run.ending, run.usage(), &harness.limits(0))
                        ),
                        Verdict::OutOfMemory => "out of memory".to_string(),
                        Verdict::OutputLimit => "printed far more than the answer".to_string(),
                    };
                    let focus = match &found {
                        Verdict::WrongAnswer(d) => d.line,
                        _ => 0,
                    };
                    let mut evidence = block("the input", &test.input, 0);
                    evidence.push_str(&block("the answer", &test.expected, focus));
                    evidence.push_str(&block("its output", &run.stdout, focus));
                    if !run.stderr.is_empty() {
                        evidence.push_str(&block("its stderr", &run.stderr, 0));
                    }
                    (found.name().to_string(), detail, evidence)
                }
            },
        };
        if verdict_name != "passed" && verdict_name != "wrong answer" {
            outcome.faults += 1;
        }
        if verdict_name != "passed" && outcome.first_fault.is_empty() {
            outcome.first_fault = format!("{}: {verdict_name}: {detail}", test.name);
            outcome.evidence = evidence;
        }
        outcome.tests.push(Test {
            name: test.name.clone(),
            verdict: verdict_name,
            detail,
        });
    }
    outcome
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn generated_tests_are_the_same_for_the_same_seed() {
        let judge = crate::judges::named("jlu-panel").unwrap();
        let a = generated_tests(judge, 7, 6);
        assert_eq!(a, generated_tests(judge, 7, 6));
        assert_eq!(a.len(), 6);
        for test in &a {
            assert_eq!(judge.check_course(&test.input), Ok(()), "{}", test.name);
        }
    }
}
