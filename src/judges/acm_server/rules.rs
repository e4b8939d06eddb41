//! The ACM class (2024) server's rules: visit, mark and auto-explore on a [`Board`], with the
//! printed `?`/`0`-`8`/`@`/`X` map kept up to date as a byte buffer. The `acm-server` judge
//! prints that map; the advanced task's player (`acm-client`) plays through the same rules
//! in-process.
//!
//! While the game runs, every mark is on a mine: marking a safe cell loses at once. So when an
//! auto-explore finds as many marks as its number around a cell, all of that cell's mines are
//! marked and the neighbours it visits are all safe: auto-explore can never hit a mine (the
//! official files have no such case because none can exist).

use crate::board::{Board, CellState, Cover, FlagsInCascade, Grid};
use crate::io::output::push_uint;

/// The three operations of the protocol, by their `type` number 0, 1, 2.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Operation {
    /// Type 0: open a cell (left click).
    Visit,
    /// Type 1: mark a cell as a mine (right click); marks are never removed.
    Mark,
    /// Type 2: visit the unvisited, unmarked neighbours of a number whose marks are complete.
    AutoExplore,
}

impl Operation {
    /// The operation's protocol number: 0, 1 or 2.
    pub fn code(self) -> u8 {
        match self {
            Operation::Visit => 0,
            Operation::Mark => 1,
            Operation::AutoExplore => 2,
        }
    }

    /// The operation with protocol number `code`, if any.
    pub fn from_code(code: i64) -> Option<Operation> {
        match code {
            0 => Some(Operation::Visit),
            1 => Some(Operation::Mark),
            2 => Some(Operation::AutoExplore),
            _ => None,
        }
    }
}

/// Whether the game goes on, or how it ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ServerStatus {
    /// The game goes on.
    Running,
    /// Every safe cell is visited.
    Won,
    /// A mine was visited or a safe cell marked.
    Lost,
}

/// One game under the server's rules, and the map it prints.
///
/// # Examples
///
/// ```
/// use minejudge::board::{Board, Grid};
/// use minejudge::judges::acm_server::rules::{Operation, Server, ServerStatus};
///
/// // .X.
/// // ...
/// let mut server = Server::new(Board::from_mines(Grid::new(2, 3), [1]));
/// server.apply(3, Operation::Visit);
/// assert_eq!(server.map(), b"???\n1??\n");
/// server.apply(1, Operation::Mark);
/// assert_eq!(server.apply(3, Operation::AutoExplore), ServerStatus::Running);
/// assert_eq!(server.map(), b"1@?\n11?\n");
/// ```
#[derive(Clone, Debug)]
pub struct Server {
    board: Board,
    cover: Cover,
    status: ServerStatus,
    marked_mines: usize,
    /// The printed map: `rows` lines of `cols` bytes and a `\n`, changed cell by cell.
    map: Vec<u8>,
    /// The cells the current visit opened (the flood's queue).
    opened: Vec<u32>,
    /// The cells whose printed character the last operation changed.
    changed: Vec<u32>,
}

impl Server {
    /// A new game, every cell unvisited. A board without a safe cell is won from the start
    /// (every safe cell is visited), and its map already shows every mine as `@`.
    pub fn new(board: Board) -> Server {
        let grid = board.grid();
        let mut map = vec![b'?'; grid.rows() * (grid.cols() + 1)];
        for line_end in map.chunks_exact_mut(grid.cols() + 1) {
            line_end[grid.cols()] = b'\n';
        }
        let mut server = Server {
            cover: Cover::new(&board),
            board,
            status: ServerStatus::Running,
            marked_mines: 0,
            map,
            opened: Vec::new(),
            changed: Vec::new(),
        };
        server.check_won();
        server
    }

    /// The map's shape.
    pub fn grid(&self) -> Grid {
        self.board.grid()
    }

    /// Whether the game goes on, or how it ended.
    pub fn status(&self) -> ServerStatus {
        self.status
    }

    /// The printed map as it stands: `rows` lines of `cols` characters, each ending in `\n`.
    pub fn map(&self) -> &[u8] {
        &self.map
    }

    /// The cells whose character in [`Server::map`] the last [`Server::apply`] changed: a
    /// client keeping its own copy of the map need read only these.
    pub fn changed(&self) -> &[u32] {
        &self.changed
    }

    /// The number of visited safe cells.
    pub fn visit_count(&self) -> usize {
        self.board.safe_cells() - self.cover.safe_closed()
    }

    /// The number of correctly marked mines; after a win, every mine.
    pub fn marked_mine_count(&self) -> usize {
        if self.status == ServerStatus::Won {
            self.board.mines()
        } else {
            self.marked_mines
        }
    }

    /// Appends the two lines printed after the map that ends the game: `YOU WIN!` or
    /// `GAME OVER!`, then `visit_count marked_mine_count`. Nothing while the game runs.
    pub fn push_ending(&self, out: &mut Vec<u8>) {
        out.extend_from_slice(match self.status {
            ServerStatus::Running => return,
            ServerStatus::Won => b"YOU WIN!\n".as_slice(),
            ServerStatus::Lost => b"GAME OVER!\n",
        });
        push_uint(out, self.visit_count() as u64);
        out.push(b' ');
        push_uint(out, self.marked_mine_count() as u64);
        out.push(b'\n');
    }

    /// Applies one operation at `cell`, then decides whether the game is won. Does nothing
    /// once the game has ended.
    ///
    /// # Complexity
    /// O(1) plus O(8) per cell opened; the win adds one pass over every cell.
    pub fn apply(&mut self, cell: usize, operation: Operation) -> ServerStatus {
        self.changed.clear();
        match operation {
            Operation::Visit => self.visit(cell),
            Operation::Mark => self.mark(cell),
            Operation::AutoExplore => self.auto_explore(cell),
        }
        self.check_won();
        self.status
    }

    fn visit(&mut self, cell: usize) {
        if self.status != ServerStatus::Running || self.cover.state(cell) != CellState::Closed {
            return;
        }
        if self.board.is_mine(cell) {
            self.status = ServerStatus::Lost;
            self.set_shown(cell, b'X');
            return;
        }
        self.opened.clear();
        self.cover
            .reveal_from(&self.board, cell, FlagsInCascade::Kept, &mut self.opened);
        for at in 0..self.opened.len() {
            let opened = self.opened[at] as usize;
            self.set_shown(opened, b'0' + self.board.count(opened));
        }
    }

    fn mark(&mut self, cell: usize) {
        if self.status != ServerStatus::Running || self.cover.state(cell) != CellState::Closed {
            return;
        }
        self.cover.set_flag(cell, true);
        if self.board.is_mine(cell) {
            self.marked_mines += 1;
            self.set_shown(cell, b'@');
        } else {
            self.status = ServerStatus::Lost;
            self.set_shown(cell, b'X');
        }
    }

    fn auto_explore(&mut self, cell: usize) {
        // Only a visited cell is open, and only safe cells are ever opened.
        if self.status != ServerStatus::Running || !self.cover.is_open(cell) {
            return;
        }
        let grid = self.grid();
        if self.cover.flags_around(grid, cell) != self.board.count(cell) as usize {
            return;
        }
        for next in grid.neighbours(cell) {
            self.visit(next);
        }
    }

    fn check_won(&mut self) {
        if self.status != ServerStatus::Running || self.cover.safe_closed() != 0 {
            return;
        }
        self.status = ServerStatus::Won;
        for cell in 0..self.grid().len() {
            if self.board.is_mine(cell) {
                self.set_shown(cell, b'@');
            }
        }
    }

    fn set_shown(&mut self, cell: usize, shown: u8) {
        let grid = self.grid();
        let (row, col) = grid.row_col(cell);
        // Each map line carries its `\n`, one byte more than the row.
        self.map[row * (grid.cols() + 1) + col] = shown;
        self.changed.push(cell as u32);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A game on a map given as rows of `X` (mine) and `.` (safe).
    fn server(rows: &[&str]) -> Server {
        let grid = Grid::new(rows.len(), rows[0].len());
        let mine = rows
            .iter()
            .flat_map(|row| row.bytes().map(|b| b == b'X'))
            .collect();
        Server::new(Board::new(grid, mine))
    }

    fn play(server: &mut Server, row: usize, col: usize, operation: Operation) -> ServerStatus {
        let cell = server.grid().index(row, col);
        server.apply(cell, operation)
    }

    fn map(server: &Server) -> &str {
        std::str::from_utf8(server.map()).unwrap()
    }

    /// The statement's example map.
    const EXAMPLE: [&str; 3] = [".X.", "...", "..X"];

    #[test]
    fn statement_walkthrough_to_a_win() {
        let mut game = server(&EXAMPLE);
        assert_eq!(map(&game), "???\n???\n???\n");
        assert_eq!(
            play(&mut game, 2, 0, Operation::Visit),
            ServerStatus::Running
        );
        assert_eq!(map(&game), "???\n12?\n01?\n");
        play(&mut game, 2, 2, Operation::Mark);
        assert_eq!(map(&game), "???\n12?\n01@\n");
        play(&mut game, 2, 1, Operation::AutoExplore);
        assert_eq!(map(&game), "???\n122\n01@\n");
        play(&mut game, 0, 0, Operation::Visit);
        assert_eq!(play(&mut game, 0, 2, Operation::Visit), ServerStatus::Won);
        assert_eq!(map(&game), "1@1\n122\n01@\n");
        assert_eq!((game.visit_count(), game.marked_mine_count()), (7, 2));
    }

    #[test]
    fn statement_losses() {
        let mut game = server(&EXAMPLE);
        play(&mut game, 2, 0, Operation::Visit);
        assert_eq!(play(&mut game, 2, 2, Operation::Visit), ServerStatus::Lost);
        assert_eq!(map(&game), "???\n12?\n01X\n");
        assert_eq!((game.visit_count(), game.marked_mine_count()), (4, 0));

        let mut game = server(&EXAMPLE);
        play(&mut game, 2, 0, Operation::Visit);
        play(&mut game, 2, 2, Operation::Mark);
        assert_eq!(play(&mut game, 0, 0, Operation::Mark), ServerStatus::Lost);
        assert_eq!(map(&game), "X??\n12?\n01@\n");
        assert_eq!((game.visit_count(), game.marked_mine_count()), (4, 1));
        // Nothing moves once the game is over.
        play(&mut game, 0, 2, Operation::Visit);
        assert_eq!(map(&game), "X??\n12?\n01@\n");
    }

    #[test]
    fn visited_and_marked_cells_ignore_operations() {
        let mut game = server(&EXAMPLE);
        play(&mut game, 0, 1, Operation::Mark);
        play(&mut game, 0, 1, Operation::Visit);
        play(&mut game, 0, 1, Operation::Mark);
        play(&mut game, 0, 1, Operation::AutoExplore);
        assert_eq!(game.status(), ServerStatus::Running);
        assert_eq!(game.marked_mine_count(), 1);
        play(&mut game, 1, 0, Operation::Visit);
        play(&mut game, 1, 0, Operation::Mark);
        play(&mut game, 1, 0, Operation::Visit);
        assert_eq!(map(&game), "?@?\n1??\n???\n");
        assert_eq!(game.visit_count(), 1);
    }

    #[test]
    fn auto_explore_needs_exactly_the_number_of_marks() {
        let mut game = server(&EXAMPLE);
        play(&mut game, 1, 0, Operation::Visit);
        // No mark yet around a 1: nothing happens.
        play(&mut game, 1, 0, Operation::AutoExplore);
        assert_eq!(map(&game), "???\n1??\n???\n");
        play(&mut game, 0, 1, Operation::Mark);
        play(&mut game, 1, 0, Operation::AutoExplore);
        assert_eq!(map(&game), "1@?\n12?\n01?\n");
        assert_eq!(game.visit_count(), 5);
    }

    #[test]
    fn cascade_opens_through_zeros_to_a_win() {
        let mut game = server(&["X...", "....", "...."]);
        play(&mut game, 0, 0, Operation::Mark);
        assert_eq!(play(&mut game, 2, 3, Operation::Visit), ServerStatus::Won);
        assert_eq!(map(&game), "@100\n1100\n0000\n");
        assert_eq!((game.visit_count(), game.marked_mine_count()), (11, 1));
    }

    #[test]
    fn boards_without_safe_or_mine_cells() {
        let game = server(&["XX", "XX"]);
        assert_eq!(game.status(), ServerStatus::Won);
        assert_eq!(map(&game), "@@\n@@\n");
        assert_eq!((game.visit_count(), game.marked_mine_count()), (0, 4));

        let mut game = server(&["..", ".."]);
        assert_eq!(play(&mut game, 1, 1, Operation::Visit), ServerStatus::Won);
        assert_eq!(map(&game), "00\n00\n");
        assert_eq!((game.visit_count(), game.marked_mine_count()), (4, 0));
    }
}
