//! `jlu-machine` in ACMOJ's (TesutoHime's) data folder: ACMOJ runs an interactor beside the
//! submission (`SPJ.Run` `interactive`, any executable text file, so our Python one with its
//! `acmoj` protocol) and, with `SPJ.Check` `skip`, takes the first line of the interactor's
//! output file as the test's fraction of its group's score.

use super::problem::{accepted, secret, PROBLEM, SAMPLE, SAMPLE_INTERACTION, STATEMENT_EN};
use super::problem::{INTERACTOR, MEMORY, STATEMENT_ZH, TIME_LIMIT};
use crate::package::acmoj::config_json;
use crate::package::files::File;
use std::path::Path;

/// The package's files: the sample first, then `tests` secret tests drawn from `seed`.
pub(super) fn files(tests: usize, seed: u64, src: &Path) -> Result<Vec<File>, String> {
    let mut inputs = vec![SAMPLE.to_string()];
    inputs.extend(secret(tests, seed).into_iter().map(|(_, input)| input));
    let mut files = vec![
        File::new("config.json", config(inputs.len())),
        File::new("description.md", description()),
    ];
    for (index, input) in inputs.iter().enumerate() {
        files.push(File::new(format!("{}.in", index + 1), input.as_bytes()));
        // Nothing to compare with: the interactor judges. The data format lets it be empty.
        files.push(File::new(format!("{}.ans", index + 1), ""));
    }
    let interactor = INTERACTOR.replacen("PROTOCOL = \"kattis\"", "PROTOCOL = \"acmoj\"", 1);
    files.push(File::program("interactor", interactor));
    files.push(File::new("solution.rs", accepted(src)?));
    Ok(files)
}

/// Both statements, each with the sample's test and interaction.
fn description() -> String {
    let mut text = String::new();
    for (text_of, heading) in [(STATEMENT_EN, "Sample"), (STATEMENT_ZH, "样例")] {
        let title = text_of.lines().next().unwrap_or_default();
        text += &format!(
            "{title}\n\n{}\n",
            PROBLEM.statement_body(text_of).trim_end()
        );
        text += &format!(
            "\n## {heading}\n\n```text\n{SAMPLE}```\n\n```text\n{SAMPLE_INTERACTION}```\n\n"
        );
    }
    text
}

/// `config.json`: one group per test (its share of 100), the limits, the interactor.
fn config(count: usize) -> String {
    let spj = "{\"Run\": {\"Type\": \"interactive\", \"Interactor\": {\"Type\": \"binary\", \
               \"Path\": \"interactor\"}}, \"Check\": \"skip\"}";
    config_json(count, TIME_LIMIT * 1000, MEMORY, spj)
}
