//! A position pasted into the page, read into a [`View`]: the text of a JLU panel (`-1` closed,
//! numbers, as `jlu-panel` prints it), an ACM map (`?` closed, digits, `@` marked, as
//! `acm-server` prints it), an `update-board` board (LeetCode's text), or a plain picture of
//! the board; and the mine count to assume.
//!
//! The text's last board is read, so a judge's whole output can be pasted: lines after its
//! ending (`You win`, `You lose`, `YOU WIN!`, `GAME OVER!`) are left out, boards are separated
//! by blank lines, `acm-server`'s maps (with nothing between them) are cut by the size on a
//! first line `n m` or by the one height that makes them a game (see [`judge_output`]), and
//! of `update-board`'s boards, one a line, the last is read. Each row is either
//! space-separated tokens or one character per cell (`-1` is always one token): `-1` `?` `.`
//! `#` closed, `X` closed (the mine or wrong mark that lost), `0`-`8` open, `F` `f` `@` `*` a
//! flag (the player's belief). A judge's reply such as `success` is refused with whose
//! outputs are read.
//!
//! JSMinesweeper's position text is read and written too, so that an analysis moves between
//! the two tools: a header `WxHxM` (width, height, mines), then H rows of W characters, `H`
//! closed, `F` a flag, `0`-`8` open (its newer versions write `?` for a mine shown after a
//! loss: closed here).

use crate::board::Grid;
use crate::play::advice::Rules;
use crate::play::game::MAX_SIDE as PLAY_MAX_SIDE;
use crate::play::judge_output;
use crate::play::message::{LineFault, Message};
use crate::players::acm_client::solve::ASSUMED_DENSITY;
use crate::players::jlu_machine::course::BOARD_DENSITY as JLU_DENSITY;
use crate::solver::{Mines, Seen, View};

/// Which text the position was read from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// A `-1` appears: the JLU course's panel.
    JluPanel,
    /// A `?`, `@` or `X` appears: the ACM class's map.
    AcmMap,
    /// Anything else: a picture of the board.
    Picture,
    /// A `WxHxM` header: JSMinesweeper's position text.
    JsMinesweeper,
    /// A line `[["..."],...]`: `update-board`'s board, LeetCode's text.
    LeetCodeBoard,
}

impl Format {
    /// The name the page reads (and words in its language): `jlu-panel`, `acm-map`,
    /// `picture`, `jsminesweeper` or `leetcode-board`.
    pub fn name(self) -> &'static str {
        match self {
            Format::JluPanel => "jlu-panel",
            Format::AcmMap => "acm-map",
            Format::Picture => "picture",
            Format::JsMinesweeper => "jsminesweeper",
            Format::LeetCodeBoard => "leetcode-board",
        }
    }

    /// The rules of the game the text comes from, which the advice follows: the JLU course's
    /// clicks, the ACM server's marks, a picture's flags, LeetCode's clicks.
    pub fn rules(self) -> Rules {
        match self {
            Format::JluPanel | Format::LeetCodeBoard => Rules::Clicks,
            Format::AcmMap => Rules::Marks,
            Format::Picture | Format::JsMinesweeper => Rules::Flags,
        }
    }
}

/// Where the mine count the analysis assumes comes from.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Assumed {
    /// The player gave it.
    Given(usize),
    /// The JLU course's 20x20 board: 50 mines.
    JluBoard(usize),
    /// The density the JLU course's `machine` assumes.
    JluDensity(f64),
    /// The density the ACM course's maps are assumed to have.
    AcmDensity(f64),
}

impl Assumed {
    /// The name the page reads: `given`, `jlu-board`, `jlu-density` or `acm-density`.
    pub fn name(self) -> &'static str {
        match self {
            Assumed::Given(_) => "given",
            Assumed::JluBoard(_) => "jlu-board",
            Assumed::JluDensity(_) => "jlu-density",
            Assumed::AcmDensity(_) => "acm-density",
        }
    }
}

/// A position read from text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Position {
    /// What the player sees.
    pub view: View,
    /// The text it was read from.
    pub format: Format,
    /// The mine count the text gives (JSMinesweeper's header, LeetCode's `M` and `X`).
    pub mines: Option<usize>,
}

/// The lines that end a judge's output.
const ENDINGS: [&str; 4] = ["You win", "You lose", "YOU WIN!", "GAME OVER!"];

/// Reads the last board of `text`. An error names the line (1-based) and what is wrong.
///
/// # Complexity
/// O(length of `text`).
pub fn parse(text: &str) -> Result<Position, Message> {
    let mut block: Vec<(usize, &str)> = Vec::new();
    let mut blank_before = false;
    let mut leetcode = None;
    let mut ending = None;
    let mut lines = text.lines().enumerate();
    for (index, line) in lines.by_ref() {
        let line = line.trim();
        if ENDINGS.contains(&line) {
            ending = Some(line);
            break;
        }
        if line.is_empty() {
            blank_before = true;
            continue;
        }
        if line.starts_with("[[") {
            leetcode = Some((index + 1, line));
        }
        if blank_before {
            block.clear();
            blank_before = false;
        }
        block.push((index + 1, line));
    }
    if let Some((line_number, line)) = leetcode {
        let (view, mines) = judge_output::leetcode_board(line_number, line)?;
        return Ok(Position {
            view,
            format: Format::LeetCodeBoard,
            mines: Some(mines),
        });
    }
    if let Some(&(line_number, first)) = block.first() {
        if let Some(size) = jsminesweeper_header(first) {
            return parse_jsminesweeper(line_number, size?, &block[1..]);
        }
    }
    let tally = lines
        .map(|(_, line)| line.trim())
        .find(|line| !line.is_empty());
    let block = judge_output::last_board(&block, ending.map(|line| (line, tally)))?;
    let Some(&(first_line, _)) = block.first() else {
        return Err(Message::NoBoard);
    };
    if block.len() > PLAY_MAX_SIDE {
        return Err(Message::Line(
            first_line,
            LineFault::TooManyRows(block.len()),
        ));
    }
    let mut cells = Vec::new();
    let mut cols = 0;
    let (mut jlu, mut acm) = (false, false);
    for (row, &(line_number, line)) in block.iter().enumerate() {
        let before = cells.len();
        for token in line.split_whitespace() {
            if token == "-1" {
                jlu = true;
                cells.push(Seen::Closed);
                continue;
            }
            for symbol in token.chars() {
                acm |= matches!(symbol, '?' | '@' | 'X');
                cells.push(match symbol {
                    '?' | '.' | '#' | 'X' => Seen::Closed,
                    '0'..='8' => Seen::Open(symbol as u8 - b'0'),
                    'F' | 'f' | '@' | '*' => Seen::Flagged,
                    _ if is_reply(line) => {
                        let reply = LineFault::JudgeReply(line.to_string());
                        return Err(Message::Line(line_number, reply));
                    }
                    _ => return Err(Message::Line(line_number, LineFault::NotACell(symbol))),
                });
            }
        }
        let width = cells.len() - before;
        if row == 0 {
            cols = width;
            if cols > PLAY_MAX_SIDE {
                return Err(Message::Line(line_number, LineFault::TooManyCells(cols)));
            }
        } else if width != cols {
            return Err(Message::Line(line_number, LineFault::RowWidth(width, cols)));
        }
    }
    let grid = Grid::new(block.len(), cols);
    let format = if jlu {
        Format::JluPanel
    } else if acm {
        Format::AcmMap
    } else {
        Format::Picture
    };
    Ok(Position {
        view: View::from_cells(grid, cells),
        format,
        mines: None,
    })
}

/// A JSMinesweeper header's width, height and mines (`30x16x99`), or why they cannot be a
/// board here; `None` when the line is no such header.
fn jsminesweeper_header(line: &str) -> Option<Result<(usize, usize, usize), Message>> {
    let parts: Vec<&str> = line.split(['x', 'X']).collect();
    let digits = |part: &&str| !part.is_empty() && part.bytes().all(|b| b.is_ascii_digit());
    if parts.len() != 3 || !parts.iter().all(digits) {
        return None;
    }
    let number = |part: &str| part.parse::<usize>().unwrap_or(usize::MAX);
    let (width, height, mines) = (number(parts[0]), number(parts[1]), number(parts[2]));
    let sides = 1..=PLAY_MAX_SIDE;
    Some(if !sides.contains(&width) || !sides.contains(&height) {
        Err(Message::HeaderSides(line.to_string()))
    } else if mines > width * height {
        Err(Message::HeaderMines {
            header: line.to_string(),
            mines,
            rows: height,
            cols: width,
        })
    } else {
        Ok((width, height, mines))
    })
}

/// The rows of a JSMinesweeper position after its header (at `header_line`): `height` rows
/// of `width` cells.
fn parse_jsminesweeper(
    header_line: usize,
    (width, height, mines): (usize, usize, usize),
    rows: &[(usize, &str)],
) -> Result<Position, Message> {
    if rows.len() != height {
        let fault = LineFault::HeaderRows {
            width,
            height,
            mines,
            found: rows.len(),
        };
        return Err(Message::Line(header_line, fault));
    }
    let mut cells = Vec::with_capacity(width * height);
    for &(line_number, line) in rows {
        let before = cells.len();
        for symbol in line.chars() {
            cells.push(match symbol {
                'H' | '?' => Seen::Closed,
                'F' => Seen::Flagged,
                '0'..='8' => Seen::Open(symbol as u8 - b'0'),
                _ => {
                    let fault = LineFault::NotAJsMinesweeperCell(symbol);
                    return Err(Message::Line(line_number, fault));
                }
            });
        }
        let found = cells.len() - before;
        if found != width {
            let fault = LineFault::HeaderWidth {
                width,
                height,
                mines,
                found,
            };
            return Err(Message::Line(line_number, fault));
        }
    }
    Ok(Position {
        view: View::from_cells(Grid::new(height, width), cells),
        format: Format::JsMinesweeper,
        mines: Some(mines),
    })
}

/// The view as JSMinesweeper's position text with `mines` in its header: `H` closed, `F` a
/// flag, `0`-`8` open, each line ended by `\n`.
pub fn jsminesweeper_text(view: &View, mines: usize) -> String {
    let grid = view.grid();
    let mut text = format!("{}x{}x{mines}\n", grid.cols(), grid.rows());
    for row in 0..grid.rows() {
        for col in 0..grid.cols() {
            text.push(match view.get(grid.index(row, col)) {
                Seen::Closed => 'H',
                Seen::Flagged => 'F',
                Seen::Open(number) => char::from(b'0' + number),
            });
        }
        text.push('\n');
    }
    text
}

/// Whether the line reads as a judge's reply rather than a row of cells: it holds a word of
/// three letters or more (`success`, `cell(s) detected`, `give up`).
fn is_reply(line: &str) -> bool {
    line.split(|c: char| !c.is_ascii_alphabetic())
        .any(|word| word.len() >= 3)
}

/// The mine count the analysis assumes, and where it comes from: `given` when the player gave
/// one; else the JLU course's 50 mines on its 20x20 panel, or the density its `machine`
/// assumes on other panels, or the ACM course's assumed density for maps and pictures.
pub fn mines_to_assume(format: Format, grid: Grid, given: Option<usize>) -> (Mines, Assumed) {
    match given {
        Some(mines) => (Mines::Known(mines), Assumed::Given(mines)),
        None if format == Format::JluPanel && (grid.rows(), grid.cols()) == (20, 20) => {
            (Mines::Known(50), Assumed::JluBoard(50))
        }
        None if format == Format::JluPanel => (
            Mines::Density(JLU_DENSITY),
            Assumed::JluDensity(JLU_DENSITY),
        ),
        None => (
            Mines::Density(ASSUMED_DENSITY),
            Assumed::AcmDensity(ASSUMED_DENSITY),
        ),
    }
}

/// The view as the state's `cells` text: `.` closed, `F` flag, `0`-`8` open.
pub fn cells_text(view: &View) -> String {
    (0..view.grid().len())
        .map(|cell| match view.get(cell) {
            Seen::Closed => '.',
            Seen::Flagged => 'F',
            Seen::Open(number) => char::from(b'0' + number),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::play::message::Language::English;

    #[test]
    fn reads_the_three_formats_and_the_last_board_of_a_judges_output() {
        let jlu = "-1 1 0 0 0 \n1 1 0 0 0 \n\n-1 1 0 0 0 \n-1 1 0 0 0 \nYou win\n";
        let position = parse(jlu).unwrap();
        assert_eq!(position.format, Format::JluPanel);
        assert_eq!(cells_text(&position.view), ".1000.1000");
        let acm = "3 3\n???\n12?\n01@\n";
        let position = parse(acm).unwrap();
        assert_eq!(position.format, Format::AcmMap);
        assert_eq!(cells_text(&position.view), "...12.01F");
        // The mine that lost is closed.
        let acm_end = "???\n12?\n01X\nGAME OVER!\n5 0\n";
        assert_eq!(cells_text(&parse(acm_end).unwrap().view), "...12.01.");
        let picture = "  ..F1\r\n  1221 \r\n";
        let position = parse(picture).unwrap();
        assert_eq!(position.format, Format::Picture);
        assert_eq!(cells_text(&position.view), "..F11221");
        // A 1x2 board whose row reads like a size header is still a board.
        assert_eq!(cells_text(&parse("1 1\n").unwrap().view), "11");
    }

    #[test]
    fn refuses_what_is_not_a_board_with_its_line() {
        assert_eq!(
            parse("\n \n").unwrap_err().text(English),
            "no board in the text"
        );
        assert_eq!(
            parse("??\n??9\n").unwrap_err().text(English),
            "line 2: '9' is not a cell (closed: -1 ? . # X, open: 0-8, flag: F @ *)"
        );
        assert_eq!(
            parse("??\n???\n").unwrap_err().text(English),
            "line 2: 3 cells, but the rows above have 2"
        );
        let wide = "?".repeat(PLAY_MAX_SIDE + 1);
        assert!(parse(&wide)
            .unwrap_err()
            .text(English)
            .contains("more than the 100"));
        // (A column of `?` rows would be 101 maps of one cell.)
        let tall = "?1\n".repeat(PLAY_MAX_SIDE + 1);
        assert!(parse(&tall).unwrap_err().text(English).contains("101 rows"));
    }

    #[test]
    fn the_mine_count_follows_the_format_unless_given() {
        let grid = Grid::new(20, 20);
        assert_eq!(
            mines_to_assume(Format::JluPanel, grid, None).0,
            Mines::Known(50)
        );
        assert_eq!(
            mines_to_assume(Format::AcmMap, grid, Some(7)).0,
            Mines::Known(7)
        );
        let small = Grid::new(5, 5);
        assert_eq!(
            mines_to_assume(Format::JluPanel, small, None).0,
            Mines::Density(JLU_DENSITY)
        );
        assert_eq!(
            mines_to_assume(Format::Picture, small, None).0,
            Mines::Density(ASSUMED_DENSITY)
        );
    }

    #[test]
    fn jsminesweeper_text_goes_in_and_out_unchanged() {
        // Width first: 4 columns, 3 rows, 2 mines.
        let text = "4x3x2\nHF10\nH210\n1100\n";
        let position = parse(text).unwrap();
        assert_eq!(position.format, Format::JsMinesweeper);
        assert_eq!(position.mines, Some(2));
        assert_eq!(
            (position.view.grid().rows(), position.view.grid().cols()),
            (3, 4)
        );
        assert_eq!(cells_text(&position.view), ".F10.2101100");
        assert_eq!(jsminesweeper_text(&position.view, 2), text);
        // A mine shown after a loss is a closed cell; Windows line ends are read.
        let shown = parse("2x1x1\r\n?1\r\n").unwrap();
        assert_eq!(cells_text(&shown.view), ".1");
        let (mines, assumed) = mines_to_assume(shown.format, shown.view.grid(), shown.mines);
        assert_eq!((mines, assumed), (Mines::Known(1), Assumed::Given(1)));
    }

    #[test]
    fn a_bad_jsminesweeper_text_names_its_line() {
        assert_eq!(
            parse("3x2x1\nHHH\n").unwrap_err().text(English),
            "line 1: the header 3x2x1 promises 2 rows, 1 follows"
        );
        assert_eq!(
            parse("3x1x1\nHH\n").unwrap_err().text(English),
            "line 2: 2 cells, but the header 3x1x1 says 3"
        );
        assert_eq!(
            parse("2x1x1\nH.\n").unwrap_err().text(English),
            "line 2: '.' is not a JSMinesweeper cell (closed: H, open: 0-8, flag: F)"
        );
        assert_eq!(
            parse("2x1x3\nHH\n").unwrap_err().text(English),
            "the header 2x1x3: 3 mines do not fit on 1×2 cells"
        );
        assert!(parse("101x1x0\n")
            .unwrap_err()
            .text(English)
            .contains("sides are 1 to 100"));
        assert!(parse("99999999999999999999999x1x0\n").is_err());
    }

    #[test]
    fn a_judge_output_is_read_from_its_last_panel() {
        // jlu-panel's output for the statement's second sample, up to its last panel.
        let text = "0 1 -1 1 0 \n0 1 -1 1 0 \n0 1 1 1 0 \n0 0 0 0 0 \n\nYou lose\n";
        let position = parse(text).unwrap();
        assert_eq!(position.format, Format::JluPanel);
        assert_eq!(position.view.grid().rows(), 4);
        assert_eq!(position.view.get(2), Seen::Closed);
        assert_eq!(parse("?1\n@2\n").unwrap().view.get(2), Seen::Flagged);
        assert_eq!(
            parse("?1\n?\n").unwrap_err().text(English),
            "line 2: 1 cell, but the rows above have 2"
        );
    }

    #[test]
    fn each_header_and_cell_bound_is_held() {
        let cells = |text: &str| cells_text(&parse(text).unwrap().view);
        // JSMinesweeper: as many mines as cells is a board; sides of 1 to 100; three parts.
        let full = parse("2x1x2\nHH\n").unwrap();
        assert_eq!((full.format, full.mines), (Format::JsMinesweeper, Some(2)));
        assert_eq!(
            parse("1x100x0\n").unwrap_err().text(English),
            "line 1: the header 1x100x0 promises 100 rows, 0 follow"
        );
        for (text, why) in [
            (
                "1x101x0\n",
                "the header 1x101x0: a board's sides are 1 to 100",
            ),
            ("0x1x0\n", "the header 0x1x0: a board's sides are 1 to 100"),
            ("1x0x0\n", "the header 1x0x0: a board's sides are 1 to 100"),
            (
                "3x1x1\nHHH\nHHH\n",
                "line 1: the header 3x1x1 promises 1 row, 2 follow",
            ),
            (
                "2x3x1\nHH\nH\nHH\n",
                "line 3: 1 cell, but the header 2x3x1 says 2",
            ),
            (
                "3x2x7\nHHH\nHHH\n",
                "the header 3x2x7: 7 mines do not fit on 2×3 cells",
            ),
            (
                "1x2x3x4\n",
                "line 1: 'x' is not a cell (closed: -1 ? . # X, open: 0-8, flag: F @ *)",
            ),
            (
                "x1x1\n",
                "line 1: 'x' is not a cell (closed: -1 ? . # X, open: 0-8, flag: F @ *)",
            ),
            ("???\n??\n", "line 2: 2 cells, but the rows above have 3"),
        ] {
            assert_eq!(parse(text).unwrap_err().text(English), why, "{text:?}");
        }
        assert_eq!(cells("3x3x8\nHHH\nH8H\nHHH\n"), "....8....");
        // The other formats: every closed, open and flag symbol.
        let picture = parse("#8*\nf..\n").unwrap();
        assert_eq!(picture.format, Format::Picture);
        assert_eq!(cells_text(&picture.view), ".8FF..");
        assert_eq!(parse("??\n12\n").unwrap().format, Format::AcmMap);
        // `n m` is a size header only when n rows of m cells follow it.
        assert_eq!(parse("2 1\n??\n??\n").unwrap().view.grid().rows(), 3);
        assert_eq!(parse("2 2\n??\n??\n").unwrap().view.grid().rows(), 2);
    }
}
