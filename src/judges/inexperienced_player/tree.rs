//! The end states the search deals with, as a tree of nodes (see [`EndStateTree`]).

use super::regions::NONE;
#[cfg(test)]
use crate::board::Cover;

/// The node of the untouched board, above every other.
pub(super) const TOP: u32 = 0;

/// What is known of a node's end state.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Kind {
    /// Found (or its start ruled out) in the first pass.
    Known,
    /// To be found in the second pass: the start's game stopped at the region of its parent's.
    Pending,
    /// Found in the second pass.
    Found,
    /// Made in the second pass: the end state of a region's start continued on the parent's,
    /// which several games continue on.
    Shared,
}

/// The end states the search deals with, as a tree: each node's is the game of the node's
/// start continued on top of its parent's end state, which that game reaches (step 5 of the
/// proof in [`super::rules`]); [`TOP`]'s is the untouched board.
pub(super) struct EndStateTree {
    pub(super) start: Vec<u32>,
    pub(super) kind: Vec<Kind>,
    pub(super) parent: Vec<u32>,
    /// The child of [`TOP`] the node descends from.
    pub(super) branch: Vec<u32>,
    /// The cells the node's end state opens: for a pending one, an estimate (what its game
    /// from scratch opened before it stopped, plus its parent's).
    pub(super) size: Vec<u32>,
    /// Per node, its children to build, as a list in the order they came, through
    /// `next_sibling`; and its children ready to build, another such list.
    pub(super) first_child: Vec<u32>,
    pub(super) last_child: Vec<u32>,
    first_ready: Vec<u32>,
    next_sibling: Vec<u32>,
    /// Per region, its node ([`NONE`] if none).
    pub(super) node_of_region: Vec<u32>,
    /// Per region, the node whose game was last let through it in the second pass.
    pub(super) let_through: Vec<u32>,
    /// Whether games go through the region of a node whose end state is small rather than
    /// stop there.
    through_small: bool,
    /// In unit tests, each pending end state as the second pass found it, to compare with the
    /// game of the node's start from scratch.
    #[cfg(test)]
    pub(super) found: Vec<(u32, Cover)>,
}

impl EndStateTree {
    pub(super) fn new(regions: usize, through_small: bool) -> EndStateTree {
        EndStateTree {
            start: vec![NONE],
            kind: vec![Kind::Known],
            parent: vec![NONE],
            branch: vec![TOP],
            size: vec![0],
            first_child: vec![NONE],
            last_child: vec![NONE],
            first_ready: vec![NONE],
            next_sibling: vec![NONE],
            node_of_region: vec![NONE; regions],
            let_through: vec![NONE; regions],
            through_small,
            #[cfg(test)]
            found: Vec::new(),
        }
    }

    pub(super) fn len(&self) -> u32 {
        self.start.len() as u32
    }

    /// A new node, the last child of `parent`.
    pub(super) fn add(&mut self, start: u32, kind: Kind, parent: u32, size: usize) -> u32 {
        let node = self.len();
        self.start.push(start);
        self.kind.push(kind);
        self.parent.push(parent);
        let branch = if parent == TOP {
            node
        } else {
            self.branch[parent as usize]
        };
        self.branch.push(branch);
        self.size.push(size.min(u32::MAX as usize) as u32);
        self.first_child.push(NONE);
        self.last_child.push(NONE);
        self.first_ready.push(NONE);
        self.next_sibling.push(NONE);
        self.push_child(parent, node);
        node
    }

    /// Makes `node` the last child of `parent`.
    pub(super) fn push_child(&mut self, parent: u32, node: u32) {
        self.parent[node as usize] = parent;
        self.next_sibling[node as usize] = NONE;
        match self.last_child[parent as usize] {
            NONE => self.first_child[parent as usize] = node,
            last => self.next_sibling[last as usize] = node,
        }
        self.last_child[parent as usize] = node;
    }

    /// Takes the first child of `parent` off its list ([`NONE`] if there is none).
    pub(super) fn pop_child(&mut self, parent: u32) -> u32 {
        let child = self.first_child[parent as usize];
        if child != NONE {
            self.first_child[parent as usize] = self.next_sibling[child as usize];
            if child == self.last_child[parent as usize] {
                self.last_child[parent as usize] = NONE;
            }
        }
        child
    }

    pub(super) fn push_ready(&mut self, parent: u32, node: u32) {
        self.next_sibling[node as usize] = self.first_ready[parent as usize];
        self.first_ready[parent as usize] = node;
    }

    pub(super) fn pop_ready(&mut self, parent: u32) -> u32 {
        let node = self.first_ready[parent as usize];
        if node != NONE {
            self.first_ready[parent as usize] = self.next_sibling[node as usize];
        }
        node
    }

    /// Whether a game that has opened `opened` cells so far should stop before opening the
    /// region of `node`, rather than go through it: not when the node's end state is small
    /// (at most 64 cells, or half of `opened`), so that going through costs less than stopping.
    pub(super) fn worth_stopping_at(&self, node: u32, opened: usize) -> bool {
        let size = self.size[node as usize] as usize;
        let small = size <= 64 || 2 * size <= opened;
        !(self.through_small && small)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nodes_know_their_parent_and_branch_and_children_come_off_in_order() {
        let mut tree = EndStateTree::new(0, true);
        let one = tree.add(10, Kind::Known, TOP, 5);
        let two = tree.add(11, Kind::Pending, TOP, 6);
        let below_one = tree.add(12, Kind::Pending, one, 7);
        let further = tree.add(13, Kind::Pending, below_one, 8);
        assert_eq!(tree.len(), 5);
        assert_eq!(tree.start, [NONE, 10, 11, 12, 13]);
        assert_eq!(tree.parent, [NONE, TOP, TOP, one, below_one]);
        assert_eq!(tree.branch, [TOP, one, two, one, one]);
        assert_eq!(tree.size, [0, 5, 6, 7, 8]);
        assert_eq!(tree.pop_child(below_one), further);
        // Children to build: first come, first off; the list works again once emptied.
        assert_eq!(tree.pop_child(TOP), one);
        assert_eq!(tree.pop_child(TOP), two);
        assert_eq!(tree.pop_child(TOP), NONE);
        tree.push_child(TOP, two);
        tree.push_child(TOP, one);
        assert_eq!([0; 3].map(|_| tree.pop_child(TOP)), [two, one, NONE]);
        // A child moved under another node.
        assert_eq!(tree.pop_child(one), below_one);
        tree.push_child(two, below_one);
        assert_eq!(tree.parent[below_one as usize], two);
        assert_eq!([0; 2].map(|_| tree.pop_child(two)), [below_one, NONE]);
        assert_eq!(tree.pop_child(one), NONE);
        // Children ready to build: last come, first off.
        tree.push_ready(TOP, one);
        tree.push_ready(TOP, two);
        assert_eq!([0; 3].map(|_| tree.pop_ready(TOP)), [two, one, NONE]);
    }

    #[test]
    fn games_stop_at_a_node_unless_its_end_state_is_small() {
        for through_small in [true, false] {
            let mut tree = EndStateTree::new(0, through_small);
            let small = tree.add(0, Kind::Known, TOP, 64);
            let large = tree.add(1, Kind::Known, TOP, 65);
            // At most 64 cells, or at most half of what the game opened, is small.
            let cases = [(small, 0, false), (large, 129, true), (large, 130, false)];
            for (node, opened, worth) in cases {
                assert_eq!(
                    tree.worth_stopping_at(node, opened),
                    worth || !through_small,
                    "node {node}, {opened} opened, through small {through_small}"
                );
            }
        }
    }
}
