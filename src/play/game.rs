//! One game of `play`: the mine map (dealt at the first open, never under it), what the player
//! has done, the moves, the solver's advice, and the JSON the page draws; and every game kept.

use crate::board::{Board, CellState, Chord, Cover, FlagsInCascade, Grid};
use crate::play::http::json_string;
use crate::rng::Rng;
use crate::solver::{Decision, Inconsistent, Mines, Move, Solver, Style, View};
use std::collections::{HashMap, VecDeque};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// Games kept at once (one per browser tab); beyond it the oldest game is dropped.
pub const MAX_GAMES: usize = 1000;

/// Where a game stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    /// No cell opened yet: the mines are not placed.
    Ready,
    Playing,
    Won,
    Lost,
}

impl Status {
    pub fn name(self) -> &'static str {
        match self {
            Status::Ready => "ready",
            Status::Playing => "playing",
            Status::Won => "won",
            Status::Lost => "lost",
        }
    }

    pub fn is_over(self) -> bool {
        matches!(self, Status::Won | Status::Lost)
    }
}

/// One game: the mine map (placed at the first open), what the player has done, the score.
pub struct Game {
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
    pub fn new(id: String, grid: Grid, mines: usize, seed: u64) -> Game {
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
        let board = self.rng.deal_mines(self.grid, self.mines, first);
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
    pub fn open(&mut self, cell: usize) {
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
    pub fn flag(&mut self, cell: usize) {
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
    pub fn chord(&mut self, cell: usize) {
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
        View::observe(&self.board, &self.cover)
    }

    /// The board's shape.
    pub fn grid(&self) -> Grid {
        self.grid
    }

    fn flags(&self) -> usize {
        (0..self.grid.len())
            .filter(|&cell| self.cover.state(cell) == CellState::Flagged)
            .count()
    }

    /// The game as JSON fields (no braces): id, size, status, counters, elapsed milliseconds
    /// and `cells`, one character per cell, row-major: `.` closed, `F` flag, `0`-`8` open;
    /// once the game is over also `*` a mine, `X` the mine that ended it, `!` a wrong flag.
    pub fn state_json(&self) -> String {
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

    /// The solver's next move from what the player sees, or `None` once the game is over; an
    /// error when no arrangement of mines fits the flags and numbers.
    pub fn decide(&self) -> Result<Option<Decision>, Inconsistent> {
        if self.status.is_over() {
            return Ok(None);
        }
        Solver::new().next_move(&self.view(), Mines::Known(self.mines), Style::CLASSIC)
    }

    /// Makes `decision`'s move.
    pub fn apply(&mut self, decision: &Decision) {
        match decision.action {
            Move::Open(cell) => self.open(cell),
            Move::Flag(cell) => self.flag(cell),
            Move::Chord(cell) => self.chord(cell),
        }
    }

    /// A decision as JSON fields: `move` (`open`, `flag`, `chord`, or null when there is none),
    /// `row`, `col`, the mine probability `p` and whether the move is `certain`.
    pub fn decision_json(&self, decision: Option<&Decision>) -> String {
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
    pub fn mines_json(&self) -> String {
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
pub struct Games {
    games: HashMap<String, Arc<Mutex<Game>>>,
    order: VecDeque<String>,
    rng: Rng,
}

impl Games {
    pub fn new(seed: u64) -> Games {
        Games {
            games: HashMap::new(),
            order: VecDeque::new(),
            rng: Rng::new(seed),
        }
    }

    /// The game called `id`, if it is still kept.
    pub fn get(&self, id: &str) -> Option<Arc<Mutex<Game>>> {
        self.games.get(id).cloned()
    }

    /// Starts a game; `seed` picks its mine map (random when `None`).
    pub fn create(&mut self, grid: Grid, mines: usize, seed: Option<u64>) -> Arc<Mutex<Game>> {
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
