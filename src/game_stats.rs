//! The statistics players compare games by: 3BV, 3BV/s, clicks, IOE, correctness, throughput
//! and time, for `play`'s finished games and `autoplay`'s benchmark alike.
//!
//! The definitions are the community's, as ms-toollib (the players' analysis library) computes
//! them from a game's clicks, and as minesweeper.online counts clicks:
//! - **3BV**: the fewest clicks that open every safe cell without chords or flags: one per
//!   opening (an 8-connected region of 0 cells, with the numbers around it) plus one per safe
//!   number that touches no 0. **3BV solved**: the openings opened and the lone numbers opened;
//!   it is the 3BV once the game is won.
//! - **clicks** (ms-toollib's `cl`): every left click, right click and chord, whatever it did
//!   (`left`, `right`, `double`). **Effective** clicks (`ce`): the opens that opened a safe
//!   cell, the chords that opened a cell (a mine too), and the first flag on each mine.
//! - **time** (`rtime`): from the click that opened the first cell to the click that ended the
//!   game, in milliseconds.
//! - **3BV/s** (`bbbv_s`) = 3BV solved / time; **IOE** (`ioe`) = 3BV solved / clicks, what
//!   minesweeper.online calls efficiency; **correctness** (`corr`) = effective clicks / clicks;
//!   **throughput** (`thrp`) = 3BV solved / effective clicks. IOE = correctness x throughput.

use crate::board::{Board, Cover};
use crate::moves::{Applied, Move};

/// The 3BV units of a board: one cell of each (an opening's first 0, or a lone number), in
/// index order. A unit is solved when that cell is open: a 0 never opens without its opening.
///
/// # Complexity
/// O(cells).
pub fn three_bv_units(board: &Board) -> Vec<usize> {
    let mut units = Vec::new();
    let covered = openings(board, |start| units.push(start));
    let grid = board.grid();
    units.extend((0..grid.len()).filter(|&cell| !covered[cell] && !board.is_mine(cell)));
    units.sort_unstable();
    units
}

/// Calls `first` with the first 0 of each opening, in index order, and returns which cells
/// the openings cover (their 0s and the numbers around them).
fn openings(board: &Board, mut first: impl FnMut(usize)) -> Vec<bool> {
    let grid = board.grid();
    let mut covered = vec![false; grid.len()];
    let mut stack = Vec::new();
    for start in 0..grid.len() {
        if covered[start] || board.is_mine(start) || board.count(start) != 0 {
            continue;
        }
        first(start);
        covered[start] = true;
        stack.push(start);
        while let Some(cell) = stack.pop() {
            for next in grid.neighbours(cell) {
                if !covered[next] {
                    covered[next] = true;
                    if board.count(next) == 0 {
                        stack.push(next);
                    }
                }
            }
        }
    }
    covered
}

/// The board's 3BV (see the module's definitions).
///
/// # Examples
/// ```
/// use minejudge::board::{Board, Grid};
/// use minejudge::game_stats::three_bv;
/// // "*1.." : one opening (the two 0s with the 1 beside them): 1 click.
/// assert_eq!(three_bv(&Board::from_mines(Grid::new(1, 4), [0])), 1);
/// // ".*." : two numbers next to no 0: 2 clicks.
/// assert_eq!(three_bv(&Board::from_mines(Grid::new(1, 3), [1])), 2);
/// ```
pub fn three_bv(board: &Board) -> usize {
    // As many as the units, without listing and sorting them.
    let mut count = 0;
    let covered = openings(board, |_| count += 1);
    let lone = (0..covered.len()).filter(|&cell| !covered[cell] && !board.is_mine(cell));
    count + lone.count()
}

/// The clicks of a game.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Clicks {
    /// Opens (left clicks), whatever they did.
    pub left: u64,
    /// Flags set or removed, and right clicks that did nothing.
    pub right: u64,
    /// Chords (a click on a number to open its other neighbours).
    pub chords: u64,
    /// The effective clicks: opens that opened a safe cell, chords that opened a cell (a mine
    /// too), and the first flag on each mine (a flag on a safe cell, a flag removed or set
    /// again, is no progress).
    pub effective: u64,
}

impl Clicks {
    /// Every click.
    pub fn total(&self) -> u64 {
        self.left + self.right + self.chords
    }
}

/// Counts a game's clicks as they are made.
#[derive(Clone, Debug, Default)]
pub struct Tally {
    clicks: Clicks,
    /// The mines flagged so far: only the first flag on each is effective.
    flagged: Vec<bool>,
}

impl Tally {
    /// Counts `action` on `board`, which `applied` tells the effect of. Moves after the end are
    /// no clicks of the game: the caller does not count them.
    pub fn count(&mut self, board: &Board, action: Move, applied: Applied) {
        let effective = match action {
            Move::Open(_) => {
                self.clicks.left += 1;
                matches!(applied, Applied::Opened(1..))
            }
            Move::Chord(_) => {
                self.clicks.chords += 1;
                matches!(applied, Applied::Opened(1..) | Applied::Mine(_))
            }
            Move::Flag(cell) => {
                self.clicks.right += 1;
                if self.flagged.len() < board.grid().len() {
                    self.flagged.resize(board.grid().len(), false);
                }
                applied == Applied::Flagged
                    && board.is_mine(cell)
                    && !std::mem::replace(&mut self.flagged[cell], true)
            }
        };
        self.clicks.effective += u64::from(effective);
    }

    /// The clicks counted.
    pub fn clicks(&self) -> Clicks {
        self.clicks
    }
}

/// A game's statistics.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Figures {
    /// The board's 3BV.
    pub three_bv: usize,
    /// The 3BV the open cells solve.
    pub solved: usize,
    /// The clicks.
    pub clicks: Clicks,
    /// From the first click to the end, in milliseconds.
    pub millis: u64,
}

impl Figures {
    /// The figures of the game on `board` whose open cells are `cover`'s, played in `clicks`
    /// over `millis`.
    pub fn of(board: &Board, cover: &Cover, clicks: Clicks, millis: u64) -> Figures {
        let units = three_bv_units(board);
        let solved = units.iter().filter(|&&cell| cover.is_open(cell)).count();
        Figures {
            three_bv: units.len(),
            solved,
            clicks,
            millis,
        }
    }

    /// 3BV solved per second; `None` in no time.
    pub fn per_second(&self) -> Option<f64> {
        ratio(self.solved as f64 * 1000.0, self.millis)
    }

    /// IOE: 3BV solved per click; `None` without a click.
    pub fn ioe(&self) -> Option<f64> {
        ratio(self.solved as f64, self.clicks.total())
    }

    /// Correctness (ms-toollib's `corr`): the share of clicks that were effective; `None`
    /// without a click.
    pub fn correctness(&self) -> Option<f64> {
        ratio(self.clicks.effective as f64, self.clicks.total())
    }

    /// Throughput: 3BV solved per effective click; `None` without one.
    pub fn throughput(&self) -> Option<f64> {
        ratio(self.solved as f64, self.clicks.effective)
    }
}

fn ratio(numerator: f64, denominator: u64) -> Option<f64> {
    (denominator > 0).then(|| numerator / denominator as f64)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::tests::board_from;
    use crate::board::{FlagsInCascade, Grid};
    use crate::moves;

    #[test]
    fn three_bv_counts_openings_and_lone_numbers() {
        assert_eq!(three_bv(&board_from(&["*..", "...", "..."])), 1);
        assert_eq!(three_bv(&board_from(&["*.*"])), 1);
        assert_eq!(three_bv(&board_from(&[".*..."])), 2);
        assert_eq!(three_bv(&board_from(&["***"])), 0);
        // Against clicking as a player would: every 0 still closed, then every safe cell left.
        let seed = 3;
        let mut rng = crate::rng::Rng::new(seed);
        for _ in 0..300 {
            let grid = Grid::new(1 + rng.below(9), 1 + rng.below(9));
            let mine = (0..grid.len()).map(|_| rng.chance(0.25)).collect();
            let board = Board::new(grid, mine);
            let mut cover = Cover::new(&board);
            let mut opened = Vec::new();
            let mut clicks = 0;
            let zeros_first = (0..grid.len()).filter(|&c| board.count(c) == 0);
            for cell in zeros_first.chain(0..grid.len()) {
                if !board.is_mine(cell) && !cover.is_open(cell) {
                    clicks += 1;
                    cover.reveal_from(&board, cell, FlagsInCascade::Cleared, &mut opened);
                }
            }
            assert_eq!(three_bv(&board), clicks, "seed {seed}: {board:?}");
            assert_eq!(
                three_bv_units(&board).len(),
                clicks,
                "seed {seed}: {board:?}"
            );
        }
    }

    #[test]
    fn a_click_that_changes_nothing_counts_but_is_not_effective() {
        let board = board_from(&["*..", "...", "..*"]);
        let mut cover = Cover::new(&board);
        let mut tally = Tally::default();
        let mut opened = Vec::new();
        // 3BV 2: the openings of (0,2) and of (2,0), which every number touches.
        let play = [
            Move::Open(1),
            Move::Open(1),
            Move::Flag(0),
            Move::Flag(0),
            Move::Flag(0),
            Move::Flag(3),
            Move::Flag(3),
            Move::Chord(1),
        ];
        for action in play {
            let applied = moves::apply(&board, &mut cover, action, &mut opened);
            tally.count(&board, action, applied);
        }
        let clicks = tally.clicks();
        assert_eq!((clicks.left, clicks.right, clicks.chords), (2, 5, 1));
        // The first open, the first flag on the mine, and the chord that opened (0,2)'s side.
        assert_eq!(clicks.effective, 3);
        let figures = Figures::of(&board, &cover, clicks, 2000);
        assert_eq!(
            (figures.three_bv, figures.solved),
            (2, 1),
            "the chord opened (0,2)'s"
        );
        assert_eq!(figures.per_second(), Some(0.5));
        assert_eq!(figures.ioe(), Some(0.125));
        assert_eq!(figures.correctness(), Some(0.375));
        assert_eq!(figures.throughput(), Some(1.0 / 3.0));
        assert_eq!(
            Figures::of(&board, &cover, Clicks::default(), 0).ioe(),
            None
        );
    }
}
