//! The tasks `grade` marks, and what each course gives them: time per test, tests and points.

use crate::judges::{self, Judge};
use std::time::Duration;

/// What `grade` marks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Task {
    /// JLU part (1): the console game, by tests.
    JluPanel,
    /// JLU part (2): the `machine` function, by 1,000 games.
    JluMachine,
    /// The ACM basic task: the server, by tests.
    AcmServer,
    /// The ACM advanced task: the client, by batches of maps and baselines.
    AcmClient,
    /// THU's Mine, by tests.
    MineOps,
}

/// Every task, by the name `grade` takes.
pub const TASKS: [(&str, Task); 5] = [
    ("jlu-panel", Task::JluPanel),
    ("jlu-machine", Task::JluMachine),
    ("acm-server", Task::AcmServer),
    ("acm-client", Task::AcmClient),
    ("mine-ops", Task::MineOps),
];

impl Task {
    /// The task's name, as `grade` takes it.
    pub fn name(self) -> &'static str {
        TASKS
            .iter()
            .find(|(_, task)| *task == self)
            .map_or("", |(name, _)| name)
    }

    /// The judge of a task marked by tests.
    pub fn judge(self) -> Option<&'static Judge> {
        match self {
            Task::JluPanel | Task::AcmServer | Task::MineOps => judges::by_name(self.name()),
            Task::JluMachine | Task::AcmClient => None,
        }
    }

    /// The file a student's folder holds for the task's course form.
    pub fn course_file(self) -> Option<&'static str> {
        match self {
            Task::AcmServer => Some("server.h"),
            Task::AcmClient => Some("client.h"),
            _ => None,
        }
    }

    /// What the course hands every student (the required signatures), which the copy check
    /// never counts as shared.
    pub fn course_code(self) -> &'static str {
        match self {
            Task::JluMachine => {
                "void machine(int GamePanel[30][30], int n, int m, int &x, int &y)\n"
            }
            Task::JluPanel => {
                "int RefreshGamePanel(int GamePanel[30][30], int x, int y, int mine[30][30], \
                 int n, int m, int k)\n"
            }
            Task::AcmClient => {
                "extern int rows;\nextern int columns;\nextern int total_mines;\n\
                 void Execute(int r, int c, int type);\nvoid InitGame() {\n}\n\
                 void ReadMap() {\n}\nvoid Decide() {\n}\n"
            }
            Task::AcmServer => {
                "int rows;\nint columns;\nint game_state;\nvoid InitMap() {\n}\n\
                 void PrintMap() {\n}\nvoid VisitBlock(int r, int c) {\n}\n\
                 void MarkMine(int r, int c) {\n}\nvoid AutoExplore(int r, int c) {\n}\n\
                 void ExitGame() {\n}\n"
            }
            Task::MineOps => "",
        }
    }

    /// The course's CPU time per test (THU 1 s, JLU 4 s), per game or per map.
    pub fn default_time_limit(self) -> Duration {
        match self {
            Task::JluPanel => Duration::from_secs(4),
            Task::MineOps | Task::AcmServer => Duration::from_secs(1),
            Task::JluMachine | Task::AcmClient => Duration::from_secs(2),
        }
    }

    /// The default time budget of one student's `games` JLU games, maps or tests: a course's
    /// honest program takes a small part of it (a JLU machine plays 1,000 games in about a
    /// second), and a program that waits just under the timeout at every step is stopped
    /// after it.
    pub fn default_budget(self, games: u64) -> Duration {
        match self {
            Task::JluMachine => {
                Duration::from_millis(games.saturating_mul(120)).max(Duration::from_secs(30))
            }
            _ => Duration::from_secs(120),
        }
    }

    /// Tests made when no folder of tests is given, and the course's points for each: JLU
    /// part (1) has 6 tests of 5 points; THU and the ACM basic task count out of 100.
    pub fn default_tests(self) -> (u64, f64) {
        match self {
            Task::JluPanel => (6, 5.0),
            _ => (10, 10.0),
        }
    }
}
