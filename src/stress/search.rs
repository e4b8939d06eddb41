//! A judge's stress test: seeded `gen` inputs, each through the program under test and our
//! `solve`, until the first failure (the lowest-numbered failing input, whatever `--jobs`),
//! which is then shrunk.

use crate::courses::program::verdict;
use crate::courses::program::Verdict;
use crate::courses::Harness;
use crate::exec::child::{self, ProgramRun};
use crate::exec::pool::{for_each_index, AfterPanic, Panicked};
use crate::exec::progress::Progress;
use crate::io::runner::solve_in_memory;
use crate::judges::limits::{Limits, WithinCourse};
use crate::judges::options::GenOptions;
use crate::judges::Judge;
use crate::stress::shrink::{shrink, ShrinkBudget};
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

/// A failing input: its number, text, evidence and when it was found.
pub(crate) type Found = (u64, Vec<u8>, Evidence, Duration);

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
/// use minejudge::courses::program::Verdict;
/// use minejudge::courses::Harness;
/// use minejudge::stress::search::{search, StressOutcome, JudgeStress};
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
    // The lowest-numbered failing input.
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
    refuse_panicked(&batch.panicked, harness.seed)?;
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
    let kind = evidence.verdict.clone();
    Ok(StressOutcome::Failed(Box::new(shrink_failure(
        search,
        (index, original, evidence, found_after),
        &|verdict| verdict.same_kind(&kind),
    ))))
}

/// The first input on which our own code panicked, as an error: a bug of ours, never the
/// solution's failure.
pub(crate) fn refuse_panicked(panicked: &[Panicked], seed: u64) -> Result<(), String> {
    match panicked.first() {
        Some(panicked) => Err(format!(
            "input {} (seed {}): minejudge failed on it: {}",
            panicked.index,
            seed.wrapping_add(panicked.index),
            panicked.message
        )),
        None => Ok(()),
    }
}

/// Shrinks the failing input while `same_kind` holds for how it fails.
pub(crate) fn shrink_failure(
    search: &JudgeStress,
    (index, original, evidence, found_after): Found,
    same_kind: &(dyn Fn(&Verdict) -> bool + Sync),
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
    let still_fails = |input: &[u8]| {
        try_input(judge, harness, input)
            .ok()
            .flatten()
            .filter(|evidence| same_kind(&evidence.verdict))
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
