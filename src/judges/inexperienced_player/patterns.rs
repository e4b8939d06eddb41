//! Crafted `inexperienced-player` boards: mine maps (row-major, `true` for a mine) built from
//! one-way doors, for the benchmark, the tests and problem setters who want the hard cases.
//!
//! Everything rests on the **door**: inside a 4-wide corridor between 2-thick mine walls, two
//! band rows `...M` over `MM..`. Coming from the room above it, the two rules flag and open their
//! way through it into the room below; coming from below they stall. Rotated and mirrored, it
//! points any of the four ways. Rooms are stretches of corridor between doors: their middle
//! cells see no mine, so opening one opens the whole room at once, and every room is a region
//! of zeros, that is a start of its own.

use crate::board::Grid;

/// Which way a door lets the rules through.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Way {
    Up,
    Down,
    Left,
    Right,
}

/// A mine map under construction: all mines until rooms are carved out of it.
struct MineMap {
    grid: Grid,
    mine: Vec<bool>,
}

impl MineMap {
    fn all_mines(rows: usize, cols: usize) -> MineMap {
        let grid = Grid::new(rows, cols);
        MineMap {
            grid,
            mine: vec![true; grid.len()],
        }
    }

    /// Clears the rectangle of `height` x `width` cells whose top left cell is (`row`, `col`).
    fn clear(&mut self, row: usize, col: usize, height: usize, width: usize) {
        for r in row..row + height {
            let first = self.grid.index(r, col);
            self.mine[first..first + width].fill(false);
        }
    }

    /// Writes `rows` (of `M` and `.`) with its top left cell at (`row`, `col`).
    fn pattern<const N: usize>(&mut self, row: usize, col: usize, rows: &[&[u8; N]]) {
        for (r, line) in rows.iter().enumerate() {
            for (c, &byte) in line.iter().enumerate() {
                let index = self.grid.index(row + r, col + c);
                self.mine[index] = byte == b'M';
            }
        }
    }

    /// A door of 4 x 2 cells (2 x 4 for `Left` and `Right`) with its top left cell at
    /// (`row`, `col`), in a corridor of width 4 that runs across it. Rules pass it towards `way`.
    fn door(&mut self, row: usize, col: usize, way: Way) {
        // The first band is the one the rules meet first.
        const FIRST: &[u8; 4] = b"...M";
        const SECOND: &[u8; 4] = b"MM..";
        let bands: [(usize, &[u8; 4]); 2] = match way {
            Way::Down | Way::Right => [(0, FIRST), (1, SECOND)],
            Way::Up | Way::Left => [(0, SECOND), (1, FIRST)],
        };
        for (band, pattern) in bands {
            for (along, &byte) in pattern.iter().enumerate() {
                let (r, c) = match way {
                    Way::Up | Way::Down => (row + band, col + along),
                    Way::Left | Way::Right => (row + along, col + band),
                };
                let index = self.grid.index(r, c);
                self.mine[index] = byte == b'M';
            }
        }
    }
}

/// The smallest sides [`snake_of_pockets`] accepts: one strip of two pockets.
pub const SNAKE_MIN_SIDES: (usize, usize) = (14, 28);

/// The **snake of pockets**: horizontal strips of 4x10 rooms (pockets), each leading through a
/// door into the pocket on its left; the first pocket of each strip leads up into a corridor of
/// 4x4 relay rooms that carries the chain rightwards and up into the last pocket of the strip
/// above. So the pockets form one chain in row-major order, each reaching every pocket before
/// it, and all pockets flood alike, so a search that tries starts by flood size, ties in
/// row-major order, meets them from the bottom of the chain up.
///
/// The strips repeat every 12 rows: 2 rows of wall, the relay corridor (4 rows), 2 of wall, the
/// pocket corridor (4 rows); pockets repeat every 12 columns, from column 2. Rows and columns
/// left over stay mines.
///
/// # Panics
/// If the sides are under [`SNAKE_MIN_SIDES`].
///
/// # Complexity
/// O(rows * cols).
pub fn snake_of_pockets(rows: usize, cols: usize) -> Vec<bool> {
    assert!(
        rows >= SNAKE_MIN_SIDES.0 && cols >= SNAKE_MIN_SIDES.1,
        "a snake of pockets needs at least {SNAKE_MIN_SIDES:?} cells, not {rows}x{cols}"
    );
    let mut map = MineMap::all_mines(rows, cols);
    let pockets = (cols - 4) / 12;
    let relays = 2 * pockets - 1;
    for strip in 0..(rows - 2) / 12 {
        let top = 12 * strip;
        for pocket in 0..pockets {
            let left = 2 + 12 * pocket;
            map.clear(top + 8, left, 4, 10);
            if pocket > 0 {
                map.door(top + 8, left - 2, Way::Left);
            }
        }
        if strip == 0 {
            continue;
        }
        for relay in 0..relays {
            let left = 2 + 6 * relay;
            map.clear(top + 2, left, 4, 4);
            if relay > 0 {
                map.door(top + 2, left - 2, Way::Right);
            }
        }
        // From the first pocket up into the first relay room, and from the last relay room up
        // into the last pocket of the strip above (its columns lie within that pocket's).
        map.door(top + 6, 2, Way::Up);
        map.door(top, 2 + 6 * (relays - 1), Way::Up);
    }
    map.mine
}

/// The smallest sides [`chain_into_region`] accepts: two pockets and a region beside them.
pub const CHAIN_MIN_SIDES: (usize, usize) = (26, 10);

/// The **chain into an empty region**: a vertical corridor of 4x10 pockets down the left edge,
/// each leading up through a door into the pocket above, the top one leading right into an
/// empty region that fills the rest of the board. The region floods the most, so a search by
/// flood size plays it first; then come the pockets from the top of the chain down, each
/// reaching the region and every pocket above it.
///
/// # Panics
/// If the sides are under [`CHAIN_MIN_SIDES`].
///
/// # Complexity
/// O(rows * cols).
pub fn chain_into_region(rows: usize, cols: usize) -> Vec<bool> {
    assert!(
        rows >= CHAIN_MIN_SIDES.0 && cols >= CHAIN_MIN_SIDES.1,
        "a chain into a region needs at least {CHAIN_MIN_SIDES:?} cells, not {rows}x{cols}"
    );
    let mut map = MineMap::all_mines(rows, cols);
    map.clear(0, 8, rows, cols - 8);
    for pocket in 0..(rows - 2) / 12 {
        let top = 2 + 12 * pocket;
        map.clear(top, 2, 10, 4);
        if pocket > 0 {
            map.door(top - 2, 2, Way::Up);
        }
    }
    map.door(2, 6, Way::Right);
    map.mine
}

/// The smallest sides [`fan_in`] accepts: two pockets between the regions.
pub const FAN_IN_MIN_SIDES: (usize, usize) = (16, 14);

/// The **fan-in**: a band of 4x10 pockets across the middle of the board, each leading up
/// through a door into the empty region above the band and down through another into the one
/// below it. Every pocket's end state holds both regions, which do not reach each other, so a
/// search that builds each pocket's end state on one region derives the other again for each.
///
/// The band takes 14 rows (walls with the doors, 2 each, and the pockets), the region above
/// it as many rows as the one below, or one more; pockets repeat every 6 columns from column 2.
///
/// # Panics
/// If the sides are under [`FAN_IN_MIN_SIDES`].
///
/// # Complexity
/// O(rows * cols).
pub fn fan_in(rows: usize, cols: usize) -> Vec<bool> {
    assert!(
        rows >= FAN_IN_MIN_SIDES.0 && cols >= FAN_IN_MIN_SIDES.1,
        "a fan-in needs at least {FAN_IN_MIN_SIDES:?} cells, not {rows}x{cols}"
    );
    let mut map = MineMap::all_mines(rows, cols);
    let band = (rows - 14) / 2 + (rows - 14) % 2;
    map.clear(0, 0, band, cols);
    map.clear(band + 14, 0, rows - band - 14, cols);
    for pocket in 0..(cols - 2) / 6 {
        let left = 2 + 6 * pocket;
        map.clear(band + 2, left, 10, 4);
        map.door(band, left, Way::Up);
        map.door(band + 12, left, Way::Down);
    }
    map.mine
}

/// The smallest sides [`detour`] accepts: two pockets, a region under them and one below.
pub const DETOUR_MIN_SIDES: (usize, usize) = (20, 14);

/// The **detour**: a row of 4x10 pockets along the top, each leading down through a door into
/// an empty region, which a larger empty region below it reaches through a door of its own.
/// The larger region's end state holds the smaller one, so no start is ever played from the
/// smaller one, and each pocket's game goes through it on the way to nothing else.
///
/// The pockets take rows 0 to 9 and the walls with their doors rows 10 and 11; the smaller
/// region takes a third of the rows left, then 2 rows of wall, then the larger region.
///
/// # Panics
/// If the sides are under [`DETOUR_MIN_SIDES`].
///
/// # Complexity
/// O(rows * cols).
pub fn detour(rows: usize, cols: usize) -> Vec<bool> {
    assert!(
        rows >= DETOUR_MIN_SIDES.0 && cols >= DETOUR_MIN_SIDES.1,
        "a detour needs at least {DETOUR_MIN_SIDES:?} cells, not {rows}x{cols}"
    );
    let mut map = MineMap::all_mines(rows, cols);
    let wall = 12 + ((rows - 14) / 3).max(4);
    for pocket in 0..(cols - 2) / 6 {
        let left = 2 + 6 * pocket;
        map.clear(0, left, 10, 4);
        map.door(10, left, Way::Down);
    }
    map.clear(12, 0, wall - 12, cols);
    map.clear(wall + 2, 0, rows - wall - 2, cols);
    map.door(wall, 2, Way::Up);
    map.mine
}

/// The smallest sides [`pockets_on_a_wire`] accepts: one strip of two rooms, and the region.
pub const WIRE_MIN_SIDES: (usize, usize) = (40, 16);

/// **Pockets on a wire**: in the upper half of the board, strips of 4x4 rooms joined by
/// **wire**, a 4-high corridor with a mine every other cell along its edges (`.M` / `..` / `..`
/// / `M.`), which has no 0 cell, yet the rules cross it both ways; the strips are joined into
/// one snake by vertical wire (`...M` / `M...`) at alternating ends, and above every room a
/// 4x10 pocket leads down into it through a door. The lower half is an empty region, which
/// leads up through a door into the first room of the last strip. So every pocket's end state
/// holds the whole wire and its rooms, and the region's holds them too, but no pocket reaches
/// the region. The rooms flood 19 to 22 cells, too few to stop at.
///
/// The strips repeat every 18 rows (pockets, 10 rows; walls with their doors, 2; the strip, 4;
/// walls, 2); rooms every 6 columns from column 2. The region takes the rows left below the
/// last strip after 2 rows of wall.
///
/// # Panics
/// If the sides are under [`WIRE_MIN_SIDES`].
///
/// # Complexity
/// O(rows * cols).
pub fn pockets_on_a_wire(rows: usize, cols: usize) -> Vec<bool> {
    assert!(
        rows >= WIRE_MIN_SIDES.0 && cols >= WIRE_MIN_SIDES.1,
        "pockets on a wire need at least {WIRE_MIN_SIDES:?} cells, not {rows}x{cols}"
    );
    const ALONG: [&[u8; 2]; 4] = [b".M", b"..", b"..", b"M."];
    const DOWN: [&[u8; 4]; 2] = [b"...M", b"M..."];
    let mut map = MineMap::all_mines(rows, cols);
    let strips = ((rows - rows / 2 - 2) / 18).max(1);
    let rooms = (cols - 4) / 6;
    let turn = |strip: usize| {
        if strip % 2 == 0 {
            2 + 6 * (rooms - 1)
        } else {
            2
        }
    };
    for strip in 0..strips {
        let top = 18 * strip;
        let wire = top + 12;
        for room in 0..rooms {
            let left = 2 + 6 * room;
            // The vertical wire from the strip above comes down where a pocket would be.
            if strip == 0 || left != turn(strip - 1) {
                map.clear(top, left, 10, 4);
                map.door(top + 10, left, Way::Down);
            }
            map.clear(wire, left, 4, 4);
            if room + 1 < rooms {
                map.pattern(wire, left + 4, &ALONG);
            }
        }
        if strip + 1 < strips {
            for row in 0..14 {
                map.pattern(wire + 4 + row, turn(strip), &[DOWN[row % 2]]);
            }
        }
    }
    let last = 18 * (strips - 1) + 12;
    map.door(last + 4, 2, Way::Up);
    map.clear(last + 6, 0, rows - last - 6, cols);
    map.mine
}

/// The smallest sides [`comb`] accepts: one strip of two rooms and their pockets.
pub const COMB_MIN_SIDES: (usize, usize) = (18, 16);

/// The **comb**: strips of 4x4 rooms, each leading through a door into the next, the strips
/// joined at alternating ends into one chain that ends at the top left; above every room, a
/// 4x10 pocket leads down into it through a door. Every pocket's end state is its room and
/// everything after it along the chain. In the strips that flow left, a search that tries
/// the pockets in row-major order meets each pocket after the one whose end state it contains,
/// and each reaches it only through rooms too small to be worth stopping at.
///
/// The strips repeat every 18 rows (pockets, 10; walls with their doors, 2; the rooms, 4;
/// walls, 2), the rooms every 6 columns from column 2. Where the chain turns, two more rooms
/// and three doors going up replace the pocket.
///
/// # Panics
/// If the sides are under [`COMB_MIN_SIDES`].
///
/// # Complexity
/// O(rows * cols).
pub fn comb(rows: usize, cols: usize) -> Vec<bool> {
    assert!(
        rows >= COMB_MIN_SIDES.0 && cols >= COMB_MIN_SIDES.1,
        "a comb needs at least {COMB_MIN_SIDES:?} cells, not {rows}x{cols}"
    );
    let mut map = MineMap::all_mines(rows, cols);
    let rooms = (cols - 4) / 6;
    let last = 2 + 6 * (rooms - 1);
    for strip in 0..rows / 18 {
        let top = 18 * strip;
        let flows_left = strip % 2 == 0;
        // Where the chain comes up from this strip into the one above: its end.
        let turn = if flows_left { 2 } else { last };
        for room in 0..rooms {
            let left = 2 + 6 * room;
            if strip == 0 || left != turn {
                map.clear(top, left, 10, 4);
                map.door(top + 10, left, Way::Down);
            }
            map.clear(top + 12, left, 4, 4);
            if room > 0 {
                let way = if flows_left { Way::Left } else { Way::Right };
                map.door(top + 12, left - 2, way);
            }
        }
        if strip > 0 {
            map.door(top - 2, turn, Way::Up);
            map.clear(top, turn, 4, 4);
            map.door(top + 4, turn, Way::Up);
            map.clear(top + 6, turn, 4, 4);
            map.door(top + 10, turn, Way::Up);
        }
    }
    map.mine
}

/// The smallest sides [`feeders`] accepts: two bands of one pocket each.
pub const FEEDERS_MIN_SIDES: (usize, usize) = (50, 28);

/// **Feeders**: one long one-way wire of doors (no room of zeros on it but small junction
/// rooms and turns) snaking through horizontal bands of 24 rows, and 4x10 pockets that each
/// feed it through a door into a junction. In each band the wire runs leftwards below the
/// pockets (the flow corridor), then up and rightwards above them (the return corridor) and
/// down into the flow corridor of the band above. So the wire starts in the last band and
/// ends in the first: a pocket's end state is its own room and the wire downstream of it,
/// the pockets tried first (row-major among equal floods) are the furthest downstream, and
/// each later one reaches more than any before it. Built against the search's bounds: no
/// pocket reaches another's region, and the end state found first is the smallest.
///
/// Bands repeat every 24 rows from row 2: the return corridor (4 rows), 2 of wall, the
/// pockets (10), their doors (2), the flow corridor (4), 2 of wall. Junctions repeat every
/// 10 columns from the right end of the wire. Rows and columns left over stay mines.
///
/// # Panics
/// If the sides are under [`FEEDERS_MIN_SIDES`].
///
/// # Complexity
/// O(rows * cols).
pub fn feeders(rows: usize, cols: usize) -> Vec<bool> {
    assert!(
        rows >= FEEDERS_MIN_SIDES.0 && cols >= FEEDERS_MIN_SIDES.1,
        "feeders need at least {FEEDERS_MIN_SIDES:?} cells, not {rows}x{cols}"
    );
    let mut map = MineMap::all_mines(rows, cols);
    let bands = (rows - 2) / 24;
    let junctions = (cols - 18) / 10;
    let right = 12 + 10 * junctions;
    // A wire of doors one column apart from column `from` up to `to`, in the corridor whose
    // top row is `row`.
    let across = |map: &mut MineMap, row: usize, from: usize, to: usize, way: Way| {
        let mut col = from;
        while col < to {
            map.door(row, col, way);
            if col + 2 < to {
                map.clear(row, col + 2, 4, 1);
            }
            col += 3;
        }
    };
    // The same down a column whose left column is `col`, from row `from` to `to`.
    let down = |map: &mut MineMap, col: usize, from: usize, to: usize, way: Way| {
        let mut row = from;
        while row < to {
            map.door(row, col, way);
            if row + 2 < to {
                map.clear(row + 2, col, 1, 4);
            }
            row += 3;
        }
    };
    for band in 0..bands {
        let top = 2 + 24 * band;
        let (back, pockets, flow) = (top, top + 6, top + 18);
        map.clear(flow, right, 4, 4);
        map.clear(flow, 2, 4, 4);
        let mut col = right;
        for _ in 0..junctions {
            across(&mut map, flow, col - 6, col, Way::Left);
            col -= 10;
            map.clear(flow, col, 4, 4);
            map.clear(pockets, col, 10, 4);
            map.door(pockets + 10, col, Way::Down);
        }
        across(&mut map, flow, 6, col, Way::Left);
        map.clear(back, 2, 4, 4);
        map.clear(back, right, 4, 4);
        across(&mut map, back, 6, right, Way::Right);
        down(&mut map, 2, back + 4, flow, Way::Up);
        if band > 0 {
            down(&mut map, right, back - 2, back, Way::Up);
        }
    }
    map.mine
}

/// The patterns' names on the command line, in the order of [`Pattern::ALL`].
pub const NAMES: [&str; 7] = [
    "snake", "chain", "fan-in", "detour", "wire", "comb", "feeders",
];

/// One of the crafted boards, by name: what `gen --pattern` offers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pattern {
    /// [`snake_of_pockets`].
    Snake,
    /// [`chain_into_region`].
    Chain,
    /// [`fan_in`].
    FanIn,
    /// [`detour`].
    Detour,
    /// [`pockets_on_a_wire`].
    Wire,
    /// [`comb`].
    Comb,
    /// [`feeders`].
    Feeders,
}

impl Pattern {
    /// Every pattern, in the order `gen --help` lists them.
    pub const ALL: [Pattern; 7] = [
        Pattern::Snake,
        Pattern::Chain,
        Pattern::FanIn,
        Pattern::Detour,
        Pattern::Wire,
        Pattern::Comb,
        Pattern::Feeders,
    ];

    /// The name on the command line.
    pub fn name(self) -> &'static str {
        NAMES[self as usize]
    }

    /// The pattern called `name`.
    pub fn named(name: &str) -> Option<Pattern> {
        Pattern::ALL.into_iter().find(|p| p.name() == name)
    }

    /// The smallest `(rows, cols)` the pattern can be built on.
    pub fn min_sides(self) -> (usize, usize) {
        match self {
            Pattern::Snake => SNAKE_MIN_SIDES,
            Pattern::Chain => CHAIN_MIN_SIDES,
            Pattern::FanIn => FAN_IN_MIN_SIDES,
            Pattern::Detour => DETOUR_MIN_SIDES,
            Pattern::Wire => WIRE_MIN_SIDES,
            Pattern::Comb => COMB_MIN_SIDES,
            Pattern::Feeders => FEEDERS_MIN_SIDES,
        }
    }

    /// The mine map of the pattern on `rows` x `cols` cells.
    ///
    /// # Panics
    /// If the sides are under [`Pattern::min_sides`].
    pub fn mines(self, rows: usize, cols: usize) -> Vec<bool> {
        let build = match self {
            Pattern::Snake => snake_of_pockets,
            Pattern::Chain => chain_into_region,
            Pattern::FanIn => fan_in,
            Pattern::Detour => detour,
            Pattern::Wire => pockets_on_a_wire,
            Pattern::Comb => comb,
            Pattern::Feeders => feeders,
        };
        build(rows, cols)
    }
}

/// The judge's input for one board: `r c`, the rows of `M` and `.`, and the closing `0 0`.
///
/// # Panics
/// If `mine` does not have `rows * cols` cells.
pub fn judge_input(rows: usize, cols: usize, mine: &[bool]) -> Vec<u8> {
    assert_eq!(mine.len(), rows * cols, "a mine map of the wrong size");
    let mut out = Vec::with_capacity(mine.len() + rows + 32);
    out.extend_from_slice(format!("{rows} {cols}\n").as_bytes());
    for row in mine.chunks(cols) {
        out.extend(row.iter().map(|&m| if m { b'M' } else { b'.' }));
        out.push(b'\n');
    }
    out.extend_from_slice(b"0 0\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_size_from_the_smallest_gives_a_valid_board() {
        for pattern in Pattern::ALL {
            let name = pattern.name();
            assert_eq!(Pattern::named(name), Some(pattern));
            let (min_rows, min_cols) = pattern.min_sides();
            for (rows, cols) in [
                (min_rows, min_cols),
                (min_rows + 7, min_cols + 5),
                (97, 131),
            ] {
                let mine = pattern.mines(rows, cols);
                assert_eq!(mine.len(), rows * cols, "{name} {rows}x{cols}");
                assert!(mine.contains(&true), "{name} {rows}x{cols} has no mine");
                assert!(
                    mine.contains(&false),
                    "{name} {rows}x{cols} has no safe cell"
                );
            }
        }
    }

    #[test]
    #[should_panic(expected = "a snake of pockets needs at least")]
    fn too_small_a_board_is_refused() {
        snake_of_pockets(SNAKE_MIN_SIDES.0 - 1, SNAKE_MIN_SIDES.1);
    }

    #[test]
    fn the_snake_is_as_described() {
        let (rows, cols) = (38, 40);
        let mine = snake_of_pockets(rows, cols);
        let text: Vec<String> = mine
            .chunks(cols)
            .map(|row| row.iter().map(|&m| if m { 'M' } else { '.' }).collect())
            .collect();
        // The first strip's pockets, with the doors between them, in rows 8 to 11.
        assert_eq!(text[8], "MM..........M...........M...........MMMM");
        assert_eq!(text[11], "MM...........M...........M..........MMMM");
        // The door up from the last relay room into the last pocket of the strip above.
        assert_eq!(text[12], "MMMMMMMMMMMMMMMMMMMMMMMMMMMM..MMMMMMMMMM");
        assert_eq!(text[13], "MMMMMMMMMMMMMMMMMMMMMMMMMM...MMMMMMMMMMM");
        // The relay rooms, with the doors between them.
        assert_eq!(text[14], "MM.....M.....M.....M.....M....MMMMMMMMMM");
    }

    #[test]
    fn judge_input_is_the_header_the_rows_and_the_terminator() {
        let mine = [true, false, false, false, true, false];
        assert_eq!(judge_input(2, 3, &mine), b"2 3\nM..\n.M.\n0 0\n");
    }
}
