//! The output side of every judge: an [`Output`] that owns the answer's bytes and, when a
//! process runs a judge, writes them to stdout in large chunks as it goes; a write that fails
//! is an error of the run (see [`write_stdout`]); and integers formatted without `fmt`.

use std::io::{self, Write};
use std::ops::{Deref, DerefMut};

/// How much output [`Output::flush_large`] lets a streaming output hold before writing it out.
pub const FLUSH_AT: usize = 1 << 20;

/// A judge's answer as it is being written: a byte buffer, and, for a process, where full
/// chunks of it go.
///
/// It dereferences to its `Vec<u8>`, so answers are appended with the usual `Vec` methods and
/// [`push_uint`]. A judge calls [`Output::flush_large`] between two answers: an in-memory output
/// (tests, fuzzing, `stress`) keeps everything; one made by [`Output::to_stdout`] writes its
/// buffer out once it holds [`FLUSH_AT`] bytes, so memory stays bounded however much a game
/// prints (a 1000x1000 panel printed 200 times is 600 MB).
///
/// # Examples
///
/// ```
/// use minejudge::io::output::{push_uint, Output};
///
/// let mut out = Output::in_memory();
/// out.extend_from_slice(b"total step ");
/// push_uint(&mut out, 42);
/// out.flush_large(); // in memory: keeps everything
/// assert_eq!(out.into_bytes(), b"total step 42");
/// ```
pub struct Output {
    bytes: Vec<u8>,
    stdout: Option<std::io::Stdout>,
    /// The first write to stdout that failed; nothing more is written after it.
    failed: Option<io::Error>,
}

impl Default for Output {
    fn default() -> Output {
        Output::in_memory()
    }
}

impl Output {
    /// An output that keeps every byte in memory.
    pub fn in_memory() -> Output {
        Output {
            bytes: Vec::with_capacity(1 << 16),
            stdout: None,
            failed: None,
        }
    }

    /// An output that writes to stdout in chunks of [`FLUSH_AT`] bytes or more; what is left
    /// is written by [`Output::finish`].
    pub fn to_stdout() -> Output {
        Output {
            bytes: Vec::with_capacity(1 << 16),
            stdout: Some(std::io::stdout()),
            failed: None,
        }
    }

    /// Writes the buffer out and empties it if this output streams and holds [`FLUSH_AT`] bytes
    /// or more; otherwise does nothing.
    #[inline]
    pub fn flush_large(&mut self) {
        if self.bytes.len() >= FLUSH_AT && self.stdout.is_some() {
            self.write_out();
        }
    }

    /// Writes what is left to stdout (for a streaming output) and flushes it.
    ///
    /// # Errors
    /// The first write that failed, now or earlier, but for a closed pipe (`| head`: the
    /// reader's choice, not our failure).
    pub fn finish(&mut self) -> io::Result<()> {
        self.write_out();
        match self.failed.take() {
            Some(err) => Err(err),
            None => Ok(()),
        }
    }

    /// Writes the buffer to stdout and empties it; after a failed write, only empties it.
    fn write_out(&mut self) {
        if let (Some(stdout), None) = (&self.stdout, &self.failed) {
            let mut lock = stdout.lock();
            if let Err(err) = lock.write_all(&self.bytes).and_then(|()| lock.flush()) {
                if err.kind() != io::ErrorKind::BrokenPipe {
                    self.failed = Some(err);
                }
            }
        }
        if self.stdout.is_some() {
            self.bytes.clear();
        }
    }

    /// The bytes not written out yet: for an in-memory output, the whole answer.
    pub fn into_bytes(self) -> Vec<u8> {
        self.bytes
    }
}

impl Deref for Output {
    type Target = Vec<u8>;

    fn deref(&self) -> &Vec<u8> {
        &self.bytes
    }
}

impl DerefMut for Output {
    fn deref_mut(&mut self) -> &mut Vec<u8> {
        &mut self.bytes
    }
}

/// Writes `bytes` to stdout, as a tool's whole report: `Ok` when written, or when the reader
/// closed the pipe (`| head`); otherwise the error line to print.
pub fn write_stdout(bytes: &[u8]) -> Result<(), String> {
    let mut stdout = io::stdout().lock();
    match stdout.write_all(bytes).and_then(|()| stdout.flush()) {
        Err(err) if err.kind() != io::ErrorKind::BrokenPipe => Err(write_error(&err)),
        _ => Ok(()),
    }
}

/// The error line of a failed write to stdout.
pub fn write_error(err: &io::Error) -> String {
    format!("error: cannot write standard output: {err}")
}

const DIGIT_PAIRS: &[u8; 200] = b"\
0001020304050607080910111213141516171819\
2021222324252627282930313233343536373839\
4041424344454647484950515253545556575859\
6061626364656667686970717273747576777879\
8081828384858687888990919293949596979899";

/// Appends `value` in decimal, without `fmt`.
#[inline]
pub fn push_uint(out: &mut Vec<u8>, mut value: u64) {
    let mut buf = [0u8; 20];
    let mut at = buf.len();
    while value >= 100 {
        let pair = (value % 100) as usize * 2;
        value /= 100;
        at -= 2;
        buf[at..at + 2].copy_from_slice(&DIGIT_PAIRS[pair..pair + 2]);
    }
    if value >= 10 {
        let pair = value as usize * 2;
        at -= 2;
        buf[at..at + 2].copy_from_slice(&DIGIT_PAIRS[pair..pair + 2]);
    } else {
        at -= 1;
        buf[at] = b'0' + value as u8;
    }
    out.extend_from_slice(&buf[at..]);
}

/// Appends `value` in decimal, with a `-` when negative.
pub fn push_int(out: &mut Vec<u8>, value: i64) {
    if value < 0 {
        out.push(b'-');
    }
    push_uint(out, value.unsigned_abs());
}

/// `n` and `noun`, plural unless `n` is 1: `1 game`, `2 games`.
///
/// # Examples
///
/// ```
/// use minejudge::io::output::counted;
///
/// assert_eq!(counted(1, "game"), "1 game");
/// assert_eq!(counted(0, "map"), "0 maps");
/// ```
pub fn counted(n: u64, noun: &str) -> String {
    if n == 1 {
        format!("1 {noun}")
    } else {
        format!("{n} {noun}s")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn integers_format_like_std() {
        let mut out = Vec::new();
        for value in [0u64, 9, 10, 99, 100, 12345, 1_000_000, u64::MAX] {
            out.clear();
            push_uint(&mut out, value);
            assert_eq!(out, value.to_string().as_bytes());
        }
        out.clear();
        push_int(&mut out, i64::MIN);
        assert_eq!(out, i64::MIN.to_string().as_bytes());
    }

    #[test]
    fn an_in_memory_output_keeps_everything() {
        let mut out = Output::in_memory();
        out.resize(FLUSH_AT + 5, b'x');
        out.flush_large();
        assert_eq!(out.len(), FLUSH_AT + 5);
        assert!(out.finish().is_ok());
        assert_eq!(out.into_bytes().len(), FLUSH_AT + 5);
    }
}
