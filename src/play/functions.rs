//! The student's own functions in `play --functions FILE` (the JLU course's part (3)): their
//! `RefreshGamePanel` and `machine`, compiled with our driver (`functions.cpp`, in the role of
//! the course's GUI framework) into one process that answers both.
//!
//! The process runs only through [`Session::start`], which contains it (its own process group,
//! capped address space, CPU time and file size); each call has [`CALL_TIMEOUT`], after which
//! the session's watchdog kills it. A process that crashes, hangs or answers nonsense is told
//! as a [`Fault`] and a fresh one answers the next call: the server never waits on it for long
//! and never goes down with it. One process serves every game, one call at a time, as the GUI
//! calls the functions of one program (static variables and `rand()` carry over).
//!
//! Nothing is kept on disk: the compiled driver is held in memory and written to a temporary
//! folder only to start a process, which is removed once the process runs.

use crate::board::Grid;
use crate::courses::jlu_machine::function::SIGNATURE as MACHINE;
use crate::courses::jlu_panel::{ARRAY_SIDE, SIGNATURE as REFRESH_GAME_PANEL};
use crate::exec::child::describe_ending;
use crate::exec::child::{Ending, Limits};
use crate::exec::compile::{compile, Compiler, Submission, TempDir};
use crate::exec::session::Session;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::sync::{Mutex, MutexGuard};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

/// The driver: the GUI framework's side, with the student's files included.
const DRIVER: &str = include_str!("functions.cpp");

/// The course's arrays are `int[30][30]`: larger boards are not given to the functions.
pub const MAX_SIDE: usize = ARRAY_SIDE;

/// How long one call may take before the process is killed.
pub const CALL_TIMEOUT: Duration = Duration::from_secs(2);

/// The process's address space (the course's memory limit).
const MEMORY: u64 = 512 << 20;

/// The process's CPU time over its whole life; a process that used it up is restarted.
const CPU: Duration = Duration::from_secs(3600);

/// The deadline between calls: the process waits for the next one as long as the server runs.
const IDLE: Duration = Duration::from_secs(30 * 24 * 3600);

/// The longest answer line: 900 values of at most 11 characters and their spaces.
const ANSWER_LIMIT: usize = 16 * 1024;

/// Why a function gave no answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Fault {
    /// The process ended (crashed, exited, or was killed at [`CALL_TIMEOUT`]:
    /// [`Ending::TimedOut`]); its stderr (and stdout, which the driver sends there).
    Ended {
        /// How it ended.
        ending: Ending,
        /// The first 64 KiB of its stderr.
        stderr: Vec<u8>,
    },
    /// It answered something that is not an answer (the driver's line, as read).
    Answer {
        /// The line.
        text: String,
        /// Its stderr.
        stderr: Vec<u8>,
    },
    /// No process could be started.
    Start(String),
    /// The board is larger than the course's `int[30][30]`: the function was not called.
    TooLarge,
}

impl Fault {
    /// The fault in words, for the command line (the page words it in its own language).
    pub fn describe(&self) -> String {
        let output = |stderr: &[u8]| {
            let text = String::from_utf8_lossy(stderr);
            let text = text.trim_end();
            if text.is_empty() {
                String::new()
            } else {
                format!("; it printed:\n{text}")
            }
        };
        match self {
            Fault::Ended { ending, stderr } => {
                format!("it ended: {}{}", describe_ending(*ending), output(stderr))
            }
            Fault::Answer { text, stderr } => format!("it answered {text:?}{}", output(stderr)),
            Fault::Start(why) => why.clone(),
            Fault::TooLarge => format!("the board is larger than {MAX_SIDE}x{MAX_SIDE}"),
        }
    }
}

/// What `RefreshGamePanel` did: what it returned and the panel it left, row-major.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refreshed {
    /// Its return value (the course's -1 lost, 1 won, 0 going on).
    pub code: i64,
    /// The `n * m` panel values after the call.
    pub panel: Vec<i64>,
}

/// The student's compiled functions and the process that runs them.
pub struct Functions {
    files: Vec<PathBuf>,
    /// The driver's executable, kept in memory.
    exe: Vec<u8>,
    refresh: bool,
    machine: bool,
    running: Mutex<Option<Session>>,
}

/// Whether the board fits the course's arrays.
pub fn fits(grid: Grid) -> bool {
    grid.rows() <= MAX_SIDE && grid.cols() <= MAX_SIDE
}

impl Functions {
    /// Compiles `files` together (as they would sit together in the course's CButtonView.cpp)
    /// with our driver, by `cxx` (else `$CXX`, `g++`, `c++` or `clang++`), and starts the
    /// process once to learn which functions the files define.
    ///
    /// # Errors
    /// When no compiler is found, a file does not compile (the compiler's first lines), the
    /// process cannot start, or the files define neither function with the course's
    /// parameters.
    pub fn compile(files: &[PathBuf], cxx: Option<&str>) -> Result<Functions, String> {
        let compiler = Compiler::find(cxx)?;
        let names: Vec<String> = (1..=files.len())
            .map(|i| format!("submission{i}.cpp"))
            .collect();
        let submissions: Vec<Submission> = names
            .iter()
            .zip(files)
            .map(|(name, path)| Submission { name, path })
            .collect();
        let includes: String = names
            .iter()
            .map(|name| format!("#include \"{name}\"\n"))
            .collect();
        let driver = DRIVER.replacen("#include \"submission.cpp\"\n", &includes, 1);
        let build = compile(&compiler, &driver, &submissions)?;
        let exe = std::fs::read(&build.exe)
            .map_err(|err| format!("cannot read {}: {err}", build.exe.display()))?;
        let (session, (refresh, machine)) = spawn(&exe).map_err(|fault| {
            format!(
                "{} compiled, but the program did not start: {}",
                names_of(files),
                fault.describe()
            )
        })?;
        if !refresh && !machine {
            session.finish();
            return Err(format!(
                "{} defines neither `{REFRESH_GAME_PANEL}` nor `{MACHINE}`",
                names_of(files)
            ));
        }
        Ok(Functions {
            files: files.to_vec(),
            exe,
            refresh,
            machine,
            running: Mutex::new(Some(session)),
        })
    }

    /// The files, as given.
    pub fn files(&self) -> &[PathBuf] {
        &self.files
    }

    /// Whether the files define `RefreshGamePanel`.
    pub fn has_refresh(&self) -> bool {
        self.refresh
    }

    /// Whether the files define `machine`.
    pub fn has_machine(&self) -> bool {
        self.machine
    }

    /// Calls `RefreshGamePanel(panel, x, y, mine, n, m, k)` for a click on `cell`: `panel`
    /// row-major (-1 closed), `mines` one flag per cell, `k` the number of mines.
    ///
    /// # Errors
    /// A [`Fault`]; [`Fault::TooLarge`] when the board does not fit the course's arrays.
    ///
    /// # Panics
    /// If the files have no `RefreshGamePanel`, or the slices are not of the grid's size.
    pub(crate) fn refresh(
        &self,
        grid: Grid,
        panel: &[i8],
        mines: &[bool],
        k: usize,
        cell: usize,
    ) -> Result<Refreshed, Fault> {
        assert!(self.refresh, "the files have no RefreshGamePanel");
        assert!(panel.len() == grid.len() && mines.len() == grid.len());
        if !fits(grid) {
            return Err(Fault::TooLarge);
        }
        let (x, y) = grid.row_col(cell);
        let mut message = format!("1 {} {} {k} {x} {y}", grid.rows(), grid.cols());
        for value in panel {
            let _ = write!(message, " {value}");
        }
        for &mine in mines {
            message.push_str(if mine { " 1" } else { " 0" });
        }
        message.push('\n');
        let numbers = self.call(&message, grid.len() + 1)?;
        Ok(Refreshed {
            code: numbers[0],
            panel: numbers[1..].to_vec(),
        })
    }

    /// Calls `machine(panel, n, m, x, y)` on a copy of `panel` (row-major, -1 closed): the
    /// `(x, y)` it set, as it set them (-1 when it set neither).
    ///
    /// # Errors
    /// A [`Fault`]; [`Fault::TooLarge`] when the board does not fit the course's arrays.
    ///
    /// # Panics
    /// If the files have no `machine`, or `panel` is not of the grid's size.
    pub(crate) fn machine(&self, grid: Grid, panel: &[i8]) -> Result<(i64, i64), Fault> {
        assert!(self.machine, "the files have no machine");
        assert_eq!(panel.len(), grid.len());
        if !fits(grid) {
            return Err(Fault::TooLarge);
        }
        let mut message = format!("2 {} {}", grid.rows(), grid.cols());
        for value in panel {
            let _ = write!(message, " {value}");
        }
        message.push('\n');
        let numbers = self.call(&message, 2)?;
        Ok((numbers[0], numbers[1]))
    }

    /// Sends `message` to the process (started first if none runs) and reads its answer of
    /// `count` integers; on any fault the process is ended, and the next call starts another.
    fn call(&self, message: &str, count: usize) -> Result<Vec<i64>, Fault> {
        let mut running = self.lock();
        if running.is_none() {
            *running = Some(spawn(&self.exe)?.0);
        }
        let session = running.as_mut().expect("started above");
        session.arm(CALL_TIMEOUT);
        let mut line = Vec::new();
        let read = match session.send(message.as_bytes()) {
            Ok(()) => session.read_line(&mut line, ANSWER_LIMIT),
            Err(_) => Err("its input closed".to_string()),
        };
        if read.is_err() {
            let end = running.take().expect("running").finish();
            return Err(Fault::Ended {
                ending: end.ending,
                stderr: end.stderr,
            });
        }
        let text = String::from_utf8_lossy(&line);
        let numbers: Option<Vec<i64>> = text.split_whitespace().map(|t| t.parse().ok()).collect();
        match numbers {
            Some(numbers) if numbers.len() == count => {
                session.arm(IDLE);
                Ok(numbers)
            }
            _ => {
                let text = text.into_owned();
                let session = running.take().expect("running");
                // It is still running: ended now.
                session.arm(Duration::ZERO);
                let end = session.finish();
                Err(Fault::Answer {
                    text,
                    stderr: end.stderr,
                })
            }
        }
    }

    /// The process; a panic of another caller leaves it as it was (or gone).
    fn lock(&self) -> MutexGuard<'_, Option<Session>> {
        self.running
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }
}

/// `a.txt`, or `a.txt and b.txt`.
fn names_of(files: &[PathBuf]) -> String {
    let names: Vec<String> = files.iter().map(|f| f.display().to_string()).collect();
    names.join(" and ")
}

/// Starts a process of the driver `exe` (written to a temporary folder that is removed once
/// it runs), seeds its `rand()` from the clock, as the GUI would, and reads which functions it
/// has: (RefreshGamePanel, machine).
fn spawn(exe: &[u8]) -> Result<(Session, (bool, bool)), Fault> {
    let dir = TempDir::new("functions").map_err(Fault::Start)?;
    let path = dir.path().join("functions");
    write_executable(&path, exe).map_err(Fault::Start)?;
    let command = vec![path.to_string_lossy().into_owned()];
    // The student's own functions, in the game they play on their own machine.
    let limits = Limits {
        cpu: CALL_TIMEOUT,
        wall: Limits::wall_for(CALL_TIMEOUT),
        memory: Some(MEMORY),
        stack: Some(MEMORY),
        output: 0,
        policy: crate::sandbox::Policy::OwnCode,
    };
    let mut session = Session::start(&command, &limits, CPU)
        .map_err(|err| Fault::Start(format!("cannot run our driver: {err}")))?;
    drop(dir);
    let seed = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |time| time.subsec_nanos() ^ time.as_secs() as u32);
    let mut line = Vec::new();
    let hello = session
        .send(format!("{seed}\n").as_bytes())
        .map_err(|_| "its input closed".to_string())
        .and_then(|()| session.read_line(&mut line, 64));
    if hello.is_err() {
        let end = session.finish();
        return Err(Fault::Ended {
            ending: end.ending,
            stderr: end.stderr,
        });
    }
    let text = String::from_utf8_lossy(&line).into_owned();
    let found = match text.as_str() {
        "functions 1 1" => (true, true),
        "functions 1 0" => (true, false),
        "functions 0 1" => (false, true),
        "functions 0 0" => (false, false),
        _ => {
            session.arm(Duration::ZERO);
            let end = session.finish();
            return Err(Fault::Answer {
                text,
                stderr: end.stderr,
            });
        }
    };
    session.arm(IDLE);
    Ok((session, found))
}

/// Writes `bytes` to `path` as an executable file.
fn write_executable(path: &Path, bytes: &[u8]) -> Result<(), String> {
    std::fs::write(path, bytes).map_err(|err| format!("cannot write {}: {err}", path.display()))?;
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o755))
            .map_err(|err| format!("cannot make {} executable: {err}", path.display()))?;
    }
    Ok(())
}
