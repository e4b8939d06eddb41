//! Shrinking a failing input: greedy delta debugging over a judge's [`Case`]. Each round tries
//! the edits in order (fewer entries first, then smaller boards, then fewer mines), `jobs` at
//! a time, and keeps the first in order that still fails, so any `jobs` gives the same result;
//! it stops when a whole round finds nothing, or at the budget. A case's edits include the
//! removal of every single entry, row, column and mine, so a case that stops inside the budget
//! is 1-minimal: nothing single can go while it still fails.

use crate::exec::pool::{for_each_index, AfterPanic};
use crate::exec::progress::Progress;
use crate::judges::case::Case;
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// How much shrinking may cost.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ShrinkBudget {
    /// The most candidates tried.
    pub tries: usize,
    /// The most time spent.
    pub time: Duration,
}

/// What shrinking found.
#[derive(Debug)]
pub struct Shrunk<T> {
    /// The smallest failing case found.
    pub case: Box<dyn Case>,
    /// What `still_fails` returned for it (`None`: no edit of the start failed).
    pub evidence: Option<T>,
    /// Candidates tried.
    pub tries: usize,
    /// Whether the budget ran out before a round found nothing.
    pub out_of_budget: bool,
}

/// Shrinks `start` while `still_fails` returns `Some` for the rendered candidate. `on_step`
/// hears of every smaller case kept, with the tries so far.
///
/// # Complexity
/// At most `budget.tries` calls of `still_fails`; each round lists O(entries + cells) edits.
pub fn shrink<T: Send>(
    start: Box<dyn Case>,
    jobs: usize,
    budget: ShrinkBudget,
    still_fails: &(dyn Fn(&[u8]) -> Option<T> + Sync),
    on_step: &mut dyn FnMut(&dyn Case, usize),
) -> Shrunk<T> {
    let started = Instant::now();
    let jobs = jobs.max(1);
    let mut best = start;
    let mut evidence = None;
    let mut edits = best.edits();
    let mut at = 0;
    let mut improved = false;
    let mut tries = 0;
    loop {
        if tries >= budget.tries || started.elapsed() >= budget.time {
            return Shrunk {
                case: best,
                evidence,
                tries,
                out_of_budget: true,
            };
        }
        if at >= edits.len() {
            if !improved {
                break;
            }
            improved = false;
            at = 0;
            continue;
        }
        let end = (at + jobs).min(edits.len());
        let candidates: Vec<(usize, Box<dyn Case>, Vec<u8>)> = (at..end)
            .filter_map(|index| {
                let case = best.apply(edits[index])?;
                let text = case.render();
                Some((index, case, text))
            })
            .collect();
        tries += candidates.len();
        let found = Mutex::new(
            (0..candidates.len())
                .map(|_| None)
                .collect::<Vec<Option<T>>>(),
        );
        let batch = for_each_index(
            candidates.len(),
            candidates.len() as u64,
            AfterPanic::GoOn,
            |index| {
                let result = still_fails(&candidates[index as usize].2);
                found.lock().unwrap_or_else(|e| e.into_inner())[index as usize] = result;
                true
            },
            &mut Progress::new(false),
            |_| String::new(),
        );
        if let Some(panicked) = batch.panicked.first() {
            // Our judge failed on a smaller input: a bug of ours, stopped on with its message.
            panic!("while shrinking: {}", panicked.message);
        }
        let results = found.into_inner().unwrap_or_else(|e| e.into_inner());
        let kept = candidates
            .into_iter()
            .zip(results)
            .find_map(|((index, case, _), result)| result.map(|found| (index, case, found)));
        match kept {
            Some((index, case, found)) => {
                best = case;
                evidence = Some(found);
                edits = best.edits();
                at = index;
                improved = true;
                on_step(best.as_ref(), tries);
            }
            None => at = end,
        }
    }
    Shrunk {
        case: best,
        evidence,
        tries,
        out_of_budget: false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::judges;

    /// Whether some `Sweep` of a `mine-ops` input is on a mine.
    fn sweeps_a_mine(text: &[u8]) -> bool {
        let text = String::from_utf8_lossy(text);
        let lines: Vec<&str> = text.lines().collect();
        let rows: usize = lines[0].split(' ').next().unwrap().parse().unwrap();
        let map = &lines[1..=rows];
        lines[rows + 1..].iter().any(|line| {
            let words: Vec<&str> = line.split(' ').collect();
            match words[..] {
                ["Sweep", x, y] => {
                    let (x, y): (usize, usize) = (x.parse().unwrap(), y.parse().unwrap());
                    map[x - 1].as_bytes()[y - 1] == b'*'
                }
                _ => false,
            }
        })
    }

    #[test]
    fn keeps_what_still_fails_down_to_a_minimum() {
        // "Fails" while some Sweep is on a mine: the minimum is a 1x1 mine and that Sweep.
        let input = b"3 3\n*..\n.*.\n..*\nFlag 1 2\nSweep 2 2\nSweep 1 3\nDSweep 3 3\nQuit\n";
        let mine_ops = judges::named("mine-ops").unwrap();
        let start = || mine_ops.parse_case(input).unwrap();
        let fails = |text: &[u8]| sweeps_a_mine(text).then_some(());
        let budget = ShrinkBudget {
            tries: 1000,
            time: Duration::from_secs(60),
        };
        for jobs in [1, 3] {
            let mut steps = 0;
            let shrunk = shrink(start(), jobs, budget, &fails, &mut |_, _| steps += 1);
            assert_eq!(
                shrunk.case.render(),
                b"1 1\n*\nSweep 1 1\nQuit\n",
                "jobs {jobs}"
            );
            assert!(!shrunk.out_of_budget && steps > 0 && shrunk.evidence.is_some());
        }
        // "Fails" while the first and the last of two or more rows hold a mine: no edge can go,
        // only the rows between them.
        let ends_mined = |text: &[u8]| {
            let text = String::from_utf8_lossy(text);
            let lines: Vec<&str> = text.lines().collect();
            let rows: usize = lines[0].split(' ').next().unwrap().parse().unwrap();
            (rows >= 2 && lines[1].contains('*') && lines[rows].contains('*')).then_some(())
        };
        let tall = mine_ops.parse_case(b"5 2\n*.\n..\n.*\n..\n*.\nSweep 3 2\nQuit\n");
        let shrunk = shrink(tall.unwrap(), 1, budget, &ends_mined, &mut |_, _| {});
        let text = String::from_utf8(shrunk.case.render()).unwrap();
        assert_eq!(text, "2 1\n*\n*\nQuit\n");
        let tight = ShrinkBudget { tries: 2, ..budget };
        let stopped = shrink(start(), 1, tight, &fails, &mut |_, _| {});
        assert!(stopped.out_of_budget && stopped.tries == 2);
    }
}
