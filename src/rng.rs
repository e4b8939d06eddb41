//! A small seeded PRNG (SplitMix64): the same seed gives the same stream on every machine.

/// SplitMix64: one `u64` of state, passes BigCrush, trivially seedable.
///
/// # Examples
///
/// ```
/// use minejudge::rng::Rng;
///
/// let mut rng = Rng::new(42);
/// let roll = rng.below(6);
/// assert!(roll < 6);
/// assert_eq!(Rng::new(42).below(6), roll, "a seed names its stream");
/// ```
#[derive(Clone, Debug)]
pub struct Rng {
    state: u64,
}

impl Rng {
    /// The stream of `seed`.
    pub fn new(seed: u64) -> Rng {
        Rng { state: seed }
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A uniform integer in `0..bound` (Lemire's multiply-shift; the bias is below 2^-32 for
    /// every bound this crate uses).
    ///
    /// # Panics
    /// If `bound` is 0.
    pub fn below(&mut self, bound: usize) -> usize {
        assert!(bound > 0, "below(0)");
        ((self.next_u64() as u128 * bound as u128) >> 64) as usize
    }

    /// A uniform integer in `low..=high`.
    pub fn range(&mut self, low: i64, high: i64) -> i64 {
        low + self.below((high - low + 1) as usize) as i64
    }

    /// A uniform float in `[0, 1)`.
    pub fn unit(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 * (1.0 / (1u64 << 53) as f64)
    }

    /// True with probability `p`.
    pub fn chance(&mut self, p: f64) -> bool {
        self.unit() < p
    }

    /// Moves a uniform choice of `count` of `items` to the front, in random order (a partial
    /// Fisher-Yates shuffle): how mines are placed among the cells allowed to hold one.
    ///
    /// # Panics
    /// If `count > items.len()`.
    pub fn choose_front<T>(&mut self, items: &mut [T], count: usize) {
        assert!(count <= items.len(), "choose {count} of {}", items.len());
        for i in 0..count {
            let j = i + self.below(items.len() - i);
            items.swap(i, j);
        }
    }

    /// `mines` distinct cells of `0..cells`, none of them in `safe` (a first click, and its
    /// neighbours for an opening start): a partial Fisher-Yates draw ([`Rng::choose_front`]) over
    /// the other cells in index order, so a seed always deals the same mines. The one way this
    /// crate deals a game's mines: `Board::from_mines(grid, rng.deal(grid.len(), mines, &[first]))`.
    ///
    /// # Panics
    /// If a `safe` cell is not below `cells`, or `mines` is more than the cells left.
    ///
    /// # Complexity
    /// O(cells + safe cells).
    ///
    /// # Examples
    ///
    /// ```
    /// use minejudge::rng::Rng;
    ///
    /// let mines = Rng::new(42).deal(480, 99, &[0]);
    /// assert_eq!(mines.len(), 99);
    /// assert!(!mines.contains(&0), "the first click is safe");
    /// assert_eq!(Rng::new(42).deal(480, 99, &[0]), mines);
    /// ```
    pub fn deal(&mut self, cells: usize, mines: usize, safe: &[usize]) -> Vec<usize> {
        let mut kept_free = vec![false; cells];
        for &cell in safe {
            assert!(cell < cells, "safe cell {cell} off the grid");
            kept_free[cell] = true;
        }
        let mut free = Vec::with_capacity(cells);
        free.extend((0..cells).filter(|&cell| !kept_free[cell]));
        self.choose_front(&mut free, mines);
        free.truncate(mines);
        free
    }

    /// Shuffles `items` uniformly (Fisher-Yates).
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            items.swap(i, self.below(i + 1));
        }
    }
}

/// The seed of game `index` of a run seeded `seed`: `autoplay`'s benchmark and the JLU course's
/// games draw their boards from these, so that both play the same games for one seed.
pub fn game_seed(seed: u64, index: u64) -> u64 {
    Rng::new(seed ^ index.wrapping_mul(0xd1b5_4a32_d192_ed03)).next_u64()
}

/// A seed nobody knows in advance: 64 bits of the system's randomness (`/dev/urandom`), or,
/// where that cannot be read, of the random keys std draws for its hash maps mixed with the
/// clock.
pub fn system_seed() -> u64 {
    use std::io::Read;
    let mut bytes = [0u8; 8];
    let read = std::fs::File::open("/dev/urandom").and_then(|mut file| file.read_exact(&mut bytes));
    if read.is_ok() {
        return u64::from_le_bytes(bytes);
    }
    use std::hash::{BuildHasher, Hasher};
    let mut hasher = std::collections::hash_map::RandomState::new().build_hasher();
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos());
    hasher.write_u128(now);
    hasher.write_u32(std::process::id());
    hasher.finish()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_seed_same_stream() {
        let mut a = Rng::new(42);
        let mut b = Rng::new(42);
        for _ in 0..100 {
            assert_eq!(a.next_u64(), b.next_u64());
        }
        // Pinned so that a change of generator (which changes every seeded case) is noticed.
        assert_eq!(Rng::new(0).next_u64(), 0xe220_a839_7b1d_cdaf);
    }

    #[test]
    fn system_seeds_differ() {
        let seeds: Vec<u64> = (0..8).map(|_| system_seed()).collect();
        for (i, a) in seeds.iter().enumerate() {
            assert!(!seeds[..i].contains(a), "{seeds:?}: a seed came twice");
        }
    }

    #[test]
    fn dealing_keeps_every_safe_cell_free() {
        let around = [30, 31, 32, 39, 40, 41, 48, 49, 50];
        for seed in 0..100 {
            // 72 mines on 81 cells: every cell outside the nine is a mine.
            let mut mines = Rng::new(seed).deal(81, 72, &around);
            mines.sort_unstable();
            let outside: Vec<usize> = (0..81).filter(|cell| !around.contains(cell)).collect();
            assert_eq!(mines, outside, "seed {seed}");
        }
        let mut few = Rng::new(3).deal(81, 10, &[40]);
        few.sort_unstable();
        few.dedup();
        assert_eq!(few.len(), 10);
        assert!(!few.contains(&40));
    }

    #[test]
    fn choose_front_picks_distinct_items_uniformly() {
        let mut rng = Rng::new(11);
        let mut hits = [0u32; 6];
        for _ in 0..6000 {
            let mut items = [0, 1, 2, 3, 4, 5];
            rng.choose_front(&mut items, 2);
            assert_ne!(items[0], items[1]);
            let mut sorted = items;
            sorted.sort();
            assert_eq!(sorted, [0, 1, 2, 3, 4, 5], "a permutation");
            hits[items[0]] += 1;
            hits[items[1]] += 1;
        }
        // Each item is chosen 2000 times on average.
        assert!(hits.iter().all(|&h| (1800..2200).contains(&h)), "{hits:?}");
    }

    #[test]
    fn below_stays_in_range_and_hits_every_value() {
        let mut rng = Rng::new(7);
        let mut seen = [false; 10];
        for _ in 0..1000 {
            let v = rng.below(10);
            seen[v] = true;
        }
        assert!(seen.iter().all(|&s| s));
        for _ in 0..1000 {
            let v = rng.range(-3, 3);
            assert!((-3..=3).contains(&v));
            let u = rng.unit();
            assert!((0.0..1.0).contains(&u));
        }
    }
}
