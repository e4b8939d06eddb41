//! Running the program under test: its stdin fed from a queue, its stdout and stderr read as
//! they come, a deadline, and a clean kill of everything it started.
//!
//! The process itself is started, killed and reaped by [`process`](crate::exec::process): on
//! Linux its process group is killed as a whole, and with a PID namespace every process it
//! started ends with it (an interpreter or a shell script leaves grandchildren that hold the
//! pipes open otherwise, and one that called `setsid()` would outlive the group).

use crate::exec::ending::SIGXCPU;
pub use crate::exec::ending::{describe_ending, describe_run_ending, Ending, Limits, Usage};
use crate::exec::process::{Pipes, Process};
pub use crate::sandbox::Workspace;
use std::io::{self, Read, Write};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::sync::Arc;
use std::thread;
use std::time::{Duration, Instant};

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
    /// Its CPU time with everything it started, where the platform reports it.
    pub cpu_time: Option<Duration>,
}

impl ProgramRun {
    /// Its CPU and wall time.
    pub fn usage(&self) -> Usage {
        Usage {
            cpu: self.cpu_time,
            wall: self.elapsed,
        }
    }
}

/// Runs `command` (program and arguments) with `input` on stdin, within `limits`.
///
/// # Errors
/// When the program cannot be started (not found, not executable), or how it ended cannot be
/// learned ([`Ending::Unknown`]: the machine's fault, not the program's).
///
/// # Examples
///
/// ```
/// use minejudge::exec::child::{run, Ending, Limits};
/// use std::time::Duration;
///
/// let limits = Limits {
///     cpu: Duration::from_secs(5),
///     wall: Duration::from_secs(15),
///     memory: None,
///     stack: None,
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
/// As [`run`].
pub fn run_in(
    command: &[String],
    input: &[u8],
    limits: &Limits,
    workspace: Workspace,
) -> io::Result<ProgramRun> {
    let mut child = Child::start_in(command, limits, workspace)?;
    child.send(input.to_vec());
    child.close_input();
    let deadline = child.started + limits.wall;
    // A run cannot have used its CPU time before as much wall time has passed (unless it has
    // threads, which the kernel's limit stops): from then on its CPU time is looked at, so
    // that a program that spins is stopped soon after its limit, not a whole second later.
    let mut cpu_check = child.started + limits.cpu;
    let mut stdout = Vec::new();
    let mut killed_for = None;
    // What it had used when killed: killing it loses the time of what it started and had
    // not reaped.
    let mut cpu_at_kill = None;
    while !child.exited {
        if Instant::now() >= cpu_check {
            let cpu = child.process.cpu_time();
            if cpu.is_some_and(|cpu| cpu > limits.cpu) {
                cpu_at_kill = cpu;
                killed_for = Some(Ending::TooSlow);
                break;
            }
            cpu_check = Instant::now() + CPU_CHECK_STEP;
        }
        match child.next(deadline.min(cpu_check)) {
            None if Instant::now() < deadline => {}
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
                cpu_at_kill = child.process.cpu_time();
                killed_for = Some(Ending::TimedOut);
                break;
            }
        }
    }
    let elapsed = child.started.elapsed();
    let finished = child.finish(&mut stdout, limits.output);
    if let Ending::Unknown(_) = finished.ending {
        return Err(io::Error::new(
            io::ErrorKind::Other,
            describe_ending(finished.ending),
        ));
    }
    // Output that came with or after the exit counts as much as output before it.
    if finished.stdout_over_limit {
        killed_for = killed_for.or(Some(Ending::OutputLimit));
    }
    let cpu_time = match (finished.cpu_time, cpu_at_kill) {
        (Some(reaped), Some(read)) => Some(reaped.max(read)),
        (reaped, read) => reaped.or(read),
    };
    Ok(ProgramRun {
        ending: judged_ending(killed_for, finished.ending, cpu_time, limits),
        stdout,
        stderr: finished.stderr,
        elapsed,
        peak_memory: finished.peak_memory,
        cpu_time,
    })
}

/// The ending the judges would give a run that ended `reaped` (or that we killed for
/// `killed_for`) after `cpu_time` of CPU: too slow past its CPU limit, or when the kernel
/// stopped it there, whatever else happened after; a flood of output stays one.
pub fn judged_ending(
    killed_for: Option<Ending>,
    reaped: Ending,
    cpu_time: Option<Duration>,
    limits: &Limits,
) -> Ending {
    let over_cpu = cpu_time.is_some_and(|cpu| cpu > limits.cpu);
    match killed_for {
        Some(Ending::OutputLimit) => Ending::OutputLimit,
        _ if over_cpu || reaped == Ending::Signalled(SIGXCPU) => Ending::TooSlow,
        Some(killed) => killed,
        None => reaped,
    }
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
    /// Its CPU time with what it started, where reported.
    pub cpu_time: Option<Duration>,
    /// Whether the stdout collected while cleaning up went past its limit (and was cut).
    pub stdout_over_limit: bool,
}

/// How often the CPU time of a run that has run as long as its CPU limit is looked at.
const CPU_CHECK_STEP: Duration = Duration::from_millis(20);

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
    pub(crate) process: Arc<Process>,
    input: Option<Sender<Vec<u8>>>,
    events: Receiver<Event>,
    /// When it started.
    pub started: Instant,
    exited: bool,
    stdout_closed: bool,
    stderr: Option<Vec<u8>>,
}

impl Child {
    /// Starts `command` with piped stdin, stdout and stderr, contained by `limits` (see
    /// [`process`](crate::exec::process)).
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
        let (process, pipes) = Process::start(command, limits, workspace)?;
        let process = Arc::new(process);
        let started = Instant::now();
        let (event_sender, events) = mpsc::channel();
        let (input_sender, input_queue) = mpsc::channel::<Vec<u8>>();
        let Pipes {
            mut stdin,
            mut stdout,
            mut stderr,
        } = pipes;
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
        let watched = Arc::clone(&process);
        thread::spawn(move || {
            watched.wait_exited();
            let _ = event_sender.send(Event::Exited);
        });
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
        let mut stdout_over_limit = false;
        while !(self.exited && self.stdout_closed && self.stderr.is_some()) {
            let step = (Instant::now() + SWEEP_STEP).min(deadline);
            match self.next(step) {
                None if Instant::now() < deadline => self.process.sweep_escapees(),
                Some(Event::Stdout(chunk)) => {
                    let room = limit.saturating_sub(stdout.len());
                    stdout_over_limit |= chunk.len() > room;
                    stdout.extend_from_slice(&chunk[..chunk.len().min(room)]);
                }
                Some(_) => {}
                None => break,
            }
        }
        let reaped = self.process.reap();
        Finished {
            ending: reaped.ending,
            stderr: self.stderr.unwrap_or_default(),
            peak_memory: reaped.peak_memory,
            cpu_time: reaped.cpu_time,
            stdout_over_limit,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn limits(output: usize) -> Limits {
        Limits {
            cpu: Duration::from_secs(60),
            wall: Duration::from_secs(180),
            memory: None,
            stack: None,
            output,
            policy: crate::sandbox::Policy::OwnCode,
        }
    }

    fn shell(script: &str) -> Vec<String> {
        ["sh", "-c", script].map(String::from).to_vec()
    }

    /// A program that prints one byte more than its limit and exits at once is killed for its
    /// output, however its exit and its last bytes are interleaved: never cut silently to a
    /// wrong answer. Many runs, so that the exit is seen first in some.
    #[test]
    fn output_just_over_its_limit_is_an_output_limit_kill() {
        let limit = 256 * 1024;
        let script = format!("head -c {} /dev/zero", limit + 1);
        for attempt in 0..40 {
            let run = run(&shell(&script), b"", &limits(limit)).expect("sh runs");
            assert_eq!(
                run.ending,
                Ending::OutputLimit,
                "run {attempt}: {} bytes kept, ended: {}",
                run.stdout.len(),
                describe_ending(run.ending)
            );
            assert_eq!(run.stdout.len(), limit, "run {attempt}");
        }
    }

    /// Exactly the limit is allowed.
    #[test]
    fn output_at_its_limit_is_kept_whole() {
        let run = run(&shell("head -c 4096 /dev/zero"), b"", &limits(4096)).expect("sh runs");
        assert_eq!((run.ending, run.stdout.len()), (Ending::Exited(0), 4096));
    }

    #[test]
    fn every_ending_is_told_in_words() {
        let told = [
            Ending::Exited(3),
            Ending::Signalled(11),
            Ending::TooSlow,
            Ending::TimedOut,
            Ending::OutputLimit,
            Ending::Unknown(10),
        ]
        .map(describe_ending);
        assert_eq!(told[0], "exit status 3");
        assert_eq!(told[1], "killed by signal 11 (SIGSEGV)");
        assert_eq!(told[2], "too slow (CPU time)");
        assert_eq!(told[3], "no exit (wall time)");
        assert!(
            told[5].contains("could not be read") && told[5].contains("this machine"),
            "{}",
            told[5]
        );
        for text in told {
            assert!(
                !text.contains("Unknown") && !text.contains("Signalled"),
                "{text}"
            );
        }
    }

    /// The time endings say which limit the run met, with its figures.
    #[test]
    fn a_time_limit_is_told_with_its_figures() {
        let mut limits = limits(0);
        limits.cpu = Duration::from_secs(2);
        limits.wall = Limits::wall_for(limits.cpu);
        let used = |cpu: u64, wall: u64| Usage {
            cpu: Some(Duration::from_millis(cpu)),
            wall: Duration::from_millis(wall),
        };
        assert_eq!(
            describe_run_ending(Ending::TooSlow, used(2310, 2500), &limits),
            "too slow: 2.31 s of CPU time, limit 2 s"
        );
        assert_eq!(
            describe_run_ending(Ending::TimedOut, used(20, 6000), &limits),
            "no exit after 6 s of wall time (0.02 s of CPU: waiting or sleeping)"
        );
        assert_eq!(
            describe_run_ending(Ending::TimedOut, used(1500, 6000), &limits),
            "no exit after 6 s of wall time (1.5 s of CPU)"
        );
        assert_eq!(
            describe_run_ending(Ending::Signalled(11), used(1, 1), &limits),
            "killed by signal 11 (SIGSEGV)"
        );
    }

    /// The wall time is a backstop three times the CPU time, and at least a second more.
    #[test]
    fn the_wall_time_is_a_wide_backstop() {
        assert_eq!(
            Limits::wall_for(Duration::from_secs(2)),
            Duration::from_secs(6)
        );
        assert_eq!(
            Limits::wall_for(Duration::from_millis(200)),
            Duration::from_millis(1200)
        );
    }

    /// Past its CPU time a run is too slow, however it ended; the kernel's stop at its CPU
    /// limit (SIGXCPU) is too slow, not a crash; a run in time keeps its ending.
    #[test]
    fn too_slow_is_judged_on_cpu_time() {
        let mut limits = limits(0);
        limits.cpu = Duration::from_secs(1);
        let cpu = |ms: u64| Some(Duration::from_millis(ms));
        let judged = |killed_for, reaped, used| judged_ending(killed_for, reaped, used, &limits);
        assert_eq!(judged(None, Ending::Exited(0), cpu(1001)), Ending::TooSlow);
        assert_eq!(
            judged(None, Ending::Exited(0), cpu(1000)),
            Ending::Exited(0)
        );
        assert_eq!(
            judged(None, Ending::Signalled(SIGXCPU), cpu(900)),
            Ending::TooSlow
        );
        assert_eq!(
            judged(None, Ending::Signalled(SIGXCPU), None),
            Ending::TooSlow
        );
        assert_eq!(
            judged(Some(Ending::TimedOut), Ending::Signalled(9), cpu(10)),
            Ending::TimedOut
        );
        assert_eq!(
            judged(Some(Ending::TimedOut), Ending::Signalled(9), cpu(1500)),
            Ending::TooSlow
        );
        assert_eq!(
            judged(Some(Ending::OutputLimit), Ending::Signalled(9), cpu(1500)),
            Ending::OutputLimit
        );
    }

    /// A run whose ending cannot be read is an error of the machine, never a signal 0.
    #[cfg(target_os = "linux")]
    #[test]
    fn an_ending_that_cannot_be_read_is_the_machines_error() {
        let (process, _pipes) =
            crate::exec::process::Process::start(&shell("exit 0"), &limits(0), Workspace::Fresh)
                .expect("sh starts");
        process.wait_exited();
        let reaped = process.reap();
        assert_eq!(reaped.ending, Ending::Exited(0));
        // Reaped already: waiting again fails (ECHILD).
        let again = process.reap();
        assert_eq!(
            again.ending,
            Ending::Unknown(10),
            "{}",
            describe_ending(again.ending)
        );
    }
}
