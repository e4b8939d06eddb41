//! What `stress` prints: a failure with its shrunk input, our answer, theirs and the first
//! difference, or how many inputs passed; and the failing case saved as `.in`/`.ans` files.

use crate::courses::program::{laxer_note, Verdict};
use crate::courses::report::{block, line_count, tail_block};
use crate::exec::child::{describe_ending, describe_run_ending, ProgramRun};
use crate::stress::keep_going::{Tally, MOST_EXAMPLES};
use crate::stress::search::{Failure, JudgeStress, StressOutcome};
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
    let mut text = format!(
        "{}: {} on input {} (`{}`), found after {:.2} s\n",
        judge.name(),
        failure.evidence.verdict.name(),
        failure.index + 1,
        gen_command(search, failure.seed),
        failure.found_after.as_secs_f64()
    );
    text.push_str(&failure_text(search, failure));
    Report { text, failed: true }
}

/// The report of `stress --keep-going`: the failures' table by kind, each kind's shrunk
/// example, and `failed K of N inputs`; when none failed, the line of a stress test passed.
pub fn tally_report(search: &JudgeStress, tally: &Tally) -> Report {
    let failed = tally.failed();
    if failed == 0 {
        let passed = StressOutcome::Passed {
            inputs: tally.inputs,
            elapsed: tally.elapsed,
        };
        return judge_report(search, &passed);
    }
    let seed = |index: u64| search.harness.seed.wrapping_add(index);
    let mut text = format!(
        "{}: {failed} of {} inputs failed in {:.1} s (seeds {} to {}), by kind:\n",
        search.judge.name(),
        tally.inputs,
        tally.elapsed.as_secs_f64(),
        search.harness.seed,
        seed(tally.inputs.saturating_sub(1)),
    );
    let rows: Vec<[String; 3]> = tally
        .kinds
        .iter()
        .map(|kind| {
            let first = seed(kind.first_index);
            [kind.count.to_string(), first.to_string(), kind.kind.clone()]
        })
        .collect();
    let header = ["count".to_string(), "first seed".into(), "kind".into()];
    let width = |column: usize| {
        let values = rows.iter().chain([&header]).map(|row| row[column].len());
        values.max().unwrap_or(0)
    };
    let (count_width, seed_width) = (width(0), width(1));
    for [count, first, kind] in [&header].into_iter().chain(&rows) {
        let _ = writeln!(
            text,
            "  {count:>count_width$}  {first:>seed_width$}  {kind}"
        );
    }
    for (number, kind) in tally.kinds.iter().enumerate() {
        let Some(example) = &kind.example else {
            continue;
        };
        let _ = writeln!(
            text,
            "\nkind {}, {} input{}: {}\nits smallest: input {} (`{}`)",
            number + 1,
            kind.count,
            if kind.count == 1 { "" } else { "s" },
            kind.kind,
            example.index + 1,
            gen_command(search, example.seed),
        );
        text.push_str(&failure_text(search, example));
    }
    let unshown = tally.kinds.iter().filter(|kind| kind.example.is_none());
    let unshown = unshown.count();
    if unshown > 0 {
        let _ = writeln!(
            text,
            "\n{unshown} kind(s) without an example: beyond the first {MOST_EXAMPLES}, or their \
             smallest input passed when run again"
        );
    }
    let _ = writeln!(text, "\nfailed {failed} of {} inputs", tally.inputs);
    Report { text, failed: true }
}

/// `gen <judge> --seed S` and the options that make input `seed`.
fn gen_command(search: &JudgeStress, seed: u64) -> String {
    search
        .request
        .for_seed(search.judge, seed)
        .gen_command(search.judge, seed)
}

/// A shrunk failure: how far it shrank, the input, our answer, theirs and what was wrong; with
/// `--save`, writes it first.
fn failure_text(search: &JudgeStress, failure: &Failure) -> String {
    let judge = search.judge;
    let evidence = &failure.evidence;
    let mut text = String::new();
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
    text
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
