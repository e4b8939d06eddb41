//! The student's `client.h` (the ACM class 2024 advanced task) compiled into our driver in the role of the course's `advanced.cpp`
//! (`src/players/acm_client/driver.cpp`), scored as the course scores a batch.
//!
//! Against our server (the default) one process plays the whole batch, as the course's
//! `TestBatch()` does: every move comes here, is played by the `acm-server` rules and answered
//! with the game state and the map. With their own `server.h` is linked
//! in, as in `advanced.cpp`; a process plays each map (read from its stdin, as `TestSingle()`
//! reads it, since a course server's `ExitGame` ends the process) and only reports its moves,
//! which our server replays to score the game. A game file (`adv*.in`) is read by [`read_game`].
//!
//! A game stops at [`move_cap`] moves (the course has no cap, but a client repeating a move that
//! changes nothing would never end); the client is then told the game is lost and the report
//! names the maps. A crash, a run past `--time-limit` or `--wall-limit` (per map) or a move off the map ends that
//! map; a fresh process plays on from the next one, up to the harness's fault budget (10 for
//! `stress`).

use crate::board::{Board, Grid};
use crate::courses::acm_client::parse_move;
use crate::courses::Harness;
use crate::exec::child::describe_ending;
use crate::exec::child::Ending;
use crate::exec::compile::{compile, Build, BuildError, Compiler, Submission};
use crate::exec::progress::Progress;
use crate::exec::session::{print_cap_fault, Session};
use crate::io::output::counted;
use crate::io::scanner::Scanner;
use crate::judges::acm_server::rules::{Server, ServerStatus};
use crate::players::acm_client::course_maps::{push_map, CourseMap};
use std::path::Path;

/// The driver: `advanced.cpp`'s part.
const DRIVER: &str = include_str!("../../players/acm_client/driver.cpp");

/// Reads a game file as `advanced.cpp` does: `n m`, n rows of `X` (mine) and `.`, then the
/// first click `r c`.
///
/// # Errors
/// What is wrong with it.
pub fn read_game(text: &[u8]) -> Result<CourseMap, String> {
    let mut scanner = Scanner::new(text);
    let side = crate::judges::acm_server::solve::MAX_SIDE as i64;
    let read = |scanner: &mut Scanner| -> Result<CourseMap, crate::io::scanner::InputError> {
        let rows = scanner.int_in("n (rows)", 1, side)? as usize;
        let cols = scanner.int_in("m (columns)", 1, side)? as usize;
        let mine = scanner.mine_rows(rows, cols, b'X', b'.')?;
        let row = scanner.int_in("the first click's row", 0, rows as i64 - 1)? as usize;
        let col = scanner.int_in("the first click's column", 0, cols as i64 - 1)? as usize;
        Ok(CourseMap {
            rows,
            cols,
            mine,
            first: (row, col),
        })
    };
    let map = read(&mut scanner).map_err(|err| err.to_string())?;
    if map.mine[map.first.0 * map.cols + map.first.1] {
        return Err("the first click is on a mine (the course's maps never do that)".into());
    }
    Ok(map)
}

/// The most moves of one game: twice the cells, and 2 (what `stress acm-client -- command`
/// allows too).
pub fn move_cap(map: &CourseMap) -> usize {
    2 * map.rows * map.cols + 2
}

/// One map as the client played it.
#[derive(Clone, Copy, Debug, Default)]
pub struct Played {
    /// (marked + visited) / cells.
    pub share: f64,
    /// Whether it won.
    pub won: bool,
    /// Whether it was stopped at [`move_cap`].
    pub capped: bool,
    /// Its moves.
    pub moves: usize,
}

/// A map the client did not finish.
#[derive(Clone, Debug)]
pub struct Fault {
    /// The map, from 0.
    pub map: usize,
    /// Its moves before the fault.
    pub moves: usize,
    /// What went wrong.
    pub what: String,
    /// The map as our server saw it last.
    pub last_map: Vec<u8>,
    /// Its stderr (and the student's stdout).
    pub stderr: Vec<u8>,
    /// Whether it cost a whole timeout or a flood of output.
    pub slow: bool,
}

/// The maps a compiled client played.
#[derive(Clone, Debug, Default)]
pub struct ClientGames {
    /// Each map played, in order (a failed map counts as it stood).
    pub played: Vec<Played>,
    /// The maps it did not finish.
    pub faults: Vec<Fault>,
}

/// A map the client did not finish: the server as it stood, the moves, why, its stderr.
struct Unfinished {
    server: Server,
    moves: usize,
    what: String,
    stderr: Vec<u8>,
    slow: bool,
}

fn unfinished(server: &Server, moves: usize, what: String) -> Box<Unfinished> {
    Box::new(Unfinished {
        server: server.clone(),
        moves,
        what,
        stderr: Vec::new(),
        slow: false,
    })
}

fn scored(server: &Server, capped: bool, moves: usize) -> Played {
    let grid = server.grid();
    Played {
        share: (server.marked_mine_count() + server.visit_count()) as f64 / grid.len() as f64,
        won: server.status() == ServerStatus::Won,
        capped,
        moves,
    }
}

fn state_code(status: ServerStatus) -> i32 {
    match status {
        ServerStatus::Running => 0,
        ServerStatus::Won => 1,
        ServerStatus::Lost => -1,
    }
}

/// One map against our server, in the batch's process: `Err` with the server as it stood and
/// why, when the client failed.
fn play_against_ours(
    session: &mut Session,
    map: &CourseMap,
    line: &mut Vec<u8>,
) -> Result<Played, Box<Unfinished>> {
    let grid = Grid::new(map.rows, map.cols);
    let mut server = Server::new(Board::new(grid, map.mine.clone()));
    let mines = map.mine.iter().filter(|&&m| m).count();
    let header = format!(
        "{} {} {mines} {} {}\n",
        map.rows, map.cols, map.first.0, map.first.1
    );
    let mut moves = 0;
    let mut capped = false;
    if session.send(header.as_bytes()).is_err() {
        return Err(unfinished(&server, moves, "its input closed".to_string()));
    }
    loop {
        if let Err(what) = session.read_line(line, 4096) {
            return Err(unfinished(&server, moves, what));
        }
        if line == b"E" {
            if server.status() == ServerStatus::Running && !capped {
                return Err(unfinished(
                    &server,
                    moves,
                    "its Decide() loop ended while the game went on".to_string(),
                ));
            }
            return Ok(scored(&server, capped, moves));
        }
        let (cell, operation) = parse_move(line, grid).map_err(|what| {
            let what = what.replacen("it printed", "Execute was called with", 1);
            unfinished(&server, moves, what)
        })?;
        let mut state = state_code(server.status());
        if server.status() == ServerStatus::Running && !capped {
            moves += 1;
            server.apply(cell, operation);
            state = state_code(server.status());
            if state == 0 && moves >= move_cap(map) {
                // Told it lost, so that it stops; scored as it stands.
                capped = true;
                state = -1;
            }
        }
        let mut reply = format!("{state}\n").into_bytes();
        reply.extend_from_slice(server.map());
        if session.send(&reply).is_err() {
            return Err(unfinished(&server, moves, "its input closed".to_string()));
        }
    }
}

/// One map against the student's server, in a process of its own: its moves replayed on ours.
fn play_against_theirs(
    command: &[String],
    harness: &Harness,
    map: &CourseMap,
) -> Result<Played, Box<Unfinished>> {
    let grid = Grid::new(map.rows, map.cols);
    let mut server = Server::new(Board::new(grid, map.mine.clone()));
    let limits = harness.limits(0);
    let mut session = Session::start(command, &limits, harness.time_limit)
        .map_err(|err| unfinished(&server, 0, format!("cannot run our driver: {err}")))?;
    let mut game = Vec::new();
    push_map(&mut game, map);
    let _ = session.send(&game);
    let mut line = Vec::new();
    let mut moves = 0;
    let mut capped = false;
    let mut fault = None;
    loop {
        if let Err(what) = session.read_line(&mut line, 4096) {
            if !what.contains("output ended") {
                fault = Some(what);
            }
            break;
        }
        match parse_move(&line, grid) {
            Ok((cell, operation)) => {
                moves += 1;
                server.apply(cell, operation);
                if moves >= move_cap(map) {
                    capped = server.status() == ServerStatus::Running;
                    break;
                }
            }
            Err(what) => {
                fault = Some(what.replacen("it printed", "Execute was called with", 1));
                break;
            }
        }
    }
    let end = session.finish();
    let fault = fault.or(match end.ending {
        _ if capped => None,
        Ending::Exited(0) => None,
        Ending::TooSlow | Ending::TimedOut => Some(harness.time_fault("map", end.ending)),
        Ending::OutputLimit => Some(print_cap_fault()),
        ending => Some(format!("it crashed: {}", describe_ending(ending))),
    });
    match fault {
        Some(what) => Err(Box::new(Unfinished {
            server,
            moves,
            what,
            stderr: end.stderr,
            slow: matches!(
                end.ending,
                Ending::TooSlow | Ending::TimedOut | Ending::OutputLimit
            ),
        })),
        None => Ok(scored(&server, capped, moves)),
    }
}

/// Compiles a `client.h` (and a `server.h` to play against instead of ours) into our driver.
///
/// # Errors
/// When a file does not compile: the compiler's first lines.
pub fn compile_client(
    compiler: &Compiler,
    client: &Path,
    server: Option<&Path>,
) -> Result<Build, BuildError> {
    let mut submissions = vec![Submission {
        name: "client.h",
        path: client,
    }];
    let driver = match server {
        Some(server) => {
            submissions.push(Submission {
                name: "server.h",
                path: server,
            });
            format!("#define MINEJUDGE_THEIR_SERVER 1\n{DRIVER}")
        }
        None => DRIVER.to_string(),
    };
    compile(compiler, &driver, &submissions)
}

/// Plays `maps` with the compiled driver `command`: against our server in one process (a
/// fresh one after a fault), or, with `their_server`, a process per map; within `harness`'s
/// limits per map.
///
/// # Errors
/// When the driver cannot start.
pub fn play(
    command: &[String],
    their_server: bool,
    maps: &[CourseMap],
    harness: &Harness,
) -> Result<ClientGames, String> {
    let mut progress = Progress::new(harness.progress);
    let mut played: Vec<Played> = Vec::new();
    let mut faults: Vec<Fault> = Vec::new();
    let mut next = 0;
    let mut line = Vec::new();
    let slow = |faults: &[Fault]| faults.iter().filter(|f| f.slow).count();
    while next < maps.len() && !harness.faults.spent(faults.len(), slow(&faults)) {
        if their_server {
            match play_against_theirs(command, harness, &maps[next]) {
                Ok(game) => played.push(game),
                Err(unfinished) => {
                    played.push(scored(&unfinished.server, false, unfinished.moves));
                    faults.push(Fault {
                        map: next,
                        moves: unfinished.moves,
                        last_map: unfinished.server.map().to_vec(),
                        what: unfinished.what,
                        stderr: unfinished.stderr,
                        slow: unfinished.slow,
                    });
                }
            }
            next += 1;
            progress.update(|| {
                format!(
                    "acm-client: {next} of {}",
                    counted(maps.len() as u64, "map")
                )
            });
            continue;
        }
        let cpu = harness.time_limit * (maps.len() - next) as u32;
        let mut session = Session::start(command, &harness.limits(0), cpu)
            .map_err(|err| format!("cannot run our driver {}: {err}", command[0]))?;
        let mut failed = None;
        while failed.is_none() && next < maps.len() {
            session.arm(harness.wall_limit());
            match play_against_ours(&mut session, &maps[next], &mut line) {
                Ok(game) => played.push(game),
                Err(unfinished) => {
                    played.push(scored(&unfinished.server, false, unfinished.moves));
                    failed = Some((
                        next,
                        unfinished.moves,
                        unfinished.what,
                        unfinished.server.map().to_vec(),
                    ));
                }
            }
            next += 1;
            progress.update(|| {
                format!(
                    "acm-client: {next} of {}",
                    counted(maps.len() as u64, "map")
                )
            });
        }
        let end = session.finish();
        if let Some((map, moves, what, last_map)) = failed {
            let slow = matches!(
                end.ending,
                Ending::TooSlow | Ending::TimedOut | Ending::OutputLimit
            );
            let what = match end.ending {
                Ending::TooSlow | Ending::TimedOut => harness.time_fault("map", end.ending),
                Ending::OutputLimit => print_cap_fault(),
                ending if what.contains("output ended") || what.contains("input closed") => {
                    format!("it crashed: {}", describe_ending(ending))
                }
                _ => what,
            };
            faults.push(Fault {
                map,
                moves,
                what,
                last_map,
                stderr: end.stderr,
                slow,
            });
        }
    }
    progress.finish();
    Ok(ClientGames { played, faults })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn game_files_are_read_as_advanced_cpp_reads_them() {
        let map = read_game(b"3 3\n.X.\n...\n..X\n2 0\n").unwrap();
        assert_eq!((map.rows, map.cols, map.first), (3, 3, (2, 0)));
        assert_eq!(map.mine.iter().filter(|&&m| m).count(), 2);
        assert_eq!(move_cap(&map), 20);
        assert!(read_game(b"3 3\n.X.\n...\n..X\n0 1\n")
            .unwrap_err()
            .contains("on a mine"));
        assert!(read_game(b"3 3\n.X.\n...\n").is_err());
    }
}
