//! Minesweeper judges, byte-exact with their online judges, and an AI player, in four layers;
//! each layer uses only the layers above it here.
//!
//! 1. **The judge core**, what a one-file [`bundle`] of a judge carries: the board, the moves,
//!    input and output, the seeded PRNG, and the five [`judges`], one folder each with a
//!    registry of them; beside them [`game_stats`], the statistics players compare games by,
//!    which `play` and `autoplay` share.
//! 2. **The AI**: the [`solver`], which plays from what is visible only, and the courses'
//!    programs it plays ([`players`]).
//! 3. **Other people's code**: the [`sandbox`] that contains every program not ours, [`exec`],
//!    which compiles and runs them inside it, and the [`courses`]' forms of a student's code
//!    (each form's contract, driver, compilation, games or tests and score); beside them
//!    [`bundle`], which turns our own source into one file.
//! 4. **The tools**, none of which uses another: [`autoplay`] (the AI's benchmark), [`stress`]
//!    (anyone's solution against our judges), [`grade`] (a whole class marked as the courses
//!    mark it), [`package`] (a judge as a problem package for other judge systems), [`play`]
//!    (the browser game), and the `bundle` binary.
//!
//! The binaries in `src/bin/` read their arguments and call into these. Every module refers to
//! its siblings as `crate::name`, so that a bundle that inlines them as nested `mod name { ...
//! }` blocks keeps the same paths.

#![warn(missing_docs)]
// The modules' docs are written for contributors too and name their private helpers; in the
// public docs such a link is plain text, which is all a user needs.
#![allow(rustdoc::private_intra_doc_links)]

// Layer 1: the judge core.
pub mod board;
pub mod game_stats;
pub mod io;
pub mod judges;
pub mod moves;
pub mod rng;

// Layer 2: the AI.
pub mod players;
pub mod solver;

// Layer 3: other people's code, and the bundler.
pub mod bundle;
pub mod courses;
pub mod exec;
pub mod sandbox;

// Layer 4: the tools.
pub mod autoplay;
pub mod grade;
pub mod package;
pub mod play;
pub mod stress;
