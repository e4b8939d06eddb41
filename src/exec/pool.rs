//! The one worker pool: indices handed out in order to worker threads, until the work says
//! stop. A job that panics gives its worker back and is reported as that job's failure (a
//! student's, an input's), never a hang.

use crate::exec::progress::Progress;
use std::panic::{self, AssertUnwindSafe};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::mpsc::{self, RecvTimeoutError, Sender};
use std::sync::Mutex;
use std::time::Duration;

/// How often the calling thread hears how many jobs are done.
const TICK: Duration = Duration::from_millis(20);

/// What the pool does once a job has panicked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AfterPanic {
    /// Hands out the other indices all the same (each job stands alone: a class's students).
    GoOn,
    /// Hands out no more, as when a job says stop (a search for the first failure).
    Stop,
}

/// A job that panicked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Panicked {
    /// Its index.
    pub index: u64,
    /// What it said.
    pub message: String,
}

/// What a batch came to.
#[derive(Debug)]
pub struct Batch<S> {
    /// The jobs finished, panicked ones included.
    pub done: u64,
    /// The jobs that panicked, by index.
    pub panicked: Vec<Panicked>,
    /// Each worker's state, as its last job left it.
    pub states: Vec<S>,
}

/// Runs `work(state, index)` for the indices 0, 1, 2, ... below `end` on `jobs` threads, each
/// index once and handed out in order, until a call returns `false` (calls already started
/// finish). Each worker starts with `init()` as its state (a job that panics may leave it
/// half-changed). Meanwhile the calling thread calls `tick(done)` every [`TICK`], `done` being
/// the jobs finished so far.
pub fn run_batch<S: Send>(
    jobs: usize,
    end: u64,
    after_panic: AfterPanic,
    init: impl Fn() -> S + Sync,
    work: impl Fn(&mut S, u64) -> bool + Sync,
    mut tick: impl FnMut(u64),
) -> Batch<S> {
    let next = AtomicU64::new(0);
    let done = AtomicU64::new(0);
    let stop = AtomicBool::new(false);
    let panicked = Mutex::new(Vec::new());
    let workers = jobs.max(1);
    // Each worker says so when it ends, by returning or by unwinding: a worker that never
    // said so is what would keep the caller waiting for ever.
    let (ended, worker_ended) = mpsc::channel::<()>();
    let states = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..workers)
            .map(|_| {
                let ended = EndNotice(ended.clone());
                let (next, done, stop, panicked) = (&next, &done, &stop, &panicked);
                let (init, work) = (&init, &work);
                scope.spawn(move || {
                    let _ended = ended;
                    let mut state = init();
                    while !stop.load(Ordering::Relaxed) {
                        let index = next.fetch_add(1, Ordering::Relaxed);
                        if index >= end {
                            break;
                        }
                        match panic::catch_unwind(AssertUnwindSafe(|| work(&mut state, index))) {
                            Ok(true) => {}
                            Ok(false) => stop.store(true, Ordering::Relaxed),
                            Err(payload) => {
                                let message = panic_message(payload.as_ref());
                                lock(panicked).push(Panicked { index, message });
                                if after_panic == AfterPanic::Stop {
                                    stop.store(true, Ordering::Relaxed);
                                }
                            }
                        }
                        done.fetch_add(1, Ordering::Relaxed);
                    }
                    state
                })
            })
            .collect();
        let mut left = workers;
        while left > 0 {
            match worker_ended.recv_timeout(TICK) {
                Ok(()) => left -= 1,
                Err(RecvTimeoutError::Timeout) => tick(done.load(Ordering::Relaxed)),
                Err(RecvTimeoutError::Disconnected) => break,
            }
        }
        handles
            .into_iter()
            .filter_map(|worker| worker.join().ok())
            .collect()
    });
    let mut panicked = panicked.into_inner().unwrap_or_else(|e| e.into_inner());
    panicked.sort_by_key(|p| p.index);
    Batch {
        done: done.into_inner(),
        panicked,
        states,
    }
}

/// [`run_batch`] with no state of the workers' own, showing `status(done)` on `progress`.
pub fn for_each_index(
    jobs: usize,
    end: u64,
    after_panic: AfterPanic,
    work: impl Fn(u64) -> bool + Sync,
    progress: &mut Progress,
    status: impl Fn(u64) -> String,
) -> Batch<()> {
    let batch = run_batch(
        jobs,
        end,
        after_panic,
        || (),
        |(), index| work(index),
        |done| progress.update(|| status(done)),
    );
    progress.finish();
    batch
}

/// Tells the calling thread that a worker ended, however it ended.
struct EndNotice(Sender<()>);

impl Drop for EndNotice {
    fn drop(&mut self) {
        let _ = self.0.send(());
    }
}

fn lock<T>(mutex: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(|e| e.into_inner())
}

/// What a panic said: its text, or a word that it said nothing readable.
fn panic_message(payload: &(dyn std::any::Any + Send)) -> String {
    if let Some(text) = payload.downcast_ref::<&str>() {
        (*text).to_string()
    } else if let Some(text) = payload.downcast_ref::<String>() {
        text.clone()
    } else {
        "a panic with no message".to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A job that panics gives its worker back: the batch ends (were it not to, this test
    /// would never finish), with the panic reported as that job's, and the other jobs done.
    #[test]
    fn a_panicking_job_is_reported_and_the_batch_ends() {
        for jobs in [1, 2, 4] {
            let batch = for_each_index(
                jobs,
                10,
                AfterPanic::GoOn,
                |index| {
                    assert_ne!(index, 3, "job three fails");
                    true
                },
                &mut Progress::new(false),
                |_| String::new(),
            );
            assert_eq!(batch.done, 10, "{jobs} workers");
            assert_eq!(batch.panicked.len(), 1, "{:?}", batch.panicked);
            assert_eq!(batch.panicked[0].index, 3);
            assert!(
                batch.panicked[0].message.contains("job three fails"),
                "{:?}",
                batch.panicked
            );
        }
    }

    /// Told to stop after a panic, it hands out no more; every job that panicked is told.
    #[test]
    fn a_panic_stops_the_batch_when_asked() {
        let batch = for_each_index(
            1,
            u64::MAX,
            AfterPanic::Stop,
            |index| {
                assert!(index < 5, "job {index} fails");
                true
            },
            &mut Progress::new(false),
            |_| String::new(),
        );
        assert_eq!(batch.done, 6);
        assert_eq!(
            batch.panicked,
            vec![Panicked {
                index: 5,
                message: "job 5 fails".to_string()
            }]
        );
    }

    /// Each worker's state comes back, and the sum over the states does not depend on the
    /// number of workers.
    #[test]
    fn the_states_sum_to_the_same_for_any_number_of_workers() {
        for jobs in [1, 3] {
            let batch = run_batch(
                jobs,
                100,
                AfterPanic::GoOn,
                || 0u64,
                |sum, index| {
                    *sum += index;
                    assert_ne!(index, 99, "the last job fails");
                    true
                },
                |_| {},
            );
            let total: u64 = batch.states.iter().sum();
            assert_eq!(batch.states.len(), jobs);
            assert_eq!(total, (0..100).sum::<u64>(), "{jobs} workers");
            assert_eq!(batch.panicked.len(), 1);
        }
    }
}
