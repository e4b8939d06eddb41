//! DMOJ's problem folder, as its judge reads one: `init.yml` (the `test_cases`, each `in`,
//! `out` and `points`, and the `checker`), the tests as `1.in`/`1.out`, ..., and the checker,
//! our Python one with the `check` function DMOJ's judge imports. DMOJ's built-in checkers
//! each compare otherwise than the original judges: `identical` wants the answer's final
//! newline exactly, `rstripped` too, and `standard` keeps the lines but forgives spaces inside
//! them. The site, not the folder, keeps the statement and the time and memory limits: the
//! statements are beside (`statement.{en,zh}.md`, to paste into the site's editor), the
//! limits in `init.yml`'s comments, and our submissions in `submissions/<verdict>/` as in the
//! Kattis format. DMOJ's problem codes, which name the folder, are lowercase letters and
//! digits.

use crate::package::checker::{checker, Protocol};
use crate::package::files::File;
use crate::package::hydro::shares;
use crate::package::problem::Problem;
use crate::package::samples::with_samples;
use crate::package::statement::{title, Language};
use crate::package::submissions::submission_files;
use crate::package::teacher::rights_note;

/// The package's files.
pub(crate) fn files(problem: &Problem) -> Vec<File> {
    let judge = problem.judge;
    let mut files = vec![File::new("init.yml", init_yml(problem))];
    for (index, test) in problem.tests().enumerate() {
        let stem = index + 1;
        files.push(File::new(format!("{stem}.in"), test.input.clone()));
        files.push(File::new(format!("{stem}.out"), test.answer.clone()));
    }
    let text = checker(judge.original.comparison, Protocol::Dmoj);
    files.push(File::new("checker.py", text));
    for language in Language::ALL {
        let body = problem.statement(language);
        let text = format!(
            "# {}\n\n{}",
            title(judge, language),
            with_samples(body, &problem.samples, language)
        );
        files.push(File::new(format!("statement.{}.md", language.code()), text));
    }
    files.extend(submission_files(&problem.submissions));
    files.extend(rights_note(&problem.rights));
    files
}

/// The problem's code on a DMOJ site: the judge's name without its hyphens.
fn code(judge_name: &str) -> String {
    judge_name.replace('-', "")
}

/// `init.yml`: the limits as comments (the site sets them, `dmoj-cli` takes them on `submit`),
/// our checker, and every test worth its share of 100.
pub(crate) fn init_yml(problem: &Problem) -> String {
    let judge = problem.judge;
    let original = judge.original;
    let seconds = f64::from(problem.fixed_time_limit_ms()) / 1000.0;
    let kib = u64::from(original.memory_mib) * 1024;
    let mut text = format!(
        "# {title}, from {origin}.\n\
         # Time limit {seconds} s, memory limit {mib} MiB: set them in the site's problem editor;\n\
         # dmoj-cli takes them on each submission: submit {code} RUST <file> -tl {seconds} -ml {kib}\n\
         checker: checker.py\n\
         test_cases:\n",
        title = title(judge, Language::English),
        origin = judge.origin,
        mib = original.memory_mib,
        code = code(judge.name()),
    );
    for (index, points) in shares(problem.tests().count()).into_iter().enumerate() {
        let number = index + 1;
        text.push_str(&format!(
            "- {{in: {number}.in, out: {number}.out, points: {points}}}\n"
        ));
    }
    text
}
