//! What a mark does not say by itself: how much of the work was played (games, maps or tests,
//! beside those asked) and why a mark is 0 or less than the play earned, each in a column of
//! its own in the table, the CSV and the HTML.

use crate::grade::outcome::{Doubt, Status};
use crate::grade::words::Lang;
use crate::grade::{Config, Grade, Task};
use crate::players::acm_client::course_maps::BATCH_MAPS;

/// One reason a mark is 0, or lower than the games, maps or tests earned.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Why {
    /// The file does not compile.
    CompileError,
    /// The file could not be graded.
    NotGraded,
    /// A JLU game where it crashed, hung or clicked off the board: the course gives 0.
    GameFault,
    /// An ACM map where the client failed: its batch scores 0.
    MapFault,
    /// It hung (or flooded its output) so often that the rest was not played.
    FaultBudgetSpent,
    /// The time budget (`--budget`) ran out before the rest was played: the rest scores 0.
    TimeBudgetSpent,
    /// It breaks the course's rules, and `--strict` scores that 0.
    Strict,
    /// A resubmission: the course's points are taken.
    Resubmitted,
}

impl Why {
    /// The reason in a few words.
    pub fn text(self, lang: Lang) -> &'static str {
        let (english, chinese) = match self {
            Why::CompileError => ("does not compile", "编译失败"),
            Why::NotGraded => ("not graded", "未评测"),
            Why::GameFault => ("a fault in a game", "对局中出错"),
            Why::MapFault => (
                "a fault on a map (its batch scores 0)",
                "地图上出错（该批次计 0 分）",
            ),
            Why::FaultBudgetSpent => ("hung or flooded too often", "多次超时或输出过多"),
            Why::TimeBudgetSpent => ("time budget spent (--budget)", "时间预算用完（--budget）"),
            Why::Strict => (
                "breaks the course's rules (--strict)",
                "违反课程要求（--strict）",
            ),
            Why::Resubmitted => ("a resubmission: points taken", "重交：扣分"),
        };
        match lang {
            Lang::English => english,
            Lang::Chinese => chinese,
        }
    }
}

/// Why `grade`'s mark is 0 or lower than its play earned, first reason first (none: it is
/// what the play earned); `tests`: the class's tests.
pub fn reasons(config: &Config, grade: &Grade, tests: usize) -> Vec<Why> {
    let outcome = &grade.outcome;
    let mut found = Vec::new();
    match outcome.status {
        Status::CompileError => found.push(Why::CompileError),
        Status::NotGraded => found.push(Why::NotGraded),
        Status::Graded => {
            match config.task {
                Task::JluMachine if outcome.faults > 0 => found.push(Why::GameFault),
                Task::AcmClient if outcome.faults > 0 => found.push(Why::MapFault),
                _ => {}
            }
            let (played, asked) = played(config.task, grade, tests);
            if played < asked {
                found.push(if outcome.doubt == Some(Doubt::BudgetSpent) {
                    Why::TimeBudgetSpent
                } else {
                    Why::FaultBudgetSpent
                });
            }
        }
    }
    if config.strict && !grade.findings.is_empty() {
        found.push(Why::Strict);
    }
    if config.resubmitted.contains(&grade.student.name) {
        found.push(Why::Resubmitted);
    }
    found
}

/// [`reasons`] in a line of the report's language.
pub fn reasons_text(config: &Config, grade: &Grade, tests: usize) -> String {
    let separator = match config.lang {
        Lang::English => "; ",
        Lang::Chinese => "；",
    };
    reasons(config, grade, tests)
        .iter()
        .map(|why| why.text(config.lang))
        .collect::<Vec<_>>()
        .join(separator)
}

/// The games, maps or tests played, and those asked (`tests`: the class's tests).
pub fn played(task: Task, grade: &Grade, tests: usize) -> (u64, u64) {
    let outcome = &grade.outcome;
    match task {
        Task::JluMachine => {
            let games = outcome.games.unwrap_or_default();
            (games.played, games.games)
        }
        Task::AcmClient => (
            outcome.batches.iter().map(|b| b.maps).sum(),
            (outcome.batches.len() * BATCH_MAPS) as u64,
        ),
        Task::JluPanel | Task::AcmServer | Task::MineOps => {
            (outcome.tests.len() as u64, tests as u64)
        }
    }
}
