//! C++'s `std::mt19937_64` and libstdc++'s `std::uniform_int_distribution<int>`, bit for bit, so
//! that a course's C++ generator can be replayed from its seed.

/// The state size in 64-bit words (`n`).
const N: usize = 312;
/// The shift of the twist's middle word (`m`).
const M: usize = 156;
/// The twist matrix's last row (`a`).
const MATRIX_A: u64 = 0xB502_6F5A_A966_19E9;
/// The high `w - r` = 33 bits of a word (`r` = 31).
const UPPER_MASK: u64 = !0 << 31;
/// The low `r` = 31 bits of a word.
const LOWER_MASK: u64 = (1 << 31) - 1;
/// The seeding multiplier (`f`).
const INIT_MULTIPLIER: u64 = 6_364_136_223_846_793_005;

/// `std::mt19937_64`: the 64-bit Mersenne Twister with the standard's parameters, seeded as the
/// standard's `seed(value)` does.
///
/// # Examples
/// ```
/// use minejudge::players::acm_client::mt19937::Mt19937_64;
/// let mut engine = Mt19937_64::new(19260817);
/// assert_eq!(engine.next_u64(), 6011348917613078650);
/// ```
#[derive(Clone)]
pub struct Mt19937_64 {
    state: [u64; N],
    /// The next word of `state` to temper; [`N`] means twist first.
    next: usize,
}

impl Mt19937_64 {
    /// The engine `std::mt19937_64 engine(seed)` makes (the C++ default seed is 5489).
    pub fn new(seed: u64) -> Mt19937_64 {
        let mut state = [0; N];
        state[0] = seed;
        for i in 1..N {
            let prev = state[i - 1];
            state[i] = INIT_MULTIPLIER
                .wrapping_mul(prev ^ (prev >> 62))
                .wrapping_add(i as u64);
        }
        Mt19937_64 { state, next: N }
    }

    /// The next output, as `engine()` returns it.
    ///
    /// # Complexity
    /// O(1) amortized: every 312th call regenerates the whole state.
    pub fn next_u64(&mut self) -> u64 {
        if self.next == N {
            self.twist();
        }
        let mut y = self.state[self.next];
        self.next += 1;
        y ^= (y >> 29) & 0x5555_5555_5555_5555;
        y ^= (y << 17) & 0x71D6_7FFF_EDA6_0000;
        y ^= (y << 37) & 0xFFF7_EEE0_0000_0000;
        y ^ (y >> 43)
    }

    /// A uniform `int` in `low..=high`, as `std::uniform_int_distribution<int>(low, high)(engine)`
    /// gives it with libstdc++ (see [`uniform_int`]).
    ///
    /// # Panics
    /// If `low > high` (undefined behaviour in C++).
    pub fn uniform_int(&mut self, low: i32, high: i32) -> i32 {
        uniform_int(low, high, || self.next_u64())
    }

    /// Regenerates all [`N`] words at once, as libstdc++ does.
    fn twist(&mut self) {
        for i in 0..N {
            let y = (self.state[i] & UPPER_MASK) | (self.state[(i + 1) % N] & LOWER_MASK);
            let odd = if y & 1 == 1 { MATRIX_A } else { 0 };
            self.state[i] = self.state[(i + M) % N] ^ (y >> 1) ^ odd;
        }
        self.next = 0;
    }
}

/// libstdc++'s (version 11 and later) `std::uniform_int_distribution<int>(low, high)` over a
/// 64-bit engine whose outputs `next` returns: Lemire's multiply-and-shift with rejection.
/// With `range = high - low + 1`, an output `x` is rejected while the low 64 bits of
/// `x * range` fall below `2^64 mod range` (which makes every result equally likely), and the
/// result is `low + (x * range >> 64)`. Every call takes at least one output, even when
/// `low == high`.
///
/// # Panics
/// If `low > high`.
///
/// # Complexity
/// One output of `next`, and another with probability below `range / 2^64` (at most 2^-32).
pub fn uniform_int(low: i32, high: i32, mut next: impl FnMut() -> u64) -> i32 {
    assert!(low <= high, "uniform_int({low}, {high})");
    let range = (high as i64 - low as i64 + 1) as u64;
    let mut product = next() as u128 * range as u128;
    if (product as u64) < range {
        let threshold = range.wrapping_neg() % range;
        while (product as u64) < threshold {
            product = next() as u128 * range as u128;
        }
    }
    (low as i64 + (product >> 64) as i64) as i32
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn first_outputs_of_seed_19260817() {
        let mut engine = Mt19937_64::new(19_260_817);
        assert_eq!(engine.next_u64(), 6_011_348_917_613_078_650);
        assert_eq!(engine.next_u64(), 1_118_276_002_723_922_851);
        assert_eq!(engine.next_u64(), 10_137_290_500_976_269_819);
    }

    #[test]
    fn the_standards_check_value_crosses_many_twists() {
        // The C++ standard's required value: the 10000th output of the default seed.
        let mut engine = Mt19937_64::new(5489);
        let mut last = 0;
        for _ in 0..10_000 {
            last = engine.next_u64();
        }
        assert_eq!(last, 9_981_545_732_273_789_042);
    }

    /// `uniform_int` over a fixed list of outputs; also returns how many it took.
    fn scripted(low: i32, high: i32, outputs: &[u64]) -> (i32, usize) {
        let mut taken = 0;
        let value = uniform_int(low, high, || {
            taken += 1;
            outputs[taken - 1]
        });
        (value, taken)
    }

    #[test]
    fn first_click_of_the_worked_example() {
        // Random(1, 8) on the first output of seed 19260817: 1 + floor(x * 8 / 2^64) = 3.
        assert_eq!(scripted(1, 8, &[6_011_348_917_613_078_650]), (3, 1));
        assert_eq!(Mt19937_64::new(19_260_817).uniform_int(1, 8), 3);
    }

    #[test]
    fn the_top_bits_pick_the_value() {
        assert_eq!(scripted(0, 7, &[0]), (0, 1));
        // 2^64 mod 10 = 6: an output of 0 is rejected for ten values.
        assert_eq!(scripted(0, 9, &[0, 0, u64::MAX / 2]), (4, 3));
        assert_eq!(scripted(0, 9, &[u64::MAX]), (9, 1));
        assert_eq!(scripted(-5, -5, &[u64::MAX]), (-5, 1));
        assert_eq!(scripted(i32::MIN, i32::MAX, &[1 << 63]), (0, 1));
        assert_eq!(scripted(i32::MIN, i32::MAX, &[u64::MAX]), (i32::MAX, 1));
    }

    #[test]
    fn rejection_draws_again_below_the_threshold() {
        // range = 3_000_000_001 (odd): 2^64 mod range = 560_636_927, so rejection happens.
        let (low, high) = (-1_500_000_000, 1_500_000_000);
        let range: u64 = 3_000_000_001;
        let threshold = range.wrapping_neg() % range;
        assert_eq!(threshold, 560_636_927);
        // x = range^-1 mod 2^64 makes the low half of x * range exactly 1: below the
        // threshold, so it is rejected; u64::MAX then gives the top value.
        let inverse = (0..6).fold(range, |inv, _| {
            inv.wrapping_mul(2u64.wrapping_sub(range.wrapping_mul(inv)))
        });
        assert_eq!(inverse.wrapping_mul(range), 1);
        assert_eq!(scripted(low, high, &[inverse, u64::MAX]), (high, 2));
        // Twice rejected (low half 1, then 0), then accepted.
        assert_eq!(scripted(low, high, &[inverse, 0, 1 << 63]), (0, 3));
        // Low half below the range but at the threshold: the slow path accepts it.
        let at_threshold = inverse.wrapping_mul(threshold);
        assert_eq!(at_threshold.wrapping_mul(range), threshold);
        let expected = low + ((at_threshold as u128 * range as u128) >> 64) as i32;
        assert_eq!(scripted(low, high, &[at_threshold]), (expected, 1));
    }

    #[test]
    fn one_value_still_takes_an_output() {
        let mut engine = Mt19937_64::new(7);
        let mut twin = engine.clone();
        assert_eq!(engine.uniform_int(4, 4), 4);
        twin.next_u64();
        assert_eq!(engine.next_u64(), twin.next_u64());
    }
}
