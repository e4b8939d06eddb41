//! The long fuzzing run: `cargo run --release --example fuzz -- --seconds 600 [--seed S]`.
//! Prints how many inputs each binary was given, and every failure with its shrunk input.
//! The mutator is the one `cargo test` runs for a few seconds (`tests/fuzz_core.rs`).

#[allow(dead_code)]
#[path = "../tests/fuzz_core.rs"]
mod fuzz_core;

#[allow(dead_code)]
#[path = "../src/bin/mine-ops.rs"]
mod mine_ops_bin;

#[allow(dead_code)]
#[path = "../src/bin/jlu-panel.rs"]
mod jlu_panel_bin;

#[allow(dead_code)]
#[path = "../src/bin/update-board.rs"]
mod update_board_bin;

#[allow(dead_code)]
#[path = "../src/bin/acm-server.rs"]
mod acm_server_bin;

#[allow(dead_code)]
#[path = "../src/bin/inexperienced-player.rs"]
mod player_bin;

use fuzz_core::Target;
use minejudge::gen::Judge;
use std::process::ExitCode;
use std::time::{Duration, Instant};

fn main() -> ExitCode {
    let mut seconds = 60u64;
    let mut seed = 1u64;
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut at = 0;
    while at < args.len() {
        let value = args.get(at + 1).and_then(|v| v.parse::<u64>().ok());
        match (args[at].as_str(), value) {
            ("--seconds", Some(value)) => seconds = value,
            ("--seed", Some(value)) => seed = value,
            _ => {
                eprintln!("usage: fuzz [--seconds N] [--seed S]");
                return ExitCode::from(2);
            }
        }
        at += 2;
    }
    let targets = [
        Target {
            judge: Judge::MineOps,
            solve: mine_ops_bin::solve,
        },
        Target {
            judge: Judge::JluPanel,
            solve: jlu_panel_bin::solve,
        },
        Target {
            judge: Judge::UpdateBoard,
            solve: update_board_bin::solve,
        },
        Target {
            judge: Judge::AcmServer,
            solve: acm_server_bin::solve,
        },
        Target {
            judge: Judge::InexperiencedPlayer,
            solve: player_bin::solve,
        },
    ];
    println!("fuzzing for {seconds} s, seed {seed}");
    let started = Instant::now();
    let limit = Duration::from_secs(seconds);
    let report = fuzz_core::fuzz(&targets, seed, |_| started.elapsed() >= limit);
    let total: u64 = report.tried.iter().map(|(_, n)| n).sum();
    for (index, (name, tried)) in report.tried.iter().enumerate() {
        println!(
            "{name:>22}: {tried} inputs, {} accepted whole, slowest {} ms",
            report.accepted[index],
            report.slowest[index].as_millis()
        );
    }
    println!(
        "total: {total} inputs in {:.0} s",
        started.elapsed().as_secs_f64()
    );
    if report.failures.is_empty() {
        println!("no failure");
        ExitCode::SUCCESS
    } else {
        for failure in &report.failures {
            println!("FAILED {}", failure.describe());
        }
        ExitCode::from(1)
    }
}
