//! Size limits still kept apart from their judge.

/// The largest side of an `inexperienced-player` board: the judge's boards have at most 40
/// cells; 1000x1000 is the benchmark's and `gen --size max`'s board.
pub const INEXPERIENCED_MAX_SIDE: usize = 1000;
