//! The search over every start: one per region of zeros, tried in the first pass
//! ([`super::first_pass`]), and the end states it left pending built in the second
//! ([`super::second_pass`]); and what it costs.
//!
//! A start on a non-zero cell opens that cell alone (see [`fewest_closed`]); all 0 cells of an
//! 8-connected region open together, so they share one end state: one start per region of zeros
//! is enough. The work is counted in cells a game opens, flags or looks at: a game costs
//! O(those) (see [`PlayerGame::run`](super::rules::PlayerGame::run)).
//!
//! **Cost.** Every start tried is played from scratch once, until it stops or ends; its games
//! on the bases do as much work at most, divided by their pace, unless it waits for a base at
//! full pace before it stops. A region's start is played from scratch when the region gets a
//! node, and again each time a region on its way gets one first. A region without a node is
//! opened again by at most [`first_pass::REOPENINGS`](super::first_pass) games from scratch, so
//! regions cost at most that many times the board. In the second pass, every node's end state
//! is built once, or twice for a child whose game ended while its siblings still had to find
//! their place, and a game that stops to move throws away at most 64 cells or twice the flood
//! of the region it stopped at.
//!
//! So the work is linear in the board on the issue's snake of pockets and chain into a region,
//! on the fan-in, detour, pockets on a wire, comb and feeders of
//! [`patterns`](super::patterns) (`gen --pattern`), and on random boards: 0.3 to 7
//! times the cells, the same at 250x250 and 1000x1000 (the benchmark prints it; the comb is the
//! most). What these bounds leave open is numbered cells, outside any region of zeros, that
//! many starts' games cross after their own region while no base rules those starts out: a
//! long one-way wire of numbered cells that many pockets enter, tried from its end back to its
//! start, would be quadratic. The feeders pattern is that board as far as it could be built:
//! its junctions and turns hold small regions of zeros, which get nodes once games keep opening
//! them, and those keep it linear. A wire whose junctions hold no 0 cell would not.

use super::first_pass::{Bounds, FirstPass, Games, Search};
use super::regions::Regions;
use super::second_pass::build_pending;
use crate::board::Board;

/// The fewest safe cells left closed over every safe first cell of `board` (which must have one).
///
/// Only 0 cells need playing: a start on a non-zero cell opens that cell alone (rule 1 needs
/// `f = m > 0` flags and there are none; rule 2 at most flags all its neighbours, after which
/// no other cell is open), leaving `safe - 1` closed, and every start opens at least itself.
/// The search and its cost are described atop this file.
///
/// # Complexity
/// A few times the cells of the board on random and on the crafted boards of
/// [`patterns`](super::patterns); see atop this file for what is not bounded.
///
/// # Examples
///
/// ```
/// use minejudge::board::{Board, Grid};
/// use minejudge::judges::inexperienced_player::fewest_closed;
///
/// // `.M.`: from either end, rule 2 flags the mine and nothing opens the other end.
/// let board = Board::from_mines(Grid::new(1, 3), [1]);
/// assert_eq!(fewest_closed(&board).fewest_closed, 1);
/// ```
pub fn fewest_closed(board: &Board) -> Search {
    search(board, Bounds::WhenUseful)
}

/// [`fewest_closed`] with a choice of bounds, for tests that compare them.
///
/// # Examples
///
/// ```
/// use minejudge::board::{Board, Grid};
/// use minejudge::judges::inexperienced_player::{fewest_closed, search, Bounds};
///
/// let board = Board::from_mines(Grid::new(4, 5), [2, 7, 13]);
/// let answer = fewest_closed(&board).fewest_closed;
/// for bounds in [Bounds::Off, Bounds::WhenUseful, Bounds::Eager] {
///     assert_eq!(search(&board, bounds).fewest_closed, answer);
/// }
/// ```
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
