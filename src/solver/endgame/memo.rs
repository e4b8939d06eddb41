//! The values of the positions the endgame search meets, cached: the same set of
//! arrangements is reached in many orders.

/// Chances closer than this are equal: the first cell found keeps the lead.
pub(super) const TIE: f64 = 1e-12;

/// A position's chance of being won with best play, or a bound on it (`exact` false): the
/// chance is at most `value`.
#[derive(Clone, Copy, Debug)]
pub(super) struct Chance {
    pub value: f64,
    pub exact: bool,
}

impl Chance {
    pub(super) const WON: Chance = Chance {
        value: 1.0,
        exact: true,
    };
}

/// The values of the positions met (or bounds on them: see `TreeSearch::value`). A position is
/// the indices of its arrangements, ascending; the positions are kept one after another in one
/// list, each after a header holding its length and chance, and found through an
/// open-addressing table (one allocation per search at most, not one per position).
///
/// A lookup in a large search misses the cache on the slot and then on the position; the
/// header beside the position spares a third miss (an entry of its own, read before the
/// position) that a list of entries apart cost.
#[derive(Debug, Default)]
pub(super) struct PositionMemo {
    /// Each position: [`HEADER`] words (its length, its chance's bits, whether it is exact),
    /// then its arrangements.
    lists: Vec<u16>,
    /// The positions kept, and their arrangements in all (headers aside): what the caps count.
    positions: usize,
    indices: usize,
    /// Per slot: the low half of its position's hash, and 1 + where its header starts in
    /// `lists` (0 for an empty slot); a power of two long, at most half full. The hash's half
    /// tells most other positions apart without reading them.
    slots: Vec<(u32, u32)>,
}

/// The words before each position in [`PositionMemo::lists`]: its length (two), its chance's
/// bits (four), 1 if exact.
const HEADER: usize = 7;

impl PositionMemo {
    pub(super) fn clear(&mut self) {
        self.lists.clear();
        (self.positions, self.indices) = (0, 0);
        self.slots.iter_mut().for_each(|s| *s = (0, 0));
    }

    /// A multiply and a rotation per 4 arrangements (the standard hash, built to resist crafted
    /// keys, costs more than the search it serves; positions are made by the search, not
    /// given).
    pub(super) fn hash(set: &[u16]) -> u64 {
        let mut h = set.len() as u64;
        for chunk in set.chunks(4) {
            let word = chunk
                .iter()
                .enumerate()
                .fold(0u64, |w, (i, &a)| w | (a as u64) << (16 * i));
            h = (h.rotate_left(5) ^ word).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
        }
        h
    }

    /// The length of the position whose header starts at `at`.
    fn len_at(&self, at: usize) -> usize {
        self.lists[at] as usize | (self.lists[at + 1] as usize) << 16
    }

    /// The chance kept in the header at `at`.
    fn chance_at(&self, at: usize) -> Chance {
        let bits = (0..4).fold(0u64, |b, i| b | (self.lists[at + 2 + i] as u64) << (16 * i));
        Chance {
            value: f64::from_bits(bits),
            exact: self.lists[at + 6] == 1,
        }
    }

    /// Writes `value` into the header at `at`.
    fn set_chance(&mut self, at: usize, value: Chance) {
        let bits = value.value.to_bits();
        for i in 0..4 {
            self.lists[at + 2 + i] = (bits >> (16 * i)) as u16;
        }
        self.lists[at + 6] = value.exact as u16;
    }

    /// The slot of `set` (its hash `hash`): where it is, or the empty one where it would go.
    fn slot(&self, set: &[u16], hash: u64) -> usize {
        let mask = self.slots.len() - 1;
        let mut at = (hash >> 32) as usize & mask;
        loop {
            let (tag, header) = self.slots[at];
            if header == 0 {
                return at;
            }
            if tag == hash as u32 {
                let start = header as usize - 1;
                if self.len_at(start) == set.len()
                    && &self.lists[start + HEADER..start + HEADER + set.len()] == set
                {
                    return at;
                }
            }
            at = (at + 1) & mask;
        }
    }

    /// What is known of `set`'s chance (`hash` its [`PositionMemo::hash`]), when it is enough
    /// for a caller that asks for more than `floor`: the chance, or a bound on it no higher
    /// than `floor`.
    pub(super) fn get(&self, set: &[u16], hash: u64, floor: f64) -> Option<Chance> {
        if self.slots.is_empty() {
            return None;
        }
        let (_, header) = self.slots[self.slot(set, hash)];
        if header == 0 {
            return None;
        }
        let known = self.chance_at(header as usize - 1);
        (known.exact || known.value <= floor + TIE).then_some(known)
    }

    /// Keeps `value` for `set` (`hash` its [`PositionMemo::hash`]).
    pub(super) fn insert(&mut self, set: &[u16], hash: u64, value: Chance) {
        let full = self.positions == MEMO_POSITIONS || self.indices + set.len() > MEMO_INDICES;
        if 2 * (self.positions + 1) > self.slots.len() && !full {
            self.grow();
        }
        let at = self.slot(set, hash);
        if self.slots[at].1 != 0 {
            self.set_chance(self.slots[at].1 as usize - 1, value);
            return;
        }
        if full {
            return;
        }
        let start = self.lists.len();
        let len = set.len() as u32;
        self.lists
            .extend_from_slice(&[len as u16, (len >> 16) as u16, 0, 0, 0, 0, 0]);
        self.set_chance(start, value);
        self.lists.extend_from_slice(set);
        (self.positions, self.indices) = (self.positions + 1, self.indices + set.len());
        self.slots[at] = (hash as u32, start as u32 + 1);
    }

    /// Doubles the table and puts every position kept back in it.
    fn grow(&mut self) {
        let size = (2 * self.slots.len()).max(64);
        self.slots.clear();
        self.slots.resize(size, (0, 0));
        let mut start = 0;
        while start < self.lists.len() {
            let len = self.len_at(start);
            let list = &self.lists[start + HEADER..start + HEADER + len];
            let hash = PositionMemo::hash(list);
            let at = self.slot(list, hash);
            self.slots[at] = (hash as u32, start as u32 + 1);
            start += HEADER + len;
        }
    }
}

/// The cache keeps at most this many positions, and this many arrangement indices in all
/// (at most 22 MB with its headers and table: 8 MB of indices, 5.6 MB of headers, 8 MB of
/// slots): past that the search goes on without caching what it finds,
/// slower but to the same result. The largest search of 2,000 expert games kept 102,263
/// positions and 1,989,272 indices.
const MEMO_POSITIONS: usize = 400_000;
const MEMO_INDICES: usize = 4_000_000;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_cache_stops_growing_when_full_and_keeps_what_it_has() {
        let mut memo = PositionMemo::default();
        let won = Chance::WON;
        for i in 0..MEMO_POSITIONS as u32 + 10 {
            let set = [(i >> 16) as u16, i as u16];
            memo.insert(&set, PositionMemo::hash(&set), won);
        }
        assert_eq!(memo.positions, MEMO_POSITIONS);
        let five = [0, 5];
        let hash = PositionMemo::hash(&five);
        assert!(memo.get(&five, hash, -1.0).is_some());
        let last = MEMO_POSITIONS as u32 + 9;
        let last = [(last >> 16) as u16, last as u16];
        assert!(memo.get(&last, PositionMemo::hash(&last), -1.0).is_none());
        // A position kept is still brought up to date.
        let bound = Chance {
            value: 0.5,
            exact: false,
        };
        memo.insert(&five, hash, bound);
        assert!(memo.get(&five, hash, 0.4).is_none());
        assert!(memo.get(&five, hash, 0.6).is_some());
    }
}
