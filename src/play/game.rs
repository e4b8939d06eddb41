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
    /// Mines placed, game going on.
    Playing,
    /// Every safe cell open.
    Won,
    /// A mine opened.
    Lost,
}

impl Status {
    /// The status as the page reads it: `ready`, `playing`, `won` or `lost`.
    pub fn name(self) -> &'static str {
        match self {
            Status::Ready => "ready",
            Status::Playing => "playing",
            Status::Won => "won",
            Status::Lost => "lost",
        }
    }

    /// Whether the game has ended.
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
    /// A game called `id` of `mines` mines on `grid`, not started; `seed` deals its mines.
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
    /// No game yet; `seed` makes the games' ids and unseeded maps.
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

#[cfg(test)]
mod tests {
    use super::*;

    /// A field of a state's JSON, as text.
    fn field<'a>(json: &'a str, name: &str) -> &'a str {
        let start = json.find(&format!("\"{name}\":")).expect(name) + name.len() + 3;
        let rest = &json[start..];
        let end = rest.find([',', '}']).unwrap_or(rest.len());
        rest[..end].trim_matches('"')
    }

    #[test]
    fn mines_are_dealt_at_the_first_open_never_under_it() {
        for seed in 0..50 {
            let mut game = Game::new("g".into(), Grid::new(4, 4), 15, seed);
            assert_eq!(field(&game.state_json(), "status"), "ready");
            assert_eq!(field(&game.mines_json(), "placed"), "false");
            game.open(5);
            // 15 mines on 16 cells: the one safe cell is the first click, and it wins.
            assert_eq!(game.status, Status::Won, "seed {seed}");
            assert!(!game.board.is_mine(5));
            assert_eq!(game.board.mines(), 15);
        }
        let same = |seed| {
            let mut game = Game::new("g".into(), Grid::new(9, 9), 10, seed);
            game.open(40);
            game.mines_json()
        };
        assert_eq!(same(7), same(7));
        assert_ne!(same(7), same(8));
    }

    #[test]
    fn flags_toggle_block_opens_and_enable_chords() {
        // Seeded so that the first open at (0, 0) shows a number: find such a seed.
        let (seed, mut game) = (0..1000)
            .map(|seed| {
                let mut game = Game::new("g".into(), Grid::new(5, 5), 5, seed);
                game.open(0);
                (seed, game)
            })
            .find(|(_, game)| game.status == Status::Playing && game.board.count(0) > 0)
            .expect("a seed whose first open shows a number");
        let mines: Vec<usize> = (0..25).filter(|&c| game.board.is_mine(c)).collect();
        let around: Vec<usize> = [1, 5, 6]
            .into_iter()
            .filter(|c| mines.contains(c))
            .collect();
        let safe_neighbour = [1, 5, 6].into_iter().find(|c| !mines.contains(c));
        game.flag(around[0]);
        assert_eq!(field(&game.state_json(), "flags"), "1", "seed {seed}");
        game.open(around[0]);
        assert_eq!(
            game.status,
            Status::Playing,
            "an open on a flag does nothing"
        );
        game.flag(around[0]);
        assert_eq!(field(&game.state_json(), "flags"), "0");
        for &mine in &around {
            game.flag(mine);
        }
        let clicks = game.clicks;
        game.chord(0);
        if let Some(cell) = safe_neighbour {
            assert!(
                game.cover.is_open(cell),
                "seed {seed}: the chord opened {cell}"
            );
            assert_eq!(game.clicks, clicks + 1);
        }
    }

    #[test]
    fn a_lost_game_shows_the_mines_and_wrong_flags() {
        let mut game = Game::new("g".into(), Grid::new(3, 3), 8, 1);
        game.open(4);
        assert_eq!(
            game.status,
            Status::Won,
            "8 mines around the only safe cell"
        );
        assert_eq!(field(&game.state_json(), "cells"), "FFFF8FFFF");
        let mut game = Game::new("g".into(), Grid::new(1, 3), 1, 3);
        game.open(0);
        let mine = (0..3).find(|&c| game.board.is_mine(c)).unwrap();
        let safe = (1..3).find(|&c| !game.board.is_mine(c)).unwrap();
        game.flag(safe);
        game.open(mine);
        assert_eq!(game.status, Status::Lost);
        let cells = field(&game.state_json(), "cells").as_bytes().to_vec();
        assert_eq!(cells[mine], b'X');
        assert_eq!(cells[safe], b'!');
    }

    #[test]
    fn the_hint_is_the_solvers_move_and_step_makes_it() {
        let mut game = Game::new("g".into(), Grid::new(9, 9), 10, 11);
        game.open(40);
        while !game.status.is_over() {
            let decision = game.decide().expect("consistent").expect("a move");
            let json = game.decision_json(Some(&decision));
            assert!(
                ["open", "flag", "chord"].contains(&field(&json, "move")),
                "{json}"
            );
            game.apply(&decision);
        }
        assert_eq!(game.decide(), Ok(None));
        assert_eq!(game.decision_json(None), "\"move\":null");
    }

    #[test]
    fn the_oldest_game_goes_first() {
        let mut games = Games::new(5);
        let first = games.create(Grid::new(2, 2), 1, None);
        let first_id = first.lock().unwrap().id.clone();
        for _ in 1..MAX_GAMES {
            games.create(Grid::new(2, 2), 1, None);
        }
        assert!(games.get(&first_id).is_some());
        games.create(Grid::new(2, 2), 1, None);
        assert!(games.get(&first_id).is_none());
        assert_eq!(games.games.len(), MAX_GAMES);
    }
}
