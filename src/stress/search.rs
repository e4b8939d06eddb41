//! A judge's stress test: seeded `gen` inputs, each through the program under test and our
//! `solve`, until the first failure (the lowest-numbered failing input, whatever `--jobs`),
//! which is then shrunk.

use crate::exec::child::{self, Ending, ProgramRun};
use crate::exec::pool::{for_each_index, AfterPanic};
use crate::exec::progress::Progress;
use crate::io::runner::solve_in_memory;
use crate::judges::limits::{Limits, WithinCourse};
use crate::judges::options::GenOptions;
use crate::judges::Judge;
use crate::stress::compare::{compare, Difference};
use crate::stress::shrink::{shrink, ShrinkBudget};
use crate::stress::Harness;
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// A stress test of one judge.
#[derive(Clone, Debug)]
pub struct JudgeStress {
    /// The judge whose problem the program solves.
    pub judge: &'static Judge,
    /// The inputs' size and knobs, as `gen` takes them.
    pub request: GenOptions,
    /// How many inputs at most; 0 for no end but the first failure.
    pub count: u64,
    /// The program under test and how to run it.
    pub harness: Harness,
}

/// What was wrong with one run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// It exited normally with another answer.
    WrongAnswer(Difference),
    /// It exited with a non-zero status or was killed by a signal.
    Crashed(Ending),
    /// It was still running at the time limit.
    TimedOut,
    /// It ran out of the memory allowed.
    OutOfMemory,
    /// It printed far more than the answer.
    OutputLimit,
}

impl Verdict {
    /// What the online judges call it: `wrong answer`, `crash`, `timeout`, ...
    pub fn name(&self) -> &'static str {
        match self {
            Verdict::WrongAnswer(_) => "wrong answer",
            Verdict::Crashed(_) => "crash",
            Verdict::TimedOut => "timeout",
            Verdict::OutOfMemory => "memory limit exceeded",
            Verdict::OutputLimit => "output limit exceeded",
        }
    }

    /// Whether `other` is the same kind of failure (any wrong answer is like any other).
    pub fn same_kind(&self, other: &Verdict) -> bool {
        std::mem::discriminant(self) == std::mem::discriminant(other)
    }
}

/// The lines of stderr by which programs in common languages report a failed allocation.
const OUT_OF_MEMORY: [&str; 6] = [
    "memory allocation of",
    "bad_alloc",
    "MemoryError",
    "out of memory",
    "Cannot allocate memory",
    "OutOfMemoryError",
];

/// The verdict on `run` against our answer `expected`; `None` when it passed. `memory` is the
/// cap the run had, if any: a failed run that reports a failed allocation, or that used it all,
/// ran out of memory.
pub fn verdict(expected: &[u8], run: &ProgramRun, memory: Option<u64>) -> Option<Verdict> {
    match run.ending {
        Ending::TimedOut => return Some(Verdict::TimedOut),
        Ending::OutputLimit => return Some(Verdict::OutputLimit),
        Ending::Exited(0) => return compare(expected, &run.stdout).map(Verdict::WrongAnswer),
        Ending::Exited(_) | Ending::Signalled(_) | Ending::Unknown(_) => {}
    }
    if let Some(limit) = memory {
        let stderr = String::from_utf8_lossy(&run.stderr);
        let used_all = run.peak_memory.is_some_and(|peak| peak >= limit);
        if used_all || OUT_OF_MEMORY.iter().any(|marker| stderr.contains(marker)) {
            return Some(Verdict::OutOfMemory);
        }
    }
    Some(Verdict::Crashed(run.ending))
}

/// A failing run: our answer, the run, and what was wrong.
#[derive(Clone, Debug)]
pub struct Evidence {
    /// Our judge's answer.
    pub expected: Vec<u8>,
    /// The program's run.
    pub run: ProgramRun,
    /// What was wrong.
    pub verdict: Verdict,
}

/// The first failing input, shrunk.
#[derive(Clone, Debug)]
pub struct Failure {
    /// Which input it was, counting from 0.
    pub index: u64,
    /// The `gen` seed of that input.
    pub seed: u64,
    /// The input as generated.
    pub original: Vec<u8>,
    /// The smallest input found that fails the same way.
    pub input: Vec<u8>,
    /// The failure on `input`.
    pub evidence: Evidence,
    /// From the start to the failure's discovery.
    pub found_after: Duration,
    /// Candidates tried while shrinking.
    pub shrink_tries: usize,
    /// Time spent shrinking.
    pub shrink_time: Duration,
    /// Whether shrinking stopped at its budget rather than at a minimum.
    pub shrink_out_of_budget: bool,
}

/// How a stress test ended.
#[derive(Clone, Debug)]
pub enum StressOutcome {
    /// Every input passed.
    Passed {
        /// How many.
        inputs: u64,
        /// How long they took.
        elapsed: Duration,
    },
    /// An input failed.
    Failed(Box<Failure>),
}

/// What shrinking may cost: a few thousand runs, a minute.
const SHRINK_BUDGET: ShrinkBudget = ShrinkBudget {
    tries: 3000,
    time: Duration::from_secs(60),
};

/// Runs the program on `input` beside our `solve`: `Ok(None)` if it passed (or if our judge
/// refuses the input, which then tests nothing).
///
/// # Errors
/// When the program cannot be started.
pub fn try_input(
    judge: &Judge,
    harness: &Harness,
    input: &[u8],
) -> Result<Option<Evidence>, String> {
    let (expected, result) = solve_in_memory(judge.solve(), input);
    if result.is_err() {
        return Ok(None);
    }
    let run = child::run(&harness.command, input, &harness.limits(expected.len()))
        .map_err(|err| format!("cannot run {}: {err}", harness.command_line()))?;
    Ok(
        verdict(&expected, &run, harness.memory).map(|verdict| Evidence {
            expected,
            run,
            verdict,
        }),
    )
}

/// Runs inputs until the first failure (or `count` inputs), then shrinks that failure.
/// Progress goes to stderr when the harness asks for it.
///
/// # Errors
/// When the program cannot be started.
///
/// # Complexity
/// One run of the program per input, then at most a few thousand while shrinking.
///
/// # Examples
///
/// ```
/// use minejudge::judges::{self, options::GenOptions};
/// use minejudge::stress::search::{search, StressOutcome, JudgeStress, Verdict};
/// use minejudge::stress::Harness;
///
/// // `cat` echoes the game instead of playing it: wrong from the first input.
/// let config = JudgeStress {
///     judge: judges::named("mine-ops").unwrap(),
///     request: GenOptions::default(),
///     count: 10,
///     harness: Harness::new(&["cat"]),
/// };
/// let StressOutcome::Failed(failure) = search(&config).unwrap() else { panic!() };
/// assert!(matches!(failure.evidence.verdict, Verdict::WrongAnswer(_)));
/// assert_eq!(failure.input, b"1 1\n.\nQuit\n", "shrunk to the smallest game");
/// ```
pub fn search(search: &JudgeStress) -> Result<StressOutcome, String> {
    let JudgeStress {
        judge,
        request,
        count,
        harness,
    } = search;
    let started = Instant::now();
    // The lowest-numbered failing input: its number, text, evidence and when it was found.
    type Found = (u64, Vec<u8>, Evidence, Duration);
    let first: Mutex<Option<Found>> = Mutex::new(None);
    let error = Mutex::new(None);
    let mut progress = Progress::new(harness.progress);
    let end = if *count == 0 { u64::MAX } else { *count };
    let try_one = |index: u64| {
        let seed = harness.seed.wrapping_add(index);
        let request = request.for_seed(judge, seed);
        let input = judge.generate(seed, request.size, &request.knobs);
        match try_input(judge, harness, &input) {
            Ok(None) => true,
            Ok(Some(evidence)) => {
                let mut first = first.lock().expect("no panics hold it");
                if first.as_ref().map_or(true, |(at, ..)| index < *at) {
                    *first = Some((index, input, evidence, started.elapsed()));
                }
                false
            }
            Err(message) => {
                *error.lock().expect("no panics hold it") = Some(message);
                false
            }
        }
    };
    let batch = for_each_index(
        harness.jobs,
        end,
        AfterPanic::Stop,
        try_one,
        &mut progress,
        |inputs| {
            let rate = inputs as f64 / started.elapsed().as_secs_f64().max(1e-3);
            format!("{}: {inputs} inputs tried, {rate:.0}/s", judge.name())
        },
    );
    if let Some(panicked) = batch.panicked.first() {
        return Err(format!(
            "input {} (seed {}): minejudge failed on it: {}",
            panicked.index,
            harness.seed.wrapping_add(panicked.index),
            panicked.message
        ));
    }
    let done = batch.done;
    if let Some(message) = error.into_inner().expect("no panics hold it") {
        return Err(message);
    }
    let Some((index, original, evidence, found_after)) = first.into_inner().expect("no panics")
    else {
        return Ok(StressOutcome::Passed {
            inputs: done,
            elapsed: started.elapsed(),
        });
    };
    Ok(StressOutcome::Failed(Box::new(shrink_failure(
        search,
        index,
        original,
        evidence,
        found_after,
    ))))
}

/// Shrinks the failing `original` while it fails the same way.
fn shrink_failure(
    search: &JudgeStress,
    index: u64,
    original: Vec<u8>,
    evidence: Evidence,
    found_after: Duration,
) -> Failure {
    let (judge, harness) = (search.judge, &search.harness);
    let started = Instant::now();
    let mut failure = Failure {
        index,
        seed: harness.seed.wrapping_add(index),
        input: original.clone(),
        original,
        evidence,
        found_after,
        shrink_tries: 0,
        shrink_time: Duration::ZERO,
        shrink_out_of_budget: false,
    };
    let Some(case) = judge.parse_case(&failure.original) else {
        return failure;
    };
    // Under course limits, a smaller input the course never gives proves nothing.
    let case = match search.request.knobs.limits {
        Limits::Course => Box::new(WithinCourse(case)),
        Limits::Wide => case,
    };
    let kind = failure.evidence.verdict.clone();
    let still_fails = |input: &[u8]| {
        try_input(judge, harness, input)
            .ok()
            .flatten()
            .filter(|evidence| evidence.verdict.same_kind(&kind))
    };
    let mut progress = Progress::new(harness.progress);
    let shrunk = shrink(
        case,
        harness.jobs,
        SHRINK_BUDGET,
        &still_fails,
        &mut |case, tries| {
            progress.update(|| {
                let lines = case.render().iter().filter(|&&b| b == b'\n').count();
                format!(
                    "{}: shrinking, {lines} lines after {tries} tries",
                    judge.name()
                )
            })
        },
    );
    progress.finish();
    if let Some(evidence) = shrunk.evidence {
        failure.input = shrunk.case.render();
        failure.evidence = evidence;
    }
    failure.shrink_tries = shrunk.tries;
    failure.shrink_out_of_budget = shrunk.out_of_budget;
    failure.shrink_time = started.elapsed();
    failure
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(ending: Ending, stdout: &[u8], stderr: &[u8], peak: Option<u64>) -> ProgramRun {
        ProgramRun {
            ending,
            stdout: stdout.to_vec(),
            stderr: stderr.to_vec(),
            elapsed: Duration::ZERO,
            peak_memory: peak,
        }
    }

    #[test]
    fn verdicts() {
        let ok = run(Ending::Exited(0), b"finish", b"", None);
        assert_eq!(verdict(b"finish\n", &ok, None), None);
        let wrong = run(Ending::Exited(0), b"boom\n", b"", None);
        assert!(matches!(
            verdict(b"finish\n", &wrong, None),
            Some(Verdict::WrongAnswer(_))
        ));
        // A right answer with a non-zero exit status is still a crash.
        let status = run(Ending::Exited(3), b"finish\n", b"", None);
        assert_eq!(
            verdict(b"finish\n", &status, None),
            Some(Verdict::Crashed(Ending::Exited(3)))
        );
        let oom = run(
            Ending::Signalled(6),
            b"",
            b"memory allocation of 8 bytes failed",
            None,
        );
        assert_eq!(
            verdict(b"", &oom, Some(1 << 20)),
            Some(Verdict::OutOfMemory)
        );
        assert_eq!(
            verdict(b"", &oom, None),
            Some(Verdict::Crashed(Ending::Signalled(6)))
        );
        let full = run(Ending::Signalled(11), b"", b"", Some(2 << 20));
        assert_eq!(
            verdict(b"", &full, Some(1 << 20)),
            Some(Verdict::OutOfMemory)
        );
        let slow = run(Ending::TimedOut, b"finish\n", b"", None);
        assert_eq!(verdict(b"finish\n", &slow, None), Some(Verdict::TimedOut));
        assert!(Verdict::TimedOut.same_kind(&Verdict::TimedOut));
        assert!(!Verdict::TimedOut.same_kind(&Verdict::OutputLimit));
    }
}
