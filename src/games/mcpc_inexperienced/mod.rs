//! ACM ICPC Mid-Central 2003, "The Inexperienced Player" (`inexperienced-player`): the fewest
//! safe cells left closed by a player who opens one cell of their choice and then only applies
//! the two trivial rules.
//!
//! Input: boards `r c` then `r` rows of `M` (mine) and `.` (safe), until the line `0 0`. Output:
//! one line per board, the minimum over every safe first cell.
//!
//! One idea per file, each using only the files listed before it:
//! - `rules.rs`: the player's game, the two rules through a worklist, undone to a mark; and why
//!   its end state does not depend on the order the rules fire in;
//! - `regions.rs`: the regions of zeros, one start standing for each;
//! - `tree.rs`: the end states the search deals with, as a tree of nodes;
//! - `first_pass.rs`: every start tried, raced with its games on two kept end states;
//! - `second_pass.rs`: the end states the first pass left pending, built down the tree;
//! - `search.rs`: [`search()`] and [`fewest_closed`], the two passes together, and what they
//!   cost;
//! - `solve.rs`: the judge, [`solve()`];
//! - `brute_force.rs`, in unit tests only: the statement read literally, which the tests of
//!   the files above compare them with.

#[cfg(test)]
mod brute_force;
mod first_pass;
mod regions;
mod rules;
mod search;
mod second_pass;
mod solve;
mod tree;

pub use first_pass::{Bounds, Search};
pub use search::{fewest_closed, search};
pub use solve::{solve, FORMAT, PROGRAM};
