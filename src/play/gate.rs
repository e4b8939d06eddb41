//! The queue of heavy work (the solver, exports): at most so many run at once, a few wait their
//! turn, and the rest are told to come back ([`Gate::enter`] gives `None`: a 503). A burst of
//! heavy requests then takes a bounded share of the cores and of memory, and light requests
//! (clicks, states) never wait behind it.
//!
//! A turn runs its work on one of the gate's own threads, as many as turns ([`Turn::run`]):
//! the allocator keeps a pool of memory per thread that has used it (glibc: up to 8 per core),
//! so tens of megabytes of an export, allocated on ever new threads, stayed in ever more pools
//! (470 MB for two exports of 61 MB at once); on the gate's threads they stay in as many pools
//! as there are turns.

use std::net::IpAddr;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::mpsc::{self, Receiver, Sender};
use std::sync::{Arc, Condvar, Mutex, MutexGuard};
use std::time::{Duration, Instant};

/// Work handed to the gate's threads.
type Job = Box<dyn FnOnce() + Send>;

/// Heavy requests and how they stand.
#[derive(Debug)]
pub struct Gate {
    /// At most this many run at once.
    running_at_most: usize,
    /// At most this many wait.
    waiting_at_most: usize,
    /// A request waits at most this long for its turn.
    patience: Duration,
    counts: Mutex<Counts>,
    turn: Condvar,
    /// The way to the gate's threads (`None` when none could be started: turns then run their
    /// work on their own thread).
    jobs: Mutex<Option<Sender<Job>>>,
}

/// Who runs and who waits.
#[derive(Debug, Default)]
struct Counts {
    running: usize,
    waiting: usize,
    /// The turns and places in the queue that each counted address holds.
    held: Vec<(IpAddr, usize)>,
}

impl Counts {
    fn held_by(&mut self, address: IpAddr) -> &mut usize {
        let at = match self.held.iter().position(|(held, _)| *held == address) {
            Some(at) => at,
            None => {
                self.held.push((address, 0));
                self.held.len() - 1
            }
        };
        &mut self.held[at].1
    }

    fn release(&mut self, address: Option<IpAddr>) {
        if let Some(address) = address {
            *self.held_by(address) -= 1;
            self.held.retain(|(_, count)| *count > 0);
        }
    }
}

/// A turn to run; the next waiting request runs when it is dropped.
#[derive(Debug)]
pub struct Turn<'a> {
    gate: &'a Gate,
    address: Option<IpAddr>,
}

impl Gate {
    /// A gate for `running` heavy requests at once (at least one) and `waiting` more.
    pub fn new(running: usize, waiting: usize, patience: Duration) -> Gate {
        let running_at_most = running.max(1);
        let (sender, receiver) = mpsc::channel::<Job>();
        let receiver = Arc::new(Mutex::new(receiver));
        let started = (0..running_at_most)
            .filter(|_| {
                let receiver = Arc::clone(&receiver);
                std::thread::Builder::new()
                    .name("heavy".to_string())
                    .spawn(move || work(&receiver))
                    .is_ok()
            })
            .count();
        Gate {
            running_at_most,
            waiting_at_most: waiting,
            patience,
            counts: Mutex::new(Counts::default()),
            turn: Condvar::new(),
            jobs: Mutex::new((started == running_at_most).then_some(sender)),
        }
    }

    /// Waits for a turn; `None` when too many wait already, or the turn did not come in time.
    /// A counted `address` (another machine's: one program can hold many of this machine's
    /// connections, but a phone is its own address) may hold at most half of the turns and
    /// places in the queue, so that one client's burst leaves room for the others'.
    pub fn enter(&self, address: Option<IpAddr>) -> Option<Turn<'_>> {
        let mut counts = self.lock();
        if let Some(address) = address {
            let share = ((self.running_at_most + self.waiting_at_most) / 2).max(1);
            if *counts.held_by(address) >= share {
                counts.held.retain(|(_, count)| *count > 0);
                return None;
            }
            *counts.held_by(address) += 1;
        }
        if counts.running < self.running_at_most {
            counts.running += 1;
            return Some(Turn {
                gate: self,
                address,
            });
        }
        if counts.waiting >= self.waiting_at_most {
            counts.release(address);
            return None;
        }
        counts.waiting += 1;
        let deadline = Instant::now() + self.patience;
        while counts.running >= self.running_at_most {
            let left = deadline.saturating_duration_since(Instant::now());
            if left.is_zero() {
                counts.waiting -= 1;
                counts.release(address);
                return None;
            }
            counts = match self.turn.wait_timeout(counts, left) {
                Ok((counts, _)) => counts,
                Err(poisoned) => poisoned.into_inner().0,
            };
        }
        counts.waiting -= 1;
        counts.running += 1;
        Some(Turn {
            gate: self,
            address,
        })
    }

    /// (running, waiting) now.
    #[cfg(test)]
    pub fn counts(&self) -> (usize, usize) {
        let counts = self.lock();
        (counts.running, counts.waiting)
    }

    /// The counts stay right whoever panicked while holding them (nobody can: the lock is
    /// held only for arithmetic).
    fn lock(&self) -> MutexGuard<'_, Counts> {
        self.counts
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }
}

impl Turn<'_> {
    /// Runs `job` on one of the gate's threads and gives its result; `None` if it panicked.
    pub fn run<R: Send + 'static>(&self, job: impl FnOnce() -> R + Send + 'static) -> Option<R> {
        let (result, receive) = mpsc::sync_channel(1);
        let job: Job = Box::new(move || {
            let _ = result.send(job());
        });
        let sender = self
            .gate
            .jobs
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
            .clone();
        match sender {
            Some(sender) => {
                // A job the threads are gone for comes back: it runs here.
                if let Err(mpsc::SendError(job)) = sender.send(job) {
                    let _ = catch_unwind(AssertUnwindSafe(job));
                }
            }
            None => {
                let _ = catch_unwind(AssertUnwindSafe(job));
            }
        }
        receive.recv().ok()
    }
}

/// A gate's thread: runs jobs until the gate is gone; a job that panics ends only itself.
fn work(jobs: &Mutex<Receiver<Job>>) {
    loop {
        let job = match jobs.lock() {
            Ok(receiver) => receiver.recv(),
            Err(poisoned) => poisoned.into_inner().recv(),
        };
        match job {
            Ok(job) => {
                let _ = catch_unwind(AssertUnwindSafe(job));
            }
            Err(_) => return,
        }
    }
}

impl Drop for Turn<'_> {
    fn drop(&mut self) {
        let mut counts = self.gate.lock();
        counts.running -= 1;
        counts.release(self.address);
        drop(counts);
        self.gate.turn.notify_one();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Arc;

    #[test]
    fn runs_so_many_queues_a_few_and_refuses_the_rest() {
        let gate = Arc::new(Gate::new(2, 1, Duration::from_secs(60)));
        let first = gate.enter(None).expect("a free turn");
        let second = gate.enter(None).expect("a free turn");
        let waiter = {
            let gate = Arc::clone(&gate);
            std::thread::spawn(move || gate.enter(None).map(|_turn| ()).is_some())
        };
        while gate.counts() != (2, 1) {
            std::thread::yield_now();
        }
        assert!(gate.enter(None).is_none(), "the queue is full");
        drop(first);
        assert!(waiter.join().unwrap(), "the waiter got the freed turn");
        assert_eq!(gate.counts(), (1, 0));
        drop(second);
        assert_eq!(gate.counts(), (0, 0));
    }

    #[test]
    fn a_turn_runs_its_work_on_the_gates_threads_and_survives_a_panic() {
        let gate = Gate::new(2, 0, Duration::from_secs(1));
        let turn = gate.enter(None).expect("a free turn");
        let here = std::thread::current().id();
        let there = turn.run(|| std::thread::current().id()).expect("a result");
        assert_ne!(there, here);
        assert_eq!(turn.run(|| -> u8 { panic!("a handler bug") }), None);
        assert_eq!(turn.run(|| 7), Some(7), "the threads still work");
    }

    #[test]
    fn one_address_holds_at_most_half_of_the_places() {
        let gate = Gate::new(2, 2, Duration::from_millis(10));
        let phone: IpAddr = "192.168.1.6".parse().unwrap();
        let attacker: IpAddr = "192.168.1.7".parse().unwrap();
        let first = gate.enter(Some(attacker)).expect("a free turn");
        let second = gate.enter(Some(attacker)).expect("its share is 2");
        assert!(gate.enter(Some(attacker)).is_none(), "beyond its share");
        drop(second);
        assert_eq!(gate.counts(), (1, 0));
        let phones = gate.enter(Some(phone)).expect("room for another address");
        drop((first, phones));
        assert_eq!(gate.counts(), (0, 0));
        let again = gate.enter(Some(attacker)).expect("its places came back");
        let _twice = gate.enter(Some(attacker)).expect("its places came back");
        drop(again);
    }

    #[test]
    fn a_waiter_gives_up_after_its_patience() {
        let gate = Gate::new(1, 4, Duration::from_millis(10));
        let _busy = gate.enter(None).expect("a free turn");
        assert!(gate.enter(None).is_none());
        assert_eq!(gate.counts(), (1, 0), "the waiter left the queue");
    }
}
