//! The last board of a judge's whole output pasted as a position: `acm-server`'s maps, one
//! after each operation with nothing between them, found from the input's first line `n m` or
//! from the maps alone; and `update-board`'s boards, LeetCode's text, one a line.

use crate::board::Grid;
use crate::play::game::MAX_SIDE;
use crate::play::message::{LineFault, Message};
use crate::solver::{Seen, View};

/// Numbered, trimmed, non-empty lines of the pasted text.
pub(super) type Lines<'b, 't> = &'b [(usize, &'t str)];

/// The line that ended a game (`YOU WIN!`, `GAME OVER!`, ...) and the next line with text
/// (`acm-server`'s tally: safe cells visited, mines marked).
pub(super) type Ending<'t> = Option<(&'t str, Option<&'t str>)>;

/// The rows of `block` that hold its last board: after a first line `n m`, the last n rows
/// when the rest is whole maps of n rows of m cells (after `acm-server`'s input, its map and
/// operations, when they are pasted too); else, when every row is an `acm-server` map row,
/// the last map of the one size that splits them into a game; else the whole block.
pub(super) fn last_board<'b, 't>(
    block: Lines<'b, 't>,
    ending: Ending,
) -> Result<Lines<'b, 't>, Message> {
    match after_size_line(block)? {
        Some(rows) => Ok(rows),
        None => acm_maps_alone(block, ending),
    }
}

/// The last map after a first line `n m`, or `None` when the block does not start with one
/// that fits what follows.
fn after_size_line<'b, 't>(block: Lines<'b, 't>) -> Result<Option<Lines<'b, 't>>, Message> {
    let Some(&(header_line, first)) = block.first() else {
        return Ok(None);
    };
    let Some((rows, cols)) = size_line(first) else {
        return Ok(None);
    };
    let mut rest = &block[1..];
    // `acm-server`'s input: the mine map (`.` safe, `X` mine) and operations `x y type`,
    // followed by something (else the rows are read as a board of their own).
    let input = rest.len() > rows
        && rest[..rows]
            .iter()
            .all(|&(_, line)| line.len() == cols && line.bytes().all(|b| b == b'.' || b == b'X'));
    if input {
        rest = &rest[rows..];
        let operations = rest
            .iter()
            .take_while(|&&(_, line)| is_operation(line))
            .count();
        rest = &rest[operations..];
    }
    let whole_maps = !rest.is_empty()
        && rest.len() % rows == 0
        && rest.iter().all(|&(_, line)| row_width(line) == cols);
    if whole_maps {
        Ok(Some(&rest[rest.len() - rows..]))
    } else if input {
        let fault = LineFault::AcmOutput {
            rows,
            cols,
            found: rest.len(),
        };
        Err(Message::Line(header_line, fault))
    } else {
        Ok(None)
    }
}

/// `n m`, two numbers from 1 to the largest side.
fn size_line(line: &str) -> Option<(usize, usize)> {
    let numbers: Vec<usize> = line
        .split_whitespace()
        .map(|token| token.parse().ok())
        .collect::<Option<_>>()?;
    let sides = 1..=MAX_SIDE;
    match numbers[..] {
        [rows, cols] if sides.contains(&rows) && sides.contains(&cols) => Some((rows, cols)),
        _ => None,
    }
}

/// Whether the line is an operation `x y type`: three numbers.
fn is_operation(line: &str) -> bool {
    let tokens: Vec<&str> = line.split_whitespace().collect();
    tokens.len() == 3
        && tokens
            .iter()
            .all(|token| token.bytes().all(|b| b.is_ascii_digit()))
}

/// How many cells a row holds: `-1` is one, any other token one a character.
pub(super) fn row_width(line: &str) -> usize {
    line.split_whitespace()
        .map(|token| {
            if token == "-1" {
                1
            } else {
                token.chars().count()
            }
        })
        .sum()
}

/// When every row of the block is an `acm-server` map row of one width, the last map of the
/// one map height that makes the rows a game (a height of 1 only when no other does); the
/// whole block when no height below the block's does (it is one map); an error asking for the
/// input's first line when several do (an operation that changes nothing prints the same map
/// again, so runs of equal maps can be cut more ways than one), or when none does and the
/// block is too tall for one map.
fn acm_maps_alone<'b, 't>(block: Lines<'b, 't>, ending: Ending) -> Result<Lines<'b, 't>, Message> {
    let Some(&(first_line, first)) = block.first() else {
        return Ok(block);
    };
    let cols = first.len();
    let map_row = |line: &str| {
        line.len() == cols
            && line
                .bytes()
                .all(|b| matches!(b, b'?' | b'@' | b'X' | b'0'..=b'8'))
    };
    if block.len() < 2 || !block.iter().all(|&(_, line)| map_row(line)) {
        return Ok(block);
    }
    let rows: Vec<&[u8]> = block.iter().map(|&(_, line)| line.as_bytes()).collect();
    let total = rows.len();
    let mut heights: Vec<usize> = (1..total.min(MAX_SIDE + 1))
        .filter(|&height| {
            total % height == 0
                && is_acm_game(&rows, height)
                && ends_so(&rows[total - height..], ending)
        })
        .collect();
    // The course's maps have 2 rows at least: one row only when nothing taller fits.
    if heights.len() > 1 && heights[0] == 1 {
        heights.remove(0);
    }
    match heights[..] {
        [height] => Ok(&block[total - height..]),
        [] if total <= MAX_SIDE => Ok(block),
        [] => Err(Message::Line(first_line, LineFault::AcmNoHeight(total))),
        _ => Err(Message::Line(first_line, LineFault::AcmHeights(heights))),
    }
}

/// Whether `rows`, cut into maps of `height` rows, can be an `acm-server` game's output: the
/// first map all unvisited, each next map the one before with only unvisited cells changed,
/// only the last one lost (an `X`) or with no unvisited cell left, and every number
/// possible in its map.
fn is_acm_game(rows: &[&[u8]], height: usize) -> bool {
    let maps: Vec<&[&[u8]]> = rows.chunks(height).collect();
    let unvisited = |map: &[&[u8]]| map.iter().any(|row| row.contains(&b'?'));
    let lost = |map: &[&[u8]]| map.iter().any(|row| row.contains(&b'X'));
    if maps[0].iter().any(|row| row.iter().any(|&b| b != b'?')) {
        return false;
    }
    let last = maps.len() - 1;
    maps.iter().enumerate().all(|(index, map)| {
        let playing = index == last || (unvisited(map) && !lost(map));
        let one_operation = index == 0 || is_one_operation(maps[index - 1], map);
        playing && one_operation && numbers_fit(map)
    })
}

/// Whether `last`, the last map, fits the game's ending: won, no unvisited cell and no `X`;
/// lost, an `X`; and the tally after it, as many numbers and `@` as it says.
fn ends_so(last: &[&[u8]], ending: Ending) -> bool {
    let count = |wanted: &dyn Fn(u8) -> bool| {
        last.iter()
            .map(|row| row.iter().filter(|&&b| wanted(b)).count())
            .sum::<usize>()
    };
    let Some((said, tally)) = ending else {
        return true;
    };
    let lost = count(&|b| b == b'X') > 0;
    let fits_ending = match said {
        "YOU WIN!" => !lost && count(&|b| b == b'?') == 0,
        "GAME OVER!" => lost,
        _ => true,
    };
    let tallied = [count(&|b: u8| b.is_ascii_digit()), count(&|b| b == b'@')];
    let fits_tally = match tally.map(|line| {
        line.split_whitespace()
            .map(|token| token.parse::<usize>().ok())
            .collect::<Option<Vec<usize>>>()
    }) {
        Some(Some(numbers)) => numbers[..] == tallied[..],
        _ => true,
    };
    fits_ending && fits_tally
}

/// Whether one operation turns `before` into `after`: nothing changed, or one cell marked
/// (`@`, or `X` a wrong mark or a mine visited), or the cells one visit or auto-explore opens
/// (with every mine shown `@` when that wins); only unvisited cells ever change.
fn is_one_operation(before: &[&[u8]], after: &[&[u8]]) -> bool {
    if !only_unvisited_changed(before, after) {
        return false;
    }
    let grid = Grid::new(before.len(), before[0].len());
    let at = |map: &[&[u8]], cell: usize| {
        let (row, col) = grid.row_col(cell);
        map[row][col]
    };
    let won = !after
        .iter()
        .any(|row| row.iter().any(|&b| b == b'?' || b == b'X'));
    let changed: Vec<usize> = (0..grid.len())
        .filter(|&cell| at(before, cell) != at(after, cell))
        .collect();
    let opened: Vec<usize> = changed
        .iter()
        .copied()
        .filter(|&cell| at(after, cell).is_ascii_digit())
        .collect();
    let is_zero = |cell: usize| at(after, cell) == b'0';
    let was_number = |cell: usize| at(before, cell).is_ascii_digit();
    if opened.len() < changed.len() {
        // A mark or a lost visit changes one cell; a win also shows every mine `@`.
        return if won {
            !opened.is_empty() && one_opening(grid, &opened, is_zero, was_number)
        } else {
            changed.len() == 1
        };
    }
    opened.is_empty() || one_opening(grid, &opened, is_zero, was_number)
}

/// Whether the cells `opened` are what one visit or one auto-explore opens: the flood
/// (through the 0s opened) of one cell, or the floods of the neighbours of one number visited
/// before.
fn one_opening(
    grid: Grid,
    opened: &[usize],
    is_zero: impl Fn(usize) -> bool,
    was_number: impl Fn(usize) -> bool,
) -> bool {
    let (flood_of, floods) = floods(grid, opened, &is_zero);
    if floods == 1 {
        return true;
    }
    // An auto-explore around `centre`: each flood holds a neighbour of it, so any centre is
    // a neighbour of the first cell's flood, and there are 8 floods at most.
    floods <= 8
        && opened
            .iter()
            .filter(|&&cell| flood_of[cell] == 0)
            .flat_map(|&cell| grid.neighbours(cell))
            .filter(|&centre| was_number(centre))
            .any(|centre| {
                let mut reached = [false; 8];
                for next in grid.neighbours(centre) {
                    if let Some(flood) = reached.get_mut(flood_of[next]) {
                        *flood = true;
                    }
                }
                reached[..floods].iter().all(|&flood| flood)
            })
}

/// The opened cells cut into floods, two neighbours in one flood when either is a 0 (a
/// visited 0 visits its neighbours): each cell's flood (`usize::MAX` for cells not opened),
/// numbered from the first opened cell's, and how many there are.
fn floods(grid: Grid, opened: &[usize], is_zero: impl Fn(usize) -> bool) -> (Vec<usize>, usize) {
    const NONE: usize = usize::MAX;
    const UNSEEN: usize = NONE - 1;
    let mut flood_of = vec![NONE; grid.len()];
    for &cell in opened {
        flood_of[cell] = UNSEEN;
    }
    let mut floods = 0;
    let mut queue = Vec::new();
    for &start in opened {
        if flood_of[start] != UNSEEN {
            continue;
        }
        flood_of[start] = floods;
        queue.push(start);
        while let Some(cell) = queue.pop() {
            for next in grid.neighbours(cell) {
                if flood_of[next] == UNSEEN && (is_zero(cell) || is_zero(next)) {
                    flood_of[next] = floods;
                    queue.push(next);
                }
            }
        }
        floods += 1;
    }
    (flood_of, floods)
}

/// Whether `after` differs from `before` only in cells unvisited (`?`) in `before`.
fn only_unvisited_changed(before: &[&[u8]], after: &[&[u8]]) -> bool {
    before.iter().zip(after).all(|(was, is)| {
        was.iter()
            .zip(is.iter())
            .all(|(&was, &is)| was == is || was == b'?')
    })
}

/// Whether every number of the map can be: a 0's neighbours all visited (its flood opened
/// them), at most that many marked (`@`, a right mark), and at least that many that may be
/// mines (`?`, `@`, or `X`).
fn numbers_fit(map: &[&[u8]]) -> bool {
    let grid = Grid::new(map.len(), map[0].len());
    (0..grid.len()).all(|cell| {
        let (row, col) = grid.row_col(cell);
        let shown = map[row][col];
        if !shown.is_ascii_digit() {
            return true;
        }
        let count = usize::from(shown - b'0');
        let (mut marked, mut maybe) = (0, 0);
        for next in grid.neighbours(cell) {
            let (row, col) = grid.row_col(next);
            match map[row][col] {
                b'@' => marked += 1,
                b'?' | b'X' => maybe += 1,
                _ => {}
            }
        }
        let fits = marked <= count && count <= marked + maybe;
        fits && (count > 0 || maybe == 0)
    })
}

/// An `update-board` board, LeetCode's text such as `[["B","1"],["1","M"]]` on line
/// `line_number`: `M` `E` `X` closed (`X` the mine revealed by a losing click), `B` and
/// `1`-`8` open; and its mines (`M` and `X`), which the text gives.
pub(super) fn leetcode_board(line_number: usize, line: &str) -> Result<(View, usize), Message> {
    let text: String = line.split_whitespace().collect();
    let shape = || Message::Line(line_number, LineFault::NotALeetCodeBoard);
    let inner = text
        .strip_prefix("[[")
        .and_then(|rest| rest.strip_suffix("]]"))
        .ok_or_else(shape)?;
    let mut cells = Vec::new();
    let (mut rows, mut cols, mut mines) = (0, 0, 0);
    for row in inner.split("],[") {
        let before = cells.len();
        for cell in row.split(',') {
            let symbol = match cell.as_bytes() {
                [b'"', symbol, b'"'] => *symbol,
                _ => return Err(shape()),
            };
            cells.push(match symbol {
                b'M' | b'X' => {
                    mines += 1;
                    Seen::Closed
                }
                b'E' => Seen::Closed,
                b'B' => Seen::Open(0),
                b'1'..=b'8' => Seen::Open(symbol - b'0'),
                _ => {
                    let fault = LineFault::NotALeetCodeCell(char::from(symbol));
                    return Err(Message::Line(line_number, fault));
                }
            });
        }
        let width = cells.len() - before;
        if rows == 0 {
            cols = width;
        } else if width != cols {
            let fault = LineFault::LeetCodeRow {
                row: rows,
                width,
                cols,
            };
            return Err(Message::Line(line_number, fault));
        }
        rows += 1;
    }
    if rows > MAX_SIDE || cols > MAX_SIDE {
        let fault = LineFault::LeetCodeTooLarge { rows, cols };
        return Err(Message::Line(line_number, fault));
    }
    Ok((View::from_cells(Grid::new(rows, cols), cells), mines))
}

#[cfg(test)]
mod tests {
    use crate::play::message::Language::English;
    use crate::play::position::{cells_text, parse, Format};

    /// The statement's walkthrough on its 3x3 map: visit (2, 0), mark (2, 2), auto-explore
    /// (2, 1), visit (0, 0) and (0, 2), which wins.
    const WALKTHROUGH: &str = "???\n???\n???\n???\n12?\n01?\n???\n12?\n01@\n???\n122\n01@\n\
                               1??\n122\n01@\n1@1\n122\n01@\nYOU WIN!\n7 2\n";

    #[test]
    fn acm_servers_maps_alone_read_as_the_last() {
        let position = parse(WALKTHROUGH).unwrap();
        assert_eq!(position.format, Format::AcmMap);
        assert_eq!(cells_text(&position.view), "1F112201F");
        // The input before the output gives the size.
        let input = "3 3\n.X.\n...\n..X\n2 0 0\n2 2 1\n2 1 2\n0 0 0\n0 2 0\n";
        let both = parse(&format!("{input}{WALKTHROUGH}")).unwrap();
        assert_eq!(cells_text(&both.view), "1F112201F");
        // Equal maps cut either way: the page asks for the size.
        let unchanged = "??\n".repeat(6);
        assert_eq!(
            parse(&unchanged).unwrap_err().text(English),
            "line 1: acm-server maps of 2 or 3 rows all fit this output; paste the input's \
             first line `n m` above the output"
        );
        assert_eq!(
            cells_text(&parse(&format!("3 2\n{unchanged}")).unwrap().view),
            "......"
        );
    }

    #[test]
    fn update_boards_last_board_is_read_with_its_mines() {
        let output = "[[\"E\",\"1\"],[\"M\",\"E\"]]\n[[\"B\",\"1\",\"E\"],[\"1\",\"X\",\"M\"]]\n";
        let position = parse(output).unwrap();
        assert_eq!(position.format, Format::LeetCodeBoard);
        assert_eq!(cells_text(&position.view), "01.1..");
        assert_eq!(position.mines, Some(2));
        assert_eq!(
            parse("[[\"B\",\"Q\"]]").unwrap_err().text(English),
            "line 1: 'Q' is not an update-board cell (closed: M E X, open: B 1-8)"
        );
        assert_eq!(
            parse("[[\"B\"],[\"B\",\"B\"]]").unwrap_err().text(English),
            "line 1: row 1 has 2 cells, but row 0 has 1"
        );
    }

    #[test]
    fn a_reply_is_no_board_and_says_whose_outputs_are_read() {
        assert_eq!(
            parse("success\n1 cell(s) detected\n1 1 0\n")
                .unwrap_err()
                .text(English),
            "line 1: \"success\" is a judge's reply, not a board: mine-ops and \
             inexperienced-player print no board; the whole outputs of acm-server, jlu-panel \
             and update-board are read (their last board)"
        );
    }
}
