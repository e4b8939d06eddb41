//! The work one analysis may do, counted in nodes, so that results depend on the view alone,
//! never on time or threads.

/// The work one analysis may do, in nodes: enumeration steps (a mine placed or moved, an
/// arrangement recorded), and 16 multiply-adds of the combination count as one. It bounds
/// the search of every decision, probes included, whatever the input: about 10-20 ms of
/// enumeration; the passes linear in the board (grouping, the estimate and its checks) come on
/// top (up to about 1.2 s on a 1000x1000 panel: docs/solver.md, `cargo bench --bench
/// solver_worst`).
/// Ordinary games never use more than a small part of it. The endgame search on a dense board may walk
/// 25 times as many (`endgame/search.rs`): 50 million nodes, up to about 370 ms measured.
pub const NODE_BUDGET: u64 = 2_000_000;

/// Multiply-adds of the combination per budget node.
pub(super) const PRODUCTS_PER_NODE: u64 = 16;

/// The nodes one analysis may walk, and those it has walked.
#[derive(Debug)]
pub(super) struct NodeBudget {
    per_analysis: u64,
    /// Nodes left in this analysis, and those walked beyond its budget by an endgame search
    /// allowed more (on a dense board).
    left: u64,
    overdraft: u64,
}

impl NodeBudget {
    /// A budget of `nodes` per analysis (0 means [`NODE_BUDGET`]).
    pub(super) fn new(nodes: u64) -> NodeBudget {
        NodeBudget {
            per_analysis: if nodes == 0 { NODE_BUDGET } else { nodes },
            left: 0,
            overdraft: 0,
        }
    }

    /// The nodes one analysis may walk.
    pub(super) fn per_analysis(&self) -> u64 {
        self.per_analysis
    }

    /// A new analysis: the whole budget is left.
    pub(super) fn start(&mut self) {
        self.left = self.per_analysis;
        self.overdraft = 0;
    }

    /// The nodes left in this analysis.
    pub(super) fn left(&self) -> u64 {
        self.left
    }

    /// Takes `nodes` out of what is left (down to 0).
    pub(super) fn spend(&mut self, nodes: u64) {
        self.left = self.left.saturating_sub(nodes);
    }

    /// Takes `work` nodes out of `extra` first (nodes allowed beyond the budget), then out of
    /// what is left of the budget.
    pub(super) fn spend_beyond(&mut self, work: u64, extra: &mut u64) {
        let beyond = work.min(*extra);
        *extra -= beyond;
        self.overdraft += beyond;
        self.left = self.left.saturating_sub(work - beyond);
    }

    /// The nodes this analysis walked, those beyond its budget included.
    pub(super) fn walked(&self) -> u64 {
        self.per_analysis - self.left + self.overdraft
    }

    /// No limit from here on: for tests that call what-ifs directly.
    #[cfg(test)]
    pub(super) fn lift(&mut self) {
        self.left = u64::MAX;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nodes_beyond_the_budget_come_out_of_the_extra_first() {
        let mut budget = NodeBudget::new(100);
        budget.start();
        budget.spend(30);
        let mut extra = 50;
        budget.spend_beyond(60, &mut extra);
        assert_eq!((budget.left(), extra), (60, 0));
        assert_eq!(budget.walked(), 90);
        budget.spend(1000);
        assert_eq!((budget.left(), budget.walked()), (0, 150));
        assert_eq!(NodeBudget::new(0).per_analysis(), NODE_BUDGET);
    }
}
