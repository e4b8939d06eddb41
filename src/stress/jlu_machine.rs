//! `stress jlu-machine`: the JLU course's games ([`crate::courses::jlu_machine`]) played with
//! the program under test as the stateless `machine` (one run per click: the panel in, `x y`
//! out) and with ours ([`crate::players::jlu_machine`]) on the same seeded games, each scored
//! as the course does, and the report of both.

use crate::courses::jlu_machine::{ours, play, theirs, MachineFault, PlayedGame, Tally};
use crate::courses::report::{block, tail_block};
use crate::courses::Harness;
use crate::exec::pool::{for_each_index, AfterPanic};
use crate::exec::progress::Progress;
use crate::io::output::counted;
use crate::io::runner::solve_in_memory;
use crate::players::jlu_machine::course::{self, BOARD_MINES, BOARD_SIDE, CLICK_LIMIT};
use crate::players::jlu_machine::solve;
use crate::stress::report::{save_case, Report};
use std::fmt::Write as _;
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// The course's games, played by the program under test and by ours.
#[derive(Clone, Debug)]
pub struct JluGames {
    /// How many games.
    pub games: u64,
    /// The machine under test and how to run it.
    pub harness: Harness,
}

/// Plays every game with both machines and reports both scores; a machine run that gives no
/// click stops everything and is reported with its panel.
///
/// # Errors
/// When the program cannot be started.
pub fn run(config: &JluGames) -> Result<Report, String> {
    let harness = &config.harness;
    let started = Instant::now();
    let results: Mutex<Vec<(u64, PlayedGame, PlayedGame)>> = Mutex::new(Vec::new());
    let first_fault: Mutex<Option<MachineFault>> = Mutex::new(None);
    let error = Mutex::new(None);
    let theirs = |panel: &[u8]| theirs(harness, panel);
    let mut progress = Progress::new(harness.progress);
    let play_one = |index: u64| {
        let played = play(harness.seed, index, &theirs)
            .and_then(|yours| Ok((yours, play(harness.seed, index, &ours)?)));
        match played {
            Ok((yours, our)) => {
                results.lock().expect("no panics").push((index, yours, our));
                true
            }
            // No run: the program cannot start (or our machine failed).
            Err(fault) if fault.run.is_none() => {
                *error.lock().expect("no panics") = Some(fault.what);
                false
            }
            Err(fault) => {
                let mut first = first_fault.lock().expect("no panics");
                if first.as_ref().map_or(true, |f| index < f.game) {
                    *first = Some(*fault);
                }
                false
            }
        }
    };
    let batch = for_each_index(
        harness.jobs,
        config.games,
        AfterPanic::Stop,
        play_one,
        &mut progress,
        |done| format!("jlu-machine: {done} of {}", counted(config.games, "game")),
    );
    if let Some(panicked) = batch.panicked.first() {
        return Err(format!(
            "game {}: minejudge failed on it: {}",
            panicked.index, panicked.message
        ));
    }
    if let Some(message) = error.into_inner().expect("no panics") {
        return Err(message);
    }
    if let Some(fault) = first_fault.into_inner().expect("no panics") {
        return Ok(fault_report(config, &fault));
    }
    let mut yours = Tally::default();
    let mut our = Tally::default();
    for (_, theirs, ours) in results.into_inner().expect("no panics") {
        yours.add(&theirs);
        our.add(&ours);
    }
    Ok(Report {
        text: score_report(config, &yours, &our, started.elapsed()),
        failed: false,
    })
}

fn score_report(config: &JluGames, yours: &Tally, ours: &Tally, elapsed: Duration) -> String {
    let mut text = format!(
        "jlu-machine: {} (seed {}) as the course's judge plays them: {BOARD_SIDE}x{BOARD_SIDE}, \
         {BOARD_MINES} mines dealt after the first click, at most {CLICK_LIMIT} clicks ({:.1} s)\n",
        counted(config.games, "game"),
        config.harness.seed,
        elapsed.as_secs_f64()
    );
    let _ = writeln!(
        text,
        "        {:<16} {:<22} {:<12} clicks per win",
        "won", "score (95% interval)", "course mark"
    );
    for (who, tally) in [("yours", yours), ("ours", ours)] {
        let (mean, half) = tally.mean_score();
        let won = format!(
            "{} ({:.1}%)",
            tally.wins,
            100.0 * tally.wins as f64 / tally.games.max(1) as f64
        );
        let clicks = if tally.wins > 0 {
            format!("{:.1}", tally.clicks_in_wins as f64 / tally.wins as f64)
        } else {
            "-".to_string()
        };
        let _ = writeln!(
            text,
            "{who:<7} {won:<16} {:<22} {:<12.2} {clicks}",
            format!("{mean:.2} +- {half:.2}"),
            course::course_mark(mean)
        );
    }
    text.push_str(
        "score per game: 50 + a bonus of 0 to 10 for fewer clicks for a win, opened cells / 10 \
         otherwise; course mark: the mean x 1.3, capped at 60\n",
    );
    if yours.ignored_clicks > 0 || yours.stopped > 0 {
        let _ = writeln!(
            text,
            "yours: {} clicks on open cells (ignored, but counted toward the {CLICK_LIMIT}); \
             {} games stopped at {CLICK_LIMIT} clicks",
            yours.ignored_clicks, yours.stopped
        );
    }
    text
}

fn fault_report(config: &JluGames, fault: &MachineFault) -> Report {
    let harness = &config.harness;
    let mut text = format!(
        "jlu-machine: your machine gave no click in game {} (seed {}), click {}\n{}\n\n",
        fault.game + 1,
        harness.seed,
        fault.click,
        fault.what
    );
    text.push_str(&block("the panel it was given", &fault.panel, 0));
    if let Some(run) = &fault.run {
        text.push_str(&block(
            &format!("yours: {}", harness.command_line()),
            &run.stdout,
            0,
        ));
        if !run.stderr.is_empty() {
            text.push_str(&tail_block("its stderr", &run.stderr));
        }
    }
    let (answer, _) = solve_in_memory(solve::solve, &fault.panel);
    let _ = writeln!(
        text,
        "our machine clicks: {}",
        String::from_utf8_lossy(&answer).trim_end()
    );
    if let Some(dir) = &harness.save {
        let stem = format!(
            "jlu-machine-{}-game{}-click{}",
            harness.seed,
            fault.game + 1,
            fault.click
        );
        text.push_str(&save_case(dir, &stem, &fault.panel, &answer));
    }
    Report { text, failed: true }
}
