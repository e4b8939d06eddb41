//! `cargo bench --bench similarity`: the copy check of `grade` on whole classes. A class of 60
//! JLU `machine` submissions (the independent ones of tests/submissions/ and tests/similarity/,
//! the rest seeded disguised copies of them, as tests/similarity/disguise.rs makes them); then
//! hostile classes whose files pass the 1 MB that is read of each: the same code over and over
//! in 4 files (every pair shares everything) and in 60 (where all of it is common), and 8
//! files of random bytes. Prints the best of 3 runs of
//! `compare` in this thread's CPU time (from `/proc/thread-self/schedstat`, else wall time).

#[path = "common/baseline.rs"]
mod baseline;
#[path = "common/cpu.rs"]
mod cpu;
#[path = "../tests/similarity/disguise.rs"]
mod disguise;

use baseline::Baseline;
use disguise::{disguise, Disguise};
use minejudge::grade::similarity::{compare, Options, Source};
use minejudge::rng::Rng;
use std::path::Path;

/// The seed of the copies and of the random bytes.
const SEED: u64 = 60;

/// The JLU machines of the tests written independently of one another.
fn machines() -> Vec<String> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests");
    let mut found = Vec::new();
    for dir in ["submissions", "similarity"] {
        for entry in std::fs::read_dir(root.join(dir)).expect("the tests' folders") {
            let path = entry.expect("a file").path();
            if path.to_string_lossy().ends_with("_machine.txt") {
                found.push(std::fs::read_to_string(&path).expect("a machine"));
            }
        }
    }
    found.sort();
    found
}

fn main() {
    let clock = cpu::clock_name();
    println!("similarity benchmark, seed {SEED}, {clock} time, best of 3");
    let mut baseline = Baseline::load("similarity");
    let mut rng = Rng::new(SEED);
    let originals = machines();
    let mut class: Vec<Source> = Vec::new();
    for i in 0..60 {
        let original = &originals[i % originals.len()];
        let text = match i < originals.len() {
            true => original.clone(),
            false => {
                let how = Disguise {
                    statements: i % 4,
                    dead_function: i % 2 == 0,
                    reorder: true,
                };
                disguise(original, how, &mut rng)
            }
        };
        class.push(Source {
            name: format!("student {i}"),
            text: text.into_bytes(),
        });
    }
    let rule = &originals
        .iter()
        .find(|text| text.contains("cnt_closed"))
        .expect("the rule machine");
    let same: Vec<Source> = (0..60)
        .map(|i| Source {
            name: format!("repeated {i}"),
            text: rule.repeat((1 << 21) / rule.len()).into_bytes(),
        })
        .collect();
    let random: Vec<Source> = (0..8)
        .map(|i| Source {
            name: format!("random {i}"),
            text: (0..2 << 20).map(|_| rng.below(256) as u8).collect(),
        })
        .collect();
    let options = Options {
        base: b"void machine(int GamePanel[30][30], int n, int m, int &x, int &y)".to_vec(),
        ..Options::default()
    };
    for (case, sources) in [
        ("60-jlu-machines", &class[..]),
        ("4-files-of-2MB-the-same-code", &same[..4]),
        ("60-files-of-2MB-the-same-code", &same),
        ("8-files-of-2MB-random-bytes", &random[..]),
    ] {
        let bytes: usize = sources.iter().map(|s| s.text.len()).sum();
        let mut flagged = 0;
        let seconds = (0..3)
            .map(|_| {
                cpu::timed(|| {
                    let pairs = compare(sources, &options);
                    flagged = pairs.iter().filter(|p| p.is_suspicious(&options)).count();
                })
            })
            .fold(f64::MAX, f64::min);
        println!(
            "{case}: {} files, {:.1} MB, {flagged} pairs flagged, {:.1} ms ({:.2} ms per file)",
            sources.len(),
            bytes as f64 / 1e6,
            seconds * 1e3,
            seconds * 1e3 / sources.len() as f64
        );
        println!("  {}", baseline.compare(case, seconds * 1e3));
    }
    baseline.save();
}
