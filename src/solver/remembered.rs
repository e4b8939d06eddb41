//! Enumerations remembered: a component's tallies depend only on its shape (each box's size,
//! each number's boxes and missing mines, the watched number), not on where it lies, and a
//! game's probes enumerate the same shapes again and again (a candidate whose surroundings did
//! not change since the last guess regroups into the same components). An enumeration that
//! finished is kept under its shape with the nodes it walked, and given again, nodes and all,
//! when the same shape comes with at least that many nodes left: the same result, and the same
//! budget spent, as enumerating it again.

use super::component::Component;
use super::enumerate::{Enumerated, Enumerator};
use super::frontier::Frontier;
use super::tallies::Tallies;
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

/// The memory the remembered tallies may take, in bytes (about): when full, all is forgotten.
const CAPACITY_BYTES: usize = 4 << 20;

/// A shape with more boxes than this is not remembered: its key and tallies would cost more
/// to keep than the shapes worth keeping (and the large panels make many).
const MAX_BOXES: usize = 64;

/// A shape with fewer boxes than this is enumerated again: looking it up costs as much.
const MIN_BOXES: usize = 3;

/// An enumeration that ended (exact or empty), with the nodes it walked.
#[derive(Debug)]
struct Ended {
    outcome: Enumerated,
    nodes: u64,
    tallies: Tallies,
}

/// The enumerations remembered by shape, and a buffer for the key of the next lookup.
#[derive(Debug, Default)]
pub(super) struct Remembered {
    by_shape: HashMap<Vec<u32>, Ended, BuildHasherDefault<WordHasher>>,
    /// About the memory `by_shape` takes, in bytes.
    bytes: usize,
    key: Vec<u32>,
    /// How many enumerations were given from memory, over its life.
    hits: u64,
}

impl Remembered {
    /// [`Enumerator::run`] on `comp` (in `f`), or what it gave on the same shape before: the
    /// same outcome, nodes and tallies (into `out`).
    ///
    /// # Complexity
    /// O(boxes + links) for the key, and the enumeration when not remembered.
    pub(super) fn enumerate(
        &mut self,
        enumerator: &mut Enumerator,
        f: &Frontier,
        comp: &Component,
        watch: Option<usize>,
        limit: u64,
        out: &mut Tallies,
    ) -> (Enumerated, u64) {
        if !self.set_key(f, comp, watch) {
            return enumerator.run(f, comp, watch, limit, out);
        }
        if let Some(ended) = self.by_shape.get(&self.key[..]) {
            // A walk that ended within `limit` nodes ends alike whatever the limit above.
            if ended.nodes <= limit {
                self.hits += 1;
                if ended.outcome == Enumerated::Exact {
                    out.clone_from(&ended.tallies);
                }
                return (ended.outcome, ended.nodes);
            }
        }
        let (outcome, nodes) = enumerator.run(f, comp, watch, limit, out);
        if outcome != Enumerated::OutOfBudget {
            self.put(outcome, nodes, out);
        }
        (outcome, nodes)
    }

    /// How many enumerations were given from memory.
    #[cfg(test)]
    fn hits(&self) -> u64 {
        self.hits
    }

    /// Sets the key of `comp` (in `f`), watching its number `watch`: false when the shape is
    /// not one to remember.
    fn set_key(&mut self, f: &Frontier, comp: &Component, watch: Option<usize>) -> bool {
        let boxes = comp.boxes();
        if !(MIN_BOXES..=MAX_BOXES).contains(&boxes) {
            return false;
        }
        let key = &mut self.key;
        key.clear();
        key.push(watch.map_or(0, |w| w as u32 + 1));
        key.push(boxes as u32);
        key.extend(comp.box_start.windows(2).map(|w| w[1] - w[0]));
        for (i, &con) in comp.cons.iter().enumerate() {
            // Each number's boxes are its links (a box's numbers are those listing it), its
            // missing mines (-9..=9) what it needs of them.
            let boxes = comp.boxes_of(i);
            let need = f.cells[con as usize].need as i32 as u32;
            key.push(need << 8 | boxes.len() as u32);
            key.extend_from_slice(boxes);
        }
        true
    }

    /// Remembers an enumeration of the shape last keyed, which ended.
    fn put(&mut self, outcome: Enumerated, nodes: u64, tallies: &Tallies) {
        let tallies = match outcome {
            Enumerated::Exact => tallies.clone(),
            _ => Tallies::default(),
        };
        let bytes = ENTRY_BYTES + 4 * self.key.len() + tallies_bytes(&tallies);
        if self.bytes + bytes > CAPACITY_BYTES {
            self.by_shape.clear();
            self.bytes = 0;
        }
        self.bytes += bytes;
        let ended = Ended {
            outcome,
            nodes,
            tallies,
        };
        self.by_shape.insert(self.key.clone(), ended);
    }
}

/// About what an entry takes besides its key's words and its tallies' lists: the map's slot,
/// the lists' headers and the allocator's.
const ENTRY_BYTES: usize = 192;

/// The bytes of the lists of `t`.
fn tallies_bytes(t: &Tallies) -> usize {
    8 * t.weight.len() + 4 * t.row.len() + 8 * t.mines.len() + t.seen.len()
}

/// A multiplicative hash over 64-bit words: the keys are short lists of small numbers.
#[derive(Debug, Default)]
struct WordHasher(u64);

impl Hasher for WordHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        let mut chunks = bytes.chunks_exact(8);
        for chunk in &mut chunks {
            let word = u64::from_le_bytes(chunk.try_into().expect("8 bytes"));
            self.write_u64(word);
        }
        let mut last = [0u8; 8];
        let rest = chunks.remainder();
        last[..rest.len()].copy_from_slice(rest);
        self.write_u64(u64::from_le_bytes(last) ^ (rest.len() as u64) << 56);
    }

    fn write_u64(&mut self, word: u64) {
        self.0 = (self.0.rotate_left(5) ^ word).wrapping_mul(0x51_7cc1_b727_220a_95);
    }

    fn write_usize(&mut self, word: usize) {
        self.write_u64(word as u64);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::Rng;
    use crate::solver::tests::random_view;
    use crate::solver::view::Seen;

    #[test]
    fn a_remembered_enumeration_is_a_fresh_one() {
        // The components of thousands of small random views, each enumerated afresh and
        // through one memory shared by all (watched or not, within budgets large and small):
        // the same outcome, nodes and tallies, with many given from memory.
        let seed = 0x4e3e;
        let mut rng = Rng::new(seed);
        let mut remembered = Remembered::default();
        let (mut enumerator, mut fresh) = (Enumerator::default(), Enumerator::default());
        let mut out = Tallies::default();
        let mut compared = 0;
        for case in 0..20_000 {
            let (view, _) = random_view(&mut rng, 4, 6, 10, 0.3);
            let mut f = Frontier::new();
            f.reset(view.grid());
            let mut fits = true;
            for cell in 0..view.grid().len() {
                let seen = view.get(cell);
                f.seen[cell] = seen;
                fits &= match seen {
                    Seen::Open(number) => f.open(cell, number).is_ok(),
                    Seen::Flagged => f.flag(cell).is_ok(),
                    Seen::Closed => true,
                };
            }
            if !fits || f.propagate().is_err() {
                continue;
            }
            let mut created = Vec::new();
            f.rebuild(&mut created);
            for &id in &created {
                let comp = &f.comps[id as usize];
                let watch = Some(rng.below(comp.cons.len()));
                let limit = [u64::MAX, 1 + rng.below(40) as u64][rng.below(2)];
                for watch in [None, watch] {
                    let mut want = Tallies::default();
                    let (ended, nodes) = fresh.run(&f, comp, watch, limit, &mut want);
                    let got =
                        remembered.enumerate(&mut enumerator, &f, comp, watch, limit, &mut out);
                    let context =
                        format!("case {case} (seed {seed}) watch {watch:?} limit {limit}");
                    assert_eq!(got, (ended, nodes), "{context}\n{view:?}");
                    if ended == Enumerated::Exact {
                        let (got, want) = (format!("{out:?}"), format!("{want:?}"));
                        assert_eq!(got, want, "{context}\n{view:?}");
                    }
                    compared += 1;
                }
            }
        }
        let hits = remembered.hits();
        assert!(
            compared > 5_000 && hits > 1_000,
            "{compared} compared, {hits} remembered"
        );
    }

    #[test]
    fn memory_is_capped() {
        let mut remembered = Remembered::default();
        let tallies = Tallies {
            mines: vec![0.5; 1000],
            ..Tallies::default()
        };
        for shape in 0..100_000u32 {
            remembered.key.clear();
            remembered.key.extend([shape, 3, 1, 1, 1]);
            remembered.put(Enumerated::Exact, 10, &tallies);
            assert!(remembered.bytes <= CAPACITY_BYTES);
        }
        assert!(remembered.by_shape.len() < 1000);
    }
}
