//! The one integration test crate: golden cases, brute-force oracles, bad input.

mod golden;
mod jlu_panel;
mod mine_ops;
mod util;
