//! The `autoplay` benchmark: the solver plays many seeded games by itself; win rate, speed and
//! where games are lost.
//!
//! The first click is never a mine (the mines are placed uniformly among the other cells once
//! it is chosen). The player sees only a [`View`] built from the cover; it opens cells only
//! (no flags, no chords: flags are its private knowledge), which is the JLU panel's rule and
//! changes no win rate. It opens every certain safe cell of an analysis, best first, before it
//! analyses again; on the JLU board, whose score counts clicks, one cell per analysis, as the
//! course asks `jlu-machine` for its moves. Each game's seed derives from (seed, game index), so
//! results do not depend on the thread count.
//!
//! Played for efficiency (`efficient.rs`), it makes the same guesses from the same knowledge,
//! but opens what is proven safe in as few clicks as it can, with flags and chords.

use crate::board::{Board, Cover, FlagsInCascade, Grid};
use crate::exec::pool::{run_batch, AfterPanic};
use crate::game_stats;
use crate::moves::Move;
use crate::players::jlu_machine::course;
use crate::rng::{game_seed, Rng};
use crate::solver::{Mines, Seen, Solver, Strength, View};
use std::io::IsTerminal;
use std::ops::Range;
use std::time::{Duration, Instant};

pub mod compare;
mod efficient;
pub mod shard;

/// What the player plays for.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum PlayFor {
    /// Wins: every proven safe cell opened by a click of its own (no flags, no chords).
    #[default]
    Wins,
    /// The same wins in fewer clicks: the same guesses from the same knowledge, and what is
    /// proven safe opened with openings first, and flags and chords where they save clicks.
    Efficiency,
}

impl PlayFor {
    /// The name `--play-for` takes.
    pub fn name(self) -> &'static str {
        match self {
            PlayFor::Wins => "wins",
            PlayFor::Efficiency => "efficiency",
        }
    }

    /// The mode named `text`.
    pub fn named(text: &str) -> Result<PlayFor, String> {
        match text {
            "wins" => Ok(PlayFor::Wins),
            "efficiency" => Ok(PlayFor::Efficiency),
            _ => Err(format!(
                "--play-for expects wins or efficiency, found {text:?}"
            )),
        }
    }
}

/// What to play.
#[derive(Clone, Debug, PartialEq)]
pub struct Config {
    /// The board's name as given (`expert`, `9x9x10`, ...).
    pub name: String,
    /// The board's rows.
    pub rows: usize,
    /// The board's columns.
    pub cols: usize,
    /// The mines on the board.
    pub mines: usize,
    /// The first click, a cell index (never a mine).
    pub first: usize,
    /// The games to play.
    pub games: u64,
    /// The run's seed; game `i` is seeded by [`game_seed`]`(seed, i)`.
    pub seed: u64,
    /// The threads to play on (results do not depend on it).
    pub threads: usize,
    /// The JLU course's rules: a 400-click limit and its score.
    pub jlu: bool,
    /// Progress on stderr even when stderr is not a terminal.
    pub progress: bool,
    /// What the player plays for.
    pub play_for: PlayFor,
    /// How much work the solver may put into a guess.
    pub strength: Strength,
}

impl Config {
    /// `games` games from `seed` on the board `name` names ([`named_board`]): the first click
    /// in the corner, one thread, no progress, played for wins.
    ///
    /// # Errors
    /// When [`named_board`] reads no board in `name`.
    pub fn on_board(name: &str, games: u64, seed: u64) -> Result<Config, String> {
        let (rows, cols, mines, jlu) = named_board(name)?;
        Ok(Config {
            name: name.to_string(),
            rows,
            cols,
            mines,
            first: 0,
            games,
            seed,
            threads: 1,
            jlu,
            progress: false,
            play_for: PlayFor::Wins,
            strength: Strength::Default,
        })
    }
}

/// The most cells of an `autoplay` board, so that a typo does not eat the memory.
pub const MAX_CELLS: usize = 1 << 20;

/// A board by name: `beginner`, `intermediate`, `expert`, `jlu` or `RxCxM`, as `(rows, cols,
/// mines, jlu)`; `jlu` plays the JLU course's rules (a click limit and its score).
///
/// # Examples
///
/// ```
/// use minejudge::autoplay::named_board;
///
/// assert_eq!(named_board("expert"), Ok((16, 30, 99, false)));
/// assert_eq!(named_board("5x6x7"), Ok((5, 6, 7, false)));
/// assert!(named_board("5x6x30").is_err(), "no room for the first click");
/// ```
pub fn named_board(text: &str) -> Result<(usize, usize, usize, bool), String> {
    Ok(match text {
        "beginner" => (9, 9, 10, false),
        "intermediate" => (16, 16, 40, false),
        "expert" => (16, 30, 99, false),
        "jlu" => (20, 20, 50, true),
        text => {
            let parts: Vec<&str> = text.split('x').collect();
            let numbers: Vec<u64> = parts.iter().filter_map(|p| p.parse().ok()).collect();
            if parts.len() != 3 || numbers.len() != 3 {
                return Err(format!(
                    "--board expects beginner, intermediate, expert, jlu or RxCxM, found {text:?}"
                ));
            }
            let (rows, cols, mines) = (numbers[0], numbers[1], numbers[2]);
            if rows == 0 || cols == 0 || rows.saturating_mul(cols) > MAX_CELLS as u64 {
                return Err(format!(
                    "--board {text}: the board must have 1 to {MAX_CELLS} cells"
                ));
            }
            if mines >= rows * cols {
                return Err(format!(
                    "--board {text}: {mines} mines leave no room for the first click"
                ));
            }
            (rows as usize, cols as usize, mines as usize, false)
        }
    })
}

/// The first click by name: `corner`, `center` or `R,C` (0-based), as a cell index of a
/// `rows` x `cols` board.
pub fn named_first_click(text: &str, rows: usize, cols: usize) -> Result<usize, String> {
    Ok(match text {
        "corner" => 0,
        "center" => (rows / 2) * cols + cols / 2,
        text => {
            let (r, c) = text
                .split_once(',')
                .and_then(|(r, c)| Some((r.parse::<usize>().ok()?, c.parse::<usize>().ok()?)))
                .ok_or_else(|| {
                    format!("--first expects corner, center or R,C (0-based), found {text:?}")
                })?;
            if r >= rows || c >= cols {
                return Err(format!("--first {r},{c} is off the {rows}x{cols} board"));
            }
            r * cols + c
        }
    })
}

/// Totals over games; integers only, so that the sum does not depend on the split.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Games played.
    pub games: u64,
    /// Games won.
    pub wins: u64,
    /// Clicks summed over won games.
    pub clicks_in_wins: u64,
    /// 3BV (the fewest clicks that open the board) summed over won games.
    pub three_bv_in_wins: u64,
    /// Guesses (moves not proven safe) summed over all games.
    pub guesses: u64,
    /// Guesses summed over won games.
    pub guesses_in_wins: u64,
    /// Guesses summed over lost games.
    pub guesses_in_losses: u64,
    /// Guesses at a probability of 1/2 or worse (forced coin flips).
    pub coin_flips: u64,
    /// Games lost on a coin flip.
    pub coin_flip_losses: u64,
    /// Losses on the game's first guess.
    pub first_guess_losses: u64,
    /// Losses on a guess that was the game's second click: the first click left no certain
    /// safe cell, so every player guesses there.
    pub second_click_losses: u64,
    /// Sum over losses of the fatal guess's mine probability, in millionths.
    pub fatal_probability_millionths: u64,
    /// Games stopped by the JLU click limit.
    pub click_limit: u64,
    /// JLU course score summed in tenths of a point.
    pub jlu_tenths: u64,
    /// The same score had every won game taken its 3BV clicks, the fewest that open it: no
    /// player winning the same games scores more.
    pub jlu_tenths_in_three_bv: u64,
    /// Components the solver could only approximate.
    pub approximations: u64,
    /// Analyses the solver made.
    pub analyses: u64,
    /// Solver faults: an inconsistent verdict on a real game, or a certain-safe cell that was
    /// a mine. Both must stay 0.
    pub faults: u64,
    /// Flags placed (right clicks) summed over won games.
    pub flags_in_wins: u64,
    /// Chords summed over won games.
    pub chords_in_wins: u64,
    /// Each won game's efficiency (3BV / clicks), in millionths, rounded, summed.
    pub efficiency_millionths_in_wins: u64,
    /// Each won game's efficiency squared, in millionths, rounded, summed (for the interval).
    pub efficiency_squares_millionths_in_wins: u64,
}

impl Stats {
    /// Every figure by name, in the order of a shard's record.
    pub fn fields(&self) -> [(&'static str, u64); 22] {
        let mut copy = self.clone();
        copy.fields_mut().map(|(name, value)| (name, *value))
    }

    /// Every figure by name, to be written to.
    fn fields_mut(&mut self) -> [(&'static str, &mut u64); 22] {
        [
            ("games", &mut self.games),
            ("wins", &mut self.wins),
            ("clicks_in_wins", &mut self.clicks_in_wins),
            ("three_bv_in_wins", &mut self.three_bv_in_wins),
            ("guesses", &mut self.guesses),
            ("guesses_in_wins", &mut self.guesses_in_wins),
            ("guesses_in_losses", &mut self.guesses_in_losses),
            ("coin_flips", &mut self.coin_flips),
            ("coin_flip_losses", &mut self.coin_flip_losses),
            ("first_guess_losses", &mut self.first_guess_losses),
            ("second_click_losses", &mut self.second_click_losses),
            (
                "fatal_probability_millionths",
                &mut self.fatal_probability_millionths,
            ),
            ("click_limit", &mut self.click_limit),
            ("jlu_tenths", &mut self.jlu_tenths),
            ("jlu_tenths_in_three_bv", &mut self.jlu_tenths_in_three_bv),
            ("approximations", &mut self.approximations),
            ("analyses", &mut self.analyses),
            ("faults", &mut self.faults),
            ("flags_in_wins", &mut self.flags_in_wins),
            ("chords_in_wins", &mut self.chords_in_wins),
            (
                "efficiency_millionths_in_wins",
                &mut self.efficiency_millionths_in_wins,
            ),
            (
                "efficiency_squares_millionths_in_wins",
                &mut self.efficiency_squares_millionths_in_wins,
            ),
        ]
    }

    /// Sets the figure `name` (false for no such figure).
    fn set(&mut self, name: &str, value: u64) -> bool {
        let field = self.fields_mut().into_iter().find(|(n, _)| *n == name);
        field.map(|(_, field)| *field = value).is_some()
    }

    /// Adds `other`'s figures to these.
    pub fn add(&mut self, other: &Stats) {
        for ((_, mine), (_, theirs)) in self.fields_mut().into_iter().zip(other.fields()) {
            *mine += theirs;
        }
    }
}

/// One player's reusable state.
pub struct Player {
    solver: Solver,
    opened: Vec<u32>,
    safe: Vec<u32>,
    /// The moves of the game being played.
    moves: Vec<Move>,
    /// Played for efficiency: what it knows (see `efficient.rs`).
    known: Known,
}

/// Played for efficiency (`efficient.rs`): what the player knows of the cells, kept between
/// games for its buffers.
#[derive(Debug, Default)]
struct Known {
    /// What is seen, flags included.
    seen: Vec<Seen>,
    /// Proven safe, proven a mine: what is proven stays proven.
    safe: Vec<bool>,
    mine: Vec<bool>,
    /// The last analysis's certain safe cells, best first.
    candidates: Vec<u32>,
    /// The default player's solver, shown the views the default player would analyse.
    shadow: Solver,
    /// The cells to open in the shadow view: a queue for its flood.
    queue: Vec<u32>,
}

/// One game as it is played.
struct Game<'a> {
    board: &'a Board,
    cover: Cover,
    /// What the solver is shown: the open cells and their numbers, never a flag (flags are
    /// the player's, and a view with them would be another view than the default player's).
    view: View,
    /// Every click: opens, flags and chords.
    clicks: u32,
    flags: u64,
    chords: u64,
    guesses: u64,
}

impl Default for Player {
    fn default() -> Self {
        Player::new()
    }
}

impl Player {
    /// A player with a fresh solver.
    pub fn new() -> Player {
        Player {
            solver: Solver::new(),
            opened: Vec::new(),
            safe: Vec::new(),
            moves: Vec::new(),
            known: Known::default(),
        }
    }

    /// Plays game `index` and adds its outcome to `stats`.
    pub fn play(&mut self, config: &Config, index: u64, stats: &mut Stats) {
        // Clicks count on the JLU board and when playing for efficiency: the certain cells are
        // then ordered by the chance that opening one is a click a thrifty player makes too.
        self.solver
            .count_clicks(config.jlu || config.play_for == PlayFor::Efficiency);
        self.solver.set_strength(config.strength);
        self.known.shadow.set_strength(config.strength);
        let mut rng = Rng::new(game_seed(config.seed, index));
        let grid = Grid::new(config.rows, config.cols);
        let board = Board::from_mines(grid, rng.deal(grid.len(), config.mines, &[config.first]));
        let mut game = Game {
            board: &board,
            cover: Cover::new(&board),
            view: View::new(grid),
            clicks: 1,
            flags: 0,
            chords: 0,
            guesses: 0,
        };
        self.moves.clear();
        self.moves.push(Move::Open(config.first));
        let approximations_before = self.solver.approximations();
        let analyses_before = self.solver.analyses();
        self.open(&mut game, config.first);
        let won = match config.play_for {
            PlayFor::Wins => self.play_for_wins(config, &mut game, stats),
            PlayFor::Efficiency => self.play_for_efficiency(config, &mut game, stats),
        };
        let (clicks, guesses) = (game.clicks, game.guesses);
        stats.games += 1;
        stats.guesses += guesses;
        let opened = board.safe_cells() - game.cover.safe_closed();
        stats.jlu_tenths += course::score_tenths(won, clicks, opened);
        // A loss scores its opened cells whatever the clicks.
        let fewest_clicks = if won {
            game_stats::three_bv(&board) as u32
        } else {
            clicks
        };
        stats.jlu_tenths_in_three_bv += course::score_tenths(won, fewest_clicks, opened);
        if won {
            stats.wins += 1;
            stats.clicks_in_wins += clicks as u64;
            stats.three_bv_in_wins += fewest_clicks as u64;
            stats.guesses_in_wins += guesses;
            stats.flags_in_wins += game.flags;
            stats.chords_in_wins += game.chords;
            let efficiency = fewest_clicks as f64 / clicks as f64;
            stats.efficiency_millionths_in_wins += (efficiency * 1e6).round() as u64;
            stats.efficiency_squares_millionths_in_wins +=
                (efficiency * efficiency * 1e6).round() as u64;
        } else {
            stats.guesses_in_losses += guesses;
        }
        stats.approximations += self.solver.approximations() - approximations_before;
        stats.analyses += self.solver.analyses() - analyses_before;
    }

    /// The moves of the last game played, in order: its first click, every open, flag and
    /// chord, and the click that lost it if it was lost.
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// The default play: every certain safe cell of an analysis opened one by one, in the
    /// solver's order, then the next analysis; its guess when none is left. Whether it won.
    fn play_for_wins(&mut self, config: &Config, game: &mut Game, stats: &mut Stats) -> bool {
        'game: loop {
            if game.cover.safe_closed() == 0 {
                break true;
            }
            if config.jlu && game.clicks >= course::CLICK_LIMIT {
                stats.click_limit += 1;
                break false;
            }
            if self
                .solver
                .analyse(&game.view, Mines::Known(config.mines))
                .is_err()
            {
                stats.faults += 1;
                break false;
            }
            self.safe.clear();
            self.safe.extend_from_slice(self.solver.certain_safe());
            if !self.safe.is_empty() {
                for i in 0..self.safe.len() {
                    let cell = self.safe[i] as usize;
                    if game.cover.is_open(cell) {
                        continue;
                    }
                    if game.board.is_mine(cell) {
                        stats.faults += 1;
                        break 'game false;
                    }
                    if config.jlu && game.clicks >= course::CLICK_LIMIT {
                        continue 'game;
                    }
                    game.clicks += 1;
                    self.moves.push(Move::Open(cell));
                    self.open(game, cell);
                    if config.jlu {
                        // The course asks `jlu-machine` for one click at a time, and its score
                        // counts clicks: what a click shows can make a 0 of a cell listed
                        // later, whose cascade opens cells this list would click one by one.
                        continue 'game;
                    }
                }
                continue;
            }
            let guess = self.solver.best_guess();
            if self.guess(game, stats, guess).is_err() {
                break false;
            }
        }
    }

    /// Opens `guess` (a cell and its mine probability), the solver's guess after an analysis
    /// that left no certain safe cell; an error when the game is over: the guess was a mine,
    /// or the solver had none (a fault: a safe cell is left).
    fn guess(
        &mut self,
        game: &mut Game,
        stats: &mut Stats,
        guess: Option<(usize, f64)>,
    ) -> Result<(), ()> {
        let Some((cell, p)) = guess else {
            stats.faults += 1;
            return Err(());
        };
        game.guesses += 1;
        let coin_flip = p >= 0.5 - 1e-9;
        stats.coin_flips += coin_flip as u64;
        game.clicks += 1;
        self.moves.push(Move::Open(cell));
        if game.board.is_mine(cell) {
            stats.first_guess_losses += (game.guesses == 1) as u64;
            stats.second_click_losses += (game.clicks == 2) as u64;
            stats.coin_flip_losses += coin_flip as u64;
            stats.fatal_probability_millionths += (p * 1e6).round() as u64;
            return Err(());
        }
        self.open(game, cell);
        Ok(())
    }

    /// Opens the safe `cell` with its cascade, and shows what it opened.
    fn open(&mut self, game: &mut Game, cell: usize) {
        game.view.reveal(
            game.board,
            &mut game.cover,
            cell,
            FlagsInCascade::Cleared,
            &mut self.opened,
        );
    }
}

/// Plays every game on `config.threads` threads (game i on thread i mod T) and renders the
/// report; progress goes to stderr every 5 s and at the end when stderr is a terminal or
/// `config.progress`.
pub fn run_all(config: &Config) -> String {
    let (total, seconds, cpu) = timed_run(config, 0..config.games);
    report(config, &total, seconds, cpu)
}

/// Plays games `games` of `config` with progress on stderr as [`run_all`] says: their figures,
/// the wall seconds and the CPU seconds they took.
fn timed_run(config: &Config, games: Range<u64>) -> (Stats, f64, Option<f64>) {
    let show_progress = config.progress || std::io::stderr().is_terminal();
    let start = Instant::now();
    let cpu_start = cpu_seconds();
    let count = games.end - games.start;
    let progress = |played: u64| {
        if show_progress {
            let seconds = start.elapsed().as_secs_f64();
            eprintln!("autoplay: {played} of {count} games, {seconds:.0} s");
        }
    };
    let total = play_range(config, games, &progress);
    let cpu = cpu_start.and_then(|before| Some(cpu_seconds()? - before));
    (total, start.elapsed().as_secs_f64(), cpu)
}

/// Plays `config`'s games on its threads and sums their figures; `progress` hears how many
/// games are done every 5 s and at the end. The same figures for any thread count.
pub fn play_games(config: &Config, progress: &(dyn Fn(u64) + Sync)) -> Stats {
    play_range(config, 0..config.games, progress)
}

/// [`play_games`] for the games `games` of `config` only: the figures of a run are the sums
/// of those of its slices, as each game's seed derives from its index alone.
pub fn play_range(config: &Config, games: Range<u64>, progress: &(dyn Fn(u64) + Sync)) -> Stats {
    play_batch(config, games, progress, false).0
}

/// [`play_range`], with each game's outcome too, in the games' order: its efficiency in
/// millionths (as [`Stats::efficiency_millionths_in_wins`] counts it) if won, else `None`.
fn play_outcomes(
    config: &Config,
    games: Range<u64>,
    progress: &(dyn Fn(u64) + Sync),
) -> (Stats, Vec<Option<u64>>) {
    play_batch(config, games, progress, true)
}

/// [`play_range`], and with `outcomes` [`play_outcomes`]'s outcomes (else none).
fn play_batch(
    config: &Config,
    games: Range<u64>,
    progress: &(dyn Fn(u64) + Sync),
    outcomes: bool,
) -> (Stats, Vec<Option<u64>>) {
    let mut last_report = Instant::now();
    let batch = run_batch(
        config.threads,
        games.end.saturating_sub(games.start),
        AfterPanic::Stop,
        || (Player::new(), Stats::default(), Vec::new()),
        |(player, stats, played), offset| {
            if outcomes {
                let mut game = Stats::default();
                player.play(config, games.start + offset, &mut game);
                let won = game.wins == 1;
                played.push((offset, won.then_some(game.efficiency_millionths_in_wins)));
                stats.add(&game);
            } else {
                player.play(config, games.start + offset, stats);
            }
            true
        },
        |done| {
            if last_report.elapsed() >= Duration::from_secs(5) {
                last_report = Instant::now();
                progress(done);
            }
        },
    );
    if let Some(panicked) = batch.panicked.first() {
        // Our own player failed: a bug of ours, stopped on with the game that shows it.
        panic!(
            "autoplay: game {} failed: {}",
            games.start + panicked.index,
            panicked.message
        );
    }
    progress(batch.done);
    let mut total = Stats::default();
    let mut in_order = vec![None; if outcomes { batch.done as usize } else { 0 }];
    for (_, stats, played) in &batch.states {
        total.add(stats);
        for &(offset, outcome) in played {
            in_order[offset as usize] = outcome;
        }
    }
    (total, in_order)
}

/// The CPU time this process has used (user + system, all threads), from /proc/self/stat;
/// `None` where that is not available. Its games per CPU-second do not depend on how busy the
/// machine is, unlike games per second.
fn cpu_seconds() -> Option<f64> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    // Fields after the command name (which may hold spaces): state is field 3, utime 14,
    // stime 15, in USER_HZ ticks (100 per second on Linux).
    let rest = &stat[stat.rfind(')')? + 1..];
    let fields: Vec<&str> = rest.split_whitespace().collect();
    let ticks: u64 = fields.get(11)?.parse::<u64>().ok()? + fields.get(12)?.parse::<u64>().ok()?;
    Some(ticks as f64 / 100.0)
}

/// The mean efficiency of the won games (3BV / clicks, every click counted), with its 95%
/// interval.
fn efficiency_line(s: &Stats) -> String {
    if s.wins == 0 {
        return "efficiency (3BV / clicks) of won games: none won\n".to_string();
    }
    let wins = s.wins as f64;
    let mean = s.efficiency_millionths_in_wins as f64 / 1e6 / wins;
    let squares = s.efficiency_squares_millionths_in_wins as f64 / 1e6 / wins;
    let variance = (squares - mean * mean).max(0.0) * wins / (wins - 1.0).max(1.0);
    let half = 1.96 * (variance / wins).sqrt();
    format!(
        "efficiency (3BV / clicks) of won games {:.2}% +- {:.2}% (95%)\n",
        100.0 * mean,
        100.0 * half
    )
}

/// What a run played, without a newline: the board, the first click, the seed, the threads.
fn board_line(config: &Config) -> String {
    let (row, col) = (config.first / config.cols, config.first % config.cols);
    format!(
        "board {} {}x{} with {} mines, first click ({row},{col}), seed {}, {} thread(s)",
        config.name, config.rows, config.cols, config.mines, config.seed, config.threads
    )
}

/// The win rate with its 95% interval.
fn won_line(s: &Stats) -> String {
    let rate = s.wins as f64 / s.games as f64;
    let half = 1.96 * (rate * (1.0 - rate) / s.games as f64).sqrt();
    format!(
        "won {} of {}: {:.2}% +- {:.2}% (95%)\n",
        s.wins,
        s.games,
        100.0 * rate,
        100.0 * half
    )
}

/// Games per second and per CPU-second, without a newline.
fn speed(games: u64, seconds: f64, cpu: Option<f64>) -> String {
    let n = games as f64;
    let mut out = format!("{:.0} games/s ({:.1} s)", n / seconds.max(1e-9), seconds);
    if let Some(cpu) = cpu {
        out += &format!(
            ", {:.0} games per CPU-second ({:.1} s of CPU)",
            n / cpu.max(0.01),
            cpu
        );
    }
    out
}

/// The text report of a run.
pub fn report(config: &Config, s: &Stats, seconds: f64, cpu: Option<f64>) -> String {
    let n = s.games as f64;
    let losses = s.games - s.wins;
    let per = |x: u64, of: u64| if of == 0 { 0.0 } else { x as f64 / of as f64 };
    let mut out = board_line(config);
    if config.play_for != PlayFor::Wins {
        out += &format!(", playing for {}", config.play_for.name());
    }
    if config.strength != Strength::Default {
        out += &format!(", strength {}", config.strength.name());
    }
    out.push('\n');
    out += &won_line(s);
    out += &efficiency_line(s);
    out += &format!("speed {}\n", speed(s.games, seconds, cpu));
    out += &format!(
        "clicks per won game {:.2}, 3BV {:.2}, clicks / 3BV {:.3}\n",
        per(s.clicks_in_wins, s.wins),
        per(s.three_bv_in_wins, s.wins),
        per(s.clicks_in_wins, s.three_bv_in_wins)
    );
    if config.play_for != PlayFor::Wins {
        out += &format!(
            "clicks in won games: {} opens, {} flags, {} chords\n",
            s.clicks_in_wins - s.flags_in_wins - s.chords_in_wins,
            s.flags_in_wins,
            s.chords_in_wins
        );
    }
    out += &format!(
        "guesses per game {:.3} (won {:.3}, lost {:.3})\n",
        per(s.guesses, s.games),
        per(s.guesses_in_wins, s.wins),
        per(s.guesses_in_losses, losses)
    );
    out += &format!(
        "losses {}: on the first guess {} ({} on the second click), on a coin flip (p >= 1/2) {} of {} flips, mean fatal p {:.3}\n",
        losses,
        s.first_guess_losses,
        s.second_click_losses,
        s.coin_flip_losses,
        s.coin_flips,
        per(s.fatal_probability_millionths, losses) / 1e6
    );
    out += &format!(
        "analyses {}, approximations {}, faults {}\n",
        s.analyses, s.approximations, s.faults
    );
    if config.jlu {
        let mean = s.jlu_tenths as f64 / 10.0 / n;
        out += &format!(
            "jlu score {:.2} (raw mean {:.3} x 1.3 = {:.3}, capped at 60; {} stopped at {} clicks)\n",
            course::course_mark(mean),
            mean,
            mean * 1.3,
            s.click_limit,
            course::CLICK_LIMIT
        );
        out += &format!(
            "jlu raw mean {:.3} had every win taken its 3BV clicks\n",
            s.jlu_tenths_in_three_bv as f64 / 10.0 / n
        );
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn jlu_config(seed: u64) -> Config {
        Config::on_board("jlu", 300, seed).unwrap()
    }

    #[test]
    fn no_win_takes_fewer_clicks_than_its_3bv_and_second_click_losses_are_first_guesses() {
        let config = jlu_config(5);
        let mut player = Player::new();
        let mut total = Stats::default();
        for index in 0..300 {
            let mut game = Stats::default();
            player.play(&config, index, &mut game);
            assert!(game.clicks_in_wins >= game.three_bv_in_wins, "game {index}");
            assert!(
                game.jlu_tenths_in_three_bv >= game.jlu_tenths,
                "game {index}"
            );
            if game.wins == 0 {
                assert_eq!(game.jlu_tenths_in_three_bv, game.jlu_tenths, "game {index}");
            }
            assert!(
                game.second_click_losses <= game.first_guess_losses,
                "game {index}"
            );
            total.add(&game);
        }
        // A corner showing a number leaves no certain cell on a third of these boards.
        assert!(total.second_click_losses > 0 && total.wins > 0);
        assert!(total.jlu_tenths_in_three_bv > total.jlu_tenths);
        let text = report(&config, &total, 1.0, None);
        assert!(text.contains(&format!(
            "({} on the second click)",
            total.second_click_losses
        )));
        assert!(
            text.contains("had every win taken its 3BV clicks"),
            "{text}"
        );
    }
}
