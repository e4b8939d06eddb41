//! Running programs that are not ours, for `stress`, `grade` and `play --functions`: the one
//! place a process is started, killed and reaped ([`process`]), what a run may use and how it
//! ended ([`ending`]), one run with its input and deadline ([`child`]), a conversation in lockstep with one of our
//! compiled drivers ([`session`]), compiling a student's file into a driver or a whole program
//! ([`compile`]), reading a student's file, bounded and never through a link ([`files`]), and its source
//! without a compiler ([`source`]), and the worker
//! threads and progress line of a batch of runs ([`pool`], [`progress`]). Each run is contained
//! by the [`sandbox`](crate::sandbox) under the policy its caller gives.

pub mod child;
pub mod compile;
pub mod ending;
pub mod files;
pub(crate) mod pool;
pub(crate) mod process;
pub mod progress;
pub(crate) mod session;
pub mod source;
