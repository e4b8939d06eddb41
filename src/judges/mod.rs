//! The five judges, one folder each, named after its binary: its rules and `solve`, its input
//! format, its limits, its generator, its shrinkable case and its export from `play`. The tools
//! reach them through the registry, a table of data: [`ALL`] lists each folder's `DESCRIPTION`,
//! a [`Judge`] that holds every fact the tools read. Adding a judge is one new folder with its
//! description filled in, its line in [`ALL`], and its binary in `src/bin/`.
//!
//! A judge's binary uses only its `solve` module (and what that uses), so that a one-file
//! `bundle` of it carries none of the rest.

pub mod acm_server;
pub mod case;
pub mod generator;
pub mod inexperienced_player;
pub mod jlu_panel;
pub mod judge;
pub mod knobs;
pub mod limits;
pub mod mine_ops;
pub mod options;
pub mod package_facts;
pub mod shapes;
pub mod update_board;

pub use judge::{
    Comparison, ExportedInput, Exporter, Judge, OriginalJudge, Replies, Spacing, SpacingNotes,
};
pub use knobs::{Knobs, Size};
pub use limits::{CourseLimits, Limits, MaxCase};
pub use package_facts::{Mutant, PackageFacts, Verdict};
pub use shapes::EdgeShape;

/// Every judge, in the order the tools list them.
pub static ALL: [&Judge; 5] = [
    &mine_ops::DESCRIPTION,
    &jlu_panel::DESCRIPTION,
    &update_board::DESCRIPTION,
    &acm_server::DESCRIPTION,
    &inexperienced_player::DESCRIPTION,
];

/// The judge whose binary is called `name`.
pub fn by_name(name: &str) -> Option<&'static Judge> {
    ALL.iter().copied().find(|judge| judge.name() == name)
}

/// The judge whose binary is called `name`, or an error that lists the judges (for a command
/// line).
///
/// # Examples
///
/// ```
/// use minejudge::judges;
///
/// assert_eq!(judges::named("mine-ops").unwrap().name(), "mine-ops");
/// assert!(judges::named("mine").unwrap_err().starts_with("no judge named \"mine\""));
/// ```
pub fn named(name: &str) -> Result<&'static Judge, String> {
    by_name(name).ok_or_else(|| format!("no judge named {name:?}; the judges are: {}", names()))
}

/// The judges' names, separated by commas.
pub fn names() -> String {
    let names: Vec<&str> = ALL.iter().map(|judge| judge.name()).collect();
    names.join(", ")
}
