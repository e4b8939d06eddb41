//! The first pass of the search (the numbers in brackets are steps of the proof atop
//! [`super::rules`]).
//!
//! The starts are tried largest flood first; one inside an end state found before is skipped
//! (it could not do better). Each start's game is played from scratch once, and stops before
//! opening the region of a start tried earlier (a node): the start's end state is then pending,
//! to be found in the second pass on top of that node's (5). By turns of equal work, the start
//! is also played on top of two bases, final states kept for this: the largest end state played
//! from scratch, and its largest intersection with another (6); a game on a base that ends no
//! better than the best so far rules the start out, and when the start reaches the first base's
//! node, its game there is its end state (5). A base whose games rarely tell races at a
//! fraction of the pace. Regions that games keep opening again, though no start was tried from
//! them, get a node of their own: their start is played from scratch once, and later games stop
//! there.

use super::regions::{Regions, NONE};
use super::rules::{Next, PlayerGame, RunEnd};
use super::tree::{EndStateTree, Kind, TOP};
use crate::board::Board;

/// The answer for one board, and what finding it cost.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Search {
    /// The fewest safe cells left closed over every safe first cell.
    pub fewest_closed: usize,
    /// Starts whose game from scratch ran to its end.
    pub starts_played: usize,
    /// Starts whose game on a base ruled them out, or found their end state.
    pub starts_bounded: usize,
    /// Starts whose game stopped at the region of an earlier one and was continued in the
    /// second pass, on top of that one's end state.
    pub starts_continued: usize,
    /// Starts played once more in the second pass, on top of their parent's end state, for
    /// the pending ones below them.
    pub starts_replayed: usize,
    /// Regions that games kept opening again, whose start was played from scratch to give
    /// them a node.
    pub regions_played: usize,
    /// End states built in the second pass for several games to continue on.
    pub shared_built: usize,
    /// Cells opened, summed over every game: the work, up to a constant.
    pub cells_opened: u64,
}

/// When [`search`](fn@super::search) plays starts on the bases, and how eagerly it stops games.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Bounds {
    /// Never on the bases.
    Off,
    /// On the bases once a start's game from scratch has taken a while, each base at a pace
    /// that follows how often its games tell.
    WhenUseful,
    /// On the bases from the first step at full pace, and every game stops at every region of
    /// a node, however small, and at every region opened before: on small boards this runs
    /// what large boards need, so that the tests compare it with brute force.
    Eager,
}

/// Work done by one game in one turn of a race (see [`FirstPass::race`]).
const TURN: u64 = 256;

/// How many games from scratch may open a region again, no start tried from it, before the
/// region gets a node (see [`FirstPass::node_for_region`]).
const REOPENINGS: u8 = 16;

/// How a start's race ended (see [`FirstPass::race`]).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Race {
    /// Its game on this base ended no better than the best so far.
    RuledOut(usize),
    /// Its game from scratch ended.
    Ended,
    /// Its game from scratch stopped before opening this region, which has a node.
    Reached(u32),
}

/// The base: the largest end state played from scratch, that of [`Games::base_node`].
const BASE: usize = 0;
/// The core: the largest intersection of the base with another end state played from scratch.
const CORE: usize = 1;

/// The games of the first pass: each start from scratch, on the two bases, and the regions'.
/// All but the first are made when first needed: on a large board, each takes time to set up.
pub(super) struct Games<'b> {
    board: &'b Board,
    pub(super) fresh: PlayerGame<'b>,
    pub(super) bases: [Option<PlayerGame<'b>>; 2],
    pub(super) base_node: u32,
    /// For the games of regions given a node (see [`FirstPass::node_for_region`]).
    spare: Option<PlayerGame<'b>>,
}

/// The first pass (see atop this file): every start tried, largest flood first.
pub(super) struct FirstPass<'b, 'r> {
    regions: &'r Regions,
    safe: usize,
    pub(super) tree: EndStateTree,
    pub(super) games: Games<'b>,
    pub(super) search: Search,
    /// Cells inside an end state found, or a game on a base that ruled its start out: no start
    /// there can do better.
    covered: Vec<bool>,
    /// Per region, how many games from scratch opened it again after an earlier game had.
    reopened: Vec<u8>,
    /// The work a start's game from scratch does before the bases race it.
    head_start: u64,
    /// Per base, how many times its work counts in a race (0: it does not race). A base's
    /// pace halves each time its game tells (rules a start out, or finds its end state) and
    /// doubles each time it ends in vain, so that a base that bounds little wastes little.
    paces: [u64; 2],
    /// Whether the paces follow the bases' games (or stay as they are).
    pacing: bool,
    /// How many games from scratch may open a region again before it gets a node.
    reopenings: u8,
}

impl<'b, 'r> FirstPass<'b, 'r> {
    pub(super) fn new(board: &'b Board, regions: &'r Regions, bounds: Bounds) -> FirstPass<'b, 'r> {
        let eager = bounds == Bounds::Eager;
        FirstPass {
            regions,
            safe: board.safe_cells(),
            tree: EndStateTree::new(regions.len(), !eager),
            games: Games {
                board,
                fresh: PlayerGame::new(board),
                bases: [None, None],
                base_node: NONE,
                spare: None,
            },
            search: Search {
                fewest_closed: board.safe_cells() - 1,
                starts_played: 0,
                starts_bounded: 0,
                starts_continued: 0,
                starts_replayed: 0,
                regions_played: 0,
                shared_built: 0,
                cells_opened: 0,
            },
            covered: vec![false; board.grid().len()],
            reopened: vec![0; regions.len()],
            head_start: if eager { 0 } else { TURN },
            paces: match bounds {
                Bounds::Off => [0, 0],
                Bounds::WhenUseful => [1, 4],
                Bounds::Eager => [1, 1],
            },
            pacing: bounds == Bounds::WhenUseful,
            reopenings: if eager { 0 } else { REOPENINGS },
        }
    }

    /// Tries the start of `region`, unless it is covered or has a node already: races its
    /// game from scratch with its games on the bases, and keeps what they told.
    pub(super) fn try_start(&mut self, region: u32) {
        let start = self.regions.start[region as usize];
        if self.covered[start as usize] || self.tree.node_of_region[region as usize] != NONE {
            return;
        }
        let bases = &self.games.bases;
        let paces = [BASE, CORE].map(|at| match &bases[at] {
            Some(base) if !base.opened().is_empty() => self.paces[at],
            _ => 0,
        });
        let marks = [BASE, CORE].map(|at| bases[at].as_ref().map_or((0, 0), PlayerGame::mark));
        let (race, left_closed) = self.race(start as usize, paces);
        let Games {
            fresh,
            bases,
            base_node,
            ..
        } = &mut self.games;
        self.search.cells_opened += fresh.opened().len() as u64;
        for (base, mark) in bases.iter().zip(marks) {
            let opened = base.as_ref().map_or(0, |base| base.opened().len() - mark.0);
            self.search.cells_opened += opened as u64;
        }
        let base_game = |at: usize| bases[at].as_ref().expect("a base that raced");
        // Where the start goes in the tree, what is known of its end state, and what it covers.
        let (parent, size, covers) = match race {
            // Nor can any start inside its game on the base do better than the best.
            Race::RuledOut(at) => (NONE, None, &base_game(at).opened()[marks[at].0..]),
            Race::Reached(region) => {
                let node = self.tree.node_of_region[region as usize];
                match left_closed[BASE] {
                    // The start reaches a node below the base's, so its end state contains the
                    // base (step 5): its game on the base found it.
                    Some(closed) if self.tree.branch[node as usize] == *base_node => {
                        self.search.fewest_closed = self.search.fewest_closed.min(closed);
                        let base = base_game(BASE);
                        (
                            node,
                            Some(base.opened().len()),
                            &base.opened()[marks[BASE].0..],
                        )
                    }
                    _ => (node, None, fresh.opened()),
                }
            }
            Race::Ended => {
                self.search.starts_played += 1;
                let closed = fresh.cover().safe_closed();
                self.search.fewest_closed = self.search.fewest_closed.min(closed);
                (TOP, Some(fresh.opened().len()), fresh.opened())
            }
        };
        for &cell in covers {
            self.covered[cell as usize] = true;
        }
        let found_on_base = race != Race::Ended && size.is_some();
        if race != Race::Ended && (parent == NONE || found_on_base) {
            self.search.starts_bounded += 1;
        }
        if parent != NONE {
            let kind = if size.is_some() {
                Kind::Known
            } else {
                Kind::Pending
            };
            let estimate = fresh.opened().len() + self.tree.size[parent as usize] as usize;
            let node = self.tree.add(start, kind, parent, size.unwrap_or(estimate));
            self.tree.node_of_region[region as usize] = node;
        }
        if self.pacing {
            for at in [BASE, CORE] {
                if race == Race::RuledOut(at) || (at == BASE && found_on_base) {
                    self.paces[at] = (self.paces[at] / 2).max(1);
                } else if left_closed[at].is_some() {
                    self.paces[at] = (self.paces[at] * 2).min(64);
                }
            }
        }
        for (base, mark) in bases.iter_mut().zip(marks) {
            if let Some(base) = base {
                base.undo_to(mark);
            }
        }
        if race == Race::Ended {
            self.games.keep_bases(self.tree.len() - 1);
        } else {
            self.games.fresh.undo_to((0, 0));
        }
    }

    /// Plays `start` from scratch in `fresh` and, once that has done the head start, on each
    /// base whose pace is not 0, by turns, until one of the games tells: a game on a base that
    /// ends no better than the best so far, or the game from scratch ending or stopping at the
    /// region of a node. A game's time is its work, a base's counted `pace` times and after the
    /// head start; the game furthest behind in time plays next, until it is a [`TURN`] ahead.
    /// Before opening a region larger than its lead, the game from scratch lets the others catch
    /// up. Leaves every game where it got; returns, per base, what its game left closed if it
    /// ended (no better than the best).
    fn race(&mut self, start: usize, paces: [u64; 2]) -> (Race, [Option<usize>; 2]) {
        let head_start = self.head_start;
        let base_size = self.games.bases[BASE]
            .as_ref()
            .map_or(0, |base| base.opened().len());
        let mut left_closed = [None; 2];
        let mut begun = [false; 2];
        let mut waiting = false;
        self.games.fresh.begin(start);
        loop {
            let Games { fresh, bases, .. } = &mut self.games;
            let time = |at: usize, bases: &[Option<PlayerGame>; 2]| {
                let work = match &bases[at] {
                    Some(base) if begun[at] => base.work(),
                    _ => 0,
                };
                paces[at] * work + head_start
            };
            let behind = (0..2)
                .filter(|&at| paces[at] > 0 && left_closed[at].is_none())
                .min_by_key(|&at| time(at, bases));
            let fresh_time = fresh.work();
            if let Some(at) = behind.filter(|&at| waiting || time(at, bases) <= fresh_time) {
                waiting = false;
                let game = bases[at].as_mut().expect("a base that races");
                if !begun[at] {
                    game.begin(start);
                    begun[at] = true;
                }
                let until = (fresh_time + TURN).saturating_sub(head_start) / paces[at] + 1;
                if game.run(|_, _, _| Next::Open, until.max(game.work() + 1)) == RunEnd::Ended {
                    let closed = game.cover().safe_closed();
                    if closed >= self.search.fewest_closed {
                        return (Race::RuledOut(at), left_closed);
                    }
                    left_closed[at] = Some(closed);
                }
                continue;
            }
            let lead = behind.map_or(u64::MAX, |at| time(at, bases));
            let full_pace = (0..2).any(|at| paces[at] == 1 && left_closed[at].is_none());
            // What the start's game on the base opened, once it has ended.
            let bound = left_closed[BASE].map_or(0, |closed| self.safe - closed);
            let mut fresh_turn = FreshTurn {
                regions: self.regions,
                tree: &self.tree,
                covered: &self.covered,
                reopened: &mut self.reopened,
                reopenings: self.reopenings,
                base_size,
                full_pace,
                bound,
                lead,
            };
            let next = |cell: usize, opened: usize, work: u64| fresh_turn.next(cell, opened, work);
            match self.games.fresh.run(next, lead.saturating_add(TURN)) {
                RunEnd::Paused => {}
                RunEnd::Waiting => waiting = true,
                RunEnd::Ended => return (Race::Ended, left_closed),
                RunEnd::Reached(region) => {
                    let node = match self.tree.node_of_region[region as usize] {
                        NONE => self.node_for_region(region),
                        node => node,
                    };
                    if self
                        .tree
                        .worth_stopping_at(node, self.games.fresh.opened().len())
                    {
                        return (Race::Reached(region), left_closed);
                    }
                }
            }
        }
    }

    /// Gives a node to `region`, which games kept opening again though no start was tried from
    /// it: plays its start from scratch in `spare`, until it ends (the node's end state is then
    /// known) or is about to open the region of a node (not small), which becomes its parent. A
    /// region on the way that games kept opening again, with no node, gets one first, the same
    /// way, and the game is played again.
    fn node_for_region(&mut self, region: u32) -> u32 {
        let mut trying = vec![region];
        while let Some(&region) = trying.last() {
            let start = self.regions.start[region as usize];
            let FirstPass {
                regions,
                tree,
                games,
                covered,
                reopened,
                reopenings,
                ..
            } = self;
            let board = games.board;
            // The region's game meets the nodes near it first.
            let spare = games
                .spare
                .get_or_insert_with(|| PlayerGame::breadth_first(board));
            spare.begin(start as usize);
            let next = |cell: usize, opened: usize, _| {
                let region = regions.of_cell[cell];
                if region == NONE {
                    return Next::Open;
                }
                match tree.node_of_region[region as usize] {
                    NONE if covered[cell] && reopened[region as usize] >= *reopenings => {
                        if trying.contains(&region) {
                            Next::Open
                        } else {
                            Next::Stop(region)
                        }
                    }
                    NONE => {
                        if covered[cell] {
                            let times = &mut reopened[region as usize];
                            *times = times.saturating_add(1);
                        }
                        Next::Open
                    }
                    node if tree.worth_stopping_at(node, opened) => Next::Stop(region),
                    _ => Next::Open,
                }
            };
            let run = spare.run(next, u64::MAX);
            self.search.cells_opened += spare.opened().len() as u64;
            let node = match run {
                RunEnd::Reached(reached) => match tree.node_of_region[reached as usize] {
                    NONE => {
                        trying.push(reached);
                        spare.undo_to((0, 0));
                        continue;
                    }
                    parent => {
                        let estimate = spare.opened().len() + tree.size[parent as usize] as usize;
                        tree.add(start, Kind::Pending, parent, estimate)
                    }
                },
                _ => {
                    let closed = spare.cover().safe_closed();
                    self.search.fewest_closed = self.search.fewest_closed.min(closed);
                    tree.add(start, Kind::Known, TOP, spare.opened().len())
                }
            };
            self.search.regions_played += 1;
            spare.undo_to((0, 0));
            tree.node_of_region[region as usize] = node;
            trying.pop();
        }
        self.tree.node_of_region[region as usize]
    }
}

impl Games<'_> {
    /// Keeps the end state `fresh` holds (that of `node`'s start, played from scratch) as the
    /// base if it is larger, and its intersection with the base as the core if that is larger;
    /// leaves `fresh` untouched again.
    fn keep_bases(&mut self, node: u32) {
        let board = self.board;
        if self.bases[BASE].is_none() {
            self.bases[BASE] = Some(std::mem::replace(&mut self.fresh, PlayerGame::new(board)));
            self.base_node = node;
            return;
        }
        let [Some(base), core] = &mut self.bases else {
            unreachable!("the base is there");
        };
        let core_len = core.as_ref().map_or(0, |core| core.opened().len());
        let larger = self.fresh.opened().len() > base.opened().len();
        if !larger && self.fresh.opened().len() <= core_len {
            // Neither it nor its intersection with the base can be larger than the core.
            self.fresh.undo_to((0, 0));
            return;
        }
        let keep_core = self.fresh.count_open_in(base.cover()) > core_len;
        if larger {
            if keep_core {
                // The old base becomes the intersection.
                base.keep_only(self.fresh.cover());
                std::mem::swap(base, core.get_or_insert_with(|| PlayerGame::new(board)));
            }
            base.undo_to((0, 0));
            std::mem::swap(base, &mut self.fresh);
            self.base_node = node;
        } else if keep_core {
            self.fresh.keep_only(base.cover());
            let core = core.get_or_insert_with(|| PlayerGame::new(board));
            std::mem::swap(core, &mut self.fresh);
        }
        self.fresh.undo_to((0, 0));
    }
}

/// What the game from scratch does at each cell of a turn in [`FirstPass::race`].
struct FreshTurn<'a> {
    regions: &'a Regions,
    tree: &'a EndStateTree,
    covered: &'a [bool],
    reopened: &'a mut [u8],
    reopenings: u8,
    /// The cells the base opened.
    base_size: usize,
    /// Whether a base still racing races at full pace.
    full_pace: bool,
    /// What the start's game on the base opened, once it has ended (else 0).
    bound: usize,
    /// The time of the game furthest behind.
    lead: u64,
}

impl FreshTurn<'_> {
    /// Whether the game opens `cell` (the game having opened `opened` cells and done `work`),
    /// stops at its region or waits for the bases.
    fn next(&mut self, cell: usize, opened: usize, work: u64) -> Next {
        let region = self.regions.of_cell[cell];
        if region == NONE {
            return Next::Open;
        }
        let node = self.tree.node_of_region[region as usize];
        if node != NONE && self.tree.kind[node as usize] == Kind::Pending {
            if self.tree.worth_stopping_at(node, opened) {
                return Next::Stop(region);
            }
        } else if node != NONE && self.tree.worth_stopping_at(node, opened) {
            // Stopping at a known end state leaves the start's for later, found on top
            // of that one: worth it for one not much smaller than the base, or else
            // once the bases racing at full pace had their say, for one not much smaller
            // than the start's game on the base.
            let size = self.tree.size[node as usize] as usize;
            if 4 * size >= self.base_size {
                return Next::Stop(region);
            }
            if self.full_pace {
                return Next::Wait;
            }
            if 4 * size >= self.bound {
                return Next::Stop(region);
            }
        }
        // A region that games keep opening again gets a node, after the bases racing
        // at full pace had their say and the others a little more time.
        let stop =
            node == NONE && self.covered[cell] && self.reopened[region as usize] >= self.reopenings;
        let flood = self.regions.flood[region as usize] as u64;
        if (stop && (self.full_pace || self.lead < work + 2 * TURN)) || work + flood > self.lead {
            return Next::Wait;
        }
        if stop {
            return Next::Stop(region);
        }
        if self.covered[cell] {
            self.reopened[region as usize] = self.reopened[region as usize].saturating_add(1);
        }
        Next::Open
    }
}

#[cfg(test)]
mod tests {
    use super::super::brute_force::{board, board_of_regions, from_scratch, random_board};
    use super::*;
    use crate::board::CellState;
    use crate::rng::Rng;

    /// Per cell, whether the end state of the start there, played alone from scratch, opens it.
    fn open_from_scratch(board: &Board, start: usize) -> Vec<bool> {
        let end = from_scratch(board, start);
        end.iter().map(|&state| state == CellState::Open).collect()
    }

    /// The safe cells the end state of `start` leaves closed.
    fn closed_from_scratch(board: &Board, start: usize) -> usize {
        let open = open_from_scratch(board, start);
        board.safe_cells() - open.iter().filter(|&&open| open).count()
    }

    /// Tries every region's start in order as [`search`](fn@super::super::search) does,
    /// checking each try against the start's game played alone from scratch by brute force;
    /// returns how many starts were skipped and how many found their end state.
    fn try_every_start(board: &Board, bounds: Bounds, context: &str) -> (usize, usize) {
        let regions = Regions::of(board);
        let answer = (0..regions.len())
            .map(|region| closed_from_scratch(board, regions.start[region] as usize))
            .fold(board.safe_cells() - 1, usize::min);
        let mut first = FirstPass::new(board, &regions, bounds);
        let (mut skipped, mut known) = (0, 0);
        // Per covered cell, the fewest safe cells a start there can leave closed, as the try
        // that covered it tells: its end state lies inside the state that try covered (step
        // 3 of the proof), whose start's answer it cannot beat; a game on a base that ruled its
        // start out tells no better than the best before it.
        let mut bound = vec![0; board.grid().len()];
        for region in 0..regions.len() as u32 {
            if first.search.fewest_closed == 0 {
                break;
            }
            let context = format!("{context}, region {region}");
            let start = regions.start[region as usize] as usize;
            let (search, nodes, covered) = (first.search, first.tree.len(), first.covered.clone());
            let inside = covered[start];
            let has_node = first.tree.node_of_region[region as usize] != NONE;
            first.try_start(region);
            let closed = closed_from_scratch(board, start);
            if inside || has_node {
                skipped += 1;
                assert_eq!(first.search, search, "{context}: skipped, nothing told");
                assert_eq!(first.tree.len(), nodes, "{context}: skipped, no node");
                assert_eq!(
                    first.covered, covered,
                    "{context}: skipped, nothing covered"
                );
                if inside {
                    assert!(closed >= bound[start], "{context}: skipped a better one");
                }
                continue;
            }
            assert!(
                first.search.fewest_closed >= answer,
                "{context}: better than any start"
            );
            // Every node the try made with its end state known (the start's, or a region's
            // given a node on the way) knows the size of its start's game from scratch.
            for node in nodes as usize..first.tree.len() as usize {
                if first.tree.kind[node] == Kind::Known {
                    let open = open_from_scratch(board, first.tree.start[node] as usize);
                    let size = open.iter().filter(|&&open| open).count();
                    assert_eq!(
                        first.tree.size[node] as usize, size,
                        "{context}: node {node}"
                    );
                }
            }
            let open = open_from_scratch(board, start);
            let newly: Vec<usize> = (0..covered.len())
                .filter(|&cell| first.covered[cell] && !covered[cell])
                .collect();
            let told = match first.tree.node_of_region[region as usize] {
                NONE => search.fewest_closed,
                _ => closed,
            };
            for &cell in &newly {
                bound[cell] = told;
            }
            match first.tree.node_of_region[region as usize] {
                // Ruled out on a base: no better than the best before.
                NONE => assert!(closed >= search.fewest_closed, "{context}: ruled out"),
                node if first.tree.kind[node as usize] == Kind::Known => {
                    known += 1;
                    assert!(
                        first.search.fewest_closed <= closed,
                        "{context}: not counted"
                    );
                    // What it covers is its end state from scratch (what it adds to it).
                    for cell in 0..covered.len() {
                        let want = covered[cell] || open[cell];
                        assert_eq!(first.covered[cell], want, "{context}: cell {cell}");
                    }
                }
                // Pending: its game stopped on the way to its end state (step 3).
                _ => assert!(newly.iter().all(|&cell| open[cell]), "{context}: pending"),
            }
        }
        (skipped, known)
    }

    #[test]
    fn a_start_inside_an_earlier_end_state_is_skipped() {
        // The zeros on the right come first (the larger flood); their end state flags both
        // mines in the middle and opens everything below, the 0 at the bottom left with it.
        let board = board(&["M.M..", "..M..", "....."]);
        let regions = Regions::of(&board);
        assert_eq!(regions.start, [4, 10]);
        for bounds in [Bounds::Off, Bounds::WhenUseful, Bounds::Eager] {
            let mut first = FirstPass::new(&board, &regions, bounds);
            first.try_start(0);
            assert_eq!(first.search.starts_played, 1);
            assert_eq!(first.search.fewest_closed, 1);
            assert!(first.covered[10]);
            let (search, nodes) = (first.search, first.tree.len());
            first.try_start(1);
            assert_eq!(first.search, search);
            assert_eq!(first.tree.len(), nodes);
            assert_eq!(first.tree.node_of_region[1], NONE);
        }
        assert_eq!(
            try_every_start(&board, Bounds::WhenUseful, "hand-made"),
            (1, 1)
        );
    }

    #[test]
    fn a_starts_answer_equals_playing_it_alone_from_scratch() {
        let mut rng = Rng::new(0xf1_2575);
        let (mut skipped, mut known) = (0, 0);
        for case in 0..150 {
            let board = if case % 3 == 0 {
                random_board(&mut rng, 10)
            } else {
                board_of_regions(&mut rng, 24)
            };
            for bounds in [Bounds::Off, Bounds::WhenUseful, Bounds::Eager] {
                let context = format!("case {case}, {}", bounds as u8);
                let (s, k) = try_every_start(&board, bounds, &context);
                skipped += s;
                known += k;
            }
        }
        // The boards are worth it: starts get skipped and found.
        assert!(
            skipped > 100 && known > 100,
            "{skipped} skipped, {known} known"
        );
    }
}
