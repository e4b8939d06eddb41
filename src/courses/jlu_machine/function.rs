//! The student's `machine` function as the course hands
//! it in (a text file: the function and its helpers, no `main`), compiled into our driver
//! (`src/players/jlu_machine/driver.cpp`) and called for every click of every game in one
//! process, as the teacher's judge program calls it: `rand()` is seeded once and static
//! variables carry over. The games and their rules are [`play_game`]'s: the driver is
//! sent what changed on the panel and answers `x y`.
//!
//! A process that crashes, runs past `--time-limit` or `--wall-limit` in a game, or answers off the board ends its
//! game there (lost, with the cells it had opened); a fresh process (`srand(seed + game)`)
//! plays on from the next game, up to the harness's fault budget (10 for `stress`). The course gives 0 to a program
//! that does not run, which the report says.

use crate::courses::jlu_machine::{panel_text, play_game, Tally};
use crate::courses::Harness;
use crate::exec::child::describe_ending;
use crate::exec::child::Ending;
use crate::exec::compile::{compile, Build, BuildError, Compiler, Submission};
use crate::exec::progress::Progress;
use crate::exec::session::{print_cap_fault, Session};
use crate::io::output::counted;
use crate::judges::jlu_panel::panel::Panel;
use crate::players::jlu_machine::course::BOARD_SIDE;
use std::fmt::Write as _;
use std::path::Path;

/// `machine` as the course's judge program declares it.
pub const SIGNATURE: &str = "void machine(int GamePanel[30][30], int n, int m, int &x, int &y)";

/// The driver: the teacher's program's part, with the student's file included.
const DRIVER: &str = include_str!("../../players/jlu_machine/driver.cpp");

/// A game the machine did not finish.
#[derive(Clone, Debug)]
pub struct Fault {
    /// The game, from 0.
    pub game: u64,
    /// The click, from 1.
    pub click: u32,
    /// The panel it was given, as `jlu-panel` prints it.
    pub panel: Vec<u8>,
    /// What went wrong.
    pub what: String,
    /// Its stderr (and the student's stdout, which the driver sends there).
    pub stderr: Vec<u8>,
    /// Whether it cost a whole timeout or a flood of output.
    pub slow: bool,
}

/// The games a compiled machine played.
#[derive(Clone, Debug)]
pub struct MachineGames {
    /// Every game played, added up (a failed game counts as lost with the cells it had opened).
    pub tally: Tally,
    /// The games it did not finish, in order.
    pub faults: Vec<Fault>,
    /// Games played: all of them, unless the harness's fault budget stopped the rest.
    pub played: u64,
    /// Whether a call changed the panel it was given (our driver tells it on stderr).
    pub panel_changed: bool,
    /// Each game's course score, in tenths of a point, in the order played.
    pub scores: Vec<u16>,
}

/// What our driver writes on stderr, once, when `machine()` changed its panel (the driver's
/// `PANEL_CHANGED`).
pub const PANEL_CHANGED: &[u8] = b"minejudge: machine() changed GamePanel";

/// The compiled machine in its process: the panel it last saw, to send only what changed.
struct Driver {
    session: Session,
    seen: Vec<i8>,
    message: String,
    line: Vec<u8>,
}

impl Driver {
    fn click(&mut self, panel: &Panel) -> Result<usize, String> {
        let values = panel.values();
        self.message.clear();
        let changed = values
            .iter()
            .zip(&self.seen)
            .filter(|(a, b)| a != b)
            .count();
        let _ = write!(self.message, "{changed}");
        for (cell, (&value, seen)) in values.iter().zip(self.seen.iter_mut()).enumerate() {
            if value != *seen {
                *seen = value;
                let (x, y) = (cell / BOARD_SIDE, cell % BOARD_SIDE);
                let _ = write!(self.message, " {x} {y} {value}");
            }
        }
        self.message.push('\n');
        self.session
            .send(self.message.as_bytes())
            .map_err(|_| "its input closed".to_string())?;
        self.session.read_line(&mut self.line, 64)?;
        let text = String::from_utf8_lossy(&self.line);
        let numbers: Vec<Option<i64>> = text.split_whitespace().map(|t| t.parse().ok()).collect();
        match numbers[..] {
            [Some(x), Some(y)] if (0..BOARD_SIDE as i64).contains(&x) && (0..BOARD_SIDE as i64).contains(&y) => {
                Ok(x as usize * BOARD_SIDE + y as usize)
            }
            [Some(x), Some(y)] => Err(format!(
                "it set x = {x}, y = {y}: off the {BOARD_SIDE}x{BOARD_SIDE} board (0 <= x, y < {BOARD_SIDE})"
            )),
            _ => Err(format!("our driver printed {text:?}")),
        }
    }
}

/// Compiles a `machine` file into our driver.
///
/// # Errors
/// When the file does not compile: the compiler's first lines.
pub fn compile_machine(compiler: &Compiler, file: &Path) -> Result<Build, BuildError> {
    let text =
        std::fs::read(file).map_err(|err| format!("cannot read {}: {err}", file.display()))?;
    if crate::exec::source::defines_main(&String::from_utf8_lossy(&text)) {
        return Err(format!(
            "{} defines main(): hand in machine() and its helpers only, with no main() and no \
             #include (our driver, like the course's judge program, has its own); remove main()",
            file.display()
        )
        .into());
    }
    let submission = Submission {
        name: "submission.cpp",
        path: file,
    };
    compile(compiler, DRIVER, &[submission])
}

/// Plays `games` course games of `harness.seed` with the compiled driver `command`, one
/// process for them all (a fresh one after a fault), within `harness`'s limits per game.
///
/// # Errors
/// When the driver cannot start.
pub fn play(command: &[String], games: u64, harness: &Harness) -> Result<MachineGames, String> {
    let mut progress = Progress::new(harness.progress);
    let mut tally = Tally::default();
    let mut faults: Vec<Fault> = Vec::new();
    let mut game = 0;
    let mut panel_changed = false;
    let mut scores = Vec::new();
    let slow = |faults: &[Fault]| faults.iter().filter(|f| f.slow).count();
    let started = std::time::Instant::now();
    while game < games
        && !harness.faults.spent(faults.len(), slow(&faults))
        && !harness.out_of_time(started)
    {
        let cpu = harness.time_limit * (games - game).min(86_400) as u32;
        let limits = harness.limits(0);
        let session = Session::start(command, &limits, cpu)
            .map_err(|err| format!("cannot run our driver {}: {err}", command[0]))?;
        let mut driver = Driver {
            session,
            seen: vec![-1; BOARD_SIDE * BOARD_SIDE],
            message: String::new(),
            line: Vec::new(),
        };
        let first_game = game;
        let greeting = format!(
            "{} {BOARD_SIDE} {BOARD_SIDE}\n",
            harness.seed.wrapping_add(first_game) as u32
        );
        let mut fault = driver.session.send(greeting.as_bytes()).err().map(|_| {
            (
                game,
                1,
                Panel::new(&blank()),
                "its input closed".to_string(),
            )
        });
        while fault.is_none() && game < games && !harness.out_of_time(started) {
            driver.session.arm(harness.wall_limit());
            match play_game(harness.seed, game, &mut |panel| driver.click(panel)) {
                Ok(played) => {
                    tally.add(&played);
                    scores.push(played.score_tenths());
                }
                Err(stopped) => {
                    tally.add(&stopped.game);
                    scores.push(stopped.game.score_tenths());
                    fault = Some((game, stopped.click, stopped.panel, stopped.error));
                }
            }
            game += 1;
            progress.update(|| format!("jlu-machine: {game} of {}", counted(games, "game")));
        }
        let end = driver.session.finish();
        panel_changed |= end
            .stderr
            .windows(PANEL_CHANGED.len())
            .any(|w| w == PANEL_CHANGED);
        if let Some((game, click, panel, what)) = fault {
            let slow = matches!(
                end.ending,
                Ending::TooSlow | Ending::TimedOut | Ending::OutputLimit
            );
            let what = match end.ending {
                Ending::TooSlow | Ending::TimedOut => harness.time_fault("game", end.ending),
                Ending::OutputLimit => print_cap_fault(),
                Ending::Exited(0) if what.contains("output ended") => {
                    "it ended the program (exit status 0) in the middle of a game".to_string()
                }
                ending if what.contains("output ended") || what.contains("input closed") => {
                    format!("it crashed: {}", describe_ending(ending))
                }
                _ => what,
            };
            faults.push(Fault {
                game,
                click,
                panel: panel_text(&panel),
                what,
                stderr: end.stderr,
                slow,
            });
        }
    }
    progress.finish();
    Ok(MachineGames {
        tally,
        faults,
        played: game,
        panel_changed,
        scores,
    })
}

/// The board of no mine, for a panel of closed cells.
fn blank() -> crate::board::Board {
    crate::board::Board::from_mines(crate::board::Grid::new(BOARD_SIDE, BOARD_SIDE), [])
}
