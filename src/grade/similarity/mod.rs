//! Placeholder until the winnowing module lands.

/// A submission's text.
#[derive(Clone, Debug)]
pub struct Source {
    /// Its name.
    pub name: String,
    /// Its text.
    pub text: String,
}

/// Options.
#[derive(Clone, Debug, Default)]
pub struct Options {}

/// A pair.
#[derive(Clone, Debug)]
pub struct Pair {
    /// One.
    pub a: usize,
    /// The other.
    pub b: usize,
    /// Score.
    pub score: f64,
    /// Shared fingerprints.
    pub shared: usize,
    /// Matches.
    pub matches: Vec<Match>,
}

/// A match.
#[derive(Clone, Debug)]
pub struct Match {
    /// Lines in a.
    pub a_lines: std::ops::RangeInclusive<usize>,
    /// Lines in b.
    pub b_lines: std::ops::RangeInclusive<usize>,
}

/// Pairs.
pub fn suspicious_pairs(_sources: &[Source], _options: &Options) -> Vec<Pair> {
    Vec::new()
}
