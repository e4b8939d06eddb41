//! The courses' marks, from what grading found ([`Outcome`]):
//! - JLU part (2): the mean score of the games x 1.3, capped at 60; a program that does not
//!   compile or does not run normally (a crash, a hang, a click off the board in any game)
//!   gets 0.
//! - ACM advanced: each batch's score, a batch where the client failed scoring 0 (the online
//!   judge's runtime error); their mean is the raw score, mapped to a mark through the
//!   baselines' raw scores, as the course's statement says: 0 up to the lowest; linear between
//!   two (never lower, as the course promises), so a raw score equal to a baseline's gets the
//!   mark at that baseline; the mark for beating the highest only above it (the course gives a
//!   baseline's full marks to whoever beats it, and a score equal to it does not).
//! - Tests (JLU part (1), THU, ACM basic): points per test passed, by OI rules.
//!
//! Where a fault cost the mark, the mark the games would have earned had the faulty ones
//! simply been lost is given too (`as_played`), for the teacher's second look.

use crate::grade::intervals;
use crate::grade::outcome::{Outcome, Status};
use crate::grade::task::Task;
use crate::io::output::counted;
use crate::players::jlu_machine::course::course_mark;

/// How marks are given for a class.
#[derive(Clone, Debug, PartialEq)]
pub struct Marking {
    /// The task.
    pub task: Task,
    /// Points per test passed.
    pub points_per_test: f64,
    /// The baselines' raw scores, ascending (ACM advanced).
    pub baselines: Vec<f64>,
    /// The mark at each baseline, and last the mark for beating the highest: one more than
    /// there are baselines.
    pub baseline_marks: Vec<f64>,
}

/// The ACM class's marks of the advanced task at its three baselines (rubbish, baseline 1,
/// baseline 2) and for beating baseline 2, in percent of the course: class A.
pub const CLASS_A: [f64; 4] = [0.0, 20.0, 30.0, 35.0];

/// The same for class B, which has no mark for beating baseline 2.
pub const CLASS_B: [f64; 4] = [0.0, 10.0, 15.0, 15.0];

/// A student's mark.
#[derive(Clone, Debug, PartialEq)]
pub struct Mark {
    /// The mark.
    pub mark: f64,
    /// The most it can be.
    pub out_of: f64,
    /// The raw score before the mapping (ACM advanced: the mean of the batches; JLU: the mean
    /// score per game).
    pub raw: Option<f64>,
    /// The mark had every fault simply lost its game or map, when a fault cost the mark.
    pub as_played: Option<f64>,
    /// Why the mark is what it is, when that is not plain (a compile error, a crash).
    pub reason: String,
    /// The 95% interval of a mark that is a mean over random games (JLU part (2)).
    pub interval: Option<(f64, f64)>,
}

impl Marking {
    /// The mark of `outcome`.
    pub fn mark(&self, outcome: &Outcome, tests: usize) -> Mark {
        let out_of = self.out_of(tests);
        let zero = |reason: String| Mark {
            mark: 0.0,
            out_of,
            raw: None,
            as_played: None,
            reason,
            interval: None,
        };
        match outcome.status {
            Status::CompileError => {
                return zero("does not compile: 0, as the course gives".into());
            }
            Status::NotGraded => return zero(outcome.first_fault.clone()),
            Status::Graded => {}
        }
        match self.task {
            Task::JluMachine => {
                let games = outcome.games.unwrap_or_default();
                let mean = games.score_tenths as f64 / 10.0 / games.games.max(1) as f64;
                let earned = course_mark(mean);
                if outcome.faults > 0 {
                    Mark {
                        mark: 0.0,
                        out_of,
                        raw: Some(mean),
                        as_played: Some(earned),
                        reason: format!(
                            "failed in {} ({}): 0, as the course gives a program that \
                             does not run normally",
                            counted(outcome.faults, "game"),
                            outcome.first_fault
                        ),
                        interval: None,
                    }
                } else {
                    let interval = (!outcome.game_tenths.is_empty()).then(|| {
                        let (_, low, high) =
                            intervals::mark_interval(&outcome.game_tenths, games.games);
                        (low, high)
                    });
                    Mark {
                        mark: earned,
                        out_of,
                        raw: Some(mean),
                        as_played: None,
                        reason: String::new(),
                        interval,
                    }
                }
            }
            Task::AcmClient => {
                let batches = outcome.batches.len().max(1) as f64;
                let raw = outcome
                    .batches
                    .iter()
                    .map(|b| if b.faults > 0 { 0.0 } else { b.score })
                    .sum::<f64>()
                    / batches;
                let played = outcome.batches.iter().map(|b| b.score).sum::<f64>() / batches;
                let mark = self.baseline_mark(raw);
                Mark {
                    mark,
                    out_of,
                    raw: Some(raw),
                    as_played: (outcome.faults > 0).then(|| self.baseline_mark(played)),
                    reason: if outcome.faults > 0 {
                        format!(
                            "failed on {} ({}): a batch where it failed scores 0, as the \
                             online judge's runtime error",
                            counted(outcome.faults, "map"),
                            outcome.first_fault
                        )
                    } else {
                        String::new()
                    },
                    interval: None,
                }
            }
            Task::JluPanel | Task::MineOps | Task::AcmServer => {
                let passed = outcome.tests.iter().filter(|t| t.passed()).count();
                Mark {
                    mark: passed as f64 * self.points_per_test,
                    out_of,
                    raw: None,
                    as_played: None,
                    reason: String::new(),
                    interval: None,
                }
            }
        }
    }

    /// The most a mark can be, with `tests` tests.
    pub fn out_of(&self, tests: usize) -> f64 {
        match self.task {
            Task::JluMachine => 60.0,
            Task::AcmClient => self.baseline_marks.last().copied().unwrap_or(0.0),
            _ => tests as f64 * self.points_per_test,
        }
    }

    /// The mark of a raw ACM score through the baselines (see the module's doc).
    ///
    /// # Examples
    ///
    /// ```
    /// use minejudge::grade::marks::{Marking, CLASS_A};
    /// use minejudge::grade::Task;
    ///
    /// let marking = Marking {
    ///     task: Task::AcmClient,
    ///     points_per_test: 0.0,
    ///     baselines: vec![0.2, 0.7, 0.8],
    ///     baseline_marks: CLASS_A.to_vec(),
    /// };
    /// assert_eq!(marking.baseline_mark(0.1), 0.0);
    /// assert_eq!(marking.baseline_mark(0.7), 20.0);
    /// assert!((marking.baseline_mark(0.75) - 25.0).abs() < 1e-9);
    /// assert_eq!(marking.baseline_mark(0.8), 30.0);
    /// assert_eq!(marking.baseline_mark(0.81), 35.0);
    /// ```
    pub fn baseline_mark(&self, raw: f64) -> f64 {
        let (b, m) = (&self.baselines, &self.baseline_marks);
        let Some(&top) = b.last() else {
            return 0.0;
        };
        if raw > top {
            return m[b.len()];
        }
        // The highest baseline reached; with ties, the last of them.
        let Some(i) = b.iter().rposition(|&at| at <= raw) else {
            return 0.0;
        };
        if i + 1 == b.len() {
            return m[i];
        }
        m[i] + (m[i + 1] - m[i]) * (raw - b[i]) / (b[i + 1] - b[i])
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grade::outcome::{Batch, Games, Test};

    fn marking(task: Task) -> Marking {
        Marking {
            task,
            points_per_test: 5.0,
            baselines: vec![0.3, 0.7, 0.9],
            baseline_marks: CLASS_A.to_vec(),
        }
    }

    #[test]
    fn jlu_marks_are_the_mean_times_one_point_three_and_zero_on_a_fault() {
        let games = Games {
            games: 1000,
            played: 1000,
            won: 500,
            score_tenths: 400_000,
            clicks_in_wins: 0,
            stopped: 0,
        };
        let outcome = Outcome {
            games: Some(games),
            ..Outcome::default()
        };
        let mark = marking(Task::JluMachine).mark(&outcome, 0);
        assert!((mark.mark - 52.0).abs() < 1e-9, "{mark:?}");
        let faulty = Outcome {
            faults: 1,
            first_fault: "game 3".into(),
            ..outcome.clone()
        };
        let mark = marking(Task::JluMachine).mark(&faulty, 0);
        assert_eq!(mark.mark, 0.0);
        assert!((mark.as_played.unwrap() - 52.0).abs() < 1e-9);
        let high = Outcome {
            games: Some(Games {
                score_tenths: 500_000,
                ..games
            }),
            ..Outcome::default()
        };
        assert_eq!(marking(Task::JluMachine).mark(&high, 0).mark, 60.0);
        let broken = Outcome::not_graded(Status::CompileError, String::new());
        assert_eq!(marking(Task::JluMachine).mark(&broken, 0).mark, 0.0);
    }

    #[test]
    fn acm_batches_with_a_fault_score_zero_and_baselines_map_linearly() {
        let batch = |score, faults| Batch {
            name: String::new(),
            score,
            won: 0,
            maps: 50,
            faults,
        };
        let outcome = Outcome {
            batches: vec![batch(0.8, 0), batch(0.6, 0)],
            ..Outcome::default()
        };
        let mark = marking(Task::AcmClient).mark(&outcome, 0);
        assert!((mark.raw.unwrap() - 0.7).abs() < 1e-12);
        assert!((mark.mark - 20.0).abs() < 1e-9);
        let faulty = Outcome {
            batches: vec![batch(0.8, 0), batch(1.0, 1)],
            faults: 1,
            ..Outcome::default()
        };
        let mark = marking(Task::AcmClient).mark(&faulty, 0);
        assert!((mark.raw.unwrap() - 0.4).abs() < 1e-12);
        assert_eq!(mark.as_played, Some(30.0));
        assert!((mark.mark - 20.0 * 0.1 / 0.4).abs() < 1e-9, "{mark:?}");
    }

    #[test]
    fn each_baseline_gives_its_own_mark_and_only_beating_the_highest_gives_more() {
        let step = 1e-6;
        for (marks, class) in [(CLASS_A, "A"), (CLASS_B, "B")] {
            let marking = Marking {
                baseline_marks: marks.to_vec(),
                ..marking(Task::AcmClient)
            };
            let at = |raw: f64| marking.baseline_mark(raw);
            let near = |got: f64, want: f64, what: &str| {
                assert!(
                    (got - want).abs() < 1e-3,
                    "class {class}, {what}: {got} != {want}"
                );
            };
            for (i, &raw) in marking.baselines.iter().enumerate() {
                assert_eq!(at(raw), marks[i], "class {class}, equal to baseline {i}");
                let below = if i == 0 { 0.0 } else { marks[i] };
                near(at(raw - step), below, &format!("just below baseline {i}"));
                let above = if i + 1 == marking.baselines.len() {
                    marks[i + 1]
                } else {
                    marks[i]
                };
                near(at(raw + step), above, &format!("just above baseline {i}"));
            }
            assert_eq!(
                at(0.9 + step),
                marks[3],
                "class {class}, just above the top"
            );
            assert!(
                at(0.9 - step) < marks[2],
                "class {class}, just below the top"
            );
        }
    }

    #[test]
    fn tied_baselines_give_the_higher_mark_when_reached() {
        let marking = Marking {
            baselines: vec![0.3, 0.7, 0.7],
            ..marking(Task::AcmClient)
        };
        assert_eq!(marking.baseline_mark(0.7), 30.0);
        assert_eq!(marking.baseline_mark(0.71), 35.0);
        assert!((marking.baseline_mark(0.5) - 10.0).abs() < 1e-9);
    }

    #[test]
    fn tests_earn_their_points() {
        let test = |verdict: &str| Test {
            name: String::new(),
            verdict: verdict.into(),
            detail: String::new(),
        };
        let outcome = Outcome {
            tests: vec![test("passed"), test("wrong answer"), test("passed")],
            ..Outcome::default()
        };
        let mark = marking(Task::JluPanel).mark(&outcome, 3);
        assert_eq!((mark.mark, mark.out_of), (10.0, 15.0));
    }
}
