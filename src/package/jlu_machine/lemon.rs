//! `jlu-machine` as a LemonLime contest of one task in the course's own form: the contestant
//! hands in the `machine` function (C++, `#include "machine.h"` its first line), and LemonLime's
//! Interaction task (`taskType` 2) compiles it with our grader (`__grader.cpp`) beside the
//! header (`interactorName`), then judges the program as a traditional task. The grader plays
//! the test's games and writes their mean score; our special judge (its 6 arguments) turns the
//! mean / 60 into the test's share of its full score.
//!
//! The grader and the contestant share one process, as in the course's judge program: the
//! games' mines are in the test input (LemonLime's grader gets no seed of its own), dealt by
//! our RNG rather than the Python interactor's, so these tests are not the other formats' games.

use super::problem::TIME_LIMIT;
use super::problem::{COURSE, CRAFTED, GAMES, MEMORY, PROBLEM, STATEMENT_EN, STATEMENT_ZH};
use crate::package::files::File;
use crate::package::lemon::{contest_file, test_cases, Task, SPECIAL_JUDGE};
use crate::rng::Rng;

/// The task's name: its source file, data folder and contest file.
const NAME: &str = "jlu-machine";

/// LemonLime's `Task::Interaction`.
const INTERACTION: u32 = 2;

/// The kept files: the header, the grader, the special judge and three machines.
const HEADER: &str = include_str!("machine.h");
const GRADER: &str = include_str!("grader.cpp");
const SCORE: &str = include_str!("score.py");
const RULES: &str = include_str!("rules.cpp");
const FIRST_CLOSED: &str = include_str!("first_closed.cpp");
const ONE_BASED: &str = include_str!("one_based.cpp");

/// The package's files: `tests` tests drawn from `seed`.
pub(super) fn files(tests: usize, seed: u64) -> Vec<File> {
    let inputs = inputs(tests, seed);
    let mut files = vec![File::new(format!("{NAME}.cdf"), cdf(inputs.len()))];
    for (index, input) in inputs.iter().enumerate() {
        let stem = format!("data/{NAME}/{}", index + 1);
        files.push(File::new(format!("{stem}.in"), input.as_bytes()));
        // LemonLime wants an answer file for each test; the special judge reads none.
        files.push(File::new(format!("{stem}.out"), ""));
    }
    files.push(File::new(format!("data/{NAME}/machine.h"), HEADER));
    files.push(File::new(format!("data/{NAME}/grader.cpp"), GRADER));
    files.push(File::program(format!("data/{NAME}/score.py"), SCORE));
    for (code, text) in [("en", STATEMENT_EN), ("zh", STATEMENT_ZH)] {
        let title = text.lines().next().unwrap_or_default();
        let body = function_form(&PROBLEM.statement_body(text), code);
        files.push(File::new(
            format!("statement/{NAME}.{code}.md"),
            format!("{title}\n\n{body}"),
        ));
    }
    for (folder, text) in [
        ("accepted", RULES),
        ("partially_accepted", FIRST_CLOSED),
        ("wrong_answer", ONE_BASED),
    ] {
        files.push(File::new(format!("submissions/{folder}/{NAME}.cpp"), text));
    }
    files.push(File::new("source/.keep", Vec::new()));
    files
}

/// A statement with its interaction section (the panels on stdin) replaced by the function
/// the grader calls.
fn function_form(body: &str, code: &str) -> String {
    let (heading, next, section) = match code {
        "zh" => ("## 交互\n", "## 评分\n", FUNCTION_ZH),
        _ => ("## Interaction\n", "## Scoring\n", FUNCTION_EN),
    };
    match (body.find(heading), body.find(next)) {
        (Some(start), Some(end)) if start < end => {
            format!("{}{section}\n{}", &body[..start], &body[end..])
        }
        // The statements are kept files; a test reads both through here.
        _ => body.to_string(),
    }
}

/// The function form, for [`function_form`].
const FUNCTION_EN: &str = "## The function\n\n\
Hand in a C++ file `jlu-machine.cpp` that starts with `#include \"machine.h\"` and defines\n\n\
```c\nvoid machine(int GamePanel[30][30], int n, int m, int &x, int &y);\n```\n\n\
The grader calls it before every click of every game of a test, in one process: \
`GamePanel[i][j]` is $-1$ for a closed cell and $0$ to $8$ for an open one ($0 \\le i < n$, \
$0 \\le j < m$); set `x` and `y` to the row and the column of the cell to click. \
Do not write a `main` and do not write to the standard output.\n";
const FUNCTION_ZH: &str = "## 函数\n\n\
提交 C++ 文件 `jlu-machine.cpp`，第一行为 `#include \"machine.h\"`，并定义\n\n\
```c\nvoid machine(int GamePanel[30][30], int n, int m, int &x, int &y);\n```\n\n\
评测程序在同一个进程中，于一个测试点每局的每次点击之前调用它：\
`GamePanel[i][j]` 为 $-1$ 表示未翻开的格子，$0$ 到 $8$ 表示已翻开的格子（$0 \\le i < n$，\
$0 \\le j < m$）；把 `x` 和 `y` 设为要点击的格子的行号和列号。\
不要写 `main`，也不要向标准输出写任何内容。\n";

/// The tests: the crafted boards first, then the course's, each `n m k g` and a line per game
/// of k + 1 distinct cells (row × m + column), the grader's mines the first k but the first
/// click.
fn inputs(tests: usize, seed: u64) -> Vec<String> {
    let mut rng = Rng::new(seed);
    let boards = CRAFTED
        .iter()
        .map(|&(_, board)| board)
        .chain(std::iter::repeat(COURSE));
    boards
        .take(tests)
        .map(|(n, m, k)| {
            let mut input = format!("{n} {m} {k} {GAMES}\n");
            for _ in 0..GAMES {
                let mut cells: Vec<usize> = (0..n * m).collect();
                rng.choose_front(&mut cells, k + 1);
                let order: Vec<String> = cells[..=k].iter().map(usize::to_string).collect();
                input += &order.join(" ");
                input.push('\n');
            }
            input
        })
        .collect()
}

/// The contest file: the keys LemonLime's `Task::readFromJson` reads, an Interaction task's
/// among them.
fn cdf(count: usize) -> String {
    contest_file(&Task {
        title: NAME,
        name: NAME,
        task_type: INTERACTION,
        comparison: SPECIAL_JUDGE,
        special_judge: &format!("{NAME}/score.py"),
        interaction: Some([
            &format!("{NAME}/machine.h"),
            "machine.h",
            &format!("{NAME}/grader.cpp"),
        ]),
        cases: test_cases(NAME, count, TIME_LIMIT * 1000, MEMORY),
    })
}
