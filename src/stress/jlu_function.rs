//! `stress jlu-machine --function FILE`: the student's `machine` function compiled into our
//! driver and played on the course's games ([`crate::courses::jlu_machine::function`]), and
//! the report: the score, the course mark, and the first game it did not finish.

use crate::courses::jlu_machine::function::{compile_machine, play, MachineGames};
use crate::courses::report::{block, tail_block};
use crate::courses::Harness;
use crate::exec::compile::Compiler;
use crate::io::output::counted;
use crate::players::jlu_machine::course::{self, BOARD_MINES, BOARD_SIDE, CLICK_LIMIT};
use crate::stress::report::Report;
use std::fmt::Write as _;
use std::path::PathBuf;
use std::time::{Duration, Instant};

/// `stress jlu-machine --function FILE`.
#[derive(Clone, Debug)]
pub struct JluFunction {
    /// The student's file.
    pub file: PathBuf,
    /// `--cxx`: the compiler.
    pub cxx: Option<String>,
    /// How many games.
    pub games: u64,
    /// Seed, wall time per game, memory, progress (its command is ours, set when compiled).
    pub harness: Harness,
}

/// Compiles the file and plays every game, restarting after a fault.
///
/// # Errors
/// When no compiler is found, the file does not compile, or the driver cannot start (exit 2).
pub fn run(config: &JluFunction) -> Result<Report, String> {
    let compiler = Compiler::find(config.cxx.as_deref())?;
    let build = compile_machine(&compiler, &config.file)?;
    let command = vec![build.exe.to_string_lossy().into_owned()];
    let started = Instant::now();
    let games = play(&command, config.games, &config.harness)?;
    Ok(report(config, &games, started.elapsed()))
}

fn report(config: &JluFunction, games: &MachineGames, elapsed: Duration) -> Report {
    let harness = &config.harness;
    let (tally, faults, played) = (&games.tally, &games.faults[..], games.played);
    let mut text = format!(
        "jlu-machine --function {}: {} (seed {}) in one process, as the course's judge \
         plays them: {BOARD_SIDE}x{BOARD_SIDE}, {BOARD_MINES} mines dealt after the first click, \
         at most {CLICK_LIMIT} clicks ({:.2} s)\n",
        config.file.display(),
        counted(config.games, "game"),
        harness.seed,
        elapsed.as_secs_f64()
    );
    let (mean, half) = tally.mean_score();
    let _ = writeln!(
        text,
        "won {} of {} ({:.1}%), score per game {mean:.2} +- {half:.2} (95% interval), \
         course mark {:.2} of 60",
        tally.wins,
        tally.games,
        100.0 * tally.wins as f64 / tally.games.max(1) as f64,
        course::course_mark(mean)
    );
    if tally.wins > 0 {
        let _ = writeln!(
            text,
            "clicks per win: {:.1}",
            tally.clicks_in_wins as f64 / tally.wins as f64
        );
    }
    text.push_str(
        "score per game: 50 + a bonus of 0 to 10 for fewer clicks for a win, opened cells / 10 \
         otherwise; course mark: the mean x 1.3, capped at 60\n",
    );
    let _ = writeln!(
        text,
        "clicks on open cells: {} (ignored, but counted toward the {CLICK_LIMIT}); games \
         stopped at {CLICK_LIMIT} clicks: {}",
        tally.ignored_clicks, tally.stopped
    );
    let Some(first) = faults.first() else {
        return Report {
            text,
            failed: false,
        };
    };
    let games: Vec<String> = faults.iter().map(|f| (f.game + 1).to_string()).collect();
    let _ = writeln!(
        text,
        "\nyour machine failed in {} ({}): the course's program would have stopped \
         there, and the course gives 0 to a program that does not run. Here each failed game \
         counts as lost with the cells it had opened, and a fresh process (srand(seed + game)) \
         played on from the next game{}.",
        counted(faults.len() as u64, "game"),
        games.join(", "),
        if played < config.games {
            format!(
                "; after {} the other {} {} not played (not counted above)",
                counted(faults.len() as u64, "failure"),
                counted(config.games - played, "game"),
                if config.games - played == 1 {
                    "was"
                } else {
                    "were"
                }
            )
        } else {
            String::new()
        }
    );
    let _ = writeln!(
        text,
        "first failure: game {}, click {}: {}",
        first.game + 1,
        first.click,
        first.what
    );
    text.push_str(&block(
        "the panel it was given (n m, then the rows)",
        &first.panel,
        0,
    ));
    if !first.stderr.is_empty() {
        text.push_str(&tail_block("its stderr and stdout", &first.stderr));
    }
    Report { text, failed: true }
}
