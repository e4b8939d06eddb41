//! The output checker, one Python file for every format: `checker.py` beside this file, with
//! its comparison (the original judge's, [`crate::judges::Comparison`]) and its calling
//! protocol filled in. Python, not a bundle of ours, so that it is an oracle independent of our
//! judges' code, and so that a judge system runs it without compiling anything.

use crate::judges::Comparison;

/// The checker's text as it is kept: `MODE = "exact"` and `PROTOCOL = "kattis"`.
pub const CHECKER: &str = include_str!("checker.py");

/// How a judge system calls a checker.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Protocol {
    /// `input answer feedback_dir < output`, exit 42 or 43 (Kattis; Hydro's `kattis` type).
    Kattis,
    /// `input output answer full_score score_file message_file` (LemonLime's special judge).
    Lemon,
    /// `input output answer score_file message_file` (ACMOJ's custom checker).
    Acmoj,
    /// Imported by DMOJ's judge, which calls its `check(output, answer)`.
    Dmoj,
}

/// The checker comparing as `comparison` and called as `protocol`.
pub(crate) fn checker(comparison: Comparison, protocol: Protocol) -> String {
    let protocol = match protocol {
        Protocol::Kattis => "kattis",
        Protocol::Lemon => "lemon",
        Protocol::Acmoj => "acmoj",
        Protocol::Dmoj => "dmoj",
    };
    CHECKER
        .replacen(
            "MODE = \"exact\"",
            &format!("MODE = \"{}\"", comparison.name()),
            1,
        )
        .replacen(
            "PROTOCOL = \"kattis\"",
            &format!("PROTOCOL = \"{protocol}\""),
            1,
        )
}
