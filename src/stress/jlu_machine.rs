//! `stress jlu-machine`: the JLU course's judge of part (2) played with the program under test
//! as the stateless `machine` (one run per click: the panel in, `x y` out) and with ours
//! ([`crate::players::jlu_machine`]) on the same seeded games, each scored as the course does.

use crate::board::{Board, Grid};
use crate::courses::report::{block, tail_block};
use crate::courses::Harness;
use crate::exec::child::describe_ending;
use crate::exec::child::{self, Ending, ProgramRun};
use crate::exec::pool::for_each_index;
use crate::exec::progress::Progress;
use crate::io::output::counted;
use crate::io::runner::solve_in_memory;
use crate::judges::jlu_panel::panel::{ClickOutcome, Panel, CLOSED};
use crate::players::jlu_machine::course::{self, BOARD_MINES, BOARD_SIDE, CLICK_LIMIT};
use crate::players::jlu_machine::solve;
use crate::rng::{game_seed, Rng};
use crate::stress::report::{save_case, Report};
use std::fmt::Write as _;
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// The course's games, played by the program under test and by ours.
#[derive(Clone, Debug)]
pub struct JluGames {
    /// How many games.
    pub games: u64,
    /// The machine under test and how to run it.
    pub harness: Harness,
}

/// One machine's games, added up.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Games played.
    pub games: u64,
    /// Games won.
    pub wins: u64,
    /// The course's scores, in tenths of a point, summed.
    pub tenths: u64,
    /// Their squares, summed (for the interval).
    pub tenths_squared: u64,
    /// Clicks in won games.
    pub clicks_in_wins: u64,
    /// Games stopped at the course's click limit.
    pub stopped: u64,
    /// Clicks on open cells (ignored by the game, counted toward the limit).
    pub ignored_clicks: u64,
}

impl Tally {
    pub(crate) fn add(&mut self, game: &PlayedGame) {
        let tenths = u64::from(game.score_tenths());
        self.games += 1;
        self.wins += u64::from(game.won);
        self.tenths += tenths;
        self.tenths_squared += tenths * tenths;
        self.clicks_in_wins += if game.won { u64::from(game.clicks) } else { 0 };
        self.stopped += u64::from(game.stopped);
        self.ignored_clicks += u64::from(game.ignored);
    }

    /// The mean score per game and the half-width of its 95% interval.
    pub fn mean_score(&self) -> (f64, f64) {
        let n = self.games.max(1) as f64;
        let mean = self.tenths as f64 / 10.0 / n;
        let variance = (self.tenths_squared as f64 / 100.0 / n - mean * mean).max(0.0);
        (mean, 1.96 * (variance / n).sqrt())
    }
}

/// How one game went.
#[derive(Clone, Copy, Debug)]
pub(crate) struct PlayedGame {
    pub won: bool,
    /// Clicks on closed cells (the course's "valid" clicks, which the bonus counts).
    pub clicks: u32,
    /// Clicks on open cells.
    pub ignored: u32,
    /// Open cells at the end.
    pub opened: usize,
    /// Whether it was stopped at the click limit.
    pub stopped: bool,
}

impl PlayedGame {
    /// The course's score of the game, in tenths of a point.
    pub(crate) fn score_tenths(&self) -> u16 {
        course::score_tenths(self.won, self.clicks, self.opened) as u16
    }
}

/// A game whose machine gave no click: at which click, the panel it was given, the game so
/// far (lost, with the cells it had opened) and why.
pub(crate) struct Stopped<E> {
    pub click: u32,
    pub panel: Panel,
    pub game: PlayedGame,
    pub error: E,
}

/// A machine run that gave no usable click.
#[derive(Clone, Debug)]
pub struct MachineFault {
    /// The game, from 0.
    pub game: u64,
    /// The click, from 1.
    pub click: u32,
    /// The panel the machine was given.
    pub panel: Vec<u8>,
    /// What was wrong.
    pub what: String,
    /// The run; `None` when the program cannot start (or our machine failed), which stops
    /// everything.
    pub run: Option<ProgramRun>,
}

/// The panel text a machine reads: `n m`, then the rows as `jlu-panel` prints them.
pub(crate) fn panel_text(panel: &Panel) -> Vec<u8> {
    let grid = panel.grid();
    let mut text = format!("{} {}\n", grid.rows(), grid.cols()).into_bytes();
    panel.print(&mut text);
    text
}

/// `x y` from a machine's output: two integers on the board, nothing else.
fn parse_click(output: &[u8], grid: Grid) -> Result<usize, String> {
    let text = String::from_utf8_lossy(output);
    let numbers: Vec<Option<usize>> = text.split_whitespace().map(|t| t.parse().ok()).collect();
    match numbers[..] {
        [Some(x), Some(y)] if x < grid.rows() && y < grid.cols() => Ok(grid.index(x, y)),
        _ => Err(format!(
            "it printed {:?}: expected `x y`, 0 <= x < {}, 0 <= y < {}",
            text.trim_end(),
            grid.rows(),
            grid.cols()
        )),
    }
}

/// What a machine does with a panel: a click, or why there is none with the run (no run: the
/// program cannot start, or our machine failed, which stops everything).
type Machine<'a> = dyn Fn(&[u8]) -> Result<usize, (String, Option<ProgramRun>)> + Sync + 'a;

/// Plays game `index` of `seed` with `machine`: its first click, then the mines dealt around
/// it (the course's judge does the same), then a click per panel until a win, a loss or
/// [`CLICK_LIMIT`] clicks.
fn play(seed: u64, index: u64, machine: &Machine) -> Result<PlayedGame, Box<MachineFault>> {
    play_game(seed, index, &mut |panel: &Panel| {
        machine(&panel_text(panel))
    })
    .map_err(|stopped| {
        let (what, run) = stopped.error;
        Box::new(MachineFault {
            game: index,
            click: stopped.click,
            panel: panel_text(&stopped.panel),
            what,
            run,
        })
    })
}

/// [`play`] with any machine that sees the panel: the course's game, in one place for every
/// way of running a machine.
pub(crate) fn play_game<E>(
    seed: u64,
    index: u64,
    machine: &mut dyn FnMut(&Panel) -> Result<usize, E>,
) -> Result<PlayedGame, Box<Stopped<E>>> {
    let grid = Grid::new(BOARD_SIDE, BOARD_SIDE);
    let mut rng = Rng::new(game_seed(seed, index));
    let mut panel = Panel::new(&Board::from_mines(grid, []));
    let mut game = PlayedGame {
        won: false,
        clicks: 0,
        ignored: 0,
        opened: 0,
        stopped: false,
    };
    let opened = |panel: &Panel| panel.values().iter().filter(|&&v| v != CLOSED).count();
    let mut board = None;
    let mut ended = false;
    for click in 1..=CLICK_LIMIT {
        let cell = match machine(&panel) {
            Ok(cell) => cell,
            Err(error) => {
                game.opened = opened(&panel);
                return Err(Box::new(Stopped {
                    click,
                    panel,
                    game,
                    error,
                }));
            }
        };
        let board = board.get_or_insert_with(|| {
            let board = Board::from_mines(grid, rng.deal(grid.len(), BOARD_MINES, &[cell]));
            panel = Panel::new(&board);
            board
        });
        if panel.is_open(cell) {
            game.ignored += 1;
            continue;
        }
        game.clicks += 1;
        match panel.refresh(board, cell) {
            ClickOutcome::Lost => ended = true,
            ClickOutcome::Won => (game.won, ended) = (true, true),
            ClickOutcome::Going => {}
        }
        if ended {
            break;
        }
    }
    game.stopped = !ended;
    game.opened = opened(&panel);
    Ok(game)
}

/// Plays `games` course games of `seed` (the games `stress jlu-machine` plays) with a machine
/// given as a Rust function of the panel (row-major, -1 closed) returning `(x, y)`, and adds
/// them up: to check a submission's score against a replica of its logic.
///
/// # Panics
/// If the machine clicks off the board.
pub fn play_games(
    seed: u64,
    games: u64,
    machine: &mut dyn FnMut(&[i8]) -> (usize, usize),
) -> Tally {
    let mut tally = Tally::default();
    for index in 0..games {
        let mut click = |panel: &Panel| -> Result<usize, ()> {
            let (x, y) = machine(panel.values());
            assert!(x < BOARD_SIDE && y < BOARD_SIDE, "a click off the board");
            Ok(x * BOARD_SIDE + y)
        };
        let played = play_game(seed, index, &mut click).unwrap_or_else(|_| unreachable!());
        tally.add(&played);
    }
    tally
}

/// Our machine's click.
fn ours(panel: &[u8]) -> Result<usize, (String, Option<ProgramRun>)> {
    let (answer, result) = solve_in_memory(solve::solve, panel);
    result.map_err(|err| (format!("our machine refused the panel: {err}"), None))?;
    parse_click(&answer, Grid::new(BOARD_SIDE, BOARD_SIDE)).map_err(|what| (what, None))
}

/// The click of the program under test: one run per panel.
pub(crate) fn theirs(
    harness: &Harness,
    panel: &[u8],
) -> Result<usize, (String, Option<ProgramRun>)> {
    let run = child::run(&harness.command, panel, &harness.limits(16)).map_err(|err| {
        (
            format!("cannot run {}: {err}", harness.command_line()),
            None,
        )
    })?;
    let what = match run.ending {
        Ending::Exited(0) => match parse_click(&run.stdout, Grid::new(BOARD_SIDE, BOARD_SIDE)) {
            Ok(cell) => return Ok(cell),
            Err(what) => what,
        },
        Ending::TimedOut => format!(
            "it was still running after {:.3} s: killed",
            harness.timeout.as_secs_f64()
        ),
        Ending::OutputLimit => "it printed more than a megabyte: killed".to_string(),
        ending => format!("it crashed: {}", describe_ending(ending)),
    };
    Err((what, Some(run)))
}

/// Plays every game with both machines and reports both scores; a machine run that gives no
/// click stops everything and is reported with its panel.
///
/// # Errors
/// When the program cannot be started.
pub fn run(config: &JluGames) -> Result<Report, String> {
    let harness = &config.harness;
    let started = Instant::now();
    let results: Mutex<Vec<(u64, PlayedGame, PlayedGame)>> = Mutex::new(Vec::new());
    let first_fault: Mutex<Option<MachineFault>> = Mutex::new(None);
    let error = Mutex::new(None);
    let theirs = |panel: &[u8]| theirs(harness, panel);
    let mut progress = Progress::new(harness.progress);
    let play_one = |index: u64| {
        let played = play(harness.seed, index, &theirs)
            .and_then(|yours| Ok((yours, play(harness.seed, index, &ours)?)));
        match played {
            Ok((yours, our)) => {
                results.lock().expect("no panics").push((index, yours, our));
                true
            }
            // No run: the program cannot start (or our machine failed).
            Err(fault) if fault.run.is_none() => {
                *error.lock().expect("no panics") = Some(fault.what);
                false
            }
            Err(fault) => {
                let mut first = first_fault.lock().expect("no panics");
                if first.as_ref().map_or(true, |f| index < f.game) {
                    *first = Some(*fault);
                }
                false
            }
        }
    };
    for_each_index(
        harness.jobs,
        config.games,
        play_one,
        &mut progress,
        |done| format!("jlu-machine: {done} of {}", counted(config.games, "game")),
    );
    if let Some(message) = error.into_inner().expect("no panics") {
        return Err(message);
    }
    if let Some(fault) = first_fault.into_inner().expect("no panics") {
        return Ok(fault_report(config, &fault));
    }
    let mut yours = Tally::default();
    let mut our = Tally::default();
    for (_, theirs, ours) in results.into_inner().expect("no panics") {
        yours.add(&theirs);
        our.add(&ours);
    }
    Ok(Report {
        text: score_report(config, &yours, &our, started.elapsed()),
        failed: false,
    })
}

fn score_report(config: &JluGames, yours: &Tally, ours: &Tally, elapsed: Duration) -> String {
    let mut text = format!(
        "jlu-machine: {} (seed {}) as the course's judge plays them: {BOARD_SIDE}x{BOARD_SIDE}, \
         {BOARD_MINES} mines dealt after the first click, at most {CLICK_LIMIT} clicks ({:.1} s)\n",
        counted(config.games, "game"),
        config.harness.seed,
        elapsed.as_secs_f64()
    );
    let _ = writeln!(
        text,
        "        {:<16} {:<22} {:<12} clicks per win",
        "won", "score (95% interval)", "course mark"
    );
    for (who, tally) in [("yours", yours), ("ours", ours)] {
        let (mean, half) = tally.mean_score();
        let won = format!(
            "{} ({:.1}%)",
            tally.wins,
            100.0 * tally.wins as f64 / tally.games.max(1) as f64
        );
        let clicks = if tally.wins > 0 {
            format!("{:.1}", tally.clicks_in_wins as f64 / tally.wins as f64)
        } else {
            "-".to_string()
        };
        let _ = writeln!(
            text,
            "{who:<7} {won:<16} {:<22} {:<12.2} {clicks}",
            format!("{mean:.2} +- {half:.2}"),
            course::course_mark(mean)
        );
    }
    text.push_str(
        "score per game: 50 + a bonus of 0 to 10 for fewer clicks for a win, opened cells / 10 \
         otherwise; course mark: the mean x 1.3, capped at 60\n",
    );
    if yours.ignored_clicks > 0 || yours.stopped > 0 {
        let _ = writeln!(
            text,
            "yours: {} clicks on open cells (ignored, but counted toward the {CLICK_LIMIT}); \
             {} games stopped at {CLICK_LIMIT} clicks",
            yours.ignored_clicks, yours.stopped
        );
    }
    text
}

fn fault_report(config: &JluGames, fault: &MachineFault) -> Report {
    let harness = &config.harness;
    let mut text = format!(
        "jlu-machine: your machine gave no click in game {} (seed {}), click {}\n{}\n\n",
        fault.game + 1,
        harness.seed,
        fault.click,
        fault.what
    );
    text.push_str(&block("the panel it was given", &fault.panel, 0));
    if let Some(run) = &fault.run {
        text.push_str(&block(
            &format!("yours: {}", harness.command_line()),
            &run.stdout,
            0,
        ));
        if !run.stderr.is_empty() {
            text.push_str(&tail_block("its stderr", &run.stderr));
        }
    }
    let (answer, _) = solve_in_memory(solve::solve, &fault.panel);
    let _ = writeln!(
        text,
        "our machine clicks: {}",
        String::from_utf8_lossy(&answer).trim_end()
    );
    if let Some(dir) = &harness.save {
        let stem = format!(
            "jlu-machine-{}-game{}-click{}",
            harness.seed,
            fault.game + 1,
            fault.click
        );
        text.push_str(&save_case(dir, &stem, &fault.panel, &answer));
    }
    Report { text, failed: true }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clicks_are_two_numbers_on_the_board() {
        let grid = Grid::new(20, 20);
        assert_eq!(parse_click(b"3 4\n", grid), Ok(64));
        assert_eq!(parse_click(b" 19\t19 ", grid), Ok(399));
        for bad in [&b"20 0"[..], b"3", b"3 4 5", b"-1 2", b"x y", b""] {
            assert!(parse_click(bad, grid).is_err(), "{bad:?}");
        }
    }

    #[test]
    fn our_machine_plays_the_course_games_deterministically() {
        let a = play(5, 0, &ours).unwrap();
        let b = play(5, 0, &ours).unwrap();
        assert_eq!((a.won, a.clicks, a.opened), (b.won, b.clicks, b.opened));
        assert!(a.clicks >= 1 && a.ignored == 0);
        let mut tally = Tally::default();
        tally.add(&a);
        assert_eq!(tally.games, 1);
    }

    #[test]
    fn a_machine_stuck_on_an_open_cell_is_stopped_at_the_limit() {
        let corner = |_: &[u8]| -> Result<usize, (String, Option<ProgramRun>)> { Ok(0) };
        let game = play(1, 0, &corner).unwrap();
        assert!(game.stopped && !game.won);
        assert_eq!((game.clicks, game.ignored), (1, CLICK_LIMIT - 1));
    }
}
