//! An interactive, scoring problem of ours, an AI task (`jlu-machine`, `acm-client`): its
//! interactor plays the submission and writes its score. Laid out in the formats that take one:
//! the Kattis format (`type: [interactive, scoring]`), ACMOJ's and Hydro's.

use crate::package::acmoj::config_json;
use crate::package::files::File;
use crate::package::hydro::{shares, time_per_test};
use crate::package::kattis::{yaml_string, yaml_text, ProblemYaml};
use crate::package::problem::Additions;
use crate::package::submissions::submission_files;
use crate::package::teacher::rights_note;

/// Refuses what a teacher may not add to the interactive problem `name`: tests (its tests are
/// seeds its interactor deals games from) and a time limit (a budget for all the games of a
/// test, not a solution's running time).
///
/// # Errors
/// Added tests, or a time limit.
pub(crate) fn refuse_tests_and_time_limit(name: &str, additions: &Additions) -> Result<(), String> {
    if !additions.tests.is_empty() {
        return Err(format!(
            "--add-tests: {name}'s tests are seeds its interactor deals games from, not inputs              and answers: use --tests N and --seed S"
        ));
    }
    if additions.time_limit.is_some() {
        return Err(format!(
            "--time-limit: {name}'s time limit is a budget for all the games of a test, fixed              with its interactor"
        ));
    }
    Ok(())
}

/// What the formats other than Kattis's hold of `additions`: the teacher's submissions beside
/// the package, as in the Kattis format, and their license in `rights.txt`.
pub(crate) fn beside(additions: &Additions) -> Vec<File> {
    let mut files = submission_files(&additions.submissions);
    files.extend(rights_note(&additions.rights));
    files
}

/// An interactive, scoring problem of ours: what its packages need.
pub(crate) struct InteractiveScoring {
    /// The package's name, such as `jlu-machine` (its UUID comes from it).
    pub name: &'static str,
    /// The statements as kept: the title line, then the body with `{time}` and `{memory}`.
    pub statement_en: &'static str,
    /// The Chinese statement, laid out alike.
    pub statement_zh: &'static str,
    /// Where the task comes from.
    pub source: &'static str,
    /// Seconds per test.
    pub time_limit: u32,
    /// MiB.
    pub memory: u32,
    /// The code limit in KiB, raised for our one-file bundles.
    pub code: u32,
    /// The most a test scores.
    pub top_score: u32,
    /// The sample test, and its interaction as the statement shows it.
    pub sample: &'static str,
    /// The sample's interaction: `<` a line the submission reads, `>` one it writes.
    pub sample_interaction: &'static str,
    /// The input validator (Python, Kattis's protocol).
    pub validator: &'static str,
    /// The interactor (Python, Kattis's protocol), its pipes' code left to [`INTERACTOR_IO`].
    pub interactor: &'static str,
}

/// The interactors' side of the pipes to the submission, in place of their line
/// `# INTERACTOR_IO`: every way a submission can break the interaction is a wrong answer.
const INTERACTOR_IO: &str = include_str!("interactor_io.py");

impl InteractiveScoring {
    /// `problem.yaml`, 2023-07: interactive and scoring, with the teacher's license and rights
    /// owner from `additions`.
    pub(crate) fn problem_yaml(&self, additions: &Additions) -> String {
        let title = |text: &'static str| {
            text.lines()
                .next()
                .unwrap_or_default()
                .trim_start_matches("# ")
        };
        yaml_text(&ProblemYaml {
            version: "2023-07-draft",
            kind: Some("[interactive, scoring]"),
            titles: [title(self.statement_en), title(self.statement_zh)],
            name: self.name,
            source: self.source,
            rights: &additions.rights,
            time_limit: Some(self.time_limit),
            memory: self.memory,
            last_limit: ("code", self.code),
        })
    }

    /// The Kattis package: `problem.yaml`, the statements, the sample, the `secret` tests
    /// (name and input), the score ranges, the validator, the interactor and `submissions`
    /// (a path under `submissions/`, the source), then the teacher's from `additions`.
    pub(crate) fn kattis_files(
        &self,
        secret: Vec<(String, String)>,
        submissions: Vec<(&str, String)>,
        additions: &Additions,
    ) -> Vec<File> {
        let mut files = vec![File::new("problem.yaml", self.problem_yaml(additions))];
        for (code, text) in [("en", self.statement_en), ("zh", self.statement_zh)] {
            let path = format!("statement/problem.{code}.md");
            files.push(File::new(path, self.statement_body(text)));
        }
        // An interactive problem's tests have answer files too, empty: the interactor judges.
        files.push(File::new("data/sample/1.in", self.sample));
        files.push(File::new("data/sample/1.ans", ""));
        files.push(File::new(
            "data/sample/1.interaction",
            self.sample_interaction,
        ));
        // Score ranges, which verifyproblem wants declared.
        let tests = secret.len();
        let ranges = [
            ("data", tests + 1),
            ("data/sample", 1),
            ("data/secret", tests),
        ];
        for (group, tests) in ranges {
            let range = format!("range: 0 {}\n", self.top_score as usize * tests);
            files.push(File::new(format!("{group}/testdata.yaml"), range));
        }
        for (name, input) in secret {
            files.push(File::new(format!("data/secret/{name}.in"), input));
            files.push(File::new(format!("data/secret/{name}.ans"), ""));
        }
        files.push(File::program(
            "input_validators/validate.py",
            self.validator,
        ));
        files.push(File::program(
            "output_validator/interactor.py",
            self.interactor("kattis"),
        ));
        for (path, source) in submissions {
            files.push(File::new(format!("submissions/{path}"), source));
        }
        files.extend(submission_files(&additions.submissions));
        files
    }

    /// The interactor as the judge system runs it, in its `protocol` (`kattis`, `acmoj` or
    /// `hydro`), the pipes' code in place.
    fn interactor(&self, protocol: &str) -> String {
        self.interactor
            .replacen("# INTERACTOR_IO\n", INTERACTOR_IO, 1)
            .replacen(
                "PROTOCOL = \"kattis\"",
                &format!("PROTOCOL = \"{protocol}\""),
                1,
            )
    }

    /// A statement's body: its title line dropped, the limits filled in.
    pub(crate) fn statement_body(&self, text: &str) -> String {
        let body = text.split_once('\n').map_or("", |(_, body)| body);
        body.trim_start()
            .replace("{time}", &self.time_limit.to_string())
            .replace("{memory}", &self.memory.to_string())
    }

    /// ACMOJ's data folder: ACMOJ runs an interactor beside the submission (`SPJ.Run`
    /// `interactive`, any executable text file, so our Python one with its `acmoj` protocol)
    /// and, with `SPJ.Check` `skip`, takes the first line of the interactor's output file as
    /// the test's fraction of its group's score. The sample is test 1, then the `secret`
    /// inputs; our `solution` beside.
    pub(crate) fn acmoj_files(&self, secret: Vec<(String, String)>, solution: String) -> Vec<File> {
        let mut inputs = vec![self.sample.to_string()];
        inputs.extend(secret.into_iter().map(|(_, input)| input));
        let spj = "{\"Run\": {\"Type\": \"interactive\", \"Interactor\": {\"Type\": \"binary\", \
                   \"Path\": \"interactor\"}}, \"Check\": \"skip\"}";
        let config = config_json(inputs.len(), self.time_limit * 1000, self.memory, spj);
        let mut files = vec![
            File::new("config.json", config),
            File::new("description.md", self.acmoj_description()),
        ];
        for (index, input) in inputs.iter().enumerate() {
            files.push(File::new(format!("{}.in", index + 1), input.as_bytes()));
            // Nothing to compare with: the interactor judges. The data format lets it be empty.
            files.push(File::new(format!("{}.ans", index + 1), ""));
        }
        files.push(File::program("interactor", self.interactor("acmoj")));
        files.push(File::new("solution.rs", solution));
        files
    }

    /// Both statements for ACMOJ, each with the sample's test and interaction.
    fn acmoj_description(&self) -> String {
        let mut text = String::new();
        for (text_of, heading) in [(self.statement_en, "Sample"), (self.statement_zh, "样例")] {
            let title = text_of.lines().next().unwrap_or_default();
            text += &format!("{title}\n\n{}\n", self.statement_body(text_of).trim_end());
            text += &format!(
                "\n## {heading}\n\n```text\n{}```\n\n```text\n{}```\n\n",
                self.sample, self.sample_interaction
            );
        }
        text
    }

    /// Hydro's problem folder: `testdata/config.yaml` says `type: interactive` and names the
    /// interactor with its language (`py.py3`: Hydro would guess `py`, Python 2 on some hosts,
    /// from the file name). Hydro runs it as `interactor input output answer`, piped to the
    /// submission both ways, and reads its verdict on stderr the testlib way: `points F` gives
    /// the test `floor(F × its score)`, F = 1 an accepted test; `wrong answer` gives 0. The
    /// sample is test 1, then the `secret` inputs; the folder has no place for submissions.
    pub(crate) fn hydro_files(&self, secret: Vec<(String, String)>) -> Vec<File> {
        let mut inputs = vec![self.sample.to_string()];
        inputs.extend(secret.into_iter().map(|(_, input)| input));
        let title = self.statement_en.lines().next().unwrap_or_default();
        let mut files = vec![File::new(
            "problem.yaml",
            format!(
                "title: {}\ntag:\n  - minesweeper\n  - interactive\n",
                yaml_string(title.trim_start_matches("# "))
            ),
        )];
        let statements = [
            ("en", self.statement_en, "Sample"),
            ("zh", self.statement_zh, "样例"),
        ];
        for (code, text, heading) in statements {
            let body = format!(
                "{}\n\n## {heading}\n\n```text\n{}```\n\n```text\n{}```\n",
                self.statement_body(text).trim_end(),
                self.sample,
                self.sample_interaction
            );
            files.push(File::new(format!("problem_{code}.md"), body));
        }
        files.push(File::new(
            "testdata/config.yaml",
            self.hydro_config(inputs.len()),
        ));
        for (index, input) in inputs.iter().enumerate() {
            let path = format!("testdata/{}.in", index + 1);
            files.push(File::new(path, input.as_bytes()));
        }
        files.push(File::program(
            "testdata/interactor.py",
            self.interactor("hydro"),
        ));
        files
    }

    /// Hydro's `config.yaml`: interactive, every test worth its share of 100, without an answer
    /// file (the interactor judges). Each test's time limit is ours, or less when `count` of
    /// them would pass Hydro's total.
    fn hydro_config(&self, count: usize) -> String {
        let time = time_per_test(self.time_limit * 1000, count);
        let mut text = format!(
            "type: interactive\ntime: {time}ms\nmemory: {}m\n\
             interactor:\n  file: interactor.py\n  lang: py.py3\ncases:\n",
            self.memory
        );
        for (index, score) in shares(count).into_iter().enumerate() {
            text.push_str(&format!(
                "  - input: {}.in\n    score: {score}\n",
                index + 1
            ));
        }
        text
    }
}
