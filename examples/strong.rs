//! `cargo run --release --example strong -- BOARD GAMES SEED [THREADS]`: each game of
//! `autoplay`'s (the same seeds) played by the default player and by the strong one, and the
//! difference in wins, game by game, with its 95% interval; the time each mode took.

use minejudge::autoplay::{Config, Player, Stats};
use minejudge::solver::Strength;
use std::time::{Duration, Instant};

/// What one thread found: games, wins of each mode, games won by one mode alone, the sum of
/// the squared differences (each 0 or 1), and the time each mode took.
#[derive(Default)]
struct Paired {
    games: u64,
    wins: [u64; 2],
    alone: [u64; 2],
    time: [Duration; 2],
}

fn play(config: &Config, thread: u64, threads: u64) -> Paired {
    let mut players = [Player::new(), Player::new()];
    let mut paired = Paired::default();
    let mut index = thread;
    while index < config.games {
        let mut won = [false; 2];
        for (mode, strength) in [Strength::Default, Strength::Strong]
            .into_iter()
            .enumerate()
        {
            let config = Config {
                strength,
                ..config.clone()
            };
            let mut stats = Stats::default();
            let start = Instant::now();
            players[mode].play(&config, index, &mut stats);
            paired.time[mode] += start.elapsed();
            won[mode] = stats.wins == 1;
            paired.wins[mode] += stats.wins;
        }
        if won[0] != won[1] {
            paired.alone[won[1] as usize] += 1;
        }
        paired.games += 1;
        index += threads;
    }
    paired
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (board, games, seed, threads) = match &args[..] {
        [b, g, s] => (b, g, s, "1"),
        [b, g, s, t] => (b, g, s, t.as_str()),
        _ => {
            eprintln!("usage: strong BOARD GAMES SEED [THREADS]");
            std::process::exit(2);
        }
    };
    let games: u64 = games.parse().expect("games");
    let seed: u64 = seed.parse().expect("seed");
    let threads: u64 = threads.parse().expect("threads");
    let config = Config::on_board(board, games, seed).expect("a board");
    let parts: Vec<Paired> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads)
            .map(|t| {
                let config = &config;
                scope.spawn(move || play(config, t, threads))
            })
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().expect("a thread"))
            .collect()
    });
    let mut all = Paired::default();
    for p in &parts {
        all.games += p.games;
        for mode in 0..2 {
            all.wins[mode] += p.wins[mode];
            all.alone[mode] += p.alone[mode];
            all.time[mode] += p.time[mode];
        }
    }
    let n = all.games as f64;
    let mean = (all.alone[1] as f64 - all.alone[0] as f64) / n;
    let squares = (all.alone[0] + all.alone[1]) as f64 / n;
    let sd = (squares - mean * mean).max(0.0).sqrt() * (n / (n - 1.0).max(1.0)).sqrt();
    let half = 1.96 * sd / n.sqrt();
    let seconds = |mode: usize| all.time[mode].as_secs_f64();
    println!(
        "{board} seed {seed} games {}: default {} wins ({:.3}%), strong {} ({:.3}%); \
         {} differ (strong alone {}, default alone {}); strong - default {:+.4} +- {:.4} points; \
         default {:.0} games/s, strong {:.0} games/s (thread time)",
        all.games,
        all.wins[0],
        100.0 * all.wins[0] as f64 / n,
        all.wins[1],
        100.0 * all.wins[1] as f64 / n,
        all.alone[0] + all.alone[1],
        all.alone[1],
        all.alone[0],
        100.0 * mean,
        100.0 * half,
        n / seconds(0).max(1e-9),
        n / seconds(1).max(1e-9),
    );
}
