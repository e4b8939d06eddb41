//! The Kattis problem package format, version 2025-09, as BAPCtools (`bt validate`, `bt run`)
//! checks it: the 2023-07 layout of [`super::kattis`] with the statements in LaTeX
//! (`statement/problem.{en,zh}.tex`, converted from our Markdown: the format allows one
//! statement file per language, and BAPCtools reads LaTeX only) and always an output validator,
//! our checker (where the original judge compares words, BAPCtools otherwise wants an answer
//! validator beside its default one). The output validator is itself checked: one output of
//! the first sample it must accept (`data/valid_output/`, the difference the original judge
//! forgives) and one it must reject (`data/invalid_output/`, the last line missing).
//! problemtools 1.20260907 does not read this version.

use crate::judges::Comparison;
use crate::package::checker::{checker, Protocol};
use crate::package::files::File;
use crate::package::kattis::{problem_yaml, tests_validator_and_submissions};
use crate::package::latex;
use crate::package::problem::{Problem, Test};
use crate::package::statement::{title, Language};

/// The package's files.
pub(crate) fn files(problem: &Problem) -> Vec<File> {
    let comparison = problem.judge.original.comparison;
    let mut problem = problem.clone();
    if comparison == Comparison::LineEnds {
        // BAPCtools warns of answers with spaces before a newline; the checker forgives them,
        // so the answers without them judge every output alike.
        for test in problem.samples.iter_mut().chain(problem.secret.iter_mut()) {
            test.answer = without_line_end_spaces(&test.answer);
        }
    }
    let mut files = vec![File::new("problem.yaml", problem_yaml(&problem, "2025-09"))];
    for language in Language::ALL {
        let body = problem.statement_of_computed_limit(language);
        let text = latex::statement(&title(problem.judge, language), &body);
        let path = format!("statement/problem.{}.tex", language.code());
        files.push(File::new(path, text));
    }
    files.extend(tests_validator_and_submissions(&problem));
    let text = checker(comparison, Protocol::Kattis);
    files.push(File::program("output_validator/compare.py", text));
    if let Some(sample) = problem.samples.first() {
        files.extend(output_validator_tests(sample, comparison));
    }
    files
}

/// `answer` with the spaces and tabs at the ends of its lines removed.
fn without_line_end_spaces(answer: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(answer.len());
    for line in answer.split_inclusive(|&b| b == b'\n') {
        let (text, newline) = match line.strip_suffix(b"\n") {
            Some(text) => (text, &b"\n"[..]),
            None => (line, &b""[..]),
        };
        let end = text.len()
            - text
                .iter()
                .rev()
                .take_while(|&&b| b == b' ' || b == b'\t')
                .count();
        out.extend_from_slice(&text[..end]);
        out.extend_from_slice(newline);
    }
    out
}

/// `data/valid_output/` and `data/invalid_output/`: `sample`'s answer changed as the original
/// judge forgives, and with its last line missing. The first's `test_group.yaml` tells
/// BAPCtools that the checker may reject other changes of spaces and of letter case, so that it
/// does not expect it to accept them as Kattis's default validator would.
fn output_validator_tests(sample: &Test, comparison: Comparison) -> Vec<File> {
    let answer = &sample.answer;
    let forgiven = match comparison {
        Comparison::Exact => answer.strip_suffix(b"\n").unwrap_or(&answer[..]).to_vec(),
        Comparison::LineEnds | Comparison::Tokens => {
            let spaced = String::from_utf8_lossy(answer).replace('\n', " \n");
            spaced.into_bytes()
        }
    };
    let lines: Vec<&[u8]> = answer.split_inclusive(|&b| b == b'\n').collect();
    let short = lines[..lines.len().saturating_sub(1)].concat();
    let sensitive = match comparison {
        Comparison::Tokens => "[case_sensitive]",
        Comparison::Exact | Comparison::LineEnds => "[space_change_sensitive, case_sensitive]",
    };
    let mut files = vec![File::new(
        "data/valid_output/test_group.yaml",
        format!("output_validator_args: {sensitive}\n"),
    )];
    for (folder, what, output) in [
        ("valid_output", "forgiven", forgiven),
        ("invalid_output", "last-line-missing", short),
    ] {
        let stem = format!("data/{folder}/{}-{what}", sample.name);
        files.push(File::new(format!("{stem}.in"), sample.input.clone()));
        files.push(File::new(format!("{stem}.ans"), answer.clone()));
        files.push(File::new(format!("{stem}.out"), output));
    }
    files
}
