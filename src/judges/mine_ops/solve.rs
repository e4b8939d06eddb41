//! THU "Mine" (`mine-ops`): the Flag/Sweep/DSweep/Quit protocol on a `*`/`.` map, 1-based
//! coordinates; the judge's replies after each operation and the game's end.

use crate::board::{sort_cells, Board, CellState, Chord, Cover, FlagsInCascade, Grid};
use crate::io::output::{push_uint, Output};
use crate::io::runner::Program;
use crate::io::scanner::{show, InputError, Scanner};

/// The `mine-ops` judge.
pub const PROGRAM: Program = Program {
    name: "mine-ops",
    reads: "a mine-ops game",
    format: FORMAT,
    solve,
};

/// The input and output, in brief.
pub const FORMAT: &str = "\
Input: `n m`, then n rows of m characters (`*` a mine, `.` safe), then one operation per
line: `Flag x y`, `Sweep x y` or `DSweep x y` (row x, column y, 1-based), until `Quit`.
Output: the reply to each operation (`success`, `cancelled`, `swept`, `flagged`, `not swept`,
`failed`, `boom`, `no cell detected`, or `K cell(s) detected` and the K opened cells as
`x y count`, by row then column), then `finish`, `game over` or `give up`, and `total step S`.
";

/// How a game ended.
#[derive(Clone, Copy)]
enum GameEnding {
    Finish,
    GameOver,
    GiveUp,
}

/// Plays the whole protocol: the board, then operations until the game ends. Anything after
/// the end is ignored, as the judge does (its files have lines there).
pub fn solve(input: &[u8], out: &mut Output) -> Result<(), InputError> {
    let mut scanner = Scanner::new(input);
    let max_side = Grid::MAX_CELLS as i64;
    let rows = scanner.int_in("n (rows)", 1, max_side)? as usize;
    let cols = scanner.int_in("m (columns)", 1, max_side)? as usize;
    let mine = scanner.mine_rows(rows, cols, b'*', b'.')?;
    let board = Board::new(Grid::new(rows, cols), mine);
    let mut game = MineOpsGame {
        grid: board.grid(),
        cover: Cover::new(&board),
        board,
        opened: Vec::new(),
        scratch: Vec::new(),
    };
    let mut steps: u64 = 0;
    let ending = loop {
        let Some(op) = scanner.token() else {
            return Err(scanner.error("the input ended before Quit, with the game still running"));
        };
        if op == b"Quit" {
            break GameEnding::GiveUp;
        }
        if !matches!(op, b"Flag" | b"Sweep" | b"DSweep") {
            return Err(scanner.error(format!(
                "unknown operation {}: expected Flag, Sweep, DSweep or Quit",
                show(op)
            )));
        }
        let row = scanner.int_in("row x", 1, rows as i64)? as usize - 1;
        let col = scanner.int_in("column y", 1, cols as i64)? as usize - 1;
        let cell = game.grid.index(row, col);
        steps += 1;
        let ended = match op {
            b"Flag" => {
                game.flag(cell, out);
                None
            }
            b"Sweep" => game.sweep(cell, out).or_else(|| game.all_safe_open()),
            _ => game
                .double_sweep(cell, out)
                .or_else(|| game.all_safe_open()),
        };
        if let Some(ending) = ended {
            break ending;
        }
        out.flush_large();
    };
    out.extend_from_slice(match ending {
        GameEnding::Finish => b"finish\n".as_slice(),
        GameEnding::GameOver => b"game over\n",
        GameEnding::GiveUp => b"give up\n",
    });
    out.extend_from_slice(b"total step ");
    push_uint(out, steps);
    out.push(b'\n');
    Ok(())
}

struct MineOpsGame {
    grid: Grid,
    board: Board,
    cover: Cover,
    /// The cells the current operation opened.
    opened: Vec<u32>,
    scratch: Vec<u64>,
}

impl MineOpsGame {
    fn flag(&mut self, cell: usize, out: &mut Output) {
        let reply: &[u8] = match self.cover.state(cell) {
            CellState::Open => b"swept\n",
            CellState::Closed => {
                self.cover.set_flag(cell, true);
                b"success\n"
            }
            CellState::Flagged => {
                self.cover.set_flag(cell, false);
                b"cancelled\n"
            }
        };
        out.extend_from_slice(reply);
    }

    fn sweep(&mut self, cell: usize, out: &mut Output) -> Option<GameEnding> {
        match self.cover.state(cell) {
            CellState::Open => out.extend_from_slice(b"swept\n"),
            CellState::Flagged => out.extend_from_slice(b"flagged\n"),
            CellState::Closed if self.board.is_mine(cell) => return Some(boom(out)),
            CellState::Closed => {
                self.cover.reveal_from(
                    &self.board,
                    cell,
                    FlagsInCascade::Cleared,
                    &mut self.opened,
                );
                self.report_opened(out);
            }
        }
        None
    }

    /// DSweep: on an open non-zero cell with as many flags around as its number, sweeps every
    /// closed unflagged neighbour; a mine among them ends the game with no cell list.
    fn double_sweep(&mut self, cell: usize, out: &mut Output) -> Option<GameEnding> {
        let flags = FlagsInCascade::Cleared;
        match self.cover.chord(&self.board, cell, flags, &mut self.opened) {
            Chord::NotOpen => out.extend_from_slice(b"not swept\n"),
            Chord::Unsatisfied => out.extend_from_slice(b"failed\n"),
            Chord::Mine(_) => return Some(boom(out)),
            Chord::Opened(_) => self.report_opened(out),
        }
        None
    }

    /// The statement's rule 21 ends the game once every safe cell is open after any Sweep or
    /// DSweep that did not hit a mine, whatever its reply: on a board with no safe cell the
    /// first one ends it, even `flagged` or `not swept`. Flag never ends it.
    fn all_safe_open(&self) -> Option<GameEnding> {
        (self.cover.safe_closed() == 0).then_some(GameEnding::Finish)
    }

    /// Prints the cells this operation opened, sorted by row then column.
    fn report_opened(&mut self, out: &mut Output) {
        if self.opened.is_empty() {
            out.extend_from_slice(b"no cell detected\n");
            return;
        }
        sort_cells(&mut self.opened, &mut self.scratch);
        push_uint(out, self.opened.len() as u64);
        out.extend_from_slice(b" cell(s) detected\n");
        out.reserve(self.opened.len() * 16);
        // Sorted cells come row by row: format each row's "x " prefix once.
        let cols = self.grid.cols();
        let mut prefix = Vec::with_capacity(12);
        let mut row_start = 0;
        let mut row_end = 0;
        for &cell in &self.opened {
            let cell = cell as usize;
            if cell >= row_end {
                let row = cell / cols;
                row_start = row * cols;
                row_end = row_start + cols;
                prefix.clear();
                push_uint(&mut prefix, row as u64 + 1);
                prefix.push(b' ');
            }
            out.extend_from_slice(&prefix);
            push_uint(out, (cell - row_start) as u64 + 1);
            out.push(b' ');
            out.push(b'0' + self.board.count(cell));
            out.push(b'\n');
        }
        self.opened.clear();
    }
}

fn boom(out: &mut Output) -> GameEnding {
    out.extend_from_slice(b"boom\n");
    GameEnding::GameOver
}
