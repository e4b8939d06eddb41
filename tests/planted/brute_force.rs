//! THU "Mine" (`mine-ops`) read literally, as a brute force: every flood is whole-board passes
//! until nothing changes, and every operation scans the whole board for its new cells and for
//! the win. Right on every input, and far too slow for the largest: a problem package's
//! time-limit-exceeded submission. Std only, one file, no arguments: it compiles alone.

use std::io::{self, Read, Write};

/// The board, what is open and what is flagged, all `n` x `m`, 0-based.
struct Game {
    n: usize,
    m: usize,
    mine: Vec<Vec<bool>>,
    open: Vec<Vec<bool>>,
    flag: Vec<Vec<bool>>,
}

impl Game {
    /// The cells around `(r, c)`, row by row.
    fn around(&self, r: usize, c: usize) -> Vec<(usize, usize)> {
        let mut cells = Vec::new();
        for a in r.saturating_sub(1)..(r + 2).min(self.n) {
            for b in c.saturating_sub(1)..(c + 2).min(self.m) {
                if (a, b) != (r, c) {
                    cells.push((a, b));
                }
            }
        }
        cells
    }

    /// The mines around `(r, c)`.
    fn count(&self, r: usize, c: usize) -> usize {
        self.around(r, c).into_iter().filter(|&(a, b)| self.mine[a][b]).count()
    }

    /// Opens every cell around an open 0, pass after pass over the whole board, until nothing
    /// changes; the flags on the cells it opens go.
    fn flood(&mut self) {
        loop {
            let mut changed = false;
            for a in 0..self.n {
                for b in 0..self.m {
                    if !self.open[a][b] || self.count(a, b) != 0 {
                        continue;
                    }
                    for (p, q) in self.around(a, b) {
                        if !self.open[p][q] {
                            self.open[p][q] = true;
                            self.flag[p][q] = false;
                            changed = true;
                        }
                    }
                }
            }
            if !changed {
                return;
            }
        }
    }

    /// The reply to a sweep that opened what is open now and was not in `before`.
    fn report(&self, before: &[Vec<bool>]) -> String {
        let mut new = Vec::new();
        for a in 0..self.n {
            for b in 0..self.m {
                if self.open[a][b] && !before[a][b] {
                    new.push(format!("{} {} {}\n", a + 1, b + 1, self.count(a, b)));
                }
            }
        }
        match new.len() {
            0 => "no cell detected\n".to_string(),
            k => format!("{k} cell(s) detected\n{}", new.concat()),
        }
    }

    fn won(&self) -> bool {
        (0..self.n).all(|a| (0..self.m).all(|b| self.mine[a][b] || self.open[a][b]))
    }

    /// The cells operation `op` on `(r, c)` sweeps, or `None` when it sweeps nothing and its
    /// reply is already in `out`.
    fn targets(&mut self, op: &str, r: usize, c: usize, out: &mut String) -> Option<Vec<(usize, usize)>> {
        let reply = match op {
            "Flag" if self.open[r][c] => "swept\n",
            "Flag" if self.flag[r][c] => {
                self.flag[r][c] = false;
                "cancelled\n"
            }
            "Flag" => {
                self.flag[r][c] = true;
                "success\n"
            }
            "Sweep" if self.open[r][c] => "swept\n",
            "Sweep" if self.flag[r][c] => "flagged\n",
            "Sweep" => return Some(vec![(r, c)]),
            _ if !self.open[r][c] => "not swept\n",
            _ => {
                let around = self.around(r, c);
                let flags = around.iter().filter(|&&(a, b)| self.flag[a][b]).count();
                let number = self.count(r, c);
                if number != 0 && flags == number {
                    let closed = around.into_iter().filter(|&(a, b)| !self.open[a][b] && !self.flag[a][b]);
                    return Some(closed.collect());
                }
                "failed\n"
            }
        };
        out.push_str(reply);
        None
    }
}

fn main() {
    let mut text = String::new();
    io::stdin().read_to_string(&mut text).unwrap();
    let mut tokens = text.split_whitespace();
    let n: usize = tokens.next().unwrap().parse().unwrap();
    let m: usize = tokens.next().unwrap().parse().unwrap();
    let mine = (0..n).map(|_| tokens.next().unwrap().bytes().map(|b| b == b'*').collect()).collect();
    let mut game = Game { n, m, mine, open: vec![vec![false; m]; n], flag: vec![vec![false; m]; n] };
    let mut out = String::new();
    let mut steps = 0;
    let ending = loop {
        let op = match tokens.next() {
            Some(op) if op != "Quit" => op,
            _ => break "give up",
        };
        let x: usize = tokens.next().unwrap().parse().unwrap();
        let y: usize = tokens.next().unwrap().parse().unwrap();
        steps += 1;
        let before = game.open.clone();
        if let Some(targets) = game.targets(op, x - 1, y - 1, &mut out) {
            if targets.iter().any(|&(a, b)| game.mine[a][b]) {
                out.push_str("boom\n");
                break "game over";
            }
            for (a, b) in targets {
                game.open[a][b] = true;
            }
            game.flood();
            out.push_str(&game.report(&before));
        }
        // The win is checked after every Sweep and DSweep, whatever its reply: on a board with
        // no safe cell the first one wins.
        if op != "Flag" && game.won() {
            break "finish";
        }
    };
    out.push_str(&format!("{ending}\ntotal step {steps}\n"));
    io::stdout().write_all(out.as_bytes()).unwrap();
}
