//! A conversation in lockstep with one of our compiled drivers: we write a message, it answers
//! with a line, thousands of times a second, from the calling thread (no reader threads in
//! between, which would cost a few thread switches per message).
//!
//! The child is started, contained, killed and reaped by [`process`](crate::exec::process), as
//! any program under test; a watchdog thread kills it when the CPU time of the current stretch
//! (a game, say, begun with [`Session::arm`]) passes [`Limits::cpu`], or its wall time the
//! backstop [`Limits::wall`], which also ends a blocked read or write. Its stderr is read by a
//! thread and the first 64 KiB kept.

use crate::exec::child::{Ending, Limits};
use crate::exec::ending::SIGXCPU;
use crate::exec::process::{Pipes, Process};
use std::io::{self, BufRead, BufReader, Read, Write};
use std::process::{ChildStdin, ChildStdout};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::thread::{self, JoinHandle};
use std::time::{Duration, Instant};

/// The most stderr kept.
const STDERR_KEPT: usize = 64 * 1024;

/// The most a driver may print on stderr (where the student's own output goes): beyond, it is
/// killed ([`Ending::OutputLimit`]).
pub const PRINT_CAP: u64 = 16 << 20;

/// How often the watchdog looks at the clock (and how late a kill may come).
const WATCH_STEP: Duration = Duration::from_millis(20);

/// A running driver.
pub struct Session {
    /// `None` once closed.
    input: Option<ChildStdin>,
    /// `None` once the session has ended.
    output: Option<BufReader<ChildStdout>>,
    stderr: Option<JoinHandle<Vec<u8>>>,
    shared: Arc<Shared>,
    watchdog: Option<JoinHandle<()>>,
    started: Instant,
}

/// What the watchdog shares with the session.
struct Shared {
    /// Nanoseconds after the start at which the child is killed.
    deadline: AtomicU64,
    /// Its CPU time, in nanoseconds, when the current stretch began.
    stretch_cpu: AtomicU64,
    /// The CPU time one stretch may take.
    cpu_limit: Duration,
    /// Whether the watchdog killed it at the wall-time deadline.
    timed_out: AtomicBool,
    /// Whether the watchdog killed it for the CPU time of a stretch.
    too_slow: AtomicBool,
    /// Whether it printed more than [`PRINT_CAP`] on stderr, and was killed.
    printed_too_much: AtomicBool,
    /// Set once the child is reaped: the watchdog's cue to return.
    reaped: AtomicBool,
    process: Process,
}

/// How a session ended.
#[derive(Clone, Debug)]
pub struct SessionEnd {
    /// Its exit code or signal, [`Ending::TooSlow`] (a stretch past its CPU time),
    /// [`Ending::TimedOut`] (past its wall time), or [`Ending::OutputLimit`] when it printed
    /// more than [`PRINT_CAP`] on stderr.
    pub ending: Ending,
    /// The first 64 KiB of its stderr (a driver sends the student's stdout there too).
    pub stderr: Vec<u8>,
}

impl Session {
    /// Starts `command` contained by `limits`, those of each stretch (the first begins now);
    /// `cpu` is the CPU time of the whole session (the sum of its stretches'), at which the
    /// kernel stops it.
    ///
    /// # Errors
    /// When it cannot be started.
    pub fn start(command: &[String], limits: &Limits, cpu: Duration) -> io::Result<Session> {
        let whole = Limits {
            cpu: cpu.max(limits.cpu),
            ..*limits
        };
        let (process, pipes) = Process::start(command, &whole, crate::sandbox::Workspace::Fresh)?;
        let started = Instant::now();
        let Pipes {
            stdin: input,
            stdout,
            mut stderr,
        } = pipes;
        let output = BufReader::with_capacity(1 << 16, stdout);
        let shared = Arc::new(Shared {
            deadline: AtomicU64::new(limits.wall.as_nanos() as u64),
            stretch_cpu: AtomicU64::new(0),
            cpu_limit: limits.cpu,
            timed_out: AtomicBool::new(false),
            too_slow: AtomicBool::new(false),
            printed_too_much: AtomicBool::new(false),
            reaped: AtomicBool::new(false),
            process,
        });
        let watched = Arc::clone(&shared);
        let stderr = thread::spawn(move || {
            let mut kept = Vec::new();
            let mut total = 0u64;
            let mut buffer = vec![0u8; 64 * 1024];
            loop {
                match stderr.read(&mut buffer) {
                    Ok(0) => break,
                    Ok(n) => {
                        let room = STDERR_KEPT.saturating_sub(kept.len());
                        kept.extend_from_slice(&buffer[..n.min(room)]);
                        total += n as u64;
                        if total > PRINT_CAP
                            && !watched.printed_too_much.swap(true, Ordering::SeqCst)
                        {
                            watched.process.kill();
                        }
                    }
                    Err(err) if err.kind() == io::ErrorKind::Interrupted => {}
                    Err(_) => break,
                }
            }
            kept
        });
        let watched = Arc::clone(&shared);
        let watchdog = thread::spawn(move || watch(&watched, started));
        Ok(Session {
            input: Some(input),
            output: Some(output),
            stderr: Some(stderr),
            shared,
            watchdog: Some(watchdog),
            started,
        })
    }

    /// Begins a stretch now: its CPU time is counted from here, and its wall time ends `wall`
    /// from now.
    pub fn arm(&self, wall: Duration) {
        if let Some(cpu) = self.shared.process.cpu_time() {
            self.shared
                .stretch_cpu
                .store(cpu.as_nanos() as u64, Ordering::SeqCst);
        }
        let at = self.started.elapsed() + wall;
        self.shared
            .deadline
            .store(at.as_nanos() as u64, Ordering::SeqCst);
    }

    /// Writes `bytes` to the child's stdin.
    ///
    /// # Errors
    /// When the child is gone (or closed its stdin).
    pub fn send(&mut self, bytes: &[u8]) -> io::Result<()> {
        let input = self
            .input
            .as_mut()
            .ok_or_else(|| io::Error::new(io::ErrorKind::BrokenPipe, "input closed"))?;
        input.write_all(bytes)?;
        input.flush()
    }

    /// The child's next line (without its `\n`) into `line`, at most `limit` bytes.
    ///
    /// # Errors
    /// A message when the output ends (the child exited, crashed or was killed) or the line is
    /// too long.
    pub fn read_line(&mut self, line: &mut Vec<u8>, limit: usize) -> Result<(), String> {
        line.clear();
        let output = self.output.as_mut().ok_or("its output ended")?;
        loop {
            let buffer = match output.fill_buf() {
                Ok(buffer) => buffer,
                Err(err) if err.kind() == io::ErrorKind::Interrupted => continue,
                Err(err) => return Err(format!("cannot read its output: {err}")),
            };
            if buffer.is_empty() {
                return Err("its output ended".to_string());
            }
            let (taken, done) = match buffer.iter().position(|&b| b == b'\n') {
                Some(end) => (end + 1, true),
                None => (buffer.len(), false),
            };
            line.extend_from_slice(&buffer[..taken - usize::from(done)]);
            output.consume(taken);
            if done {
                return Ok(());
            }
            if line.len() > limit {
                return Err(format!("it printed a line of over {limit} bytes"));
            }
        }
    }

    /// Closes its stdin, waits for it to exit (until the deadline), kills what is left of its
    /// group and reaps it.
    pub fn finish(mut self) -> SessionEnd {
        self.end()
    }

    /// [`finish`](Session::finish), once; dropping an unfinished session ends it too.
    fn end(&mut self) -> SessionEnd {
        self.input = None;
        // Its output is not wanted any more; reading it to the end lets a child blocked on a
        // full pipe exit. A thread of its own: a process that escaped the kill (without
        // namespaces) may hold the pipe for ever, and must not hold us too.
        if let Some(mut output) = self.output.take() {
            thread::spawn(move || io::copy(&mut output, &mut io::sink()));
        }
        self.shared.process.wait_exited();
        let timed_out = self.shared.timed_out.load(Ordering::SeqCst);
        let reaped = self.shared.process.reap().ending;
        self.shared.reaped.store(true, Ordering::SeqCst);
        let ending = if self.shared.too_slow.load(Ordering::SeqCst)
            || reaped == Ending::Signalled(SIGXCPU)
        {
            Ending::TooSlow
        } else if timed_out {
            Ending::TimedOut
        } else if self.shared.printed_too_much.load(Ordering::SeqCst) {
            Ending::OutputLimit
        } else {
            reaped
        };
        // The watchdog sees the child reaped within a step and returns: not waited for.
        drop(self.watchdog.take());
        let stderr = self
            .stderr
            .take()
            .and_then(|reader| reader.join().ok())
            .unwrap_or_default();
        SessionEnd { ending, stderr }
    }
}

impl Drop for Session {
    /// A session dropped before [`finish`](Session::finish) is killed and reaped all the same.
    fn drop(&mut self) {
        if self.output.is_some() {
            self.shared.deadline.store(0, Ordering::SeqCst);
            let _ = self.end();
        }
    }
}

/// What a report says of a driver killed for printing more than [`PRINT_CAP`].
pub(crate) fn print_cap_fault() -> String {
    format!(
        "it printed more than {} MiB (the course's program prints nothing of it): killed",
        PRINT_CAP >> 20
    )
}

/// The watchdog: kills the child once the stretch has used its CPU time or the deadline has
/// passed, unless it was reaped (the process refuses a kill after its reap).
fn watch(shared: &Shared, started: Instant) {
    loop {
        if shared.reaped.load(Ordering::SeqCst) {
            return;
        }
        let stretch_cpu = Duration::from_nanos(shared.stretch_cpu.load(Ordering::SeqCst));
        let over_cpu = shared
            .process
            .cpu_time()
            .is_some_and(|cpu| cpu.saturating_sub(stretch_cpu) > shared.cpu_limit);
        if over_cpu {
            shared.too_slow.store(true, Ordering::SeqCst);
            shared.process.kill();
            return;
        }
        let now = started.elapsed().as_nanos() as u64;
        let deadline = shared.deadline.load(Ordering::SeqCst);
        if now >= deadline {
            shared.timed_out.store(true, Ordering::SeqCst);
            shared.process.kill();
            return;
        }
        thread::sleep(WATCH_STEP.min(Duration::from_nanos(deadline - now)));
    }
}
