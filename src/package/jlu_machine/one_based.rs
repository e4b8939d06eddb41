// A wrong submission of the `jlu-machine` package: it clicks the last closed cell of each
// panel, but writes it 1-based, so its first click is (n, m), outside the panel.
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
            let cells: Vec<&str> = line.split_whitespace().collect();
            let closed = cells.iter().rposition(|&cell| cell == "-1");
            if let Some(y) = closed {
                click = Some((x, y));
            }
        }
        let (x, y) = click.expect("a closed cell");
        writeln!(stdout, "{} {}", x + 1, y + 1).unwrap();
        stdout.flush().unwrap();
    }
}
