//! A whole program, the form every judge's task takes: it reads the input on stdin and prints
//! its answer, which is compared with our judge's as the judges compare (byte for byte, the
//! final newline forgiven and nothing else; where an original judge is laxer, a note says so),
//! and a failed run is given the online judges' [`Verdict`].

use crate::exec::child::{Ending, ProgramRun};
use crate::judges::{Judge, Spacing};

/// Where two outputs first differ.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Difference {
    /// The 1-based line of the first difference.
    pub line: usize,
    /// The 1-based byte of that line where they first differ.
    pub column: usize,
    /// That line in our answer (`None`: our answer has ended).
    pub expected: Option<String>,
    /// That line in theirs (`None`: their output has ended).
    pub actual: Option<String>,
    /// Whether the outputs are equal once the spaces and tabs that end lines are dropped.
    pub only_trailing_spaces: bool,
    /// Whether they are equal once all whitespace is dropped.
    pub only_whitespace: bool,
}

/// `None` when `actual` is accepted: equal to `expected` once any newlines ending either are
/// dropped. Otherwise the first differing line.
///
/// # Examples
///
/// ```
/// use minejudge::courses::program::compare;
///
/// assert_eq!(compare(b"1 2\nfinish\n", b"1 2\nfinish"), None);
/// let difference = compare(b"1 2\n", b"1 2 \n").unwrap();
/// assert_eq!((difference.line, difference.only_trailing_spaces), (1, true));
/// assert_eq!(difference.expected.as_deref(), Some("1 2"));
/// ```
pub fn compare(expected: &[u8], actual: &[u8]) -> Option<Difference> {
    let expected = trim_final_newlines(expected);
    let actual = trim_final_newlines(actual);
    if expected == actual {
        return None;
    }
    let mut ours = expected.split(|&b| b == b'\n');
    let mut theirs = actual.split(|&b| b == b'\n');
    let mut line = 1;
    loop {
        let (a, b) = (ours.next(), theirs.next());
        if a != b {
            let text = |bytes: Option<&[u8]>| bytes.map(|b| String::from_utf8_lossy(b).into());
            let (x, y) = (a.unwrap_or_default(), b.unwrap_or_default());
            let same = x.iter().zip(y).take_while(|(p, q)| p == q).count();
            return Some(Difference {
                line,
                column: same + 1,
                expected: text(a),
                actual: text(b),
                only_trailing_spaces: lines_trimmed(expected).eq(lines_trimmed(actual)),
                only_whitespace: without_whitespace(expected).eq(without_whitespace(actual)),
            });
        }
        line += 1;
    }
}

fn trim_final_newlines(mut bytes: &[u8]) -> &[u8] {
    while let [rest @ .., b'\n'] = bytes {
        bytes = rest;
    }
    bytes
}

fn without_whitespace(text: &[u8]) -> impl Iterator<Item = &u8> {
    text.iter().filter(|b| !b.is_ascii_whitespace())
}

fn lines_trimmed(text: &[u8]) -> impl Iterator<Item = &[u8]> {
    text.split(|&b| b == b'\n').map(|line| {
        let end = line
            .iter()
            .rposition(|&b| b != b' ' && b != b'\t' && b != b'\r')
            .map_or(0, |at| at + 1);
        &line[..end]
    })
}

/// What the original judge of `judge` forgives beyond the final newline, when the difference
/// is only one of spacing; `None` when nothing more is known to be forgiven there.
pub fn laxer_note(judge: &Judge, difference: &Difference) -> Option<&'static str> {
    let spacing = if difference.only_trailing_spaces {
        Spacing::LineEnds
    } else if difference.only_whitespace {
        Spacing::Anywhere
    } else {
        return None;
    };
    judge.spacing_note(spacing).or_else(|| {
        (spacing == Spacing::LineEnds).then_some(
            "the outputs differ only in spaces at line ends: judges that ignore them accept \
             this, a strict one does not",
        )
    })
}

/// What was wrong with one run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// It exited normally with another answer.
    WrongAnswer(Difference),
    /// It exited with a non-zero status or was killed by a signal.
    Crashed(Ending),
    /// It used more than its CPU time, or was still running at its wall time.
    TimedOut,
    /// It ran out of the memory allowed.
    OutOfMemory,
    /// It printed far more than the answer.
    OutputLimit,
}

impl Verdict {
    /// What the online judges call it: `wrong answer`, `crash`, `timeout`, ...
    pub fn name(&self) -> &'static str {
        match self {
            Verdict::WrongAnswer(_) => "wrong answer",
            Verdict::Crashed(_) => "crash",
            Verdict::TimedOut => "timeout",
            Verdict::OutOfMemory => "memory limit exceeded",
            Verdict::OutputLimit => "output limit exceeded",
        }
    }

    /// Whether `other` is the same kind of failure (any wrong answer is like any other).
    pub fn same_kind(&self, other: &Verdict) -> bool {
        std::mem::discriminant(self) == std::mem::discriminant(other)
    }
}

/// The lines of stderr by which programs in common languages report a failed allocation.
const OUT_OF_MEMORY: [&str; 6] = [
    "memory allocation of",
    "bad_alloc",
    "MemoryError",
    "out of memory",
    "Cannot allocate memory",
    "OutOfMemoryError",
];

/// The verdict on `run` against our answer `expected`; `None` when it passed. `memory` is the
/// cap the run had, if any: a failed run that reports a failed allocation, or that used it all,
/// ran out of memory.
pub fn verdict(expected: &[u8], run: &ProgramRun, memory: Option<u64>) -> Option<Verdict> {
    match run.ending {
        Ending::TooSlow | Ending::TimedOut => return Some(Verdict::TimedOut),
        Ending::OutputLimit => return Some(Verdict::OutputLimit),
        Ending::Exited(0) => return compare(expected, &run.stdout).map(Verdict::WrongAnswer),
        Ending::Exited(_) | Ending::Signalled(_) | Ending::Unknown(_) => {}
    }
    if let Some(limit) = memory {
        let stderr = String::from_utf8_lossy(&run.stderr);
        let used_all = run.peak_memory.is_some_and(|peak| peak >= limit);
        if used_all || OUT_OF_MEMORY.iter().any(|marker| stderr.contains(marker)) {
            return Some(Verdict::OutOfMemory);
        }
    }
    Some(Verdict::Crashed(run.ending))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::judges;

    #[test]
    fn final_newlines_are_forgiven_nothing_else() {
        assert_eq!(compare(b"a\nb\n", b"a\nb"), None);
        assert_eq!(compare(b"a\nb", b"a\nb\n\n"), None);
        assert_eq!(compare(b"", b"\n"), None);
        let crlf = compare(b"a\nb\n", b"a\r\nb\r\n").unwrap();
        assert_eq!(crlf.line, 1);
        assert!(crlf.only_trailing_spaces && crlf.only_whitespace);
        let blank = compare(b"a\nb\n", b"a\n\nb\n").unwrap();
        assert_eq!(
            (
                blank.line,
                blank.expected.as_deref(),
                blank.actual.as_deref()
            ),
            (2, Some("b"), Some(""))
        );
        assert!(!blank.only_trailing_spaces && blank.only_whitespace);
    }

    #[test]
    fn first_difference_and_ends() {
        let wrong = compare(b"1 1 0\n1 2 1\n", b"1 1 0\n1 1 1\n").unwrap();
        assert_eq!(
            (
                wrong.line,
                wrong.expected.as_deref(),
                wrong.actual.as_deref()
            ),
            (2, Some("1 2 1"), Some("1 1 1"))
        );
        assert!(!wrong.only_whitespace);
        let short = compare(b"a\nb\n", b"a\n").unwrap();
        assert_eq!((short.line, short.actual), (2, None));
        let long = compare(b"a\n", b"a\nb\n").unwrap();
        assert_eq!((long.line, long.expected), (2, None));
    }

    #[test]
    fn notes_only_for_spacing() {
        let spaces = compare(b"-1 0 \n", b"-1 0\n").unwrap();
        let judge = |name| judges::named(name).unwrap();
        assert!(laxer_note(judge("jlu-panel"), &spaces)
            .unwrap()
            .contains("panels"));
        let spacing = compare(b"[[\"B\"]]\n", b"[[\"B\"] ]\n").unwrap();
        assert!(laxer_note(judge("update-board"), &spacing)
            .unwrap()
            .contains("LeetCode"));
        let wrong = compare(b"finish\n", b"game over\n").unwrap();
        assert_eq!(laxer_note(judge("mine-ops"), &wrong), None);
        assert!(laxer_note(judge("mine-ops"), &spaces)
            .unwrap()
            .contains("spaces at line ends"));
    }

    fn run(ending: Ending, stdout: &[u8], stderr: &[u8], peak: Option<u64>) -> ProgramRun {
        ProgramRun {
            ending,
            stdout: stdout.to_vec(),
            stderr: stderr.to_vec(),
            elapsed: std::time::Duration::ZERO,
            peak_memory: peak,
            cpu_time: None,
        }
    }

    #[test]
    fn verdicts() {
        let ok = run(Ending::Exited(0), b"finish", b"", None);
        assert_eq!(verdict(b"finish\n", &ok, None), None);
        let wrong = run(Ending::Exited(0), b"boom\n", b"", None);
        assert!(matches!(
            verdict(b"finish\n", &wrong, None),
            Some(Verdict::WrongAnswer(_))
        ));
        // A right answer with a non-zero exit status is still a crash.
        let status = run(Ending::Exited(3), b"finish\n", b"", None);
        assert_eq!(
            verdict(b"finish\n", &status, None),
            Some(Verdict::Crashed(Ending::Exited(3)))
        );
        let oom = run(
            Ending::Signalled(6),
            b"",
            b"memory allocation of 8 bytes failed",
            None,
        );
        assert_eq!(
            verdict(b"", &oom, Some(1 << 20)),
            Some(Verdict::OutOfMemory)
        );
        assert_eq!(
            verdict(b"", &oom, None),
            Some(Verdict::Crashed(Ending::Signalled(6)))
        );
        let full = run(Ending::Signalled(11), b"", b"", Some(2 << 20));
        assert_eq!(
            verdict(b"", &full, Some(1 << 20)),
            Some(Verdict::OutOfMemory)
        );
        let slow = run(Ending::TimedOut, b"finish\n", b"", None);
        assert_eq!(verdict(b"finish\n", &slow, None), Some(Verdict::TimedOut));
        assert!(Verdict::TimedOut.same_kind(&Verdict::TimedOut));
        assert!(!Verdict::TimedOut.same_kind(&Verdict::OutputLimit));
    }
}
