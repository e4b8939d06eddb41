//! The `acm-client` program: the AI player plays through the `acm-server`
//! rules in-process and sees only the text of each map the server prints, as the course's
//! harness feeds `ReadMap`.
//!
//! Input is one of the course's files:
//! - a single game (`adv*.in`): `n m`, the map of `X` and `.`, then the first click `r c` (the
//!   course makes it for the player, so that it is not a mine). Output: the harness's final two
//!   lines, `YOU WIN!` or `GAME OVER!`, then `visit_count marked_mine_count`. With `--trace`,
//!   every move (`r c type`, as `acm-server` reads them) and the map after it come first.
//! - a batch (`batch*.in`): `rows cols mines`, `seed` (0 to 2^64-1), `min_dist`. It plays the
//!   course's own 50 maps of that batch ([`course_maps`](super::course_maps): the same generator, engine and seed
//!   as its `TestBatch()`), and prints each map's `(p + q) / (n * m)` (p mines marked, q cells
//!   visited) and the course's score, the mean after dropping the lowest 10%. With `--maps`,
//!   it prints the 50 maps instead, one after another, as the course's `GenerateMap` prints
//!   them (each is also a single-game input).
//!
//! A batch beyond the course's limits (`1 < n, m <= 30`, `1 <= mines < n*m`) is refused unless
//! `--limits wide` ([`program`]): one of 1000x1000 plays for minutes, and the course never gives
//! it.
//!
//! The player is never told the mine count (the course's client gets only the map's size), so
//! it assumes [`ASSUMED_DENSITY`].

use crate::board::{Board, Grid};
use crate::io::output::{push_uint, Output};
use crate::io::runner::{Program, Solve};
use crate::io::scanner::{parse_int, show, InputError, Scanner};
use crate::judges::acm_server::limits::COURSE;
use crate::judges::acm_server::rules::{Operation, Server, ServerStatus};
use crate::judges::acm_server::solve::MAX_SIDE as ACM_MAX_SIDE;
use crate::judges::limits::Limits;
use crate::moves::Move;
use crate::players::acm_client::course_maps::{batch, push_map, BATCH_MAPS};
use crate::solver::{Mines, Seen, Solver, Strength, Style, View};

/// The `acm-client` program.
pub const PROGRAM: Program = Program {
    name: "acm-client",
    reads: "an acm-client game or batch file",
    format: FORMAT,
    solve,
};

/// `acm-client --trace`: every move and map of a single game before its final lines.
pub const TRACED: Program = Program {
    solve: solve_traced,
    ..PROGRAM
};

/// `acm-client --maps`: the 50 maps of a batch, as the course's `GenerateMap` prints them.
pub const MAPS: Program = Program {
    solve: solve_maps,
    ..PROGRAM
};

/// The program for `mode` (`--trace`, `--maps` or neither), `--limits` and `--strength`.
pub fn program(mode: Mode, limits: Limits, strength: Strength) -> Program {
    let solve = match strength {
        Strength::Default => solve_for::<false>(mode, limits),
        Strength::Strong => solve_for::<true>(mode, limits),
    };
    Program { solve, ..PROGRAM }
}

/// The logic for `mode` and `limits`, the player strong when `STRONG`: a constant, so that the
/// logic is a plain function, as a [`Program`] holds it.
fn solve_for<const STRONG: bool>(mode: Mode, limits: Limits) -> Solve {
    match (mode, limits) {
        (Mode::Play, Limits::Course) => {
            |input, out| play_input(input, out, Mode::Play, Limits::Course, strength::<STRONG>())
        }
        (Mode::Trace, Limits::Course) => |input, out| {
            play_input(
                input,
                out,
                Mode::Trace,
                Limits::Course,
                strength::<STRONG>(),
            )
        },
        (Mode::Maps, Limits::Course) => {
            |input, out| play_input(input, out, Mode::Maps, Limits::Course, strength::<STRONG>())
        }
        (Mode::Play, Limits::Wide) => {
            |input, out| play_input(input, out, Mode::Play, Limits::Wide, strength::<STRONG>())
        }
        (Mode::Trace, Limits::Wide) => {
            |input, out| play_input(input, out, Mode::Trace, Limits::Wide, strength::<STRONG>())
        }
        (Mode::Maps, Limits::Wide) => {
            |input, out| play_input(input, out, Mode::Maps, Limits::Wide, strength::<STRONG>())
        }
    }
}

/// The strength `STRONG` names.
const fn strength<const STRONG: bool>() -> Strength {
    if STRONG {
        Strength::Strong
    } else {
        Strength::Default
    }
}

/// The input and output, in brief.
pub const FORMAT: &str = "\
Input: a game (`n m`, n rows of m characters, `X` a mine and `.` safe, then the first click
`r c`, 0-based, and nothing after it), or a batch (`rows cols mines`, then `seed`, then `min_dist`).
Output: for a game, `YOU WIN!` or `GAME OVER!` and `visited_cells marked_mines` (with
--trace, every move `r c type` and the map after it first); for a batch, each of the course's
50 maps' (marked + visited) / cells and the course's score, the mean of the best 45 (with
--maps, the 50 maps themselves, as the course prints them).
A batch must be inside the course's limits (3 to 30 rows and columns: the first click is drawn
inside the border; 1 <= mines) unless --limits wide (up to 1000x1000).
--strength strong is the solver's strong mode; its larger endgame search needs the mine count,
which the client is never told, so it plays as the default.
";

/// The mine density the player assumes: the middle of the course's published batch
/// parameters (9 to 21 mines per 100 cells).
pub const ASSUMED_DENSITY: f64 = 0.15;

/// The share of a batch's lowest scores the course drops.
const DROPPED_MAPS: usize = BATCH_MAPS / 10;

/// What the program prints for its input.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// A game's final lines, or a batch's scores.
    Play,
    /// A game's every move and map too (`--trace`; a batch prints its scores).
    Trace,
    /// A batch's maps (`--maps`; a game is refused).
    Maps,
}

/// Plays the game or batch in `input`; prints the final lines (a game) or the scores (a batch).
pub fn solve(input: &[u8], out: &mut Output) -> Result<(), InputError> {
    play_input(input, out, Mode::Play, Limits::Course, Strength::Default)
}

/// Like [`solve`], with every move and map of a single game printed before its final lines.
pub fn solve_traced(input: &[u8], out: &mut Output) -> Result<(), InputError> {
    play_input(input, out, Mode::Trace, Limits::Course, Strength::Default)
}

/// Prints the 50 maps of the batch in `input` as the course's `GenerateMap` prints them.
pub fn solve_maps(input: &[u8], out: &mut Output) -> Result<(), InputError> {
    play_input(input, out, Mode::Maps, Limits::Course, Strength::Default)
}

fn play_input(
    input: &[u8],
    out: &mut Output,
    mode: Mode,
    limits: Limits,
    strength: Strength,
) -> Result<(), InputError> {
    let mut scanner = Scanner::new(input);
    let Some(header) = scanner.text_line_bytes() else {
        return Err(scanner.error("expected `n m` or `rows cols mines`, found end of input"));
    };
    let line = scanner.line();
    let mut fields = Scanner::starting_at(header, line);
    let mut numbers = Vec::new();
    while let Some(token) = fields.token() {
        let value = parse_int(token).ok_or_else(|| {
            fields.error(format!(
                "expected numbers on the first line, found {}",
                show(token)
            ))
        })?;
        numbers.push(value);
    }
    match numbers[..] {
        [_, _] if mode == Mode::Maps => Err(InputError {
            line,
            message: "--maps takes a batch (`rows cols mines`), found a game (`n m`)".to_string(),
        }),
        [rows, cols] => {
            let trace = mode == Mode::Trace;
            play_file(&mut scanner, (line, [rows, cols]), out, trace, strength)
        }
        [rows, cols, mines] => {
            let header = [rows, cols, mines];
            play_batch(&mut scanner, (line, header), limits, out, (mode, strength))
        }
        _ => Err(InputError {
            line,
            message: format!(
                "the first line has {} numbers: expected `n m` (a game) or `rows cols mines` (a batch)",
                numbers.len()
            ),
        }),
    }
}

fn side(value: i64, what: &str, line: usize, low: i64) -> Result<usize, InputError> {
    bounded_side(value, what, line, (low, ACM_MAX_SIDE as i64), "")
}

/// `value` as a side in `low..=high`; else the error, with `why` after the range.
fn bounded_side(
    value: i64,
    what: &str,
    line: usize,
    (low, high): (i64, i64),
    why: &str,
) -> Result<usize, InputError> {
    if (low..=high).contains(&value) {
        Ok(value as usize)
    } else {
        Err(InputError {
            line,
            message: format!("{what} {value} is outside {low}..={high}{why}"),
        })
    }
}

/// A single game: the map and the first click from the file.
fn play_file(
    scanner: &mut Scanner,
    (header_line, [rows, cols]): (usize, [i64; 2]),
    out: &mut Output,
    trace: bool,
    strength: Strength,
) -> Result<(), InputError> {
    let rows = side(rows, "n (rows)", header_line, 1)?;
    let cols = side(cols, "m (columns)", header_line, 1)?;
    let mine = scanner.mine_rows(rows, cols, b'X', b'.')?;
    let first_row = scanner.int_in("the first click's row", 0, rows as i64 - 1)? as usize;
    let first_col = scanner.int_in("the first click's column", 0, cols as i64 - 1)? as usize;
    let click_line = scanner.line();
    // A game file ends at its first click: more is another format, such as acm-server's.
    if let Some(token) = scanner.token() {
        let message = if scanner.line() == click_line && parse_int(token).is_some() {
            format!(
                "the first click `r c` has a third number {}: `x y type` operations are \
                 acm-server's input; acm-client takes `n m`, the map and `r c`",
                show(token)
            )
        } else {
            format!(
                "expected the end of the game after the first click, found {}",
                show(token)
            )
        };
        return Err(scanner.error(message));
    }
    let grid = Grid::new(rows, cols);
    let mut game = ClientGame::new(Board::new(grid, mine), strength);
    let first = grid.index(first_row, first_col);
    game.play(first, if trace { Some(&mut *out) } else { None });
    game.server.push_ending(out);
    Ok(())
}

/// A batch: the course's 50 maps, each map's share and the course's score (or the maps).
fn play_batch(
    scanner: &mut Scanner,
    (header_line, [rows, cols, mines]): (usize, [i64; 3]),
    limits: Limits,
    out: &mut Output,
    (mode, strength): (Mode, Strength),
) -> Result<(), InputError> {
    // The first click's row and column are drawn from 1..=side-2, so each side needs 3 cells.
    let (high, why, fewest_mines) = match limits {
        Limits::Course => (
            COURSE.sides.1 as i64,
            " (the course's limits; --limits wide lifts them)",
            1,
        ),
        Limits::Wide => (ACM_MAX_SIDE as i64, "", 0),
    };
    let rows = bounded_side(rows, "rows", header_line, (3, high), why)?;
    let cols = bounded_side(cols, "cols", header_line, (3, high), why)?;
    let seed = seed(scanner)?;
    let min_dist = scanner.int_in("min_dist", 0, (rows + cols) as i64)? as usize;
    let grid = Grid::new(rows, cols);
    // The fewest cells left for mines: a click at the most central place clears the most.
    let cleared = (0..grid.len())
        .filter(|&cell| manhattan(grid, cell, grid.index(rows / 2, cols / 2)) <= min_dist)
        .count();
    if mines < fewest_mines || mines as usize > grid.len() - cleared {
        return Err(InputError {
            line: header_line,
            message: format!(
                "mines {mines} is outside {fewest_mines}..={}: the cells farther than min_dist {min_dist} from a first click",
                grid.len() - cleared
            ),
        });
    }
    let maps = batch(rows, cols, mines as usize, seed, min_dist);
    if mode == Mode::Maps {
        for map in maps {
            push_map(out, &map);
            out.flush_large();
        }
        return Ok(());
    }
    let mut shares = Vec::with_capacity(BATCH_MAPS);
    for (map, course_map) in (1..=BATCH_MAPS).zip(maps) {
        let mut game = ClientGame::new(Board::new(grid, course_map.mine), strength);
        let (row0, col0) = course_map.first;
        game.play(grid.index(row0, col0), None);
        let share = (game.server.marked_mine_count() + game.server.visit_count()) as f64
            / grid.len() as f64;
        shares.push(share);
        out.extend_from_slice(format!("map {map:2}: {share:.6}\n").as_bytes());
    }
    shares.sort_by(|a, b| a.total_cmp(b));
    let kept = &shares[DROPPED_MAPS..];
    let score = kept.iter().sum::<f64>() / kept.len() as f64;
    out.extend_from_slice(
        format!(
            "score: {score:.6} (mean of the best {} of {BATCH_MAPS} maps)\n",
            kept.len()
        )
        .as_bytes(),
    );
    Ok(())
}

fn manhattan(grid: Grid, a: usize, b: usize) -> usize {
    let (ar, ac) = grid.row_col(a);
    let (br, bc) = grid.row_col(b);
    ar.abs_diff(br) + ac.abs_diff(bc)
}

/// The batch's seed, 0 to 2^64-1: the course reads a `uint64_t`.
fn seed(scanner: &mut Scanner) -> Result<u64, InputError> {
    let token = scanner.expect_token("seed")?;
    let text = String::from_utf8_lossy(token);
    if let Ok(seed) = text.parse() {
        return Ok(seed);
    }
    let digits = text.strip_prefix(['-', '+']).unwrap_or(&text);
    let number = !digits.is_empty() && digits.bytes().all(|byte| byte.is_ascii_digit());
    let shown = show(token);
    Err(scanner.error(match (number, token.len()) {
        (true, 0..=24) => format!("seed {text} is outside 0..={}", u64::MAX),
        (true, _) => format!("seed {shown} is outside 0..={}", u64::MAX),
        (false, _) => format!("expected seed (an integer), found {shown}"),
    }))
}

/// A game: the server with the real map, and the player, which reads only the printed maps.
struct ClientGame {
    server: Server,
    solver: Solver,
    view: View,
}

impl ClientGame {
    fn new(board: Board, strength: Strength) -> ClientGame {
        let grid = board.grid();
        let mut solver = Solver::new();
        solver.set_strength(strength);
        ClientGame {
            server: Server::new(board),
            solver,
            view: View::new(grid),
        }
    }

    /// Visits `first` for the player, then lets the player move until the game ends. With a
    /// trace, each move and the map after it are appended there.
    fn play(&mut self, first: usize, mut trace: Option<&mut Output>) {
        let grid = self.server.grid();
        let mut next = Some((first, Operation::Visit));
        // Every move changes the map, so a game cannot take more moves than twice the cells;
        // the bound only guards against a player that stops making progress.
        let mut moves_left = 2 * grid.len() + 2;
        while let Some((cell, operation)) = next {
            self.server.apply(cell, operation);
            if let Some(trace) = trace.as_deref_mut() {
                let (row, col) = grid.row_col(cell);
                push_uint(trace, row as u64);
                trace.push(b' ');
                push_uint(trace, col as u64);
                trace.push(b' ');
                push_uint(trace, operation.code() as u64);
                trace.push(b'\n');
                trace.extend_from_slice(self.server.map());
                trace.flush_large();
            }
            moves_left -= 1;
            if self.server.status() != ServerStatus::Running || moves_left == 0 {
                break;
            }
            next = self.decide();
        }
    }

    /// The player's move, from the printed map alone.
    fn decide(&mut self) -> Option<(usize, Operation)> {
        read_map(self.server.map(), self.server.changed(), &mut self.view);
        let decision = self
            .solver
            .next_move(&self.view, Mines::Density(ASSUMED_DENSITY), Style::CLASSIC)
            .ok()??;
        Some(match decision.action {
            Move::Open(cell) => (cell, Operation::Visit),
            Move::Flag(cell) => (cell, Operation::Mark),
            Move::Chord(cell) => (cell, Operation::AutoExplore),
        })
    }
}

/// What `ReadMap` gets: the printed map's characters as the player's view. `?` is closed, `@`
/// a marked mine, a digit an open number; `X` (a visited mine, or a wrongly marked cell) is
/// only printed once the game is over, and counts as a known mine. The view already holds the
/// map before the last move, so only the characters it `changed` are read again: a move then
/// costs what it changed, not the map's size.
fn read_map(map: &[u8], changed: &[u32], view: &mut View) {
    let cols = view.grid().cols();
    for &cell in changed {
        let cell = cell as usize;
        let byte = map[cell / cols * (cols + 1) + cell % cols];
        let seen = match byte {
            b'0'..=b'8' => Seen::Open(byte - b'0'),
            b'@' | b'X' => Seen::Flagged,
            _ => Seen::Closed,
        };
        view.set(cell, seen);
    }
}
