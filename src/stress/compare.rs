//! Comparing the program's output with our judge's, as the judges compare: byte for byte, the
//! final newline forgiven and nothing else; where an original judge is laxer, a note says so.

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
/// use minejudge::stress::compare::compare;
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
}
