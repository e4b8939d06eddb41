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
use crate::package::teacher::rights_note;

/// LemonLime's `Task::ComparisonMode`: `IgnoreSpacesMode` and `LemonSpecialJudgeMode`.
const IGNORE_SPACES: u32 = 1;
pub(crate) const SPECIAL_JUDGE: u32 = 4;
const TRADITIONAL: u32 = 0;

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
    // LemonLime judges each folder of `source/` as a contestant's, the task's file in it.
    for submission in &problem.submissions {
        let contestant = format!("{}-{}", submission.verdict.folder(), submission.name);
        let path = format!("source/{contestant}/{name}.{}", submission.extension);
        files.push(File::new(path, submission.source.as_bytes()));
    }
    files.extend(rights_note(&problem.rights));
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
    let (comparison, special_judge) = match original.comparison {
        Comparison::Tokens => (IGNORE_SPACES, String::new()),
        _ => (SPECIAL_JUDGE, format!("{name}/check.py")),
    };
    contest_file(&Task {
        title: &title(judge, Language::English),
        name,
        task_type: TRADITIONAL,
        comparison,
        special_judge: &special_judge,
        interaction: None,
        cases: test_cases(
            name,
            count,
            problem.fixed_time_limit_ms(),
            original.memory_mib,
        ),
    })
}

/// A contest of one task, what its contest file says of it.
pub(crate) struct Task<'a> {
    /// The contest's title (plain text) and the task's name.
    pub title: &'a str,
    pub name: &'a str,
    /// Its type and comparison mode, as LemonLime numbers them, and its checker ("" for none).
    pub task_type: u32,
    pub comparison: u32,
    pub special_judge: &'a str,
    /// An interaction task's interactor, the name it is included by, and its grader.
    pub interaction: Option<[&'a str; 3]>,
    /// Its test cases, as [`test_cases`] writes them.
    pub cases: Vec<String>,
}

/// The contest file of `task`, JSON, with the keys LemonLime's `Task::readFromJson` reads.
pub(crate) fn contest_file(task: &Task) -> String {
    let name = task.name;
    let interaction = match task.interaction {
        Some([interactor, included_as, grader]) => format!(
            "\x20     \"interactor\": \"{interactor}\",\n\
             \x20     \"interactorName\": \"{included_as}\",\n\
             \x20     \"grader\": \"{grader}\",\n"
        ),
        None => String::new(),
    };
    format!(
        "{{\n  \"version\": \"1.0\",\n  \"contestTitle\": {title},\n  \"tasks\": [\n    {{\n\
         \x20     \"problemTitle\": \"{name}\",\n\
         \x20     \"sourceFileName\": \"{name}\",\n\
         \x20     \"inputFileName\": \"{name}.in\",\n\
         \x20     \"outputFileName\": \"{name}.out\",\n\
         \x20     \"standardInputCheck\": true,\n\
         \x20     \"standardOutputCheck\": true,\n\
         \x20     \"taskType\": {task_type},\n\
         \x20     \"subFolderCheck\": false,\n\
         \x20     \"comparisonMode\": {comparison},\n\
         \x20     \"diffArguments\": \"--ignore-space-change --text --brief\",\n\
         \x20     \"realPrecision\": 3,\n\
         \x20     \"specialJudge\": \"{special_judge}\",\n\
         {interaction}\
         \x20     \"compilerConfiguration\": {{}},\n\
         \x20     \"answerFileExtension\": \"out\",\n\
         \x20     \"testCases\": [\n{cases}\n      ]\n    }}\n  ],\n  \"contestants\": []\n}}\n",
        title = json_string(task.title),
        task_type = task.task_type,
        comparison = task.comparison,
        special_judge = task.special_judge,
        cases = task.cases.join(",\n"),
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
