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
//! O(those) (see [`Game::run`](rules::Game::run)).
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

mod first_pass;
mod regions;
mod rules;
mod second_pass;
mod tree;

pub use first_pass::{Bounds, Search};

use first_pass::{FirstPass, Games};
use regions::Regions;
use second_pass::build_pending;

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
