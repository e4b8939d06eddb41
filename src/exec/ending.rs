//! What a run of a program not ours may use, and how it ended, in words.

use std::io;
use std::time::Duration;

/// What a run may use.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// CPU time (user and system, of the program and every process it started), as the online
    /// judges' time limit: a run that used more is too slow, however it ended. The kernel
    /// stops it at the next whole second above.
    pub cpu: Duration,
    /// Wall time from start to exit: only a backstop for a program that waits or sleeps, wider
    /// than `cpu` (see [`Limits::wall_for`]) so that a busy machine never makes a run too slow.
    pub wall: Duration,
    /// The address space, in bytes (Linux only; `None` for no cap).
    pub memory: Option<u64>,
    /// The stack, in bytes (Linux only; `None` for no cap).
    pub stack: Option<u64>,
    /// The most stdout kept; a child printing more is killed.
    pub output: usize,
    /// How closely it is kept.
    pub policy: crate::sandbox::Policy,
}

impl Limits {
    /// The wall-time backstop of a CPU limit: three times it, and at least a second more, so
    /// that a machine busy with twice as much as it has cores, or the start of a jail (its
    /// namespaces and mounts, not the program's CPU time), never ends a run that is in time.
    pub fn wall_for(cpu: Duration) -> Duration {
        (cpu * 3).max(cpu + Duration::from_secs(1))
    }

    /// The kernel's CPU limit of a run, in whole seconds: the first above [`Limits::cpu`], so
    /// that the measured CPU time, not the kernel's rounding, decides.
    pub fn cpu_seconds(&self) -> u64 {
        self.cpu.as_secs().saturating_add(1)
    }
}

/// The stack a run is given.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Stack {
    /// As the online judges give it (Kattis, DMOJ): the memory cap, or no cap without one.
    #[default]
    AsMemory,
    /// This many bytes.
    Capped(u64),
    /// No cap.
    Unlimited,
}

impl Stack {
    /// The stack cap in bytes of a run whose memory cap is `memory` (`None`: no cap).
    pub fn bytes(self, memory: Option<u64>) -> Option<u64> {
        match self {
            Stack::AsMemory => memory,
            Stack::Capped(bytes) => Some(bytes),
            Stack::Unlimited => None,
        }
    }

    /// `--stack MIB`'s: 0 for no cap.
    pub fn from_mib(mib: u64) -> Stack {
        match mib {
            0 => Stack::Unlimited,
            mib => Stack::Capped(mib << 20),
        }
    }
}

/// How a run ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending {
    /// It exited with this code.
    Exited(i32),
    /// A signal ended it (a crash: 11 is SIGSEGV, 6 SIGABRT).
    Signalled(i32),
    /// It used more CPU time than [`Limits::cpu`] (and may have been stopped for it).
    TooSlow,
    /// It was still running at its wall time ([`Limits::wall`]), within its CPU time, and was
    /// killed: it waited or slept.
    TimedOut,
    /// It printed more than [`Limits::output`] bytes, and was killed.
    OutputLimit,
    /// How it ended could not be learned: waiting for it failed with this `errno`. The
    /// machine's fault, not the program's.
    Unknown(i32),
}

/// The signal with which the kernel stops a process at its CPU limit (SIGKILL follows a
/// second later).
pub const SIGXCPU: i32 = 24;

/// What a run used: its CPU time (where the platform measures it) and its wall time.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Usage {
    /// User and system time of the program and every process it started.
    pub cpu: Option<Duration>,
    /// From start to exit (or to the kill).
    pub wall: Duration,
}

/// How a run ended, in words: `exit status 3`, `killed by signal 11 (SIGSEGV)`.
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
                SIGXCPU => " (SIGXCPU)",
                _ => "",
            };
            format!("killed by signal {signal}{name}")
        }
        Ending::TooSlow => "too slow (CPU time)".to_string(),
        Ending::TimedOut => "no exit (wall time)".to_string(),
        Ending::OutputLimit => "output limit".to_string(),
        Ending::Unknown(errno) => format!(
            "its ending could not be read ({}): an error of this machine, not of the program",
            io::Error::from_raw_os_error(errno)
        ),
    }
}

/// How a run ended, with the figures of the limit it met: `too slow: 2.31 s of CPU time,
/// limit 2 s`, `no exit after 6 s of wall time (0.02 s of CPU: waiting or sleeping)`; any
/// other ending as [`describe_ending`].
pub fn describe_run_ending(ending: Ending, usage: Usage, limits: &Limits) -> String {
    match ending {
        Ending::TooSlow => match usage.cpu {
            Some(cpu) => format!(
                "too slow: {} s of CPU time, limit {} s",
                seconds(cpu),
                seconds(limits.cpu)
            ),
            None => format!("too slow: over its CPU time of {} s", seconds(limits.cpu)),
        },
        Ending::TimedOut => {
            // A program that used most of its CPU time was starved by a busy machine rather
            // than waiting.
            let cpu = match usage.cpu {
                Some(cpu) if cpu * 2 >= limits.cpu => format!(" ({} s of CPU)", seconds(cpu)),
                Some(cpu) => format!(" ({} s of CPU: waiting or sleeping)", seconds(cpu)),
                None => String::new(),
            };
            format!("no exit after {} s of wall time{cpu}", seconds(limits.wall))
        }
        other => describe_ending(other),
    }
}

/// Seconds to the hundredth, without trailing zeros: `2`, `2.31`, `0.5`.
fn seconds(time: Duration) -> String {
    let text = format!("{:.2}", time.as_secs_f64());
    text.trim_end_matches('0').trim_end_matches('.').to_string()
}
