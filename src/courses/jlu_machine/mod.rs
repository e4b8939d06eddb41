//! The JLU course's part (2): a `machine` that plays the course's games (a 20x20 board, the
//! mines dealt after the first click, at most the course's click limit), scored as the
//! course's judge program scores them ([`crate::players::jlu_machine::course`]). A machine is
//! a stateless program (one run per click: the panel in, `x y` out; [`theirs`]), ours
//! ([`crate::players::jlu_machine`]), or the course's function compiled into our driver
//! ([`function`]); [`play_game`] is the game, in one place for them all.

pub mod function;

use crate::board::{Board, Grid};
use crate::courses::Harness;
use crate::exec::child::{self, Ending, ProgramRun};
use crate::exec::child::{describe_ending, describe_run_ending};
use crate::io::runner::solve_in_memory;
use crate::judges::jlu_panel::panel::{ClickOutcome, Panel, CLOSED};
use crate::players::jlu_machine::course::{self, BOARD_MINES, BOARD_SIDE, CLICK_LIMIT};
use crate::players::jlu_machine::solve;
use crate::rng::{game_seed, Rng};

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
    pub run: Option<Box<ProgramRun>>,
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
type Machine<'a> = dyn Fn(&[u8]) -> Result<usize, (String, Option<Box<ProgramRun>>)> + Sync + 'a;

/// Plays game `index` of `seed` with `machine`: its first click, then the mines dealt around
/// it (the course's judge does the same), then a click per panel until a win, a loss or
/// [`CLICK_LIMIT`] clicks.
pub(crate) fn play(
    seed: u64,
    index: u64,
    machine: &Machine,
) -> Result<PlayedGame, Box<MachineFault>> {
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
pub(crate) fn ours(panel: &[u8]) -> Result<usize, (String, Option<Box<ProgramRun>>)> {
    let (answer, result) = solve_in_memory(solve::solve, panel);
    result.map_err(|err| (format!("our machine refused the panel: {err}"), None))?;
    parse_click(&answer, Grid::new(BOARD_SIDE, BOARD_SIDE)).map_err(|what| (what, None))
}

/// The click of the program under test: one run per panel.
pub(crate) fn theirs(
    harness: &Harness,
    panel: &[u8],
) -> Result<usize, (String, Option<Box<ProgramRun>>)> {
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
        Ending::TooSlow | Ending::TimedOut => format!(
            "{}; killed",
            describe_run_ending(run.ending, run.usage(), &harness.limits(16))
        ),
        Ending::OutputLimit => "it printed more than a megabyte: killed".to_string(),
        ending => format!("it crashed: {}", describe_ending(ending)),
    };
    Err((what, Some(Box::new(run))))
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
        let corner = |_: &[u8]| -> Result<usize, (String, Option<Box<ProgramRun>>)> { Ok(0) };
        let game = play(1, 0, &corner).unwrap();
        assert!(game.stopped && !game.won);
        assert_eq!((game.clicks, game.ignored), (1, CLICK_LIMIT - 1));
    }
}
