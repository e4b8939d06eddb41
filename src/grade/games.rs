//! The two AI tasks, played: JLU part (2)'s 1,000 games of a `machine` and the ACM advanced
//! task's batches of a `client.h`, as `stress --function` and `--client` play them (one
//! process for all, a fresh one after a fault), or a whole program run once per panel or per
//! map as `stress jlu-machine --` and `stress acm-client --` run one.

use crate::courses::acm_client::header::{self as acm_client_header, Played};
use crate::courses::acm_client::{course_score, play_theirs, BatchSpec};
use crate::courses::jlu_machine::function::{self as jlu_function, Fault, MachineGames};
use crate::courses::jlu_machine::{panel_text, play_game, theirs, Tally};
use crate::courses::report::{block, tail_block};
use crate::courses::Harness;
use crate::exec::child::Ending;
use crate::grade::build::{Built, Runs};
use crate::grade::outcome::{fault_by_the_machine, Batch, Doubt, Games, Outcome};
use crate::players::acm_client::course_maps::{batch, push_map, CourseMap};

/// Plays `games` JLU games of `harness.seed` with the built machine.
///
/// # Errors
/// When it cannot be started at all.
pub fn jlu_machine(built: &Built, games: u64, harness: &Harness) -> Result<Outcome, String> {
    let played = match built.runs {
        Runs::Driver => jlu_function::play(&built.command, games, harness)?,
        Runs::Program => machine_program(built, games, harness)?,
    };
    let tally = &played.tally;
    let mut outcome = Outcome {
        faults: played.faults.len() as u64,
        games: Some(Games {
            games,
            played: played.played,
            won: tally.wins,
            score_tenths: tally.tenths,
            clicks_in_wins: tally.clicks_in_wins,
            stopped: tally.stopped,
        }),
        panel_changed: played.panel_changed,
        game_tenths: played.scores.clone(),
        ..Outcome::default()
    };
    if played.faults.is_empty() && played.played < games {
        outcome.first_fault = out_of_time(harness, played.played, games, "games");
    }
    // The games stop early at the fault budget or at the time budget.
    let slow = played.faults.iter().filter(|f| f.slow).count();
    if played.played < games && !harness.faults.spent(played.faults.len(), slow) {
        outcome.doubt(Doubt::BudgetSpent);
    }
    if played.faults.iter().any(|f| fault_by_the_machine(&f.what)) {
        outcome.doubt(Doubt::Machine);
    }
    if let Some(first) = played.faults.first() {
        outcome.first_fault = format!(
            "game {}, click {}: {}",
            first.game + 1,
            first.click,
            first.what
        );
        outcome.evidence = block(
            "the panel it was given (n m, then the rows)",
            &first.panel,
            0,
        );
        if !first.stderr.is_empty() {
            outcome
                .evidence
                .push_str(&tail_block("its stderr and stdout", &first.stderr));
        }
    }
    Ok(outcome)
}

/// How the note on a file whose time budget ran out begins.
pub const OUT_OF_TIME: &str = "its time budget";

/// The note on a file whose time budget ran out after `done` of `all`.
pub fn out_of_time(harness: &Harness, done: u64, all: u64, what: &str) -> String {
    format!(
        "{OUT_OF_TIME} ({} s, --budget) ran out: {done} of {all} {what} played, the rest \
         score 0",
        harness.budget.unwrap_or_default().as_secs_f64()
    )
}

/// A whole program as the machine: one run per click (the panel in, `x y` out).
fn machine_program(built: &Built, games: u64, harness: &Harness) -> Result<MachineGames, String> {
    let mut harness = harness.clone();
    harness.command = built.command.clone();
    let mut tally = Tally::default();
    let mut faults = Vec::new();
    let mut scores = Vec::new();
    let mut game = 0;
    let slow = |faults: &[Fault]| faults.iter().filter(|f| f.slow).count();
    let started = std::time::Instant::now();
    while game < games
        && !harness.faults.spent(faults.len(), slow(&faults))
        && !harness.out_of_time(started)
    {
        let result = play_game(harness.seed, game, &mut |panel| {
            theirs(&harness, &panel_text(panel))
        });
        match result {
            Ok(played) => {
                tally.add(&played);
                scores.push(played.score_tenths());
            }
            Err(stopped) => {
                let (what, run) = stopped.error;
                if run.is_none() {
                    return Err(what);
                }
                tally.add(&stopped.game);
                scores.push(stopped.game.score_tenths());
                let slow = run.as_ref().is_some_and(|r| {
                    matches!(
                        r.ending,
                        Ending::TooSlow | Ending::TimedOut | Ending::OutputLimit
                    )
                });
                faults.push(Fault {
                    game,
                    click: stopped.click,
                    panel: panel_text(&stopped.panel),
                    what,
                    stderr: run.map(|r| r.stderr).unwrap_or_default(),
                    slow,
                });
            }
        }
        game += 1;
    }
    Ok(MachineGames {
        tally,
        faults,
        played: game,
        panel_changed: false,
        scores,
    })
}

/// Plays each of `batches` with the built client.
///
/// # Errors
/// When it cannot be started at all.
pub fn acm_client(
    built: &Built,
    batches: &[BatchSpec],
    harness: &Harness,
) -> Result<Outcome, String> {
    let mut outcome = Outcome::default();
    let started = std::time::Instant::now();
    for (done, spec) in batches.iter().enumerate() {
        if harness.out_of_time(started) {
            outcome.doubt(Doubt::BudgetSpent);
            if outcome.first_fault.is_empty() {
                outcome.first_fault =
                    out_of_time(harness, done as u64, batches.len() as u64, "batches");
            }
            // A batch not played scores 0, as one the judge never saw answered.
            outcome.batches.push(Batch {
                name: batch_name(spec),
                ..Batch::default()
            });
            continue;
        }
        let maps: Vec<CourseMap> =
            batch(spec.rows, spec.cols, spec.mines, spec.seed, spec.min_dist).collect();
        let (played, faults) = match built.runs {
            Runs::Driver => {
                let games = acm_client_header::play(&built.command, false, &maps, harness)?;
                let faults = games
                    .faults
                    .into_iter()
                    .map(|f| (f.map, f.moves, f.what, f.last_map, f.stderr))
                    .collect();
                (games.played, faults)
            }
            Runs::Program => client_program(built, &maps, harness)?,
        };
        let shares: Vec<f64> = played.iter().map(|p| p.share).collect();
        outcome.faults += faults.len() as u64;
        if faults
            .iter()
            .any(|(_, _, what, _, _)| fault_by_the_machine(what))
        {
            outcome.doubt(Doubt::Machine);
        }
        if let Some((map, moves, what, last_map, stderr)) = faults.first() {
            if outcome.first_fault.is_empty() {
                outcome.first_fault = format!(
                    "batch {}, map {}, after {moves} moves: {what}",
                    batch_name(spec),
                    map + 1
                );
                let mut game = Vec::new();
                push_map(&mut game, &maps[*map]);
                outcome.evidence = block("the map (n m, the map, the first click)", &game, 0);
                outcome
                    .evidence
                    .push_str(&block("the map as our server saw it last", last_map, 0));
                if !stderr.is_empty() {
                    outcome
                        .evidence
                        .push_str(&tail_block("its stderr and stdout", stderr));
                }
            }
        }
        outcome.batches.push(Batch {
            name: batch_name(spec),
            score: course_score(&shares),
            won: played.iter().filter(|p| p.won).count() as u64,
            maps: played.len() as u64,
            faults: faults.len() as u64,
        });
    }
    Ok(outcome)
}

/// What went wrong on a map: the map, the moves, why, the last map, stderr.
type MapFault = (usize, usize, String, Vec<u8>, Vec<u8>);

/// A whole program as the client: one run per map.
fn client_program(
    built: &Built,
    maps: &[CourseMap],
    harness: &Harness,
) -> Result<(Vec<Played>, Vec<MapFault>), String> {
    let mut harness = harness.clone();
    harness.command = built.command.clone();
    let mut played = Vec::new();
    let mut faults = Vec::new();
    let mut slow = 0;
    for (index, map) in maps.iter().enumerate() {
        if harness.faults.spent(faults.len(), slow) {
            break;
        }
        match play_theirs(&harness, index, map) {
            Ok(game) => played.push(Played {
                share: game.share,
                won: game.won,
                capped: false,
                moves: 0,
            }),
            Err(Ok(fault)) => {
                slow += usize::from(fault.what.contains("was still playing"));
                // Scored as it stood: its share of the map when it failed.
                let open = fault
                    .last_map
                    .iter()
                    .filter(|&&b| b != b'?' && b != b'\n' && b != b'X')
                    .count();
                played.push(Played {
                    share: open as f64 / (map.rows * map.cols) as f64,
                    won: false,
                    capped: false,
                    moves: fault.moves,
                });
                faults.push((
                    fault.map,
                    fault.moves,
                    fault.what,
                    fault.last_map,
                    fault.stderr,
                ));
            }
            Err(Err(message)) => return Err(message),
        }
    }
    Ok((played, faults))
}

/// `10x10 with 9 mines, seed 1, min_dist 2`.
fn batch_name(spec: &BatchSpec) -> String {
    format!(
        "{}x{} with {} mines, seed {}, min_dist {}",
        spec.rows, spec.cols, spec.mines, spec.seed, spec.min_dist
    )
}
