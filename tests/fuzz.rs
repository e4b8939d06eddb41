//! A few seconds of seeded fuzzing of every binary in-process (see `fuzz_core`), and a check
//! that every `gen` output is valid input for its binary.

pub use crate::fuzz_core::targets;
use crate::fuzz_core::{self, Target};
use minejudge::io::output::Output;
use minejudge::io::scanner::InputError;
use minejudge::judges::{self, Judge};
use minejudge::judges::{Knobs, Size};

#[test]
fn mutated_inputs_never_panic() {
    let seed = std::env::var("FUZZ_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(20261121);
    // A count, not a time: the same seed tries the same inputs on any machine, so that a
    // failure reruns with its seed. Long fuzzing is `cargo run --example fuzz`'s.
    let report = fuzz_core::fuzz(&targets(), seed, |round| round >= 1000);
    println!("fuzz seed {seed}: tried {:?}", report.tried);
    let failures: Vec<String> = report.failures.iter().map(|f| f.describe()).collect();
    assert!(
        failures.is_empty(),
        "fuzz seed {seed} (rerun with FUZZ_SEED={seed}):\n{}",
        failures.join("\n")
    );
}

/// What a binary's outputs on `gen` inputs must show between them: every message it has.
fn messages(judge: &'static Judge) -> &'static [&'static str] {
    match judge.name() {
        "mine-ops" => &[
            "success\n",
            "cancelled\n",
            "swept\n",
            "flagged\n",
            "not swept\n",
            "failed\n",
            "no cell detected\n",
            "cell(s) detected\n",
            "boom\n",
            "finish\n",
            "game over\n",
            "give up\n",
        ],
        "jlu-panel" => &["You win\n", "You lose\n", "-1 "],
        "acm-server" => &["YOU WIN!\n", "GAME OVER!\n", "@", "X"],
        "update-board" => &["\"X\"", "\"B\"", "\"1\""],
        "inexperienced-player" => &["0\n"],
        other => panic!("no messages listed for {other}"),
    }
}

#[test]
fn gen_outputs_are_valid_inputs() {
    for target in targets() {
        let mut shown = Vec::new();
        for seed in 0..150 {
            let size = if seed % 10 == 9 {
                Size::Medium
            } else {
                Size::Small
            };
            let input = target.judge.generate(seed, size, &Knobs::default());
            let mut out = Output::in_memory();
            let result = (target.solve)(&input, &mut out);
            assert!(
                result.is_ok(),
                "gen {} --seed {seed} --size {size:?}: {:?}\n{}",
                target.judge.name(),
                result,
                String::from_utf8_lossy(&input)
            );
            shown.extend_from_slice(&out);
        }
        let shown = String::from_utf8_lossy(&shown);
        for message in messages(target.judge) {
            assert!(
                shown.contains(message),
                "{}: no gen input of seeds 0..150 gives {message:?}",
                target.judge.name()
            );
        }
    }
}

/// A `solve` with planted faults, to show the fuzzer finds and shrinks them.
fn faulty(input: &[u8], out: &mut Output) -> Result<(), InputError> {
    if input.windows(4).any(|w| w == b"Quit") && input.contains(&b'\t') {
        panic!("planted");
    }
    out.extend_from_slice(b"answer\n");
    Ok(())
}

#[test]
fn the_fuzzer_catches_and_shrinks_a_panic() {
    let target = Target {
        judge: judges::named("mine-ops").unwrap(),
        solve: faulty,
    };
    let report = fuzz_core::fuzz(&[target], 7, |round| round >= 5000);
    let failure = report.failures.first().expect("the planted panic is found");
    assert!(
        failure.problem.contains("panic: planted"),
        "{}",
        failure.problem
    );
    let mut shrunk = failure.input.clone();
    shrunk.sort_unstable();
    assert_eq!(shrunk, b"\tQitu", "{}", failure.describe());
}
