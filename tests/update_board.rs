//! `update-board`: a brute-force oracle against the library function and the binary, and bad input.

use crate::util::{self, assert_bad_input, solve_into};
use minejudge::judges::update_board::{solution::Solution, solve as leetcode};
use minejudge::rng::Rng;

type Cells = Vec<Vec<char>>;

/// The mines (`M` or `X`) among the up to 8 cells around (row, col).
fn oracle_mines_around(board: &Cells, row: usize, col: usize) -> u8 {
    let mut mines = 0;
    for r in row.saturating_sub(1)..=row + 1 {
        for c in col.saturating_sub(1)..=col + 1 {
            if (r, c) != (row, col) && r < board.len() && c < board[0].len() {
                mines += u8::from(matches!(board[r][c], 'M' | 'X'));
            }
        }
    }
    mines
}

/// The rules, naively: a mine clicked becomes `X`; an `E` clicked shows its count or `B`; then,
/// until nothing changes, every `E` next to a `B` this click revealed is revealed the same way.
/// Cells revealed before the click are never touched and never spread the reveal.
fn oracle(board: &Cells, row: i64, col: i64) -> Cells {
    let mut board = board.clone();
    let (rows, cols) = (board.len() as i64, board[0].len() as i64);
    if row < 0 || col < 0 || row >= rows || col >= cols {
        return board;
    }
    let (row, col) = (row as usize, col as usize);
    match board[row][col] {
        'M' => {
            board[row][col] = 'X';
            return board;
        }
        'E' => {}
        _ => return board,
    }
    let show = |board: &Cells, r: usize, c: usize| match oracle_mines_around(board, r, c) {
        0 => 'B',
        count => (b'0' + count) as char,
    };
    let mut revealed_now = vec![vec![false; cols as usize]; rows as usize];
    board[row][col] = show(&board, row, col);
    revealed_now[row][col] = true;
    let mut changed = true;
    while changed {
        changed = false;
        for r in 0..rows as usize {
            for c in 0..cols as usize {
                if !(revealed_now[r][c] && board[r][c] == 'B') {
                    continue;
                }
                for nr in r.saturating_sub(1)..=r + 1 {
                    for nc in c.saturating_sub(1)..=c + 1 {
                        if nr < rows as usize && nc < cols as usize && board[nr][nc] == 'E' {
                            board[nr][nc] = show(&board, nr, nc);
                            revealed_now[nr][nc] = true;
                            changed = true;
                        }
                    }
                }
            }
        }
    }
    board
}

/// A board as LeetCode prints it, with a newline.
fn render(board: &Cells) -> String {
    let rows: Vec<String> = board
        .iter()
        .map(|row| {
            let cells: Vec<String> = row.iter().map(|cell| format!("\"{cell}\"")).collect();
            format!("[{}]", cells.join(","))
        })
        .collect();
    format!("[{}]\n", rows.join(","))
}

/// A realistic position: hidden mines, then a few safe clicks already played.
fn played_board(rng: &mut Rng) -> Cells {
    let (rows, cols) = (1 + rng.below(12), 1 + rng.below(12));
    let density = rng.unit() * 0.35;
    let mut board: Cells = (0..rows)
        .map(|_| {
            (0..cols)
                .map(|_| if rng.chance(density) { 'M' } else { 'E' })
                .collect()
        })
        .collect();
    for _ in 0..rng.below(4) {
        let (r, c) = (rng.below(rows), rng.below(cols));
        if board[r][c] == 'E' {
            board = oracle(&board, r as i64, c as i64);
        }
    }
    board
}

/// Any cells at all, consistent with each other or not.
fn arbitrary_board(rng: &mut Rng) -> Cells {
    const CELLS: &[u8] = b"EEEEEEMMMBBX12345678";
    let (rows, cols) = (1 + rng.below(12), 1 + rng.below(12));
    (0..rows)
        .map(|_| {
            (0..cols)
                .map(|_| CELLS[rng.below(CELLS.len())] as char)
                .collect()
        })
        .collect()
}

fn random_board(rng: &mut Rng) -> Cells {
    if rng.chance(0.7) {
        played_board(rng)
    } else {
        arbitrary_board(rng)
    }
}

/// Whitespace LeetCode's text might carry between two tokens: mostly none.
fn gap(rng: &mut Rng) -> &'static str {
    const GAPS: [&str; 8] = ["", "", "", "", " ", "\n", "\r\n", " \t "];
    GAPS[rng.below(GAPS.len())]
}

/// `board` and `[row,col]` as text, with random whitespace between tokens.
fn pair_text(rng: &mut Rng, board: &Cells, row: usize, col: usize) -> String {
    let mut text = String::from("[");
    for (r, cells) in board.iter().enumerate() {
        if r > 0 {
            text.push_str(gap(rng));
            text.push(',');
        }
        text.push_str(gap(rng));
        text.push('[');
        for (c, cell) in cells.iter().enumerate() {
            if c > 0 {
                text.push_str(gap(rng));
                text.push(',');
            }
            text.push_str(gap(rng));
            text.push('"');
            text.push(*cell);
            text.push('"');
        }
        text.push_str(gap(rng));
        text.push(']');
    }
    text.push_str(gap(rng));
    text.push_str("]\n");
    text.push_str(gap(rng));
    text.push_str(&format!(
        "[{}{row}{},{}{col}{}]\n",
        gap(rng),
        gap(rng),
        gap(rng),
        gap(rng)
    ));
    text
}

#[test]
fn library_function_matches_oracle() {
    let seed = 0x529_0001;
    println!("update-board library oracle seed {seed}");
    let mut rng = Rng::new(seed);
    for case in 0..6000 {
        let board = random_board(&mut rng);
        let (rows, cols) = (board.len() as i64, board[0].len() as i64);
        // One click in twenty may fall up to two cells off the board, which must change nothing.
        let (row, col) = if rng.chance(0.05) {
            (rng.range(-2, rows + 1), rng.range(-2, cols + 1))
        } else {
            (rng.range(0, rows - 1), rng.range(0, cols - 1))
        };
        let expected = oracle(&board, row, col);
        let actual = Solution::update_board(board.clone(), vec![row as i32, col as i32]);
        assert_eq!(
            render(&actual),
            render(&expected),
            "seed {seed} case {case}: board {} click [{row},{col}]",
            render(&board)
        );
    }
}

#[test]
fn binary_matches_oracle() {
    let seed = 0x529_0002;
    println!("update-board binary oracle seed {seed}");
    let mut rng = Rng::new(seed);
    let mut out = Vec::new();
    for case in 0..2000 {
        let mut input = String::new();
        let mut expected = String::new();
        for _ in 0..1 + rng.below(3) {
            let board = random_board(&mut rng);
            let (row, col) = (rng.below(board.len()), rng.below(board[0].len()));
            input.push_str(&pair_text(&mut rng, &board, row, col));
            expected.push_str(&render(&oracle(&board, row as i64, col as i64)));
        }
        out.clear();
        let result = solve_into(leetcode::solve, input.as_bytes(), &mut out);
        assert!(
            result.is_ok(),
            "seed {seed} case {case}: {result:?}\ninput:\n{input}"
        );
        if let Some(diff) = util::first_difference(expected.as_bytes(), &out) {
            panic!("seed {seed} case {case}: {diff}\ninput:\n{input}");
        }
    }
}

#[test]
fn mangled_input_is_refused_without_panic() {
    let seed = 0x529_0003;
    println!("update-board mangled input seed {seed}");
    let mut rng = Rng::new(seed);
    const BYTES: &[u8] = b"[],\"\n -0123456789MEBXZ'\xc3";
    let mut out = Vec::new();
    let mut refused = 0;
    for case in 0..3000 {
        let board = random_board(&mut rng);
        let (row, col) = (rng.below(board.len()), rng.below(board[0].len()));
        let mut input = pair_text(&mut rng, &board, row, col).into_bytes();
        for _ in 0..1 + rng.below(3) {
            let at = rng.below(input.len());
            match rng.below(3) {
                0 => input[at] = BYTES[rng.below(BYTES.len())],
                1 => input.insert(at, BYTES[rng.below(BYTES.len())]),
                _ => {
                    input.remove(at);
                }
            }
        }
        out.clear();
        let result = solve_into(leetcode::solve, &input, &mut out);
        let shown = String::from_utf8_lossy(&input);
        // Whatever was printed is whole boards, one a line, even before an error.
        let whole_lines = out
            .split_inclusive(|&b| b == b'\n')
            .all(|line| line.starts_with(b"[[") && line.ends_with(b"]]\n"));
        assert!(
            whole_lines,
            "seed {seed} case {case}: {result:?}\ninput:\n{shown}"
        );
        if let Err(err) = result {
            refused += 1;
            let lines = 1 + input.iter().filter(|&&b| b == b'\n').count();
            assert!(
                (1..=lines).contains(&err.line),
                "seed {seed} case {case}: {err} is off the input\ninput:\n{shown}"
            );
        }
    }
    println!("{refused} of 3000 mangled inputs refused");
    assert!(
        refused > 1500,
        "only {refused} of 3000 mangled inputs were refused"
    );
}

#[test]
fn binary_floods_a_large_board() {
    let side = 1000;
    let row = format!("[{}]", vec!["\"E\""; side].join(","));
    let input = format!("[{}]\n[{},0]\n", vec![row; side].join(","), side - 1);
    let mut out = Vec::new();
    solve_into(leetcode::solve, input.as_bytes(), &mut out).expect("a valid board");
    let blank_row = format!("[{}]", vec!["\"B\""; side].join(","));
    let expected = format!("[{}]\n", vec![blank_row; side].join(","));
    assert!(
        out == expected.as_bytes(),
        "the 1000x1000 board is not all B"
    );
}

#[test]
fn empty_input_is_zero_pairs() {
    for input in [&b""[..], b"\n", b" \r\n\t\n"] {
        let mut out = Vec::new();
        assert_eq!(solve_into(leetcode::solve, input, &mut out), Ok(()));
        assert!(out.is_empty());
    }
}

const NAME: &str = "update-board";
const FIRST: &str = "[[\"E\",\"E\"],[\"E\",\"M\"]]\n[0,0]\n";
const FIRST_OUT: &[u8] = b"[[\"1\",\"E\"],[\"E\",\"M\"]]\n";

/// `FIRST` then `rest`: the first board's result must stay on stdout before the error.
fn after_first(rest: &str) -> Vec<u8> {
    format!("{FIRST}{rest}").into_bytes()
}

#[test]
fn malformed_brackets_are_refused() {
    let cases = [
        (
            "[\"E\"]\n[0,0]\n",
            "expected a row of the board such as [\"E\",\"M\"], found \"\\\"\"",
        ),
        (
            "[[\"E\"]\n",
            "expected ',' or ']' after a row of the board, found end of input",
        ),
        ("[[\"E\"],]\n[0,0]\n", "expected a row of the board such as"),
        (
            "[[\"E\" \"E\"]]\n[0,0]\n",
            "expected ',' or ']' after a cell, found \"\\\"\"",
        ),
        (
            "[[\"E\",]]\n[0,0]\n",
            "expected a cell such as \"E\", found \"]\"",
        ),
        (
            "{[\"E\"]}\n[0,0]\n",
            "expected a board such as [[\"E\",\"M\"]], found \"{\"",
        ),
        (
            "[[\"E\"]]]\n[0,0]\n",
            "expected a click such as [1,0], found \"]\"",
        ),
    ];
    for (rest, message) in cases {
        assert_bad_input(NAME, &after_first(rest), 3, message, FIRST_OUT);
    }
    // The click's bracket reads as the board's next row, so the fault shows on the click's line.
    assert_bad_input(
        NAME,
        &after_first("[[\"E\"]\n[0,0]\n"),
        4,
        "expected ',' or ']' after a row of the board, found \"[\"",
        FIRST_OUT,
    );
    assert_bad_input(
        NAME,
        &after_first("[[\"E\"]]\n[0,0]\nx\n"),
        5,
        "expected a board such as [[\"E\",\"M\"]], found \"x\"",
        b"[[\"1\",\"E\"],[\"E\",\"M\"]]\n[[\"B\"]]\n",
    );
}

#[test]
fn malformed_quotes_are_refused() {
    assert_bad_input(
        NAME,
        &after_first("[['E']]\n[0,0]\n"),
        3,
        "expected a cell such as \"E\", found \"'\"",
        FIRST_OUT,
    );
    assert_bad_input(
        NAME,
        &after_first("[[\"E\",\"E]]\n[0,0]\n"),
        3,
        "cell [0,1] has no closing '\"' on its line",
        FIRST_OUT,
    );
    assert_bad_input(NAME, b"[[\"E", 1, "cell [0,0] has no closing", b"");
    assert_bad_input(
        NAME,
        b"[[E]]\n[0,0]\n",
        1,
        "expected a cell such as \"E\", found \"E\"",
        b"",
    );
}

#[test]
fn ragged_and_empty_boards_are_refused() {
    assert_bad_input(
        NAME,
        &after_first("[[\"E\",\"E\"],\n [\"E\"]]\n[0,0]\n"),
        4,
        "row 1 has 1 cells but row 0 has 2: a board is a rectangle",
        FIRST_OUT,
    );
    assert_bad_input(
        NAME,
        &after_first("[[\"E\"],[\"E\",\"M\"]]\n[0,0]\n"),
        3,
        "row 1 has 2 cells but row 0 has 1",
        FIRST_OUT,
    );
    assert_bad_input(
        NAME,
        &after_first("[]\n[0,0]\n"),
        3,
        "the board [] is empty: it needs at least one row",
        FIRST_OUT,
    );
    assert_bad_input(
        NAME,
        &after_first("[[\"E\"],[ ]]\n[0,0]\n"),
        3,
        "row 1 is empty: it needs at least one cell",
        FIRST_OUT,
    );
}

#[test]
fn cells_outside_the_alphabet_are_refused() {
    for (cell, shown) in [
        ("e", "\"e\""),
        ("0", "\"0\""),
        ("9", "\"9\""),
        ("", "\"\""),
        ("EE", "\"EE\""),
        (" E", "\" E\""),
        ("É", "\"É\""),
    ] {
        let rest = format!("[[\"E\",\"E\"],[\"E\",\"{cell}\"]]\n[0,0]\n");
        let message = format!("cell [1,1] is {shown}: expected one of M E B X 1-8");
        assert_bad_input(NAME, &after_first(&rest), 3, &message, FIRST_OUT);
    }
}

#[test]
fn clicks_outside_the_board_or_malformed_are_refused() {
    let board = "[[\"E\",\"E\",\"E\"],[\"E\",\"E\",\"E\"]]\n";
    for (click, message) in [
        (
            "[2,0]",
            "click [2,0] is outside the 2x3 board: rows are 0..=1, columns 0..=2",
        ),
        ("[0,3]", "click [0,3] is outside the 2x3 board"),
        ("[-1,0]", "click [-1,0] is outside the 2x3 board"),
        ("[0, -0001]", "click [0,-0001] is outside"),
        ("[4294967296,0]", "click [4294967296,0] is outside"),
        (
            "[123456789012345678901234567890,0]",
            "click [12345678901234567890...,0] is outside",
        ),
        (
            "[1]",
            "expected ',' between the row and the column of the click, found \"]\"",
        ),
        (
            "[1,2,0]",
            "expected ']' after the column of the click, found \",\"",
        ),
        (
            "[]",
            "expected the row of the click (an integer), found \"]\"",
        ),
        (
            "[1,x]",
            "expected the column of the click (an integer), found \"x\"",
        ),
        (
            "[1.0,0]",
            "expected ',' between the row and the column of the click, found \".\"",
        ),
        (
            "[-,0]",
            "expected the row of the click (an integer), found \"-\"",
        ),
        ("1,0", "expected a click such as [1,0], found \"1\""),
        (
            "[\"1\",0]",
            "expected the row of the click (an integer), found \"\\\"\"",
        ),
    ] {
        let rest = format!("{board}{click}\n");
        assert_bad_input(NAME, &after_first(&rest), 4, message, FIRST_OUT);
    }
}

#[test]
fn a_board_without_a_click_is_refused() {
    let message =
        "the board has no click after it: expected a click such as [1,0], found end of input";
    assert_bad_input(NAME, &after_first("[[\"E\"]]\n"), 3, message, FIRST_OUT);
    assert_bad_input(NAME, &after_first("[[\"E\"]]\n\n\n"), 3, message, FIRST_OUT);
    assert_bad_input(
        NAME,
        &after_first("[[\"E\"]]\n[[\"E\"]]\n[0,0]\n"),
        4,
        "expected a click such as [1,0], found another board: is a click missing?",
        FIRST_OUT,
    );
}
