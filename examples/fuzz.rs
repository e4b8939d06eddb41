//! The long fuzzing run: `cargo run --release --example fuzz -- --seconds 600 [--seed S]`.
//! Prints how many inputs each binary was given, and every failure with its shrunk input.
//! The mutator is the one `cargo test` runs for a few seconds (`tests/fuzz_core.rs`).

#[allow(dead_code)]
#[path = "../tests/fuzz_core.rs"]
mod fuzz_core;

use fuzz_core::targets;
use minejudge::io::args;
use std::process::ExitCode;
use std::time::{Duration, Instant};

const USAGE: &str = "usage: fuzz [--seconds N] [--seed S]   (defaults: 60 s, seed 1)";

fn main() -> ExitCode {
    let parsed = args::parse(USAGE, |args| {
        let (mut seconds, mut seed) = (60, 1);
        while let Some(flag) = args.next() {
            match flag.as_str() {
                "--seconds" => seconds = args.number(&flag, 0, u64::MAX)?,
                "--seed" => seed = args.number(&flag, 0, u64::MAX)?,
                _ => return Err(format!("unexpected argument {flag:?}")),
            }
        }
        Ok((seconds, seed))
    });
    let (seconds, seed) = match parsed {
        Ok(parsed) => parsed,
        Err(code) => return code,
    };
    println!("fuzzing for {seconds} s, seed {seed}");
    let started = Instant::now();
    let limit = Duration::from_secs(seconds);
    let mut last_progress = Instant::now();
    let report = fuzz_core::fuzz(&targets(), seed, |round| {
        if last_progress.elapsed() >= Duration::from_secs(10) {
            last_progress = Instant::now();
            eprintln!(
                "fuzz: {:.0} of {seconds} s, round {round}",
                started.elapsed().as_secs_f64()
            );
        }
        started.elapsed() >= limit
    });
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
