//! Combining components into probabilities.
//!
//! With only a density known, components are independent: an arrangement with k mines
//! weighs odds^k. With the total known they are coupled through the cells off the frontier: a
//! frontier total of t mines leaves C(outside, left - t) ways to place the rest. Each
//! component's mine-count law is then weighted by the ways everything else can take the
//! remaining mines, for all components at once by divide and conquer: products of the count
//! laws going up a balanced tree, leave-one-out weights coming down (O(W^2) time and
//! O(W log C) memory for C components whose counts span W values in all, against O(C * W)
//! memory for the plain prefix/suffix tables). Which counts are possible at all is tracked
//! apart, as interval lists, so that an underflowed weight never makes a possible count look
//! impossible and no cell is called certain because of rounding.

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
    fn tidy(&mut self) -> f64 {
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
fn normalise(hull: &mut Hull) {
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
    let mut sum = 0.0;
    for (j, &p) in part.w.iter().enumerate() {
        sum += p * outer.at(i + part.lo + j as i64);
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
pub(super) fn outside_ways(
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
fn outside_ways_into(
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
    /// By their arguments: the ways and their reference.
    entries: Vec<(WaysKey, Poly, f64)>,
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
        let at = match self.entries.iter().position(|e| e.0 == key) {
            Some(at) => at,
            None => {
                if self.entries.len() == WAYS_KEPT {
                    self.entries.clear();
                }
                let (ways, reference) = outside_ways(outside, left, lo, hi, ln_binomial);
                self.entries.push((key, ways, reference));
                self.entries.len() - 1
            }
        };
        let (_, ways, reference) = &self.entries[at];
        (ways, *reference)
    }
}

/// The coupling of components through a known total. Its buffers serve the next coupling.
#[derive(Debug, Default)]
pub(super) struct Coupling {
    /// Per component, in the order given: the weight of everything else by its count.
    pub coef: Vec<Poly>,
    /// Per component: the counts everything else leaves possible (intersect with its own).
    pub allowed: Vec<Hull>,
    /// By frontier total t: the frontier's weight times the outside's ways.
    pub total: Poly,
    /// The frontier totals possible with the total known.
    pub possible_totals: Hull,
    /// The tree of products; the first `nodes_used` are the last coupling's.
    nodes: Vec<Node>,
    nodes_used: usize,
}

/// What stopped a coupling.
#[derive(Debug, PartialEq, Eq)]
pub(super) enum Uncoupled {
    /// No frontier total fits the known total: the view is inconsistent.
    Impossible,
    /// The work went over `limit`, or every weight underflowed: use an estimate.
    TooCostly,
}

#[derive(Debug, Default)]
struct Node {
    /// A leaf's law (an index into the laws coupled), or `usize::MAX`.
    leaf: usize,
    left: usize,
    right: usize,
    /// An inner node's law (a leaf's is its component's).
    law: CountLaw,
    /// On the way down: the weight of everything outside the node by its count, and the
    /// counts outside allows.
    outer: Poly,
    allowed: Hull,
}

impl Node {
    fn law<'a>(&'a self, laws: Laws<'a>) -> &'a CountLaw {
        if self.leaf == usize::MAX {
            &self.law
        } else {
            laws.get(self.leaf)
        }
    }
}

/// The laws coupled: those of components `ids`, indices into `all`.
#[derive(Clone, Copy, Debug)]
pub(super) struct Laws<'a> {
    pub all: &'a [CountLaw],
    pub ids: &'a [u32],
}

impl<'a> Laws<'a> {
    fn get(self, i: usize) -> &'a CountLaw {
        &self.all[self.ids[i] as usize]
    }
}

impl Coupling {
    /// Couples `laws` with `outside` cells off the frontier and `left` mines to place among
    /// all of them. `work` grows by the
    /// products computed; past `limit` it stops.
    ///
    /// # Complexity
    /// O(W^2) for counts spanning W values in all (fewer: weights that underflow are
    /// dropped); memory O(W log C).
    pub(super) fn couple(
        &mut self,
        laws: Laws,
        outside: usize,
        left: usize,
        ln_binomial: impl Fn(usize, usize) -> f64,
        work: &mut u64,
        limit: u64,
    ) -> Result<(), Uncoupled> {
        let left = left as i64;
        let range = (left - outside as i64, left);
        self.nodes_used = 0;
        let root = if laws.ids.is_empty() {
            let root = self.node();
            let node = &mut self.nodes[root];
            (node.leaf, node.left, node.right) = (usize::MAX, 0, 0);
            node.law.set_one();
            root
        } else {
            self.build(laws, 0, laws.ids.len(), work, limit)?
        };
        let all = self.nodes[root].law(laws);
        self.possible_totals.clear();
        self.possible_totals
            .extend(all.possible.iter().filter_map(|&(a, b)| {
                let (a, b) = (a.max(range.0), b.min(range.1));
                (a <= b).then_some((a, b))
            }));
        normalise(&mut self.possible_totals);
        if self.possible_totals.is_empty() {
            return Err(Uncoupled::Impossible);
        }
        if all.poly.w.is_empty() {
            return Err(Uncoupled::TooCostly);
        }
        let (lo, hi) = (all.poly.lo, all.poly.hi());
        let mut g = std::mem::take(&mut self.nodes[root].outer);
        outside_ways_into(outside, left, lo, hi, ln_binomial, &mut g);
        let all = self.nodes[root].law(laws);
        self.total.lo = lo;
        self.total.w.clear();
        self.total
            .w
            .extend(all.poly.w.iter().zip(&g.w).map(|(p, q)| p * q));
        self.nodes[root].outer = g;
        let total = &self.total;
        if !total.w.iter().any(|&x| x > 0.0) || !total.w.iter().all(|x| x.is_finite()) {
            return Err(Uncoupled::TooCostly);
        }
        self.coef.resize_with(laws.ids.len(), Poly::default);
        self.allowed.resize_with(laws.ids.len(), Hull::new);
        if !laws.ids.is_empty() {
            let allowed = &mut self.nodes[root].allowed;
            allowed.clear();
            allowed.push(range);
            self.descend(laws, root, work, limit)?;
        }
        Ok(())
    }

    /// A node of the tree, its buffers reused.
    fn node(&mut self) -> usize {
        if self.nodes_used == self.nodes.len() {
            self.nodes.push(Node::default());
        }
        self.nodes_used += 1;
        self.nodes_used - 1
    }

    fn build(
        &mut self,
        laws: Laws,
        from: usize,
        to: usize,
        work: &mut u64,
        limit: u64,
    ) -> Result<usize, Uncoupled> {
        if to - from == 1 {
            let at = self.node();
            let node = &mut self.nodes[at];
            (node.leaf, node.left, node.right) = (from, 0, 0);
            return Ok(at);
        }
        let mid = (from + to) / 2;
        let left = self.build(laws, from, mid, work, limit)?;
        let right = self.build(laws, mid, to, work, limit)?;
        let at = self.node();
        let mut law = std::mem::take(&mut self.nodes[at].law);
        let nodes = &self.nodes;
        nodes[left]
            .law(laws)
            .and_into(nodes[right].law(laws), &mut law, work);
        let node = &mut self.nodes[at];
        (node.leaf, node.left, node.right, node.law) = (usize::MAX, left, right, law);
        if *work > limit {
            return Err(Uncoupled::TooCostly);
        }
        Ok(at)
    }

    /// The downward pass: hands node `at`'s children the weight of everything outside each
    /// by its own count and the counts outside allows, and so on down to the leaves, whose
    /// are the components' coefficients.
    fn descend(
        &mut self,
        laws: Laws,
        at: usize,
        work: &mut u64,
        limit: u64,
    ) -> Result<(), Uncoupled> {
        let node = &mut self.nodes[at];
        if node.leaf != usize::MAX {
            std::mem::swap(&mut self.coef[node.leaf], &mut node.outer);
            std::mem::swap(&mut self.allowed[node.leaf], &mut node.allowed);
            return Ok(());
        }
        let (left, right) = (node.left, node.right);
        for (child, sibling) in [(left, right), (right, left)] {
            let mut child_outer = std::mem::take(&mut self.nodes[child].outer);
            let mut child_allowed = std::mem::take(&mut self.nodes[child].allowed);
            let nodes = &self.nodes;
            let own = &nodes[child].law(laws).poly;
            let other = nodes[sibling].law(laws);
            if own.w.is_empty() {
                child_outer.lo = 0;
                child_outer.w.clear();
            } else {
                let outer = &nodes[at].outer;
                correlate_into(outer, &other.poly, own.lo, own.hi(), &mut child_outer, work);
            }
            child_outer.tidy();
            if *work > limit {
                return Err(Uncoupled::TooCostly);
            }
            hull_back_into(&nodes[at].allowed, &other.possible, &mut child_allowed);
            let node = &mut self.nodes[child];
            (node.outer, node.allowed) = (child_outer, child_allowed);
            self.descend(laws, child, work, limit)?;
        }
        Ok(())
    }
}

/// The weight of `region` (a law over some cells) with `rest` (the other components' law)
/// and `outside` cells off the frontier, `left` mines to place among all of them: ln of
/// sum over j, t of region[j] * rest[t] * C(outside, left - j - t), with both laws' scales.
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

#[cfg(test)]
mod tests {
    use super::*;

    fn law(lo: i64, w: &[f64]) -> CountLaw {
        let mut possible: Hull = w
            .iter()
            .enumerate()
            .filter(|(_, &x)| x > 0.0)
            .map(|(i, _)| (lo + i as i64, lo + i as i64))
            .collect();
        normalise(&mut possible);
        CountLaw {
            poly: Poly { lo, w: w.to_vec() },
            ln_scale: 0.0,
            possible,
        }
    }

    fn ln_binomial(n: usize, k: usize) -> f64 {
        let f = |m: usize| (1..=m).map(|i| (i as f64).ln()).sum::<f64>();
        f(n) - f(k) - f(n - k)
    }

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

    #[test]
    fn leave_one_out_weights_match_direct_sums() {
        // Three components and 4 outside cells, 3 mines left.
        let laws = [
            law(0, &[1.0, 2.0]),
            law(1, &[3.0, 0.0, 1.0]),
            law(0, &[1.0, 1.0, 5.0]),
        ];
        let mut work = 0;
        let mut coupling = Coupling::default();
        let laws_coupled = Laws {
            all: &laws,
            ids: &[0, 1, 2],
        };
        let coupled = coupling.couple(laws_coupled, 4, 3, ln_binomial, &mut work, u64::MAX);
        assert!(coupled.is_ok());
        let binom = |n: usize, k: i64| {
            if k < 0 || k as usize > n {
                0.0
            } else {
                ln_binomial(n, k as usize).exp()
            }
        };
        for c in 0..3 {
            // Direct: for each count k of c, sum over the others' counts.
            let others: Vec<usize> = (0..3).filter(|&o| o != c).collect();
            let mut direct = Vec::new();
            for k in laws[c].poly.lo..=laws[c].poly.hi() {
                let mut sum = 0.0;
                let (a, b) = (&laws[others[0]].poly, &laws[others[1]].poly);
                for i in a.lo..=a.hi() {
                    for j in b.lo..=b.hi() {
                        sum += a.at(i) * b.at(j) * binom(4, 3 - k - i - j);
                    }
                }
                direct.push(sum);
            }
            let got: Vec<f64> = (laws[c].poly.lo..=laws[c].poly.hi())
                .map(|k| coupling.coef[c].at(k))
                .collect();
            // Equal up to a factor.
            let i = direct.iter().position(|&d| d > 0.0).unwrap();
            let factor = got[i] / direct[i];
            for (g, d) in got.iter().zip(&direct) {
                assert!(
                    (g - factor * d).abs() < 1e-12,
                    "component {c}: {got:?} vs {direct:?}"
                );
            }
        }
        // Component 1 has 1 or 3 mines; 3 leaves nothing for component 0 (at least 0) and
        // component 2 (at least 0), fine; the total 3 fits both.
        assert!(hull_contains(&coupling.allowed[1], 1) && hull_contains(&coupling.allowed[1], 3));
    }

    #[test]
    fn an_impossible_total_is_reported() {
        let laws = [law(2, &[1.0])];
        let mut work = 0;
        let laws = Laws {
            all: &laws,
            ids: &[0],
        };
        let result = Coupling::default().couple(laws, 3, 1, ln_binomial, &mut work, u64::MAX);
        assert_eq!(result.err(), Some(Uncoupled::Impossible));
    }
}
