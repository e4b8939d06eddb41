//! The first two of the compiler's translation phases, which come before comments, directives
//! and tokens are recognized: trigraphs (`??=` is `#`, ...) replaced, and line splices (`\`
//! at a line's end, spaces between them allowed as GCC allows) removed.
//!
//! The body of a raw string (`R"d(...)d"`) is kept as written, as C++ keeps it; so the pass
//! follows comments, strings and character literals just enough to know where raw strings
//! start. Each removed splice is remembered, so that a position of the translated text maps
//! back to its line in the file as written.

use super::lexer::raw_string_end;

/// A source after trigraphs and line splices, and where its splices were.
#[derive(Clone, Debug, Default)]
pub struct Translated {
    /// The translated bytes.
    pub text: Vec<u8>,
    /// Where in `text` each removed splice was, in order.
    splices: Vec<usize>,
}

impl Translated {
    /// The line, in the file as written, of the byte at `offset` of [`Translated::text`] that
    /// is on `line` of the translated text (both from 1).
    pub fn physical_line(&self, line: usize, offset: usize) -> usize {
        line + self.splices.partition_point(|&at| at <= offset)
    }
}

/// What the bytes read so far are inside of.
#[derive(Clone, Copy, PartialEq, Eq)]
enum State {
    Code,
    LineComment,
    /// A block comment whose body starts at this offset of the output.
    BlockComment(usize),
    /// A string or character literal closed by this quote; `true` just after a `\`.
    Quoted(u8, bool),
}

/// The trigraph `??c` stands for, if it is one.
fn trigraph(c: u8) -> Option<u8> {
    Some(match c {
        b'=' => b'#',
        b'/' => b'\\',
        b'\'' => b'^',
        b'(' => b'[',
        b')' => b']',
        b'!' => b'|',
        b'<' => b'{',
        b'>' => b'}',
        b'-' => b'~',
        _ => return None,
    })
}

/// The byte at `i` after trigraphs, and how many bytes it was written with.
fn logical_byte(source: &[u8], i: usize) -> (u8, usize) {
    if source[i] == b'?' && source.get(i + 1) == Some(&b'?') {
        if let Some(byte) = source.get(i + 2).copied().and_then(trigraph) {
            return (byte, 3);
        }
    }
    (source[i], 1)
}

/// Just past the newline of a splice whose `\` ends at `i`: spaces, tabs and `\r` may come
/// between, as GCC allows.
fn splice_end(source: &[u8], mut i: usize) -> Option<usize> {
    while i < source.len() && matches!(source[i], b' ' | b'\t' | b'\r' | 0x0b | 0x0c) {
        i += 1;
    }
    (source.get(i) == Some(&b'\n')).then_some(i + 1)
}

fn is_word_byte(byte: u8) -> bool {
    byte.is_ascii_alphanumeric() || byte == b'_' || byte == b'$' || byte >= 0x80
}

/// `source` after phases 1 and 2.
///
/// # Complexity
/// O(bytes): each byte is read a bounded number of times (a raw string's end is looked for
/// once, with a delimiter of at most 16 bytes).
///
/// # Examples
///
/// ```
/// use minejudge::exec::source::phases::translate;
///
/// let translated = translate(b"??=in\\\nclude <x>\nint a;");
/// assert_eq!(translated.text, b"#include <x>\nint a;");
/// assert_eq!(translated.physical_line(2, 13), 3);
/// ```
pub fn translate(source: &[u8]) -> Translated {
    let mut out = Translated {
        text: Vec::with_capacity(source.len()),
        splices: Vec::new(),
    };
    let mut state = State::Code;
    // The current word of code (identifier or number) starts here in the output, if in one.
    let mut word: Option<usize> = None;
    // The last byte was a `/` of code (not a comment's closing one).
    let mut slash = false;
    let mut i = 0;
    while i < source.len() {
        let (byte, len) = logical_byte(source, i);
        if byte == b'\\' {
            if let Some(end) = splice_end(source, i + len) {
                out.splices.push(out.text.len());
                i = end;
                continue;
            }
        }
        i += len;
        let previous = out.text.last().copied();
        out.text.push(byte);
        let here = out.text.len();
        state = match state {
            State::LineComment if byte == b'\n' => State::Code,
            State::LineComment => State::LineComment,
            State::BlockComment(body)
                if byte == b'/' && previous == Some(b'*') && here > body + 1 =>
            {
                State::Code
            }
            State::BlockComment(body) => State::BlockComment(body),
            State::Quoted(_, true) => State::Quoted(quote_of(state), false),
            State::Quoted(_, false) if byte == b'\\' => State::Quoted(quote_of(state), true),
            State::Quoted(quote, false) if byte == quote || byte == b'\n' => State::Code,
            State::Quoted(quote, false) => State::Quoted(quote, false),
            State::Code => {
                let in_word = word.map(|start| (start, out.text[start]));
                let number = in_word.is_some_and(|(_, first)| first.is_ascii_digit());
                let next_state = match byte {
                    b'/' if slash => State::LineComment,
                    b'*' if slash => State::BlockComment(here),
                    b'\'' if number => State::Code,
                    b'"' => {
                        let prefix =
                            in_word.map_or(&[][..], |(start, _)| &out.text[start..here - 1]);
                        if matches!(prefix, b"R" | b"LR" | b"uR" | b"UR" | b"u8R") {
                            // `i` is just past the `"`.
                            if let Some(end) = raw_string_end(source, i - 1) {
                                out.text.extend_from_slice(&source[i..end]);
                                i = end;
                                word = None;
                                continue;
                            }
                        }
                        State::Quoted(b'"', false)
                    }
                    b'\'' => State::Quoted(b'\'', false),
                    _ => State::Code,
                };
                let continues = is_word_byte(byte)
                    || (number && matches!(byte, b'.' | b'\''))
                    || (number
                        && matches!(byte, b'+' | b'-')
                        && matches!(previous, Some(b'e' | b'E' | b'p' | b'P')));
                word = match (continues, word) {
                    (true, Some(start)) => Some(start),
                    (true, None) => Some(here - 1),
                    (false, _) => None,
                };
                slash = byte == b'/' && next_state == State::Code;
                next_state
            }
        };
        if state != State::Code {
            word = None;
            slash = false;
        }
    }
    out
}

fn quote_of(state: State) -> u8 {
    match state {
        State::Quoted(quote, _) => quote,
        _ => b'"',
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text(source: &str) -> String {
        String::from_utf8(translate(source.as_bytes()).text).unwrap()
    }

    #[test]
    fn trigraphs_and_splices_go_comments_and_literals_stay() {
        assert_eq!(
            text("??=define X ??( ??) ??< ??> ??! ??- ??'"),
            "#define X [ ] { } | ~ ^"
        );
        assert_eq!(text("a\\\nb c\\  \r\nd ??/\ne"), "ab cd e");
        assert_eq!(text("// x \\\ny\nz"), "// x y\nz");
        assert_eq!(text("/\\\n* c *\\\n/ d"), "/* c */ d");
        assert_eq!(text("'??'' x"), "'^' x");
        assert_eq!(text("1'000 'a' \"\\\"\""), "1'000 'a' \"\\\"\"");
    }

    #[test]
    fn raw_strings_keep_their_bodies() {
        assert_eq!(text("R\"x(a\\\nb ??=)x\" c\\\nd"), "R\"x(a\\\nb ??=)x\" cd");
        assert_eq!(text("u8R\"(??=)\""), "u8R\"(??=)\"");
        assert_eq!(
            text("AR\"(??=)\""),
            "AR\"(#)\"",
            "not a raw string's prefix"
        );
        assert_eq!(text("// R\"(\n??=)\""), "// R\"(\n#)\"", "R\" in a comment");
        assert_eq!(text("\"R\\\"(\" ??="), "\"R\\\"(\" #", "R\" in a string");
    }

    #[test]
    fn lines_map_back_past_each_splice() {
        let source = b"a \\\n b \\\n c\nd";
        let translated = translate(source);
        assert_eq!(translated.text, b"a  b  c\nd");
        let lines: Vec<usize> = [0, 3, 6, 8]
            .iter()
            .map(|&at| {
                let line = 1 + translated.text[..at]
                    .iter()
                    .filter(|&&b| b == b'\n')
                    .count();
                translated.physical_line(line, at)
            })
            .collect();
        assert_eq!(lines, [1, 2, 3, 4]);
    }

    #[test]
    fn no_bytes_make_it_panic() {
        let mut rng = crate::rng::Rng::new(0x005e_11ce);
        let alphabet = b"?=/\\\n\r\"'R(u8)*x1 ";
        for _ in 0..20_000 {
            let len = rng.below(40);
            let bytes: Vec<u8> = (0..len)
                .map(|_| alphabet[rng.below(alphabet.len())])
                .collect();
            let translated = translate(&bytes);
            assert!(translated.text.len() <= bytes.len(), "{bytes:?}");
        }
    }
}
