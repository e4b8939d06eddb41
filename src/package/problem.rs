//! What every format of a package holds, made once: the statement, the tests with our judge's
//! answers, the validator, the checker's mode and the submissions.

use crate::bundle::bundle;
use crate::io::runner::solve_in_memory;
use crate::judges::Judge;
use crate::package::secret;
use crate::package::statement::{self, Language, StatedLimit};
use crate::package::submissions::{self, Submission};
use std::path::Path;

/// One test: its name (without extension), its input and its answer (our judge's, or the
/// teacher's for an added test).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Test {
    /// The name, such as `sample-1` or `03-one-cell`.
    pub name: String,
    /// The input.
    pub input: Vec<u8>,
    /// Our judge's output for it.
    pub answer: Vec<u8>,
}

/// A teacher's additions and settings; the default adds nothing and keeps each format's own
/// time limit, an `unknown` license and no rights owner.
#[derive(Clone, Debug, Default)]
pub struct Additions {
    /// Secret tests, after ours, with the teacher's answers.
    pub tests: Vec<Test>,
    /// Submissions, after ours.
    pub submissions: Vec<Submission>,
    /// A fixed time limit in whole seconds, in every format.
    pub time_limit: Option<u32>,
    /// The license and rights owner.
    pub rights: Rights,
}

/// A package's license and who holds its rights. A course's data is not ours to license: by
/// default the license is `unknown` and nobody is named.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Rights {
    /// The license, one the Kattis format allows (`--license`); `None` for `unknown`.
    pub license: Option<String>,
    /// Who holds the rights; `None` for nobody named.
    pub rights_owner: Option<String>,
}

/// A judge as a problem, before any format lays it out.
#[derive(Clone, Debug)]
pub struct Problem {
    /// The judge.
    pub judge: &'static Judge,
    /// The samples of `testdata/<judge>/`.
    pub samples: Vec<Test>,
    /// The secret tests.
    pub secret: Vec<Test>,
    /// The statement in English, Markdown, without the samples.
    pub statement_en: String,
    /// The statement in Chinese, Markdown, without the samples.
    pub statement_zh: String,
    /// The `validate` binary as one file (it takes the judge's name as its argument).
    pub validator: String,
    /// The submissions: our judge's bundle (accepted) first, the teacher's last.
    pub submissions: Vec<Submission>,
    /// The teacher's fixed time limit in whole seconds; without it, each format's convention.
    pub time_limit: Option<u32>,
    /// The license and rights owner.
    pub rights: Rights,
}

impl Problem {
    /// The statement's body in `language`.
    pub fn statement(&self, language: Language) -> &str {
        match language {
            Language::English => &self.statement_en,
            Language::Chinese => &self.statement_zh,
        }
    }

    /// The statement's body in `language` for a format that computes its time limit from the
    /// accepted solutions' times when the teacher fixes none.
    pub fn statement_of_computed_limit(&self, language: Language) -> String {
        match self.time_limit {
            Some(_) => self.statement(language).to_string(),
            None => statement::render(self.judge, language, StatedLimit::Computed),
        }
    }

    /// `judge` as a problem with `tests` secret tests drawn from `seed`, read from the crate
    /// whose sources are in `src`.
    ///
    /// # Errors
    /// A file of the crate that cannot be read; a sample or a generated input that our judge or
    /// the validator refuses, which is a bug of ours.
    pub fn build(
        judge: &'static Judge,
        tests: usize,
        seed: u64,
        src: &Path,
    ) -> Result<Problem, String> {
        let root = src.parent().unwrap_or(Path::new("."));
        let mut samples = Vec::new();
        for name in judge.samples {
            let path = root
                .join("testdata")
                .join(judge.name())
                .join(format!("{name}.in"));
            let input = std::fs::read(&path).map_err(|err| format!("{}: {err}", path.display()))?;
            samples.push(answered(judge, name.to_string(), input)?);
        }
        let mut secret = Vec::new();
        for input in secret::inputs(judge, tests, seed) {
            secret.push(answered(judge, input.name, input.input)?);
        }
        let solution = bundle(src, judge.name())?;
        Ok(Problem {
            judge,
            samples,
            secret,
            statement_en: statement::render(judge, Language::English, StatedLimit::Original),
            statement_zh: statement::render(judge, Language::Chinese, StatedLimit::Original),
            validator: bundle(src, "validate")?,
            submissions: submissions::of(judge, root, solution)?,
            time_limit: None,
            rights: Rights::default(),
        })
    }

    /// The problem with a teacher's `additions`: their tests after ours (but one whose input
    /// is one of ours already, such as a sample), their submissions after ours, their time
    /// limit and rights.
    ///
    /// # Errors
    /// An added test named as one of ours, with another input.
    pub fn add(&mut self, additions: Additions) -> Result<(), String> {
        for test in additions.tests {
            if self.tests().any(|ours| ours.input == test.input) {
                continue;
            }
            if self.tests().any(|ours| ours.name == test.name) {
                return Err(format!(
                    "--add-tests: {}.in is not our test of that name: rename it",
                    test.name
                ));
            }
            self.secret.push(test);
        }
        self.submissions.extend(additions.submissions);
        if let Some(seconds) = additions.time_limit {
            // The statements say the limit the package sets.
            let limit = StatedLimit::Fixed(seconds * 1000);
            self.statement_en = statement::render(self.judge, Language::English, limit);
            self.statement_zh = statement::render(self.judge, Language::Chinese, limit);
        }
        self.time_limit = additions.time_limit;
        self.rights = additions.rights;
        Ok(())
    }

    /// The time limit of the formats that take a fixed one, in milliseconds: the teacher's, or
    /// the original judge's.
    pub fn fixed_time_limit_ms(&self) -> u32 {
        self.time_limit
            .map_or(self.judge.original.time_limit_ms, |seconds| seconds * 1000)
    }

    /// Every test, samples first.
    pub fn tests(&self) -> impl Iterator<Item = &Test> {
        self.samples.iter().chain(&self.secret)
    }
}

/// `input` named `name` with our judge's answer, once the validator has taken it.
fn answered(judge: &Judge, name: String, input: Vec<u8>) -> Result<Test, String> {
    judge
        .validate(&input)
        .map_err(|err| format!("{} test {name}: {err}", judge.name()))?;
    let (answer, result) = solve_in_memory(judge.solve(), &input);
    result.map_err(|err| format!("{} test {name}: our judge refuses it: {err}", judge.name()))?;
    Ok(Test {
        name,
        input,
        answer,
    })
}
