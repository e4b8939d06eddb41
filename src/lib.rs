//! Minesweeper judges: the shared grid (`board`), fast I/O (`io`), a seeded PRNG (`rng`), and
//! LeetCode's signatures over the grid (`leetcode`).
//!
//! Every module sits at the crate root and refers to its siblings as `crate::name`, so that a
//! one-file bundle which inlines them as `mod name { ... }` keeps the same paths.

pub mod board;
pub mod gen;
pub mod io;
pub mod jlu;
pub mod leetcode;
pub mod rng;
