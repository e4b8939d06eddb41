//! A LemonLime contest of one task, in the JSON form of its `.cdf` that LemonLime reads
//! (`Contest`, `Task` and `TestCase::readFromJson` in its `src/core/`): `<judge>.cdf`, the
//! tests in `data/<judge>/`, and an empty `source/` for the contestants' folders. The
//! comparison: LemonLime's "ignore spaces" mode where only the words count; otherwise our
//! checker as a Lemon special judge (its 6 arguments: input, output, answer, full score, score
//! file, message file).

use crate::judges::Comparison;
use crate::package::checker::{checker, Protocol};
use crate::package::files::File;
use crate::package::hydro::shares;
use crate::package::problem::Problem;
use crate::package::samples::with_samples;
use crate::package::statement::{title, Language};

/// LemonLime's `Task::ComparisonMode`: `IgnoreSpacesMode` and `LemonSpecialJudgeMode`.
const IGNORE_SPACES: u32 = 1;
const SPECIAL_JUDGE: u32 = 4;

/// The package's files.
pub(crate) fn files(problem: &Problem) -> Vec<File> {
    let name = problem.judge.name();
    let mut files = vec![File::new(format!("{name}.cdf"), cdf(problem))];
    for (index, test) in problem.tests().enumerate() {
        let stem = format!("data/{name}/{}", index + 1);
        files.push(File::new(format!("{stem}.in"), test.input.clone()));
        files.push(File::new(format!("{stem}.out"), test.answer.clone()));
    }
    let comparison = problem.judge.original.comparison;
    if comparison != Comparison::Tokens {
        let text = checker(comparison, Protocol::Lemon);
        files.push(File::program(format!("data/{name}/check.py"), text));
    }
    for language in Language::ALL {
        let body = problem.statement(language);
        let text = format!(
            "# {}\n\n{}",
            title(problem.judge, language),
            with_samples(body, &problem.samples, language)
        );
        files.push(File::new(
            format!("statement/{name}.{}.md", language.code()),
            text,
        ));
    }
    files.push(File::new("source/.keep", Vec::new()));
    files
}

/// The `testCases` of a task `name` of `count` tests, each worth its share of 100, in the
/// folder named after it: one JSON object a line.
pub(crate) fn test_cases(name: &str, count: usize, time_ms: u32, memory_mib: u32) -> Vec<String> {
    shares(count)
        .into_iter()
        .enumerate()
        .map(|(index, score)| {
            let id = index + 1;
            format!(
                "        {{\"fullScore\": {score}, \"timeLimit\": {time_ms}, \"memoryLimit\": {memory_mib}, \"inputFiles\": [\"{name}/{id}.in\"], \"outputFiles\": [\"{name}/{id}.out\"]}}"
            )
        })
        .collect()
}

/// The contest file, JSON, with the keys LemonLime's `readFromJson` reads.
pub(crate) fn cdf(problem: &Problem) -> String {
    let judge = problem.judge;
    let name = judge.name();
    let original = judge.original;
    let count = problem.tests().count();
    let cases = test_cases(name, count, original.time_limit_ms, original.memory_mib);
    let (mode, special_judge) = match original.comparison {
        Comparison::Tokens => (IGNORE_SPACES, String::new()),
        _ => (SPECIAL_JUDGE, format!("{name}/check.py")),
    };
    format!(
        "{{\n  \"version\": \"1.0\",\n  \"contestTitle\": {title},\n  \"tasks\": [\n    {{\n\
         \x20     \"problemTitle\": \"{name}\",\n\
         \x20     \"sourceFileName\": \"{name}\",\n\
         \x20     \"inputFileName\": \"{name}.in\",\n\
         \x20     \"outputFileName\": \"{name}.out\",\n\
         \x20     \"standardInputCheck\": true,\n\
         \x20     \"standardOutputCheck\": true,\n\
         \x20     \"taskType\": 0,\n\
         \x20     \"subFolderCheck\": false,\n\
         \x20     \"comparisonMode\": {mode},\n\
         \x20     \"diffArguments\": \"--ignore-space-change --text --brief\",\n\
         \x20     \"realPrecision\": 3,\n\
         \x20     \"specialJudge\": \"{special_judge}\",\n\
         \x20     \"compilerConfiguration\": {{}},\n\
         \x20     \"answerFileExtension\": \"out\",\n\
         \x20     \"testCases\": [\n{}\n      ]\n    }}\n  ],\n  \"contestants\": []\n}}\n",
        cases.join(",\n"),
        title = json_string(&title(judge, Language::English)),
    )
}

/// `text` as a JSON string.
fn json_string(text: &str) -> String {
    let mut out = String::from("\"");
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}
