//! The AI player: from the visible board only, every certain move, mine probabilities (exact
//! where the budget allows) and the next move to make.
//!
//! The solver never sees a mine map: its input is a [`View`] (each cell closed, flagged or open
//! with its number) and what is known of the total ([`Mines`]). How it works:
//!
//! 1. Flags are taken as mines. Single-number rules (a number whose unknown cells are all
//!    mines, or that already has all its mines) run to a fixpoint; what they settle is
//!    certain (`frontier.rs`).
//! 2. The remaining closed cells next to numbers (the frontier) are grouped into boxes of cells
//!    that touch exactly the same numbers, and the boxes into independent components. All of
//!    this is kept between analyses: a new view is compared with the last one (or read from
//!    its change list), and only the components a change touched are regrouped.
//! 3. Each new component's arrangements are enumerated by backtracking (`enumerate.rs`); for
//!    one with too many, each box gets its exact probability given only the numbers it touches
//!    (`approximate.rs`: calibrated, less sharp), counted by [`Solver::approximations`]. A
//!    component and what its analysis found are in `component.rs` and `tallies.rs`.
//! 4. Components are combined into probabilities (`analysis.rs`, which counts with
//!    `counting.rs`, `coupling.rs` and `weighing.rs`): independently with a density, through
//!    the cells off the frontier with a known total. Cells safe (or mines) in every
//!    arrangement are certain, and stay known from then on.
//! 5. The certain moves (the safe cell likeliest to show 0, the chord opening the most) are
//!    kept ready between analyses and looked at again only around what changed (`moves.rs`).
//!    With no safe cell, the guess (`guess.rs`) is chosen among the cells at least 0.9 as
//!    safe as the safest by what the position after it is worth: for each number it could
//!    show, the two safest cells then (secondary safety), weighed by the chance of that
//!    number (`worth.rs`). A probe (`probe.rs`) opens the cell on the real state without
//!    reading its number, regroups and enumerates only the components it touches (tallied by
//!    what the cell would show), reuses the others, and is rolled back. A dead cell (one number possible) is guessed only
//!    when every candidate is dead. A pair or 2x2 square of cells walled in so that nothing can
//!    tell them apart is an unavoidable 50/50 (`fifty.rs`): a cell that is a mine only where
//!    one forms is guessed at once, and any other cell of one gets credit for the risk it
//!    would face anyway. Regions of closed cells apart from the open board (walled off by
//!    numbers, or small pockets) are guessed last, and those with a fixed number of mines, a
//!    game of their own, then exactly (`region.rs`). With the total known and at most a few
//!    hundred complete arrangements left (a thousand on a dense board; those regions
//!    aside), an exact game-tree search picks the guess that wins the most of them
//!    (`endgame/`: its search, its memo and the arrangements it searches).
//!
//! A view is called consistent only when that is proven: every component enumerated and,
//! with the total known, the total reached. Where a component is estimated, contradictions
//! among a number and its neighbouring numbers and bounds on its mine count are still checked
//! (`refute.rs`), and the view is otherwise left unproven ([`Verdict`]).
//!
//! One analysis (with its probes) walks at most [`NODE_BUDGET`] nodes (`budget.rs`), and its
//! endgame search on a dense board at most 25 times that: results depend on the view alone,
//! never on time or threads. When the budget runs out the decision is made with what is
//! known: a component not enumerated is estimated, a guess not probed is scored by a local
//! estimate. [`hostile`](crate::players::jlu_machine::hostile) makes the hostile inputs that
//! tests and benchmarks hold it to.
//!
//! For playouts, [`Sampler`] (`sample.rs`) draws complete boards exactly uniformly among
//! those consistent with a view and a known total, within a bound on its enumeration.
//!
//! Played for efficiency, the proven moves are taken in the order that opens the board in
//! the fewest clicks, openings first, flags and chords where they save clicks
//! (`efficiency.rs`, [`efficient_move`]).
//!
//! The [`Solver`] itself (`engine.rs`) runs the analysis (`analysis.rs`), keeps the moves ready
//! and asks the guess policy; each strategy is a struct with its own buffers, given the
//! analysis it works on. `index.rs` holds the index that is none, `scratch.rs` when buffers
//! are given back (and tables made of zeroed memory), `ring.rs` each cell's neighbours and
//! their directions, `tests.rs` the solver's tests and the helpers other modules' tests share.

mod analysis;
mod approximate;
mod budget;
mod candidates;
mod component;
mod counting;
mod coupling;
mod efficiency;
mod endgame;
mod engine;
mod enumerate;
mod fifty;
mod frontier;
mod guess;
mod index;
mod moves;
mod probe;
mod refute;
mod region;
mod ring;
mod sample;
mod scratch;
mod strength;
mod tallies;
mod view;
mod weighing;
mod worth;

pub use budget::NODE_BUDGET;
pub use efficiency::{efficient_move, Efficient, Proven};
pub use engine::Solver;
pub use sample::Sampler;
pub use strength::Strength;
pub use view::{Decision, Inconsistent, Mines, Seen, Style, Verdict, View};

#[cfg(test)]
pub(crate) mod tests;
