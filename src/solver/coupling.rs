//! The coupling of components through a known total. (With only a density known, components
//! are independent: an arrangement with k mines weighs odds^k.) With the total known they are
//! coupled through the cells off the frontier: a frontier total of t mines leaves
//! C(outside, left - t) ways to place the rest. Each
//! component's mine-count law is then weighted by the ways everything else can take the
//! remaining mines, for all components at once by divide and conquer: products of the count
//! laws going up a balanced tree, leave-one-out weights coming down (O(W^2) time and
//! O(W log C) memory for C components whose counts span W values in all, against O(C * W)
//! memory for the plain prefix/suffix tables). Which counts are possible at all is tracked
//! apart, as interval lists, so that an underflowed weight never makes a possible count look
//! impossible and no cell is called certain because of rounding.

use super::counting::{
    correlate_into, hull_back_into, normalise, outside_ways_into, CountLaw, Hull, Poly,
};

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
    fn law<'a>(&'a self, laws: CoupledLaws<'a>) -> &'a CountLaw {
        if self.leaf == usize::MAX {
            &self.law
        } else {
            laws.get(self.leaf)
        }
    }
}

/// The laws coupled: those of components `ids`, indices into `all`.
#[derive(Clone, Copy, Debug)]
pub(super) struct CoupledLaws<'a> {
    pub all: &'a [CountLaw],
    pub ids: &'a [u32],
}

impl<'a> CoupledLaws<'a> {
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
        laws: CoupledLaws,
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
        laws: CoupledLaws,
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
        laws: CoupledLaws,
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solver::counting::{hull_contains, normalise};

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
    fn leave_one_out_weights_match_direct_sums() {
        // Three components and 4 outside cells, 3 mines left.
        let laws = [
            law(0, &[1.0, 2.0]),
            law(1, &[3.0, 0.0, 1.0]),
            law(0, &[1.0, 1.0, 5.0]),
        ];
        let mut work = 0;
        let mut coupling = Coupling::default();
        let laws_coupled = CoupledLaws {
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
        let laws = CoupledLaws {
            all: &laws,
            ids: &[0],
        };
        let result = Coupling::default().couple(laws, 3, 1, ln_binomial, &mut work, u64::MAX);
        assert_eq!(result.err(), Some(Uncoupled::Impossible));
    }
}
