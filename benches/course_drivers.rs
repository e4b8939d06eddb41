//! `cargo bench --bench course_drivers`: the courses' own interfaces, a student's file in our
//! C++ driver: 1000 JLU games of a rule-based `machine` (`stress jlu-machine --function`) and
//! the ACM example batch of 50 maps played by a rule-based `client.h` (`stress acm-client
//! --client`), both from tests/submissions/. Each is run 3 times; the median of the play time
//! the report gives (the compile excluded, timed apart) is printed. Without a C++ compiler it
//! says so and measures nothing.

use minejudge::courses::acm_client::EXAMPLE_BATCH;
use minejudge::courses::Harness;
use minejudge::exec::compile::Compiler;
use minejudge::stress::acm_client_header::{self, ClientHeader, Maps};
use minejudge::stress::jlu_function::{self, JluFunction};
use std::path::Path;
use std::time::Instant;

const RUNS: usize = 3;

/// The play time a report's first line ends with: `(... 1.2 s)`.
fn play_seconds(report: &str) -> f64 {
    let line = report.lines().next().unwrap_or("");
    let inside = line.rsplit('(').next().unwrap_or("");
    inside
        .trim_end_matches(')')
        .trim_end_matches(" s")
        .parse()
        .unwrap_or(f64::NAN)
}

fn median(mut values: Vec<f64>) -> f64 {
    values.sort_by(f64::total_cmp);
    values[values.len() / 2]
}

fn main() {
    if let Err(message) = Compiler::find(None) {
        println!("course_drivers: skipped: {message}");
        return;
    }
    let submissions = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/submissions");
    let mut harness = Harness::new(&[]);
    harness.seed = 7;
    let machine = JluFunction {
        file: submissions.join("jlu_rule_machine.txt"),
        cxx: None,
        games: 1000,
        harness: harness.clone(),
    };
    let mut play = Vec::new();
    let mut total = Vec::new();
    let mut last = String::new();
    for _ in 0..RUNS {
        let started = Instant::now();
        let report = jlu_function::run(&machine).expect("the rule-based machine compiles");
        total.push(started.elapsed().as_secs_f64());
        play.push(play_seconds(&report.text));
        last = report.text;
    }
    println!(
        "jlu-machine --function, 1000 games of a rule-based machine (seed 7): play {:.2} s, \
         with the compile {:.2} s (median of {RUNS}; target: play <= 5 s)",
        median(play),
        median(total)
    );
    print!(
        "{}",
        last.lines()
            .nth(1)
            .map(|l| format!("  {l}\n"))
            .unwrap_or_default()
    );

    let client = ClientHeader {
        client: submissions.join("acm_client.h"),
        server: None,
        maps: Maps::Batch(EXAMPLE_BATCH),
        cxx: None,
        harness,
    };
    let mut play = Vec::new();
    let mut total = Vec::new();
    for _ in 0..RUNS {
        let started = Instant::now();
        let report = acm_client_header::run(&client).expect("the rule-based client compiles");
        total.push(started.elapsed().as_secs_f64());
        play.push(play_seconds(report.text.lines().next().unwrap_or("")));
    }
    println!(
        "acm-client --client, the example batch of 50 maps, rule-based client.h: play {:.2} s, \
         with the compile {:.2} s (median of {RUNS}; target: play <= 2 s)",
        median(play),
        median(total)
    );
}
