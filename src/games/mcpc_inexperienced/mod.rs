//! ACM ICPC Mid-Central 2003, "The Inexperienced Player" (`inexperienced-player`): the fewest
//! safe cells left closed by a player who opens one cell of their choice and then only applies
//! the two trivial rules.
//!
//! Input: boards `r c` then `r` rows of `M` (mine) and `.` (safe), until the line `0 0`. Output:
//! one line per board, the minimum over every safe first cell.
//!
//! # The search, and what it costs
//!
//! A start on a non-zero cell opens that cell alone (see [`fewest_closed`]); all 0 cells of an
//! 8-connected region open together, so they share one end state: one start per region of
//! zeros is enough. The work is counted in cells a game opens, flags or looks at: a game costs
//! O(those) (see [`Game::run`]).
//!
//! **First pass.** The starts are tried largest flood first; one inside an end state found
//! before is skipped (it could not do better). Each start's game is played from scratch once,
//! and stops before opening the region of a start tried earlier (a node): the start's end state
//! is then pending, to be found in the second pass on top of that node's (5). By turns of equal
//! work, the start is also played on top of two bases, final states kept for this: the
//! largest end state played from scratch, and its largest intersection with another (6); a game
//! on a base that ends no better than the best so far rules the start out, and when the start
//! reaches the first base's node, its game there is its end state (5). A base whose games rarely
//! tell races at a fraction of the pace. Regions that games keep opening again, though no start
//! was tried from them, get a node of their own: their start is played from scratch once, and
//! later games stop there.
//!
//! **Second pass.** The pending end states, depth first down the tree of nodes, each start's
//! game continued on top of its parent's end state, which is undone when the subtree below is
//! done. Siblings first find where they belong: a game about to open the region of another
//! node below the same parent moves under it (the end state it continues on is then larger),
//! and several games about to open the same region of a node elsewhere share one child for it.
//!
//! **Cost.** Every start tried is played from scratch once, until it stops or ends; its games
//! on the bases do as much work at most, divided by their pace, unless it waits for a base at
//! full pace before it stops. A region's start is played from scratch when the region gets a
//! node, and again each time a region on its way gets one first. A region without a node is
//! opened again by at most [`REOPENINGS`] games from scratch, so regions cost at most that many
//! times the board. In the second pass, every node's end state is built once, or twice for a
//! child whose game ended while its siblings still had to find their place, and a game that
//! stops to move throws away at most 64 cells or twice the flood of the region it stopped at.
//!
//! So the work is linear in the board on the snake of pockets and chain into a region,
//! on the fan-in, detour, pockets on a wire, comb and feeders of
//! [`crate::inputs::inexperienced_patterns`] (`gen --pattern`), and on random boards: 0.3 to 7
//! times the cells, the same at 250x250 and 1000x1000 (the benchmark prints it; the comb is the
//! most). What these bounds leave open is numbered cells, outside any region of zeros, that
//! many starts' games cross after their own region while no base rules those starts out: a
//! long one-way wire of numbered cells that many pockets enter, tried from its end back to its
//! start, would be quadratic. The feeders pattern is that board as far as it could be built:
//! its junctions and turns hold small regions of zeros, which get nodes once games keep opening
//! them, and those keep it linear. A wire whose junctions hold no 0 cell would not.

use crate::board::{Board, Grid};
use crate::io::output::{push_uint, Output};
use crate::io::runner::Program;
use crate::io::scanner::{InputError, Scanner};
use crate::limits::INEXPERIENCED_MAX_SIDE as MAX_SIDE;
use std::collections::HashMap;

mod regions;
mod rules;
mod tree;

use regions::{Regions, NONE};
use rules::{Game, Next, Run};
use tree::{Kind, Tree, TOP};

/// The `inexperienced-player` judge.
pub const PROGRAM: Program = Program {
    name: "inexperienced-player",
    reads: "inexperienced-player boards",
    format: FORMAT,
    solve,
};

/// The input and output, in brief.
pub const FORMAT: &str = "\
Input: boards, each `r c` then r rows of c characters (`M` a mine, `.` safe), until the line
`0 0`.
Output: one line per board: the fewest safe cells left closed by a player who opens one safe
cell of their choice, then only opens the other neighbours of a number with as many flags
around it as its value, and flags the closed neighbours of a number when they and its flags
are as many as its value.
";

/// Reads boards until `0 0` and prints each board's answer as soon as it is known, so that the
/// answers before a bad board stay on stdout.
pub fn solve(input: &[u8], out: &mut Output) -> Result<(), InputError> {
    let mut scanner = Scanner::new(input);
    loop {
        if scanner.at_end() {
            return Err(scanner.error("the input ended without the `0 0` line that closes it"));
        }
        let rows = scanner.int_in("r (rows)", 0, MAX_SIDE as i64)? as usize;
        let header_line = scanner.line();
        let cols = scanner.int_in("c (columns)", 0, MAX_SIDE as i64)? as usize;
        if rows == 0 && cols == 0 {
            // Like the judge, nothing after the terminator is read.
            return Ok(());
        }
        if rows == 0 || cols == 0 {
            return Err(scanner.error(format!(
                "a {rows}x{cols} board has no cell; only `0 0` ends the input"
            )));
        }
        let mine = scanner.mine_rows(rows, cols, b'M', b'.')?;
        let board = Board::new(Grid::new(rows, cols), mine);
        if board.safe_cells() == 0 {
            return Err(InputError {
                line: header_line,
                message: format!("the {rows}x{cols} board has no safe cell to start from"),
            });
        }
        push_uint(out, fewest_closed(&board).fewest_closed as u64);
        out.push(b'\n');
    }
}

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

/// The fewest safe cells left closed over every safe first cell of `board` (which must have one).
///
/// Only 0 cells need playing: a start on a non-zero cell opens that cell alone (rule 1 needs
/// `f = m > 0` flags and there are none; rule 2 at most flags all its neighbours, after which
/// no other cell is open), leaving `safe - 1` closed, and every start opens at least itself.
/// The search and its cost are described atop this file.
///
/// # Complexity
/// A few times the cells of the board on random and on the crafted boards of
/// [`crate::inputs::inexperienced_patterns`]; see atop this file for what is not bounded.
pub fn fewest_closed(board: &Board) -> Search {
    search(board, Bounds::WhenUseful)
}

/// When [`search`] plays starts on the bases, and how eagerly it stops games.
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

/// [`fewest_closed`] with a choice of bounds, for tests that compare them.
pub fn search(board: &Board, bounds: Bounds) -> Search {
    let regions = Regions::of(board);
    let mut first = FirstPass::new(board, &regions, bounds);
    for region in 0..regions.len() as u32 {
        if first.search.fewest_closed == 0 {
            return first.search;
        }
        first.try_start(region);
    }
    let FirstPass {
        mut tree,
        games,
        mut search,
        ..
    } = first;
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
    search
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
struct Games<'b> {
    board: &'b Board,
    fresh: Game<'b>,
    bases: [Option<Game<'b>>; 2],
    base_node: u32,
    /// For the games of regions given a node (see [`FirstPass::node_for_region`]).
    spare: Option<Game<'b>>,
}

/// The first pass (see atop this file): every start tried, largest flood first.
struct FirstPass<'b, 'r> {
    regions: &'r Regions,
    safe: usize,
    tree: Tree,
    games: Games<'b>,
    search: Search,
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
    fn new(board: &'b Board, regions: &'r Regions, bounds: Bounds) -> FirstPass<'b, 'r> {
        let eager = bounds == Bounds::Eager;
        FirstPass {
            regions,
            safe: board.safe_cells(),
            tree: Tree::new(regions.len(), !eager),
            games: Games {
                board,
                fresh: Game::new(board),
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
    fn try_start(&mut self, region: u32) {
        let start = self.regions.start[region as usize];
        if self.covered[start as usize] || self.tree.node_of_region[region as usize] != NONE {
            return;
        }
        let bases = &self.games.bases;
        let paces = [BASE, CORE].map(|at| match &bases[at] {
            Some(base) if !base.opened().is_empty() => self.paces[at],
            _ => 0,
        });
        let marks = [BASE, CORE].map(|at| bases[at].as_ref().map_or((0, 0), Game::mark));
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
            let time = |at: usize, bases: &[Option<Game>; 2]| {
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
                if game.run(|_, _, _| Next::Open, until.max(game.work() + 1)) == Run::Ended {
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
            let FirstPass {
                regions,
                tree,
                covered,
                reopened,
                reopenings,
                ..
            } = self;
            let next = |cell: usize, opened: usize, work: u64| {
                let region = regions.of_cell[cell];
                if region == NONE {
                    return Next::Open;
                }
                let node = tree.node_of_region[region as usize];
                if node != NONE && tree.kind[node as usize] == Kind::Pending {
                    if tree.worth_stopping_at(node, opened) {
                        return Next::Stop(region);
                    }
                } else if node != NONE && tree.worth_stopping_at(node, opened) {
                    // Stopping at a known end state leaves the start's for later, found on top
                    // of that one: worth it for one not much smaller than the base, or else
                    // once the bases racing at full pace had their say, for one not much smaller
                    // than the start's game on the base.
                    let size = tree.size[node as usize] as usize;
                    if 4 * size >= base_size {
                        return Next::Stop(region);
                    }
                    if full_pace {
                        return Next::Wait;
                    }
                    if 4 * size >= bound {
                        return Next::Stop(region);
                    }
                }
                // A region that games keep opening again gets a node, after the bases racing
                // at full pace had their say and the others a little more time.
                let stop =
                    node == NONE && covered[cell] && reopened[region as usize] >= *reopenings;
                let flood = regions.flood[region as usize] as u64;
                if (stop && (full_pace || lead < work + 2 * TURN)) || work + flood > lead {
                    return Next::Wait;
                }
                if stop {
                    return Next::Stop(region);
                }
                if covered[cell] {
                    reopened[region as usize] = reopened[region as usize].saturating_add(1);
                }
                Next::Open
            };
            match self.games.fresh.run(next, lead.saturating_add(TURN)) {
                Run::Paused => {}
                Run::Waiting => waiting = true,
                Run::Ended => return (Race::Ended, left_closed),
                Run::Reached(region) => {
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
                .get_or_insert_with(|| Game::breadth_first(board));
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
                Run::Reached(reached) => match tree.node_of_region[reached as usize] {
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
            self.bases[BASE] = Some(std::mem::replace(&mut self.fresh, Game::new(board)));
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
                std::mem::swap(base, core.get_or_insert_with(|| Game::new(board)));
            }
            base.undo_to((0, 0));
            std::mem::swap(base, &mut self.fresh);
            self.base_node = node;
        } else if keep_core {
            self.fresh.keep_only(base.cover());
            let core = core.get_or_insert_with(|| Game::new(board));
            std::mem::swap(core, &mut self.fresh);
        }
        self.fresh.undo_to((0, 0));
    }
}

/// The second pass (see atop this file): builds every pending end state, depth first down the
/// tree, from the untouched board (`fresh`) and from the base, whose end state `base` holds
/// (if there is one).
fn build_pending(
    regions: &Regions,
    tree: &mut Tree,
    fresh: &mut Game,
    base: Option<Game>,
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
    tree: &'a mut Tree,
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
    fn build_below(&mut self, game: &mut Game, node: u32) {
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
                let Run::Reached(region) = game.run(next, u64::MAX) else {
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
    fn record(&mut self, node: u32, game: &Game) {
        if self.tree.kind[node as usize] == Kind::Pending {
            self.search.starts_continued += 1;
            let closed = game.cover().safe_closed();
            self.search.fewest_closed = self.search.fewest_closed.min(closed);
            self.tree.kind[node as usize] = Kind::Found;
        }
    }

    /// Marks `node` built, its end state in `game` from `mark` on.
    fn built(&mut self, node: u32, game: &Game, mark: (usize, usize)) {
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
