//! `stress acm-client`: the ACM course's batch of 50 maps
//! ([`course_maps`](crate::players::acm_client::course_maps)) played by the program under test
//! as the client, one process per map, through the `acm-server` rules, and by our client
//! ([`solve`]); both scored as the course scores a batch.
//!
//! The conversation, modelled on the course's `advanced.cpp` (the client knows only the map's
//! size, and the first click is made for it): we write `n m`, then the map after the first
//! click (n lines of `?`, `0`-`8`, `@`); it writes a move `r c type`; we write the map after
//! it; and so on until the game ends, when its stdin is closed and it is stopped.

use crate::board::{Board, Grid};
use crate::courses::report::{block, tail_block};
use crate::courses::Harness;
use crate::exec::child::describe_ending;
use crate::exec::child::{Child, Event};
use crate::exec::pool::for_each_index;
use crate::exec::progress::Progress;
use crate::io::runner::solve_in_memory;
use crate::io::scanner::Scanner;
use crate::judges::acm_server::rules::{Operation, Server, ServerStatus};
use crate::players::acm_client::course_maps::{batch, push_map, CourseMap, BATCH_MAPS};
use crate::players::acm_client::solve;
use crate::stress::report::{save_case, Report};
use std::fmt::Write as _;
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// The parameters of a batch, as the course's `batch*.in` files give them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BatchSpec {
    /// Rows of every map.
    pub rows: usize,
    /// Columns.
    pub cols: usize,
    /// Mines.
    pub mines: usize,
    /// The seed of the course's `std::mt19937_64`.
    pub seed: u64,
    /// No mine within this Manhattan distance of the first click.
    pub min_dist: usize,
}

/// The course's example batch (its README's and our docs').
pub const EXAMPLE_BATCH: BatchSpec = BatchSpec {
    rows: 10,
    cols: 10,
    mines: 9,
    seed: 19_260_817,
    min_dist: 2,
};

impl BatchSpec {
    /// The batch file's text.
    pub fn text(&self) -> String {
        format!(
            "{} {} {}\n{}\n{}\n",
            self.rows, self.cols, self.mines, self.seed, self.min_dist
        )
    }
}

/// Reads a batch file (`rows cols mines`, `seed`, `min_dist`), refusing what our `acm-client`
/// refuses.
pub fn read_batch(text: &[u8]) -> Result<BatchSpec, String> {
    let mut scanner = Scanner::new(text);
    let mut number = |what: &str| {
        let token = scanner
            .token()
            .ok_or(format!("expected {what}, found the end"))?;
        std::str::from_utf8(token)
            .ok()
            .and_then(|t| t.parse::<u64>().ok())
            .ok_or(format!(
                "expected {what}, a number, found {:?}",
                String::from_utf8_lossy(token)
            ))
    };
    let spec = BatchSpec {
        rows: number("rows")? as usize,
        cols: number("cols")? as usize,
        mines: number("mines")? as usize,
        seed: number("seed")?,
        min_dist: number("min_dist")? as usize,
    };
    // Our client checks the parameters the course's generator needs (and prints the maps).
    let (_, checked) = solve_in_memory(solve::solve_maps, spec.text().as_bytes());
    checked.map_err(|err| err.to_string())?;
    Ok(spec)
}

/// The course's batch, played by the program under test and by ours.
#[derive(Clone, Debug)]
pub struct AcmBatch {
    /// The batch.
    pub batch: BatchSpec,
    /// The client under test and how to run it (`timeout` is per map).
    pub harness: Harness,
}

/// One map as a client played it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Played {
    /// (marked mines + visited cells) / cells.
    pub share: f64,
    pub won: bool,
}

/// A map the client under test could not finish.
#[derive(Clone, Debug)]
pub(crate) struct ClientFault {
    pub map: usize,
    pub moves: usize,
    pub what: String,
    pub last_map: Vec<u8>,
    pub stderr: Vec<u8>,
}

/// Our client on one map: its final line `visited marked`.
pub(crate) fn play_ours(map: &CourseMap) -> Played {
    let mut input = Vec::new();
    push_map(&mut input, map);
    let (answer, result) = solve_in_memory(solve::solve, &input);
    result.expect("a course map is a valid acm-client game");
    let text = String::from_utf8_lossy(&answer);
    let mut lines = text.lines();
    let won = lines.next() == Some("YOU WIN!");
    let counts: Vec<usize> = lines
        .next()
        .unwrap_or("")
        .split_whitespace()
        .filter_map(|n| n.parse().ok())
        .collect();
    Played {
        share: counts.iter().sum::<usize>() as f64 / (map.rows * map.cols) as f64,
        won,
    }
}

/// The next line the client prints, before `deadline`.
fn next_line(
    child: &mut Child,
    pending: &mut Vec<u8>,
    deadline: Instant,
    timeout: Duration,
) -> Result<Vec<u8>, String> {
    loop {
        if let Some(end) = pending.iter().position(|&b| b == b'\n') {
            return Ok(pending.drain(..=end).collect());
        }
        if pending.len() > 4096 {
            return Err("it printed a line of over 4 KiB".to_string());
        }
        match child.next(deadline) {
            Some(Event::Stdout(chunk)) => pending.extend_from_slice(&chunk),
            Some(Event::StdoutClosed) if !pending.is_empty() => return Ok(std::mem::take(pending)),
            Some(Event::StdoutClosed) => {
                return Err("it closed its output (or exited) before the game ended".to_string())
            }
            Some(_) => {}
            None => {
                return Err(format!(
                    "it was still playing after {:.3} s: killed",
                    timeout.as_secs_f64()
                ))
            }
        }
    }
}

/// `r c type` on the map.
pub(crate) fn parse_move(line: &[u8], grid: Grid) -> Result<(usize, Operation), String> {
    let text = String::from_utf8_lossy(line);
    let numbers: Vec<Option<i64>> = text.split_whitespace().map(|t| t.parse().ok()).collect();
    if let [Some(r), Some(c), Some(kind)] = numbers[..] {
        if grid.contains(r, c) {
            if let Some(operation) = Operation::from_code(kind) {
                return Ok((grid.index(r as usize, c as usize), operation));
            }
        }
    }
    Err(format!(
        "it printed {:?}: expected a move `r c type`, 0 <= r < {}, 0 <= c < {}, type 0, 1 or 2",
        text.trim_end(),
        grid.rows(),
        grid.cols()
    ))
}

/// The client under test on map `index`. `Err(Err(..))`: it cannot be started.
pub(crate) fn play_theirs(
    harness: &Harness,
    index: usize,
    map: &CourseMap,
) -> Result<Played, Result<ClientFault, String>> {
    let grid = Grid::new(map.rows, map.cols);
    let mut server = Server::new(Board::new(grid, map.mine.clone()));
    server.apply(grid.index(map.first.0, map.first.1), Operation::Visit);
    let mut child = Child::start(&harness.command, &harness.limits(0))
        .map_err(|err| Err(format!("cannot run {}: {err}", harness.command_line())))?;
    let deadline = child.started + harness.timeout;
    let mut greeting = format!("{} {}\n", map.rows, map.cols).into_bytes();
    greeting.extend_from_slice(server.map());
    child.send(greeting);
    let mut pending = Vec::new();
    let mut moves = 0;
    // Each move that changes nothing could repeat forever: the course's bound on our client.
    let move_limit = 2 * grid.len() + 2;
    let mut fault = None;
    while server.status() == ServerStatus::Running && moves < move_limit {
        let next = next_line(&mut child, &mut pending, deadline, harness.timeout)
            .and_then(|line| parse_move(&line, grid));
        match next {
            Ok((cell, operation)) => {
                moves += 1;
                if server.apply(cell, operation) == ServerStatus::Running {
                    child.send(server.map().to_vec());
                }
            }
            Err(what) => {
                fault = Some(what);
                break;
            }
        }
    }
    let finished = child.finish(&mut Vec::new(), 0);
    if let Some(what) = fault {
        let what = if child_crashed(finished.ending) && what.contains("closed its output") {
            format!("it crashed: {}", describe_ending(finished.ending))
        } else {
            what
        };
        return Err(Ok(ClientFault {
            map: index,
            moves,
            what,
            last_map: server.map().to_vec(),
            stderr: finished.stderr,
        }));
    }
    Ok(Played {
        share: (server.marked_mine_count() + server.visit_count()) as f64 / grid.len() as f64,
        won: server.status() == ServerStatus::Won,
    })
}

fn child_crashed(ending: crate::exec::child::Ending) -> bool {
    !matches!(ending, crate::exec::child::Ending::Exited(0))
}

/// The course's score of a batch: the mean of the shares after dropping the lowest 10%.
pub fn course_score(shares: &[f64]) -> f64 {
    let mut sorted = shares.to_vec();
    sorted.sort_by(f64::total_cmp);
    let kept = &sorted[shares.len() / 10..];
    kept.iter().sum::<f64>() / kept.len().max(1) as f64
}

/// Plays the batch with both clients and reports both scores; a map the client under test
/// cannot finish stops everything and is reported.
///
/// # Errors
/// When the program cannot be started.
pub fn run(config: &AcmBatch) -> Result<Report, String> {
    let harness = &config.harness;
    let spec = config.batch;
    let started = Instant::now();
    let maps: Vec<CourseMap> =
        batch(spec.rows, spec.cols, spec.mines, spec.seed, spec.min_dist).collect();
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
    for_each_index(harness.jobs, end, play_one, &mut progress, |done| {
        format!("acm-client: {done} of {BATCH_MAPS} maps")
    });
    if let Some(message) = error.into_inner().expect("no panics") {
        return Err(message);
    }
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
    if let Some(fault) = first_fault.into_inner().expect("no panics") {
        return Ok(fault_report(config, &maps[fault.map], &fault, header));
    }
    let played: Vec<(Played, Played)> = results
        .into_inner()
        .expect("no panics")
        .into_iter()
        .flatten()
        .collect();
    let mut text = header;
    let _ = writeln!(
        text,
        "        score      won     ({:.1} s)",
        started.elapsed().as_secs_f64()
    );
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
    let mut worse: Vec<(usize, f64, f64)> = played
        .iter()
        .enumerate()
        .filter(|(_, (yours, ours))| yours.share < ours.share - 1e-12)
        .map(|(index, (yours, ours))| (index, yours.share, ours.share))
        .collect();
    if !worse.is_empty() {
        let listed: Vec<String> = worse
            .iter()
            .take(10)
            .map(|(index, yours, ours)| format!("{} ({yours:.3} vs {ours:.3})", index + 1))
            .collect();
        let more = if worse.len() > 10 { ", ..." } else { "" };
        let _ = writeln!(
            text,
            "yours scored below ours on {} maps: {}{more}",
            worse.len(),
            listed.join(", ")
        );
        worse.sort_by(|a, b| (a.1 - a.2).total_cmp(&(b.1 - b.2)));
        if let Some(dir) = &harness.save {
            let (index, ..) = worse[0];
            text.push_str(&save_map(dir, &spec, index, &maps[index]));
        }
    }
    Ok(Report {
        text,
        failed: false,
    })
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn batches_are_read_and_checked_as_our_client_does() {
        assert_eq!(
            read_batch(EXAMPLE_BATCH.text().as_bytes()),
            Ok(EXAMPLE_BATCH)
        );
        assert!(read_batch(b"10 10 9\n1\n").is_err());
        assert!(read_batch(b"2 10 1\n1\n0\n").is_err(), "rows below 3");
        assert!(
            read_batch(b"5 5 30\n1\n0\n").is_err(),
            "more mines than cells"
        );
    }

    #[test]
    fn moves_are_three_numbers_on_the_map() {
        let grid = Grid::new(3, 4);
        assert_eq!(parse_move(b"2 3 1\n", grid), Ok((11, Operation::Mark)));
        for bad in [
            &b"3 0 0"[..],
            b"0 4 0",
            b"0 0 3",
            b"0 0",
            b"0 0 0 0",
            b"a b c",
        ] {
            assert!(parse_move(bad, grid).is_err(), "{bad:?}");
        }
    }

    #[test]
    fn the_course_drops_the_lowest_tenth() {
        let mut shares = vec![1.0; 45];
        shares.extend([0.0; 5]);
        assert_eq!(course_score(&shares), 1.0);
        shares[0] = 0.1;
        assert!((course_score(&shares) - (44.1 / 45.0)).abs() < 1e-12);
    }

    #[test]
    fn our_client_wins_the_example_batch_maps() {
        let maps: Vec<CourseMap> = batch(10, 10, 9, 19_260_817, 2).take(3).collect();
        for map in &maps {
            let played = play_ours(map);
            assert!(played.share > 0.0 && played.share <= 1.0);
        }
    }
}
