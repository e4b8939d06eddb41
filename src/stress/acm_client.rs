//! `stress acm-client`: the ACM course's batch of 50 maps played by the program under test as
//! the client, one process per map, and by our client, both scored as the course scores a
//! batch ([`crate::courses::acm_client`]), and the report of both.

use crate::courses::acm_client::{
    course_score, play_ours, play_theirs, BatchSpec, ClientFault, Played,
};
use crate::courses::report::{block, tail_block};
use crate::courses::Harness;
use crate::exec::pool::{for_each_index, AfterPanic};
use crate::exec::progress::Progress;
use crate::io::runner::solve_in_memory;
use crate::players::acm_client::course_maps::{batch, push_map, CourseMap, BATCH_MAPS};
use crate::players::acm_client::solve;
use crate::stress::report::{save_case, Report};
use std::fmt::Write as _;
use std::sync::Mutex;
use std::time::Instant;

/// The course's batch, played by the program under test and by ours.
#[derive(Clone, Debug)]
pub struct AcmBatch {
    /// The batch.
    pub batch: BatchSpec,
    /// The client under test and how to run it (`timeout` is per map).
    pub harness: Harness,
}

/// Plays the batch with both clients and reports both scores; a map the client under test
/// cannot finish stops everything and is reported.
///
/// # Errors
/// When the program cannot be started.
pub fn run(config: &AcmBatch) -> Result<Report, String> {
    let spec = config.batch;
    let started = Instant::now();
    let maps: Vec<CourseMap> =
        batch(spec.rows, spec.cols, spec.mines, spec.seed, spec.min_dist).collect();
    let played = play_both(&config.harness, &maps)?;
    let header = format!(
        "acm-client: the course's batch `{} {} {}`, seed {}, min_dist {}: {} maps, the first click \
         made for the client; scored as the course does, the mean of the best {} maps' \
         (marked + visited) / cells\n",
        spec.rows,
        spec.cols,
        spec.mines,
        spec.seed,
        spec.min_dist,
        maps.len(),
        maps.len() - maps.len() / 10
    );
    let played = match played {
        Ok(played) => played,
        Err(fault) => return Ok(fault_report(config, &maps[fault.map], &fault, header)),
    };
    let mut text = header;
    let _ = writeln!(
        text,
        "        score      won     ({:.1} s)",
        started.elapsed().as_secs_f64()
    );
    text.push_str(&scores(&played));
    text.push_str(&worse_maps(config, &maps, &played));
    Ok(Report {
        text,
        failed: false,
    })
}

/// Every map played by the client under test and by ours, `harness.jobs` at a time; or the
/// lowest-numbered map the client under test could not finish.
///
/// # Errors
/// When the program cannot be started.
fn play_both(
    harness: &Harness,
    maps: &[CourseMap],
) -> Result<Result<Vec<(Played, Played)>, ClientFault>, String> {
    let results: Mutex<Vec<Option<(Played, Played)>>> = Mutex::new(vec![None; maps.len()]);
    let first_fault: Mutex<Option<ClientFault>> = Mutex::new(None);
    let error = Mutex::new(None);
    let mut progress = Progress::new(harness.progress);
    let play_one = |index: u64| {
        let index = index as usize;
        let map = &maps[index];
        match play_theirs(harness, index, map) {
            Ok(yours) => {
                results.lock().expect("no panics")[index] = Some((yours, play_ours(map)));
                true
            }
            Err(Ok(fault)) => {
                let mut first = first_fault.lock().expect("no panics");
                if first.as_ref().map_or(true, |f| index < f.map) {
                    *first = Some(fault);
                }
                false
            }
            Err(Err(message)) => {
                *error.lock().expect("no panics") = Some(message);
                false
            }
        }
    };
    let end = maps.len() as u64;
    let batch = for_each_index(
        harness.jobs,
        end,
        AfterPanic::Stop,
        play_one,
        &mut progress,
        |done| format!("acm-client: {done} of {BATCH_MAPS} maps"),
    );
    if let Some(panicked) = batch.panicked.first() {
        return Err(format!(
            "map {}: minejudge failed on it: {}",
            panicked.index, panicked.message
        ));
    }
    if let Some(message) = error.into_inner().expect("no panics") {
        return Err(message);
    }
    if let Some(fault) = first_fault.into_inner().expect("no panics") {
        return Ok(Err(fault));
    }
    Ok(Ok(results
        .into_inner()
        .expect("no panics")
        .into_iter()
        .flatten()
        .collect()))
}

/// Both clients' course scores and wins.
fn scores(played: &[(Played, Played)]) -> String {
    let mut text = String::new();
    for (who, pick) in [("yours", 0), ("ours", 1)] {
        let side = |pair: &(Played, Played)| if pick == 0 { pair.0 } else { pair.1 };
        let shares: Vec<f64> = played.iter().map(|p| side(p).share).collect();
        let wins = played.iter().filter(|p| side(p).won).count();
        let _ = writeln!(
            text,
            "{who:<7} {:.6}   {wins}/{}",
            course_score(&shares),
            played.len()
        );
    }
    text
}

/// The maps where the client under test scored below ours; with `--save`, the worst of them
/// saved.
fn worse_maps(config: &AcmBatch, maps: &[CourseMap], played: &[(Played, Played)]) -> String {
    let mut worse: Vec<(usize, f64, f64)> = played
        .iter()
        .enumerate()
        .filter(|(_, (yours, ours))| yours.share < ours.share - 1e-12)
        .map(|(index, (yours, ours))| (index, yours.share, ours.share))
        .collect();
    if worse.is_empty() {
        return String::new();
    }
    let listed: Vec<String> = worse
        .iter()
        .take(10)
        .map(|(index, yours, ours)| format!("{} ({yours:.3} vs {ours:.3})", index + 1))
        .collect();
    let more = if worse.len() > 10 { ", ..." } else { "" };
    let mut text = format!(
        "yours scored below ours on {} maps: {}{more}\n",
        worse.len(),
        listed.join(", ")
    );
    worse.sort_by(|a, b| (a.1 - a.2).total_cmp(&(b.1 - b.2)));
    if let Some(dir) = &config.harness.save {
        let (index, ..) = worse[0];
        text.push_str(&save_map(dir, &config.batch, index, &maps[index]));
    }
    text
}

/// Saves map `index` as an `acm-client` game and our client's answer.
fn save_map(dir: &std::path::Path, spec: &BatchSpec, index: usize, map: &CourseMap) -> String {
    let mut input = Vec::new();
    push_map(&mut input, map);
    let (answer, _) = solve_in_memory(solve::solve, &input);
    let stem = format!("acm-client-{}-map{}", spec.seed, index + 1);
    save_case(dir, &stem, &input, &answer)
}

fn fault_report(config: &AcmBatch, map: &CourseMap, fault: &ClientFault, header: String) -> Report {
    let harness = &config.harness;
    let mut text = header;
    let _ = writeln!(
        text,
        "your client did not finish map {} (after {} moves): {}\n",
        fault.map + 1,
        fault.moves,
        fault.what
    );
    let mut game = Vec::new();
    push_map(&mut game, map);
    text.push_str(&block(
        "the map (an acm-client game: the map, then the first click)",
        &game,
        0,
    ));
    text.push_str(&block("the last map it was sent", &fault.last_map, 0));
    if !fault.stderr.is_empty() {
        text.push_str(&tail_block("its stderr", &fault.stderr));
    }
    if let Some(dir) = &harness.save {
        text.push_str(&save_map(dir, &config.batch, fault.map, map));
    }
    Report { text, failed: true }
}
