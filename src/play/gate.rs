//! The queue of heavy work (the solver, exports): at most so many run at once, a few wait their
//! turn, and the rest are told to come back ([`Gate::enter`] gives `None`: a 503). A burst of
//! heavy requests then takes a bounded share of the cores and of memory, and light requests
//! (clicks, states) never wait behind it.

use std::sync::{Condvar, Mutex, MutexGuard};
use std::time::{Duration, Instant};

/// Heavy requests and how they stand.
#[derive(Debug)]
pub struct Gate {
    /// At most this many run at once.
    running_at_most: usize,
    /// At most this many wait.
    waiting_at_most: usize,
    /// A request waits at most this long for its turn.
    patience: Duration,
    /// (running, waiting).
    counts: Mutex<(usize, usize)>,
    turn: Condvar,
}

/// A turn to run; the next waiting request runs when it is dropped.
#[derive(Debug)]
pub struct Turn<'a> {
    gate: &'a Gate,
}

impl Gate {
    /// A gate for `running` heavy requests at once (at least one) and `waiting` more.
    pub fn new(running: usize, waiting: usize, patience: Duration) -> Gate {
        Gate {
            running_at_most: running.max(1),
            waiting_at_most: waiting,
            patience,
            counts: Mutex::new((0, 0)),
            turn: Condvar::new(),
        }
    }

    /// Waits for a turn; `None` when too many wait already, or the turn did not come in time.
    pub fn enter(&self) -> Option<Turn<'_>> {
        let mut counts = self.lock();
        if counts.0 < self.running_at_most {
            counts.0 += 1;
            return Some(Turn { gate: self });
        }
        if counts.1 >= self.waiting_at_most {
            return None;
        }
        counts.1 += 1;
        let deadline = Instant::now() + self.patience;
        while counts.0 >= self.running_at_most {
            let left = deadline.saturating_duration_since(Instant::now());
            if left.is_zero() {
                counts.1 -= 1;
                return None;
            }
            counts = match self.turn.wait_timeout(counts, left) {
                Ok((counts, _)) => counts,
                Err(poisoned) => poisoned.into_inner().0,
            };
        }
        counts.1 -= 1;
        counts.0 += 1;
        Some(Turn { gate: self })
    }

    /// (running, waiting) now.
    #[cfg(test)]
    pub fn counts(&self) -> (usize, usize) {
        *self.lock()
    }

    /// The counts stay right whoever panicked while holding them (nobody can: the lock is
    /// held only for arithmetic).
    fn lock(&self) -> MutexGuard<'_, (usize, usize)> {
        self.counts
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }
}

impl Drop for Turn<'_> {
    fn drop(&mut self) {
        self.gate.lock().0 -= 1;
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
        let first = gate.enter().expect("a free turn");
        let second = gate.enter().expect("a free turn");
        let waiter = {
            let gate = Arc::clone(&gate);
            std::thread::spawn(move || gate.enter().map(|_turn| ()).is_some())
        };
        while gate.counts() != (2, 1) {
            std::thread::yield_now();
        }
        assert!(gate.enter().is_none(), "the queue is full");
        drop(first);
        assert!(waiter.join().unwrap(), "the waiter got the freed turn");
        assert_eq!(gate.counts(), (1, 0));
        drop(second);
        assert_eq!(gate.counts(), (0, 0));
    }

    #[test]
    fn a_waiter_gives_up_after_its_patience() {
        let gate = Gate::new(1, 4, Duration::from_millis(10));
        let _busy = gate.enter().expect("a free turn");
        assert!(gate.enter().is_none());
        assert_eq!(gate.counts(), (1, 0), "the waiter left the queue");
    }
}
