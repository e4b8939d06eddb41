//! The fingerprints two sources share: which hashes, where each source has them, and which
//! position in one goes with which in the other.

use super::winnow::Fingerprint;

/// What two sources' fingerprints have in common.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Shared {
    /// Distinct hashes in both.
    pub hashes: usize,
    /// Every position in the first of a shared hash, sorted.
    pub in_a: Vec<usize>,
    /// Every position in the second of a shared hash, sorted.
    pub in_b: Vec<usize>,
    /// Positions (in the first, in the second) of the same hash, sorted: every combination of
    /// a hash's positions, or, for a hash repeated so often that the combinations pass
    /// [`MOST_COMBINATIONS`], its positions paired in order (first with first, and so on).
    pub pairs: Vec<(usize, usize)>,
}

/// The most pairs of positions one hash gives: a k-gram repeated all over two files (a long
/// run of the same statement) would otherwise give a number of pairs quadratic in their size.
pub const MOST_COMBINATIONS: usize = 16;

/// What `a` and `b` share; both sorted by hash, then position.
///
/// # Complexity
/// O(a + b), plus sorting the result.
///
/// # Examples
///
/// ```
/// use minejudge::grade::similarity::shared::shared;
/// use minejudge::grade::similarity::winnow::Fingerprint;
///
/// let at = |hash, position| Fingerprint { hash, position };
/// let both = shared(&[at(1, 0), at(5, 9), at(7, 3)], &[at(5, 2), at(7, 8), at(9, 1)]);
/// assert_eq!(both.hashes, 2);
/// assert_eq!(both.pairs, [(3, 8), (9, 2)]);
/// ```
pub fn shared(a: &[Fingerprint], b: &[Fingerprint]) -> Shared {
    let mut both = Shared::default();
    let (mut i, mut j) = (0, 0);
    while i < a.len() && j < b.len() {
        let hash = a[i].hash;
        if hash < b[j].hash {
            i += 1;
            continue;
        }
        if hash > b[j].hash {
            j += 1;
            continue;
        }
        let in_a = run_of(&a[i..], hash);
        let in_b = run_of(&b[j..], hash);
        i += in_a.len();
        j += in_b.len();
        both.hashes += 1;
        both.in_a.extend(in_a.iter().map(|f| f.position));
        both.in_b.extend(in_b.iter().map(|f| f.position));
        if in_a.len() * in_b.len() <= MOST_COMBINATIONS {
            for x in in_a {
                both.pairs
                    .extend(in_b.iter().map(|y| (x.position, y.position)));
            }
        } else {
            let in_order = in_a.iter().zip(in_b);
            both.pairs
                .extend(in_order.map(|(x, y)| (x.position, y.position)));
        }
    }
    both.in_a.sort_unstable();
    both.in_b.sort_unstable();
    both.pairs.sort_unstable();
    both
}

/// The fingerprints at the front of `sorted` with `hash`.
fn run_of(sorted: &[Fingerprint], hash: u64) -> &[Fingerprint] {
    let len = sorted.iter().take_while(|f| f.hash == hash).count();
    &sorted[..len]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::Rng;

    /// Every pair of positions with equal hashes, found by looking at every pair.
    fn pairs_naively(a: &[Fingerprint], b: &[Fingerprint]) -> Vec<(usize, usize)> {
        let mut pairs = Vec::new();
        for x in a {
            for y in b {
                if x.hash == y.hash {
                    pairs.push((x.position, y.position));
                }
            }
        }
        pairs.sort();
        pairs
    }

    #[test]
    fn shared_matches_comparing_every_pair() {
        let seed = 0x5eed_0004;
        println!("shared fingerprints oracle seed {seed:#x}");
        let mut rng = Rng::new(seed);
        for _ in 0..2_000 {
            let random = |rng: &mut Rng| -> Vec<Fingerprint> {
                let len = rng.below(30);
                let mut fingerprints: Vec<Fingerprint> = (0..len)
                    .map(|position| Fingerprint {
                        hash: rng.below(12) as u64,
                        position,
                    })
                    .collect();
                fingerprints.sort();
                fingerprints
            };
            let a = random(&mut rng);
            let b = random(&mut rng);
            let both = shared(&a, &b);
            let naive = pairs_naively(&a, &b);
            let hashes: std::collections::BTreeSet<u64> = naive
                .iter()
                .map(|&(x, _)| a.iter().find(|f| f.position == x).unwrap().hash)
                .collect();
            assert_eq!(both.hashes, hashes.len());
            let mut in_a: Vec<usize> = a
                .iter()
                .filter(|f| hashes.contains(&f.hash))
                .map(|f| f.position)
                .collect();
            in_a.sort();
            assert_eq!(both.in_a, in_a);
            // Every pair is a true match; unless a hash is cut down, all of them are there.
            assert!(both.pairs.iter().all(|pair| naive.contains(pair)));
            if naive.len() <= MOST_COMBINATIONS {
                assert_eq!(both.pairs, naive);
            }
        }
    }

    #[test]
    fn a_repeated_hash_pairs_in_order() {
        let same = |count: usize| -> Vec<Fingerprint> {
            (0..count)
                .map(|position| Fingerprint { hash: 3, position })
                .collect()
        };
        let both = shared(&same(1_000), &same(2_000));
        assert_eq!(both.pairs.len(), 1_000);
        assert!(both.pairs.iter().all(|&(x, y)| x == y));
        assert_eq!(both.in_b.len(), 2_000);
    }
}
