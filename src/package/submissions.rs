//! A package's submissions: our judge's one-file bundle as the accepted one; the correct
//! solutions and planted bugs of `tests/planted/solutions.rs`, each fixed to its name (the file
//! picks a solution by its first argument, which a judge system does not give); mutants of our
//! bundle where no planted bug exists; and the brute force of `tests/planted/brute_force.rs`,
//! too slow for the largest tests.

pub use crate::judges::Verdict;

use crate::judges::Judge;
use crate::package::files::File;
use std::path::Path;

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

impl Submission {
    /// Its path in the Kattis format, `submissions/<verdict's folder>/<name>.<extension>`,
    /// which the other formats that keep submissions follow.
    pub fn kattis_path(&self) -> String {
        format!(
            "submissions/{}/{}.{}",
            self.verdict.folder(),
            self.name,
            self.extension
        )
    }
}

/// `submissions` at their [`Submission::kattis_path`]: where the Kattis formats' tools look,
/// and beside the package in the formats that keep no submissions.
pub(crate) fn submission_files(submissions: &[Submission]) -> Vec<File> {
    submissions
        .iter()
        .map(|submission| File::new(submission.kattis_path(), submission.source.as_bytes()))
        .collect()
}

/// One submission: a single file that compiles alone (ours are Rust, std only).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Submission {
    /// Its name, without `.rs`.
    pub name: String,
    /// The source.
    pub source: String,
    /// What it must get.
    pub verdict: Verdict,
    /// Its file's extension, which names its language: `rs`, `c`, `cpp` or `py`.
    pub extension: &'static str,
}

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
        extension: "rs",
    }];
    let planted_path = root.join("tests").join("planted");
    let read = |file: &str| {
        let path = planted_path.join(file);
        std::fs::read_to_string(&path).map_err(|err| format!("{}: {err}", path.display()))
    };
    let planted = read("solutions.rs")?;
    let facts = &judge.package;
    for &(solution_name, verdict) in facts.planted {
        if planted.matches(NAME_FROM_ARGS).count() != 1 {
            return Err("tests/planted/solutions.rs: its name is not read as expected".into());
        }
        let fixed = format!("let name = String::from({solution_name:?});");
        out.push(Submission {
            name: format!("planted_{}", solution_name.replace('-', "_")),
            source: planted.replace(NAME_FROM_ARGS, &fixed),
            verdict,
            extension: "rs",
        });
    }
    for mutant in facts.mutants {
        if solution.matches(mutant.text).count() != 1 {
            return Err(format!(
                "the bundle of {name} does not hold {:?} exactly once",
                mutant.text
            ));
        }
        out.push(Submission {
            name: format!("mutant_{}", mutant.name.replace('-', "_")),
            source: solution.replace(mutant.text, mutant.becomes),
            verdict: Verdict::WrongAnswer,
            extension: "rs",
        });
    }
    if let Some(file) = facts.brute_force {
        out.push(Submission {
            name: file.trim_end_matches(".rs").into(),
            source: read(file)?,
            verdict: Verdict::TimeLimitExceeded,
            extension: "rs",
        });
    }
    Ok(out)
}
