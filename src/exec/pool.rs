//! Indices handed out in order to worker threads, until the work says stop.

use crate::exec::progress::Progress;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::time::Duration;

/// Runs `work(index)` for the indices 0, 1, 2, ... below `end` on `jobs` threads, each index
/// once and handed out in order, until a call returns `false` (calls already started finish).
/// Meanwhile the calling thread shows `status(done)` on `progress`, `done` being the calls
/// finished so far. Returns the calls finished.
pub fn for_each_index(
    jobs: usize,
    end: u64,
    work: impl Fn(u64) -> bool + Sync,
    progress: &mut Progress,
    status: impl Fn(u64) -> String,
) -> u64 {
    let next = AtomicU64::new(0);
    let done = AtomicU64::new(0);
    let stop = AtomicBool::new(false);
    let workers_left = AtomicUsize::new(jobs);
    std::thread::scope(|scope| {
        for _ in 0..jobs {
            scope.spawn(|| {
                while !stop.load(Ordering::Relaxed) {
                    let index = next.fetch_add(1, Ordering::Relaxed);
                    if index >= end {
                        break;
                    }
                    if !work(index) {
                        stop.store(true, Ordering::Relaxed);
                    }
                    done.fetch_add(1, Ordering::Relaxed);
                }
                workers_left.fetch_sub(1, Ordering::Relaxed);
            });
        }
        while workers_left.load(Ordering::Relaxed) > 0 {
            std::thread::sleep(Duration::from_millis(20));
            progress.update(|| status(done.load(Ordering::Relaxed)));
        }
    });
    progress.finish();
    done.into_inner()
}
