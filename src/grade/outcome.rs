//! What grading one student's file found, before it is turned into a mark: its games, batches
//! or tests, its faults, its compile error. This is what the cache keeps (the marks of an
//! ACM class also depend on the baselines, found after), written as lines of `key<TAB>value`.

use crate::exec::child::{describe_ending, Ending};
use std::fmt::Write as _;

/// How the grading of one file went.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Status {
    /// It ran (faults and all).
    #[default]
    Graded,
    /// It did not compile.
    CompileError,
    /// There was nothing to grade, or it could not be started.
    NotGraded,
}

/// Why an outcome may not be the file's own whole verdict: such an outcome is shown, never
/// cached, so that the next grading tries again.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Doubt {
    /// A fault the machine may have caused: a run or a compiler that could not start or be
    /// waited for, a compiler stopped at its limits, a kill that neither the run's deadline
    /// nor its memory limit explains (the system's own memory killer).
    Machine,
    /// The time budget ran out before every game, map or test was played: a loaded machine
    /// spends it sooner.
    BudgetSpent,
    /// An output cut at its limit without the run being stopped for it: the verdict is on a
    /// part of it.
    Truncated,
}

/// The JLU course's games of one machine.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Games {
    /// Games to play.
    pub games: u64,
    /// Games played (fewer when the faults stopped it).
    pub played: u64,
    /// Games won.
    pub won: u64,
    /// The course's scores of the games played, in tenths, summed.
    pub score_tenths: u64,
    /// Clicks in won games.
    pub clicks_in_wins: u64,
    /// Games stopped at the course's click limit.
    pub stopped: u64,
}

/// One batch of the ACM course's maps.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Batch {
    /// The batch, as `rows cols mines / seed / min_dist`.
    pub name: String,
    /// The course's score: the mean of the best 90% of maps' (marked + visited) / cells.
    pub score: f64,
    /// Maps won.
    pub won: u64,
    /// Maps played.
    pub maps: u64,
    /// Maps the client did not finish.
    pub faults: u64,
}

/// One test of a judge.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Test {
    /// The test's name (its file's, or `gen`'s seed).
    pub name: String,
    /// `passed`, or the verdict (`wrong answer`, `timeout`, `crash`, ...).
    pub verdict: String,
    /// What was wrong, in a line.
    pub detail: String,
}

impl Test {
    /// Whether it passed.
    pub fn passed(&self) -> bool {
        self.verdict == "passed"
    }
}

/// What grading one student's file found.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Outcome {
    /// How it went.
    pub status: Status,
    /// Faults: games, maps or tests where it crashed, hung or answered off the board.
    pub faults: u64,
    /// The first fault in a line, or why it was not graded.
    pub first_fault: String,
    /// What it was given when it first failed (a panel, a map, a test's input), and what it
    /// did, as a block of text.
    pub evidence: String,
    /// The compiler's first lines.
    pub compile_error: String,
    /// The JLU games.
    pub games: Option<Games>,
    /// The ACM batches.
    pub batches: Vec<Batch>,
    /// The tests.
    pub tests: Vec<Test>,
    /// Seconds the grading took (compile included).
    pub seconds: f64,
    /// Why it may not be the file's whole verdict (none: it is); not kept in its text, since
    /// only whole outcomes are kept.
    pub doubt: Option<Doubt>,
    /// Whether a call of the JLU `machine` changed the panel it was given.
    pub panel_changed: bool,
    /// Each JLU game's course score, in tenths of a point, in the order played.
    pub game_tenths: Vec<u16>,
}

/// The most lines of a program's output or a compiler's message an outcome quotes, and the
/// most characters of each: what a report shows, and what the cache keeps.
const QUOTED_LINES: usize = 40;
const QUOTED_WIDTH: usize = 200;

/// `text` cut to `lines` lines of at most [`QUOTED_WIDTH`] characters, with what was left out
/// said.
pub fn quoted(text: &str, lines: usize) -> String {
    let all: Vec<&str> = text.lines().collect();
    let mut kept: Vec<String> = all
        .iter()
        .take(lines)
        .map(|line| match line.char_indices().nth(QUOTED_WIDTH) {
            Some((at, _)) => format!("{} [{} more bytes]", &line[..at], line.len() - at),
            None => line.to_string(),
        })
        .collect();
    if all.len() > lines {
        kept.push(format!("[{} more lines]", all.len() - lines));
    }
    let mut out = kept.join("\n");
    if text.ends_with('\n') && all.len() <= lines {
        out.push('\n');
    }
    out
}

/// Whether a run that ended as `ending`, having held at most `peak` bytes of a `limit`, may
/// have been ended by the machine rather than by itself or its limits: a wait that failed (no
/// signal), or a SIGKILL its memory limit does not explain (its time limits are told apart as
/// [`Ending::TooSlow`] and [`Ending::TimedOut`]).
pub fn ended_by_the_machine(ending: Ending, peak: Option<u64>, limit: Option<u64>) -> bool {
    match ending {
        Ending::Signalled(0) => true,
        Ending::Signalled(9) => {
            !matches!((peak, limit), (Some(peak), Some(limit)) if peak >= limit)
        }
        _ => false,
    }
}

/// Whether the fault a course harness tells as `what` is a run [`ended_by_the_machine`]: the
/// harnesses tell a crash as `it crashed: ` and its ending, with no word of its memory.
pub fn fault_by_the_machine(what: &str) -> bool {
    [0, 9]
        .into_iter()
        .any(|signal| what == format!("it crashed: {}", describe_ending(Ending::Signalled(signal))))
}

impl Outcome {
    /// Whether this is the file's own whole verdict, and so may be cached: it was graded (or
    /// refused by the compiler), and nothing casts a [`Doubt`] on it.
    pub fn is_whole(&self) -> bool {
        self.status != Status::NotGraded && self.doubt.is_none()
    }

    /// Casts `doubt` on this outcome (the first one cast is kept).
    pub fn doubt(&mut self, doubt: Doubt) {
        self.doubt.get_or_insert(doubt);
    }

    /// This outcome with every quote of a program or a compiler cut to a few lines of a few
    /// hundred characters (one student's 1 MiB line must not become megabytes of report).
    pub fn bounded(mut self) -> Outcome {
        self.first_fault = quoted(&self.first_fault, 3);
        self.evidence = quoted(&self.evidence, QUOTED_LINES);
        self.compile_error = quoted(&self.compile_error, QUOTED_LINES);
        for test in &mut self.tests {
            test.detail = quoted(&test.detail, 1);
        }
        self
    }

    /// An outcome of a file that was not graded, and why.
    pub fn not_graded(status: Status, why: String) -> Outcome {
        Outcome {
            status,
            first_fault: why,
            ..Outcome::default()
        }
    }

    /// The outcome as lines of `key<TAB>value` (values escaped: `\\`, `\n`, `\t`).
    pub fn to_text(&self) -> String {
        let mut text = String::new();
        let mut put = |key: &str, value: &str| {
            let _ = writeln!(text, "{key}\t{}", escape(value));
        };
        put(
            "status",
            match self.status {
                Status::Graded => "graded",
                Status::CompileError => "compile-error",
                Status::NotGraded => "not-graded",
            },
        );
        put("faults", &self.faults.to_string());
        put("first-fault", &self.first_fault);
        put("evidence", &self.evidence);
        put("compile-error", &self.compile_error);
        put("seconds", &format!("{}", self.seconds));
        if self.panel_changed {
            put("panel-changed", "1");
        }
        if !self.game_tenths.is_empty() {
            let scores: Vec<String> = self.game_tenths.iter().map(u16::to_string).collect();
            put("scores", &scores.join(" "));
        }
        if let Some(g) = &self.games {
            put(
                "games",
                &format!(
                    "{} {} {} {} {} {}",
                    g.games, g.played, g.won, g.score_tenths, g.clicks_in_wins, g.stopped
                ),
            );
        }
        for b in &self.batches {
            put(
                "batch",
                &format!(
                    "{}\t{}\t{}\t{}\t{}",
                    b.score, b.won, b.maps, b.faults, b.name
                ),
            );
        }
        for t in &self.tests {
            put("test", &format!("{}\t{}\t{}", t.name, t.verdict, t.detail));
        }
        text
    }

    /// Reads what [`Outcome::to_text`] wrote; `None` if it is not that.
    pub fn from_text(text: &str) -> Option<Outcome> {
        let mut outcome = Outcome::default();
        for line in text.lines() {
            let (key, value) = line.split_once('\t')?;
            let value = unescape(value);
            match key {
                "status" => {
                    outcome.status = match value.as_str() {
                        "graded" => Status::Graded,
                        "compile-error" => Status::CompileError,
                        "not-graded" => Status::NotGraded,
                        _ => return None,
                    }
                }
                "faults" => outcome.faults = value.parse().ok()?,
                "first-fault" => outcome.first_fault = value,
                "evidence" => outcome.evidence = value,
                "compile-error" => outcome.compile_error = value,
                "seconds" => outcome.seconds = value.parse().ok()?,
                "panel-changed" => outcome.panel_changed = value == "1",
                "scores" => {
                    outcome.game_tenths = value
                        .split(' ')
                        .map(str::parse)
                        .collect::<Result<_, _>>()
                        .ok()?
                }
                "games" => {
                    let n: Vec<u64> = value
                        .split(' ')
                        .map(str::parse)
                        .collect::<Result<_, _>>()
                        .ok()?;
                    let [games, played, won, score_tenths, clicks_in_wins, stopped] = n[..] else {
                        return None;
                    };
                    outcome.games = Some(Games {
                        games,
                        played,
                        won,
                        score_tenths,
                        clicks_in_wins,
                        stopped,
                    });
                }
                "batch" => {
                    let parts: Vec<&str> = value.splitn(5, '\t').collect();
                    let [score, won, maps, faults, name] = parts[..] else {
                        return None;
                    };
                    outcome.batches.push(Batch {
                        name: name.to_string(),
                        score: score.parse().ok()?,
                        won: won.parse().ok()?,
                        maps: maps.parse().ok()?,
                        faults: faults.parse().ok()?,
                    });
                }
                "test" => {
                    let parts: Vec<&str> = value.splitn(3, '\t').collect();
                    let [name, verdict, detail] = parts[..] else {
                        return None;
                    };
                    outcome.tests.push(Test {
                        name: name.to_string(),
                        verdict: verdict.to_string(),
                        detail: detail.to_string(),
                    });
                }
                _ => return None,
            }
        }
        Some(outcome)
    }
}

fn escape(value: &str) -> String {
    value
        .replace('\\', "\\\\")
        .replace('\n', "\\n")
        .replace('\t', "\\t")
}

fn unescape(value: &str) -> String {
    let mut out = String::with_capacity(value.len());
    let mut chars = value.chars();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        match chars.next() {
            Some('n') => out.push('\n'),
            Some('t') => out.push('\t'),
            Some(other) => out.push(other),
            None => {}
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quotes_are_cut_to_a_few_lines_of_a_few_hundred_characters() {
        let long = "x".repeat(1 << 20);
        let cut = quoted(&long, 3);
        assert!(cut.len() < 300, "{}", cut.len());
        assert!(cut.ends_with(&format!("[{} more bytes]", (1 << 20) - QUOTED_WIDTH)));
        let many = "line\n".repeat(100);
        assert_eq!(quoted(&many, 2), "line\nline\n[98 more lines]");
        assert_eq!(quoted("a\nb\n", 3), "a\nb\n");
    }

    #[test]
    fn outcomes_survive_their_text() {
        let outcome = Outcome {
            status: Status::Graded,
            faults: 2,
            first_fault: "it crashed:\tSIGSEGV\\n".into(),
            panel_changed: true,
            game_tenths: vec![600, 0, 123],
            evidence: "20 20\n-1 -1 \n".into(),
            compile_error: String::new(),
            games: Some(Games {
                games: 1000,
                played: 1000,
                won: 647,
                score_tenths: 427_512,
                clicks_in_wins: 59_000,
                stopped: 3,
            }),
            batches: vec![Batch {
                name: "10 10 9 / 19260817 / 2".into(),
                score: 0.987654321,
                won: 49,
                maps: 50,
                faults: 0,
            }],
            tests: vec![Test {
                name: "3.in".into(),
                verdict: "wrong answer".into(),
                detail: "line 2:\texpected \"1\"".into(),
            }],
            seconds: 2.5,
            doubt: None,
        };
        let text = outcome.to_text();
        assert_eq!(Outcome::from_text(&text), Some(outcome));
        assert_eq!(Outcome::from_text("status\tgraded\nnonsense\n"), None);
        assert_eq!(Outcome::from_text("status\tweird\n"), None);
    }

    #[test]
    fn only_whole_outcomes_may_be_kept() {
        let graded = Outcome::default();
        assert!(graded.is_whole());
        let refused = Outcome::not_graded(Status::CompileError, String::new());
        assert!(refused.is_whole());
        assert!(!Outcome::not_graded(Status::NotGraded, "no file".into()).is_whole());
        for doubt in [Doubt::Machine, Doubt::BudgetSpent, Doubt::Truncated] {
            let mut outcome = Outcome {
                faults: 1,
                first_fault: "game 1, click 1: it crashed: exit status 3".into(),
                ..Outcome::default()
            };
            outcome.doubt(doubt);
            outcome.doubt(Doubt::Machine);
            assert_eq!(outcome.doubt, Some(doubt));
            assert!(!outcome.is_whole(), "{doubt:?}");
        }
    }

    #[test]
    fn kills_nothing_explains_are_the_machines() {
        let mib = Some(1 << 20);
        assert!(ended_by_the_machine(Ending::Signalled(0), None, mib));
        assert!(ended_by_the_machine(Ending::Signalled(9), None, mib));
        assert!(ended_by_the_machine(Ending::Signalled(9), Some(1000), mib));
        assert!(!ended_by_the_machine(Ending::Signalled(9), mib, mib));
        for ending in [
            Ending::Signalled(11),
            Ending::Signalled(6),
            Ending::Exited(1),
            Ending::TooSlow,
            Ending::TimedOut,
            Ending::OutputLimit,
        ] {
            assert!(!ended_by_the_machine(ending, None, mib), "{ending:?}");
        }
        assert!(fault_by_the_machine(
            "it crashed: killed by signal 9 (SIGKILL)"
        ));
        assert!(!fault_by_the_machine(
            "it crashed: killed by signal 11 (SIGSEGV)"
        ));
        // A student's printed text quoted in a fault is not the harness's word.
        assert!(!fault_by_the_machine(
            "our driver printed \"it crashed: killed by signal 9 (SIGKILL)\""
        ));
    }
}
