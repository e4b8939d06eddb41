//! The estimate for a component with too many arrangements to enumerate: belief propagation.
//!
//! Boxes are variables (how many of their cells are mines, with the prior C(s, m) * odds^m of
//! the density), numbers are factors (their boxes' mines add up to what they miss). Messages
//! run between them until the boxes' laws settle, with damping. On a tree this is exact; on
//! the frontier's short loops it is an estimate whose calibration the crafted-panel test
//! measures. A value a message rules out is impossible given the others (the reasoning of arc
//! consistency), so a box left with one possible value is certain: that is the only
//! certainty drawn from an estimate.

use super::frontier::{Cell, Component, NONE};

/// At most this many rounds of messages; each costs O(numbers * 8 * 9 * 9).
const ROUNDS: usize = 60;

/// Stop once no box's probability moves by more than this in a round.
const SETTLED: f64 = 1e-7;

/// The weight of a new message against the last one (damping against oscillation).
const STEP: f64 = 0.5;

/// Message entries are kept at least this large relative to the largest unless they are
/// exactly 0 (impossible): products of a few messages then never underflow.
const FLOOR: f64 = 1e-30;

/// What the estimate gives for a component.
#[derive(Clone, Debug, Default)]
pub(super) struct Marginals {
    /// Per box: the chance that each of its cells is a mine (exactly 0 or 1 only when certain).
    pub probability: Vec<f64>,
    /// The fewest and most mines the boxes' possible values allow.
    pub lo: usize,
    pub hi: usize,
    /// The component's mine count as a normal law with this mean and variance.
    pub mean: f64,
    pub variance: f64,
}

type Poly = [f64; 9];

/// Belief propagation's reusable buffers.
#[derive(Debug, Default)]
pub(super) struct Propagator {
    /// Per box: where its messages start, its size, its factor edges.
    size: Vec<usize>,
    box_edges: Vec<[u32; 8]>,
    /// Per edge (a number and one of its boxes): factor-to-box and box-to-factor messages.
    edge_box: Vec<u32>,
    to_box: Vec<Poly>,
    to_factor: Vec<Poly>,
    prior: Vec<Poly>,
    belief: Vec<Poly>,
    last: Vec<f64>,
}

impl Propagator {
    /// The estimate for `comp` (numbers read from `cells`) with a prior of `odds` = p / (1 - p)
    /// per cell, into `out`. False when the messages prove that no arrangement fits.
    ///
    /// # Complexity
    /// O(ROUNDS * numbers * 8 * 81); memory O(boxes + 8 * numbers).
    pub(super) fn run(
        &mut self,
        comp: &Component,
        cells: &[Cell],
        odds: f64,
        out: &mut Marginals,
    ) -> bool {
        let boxes = comp.boxes();
        self.size.clear();
        self.size.extend((0..boxes).map(|b| comp.box_size(b)));
        self.box_edges.clear();
        self.box_edges.resize(boxes, [NONE; 8]);
        self.edge_box.clear();
        self.edge_box.extend_from_slice(&comp.con_boxes);
        for (e, &b) in comp.con_boxes.iter().enumerate() {
            let slots = &mut self.box_edges[b as usize];
            let free = slots.iter().position(|&s| s == NONE).expect("8 numbers");
            slots[free] = e as u32;
        }
        self.prior.clear();
        for b in 0..boxes {
            let s = self.size[b];
            let mut p = [0.0; 9];
            let mut binom = 1.0;
            for (m, entry) in p.iter_mut().enumerate().take(s + 1) {
                *entry = binom * odds.powi(m as i32);
                binom = binom * (s - m) as f64 / (m + 1) as f64;
            }
            normalise(&mut p, s);
            self.prior.push(p);
        }
        let edges = comp.con_boxes.len();
        self.to_box.clear();
        self.to_box.resize(edges, [1.0; 9]);
        self.to_factor.clear();
        for e in 0..edges {
            self.to_factor.push(self.prior[self.edge_box[e] as usize]);
        }
        self.belief.clear();
        self.belief.resize(boxes, [0.0; 9]);
        self.last.clear();
        self.last.resize(boxes, -1.0);
        for _ in 0..ROUNDS {
            for i in 0..comp.cons.len() {
                let need = cells[comp.cons[i] as usize].need as i32;
                let from = comp.con_start[i] as usize;
                let to = comp.con_start[i + 1] as usize;
                if !self.factor_messages(from..to, need) {
                    return false;
                }
            }
            let mut moved: f64 = 0.0;
            for b in 0..boxes {
                let Some(p) = self.box_messages(b) else {
                    return false;
                };
                moved = moved.max((p - self.last[b]).abs());
                self.last[b] = p;
            }
            if moved < SETTLED {
                break;
            }
        }
        self.marginals(boxes, out);
        true
    }

    /// New messages from one number (the edges `range`) to its boxes.
    fn factor_messages(&mut self, range: std::ops::Range<usize>, need: i32) -> bool {
        let d = range.len();
        let mut prefix = [[0.0; 9]; 9];
        let mut prefix_deg = [0usize; 9];
        prefix[0][0] = 1.0;
        for j in 0..d {
            let e = range.start + j;
            let s = self.size[self.edge_box[e] as usize];
            let (head, tail) = prefix.split_at_mut(j + 1);
            prefix_deg[j + 1] =
                multiply(&head[j], prefix_deg[j], &self.to_factor[e], s, &mut tail[0]);
        }
        let mut suffix = [0.0; 9];
        suffix[0] = 1.0;
        let mut suffix_deg = 0;
        for j in (0..d).rev() {
            let e = range.start + j;
            let s = self.size[self.edge_box[e] as usize];
            let mut others = [0.0; 9];
            let deg = multiply(&prefix[j], prefix_deg[j], &suffix, suffix_deg, &mut others);
            let mut message = [0.0; 9];
            for (m, entry) in message.iter_mut().enumerate().take(s + 1) {
                let want = need - m as i32;
                if want >= 0 && want as usize <= deg {
                    *entry = others[want as usize];
                }
            }
            if !normalise(&mut message, s) {
                return false;
            }
            let old = &mut self.to_box[e];
            for m in 0..=s {
                old[m] = if message[m] == 0.0 || old[m] == 0.0 {
                    0.0
                } else {
                    (1.0 - STEP) * old[m] + STEP * message[m]
                };
            }
            if !normalise(old, s) {
                return false;
            }
            let mut next = [0.0; 9];
            suffix_deg = multiply(&suffix, suffix_deg, &self.to_factor[e], s, &mut next);
            suffix = next;
        }
        true
    }

    /// Box `b`'s belief and its messages back to its numbers; the probability of each of its
    /// cells, `None` when no value is possible.
    fn box_messages(&mut self, b: usize) -> Option<f64> {
        let s = self.size[b];
        let mut list = [0usize; 8];
        let mut count = 0;
        for &e in self.box_edges[b].iter().take_while(|&&e| e != NONE) {
            list[count] = e as usize;
            count += 1;
        }
        let edges = &list[..count];
        let mut belief = self.prior[b];
        for &e in edges {
            times(&mut belief, &self.to_box[e], s);
        }
        if !normalise(&mut belief, s) {
            return None;
        }
        for (k, &e) in edges.iter().enumerate() {
            let mut message = self.prior[b];
            for (j, &other) in edges.iter().enumerate() {
                if j != k {
                    times(&mut message, &self.to_box[other], s);
                }
            }
            if !normalise(&mut message, s) {
                return None;
            }
            self.to_factor[e] = message;
        }
        self.belief[b] = belief;
        Some(mean(&belief, s) / s as f64)
    }

    fn marginals(&self, boxes: usize, out: &mut Marginals) {
        out.probability.clear();
        out.lo = 0;
        out.hi = 0;
        out.mean = 0.0;
        out.variance = 0.0;
        for b in 0..boxes {
            let s = self.size[b];
            let belief = &self.belief[b];
            let total: f64 = belief[..=s].iter().sum();
            let mu = mean(belief, s);
            let second: f64 = (0..=s).map(|m| belief[m] * (m * m) as f64).sum::<f64>() / total;
            let low = (0..=s).find(|&m| belief[m] > 0.0).unwrap_or(0);
            let high = (0..=s).rev().find(|&m| belief[m] > 0.0).unwrap_or(s);
            let p = if high == 0 {
                0.0
            } else if low == s {
                1.0
            } else {
                (mu / s as f64).clamp(f64::MIN_POSITIVE, 1.0 - f64::EPSILON)
            };
            out.probability.push(p);
            out.lo += low;
            out.hi += high;
            out.mean += mu;
            out.variance += (second - mu * mu).max(0.0);
        }
    }
}

/// `out = a * b` for polynomials of degrees `da` and `db` (their sum at most 8); the degree.
fn multiply(a: &Poly, da: usize, b: &Poly, db: usize, out: &mut Poly) -> usize {
    *out = [0.0; 9];
    for i in 0..=da {
        if a[i] == 0.0 {
            continue;
        }
        for j in 0..=db {
            out[i + j] += a[i] * b[j];
        }
    }
    da + db
}

/// Scales `p[..=s]` so that its largest entry is 1 and keeps the others at least [`FLOOR`]
/// unless 0; false when every entry is 0.
fn normalise(p: &mut Poly, s: usize) -> bool {
    let top = p[..=s].iter().cloned().fold(0.0, f64::max);
    if top <= 0.0 || !top.is_finite() {
        return false;
    }
    for v in p[..=s].iter_mut() {
        if *v > 0.0 {
            *v = (*v / top).max(FLOOR);
        }
    }
    true
}

/// `p[m] *= q[m]` for m in `0..=s`.
fn times(p: &mut Poly, q: &Poly, s: usize) {
    for (x, y) in p[..=s].iter_mut().zip(&q[..=s]) {
        *x *= y;
    }
}

/// The mean of the law `p[..=s]` (not necessarily normalised).
fn mean(p: &Poly, s: usize) -> f64 {
    let total: f64 = p[..=s].iter().sum();
    (0..=s).map(|m| p[m] * m as f64).sum::<f64>() / total
}
