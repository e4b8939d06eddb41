//! Hydro's problem folder, as its importer reads one: `problem.yaml` (the title and tags),
//! `problem_en.md` and `problem_zh.md` (the statements, samples in ```` ```input1 ```` blocks),
//! and `testdata/` with `config.yaml` (keys of Hydro's `ProblemConfigFile`) beside the tests.
//! The checker: Hydro's `strict` (lines compared, `\r` and the final newline forgiven) for an
//! exact judge, its `default` (spaces at line ends and blank lines forgiven) for JLU's, and our
//! checker through Hydro's `kattis` type where only the words count.

use crate::judges::Comparison;
use crate::package::checker::{checker, Protocol};
use crate::package::files::File;
use crate::package::kattis::yaml_string;
use crate::package::problem::Problem;
use crate::package::samples::with_samples;
use crate::package::statement::{title, Language};
use crate::package::submissions::submission_files;
use crate::package::teacher::rights_note;

/// The package's files.
pub(crate) fn files(problem: &Problem) -> Vec<File> {
    let judge = problem.judge;
    let mut files = vec![File::new(
        "problem.yaml",
        format!(
            "title: {}\ntag:\n  - minesweeper\n  - {}\n",
            yaml_string(&title(judge, Language::English)),
            yaml_string(judge.origin)
        ),
    )];
    for language in Language::ALL {
        let body = problem.statement(language);
        let text = with_samples(body, &problem.samples, language);
        files.push(File::new(format!("problem_{}.md", language.code()), text));
    }
    files.push(File::new("testdata/config.yaml", config(problem)));
    for (index, test) in problem.tests().enumerate() {
        let stem = format!("testdata/{}", index + 1);
        files.push(File::new(format!("{stem}.in"), test.input.clone()));
        files.push(File::new(format!("{stem}.out"), test.answer.clone()));
    }
    if judge.original.comparison == Comparison::Tokens {
        let text = checker(Comparison::Tokens, Protocol::Kattis);
        files.push(File::program("testdata/compare.py", text));
    }
    // Hydro's folder has no place for submissions: they are beside, as in the Kattis format.
    files.extend(submission_files(&problem.submissions));
    files.extend(rights_note(&problem.rights));
    files
}

/// Hydro's default `total_time_limit`, in seconds: it refuses a problem whose tests' time
/// limits add up to more.
const TOTAL_TIME_LIMIT: u32 = 60;

/// The time limit per test in milliseconds: `limit_ms`, or less where `count` tests of it would
/// add up to more than [`TOTAL_TIME_LIMIT`].
pub(crate) fn time_per_test(limit_ms: u32, count: usize) -> u32 {
    let total = TOTAL_TIME_LIMIT as usize * 1000;
    limit_ms.min((total / count.max(1)) as u32)
}

/// `testdata/config.yaml`: the limits, the checker, and every test worth its share of 100.
pub(crate) fn config(problem: &Problem) -> String {
    let original = problem.judge.original;
    let count = problem.tests().count();
    let mut text = format!(
        "type: default\ntime: {}ms\nmemory: {}m\n",
        time_per_test(problem.fixed_time_limit_ms(), count),
        original.memory_mib
    );
    text.push_str(match original.comparison {
        Comparison::Exact => "checker_type: strict\n",
        Comparison::LineEnds => "checker_type: default\n",
        Comparison::Tokens => "checker_type: kattis\nchecker: compare.py\n",
    });
    text.push_str("cases:\n");
    for (index, score) in shares(count).into_iter().enumerate() {
        let number = index + 1;
        text.push_str(&format!(
            "  - input: {number}.in\n    output: {number}.out\n    score: {score}\n"
        ));
    }
    text
}

/// 100 points over `count` tests: equal shares, the first ones a point more when 100 does not
/// divide evenly.
pub(crate) fn shares(count: usize) -> Vec<usize> {
    (0..count)
        .map(|index| 100 / count + usize::from(index < 100 % count))
        .collect()
}
