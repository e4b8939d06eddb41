//! A rule broken, and where.

/// One rule broken, where.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Finding {
    /// The line, from 1 (0: seen while it ran, not in its text).
    pub line: usize,
    /// What is wrong, in a few words.
    pub what: String,
}

impl std::fmt::Display for Finding {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.line == 0 {
            write!(f, "{}", self.what)
        } else {
            write!(f, "line {}: {}", self.line, self.what)
        }
    }
}
