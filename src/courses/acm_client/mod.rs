//! The ACM course's advanced task: a client that plays the course's batch of 50 maps
//! ([`course_maps`](crate::players::acm_client::course_maps)) through the `acm-server` rules,
//! scored as the course scores a batch ([`course_score`]). A client is a program (one
//! process per map, [`play_theirs`]), ours ([`play_ours`]), or the student's `client.h`
//! compiled into our driver ([`header`]).
//!
//! The conversation, modelled on the course's `advanced.cpp` (the client knows only the map's
//! size, and the first click is made for it): we write `n m`, then the map after the first
//! click (n lines of `?`, `0`-`8`, `@`); it writes a move `r c type`; we write the map after
//! it; and so on until the game ends, when its stdin is closed and it is stopped.

pub mod header;

use crate::board::{Board, Grid};
use crate::courses::Harness;
use crate::exec::child::{
    describe_ending, describe_run_ending, judged_ending, Child, Ending, Event, Usage,
};
use crate::io::runner::solve_in_memory;
use crate::io::scanner::Scanner;
use crate::judges::acm_server::rules::{Operation, Server, ServerStatus};
use crate::players::acm_client::course_maps::{push_map, CourseMap};
use crate::players::acm_client::solve;
use std::time::{Duration, Instant};

/// Our stand-ins for the course's three baselines, lowest first: each name and `client.h`,
/// written from what the course's statement says each does (it ships none of its own to
/// teachers). `grade acm-client` marks through these unless the teacher gives the course's.
pub const SHIPPED_BASELINES: [(&str, &str); 3] = [
    ("rubbish", include_str!("baselines/rubbish.h")),
    ("baseline1", include_str!("baselines/baseline1.h")),
    ("baseline2", include_str!("baselines/baseline2.h")),
];

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
                    "it was still playing after {:.3} s of wall time (--wall-limit): killed",
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
    let limits = harness.limits(0);
    let child_started = child.started;
    let deadline = child_started + limits.wall;
    let mut greeting = format!("{} {}\n", map.rows, map.cols).into_bytes();
    greeting.extend_from_slice(server.map());
    child.send(greeting);
    let mut pending = Vec::new();
    let mut moves = 0;
    // Each move that changes nothing could repeat forever: the course's bound on our client.
    let move_limit = 2 * grid.len() + 2;
    let mut fault = None;
    while server.status() == ServerStatus::Running && moves < move_limit {
        let next = next_line(&mut child, &mut pending, deadline, limits.wall)
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
    let usage = Usage {
        cpu: finished.cpu_time,
        wall: child_started.elapsed(),
    };
    let ending = judged_ending(None, finished.ending, finished.cpu_time, &limits);
    // A map played to its end past its CPU time is too slow all the same.
    let fault = match ending {
        Ending::TooSlow => Some(format!(
            "{}; killed",
            describe_run_ending(ending, usage, &limits)
        )),
        _ => fault,
    };
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::players::acm_client::course_maps::batch;

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
