//! What only a judge knows about its problem package: the statement in our own words, and the
//! wrong submissions a package holds to show that its tests catch them. `package` reads these;
//! the judge's folder keeps them beside the rules they describe.

/// What a judge system must say of a submission on a package's tests.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Right on every test, within the time limit.
    Accepted,
    /// A wrong output on some test.
    WrongAnswer,
    /// A crash on some test.
    RunTimeError,
    /// Too slow on some test.
    TimeLimitExceeded,
}

/// A bug planted in our own bundle: the text of the bundle it changes (exactly once) and what
/// it becomes. Such a submission must get a wrong answer.
#[derive(Clone, Copy, Debug)]
pub struct Mutant {
    /// Its name, such as `neighbours-miss-the-row-below`.
    pub name: &'static str,
    /// The bundle's text it changes.
    pub text: &'static str,
    /// What that text becomes.
    pub becomes: &'static str,
}

/// A judge's facts for `package`.
#[derive(Clone, Copy, Debug)]
pub struct PackageFacts {
    /// The statement in English: its first line the title (`# ...`), the rest the body, with
    /// `{time}` and `{memory}` for the original judge's limits. The samples are not in it.
    pub statement_en: &'static str,
    /// The statement in Simplified Chinese, laid out as the English one.
    pub statement_zh: &'static str,
    /// The solutions of `tests/planted/solutions.rs` a package holds, by name, with the
    /// verdict each must get.
    pub planted: &'static [(&'static str, Verdict)],
    /// The bugs planted in our bundle, for a judge that `tests/planted/` has none for.
    pub mutants: &'static [Mutant],
    /// The file of `tests/planted/` that is too slow for the largest tests, if any.
    pub brute_force: Option<&'static str>,
}
