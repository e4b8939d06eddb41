//! What a run of a program not ours may use, and how it ended, in words.

use std::io;
use std::time::Duration;

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
    /// How it ended could not be learned: waiting for it failed with this `errno`. The
    /// machine's fault, not the program's.
    Unknown(i32),
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
                _ => "",
            };
            format!("killed by signal {signal}{name}")
        }
        Ending::TimedOut => "timed out".to_string(),
        Ending::OutputLimit => "output limit".to_string(),
        Ending::Unknown(errno) => format!(
            "its ending could not be read ({}): an error of this machine, not of the program",
            io::Error::from_raw_os_error(errno)
        ),
    }
}
