//! `cargo bench --bench grade_class`: `grade jlu-machine` on a class of 40 `machine`
//! submissions, rule-based, 1000 games each, 2 at a time (the target: 60 s on 2
//! cores), then the same class again, its outcomes from the cache. Each student's file is
//! tests/submissions/jlu_rule_machine.txt under a comment of its own, so that every one is
//! compiled and played (the cache keys on content). Prints the wall and CPU time, students
//! per minute, and the change against the last run. Without a C++ compiler it says so and
//! measures nothing.

#[path = "common/baseline.rs"]
mod baseline;
#[path = "common/cpu.rs"]
mod cpu;

use baseline::Baseline;
use minejudge::exec::compile::Compiler;
use minejudge::grade::{self, Config, Task};
use std::path::Path;
use std::time::Instant;

const STUDENTS: usize = 40;

fn main() {
    if let Err(message) = Compiler::find(None) {
        println!("grade_class: skipped: {message}");
        return;
    }
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let rules = std::fs::read_to_string(root.join("tests/submissions/jlu_rule_machine.txt"))
        .expect("the rule-based machine");
    let dir = root.join("target/bench/grade-class");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("class folder");
    for i in 1..=STUDENTS {
        let name = format!("{}班-学生{i:02}.txt", 1 + i % 4);
        std::fs::write(dir.join(name), format!("// student {i}\n{rules}")).expect("a file");
    }
    let mut config = Config::new(Task::JluMachine, dir.clone());
    // One seed for every measurement, so that two builds play the same games.
    config.seed = 1;
    config.jobs = 2;
    config.cache = Some(dir.join(".grade-cache"));
    let mut baseline = Baseline::load("grade_class");
    let cpu = cpu::process_and_children_seconds();
    let started = Instant::now();
    let class = grade::grade(&config).expect("the class is graded");
    let seconds = started.elapsed().as_secs_f64();
    let cpu = cpu::process_and_children_seconds() - cpu;
    let marks: Vec<f64> = class.grades.iter().map(|g| g.mark.mark).collect();
    println!(
        "grade jlu-machine, {STUDENTS} rule-based machines x 1000 games, 2 jobs, seed 1: {seconds:.1} s \
         ({:.1} students a minute; target <= 60 s), {cpu:.1} s of CPU; every mark {:.2}",
        STUDENTS as f64 * 60.0 / seconds,
        marks[0]
    );
    println!("  {}", baseline.compare("class_of_40", seconds * 1000.0));
    let started = Instant::now();
    let again = grade::grade(&config).expect("the class is graded again");
    let cached = again.grades.iter().filter(|g| g.cached).count();
    println!(
        "again, from the cache: {:.2} s, {cached} of {STUDENTS} cached",
        started.elapsed().as_secs_f64()
    );
    baseline.save();
}
