//! `autoplay`: the AI player's benchmark; seeded games, win rate, speed (see `--help` and
//! [`minejudge::autoplay`]).

use minejudge::autoplay::{named_board, named_first_click, run_all, Config};
use minejudge::io::args::{self, Args};
use minejudge::io::output::write_stdout;
use std::process::ExitCode;

/// `autoplay --help`.
const USAGE: &str = "\
usage: autoplay --board beginner|intermediate|expert|jlu|RxCxM [--games N] [--seed S]
                [--first corner|center|R,C] [--threads T] [--progress]
Plays N seeded games of the AI player (first click never a mine, mine count known; the same
results for any thread count) and prints the win rate with its 95% interval, games per second
and per CPU-second, clicks per won game beside its 3BV, where games are lost, and for `jlu`
the course's score.
Progress goes to stderr every 5 s and at the end when stderr is a terminal, or always with
--progress.
Defaults: 1000 games, seed 1, first click in the corner, 1 thread.";

/// Reads the command line (after the program name).
fn parse(args: &mut Args) -> Result<Config, String> {
    let mut board = None;
    let mut games = 1000;
    let mut seed = 1;
    let mut first_text = "corner".to_string();
    let mut threads = 1;
    let mut progress = false;
    while let Some(flag) = args.next() {
        match flag.as_str() {
            "--board" => board = Some(args.value(&flag)?),
            "--games" => games = args.number(&flag, 1, u64::MAX)?,
            "--seed" => seed = args.number(&flag, 0, u64::MAX)?,
            "--first" => first_text = args.value(&flag)?,
            "--threads" => threads = args.number(&flag, 1, 256)?,
            "--progress" => progress = true,
            _ => return Err(format!("unexpected argument {flag:?}")),
        }
    }
    let board = board.ok_or("--board is required")?;
    let (rows, cols, mines, jlu) = named_board(&board)?;
    let first = named_first_click(&first_text, rows, cols)?;
    Ok(Config {
        name: board,
        rows,
        cols,
        mines,
        first,
        games,
        seed,
        threads: threads as usize,
        jlu,
        progress,
    })
}

fn main() -> ExitCode {
    match args::parse(USAGE, parse) {
        Ok(config) => match write_stdout(run_all(&config).as_bytes()) {
            Ok(()) => ExitCode::SUCCESS,
            Err(line) => {
                eprintln!("{line}");
                ExitCode::from(1)
            }
        },
        Err(code) => code,
    }
}
