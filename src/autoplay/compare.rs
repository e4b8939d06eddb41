//! `autoplay --compare A B`: the same games (same seeds, same first click) played in two modes,
//! and the paired difference of their figures game by game, which tells a real gain from the
//! noise of the games drawn: two unpaired runs differ by their games' luck too, a paired
//! difference only where the modes play a game differently.
//!
//! The games are played in chunks, each mode in turn, so that each mode's time is its own and
//! the outcomes waiting for their pair are a chunk's. Every figure but the speed is a sum of
//! integers over games, so that `--shard` and `--merge` work as for a plain run.

use super::shard::{self, Shard, Slices};
use super::{
    board_line, cpu_seconds, efficiency_line, play_outcomes, speed, won_line, Config, PlayFor,
    Stats,
};
use crate::io::args;
use crate::solver::Strength;
use std::io::IsTerminal;
use std::ops::Range;
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// A way to play that `--compare` names: what the player plays for and its strength, so that
/// a new way to compare is one row of [`MODES`] and one line of [`Mode::config`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Mode {
    /// The name `--compare` takes.
    pub name: &'static str,
    /// What the player plays for.
    pub play_for: PlayFor,
    /// How much work the solver may put into a guess.
    pub strength: Strength,
}

/// Every mode `--compare` can name.
pub const MODES: [Mode; 3] = [
    Mode {
        name: "default",
        play_for: PlayFor::Wins,
        strength: Strength::Default,
    },
    Mode {
        name: "efficiency",
        play_for: PlayFor::Efficiency,
        strength: Strength::Default,
    },
    Mode {
        name: "strong",
        play_for: PlayFor::Wins,
        strength: Strength::Strong,
    },
];

impl Mode {
    /// The mode named `text`.
    pub fn named(text: &str) -> Result<Mode, String> {
        MODES
            .iter()
            .find(|mode| mode.name == text)
            .copied()
            .ok_or_else(|| {
                let names: Vec<&str> = MODES.iter().map(|mode| mode.name).collect();
                format!(
                    "--compare expects two of {}, found {text:?}",
                    names.join(", ")
                )
            })
    }

    /// `run` played this way: the one place where a mode's settings reach a run's.
    pub fn config(&self, run: &Config) -> Config {
        Config {
            play_for: self.play_for,
            strength: self.strength,
            ..run.clone()
        }
    }

    /// Why this mode cannot play `run`'s board, if it cannot.
    pub fn refusal(&self, run: &Config) -> Option<String> {
        (run.jlu && self.play_for == PlayFor::Efficiency).then(|| {
            format!(
                "--compare {}: the jlu board's clicks are opens only, with no flag or chord",
                self.name
            )
        })
    }
}

/// Sums over games played in both modes, game by game: mode A's outcome against mode B's.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Paired {
    /// Games played in both modes.
    pub games: u64,
    /// Games only mode A won.
    pub only_a: u64,
    /// Games only mode B won.
    pub only_b: u64,
    /// Games both modes won.
    pub both_won: u64,
    /// Over the games both won, A's efficiency less B's, in millionths (as each mode's
    /// [`Stats::efficiency_millionths_in_wins`] counts it), summed.
    pub efficiency_differences: i128,
    /// Those differences squared, summed: exact, for the interval.
    pub efficiency_difference_squares: u128,
}

impl Paired {
    /// Adds one game's outcomes: each mode's efficiency in millionths if it won, else `None`.
    pub fn add_game(&mut self, a: Option<u64>, b: Option<u64>) {
        self.games += 1;
        match (a, b) {
            (Some(a), Some(b)) => {
                let difference = a as i128 - b as i128;
                self.both_won += 1;
                self.efficiency_differences += difference;
                self.efficiency_difference_squares += (difference * difference) as u128;
            }
            (Some(_), None) => self.only_a += 1,
            (None, Some(_)) => self.only_b += 1,
            (None, None) => {}
        }
    }

    /// Adds `other`'s sums to these.
    pub fn add(&mut self, other: &Paired) {
        self.games += other.games;
        self.only_a += other.only_a;
        self.only_b += other.only_b;
        self.both_won += other.both_won;
        self.efficiency_differences += other.efficiency_differences;
        self.efficiency_difference_squares += other.efficiency_difference_squares;
    }

    /// The mean of the games' differences of wins (A's less B's, each -1, 0 or 1) and its 95%
    /// half-interval.
    pub fn win_difference(&self) -> (f64, f64) {
        let (a, b) = (self.only_a as i128, self.only_b as i128);
        // Each difference is ±1 on a game one mode alone won, so its square is 1 there.
        mean_interval(self.games, a - b, (a + b) as u128)
    }

    /// The mean of the differences of efficiency (A's less B's) of the games both won, and its
    /// 95% half-interval; `None` when no game was won by both.
    pub fn efficiency_difference(&self) -> Option<(f64, f64)> {
        let (mean, half) = mean_interval(
            self.both_won,
            self.efficiency_differences,
            self.efficiency_difference_squares,
        );
        (self.both_won > 0).then_some((mean / 1e6, half / 1e6))
    }

    /// Every sum by name, as a record writes it, in its order.
    fn fields(&self) -> [(&'static str, String); 6] {
        [
            ("games", self.games.to_string()),
            ("only_a", self.only_a.to_string()),
            ("only_b", self.only_b.to_string()),
            ("both_won", self.both_won.to_string()),
            (
                "efficiency_differences",
                self.efficiency_differences.to_string(),
            ),
            (
                "efficiency_difference_squares",
                self.efficiency_difference_squares.to_string(),
            ),
        ]
    }

    /// Sets the sum `name` from `text`; false for no such sum or a value it cannot hold.
    fn set(&mut self, name: &str, text: &str) -> bool {
        fn read<T: std::str::FromStr>(field: &mut T, text: &str) -> bool {
            text.parse().map(|value| *field = value).is_ok()
        }
        match name {
            "games" => read(&mut self.games, text),
            "only_a" => read(&mut self.only_a, text),
            "only_b" => read(&mut self.only_b, text),
            "both_won" => read(&mut self.both_won, text),
            "efficiency_differences" => read(&mut self.efficiency_differences, text),
            "efficiency_difference_squares" => read(&mut self.efficiency_difference_squares, text),
            _ => false,
        }
    }
}

/// The mean of `n` values from their sum and their squares' sum, and the 95% half-interval of
/// a normal law with their sample variance: 0 ± 0 for no value.
fn mean_interval(n: u64, sum: i128, squares: u128) -> (f64, f64) {
    if n == 0 {
        return (0.0, 0.0);
    }
    let count = n as f64;
    // n (n - 1) times the sample variance, n Σx² - (Σx)², exact where it fits: values that
    // all agree give exactly 0.
    let exact = (n as u128)
        .checked_mul(squares)
        .and_then(|scaled| i128::try_from(scaled).ok())
        .and_then(|scaled| scaled.checked_sub(sum.checked_mul(sum)?));
    let spread = exact.map_or(count * squares as f64 - (sum as f64).powi(2), |s| s as f64);
    let variance = spread.max(0.0) / (count * (count - 1.0).max(1.0));
    (sum as f64 / count, 1.96 * (variance / count).sqrt())
}

/// A comparison's figures: the run, its two modes, each mode's figures and time, and the sums
/// paired game by game.
#[derive(Clone, Debug, PartialEq)]
pub struct Comparison {
    /// The games both modes play (what it plays for is the modes').
    pub config: Config,
    /// Modes A and B.
    pub modes: [Mode; 2],
    /// Each mode's figures.
    pub stats: [Stats; 2],
    /// Each mode's wall seconds.
    pub seconds: [f64; 2],
    /// Each mode's CPU seconds, where known.
    pub cpu: [Option<f64>; 2],
    /// The sums paired game by game.
    pub paired: Paired,
}

impl Comparison {
    /// Nothing played yet of `config`'s games in `modes`.
    fn new(config: &Config, modes: [Mode; 2]) -> Comparison {
        Comparison {
            config: Config {
                play_for: PlayFor::Wins,
                progress: false,
                ..config.clone()
            },
            modes,
            stats: [Stats::default(), Stats::default()],
            seconds: [0.0; 2],
            cpu: [Some(0.0); 2],
            paired: Paired::default(),
        }
    }
}

/// The games a mode plays before the other mode plays them.
const CHUNK: u64 = 1 << 14;

/// Progress on stderr, every 5 s and at the end, when stderr is a terminal or asked for.
struct Progress {
    show: bool,
    start: Instant,
    last: Mutex<Instant>,
    count: u64,
}

impl Progress {
    /// `done` games of the `count` played by `mode`.
    fn tell(&self, mode: &str, done: u64) {
        let mut last = self.last.lock().unwrap_or_else(|e| e.into_inner());
        if self.show && (done == self.count || last.elapsed() >= Duration::from_secs(5)) {
            *last = Instant::now();
            let seconds = self.start.elapsed().as_secs_f64();
            eprintln!(
                "autoplay: {mode}, {done} of {} games, {seconds:.0} s",
                self.count
            );
        }
    }
}

/// Plays the games `games` of `config` in both `modes` on its threads, with progress as a
/// plain run shows it: their figures and each mode's time.
pub fn play(config: &Config, modes: [Mode; 2], games: Range<u64>) -> Comparison {
    let mut comparison = Comparison::new(config, modes);
    let start = Instant::now();
    let progress = Progress {
        show: config.progress || std::io::stderr().is_terminal(),
        start,
        last: Mutex::new(start),
        count: games.end - games.start,
    };
    let mut chunk_start = games.start;
    while chunk_start < games.end {
        let chunk = chunk_start..games.end.min(chunk_start.saturating_add(CHUNK));
        let mut outcomes = [Vec::new(), Vec::new()];
        for side in 0..2 {
            let label = format!("{} {}", ["A", "B"][side], modes[side].name);
            let played = chunk.start - games.start;
            let tell = |done: u64| progress.tell(&label, played + done);
            let (wall, cpu) = (Instant::now(), cpu_seconds());
            let (stats, each) = play_outcomes(&modes[side].config(config), chunk.clone(), &tell);
            let cpu = cpu.and_then(|before| Some(cpu_seconds()? - before));
            comparison.seconds[side] += wall.elapsed().as_secs_f64();
            comparison.cpu[side] = comparison.cpu[side].zip(cpu).map(|(sum, more)| sum + more);
            comparison.stats[side].add(&stats);
            outcomes[side] = each;
        }
        for (&a, &b) in outcomes[0].iter().zip(&outcomes[1]) {
            comparison.paired.add_game(a, b);
        }
        chunk_start = chunk.end;
    }
    comparison
}

/// Plays every game of `config` in both `modes` and renders the report.
pub fn run_all(config: &Config, modes: [Mode; 2]) -> String {
    report(&play(config, modes, 0..config.games))
}

/// Plays `shard`'s slice of `config`'s games in both `modes` and renders its record for
/// [`merge`].
pub fn run_shard(config: &Config, modes: [Mode; 2], shard: Shard) -> String {
    record(&play(config, modes, shard.games(config.games)), shard)
}

/// The text report of a comparison.
pub fn report(c: &Comparison) -> String {
    let names = [0, 1].map(|side| format!("{} {}", ["A", "B"][side], c.modes[side].name));
    let mut out = board_line(&c.config);
    out += &format!(", comparing {} with {}\n", names[0], names[1]);
    for (name, stats) in names.iter().zip(&c.stats) {
        out += &format!("{name}: {}", won_line(stats));
        out += &format!("{name}: {}", efficiency_line(stats));
    }
    let (mean, half) = c.paired.win_difference();
    out += &format!(
        "A - B paired: won {:+.2} +- {:.2} points (95%): {} games won by A only, {} by B only\n",
        100.0 * mean,
        100.0 * half,
        c.paired.only_a,
        c.paired.only_b
    );
    out += &match c.paired.efficiency_difference() {
        Some((mean, half)) => format!(
            "A - B paired: efficiency (3BV / clicks) of the {} games both won {:+.2} +- {:.2} points (95%)\n",
            c.paired.both_won,
            100.0 * mean,
            100.0 * half
        ),
        None => "A - B paired: efficiency (3BV / clicks): no game won by both\n".to_string(),
    };
    for (side, name) in names.iter().enumerate() {
        let timing = speed(c.stats[side].games, c.seconds[side], c.cpu[side]);
        out += &format!("speed {name}: {timing}\n");
    }
    out
}

/// The first line of a comparison's record, before the shard.
const MAGIC: &str = "autoplay compare shard";

/// Whether `text` is a comparison's record (not a plain run's).
pub fn is_record(text: &str) -> bool {
    text.starts_with(&format!("{MAGIC} "))
}

/// The lines of a record before its sums, in order.
const KEYS: [&str; 8] = [
    "board", "first", "games", "seed", "threads", "modes", "seconds", "cpu",
];

/// A slice's record: what run it belongs to, its figures, and each mode's time. Floats are
/// written so that they read back to the same bits.
pub fn record(c: &Comparison, shard: Shard) -> String {
    let config = &c.config;
    let mut out = format!("{MAGIC} {}/{}\n", shard.index, shard.of);
    out += &format!("board {}\nfirst {}\n", config.name, config.first);
    out += &format!("games {}\nseed {}\n", config.games, config.seed);
    out += &format!("threads {}\n", config.threads);
    out += &format!("modes {} {}\n", c.modes[0].name, c.modes[1].name);
    out += &format!("seconds {:?} {:?}\n", c.seconds[0], c.seconds[1]);
    let cpu = c
        .cpu
        .map(|cpu| cpu.map_or("unknown".to_string(), |cpu| format!("{cpu:?}")));
    out += &format!("cpu {} {}\n", cpu[0], cpu[1]);
    for (name, value) in c.paired.fields() {
        out += &format!("paired {name} {value}\n");
    }
    for (side, stats) in ["a", "b"].iter().zip(&c.stats) {
        for (name, value) in stats.fields() {
            out += &format!("stat {side} {name} {value}\n");
        }
    }
    out
}

/// The lines of a record after its first, read back: the run's lines by key in order, and
/// its sums set into `c` (an error for a line that is none of these, or a sum given twice).
fn read_lines<'a>(
    lines: impl Iterator<Item = (usize, &'a str)>,
    c: &mut Comparison,
) -> Result<Vec<(&'a str, &'a str)>, String> {
    let mut values = Vec::new();
    let mut sums = std::collections::BTreeSet::new();
    for (at, line) in lines {
        let bad = || format!("line {}: unexpected {line:?}", at + 1);
        let (key, value) = line.split_once(' ').ok_or_else(bad)?;
        let set = match key {
            "paired" => {
                let (name, number) = value.split_once(' ').ok_or_else(bad)?;
                c.paired.set(name, number)
            }
            "stat" => {
                let (side, rest) = value.split_once(' ').ok_or_else(bad)?;
                let (name, number) = rest.split_once(' ').ok_or_else(bad)?;
                let side = ["a", "b"].iter().position(|s| *s == side).ok_or_else(bad)?;
                let number = number.parse().map_err(|_| bad())?;
                c.stats[side].set(name, number)
            }
            _ => {
                values.push((key, value));
                continue;
            }
        };
        let name = value.rsplit_once(' ').map_or(value, |(name, _)| name);
        if !set || !sums.insert(format!("{key} {name}")) {
            return Err(bad());
        }
    }
    let found: Vec<&str> = values.iter().map(|(key, _)| *key).collect();
    let expected = c.paired.fields().len() + 2 * Stats::default().fields().len();
    if found != KEYS || sums.len() != expected {
        return Err(format!(
            "expected the lines {} and every paired sum and stat once, in a record's order",
            KEYS.join(", ")
        ));
    }
    Ok(values)
}

/// Reads a record written by [`record`]; the error names the line.
fn read(text: &str) -> Result<(Comparison, Shard), String> {
    let mut lines = text.lines().enumerate();
    let (_, first) = lines
        .next()
        .ok_or("empty: not an autoplay --compare shard's record")?;
    let shard = first
        .strip_prefix(MAGIC)
        .and_then(|rest| Shard::parse(rest.trim()).ok())
        .ok_or("line 1: not an autoplay --compare shard's record")?;
    let mut c = Comparison::new(&Config::on_board("beginner", 1, 0)?, [MODES[0]; 2]);
    let values = read_lines(lines, &mut c)?;
    let value = |i: usize| values[i].1;
    let number = |i: usize| args::number(KEYS[i], value(i), 0, u64::MAX);
    let pair = |i: usize| {
        value(i)
            .split_once(' ')
            .ok_or_else(|| format!("{}: expected two values, found {:?}", KEYS[i], value(i)))
    };
    c.config = shard::read_run(value(0), number(1)?, number(2)?, number(3)?, number(4)?)?;
    let (a, b) = pair(5)?;
    c.modes = [Mode::named(a)?, Mode::named(b)?];
    let float = |text: &str, i: usize| {
        text.parse::<f64>()
            .map_err(|_| format!("{}: {text:?} is not a number", KEYS[i]))
    };
    let (a, b) = pair(6)?;
    c.seconds = [float(a, 6)?, float(b, 6)?];
    let (a, b) = pair(7)?;
    let cpu = |text: &str| (text != "unknown").then(|| float(text, 7)).transpose();
    c.cpu = [cpu(a)?, cpu(b)?];
    Ok((c, shard))
}

/// What `autoplay --merge` prints from the records (`(file name, text)`) of a run's slices:
/// [`merge`] for a comparison's, [`shard::merge`] for a plain run's; records of both kinds
/// together are refused.
pub fn merge_any(records: &[(String, String)]) -> Result<String, String> {
    let kinds: Vec<bool> = records.iter().map(|(_, text)| is_record(text)).collect();
    let Some(&compared) = kinds.first() else {
        return Err("--merge needs the records of a run's slices".to_string());
    };
    let kind = |compared: bool| match compared {
        true => "a --compare run's",
        false => "a plain run's",
    };
    if let Some(at) = kinds.iter().position(|&other| other != compared) {
        return Err(format!(
            "{}: {} record, but {} is {} (a run's slices are merged alone)",
            records[at].0,
            kind(kinds[at]),
            records[0].0,
            kind(compared)
        ));
    }
    if compared {
        return merge(records);
    }
    shard::merge(records)
}

/// The report one comparison would print, from the records (`(file name, text)`) of all its
/// slices, in any order: the figures are the run's, byte for byte; each speed line adds the
/// slices' seconds, wall and CPU (CPU unknown if any slice's is).
pub fn merge(records: &[(String, String)]) -> Result<String, String> {
    let mut read_back = Vec::new();
    for (name, text) in records {
        read_back.push(read(text).map_err(|e| format!("{name}: {e}"))?);
    }
    let (first_name, (first, first_shard)) = match read_back.first() {
        Some(first) => (&records[0].0, first),
        None => return Err("--merge needs the records of a run's slices".to_string()),
    };
    let mut slices = Slices::new(first_shard.of);
    let mut total = Comparison::new(&first.config, first.modes);
    for ((name, _), (record, shard)) in records.iter().zip(&read_back) {
        if record.config != first.config || record.modes != first.modes || shard.of != slices.of {
            return Err(format!(
                "{name}: a slice of another run than {first_name} (board, first click, games, \
                 seed, modes, threads and the number of slices must agree)"
            ));
        }
        slices.mark(name, *shard)?;
        for played in [
            &record.stats[0].games,
            &record.stats[1].games,
            &record.paired.games,
        ] {
            slices.check_games(name, *shard, record.config.games, *played)?;
        }
        for side in 0..2 {
            total.stats[side].add(&record.stats[side]);
            total.seconds[side] += record.seconds[side];
            total.cpu[side] = total.cpu[side]
                .zip(record.cpu[side])
                .map(|(sum, more)| sum + more);
        }
        total.paired.add(&record.paired);
    }
    slices.complete()?;
    Ok(report(&total))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::autoplay::shard;
    use crate::rng::Rng;

    /// The mean of `values` and the 95% half-interval from their sample variance, computed
    /// the plain way: every difference listed, the mean subtracted.
    fn brute_interval(values: &[f64]) -> (f64, f64) {
        let n = values.len() as f64;
        let mean = values.iter().sum::<f64>() / n;
        let squares: f64 = values.iter().map(|v| (v - mean) * (v - mean)).sum();
        let variance = squares / (n - 1.0).max(1.0);
        (mean, 1.96 * (variance / n).sqrt())
    }

    /// `Paired`'s intervals against `brute_interval` on the outcomes `(A, B)` of games.
    fn check(outcomes: &[(Option<u64>, Option<u64>)]) {
        let mut paired = Paired::default();
        for &(a, b) in outcomes {
            paired.add_game(a, b);
        }
        let wins: Vec<f64> = outcomes
            .iter()
            .map(|(a, b)| a.is_some() as u8 as f64 - b.is_some() as u8 as f64)
            .collect();
        let both: Vec<f64> = outcomes
            .iter()
            .filter_map(|&(a, b)| Some((a? as f64 - b? as f64) / 1e6))
            .collect();
        let close = |x: (f64, f64), y: (f64, f64)| {
            (x.0 - y.0).abs() <= 1e-12 && (x.1 - y.1).abs() <= 1e-12 * (1.0 + y.1)
        };
        let (wins_found, wins_expected) = (paired.win_difference(), brute_interval(&wins));
        assert!(
            close(wins_found, wins_expected),
            "{outcomes:?}: {wins_found:?} against {wins_expected:?}"
        );
        let only = |won: fn(&(Option<u64>, Option<u64>)) -> bool| {
            outcomes.iter().filter(|o| won(o)).count() as u64
        };
        assert_eq!(paired.only_a, only(|(a, b)| a.is_some() && b.is_none()));
        assert_eq!(paired.only_b, only(|(a, b)| a.is_none() && b.is_some()));
        assert_eq!(paired.both_won, both.len() as u64);
        match paired.efficiency_difference() {
            None => assert!(both.is_empty()),
            Some(found) => {
                let expected = brute_interval(&both);
                assert!(close(found, expected), "{found:?} against {expected:?}");
            }
        }
    }

    #[test]
    fn paired_intervals_are_those_of_the_listed_differences() {
        let (m, lost) = (1_000_000, None);
        // A wins one game B loses, B one A loses: a mean of 0, but not ± 0.
        let crossed = [
            (Some(m), lost),
            (Some(m), Some(m)),
            (lost, Some(m)),
            (lost, lost),
        ];
        check(&crossed);
        let mut paired = Paired::default();
        for (a, b) in crossed {
            paired.add_game(a, b);
        }
        // Differences 1, 0, -1, 0: sample variance 2/3, over 4 games.
        let (mean, half) = paired.win_difference();
        assert_eq!(mean, 0.0);
        assert!(
            (half - 1.96 * (2.0f64 / 3.0 / 4.0).sqrt()).abs() < 1e-15,
            "{half}"
        );
        check(&[
            (Some(1_000_000), Some(900_000)),
            (Some(800_000), None),
            (None, Some(1_200_000)),
            (None, None),
            (Some(750_000), Some(750_000)),
            (Some(1_100_000), Some(1_312_345)),
        ]);
        // One game; no game both won; every game alike.
        check(&[(Some(2), Some(1))]);
        check(&[(Some(2), None), (None, None)]);
        check(&[(Some(870_000), Some(870_000)); 50]);
        let mut same = Paired::default();
        for _ in 0..50 {
            same.add_game(Some(870_000), Some(870_000));
        }
        assert_eq!(same.win_difference(), (0.0, 0.0));
        assert_eq!(same.efficiency_difference(), Some((0.0, 0.0)));
        let seed = 20261202;
        println!("seed {seed}");
        let mut rng = Rng::new(seed);
        for length in 1..40 {
            let mut outcome = || {
                rng.chance(0.7)
                    .then(|| 500_000 + rng.below(1_000_000) as u64)
            };
            let games: Vec<_> = (0..length).map(|_| (outcome(), outcome())).collect();
            check(&games);
        }
    }

    fn config(board: &str, games: u64, seed: u64) -> Config {
        Config::on_board(board, games, seed).expect("a board")
    }

    fn without_speed(text: &str) -> String {
        let lines = text.lines().filter(|line| !line.starts_with("speed "));
        lines.map(|line| format!("{line}\n")).collect()
    }

    #[test]
    fn a_record_reads_back_to_the_same_comparison() {
        let mut c = play(&config("beginner", 40, 3), [MODES[1], MODES[0]], 0..40);
        c.seconds = [0.1 + 0.2, 1.0 / 3.0];
        c.cpu = [None, Some(2.0 / 3.0)];
        c.paired.efficiency_differences = -(1 << 100);
        c.paired.efficiency_difference_squares = u128::MAX;
        let shard = Shard { index: 1, of: 1 };
        assert_eq!(read(&record(&c, shard)), Ok((c, shard)));
    }

    #[test]
    fn three_merged_slices_print_what_one_comparison_prints() {
        let whole = Config {
            threads: 2,
            ..config("intermediate", 45, 8)
        };
        let modes = [MODES[0], MODES[1]];
        let one = run_all(&whole, modes);
        let slice = |index| {
            let shard = Shard { index, of: 3 };
            (format!("slice{index}"), run_shard(&whole, modes, shard))
        };
        let mut records = vec![slice(3), slice(1), slice(2)];
        let merged = merge_any(&records).expect("a whole run");
        assert_eq!(without_speed(&merged), without_speed(&one));
        assert_eq!(
            merged.lines().filter(|l| l.starts_with("speed ")).count(),
            2
        );
        // A slice missing, given twice, of other modes, or a plain run's is refused.
        let error = merge_any(&records[..2]).unwrap_err();
        assert!(error.contains("missing: 2/3"), "{error}");
        let mut wrong = records.clone();
        wrong[2] = wrong[0].clone();
        assert!(merge_any(&wrong)
            .unwrap_err()
            .contains("slice 3/3 is given twice"));
        let swapped = [MODES[1], MODES[0]];
        wrong[2].1 = run_shard(&whole, swapped, Shard { index: 2, of: 3 });
        assert!(merge_any(&wrong).unwrap_err().contains("another run"));
        wrong[2] = (
            "plain2".to_string(),
            shard::run_shard(&whole, Shard { index: 2, of: 3 }),
        );
        let error = merge_any(&wrong).unwrap_err();
        assert!(
            error.starts_with("plain2: a plain run's record, but slice3"),
            "{error}"
        );
        // A sum given twice, or left out, is refused.
        let text = records[0].1.clone();
        let line = text
            .lines()
            .find(|l| l.starts_with("stat b wins "))
            .unwrap();
        records[0].1 = text.replace("stat a wins ", &format!("{line}\nstat a wins "));
        let error = merge_any(&records).unwrap_err();
        assert!(
            error.starts_with("slice3: line ") && error.contains("unexpected"),
            "{error}"
        );
        records[0].1 = text.replace(&format!("{line}\n"), "");
        let error = merge_any(&records).unwrap_err();
        assert!(error.starts_with("slice3: expected the lines"), "{error}");
    }
}
