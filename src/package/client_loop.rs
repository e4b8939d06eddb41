//! The main of the `acm-client` package's accepted submission: the package's interactor is the
//! course's server, sending the map after each move, where our `acm-client` plays whole games
//! against a server of its own. The package appends this file to the bundle of `acm-client`
//! (as `mod client_loop`, so it may use only `std` and the modules that bundle holds) and calls
//! [`main`] from its `main`. It decides from the printed maps alone, as the course's client.

use crate::board::Grid;
use crate::moves::Move;
use crate::players::acm_client::solve::ASSUMED_DENSITY;
use crate::solver::{Mines, Seen, Solver, Style, View};
use std::io::{BufRead, Write};
use std::process::ExitCode;

/// Plays every map on stdin, until `0 0` or the end of the input.
pub fn main() -> ExitCode {
    let stdin = std::io::stdin();
    let mut stdout = std::io::stdout();
    match play(stdin.lock(), &mut stdout) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("{message}");
            ExitCode::from(1)
        }
    }
}

/// Reads maps from `input` (`n m`, then n rows, then a row set after each move) and answers
/// each map of a running game with a move `r c type` on `output`, flushed at once: the server
/// waits for it.
///
/// # Errors
/// A header or map that is not one, a failed read or write.
pub fn play(input: impl BufRead, output: &mut impl Write) -> Result<(), String> {
    let mut lines = input.lines();
    let mut next_line = || -> Result<String, String> {
        match lines.next() {
            Some(line) => line.map_err(|err| format!("cannot read stdin: {err}")),
            None => Err("the input ended inside a game".into()),
        }
    };
    loop {
        let header = match next_line() {
            Ok(header) => header,
            Err(_) => return Ok(()),
        };
        let sides: Vec<usize> = header
            .split_whitespace()
            .map(str::parse)
            .collect::<Result<_, _>>()
            .map_err(|_| format!("not a map's first line: {header:?}"))?;
        let (rows, cols) = match sides[..] {
            [0, 0] => return Ok(()),
            [rows, cols] if rows > 0 && cols > 0 => (rows, cols),
            _ => return Err(format!("not a map's first line: {header:?}")),
        };
        let grid = Grid::new(rows, cols);
        let (mut view, mut solver) = (View::new(grid), Solver::new());
        loop {
            let mut map = Vec::with_capacity(rows * cols);
            for _ in 0..rows {
                let row = next_line()?;
                if row.len() != cols {
                    return Err(format!("a map row of {} characters: {row:?}", row.len()));
                }
                map.extend_from_slice(row.as_bytes());
            }
            if map.contains(&b'X') || !map.contains(&b'?') {
                break;
            }
            let (cell, kind) = decide(&map, &mut view, &mut solver)?;
            let (row, col) = grid.row_col(cell);
            writeln!(output, "{row} {col} {kind}")
                .and_then(|()| output.flush())
                .map_err(|err| format!("cannot write stdout: {err}"))?;
        }
    }
}

/// The move for `map` (a running game's): the cell and the course's operation number.
fn decide(map: &[u8], view: &mut View, solver: &mut Solver) -> Result<(usize, u8), String> {
    for (cell, &shown) in map.iter().enumerate() {
        view.set(
            cell,
            match shown {
                b'0'..=b'8' => Seen::Open(shown - b'0'),
                b'@' => Seen::Flagged,
                _ => Seen::Closed,
            },
        );
    }
    let decision = solver
        .next_move(view, Mines::Density(ASSUMED_DENSITY), Style::CLASSIC)
        .map_err(|_| "the map contradicts itself".to_string())?;
    match decision.map(|d| d.action) {
        Some(Move::Open(cell)) => Ok((cell, 0)),
        Some(Move::Flag(cell)) => Ok((cell, 1)),
        Some(Move::Chord(cell)) => Ok((cell, 2)),
        None => Err("no move on a running game's map".into()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moves_only_while_a_map_runs_and_stops_at_the_end_mark() {
        // Won after the first click, then lost: no move; then the end mark.
        let over = "1 2\n1@\n2 2\n1X\n??\n0 0\n1 2\n??\n";
        let mut output = Vec::new();
        play(over.as_bytes(), &mut output).unwrap();
        assert!(output.is_empty());
        // A running map gets one move on the map, and a server that stops answering is an error.
        let running = "3 3\n???\n?1?\n???\n";
        assert!(play(running.as_bytes(), &mut output).is_err());
        let text = String::from_utf8(output).unwrap();
        let fields: Vec<usize> = text
            .split_whitespace()
            .map(|f| f.parse().unwrap())
            .collect();
        assert!(
            fields.len() == 3 && fields[0] < 3 && fields[1] < 3 && fields[2] <= 2,
            "{text}"
        );
    }

    #[test]
    fn a_bad_map_is_an_error() {
        let mut output = Vec::new();
        assert!(play("2 2\n??\n".as_bytes(), &mut output).is_err());
        assert!(play("x\n".as_bytes(), &mut output).is_err());
        assert!(play("1 2\n???\n".as_bytes(), &mut output).is_err());
    }
}
