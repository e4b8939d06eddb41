//! The second pass of the search: the pending end states, depth first down the tree of nodes,
//! each start's game continued on top of its parent's end state (step 5 of the proof atop
//! [`super::rules`]), which is undone when the subtree below is done. Siblings first find where
//! they belong: a game about to open the region of another node below the same parent moves
//! under it (the end state it continues on is then larger), and several games about to open the
//! same region of a node elsewhere share one child for it.

use super::first_pass::Search;
use super::regions::{Regions, NONE};
use super::rules::{Next, PlayerGame, RunEnd};
use super::tree::{EndStateTree, Kind, TOP};
use std::collections::HashMap;

/// The second pass (see atop this file): builds every pending end state, depth first down the
/// tree, from the untouched board (`fresh`) and from the base, whose end state `base` holds
/// (if there is one).
pub(super) fn build_pending(
    regions: &Regions,
    tree: &mut EndStateTree,
    fresh: &mut PlayerGame,
    base: Option<PlayerGame>,
    base_node: u32,
    search: &mut Search,
) {
    // Only nodes with a pending end state at or below them need building.
    let nodes = tree.len() as usize;
    let mut needed = vec![false; nodes];
    for node in 1..nodes {
        let mut at = node as u32;
        while tree.kind[node] == Kind::Pending && at != TOP && !needed[at as usize] {
            needed[at as usize] = true;
            at = tree.parent[at as usize];
        }
    }
    tree.first_child.fill(NONE);
    tree.last_child.fill(NONE);
    for node in 1..nodes as u32 {
        if needed[node as usize] && node != base_node {
            tree.push_child(tree.parent[node as usize], node);
        }
    }
    // The nodes in some list, to be built; the base's is built last, from `base`.
    let mut scheduled = needed;
    scheduled[TOP as usize] = true;
    let base_needed = base_node != NONE && scheduled[base_node as usize];
    if base_node != NONE {
        scheduled[base_node as usize] = true;
    }
    let mut builder = Builder {
        regions,
        tree,
        shared: HashMap::new(),
        scheduled,
        done: vec![false; nodes],
        top: vec![NONE; nodes],
        level: vec![NONE; nodes],
        walked: Vec::new(),
        search,
    };
    builder.build_below(fresh, TOP);
    if let Some(mut base) = base {
        if base_needed || builder.tree.first_child[base_node as usize] != NONE {
            builder.done[base_node as usize] = true;
            builder.build_below(&mut base, base_node);
        }
    }
}

/// What the second pass works on, besides the game.
struct Builder<'a> {
    regions: &'a Regions,
    tree: &'a mut EndStateTree,
    /// Per parent and region start, the parent's shared child for that start.
    shared: HashMap<(u32, u32), u32>,
    /// Per node, whether it is in a list of children, to be built.
    scheduled: Vec<bool>,
    /// Per node, whether its end state has been built (and undone since).
    done: Vec<bool>,
    /// Per node, when `level` is the node being built below: the child of that node whose
    /// subtree holds it ([`NONE`] for none), or a node on the way there (see [`Builder::find`]).
    top: Vec<u32>,
    level: Vec<u32>,
    walked: Vec<u32>,
    search: &'a mut Search,
}

impl Builder<'_> {
    /// Builds the end state of every node below `node`, depth first, each by continuing its
    /// start's game on top of its parent's end state, from `game` at `node`'s end state; leaves
    /// `game` there again.
    ///
    /// Below each node, in two phases. First every child's game is played until it is about to
    /// open a region worth stopping at (that of a node, or a large one), while going through is
    /// no cheaper; the child then moves under that node, if it is below the same parent and not
    /// below the child itself, or else under the parent's shared child for that region (made
    /// the first time: the region's start continued on the parent's end state), which every
    /// child reaching the region then shares instead of deriving it again. Then the children
    /// whose game ended are built, and below them in turn; the last child's game, if it ended,
    /// is kept and built on at once. Where a child ends up does not depend on the order the
    /// children are played in.
    fn build_below(&mut self, game: &mut PlayerGame, node: u32) {
        let mut path = vec![(node, game.mark())];
        while let Some(&(at, at_mark)) = path.last() {
            if self.search.fewest_closed == 0 {
                game.undo_to(path[0].1);
                return;
            }
            let child = self.tree.pop_child(at);
            if child == NONE {
                let child = self.tree.pop_ready(at);
                if child == NONE {
                    path.pop();
                    game.undo_to(at_mark);
                    continue;
                }
                let mark = game.mark();
                game.begin(self.tree.start[child as usize] as usize);
                game.run(|_, _, _| Next::Open, u64::MAX);
                self.built(child, game, mark);
                path.push((child, mark));
                continue;
            }
            let mark = game.mark();
            game.begin(self.tree.start[child as usize] as usize);
            let target = loop {
                let Builder { regions, tree, .. } = self;
                let next = |cell: usize, opened: usize, _| {
                    let region = regions.of_cell[cell];
                    if region == NONE || tree.let_through[region as usize] == child {
                        return Next::Open;
                    }
                    // Stopping throws away what the game has done so far: worth it only while
                    // that is no more than what going through might derive again.
                    let opened = opened - mark.0;
                    let flood = regions.flood[region as usize] as usize;
                    let worth = opened <= 64.max(2 * flood)
                        && match tree.node_of_region[region as usize] {
                            NONE => flood > 64,
                            node => tree.worth_stopping_at(node, opened),
                        };
                    if worth {
                        Next::Stop(region)
                    } else {
                        Next::Open
                    }
                };
                let RunEnd::Reached(region) = game.run(next, u64::MAX) else {
                    break None;
                };
                match self.move_target(at, child, region) {
                    Some(target) => break Some(target),
                    None => self.tree.let_through[region as usize] = child,
                }
            };
            self.search.cells_opened += (game.opened().len() - mark.0) as u64;
            match target {
                Some(target) => {
                    game.undo_to(mark);
                    self.schedule(target);
                    self.tree.push_child(target, child);
                    self.level[child as usize] = at;
                    self.top[child as usize] = self.find(target, at);
                }
                None if self.tree.first_child[at as usize] == NONE => {
                    self.built(child, game, mark);
                    path.push((child, mark));
                }
                None => {
                    self.record(child, game);
                    game.undo_to(mark);
                    self.tree.push_ready(at, child);
                }
            }
        }
    }

    /// The node a child of `at`, whose game is about to open `region`, moves under; `None` if
    /// the game should go through the region instead.
    fn move_target(&mut self, at: u32, child: u32, region: u32) -> Option<u32> {
        let node = self.tree.node_of_region[region as usize];
        if node != NONE && !self.done[node as usize] {
            match self.find(node, at) {
                top if top == child => return None,
                NONE => {}
                _ => return Some(node),
            }
        }
        let start = self.regions.start[region as usize];
        let shared = match self.shared.get(&(at, start)) {
            Some(&shared) => shared,
            None => {
                let shared = self.tree.add(start, Kind::Shared, at, 0);
                self.shared.insert((at, start), shared);
                self.scheduled.push(true);
                self.done.push(false);
                self.top.push(NONE);
                self.level.push(NONE);
                shared
            }
        };
        if self.done[shared as usize] || self.find(shared, at) == child {
            return None;
        }
        Some(shared)
    }

    /// The child of `level` whose subtree holds `node` ([`NONE`] if none), remembered for the
    /// nodes on the way: union-find with path compression, afresh for each level.
    fn find(&mut self, node: u32, level: u32) -> u32 {
        self.walked.clear();
        let mut at = node;
        let top = loop {
            if at == NONE || at == TOP {
                break NONE;
            }
            if self.tree.parent[at as usize] == level {
                break at;
            }
            self.walked.push(at);
            at = if self.level[at as usize] == level {
                self.top[at as usize]
            } else {
                self.tree.parent[at as usize]
            };
        };
        for &walked in &self.walked {
            self.level[walked as usize] = level;
            self.top[walked as usize] = top;
        }
        top
    }

    /// Puts `node`, and every node above it not in a list yet, in its parent's list.
    fn schedule(&mut self, mut node: u32) {
        while !self.scheduled[node as usize] {
            self.scheduled[node as usize] = true;
            let parent = self.tree.parent[node as usize];
            self.tree.push_child(parent, node);
            node = parent;
        }
    }

    /// Records the end state `game` holds, that of `node`, if it was pending.
    fn record(&mut self, node: u32, game: &PlayerGame) {
        if self.tree.kind[node as usize] == Kind::Pending {
            #[cfg(test)]
            self.tree.found.push((node, game.cover().clone()));
            self.search.starts_continued += 1;
            let closed = game.cover().safe_closed();
            self.search.fewest_closed = self.search.fewest_closed.min(closed);
            self.tree.kind[node as usize] = Kind::Found;
        }
    }

    /// Marks `node` built, its end state in `game` from `mark` on.
    fn built(&mut self, node: u32, game: &PlayerGame, mark: (usize, usize)) {
        match self.tree.kind[node as usize] {
            Kind::Pending => self.record(node, game),
            Kind::Known => self.search.starts_replayed += 1,
            Kind::Shared => self.search.shared_built += 1,
            Kind::Found => {}
        }
        self.search.cells_opened += (game.opened().len() - mark.0) as u64;
        self.done[node as usize] = true;
    }
}

#[cfg(test)]
mod tests {
    use super::super::brute_force::{board_of_regions, from_scratch, random_board, states};
    use super::super::first_pass::{Bounds, FirstPass, Games};
    use super::*;
    use crate::board::{Board, CellState};
    use crate::rng::Rng;

    /// The first pass on `board`, then the second, as [`search`](fn@super::super::search)
    /// plays them; checks every pending end state the second pass found against the game of
    /// its start from scratch, and returns how many there were.
    fn check_both_passes(board: &Board, bounds: Bounds, context: &str) -> usize {
        let regions = Regions::of(board);
        let mut first = FirstPass::new(board, &regions, bounds);
        for region in 0..regions.len() as u32 {
            if first.search.fewest_closed == 0 {
                return 0;
            }
            first.try_start(region);
        }
        let FirstPass {
            mut tree,
            games,
            mut search,
            ..
        } = first;
        let pending: Vec<u32> = (0..tree.len())
            .filter(|&node| tree.kind[node as usize] == Kind::Pending)
            .collect();
        let Games {
            mut fresh,
            bases: [base, _],
            base_node,
            ..
        } = games;
        build_pending(
            &regions,
            &mut tree,
            &mut fresh,
            base,
            base_node,
            &mut search,
        );
        for (node, cover) in &tree.found {
            let want = from_scratch(board, tree.start[*node as usize] as usize);
            assert_eq!(states(board, cover), want, "{context}, node {node}");
        }
        let mut found: Vec<u32> = tree.found.iter().map(|&(node, _)| node).collect();
        found.sort_unstable();
        // Every one, unless a start that leaves nothing closed ended the search first.
        if search.fewest_closed > 0 {
            assert_eq!(found, pending, "{context}");
        }
        // The untouched board again, for the next board's search.
        assert!(fresh.opened().is_empty(), "{context}");
        let untouched = vec![CellState::Closed; board.grid().len()];
        assert_eq!(states(board, fresh.cover()), untouched, "{context}");
        found.len()
    }

    #[test]
    fn pending_end_states_built_on_their_parents_equal_the_end_state_from_scratch() {
        let mut rng = Rng::new(0x2_9a55);
        let mut found = 0;
        for case in 0..400 {
            let board = if case % 3 == 0 {
                random_board(&mut rng, 10)
            } else {
                board_of_regions(&mut rng, 64)
            };
            for bounds in [Bounds::Off, Bounds::WhenUseful, Bounds::Eager] {
                let context = format!("case {case}, {}", bounds as u8);
                found += check_both_passes(&board, bounds, &context);
            }
        }
        // The boards are worth it: many end states are left pending.
        assert!(found > 300, "{found} pending");
    }
}
