//! One game of `play`: the mine map (dealt at the first open, never under it), what the player
//! has done (kept move by move, for exports), the honest advice, and the JSON the page draws;
//! and every game kept.

use crate::board::{Board, CellState, Cover, Grid};
use crate::game_stats::{Figures, Tally};
use crate::moves::{self, Applied, Move};
use crate::play::advice::{self, Advice, Analysis, Rules};
use crate::play::check::{self, Checks};
use crate::play::functions::{self, Functions};
use crate::play::ids::OsRandom;
use crate::players::jlu_machine::course::{BOARD_MINES, BOARD_SIDE};
use crate::rng::Rng;
use crate::solver::{Inconsistent, Mines, Strength, View};
use std::collections::{HashMap, VecDeque};
use std::io;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// The largest side of a board, custom or pasted.
pub const MAX_SIDE: usize = 100;

/// Games kept at once (one per browser tab); beyond it the oldest game is dropped.
pub const MAX_GAMES: usize = 1000;

/// Moves kept per game for its export (the largest `mine-ops` case has 60,000 operations);
/// beyond it the game goes on but can no longer be exported.
pub const MAX_HISTORY: usize = 60_000;

/// What the first click is promised.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Start {
    /// Never a mine.
    Safe,
    /// A 0: neither the cell nor its neighbours hold a mine.
    Opening,
}

impl Start {
    /// The name used in the API: `safe` or `opening`.
    pub fn name(self) -> &'static str {
        match self {
            Start::Safe => "safe",
            Start::Opening => "opening",
        }
    }

    /// The start called `name`.
    pub fn from_name(name: &str) -> Option<Start> {
        match name {
            "safe" => Some(Start::Safe),
            "opening" => Some(Start::Opening),
            _ => None,
        }
    }

    /// The most mines a board of `cells` cells can hold with this start, whatever the first
    /// click: one cell kept free, or nine.
    pub fn max_mines(self, cells: usize) -> usize {
        let free = match self {
            Start::Safe => 1,
            Start::Opening => 9,
        };
        cells.saturating_sub(free)
    }
}

/// Where a game stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameStatus {
    /// No cell opened yet: the mines are not placed.
    Ready,
    /// Mines placed, game going on.
    Playing,
    /// Every safe cell open.
    Won,
    /// A mine opened.
    Lost,
}

impl GameStatus {
    /// The status as the page reads it: `ready`, `playing`, `won` or `lost`.
    pub fn name(self) -> &'static str {
        match self {
            GameStatus::Ready => "ready",
            GameStatus::Playing => "playing",
            GameStatus::Won => "won",
            GameStatus::Lost => "lost",
        }
    }

    /// Whether the game has ended.
    pub fn is_over(self) -> bool {
        matches!(self, GameStatus::Won | GameStatus::Lost)
    }
}

/// One game: the mine map (placed at the first open), what the player has done, the score.
pub struct BrowserGame {
    id: String,
    grid: Grid,
    mines: usize,
    seed: u64,
    start: Start,
    rng: Rng,
    /// The first open, which placed the mines.
    first: Option<usize>,
    /// Every move made before the end, in order (at most [`MAX_HISTORY`]).
    history: Vec<Move>,
    /// Moves past [`MAX_HISTORY`] were made.
    history_cut: bool,
    /// A hint, a step of autoplay or the analysis view was used while playing.
    assisted: bool,
    /// The mines were shown while playing (the course's right-click test).
    peeked: bool,
    /// The board of an earlier game, replayed.
    replay: bool,
    /// Empty until the first open.
    board: Board,
    cover: Cover,
    status: GameStatus,
    /// The mine that ended a lost game.
    exploded: Option<usize>,
    /// The opens and chords that changed the board: the clicks the JLU course's functions see.
    opens: u64,
    /// Every click of the player's: the one count the page shows (see [`Summary::clicks`]).
    tally: Tally,
    started: Option<Instant>,
    finished: Option<Duration>,
    opened: Vec<u32>,
    /// The student's `RefreshGamePanel` against our rules (`play --functions`), once checked.
    checks: Option<Checks>,
}

impl BrowserGame {
    /// A game called `id` of `mines` mines on `grid`, not started; `seed` deals its mines at
    /// the first open, as `start` promises.
    ///
    /// # Panics
    /// If `mines` is more than [`Start::max_mines`] allows.
    pub fn new(id: String, grid: Grid, mines: usize, seed: u64, start: Start) -> BrowserGame {
        assert!(mines <= start.max_mines(grid.len()), "too many mines");
        let board = Board::from_mines(grid, std::iter::empty());
        BrowserGame {
            id,
            grid,
            mines,
            seed,
            start,
            rng: Rng::new(seed),
            first: None,
            history: Vec::new(),
            history_cut: false,
            assisted: false,
            peeked: false,
            replay: false,
            cover: Cover::new(&board),
            board,
            status: GameStatus::Ready,
            exploded: None,
            opens: 0,
            tally: Tally::default(),
            started: None,
            finished: None,
            opened: Vec::new(),
            checks: None,
        }
    }

    /// Places the mines among every cell but `first` (and its neighbours for an opening
    /// start), keeping the player's flags.
    fn place_mines(&mut self, first: usize) {
        let free: Vec<usize> = match self.start {
            Start::Safe => vec![first],
            Start::Opening => std::iter::once(first)
                .chain(self.grid.neighbours(first))
                .collect(),
        };
        let mines = self.rng.deal(self.grid.len(), self.mines, &free);
        let board = Board::from_mines(self.grid, mines);
        self.first = Some(first);
        let mut cover = Cover::new(&board);
        for cell in 0..self.grid.len() {
            if self.cover.state(cell) == CellState::Flagged {
                cover.set_flag(cell, true);
            }
        }
        self.board = board;
        self.cover = cover;
        self.status = GameStatus::Playing;
        self.started = Some(Instant::now());
    }

    /// Keeps `action` for the export, unless the game is over.
    fn record(&mut self, action: Move) {
        if self.status.is_over() {
            return;
        }
        if self.history.len() < MAX_HISTORY {
            self.history.push(action);
        } else {
            self.history_cut = true;
        }
    }

    /// A left click on a closed cell. Opens on flags or open cells do nothing.
    pub fn open(&mut self, cell: usize) {
        self.apply(Move::Open(cell));
    }

    /// Makes `action` ([`moves::apply`]); the first open places the mines. Every move before
    /// the end is a click, whatever it did.
    pub fn apply(&mut self, action: Move) {
        self.record(action);
        if self.status.is_over() {
            return;
        }
        if let Move::Open(cell) = action {
            if self.status == GameStatus::Ready && self.cover.state(cell) == CellState::Closed {
                self.place_mines(cell);
            }
        }
        let applied = moves::apply(&self.board, &mut self.cover, action, &mut self.opened);
        self.tally.count(&self.board, action, applied);
        match applied {
            Applied::Nothing | Applied::Flagged | Applied::Opened(0) => {}
            Applied::Mine(mine) => {
                self.opens += 1;
                self.end(GameStatus::Lost, Some(mine));
            }
            Applied::Opened(_) => {
                self.opens += 1;
                self.check_won();
            }
        }
    }

    /// Makes `action` as [`BrowserGame::apply`] does; with `functions` that define
    /// `RefreshGamePanel`, on a board that fits them, each click on the JLU panel the move made
    /// is then checked against theirs ([`check::check`]).
    pub fn apply_checked(&mut self, action: Move, functions: Option<&Functions>) {
        let functions =
            functions.filter(|functions| functions.has_refresh() && functions::fits(self.grid));
        let Some(functions) = functions else {
            self.apply(action);
            return;
        };
        let open_before: Vec<bool> = (0..self.grid.len())
            .map(|cell| self.cover.is_open(cell))
            .collect();
        let clicks = check::clicks_of(action, &self.cover, self.grid);
        let (over_before, opens_before) = (self.status.is_over(), self.opens);
        self.apply(action);
        if over_before || self.opens == opens_before {
            return; // the move changed nothing
        }
        let checked = check::check(functions, &self.board, &open_before, &clicks);
        self.checks.get_or_insert_with(Checks::default).add(checked);
    }

    /// The opens and chords so far that changed the board (opened a cell or hit a mine).
    pub fn opens(&self) -> u64 {
        self.opens
    }

    /// The student's `RefreshGamePanel` against our rules, once a click was checked.
    pub fn checks(&self) -> Option<&Checks> {
        self.checks.as_ref()
    }

    /// The panel the JLU course's functions see: -1 for a closed or flagged cell.
    pub fn jlu_panel(&self) -> Vec<i8> {
        check::jlu_panel(&self.board, &self.cover)
    }

    fn check_won(&mut self) {
        if self.cover.safe_closed() == 0 {
            // As in Windows: a won game shows every mine flagged.
            for cell in 0..self.grid.len() {
                if self.board.is_mine(cell) {
                    self.cover.set_flag(cell, true);
                }
            }
            self.end(GameStatus::Won, None);
        }
    }

    fn end(&mut self, status: GameStatus, exploded: Option<usize>) {
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

    /// Where the game stands.
    pub fn status(&self) -> GameStatus {
        self.status
    }

    /// The mine map; empty before the first open.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// What the player has done to each cell.
    pub fn cover(&self) -> &Cover {
        &self.cover
    }

    /// Every move made before the end, in order; `None` when there were more than
    /// [`MAX_HISTORY`].
    pub fn history(&self) -> Option<&[Move]> {
        (!self.history_cut).then_some(self.history.as_slice())
    }

    /// The game's name in the API.
    pub fn id(&self) -> &str {
        &self.id
    }

    /// A game on a mine map already placed: the map of `board`, every cell closed, playing.
    #[cfg(test)]
    pub fn on_board(board: Board) -> BrowserGame {
        let grid = board.grid();
        let mut game = BrowserGame::new(String::new(), grid, 0, 0, Start::Safe);
        game.mines = board.mines();
        game.cover = Cover::new(&board);
        game.board = board;
        game.status = GameStatus::Playing;
        game
    }

    fn flags(&self) -> usize {
        (0..self.grid.len())
            .filter(|&cell| self.cover.state(cell) == CellState::Flagged)
            .count()
    }

    /// Marks the game as assisted (a hint, a step of autoplay, the analysis view) if it is
    /// being played; before the first click there is nothing to learn.
    pub fn mark_assisted(&mut self) {
        if self.status == GameStatus::Playing {
            self.assisted = true;
        }
    }

    /// What the page shows of the game besides its board.
    pub fn summary(&self) -> Summary {
        let elapsed = match (self.finished, self.started) {
            (Some(time), _) => time,
            (None, Some(start)) => start.elapsed(),
            (None, None) => Duration::ZERO,
        };
        let board_again = match (self.status.is_over(), self.first) {
            (true, Some(first)) => Some((self.seed, first)),
            _ => None,
        };
        Summary {
            mines: self.mines,
            start: self.start,
            clicks: self.tally.clicks().total(),
            flags: self.flags(),
            elapsed,
            assisted: self.assisted,
            peeked: self.peeked,
            replay: self.replay,
            board_again,
            figures: self.figures(elapsed),
        }
    }

    /// The statistics of a finished game. While playing there are none: the 3BV tells
    /// something of the mines still hidden.
    fn figures(&self, elapsed: Duration) -> Option<Figures> {
        let millis = u64::try_from(elapsed.as_millis()).unwrap_or(u64::MAX);
        self.status
            .is_over()
            .then(|| Figures::of(&self.board, &self.cover, self.tally.clicks(), millis))
    }

    /// The mine that ended a lost game.
    pub fn exploded(&self) -> Option<usize> {
        self.exploded
    }

    /// What the numbers the player sees prove, and the honest advice, its guess from a solver
    /// at `strength` ([`advice::analyse_at`]); `None` before the first open and once the game
    /// is over. An error would mean the numbers of a real board fit no arrangement: it cannot
    /// happen.
    pub fn analysis(&self, strength: Strength) -> Result<Option<Analysis>, Inconsistent> {
        if self.status != GameStatus::Playing {
            return Ok(None);
        }
        let mines = Mines::Known(self.mines);
        advice::analyse_at(&self.view(), mines, self.rules(), strength).map(Some)
    }

    /// The rules advice keeps to: the JLU course's board (20x20, 50 mines) is the course's
    /// game, where a player only clicks (no flag, no chord); any other board is Windows
    /// Minesweeper's.
    pub fn rules(&self) -> Rules {
        let jlu = self.grid.rows() == BOARD_SIDE
            && self.grid.cols() == BOARD_SIDE
            && self.mines == BOARD_MINES;
        if jlu {
            Rules::Clicks
        } else {
            Rules::Flags
        }
    }

    /// The next move from what the player sees, by a solver at `strength`: before the first
    /// open, the solver's first click (never a mine, so certain); `None` once the game is over.
    pub fn advice(&self, strength: Strength) -> Result<Option<Advice>, Inconsistent> {
        match self.status {
            GameStatus::Won | GameStatus::Lost => Ok(None),
            GameStatus::Ready => {
                let mines = Mines::Known(self.mines);
                let all_closed = advice::analyse_at(&self.view(), mines, self.rules(), strength)?;
                let first =
                    all_closed
                        .advice
                        .map_or(self.grid.len() / 2, |advice| match advice.action {
                            Move::Open(cell) | Move::Flag(cell) | Move::Chord(cell) => cell,
                        });
                Ok(Some(Advice::first_click(first)))
            }
            GameStatus::Playing => Ok(self
                .analysis(strength)?
                .and_then(|analysis| analysis.advice)),
        }
    }

    /// [`BrowserGame::advice`] when playing for efficiency: the proven move that opens the
    /// board in the fewest clicks ([`advice::Analysis::efficient_advice`]).
    pub fn efficient_advice(&self, strength: Strength) -> Result<Option<Advice>, Inconsistent> {
        match self.status {
            GameStatus::Playing => {
                let (view, mines) = (self.view(), Mines::Known(self.mines));
                let analysis =
                    advice::analyse_for_efficiency(&view, mines, self.rules(), strength)?;
                Ok(analysis.efficient_advice(self.rules()))
            }
            _ => self.advice(strength),
        }
    }

    /// Shows the mine map (the course's right-click test): while playing, that marks the game
    /// as peeked.
    pub fn peek(&mut self) -> &Board {
        if self.status == GameStatus::Playing {
            self.peeked = true;
        }
        &self.board
    }
}

/// What the page shows of a game besides its board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Summary {
    /// The mines on the board.
    pub mines: usize,
    /// What the first click was promised.
    pub start: Start,
    /// Every left click, right click and chord before the end, whatever it did (ms-toollib's
    /// `cl`, minesweeper.online's clicks): the counter, the message and the statistics show it.
    pub clicks: u64,
    /// The flags standing.
    pub flags: usize,
    /// From the click that opened the first cell to the click that ended the game (ms-toollib's
    /// `rtime`), or to now; the statistics' time is the same, to the millisecond.
    pub elapsed: Duration,
    /// A hint, a step of autoplay or the analysis view was used while playing.
    pub assisted: bool,
    /// The mines were shown while playing.
    pub peeked: bool,
    /// The board of an earlier game, replayed.
    pub replay: bool,
    /// Once the game is over: the seed and the first click that give the same board again.
    pub board_again: Option<(u64, usize)>,
    /// Once the game is over: its statistics.
    pub figures: Option<Figures>,
}

/// Every game kept, oldest first in `order`.
pub struct BrowserGames {
    games: HashMap<String, Arc<Mutex<BrowserGame>>>,
    order: VecDeque<String>,
    random: OsRandom,
}

impl BrowserGames {
    /// No game yet; `random` draws the games' ids and unseeded games' seeds.
    pub fn new(random: OsRandom) -> BrowserGames {
        BrowserGames {
            games: HashMap::new(),
            order: VecDeque::new(),
            random,
        }
    }

    /// The game called `id`, if it is still kept.
    pub fn get(&self, id: &str) -> Option<Arc<Mutex<BrowserGame>>> {
        self.games.get(id).cloned()
    }

    /// Starts a game; `seed` picks its mine map (drawn from the OS when `None`) at the first
    /// open, as `start` promises. An error is the OS random source's.
    ///
    /// # Panics
    /// If `mines` is more than [`Start::max_mines`] allows.
    pub fn create(
        &mut self,
        grid: Grid,
        mines: usize,
        seed: Option<u64>,
        start: Start,
    ) -> io::Result<Arc<Mutex<BrowserGame>>> {
        let id = self.fresh_id()?;
        let seed = match seed {
            Some(seed) => seed,
            None => self.random.next_u64()?,
        };
        let game = BrowserGame::new(id.clone(), grid, mines, seed, start);
        Ok(self.keep(id, game))
    }

    /// A new game on the board of `old`: the same size, seed and start, and `old`'s first
    /// click made again (which deals the same mines). Marked as a replay.
    pub fn replay(&mut self, old: &BrowserGame) -> io::Result<Arc<Mutex<BrowserGame>>> {
        let id = self.fresh_id()?;
        let mut game = BrowserGame::new(id.clone(), old.grid, old.mines, old.seed, old.start);
        if let Some(first) = old.first {
            game.open(first);
        }
        game.replay = true;
        Ok(self.keep(id, game))
    }

    /// An id no kept game has.
    fn fresh_id(&mut self) -> io::Result<String> {
        loop {
            let id = self.random.id()?;
            if !self.games.contains_key(&id) {
                break Ok(id);
            }
        }
    }

    /// Keeps `game`, dropping the oldest games beyond [`MAX_GAMES`].
    fn keep(&mut self, id: String, game: BrowserGame) -> Arc<Mutex<BrowserGame>> {
        while self.games.len() >= MAX_GAMES {
            match self.order.pop_front() {
                Some(oldest) => self.games.remove(&oldest),
                None => break,
            };
        }
        let game = Arc::new(Mutex::new(game));
        self.games.insert(id.clone(), Arc::clone(&game));
        self.order.push_back(id);
        game
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::play::json;

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
            let mut game = BrowserGame::new("g".into(), Grid::new(4, 4), 15, seed, Start::Safe);
            assert_eq!(field(&json::game(&game), "status"), "ready");
            assert_eq!(field(&json::mine_map(&mut game), "placed"), "false");
            game.open(5);
            // 15 mines on 16 cells: the one safe cell is the first click, and it wins.
            assert_eq!(game.status, GameStatus::Won, "seed {seed}");
            assert!(!game.board.is_mine(5));
            assert_eq!(game.board.mines(), 15);
        }
        let same = |seed| {
            let mut game = BrowserGame::new("g".into(), Grid::new(9, 9), 10, seed, Start::Safe);
            game.open(40);
            json::mine_map(&mut game)
        };
        assert_eq!(same(7), same(7));
        assert_ne!(same(7), same(8));
    }

    #[test]
    fn flags_toggle_block_opens_and_enable_chords() {
        // Seeded so that the first open at (0, 0) shows a number: find such a seed.
        let (seed, mut game) = (0..1000)
            .map(|seed| {
                let mut game = BrowserGame::new("g".into(), Grid::new(5, 5), 5, seed, Start::Safe);
                game.open(0);
                (seed, game)
            })
            .find(|(_, game)| game.status == GameStatus::Playing && game.board.count(0) > 0)
            .expect("a seed whose first open shows a number");
        let mines: Vec<usize> = (0..25).filter(|&c| game.board.is_mine(c)).collect();
        let around: Vec<usize> = [1, 5, 6]
            .into_iter()
            .filter(|c| mines.contains(c))
            .collect();
        let safe_neighbour = [1, 5, 6].into_iter().find(|c| !mines.contains(c));
        game.apply(Move::Flag(around[0]));
        assert_eq!(field(&json::game(&game), "flags"), "1", "seed {seed}");
        game.open(around[0]);
        assert_eq!(
            game.status,
            GameStatus::Playing,
            "an open on a flag does nothing"
        );
        game.apply(Move::Flag(around[0]));
        assert_eq!(field(&json::game(&game), "flags"), "0");
        for &mine in &around {
            game.apply(Move::Flag(mine));
        }
        let opens = game.opens;
        game.apply(Move::Chord(0));
        if let Some(cell) = safe_neighbour {
            assert!(
                game.cover.is_open(cell),
                "seed {seed}: the chord opened {cell}"
            );
            assert_eq!(game.opens, opens + 1);
        }
    }

    #[test]
    fn every_click_counts_once_and_the_counter_and_the_statistics_agree() {
        let mut rng = Rng::new(11);
        for seed in 0..60 {
            let mut game = BrowserGame::new("g".into(), Grid::new(9, 9), 10, seed, Start::Safe);
            // Flags before the first open are clicks too, as ms-toollib counts them.
            game.apply(Move::Flag(0));
            game.apply(Move::Flag(0));
            game.open(40);
            // As if the first open had been 7.499 s ago (where the clock goes back that far).
            let earlier = game
                .started
                .and_then(|at| at.checked_sub(Duration::from_millis(7499)));
            game.started = earlier.or(game.started);
            let mut made = 3;
            while !game.status.is_over() {
                let cell = rng.below(81);
                game.apply(match rng.below(3) {
                    0 => Move::Open(cell),
                    1 => Move::Flag(cell),
                    _ => Move::Chord(cell),
                });
                made += 1;
                assert_eq!(field(&json::game(&game), "clicks"), made.to_string());
            }
            game.open(0);
            let state = json::game(&game);
            assert_eq!(
                field(&state, "clicks"),
                made.to_string(),
                "none after the end"
            );
            assert_eq!(field(&state, "total_clicks"), made.to_string(), "{state}");
            assert_eq!(field(&state, "ms"), field(&state, "time_ms"), "{state}");
            let ms: f64 = field(&state, "ms").parse().unwrap();
            assert!(
                earlier.is_none() || (7499.0..60_000.0).contains(&ms),
                "{state}"
            );
            // The ratios, of these counts and this time, by the names players use.
            let number = |name| field(&state, name).parse::<f64>().unwrap();
            let (solved, effective) = (number("solved"), number("effective"));
            let shown = |name, value: f64| assert_eq!(field(&state, name), format!("{value:.4}"));
            shown("bbbv_s", solved * 1000.0 / ms);
            shown("ioe", solved / made as f64);
            shown("correctness", effective / made as f64);
            if effective > 0.0 {
                shown("throughput", solved / effective);
            }
        }
    }

    #[test]
    fn a_lost_game_shows_the_mines_and_wrong_flags() {
        let mut game = BrowserGame::new("g".into(), Grid::new(3, 3), 8, 1, Start::Safe);
        game.open(4);
        assert_eq!(
            game.status,
            GameStatus::Won,
            "8 mines around the only safe cell"
        );
        assert_eq!(field(&json::game(&game), "cells"), "FFFF8FFFF");
        let mut game = BrowserGame::new("g".into(), Grid::new(1, 3), 1, 3, Start::Safe);
        game.open(0);
        let mine = (0..3).find(|&c| game.board.is_mine(c)).unwrap();
        let safe = (1..3).find(|&c| !game.board.is_mine(c)).unwrap();
        game.apply(Move::Flag(safe));
        game.open(mine);
        assert_eq!(game.status, GameStatus::Lost);
        let cells = field(&json::game(&game), "cells").as_bytes().to_vec();
        assert_eq!(cells[mine], b'X');
        assert_eq!(cells[safe], b'!');
    }

    /// Plays seeded games in which the player first sets wrong flags that fit the numbers (on
    /// safe cells the numbers do not prove safe), then makes every move the advice of a solver
    /// at `strength` says; each move called certain must not lose. How many were.
    fn certain_moves_over_wrong_flags(strength: Strength) -> usize {
        let mut certain_moves = 0;
        for seed in 0..40 {
            let mut game = BrowserGame::new("g".into(), Grid::new(9, 9), 10, seed, Start::Safe);
            let first = game.advice(strength).unwrap().unwrap();
            assert!(first.certain && first.mine_probability == 0.0);
            assert_eq!(first.why, advice::Why::FirstClick);
            game.apply(first.action);
            let analysis = game.analysis(strength).unwrap();
            if let Some(analysis) = analysis {
                let wrong: Vec<usize> = (0..81)
                    .filter(|&c| !game.board.is_mine(c) && !game.cover.is_open(c))
                    .filter(|&c| !analysis.safe.contains(&c))
                    .take(3)
                    .collect();
                for cell in wrong {
                    game.apply(Move::Flag(cell));
                }
            }
            while let Some(advice) = game.advice(strength).unwrap() {
                let before = game.status;
                let proven = game.analysis(strength).unwrap().map(|a| a.safe);
                game.apply(advice.action);
                if advice.certain {
                    certain_moves += 1;
                    let at = format!("{strength:?} seed {seed}: {advice:?}");
                    assert_ne!(game.status, GameStatus::Lost, "{at}");
                }
                // A guess only when nothing is proven safe, whatever the strength.
                assert!(advice.certain || proven.map_or(true, |safe| safe.is_empty()));
                assert!(before == GameStatus::Playing);
            }
            assert!(game.status.is_over());
        }
        certain_moves
    }

    #[test]
    fn advice_called_certain_never_loses_even_over_wrong_flags() {
        for strength in [Strength::Default, Strength::Strong] {
            let certain_moves = certain_moves_over_wrong_flags(strength);
            assert!(certain_moves > 400, "{strength:?}: {certain_moves}");
        }
    }

    #[test]
    fn an_opening_start_opens_a_zero_and_a_replay_deals_the_same_board() {
        let mut games = BrowserGames::new(OsRandom::open().unwrap());
        for seed in 0..30 {
            let game = games
                .create(Grid::new(16, 30), 99, Some(seed), Start::Opening)
                .unwrap();
            let mut game = game.lock().unwrap();
            game.open(seed as usize * 7 % 480);
            assert_eq!(game.board.count(seed as usize * 7 % 480), 0, "seed {seed}");
            let replay = games.replay(&game).unwrap();
            let mut replay = replay.lock().unwrap();
            assert!(replay.replay && !game.replay);
            assert_eq!(json::mine_map(&mut replay), json::mine_map(&mut game));
            assert_eq!(
                field(&json::game(&replay), "cells"),
                field(&json::game(&game), "cells")
            );
        }
        assert_eq!(Start::Opening.max_mines(81), 72);
        assert_eq!(Start::Opening.max_mines(4), 0);
    }

    #[test]
    fn hints_and_peeks_while_playing_mark_the_game() {
        let mut game = BrowserGame::new("g".into(), Grid::new(9, 9), 10, 4, Start::Safe);
        game.advice(Strength::Default).unwrap();
        game.mark_assisted();
        json::mine_map(&mut game);
        let state = json::game(&game);
        assert_eq!(
            (field(&state, "assisted"), field(&state, "peeked")),
            ("false", "false")
        );
        game.open(40);
        game.mark_assisted();
        json::mine_map(&mut game);
        let state = json::game(&game);
        assert_eq!(
            (field(&state, "assisted"), field(&state, "peeked")),
            ("true", "true")
        );
        assert!(
            !state.contains("\"seed\""),
            "the seed stays hidden while playing"
        );
    }

    #[test]
    fn the_history_keeps_every_move_until_the_end() {
        let mut game = BrowserGame::new("g".into(), Grid::new(3, 3), 8, 1, Start::Safe);
        game.apply(Move::Flag(0));
        game.apply(Move::Flag(0));
        game.open(4);
        game.open(0);
        assert_eq!(
            game.history(),
            Some(&[Move::Flag(0), Move::Flag(0), Move::Open(4)][..])
        );
        let state = json::game(&game);
        assert_eq!((field(&state, "seed"), field(&state, "first")), ("1", "4"));
    }

    #[test]
    fn the_oldest_game_goes_first() {
        let mut games = BrowserGames::new(OsRandom::open().unwrap());
        let first = games.create(Grid::new(2, 2), 1, None, Start::Safe).unwrap();
        let first_id = first.lock().unwrap().id.clone();
        for _ in 1..MAX_GAMES {
            games.create(Grid::new(2, 2), 1, None, Start::Safe).unwrap();
        }
        assert!(games.get(&first_id).is_some());
        games.create(Grid::new(2, 2), 1, None, Start::Safe).unwrap();
        assert!(games.get(&first_id).is_none());
        assert_eq!(games.games.len(), MAX_GAMES);
    }
}
