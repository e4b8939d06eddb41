//! `cargo run --release --example efficiency -- BOARD GAMES SEED [THREADS]`: `autoplay`'s
//! games played both ways, for wins and for efficiency, paired game by game: the games whose
//! outcome differs (none, when both guess from the same knowledge), both win rates with their
//! 95% intervals and their paired difference, the mean efficiency (3BV / clicks) of won games
//! in each mode with its interval, and games per CPU-second of each mode.
//!
//! `... --example efficiency -- worst SIDE`: the time of one choice of the efficient move on
//! crafted SIDE x SIDE panels where every closed cell is proven and listed (a lattice of
//! proven mines, one cell in two each way, so that no cell is a 0, every other cell proven safe; and the same with
//! every safe cell open but a diagonal), the worst a choice can look at.

use minejudge::autoplay::{Config, PlayFor, Player, Stats};
use minejudge::board::Grid;
use minejudge::solver::{efficient_move, Proven, Seen};
use std::time::Instant;

/// Times one choice on the crafted panels of `side` x `side` (see the module's doc).
fn worst(side: usize) {
    let grid = Grid::new(side, side);
    let lattice = |cell: usize| cell / side % 2 == 1 && cell % side % 2 == 1;
    let count = |cell: usize| grid.neighbours(cell).filter(|&n| lattice(n)).count() as u8;
    for open_all_but_diagonal in [false, true] {
        let seen: Vec<Seen> = (0..grid.len())
            .map(|cell| {
                let diagonal = cell / side == cell % side;
                if open_all_but_diagonal && !lattice(cell) && !diagonal {
                    Seen::Open(count(cell))
                } else {
                    Seen::Closed
                }
            })
            .collect();
        let mine: Vec<bool> = (0..grid.len()).map(lattice).collect();
        let safe: Vec<bool> = mine.iter().map(|&m| !m).collect();
        let candidates: Vec<u32> = (0..grid.len() as u32)
            .filter(|&c| safe[c as usize])
            .collect();
        let known = Proven {
            grid,
            seen: &seen,
            safe: &safe,
            mine: &mine,
        };
        let start = Instant::now();
        let choice = efficient_move(&known, &candidates);
        println!(
            "{side}x{side}{}: {} candidates, one choice {:.1} ms: {choice:?}",
            if open_all_but_diagonal {
                " open but a diagonal"
            } else {
                ""
            },
            candidates.len(),
            start.elapsed().as_secs_f64() * 1e3
        );
    }
}

/// One game's outcome: won, and its efficiency when won.
type Outcome = (bool, f64);

/// Plays games `0..games` of `config` on `threads` threads; each game's outcome, in order.
fn play(config: &Config, threads: u64) -> Vec<Outcome> {
    let per_thread: Vec<Vec<(u64, Outcome)>> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads)
            .map(|t| {
                scope.spawn(move || {
                    let mut player = Player::new();
                    let mut out = Vec::new();
                    let mut index = t;
                    while index < config.games {
                        let mut stats = Stats::default();
                        player.play(config, index, &mut stats);
                        let won = stats.wins == 1;
                        let efficiency =
                            stats.three_bv_in_wins as f64 / (stats.clicks_in_wins as f64).max(1.0);
                        out.push((index, (won, efficiency)));
                        index += threads;
                    }
                    out
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().expect("a thread"))
            .collect()
    });
    let mut all: Vec<(u64, Outcome)> = per_thread.into_iter().flatten().collect();
    all.sort_by_key(|&(index, _)| index);
    all.into_iter().map(|(_, outcome)| outcome).collect()
}

/// This process's CPU seconds (user + system), from /proc/self/stat.
fn cpu_seconds() -> f64 {
    let stat = std::fs::read_to_string("/proc/self/stat").unwrap_or_default();
    let rest = &stat[stat.rfind(')').map_or(0, |at| at + 1)..];
    let fields: Vec<&str> = rest.split_whitespace().collect();
    let tick = |i: usize| {
        fields
            .get(i)
            .and_then(|f| f.parse::<f64>().ok())
            .unwrap_or(0.0)
    };
    (tick(11) + tick(12)) / 100.0
}

/// Mean and 95% half-interval of `values`.
fn mean_interval(values: &[f64]) -> (f64, f64) {
    let n = values.len() as f64;
    let mean = values.iter().sum::<f64>() / n;
    let variance = values.iter().map(|v| (v - mean).powi(2)).sum::<f64>() / (n - 1.0).max(1.0);
    (mean, 1.96 * (variance / n).sqrt())
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.len() == 2 && args[0] == "worst" {
        worst(args[1].parse().expect("a side"));
        return;
    }
    if args.len() < 3 || args.len() > 4 {
        eprintln!("usage: efficiency BOARD GAMES SEED [THREADS]");
        std::process::exit(2);
    }
    let games: u64 = args[1].parse().expect("games");
    let seed: u64 = args[2].parse().expect("seed");
    let threads: u64 = args.get(3).map_or(1, |t| t.parse().expect("threads"));
    let mut config = Config {
        threads: threads as usize,
        ..Config::on_board(&args[0], games, seed).expect("a board")
    };
    let mut results = Vec::new();
    for mode in [PlayFor::Wins, PlayFor::Efficiency] {
        config.play_for = mode;
        let before = cpu_seconds();
        let outcomes = play(&config, threads);
        let cpu = cpu_seconds() - before;
        results.push((mode, outcomes, cpu));
    }
    println!("board {} seed {seed}: {games} games in each mode", args[0]);
    for (mode, outcomes, cpu) in &results {
        let wins: Vec<f64> = outcomes.iter().map(|o| o.0 as u8 as f64).collect();
        let (rate, rate_half) = mean_interval(&wins);
        let won: Vec<f64> = outcomes.iter().filter(|o| o.0).map(|o| o.1).collect();
        let (efficiency, half) = mean_interval(&won);
        println!(
            "{}: won {:.2}% +- {:.2}%, efficiency of won games {:.2}% +- {:.2}%, {:.0} games per CPU-second",
            mode.name(),
            100.0 * rate,
            100.0 * rate_half,
            100.0 * efficiency,
            100.0 * half,
            games as f64 / cpu.max(0.01)
        );
    }
    let (base, efficient) = (&results[0].1, &results[1].1);
    let differences: Vec<f64> = base
        .iter()
        .zip(efficient)
        .map(|(a, b)| b.0 as u8 as f64 - a.0 as u8 as f64)
        .collect();
    let differing = differences.iter().filter(|&&d| d != 0.0).count();
    let (difference, half) = mean_interval(&differences);
    println!(
        "paired: {differing} games of {games} end otherwise; win rate difference (efficiency - wins) {:.2} +- {:.2} points",
        100.0 * difference,
        100.0 * half
    );
}
