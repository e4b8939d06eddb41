//! What `stress` prints: a failure with its shrunk input, our answer, theirs and the first
//! difference, or how many inputs passed; and the failing case saved as `.in`/`.ans` files.

use crate::courses::program::{laxer_note, Verdict};
use crate::courses::report::{block, line_count, tail_block};
use crate::exec::child::{describe_ending, describe_run_ending, ProgramRun};
use crate::stress::search::{JudgeStress, StressOutcome};
use std::fmt::Write as _;
use std::path::Path;

/// A report: its text (for stdout) and whether it tells of a failure (exit status 1).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Report {
    /// The text.
    pub text: String,
    /// Whether something failed.
    pub failed: bool,
}

/// The report of a judge's stress test; with `--save`, writes the failing case first.
pub fn judge_report(search: &JudgeStress, outcome: &StressOutcome) -> Report {
    let judge = search.judge;
    let failure = match outcome {
        StressOutcome::Passed { inputs, elapsed } => {
            let seconds = elapsed.as_secs_f64();
            return Report {
                text: format!(
                    "{}: all {inputs} inputs passed in {seconds:.1} s ({:.0}/s; seeds {} to {})\n",
                    judge.name(),
                    *inputs as f64 / seconds.max(1e-3),
                    search.harness.seed,
                    search.harness.seed.wrapping_add(inputs.saturating_sub(1)),
                ),
                failed: false,
            };
        }
        StressOutcome::Failed(failure) => failure,
    };
    let evidence = &failure.evidence;
    let mut text = String::new();
    let _ = writeln!(
        text,
        "{}: {} on input {} (`{}`), found after {:.2} s",
        judge.name(),
        evidence.verdict.name(),
        failure.index + 1,
        search
            .request
            .for_seed(judge, failure.seed)
            .gen_command(judge, failure.seed),
        failure.found_after.as_secs_f64()
    );
    let budget = if failure.shrink_out_of_budget {
        ", stopped at the budget"
    } else {
        ""
    };
    let _ = writeln!(
        text,
        "shrunk from {} lines to {} in {} tries ({:.2} s{budget})",
        line_count(&failure.original),
        line_count(&failure.input),
        failure.shrink_tries,
        failure.shrink_time.as_secs_f64()
    );
    let focus = match &evidence.verdict {
        Verdict::WrongAnswer(difference) => difference.line,
        _ => usize::MAX,
    };
    text.push('\n');
    text.push_str(&block("input", &failure.input, 0));
    text.push_str(&block(
        &format!("expected: our {}", judge.name()),
        &evidence.expected,
        focus,
    ));
    text.push_str(&block(
        &format!(
            "yours: {}, {}",
            search.harness.command_line(),
            run_summary(&evidence.run)
        ),
        &evidence.run.stdout,
        focus,
    ));
    match &evidence.verdict {
        Verdict::WrongAnswer(difference) => {
            let show = |line: &Option<String>| match line {
                Some(line) => format!("{line:?}"),
                None => "nothing (the output has ended)".to_string(),
            };
            let _ = writeln!(
                text,
                "first difference at line {}, column {}: expected {}, yours {}",
                difference.line,
                difference.column,
                show(&difference.expected),
                show(&difference.actual)
            );
            if let Some(note) = laxer_note(judge, difference) {
                let _ = writeln!(text, "note: {note}");
            }
        }
        verdict => {
            let _ = writeln!(text, "{}", verdict_detail(verdict, &evidence.run, search));
            if !evidence.run.stderr.is_empty() {
                text.push_str(&tail_block("its stderr", &evidence.run.stderr));
            }
        }
    }
    if let Some(dir) = &search.harness.save {
        let stem = format!("{}-{}", judge.name(), failure.seed);
        text.push_str(&save_case(dir, &stem, &failure.input, &evidence.expected));
    }
    Report { text, failed: true }
}

/// Writes `DIR/<stem>.in` and `.ans`; the line that says where (or why not).
pub(crate) fn save_case(dir: &Path, stem: &str, input: &[u8], answer: &[u8]) -> String {
    let input_path = dir.join(format!("{stem}.in"));
    let answer_path = dir.join(format!("{stem}.ans"));
    let written = std::fs::create_dir_all(dir)
        .and_then(|()| std::fs::write(&input_path, input))
        .and_then(|()| std::fs::write(&answer_path, answer));
    match written {
        Ok(()) => format!(
            "saved: {} and {}\n",
            input_path.display(),
            answer_path.display()
        ),
        Err(err) => format!("could not save to {}: {err}\n", dir.display()),
    }
}

fn verdict_detail(verdict: &Verdict, run: &ProgramRun, search: &JudgeStress) -> String {
    let harness = &search.harness;
    match verdict {
        Verdict::Crashed(ending) => format!("it crashed: {}", describe_ending(*ending)),
        Verdict::TimedOut => format!(
            "{}; killed, with everything it started",
            describe_run_ending(run.ending, run.usage(), &harness.limits(0))
        ),
        Verdict::OutOfMemory => format!(
            "it ran out of memory: {}, under a cap of {} MiB of address space{}",
            describe_ending(run.ending),
            harness.memory.unwrap_or(0) >> 20,
            run.peak_memory
                .map(|peak| format!(" (peak resident {} MiB)", peak >> 20))
                .unwrap_or_default()
        ),
        Verdict::OutputLimit => format!(
            "it printed more than {} bytes, twice our answer and a megabyte: killed",
            run.stdout.len()
        ),
        Verdict::WrongAnswer(_) => String::new(),
    }
}

/// `exit status 0, 0.003 s, 2 MiB`.
pub(crate) fn run_summary(run: &ProgramRun) -> String {
    let memory = run
        .peak_memory
        .map(|peak| format!(", {} MiB", (peak + (1 << 20) - 1) >> 20))
        .unwrap_or_default();
    format!(
        "{}, {:.3} s{memory}",
        describe_ending(run.ending),
        run.elapsed.as_secs_f64()
    )
}
