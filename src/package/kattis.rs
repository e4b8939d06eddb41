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
use crate::package::problem::Rights;
use crate::package::statement::{title, Language};
use crate::package::submissions::submission_files;

/// The package's files.
pub(crate) fn files(problem: &Problem) -> Vec<File> {
    let judge = problem.judge;
    let mut files = vec![File::new(
        "problem.yaml",
        problem_yaml(problem, "2023-07-draft"),
    )];
    for language in Language::ALL {
        let body = problem.statement_of_computed_limit(language);
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
    files.extend(submission_files(&problem.submissions));
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
/// both languages, source, license and rights owner, the original judge's memory limit, a UUID
/// derived from the judge's name (the same on every run, as the format wants it stable). The
/// time limit is the teacher's when they fix one; otherwise the file gives the multipliers by
/// which the judge system computes it from the accepted submissions' running times, as both
/// versions want it: a fixed second would be judged on another machine's speed.
pub(crate) fn problem_yaml(problem: &Problem, version: &str) -> String {
    let judge = problem.judge;
    let original = judge.original;
    yaml_text(&ProblemYaml {
        version,
        kind: None,
        titles: [
            &title(judge, Language::English),
            &title(judge, Language::Chinese),
        ],
        name: judge.name(),
        source: judge.origin,
        rights: &problem.rights,
        time_limit: problem.time_limit,
        memory: original.memory_mib,
        last_limit: ("output", output_limit(problem) as u32),
    })
}

/// What a `problem.yaml` says.
pub(crate) struct ProblemYaml<'a> {
    pub version: &'a str,
    /// Its `type` list (none for a pass-fail batch problem, the default).
    pub kind: Option<&'a str>,
    /// Its name in English and in Chinese, and the name its UUID is derived from.
    pub titles: [&'a str; 2],
    pub name: &'a str,
    pub source: &'a str,
    /// The license (`unknown` when none is given) and who holds the rights (left out when
    /// nobody is named).
    pub rights: &'a Rights,
    /// The limits: whole seconds (none: computed from the accepted submissions), MiB, and one
    /// more (its key and value).
    pub time_limit: Option<u32>,
    pub memory: u32,
    pub last_limit: (&'a str, u32),
}

/// How much slower than the slowest accepted submission the computed time limit is, and how
/// much slower than that a too-slow submission must be: the format's own defaults, written
/// out so that a teacher sees them and can change them.
const TIME_MULTIPLIERS: &str =
    "  time_multipliers:\n    ac_to_time_limit: 2.0\n    time_limit_to_tle: 1.5\n";

/// The text of `yaml`.
pub(crate) fn yaml_text(yaml: &ProblemYaml) -> String {
    let kind = yaml
        .kind
        .map_or(String::new(), |kind| format!("type: {kind}\n"));
    let rights_owner = yaml
        .rights
        .rights_owner
        .as_ref()
        .map_or(String::new(), |owner| {
            format!("rights_owner: {}\n", yaml_string(owner))
        });
    let time = match yaml.time_limit {
        Some(seconds) => format!("  time_limit: {seconds}\n"),
        None => TIME_MULTIPLIERS.to_string(),
    };
    let (last, value) = yaml.last_limit;
    format!(
        "problem_format_version: {version}\n\
         {kind}\
         name:\n  en: {en}\n  zh: {zh}\n\
         uuid: {uuid}\n\
         source: {source}\n\
         license: {license}\n\
         {rights_owner}\
         limits:\n{time}  memory: {memory}\n  {last}: {value}\n",
        version = yaml.version,
        en = yaml_string(yaml.titles[0]),
        zh = yaml_string(yaml.titles[1]),
        uuid = uuid(yaml.name),
        source = yaml_string(yaml.source),
        license = yaml.rights.license.as_deref().unwrap_or("unknown"),
        memory = yaml.memory,
    )
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
