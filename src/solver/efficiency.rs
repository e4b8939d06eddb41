//! Play for efficiency: among the moves the numbers prove safe, the one that opens the board in
//! the fewest clicks (3BV ÷ clicks, every open, flag and chord counted as Windows counts them).
//!
//! It chooses only among proven moves, so it changes the order in which proven cells are
//! opened, never what is known: a player that takes its moves until none is left has opened
//! every cell the numbers can prove safe, as the default player has before it guesses (what
//! is proven safe stays proven as more opens, so the cells open in the end do not depend on
//! the order).
//!
//! The moves, best first:
//! 1. a closed cell proven to show 0 (every neighbour proven safe or open): one click opens
//!    its whole opening, the chord of a number next to it whose mines are all flagged where
//!    there is one (the same click opens that number's other safe cells too);
//! 2. the chord that saves the most clicks: on a number whose closed neighbours are all
//!    proven, the chord opens its `b` safe ones for one click and a flag on each of its `f`
//!    mines not flagged yet, `b - f - 1` clicks saved over opening them one by one (the same
//!    saving for a proven safe cell whose neighbours are all proven, opened first and then
//!    chorded). A chord that saves nothing is still taken: its flags make the chords of the
//!    other numbers around those mines cheaper, which later choices see (on expert games this
//!    gains about 4 points of efficiency over chords that save a click at least). Among equal
//!    savings, the chord that opens the most. Flags are placed only as part of such a chord,
//!    one click at a time;
//! 3. else one proven safe cell, opened alone: the one whose neighbouring numbers could save
//!    the least by a chord some day (a cell a chord may open later is kept for it), the
//!    fewer numbers around it that could break even by a chord, then the more closed safe
//!    cells around it (opened, it may be chorded), then the order given (the solver's when
//!    clicks are counted: the likeliest to be a click a player clicking as little as possible
//!    makes too, a 0 or a number no 0 can open).
//!
//! # Complexity
//! One choice is O(cells listed): each is looked at with its neighbours' neighbours.

use super::view::Seen;
use crate::board::Grid;
use crate::moves::Move;

/// What the player knows: what is seen of each cell, and which cells the numbers prove safe
/// or mines. A flag on a cell not proven a mine is a belief and makes no chord certain.
#[derive(Clone, Copy, Debug)]
pub struct Proven<'a> {
    /// The grid.
    pub grid: Grid,
    /// What is seen of each cell, row-major.
    pub seen: &'a [Seen],
    /// Per cell: proven safe.
    pub safe: &'a [bool],
    /// Per cell: proven a mine.
    pub mine: &'a [bool],
}

/// The efficient move and the clicks it saves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Efficient {
    /// The click to make: an open, a flag (the first clicks of a chord's plan) or a chord.
    pub action: Move,
    /// The clicks the plan saves over opening its cells one by one: 0 for a cell opened
    /// alone, and `i64::MAX` for a cell proven to show 0 (what it opens is not known before).
    pub saving: i64,
}

/// The efficient proven move, looking at the closed cells proven safe in `candidates` (cells
/// open, flagged or not proven safe there are skipped). `None` when no listed cell is a closed
/// cell proven safe.
///
/// # Examples
/// ```
/// use minejudge::board::Grid;
/// use minejudge::moves::Move;
/// use minejudge::solver::{efficient_move, Proven, Seen};
/// // 1 * ?      the 1 in the corner sees the mine (cell 1) and two safe cells (3 and 4):
/// // s s ?      flag and chord, two clicks for two cells, and the flag may serve again.
/// let (o, c) = (Seen::Open(1), Seen::Closed);
/// let seen = [o, c, c, c, c, c];
/// let safe = [false, false, false, true, true, false];
/// let mine = [false, true, false, false, false, false];
/// let known = Proven { grid: Grid::new(2, 3), seen: &seen, safe: &safe, mine: &mine };
/// let first = efficient_move(&known, &[3, 4]).unwrap();
/// assert_eq!((first.action, first.saving), (Move::Flag(1), 0));
/// ```
pub fn efficient_move(known: &Proven, candidates: &[u32]) -> Option<Efficient> {
    // (saving, cells opened) of the best chord so far, and the best cell to open alone with
    // its potential.
    let mut best: Option<(Efficient, i64)> = None;
    let mut alone: Option<(usize, i64)> = None;
    let offer = |best: &mut Option<(Efficient, i64)>, action, plan: &Plan| {
        let key = (plan.saving(), plan.opens);
        if key.0 >= 0 && best.map_or(true, |(b, opens)| key > (b.saving, opens)) {
            let efficient = Efficient {
                action,
                saving: key.0,
            };
            *best = Some((efficient, plan.opens));
        }
    };
    for &cell in candidates {
        let cell = cell as usize;
        if known.seen.get(cell) != Some(&Seen::Closed) || !known.safe[cell] {
            continue;
        }
        match around(known, cell) {
            Some(plan) if plan.mines == 0 && plan.flags == 0 => {
                return Some(Efficient {
                    action: zero_by_chord(known, cell),
                    saving: i64::MAX,
                })
            }
            Some(plan) => offer(&mut best, Move::Open(cell), &plan),
            None => {}
        }
        for number in known.grid.neighbours(cell) {
            if !matches!(known.seen[number], Seen::Open(n) if n > 0) {
                continue;
            }
            if let Some(plan) = around(known, number) {
                offer(&mut best, plan.next_click(number), &plan);
            }
        }
        let potential = potential(known, cell);
        if alone.map_or(true, |(_, least)| potential < least) {
            alone = Some((cell, potential));
        }
    }
    best.map(|(efficient, _)| efficient).or_else(|| {
        alone.map(|(cell, _)| Efficient {
            action: Move::Open(cell),
            saving: 0,
        })
    })
}

/// The click that opens the proven 0 at `cell`: the chord of a number next to it whose mines
/// are all flagged and which opens the most (it opens the 0 and its opening for the same one
/// click, and its other safe cells too), else the 0 itself.
fn zero_by_chord(known: &Proven, cell: usize) -> Move {
    let (mut action, mut most) = (Move::Open(cell), 0);
    for number in known.grid.neighbours(cell) {
        if !matches!(known.seen[number], Seen::Open(n) if n > 0) {
            continue;
        }
        if let Some(plan) = around(known, number) {
            if plan.mines == 0 && plan.opens > most {
                (action, most) = (Move::Chord(number), plan.opens);
            }
        }
    }
    action
}

/// A chord's plan around one cell: its neighbours, all proven.
struct Plan {
    /// Closed safe neighbours the chord opens.
    opens: i64,
    /// Proven mines around it not flagged yet, each a click.
    mines: i64,
    /// Proven mines around it flagged.
    flags: i64,
    /// One of the mines not flagged yet.
    unflagged: Option<usize>,
}

impl Plan {
    /// The clicks the chord saves over opening its cells one by one.
    fn saving(&self) -> i64 {
        self.opens - self.mines - 1
    }

    /// The plan's next click at `number`: a flag while one is missing, then the chord.
    fn next_click(&self, number: usize) -> Move {
        match self.unflagged {
            Some(mine) => Move::Flag(mine),
            None => Move::Chord(number),
        }
    }
}

/// The plan around `cell` when every closed or flagged neighbour is proven (a flag proven a
/// mine), else `None`.
fn around(known: &Proven, cell: usize) -> Option<Plan> {
    let mut plan = Plan {
        opens: 0,
        mines: 0,
        flags: 0,
        unflagged: None,
    };
    for next in known.grid.neighbours(cell) {
        match known.seen[next] {
            Seen::Open(_) => {}
            Seen::Flagged if known.mine[next] => plan.flags += 1,
            Seen::Flagged => return None,
            Seen::Closed if known.mine[next] => {
                plan.mines += 1;
                plan.unflagged.get_or_insert(next);
            }
            Seen::Closed if known.safe[next] => plan.opens += 1,
            Seen::Closed => return None,
        }
    }
    Some(plan)
}

/// The order in which the safe `cell` is opened alone, lowest first: the most clicks a chord
/// of a number around it could save once every cell around that number is proven (its safe
/// cells and its mines are counted exactly, from the number: only which cells they are is
/// unknown), `i64::MIN` next to no number; then the fewer such numbers that could save a click
/// or break even, then the more closed safe cells around it. A cell with a high potential is
/// opened alone last: a chord may open it later for less; a cell next to closed safe cells may
/// be chorded once it shows its number.
fn potential(known: &Proven, cell: usize) -> i64 {
    let (mut best, mut chordable, mut safe_around) = (i64::MIN, 0i64, 0i64);
    for number in known.grid.neighbours(cell) {
        let Seen::Open(n) = known.seen[number] else {
            if known.seen[number] == Seen::Closed && known.safe[number] {
                safe_around += 1;
            }
            continue;
        };
        let (mut closed, mut flagged) = (0i64, 0i64);
        for next in known.grid.neighbours(number) {
            match known.seen[next] {
                Seen::Open(_) => {}
                Seen::Flagged => flagged += 1,
                Seen::Closed => closed += 1,
            }
        }
        // Its safe cells are the closed ones less its mines not flagged; a click each for
        // those mines' flags and one for the chord.
        let unflagged = n as i64 - flagged;
        let saving = (closed - unflagged) - unflagged - 1;
        best = best.max(saving);
        chordable += i64::from(saving >= 0);
    }
    if best == i64::MIN {
        return best;
    }
    // At most 8 neighbours each: the fields do not overlap.
    best * 256 + chordable * 16 - safe_around
}
