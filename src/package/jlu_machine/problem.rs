//! What both formats of the `jlu-machine` package share: the games of its tests, its limits,
//! its kept files, the accepted submission and the statements' bodies.

use crate::bundle::bundle;
use crate::package::interactive::InteractiveScoring;
use crate::rng::Rng;
use std::path::Path;

/// The course's games: 20x20 with 50 mines.
pub(super) const COURSE: (usize, usize, usize) = (20, 20, 50);

/// The crafted tests before the course's: the classic beginner, intermediate and expert boards
/// (the expert one as wide as the course's `GamePanel[30][30]` allows), a dense course board,
/// and one row.
pub(super) const CRAFTED: [(&str, (usize, usize, usize)); 5] = [
    ("beginner", (9, 9, 10)),
    ("intermediate", (16, 16, 40)),
    ("expert", (16, 30, 99)),
    ("dense", (20, 20, 80)),
    ("one-row", (1, 30, 5)),
];

/// Games per test: enough that a test's mean is not one game's luck, few enough that a test
/// runs in well under the time limit.
pub(super) const GAMES: usize = 10;

/// The time limit per test, in seconds, for all its games.
pub(super) const TIME_LIMIT: u32 = 5;

/// The memory limit in MiB.
pub(super) const MEMORY: u32 = 256;

/// The interactor, input validator, sample interaction and weak submissions, as kept.
pub(super) const INTERACTOR: &str = include_str!("interactor.py");
pub(super) const VALIDATOR: &str = include_str!("validate.py");
pub(super) const SAMPLE: &str = "5 5 3 1\n7\n";
pub(super) const SAMPLE_INTERACTION: &str = include_str!("sample.interaction");
pub(super) const FIRST_CLOSED: &str = include_str!("first_closed.rs");
pub(super) const ONE_BASED: &str = include_str!("one_based.rs");
pub(super) const STATEMENT_EN: &str = include_str!("statement.en.md");
pub(super) const STATEMENT_ZH: &str = include_str!("statement.zh.md");

/// What its `problem.yaml` and statements say.
pub(super) const PROBLEM: InteractiveScoring = InteractiveScoring {
    name: "jlu-machine",
    statement_en: STATEMENT_EN,
    statement_zh: STATEMENT_ZH,
    source: "JLU course \"扫雷\" (数据结构课程设计), part (2)",
    time_limit: TIME_LIMIT,
    memory: MEMORY,
    code: 256,
    top_score: 60,
    sample: SAMPLE,
    sample_interaction: SAMPLE_INTERACTION,
    validator: VALIDATOR,
    interactor: INTERACTOR,
};

/// The secret tests' names and inputs: the crafted boards first, then the course's, each
/// `n m k g` and g seeds.
pub(super) fn secret(tests: usize, seed: u64) -> Vec<(String, String)> {
    let mut rng = Rng::new(seed);
    let boards = CRAFTED
        .iter()
        .copied()
        .chain(std::iter::repeat(("course", COURSE)));
    let width = tests.to_string().len().max(2);
    boards
        .take(tests)
        .enumerate()
        .map(|(index, (what, (n, m, k)))| {
            let mut input = format!("{n} {m} {k} {GAMES}\n");
            for _ in 0..GAMES {
                // Seeds below 2^63, what the validator takes.
                input += &format!("{}\n", rng.next_u64() >> 1);
            }
            (format!("{:0width$}-{what}", index + 1), input)
        })
        .collect()
}

/// Our `jlu-machine` bundle, its `main` playing every panel of one run instead of one.
pub(super) fn accepted(src: &Path) -> Result<String, String> {
    // The command line's main stays, unused (the bundle allows dead code).
    const CHANGES: [(&str, &str); 1] = [(
        "fn main() -> ExitCode {",
        "fn main() -> ExitCode {\npanel_loop::main(solve::solve)\n}\n\nfn command_main() -> ExitCode {",
    )];
    let mut looped = bundle(src, "jlu-machine")?;
    for (from, to) in CHANGES {
        if looped.matches(from).count() != 1 {
            return Err(format!(
                "the bundle of jlu-machine does not hold {from:?} once"
            ));
        }
        looped = looped.replace(from, to);
    }
    let panel_loop = include_str!("../panel_loop.rs");
    Ok(format!("{looped}\nmod panel_loop {{\n{panel_loop}}}\n"))
}
