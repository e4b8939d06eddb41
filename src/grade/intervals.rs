//! Marks with their uncertainty. JLU part (2)'s mark is the mean of the course's scores over
//! random games, times 1.3, capped at 60: a mark is an estimate, and the statement invites
//! students to challenge one that looks too lucky. Every student plays the same games, so two
//! students' marks are compared game by game (a paired comparison), which is far sharper than
//! comparing their two intervals.
//!
//! Both intervals are the normal approximation of 95% (the mean ± 1.96 standard errors); with
//! hundreds of games it is what a t interval gives to a few hundredths.

use crate::players::jlu_machine::course::course_mark;

/// The mark of games whose scores (in tenths of a point) are `tenths`, out of `games` (games
/// not played count 0), and its 95% interval, capped as the mark is.
///
/// # Examples
///
/// ```
/// use minejudge::grade::intervals::mark_interval;
///
/// let (mark, low, high) = mark_interval(&[600, 100, 600, 100], 4);
/// assert!((mark - 45.5).abs() < 1e-9);
/// assert!(low < mark && mark < high && high <= 60.0);
/// ```
pub fn mark_interval(tenths: &[u16], games: u64) -> (f64, f64, f64) {
    let (mean, half) = mean_and_half_width(tenths.iter().map(|&t| f64::from(t) / 10.0), games);
    (
        course_mark(mean),
        course_mark((mean - half).max(0.0)),
        course_mark(mean + half),
    )
}

/// How `a`'s mark compares with `b`'s on the same games: the mean difference of their marks
/// (uncapped) and the half-width of its 95% interval. The difference is beyond chance when it
/// is larger than the half-width.
///
/// # Examples
///
/// ```
/// use minejudge::grade::intervals::paired;
///
/// let (difference, half) = paired(&[600, 600, 600, 600], &[100, 120, 90, 100], 4);
/// assert!(difference > half);
/// ```
pub fn paired(a: &[u16], b: &[u16], games: u64) -> (f64, f64) {
    let at = |scores: &[u16], i: usize| f64::from(scores.get(i).copied().unwrap_or(0)) / 10.0;
    let differences = (0..games as usize).map(|i| 1.3 * (at(a, i) - at(b, i)));
    mean_and_half_width(differences, games)
}

/// The mean of `values` over `count` (missing values count 0) and the half-width of its 95%
/// interval.
fn mean_and_half_width(values: impl Iterator<Item = f64>, count: u64) -> (f64, f64) {
    let n = count.max(1) as f64;
    let (mut sum, mut squares) = (0.0, 0.0);
    for value in values {
        sum += value;
        squares += value * value;
    }
    let mean = sum / n;
    let variance = if count > 1 {
        ((squares - n * mean * mean) / (n - 1.0)).max(0.0)
    } else {
        0.0
    };
    (mean, 1.96 * (variance / n).sqrt())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The textbook two-pass sample variance, apart from the one-pass sums above.
    fn half_width(values: &[f64]) -> f64 {
        let n = values.len() as f64;
        let mean = values.iter().sum::<f64>() / n;
        let variance = values.iter().map(|v| (v - mean) * (v - mean)).sum::<f64>() / (n - 1.0);
        1.96 * (variance / n).sqrt()
    }

    #[test]
    fn intervals_match_the_textbook_on_seeded_scores() {
        let mut rng = crate::rng::Rng::new(20261128);
        println!("seed 20261128");
        for _ in 0..500 {
            let games = 2 + rng.below(300);
            let a: Vec<u16> = (0..games).map(|_| rng.below(601) as u16).collect();
            let b: Vec<u16> = (0..games).map(|_| rng.below(601) as u16).collect();
            let values: Vec<f64> = a.iter().map(|&t| f64::from(t) / 10.0).collect();
            let (mean, half) = mean_and_half_width(values.iter().copied(), games as u64);
            assert!((half - half_width(&values)).abs() < 1e-6);
            assert!((mean - values.iter().sum::<f64>() / games as f64).abs() < 1e-9);
            let differences: Vec<f64> = (0..games)
                .map(|i| 1.3 * (f64::from(a[i]) - f64::from(b[i])) / 10.0)
                .collect();
            let (difference, half) = paired(&a, &b, games as u64);
            assert!((half - half_width(&differences)).abs() < 1e-6);
            let (mark_a, _, _) = mark_interval(&a, games as u64);
            let (mark_b, _, _) = mark_interval(&b, games as u64);
            if mark_a < 60.0 && mark_b < 60.0 {
                assert!((difference - (mark_a - mark_b)).abs() < 1e-9);
            }
        }
    }
}
