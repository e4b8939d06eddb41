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
/// list and found through an open-addressing table (one allocation per search at most, not
/// one per position).
#[derive(Debug, Default)]
pub(super) struct PositionMemo {
    lists: Vec<u16>,
    /// Per position: where its list starts in `lists`, its length, its value.
    entries: Vec<(u32, u32, Chance)>,
    /// Per slot: the low half of its position's hash, and 1 + an index into `entries` (0 for
    /// an empty slot); a power of two long, at most half full. The hash's half tells most
    /// other positions apart without reading their entries (a cache miss each).
    slots: Vec<(u32, u32)>,
}

impl PositionMemo {
    pub(super) fn clear(&mut self) {
        self.lists.clear();
        self.entries.clear();
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

    /// The slot of `set` (its hash `hash`): where it is, or the empty one where it would go.
    fn slot(&self, set: &[u16], hash: u64) -> usize {
        let mask = self.slots.len() - 1;
        let mut at = (hash >> 32) as usize & mask;
        loop {
            let (tag, entry) = self.slots[at];
            if entry == 0 {
                return at;
            }
            if tag == hash as u32 {
                let (start, len, _) = self.entries[entry as usize - 1];
                if &self.lists[start as usize..(start + len) as usize] == set {
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
        let (_, entry) = self.slots[self.slot(set, hash)];
        if entry == 0 {
            return None;
        }
        let known = self.entries[entry as usize - 1].2;
        (known.exact || known.value <= floor + TIE).then_some(known)
    }

    /// Keeps `value` for `set` (`hash` its [`PositionMemo::hash`]).
    pub(super) fn insert(&mut self, set: &[u16], hash: u64, value: Chance) {
        let full =
            self.entries.len() == MEMO_POSITIONS || self.lists.len() + set.len() > MEMO_INDICES;
        if 2 * (self.entries.len() + 1) > self.slots.len() && !full {
            let size = (2 * self.slots.len()).max(64);
            self.slots.clear();
            self.slots.resize(size, (0, 0));
            for (i, &(start, len, _)) in self.entries.iter().enumerate() {
                let list = &self.lists[start as usize..(start + len) as usize];
                let hash = PositionMemo::hash(list);
                let at = self.slot(list, hash);
                self.slots[at] = (hash as u32, i as u32 + 1);
            }
        }
        let at = self.slot(set, hash);
        if self.slots[at].1 != 0 {
            self.entries[self.slots[at].1 as usize - 1].2 = value;
            return;
        }
        if full {
            return;
        }
        self.entries
            .push((self.lists.len() as u32, set.len() as u32, value));
        self.lists.extend_from_slice(set);
        self.slots[at] = (hash as u32, self.entries.len() as u32);
    }
}

/// The cache keeps at most this many positions, and this many arrangement indices in all
/// (about 25 MB with its table): past that the search goes on without caching what it finds,
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
        assert_eq!(memo.entries.len(), MEMO_POSITIONS);
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
