//! `acm-server`: the ACM-class 2024 Minesweeper server. 0-based `x y type` operations on an
//! `X`/`.` map; prints the `?`/`0`-`8`/`@`/`X` map after each one.

use minejudge::acm::{Operation, Server, Status, MAX_SIDE};
use minejudge::board::{Board, Grid};
use minejudge::io::{flush_large, run, InputError, Scanner};
use std::process::ExitCode;

fn main() -> ExitCode {
    run(solve)
}

/// The map, then operations until the game ends (the rest of the input is not read, as the
/// course's program exits there) or the input ends (a partial game: a normal end). The map is
/// printed after reading it and after every operation.
pub fn solve(input: &[u8], out: &mut Vec<u8>) -> Result<(), InputError> {
    let mut scanner = Scanner::new(input);
    let rows = scanner.int_in("n (rows)", 1, MAX_SIDE)? as usize;
    let cols = scanner.int_in("m (columns)", 1, MAX_SIDE)? as usize;
    let mine = scanner.mine_rows(rows, cols, b'X', b'.')?;
    let grid = Grid::new(rows, cols);
    let mut server = Server::new(Board::new(grid, mine));
    out.extend_from_slice(server.map());
    while server.status() == Status::Running {
        if scanner.at_end() {
            return Ok(());
        }
        let row = scanner.int_in("x (row)", 0, rows as i64 - 1)? as usize;
        let col = scanner.int_in("y (column)", 0, cols as i64 - 1)? as usize;
        let code = scanner.int("type")?;
        let Some(operation) = Operation::from_code(code) else {
            return Err(scanner.error(format!(
                "type {code} is not an operation: expected 0 (visit), 1 (mark) or 2 (auto-explore)"
            )));
        };
        server.apply(grid.index(row, col), operation);
        out.extend_from_slice(server.map());
        // A 1000x1000 map is a megabyte, and the course allows 1000 operations.
        flush_large(out);
    }
    server.push_ending(out);
    Ok(())
}
