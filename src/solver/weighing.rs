//! One component weighed: given the weight of each of its mine counts (everything else
//! summed out), each box's probability and the boxes certain over the counts allowed.

use super::component::Component;
use super::counting::{hull_contains, Hull, Poly};
use super::frontier::Know;
use super::index::NONE;
use super::tallies::{Tallies, SOME_MINE, SOME_SAFE};

/// A component weighed: per box its probability and what is certain of it. Its buffers are
/// reused from one component to the next.
#[derive(Debug, Default)]
pub(super) struct WeighedBoxes {
    pub probability: Vec<f64>,
    pub settled: Vec<Know>,
    /// Scratch: per box, the `seen` bits over the allowed counts.
    seen: Vec<u8>,
}

impl WeighedBoxes {
    /// An estimated component's probabilities; the boxes it calls certain are those of
    /// probability exactly 0 or 1.
    pub(super) fn estimated(&mut self, probability: &[f64]) {
        self.probability.clear();
        self.probability.extend_from_slice(probability);
        self.settled.clear();
        self.settled.extend(probability.iter().map(|&p| {
            if p == 0.0 {
                Know::Safe
            } else if p == 1.0 {
                Know::Mine
            } else {
                Know::Unknown
            }
        }));
    }
}

/// An enumerated component's boxes weighed by `coef` (by count) into `out`: each box's
/// probability and the boxes certain over the counts in `allowed`. Returns the total weight.
pub(super) fn box_laws(
    comp: &Component,
    t: &Tallies,
    coef: &Poly,
    allowed: &Hull,
    out: &mut WeighedBoxes,
) -> f64 {
    let boxes = t.boxes;
    let counts = t.counts(0);
    let expected = &mut out.probability;
    expected.clear();
    expected.resize(boxes, 0.0);
    let seen = &mut out.seen;
    seen.clear();
    seen.resize(boxes, 0);
    let mut z = 0.0;
    for (i, &row) in counts.row.iter().enumerate() {
        if row == NONE {
            continue;
        }
        let k = counts.lo + i;
        let c = coef.at(k as i64);
        z += counts.weight[i] * c;
        let base = row as usize * boxes;
        if c != 0.0 {
            for (b, e) in expected.iter_mut().enumerate() {
                *e += t.mines[base + b] * c;
            }
        }
        if hull_contains(allowed, k as i64) {
            for (b, s) in seen.iter_mut().enumerate() {
                *s |= t.seen[base + b];
            }
        }
    }
    // The expected mines become the probabilities in place.
    for (b, p) in expected.iter_mut().enumerate() {
        *p = if z > 0.0 {
            (*p / (z * comp.box_size(b) as f64)).clamp(0.0, 1.0)
        } else {
            0.5
        };
    }
    out.settled.clear();
    out.settled.extend(seen.iter().map(|&s| {
        if s & SOME_MINE == 0 {
            Know::Safe
        } else if s & SOME_SAFE == 0 {
            Know::Mine
        } else {
            Know::Unknown
        }
    }));
    z
}
