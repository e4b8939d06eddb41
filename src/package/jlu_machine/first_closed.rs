// A weak submission of the `jlu-machine` package: it clicks the first closed cell of each
// panel, row by row, and so steps on a mine soon. It must score, but less than our machine.
use std::io::{BufRead, Write};

fn main() {
    let stdin = std::io::stdin();
    let mut lines = stdin.lock().lines().map(|line| line.expect("read"));
    let mut stdout = std::io::stdout();
    while let Some(header) = lines.next() {
        let rows: usize = header.split_whitespace().next().unwrap().parse().unwrap();
        if rows == 0 {
            break;
        }
        let mut click = None;
        for (x, line) in lines.by_ref().take(rows).enumerate() {
            let closed = line.split_whitespace().position(|cell| cell == "-1");
            if let (None, Some(y)) = (click, closed) {
                click = Some((x, y));
            }
        }
        let (x, y) = click.expect("a closed cell");
        writeln!(stdout, "{x} {y}").unwrap();
        stdout.flush().unwrap();
    }
}
