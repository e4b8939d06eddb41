// A weak client for the `acm-client` package: it visits the first unvisited cell of each map,
// row by row, and so scores less than a client that reasons (a partially accepted submission).
use std::io::{BufRead, Write};

fn main() {
    let stdin = std::io::stdin();
    let mut lines = stdin.lock().lines().map_while(Result::ok);
    let mut out = std::io::stdout();
    while let Some(header) = lines.next() {
        let sides: Vec<usize> = header.split_whitespace().filter_map(|f| f.parse().ok()).collect();
        if sides.len() != 2 || sides[0] == 0 {
            return;
        }
        loop {
            let map: Vec<String> = lines.by_ref().take(sides[0]).collect();
            let over = map.iter().any(|row| row.contains('X')) || !map.iter().any(|row| row.contains('?'));
            if over {
                break;
            }
            let (row, col) = map
                .iter()
                .enumerate()
                .find_map(|(r, line)| line.find('?').map(|c| (r, c)))
                .unwrap_or((0, 0));
            writeln!(out, "{row} {col} 0").unwrap();
            out.flush().unwrap();
        }
    }
}
