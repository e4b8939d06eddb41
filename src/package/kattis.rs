//! The Kattis problem package format, version 2023-07 (what problemtools' `verifyproblem`
//! checks, and DOMjudge imports): `problem.yaml`, `statement/problem.{en,zh}.md`,
//! `data/{sample,secret}/`, the input validator as a folder with `build` and `run` scripts
//! around our `validate` bundle, the output validator (our Python checker, which problemtools
//! runs with PyPy 3), and `submissions/<verdict>/`. Kattis wants the package's folder named with
//! lowercase letters and digits only (`mineops`, not `mine-ops`). The 2025-09 version
//! ([`super::kattis_2025`]) shares the tests, the validator and the submissions.

use crate::package::checker::{checker, Protocol};
use crate::package::files::File;
use crate::package::problem::Problem;
use crate::package::statement::{title, Language};

/// The package's files.
pub(crate) fn files(problem: &Problem) -> Vec<File> {
    let judge = problem.judge;
    let mut files = vec![File::new(
        "problem.yaml",
        problem_yaml(problem, "2023-07-draft"),
    )];
    for language in Language::ALL {
        let body = problem.statement(language);
        let path = format!("statement/problem.{}.md", language.code());
        files.push(File::new(path, body.as_bytes()));
    }
    files.extend(tests_validator_and_submissions(problem));
    // Kattis's default validator ignores letter case, and no original judge here does: our
    // checker judges every package, words-only comparisons included.
    let text = checker(judge.original.comparison, Protocol::Kattis);
    files.push(File::program("output_validator/compare.py", text));
    files
}

/// What the 2023-07 and 2025-09 formats lay out alike: `data/{sample,secret}/`, the input
/// validator and `submissions/<verdict>/`.
pub(crate) fn tests_validator_and_submissions(problem: &Problem) -> Vec<File> {
    let mut files = Vec::new();
    for (folder, tests) in [("sample", &problem.samples), ("secret", &problem.secret)] {
        for test in tests {
            let stem = format!("data/{folder}/{}", test.name);
            files.push(File::new(format!("{stem}.in"), test.input.clone()));
            files.push(File::new(format!("{stem}.ans"), test.answer.clone()));
        }
    }
    files.push(File::new(
        "input_validators/validate/validate.rs",
        problem.validator.as_bytes(),
    ));
    files.push(File::program("input_validators/validate/build", BUILD));
    files.push(File::program(
        "input_validators/validate/run",
        run_script(problem.judge.name()),
    ));
    for submission in &problem.submissions {
        files.push(File::new(
            submission.kattis_path(),
            submission.source.as_bytes(),
        ));
    }
    files
}

/// The validator's build script: our bundle compiled as the bundles promise (Rust 2021).
const BUILD: &str = "#!/bin/sh\n\
# The input validator is the `validate` binary of minejudge, bundled in one file.\n\
set -e\n\
cd \"$(dirname \"$0\")\"\n\
rustc --edition 2021 -O -o validate validate.rs\n";

/// The validator's run script: `validate <judge>`, the judge system's own arguments after it.
fn run_script(judge: &str) -> String {
    format!("#!/bin/sh\nexec \"$(dirname \"$0\")/validate\" {judge} \"$@\"\n")
}

/// `problem.yaml` of format `version` (the two versions take the same keys here): names in
/// both languages, source, the original judge's limits, a UUID derived from the judge's name
/// (the same on every run, as the format wants it stable).
pub(crate) fn problem_yaml(problem: &Problem, version: &str) -> String {
    let judge = problem.judge;
    let original = judge.original;
    format!(
        "problem_format_version: {version}\n\
         name:\n  en: {en}\n  zh: {zh}\n\
         uuid: {uuid}\n\
         source: {source}\n\
         license: cc by-sa\n\
         rights_owner: minejudge\n\
         limits:\n  time_limit: {time}\n  memory: {memory}\n  output: {output}\n",
        en = yaml_string(&title(judge, Language::English)),
        zh = yaml_string(&title(judge, Language::Chinese)),
        uuid = uuid(judge.name()),
        source = yaml_string(judge.origin),
        time = original.time_limit_ms as f64 / 1000.0,
        memory = original.memory_mib,
        output = output_limit(problem),
    )
}

/// An interactive, scoring problem of ours (an AI task): what its `problem.yaml` and
/// statements need.
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
    /// The interactor (Python, Kattis's protocol).
    pub interactor: &'static str,
}

impl InteractiveScoring {
    /// `problem.yaml`, 2023-07: interactive and scoring.
    pub(crate) fn problem_yaml(&self) -> String {
        let title = |text: &'static str| {
            text.lines()
                .next()
                .unwrap_or_default()
                .trim_start_matches("# ")
        };
        format!(
            "problem_format_version: 2023-07-draft\n\
             type: [interactive, scoring]\n\
             name:\n  en: {en}\n  zh: {zh}\n\
             uuid: {uuid}\n\
             source: {source}\n\
             license: cc by-sa\n\
             rights_owner: minejudge\n\
             limits:\n  time_limit: {time}\n  memory: {memory}\n  code: {code}\n",
            en = yaml_string(title(self.statement_en)),
            zh = yaml_string(title(self.statement_zh)),
            uuid = uuid(self.name),
            source = yaml_string(self.source),
            time = self.time_limit,
            memory = self.memory,
            code = self.code,
        )
    }

    /// The Kattis package: `problem.yaml`, the statements, the sample, the `secret` tests
    /// (name and input), the score ranges, the validator, the interactor and `submissions`
    /// (a path under `submissions/`, the source).
    pub(crate) fn kattis_files(
        &self,
        secret: Vec<(String, String)>,
        submissions: Vec<(&str, String)>,
    ) -> Vec<File> {
        let mut files = vec![File::new("problem.yaml", self.problem_yaml())];
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
            self.interactor,
        ));
        for (path, source) in submissions {
            files.push(File::new(format!("submissions/{path}"), source));
        }
        files
    }

    /// A statement's body: its title line dropped, the limits filled in.
    pub(crate) fn statement_body(&self, text: &str) -> String {
        let body = text.split_once('\n').map_or("", |(_, body)| body);
        body.trim_start()
            .replace("{time}", &self.time_limit.to_string())
            .replace("{memory}", &self.memory.to_string())
    }
}

/// The output limit in MiB: Kattis's default of 8, or twice the largest answer when that is
/// more (a `mine-ops` game of 60000 operations prints about 9 MiB).
fn output_limit(problem: &Problem) -> usize {
    let largest = problem
        .tests()
        .map(|test| test.answer.len())
        .max()
        .unwrap_or(0);
    let mib = 1024 * 1024;
    ((2 * largest + mib - 1) / mib).max(8)
}

/// `text` as a double-quoted YAML string.
pub(crate) fn yaml_string(text: &str) -> String {
    format!("\"{}\"", text.replace('\\', "\\\\").replace('"', "\\\""))
}

/// A version-4-shaped UUID from `name`'s FNV-1a hashes: stable, and distinct per judge.
pub(crate) fn uuid(name: &str) -> String {
    let hash = |seed: u64| {
        name.bytes().fold(seed, |h, b| {
            (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
        })
    };
    let (a, b) = (hash(0xcbf2_9ce4_8422_2325), hash(0x8422_2325_cbf2_9ce4));
    format!(
        "{:08x}-{:04x}-4{:03x}-a{:03x}-{:012x}",
        a >> 32,
        (a >> 16) & 0xffff,
        a & 0xfff,
        b >> 52,
        b & 0xffff_ffff_ffff
    )
}
