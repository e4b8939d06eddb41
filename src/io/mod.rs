//! Input and output for the judges: the [`scanner`] of the input, the [`output`] buffer,
//! the process [`runner`] that joins them, and command-line [`args`] and the
//! [`options`] tables they are read with.

pub mod args;
pub mod options;
pub mod output;
pub mod runner;
pub mod scanner;
