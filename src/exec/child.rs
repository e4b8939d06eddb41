//! Running the program under test: its stdin fed from a queue, its stdout and stderr read as
//! they come, a deadline, and a clean kill of everything it started.
//!
//! On Linux the child is contained by the [`sandbox`](crate::sandbox): its process group is
//! killed as a whole, and with a PID namespace every process it started ends with it (an
//! interpreter or a shell script leaves grandchildren that hold the pipes open otherwise, and
//! one that called `setsid()` would outlive the group); its address space can be capped, its
//! CPU time and the files it writes are capped, and its peak memory is measured. Elsewhere
//! only the child itself is killed, and memory is neither capped nor measured.

pub use crate::sandbox::Workspace;
use std::io::{self, Read, Write};
use std::process::{Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::thread;
use std::time::{Duration, Instant};

/// What a run may use.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Wall time from start to exit.
    pub timeout: Duration,
    /// The address space, in bytes (Linux only; `None` for no cap).
    pub memory: Option<u64>,
    /// The most stdout kept; a child printing more is killed.
    pub output: usize,
    /// How closely it is kept.
    pub policy: crate::sandbox::Policy,
}

/// How a run ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending {
    /// It exited with this code.
    Exited(i32),
    /// A signal ended it (a crash: 11 is SIGSEGV, 6 SIGABRT).
    Signalled(i32),
    /// It was still running at the deadline, and was killed.
    TimedOut,
    /// It printed more than [`Limits::output`] bytes, and was killed.
    OutputLimit,
}

/// `exit status 3`, or `killed by signal 11 (SIGSEGV)`.
pub fn describe_ending(ending: Ending) -> String {
    match ending {
        Ending::Exited(code) => format!("exit status {code}"),
        Ending::Signalled(signal) => {
            let name = match signal {
                4 => " (SIGILL)",
                6 => " (SIGABRT)",
                7 => " (SIGBUS)",
                8 => " (SIGFPE)",
                9 => " (SIGKILL)",
                11 => " (SIGSEGV)",
                _ => "",
            };
            format!("killed by signal {signal}{name}")
        }
        Ending::TimedOut => "timed out".to_string(),
        Ending::OutputLimit => "output limit".to_string(),
    }
}

/// One finished run.
#[derive(Clone, Debug)]
pub struct ProgramRun {
    /// How it ended.
    pub ending: Ending,
    /// What it printed (up to [`Limits::output`] bytes).
    pub stdout: Vec<u8>,
    /// What it printed on stderr (the first 64 KiB).
    pub stderr: Vec<u8>,
    /// From start to exit (or to the kill).
    pub elapsed: Duration,
    /// Its peak resident memory in bytes, where the platform reports it.
    pub peak_memory: Option<u64>,
}

/// Runs `command` (program and arguments) with `input` on stdin, within `limits`.
///
/// # Errors
/// When the program cannot be started (not found, not executable).
///
/// # Examples
///
/// ```
/// use minejudge::exec::child::{run, Ending, Limits};
/// use std::time::Duration;
///
/// let limits = Limits {
///     timeout: Duration::from_secs(5),
///     memory: None,
///     output: 1 << 20,
///     policy: minejudge::sandbox::Policy::OwnCode,
/// };
/// let command = ["sh".to_string(), "-c".to_string(), "tr a b".to_string()];
/// let run = run(&command, b"banana", &limits).unwrap();
/// assert_eq!((run.ending, run.stdout), (Ending::Exited(0), b"bbnbnb".to_vec()));
/// ```
pub fn run(command: &[String], input: &[u8], limits: &Limits) -> io::Result<ProgramRun> {
    run_in(command, input, limits, Workspace::Fresh)
}

/// [`run`], someone else's code working in `workspace`.
///
/// # Errors
/// When the program cannot be started.
pub fn run_in(
    command: &[String],
    input: &[u8],
    limits: &Limits,
    workspace: Workspace,
) -> io::Result<ProgramRun> {
    let mut child = Child::start_in(command, limits, workspace)?;
    child.send(input.to_vec());
    child.close_input();
    let deadline = child.started + limits.timeout;
    let mut stdout = Vec::new();
    let mut killed_for = None;
    while !child.exited {
        match child.next(deadline) {
            Some(Event::Stdout(chunk)) => {
                stdout.extend_from_slice(&chunk);
                if stdout.len() > limits.output {
                    stdout.truncate(limits.output);
                    killed_for = Some(Ending::OutputLimit);
                    break;
                }
            }
            Some(_) => {}
            None => {
                killed_for = Some(Ending::TimedOut);
                break;
            }
        }
    }
    let elapsed = child.started.elapsed();
    let finished = child.finish(&mut stdout, limits.output);
    Ok(ProgramRun {
        ending: killed_for.unwrap_or(finished.ending),
        stdout,
        stderr: finished.stderr,
        elapsed,
        peak_memory: finished.peak_memory,
    })
}

/// What the reading threads and the exit watcher report.
#[derive(Debug)]
pub enum Event {
    /// A piece of stdout.
    Stdout(Vec<u8>),
    /// Stdout reached its end (every process holding it is gone or closed it).
    StdoutClosed,
    /// Stderr reached its end, with what it held (the first 64 KiB).
    Stderr(Vec<u8>),
    /// The child exited.
    Exited,
}

/// How a child ended, once [`Child::finish`] has cleaned up.
pub struct Finished {
    /// Its exit code or signal.
    pub ending: Ending,
    /// The first 64 KiB of its stderr.
    pub stderr: Vec<u8>,
    /// Its peak resident memory in bytes, where reported.
    pub peak_memory: Option<u64>,
}

/// The most stderr kept.
const STDERR_KEPT: usize = 64 * 1024;

/// How long cleaning up waits for pipes to close after the kill: only a process that escaped
/// the kill can hold them longer (where namespaces are not available), and then its output is
/// given up.
const GRACE: Duration = Duration::from_secs(2);

/// How often cleaning up looks for processes that escaped the kill, where no namespace ends
/// them.
const SWEEP_STEP: Duration = Duration::from_millis(20);

/// A running program under test.
pub struct Child {
    process: platform::Process,
    input: Option<Sender<Vec<u8>>>,
    events: Receiver<Event>,
    /// When it started.
    pub started: Instant,
    exited: bool,
    stdout_closed: bool,
    stderr: Option<Vec<u8>>,
}

impl Child {
    /// Starts `command` with piped stdin, stdout and stderr; on Linux in its own process
    /// group, contained by `limits` (see [`contain`]).
    ///
    /// # Errors
    /// When the program cannot be started.
    pub fn start(command: &[String], limits: &Limits) -> io::Result<Child> {
        Child::start_in(command, limits, Workspace::Fresh)
    }

    /// [`Child::start`], someone else's code working in `workspace`.
    ///
    /// # Errors
    /// When the program cannot be started.
    pub fn start_in(
        command: &[String],
        limits: &Limits,
        workspace: Workspace,
    ) -> io::Result<Child> {
        let (mut process, mut std_child) = platform::spawn(command, limits, workspace)?;
        let started = Instant::now();
        let (event_sender, events) = mpsc::channel();
        let (input_sender, input_queue) = mpsc::channel::<Vec<u8>>();
        let mut stdin = std_child.stdin.take().expect("piped stdin");
        // A writer thread: the child may never read its input, and a full pipe must not block
        // the caller past the deadline. A closed pipe is the child's business.
        thread::spawn(move || {
            for bytes in input_queue {
                if stdin
                    .write_all(&bytes)
                    .and_then(|()| stdin.flush())
                    .is_err()
                {
                    break;
                }
            }
        });
        let mut stdout = std_child.stdout.take().expect("piped stdout");
        let sender = event_sender.clone();
        thread::spawn(move || {
            let mut buffer = vec![0u8; 64 * 1024];
            loop {
                match stdout.read(&mut buffer) {
                    Ok(0) => break,
                    Ok(n) => {
                        if sender.send(Event::Stdout(buffer[..n].to_vec())).is_err() {
                            return;
                        }
                    }
                    Err(err) if err.kind() == io::ErrorKind::Interrupted => {}
                    Err(_) => break,
                }
            }
            let _ = sender.send(Event::StdoutClosed);
        });
        let mut stderr = std_child.stderr.take().expect("piped stderr");
        let sender = event_sender.clone();
        thread::spawn(move || {
            let mut kept = Vec::new();
            let mut buffer = vec![0u8; 8 * 1024];
            loop {
                match stderr.read(&mut buffer) {
                    Ok(0) => break,
                    Ok(n) => {
                        let room = STDERR_KEPT.saturating_sub(kept.len());
                        kept.extend_from_slice(&buffer[..n.min(room)]);
                    }
                    Err(err) if err.kind() == io::ErrorKind::Interrupted => {}
                    Err(_) => break,
                }
            }
            let _ = sender.send(Event::Stderr(kept));
        });
        process.watch(std_child, event_sender);
        Ok(Child {
            process,
            input: Some(input_sender),
            events,
            started,
            exited: false,
            stdout_closed: false,
            stderr: None,
        })
    }

    /// Queues `bytes` for the child's stdin (never blocks).
    pub fn send(&self, bytes: Vec<u8>) {
        if let Some(input) = &self.input {
            let _ = input.send(bytes);
        }
    }

    /// Closes the child's stdin once the queued bytes are written.
    pub fn close_input(&mut self) {
        self.input = None;
    }

    /// The next event, or `None` once `deadline` has passed (or every reporter is done).
    pub fn next(&mut self, deadline: Instant) -> Option<Event> {
        let wait = deadline.saturating_duration_since(Instant::now());
        let event = match self.events.recv_timeout(wait) {
            Ok(event) => event,
            Err(RecvTimeoutError::Timeout | RecvTimeoutError::Disconnected) => return None,
        };
        match &event {
            Event::Exited => self.exited = true,
            Event::StdoutClosed => self.stdout_closed = true,
            Event::Stderr(kept) => self.stderr = Some(kept.clone()),
            Event::Stdout(_) => {}
        }
        Some(event)
    }

    /// Kills the child and everything it started (it may have exited already), collects the
    /// rest of its stdout into `stdout` (up to `limit` bytes) and its stderr, and reaps it.
    pub fn finish(mut self, stdout: &mut Vec<u8>, limit: usize) -> Finished {
        self.input = None;
        self.process.kill();
        let deadline = Instant::now() + GRACE;
        while !(self.exited && self.stdout_closed && self.stderr.is_some()) {
            let step = (Instant::now() + SWEEP_STEP).min(deadline);
            match self.next(step) {
                None if Instant::now() < deadline => self.process.sweep_escapees(),
                Some(Event::Stdout(chunk)) => {
                    let room = limit.saturating_sub(stdout.len());
                    stdout.extend_from_slice(&chunk[..chunk.len().min(room)]);
                }
                Some(_) => {}
                None => break,
            }
        }
        let (ending, peak_memory) = self.process.reap();
        Finished {
            ending,
            stderr: self.stderr.unwrap_or_default(),
            peak_memory,
        }
    }
}

/// The command that starts `command` contained by `limits.policy` (see
/// [`sandbox`](crate::sandbox)), working in `workspace` if it is someone else's code: its own
/// process group, and every process it starts ended with it; its address space
/// (`limits.memory`), CPU time (the wall time, rounded up, and a second) and file writes
/// capped by the kernel. Keep the confinement until the child is reaped. Linux only.
#[cfg(target_os = "linux")]
pub(crate) fn contain(
    command: &[String],
    limits: &Limits,
    workspace: crate::sandbox::Workspace,
) -> io::Result<(Command, crate::sandbox::Confinement)> {
    let resources = crate::sandbox::Resources {
        memory: limits.memory,
        cpu_seconds: limits.timeout.as_secs().saturating_add(1),
        file_size: crate::sandbox::FOLDER_BYTES,
    };
    crate::sandbox::confine(command, limits.policy, resources, workspace)
}

/// `builder` with its three standard streams piped.
pub(crate) fn piped(builder: &mut Command) -> &mut Command {
    builder
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
}

#[cfg(target_os = "linux")]
mod platform {
    use super::{Ending, Event, Limits, Workspace};
    use crate::sandbox::{sys, Confinement};
    use std::io;
    use std::process::Child;
    use std::sync::mpsc::Sender;
    use std::thread;

    /// A contained child, reaped by us (never by std).
    pub struct Process {
        pid: u32,
        reaped: bool,
        /// Dropped once the child is reaped.
        confinement: Option<Confinement>,
    }

    pub fn spawn(
        command: &[String],
        limits: &Limits,
        workspace: Workspace,
    ) -> io::Result<(Process, Child)> {
        let (mut builder, confinement) = super::contain(command, limits, workspace)?;
        let child = super::piped(&mut builder).spawn()?;
        sys::track(child.id());
        let process = Process {
            pid: child.id(),
            reaped: false,
            confinement: Some(confinement),
        };
        Ok((process, child))
    }

    impl Process {
        /// Reports the exit as [`Event::Exited`], leaving the child unreaped so that its
        /// process group stays ours to kill.
        pub fn watch(&mut self, _child: Child, events: Sender<Event>) {
            let pid = self.pid;
            thread::spawn(move || {
                let _ = sys::wait_exited(pid);
                let _ = events.send(Event::Exited);
            });
        }

        pub fn kill(&mut self) {
            if !self.reaped {
                sys::kill_group(self.pid);
            }
        }

        /// Kills what escaped the group, where no namespace does.
        pub fn sweep_escapees(&self) {
            if let Some(confinement) = &self.confinement {
                confinement.sweep_escapees();
            }
        }

        /// The ending and peak memory. Kills first if the child still runs.
        pub fn reap(&mut self) -> (Ending, Option<u64>) {
            self.kill();
            sys::untrack(self.pid);
            self.reaped = true;
            let result = match sys::reap(self.pid) {
                Ok(reaped) => {
                    let ending = match (reaped.code, reaped.signal) {
                        (Some(code), _) => Ending::Exited(code),
                        (None, signal) => Ending::Signalled(signal.unwrap_or(0)),
                    };
                    // A memory cgroup counts what the program's own peak does not (shared
                    // memory, files in memory), and reaches the cap when it killed the run.
                    let cgroup_peak = self.confinement.as_ref().and_then(Confinement::memory_peak);
                    (
                        ending,
                        Some(reaped.peak_memory.max(cgroup_peak.unwrap_or(0))),
                    )
                }
                Err(_) => (Ending::Signalled(0), None),
            };
            self.confinement = None;
            result
        }
    }
}

#[cfg(not(target_os = "linux"))]
mod platform {
    use super::{Ending, Event, Limits, Workspace};
    use std::io;
    use std::process::{Child, Command};
    use std::sync::mpsc::Sender;
    use std::sync::{Arc, Mutex};
    use std::thread;
    use std::time::Duration;

    /// The child, shared with the thread that watches for its exit.
    pub struct Process {
        child: Option<Arc<Mutex<Child>>>,
    }

    pub fn spawn(
        command: &[String],
        _limits: &Limits,
        _workspace: Workspace,
    ) -> io::Result<(Process, Child)> {
        let (program, args) = command
            .split_first()
            .ok_or_else(|| io::Error::new(io::ErrorKind::InvalidInput, "no command"))?;
        let mut builder = Command::new(program);
        builder.args(args);
        Ok((Process { child: None }, super::piped(&mut builder).spawn()?))
    }

    impl Process {
        pub fn watch(&mut self, child: Child, events: Sender<Event>) {
            let child = Arc::new(Mutex::new(child));
            self.child = Some(Arc::clone(&child));
            thread::spawn(move || loop {
                if !matches!(child.lock().map(|mut c| c.try_wait()), Ok(Ok(None))) {
                    let _ = events.send(Event::Exited);
                    return;
                }
                thread::sleep(Duration::from_millis(1));
            });
        }

        pub fn kill(&mut self) {
            if let Some(child) = &self.child {
                if let Ok(mut child) = child.lock() {
                    let _ = child.kill();
                }
            }
        }

        pub fn sweep_escapees(&self) {}

        pub fn reap(&mut self) -> (Ending, Option<u64>) {
            self.kill();
            let status = self
                .child
                .as_ref()
                .and_then(|child| child.lock().ok().and_then(|mut c| c.wait().ok()));
            let ending = match status.and_then(|status| status.code()) {
                Some(code) => Ending::Exited(code),
                None => Ending::Signalled(0),
            };
            (ending, None)
        }
    }
}
