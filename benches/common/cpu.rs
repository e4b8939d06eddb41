//! CPU time for benchmarks: this thread's (from `/proc/thread-self/schedstat`, else wall time)
//! for work done in-process, and this process's with its waited-for children (from
//! `/proc/self/stat`) for work done by programs it runs. Each bench that needs it includes this
//! file as a module.

#![allow(dead_code)] // Not every bench needs every clock.

use std::time::Instant;

/// This thread's CPU time so far, in seconds, where Linux tells it.
pub fn thread_seconds() -> Option<f64> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let ns: u64 = text.split(' ').next()?.parse().ok()?;
    Some(ns as f64 * 1e-9)
}

/// Which clock [`timed`] reads: `CPU` or `wall`.
pub fn clock_name() -> &'static str {
    if thread_seconds().is_some() {
        "CPU"
    } else {
        "wall"
    }
}

/// The seconds `work` takes on this thread: CPU time where known, else wall time.
pub fn timed(mut work: impl FnMut()) -> f64 {
    let cpu = thread_seconds();
    let wall = Instant::now();
    work();
    match (cpu, thread_seconds()) {
        (Some(before), Some(after)) => after - before,
        _ => wall.elapsed().as_secs_f64(),
    }
}

/// The CPU time (user and system) of this process and of its children it has waited for, so
/// far, in seconds (0 where `/proc` does not tell).
pub fn process_and_children_seconds() -> f64 {
    let stat = std::fs::read_to_string("/proc/self/stat").unwrap_or_default();
    let ticks: f64 = stat
        .rsplit(')')
        .next()
        .unwrap_or("")
        .split_whitespace()
        .skip(11)
        .take(4)
        .filter_map(|f| f.parse::<f64>().ok())
        .sum();
    ticks / 100.0
}
