//! A package's submissions: our judge's one-file bundle as the accepted one; the correct
//! solutions and planted bugs of `tests/planted/solutions.rs`, each fixed to its name (the file
//! picks a solution by its first argument, which a judge system does not give); mutants of our
//! bundle where no planted bug exists; and the brute force of `tests/planted/brute_force.rs`,
//! too slow for the largest tests.

use crate::judges::Judge;
use std::path::Path;

/// What a judge system must say of a submission on the package's tests.
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

impl Verdict {
    /// Its folder in the Kattis format (`submissions/<folder>/`).
    pub fn folder(self) -> &'static str {
        match self {
            Verdict::Accepted => "accepted",
            Verdict::WrongAnswer => "wrong_answer",
            Verdict::RunTimeError => "run_time_error",
            Verdict::TimeLimitExceeded => "time_limit_exceeded",
        }
    }
}

/// One submission: a single Rust file, std only, that compiles alone.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Submission {
    /// Its name, without `.rs`.
    pub name: String,
    /// The source.
    pub source: String,
    /// What it must get.
    pub verdict: Verdict,
}

/// The solutions of `tests/planted/solutions.rs` a package takes, per judge: the name and
/// what it must get. `jlu-panel-crash-1x1` crashes on the one-cell test; `update-board-loops`
/// loops on any flood that meets a number.
const PLANTED: [(&str, &str, Verdict); 8] = [
    ("mine-ops", "mine-ops", Verdict::Accepted),
    ("mine-ops", "mine-ops-diagonals", Verdict::WrongAnswer),
    ("mine-ops", "mine-ops-column-0-based", Verdict::WrongAnswer),
    (
        "mine-ops",
        "mine-ops-dsweep-ignores-flags",
        Verdict::WrongAnswer,
    ),
    ("jlu-panel", "jlu-panel", Verdict::Accepted),
    ("jlu-panel", "jlu-panel-crash-1x1", Verdict::RunTimeError),
    ("update-board", "update-board", Verdict::Accepted),
    (
        "update-board",
        "update-board-loops",
        Verdict::TimeLimitExceeded,
    ),
];

/// Bugs planted in our own bundle for the judges that `tests/planted/` has none for: the
/// judge, the mutant's name, the text of the bundle it changes (exactly once) and what it
/// becomes.
const MUTANTS: [(&str, &str, &str, &str); 2] = [
    (
        "acm-server",
        "neighbours-miss-the-row-below",
        "row_last: (row + 1).min(self.rows - 1),",
        "row_last: row.min(self.rows - 1),",
    ),
    (
        "inexperienced-player",
        "one-closed-cell-too-many",
        "fewest = fewest.min(safe - open.count_ones() as usize);",
        "fewest = fewest.min(safe - open.count_ones() as usize + 1);",
    ),
];

/// The brute forces of `tests/planted/`, per judge: too slow for its largest tests.
const BRUTE_FORCES: [(&str, &str); 1] = [("mine-ops", "brute_force.rs")];

/// The line of `tests/planted/solutions.rs` that reads the solution's name from the arguments.
const NAME_FROM_ARGS: &str =
    "let name = std::env::args().nth(1).expect(\"usage: solutions <name>\");";

/// The submissions of `judge`, our `solution` bundle first, read from the crate at `root`.
///
/// # Errors
/// A file of `tests/planted/` that cannot be read, or a mutant whose text is not in the
/// bundle exactly once.
pub(crate) fn of(judge: &Judge, root: &Path, solution: String) -> Result<Vec<Submission>, String> {
    let name = judge.name();
    let mut out = vec![Submission {
        name: name.replace('-', "_"),
        source: solution.clone(),
        verdict: Verdict::Accepted,
    }];
    let planted_path = root.join("tests").join("planted");
    let read = |file: &str| {
        let path = planted_path.join(file);
        std::fs::read_to_string(&path).map_err(|err| format!("{}: {err}", path.display()))
    };
    let planted = read("solutions.rs")?;
    for (of, solution_name, verdict) in PLANTED {
        if of != name {
            continue;
        }
        if planted.matches(NAME_FROM_ARGS).count() != 1 {
            return Err("tests/planted/solutions.rs: its name is not read as expected".into());
        }
        let fixed = format!("let name = String::from({solution_name:?});");
        out.push(Submission {
            name: format!("planted_{}", solution_name.replace('-', "_")),
            source: planted.replace(NAME_FROM_ARGS, &fixed),
            verdict,
        });
    }
    for (of, mutant, from, to) in MUTANTS {
        if of != name {
            continue;
        }
        if solution.matches(from).count() != 1 {
            return Err(format!(
                "the bundle of {name} does not hold {from:?} exactly once"
            ));
        }
        out.push(Submission {
            name: format!("mutant_{}", mutant.replace('-', "_")),
            source: solution.replace(from, to),
            verdict: Verdict::WrongAnswer,
        });
    }
    for (of, file) in BRUTE_FORCES {
        if of == name {
            out.push(Submission {
                name: file.trim_end_matches(".rs").into(),
                source: read(file)?,
                verdict: Verdict::TimeLimitExceeded,
            });
        }
    }
    Ok(out)
}
