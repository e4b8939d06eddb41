//! Counting arrangements: a component's law of its mine count (weights by count, and the
//! counts possible, kept apart as interval lists so that an underflowed weight never makes a
//! possible count look impossible), the products and correlations of such laws, the ways to
//! place the remaining mines off the frontier (ln binomials), and an arrangement's weight
//! odds^k with a density. The analysis, the probes and the 50/50s all count with these.

use super::component::ComponentLaw;
use super::index::NONE;
use super::tallies::Counts;

/// `p / (1 - p)` with `p` kept inside (0, 1).
pub(super) fn odds(p: f64) -> f64 {
    let p = p.clamp(1e-9, 1.0 - 1e-9);
    p / (1.0 - p)
}

pub(super) fn ln_binomial(ln_factorial: &[f64], n: usize, k: usize) -> f64 {
    ln_factorial[n] - ln_factorial[k] - ln_factorial[n - k]
}

/// The weights odds^k by count over some counts of an enumerated component, divided by
/// `exp(top)` (the largest over its possible counts); returned with `top`.
pub(super) fn odds_weights(c: Counts, ln_odds: f64) -> (Poly, f64) {
    let top = (c.lo..=c.hi())
        .filter(|&k| c.row[k - c.lo] != NONE)
        .map(|k| k as f64 * ln_odds)
        .fold(f64::NEG_INFINITY, f64::max);
    let w = (c.lo..=c.hi())
        .map(|k| (k as f64 * ln_odds - top).exp())
        .collect();
    (Poly { lo: c.lo as i64, w }, top)
}

/// Every count allowed.
pub(super) fn all_counts() -> Hull {
    vec![(i64::MIN / 4, i64::MAX / 4)]
}

/// Sorted, disjoint, closed intervals of integers.
pub(super) type Hull = Vec<(i64, i64)>;

/// Weights by count, `w[i]` for count `lo + i`, known up to a common factor.
#[derive(Clone, Debug, Default)]
pub(super) struct Poly {
    pub lo: i64,
    pub w: Vec<f64>,
}

impl Poly {
    pub(super) fn hi(&self) -> i64 {
        self.lo + self.w.len() as i64 - 1
    }

    pub(super) fn at(&self, k: i64) -> f64 {
        if k < self.lo || k > self.hi() {
            0.0
        } else {
            self.w[(k - self.lo) as usize]
        }
    }

    /// Drops zero weights at both ends; returns the ln of the factor the weights were divided
    /// by to make the largest 1 (0 for an all-zero poly, left empty).
    pub(super) fn tidy(&mut self) -> f64 {
        let Some(first) = self.w.iter().position(|&x| x > 0.0) else {
            self.w.clear();
            return 0.0;
        };
        let last = self
            .w
            .iter()
            .rposition(|&x| x > 0.0)
            .expect("a positive weight");
        self.w.truncate(last + 1);
        self.w.drain(..first);
        self.lo += first as i64;
        let top = self.w.iter().cloned().fold(0.0, f64::max);
        self.w.iter_mut().for_each(|x| *x /= top);
        top.ln()
    }
}

/// A component's law of its mine count.
#[derive(Clone, Debug, Default)]
pub(super) struct CountLaw {
    /// Weights by count, divided by `exp(ln_scale)`.
    pub poly: Poly,
    pub ln_scale: f64,
    /// The counts some arrangement has (a superset for an estimated component).
    pub possible: Hull,
}

impl CountLaw {
    /// Makes it the law of exactly zero mines (the empty product), its buffers reused.
    pub(super) fn set_one(&mut self) {
        self.poly.lo = 0;
        self.poly.w.clear();
        self.poly.w.push(1.0);
        self.ln_scale = 0.0;
        self.possible.clear();
        self.possible.push((0, 0));
    }

    /// The law of `self` and `other` together (independent parts) into `out`, its buffers
    /// reused; `work` grows by its cost.
    pub(super) fn and_into(&self, other: &CountLaw, out: &mut CountLaw, work: &mut u64) {
        convolve_into(&self.poly, &other.poly, &mut out.poly, work);
        let ln = out.poly.tidy();
        out.ln_scale = self.ln_scale + other.ln_scale + ln;
        hull_sum_into(&self.possible, &other.possible, &mut out.possible);
    }
}

/// Sorts the intervals and merges those overlapping or touching.
pub(super) fn normalise(hull: &mut Hull) {
    if hull.len() < 2 {
        // Most are one interval: nothing to sort or merge.
        return;
    }
    hull.sort_unstable();
    let mut len = 0;
    for at in 0..hull.len() {
        let (a, b) = hull[at];
        if len > 0 && a <= hull[len - 1].1 + 1 {
            hull[len - 1].1 = hull[len - 1].1.max(b);
        } else {
            hull[len] = (a, b);
            len += 1;
        }
    }
    hull.truncate(len);
}

/// `{ a + b }` over `a` in `x`, `b` in `y`, into `out`.
pub(super) fn hull_sum_into(x: &[(i64, i64)], y: &[(i64, i64)], out: &mut Hull) {
    out.clear();
    for &(a, b) in x {
        for &(c, d) in y {
            out.push((a + c, b + d));
        }
    }
    normalise(out);
}

/// `{ i : i + j in outer for some j in part }`, into `out`.
pub(super) fn hull_back_into(outer: &[(i64, i64)], part: &[(i64, i64)], out: &mut Hull) {
    out.clear();
    for &(a, b) in outer {
        for &(c, d) in part {
            out.push((a - d, b - c));
        }
    }
    normalise(out);
}

pub(super) fn hull_contains(hull: &Hull, k: i64) -> bool {
    hull.iter().any(|&(a, b)| a <= k && k <= b)
}

/// `a * b` into `out`; `work` grows by the number of products.
fn convolve_into(a: &Poly, b: &Poly, out: &mut Poly, work: &mut u64) {
    out.w.clear();
    if a.w.is_empty() || b.w.is_empty() {
        out.lo = 0;
        return;
    }
    out.lo = a.lo + b.lo;
    out.w.resize(a.w.len() + b.w.len() - 1, 0.0);
    for (i, &x) in a.w.iter().enumerate() {
        if x == 0.0 {
            continue;
        }
        for (j, &y) in b.w.iter().enumerate() {
            out.w[i + j] += x * y;
        }
    }
    *work += (a.w.len() * b.w.len()) as u64;
}

/// `r[i] = sum over j of part[j] * outer[i + j]`, for i in `lo..=hi`, into `out`.
pub(super) fn correlate_into(
    outer: &Poly,
    part: &Poly,
    lo: i64,
    hi: i64,
    out: &mut Poly,
    work: &mut u64,
) {
    out.lo = lo;
    out.w.clear();
    out.w
        .extend((lo..=hi).map(|i| correlate_at(outer, part, i)));
    *work += (out.w.len() * part.w.len()) as u64;
}

/// `sum over j of part[j] * outer[i + j]`.
fn correlate_at(outer: &Poly, part: &Poly, i: i64) -> f64 {
    // Only the terms where `outer` has a weight: the others add +0.0 (the weights are finite
    // and not negative), which changes no sum.
    let start = i + part.lo - outer.lo;
    let first = (-start).clamp(0, part.w.len() as i64) as usize;
    let end = (outer.w.len() as i64 - start).clamp(first as i64, part.w.len() as i64) as usize;
    let mut sum = 0.0;
    for (j, &p) in part.w.iter().enumerate().take(end).skip(first) {
        sum += p * outer.w[(start + j as i64) as usize];
    }
    sum
}

/// The product of `laws[id]` over the ids of `order` that `keep` keeps, into `out` (`scratch`
/// is a buffer).
pub(super) fn product_into(
    order: &[u32],
    laws: &[CountLaw],
    keep: impl Fn(u32) -> bool,
    out: &mut CountLaw,
    scratch: &mut CountLaw,
    work: &mut u64,
) {
    out.set_one();
    for &id in order {
        if keep(id) {
            out.and_into(&laws[id as usize], scratch, work);
            std::mem::swap(out, scratch);
        }
    }
}

/// The outside's ways by frontier total t: C(outside, left - t) over `lo..=hi`, divided by
/// `exp(reference)` where `reference` is their largest ln; returned with it.
fn outside_ways(
    outside: usize,
    left: i64,
    lo: i64,
    hi: i64,
    ln_binomial: impl Fn(usize, usize) -> f64,
) -> (Poly, f64) {
    let mut ways = Poly::default();
    let reference = outside_ways_into(outside, left, lo, hi, ln_binomial, &mut ways);
    (ways, reference)
}

/// [`outside_ways`] into `out`, its buffer reused; returns the reference.
pub(super) fn outside_ways_into(
    outside: usize,
    left: i64,
    lo: i64,
    hi: i64,
    ln_binomial: impl Fn(usize, usize) -> f64,
    out: &mut Poly,
) -> f64 {
    out.lo = lo;
    out.w.clear();
    out.w.extend((lo..=hi).map(|t| {
        let rest = left - t;
        if rest >= 0 && rest as usize <= outside {
            ln_binomial(outside, rest as usize)
        } else {
            f64::NEG_INFINITY
        }
    }));
    let top = out.w.iter().cloned().fold(f64::NEG_INFINITY, f64::max);
    for x in out.w.iter_mut() {
        *x = if top.is_finite() {
            (*x - top).exp()
        } else {
            0.0
        };
    }
    if top.is_finite() {
        top
    } else {
        0.0
    }
}

/// [`outside_ways`] remembered by its arguments: a guess's probes ask for the same few over
/// and over. The ways depend on the arguments alone, so a remembered answer is the answer.
#[derive(Debug, Default)]
pub(super) struct WaysMemo {
    /// Their arguments, apart from the answers so that looking one up reads them alone.
    keys: Vec<WaysKey>,
    /// By their arguments' place in `keys`: the ways and their reference.
    entries: Vec<(Poly, f64)>,
    /// The place of the last answer given: the next question is often the same.
    last: usize,
}

/// The arguments of [`outside_ways`] but the binomial: outside, left, lo, hi.
type WaysKey = (usize, i64, i64, i64);

/// Answers a [`WaysMemo`] keeps before it starts over (a bound on its memory and its search).
const WAYS_KEPT: usize = 64;

impl WaysMemo {
    /// [`outside_ways`] for these arguments.
    pub(super) fn get(
        &mut self,
        outside: usize,
        left: i64,
        lo: i64,
        hi: i64,
        ln_binomial: impl Fn(usize, usize) -> f64,
    ) -> (&Poly, f64) {
        let key = (outside, left, lo, hi);
        let at = if self.keys.get(self.last) == Some(&key) {
            self.last
        } else {
            match self.keys.iter().position(|&k| k == key) {
                Some(at) => at,
                None => {
                    if self.keys.len() == WAYS_KEPT {
                        self.keys.clear();
                        self.entries.clear();
                    }
                    self.keys.push(key);
                    self.entries
                        .push(outside_ways(outside, left, lo, hi, ln_binomial));
                    self.keys.len() - 1
                }
            }
        };
        self.last = at;
        let (ways, reference) = &self.entries[at];
        (ways, *reference)
    }
}

/// The weight of `region` (a law over some cells) with `rest` (the other components' law)
/// and `outside` cells off the frontier, `left` mines to place among all of them: ln of
/// `sum over j, t of region[j] * rest[t] * C(outside, left - j - t)`, with both laws' scales.
/// `None` when no split fits.
pub(super) fn ln_weight_with(
    region: &CountLaw,
    rest: &CountLaw,
    outside: usize,
    left: usize,
    ways: &mut WaysMemo,
    ln_binomial: impl Fn(usize, usize) -> f64,
    work: &mut u64,
) -> Option<f64> {
    if region.poly.w.is_empty() || rest.poly.w.is_empty() {
        return None;
    }
    let lo = region.poly.lo + rest.poly.lo;
    let hi = region.poly.hi() + rest.poly.hi();
    let (g, reference) = ways.get(outside, left as i64, lo, hi, ln_binomial);
    let mut sum = 0.0;
    for (at, &r) in region.poly.w.iter().enumerate() {
        sum += correlate_at(g, &rest.poly, region.poly.lo + at as i64) * r;
    }
    *work += (region.poly.w.len() * rest.poly.w.len()) as u64;
    (sum > 0.0 && sum.is_finite()).then(|| sum.ln() + reference + region.ln_scale + rest.ln_scale)
}

/// A component's count law for the coupling, into `out` (its buffers reused).
pub(super) fn fill_count_law(law: &ComponentLaw, out: &mut CountLaw) {
    match law {
        ComponentLaw::Exact(t) => fill_counts_law(t.counts(0), t.ln_scale, out),
        ComponentLaw::Approximate(m) => {
            out.possible.clear();
            out.poly.w.clear();
            let variance = m.variance.max(0.25);
            out.poly.lo = m.lo as i64;
            out.poly.w.extend(
                (m.lo..=m.hi).map(|k| (-(k as f64 - m.mean).powi(2) / (2.0 * variance)).exp()),
            );
            out.ln_scale = 0.0;
            out.possible.push((m.lo as i64, m.hi as i64));
        }
        ComponentLaw::Pending => unreachable!("a component not analysed"),
    }
}

/// The count law of some counts of an enumerated component (scaled by `exp(ln_scale)`).
pub(super) fn fill_counts_law(c: Counts, ln_scale: f64, out: &mut CountLaw) {
    out.possible.clear();
    for (i, &row) in c.row.iter().enumerate() {
        if row == NONE {
            continue;
        }
        let k = (c.lo + i) as i64;
        match out.possible.last_mut() {
            Some(last) if last.1 + 1 == k => last.1 = k,
            _ => out.possible.push((k, k)),
        }
    }
    out.poly.lo = c.lo as i64;
    out.poly.w.clear();
    out.poly.w.extend_from_slice(c.weight);
    out.ln_scale = ln_scale;
}

/// The ln of the total weight of counts `c`, an arrangement with k mines weighing odds^k.
pub(super) fn ln_weight_at(c: Counts, ln_scale: f64, ln_odds: f64) -> f64 {
    let (coef, top) = odds_weights(c, ln_odds);
    let z: f64 = c.weight.iter().zip(&coef.w).map(|(w, x)| w * x).sum();
    z.ln() + top + ln_scale
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn intervals_add_and_subtract() {
        let a = vec![(0, 0), (2, 2)];
        let b = vec![(0, 1)];
        let sum = |x: &Hull, y: &Hull| {
            let mut out = Hull::new();
            hull_sum_into(x, y, &mut out);
            out
        };
        assert_eq!(sum(&a, &b), vec![(0, 3)]);
        assert_eq!(sum(&a, &a), vec![(0, 0), (2, 2), (4, 4)]);
        let mut back = Hull::new();
        hull_back_into(&[(5, 5)], &a, &mut back);
        assert_eq!(back, vec![(3, 3), (5, 5)]);
        assert!(hull_contains(&a, 2) && !hull_contains(&a, 1));
    }
}
