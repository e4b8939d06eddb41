//! The endgame: with the total known and few arrangements of the whole board left, the guess
//! that wins the most of them, found by searching the game tree exactly.
//!
//! Every complete arrangement of mines over the unknown cells is equally likely. A position is
//! the set of arrangements still possible; opening a cell splits it by the number shown (the
//! arrangements where it is a mine are lost). A cell safe in every arrangement that still
//! splits them is opened for free; else the living cells that could be safe are tried, the
//! safest first, until its safety cannot beat the best found (a dead cell, one number wherever
//! it is safe, only when no cell is living: opening it later loses nothing). Each number a
//! cell could show is searched only for what it must be worth for the cell to beat the best
//! so far (the numbers after it counted as won); a position that cannot reach that gives a
//! bound instead of its value. Positions are cached, values and bounds (the same set of
//! arrangements is reached in many orders). A 0's cascade is not played out: the cells it
//! would open are safe in every arrangement left, so they are opened for free the move after.

mod arrangements;
mod memo;
mod search;

pub(super) use arrangements::{arrangements, MAX_CELLS};
pub(super) use search::{
    best_first_move, DENSE_EXTRA_BUDGETS, DENSE_FROM, DENSE_MAX_ARRANGEMENTS, MAX_ARRANGEMENTS,
    STRONG_DENSE_MAX_ARRANGEMENTS,
};
