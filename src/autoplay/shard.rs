//! A run split across machines: `autoplay --shard K/N` plays the K-th of N disjoint slices of
//! a run's games and writes its figures as a record; `autoplay --merge` adds the records of all
//! N slices into the report one run would print. Every figure but the speed is a sum of
//! integers over games, and each game's seed derives from its index alone, so the merged report
//! is the one run's, byte for byte, whatever machines and thread counts played the slices.

use super::{report, timed_run, Config, PlayFor, Stats};
use crate::io::args;
use crate::solver::Strength;
use std::ops::Range;

/// The slice `index` (from 1) of `of` of a run's games: a contiguous range, so that the slices
/// of a run are disjoint and cover it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shard {
    /// Which slice, from 1 to `of`.
    pub index: u64,
    /// How many slices.
    pub of: u64,
}

/// The most slices of a run.
const MAX_SHARDS: u64 = 1 << 20;

/// The first line of a record, before the shard.
const MAGIC: &str = "autoplay shard";

impl Shard {
    /// The whole run as one slice.
    pub const WHOLE: Shard = Shard { index: 1, of: 1 };

    /// `K/N` as given to `--shard`.
    ///
    /// # Examples
    ///
    /// ```
    /// use minejudge::autoplay::shard::Shard;
    ///
    /// assert_eq!(Shard::parse("2/4"), Ok(Shard { index: 2, of: 4 }));
    /// assert_eq!(Shard::parse("4/4").unwrap().games(10), 7..10);
    /// assert!(Shard::parse("0/4").is_err() && Shard::parse("5/4").is_err());
    /// ```
    pub fn parse(text: &str) -> Result<Shard, String> {
        let (index, of) = text.split_once('/').ok_or_else(|| {
            format!("--shard expects K/N (the K-th of N, from 1), found {text:?}")
        })?;
        let of = args::number("--shard", of, 1, MAX_SHARDS)?;
        let index = args::number("--shard", index, 1, of)?;
        Ok(Shard { index, of })
    }

    /// The indices of this slice's games, of a run of `games`.
    pub fn games(&self, games: u64) -> Range<u64> {
        let at = |k: u64| (games as u128 * k as u128 / self.of as u128) as u64;
        at(self.index - 1)..at(self.index)
    }
}

/// Plays `shard`'s slice of `config`'s games (progress as `run_all` shows it) and renders its
/// record for [`merge`].
pub fn run_shard(config: &Config, shard: Shard) -> String {
    let (stats, seconds, cpu) = timed_run(config, shard.games(config.games));
    record(config, shard, &stats, seconds, cpu)
}

/// A slice's record: what run it belongs to, its figures, and its time. Floats are written
/// so that they read back to the same bits.
pub fn record(
    config: &Config,
    shard: Shard,
    stats: &Stats,
    seconds: f64,
    cpu: Option<f64>,
) -> String {
    let mut out = format!("{MAGIC} {}/{}\n", shard.index, shard.of);
    out += &format!("board {}\nfirst {}\n", config.name, config.first);
    out += &format!("games {}\nseed {}\n", config.games, config.seed);
    out += &format!("play-for {}\n", config.play_for.name());
    out += &format!("strength {}\n", config.strength.name());
    out += &format!("threads {}\nseconds {seconds:?}\n", config.threads);
    match cpu {
        Some(cpu) => out += &format!("cpu {cpu:?}\n"),
        None => out += "cpu unknown\n",
    }
    for (name, value) in stats.fields() {
        out += &format!("stat {name} {value}\n");
    }
    out
}

/// One slice's record, read back.
struct Record {
    config: Config,
    shard: Shard,
    stats: Stats,
    seconds: f64,
    cpu: Option<f64>,
}

/// Reads a record written by [`record`]; the error names the line.
fn read(text: &str) -> Result<Record, String> {
    let mut lines = text.lines().enumerate();
    let (_, first) = lines
        .next()
        .ok_or("empty: not an autoplay shard's record")?;
    let shard = first
        .strip_prefix(MAGIC)
        .and_then(|rest| Shard::parse(rest.trim()).ok())
        .ok_or("line 1: not an autoplay shard's record")?;
    let mut values = Vec::new();
    let mut stats = Stats::default();
    let mut stat_lines = 0;
    for (at, line) in lines {
        let bad = || format!("line {}: unexpected {line:?}", at + 1);
        let (key, value) = line.split_once(' ').ok_or_else(bad)?;
        if key == "stat" {
            let (name, number) = value.split_once(' ').ok_or_else(bad)?;
            let number = number.parse().map_err(|_| bad())?;
            if !stats.set(name, number) {
                return Err(bad());
            }
            stat_lines += 1;
        } else {
            values.push((key, value));
        }
    }
    let keys = [
        "board", "first", "games", "seed", "play-for", "strength", "threads", "seconds", "cpu",
    ];
    let found: Vec<&str> = values.iter().map(|(key, _)| *key).collect();
    if found != keys || stat_lines != stats.fields().len() {
        return Err(format!(
            "expected the lines {} and every stat once, in a record's order",
            keys.join(", ")
        ));
    }
    let value = |i: usize| values[i].1;
    let number = |i: usize| args::number(keys[i], value(i), 0, u64::MAX);
    let float = |i: usize| {
        value(i)
            .parse::<f64>()
            .map_err(|_| format!("{}: {:?} is not a number", keys[i], value(i)))
    };
    let config = Config {
        play_for: PlayFor::named(value(4))?,
        strength: Strength::named(value(5))?,
        ..read_run(value(0), number(1)?, number(2)?, number(3)?, number(6)?)?
    };
    let cpu = if value(8) == "unknown" {
        None
    } else {
        Some(float(8)?)
    };
    Ok(Record {
        config,
        shard,
        stats,
        seconds: float(7)?,
        cpu,
    })
}

/// The run a record names: its board, first click, games, seed and threads, with the other
/// settings as [`Config::on_board`] leaves them, for the record's reader to set.
pub(super) fn read_run(
    board: &str,
    first: u64,
    games: u64,
    seed: u64,
    threads: u64,
) -> Result<Config, String> {
    let config = Config::on_board(board, games, seed)?;
    if first >= (config.rows * config.cols) as u64 {
        return Err(format!("first {first} is off the board"));
    }
    Ok(Config {
        first: first as usize,
        threads: threads as usize,
        ..config
    })
}

/// The report one run would print, from the records (`(file name, text)`) of all the slices
/// of that run, in any order: the figures are the run's, byte for byte; the speed lines add
/// the slices' seconds, wall and CPU (CPU unknown if any slice's is). The records are plain
/// runs' ([`merge_any`](super::compare::merge_any) takes `--compare` runs' too).
pub fn merge(records: &[(String, String)]) -> Result<String, String> {
    let mut read_back = Vec::new();
    for (name, text) in records {
        read_back.push(read(text).map_err(|e| format!("{name}: {e}"))?);
    }
    let (first_name, first) = (&records[0].0, &read_back[0]);
    let mut slices = Slices::new(first.shard.of);
    let (mut total, mut seconds, mut cpu) = (Stats::default(), 0.0, Some(0.0));
    for ((name, _), record) in records.iter().zip(&read_back) {
        if record.config != first.config || record.shard.of != slices.of {
            return Err(format!(
                "{name}: a slice of another run than {first_name} (board, first click, games, \
                 seed, play-for, strength, threads and the number of slices must agree)"
            ));
        }
        slices.mark(name, record.shard)?;
        slices.check_games(name, record.shard, record.config.games, record.stats.games)?;
        total.add(&record.stats);
        seconds += record.seconds;
        cpu = cpu.zip(record.cpu).map(|(sum, more)| sum + more);
    }
    slices.complete()?;
    Ok(report(&first.config, &total, seconds, cpu))
}

/// The slices of a run given to [`merge`] so far: none given twice, and in the end, none
/// missing.
pub(super) struct Slices {
    /// How many slices the run has.
    pub(super) of: u64,
    /// Whether slice k + 1 was given.
    seen: Vec<bool>,
}

impl Slices {
    /// None given yet, of `of`.
    pub(super) fn new(of: u64) -> Slices {
        Slices {
            of,
            seen: vec![false; of as usize],
        }
    }

    /// Slice `shard` given in the record `name`: an error if it was given already.
    pub(super) fn mark(&mut self, name: &str, shard: Shard) -> Result<(), String> {
        let (index, of) = (shard.index, shard.of);
        if std::mem::replace(&mut self.seen[index as usize - 1], true) {
            return Err(format!("{name}: slice {index}/{of} is given twice"));
        }
        Ok(())
    }

    /// An error unless the record `name` of `shard` of a run of `games` games `played` its
    /// slice's games.
    pub(super) fn check_games(
        &self,
        name: &str,
        shard: Shard,
        games: u64,
        played: u64,
    ) -> Result<(), String> {
        let games = shard.games(games);
        if played != games.end - games.start {
            return Err(format!(
                "{name}: slice {}/{} played {played} games, not the {} of its slice",
                shard.index,
                shard.of,
                games.end - games.start
            ));
        }
        Ok(())
    }

    /// An error naming the slices not given, if any.
    pub(super) fn complete(&self) -> Result<(), String> {
        let of = self.of;
        let missing: Vec<String> = (1..=of)
            .filter(|&k| !self.seen[k as usize - 1])
            .map(|k| format!("{k}/{of}"))
            .collect();
        if missing.is_empty() {
            return Ok(());
        }
        let shown = missing.iter().take(10).cloned().collect::<Vec<_>>();
        Err(format!(
            "{} slice(s) missing: {}{}",
            missing.len(),
            shown.join(", "),
            if missing.len() > 10 { ", ..." } else { "" }
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::autoplay::{play_games, play_range};

    fn config(board: &str, games: u64, seed: u64, threads: usize) -> Config {
        Config {
            threads,
            ..Config::on_board(board, games, seed).expect("a board")
        }
    }

    #[test]
    fn the_slices_of_a_run_are_disjoint_and_cover_it() {
        for games in [1, 7, 100, 1001] {
            for of in [1, 2, 3, 4, 7, 13] {
                let mut next = 0;
                for index in 1..=of {
                    let range = Shard { index, of }.games(games);
                    assert_eq!(range.start, next, "{index}/{of} of {games}");
                    assert!(range.end >= range.start);
                    next = range.end;
                }
                assert_eq!(next, games, "{of} slices of {games}");
            }
        }
    }

    #[test]
    fn four_merged_slices_print_what_one_run_prints() {
        // jlu: every figure, the course's score too; threads differ from the one run's only
        // in how the games are dealt, not in the figures.
        let whole = config("jlu", 90, 11, 2);
        let one = report(&whole, &play_games(&whole, &|_| {}), 1.0, Some(1.0));
        let mut records: Vec<(String, String)> = (1..=4)
            .map(|index| {
                let shard = Shard { index, of: 4 };
                let stats = play_range(&whole, shard.games(whole.games), &|_| {});
                (
                    format!("shard{index}"),
                    record(&whole, shard, &stats, 0.25, Some(0.25)),
                )
            })
            .collect();
        records.reverse();
        let merged = merge(&records).expect("a whole run");
        assert_eq!(merged, one);
        // A slice missing, given twice or from another run is refused.
        let error = merge(&records[1..]).unwrap_err();
        assert!(error.contains("missing: 4/4"), "{error}");
        let mut twice = records.clone();
        twice[1] = twice[0].clone();
        assert!(merge(&twice).unwrap_err().contains("given twice"));
        let other = config("jlu", 90, 12, 2);
        twice[1].1 = record(
            &other,
            Shard { index: 3, of: 4 },
            &Stats::default(),
            0.0,
            None,
        );
        assert!(merge(&twice).unwrap_err().contains("another run"));
        let cut: String = records[0]
            .1
            .lines()
            .take(5)
            .map(|l| format!("{l}\n"))
            .collect();
        records[0].1 = cut;
        assert!(merge(&records)
            .unwrap_err()
            .starts_with("shard4: expected the lines"));
    }

    #[test]
    fn slices_played_for_efficiency_merge_into_that_run_and_not_into_another() {
        let mut whole = config("intermediate", 30, 4, 1);
        whole.play_for = PlayFor::Efficiency;
        let one = report(&whole, &play_games(&whole, &|_| {}), 1.0, Some(1.0));
        assert!(one.starts_with("board intermediate") && one.contains("playing for efficiency"));
        let slice = |config: &Config, index| {
            let shard = Shard { index, of: 2 };
            let stats = play_range(config, shard.games(config.games), &|_| {});
            (
                format!("shard{index}"),
                record(config, shard, &stats, 0.5, Some(0.5)),
            )
        };
        let records = [slice(&whole, 1), slice(&whole, 2)];
        assert_eq!(merge(&records).expect("a whole run"), one);
        let mut for_wins = whole.clone();
        for_wins.play_for = PlayFor::Wins;
        let mixed = [slice(&whole, 1), slice(&for_wins, 2)];
        assert!(merge(&mixed).unwrap_err().contains("another run"));
    }

    #[test]
    fn a_record_reads_back_to_the_same_figures_and_times() {
        let whole = config("expert", 5, 3, 1);
        let mut stats = Stats::default();
        for (i, (name, _)) in Stats::default().fields().into_iter().enumerate() {
            assert!(stats.set(name, 1000 + i as u64));
        }
        let text = record(&whole, Shard { index: 2, of: 3 }, &stats, 0.1 + 0.2, None);
        let back = read(&text).expect("a record");
        assert_eq!(
            (back.config, back.shard, back.stats),
            (whole, Shard { index: 2, of: 3 }, stats)
        );
        assert_eq!(
            (back.seconds.to_bits(), back.cpu),
            ((0.1f64 + 0.2).to_bits(), None)
        );
    }
}
