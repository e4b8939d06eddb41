//! Minesweeper judges, byte-exact with their online judges, and an AI player.
//!
//! The five judges' games are in [`games`], one module each (rules, `solve`, input format),
//! with a registry of them; the binaries in `src/bin/` are a few lines each over it. Every
//! module refers to its siblings as `crate::name`, so that a one-file [`bundle`] that inlines
//! them as nested `mod name { ... }` blocks keeps the same paths.

#![warn(missing_docs)]

pub mod autoplay;
pub mod board;
pub mod bundle;
pub mod games;
pub mod inputs;
pub mod io;
pub mod limits;
pub mod mt19937;
pub mod play;
pub mod rng;
pub mod solver;
pub mod stress;

pub use board::{Board, CellState, Cover, Grid};
pub use games::Judge;
pub use io::output::Output;
pub use io::scanner::{InputError, Scanner};
pub use rng::Rng;
pub use solver::{Solver, View};
