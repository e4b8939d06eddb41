//! The input side of every judge: a byte scanner that knows line numbers, and the one
//! input-error type, rendered as `error: line L: <message>`.

use std::fmt;

/// Bad input: where (1-based line) and what. Renders as `error: line L: <message>`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InputError {
    /// The 1-based line of the fault.
    pub line: usize,
    /// What is wrong, one line.
    pub message: String,
}

impl fmt::Display for InputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "error: line {}: {}", self.line, self.message)
    }
}

/// Whitespace between tokens: space, tab, CR, LF, vertical tab, form feed.
#[inline]
pub fn is_space(byte: u8) -> bool {
    // Tab, line feed, vertical tab, form feed and carriage return are 9 to 13.
    byte == b' ' || byte.wrapping_sub(b'\t') < 5
}

/// The non-whitespace bytes of `text`, counted in blocks of 255, whose counts fit a byte: the
/// compiler then counts many bytes at a time.
fn text_bytes(text: &[u8]) -> usize {
    let block = |block: &[u8]| {
        block
            .iter()
            .fold(0u8, |count, &b| count + u8::from(!is_space(b)))
    };
    text.chunks(255)
        .map(|chunk| usize::from(block(chunk)))
        .sum()
}

/// A token as it can be shown in an error message: quoted, lossy UTF-8, at most 24 characters.
pub fn show(token: &[u8]) -> String {
    let text = String::from_utf8_lossy(token);
    let mut shown: String = text.chars().take(24).collect();
    if shown.len() < text.len() {
        shown.push_str("...");
    }
    format!("{shown:?}")
}

/// A scanner over the whole input: whitespace-separated tokens and integers, or whole lines,
/// with the line number of what it returned last.
///
/// # Examples
///
/// ```
/// use minejudge::io::scanner::Scanner;
///
/// let mut scanner = Scanner::new(b"2 3\r\n*..\n.*.\n");
/// assert_eq!(scanner.int_in("rows", 1, 10), Ok(2));
/// assert_eq!(scanner.int_in("columns", 1, 10), Ok(3));
/// let map = scanner.mine_rows(2, 3, b'*', b'.').unwrap();
/// assert_eq!(map, [true, false, false, false, true, false]);
/// let err = scanner.int("x").unwrap_err();
/// assert_eq!(err.to_string(), "error: line 3: expected x, found end of input");
/// ```
#[derive(Clone, Debug)]
pub struct Scanner<'a> {
    input: &'a [u8],
    pos: usize,
    /// The line `pos` is on.
    pos_line: usize,
    /// The line of the last token or line returned; once the input ran out, the last line
    /// that has text.
    token_line: usize,
    /// The line of the last token or non-blank line returned.
    text_line: usize,
    /// The non-whitespace bytes returned so far, in tokens and lines.
    text_read: usize,
    /// The non-whitespace bytes of the whole input, counted when first needed.
    text_total: Option<usize>,
}

impl<'a> Scanner<'a> {
    /// A scanner at the start of `input`, which is line 1.
    pub fn new(input: &'a [u8]) -> Scanner<'a> {
        Scanner::starting_at(input, 1)
    }

    /// A scanner over `input` whose first line is line `line` of a larger text: a scanner over
    /// one line of a file (a header read whole) reports that line's number in its errors.
    pub fn starting_at(input: &'a [u8], line: usize) -> Scanner<'a> {
        Scanner {
            input,
            pos: 0,
            pos_line: line,
            token_line: line,
            text_line: line,
            text_read: 0,
            text_total: None,
        }
    }

    /// The line of the last token returned. Once the input ran out, the last line that has text,
    /// so that "found end of input" names a line the file has (an empty file: line 1).
    pub fn line(&self) -> usize {
        self.token_line
    }

    /// An error at [`Scanner::line`].
    pub fn error(&self, message: impl Into<String>) -> InputError {
        InputError {
            line: self.token_line,
            message: message.into(),
        }
    }

    /// The number of bytes not read yet.
    pub fn remaining(&self) -> usize {
        self.input.len() - self.pos
    }

    /// The number of non-whitespace bytes not read yet: a bound on how much data can still
    /// follow, used to refuse headers that announce more than the input holds before allocating
    /// for them. It does not depend on how the input spells its whitespace (CRLF, tabs, trailing
    /// spaces), so neither does the error a short input gets.
    ///
    /// # Complexity
    /// O(input) on the first call, O(1) after.
    pub fn text_left(&mut self) -> usize {
        let input = self.input;
        let total = *self.text_total.get_or_insert_with(|| text_bytes(input));
        total - self.text_read
    }

    fn skip_space(&mut self) {
        while let Some(&byte) = self.input.get(self.pos) {
            if !is_space(byte) {
                break;
            }
            self.pos += 1;
            if ends_line(byte, self.input.get(self.pos)) {
                self.pos_line += 1;
            }
        }
    }

    /// Whether only whitespace is left.
    pub fn at_end(&mut self) -> bool {
        self.skip_space();
        if self.pos == self.input.len() {
            self.token_line = self.text_line;
            true
        } else {
            false
        }
    }

    /// The next byte after whitespace, not consumed, for parsers of punctuation (LeetCode's
    /// bracketed text); `None` at the end of input. An error raised now points at that byte's
    /// line, or at the end of input at the last line that has text.
    pub fn peek_byte(&mut self) -> Option<u8> {
        self.skip_space();
        match self.input.get(self.pos) {
            Some(&byte) => {
                self.token_line = self.pos_line;
                Some(byte)
            }
            None => {
                self.token_line = self.text_line;
                None
            }
        }
    }

    /// The input from where the scanner stands (after [`Scanner::peek_byte`], from that byte).
    pub fn rest(&self) -> &'a [u8] {
        &self.input[self.pos..]
    }

    /// Consumes and returns the next `len` bytes, which hold no line break: a piece of text
    /// found by looking at [`Scanner::rest`].
    ///
    /// # Panics
    /// If fewer than `len` bytes are left.
    pub fn take(&mut self, len: usize) -> &'a [u8] {
        let piece = &self.input[self.pos..self.pos + len];
        debug_assert!(!piece.contains(&b'\n'), "take across a line break");
        self.pos += len;
        self.token_line = self.pos_line;
        self.text_line = self.pos_line;
        self.text_read += piece.iter().filter(|&&b| !is_space(b)).count();
        piece
    }

    /// The next whitespace-separated token, or `None` at the end of input.
    #[inline]
    pub fn token(&mut self) -> Option<&'a [u8]> {
        self.skip_space();
        if self.pos == self.input.len() {
            self.token_line = self.text_line;
            return None;
        }
        self.token_line = self.pos_line;
        self.text_line = self.pos_line;
        let start = self.pos;
        while self.pos < self.input.len() && !is_space(self.input[self.pos]) {
            self.pos += 1;
        }
        self.text_read += self.pos - start;
        Some(&self.input[start..self.pos])
    }

    /// The next token, or an error naming `what` was expected.
    pub fn expect_token(&mut self, what: &str) -> Result<&'a [u8], InputError> {
        self.token()
            .ok_or_else(|| self.error(format!("expected {what}, found end of input")))
    }

    /// The next token as a decimal integer (an optional sign, then digits).
    pub fn int(&mut self, what: &str) -> Result<i64, InputError> {
        let token = self.expect_token(what)?;
        parse_int(token).ok_or_else(|| {
            self.error(format!(
                "expected {what} (an integer), found {}",
                show(token)
            ))
        })
    }

    /// The next integer, which must lie in `low..=high`.
    pub fn int_in(&mut self, what: &str, low: i64, high: i64) -> Result<i64, InputError> {
        let value = self.int(what)?;
        if value < low || value > high {
            return Err(self.error(format!("{what} {value} is outside {low}..={high}")));
        }
        Ok(value)
    }

    /// Reads `rows` whitespace-separated rows of exactly `cols` bytes, each byte `mine` or
    /// `safe`, into a row-major mine map (`true` for `mine`).
    ///
    /// Refuses a size the rest of the input cannot hold (see [`Scanner::text_left`]) before
    /// allocating anything for it, so a header that announces 100000x100000 on a 20-byte file
    /// fails at once.
    pub fn mine_rows(
        &mut self,
        rows: usize,
        cols: usize,
        mine: u8,
        safe: u8,
    ) -> Result<Vec<bool>, InputError> {
        // Checked before allocating; `map_rows` checks it again at no cost.
        self.check_fits(rows, cols)?;
        let mut map = Vec::with_capacity(rows * cols);
        self.map_rows(rows, cols, mine, safe, |row| {
            map.extend(row.iter().map(|&byte| byte == mine));
        })?;
        Ok(map)
    }

    /// What [`Scanner::mine_rows`] reads and refuses, each row given to `put` as its bytes:
    /// for a judge that keeps the map in another form.
    pub fn map_rows(
        &mut self,
        rows: usize,
        cols: usize,
        mine: u8,
        safe: u8,
        mut put: impl FnMut(&[u8]),
    ) -> Result<(), InputError> {
        self.check_fits(rows, cols)?;
        for row in 1..=rows {
            let text = match self.valid_row(cols, mine, safe) {
                Some(text) => text,
                None => self.checked_row((row, rows), cols, mine, safe)?,
            };
            put(text);
        }
        Ok(())
    }

    /// Refuses a `rows` x `cols` map that the non-blank bytes left cannot hold.
    fn check_fits(&mut self, rows: usize, cols: usize) -> Result<(), InputError> {
        let left = self.text_left();
        if rows.checked_mul(cols).is_some_and(|cells| cells <= left) {
            return Ok(());
        }
        Err(self.error(format!(
            "the input is truncated: a {rows}x{cols} map does not fit in the {left} non-blank \
             bytes left"
        )))
    }

    /// The next token if it is a valid row, `cols` bytes of `mine` and `safe`; else `None`,
    /// with no token read. [`Scanner::checked_row`]'s checks without a branch per byte: an
    /// input of many small maps costs little more than its bytes.
    #[inline]
    fn valid_row(&mut self, cols: usize, mine: u8, safe: u8) -> Option<&'a [u8]> {
        self.skip_space();
        let end = self.pos.checked_add(cols)?;
        let text = self.input.get(self.pos..end)?;
        // A map's bytes are not whitespace, so whitespace after them ends the token there.
        let ends = self.input.get(end).map_or(true, |&byte| is_space(byte));
        let valid = text.iter().fold(true, |valid, &byte| {
            valid & ((byte == mine) | (byte == safe))
        });
        if text.is_empty() || !ends || !valid {
            return None;
        }
        self.pos = end;
        self.token_line = self.pos_line;
        self.text_line = self.pos_line;
        self.text_read += cols;
        Some(text)
    }

    /// The next token as row `row` of `rows` of a map `cols` wide of `mine` and `safe`, or why
    /// it is not one: what [`Scanner::valid_row`] checks, one step at a time for the error.
    #[cold]
    fn checked_row(
        &mut self,
        (row, rows): (usize, usize),
        cols: usize,
        mine: u8,
        safe: u8,
    ) -> Result<&'a [u8], InputError> {
        let what = || format!("row {row} of {rows} of the map");
        let Some(text) = self.token() else {
            return Err(self.error(format!("expected {}, found end of input", what())));
        };
        if text.len() != cols {
            return Err(self.error(format!(
                "{} has {} characters, expected {cols}",
                what(),
                text.len()
            )));
        }
        for (col, &byte) in text.iter().enumerate() {
            if byte != mine && byte != safe {
                return Err(self.error(format!(
                    "row {row}, column {}: expected '{}' or '{}', found {}",
                    col + 1,
                    mine as char,
                    safe as char,
                    show(&[byte])
                )));
            }
        }
        Ok(text)
    }

    /// The next line that has text (blank lines skipped), as [`Scanner::line_bytes`] returns
    /// it; `None` at the end of input.
    pub fn text_line_bytes(&mut self) -> Option<&'a [u8]> {
        loop {
            let line = self.line_bytes()?;
            if !line.iter().all(|&b| is_space(b)) {
                return Some(line);
            }
        }
    }

    /// The rest of the current line (without its `\n`, `\r\n` or `\r`), and moves to the next
    /// line; `None` at the end of input.
    pub fn line_bytes(&mut self) -> Option<&'a [u8]> {
        if self.pos == self.input.len() {
            self.token_line = self.text_line;
            return None;
        }
        self.token_line = self.pos_line;
        let start = self.pos;
        let rest = &self.input[start..];
        let len = rest
            .iter()
            .position(|&b| b == b'\n' || b == b'\r')
            .unwrap_or(rest.len());
        let line = &rest[..len];
        self.pos += len;
        // A line ends at `\n`, at `\r\n` or at a lone `\r`: step over the whole end.
        while let Some(&byte) = self.input.get(self.pos) {
            self.pos += 1;
            if ends_line(byte, self.input.get(self.pos)) {
                self.pos_line += 1;
                break;
            }
        }
        let text = line.iter().filter(|&&b| !is_space(b)).count();
        if text > 0 {
            self.text_read += text;
            self.text_line = self.token_line;
        }
        Some(line)
    }
}

/// Whether `byte`, followed by `next`, ends a line: every judge takes `\n`, `\r\n` and a lone
/// `\r` (old Mac files) as a line's end, so line numbers count them alike.
pub(crate) fn ends_line(byte: u8, next: Option<&u8>) -> bool {
    byte == b'\n' || (byte == b'\r' && next != Some(&b'\n'))
}

/// A decimal integer with an optional sign; `None` if malformed or outside `i64`.
pub fn parse_int(token: &[u8]) -> Option<i64> {
    let (negative, digits) = match token {
        [b'-', rest @ ..] => (true, rest),
        [b'+', rest @ ..] => (false, rest),
        _ => (false, token),
    };
    if digits.is_empty() {
        return None;
    }
    let mut value: i64 = 0;
    for &byte in digits {
        if !byte.is_ascii_digit() {
            return None;
        }
        value = value.checked_mul(10)?.checked_add((byte - b'0') as i64)?;
    }
    Some(if negative { -value } else { value })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_and_lines() {
        let mut scanner = Scanner::new(b"3 4\r\n\r\n  abc\tx\n-12");
        assert_eq!(scanner.int("n").unwrap(), 3);
        assert_eq!(scanner.int_in("m", 1, 4).unwrap(), 4);
        assert_eq!(scanner.line(), 1);
        assert_eq!(scanner.token(), Some(&b"abc"[..]));
        assert_eq!(scanner.line(), 3);
        let err = scanner.int("x").unwrap_err();
        assert_eq!(
            err.to_string(),
            "error: line 3: expected x (an integer), found \"x\""
        );
        assert_eq!(scanner.int("y").unwrap(), -12);
        assert_eq!(scanner.line(), 4);
        assert!(scanner.at_end());
        let err = scanner.int("z").unwrap_err();
        assert_eq!(
            err.to_string(),
            "error: line 4: expected z, found end of input"
        );
    }

    #[test]
    fn end_of_input_is_reported_on_the_last_line_with_text() {
        let mut scanner = Scanner::new(b"1 2\n\n3\n\n\n");
        for _ in 0..3 {
            scanner.token();
        }
        assert_eq!(scanner.int("x").unwrap_err().line, 3);
        assert!(scanner.at_end());
        assert_eq!(scanner.line(), 3);
        assert_eq!(Scanner::new(b"").int("n").unwrap_err().line, 1);
        assert_eq!(Scanner::new(b"\n\n").int("n").unwrap_err().line, 1);
        let mut lines = Scanner::new(b"a\r\n\r\n");
        assert_eq!(lines.line_bytes(), Some(&b"a"[..]));
        assert_eq!(lines.line_bytes(), Some(&b""[..]));
        assert_eq!(lines.line_bytes(), None);
        assert_eq!(lines.line(), 1);
    }

    #[test]
    fn bytes_for_punctuation_keep_line_numbers() {
        let mut scanner = Scanner::new(b"[ \"E\"\r\n ,7]\n\n");
        assert_eq!(scanner.peek_byte(), Some(b'['));
        assert_eq!(scanner.take(1), b"[");
        assert_eq!(scanner.peek_byte(), Some(b'"'));
        assert_eq!(scanner.rest(), b"\"E\"\r\n ,7]\n\n");
        assert_eq!(scanner.take(3), b"\"E\"");
        assert_eq!(scanner.line(), 1);
        assert_eq!(scanner.peek_byte(), Some(b','));
        assert_eq!(scanner.line(), 2);
        assert_eq!(scanner.take(3), b",7]");
        assert_eq!(scanner.text_left(), 0);
        assert_eq!(scanner.peek_byte(), None);
        assert_eq!(scanner.error("end").line, 2);
    }

    #[test]
    fn a_scanner_can_start_on_a_later_line() {
        let mut header = Scanner::starting_at(b"3 x", 7);
        assert_eq!(header.int("n").unwrap(), 3);
        assert_eq!(header.line(), 7);
        assert_eq!(header.int("m").unwrap_err().line, 7);
        assert_eq!(header.int("k").unwrap_err().line, 7);
    }

    #[test]
    fn text_lines_skip_blank_ones() {
        let mut scanner = Scanner::new(b"\r\n \t\n3 4\r\n\n");
        assert_eq!(scanner.text_line_bytes(), Some(&b"3 4"[..]));
        assert_eq!(scanner.line(), 3);
        assert_eq!(scanner.text_line_bytes(), None);
        assert_eq!(scanner.line(), 3);
        assert_eq!(Scanner::new(b"\n\n").text_line_bytes(), None);
    }

    #[test]
    fn int_range_and_overflow() {
        let mut scanner = Scanner::new(b"0 99999999999999999999 +7 - 5");
        let err = scanner.int_in("x", 1, 3).unwrap_err();
        assert_eq!(err.message, "x 0 is outside 1..=3");
        assert!(scanner.int("big").is_err());
        assert_eq!(scanner.int("plus").unwrap(), 7);
        assert!(scanner.int("sign alone").is_err());
        assert_eq!(parse_int(b"-9223372036854775808"), None);
        assert_eq!(parse_int(b"-9223372036854775807"), Some(-i64::MAX));
    }

    /// `mine_rows` as it was before rows were read whole: token by token, each byte checked.
    fn mine_rows_by_tokens(
        scanner: &mut Scanner,
        rows: usize,
        cols: usize,
    ) -> Result<Vec<bool>, InputError> {
        let left = scanner.text_left();
        if rows.checked_mul(cols).map_or(true, |cells| cells > left) {
            return Err(scanner.error(format!(
                "the input is truncated: a {rows}x{cols} map does not fit in the {left} \
                 non-blank bytes left"
            )));
        }
        let mut map = Vec::new();
        for row in 1..=rows {
            let what = format!("row {row} of {rows} of the map");
            let Some(text) = scanner.token() else {
                return Err(scanner.error(format!("expected {what}, found end of input")));
            };
            if text.len() != cols {
                let len = text.len();
                return Err(scanner.error(format!("{what} has {len} characters, expected {cols}")));
            }
            for (col, &byte) in text.iter().enumerate() {
                if byte != b'*' && byte != b'.' {
                    return Err(scanner.error(format!(
                        "row {row}, column {}: expected '*' or '.', found {}",
                        col + 1,
                        show(&[byte])
                    )));
                }
                map.push(byte == b'*');
            }
        }
        Ok(map)
    }

    /// Random texts of map bytes, whitespace of every kind and strays, read as maps of every
    /// size up to 4x4 by `mine_rows`, `map_rows` and the token-by-token reading: the same
    /// map or error, and the scanner where it stopped in the same place.
    #[test]
    fn rows_read_whole_read_as_token_by_token() {
        let seed = 20261129;
        let mut rng = crate::rng::Rng::new(seed);
        let alphabet = b"**....  \n\n\r\t\x0bx\0";
        // Maps read, then refused as truncated, ended, of the wrong width, of a stray byte.
        let mut outcomes = [0; 5];
        for _ in 0..20_000 {
            let len = rng.below(30);
            let text: Vec<u8> = (0..len)
                .map(|_| alphabet[rng.below(alphabet.len())])
                .collect();
            let (rows, cols) = (rng.below(5), rng.below(5));
            let mut want = Scanner::new(&text);
            let want_map = mine_rows_by_tokens(&mut want, rows, cols);
            let mut got = Scanner::new(&text);
            let got_map = got.mine_rows(rows, cols, b'*', b'.');
            let mut as_rows = Scanner::new(&text);
            let mut rows_read: Vec<u8> = Vec::new();
            let read = as_rows.map_rows(rows, cols, b'*', b'.', |row| rows_read.extend(row));
            let context = format!("seed {seed}, {rows}x{cols} in {:?}", show(&text));
            assert_eq!(got_map, want_map, "{context}");
            let outcome = match &want_map {
                Ok(_) => 0,
                Err(err) if err.message.contains("truncated") => 1,
                Err(err) if err.message.contains("end of input") => 2,
                Err(err) if err.message.contains("characters") => 3,
                Err(_) => 4,
            };
            outcomes[outcome] += 1;
            let rows_read = read.map(|()| rows_read.iter().map(|&b| b == b'*').collect());
            assert_eq!(rows_read, want_map, "{context}");
            for scanner in [&mut got, &mut as_rows] {
                assert_eq!(scanner.line(), want.line(), "{context}");
                assert_eq!(scanner.text_left(), want.text_left(), "{context}");
                assert_eq!(scanner.clone().token(), want.clone().token(), "{context}");
                assert_eq!(scanner.line(), want.line(), "{context}");
            }
        }
        assert!(
            outcomes.iter().all(|&n| n > 100),
            "seed {seed}: {outcomes:?}"
        );
    }

    #[test]
    fn mine_rows_checks_length_alphabet_and_size() {
        let mut scanner = Scanner::new(b"*.\r\n.*\n");
        assert_eq!(
            scanner.mine_rows(2, 2, b'*', b'.').unwrap(),
            vec![true, false, false, true]
        );
        let err = Scanner::new(b"*.\n.*x\n")
            .mine_rows(2, 2, b'*', b'.')
            .unwrap_err();
        assert_eq!(
            err.to_string(),
            "error: line 2: row 2 of 2 of the map has 3 characters, expected 2"
        );
        let err = Scanner::new(b"*.\n.x\n")
            .mine_rows(2, 2, b'*', b'.')
            .unwrap_err();
        assert_eq!(
            err.message,
            "row 2, column 2: expected '*' or '.', found \"x\""
        );
        let err = Scanner::new(b"..")
            .mine_rows(100_000, 100_000, b'*', b'.')
            .unwrap_err();
        assert!(
            err.message.starts_with("the input is truncated"),
            "{}",
            err.message
        );
    }

    #[test]
    fn truncation_is_judged_on_text_whatever_the_whitespace() {
        // Regression (fuzz): CRLF and trailing blanks used to let a short map pass the size check
        // and fail on a later line instead of on the header's.
        for input in [&b"2 2\n.*\n"[..], b"2 2\r\n.* \t \r\n\r\n\r\n"] {
            let mut scanner = Scanner::new(input);
            scanner.int("n").unwrap();
            scanner.int("m").unwrap();
            assert_eq!(scanner.text_left(), 2);
            let err = scanner.mine_rows(2, 2, b'*', b'.').unwrap_err();
            assert_eq!(
                err.to_string(),
                "error: line 1: the input is truncated: a 2x2 map does not fit in the 2 \
                 non-blank bytes left"
            );
        }
        let mut lines = Scanner::new(b" a b \n\ncd");
        assert_eq!(lines.text_left(), 4);
        lines.line_bytes();
        assert_eq!(lines.text_left(), 2);
        assert_eq!(lines.token(), Some(&b"cd"[..]));
        assert_eq!(lines.text_left(), 0);
    }

    #[test]
    fn whole_lines_strip_crlf() {
        let mut scanner = Scanner::new(b"ab\r\n\ncd");
        assert_eq!(scanner.line_bytes(), Some(&b"ab"[..]));
        assert_eq!(scanner.line_bytes(), Some(&b""[..]));
        assert_eq!(scanner.line_bytes(), Some(&b"cd"[..]));
        assert_eq!(scanner.line(), 3);
        assert_eq!(scanner.line_bytes(), None);
    }

    #[test]
    fn a_lone_cr_ends_a_line_as_lf_and_crlf_do() {
        let mut scanner = Scanner::new(b"ab\rcd\r\n\ref\ngh");
        assert_eq!(scanner.line_bytes(), Some(&b"ab"[..]));
        assert_eq!(scanner.line_bytes(), Some(&b"cd"[..]));
        assert_eq!(scanner.line_bytes(), Some(&b""[..]));
        assert_eq!(scanner.line_bytes(), Some(&b"ef"[..]));
        assert_eq!((scanner.token(), scanner.line()), (Some(&b"gh"[..]), 5));
        let mut tokens = Scanner::new(b"1\r2\r\n3\n\r4");
        let lines: Vec<usize> =
            std::iter::from_fn(|| tokens.token().map(|_| tokens.line())).collect();
        assert_eq!(lines, [1, 2, 3, 5]);
        assert_eq!(parse_int(b"+7"), Some(7), "a leading + is a sign, as in C");
    }

    #[test]
    fn show_quotes_and_truncates() {
        assert_eq!(show(b"Swep"), "\"Swep\"");
        assert_eq!(show(&[b'a'; 40]), format!("\"{}...\"", "a".repeat(24)));
        assert_eq!(show(&[0xff]), "\"\u{fffd}\"");
    }
}
