//! `jlu-machine` as Hydro's problem folder: `testdata/config.yaml` says `type: interactive` and
//! names the interactor with its language (`py.py3`: Hydro would guess `py`, Python 2 on some
//! hosts, from the file name). Hydro runs it as `interactor input output answer`, piped to the
//! submission both ways, and reads its verdict on stderr the testlib way: `points F` gives the
//! test `floor(F × its score)`, F = 1 an accepted test; `wrong answer` gives 0.

use super::problem::{secret, PROBLEM, SAMPLE, SAMPLE_INTERACTION, STATEMENT_EN};
use super::problem::{INTERACTOR, MEMORY, STATEMENT_ZH, TIME_LIMIT};
use crate::package::files::File;
use crate::package::hydro::{shares, time_per_test};
use crate::package::kattis::yaml_string;

/// The package's files: the sample first, then `tests` secret tests drawn from `seed`.
pub(super) fn files(tests: usize, seed: u64) -> Vec<File> {
    let mut inputs = vec![SAMPLE.to_string()];
    inputs.extend(secret(tests, seed).into_iter().map(|(_, input)| input));
    let title = |text: &'static str| {
        let line = text.lines().next().unwrap_or_default();
        line.trim_start_matches("# ").to_string()
    };
    let mut files = vec![File::new(
        "problem.yaml",
        format!(
            "title: {}\ntag:\n  - minesweeper\n  - interactive\n",
            yaml_string(&title(STATEMENT_EN))
        ),
    )];
    for (code, text, heading) in [("en", STATEMENT_EN, "Sample"), ("zh", STATEMENT_ZH, "样例")] {
        let body = format!(
            "{}\n\n## {heading}\n\n```text\n{SAMPLE}```\n\n```text\n{SAMPLE_INTERACTION}```\n",
            PROBLEM.statement_body(text).trim_end()
        );
        files.push(File::new(format!("problem_{code}.md"), body));
    }
    files.push(File::new("testdata/config.yaml", config(inputs.len())));
    for (index, input) in inputs.iter().enumerate() {
        let path = format!("testdata/{}.in", index + 1);
        files.push(File::new(path, input.as_bytes()));
    }
    let interactor = INTERACTOR.replacen("PROTOCOL = \"kattis\"", "PROTOCOL = \"hydro\"", 1);
    files.push(File::program("testdata/interactor.py", interactor));
    files
}

/// `config.yaml`: interactive, every test worth its share of 100, without an answer file (the
/// interactor judges). Each test's time limit is the course's, or less when `count` of them
/// would pass Hydro's total.
fn config(count: usize) -> String {
    let time = time_per_test(TIME_LIMIT * 1000, count);
    let mut text = format!(
        "type: interactive\ntime: {time}ms\nmemory: {MEMORY}m\n\
         interactor:\n  file: interactor.py\n  lang: py.py3\ncases:\n"
    );
    for (index, score) in shares(count).into_iter().enumerate() {
        text.push_str(&format!(
            "  - input: {}.in\n    score: {score}\n",
            index + 1
        ));
    }
    text
}
