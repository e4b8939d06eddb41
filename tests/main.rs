//! The one integration test crate: golden cases, brute-force oracles, bad input.

mod golden;
mod mine_ops;
mod update_board;
mod util;
