//! `autoplay`: the AI player's benchmark; seeded games, win rate, speed (see `--help` and
//! [`minejudge::autoplay`]).

use minejudge::autoplay::compare::{self, Mode};
use minejudge::autoplay::shard::{run_shard, Shard};
use minejudge::autoplay::{named_board, named_first_click, run_all, Config, PlayFor};
use minejudge::io::args::{self, Args};
use minejudge::io::options::{self, unexpected, Table};
use minejudge::io::output::write_stdout;
use minejudge::solver::Strength;
use std::process::ExitCode;

/// `autoplay --help`.
const USAGE: &str = "\
usage: autoplay --board beginner|intermediate|expert|jlu|RxCxM [--games N] [--seed S]
                [--first corner|center|R,C] [--play-for wins|efficiency] [--threads T]
                [--strength default|strong] [--progress] [--shard K/N]
       autoplay --board ... --compare A B [--games N] [--seed S] [--first F] [--threads T]
                [--progress] [--shard K/N]
       autoplay --merge FILE...
Plays N seeded games of the AI player (first click never a mine, mine count known; the same
results for any thread count) and prints the win rate with its 95% interval, games per second
and per CPU-second, the mean efficiency (3BV / clicks) of won games, clicks per won game beside
its 3BV, where games are lost, and for `jlu` the course's score.
--play-for efficiency makes the same guesses from the same knowledge (the same games are won)
but opens what is proven safe in as few clicks as it can: openings first, flags and chords
where they save clicks (not on `jlu`, whose clicks are opens only).
--strength strong spends more CPU on a guess to win more (a larger endgame search: see
docs/solver.md, the strong mode); it changes which guesses are taken, never what is proven.
Progress goes to stderr every 5 s and at the end when stderr is a terminal, or always with
--progress.
--compare A B plays the same games in modes A and B (default: play for wins; efficiency: as
--play-for efficiency; strong: as --strength strong) and prints each mode's win rate and
efficiency of won games, their paired differences A - B game by game with 95% intervals, the
games only A won and only B won, and each mode's speed.
--shard K/N plays only the K-th of N disjoint slices of those games (K from 1) and prints its
figures as a record; --merge adds the records of all N slices of a run into the report that
one run prints (the speed lines add their seconds).
Defaults: 1000 games, seed 1, first click in the corner, play for wins, strength default,
1 thread.";

/// What to do.
enum Task {
    /// Play a run, or one slice of it.
    Play(Config, Option<Shard>),
    /// Play a run, or one slice of it, in two modes.
    Compare(Config, [Mode; 2], Option<Shard>),
    /// Merge the records in these files.
    Merge(Vec<String>),
}

/// What the command line says, as it is read.
#[derive(Default)]
struct Parsed {
    board: Option<String>,
    games: u64,
    seed: u64,
    first: String,
    play_for: PlayFor,
    /// Whether `--play-for` was given (its default is not set from the table, to tell).
    play_for_given: bool,
    /// The modes of `--compare`.
    compare: Option<[Mode; 2]>,
    strength: Strength,
    /// Whether `--strength` was given (its default is not set from the table, to tell).
    strength_given: bool,
    threads: u64,
    progress: bool,
    shard: Option<Shard>,
    /// The files of `--merge`.
    merge: Option<Vec<String>>,
}

/// An option of autoplay.
type Opt = options::Opt<Parsed>;

/// Autoplay's options, which [`USAGE`]'s prose describes.
fn options() -> Table<Parsed> {
    let options = vec![
        Opt::value("--board", "B", "", |parsed, given| {
            parsed.board = Some(given.value);
            Ok(())
        }),
        Opt::value("--games", "N", "", |parsed, given| {
            parsed.games = given.number(1, u64::MAX)?;
            Ok(())
        })
        .default("1000"),
        Opt::value("--seed", "S", "", |parsed, given| {
            parsed.seed = given.number(0, u64::MAX)?;
            Ok(())
        })
        .default("1"),
        Opt::value("--first", "F", "", |parsed, given| {
            parsed.first = given.value;
            Ok(())
        })
        .default("corner"),
        Opt::value("--play-for", "P", "", |parsed, given| {
            parsed.play_for = PlayFor::named(&given.value)?;
            parsed.play_for_given = true;
            Ok(())
        }),
        Opt::value("--strength", "S", "", |parsed, given| {
            parsed.strength = Strength::named(&given.value)?;
            parsed.strength_given = true;
            Ok(())
        }),
        Opt::value("--threads", "T", "", |parsed, given| {
            parsed.threads = given.number(1, 256)?;
            Ok(())
        })
        .default("1"),
        Opt::flag("--progress", "", |parsed, _| {
            parsed.progress = true;
            Ok(())
        }),
        Opt::value("--shard", "K/N", "", |parsed, given| {
            parsed.shard = Some(Shard::parse(&given.value)?);
            Ok(())
        }),
        Opt::rest("--merge", |parsed, given| {
            if !given.first {
                return Err("--merge comes first, followed by files only".to_string());
            }
            if given.rest.is_empty() {
                return Err("--merge needs the files of a run's slices".to_string());
            }
            parsed.merge = Some(given.rest);
            Ok(())
        }),
    ];
    Table::of(options, 0)
}

/// Reads the command line (after the program name).
fn parse(args: &mut Args) -> Result<Task, String> {
    let mut parsed = Parsed::default();
    // `--compare` takes two values, which the table's options do not.
    options().parse(&mut parsed, args, "autoplay", |parsed, arg, args| {
        if arg != "--compare" {
            return Err(unexpected(&arg));
        }
        let a = Mode::named(&args.value("--compare")?)?;
        let b = Mode::named(&args.value("--compare")?)?;
        parsed.compare = Some([a, b]);
        Ok(())
    })?;
    if let Some(files) = parsed.merge {
        return Ok(Task::Merge(files));
    }
    let board = parsed.board.ok_or("--board is required")?;
    let (rows, cols, mines, jlu) = named_board(&board)?;
    let first = named_first_click(&parsed.first, rows, cols)?;
    if jlu && parsed.play_for == PlayFor::Efficiency {
        return Err(
            "--play-for efficiency: the jlu board's clicks are opens only, with no flag or chord"
                .to_string(),
        );
    }
    let config = Config {
        name: board,
        rows,
        cols,
        mines,
        first,
        games: parsed.games,
        seed: parsed.seed,
        threads: parsed.threads as usize,
        jlu,
        progress: parsed.progress,
        play_for: parsed.play_for,
        strength: parsed.strength,
    };
    match parsed.compare {
        Some(_) if parsed.play_for_given || parsed.strength_given => Err(
            "--compare A B names what each mode plays for and its strength: --play-for and \
             --strength go without it"
                .into(),
        ),
        Some(modes) => match modes.iter().find_map(|mode| mode.refusal(&config)) {
            Some(refusal) => Err(refusal),
            None => Ok(Task::Compare(config, modes, parsed.shard)),
        },
        None => Ok(Task::Play(config, parsed.shard)),
    }
}

/// What the task prints, or the error to print.
fn perform(task: Task) -> Result<String, String> {
    match task {
        Task::Play(config, None) => Ok(run_all(&config)),
        Task::Play(config, Some(shard)) => Ok(run_shard(&config, shard)),
        Task::Compare(config, modes, None) => Ok(compare::run_all(&config, modes)),
        Task::Compare(config, modes, Some(shard)) => Ok(compare::run_shard(&config, modes, shard)),
        Task::Merge(files) => {
            let mut records = Vec::new();
            for file in files {
                let text = std::fs::read_to_string(&file)
                    .map_err(|e| format!("--merge: cannot read {file}: {e}"))?;
                records.push((file, text));
            }
            compare::merge_any(&records).map_err(|e| format!("--merge: {e}"))
        }
    }
}

fn main() -> ExitCode {
    match args::parse(USAGE, parse) {
        Ok(task) => match perform(task).and_then(|text| write_stdout(text.as_bytes())) {
            Ok(()) => ExitCode::SUCCESS,
            Err(line) => {
                eprintln!("{line}");
                ExitCode::from(1)
            }
        },
        Err(code) => code,
    }
}
