//! The `acm-server` judge: the map, then operations `x y type`; the map after each.

use crate::board::{Board, Grid};
use crate::io::output::Output;
use crate::io::runner::Program;
use crate::io::scanner::{InputError, Scanner};
use crate::judges::acm_server::rules::{Operation, Server, ServerStatus};

/// The largest side of a map (here and in `acm-client`): the course allows 30; 1000 keeps a
/// 1 MB map per printed operation.
pub const MAX_SIDE: usize = 1000;

/// The `acm-server` judge.
pub const PROGRAM: Program = Program {
    name: "acm-server",
    reads: "an acm-server game",
    format: FORMAT,
    solve,
};

/// The input and output, in brief.
pub const FORMAT: &str = "\
Input: `n m`, then n rows of m characters (`X` a mine, `.` safe), then operations `x y type`
(0-based row x, column y; type 0 visit, 1 mark a mine, 2 auto-explore around a number).
Output: the map before the first operation and after each one: n lines of m characters (`?`
unvisited, `0`-`8` visited, `@` marked, `X` the mine or wrong mark that lost); after the last
map of a finished game, `YOU WIN!` or `GAME OVER!`, then `visited_cells marked_mines`.
";

/// The map, then operations until the game ends (the rest of the input is not read, as the
/// course's program exits there) or the input ends (a partial game: a normal end). The map is
/// printed after reading it and after every operation.
pub fn solve(input: &[u8], out: &mut Output) -> Result<(), InputError> {
    let mut scanner = Scanner::new(input);
    let rows = scanner.int_in("n (rows)", 1, MAX_SIDE as i64)? as usize;
    let cols = scanner.int_in("m (columns)", 1, MAX_SIDE as i64)? as usize;
    let mine = scanner.mine_rows(rows, cols, b'X', b'.')?;
    let grid = Grid::new(rows, cols);
    let mut server = Server::new(Board::new(grid, mine));
    out.extend_from_slice(server.map());
    while server.status() == ServerStatus::Running {
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
        out.flush_large();
    }
    server.push_ending(out);
    Ok(())
}
