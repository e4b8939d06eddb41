//! Fingerprints of a token sequence by winnowing (Schleimer, Wilkerson and Aiken, "Winnowing:
//! local algorithms for document fingerprinting", SIGMOD 2003): hash every k-gram (`k` tokens
//! in a row), then in every window of `window` consecutive hashes select the least, the
//! rightmost on ties; the fingerprints are the selected hashes with their positions.
//!
//! With the guarantee threshold t = k + window - 1, any run of at least t tokens that two
//! sequences share gives both the same fingerprint (a window of hashes inside the run is the
//! same in both, and so is its least hash); a run shorter than the noise threshold k gives
//! none (but by a hash collision).

use std::collections::VecDeque;

/// A selected k-gram.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Fingerprint {
    /// The k-gram's hash.
    pub hash: u64,
    /// The index of its first token.
    pub position: usize,
}

/// The polynomial's base for k-gram hashes: odd, so that multiplying by it loses nothing
/// modulo 2^64.
const BASE: u64 = 0x9e37_79b9_7f4a_7c15;

/// The hash of each k-gram of `codes` (one per position `0..=len - k`; none if there are fewer
/// than `k` codes): a rolling polynomial modulo 2^64 (Karp and Rabin), then mixed so that the
/// least hash of a window is any of its k-grams with equal chance. A `k` of 0 is taken as 1.
///
/// # Complexity
/// O(codes).
///
/// # Examples
///
/// ```
/// use minejudge::grade::similarity::winnow::kgram_hashes;
///
/// let hashes = kgram_hashes(&[1, 2, 3, 1, 2, 3], 3);
/// assert_eq!(hashes.len(), 4);
/// assert_eq!(hashes[0], hashes[3], "the same 3 codes, the same hash");
/// assert_ne!(hashes[0], hashes[1]);
/// ```
pub fn kgram_hashes(codes: &[u64], k: usize) -> Vec<u64> {
    let k = k.max(1);
    if codes.len() < k {
        return Vec::new();
    }
    let top = (1..k).fold(1u64, |power, _| power.wrapping_mul(BASE));
    let mut rolling = codes[..k].iter().fold(0u64, |hash, &code| {
        hash.wrapping_mul(BASE).wrapping_add(code)
    });
    let mut hashes = Vec::with_capacity(codes.len() - k + 1);
    hashes.push(mix(rolling));
    for i in k..codes.len() {
        rolling = rolling
            .wrapping_sub(codes[i - k].wrapping_mul(top))
            .wrapping_mul(BASE)
            .wrapping_add(codes[i]);
        hashes.push(mix(rolling));
    }
    hashes
}

/// SplitMix64's finaliser: a bijection of u64, so it adds no collisions.
fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// The fingerprints of `hashes`: in every run of `window` consecutive hashes, the least, the
/// rightmost on ties, each selected position once, in order of position. A sequence shorter
/// than `window` is one window (so a short file still has a fingerprint); a `window` of 0 is
/// taken as 1.
///
/// # Complexity
/// O(hashes): a deque of the candidates for least, each pushed and popped once.
///
/// # Examples
///
/// ```
/// use minejudge::grade::similarity::winnow::winnow;
///
/// let picked: Vec<usize> = winnow(&[7, 3, 5, 3, 9, 8, 1], 3).iter().map(|f| f.position).collect();
/// assert_eq!(picked, [1, 3, 6]);
/// ```
pub fn winnow(hashes: &[u64], window: usize) -> Vec<Fingerprint> {
    let window = window.max(1).min(hashes.len());
    let mut fingerprints: Vec<Fingerprint> = Vec::new();
    // Positions whose hashes rise strictly from front to back: the front is the window's least.
    let mut candidates: VecDeque<usize> = VecDeque::new();
    for (end, &hash) in hashes.iter().enumerate() {
        while candidates.back().is_some_and(|&back| hashes[back] >= hash) {
            candidates.pop_back();
        }
        candidates.push_back(end);
        if end + 1 < window {
            continue;
        }
        while candidates
            .front()
            .is_some_and(|&front| front + window <= end)
        {
            candidates.pop_front();
        }
        let least = candidates[0];
        if fingerprints.last().map_or(true, |f| f.position != least) {
            fingerprints.push(Fingerprint {
                hash: hashes[least],
                position: least,
            });
        }
    }
    fingerprints
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::Rng;

    /// Winnowing as the paper states it, naively: every window scanned for its rightmost least.
    fn winnow_naively(hashes: &[u64], window: usize) -> Vec<Fingerprint> {
        let window = window.max(1).min(hashes.len());
        let mut picked: Vec<usize> = Vec::new();
        if hashes.is_empty() {
            return Vec::new();
        }
        for start in 0..=hashes.len() - window {
            let mut least = start;
            for i in start..start + window {
                if hashes[i] <= hashes[least] {
                    least = i;
                }
            }
            if picked.last() != Some(&least) {
                picked.push(least);
            }
        }
        picked
            .into_iter()
            .map(|position| Fingerprint {
                hash: hashes[position],
                position,
            })
            .collect()
    }

    /// Every k-gram's hash computed on its own, without rolling.
    fn kgram_hashes_naively(codes: &[u64], k: usize) -> Vec<u64> {
        if codes.len() < k {
            return Vec::new();
        }
        (0..=codes.len() - k)
            .map(|start| {
                let mut hash = 0u64;
                for &code in &codes[start..start + k] {
                    hash = hash.wrapping_mul(BASE).wrapping_add(code);
                }
                mix(hash)
            })
            .collect()
    }

    #[test]
    fn winnowing_matches_the_naive_selection() {
        let seed = 0x5eed_0001;
        println!("winnowing oracle seed {seed:#x}");
        let mut rng = Rng::new(seed);
        for case in 0..5_000 {
            let len = rng.below(60);
            // Few distinct values make ties, which is where rightmost-or-leftmost shows.
            let spread = [2, 5, 1 << 40][case % 3];
            let hashes: Vec<u64> = (0..len).map(|_| rng.below(spread) as u64).collect();
            let window = rng.below(12);
            assert_eq!(
                winnow(&hashes, window),
                winnow_naively(&hashes, window),
                "case {case}: window {window}, hashes {hashes:?}"
            );
        }
    }

    #[test]
    fn rolling_hashes_match_hashing_each_kgram() {
        let seed = 0x5eed_0002;
        println!("k-gram hash oracle seed {seed:#x}");
        let mut rng = Rng::new(seed);
        for _ in 0..2_000 {
            let codes: Vec<u64> = (0..rng.below(50)).map(|_| rng.below(600) as u64).collect();
            let k = 1 + rng.below(20);
            assert_eq!(kgram_hashes(&codes, k), kgram_hashes_naively(&codes, k));
        }
    }

    #[test]
    fn a_shared_run_of_t_tokens_shares_a_fingerprint_inside_it() {
        let seed = 0x5eed_0003;
        println!("guarantee seed {seed:#x}");
        let mut rng = Rng::new(seed);
        for case in 0..3_000 {
            let k = 1 + rng.below(15);
            let window = 1 + rng.below(10);
            let t = k + window - 1;
            let alphabet = 2 + rng.below(30);
            let random = |rng: &mut Rng, most: usize| -> Vec<u64> {
                let len = rng.below(most);
                (0..len).map(|_| rng.below(alphabet) as u64).collect()
            };
            let extra = random(&mut rng, 20);
            let shared: Vec<u64> = (0..t)
                .map(|_| rng.below(alphabet) as u64)
                .chain(extra)
                .collect();
            let before_a = random(&mut rng, 40);
            let after_a = random(&mut rng, 40);
            let before_b = random(&mut rng, 40);
            let after_b = random(&mut rng, 40);
            let a = [before_a.clone(), shared.clone(), after_a].concat();
            let b = [before_b.clone(), shared.clone(), after_b].concat();
            let inside = |start: usize| start..=start + shared.len() - k;
            let fa = winnow(&kgram_hashes(&a, k), window);
            let fb = winnow(&kgram_hashes(&b, k), window);
            let found = fa.iter().any(|x| {
                inside(before_a.len()).contains(&x.position)
                    && fb
                        .iter()
                        .any(|y| y.hash == x.hash && inside(before_b.len()).contains(&y.position))
            });
            assert!(
                found,
                "case {case}: k {k}, window {window}, a {a:?}, b {b:?}"
            );
        }
    }

    #[test]
    fn short_and_empty_sequences() {
        assert_eq!(winnow(&[], 4), []);
        assert_eq!(
            winnow(&[5, 2, 2], 4),
            [Fingerprint {
                hash: 2,
                position: 2
            }]
        );
        assert_eq!(kgram_hashes(&[1, 2], 3), Vec::<u64>::new());
        assert_eq!(kgram_hashes(&[1, 2], 0).len(), 2);
        assert_eq!(winnow(&[4, 3], 0).len(), 2);
    }
}
