//! Games' ids and unseeded games' mine seeds, drawn from the operating system's random source.
//!
//! An id is a game's only protection when `play` listens beyond this machine, and a seed is its
//! mine map: neither may follow from another. A seeded generator would let one id give away
//! the generator's state, so every id and every seed is a fresh draw from the kernel's
//! generator, which shares nothing with the stream that deals a game's mines (`Rng::new(seed)`).

use std::fs::File;
use std::io::{self, Read};

/// The kernel's generator on every Unix this crate builds on; after boot it never blocks.
const SOURCE: &str = "/dev/urandom";

/// Bits in an id: too many to guess, even at every request a server can answer.
pub const ID_BITS: usize = 128;

/// Hex digits in an id.
pub const ID_DIGITS: usize = ID_BITS / 4;

/// The operating system's random source, opened once.
pub struct OsRandom {
    source: File,
}

impl OsRandom {
    /// Opens the source, or says why it cannot be: `play` then refuses to start rather than
    /// hand out ids that could be guessed.
    pub fn open() -> io::Result<OsRandom> {
        File::open(SOURCE)
            .map(|source| OsRandom { source })
            .map_err(|err| io::Error::new(err.kind(), format!("cannot open {SOURCE}: {err}")))
    }

    /// Fills `bytes` from the source.
    pub fn fill(&mut self, bytes: &mut [u8]) -> io::Result<()> {
        self.source
            .read_exact(bytes)
            .map_err(|err| io::Error::new(err.kind(), format!("cannot read {SOURCE}: {err}")))
    }

    /// 64 fresh bits.
    pub fn next_u64(&mut self) -> io::Result<u64> {
        let mut bytes = [0u8; 8];
        self.fill(&mut bytes)?;
        Ok(u64::from_le_bytes(bytes))
    }

    /// A fresh id: [`ID_DIGITS`] lowercase hex digits.
    pub fn id(&mut self) -> io::Result<String> {
        let mut bytes = [0u8; ID_DIGITS / 2];
        self.fill(&mut bytes)?;
        Ok(bytes.iter().map(|byte| format!("{byte:02x}")).collect())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::Rng;

    /// SplitMix64's output function undone: the state that gives `output`. The ids of old were
    /// such outputs, and this is how one id gave away the next.
    fn splitmix_state(output: u64) -> u64 {
        let unshift = |mut z: u64, shift: u32| {
            let mut result = z;
            for _ in 0..64 / shift {
                z >>= shift;
                result ^= z;
            }
            result
        };
        // The multipliers' inverses modulo 2^64 (Newton's iteration).
        let inverse = |a: u64| {
            let mut x = a;
            for _ in 0..6 {
                x = x.wrapping_mul(2u64.wrapping_sub(a.wrapping_mul(x)));
            }
            x
        };
        let mut z = unshift(output, 31);
        z = unshift(z.wrapping_mul(inverse(0x94d0_49bb_1331_11eb)), 27);
        z = unshift(z.wrapping_mul(inverse(0xbf58_476d_1ce4_e5b9)), 30);
        z
    }

    /// The output SplitMix64 gives after state `state`.
    fn splitmix_next(state: u64) -> u64 {
        Rng::new(state).next_u64()
    }

    #[test]
    fn the_inverse_recovers_a_splitmix_stream() {
        // The attack the old ids allowed: it must work on SplitMix64, or its failure on our
        // ids below would prove nothing.
        let mut rng = Rng::new(0x1234_5678);
        let first = rng.next_u64();
        let second = rng.next_u64();
        assert_eq!(splitmix_next(splitmix_state(first)), second);
    }

    #[test]
    fn no_id_or_seed_follows_from_the_ones_before() {
        let mut random = OsRandom::open().expect("the OS random source");
        let mut draws = Vec::new();
        for _ in 0..2000 {
            let id = random.id().unwrap();
            assert_eq!(id.len(), ID_DIGITS);
            assert!(id
                .bytes()
                .all(|b| b.is_ascii_hexdigit() && !b.is_ascii_uppercase()));
            let high = u64::from_str_radix(&id[..16], 16).unwrap();
            let low = u64::from_str_radix(&id[16..], 16).unwrap();
            draws.extend([high, low, random.next_u64().unwrap()]);
        }
        // The SplitMix64 attack: from any draw, predict the next one (id, then seed, then id).
        let predicted = draws
            .windows(2)
            .filter(|pair| splitmix_next(splitmix_state(pair[0])) == pair[1])
            .count();
        assert_eq!(predicted, 0, "a draw followed from the one before");
        // Nor from any earlier one by a step of a counter or a repeat.
        let mut sorted = draws.clone();
        sorted.sort_unstable();
        sorted.dedup();
        assert_eq!(sorted.len(), draws.len(), "a draw repeated");
        // Each bit of the difference of consecutive draws is a fair coin: 6000 draws give
        // about 3000 ones per bit; 3000 ± 300 is ten standard deviations.
        for bit in 0..64 {
            let ones = draws
                .windows(2)
                .filter(|pair| (pair[0] ^ pair[1]) >> bit & 1 == 1)
                .count();
            assert!((2700..=3300).contains(&ones), "bit {bit}: {ones} of 5999");
        }
    }
}
