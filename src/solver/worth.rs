//! What a position is worth to the guess before it: its two highest safeties (secondary
//! safety), the second counting a little for when the first turns out dead.

/// The next position after a guess is worth (FIRST * b1 + b2) / (FIRST + 1), b1 and b2 its
/// two highest safeties: the second counts a little, for when the first turns out dead.
const FIRST_WEIGHT: f64 = 4.0;

/// The two highest safeties among some cells.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub(super) struct Best2 {
    first: f64,
    second: f64,
}

impl Best2 {
    pub(super) const NONE: Best2 = Best2 {
        first: 0.0,
        second: 0.0,
    };

    /// Adds `times` cells of safety `safety`.
    pub(super) fn push(&mut self, safety: f64, times: usize) {
        // A certain mine up to rounding is no cell to open.
        let safety = if safety < 1e-9 { 0.0 } else { safety };
        for _ in 0..times.min(2) {
            if safety > self.first {
                self.second = self.first;
                self.first = safety;
            } else if safety > self.second {
                self.second = safety;
            } else {
                break;
            }
        }
    }

    pub(super) fn merge(&mut self, other: Best2) {
        self.push(other.first, 1);
        self.push(other.second, 1);
    }

    /// What a position with these safeties is worth: 1 when no cell can be safe (the game is
    /// won), and a lone possibly safe cell counts as the last one.
    pub(super) fn worth(self) -> f64 {
        if self.first <= 0.0 {
            return 1.0;
        }
        let second = if self.second > 0.0 { self.second } else { 1.0 };
        (FIRST_WEIGHT * self.first + second) / (FIRST_WEIGHT + 1.0)
    }
}
