//! Progress on stderr: one line rewritten in place on a terminal (4 times a second), else one
//! line every 10 seconds, so that a log stays short.

use std::io::{IsTerminal, Write};
use std::time::{Duration, Instant};

/// A progress line.
pub struct Progress {
    enabled: bool,
    terminal: bool,
    last: Option<Instant>,
    /// Whether a line on a terminal is waiting for its end.
    open_line: bool,
}

impl Progress {
    /// A progress line on stderr, or nothing when `enabled` is false.
    pub fn new(enabled: bool) -> Progress {
        Progress {
            enabled,
            terminal: std::io::stderr().is_terminal(),
            last: None,
            open_line: false,
        }
    }

    /// Shows `text()` if it is time to (the text is only made then).
    pub fn update(&mut self, text: impl FnOnce() -> String) {
        let every = if self.terminal {
            Duration::from_millis(250)
        } else {
            Duration::from_secs(10)
        };
        if !self.enabled || self.last.is_some_and(|last| last.elapsed() < every) {
            return;
        }
        self.last = Some(Instant::now());
        let mut stderr = std::io::stderr().lock();
        if self.terminal {
            let _ = write!(stderr, "\r\x1b[K{}", text());
            self.open_line = true;
        } else {
            let _ = writeln!(stderr, "{}", text());
        }
        let _ = stderr.flush();
    }

    /// Ends the line being rewritten, so that what follows starts on a line of its own.
    pub fn finish(&mut self) {
        if self.open_line {
            eprintln!();
            self.open_line = false;
        }
        self.last = None;
    }
}
