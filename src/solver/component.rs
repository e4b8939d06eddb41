//! One independent part of the frontier (a component), and what its analysis found: every
//! arrangement tallied (`enumerate.rs`), or an estimate (`approximate.rs`).

use super::tallies::Tallies;

/// One independent part of the frontier: numbers that share unknown cells, directly or
/// through others, and those cells grouped in boxes of cells that touch exactly the same
/// numbers (interchangeable: only how many of a box's cells are mines matters).
#[derive(Debug, Default)]
pub(super) struct Component {
    /// Its numbers (open cells), ascending.
    pub cons: Vec<u32>,
    /// The boxes of number `i`: `con_boxes[con_start[i]..con_start[i + 1]]`.
    pub con_start: Vec<u32>,
    pub con_boxes: Vec<u32>,
    /// Box `b`'s cells: `cells[box_start[b]..box_start[b + 1]]`; boxes in breadth-first order,
    /// so that numbers close early during enumeration.
    pub box_start: Vec<u32>,
    pub cells: Vec<u32>,
    /// Box `b`'s numbers: the directions they lie in from its first cell (each number's
    /// `slot` is its index in `cons`: see `Frontier::numbers_of`).
    pub box_mask: Vec<u8>,
    /// What its analysis found.
    law: ComponentLaw,
    /// The buffers of the laws it had before, for the next one (a guess's probes analyse
    /// thousands of components).
    spare_tallies: Tallies,
    spare_marginals: Marginals,
    /// Enumerating it ran out of budget: a component at least half its size that replaces it
    /// tries again with a small budget only.
    pub hopeless: bool,
    /// Per box: the chance each of its cells is a mine, from the last combination.
    pub box_probability: Vec<f64>,
    /// Whether it is part of the frontier now, and marked to be regrouped (the frontier's
    /// bookkeeping).
    pub live: bool,
    pub dirty: bool,
}

/// What is known of a component's arrangements.
#[derive(Debug, Default)]
pub(super) enum ComponentLaw {
    /// Not analysed yet.
    #[default]
    Pending,
    /// Every arrangement enumerated.
    Exact(Tallies),
    /// Too many to enumerate: estimated.
    Approximate(Marginals),
}

/// What the estimate gives for a component (`approximate.rs`).
#[derive(Clone, Debug, Default)]
pub(super) struct Marginals {
    /// Per box: the chance that each of its cells is a mine (exactly 0 or 1 only when certain).
    pub probability: Vec<f64>,
    /// Bounds on the component's mine count (every arrangement's count lies between).
    pub lo: usize,
    pub hi: usize,
    /// The component's mine count taken as a normal law with this mean and variance.
    pub mean: f64,
    pub variance: f64,
    /// Tighter bounds on the mine count, proven by `refute.rs`: they decide whether a known
    /// total is possible, never the weights (so that estimates do not move with them).
    pub proven_lo: usize,
    pub proven_hi: usize,
}

impl Component {
    pub(super) fn boxes(&self) -> usize {
        self.box_start.len().saturating_sub(1)
    }

    pub(super) fn box_size(&self, b: usize) -> usize {
        (self.box_start[b + 1] - self.box_start[b]) as usize
    }

    /// What its analysis found.
    pub(super) fn law(&self) -> &ComponentLaw {
        &self.law
    }

    pub(super) fn is_estimated(&self) -> bool {
        matches!(self.law, ComponentLaw::Approximate(_))
    }

    /// Tallies to enumerate it into, with the buffers of earlier ones; given back by
    /// [`Component::set_exact`] or [`Component::keep_tallies`].
    pub(super) fn take_tallies(&mut self) -> Tallies {
        std::mem::take(&mut self.spare_tallies)
    }

    /// Marginals to estimate it into, with the buffers of earlier ones.
    pub(super) fn take_marginals(&mut self) -> Marginals {
        std::mem::take(&mut self.spare_marginals)
    }

    /// Every arrangement was enumerated into `tallies`.
    pub(super) fn set_exact(&mut self, tallies: Tallies) {
        self.law = ComponentLaw::Exact(tallies);
    }

    /// Tallies that were not completed: kept for their buffers.
    pub(super) fn keep_tallies(&mut self, tallies: Tallies) {
        self.spare_tallies = tallies;
    }

    /// It was estimated into `marginals`.
    pub(super) fn set_estimated(&mut self, marginals: Marginals) {
        self.law = ComponentLaw::Approximate(marginals);
    }

    /// Empties it for reuse, keeping its buffers.
    pub(super) fn recycle(&mut self) {
        self.cons.clear();
        self.con_start.clear();
        self.con_boxes.clear();
        self.box_start.clear();
        self.cells.clear();
        self.box_mask.clear();
        self.box_probability.clear();
        match std::mem::take(&mut self.law) {
            ComponentLaw::Pending => {}
            ComponentLaw::Exact(tallies) => self.spare_tallies = tallies,
            ComponentLaw::Approximate(marginals) => self.spare_marginals = marginals,
        }
        self.hopeless = false;
        self.live = false;
        self.dirty = false;
    }

    /// Room for `cons` numbers, `boxes` boxes of `cells` cells and `links` pairs of a box and
    /// one of its numbers, at once (exactly: a large component is made once and kept).
    pub(super) fn reserve(&mut self, cons: usize, boxes: usize, cells: usize, links: usize) {
        self.cons.reserve_exact(cons);
        self.con_start.reserve_exact(cons + 1);
        self.con_boxes.reserve_exact(links);
        self.box_start.reserve_exact(boxes + 1);
        self.cells.reserve_exact(cells);
        self.box_mask.reserve_exact(boxes);
    }

    /// The boxes of number `i`.
    pub(super) fn boxes_of(&self, i: usize) -> &[u32] {
        &self.con_boxes[self.con_start[i] as usize..self.con_start[i + 1] as usize]
    }
}
