//! `stress acm-client --client FILE`: the student's `client.h` compiled into our driver and
//! played on the course's maps ([`crate::courses::acm_client::header`]), against our server or
//! their own `server.h`, and the report: both clients' scores as the course scores a batch,
//! and the first map it did not finish.

use crate::courses::acm_client::header::{compile_client, move_cap, play, ClientGames, Fault};
use crate::courses::acm_client::{course_score, play_ours, BatchSpec};
use crate::courses::report::{block, tail_block};
use crate::courses::Harness;
use crate::exec::compile::Compiler;
use crate::players::acm_client::course_maps::{batch, push_map, CourseMap};
use crate::stress::report::Report;
use std::fmt::Write as _;
use std::path::PathBuf;
use std::time::{Duration, Instant};

/// Where the maps come from.
#[derive(Clone, Debug)]
pub enum Maps {
    /// The course's 50 maps of a batch file.
    Batch(BatchSpec),
    /// One game file (`n m`, the map, the first click), and its name.
    One(CourseMap, String),
}

/// `stress acm-client --client FILE [--server FILE] [--map FILE | --batch FILE]`.
#[derive(Clone, Debug)]
pub struct ClientHeader {
    /// The student's `client.h`.
    pub client: PathBuf,
    /// The student's `server.h`, to play against instead of ours.
    pub server: Option<PathBuf>,
    /// The maps.
    pub maps: Maps,
    /// `--cxx`: the compiler.
    pub cxx: Option<String>,
    /// Wall time per map, memory, progress (its command is ours, set when compiled).
    pub harness: Harness,
}

/// Compiles the files and plays the maps.
///
/// # Errors
/// When no compiler is found, a file does not compile, or the driver cannot start (exit 2).
pub fn run(config: &ClientHeader) -> Result<Report, String> {
    let compiler = Compiler::find(config.cxx.as_deref())?;
    let build = compile_client(&compiler, &config.client, config.server.as_deref())?;
    let command = vec![build.exe.to_string_lossy().into_owned()];
    let maps: Vec<CourseMap> = match &config.maps {
        Maps::Batch(spec) => {
            batch(spec.rows, spec.cols, spec.mines, spec.seed, spec.min_dist).collect()
        }
        Maps::One(map, _) => vec![map.clone()],
    };
    let started = Instant::now();
    let games = play(&command, config.server.is_some(), &maps, &config.harness)?;
    let ours: Vec<(f64, bool)> = maps[..games.played.len()]
        .iter()
        .map(|map| {
            let ours = play_ours(map);
            (ours.share, ours.won)
        })
        .collect();
    Ok(report(config, &maps, &games, &ours, started.elapsed()))
}

/// The report: the heading, both scores, and the client's failures if any.
fn report(
    config: &ClientHeader,
    maps: &[CourseMap],
    games: &ClientGames,
    ours: &[(f64, bool)],
    elapsed: Duration,
) -> Report {
    let mut text = heading(config, maps, elapsed);
    text.push_str(&scores(maps, games, ours));
    match games.faults.first() {
        None => Report {
            text,
            failed: false,
        },
        Some(first) => {
            text.push_str(&failures(maps, games));
            text.push_str(&first_failure(maps, first));
            Report { text, failed: true }
        }
    }
}

/// The report's first line: the file, the maps, the server and how the course scores them.
fn heading(config: &ClientHeader, maps: &[CourseMap], elapsed: Duration) -> String {
    let against = match &config.server {
        Some(server) => format!(
            "against your server ({}), a process per map as TestSingle() plays, its moves \
             replayed on ours to score",
            server.display()
        ),
        None => "against our server, in one process as TestBatch() plays".to_string(),
    };
    let (what, score) = match &config.maps {
        Maps::Batch(spec) => (
            format!(
                "the course's batch `{} {} {}`, seed {}, min_dist {}: {} maps",
                spec.rows,
                spec.cols,
                spec.mines,
                spec.seed,
                spec.min_dist,
                maps.len()
            ),
            "the mean of the best 90% of maps' (marked + visited) / cells",
        ),
        Maps::One(_, name) => (format!("the game {name}"), "(marked + visited) / cells"),
    };
    format!(
        "acm-client --client {}: {what}, {against}; scored as the course does, {score} \
         ({:.2} s)\n",
        config.client.display(),
        elapsed.as_secs_f64()
    )
}

/// Both clients' scores and wins, the maps stopped at the move cap, and the moves.
fn scores(maps: &[CourseMap], games: &ClientGames, ours: &[(f64, bool)]) -> String {
    let played = &games.played[..];
    let mut text = String::new();
    let _ = writeln!(text, "        score      won");
    let shares: Vec<f64> = played.iter().map(|p| p.share).collect();
    let wins = played.iter().filter(|p| p.won).count();
    let _ = writeln!(
        text,
        "yours   {:.6}   {wins}/{}",
        course_score(&shares),
        played.len()
    );
    let our_shares: Vec<f64> = ours.iter().map(|o| o.0).collect();
    let our_wins = ours.iter().filter(|o| o.1).count();
    let _ = writeln!(
        text,
        "ours    {:.6}   {our_wins}/{}",
        course_score(&our_shares),
        ours.len()
    );
    let capped: Vec<String> = played
        .iter()
        .enumerate()
        .filter(|(_, p)| p.capped)
        .map(|(index, _)| (index + 1).to_string())
        .collect();
    if !capped.is_empty() {
        let _ = writeln!(
            text,
            "your client hit the move cap (twice the cells, and 2: {} moves here) on map{} {}: \
             the game was stopped there as lost and scored as it stood (the course's \
             advanced.cpp has no cap, and such a client never ends there)",
            move_cap(&maps[0]),
            if capped.len() == 1 { "" } else { "s" },
            capped.join(", ")
        );
    }
    let moves: usize = played.iter().map(|p| p.moves).sum();
    let _ = writeln!(text, "moves: {moves} in all");
    text
}

/// The maps the client failed on, and whether the fault budget left some unplayed.
fn failures(maps: &[CourseMap], games: &ClientGames) -> String {
    let (played, faults) = (&games.played[..], &games.faults[..]);
    let failed: Vec<String> = faults.iter().map(|f| (f.map + 1).to_string()).collect();
    format!(
        "\nyour client failed on {} map{} ({}): each counts as it stood, and a fresh process \
         played on from the next map{}.\n",
        faults.len(),
        if faults.len() == 1 { "" } else { "s" },
        failed.join(", "),
        if played.len() < maps.len() {
            format!(
                "; after {} failures the other {} maps were not played",
                faults.len(),
                maps.len() - played.len()
            )
        } else {
            String::new()
        }
    )
}

/// The first failure: what went wrong, the map, the last map it was sent, its stderr.
fn first_failure(maps: &[CourseMap], first: &Fault) -> String {
    let mut text = format!(
        "first failure: map {}, after {} moves: {}\n",
        first.map + 1,
        first.moves,
        first.what
    );
    let mut game = Vec::new();
    push_map(&mut game, &maps[first.map]);
    text.push_str(&block("the map (n m, the map, the first click)", &game, 0));
    text.push_str(&block(
        "the map as our server saw it last",
        &first.last_map,
        0,
    ));
    if !first.stderr.is_empty() {
        text.push_str(&tail_block("its stderr and stdout", &first.stderr));
    }
    text
}
