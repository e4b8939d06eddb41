//! THU "Mine" (`mine-ops`) read literally, as a brute force: every flood is whole-board passes
//! until nothing changes, and every operation scans the whole board for its new cells and for
//! the win. Right on every input, and far too slow for the largest: a problem package's
//! time-limit-exceeded submission. Std only, one file, no arguments: it compiles alone.

use std::io::{self, Read, Write};

fn main() {
    let mut text = String::new();
    io::stdin().read_to_string(&mut text).unwrap();
    let mut tokens = text.split_whitespace();
    let n: usize = tokens.next().unwrap().parse().unwrap();
    let m: usize = tokens.next().unwrap().parse().unwrap();
    let mine: Vec<Vec<bool>> = (0..n)
        .map(|_| tokens.next().unwrap().bytes().map(|b| b == b'*').collect())
        .collect();
    let count = |r: usize, c: usize| {
        let mut mines = 0;
        for (a, b) in around(r, c, n, m) {
            mines += mine[a][b] as usize;
        }
        mines
    };
    let mut open = vec![vec![false; m]; n];
    let mut flag = vec![vec![false; m]; n];
    let mut out = String::new();
    let mut steps = 0;
    let ending = loop {
        let op = match tokens.next() {
            Some(op) if op != "Quit" => op,
            _ => break "give up",
        };
        let x: usize = tokens.next().unwrap().parse().unwrap();
        let y: usize = tokens.next().unwrap().parse().unwrap();
        let (r, c) = (x - 1, y - 1);
        steps += 1;
        let before = open.clone();
        // The cells this operation sweeps, when it sweeps at all.
        let mut targets = None;
        match op {
            "Flag" if open[r][c] => out.push_str("swept\n"),
            "Flag" if flag[r][c] => {
                flag[r][c] = false;
                out.push_str("cancelled\n");
            }
            "Flag" => {
                flag[r][c] = true;
                out.push_str("success\n");
            }
            "Sweep" if open[r][c] => out.push_str("swept\n"),
            "Sweep" if flag[r][c] => out.push_str("flagged\n"),
            "Sweep" => targets = Some(vec![(r, c)]),
            _ if !open[r][c] => out.push_str("not swept\n"),
            _ => {
                let flags = around(r, c, n, m).filter(|&(a, b)| flag[a][b]).count();
                if count(r, c) == 0 || flags != count(r, c) {
                    out.push_str("failed\n");
                } else {
                    let closed = around(r, c, n, m).filter(|&(a, b)| !open[a][b] && !flag[a][b]);
                    targets = Some(closed.collect());
                }
            }
        }
        let Some(targets) = targets else {
            continue;
        };
        if targets.iter().any(|&(a, b)| mine[a][b]) {
            out.push_str("boom\n");
            break "game over";
        }
        for &(a, b) in &targets {
            open[a][b] = true;
        }
        // The flood, pass after pass over the whole board.
        loop {
            let mut changed = false;
            for a in 0..n {
                for b in 0..m {
                    if open[a][b] && count(a, b) == 0 {
                        for (p, q) in around(a, b, n, m) {
                            if !open[p][q] {
                                open[p][q] = true;
                                flag[p][q] = false;
                                changed = true;
                            }
                        }
                    }
                }
            }
            if !changed {
                break;
            }
        }
        let mut new = Vec::new();
        for a in 0..n {
            for b in 0..m {
                if open[a][b] && !before[a][b] {
                    new.push((a, b));
                }
            }
        }
        if new.is_empty() {
            out.push_str("no cell detected\n");
        } else {
            out.push_str(&format!("{} cell(s) detected\n", new.len()));
            for (a, b) in new {
                out.push_str(&format!("{} {} {}\n", a + 1, b + 1, count(a, b)));
            }
        }
        let won = (0..n).all(|a| (0..m).all(|b| mine[a][b] || open[a][b]));
        if won {
            break "finish";
        }
    };
    out.push_str(&format!("{ending}\ntotal step {steps}\n"));
    io::stdout().write_all(out.as_bytes()).unwrap();
}

/// The cells around `(r, c)` on an `n` x `m` board, row by row.
fn around(r: usize, c: usize, n: usize, m: usize) -> impl Iterator<Item = (usize, usize)> {
    let rows = r.saturating_sub(1)..(r + 2).min(n);
    rows.flat_map(move |a| {
        let cols = c.saturating_sub(1)..(c + 2).min(m);
        cols.map(move |b| (a, b))
    })
    .filter(move |&(a, b)| (a, b) != (r, c))
}
