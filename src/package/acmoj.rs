//! ACMOJ's (TesutoHime's) data folder, as its data-format document describes: `config.json`
//! (Groups, Details, CompileTimeLimit and SPJ, within its published schema), `description.md`,
//! the tests as `1.in`/`1.ans`, ..., our solution as `solution.rs`, and a checker where the
//! judge's `compare` (which forgives spaces at line ends and blank lines, like JLU's judge) is
//! not what the original judge does. Zip the folder as `<id>.zip` holding `<id>/`.

use crate::judges::Comparison;
use crate::package::checker::{checker, Protocol};
use crate::package::files::File;
use crate::package::hydro::shares;
use crate::package::problem::Problem;
use crate::package::samples::with_samples;
use crate::package::statement::{title, Language};
use crate::package::submissions::{submission_files, Verdict};
use crate::package::teacher::rights_note;

/// The package's files.
pub(crate) fn files(problem: &Problem) -> Vec<File> {
    let judge = problem.judge;
    let mut description = String::new();
    for language in Language::ALL {
        let body = problem.statement(language);
        description.push_str(&format!("# {}\n\n", title(judge, language)));
        description.push_str(&with_samples(body, &problem.samples, language));
        description.push('\n');
    }
    let mut files = vec![
        File::new("config.json", config(problem)),
        File::new("description.md", description),
    ];
    for (index, test) in problem.tests().enumerate() {
        files.push(File::new(format!("{}.in", index + 1), test.input.clone()));
        files.push(File::new(format!("{}.ans", index + 1), test.answer.clone()));
    }
    if judge.original.comparison != Comparison::LineEnds {
        let text = checker(judge.original.comparison, Protocol::Acmoj);
        files.push(File::program("checker", text));
    }
    if let Some(accepted) = problem
        .submissions
        .iter()
        .find(|s| s.verdict == Verdict::Accepted)
    {
        files.push(File::new("solution.rs", accepted.source.as_bytes()));
    }
    // ACMOJ keeps one solution: every submission is beside, as in the Kattis format.
    files.extend(submission_files(&problem.submissions));
    files.extend(rights_note(&problem.rights));
    files
}

/// `config.json`: one group per test (its share of 100), each test with the original judge's
/// limits, and the checker.
pub(crate) fn config(problem: &Problem) -> String {
    let original = problem.judge.original;
    let spj = match original.comparison {
        Comparison::LineEnds => "{\"Check\": \"compare\"}",
        _ => "{\"Check\": {\"Type\": \"custom\", \"Checker\": {\"Type\": \"binary\", \"Path\": \"checker\"}}}",
    };
    config_json(
        problem.tests().count(),
        problem.fixed_time_limit_ms(),
        original.memory_mib,
        spj,
    )
}

/// `config.json` of `count` tests, one group each (its share of 100), each with these limits,
/// and `spj`, the JSON of how a run is judged.
pub(crate) fn config_json(count: usize, time_limit_ms: u32, memory_mib: u32, spj: &str) -> String {
    let groups: Vec<String> = shares(count)
        .into_iter()
        .enumerate()
        .map(|(index, score)| {
            let id = index + 1;
            format!(
                "    {{\"GroupID\": {id}, \"GroupName\": \"\", \"GroupScore\": {score}, \"TestPoints\": [{id}]}}"
            )
        })
        .collect();
    let memory = u64::from(memory_mib) * 1024 * 1024;
    let details: Vec<String> = (1..=count)
        .map(|id| {
            format!(
                "    {{\"ID\": {id}, \"Dependency\": 0, \"TimeLimit\": {time_limit_ms}, \"MemoryLimit\": {memory}, \"DiskLimit\": 0, \"ValgrindTestOn\": false}}"
            )
        })
        .collect();
    format!(
        "{{\n  \"Groups\": [\n{}\n  ],\n  \"Details\": [\n{}\n  ],\n  \"CompileTimeLimit\": 10000,\n  \"SPJ\": {spj}\n}}\n",
        groups.join(",\n"),
        details.join(",\n")
    )
}
