//! Minesweeper judges: the shared grid (`board`), fast I/O (`io`), a seeded PRNG (`rng`),
//! LeetCode's signatures over the grid (`leetcode`), and the game rules that binaries and
//! players share (`acm`, `jlu`).
//!
//! Every module sits at the crate root and refers to its siblings as `crate::name`, so that a
//! one-file bundle which inlines them as `mod name { ... }` keeps the same paths.

pub mod acm;
pub mod board;
pub mod gen;
pub mod io;
pub mod jlu;
pub mod leetcode;
pub mod rng;
pub mod solver;
