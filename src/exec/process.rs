//! The one place a program that is not ours is started, killed, waited for and reaped:
//! [`child`](crate::exec::child) and [`session`](crate::exec::session) talk to it through
//! their pipes and leave the process itself to a [`Process`].
//!
//! On Linux it is started contained by the [`sandbox`](crate::sandbox) (its own process group,
//! every process it starts ended with it; address space, CPU time and file writes capped), it
//! is waited for without being reaped, so that its process group stays ours to kill until we
//! reap it, and its peak memory is measured. Elsewhere only the child itself is killed (by
//! std, never by a shell command), and memory is neither capped nor measured.

use crate::exec::ending::{Ending, Limits};
use crate::sandbox::Workspace;
use std::io;
use std::process::{ChildStderr, ChildStdin, ChildStdout, Stdio};
use std::sync::Mutex;
use std::time::Duration;

/// The three standard streams of a started process.
pub(crate) struct Pipes {
    pub stdin: ChildStdin,
    pub stdout: ChildStdout,
    pub stderr: ChildStderr,
}

/// How a reaped process ended.
pub(crate) struct Reaped {
    pub ending: Ending,
    /// Its peak resident memory in bytes, where the platform reports it.
    pub peak_memory: Option<u64>,
    /// Its CPU time with every descendant's, where the platform reports it (a run killed
    /// from outside may lack the part of what it started that was not reaped yet).
    pub cpu_time: Option<Duration>,
}

/// A started process, shared by the threads that may kill it (a watchdog, a reader that sees
/// too much output) and the one that reaps it. Every call may come from any thread.
pub(crate) struct Process {
    pid: u32,
    /// What the platform keeps until the reap; the lock keeps a kill from racing the reap.
    state: Mutex<platform::State>,
}

impl Process {
    /// Starts `command` with piped standard streams, contained by `limits` (the kernel stops
    /// it at [`Limits::cpu_seconds`]), working in `workspace` if it is someone else's code.
    ///
    /// # Errors
    /// When the program cannot be started.
    pub fn start(
        command: &[String],
        limits: &Limits,
        workspace: Workspace,
    ) -> io::Result<(Process, Pipes)> {
        let (mut builder, state) = platform::prepare(command, limits, workspace)?;
        let mut child = builder
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()?;
        let pipes = Pipes {
            stdin: child.stdin.take().expect("piped stdin"),
            stdout: child.stdout.take().expect("piped stdout"),
            stderr: child.stderr.take().expect("piped stderr"),
        };
        let pid = child.id();
        let state = platform::started(state, child);
        Ok((
            Process {
                pid,
                state: Mutex::new(state),
            },
            pipes,
        ))
    }

    /// Kills it and everything it started, unless it was reaped already (its pid may then
    /// belong to someone else).
    pub fn kill(&self) {
        let mut state = self.state.lock().unwrap_or_else(|e| e.into_inner());
        platform::kill(self.pid, &mut state);
    }

    /// Blocks until it has exited (on Linux, leaving it unreaped).
    pub fn wait_exited(&self) {
        platform::wait_exited(self.pid, &self.state);
    }

    /// The CPU time it and every process it started have used so far, while it runs (where
    /// the platform tells it).
    pub fn cpu_time(&self) -> Option<Duration> {
        let state = self.state.lock().unwrap_or_else(|e| e.into_inner());
        platform::cpu_time(self.pid, &state)
    }

    /// Kills what escaped its group, where no namespace ends it.
    pub fn sweep_escapees(&self) {
        let state = self.state.lock().unwrap_or_else(|e| e.into_inner());
        platform::sweep_escapees(&state);
    }

    /// Kills what is left of it and reaps it: its ending and peak memory. An ending that
    /// cannot be read is [`Ending::Unknown`], the machine's fault and not the program's.
    pub fn reap(&self) -> Reaped {
        let mut state = self.state.lock().unwrap_or_else(|e| e.into_inner());
        platform::kill(self.pid, &mut state);
        platform::reap(self.pid, &mut state)
    }
}

impl Drop for Process {
    /// A process never reaped by its owner is killed and reaped all the same.
    fn drop(&mut self) {
        let state = self.state.get_mut().unwrap_or_else(|e| e.into_inner());
        if platform::unreaped(state) {
            platform::kill(self.pid, state);
            let _ = platform::reap(self.pid, state);
        }
    }
}

#[cfg(target_os = "linux")]
mod platform {
    use super::{Ending, Limits, Reaped, Workspace};
    use crate::sandbox::{sys, Confinement};
    use std::io;
    use std::process::{Child, Command};
    use std::sync::Mutex;
    use std::time::Duration;

    /// Whether it is unreaped, and the containment, held until the reap.
    pub struct State {
        unreaped: bool,
        confinement: Option<Confinement>,
    }

    pub fn prepare(
        command: &[String],
        limits: &Limits,
        workspace: Workspace,
    ) -> io::Result<(Command, State)> {
        let resources = crate::sandbox::Resources {
            memory: limits.memory,
            stack: limits.stack,
            cpu_seconds: limits.cpu_seconds(),
            file_size: crate::sandbox::FOLDER_BYTES,
        };
        let (builder, confinement) =
            crate::sandbox::confine(command, limits.policy, resources, workspace)?;
        let state = State {
            unreaped: true,
            confinement: Some(confinement),
        };
        Ok((builder, state))
    }

    /// The child is reaped by us, never by std: its `Child` is dropped unwaited.
    pub fn started(state: State, child: Child) -> State {
        sys::track(child.id());
        state
    }

    pub fn unreaped(state: &State) -> bool {
        state.unreaped
    }

    pub fn kill(pid: u32, state: &mut State) {
        if state.unreaped {
            sys::kill_group(pid);
        }
    }

    pub fn wait_exited(pid: u32, _state: &Mutex<State>) {
        // An error (it was reaped meanwhile) is an exit too.
        let _ = sys::wait_exited(pid);
    }

    /// The sum over the tree of processes under `pid` of their own CPU time and their reaped
    /// children's, from `/proc` (clock ticks): what the reap would report, read while it runs.
    pub fn cpu_time(pid: u32, state: &State) -> Option<Duration> {
        if !state.unreaped {
            return None;
        }
        let mut ticks = 0u64;
        let mut pending = vec![pid];
        let mut seen = 0;
        while let Some(next) = pending.pop() {
            seen += 1;
            // A fork bomb's tree is not walked to its end: its time is too long anyway.
            if seen > 4096 {
                break;
            }
            let Ok(stat) = std::fs::read_to_string(format!("/proc/{next}/stat")) else {
                continue;
            };
            let Some((_, fields)) = stat.rsplit_once(')') else {
                continue;
            };
            // utime, stime, cutime and cstime are fields 14 to 17; fields after the name
            // start at field 3.
            ticks += fields
                .split_whitespace()
                .skip(11)
                .take(4)
                .filter_map(|field| field.parse::<u64>().ok())
                .sum::<u64>();
            let Ok(tasks) = std::fs::read_dir(format!("/proc/{next}/task")) else {
                continue;
            };
            for task in tasks.flatten() {
                let children = std::fs::read_to_string(task.path().join("children"));
                pending.extend(
                    children
                        .unwrap_or_default()
                        .split_whitespace()
                        .filter_map(|child| child.parse::<u32>().ok()),
                );
            }
        }
        let per_second = sys::clock_ticks();
        Some(
            Duration::from_secs(ticks / per_second)
                + Duration::from_nanos((ticks % per_second) * 1_000_000_000 / per_second),
        )
    }

    pub fn sweep_escapees(state: &State) {
        if let Some(confinement) = &state.confinement {
            confinement.sweep_escapees();
        }
    }

    pub fn reap(pid: u32, state: &mut State) -> Reaped {
        if !state.unreaped {
            return Reaped {
                ending: Ending::Unknown(ECHILD),
                peak_memory: None,
                cpu_time: None,
            };
        }
        sys::untrack(pid);
        state.unreaped = false;
        let reaped = sys::reap(pid);
        // A memory cgroup counts what the program's own peak does not (shared memory, files
        // in memory), and reaches the cap when it killed the run.
        let cgroup_peak = state
            .confinement
            .take()
            .and_then(|confinement| confinement.memory_peak());
        match reaped {
            Ok(reaped) => Reaped {
                ending: match (reaped.code, reaped.signal) {
                    (Some(code), _) => Ending::Exited(code),
                    (None, Some(signal)) => Ending::Signalled(signal),
                    (None, None) => Ending::Unknown(0),
                },
                peak_memory: Some(reaped.peak_memory.max(cgroup_peak.unwrap_or(0))),
                cpu_time: Some(reaped.cpu_time),
            },
            Err(err) => Reaped {
                ending: Ending::Unknown(err.raw_os_error().unwrap_or(0)),
                peak_memory: None,
                cpu_time: None,
            },
        }
    }

    /// No such child.
    const ECHILD: i32 = 10;
}

#[cfg(not(target_os = "linux"))]
mod platform {
    use super::{Ending, Limits, Reaped, Workspace};
    use std::io;
    use std::process::{Child, Command, ExitStatus};
    use std::sync::Mutex;
    use std::time::Duration;

    /// The child (std waits for it and kills it), and its status once reaped.
    pub struct State {
        child: Option<Child>,
        status: Option<io::Result<ExitStatus>>,
    }

    pub fn prepare(
        command: &[String],
        _limits: &Limits,
        _workspace: Workspace,
    ) -> io::Result<(Command, State)> {
        let (program, args) = command
            .split_first()
            .ok_or_else(|| io::Error::new(io::ErrorKind::InvalidInput, "no command"))?;
        let mut builder = Command::new(program);
        builder.args(args);
        let state = State {
            child: None,
            status: None,
        };
        Ok((builder, state))
    }

    pub fn started(mut state: State, child: Child) -> State {
        state.child = Some(child);
        state
    }

    pub fn unreaped(state: &State) -> bool {
        state.status.is_none()
    }

    pub fn kill(_pid: u32, state: &mut State) {
        if state.status.is_none() {
            if let Some(child) = &mut state.child {
                let _ = child.kill();
            }
        }
    }

    /// Polls: std has no wait that leaves the child unreaped, nor one that a kill from
    /// another thread could interrupt while the lock is held.
    pub fn wait_exited(_pid: u32, state: &Mutex<State>) {
        loop {
            {
                let mut state = state.lock().unwrap_or_else(|e| e.into_inner());
                let State { child, status } = &mut *state;
                if status.is_some() {
                    return;
                }
                match child.as_mut().map(Child::try_wait) {
                    Some(Ok(None)) => {}
                    Some(Ok(Some(done))) => {
                        *status = Some(Ok(done));
                        return;
                    }
                    Some(Err(err)) => {
                        *status = Some(Err(err));
                        return;
                    }
                    None => return,
                }
            }
            std::thread::sleep(Duration::from_millis(1));
        }
    }

    pub fn sweep_escapees(_state: &State) {}

    pub fn cpu_time(_pid: u32, _state: &State) -> Option<Duration> {
        None
    }

    pub fn reap(_pid: u32, state: &mut State) -> Reaped {
        if state.status.is_none() {
            state.status = state.child.as_mut().map(Child::wait);
        }
        let ending = match &state.status {
            Some(Ok(status)) => ending_of(*status),
            Some(Err(err)) => Ending::Unknown(err.raw_os_error().unwrap_or(0)),
            None => Ending::Unknown(0),
        };
        Reaped {
            ending,
            peak_memory: None,
            cpu_time: None,
        }
    }

    fn ending_of(status: ExitStatus) -> Ending {
        #[cfg(unix)]
        if let Some(signal) = std::os::unix::process::ExitStatusExt::signal(&status) {
            return Ending::Signalled(signal);
        }
        status.code().map_or(Ending::Unknown(0), Ending::Exited)
    }
}
