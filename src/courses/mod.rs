//! The course forms: the shapes in which the courses hand in a student's code, each with its
//! contract, our driver of it, how it is compiled, how its games or tests are played and how
//! the course scores it. The tools stand on them: `stress` tests anyone's file against them,
//! `grade` marks a class by them, `play --functions` and `package` use their contracts.
//!
//! - [`program`]: a whole program, every judge's task (stdin in, the answer out), compared
//!   as the judges compare and given the online judges' verdicts;
//! - [`jlu_machine`]: the JLU course's part (2), the `machine` that plays the course's games,
//!   as a stateless program (one run per click) or as the course's function in our driver
//!   ([`jlu_machine::function`]);
//! - [`jlu_panel`]: the JLU course's part (3), `RefreshGamePanel` in our console judge;
//! - [`acm_client`]: the ACM course's advanced task, a client that plays the course's batch
//!   of maps, as a program (one run per map) or as `client.h` in our driver
//!   ([`acm_client::header`]);
//! - [`acm_server`]: the ACM course's basic task, `server.h` in the course's `basic.cpp`.
//!
//! Beside them, what every form shares: the [`Harness`] that runs a student's code and its
//! [`FaultBudget`], and the [`report`] blocks that show a run's input and output.

pub mod acm_client;
pub mod acm_server;
pub mod jlu_machine;
pub mod jlu_panel;
pub mod program;
pub mod report;
pub mod templates;

use crate::exec::child::{Ending, Limits};
use crate::exec::compile::{compile, Build, BuildError, Compiler, Submission};
use crate::exec::ending::Stack;
use crate::sandbox::Policy;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// What every mode shares: the program under test and how to run it.
#[derive(Clone, Debug, PartialEq)]
pub struct Harness {
    /// The program and its arguments.
    pub command: Vec<String>,
    /// The first seed.
    pub seed: u64,
    /// Runs at a time.
    pub jobs: usize,
    /// CPU time of one run (of one game or map, where a process plays many): past it, the run
    /// is too slow.
    pub time_limit: Duration,
    /// Wall time of one run, the backstop for a program that waits (`None`:
    /// [`Limits::wall_for`] the CPU time).
    pub wall_limit: Option<Duration>,
    /// Address-space cap of one run, in bytes.
    pub memory: Option<u64>,
    /// The stack of one run.
    pub stack: Stack,
    /// Where to write a failing case.
    pub save: Option<PathBuf>,
    /// Whether to show progress on stderr.
    pub progress: bool,
    /// How closely the program is kept (`stress`: the user's own code).
    pub policy: Policy,
    /// After how many failed games or maps a student's file plays no more.
    pub faults: FaultBudget,
    /// The wall time all of one file's games, maps or tests may take (`None`: no limit): past
    /// it, the rest is not played.
    pub budget: Option<Duration>,
}

/// After how many failed games or maps (of one batch) a student's file plays no more: a
/// fresh process plays on after each, until this many.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FaultBudget {
    /// Faults of any kind.
    pub any: usize,
    /// Faults that each cost a whole timeout (a hang) or a flood of output.
    pub slow: usize,
}

impl FaultBudget {
    /// `stress`'s: ten, to show a pattern without waiting long.
    pub const STRESS: FaultBudget = FaultBudget { any: 10, slow: 10 };

    /// Whether `faults` faults, `slow` of them slow, use it up.
    pub fn spent(&self, faults: usize, slow: usize) -> bool {
        faults >= self.any || slow >= self.slow
    }
}

impl Harness {
    /// A harness for `command` with the defaults: seed 1, one job, 2 s of CPU time, 1 GiB and
    /// as much stack, no saving, no progress.
    pub fn new(command: &[&str]) -> Harness {
        Harness {
            command: command.iter().map(|part| part.to_string()).collect(),
            seed: 1,
            jobs: 1,
            time_limit: Duration::from_secs(2),
            wall_limit: None,
            memory: Some(1 << 30),
            stack: Stack::AsMemory,
            save: None,
            progress: false,
            policy: Policy::OwnCode,
            faults: FaultBudget::STRESS,
            budget: None,
        }
    }

    /// The limits of a run whose right answer is `answer_len` bytes: a child printing more
    /// than twice that and a megabyte is stopped.
    pub fn limits(&self, answer_len: usize) -> Limits {
        Limits {
            cpu: self.time_limit,
            wall: self.wall_limit(),
            memory: self.memory,
            stack: self.stack.bytes(self.memory),
            output: answer_len.saturating_mul(2).saturating_add(1 << 20),
            policy: self.policy,
        }
    }

    /// The wall time of one run (of one game or map).
    pub fn wall_limit(&self) -> Duration {
        self.wall_limit
            .unwrap_or_else(|| Limits::wall_for(self.time_limit))
    }

    /// Whether the time budget of work begun at `started` is spent.
    pub fn out_of_time(&self, started: Instant) -> bool {
        self.budget
            .is_some_and(|budget| started.elapsed() >= budget)
    }

    /// What a report says of a game or map (`stretch`) of a process that plays many, ended by
    /// a time limit (`ending`: [`Ending::TooSlow`] or [`Ending::TimedOut`]).
    pub fn time_fault(&self, stretch: &str, ending: Ending) -> String {
        match ending {
            Ending::TooSlow => format!(
                "the {stretch} used over {:.3} s of CPU time (--time-limit): killed",
                self.time_limit.as_secs_f64()
            ),
            _ => format!(
                "the {stretch} took over {:.3} s of wall time (--wall-limit): killed",
                self.wall_limit().as_secs_f64()
            ),
        }
    }

    /// The command as one line, for messages.
    pub fn command_line(&self) -> String {
        self.command
            .iter()
            .map(|part| {
                if part.is_empty() || part.contains(|c: char| c.is_whitespace() || c == '\'') {
                    format!("'{}'", part.replace('\'', "'\\''"))
                } else {
                    part.clone()
                }
            })
            .collect::<Vec<_>>()
            .join(" ")
    }
}

/// One of our drivers into which a student's file is compiled as a whole program of a judge's
/// task: its source, and how a report names the student's part in it.
pub struct Driver {
    /// The driver's C++ source.
    pub source: &'static str,
    /// The name the driver includes the student's file by.
    pub includes: &'static str,
    /// What the student wrote, such as `server.h`.
    pub student_part: &'static str,
    /// Where it runs, such as `the course's basic.cpp`.
    pub runs_in: &'static str,
}

impl Driver {
    /// Compiles `file` into the driver.
    ///
    /// # Errors
    /// When the file does not compile: the compiler's first lines.
    pub fn compile(&self, compiler: &Compiler, file: &Path) -> Result<Build, BuildError> {
        let submission = Submission {
            name: self.includes,
            path: file,
        };
        compile(compiler, self.source, &[submission])
    }
}
