//! Seeded generators of valid judge inputs, for tests, benchmarks, `gen`, `stress` and
//! problem setters: the same arguments give the same bytes on every machine.

use crate::board::{Board, Cover, FlagsInCascade, Grid};
use crate::games::Judge;
use crate::io::args::{self, Args};
use crate::io::output::push_uint;
use crate::limits::JLU_PANEL_MAX_CELLS as MAX_CELLS;
use crate::rng::Rng;
pub use inexperienced_patterns::Pattern;

pub mod inexperienced_patterns;

/// A mine map with each cell a mine independently with probability `density`.
pub fn random_mines(rng: &mut Rng, grid: Grid, density: f64) -> Vec<bool> {
    (0..grid.len()).map(|_| rng.chance(density)).collect()
}

/// The shape of a `mine-ops` input.
#[derive(Clone, Debug)]
pub struct MineOpsSpec {
    /// The board's rows.
    pub rows: usize,
    /// The board's columns.
    pub cols: usize,
    /// The chance of each cell being a mine.
    pub density: f64,
    /// Flag/Sweep/DSweep operations before the final `Quit`.
    pub ops: usize,
    /// A plausible player sweeps only safe cells and flags only mines, and one safe cell is
    /// walled in by mines and never swept, so the game runs through every operation. Otherwise
    /// every operation is uniformly random and games end early and in every way.
    pub plausible: bool,
}

/// A valid `mine-ops` input: `n m`, the board, the operations (1-based), `Quit`.
pub fn mine_ops(seed: u64, spec: &MineOpsSpec) -> Vec<u8> {
    mine_ops_mixed(seed, spec, None)
}

/// [`mine_ops`] with the operations drawn in the proportions `mix` (Flag, Sweep, DSweep
/// weights); `None` is [`mine_ops`]'s own mix, byte for byte.
pub fn mine_ops_mixed(seed: u64, spec: &MineOpsSpec, mix: Option<[u32; 3]>) -> Vec<u8> {
    let mut rng = Rng::new(seed);
    let grid = Grid::new(spec.rows, spec.cols);
    let mut mine = random_mines(&mut rng, grid, spec.density);
    let mut pocket = None;
    if spec.plausible && spec.rows >= 3 && spec.cols >= 3 {
        let row = 1 + rng.below(spec.rows - 2);
        let col = 1 + rng.below(spec.cols - 2);
        let centre = grid.index(row, col);
        mine[centre] = false;
        for next in grid.neighbours(centre) {
            mine[next] = true;
        }
        pocket = Some(centre);
    }
    let safe: Vec<usize> = (0..grid.len())
        .filter(|&i| !mine[i] && Some(i) != pocket)
        .collect();
    let mines: Vec<usize> = (0..grid.len()).filter(|&i| mine[i]).collect();

    let mut out = Vec::with_capacity(grid.len() + grid.rows() + spec.ops * 16 + 32);
    push_words(&mut out, &[], &[spec.rows, spec.cols]);
    push_map(&mut out, grid, &mine, b'*', b'.');
    for _ in 0..spec.ops {
        if let Some(weights) = mix {
            let kind = weighted(&mut rng, weights);
            let cell = match kind {
                0 if spec.plausible => pick(&mut rng, &mines, grid),
                1 if spec.plausible => pick(&mut rng, &safe, grid),
                _ => rng.below(grid.len()),
            };
            let name: &[u8] = [&b"Flag"[..], b"Sweep", b"DSweep"][kind];
            push_words(
                &mut out,
                &[name],
                &[cell / spec.cols + 1, cell % spec.cols + 1],
            );
            continue;
        }
        let roll = rng.below(100);
        let (name, cell): (&[u8], usize) = if !spec.plausible {
            let name: &[u8] = [&b"Flag"[..], b"Sweep", b"DSweep"][roll % 3];
            (name, rng.below(grid.len()))
        } else if roll < 55 && !safe.is_empty() {
            (b"Sweep", safe[rng.below(safe.len())])
        } else if roll < 80 && !mines.is_empty() {
            (b"Flag", mines[rng.below(mines.len())])
        } else {
            (b"DSweep", rng.below(grid.len()))
        };
        let (row, col) = grid.row_col(cell);
        push_words(&mut out, &[name], &[row + 1, col + 1]);
    }
    out.extend_from_slice(b"Quit\n");
    out
}

/// An index into `weights`, drawn with probability proportional to its weight (the sum must be
/// positive).
fn weighted(rng: &mut Rng, weights: [u32; 3]) -> usize {
    let total: u64 = weights.iter().map(|&w| w as u64).sum();
    let mut roll = rng.below(total as usize) as u64;
    for (kind, &weight) in weights.iter().enumerate() {
        if roll < weight as u64 {
            return kind;
        }
        roll -= weight as u64;
    }
    weights.len() - 1
}

/// A cell of `cells`, or any cell of `grid` when `cells` is empty.
fn pick(rng: &mut Rng, cells: &[usize], grid: Grid) -> usize {
    if cells.is_empty() {
        rng.below(grid.len())
    } else {
        cells[rng.below(cells.len())]
    }
}

/// Appends one line: the words, then the numbers, separated by spaces.
fn push_words(out: &mut Vec<u8>, words: &[&[u8]], numbers: &[usize]) {
    let mut first = true;
    for word in words {
        if !first {
            out.push(b' ');
        }
        first = false;
        out.extend_from_slice(word);
    }
    for &number in numbers {
        if !first {
            out.push(b' ');
        }
        first = false;
        push_uint(out, number as u64);
    }
    out.push(b'\n');
}

/// How large the defaults are.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Size {
    /// Sides 1 to 8, up to 20 operations, odd boards (all mines, no mine) among them.
    Small,
    /// Sides 10 to 60, hundreds of operations.
    Medium,
    /// The judge's largest case: see [`max_case`].
    Max,
}

/// What the defaults of a size may be replaced with; `None` keeps the size's default.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Knobs {
    /// The board's rows.
    pub rows: Option<usize>,
    /// The board's columns.
    pub cols: Option<usize>,
    /// The chance of each cell being a mine, in `0..=1`.
    pub density: Option<f64>,
    /// Operations (`mine-ops`, `acm-server`), clicks (`jlu-panel`) or board-and-click pairs
    /// (`update-board`).
    pub ops: Option<usize>,
    /// Boards (`inexperienced-player`).
    pub boards: Option<usize>,
    /// Weights of the three operations: Flag, Sweep, DSweep (`mine-ops`); visit, mark,
    /// auto-explore (`acm-server`).
    pub mix: Option<[u32; 3]>,
    /// A plausible player (mostly sensible moves) or plain random operations.
    pub plausible: Option<bool>,
    /// A crafted board instead of a random one (`inexperienced-player`): each board's sides
    /// are raised to the pattern's smallest.
    pub pattern: Option<Pattern>,
}

/// The largest case of a judge: `(side, density, operations or boards)`, the player plausible.
///
/// - `mine-ops`: 1000x1000, density 0.1, 60000 operations (the statement's bound).
/// - `jlu-panel`: 1000x1000, density 0.15, 200 clicks (the statement's click bound on the
///   largest board the binary must handle fast; up to ~450 MB of panels).
/// - `acm-server`: 1000x1000, density 0.15, 1000 operations (the course's bound on the largest
///   board the binary accepts; a 1 MB map per operation).
/// - `inexperienced-player`: one 1000x1000 board at density 0.15 (the benchmark's).
/// - `update-board`: one 1000x1000 board and click, density 0.15.
pub fn max_case(judge: Judge) -> (usize, f64, usize) {
    match judge {
        Judge::MineOps => (1000, 0.1, 60_000),
        Judge::JluPanel => (1000, 0.15, 200),
        Judge::AcmServer => (1000, 0.15, 1000),
        Judge::InexperiencedPlayer | Judge::UpdateBoard => (1000, 0.15, 1),
    }
}

/// The input options `gen` and `stress` share, for their usage text.
pub const OPTIONS_USAGE: &str = "  --size small    sides 1-8 (all-mine and mine-free boards among them), 0-20 operations (default)
  --size medium   sides 10-60, density 0.05-0.25, 200-1000 operations
  --size max      the judge's largest case, plausible player:
                    mine-ops              1000x1000, density 0.1, 60000 operations
                    jlu-panel             1000x1000, density 0.15, 200 clicks (output up to ~450 MB)
                    acm-server            1000x1000, density 0.15, 1000 operations (1 MB map each)
                    inexperienced-player  one 1000x1000 board, density 0.15
                    update-board          one 1000x1000 board and click, density 0.15
options (each replaces the size's default; an option that does not apply to <binary> is refused):
  --rows R --cols C   board size, 1 to 1000 for acm-server and inexperienced-player, else up to
                      10000000 cells in all
  --density D         chance of a mine per cell, 0 to 1
  --ops N             operations (mine-ops, acm-server), clicks (jlu-panel), board-and-click
                      pairs (update-board); 0 to 10000000
  --boards N          boards (inexperienced-player), 0 to 100000
  --mix A,B,C         operation weights, each 0 to 1000000, not all 0: Flag,Sweep,DSweep
                      (mine-ops); visit,mark,auto-explore (acm-server)
  --player P          random: uniform cells; plausible: mostly sensible moves, long games
                      (mine-ops, acm-server, jlu-panel; default: max plausible, else by seed)
  --pattern P         crafted boards instead of random ones (inexperienced-player; no
                      --density): snake, chain, fan-in, detour, wire, comb, feeders; sides
                      below the pattern's smallest are raised to it";

/// What the input options of [`OPTIONS_USAGE`] ask for: a size and the knobs.
///
/// # Examples
///
/// ```
/// use minejudge::games::Judge;
/// use minejudge::inputs::{Request, Size};
/// use minejudge::io::args::Args;
///
/// let mut args = Args::new(["--size", "medium", "--ops", "5"]);
/// let mut request = Request::default();
/// while let Some(flag) = args.next() {
///     assert!(request.read_option(Judge::MineOps, &flag, &mut args).unwrap());
/// }
/// assert_eq!((request.size, request.knobs.ops), (Size::Medium, Some(5)));
/// assert!(request.check(Judge::MineOps).is_ok());
/// let refused = request.read_option(Judge::MineOps, "--boards", &mut Args::new(["2"]));
/// assert_eq!(refused.unwrap_err(), "--boards does not apply to mine-ops");
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct Request {
    /// `--size`: small unless given.
    pub size: Size,
    /// The options that replace the size's defaults.
    pub knobs: Knobs,
}

impl Default for Request {
    fn default() -> Request {
        Request {
            size: Size::Small,
            knobs: Knobs::default(),
        }
    }
}

impl Request {
    /// Reads `flag` and its value from `args` if `flag` is one of the input options:
    /// `Ok(true)`; `Ok(false)` for another flag; an error for a bad value or an option that
    /// does not apply to `judge`.
    pub fn read_option(
        &mut self,
        judge: Judge,
        flag: &str,
        args: &mut Args,
    ) -> Result<bool, String> {
        let applies = match flag {
            "--size" | "--rows" | "--cols" | "--density" => true,
            "--ops" => judge != Judge::InexperiencedPlayer,
            "--boards" => judge == Judge::InexperiencedPlayer,
            "--mix" => matches!(judge, Judge::MineOps | Judge::AcmServer),
            "--player" => matches!(judge, Judge::MineOps | Judge::AcmServer | Judge::JluPanel),
            "--pattern" => judge == Judge::InexperiencedPlayer,
            _ => return Ok(false),
        };
        if !applies {
            return Err(format!("{flag} does not apply to {}", judge.name()));
        }
        let knobs = &mut self.knobs;
        let max_side = judge.max_side().min(MAX_CELLS) as u64;
        match flag {
            "--size" => {
                self.size = match args.value(flag)?.as_str() {
                    "small" => Size::Small,
                    "medium" => Size::Medium,
                    "max" => Size::Max,
                    other => {
                        return Err(format!("--size {other:?}: expected small, medium or max"))
                    }
                }
            }
            "--rows" => knobs.rows = Some(args.number(flag, 1, max_side)? as usize),
            "--cols" => knobs.cols = Some(args.number(flag, 1, max_side)? as usize),
            "--density" => {
                let value = args.value(flag)?;
                match value.parse::<f64>() {
                    Ok(density) if (0.0..=1.0).contains(&density) => knobs.density = Some(density),
                    _ => {
                        return Err(format!(
                            "--density {value:?}: expected a number from 0 to 1"
                        ))
                    }
                }
            }
            "--ops" => knobs.ops = Some(args.number(flag, 0, 10_000_000)? as usize),
            "--boards" => knobs.boards = Some(args.number(flag, 0, 100_000)? as usize),
            "--mix" => {
                let value = args.value(flag)?;
                let weights: Vec<u32> = value
                    .split(',')
                    .map(|weight| args::number(flag, weight, 0, 1_000_000).map(|w| w as u32))
                    .collect::<Result<_, _>>()?;
                match weights[..] {
                    [a, b, c] if a + b + c > 0 => knobs.mix = Some([a, b, c]),
                    _ => {
                        return Err(format!(
                            "--mix {value:?}: expected three weights, not all 0"
                        ))
                    }
                }
            }
            "--pattern" => {
                let name = args.value(flag)?;
                let pattern = Pattern::named(&name).ok_or_else(|| {
                    let names: Vec<&str> = Pattern::ALL.iter().map(|p| p.name()).collect();
                    format!("--pattern {name:?}: expected one of {}", names.join(", "))
                })?;
                knobs.pattern = Some(pattern);
            }
            _ => {
                knobs.plausible = match args.value(flag)?.as_str() {
                    "random" => Some(false),
                    "plausible" => Some(true),
                    other => {
                        return Err(format!("--player {other:?}: expected random or plausible"))
                    }
                }
            }
        }
        Ok(true)
    }

    /// After every option: refuses a board larger than any judge accepts, and a density for a
    /// crafted pattern (which has none).
    pub fn check(&self, judge: Judge) -> Result<(), String> {
        if self.knobs.pattern.is_some() && self.knobs.density.is_some() {
            return Err("--density does not apply to a --pattern board".into());
        }
        // The defaults of the size fill the sides the knobs leave open.
        let default_side = if self.size == Size::Max {
            max_case(judge).0
        } else {
            60
        };
        let rows = self.knobs.rows.unwrap_or(default_side);
        let cols = self.knobs.cols.unwrap_or(default_side);
        if rows * cols > MAX_CELLS {
            return Err(format!(
                "a {rows}x{cols} board has more than {MAX_CELLS} cells"
            ));
        }
        Ok(())
    }
}

/// The defaults of `size` for one board, with `knobs` applied: `(rows, cols, density)`.
fn board_shape(rng: &mut Rng, judge: Judge, size: Size, knobs: &Knobs) -> (usize, usize, f64) {
    let (low, high) = match size {
        Size::Small => (1, 8),
        Size::Medium => (10, 60),
        Size::Max => (max_case(judge).0, max_case(judge).0),
    };
    let rows = low + rng.below(high - low + 1);
    let cols = low + rng.below(high - low + 1);
    let density = match size {
        // Odd boards on purpose: no mine, all mines, and everything between.
        Size::Small => [0.0, 0.1, 0.2, 0.3, 0.5, 0.8, 1.0][rng.below(7)],
        Size::Medium => 0.05 + 0.2 * rng.unit(),
        Size::Max => max_case(judge).1,
    };
    (
        knobs.rows.unwrap_or(rows),
        knobs.cols.unwrap_or(cols),
        knobs.density.unwrap_or(density),
    )
}

/// One valid input for `judge`: the same `seed`, `size` and `knobs` give the same bytes.
pub fn generate(judge: Judge, seed: u64, size: Size, knobs: &Knobs) -> Vec<u8> {
    // The shape comes from its own stream so that `mine-ops` with `seed` is `mine_ops(seed, ..)`.
    let mut rng = Rng::new(seed ^ 0x6765_6e5f_7368_6170);
    let (rows, cols, density) = board_shape(&mut rng, judge, size, knobs);
    let ops = knobs.ops.unwrap_or(match size {
        Size::Small => rng.below(21),
        Size::Medium => 200 + rng.below(801),
        Size::Max => max_case(judge).2,
    });
    let plausible = knobs
        .plausible
        .unwrap_or(size == Size::Max || rng.chance(0.5));
    match judge {
        Judge::MineOps => {
            let spec = MineOpsSpec {
                rows,
                cols,
                density,
                ops,
                plausible,
            };
            mine_ops_mixed(seed, &spec, knobs.mix)
        }
        Judge::AcmServer => {
            let mine = random_mines(&mut Rng::new(seed), Grid::new(rows, cols), density);
            acm_server(
                &mut Rng::new(!seed),
                rows,
                cols,
                &mine,
                ops,
                plausible,
                knobs.mix,
            )
        }
        Judge::JluPanel => jlu_panel(&mut Rng::new(seed), rows, cols, density, ops, plausible),
        Judge::InexperiencedPlayer => {
            let shape = (rows, cols, density);
            let boards = Boards { judge, size, knobs };
            let board =
                |rng: &mut Rng, rows: usize, cols: usize, density, out: &mut Vec<u8>| match knobs
                    .pattern
                {
                    Some(pattern) => crafted_inexperienced_board(pattern, rows, cols, out),
                    None => inexperienced_board(rng, rows, cols, density, out),
                };
            let mut out = boards.write(&mut rng, seed, knobs.boards, shape, board);
            out.extend_from_slice(b"0 0\n");
            out
        }
        Judge::UpdateBoard => {
            let shape = (rows, cols, density);
            let boards = Boards { judge, size, knobs };
            boards.write(&mut rng, seed, knobs.ops, shape, update_board_pair)
        }
    }
}

/// The boards of a judge whose input is a list of boards.
struct Boards<'k> {
    judge: Judge,
    size: Size,
    knobs: &'k Knobs,
}

impl Boards<'_> {
    /// `count` boards (by default 1 to 4 small, 1 to 10 medium, 1 at max), each written by
    /// `write`: the first of shape `first`, later ones of fresh shapes unless the knobs fix them.
    fn write(
        &self,
        shape_rng: &mut Rng,
        seed: u64,
        count: Option<usize>,
        first: (usize, usize, f64),
        mut write: impl FnMut(&mut Rng, usize, usize, f64, &mut Vec<u8>),
    ) -> Vec<u8> {
        let count = count.unwrap_or(match self.size {
            Size::Small => 1 + shape_rng.below(4),
            Size::Medium => 1 + shape_rng.below(10),
            Size::Max => 1,
        });
        let mut rng = Rng::new(seed);
        let mut out = Vec::new();
        for board in 0..count {
            let (rows, cols, density) = if board == 0 {
                first
            } else {
                board_shape(&mut rng, self.judge, self.size, self.knobs)
            };
            write(&mut rng, rows, cols, density, &mut out);
        }
        out
    }
}

/// `n m`, the `X`/`.` map, then `x y type` operations (0-based). A plausible player visits safe
/// cells, marks mines and auto-explores safe cells (weights 55, 25, 20 unless `mix` says
/// otherwise), so it loses only by chance of the mix and usually wins; a random one picks
/// cells and types uniformly (or by `mix`).
fn acm_server(
    rng: &mut Rng,
    rows: usize,
    cols: usize,
    mine: &[bool],
    ops: usize,
    plausible: bool,
    mix: Option<[u32; 3]>,
) -> Vec<u8> {
    let grid = Grid::new(rows, cols);
    let mut out = Vec::with_capacity(grid.len() + rows + ops * 12 + 16);
    push_words(&mut out, &[], &[rows, cols]);
    push_map(&mut out, grid, mine, b'X', b'.');
    let safe: Vec<usize> = (0..grid.len()).filter(|&i| !mine[i]).collect();
    let mines: Vec<usize> = (0..grid.len()).filter(|&i| mine[i]).collect();
    let weights = mix.unwrap_or(if plausible { [55, 25, 20] } else { [1, 1, 1] });
    for _ in 0..ops {
        let kind = weighted(rng, weights);
        let cell = match kind {
            0 | 2 if plausible => pick(rng, &safe, grid),
            1 if plausible => pick(rng, &mines, grid),
            _ => rng.below(grid.len()),
        };
        push_words(&mut out, &[], &[cell / cols, cell % cols, kind]);
    }
    out
}

/// Appends the rows of a mine map, `mine_byte` for a mine and `safe_byte` for a safe cell.
fn push_map(out: &mut Vec<u8>, grid: Grid, mine: &[bool], mine_byte: u8, safe_byte: u8) {
    for row in mine.chunks(grid.cols()) {
        out.extend(row.iter().map(|&m| if m { mine_byte } else { safe_byte }));
        out.push(b'\n');
    }
}

/// `n m k l`, the k mines as `i j` (shuffled, now and then one listed twice), then the l clicks;
/// a plausible player clicks safe cells nine times in ten.
fn jlu_panel(
    rng: &mut Rng,
    rows: usize,
    cols: usize,
    density: f64,
    clicks: usize,
    plausible: bool,
) -> Vec<u8> {
    let grid = Grid::new(rows, cols);
    let mine = random_mines(rng, grid, density);
    let mut mines: Vec<usize> = (0..grid.len()).filter(|&i| mine[i]).collect();
    if !mines.is_empty() && rng.chance(0.2) {
        mines.push(mines[rng.below(mines.len())]);
    }
    rng.shuffle(&mut mines);
    let safe: Vec<usize> = (0..grid.len()).filter(|&i| !mine[i]).collect();
    let mut out = Vec::with_capacity((mines.len() + clicks) * 10 + 32);
    push_words(&mut out, &[], &[rows, cols, mines.len(), clicks]);
    for &cell in &mines {
        push_words(&mut out, &[], &[cell / cols, cell % cols]);
    }
    for _ in 0..clicks {
        let cell = if plausible && rng.chance(0.9) {
            pick(rng, &safe, grid)
        } else {
            rng.below(grid.len())
        };
        push_words(&mut out, &[], &[cell / cols, cell % cols]);
    }
    out
}

/// One `r c` board of `M` and `.` with at least one safe cell.
fn inexperienced_board(rng: &mut Rng, rows: usize, cols: usize, density: f64, out: &mut Vec<u8>) {
    let grid = Grid::new(rows, cols);
    let mut mine = random_mines(rng, grid, density);
    if mine.iter().all(|&m| m) {
        mine[rng.below(grid.len())] = false;
    }
    push_words(out, &[], &[rows, cols]);
    push_map(out, grid, &mine, b'M', b'.');
}

/// The `r c` board of `pattern` with the sides raised to the pattern's smallest.
fn crafted_inexperienced_board(pattern: Pattern, rows: usize, cols: usize, out: &mut Vec<u8>) {
    let (min_rows, min_cols) = pattern.min_sides();
    let (rows, cols) = (rows.max(min_rows), cols.max(min_cols));
    push_words(out, &[], &[rows, cols]);
    push_map(
        out,
        Grid::new(rows, cols),
        &pattern.mines(rows, cols),
        b'M',
        b'.',
    );
}

/// One LeetCode board (a game part-played by a few earlier clicks, so it may hold `B`, digits
/// and, rarely, an `X`) on one line and its click `[r,c]` on the next.
fn update_board_pair(rng: &mut Rng, rows: usize, cols: usize, density: f64, out: &mut Vec<u8>) {
    let grid = Grid::new(rows, cols);
    let board = Board::new(grid, random_mines(rng, grid, density));
    let mut cover = Cover::new(&board);
    let mut opened = Vec::new();
    for _ in 0..rng.below(3) {
        let cell = rng.below(grid.len());
        if board.is_mine(cell) {
            if rng.chance(0.3) {
                cover.mark_open(&board, cell);
            }
        } else {
            cover.reveal_from(&board, cell, FlagsInCascade::Kept, &mut opened);
        }
    }
    out.reserve(grid.len() * 4 + rows * 2 + 32);
    out.push(b'[');
    for row in 0..rows {
        out.extend_from_slice(if row == 0 { b"[" } else { b",[" });
        for col in 0..cols {
            let cell = grid.index(row, col);
            let shown = match (cover.is_open(cell), board.is_mine(cell)) {
                (false, false) => b'E',
                (false, true) => b'M',
                (true, true) => b'X',
                (true, false) if board.count(cell) == 0 => b'B',
                (true, false) => b'0' + board.count(cell),
            };
            if col > 0 {
                out.push(b',');
            }
            out.extend_from_slice(&[b'"', shown, b'"']);
        }
        out.push(b']');
    }
    out.extend_from_slice(b"]\n[");
    let click = rng.below(grid.len());
    push_uint(out, (click / cols) as u64);
    out.push(b',');
    push_uint(out, (click % cols) as u64);
    out.extend_from_slice(b"]\n");
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_seed_same_bytes_and_shape() {
        let spec = MineOpsSpec {
            rows: 5,
            cols: 7,
            density: 0.2,
            ops: 10,
            plausible: true,
        };
        let a = mine_ops(3, &spec);
        assert_eq!(a, mine_ops(3, &spec));
        assert_ne!(a, mine_ops(4, &spec));
        let text = String::from_utf8(a).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[0], "5 7");
        assert_eq!(lines.len(), 1 + 5 + 10 + 1);
        assert!(lines[1..6].iter().all(|row| row.len() == 7));
        assert_eq!(*lines.last().unwrap(), "Quit");
        assert_eq!(mine_ops_mixed(3, &spec, None), mine_ops(3, &spec));
        assert_ne!(
            mine_ops_mixed(3, &spec, Some([1, 1, 1])),
            mine_ops(3, &spec)
        );
    }

    #[test]
    fn every_judge_same_seed_same_bytes_and_knobs_apply() {
        for judge in Judge::ALL {
            assert_eq!(Judge::from_name(judge.name()), Some(judge));
            for size in [Size::Small, Size::Medium] {
                let knobs = Knobs::default();
                let a = generate(judge, 9, size, &knobs);
                assert_eq!(a, generate(judge, 9, size, &knobs), "{judge:?}");
                assert_ne!(a, generate(judge, 10, size, &knobs), "{judge:?}");
            }
            let knobs = Knobs {
                rows: Some(3),
                cols: Some(4),
                density: Some(0.0),
                ops: Some(2),
                boards: Some(2),
                // A plausible mine-ops player walls a cell in with mines.
                plausible: Some(false),
                ..Knobs::default()
            };
            let text = String::from_utf8(generate(judge, 1, Size::Small, &knobs)).unwrap();
            let first = text.lines().next().unwrap();
            match judge {
                Judge::UpdateBoard => {
                    // Earlier clicks may have opened cells: count cells, not `E`s.
                    assert_eq!(first.matches("],[").count(), 2, "3 rows: {first}");
                    assert_eq!(first.matches('"').count(), 24, "12 cells: {first}");
                    assert_eq!(text.lines().count(), 4, "two pairs");
                }
                Judge::JluPanel => assert_eq!(first, "3 4 0 2"),
                _ => assert_eq!(first, "3 4"),
            }
            assert!(
                !text.contains(['*', 'X', 'M']),
                "{judge:?}: no mine at density 0"
            );
        }
    }
}
