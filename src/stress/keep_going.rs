//! `stress --keep-going`: every input of a judge's stress test is run, the failures are
//! counted by [`kind`], and one input of each kind, the smallest, is shrunk while it fails the
//! same kind. For each kind only its count, its first input and its smallest input so far are
//! kept, so a long run holds a few inputs, not every failing one; the tally is the same for
//! any `--jobs`, as the first failure of [`search`](crate::stress::search::search) is.

use crate::exec::pool::{for_each_index, AfterPanic};
use crate::exec::progress::Progress;
use crate::stress::kind::kind;
use crate::stress::search::{refuse_panicked, shrink_failure, try_input, Failure, JudgeStress};
use std::collections::hash_map::Entry;
use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// The most kinds shrunk and shown with an example, largest first; the rest are counted only,
/// so that a solution printing garbage cannot make the shrinking endless.
pub const MOST_EXAMPLES: usize = 10;

/// The failures of one kind.
#[derive(Clone, Debug)]
pub struct KindTally {
    /// The kind, in words (see [`kind`]).
    pub kind: String,
    /// How many inputs failed so.
    pub count: u64,
    /// The first of them, counting inputs from 0.
    pub first_index: u64,
    /// Its smallest input, shrunk; `None` when not shrunk (beyond [`MOST_EXAMPLES`], or when
    /// it passed when run again).
    pub example: Option<Failure>,
}

/// A stress test run to the end.
#[derive(Clone, Debug)]
pub struct Tally {
    /// Inputs run.
    pub inputs: u64,
    /// How long they took, shrinking left out.
    pub elapsed: Duration,
    /// The kinds of failure, the most frequent first (then the earliest).
    pub kinds: Vec<KindTally>,
}

impl Tally {
    /// Inputs that failed.
    pub fn failed(&self) -> u64 {
        self.kinds.iter().map(|kind| kind.count).sum()
    }
}

/// What is kept of a kind while the inputs run.
struct Seen {
    count: u64,
    first_index: u64,
    /// The smallest input so far, by length then number.
    smallest: (usize, u64, Vec<u8>),
}

/// Runs all `search.count` inputs (which must not be 0), then shrinks the smallest input of
/// each kind. Progress, with the failures so far, goes to stderr when the harness asks for it.
///
/// # Errors
/// When `count` is 0, or the program cannot be started.
///
/// # Complexity
/// One run of the program per input, then a few thousand per kind shown while shrinking.
pub fn search_all(search: &JudgeStress) -> Result<Tally, String> {
    let (judge, harness) = (search.judge, &search.harness);
    if search.count == 0 {
        return Err("--keep-going runs every input: give --count N, not 0".into());
    }
    let started = Instant::now();
    let seen: Mutex<HashMap<String, Seen>> = Mutex::new(HashMap::new());
    let failed = AtomicU64::new(0);
    let error = Mutex::new(None);
    let try_one = |index: u64| {
        let seed = harness.seed.wrapping_add(index);
        let request = search.request.for_seed(judge, seed);
        let input = judge.generate(seed, request.size, &request.knobs);
        match try_input(judge, harness, &input) {
            Ok(None) => true,
            Ok(Some(evidence)) => {
                failed.fetch_add(1, Ordering::Relaxed);
                let key = kind(judge, &evidence.verdict);
                let mut seen = seen.lock().expect("no panics hold it");
                note(&mut seen, key, index, input);
                true
            }
            Err(message) => {
                *error.lock().expect("no panics hold it") = Some(message);
                false
            }
        }
    };
    let batch = for_each_index(
        harness.jobs,
        search.count,
        AfterPanic::Stop,
        try_one,
        &mut Progress::new(harness.progress),
        |inputs| {
            let rate = inputs as f64 / started.elapsed().as_secs_f64().max(1e-3);
            let failed = failed.load(Ordering::Relaxed);
            format!(
                "{}: {inputs} inputs tried, {rate:.0}/s, {failed} failed",
                judge.name()
            )
        },
    );
    refuse_panicked(&batch.panicked, harness.seed)?;
    if let Some(message) = error.into_inner().expect("no panics hold it") {
        return Err(message);
    }
    let elapsed = started.elapsed();
    let mut kinds: Vec<(String, Seen)> =
        seen.into_inner().expect("no panics").into_iter().collect();
    kinds.sort_by_key(|(_, seen)| (std::cmp::Reverse(seen.count), seen.first_index));
    let kinds = kinds
        .into_iter()
        .enumerate()
        .map(|(rank, (kind, seen))| {
            let example = (rank < MOST_EXAMPLES)
                .then(|| example(search, &kind, seen.smallest))
                .flatten();
            KindTally {
                kind,
                count: seen.count,
                first_index: seen.first_index,
                example,
            }
        })
        .collect();
    Ok(Tally {
        inputs: batch.done,
        elapsed,
        kinds,
    })
}

/// Counts a failing input of kind `key`, keeping it if it is the kind's smallest so far.
fn note(seen: &mut HashMap<String, Seen>, key: String, index: u64, input: Vec<u8>) {
    let size = input.len();
    match seen.entry(key) {
        Entry::Vacant(entry) => {
            entry.insert(Seen {
                count: 1,
                first_index: index,
                smallest: (size, index, input),
            });
        }
        Entry::Occupied(mut entry) => {
            let entry = entry.get_mut();
            entry.count += 1;
            entry.first_index = entry.first_index.min(index);
            if (size, index) < (entry.smallest.0, entry.smallest.1) {
                entry.smallest = (size, index, input);
            }
        }
    }
}

/// The smallest input of `kind`, run again and shrunk while it fails that kind; `None` when it
/// no longer fails so (a solution whose answers vary from run to run).
fn example(
    search: &JudgeStress,
    kind_name: &str,
    (_, index, input): (usize, u64, Vec<u8>),
) -> Option<Failure> {
    let judge = search.judge;
    let evidence = try_input(judge, &search.harness, &input).ok().flatten()?;
    let same_kind = |verdict: &_| kind(judge, verdict) == kind_name;
    if !same_kind(&evidence.verdict) {
        return None;
    }
    Some(shrink_failure(
        search,
        (index, input, evidence, Duration::ZERO),
        &same_kind,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_kind_keeps_its_count_first_and_smallest_input_whatever_the_order() {
        let inputs: [(u64, &[u8]); 4] = [(7, b"ccc"), (2, b"dddd"), (9, b"aa"), (4, b"bb")];
        let tallies: Vec<(u64, u64, u64, Vec<u8>)> = [[0, 1, 2, 3], [3, 2, 1, 0], [2, 0, 3, 1]]
            .iter()
            .map(|order| {
                let mut seen = HashMap::new();
                for &at in order {
                    let (index, input) = inputs[at];
                    note(&mut seen, "k".into(), index, input.to_vec());
                }
                let kind = &seen["k"];
                (
                    kind.count,
                    kind.first_index,
                    kind.smallest.1,
                    kind.smallest.2.clone(),
                )
            })
            .collect();
        assert_eq!(tallies[0], (4, 2, 4, b"bb".to_vec()));
        assert!(tallies.iter().all(|tally| *tally == tallies[0]));
    }
}
