//! Solutions written the way a student would, some with a planted bug, for `stress`'s tests:
//! compiled once by tests/stress.rs with plain `rustc` and run as `solutions <name>`.
//!
//! mine-ops, jlu-panel, update-board: correct; mine-ops-diagonals: the flood fill misses the
//! diagonals; mine-ops-column-0-based: opened cells print their column 0-based; mine-ops-dsweep-
//! ignores-flags: DSweep opens the neighbours whatever the flags around; mine-ops-diagonals-
//! dsweep-crash-1x1: those two bugs, and a panic on a 1x1 board; jlu-panel-crash-1x1:
//! panics on a 1x1 board; update-board-loops: loops forever when the flood meets a number;
//! hog: allocates and touches 2 GiB; jlu-machine-first-closed: clicks the first closed cell;
//! jlu-machine-garbage: prints no click; acm-client-first-closed: visits the first unvisited
//! cell, move after move; acm-client-quits: leaves after reading its first map;
//! acm-server-last-column-safe JUDGE and inexperienced-player-last-row-safe JUDGE: read a mine
//! in a map's last column (a board's last row) as safe, and answer as JUDGE (our binary, given
//! by its path) answers that misread input, so that the bug's effect is the judge's own.

use std::io::{self, BufRead, Read, Write};

fn main() {
    let name = std::env::args().nth(1).expect("usage: solutions <name>");
    match name.as_str() {
        "mine-ops" => mine_ops(&[]),
        "mine-ops-diagonals" => mine_ops(&[Bug::Diagonals]),
        "mine-ops-column-0-based" => mine_ops(&[Bug::Column0Based]),
        "mine-ops-dsweep-ignores-flags" => mine_ops(&[Bug::DSweepIgnoresFlags]),
        "mine-ops-diagonals-dsweep-crash-1x1" => {
            mine_ops(&[Bug::Diagonals, Bug::DSweepIgnoresFlags, Bug::Crash1x1])
        }
        "jlu-panel" => jlu_panel(false),
        "jlu-panel-crash-1x1" => jlu_panel(true),
        "update-board" => update_board(false),
        "update-board-loops" => update_board(true),
        "hog" => {
            let mut memory = vec![0u8; 2 << 30];
            for at in (0..memory.len()).step_by(4096) {
                memory[at] = 1;
            }
            println!("{}", memory.iter().map(|&b| b as u64).sum::<u64>());
        }
        "jlu-machine-first-closed" => jlu_machine(true),
        "jlu-machine-garbage" => jlu_machine(false),
        "acm-client-first-closed" => acm_client(true),
        "acm-client-quits" => acm_client(false),
        "acm-server-last-column-safe" => misread(|lines| {
            let rows: usize = lines[0].split_whitespace().next().unwrap().parse().unwrap();
            for line in &mut lines[1..=rows] {
                if line.ends_with('X') {
                    line.pop();
                    line.push('.');
                }
            }
        }),
        "inexperienced-player-last-row-safe" => misread(|lines| {
            let mut at = 0;
            loop {
                let rows: usize = lines[at].split_whitespace().next().unwrap().parse().unwrap();
                if rows == 0 {
                    break;
                }
                lines[at + rows] = lines[at + rows].replace('M', ".");
                at += rows + 1;
            }
        }),
        other => panic!("no solution named {other}"),
    }
}

/// Runs the judge named by the second argument on the input's lines as `change` misreads them,
/// and answers what it answers.
fn misread(change: impl Fn(&mut Vec<String>)) {
    let judge = std::env::args().nth(2).expect("the judge's path");
    let mut text = String::new();
    io::stdin().read_to_string(&mut text).unwrap();
    let mut lines: Vec<String> = text.lines().map(String::from).collect();
    change(&mut lines);
    let mut child = std::process::Command::new(judge)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .expect("start the judge");
    let mut stdin = child.stdin.take().unwrap();
    stdin.write_all((lines.join("\n") + "\n").as_bytes()).unwrap();
    drop(stdin);
    let output = child.wait_with_output().unwrap();
    io::stdout().write_all(&output.stdout).unwrap();
    std::process::exit(output.status.code().unwrap_or(1));
}

fn read_tokens() -> Vec<String> {
    let mut text = String::new();
    io::stdin().read_to_string(&mut text).unwrap();
    text.split_whitespace().map(String::from).collect()
}

fn neighbours(r: usize, c: usize, n: usize, m: usize, diagonals: bool) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    for dr in -1i64..=1 {
        for dc in -1i64..=1 {
            if (dr, dc) == (0, 0) || (!diagonals && dr != 0 && dc != 0) {
                continue;
            }
            let (rr, cc) = (r as i64 + dr, c as i64 + dc);
            if rr >= 0 && cc >= 0 && (rr as usize) < n && (cc as usize) < m {
                out.push((rr as usize, cc as usize));
            }
        }
    }
    out
}

#[derive(Clone, Copy, PartialEq)]
enum Bug {
    Diagonals,
    Column0Based,
    DSweepIgnoresFlags,
    Crash1x1,
}

/// The words of `text`, without a copy of any.
fn words(text: &[u8]) -> impl Iterator<Item = &[u8]> {
    text.split(|b| b.is_ascii_whitespace()).filter(|word| !word.is_empty())
}

fn number(word: &[u8]) -> usize {
    word.iter().fold(0, |n, &digit| n * 10 + usize::from(digit - b'0'))
}

fn push_number(out: &mut Vec<u8>, n: usize) {
    let mut digits = [0u8; 20];
    let mut at = digits.len();
    let mut rest = n;
    loop {
        at -= 1;
        digits[at] = b'0' + (rest % 10) as u8;
        rest /= 10;
        if rest == 0 {
            break;
        }
    }
    out.extend_from_slice(&digits[at..]);
}

/// Calls `visit` with the index (row * m + column) of each neighbour of (r, c) on an n x m
/// board, the diagonal ones too when `diagonals`: no list is made, as a judge's time limit
/// wants of a loop run once per cell.
fn around(r: usize, c: usize, n: usize, m: usize, diagonals: bool, mut visit: impl FnMut(usize)) {
    for rr in r.saturating_sub(1)..(r + 2).min(n) {
        for cc in c.saturating_sub(1)..(c + 2).min(m) {
            if (rr, cc) != (r, c) && (diagonals || rr == r || cc == c) {
                visit(rr * m + cc);
            }
        }
    }
}

/// mine-ops as a student writes it for a judge's time limit: the input read at once and parsed
/// by hand, the counts made once, cells as indices, the flood with a stack of its own, and
/// the output in one buffer.
fn mine_ops(bugs: &[Bug]) {
    let bug = |which: Bug| bugs.contains(&which);
    let mut text = Vec::new();
    io::stdin().read_to_end(&mut text).unwrap();
    let mut words = words(&text);
    let mut next = || words.next().unwrap();
    let n = number(next());
    let m = number(next());
    assert!(!bug(Bug::Crash1x1) || n * m > 1, "a board has two cells at least");
    let mut mine = vec![false; n * m];
    for r in 0..n {
        for (c, &cell) in next().iter().enumerate() {
            mine[r * m + c] = cell == b'*';
        }
    }
    let mut count = vec![0usize; n * m];
    for r in 0..n {
        for c in 0..m {
            around(r, c, n, m, true, |at| count[r * m + c] += usize::from(mine[at]));
        }
    }
    let mut open = vec![false; n * m];
    let mut flag = vec![false; n * m];
    let mut safe_left = mine.iter().filter(|&&mine| !mine).count();
    let mut out = Vec::new();
    let mut steps = 0;
    let (mut targets, mut stack, mut opened) = (Vec::new(), Vec::new(), Vec::new());
    let ending = loop {
        let op = next();
        if op == b"Quit" {
            break "give up";
        }
        let r = number(next()) - 1;
        let c = number(next()) - 1;
        let at = r * m + c;
        steps += 1;
        targets.clear();
        match op {
            b"Flag" => {
                if open[at] {
                    out.extend_from_slice(b"swept\n");
                } else {
                    flag[at] = !flag[at];
                    out.extend_from_slice(if flag[at] { b"success\n" } else { b"cancelled\n" });
                }
                continue;
            }
            // A reply that sweeps nothing still ends the game on a board with no safe cell.
            b"Sweep" if open[at] || flag[at] => {
                out.extend_from_slice(if open[at] { b"swept\n" } else { b"flagged\n" });
                if safe_left == 0 {
                    break "finish";
                }
                continue;
            }
            b"Sweep" => targets.push(at),
            _ => {
                if !open[at] {
                    out.extend_from_slice(b"not swept\n");
                    if safe_left == 0 {
                        break "finish";
                    }
                    continue;
                }
                let mut flags = 0;
                around(r, c, n, m, true, |near| flags += usize::from(flag[near]));
                let satisfied = flags == count[at] || bug(Bug::DSweepIgnoresFlags);
                if count[at] == 0 || !satisfied {
                    out.extend_from_slice(b"failed\n");
                    continue;
                }
                around(r, c, n, m, true, |near| {
                    if !open[near] && !flag[near] {
                        targets.push(near);
                    }
                });
            }
        }
        if targets.iter().any(|&at| mine[at]) {
            out.extend_from_slice(b"boom\n");
            break "game over";
        }
        opened.clear();
        for &start in &targets {
            stack.push(start);
            while let Some(cell) = stack.pop() {
                if open[cell] {
                    continue;
                }
                open[cell] = true;
                flag[cell] = false;
                safe_left -= 1;
                opened.push(cell);
                if count[cell] == 0 {
                    around(cell / m, cell % m, n, m, !bug(Bug::Diagonals), |near| stack.push(near));
                }
            }
        }
        if opened.is_empty() {
            out.extend_from_slice(b"no cell detected\n");
        } else {
            opened.sort_unstable();
            push_number(&mut out, opened.len());
            out.extend_from_slice(b" cell(s) detected\n");
            for &cell in &opened {
                let (a, b) = (cell / m, cell % m);
                let col = if bug(Bug::Column0Based) { b } else { b + 1 };
                for (value, end) in [(a + 1, b' '), (col, b' '), (count[cell], b'\n')] {
                    push_number(&mut out, value);
                    out.push(end);
                }
            }
        }
        if safe_left == 0 {
            break "finish";
        }
    };
    out.extend_from_slice(format!("{ending}\ntotal step {steps}\n").as_bytes());
    io::stdout().write_all(&out).unwrap();
}

fn jlu_panel(crash_on_one_cell: bool) {
    let tokens: Vec<usize> = read_tokens().iter().map(|t| t.parse().unwrap()).collect();
    let (n, m, k, l) = (tokens[0], tokens[1], tokens[2], tokens[3]);
    assert!(!crash_on_one_cell || n * m > 1, "a board has two cells at least");
    let mut mine = vec![vec![false; m]; n];
    for i in 0..k {
        mine[tokens[4 + 2 * i]][tokens[5 + 2 * i]] = true;
    }
    let count = |r: usize, c: usize| neighbours(r, c, n, m, true).iter().filter(|&&(a, b)| mine[a][b]).count();
    let mut panel = vec![vec![-1i32; m]; n];
    let mut safe_left = (0..n).flat_map(|r| (0..m).map(move |c| (r, c))).filter(|&(r, c)| !mine[r][c]).count();
    let mut out = String::new();
    let mut printed = false;
    for i in 0..l {
        let (r, c) = (tokens[4 + 2 * k + 2 * i], tokens[5 + 2 * k + 2 * i]);
        if panel[r][c] != -1 {
            continue;
        }
        if printed {
            out.push('\n');
        }
        printed = true;
        if mine[r][c] {
            out.push_str("You lose\n");
            break;
        }
        let mut stack = vec![(r, c)];
        while let Some((a, b)) = stack.pop() {
            if panel[a][b] != -1 {
                continue;
            }
            panel[a][b] = count(a, b) as i32;
            safe_left -= 1;
            if panel[a][b] == 0 {
                stack.extend(neighbours(a, b, n, m, true));
            }
        }
        for row in &panel {
            for value in row {
                out.push_str(&format!("{value} "));
            }
            out.push('\n');
        }
        if safe_left == 0 {
            out.push_str("You win\n");
            break;
        }
    }
    io::stdout().write_all(out.as_bytes()).unwrap();
}

fn update_board(loops: bool) {
    let mut text = String::new();
    io::stdin().read_to_string(&mut text).unwrap();
    let text: String = text.split_whitespace().collect();
    let mut rest = text.as_str();
    let mut out = String::new();
    while !rest.is_empty() {
        let end = rest.find("]]").unwrap() + 2;
        let mut board: Vec<Vec<u8>> = rest[1..end - 1]
            .split(']')
            .filter(|row| !row.is_empty())
            .map(|row| row.trim_start_matches(',').trim_start_matches('[').split(',').map(|cell| cell.as_bytes()[1]).collect())
            .collect();
        rest = &rest[end..];
        let close = rest.find(']').unwrap();
        let click: Vec<usize> = rest[1..close].split(',').map(|v| v.parse().unwrap()).collect();
        rest = &rest[close + 1..];
        let (n, m) = (board.len(), board[0].len());
        let (r, c) = (click[0], click[1]);
        if board[r][c] == b'M' {
            board[r][c] = b'X';
        } else if board[r][c] == b'E' {
            let mut queue = vec![(r, c)];
            let mut queued = vec![vec![false; m]; n];
            queued[r][c] = true;
            let mut head = 0;
            while head < queue.len() {
                let (a, b) = queue[head];
                let around = neighbours(a, b, n, m, true);
                let mines = around.iter().filter(|&&(x, y)| matches!(board[x][y], b'M' | b'X')).count();
                if mines > 0 {
                    board[a][b] = b'0' + mines as u8;
                    if loops {
                        continue;
                    }
                    head += 1;
                    continue;
                }
                head += 1;
                board[a][b] = b'B';
                for (x, y) in around {
                    if board[x][y] == b'E' && !queued[x][y] {
                        queued[x][y] = true;
                        queue.push((x, y));
                    }
                }
            }
        }
        let rows: Vec<String> = board
            .iter()
            .map(|row| format!("[{}]", row.iter().map(|&b| format!("\"{}\"", b as char)).collect::<Vec<_>>().join(",")))
            .collect();
        out.push_str(&format!("[{}]\n", rows.join(",")));
    }
    io::stdout().write_all(out.as_bytes()).unwrap();
}

fn jlu_machine(sensible: bool) {
    let tokens: Vec<i64> = read_tokens().iter().map(|t| t.parse().unwrap()).collect();
    let (n, m) = (tokens[0] as usize, tokens[1] as usize);
    if !sensible {
        println!("hello");
        return;
    }
    let first = (0..n * m).find(|&i| tokens[2 + i] == -1).unwrap();
    println!("{} {}", first / m, first % m);
}

fn acm_client(plays: bool) {
    let stdin = io::stdin();
    let mut lines = stdin.lock().lines();
    let header = lines.next().unwrap().unwrap();
    let sizes: Vec<usize> = header.split_whitespace().map(|t| t.parse().unwrap()).collect();
    let (n, m) = (sizes[0], sizes[1]);
    loop {
        let mut map = Vec::new();
        for _ in 0..n {
            match lines.next() {
                Some(Ok(line)) => map.push(line.into_bytes()),
                _ => return,
            }
        }
        if !plays {
            return;
        }
        let first = (0..n * m).find(|&i| map[i / m][i % m] == b'?').unwrap();
        println!("{} {} 0", first / m, first % m);
        io::stdout().flush().unwrap();
    }
}
