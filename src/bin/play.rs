//! `play`: Minesweeper in the browser (the JLU course's part (3)), served on 127.0.0.1.
//!
//! `play [--port N]` (default 8080; 0 picks a free port) prints the page's URL and serves one
//! page and a small JSON API. The rules, the mine map and the solver stay here: the page sends
//! each move and draws the board it gets back. The mine map leaves the server only for
//! `/reveal` (the course's right-click test) and once the game is over.
//!
//! API (arguments in the query string; every answer is JSON, errors are plain text):
//! - `POST /new?rows=R&cols=C&mines=K[&seed=S]`: a new game; mines are placed at its first
//!   open, never on that cell (seeded PRNG: the same seed and first click give the same map).
//! - `GET /state?game=ID`; `POST /open|/flag|/chord?game=ID&row=R&col=C` (flag toggles);
//!   all answer the game's state (see [`Game::state_json`]).
//! - `GET /hint?game=ID`: the solver's next move from the visible board and the mine count,
//!   with its mine probability; `POST /step?game=ID` makes that move and answers both.
//! - `GET /reveal?game=ID`: the mine map, one `0`/`1` per cell (all `0` before the first open).
//!
//! Clicks count the opens and chords that changed the board (flags are not clicks), as the
//! course counts valid clicks. At most [`MAX_GAMES`] games are kept: the oldest goes first.
//!
//! Shutting down: Ctrl-C (SIGINT) ends the process by the default signal action. Nothing is
//! kept on disk and the kernel closes every socket, so there is nothing to flush or save; std
//! has no signal API, and a `/quit` endpoint would let any web page stop the server.

use minejudge::board::{Board, CellState, Chord, Cover, FlagsInCascade, Grid};
use minejudge::rng::Rng;
use minejudge::solver::{Decision, Mines, Move, Seen, Solver, Style, View};
use minejudge::web::{json_string, serve, Request, Response};
use std::collections::{HashMap, VecDeque};
use std::io::Write;
use std::net::TcpListener;
use std::process::ExitCode;
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

/// Games kept at once (one per browser tab); beyond it the oldest game is dropped.
const MAX_GAMES: usize = 1000;
/// The largest side of a custom board.
const MAX_SIDE: u64 = 100;

const USAGE: &str = "usage: play [--port N]   (default 8080; 0 picks a free port)";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let port = match parse_port(&args) {
        Ok(Some(port)) => port,
        Ok(None) => {
            println!("{USAGE}");
            return ExitCode::SUCCESS;
        }
        Err(message) => {
            eprintln!("error: {message}\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    let listener = match TcpListener::bind(("127.0.0.1", port)) {
        Ok(listener) => listener,
        Err(err) => {
            eprintln!("error: cannot listen on 127.0.0.1:{port}: {err}");
            return ExitCode::FAILURE;
        }
    };
    let port = listener
        .local_addr()
        .map(|addr| addr.port())
        .unwrap_or(port);
    println!("http://127.0.0.1:{port}/");
    // Tests and scripts read the URL from a pipe: it must not wait in a buffer.
    let _ = std::io::stdout().flush();
    let seed = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|time| time.as_nanos() as u64)
        .unwrap_or(0)
        ^ u64::from(std::process::id()).rotate_left(32);
    let games = Arc::new(Mutex::new(Games::new(seed)));
    serve(listener, move |request| route(&games, request));
    ExitCode::SUCCESS
}

/// The port to listen on, or `None` for `--help`.
fn parse_port(args: &[String]) -> Result<Option<u16>, String> {
    match args {
        [] => Ok(Some(8080)),
        [flag, value] if flag == "--port" => value
            .parse()
            .map(Some)
            .map_err(|_| format!("--port takes 0..65535, not {value:?}")),
        [help] if help == "-h" || help == "--help" => Ok(None),
        _ => Err(format!("unexpected arguments {args:?}")),
    }
}

/// Where a game stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Status {
    /// No cell opened yet: the mines are not placed.
    Ready,
    Playing,
    Won,
    Lost,
}

impl Status {
    fn name(self) -> &'static str {
        match self {
            Status::Ready => "ready",
            Status::Playing => "playing",
            Status::Won => "won",
            Status::Lost => "lost",
        }
    }

    fn is_over(self) -> bool {
        matches!(self, Status::Won | Status::Lost)
    }
}

/// One game: the mine map (placed at the first open), what the player has done, the score.
struct Game {
    id: String,
    grid: Grid,
    mines: usize,
    rng: Rng,
    /// Empty until the first open.
    board: Board,
    cover: Cover,
    status: Status,
    /// The mine that ended a lost game.
    exploded: Option<usize>,
    clicks: u64,
    started: Option<Instant>,
    finished: Option<Duration>,
    opened: Vec<u32>,
}

impl Game {
    fn new(id: String, grid: Grid, mines: usize, seed: u64) -> Game {
        let board = Board::from_mines(grid, std::iter::empty());
        Game {
            id,
            grid,
            mines,
            rng: Rng::new(seed),
            cover: Cover::new(&board),
            board,
            status: Status::Ready,
            exploded: None,
            clicks: 0,
            started: None,
            finished: None,
            opened: Vec::new(),
        }
    }

    /// Places the mines among every cell but `first`, keeping the player's flags.
    fn place_mines(&mut self, first: usize) {
        let mut cells: Vec<usize> = (0..self.grid.len()).filter(|&c| c != first).collect();
        self.rng.shuffle(&mut cells);
        let board = Board::from_mines(self.grid, cells[..self.mines].iter().copied());
        let mut cover = Cover::new(&board);
        for cell in 0..self.grid.len() {
            if self.cover.state(cell) == CellState::Flagged {
                cover.set_flag(cell, true);
            }
        }
        self.board = board;
        self.cover = cover;
        self.status = Status::Playing;
        self.started = Some(Instant::now());
    }

    /// A left click on a closed cell. Opens on flags or open cells do nothing.
    fn open(&mut self, cell: usize) {
        if self.status.is_over() || self.cover.state(cell) != CellState::Closed {
            return;
        }
        if self.status == Status::Ready {
            self.place_mines(cell);
        }
        self.clicks += 1;
        if self.board.is_mine(cell) {
            self.end(Status::Lost, Some(cell));
            return;
        }
        self.reveal(cell);
        self.check_won();
    }

    fn reveal(&mut self, cell: usize) {
        self.opened.clear();
        self.cover
            .reveal_from(&self.board, cell, FlagsInCascade::Cleared, &mut self.opened);
    }

    /// Toggles the flag of a closed cell.
    fn flag(&mut self, cell: usize) {
        if self.status.is_over() {
            return;
        }
        match self.cover.state(cell) {
            CellState::Closed => self.cover.set_flag(cell, true),
            CellState::Flagged => self.cover.set_flag(cell, false),
            CellState::Open => {}
        }
    }

    /// A click on an open number whose flags are all placed: opens its other closed
    /// neighbours. Anything else does nothing.
    fn chord(&mut self, cell: usize) {
        if self.status != Status::Playing {
            return;
        }
        self.opened.clear();
        let flags = FlagsInCascade::Cleared;
        match self.cover.chord(&self.board, cell, flags, &mut self.opened) {
            Chord::NotOpen | Chord::Unsatisfied | Chord::Opened(0) => {}
            Chord::Mine(mine) => {
                self.clicks += 1;
                self.end(Status::Lost, Some(mine));
            }
            Chord::Opened(_) => {
                self.clicks += 1;
                self.check_won();
            }
        }
    }

    fn check_won(&mut self) {
        if self.cover.safe_closed() == 0 {
            // As in Windows: a won game shows every mine flagged.
            for cell in 0..self.grid.len() {
                if self.board.is_mine(cell) {
                    self.cover.set_flag(cell, true);
                }
            }
            self.end(Status::Won, None);
        }
    }

    fn end(&mut self, status: Status, exploded: Option<usize>) {
        self.status = status;
        self.exploded = exploded;
        self.finished = self.started.map(|start| start.elapsed());
    }

    /// What the player sees, for the solver.
    fn view(&self) -> View {
        let cells = (0..self.grid.len())
            .map(|cell| match self.cover.state(cell) {
                CellState::Closed => Seen::Closed,
                CellState::Flagged => Seen::Flagged,
                CellState::Open => Seen::Open(self.board.count(cell)),
            })
            .collect();
        View::from_cells(self.grid, cells)
    }

    fn flags(&self) -> usize {
        (0..self.grid.len())
            .filter(|&cell| self.cover.state(cell) == CellState::Flagged)
            .count()
    }

    /// The game as JSON fields (no braces): id, size, status, counters, elapsed milliseconds
    /// and `cells`, one character per cell, row-major: `.` closed, `F` flag, `0`-`8` open;
    /// once the game is over also `*` a mine, `X` the mine that ended it, `!` a wrong flag.
    fn state_json(&self) -> String {
        let over = self.status.is_over();
        let cells: String = (0..self.grid.len())
            .map(|cell| {
                let mine = self.board.is_mine(cell);
                match self.cover.state(cell) {
                    CellState::Open => char::from(b'0' + self.board.count(cell)),
                    CellState::Flagged if over && !mine => '!',
                    CellState::Flagged => 'F',
                    CellState::Closed if over && self.exploded == Some(cell) => 'X',
                    CellState::Closed if over && mine => '*',
                    CellState::Closed => '.',
                }
            })
            .collect();
        let elapsed = match (self.finished, self.started) {
            (Some(time), _) => time,
            (None, Some(start)) => start.elapsed(),
            (None, None) => Duration::ZERO,
        };
        let flags = self.flags();
        format!(
            "\"game\":{},\"rows\":{},\"cols\":{},\"mines\":{},\"status\":\"{}\",\"clicks\":{},\
             \"flags\":{},\"left\":{},\"ms\":{},\"cells\":\"{}\"",
            json_string(&self.id),
            self.grid.rows(),
            self.grid.cols(),
            self.mines,
            self.status.name(),
            self.clicks,
            flags,
            self.mines as i64 - flags as i64,
            elapsed.as_millis(),
            cells
        )
    }

    /// The solver's next move from what the player sees, or `None` once the game is over.
    fn decide(&self) -> Result<Option<Decision>, Response> {
        if self.status.is_over() {
            return Ok(None);
        }
        Solver::new()
            .next_move(&self.view(), Mines::Known(self.mines), Style::CLASSIC)
            .map_err(|_| {
                Response::text(
                    409,
                    "no arrangement of mines fits the flags and numbers: remove a wrong flag",
                )
            })
    }

    /// Makes `decision`'s move.
    fn apply(&mut self, decision: &Decision) {
        match decision.action {
            Move::Open(cell) => self.open(cell),
            Move::Flag(cell) => self.flag(cell),
            Move::Chord(cell) => self.chord(cell),
        }
    }

    /// A decision as JSON fields: `move` (`open`, `flag`, `chord`, or null when there is none),
    /// `row`, `col`, the mine probability `p` and whether the move is `certain`.
    fn decision_json(&self, decision: Option<&Decision>) -> String {
        let Some(decision) = decision else {
            return "\"move\":null".to_string();
        };
        let (name, cell) = match decision.action {
            Move::Open(cell) => ("open", cell),
            Move::Flag(cell) => ("flag", cell),
            Move::Chord(cell) => ("chord", cell),
        };
        let (row, col) = self.grid.row_col(cell);
        let p = decision.mine_probability;
        let p = if p.is_finite() {
            p.clamp(0.0, 1.0)
        } else {
            0.0
        };
        format!(
            "\"move\":\"{name}\",\"row\":{row},\"col\":{col},\"p\":{p:.6},\"certain\":{}",
            decision.certain
        )
    }

    /// The mine map, one `0` or `1` per cell.
    fn mines_json(&self) -> String {
        let map: String = (0..self.grid.len())
            .map(|cell| if self.board.is_mine(cell) { '1' } else { '0' })
            .collect();
        format!(
            "\"placed\":{},\"map\":\"{map}\"",
            self.status != Status::Ready
        )
    }
}

/// Every game kept, oldest first in `order`.
struct Games {
    games: HashMap<String, Arc<Mutex<Game>>>,
    order: VecDeque<String>,
    rng: Rng,
}

impl Games {
    fn new(seed: u64) -> Games {
        Games {
            games: HashMap::new(),
            order: VecDeque::new(),
            rng: Rng::new(seed),
        }
    }

    /// Starts a game; `seed` picks its mine map (random when `None`).
    fn create(&mut self, grid: Grid, mines: usize, seed: Option<u64>) -> Arc<Mutex<Game>> {
        while self.games.len() >= MAX_GAMES {
            match self.order.pop_front() {
                Some(oldest) => self.games.remove(&oldest),
                None => break,
            };
        }
        let id = loop {
            let id = format!("{:016x}", self.rng.next_u64());
            if !self.games.contains_key(&id) {
                break id;
            }
        };
        let seed = seed.unwrap_or_else(|| self.rng.next_u64());
        let game = Arc::new(Mutex::new(Game::new(id.clone(), grid, mines, seed)));
        self.games.insert(id.clone(), Arc::clone(&game));
        self.order.push_back(id);
        game
    }
}

/// A lock that survives a panic of another holder: every game action leaves a valid state.
fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

fn route(games: &Mutex<Games>, request: &Request) -> Response {
    let path = request.path.as_str();
    let method = match path {
        "/" | "/state" | "/hint" | "/reveal" => "GET",
        "/new" | "/open" | "/flag" | "/chord" | "/step" => "POST",
        _ => return Response::text(404, "not found"),
    };
    if request.method != method {
        return Response::text(405, &format!("{path} takes {method}"));
    }
    match answer(games, request) {
        Ok(response) | Err(response) => response,
    }
}

fn answer(games: &Mutex<Games>, request: &Request) -> Result<Response, Response> {
    let path = request.path.as_str();
    if path == "/" {
        return Ok(Response::html(PAGE));
    }
    if path == "/new" {
        let rows = number(request, "rows", 1, MAX_SIDE)? as usize;
        let cols = number(request, "cols", 1, MAX_SIDE)? as usize;
        let mines = number(request, "mines", 0, (rows * cols - 1) as u64)? as usize;
        let seed = match request.param("seed") {
            Some(_) => Some(number(request, "seed", 0, u64::MAX)?),
            None => None,
        };
        let game = lock(games).create(Grid::new(rows, cols), mines, seed);
        let game = lock(&game);
        return Ok(Response::json(format!("{{{}}}", game.state_json())));
    }
    let id = request
        .param("game")
        .ok_or_else(|| Response::text(400, "missing game"))?;
    let game = lock(games)
        .games
        .get(id)
        .cloned()
        .ok_or_else(|| Response::text(404, "no such game (start a new one)"))?;
    let mut game = lock(&game);
    let body = match path {
        "/state" => game.state_json(),
        "/open" | "/flag" | "/chord" => {
            let row = number(request, "row", 0, game.grid.rows() as u64 - 1)? as usize;
            let col = number(request, "col", 0, game.grid.cols() as u64 - 1)? as usize;
            let cell = game.grid.index(row, col);
            match path {
                "/open" => game.open(cell),
                "/flag" => game.flag(cell),
                _ => game.chord(cell),
            }
            game.state_json()
        }
        "/hint" => {
            let decision = game.decide()?;
            game.decision_json(decision.as_ref())
        }
        "/step" => {
            let decision = game.decide()?;
            if let Some(decision) = &decision {
                game.apply(decision);
            }
            format!(
                "{},{}",
                game.decision_json(decision.as_ref()),
                game.state_json()
            )
        }
        _ => game.mines_json(),
    };
    Ok(Response::json(format!("{{{body}}}")))
}

/// The query parameter `name` as a whole number in `low..=high`.
fn number(request: &Request, name: &str, low: u64, high: u64) -> Result<u64, Response> {
    let bad = || {
        Response::text(
            400,
            &format!("{name} must be a whole number from {low} to {high}"),
        )
    };
    let text = request.param(name).ok_or_else(bad)?;
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return Err(bad());
    }
    match text.parse::<u64>() {
        Ok(value) if (low..=high).contains(&value) => Ok(value),
        _ => Err(bad()),
    }
}

/// The page: plain HTML, CSS and JavaScript. It keeps no rules: it sends each move and draws
/// the board the server answers.
const PAGE: &str = r##"<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Minesweeper</title>
<link rel="icon" href="data:,">
<style>
:root { --cell: 26px; --line: #9aa3ad; --closed: #c9d1da; --open: #f4f6f8; }
* { box-sizing: border-box; }
body { margin: 0; padding: 20px; font: 15px/1.4 system-ui, -apple-system, "Segoe UI", sans-serif;
  color: #1d2630; background: #e8ecf0; }
main { display: inline-block; min-width: 340px; background: #fff; border-radius: 10px;
  padding: 16px 18px 14px; box-shadow: 0 1px 4px rgba(0,0,0,.15); }
h1 { margin: 0 0 10px; font-size: 20px; }
.row { display: flex; flex-wrap: wrap; gap: 8px; align-items: center; margin-bottom: 10px; }
button, select, input { font: inherit; }
button { padding: 4px 12px; border: 1px solid #8c98a4; border-radius: 6px; background: #f7f9fb;
  cursor: pointer; }
button:hover { background: #e9eef3; }
button.on { background: #1d2630; color: #fff; border-color: #1d2630; }
select { padding: 3px 6px; border-radius: 6px; border: 1px solid #8c98a4; background: #fff; }
input[type=number] { width: 64px; padding: 3px 4px; border: 1px solid #8c98a4; border-radius: 6px; }
label { display: inline-flex; gap: 4px; align-items: center; }
#custom[hidden] { display: none; }
.counters { display: flex; gap: 8px; }
.counter { min-width: 74px; padding: 3px 8px; border-radius: 6px; background: #1d2630; color: #ffd166;
  font: 600 15px/1.3 ui-monospace, Menlo, Consolas, monospace; text-align: right; }
.counter small { float: left; color: #9fb3c8; font-weight: 400; margin-right: 6px; }
#status { font-weight: 600; }
#status.won { color: #1a7f37; }
#status.lost { color: #c62828; }
#board { display: grid; gap: 1px; background: var(--line); border: 1px solid var(--line);
  width: max-content; user-select: none; -webkit-user-select: none; }
.c { width: var(--cell); height: var(--cell); display: flex; align-items: center; justify-content: center;
  font: 700 15px/1 ui-monospace, Menlo, Consolas, monospace; background: var(--open); cursor: default; }
.c.closed, .c.flag { background: var(--closed); cursor: pointer;
  box-shadow: inset 2px 2px 0 #e4e9ee, inset -2px -2px 0 #a9b4c0; }
.c.closed:hover { background: #b6c1cc; }
.c.flag::after { content: "\2691"; color: #c62828; }
.c.mine { background: var(--closed); }
.c.mine::after { content: "\25CF"; color: #1d2630; font-size: 14px; }
.c.boom { background: #ef5350; }
.c.boom::after { content: "\25CF"; color: #fff; }
.c.wrong { background: #ffd8a8; }
.c.wrong::after { content: "\2715"; color: #c62828; }
.c.peek::after { content: "\25CF"; color: #6b7785; font-size: 11px; }
.c.hint { outline: 3px solid #1a7f37; outline-offset: -3px; }
.c.hint.guess { outline-color: #f08c00; }
.c.hint.flagit { outline-color: #c62828; }
.n1 { color: #1e5fd0; } .n2 { color: #1a7f37; } .n3 { color: #c62828; } .n4 { color: #283593; }
.n5 { color: #8d2b0b; } .n6 { color: #00838f; } .n7 { color: #1d2630; } .n8 { color: #6b7785; }
#message { min-height: 1.4em; margin-top: 10px; color: #3d4a57; }
#message.error { color: #c62828; }
.help { margin-top: 6px; font-size: 13px; color: #6b7785; max-width: 560px; }
</style>
</head>
<body>
<main>
<h1>Minesweeper</h1>
<div class="row">
  <select id="level" aria-label="board">
    <option value="9,9,10">Beginner 9&times;9, 10 mines</option>
    <option value="16,16,40">Intermediate 16&times;16, 40 mines</option>
    <option value="16,30,99">Expert 30&times;16, 99 mines</option>
    <option value="20,20,50">JLU 20&times;20, 50 mines</option>
    <option value="custom">Custom&hellip;</option>
  </select>
  <span id="custom" hidden>
    <label>rows <input id="rows" type="number" min="1" max="100" value="12"></label>
    <label>cols <input id="cols" type="number" min="1" max="100" value="12"></label>
    <label>mines <input id="mines" type="number" min="0" max="9999" value="20"></label>
  </span>
  <button id="new">New game</button>
</div>
<div class="row">
  <div class="counters">
    <div class="counter" title="mines left"><small>mines</small><span id="left">0</span></div>
    <div class="counter" title="time"><small>time</small><span id="clock">0</span></div>
    <div class="counter" title="clicks"><small>clicks</small><span id="clicks">0</span></div>
  </div>
  <span id="status"></span>
</div>
<div class="row">
  <button id="hint">Hint</button>
  <button id="auto">Autoplay</button>
  <label title="autoplay speed">speed <input id="speed" type="range" min="1" max="10" value="6"></label>
  <button id="reveal">Reveal</button>
</div>
<div id="board" oncontextmenu="return false"></div>
<div id="message"></div>
<div class="help">Left click opens a cell; right click flags it. Clicking a number whose flags
are all placed opens its other neighbours. Right click on an open cell, or <b>Reveal</b>, shows
where the mines are. <b>Hint</b> marks the AI's next move (it sees only what you see);
<b>Autoplay</b> lets it play.</div>
</main>
<script>
"use strict";
const $ = (id) => document.getElementById(id);
const boardEl = $("board");
let game = null;
let cellEls = [];
let mineMap = null;
let peeking = false;
let hintCell = -1;
let autoplay = false;
let queue = Promise.resolve();
let clockBase = 0;
const DELAYS = [1500, 1000, 700, 450, 300, 180, 100, 50, 15, 0];

function say(text, isError) {
  $("message").textContent = text;
  $("message").className = isError ? "error" : "";
}

async function call(method, path) {
  const response = await fetch(path, { method });
  const text = await response.text();
  if (!response.ok) throw new Error(text.trim() || "HTTP " + response.status);
  return JSON.parse(text);
}

function enqueue(job) {
  queue = queue.then(job).catch((error) => { stopAuto(); say(error.message, true); });
  return queue;
}

function gameQuery() { return "game=" + encodeURIComponent(game.game); }

function buildBoard() {
  boardEl.style.gridTemplateColumns = "repeat(" + game.cols + ", var(--cell))";
  boardEl.textContent = "";
  cellEls = [];
  for (let i = 0; i < game.rows * game.cols; i++) {
    const el = document.createElement("div");
    el.dataset.i = i;
    boardEl.appendChild(el);
    cellEls.push(el);
  }
}

function draw() {
  const cells = game.cells;
  for (let i = 0; i < cells.length; i++) {
    const ch = cells[i];
    let cls = "c";
    let text = "";
    if (ch === ".") cls += " closed" + (peeking && mineMap && mineMap[i] === "1" ? " peek" : "");
    else if (ch === "F") cls += " flag";
    else if (ch === "*") cls += " mine";
    else if (ch === "X") cls += " boom";
    else if (ch === "!") cls += " wrong";
    else if (ch !== "0") { cls += " n" + ch; text = ch; }
    if (i === hintCell) cls += hintClass;
    const el = cellEls[i];
    if (el.className !== cls) el.className = cls;
    if (el.textContent !== text) el.textContent = text;
  }
  $("left").textContent = game.left;
  $("clicks").textContent = game.clicks;
  const status = $("status");
  status.className = game.status;
  status.textContent = { ready: "Click any cell to start", playing: "Playing",
    won: "You win!", lost: "You lose" }[game.status];
  clockBase = performance.now() - game.ms;
  tick();
}

function tick() {
  if (!game) return;
  const ms = game.status === "playing" ? performance.now() - clockBase : game.ms;
  $("clock").textContent = Math.floor(ms / 1000);
}
setInterval(tick, 250);

let hintClass = "";
function clearHint() { hintCell = -1; hintClass = ""; }

async function update(state) {
  const wasReady = game && game.status === "ready";
  game = state;
  clearHint();
  if (peeking && wasReady && game.status !== "ready") await loadMines();
  draw();
  if (game.status === "won") { stopAuto(); say("All safe cells open in " + game.clicks + " clicks."); }
  if (game.status === "lost") { stopAuto(); say("A mine: game over. Start a new game to play again."); }
}

async function loadMines() {
  const answer = await call("GET", "/reveal?" + gameQuery());
  mineMap = answer.placed ? answer.map : null;
}

function sizeQuery() {
  const level = $("level").value;
  const [rows, cols, mines] = level === "custom"
    ? [$("rows").value, $("cols").value, $("mines").value]
    : level.split(",");
  return "rows=" + encodeURIComponent(rows) + "&cols=" + encodeURIComponent(cols) +
    "&mines=" + encodeURIComponent(mines);
}

function newGame() {
  stopAuto();
  enqueue(async () => {
    const state = await call("POST", "/new?" + sizeQuery());
    game = null;
    mineMap = null;
    peeking = false;
    $("reveal").classList.remove("on");
    game = state;
    buildBoard();
    await update(state);
    say("");
  });
}

function act(action, i) {
  enqueue(async () => {
    if (!game) return;
    const row = Math.floor(i / game.cols), col = i % game.cols;
    await update(await call("POST", "/" + action + "?" + gameQuery() + "&row=" + row + "&col=" + col));
  });
}

function describe(move) {
  const where = "(row " + move.row + ", col " + move.col + ")";
  if (move.move === "flag") return "flag " + where + ": certainly a mine";
  const verb = move.move === "chord" ? "open around " : "open ";
  const p = (100 * move.p).toFixed(move.p > 0 && move.p < 0.01 ? 2 : 1);
  return verb + where + (move.certain ? ": certainly safe" : ": a guess, mine probability " + p + "%");
}

function hint() {
  enqueue(async () => {
    if (!game) return;
    const move = await call("GET", "/hint?" + gameQuery());
    if (move.move === null) { say("The game is over: no move to suggest."); return; }
    hintCell = move.row * game.cols + move.col;
    hintClass = " hint" + (move.move === "flag" ? " flagit" : move.certain ? "" : " guess");
    draw();
    say("Hint: " + describe(move));
  });
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function startAuto() {
  if (!game || game.status === "won" || game.status === "lost") return;
  autoplay = true;
  $("auto").textContent = "Stop";
  $("auto").classList.add("on");
  const run = async () => {
    while (autoplay) {
      const answer = await call("POST", "/step?" + gameQuery());
      await update(answer);
      if (answer.move !== null) say("AI: " + describe(answer) + (game.status === "won" ? ". You win!" : game.status === "lost" ? ". You lose." : ""));
      if (answer.move === null || game.status === "won" || game.status === "lost") break;
      await sleep(DELAYS[$("speed").value - 1]);
    }
    stopAuto();
  };
  enqueue(run);
}

function stopAuto() {
  autoplay = false;
  $("auto").textContent = "Autoplay";
  $("auto").classList.remove("on");
}

function togglePeek() {
  enqueue(async () => {
    if (!game) return;
    peeking = !peeking;
    $("reveal").classList.toggle("on", peeking);
    if (peeking) {
      await loadMines();
      say(mineMap ? "Mines shown (the grey dots)." : "The mines are placed at the first click.");
    } else {
      say("");
    }
    draw();
  });
}

boardEl.addEventListener("click", (event) => {
  const i = Number(event.target.dataset.i);
  if (!game || Number.isNaN(i) || autoplay) return;
  const ch = game.cells[i];
  if (ch === ".") act("open", i);
  else if (ch >= "1" && ch <= "8") act("chord", i);
});
boardEl.addEventListener("contextmenu", (event) => {
  event.preventDefault();
  const i = Number(event.target.dataset.i);
  if (!game || Number.isNaN(i) || autoplay) return;
  const ch = game.cells[i];
  if (ch === "." || ch === "F") act("flag", i);
  else if (ch >= "0" && ch <= "8") togglePeek();
});
$("new").addEventListener("click", newGame);
$("level").addEventListener("change", () => {
  $("custom").hidden = $("level").value !== "custom";
  newGame();
});
$("hint").addEventListener("click", hint);
$("auto").addEventListener("click", () => (autoplay ? stopAuto() : startAuto()));
$("reveal").addEventListener("click", togglePeek);
newGame();
</script>
</body>
</html>
"##;
