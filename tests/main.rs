//! The one integration test crate: golden cases, brute-force oracles, bad input.

mod golden;
mod inexperienced_player;
mod mine_ops;
mod util;
