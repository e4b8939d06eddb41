//! `cargo bench --bench mine_ops`: `mine-ops` on the judge's largest case, beside the C++ peer.
//!
//! Inputs come from `minejudge::judges::mine_ops::generator` (seeded, printed). Each program runs as a process, the
//! runs alternate, and the median wall time counts; peak memory comes from `/usr/bin/time`
//! where it exists. The C++ anchor (`../shared/peers/mine_ops.cpp`) is built and run when
//! `g++` and `../shared` are present. Our last median per input is kept in
//! `target/bench/mine_ops.baseline` (see `common/baseline.rs`), and the change against it is
//! printed.

#[path = "common/baseline.rs"]
mod baseline;
#[path = "common/peak.rs"]
mod peak;

use baseline::Baseline;
use minejudge::judges::mine_ops::generator::{mine_ops, MineOpsSpec};
use peak::peak_kib;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

const SEED: u64 = 1;
const RUNS: usize = 7;

struct Program {
    name: &'static str,
    exe: PathBuf,
}

struct Measured {
    median: Duration,
    peak_kib: Option<u64>,
    output: Vec<u8>,
}

fn main() {
    // `cargo bench` passes `--bench`; a filter argument, if any, is ignored: there is one bench.
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let work = root.join("target/bench");
    fs::create_dir_all(&work).expect("target/bench");
    let mut programs = vec![Program {
        name: "mine-ops",
        exe: PathBuf::from(env!("CARGO_BIN_EXE_mine-ops")),
    }];
    if let Some(peer) = build_peer(root, &work) {
        programs.push(Program {
            name: "C++ peer",
            exe: peer,
        });
    }
    let inputs = [
        ("max: 1000x1000, 60000 ops, density 0.02", 0.02),
        ("mixed: 1000x1000, 60000 ops, density 0.10", 0.10),
    ];
    let mut baseline = Baseline::load("mine_ops");
    println!("mine-ops benchmark, seed {SEED}, median of {RUNS} alternating runs");
    for (label, density) in inputs {
        let spec = MineOpsSpec {
            rows: 1000,
            cols: 1000,
            density,
            ops: 60_000,
            plausible: true,
        };
        let input = mine_ops(SEED, &spec);
        let input_path = work.join(format!("mine_ops_{density}.in"));
        fs::write(&input_path, &input).expect("write bench input");
        let results = measure(&programs, &input_path, &work);
        let ours = &results[0];
        let mib = ours.output.len() as f64 / (1 << 20) as f64;
        println!(
            "\n{label}: input {} bytes, output {:.1} MiB",
            input.len(),
            mib
        );
        for (program, result) in programs.iter().zip(&results) {
            let secs = result.median.as_secs_f64();
            let peak = result.peak_kib.map_or("n/a".to_string(), |kib| {
                format!("{:.1} MiB", kib as f64 / 1024.0)
            });
            println!(
                "  {:<9} {:>8.1} ms  {:>7.1} MiB/s of output  peak {peak}",
                program.name,
                secs * 1e3,
                mib / secs
            );
        }
        if let Some(peer) = results.get(1) {
            let same = if peer.output == ours.output {
                "identical"
            } else {
                "DIFFERENT"
            };
            println!(
                "  ratio ours/C++: {:.2} (below 1.0 is faster); outputs {same}",
                ours.median.as_secs_f64() / peer.median.as_secs_f64()
            );
        }
        let now_ms = ours.median.as_secs_f64() * 1e3;
        println!("  {}", baseline.compare(&format!("{density}"), now_ms));
    }
    baseline.save();
}

/// Builds the C++ anchor once; `None` when `g++` or `../shared` is missing.
fn build_peer(root: &Path, work: &Path) -> Option<PathBuf> {
    let source = root.join("../shared/peers/mine_ops.cpp");
    if !source.exists() {
        println!("(../shared/peers/mine_ops.cpp absent: C++ peer skipped)");
        return None;
    }
    let exe = work.join("peer_mine_ops");
    let built = Command::new("g++")
        .args(["-O2", "-o"])
        .arg(&exe)
        .arg(&source)
        .status()
        .map(|status| status.success())
        .unwrap_or(false);
    if !built {
        println!("(g++ failed or is missing: C++ peer skipped)");
        return None;
    }
    Some(exe)
}

/// Runs every program `RUNS` times, alternating, and returns each one's median and peak memory.
fn measure(programs: &[Program], input: &Path, work: &Path) -> Vec<Measured> {
    let time_tool = Path::new("/usr/bin/time").exists();
    let mut times: Vec<Vec<Duration>> = vec![Vec::new(); programs.len()];
    let mut peaks: Vec<Option<u64>> = vec![None; programs.len()];
    let mut outputs: Vec<Vec<u8>> = vec![Vec::new(); programs.len()];
    for run in 0..RUNS {
        for (slot, program) in programs.iter().enumerate() {
            let out_path = work.join("bench.out");
            let started = Instant::now();
            let status = Command::new(&program.exe)
                .stdin(fs::File::open(input).expect("bench input"))
                .stdout(fs::File::create(&out_path).expect("bench output"))
                .status()
                .expect("run program");
            times[slot].push(started.elapsed());
            assert!(
                status.success(),
                "{} failed on {}",
                program.name,
                input.display()
            );
            if run == 0 {
                outputs[slot] = fs::read(&out_path).expect("read output");
                if time_tool {
                    peaks[slot] = peak_kib(&program.exe, input);
                }
            }
        }
    }
    times
        .into_iter()
        .zip(peaks)
        .zip(outputs)
        .map(|((mut runs, peak_kib), output)| {
            runs.sort();
            Measured {
                median: runs[runs.len() / 2],
                peak_kib,
                output,
            }
        })
        .collect()
}
