//! The `update-board` judge: LeetCode's test-case text in, board then click, each board after
//! its click out, through LeetCode's own [`Solution::update_board`].

use crate::io::output::Output;
use crate::io::runner::Program;
use crate::io::scanner::{parse_int, show, InputError, Scanner};
use crate::judges::update_board::solution::Solution;

/// The `update-board` judge.
pub const PROGRAM: Program = Program {
    name: "update-board",
    reads: "update-board boards and clicks",
    format: FORMAT,
    solve,
};

/// The input and output, in brief.
pub const FORMAT: &str = "\
Input: pairs of a board and a click in LeetCode's test-case text, e.g. `[[\"E\",\"M\"],[\"E\",\"E\"]]`
then `[1,0]` (0-based row, column); cells `M` `E` `B` `X` `1`-`8`; any whitespace between tokens.
Output: each board after its click, on a line of its own, in the same text without spaces.
";

/// Reads pairs of a board such as `[["E","E"],["E","M"]]` and a click such as `[1,0]` until the
/// input ends, and prints each board after its click on a line of its own, with no spaces.
///
/// LeetCode's text puts each argument on its own line; here any whitespace may separate tokens,
/// so a board may span lines, a click may share its board's line, and blank lines are ignored.
/// No input at all is zero pairs. Cells are `"M"`, `"E"`, `"B"`, `"X"` or `"1"`-`"8"`, in
/// double quotes; the board is a non-empty rectangle; the click is two integers inside it.
/// Coordinates in error messages are 0-based, like the click's.
pub fn solve(input: &[u8], out: &mut Output) -> Result<(), InputError> {
    let mut text = Text::new(input);
    while !text.at_end() {
        let board = text.board()?;
        let click = text.click(&board)?;
        push_board(out, &Solution::update_board(board, click));
    }
    Ok(())
}

/// Appends `board` as LeetCode prints it, `[["B","1"],["1","M"]]`, and a newline.
fn push_board(out: &mut Vec<u8>, board: &[Vec<char>]) {
    out.reserve(board.len() * (board[0].len() * 4 + 2) + 2);
    // Every cell is ASCII: the parser admits only `MEBX1-8` and the solver writes `X`, `B` and
    // digits.
    push_rows(
        out,
        board.iter().map(|row| row.iter().map(|&cell| cell as u8)),
    );
    out.push(b'\n');
}

/// Appends a board given row by row, each cell one byte, in LeetCode's text:
/// `[["B","1"],["1","M"]]`.
pub fn push_rows<R: IntoIterator<Item = u8>>(out: &mut Vec<u8>, rows: impl Iterator<Item = R>) {
    out.push(b'[');
    for (row_index, row) in rows.enumerate() {
        if row_index > 0 {
            out.push(b',');
        }
        out.push(b'[');
        for (col_index, cell) in row.into_iter().enumerate() {
            if col_index > 0 {
                out.push(b',');
            }
            out.extend_from_slice(&[b'"', cell, b'"']);
        }
        out.push(b']');
    }
    out.push(b']');
}

/// The text of a click coordinate for a message, cut short if it is absurdly long.
fn clip(digits: &[u8]) -> String {
    let shown = String::from_utf8_lossy(&digits[..digits.len().min(20)]);
    if digits.len() > 20 {
        format!("{shown}...")
    } else {
        shown.into_owned()
    }
}

/// LeetCode's bracketed text, read byte by byte through [`Scanner`], which keeps the line
/// numbers.
struct Text<'a> {
    scanner: Scanner<'a>,
}

impl<'a> Text<'a> {
    fn new(input: &'a [u8]) -> Text<'a> {
        Text {
            scanner: Scanner::new(input),
        }
    }

    /// Whether only whitespace is left.
    fn at_end(&mut self) -> bool {
        self.scanner.at_end()
    }

    /// The next byte after whitespace, not consumed.
    fn peek(&mut self) -> Option<u8> {
        self.scanner.peek_byte()
    }

    /// Consumes the byte [`Text::peek`] returned.
    fn bump(&mut self) {
        self.scanner.take(1);
    }

    /// An error at the next byte, or at the last line with text once the input is used up.
    fn error(&self, message: String) -> InputError {
        self.scanner.error(message)
    }

    /// "expected `expected`, found" the next character or the end of input.
    fn unexpected(&mut self, expected: &str) -> InputError {
        let found = match self.peek() {
            None => "end of input".to_string(),
            Some(first) => {
                // One whole UTF-8 character, so that `É` is shown as itself.
                let width = match first {
                    0xc0..=0xdf => 2,
                    0xe0..=0xef => 3,
                    0xf0..=0xf7 => 4,
                    _ => 1,
                };
                let rest = self.scanner.rest();
                show(&rest[..width.min(rest.len())])
            }
        };
        self.error(format!("expected {expected}, found {found}"))
    }

    /// Consumes `byte` after whitespace, or fails naming `expected`.
    fn expect(&mut self, byte: u8, expected: &str) -> Result<(), InputError> {
        if self.peek() == Some(byte) {
            self.bump();
            Ok(())
        } else {
            Err(self.unexpected(expected))
        }
    }

    /// After a row or a cell: `,` (true: another follows) or the closing `]` (false).
    fn comma_or_close(&mut self, after: &str) -> Result<bool, InputError> {
        match self.peek() {
            Some(b',') => {
                self.bump();
                Ok(true)
            }
            Some(b']') => {
                self.bump();
                Ok(false)
            }
            _ => Err(self.unexpected(&format!("',' or ']' after {after}"))),
        }
    }

    /// A board: a non-empty list of rows of equal, non-zero length.
    fn board(&mut self) -> Result<Vec<Vec<char>>, InputError> {
        self.expect(b'[', "a board such as [[\"E\",\"M\"]]")?;
        if self.peek() == Some(b']') {
            return Err(self.error("the board [] is empty: it needs at least one row".into()));
        }
        let mut board: Vec<Vec<char>> = Vec::new();
        loop {
            let row = self.row(board.len(), board.first().map(Vec::len))?;
            board.push(row);
            if !self.comma_or_close("a row of the board")? {
                return Ok(board);
            }
        }
    }

    /// Row `row` of a board, which must have `cols` cells when an earlier row set the width.
    fn row(&mut self, row: usize, cols: Option<usize>) -> Result<Vec<char>, InputError> {
        self.expect(b'[', "a row of the board such as [\"E\",\"M\"]")?;
        let line = self.scanner.line();
        if self.peek() == Some(b']') {
            return Err(self.error(format!("row {row} is empty: it needs at least one cell")));
        }
        let mut cells = Vec::with_capacity(cols.unwrap_or(0));
        loop {
            cells.push(self.cell(row, cells.len())?);
            if !self.comma_or_close("a cell")? {
                break;
            }
        }
        match cols {
            Some(cols) if cells.len() != cols => Err(InputError {
                line,
                message: format!(
                    "row {row} has {} cells but row 0 has {cols}: a board is a rectangle",
                    cells.len()
                ),
            }),
            _ => Ok(cells),
        }
    }

    /// One cell: a double-quoted `M`, `E`, `B`, `X` or digit `1`-`8`.
    fn cell(&mut self, row: usize, col: usize) -> Result<char, InputError> {
        self.expect(b'"', "a cell such as \"E\"")?;
        let line = self.scanner.line();
        let rest = self.scanner.rest();
        let len = rest
            .iter()
            .position(|&b| b == b'"' || b == b'\n')
            .unwrap_or(rest.len());
        if rest.get(len) != Some(&b'"') {
            return Err(InputError {
                line,
                message: format!("cell [{row},{col}] has no closing '\"' on its line"),
            });
        }
        let content = &self.scanner.take(len + 1)[..len];
        match *content {
            [byte @ (b'M' | b'E' | b'B' | b'X' | b'1'..=b'8')] => Ok(byte as char),
            _ => Err(InputError {
                line,
                message: format!(
                    "cell [{row},{col}] is {}: expected one of M E B X 1-8",
                    show(content)
                ),
            }),
        }
    }

    /// The click after `board`: `[row,col]`, both inside the board.
    fn click(&mut self, board: &[Vec<char>]) -> Result<Vec<i32>, InputError> {
        if self.at_end() {
            return Err(self.error(
                "the board has no click after it: expected a click such as [1,0], found end of \
                 input"
                    .into(),
            ));
        }
        self.expect(b'[', "a click such as [1,0]")?;
        let line = self.scanner.line();
        if self.peek() == Some(b'[') {
            return Err(self.error(
                "expected a click such as [1,0], found another board: is a click missing?".into(),
            ));
        }
        let row = self.integer("the row of the click (an integer)")?;
        self.expect(b',', "',' between the row and the column of the click")?;
        let col = self.integer("the column of the click (an integer)")?;
        self.expect(b']', "']' after the column of the click")?;
        let (rows, cols) = (board.len(), board[0].len());
        let index = |text: &[u8], len: usize| {
            parse_int(text)
                .filter(|&value| value >= 0 && (value as u64) < len as u64)
                // Spelled out: BAPCtools compiles Rust as edition 2018, whose prelude lacks TryFrom.
                .and_then(|value| <i32 as std::convert::TryFrom<_>>::try_from(value).ok())
        };
        match (index(row, rows), index(col, cols)) {
            (Some(row), Some(col)) => Ok(vec![row, col]),
            _ => Err(InputError {
                line,
                message: format!(
                    "click [{},{}] is outside the {rows}x{cols} board: rows are 0..={}, columns \
                     0..={}",
                    clip(row),
                    clip(col),
                    rows - 1,
                    cols - 1
                ),
            }),
        }
    }

    /// The text of an integer: an optional sign, then digits (as [`parse_int`] reads them).
    fn integer(&mut self, expected: &str) -> Result<&'a [u8], InputError> {
        self.peek();
        let rest = self.scanner.rest();
        let sign = usize::from(matches!(rest.first(), Some(b'-' | b'+')));
        let digits = rest[sign..]
            .iter()
            .take_while(|b| b.is_ascii_digit())
            .count();
        if digits == 0 {
            return Err(self.unexpected(expected));
        }
        Ok(self.scanner.take(sign + digits))
    }
}
