//! The runs two sources share: stretches of tokens equal in both, in a row, found from their
//! shared fingerprints and measured exactly. A run's length is the evidence that a fingerprint
//! alone does not give: solutions written apart share the idioms everyone writes, each a run
//! of a few dozen tokens at most (see [`Options::min_stretch`](super::Options::min_stretch)), where a
//! copy shares the copied code in runs far longer.

use super::profile::NOT_COUNTED;
use std::cell::Cell;
use std::collections::HashMap;
use std::ops::Range;

/// A stretch of tokens of one source equal, token for token, to a stretch of the other.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Run {
    /// Its first token in the first source.
    pub a: usize,
    /// Its first token in the second source.
    pub b: usize,
    /// Its tokens.
    pub len: usize,
}

/// The runs through the k-grams at `pairs` (positions of the same hash in each source, sorted),
/// each as long as the tokens equal in both go (by `a_codes` and `b_codes`, where
/// [`NOT_COUNTED`] matches nothing), each once.
///
/// # Complexity
/// O(pairs x k), plus each run's length once: a pair inside a run already found on its
/// diagonal goes on from the run's end, without walking back over it.
///
/// # Examples
///
/// ```
/// use minejudge::grade::similarity::runs::{runs, Run};
///
/// let a = [7, 1, 2, 3, 4, 5, 9];
/// let b = [1, 2, 3, 4, 5, 8];
/// assert_eq!(runs(&[(2, 1), (3, 2)], 2, &a, &b), [Run { a: 1, b: 0, len: 5 }]);
/// ```
pub fn runs(pairs: &[(usize, usize)], k: usize, a_codes: &[u16], b_codes: &[u16]) -> Vec<Run> {
    runs_and_steps(pairs, k, a_codes, b_codes).0
}

/// [`runs`], and how many token pairs it compared: the work, which a test bounds.
fn runs_and_steps(
    pairs: &[(usize, usize)],
    k: usize,
    a_codes: &[u16],
    b_codes: &[u16],
) -> (Vec<Run>, usize) {
    let steps = Cell::new(0);
    let same = |i: usize, j: usize| {
        steps.set(steps.get() + 1);
        match (a_codes.get(i), b_codes.get(j)) {
            (Some(&x), Some(&y)) => x == y && x != NOT_COUNTED,
            _ => false,
        }
    };
    // Where the last run found on each diagonal (a - b) ends in the first source.
    let mut done: HashMap<isize, usize> = HashMap::new();
    let mut found = Vec::new();
    for &(pa, pb) in pairs {
        let diagonal = pa as isize - pb as isize;
        let (mut i, mut j) = (pa, pb);
        match done.get(&diagonal) {
            // Before the end of the last run found on its diagonal: walking back would stop
            // before that end, and go on from it.
            Some(&end) if pa < end => {
                j += end - i;
                i = end;
            }
            // Walking back stops at the last run's end at the latest (its end is unequal), so
            // each token of a diagonal is walked back over once, with pairs sorted.
            _ => {
                while i > 0 && j > 0 && same(i, j) && same(i - 1, j - 1) {
                    i -= 1;
                    j -= 1;
                }
            }
        }
        // A k-gram's tokens may be partly uncounted (the end of base or common code): its
        // runs are the equal stretches that start within it.
        while i < pa + k.max(1) {
            if done.get(&diagonal).is_some_and(|&end| i < end) {
                let end = done[&diagonal];
                j += end - i;
                i = end;
                continue;
            }
            if !same(i, j) {
                i += 1;
                j += 1;
                continue;
            }
            let start = (i, j);
            while same(i, j) {
                i += 1;
                j += 1;
            }
            found.push(Run {
                a: start.0,
                b: start.1,
                len: i - start.0,
            });
            done.insert(diagonal, i);
        }
    }
    (found, steps.get())
}

/// The runs of `found` that make, joined, stretches of at least `min_len` tokens: a run joins
/// the stretch whose last run it follows, in both sources, within `reach` tokens in one and
/// `slack` in the other, as a statement inserted into a copy (or a token changed) leaves them.
/// Code that two sources share only in idioms does not join so: between two idioms each has
/// code of its own.
///
/// # Complexity
/// O(runs x stretches open at once), a stretch closing `reach` tokens after its last run.
///
/// # Examples
///
/// ```
/// use minejudge::grade::similarity::runs::{long_stretches, Run};
///
/// let run = |a, b, len| Run { a, b, len };
/// // 30 tokens, a statement of 8 inserted in b, 30 more; then 30 apart in both.
/// let found = [run(0, 0, 30), run(30, 38, 30), run(90, 100, 30)];
/// assert_eq!(long_stretches(&found, 2, 50, 50), &found[..2]);
/// assert!(long_stretches(&found, 2, 50, 61).is_empty());
/// ```
pub fn long_stretches(found: &[Run], slack: usize, reach: usize, min_len: usize) -> Vec<Run> {
    let all = |tokens: Range<usize>| tokens.len();
    long_stretches_counted(found, (slack, reach, min_len), (&all, &all), (&[], &[]))
}

/// [`long_stretches`], with `limits` its `(slack, reach, min_len)`, where a stretch's length
/// is the tokens it covers that `count` (in the first source, in the second) counts, and
/// where two runs also join when the code between them, read by `kinds` (each source's
/// tokens' codes), is alike in both but for `slack` tokens in one and `reach` in the other:
/// code shared but found by no fingerprint (the course's, or the class's idioms, which a copy
/// keeps with the rest) between a token changed in each source.
pub fn long_stretches_counted(
    found: &[Run],
    (slack, reach, min_len): (usize, usize, usize),
    count: (Count, Count),
    kinds: (&[u16], &[u16]),
) -> Vec<Run> {
    let mut sorted = found.to_vec();
    sorted.sort_unstable_by_key(|run| (run.a, run.b));
    // Each stretch: its runs' indices in `sorted`.
    let mut open: Vec<Vec<usize>> = Vec::new();
    let mut closed: Vec<Vec<usize>> = Vec::new();
    for (index, run) in sorted.iter().enumerate() {
        let mut at = 0;
        while at < open.len() {
            let last = &sorted[open[at][open[at].len() - 1]];
            if last.a + last.len + reach < run.a {
                closed.push(open.swap_remove(at));
            } else {
                at += 1;
            }
        }
        let gaps = |stretch: &Vec<usize>| {
            let last = &sorted[stretch[stretch.len() - 1]];
            let gap = |from: usize, to: usize| to as isize - from as isize;
            (gap(last.a + last.len, run.a), gap(last.b + last.len, run.b))
        };
        let joins = |stretch: &&mut Vec<usize>| {
            let last = &sorted[stretch[stretch.len() - 1]];
            let (gap_a, gap_b) = gaps(stretch);
            if last.a >= run.a || last.b >= run.b || gap_a.max(gap_b) > reach as isize {
                return false;
            }
            if gap_a.min(gap_b) <= slack as isize {
                return true;
            }
            let between = (
                kinds.0.get(last.a + last.len..run.a),
                kinds.1.get(last.b + last.len..run.b),
            );
            match between {
                (Some(a), Some(b)) => {
                    let (left_a, left_b) = unmatched(a, b);
                    left_a.min(left_b) <= slack
                }
                _ => false,
            }
        };
        let best = open.iter_mut().filter(joins).min_by_key(|stretch| {
            let (gap_a, gap_b) = gaps(stretch);
            (gap_a.max(gap_b), stretch[0])
        });
        match best {
            Some(stretch) => stretch.push(index),
            None => open.push(vec![index]),
        }
    }
    closed.append(&mut open);
    let mut long: Vec<Run> = Vec::new();
    for stretch in closed {
        let runs: Vec<Run> = stretch.iter().map(|&i| sorted[i].clone()).collect();
        let in_a = covered_counted(
            runs.iter().map(|run| run.a..run.a + run.len).collect(),
            count.0,
        );
        let in_b = covered_counted(
            runs.iter().map(|run| run.b..run.b + run.len).collect(),
            count.1,
        );
        if in_a.min(in_b) >= min_len {
            long.extend(runs);
        }
    }
    long.sort_unstable_by_key(|run| (run.a, run.b));
    long
}

/// The tokens of `a` and of `b` that a longest common subsequence of the two leaves out.
///
/// # Complexity
/// O(a × b).
fn unmatched(a: &[u16], b: &[u16]) -> (usize, usize) {
    let mut row = vec![0usize; b.len() + 1];
    for &x in a {
        let mut diagonal = 0;
        for (j, &y) in b.iter().enumerate() {
            let above = row[j + 1];
            row[j + 1] = match x == y {
                true => diagonal + 1,
                false => above.max(row[j]),
            };
            diagonal = above;
        }
    }
    let common = row[b.len()];
    (a.len() - common, b.len() - common)
}

/// How many tokens the `ranges` cover together, each counted once.
pub fn covered(ranges: Vec<Range<usize>>) -> usize {
    covered_counted(ranges, &|tokens: Range<usize>| tokens.len())
}

/// How many tokens of a source in a range of them count.
pub type Count<'a> = &'a dyn Fn(Range<usize>) -> usize;

/// How many tokens that `count` counts the `ranges` cover together, each counted once.
pub fn covered_counted(mut ranges: Vec<Range<usize>>, count: Count) -> usize {
    ranges.sort_unstable_by_key(|range| (range.start, range.end));
    let mut total = 0;
    let mut reached = 0;
    for range in ranges {
        let start = range.start.max(reached);
        if range.end > start {
            total += count(start..range.end);
            reached = range.end;
        }
    }
    total
}

#[cfg(test)]
mod tests {
    use super::super::shared;
    use super::super::winnow::{kgram_hashes, winnow};
    use super::*;
    use crate::rng::Rng;

    /// Every maximal run of equal counted codes on every diagonal, by looking at each.
    fn every_run(a: &[u16], b: &[u16]) -> Vec<Run> {
        let mut all = Vec::new();
        for i in 0..a.len() {
            for j in 0..b.len() {
                let starts = i == 0 || j == 0 || a[i - 1] != b[j - 1] || a[i - 1] == NOT_COUNTED;
                if !starts || a[i] != b[j] || a[i] == NOT_COUNTED {
                    continue;
                }
                let len = (0..)
                    .take_while(|&n| {
                        i + n < a.len() && j + n < b.len() && a[i + n] == b[j + n] && {
                            a[i + n] != NOT_COUNTED
                        }
                    })
                    .count();
                all.push(Run { a: i, b: j, len });
            }
        }
        all
    }

    #[test]
    fn runs_are_the_maximal_runs_through_the_pairs() {
        let seed = 0x5eed_0005;
        println!("runs oracle seed {seed:#x}");
        let mut rng = Rng::new(seed);
        for case in 0..2_000 {
            let alphabet = 2 + rng.below(4);
            let random = |rng: &mut Rng, len: usize| -> Vec<u16> {
                (0..len)
                    .map(|_| match rng.below(8) {
                        0 => NOT_COUNTED,
                        _ => rng.below(alphabet) as u16,
                    })
                    .collect()
            };
            let len = rng.below(40);
            let a = random(&mut rng, len);
            let len = rng.below(40);
            let b = random(&mut rng, len);
            let k = 1 + rng.below(5);
            // Every pair of equal k-grams, as winnowing would at best give them.
            let mut pairs = Vec::new();
            for i in 0..a.len().saturating_sub(k - 1) {
                for j in 0..b.len().saturating_sub(k - 1) {
                    if a[i..i + k] == b[j..j + k] && rng.below(3) > 0 {
                        pairs.push((i, j));
                    }
                }
            }
            let mut found = runs(&pairs, k, &a, &b);
            found.sort_by_key(|run| (run.a, run.b));
            let mut expected: Vec<Run> = every_run(&a, &b)
                .into_iter()
                .filter(|run| {
                    pairs.iter().any(|&(i, j)| {
                        i as isize - j as isize == run.a as isize - run.b as isize
                            && i < run.a + run.len
                            && run.a < i + k
                    })
                })
                .collect();
            expected.sort_by_key(|run| (run.a, run.b));
            assert_eq!(found, expected, "case {case}: k {k}, {a:?} {b:?} {pairs:?}");
        }
    }

    /// [`runs`] the plain way, as its oracle: every pair walks back to the start of its run,
    /// however long (work quadratic in a run's length), then on as [`runs`] does.
    fn runs_by_walking_back(
        pairs: &[(usize, usize)],
        k: usize,
        a_codes: &[u16],
        b_codes: &[u16],
    ) -> Vec<Run> {
        let same = |i: usize, j: usize| match (a_codes.get(i), b_codes.get(j)) {
            (Some(&x), Some(&y)) => x == y && x != NOT_COUNTED,
            _ => false,
        };
        let mut done: HashMap<isize, usize> = HashMap::new();
        let mut found = Vec::new();
        for &(pa, pb) in pairs {
            let diagonal = pa as isize - pb as isize;
            let (mut i, mut j) = (pa, pb);
            while i > 0 && j > 0 && same(i, j) && same(i - 1, j - 1) {
                i -= 1;
                j -= 1;
            }
            while i < pa + k.max(1) {
                if done.get(&diagonal).is_some_and(|&end| i < end) {
                    let end = done[&diagonal];
                    j += end - i;
                    i = end;
                    continue;
                }
                if !same(i, j) {
                    i += 1;
                    j += 1;
                    continue;
                }
                let start = (i, j);
                while same(i, j) {
                    i += 1;
                    j += 1;
                }
                found.push(Run {
                    a: start.0,
                    b: start.1,
                    len: i - start.0,
                });
                done.insert(diagonal, i);
            }
        }
        found
    }

    /// Codes of a class's sources as a copier makes them, below `longest` or a few more: `a`
    /// random, or a short pattern repeated; `b` the same, edited here and there, or shifted,
    /// or apart.
    fn alike_codes(rng: &mut Rng, longest: usize) -> (Vec<u16>, Vec<u16>) {
        let alphabet = 2 + rng.below(6);
        let code = |rng: &mut Rng| match rng.below(16) {
            0 => NOT_COUNTED,
            _ => rng.below(alphabet) as u16,
        };
        let len = rng.below(longest);
        let a: Vec<u16> = match rng.below(3) {
            0 => (0..len).map(|_| code(rng)).collect(),
            _ => {
                let pattern: Vec<u16> = (0..1 + rng.below(6)).map(|_| code(rng)).collect();
                pattern.iter().copied().cycle().take(len).collect()
            }
        };
        let mut b = match rng.below(4) {
            0 => (0..rng.below(longest)).map(|_| code(rng)).collect(),
            1 => a[rng.below(a.len() + 1)..].to_vec(),
            _ => a.clone(),
        };
        for _ in 0..rng.below(4) * rng.below(8) {
            let at = rng.below(b.len() + 1);
            match rng.below(3) {
                0 => b.insert(at, code(rng)),
                1 if at < b.len() => b[at] = code(rng),
                _ if at < b.len() => drop(b.remove(at)),
                _ => {}
            }
        }
        (a, b)
    }

    /// Pairs of positions of the same hash as `grade` gives them: its shared fingerprints,
    /// with `window`, the combinations of a repeated hash cut down; sorted.
    fn winnowed_pairs(a: &[u16], b: &[u16], k: usize, window: usize) -> Vec<(usize, usize)> {
        let fingerprints = |codes: &[u16]| {
            let codes: Vec<u64> = codes.iter().map(|&code| code as u64).collect();
            let mut picked = winnow(&kgram_hashes(&codes, k), window);
            picked.sort_unstable();
            picked
        };
        shared::shared(&fingerprints(a), &fingerprints(b)).pairs
    }

    #[test]
    fn runs_are_what_walking_back_finds() {
        let seed = 0x5eed_0007;
        println!("runs walking back oracle seed {seed:#x}");
        let mut rng = Rng::new(seed);
        for case in 0..3_000 {
            let k = 1 + rng.below(24);
            // Pairs as winnowing gives them, or some of every pair of equal k-grams (of
            // shorter codes: there are many); with pairs of unequal ones among them (as a hash
            // collision makes).
            let (a, b, mut pairs) = match rng.below(2) {
                0 => {
                    let (a, b) = alike_codes(&mut rng, 1_000);
                    let pairs = winnowed_pairs(&a, &b, k, 1 + rng.below(8));
                    (a, b, pairs)
                }
                _ => {
                    let (a, b) = alike_codes(&mut rng, 200);
                    let keep = 1 + rng.below(200);
                    let mut pairs = Vec::new();
                    for i in 0..a.len().saturating_sub(k - 1) {
                        for j in 0..b.len().saturating_sub(k - 1) {
                            if a[i..i + k] == b[j..j + k] && rng.below(1_000) < keep {
                                pairs.push((i, j));
                            }
                        }
                    }
                    (a, b, pairs)
                }
            };
            for _ in 0..rng.below(3) * rng.below(10) {
                pairs.push((rng.below(a.len() + 1), rng.below(b.len() + 1)));
            }
            pairs.sort_unstable();
            pairs.dedup();
            let expected = runs_by_walking_back(&pairs, k, &a, &b);
            assert_eq!(
                runs(&pairs, k, &a, &b),
                expected,
                "case {case}: k {k}, {a:?} {b:?} {pairs:?}"
            );
        }
    }

    #[test]
    fn runs_compare_each_token_a_bounded_number_of_times() {
        let seed = 0x5eed_0006;
        println!("runs work seed {seed:#x}");
        let mut rng = Rng::new(seed);
        // The tokens of 1 MiB of code or so, and of 1 MiB of `x++;` over and over.
        let tokens = 1 << 19;
        let code: Vec<u16> = (0..tokens).map(|_| rng.below(40) as u16).collect();
        let line: Vec<u16> = [1, 2, 3].iter().copied().cycle().take(tokens).collect();
        let shifted = [&[4, 5, 3][..], &line[..tokens - 3]].concat();
        // Each of its fingerprints 4 times in each: every combination pairs, on 7 diagonals.
        let blocks = code[..tokens / 4].repeat(4);
        let options = super::super::Options::default();
        for (name, a, b) in [
            ("the same code", &code, &code),
            ("one line over and over", &line, &line),
            ("one line over and over, one shifted", &line, &shifted),
            ("a block four times in both", &blocks, &blocks),
        ] {
            let pairs = winnowed_pairs(a, b, options.k, options.window);
            let (found, steps) = runs_and_steps(&pairs, options.k, a, b);
            let tokens = a.len() + b.len();
            println!(
                "{name}: {tokens} tokens, {} pairs, {} runs, {steps} tokens compared",
                pairs.len(),
                found.len()
            );
            assert!(steps <= 4 * tokens, "{name}: {steps} compared of {tokens}");
        }
    }

    #[test]
    fn runs_join_across_shared_code_between_two_changes() {
        // 30 tokens, then a token changed in each, 20 shared that no run was found in, a
        // statement of 6 inserted in b, and 30 more.
        let mut a: Vec<u16> = (0..30).collect();
        let mut b = a.clone();
        a.push(900);
        b.push(901);
        a.extend(100..120);
        b.extend(100..120);
        b.extend(500..506);
        a.extend(200..230);
        b.extend(200..230);
        let found = [
            Run {
                a: 0,
                b: 0,
                len: 30,
            },
            Run {
                a: 51,
                b: 57,
                len: 30,
            },
        ];
        let all = |tokens: Range<usize>| tokens.len();
        let limits = (2, 50, 60);
        assert_eq!(
            long_stretches_counted(&found, limits, (&all, &all), (&a, &b)),
            found
        );
        assert!(long_stretches(&found, 2, 50, 60).is_empty());
        // Code of their own between the runs in both: apart.
        let mut own = b.clone();
        own[31..51].iter_mut().for_each(|code| *code += 1_000);
        assert!(long_stretches_counted(&found, limits, (&all, &all), (&a, &own)).is_empty());
    }

    #[test]
    fn unmatched_is_what_a_longest_common_subsequence_leaves() {
        assert_eq!(unmatched(&[], &[1, 2]), (0, 2));
        assert_eq!(unmatched(&[1, 2, 3, 4], &[1, 9, 3, 4, 8]), (1, 2));
        assert_eq!(unmatched(&[5, 6], &[6, 5]), (1, 1));
    }

    #[test]
    fn covered_counts_overlaps_once() {
        assert_eq!(covered(vec![]), 0);
        assert_eq!(covered(vec![5..9, 0..3, 2..4, 6..7, 9..9]), 4 + 4);
    }
}
