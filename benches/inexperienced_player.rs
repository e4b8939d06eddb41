//! `inexperienced-player` benchmark: the crafted boards of `minejudge::judges::inexperienced_player::patterns`
//! and seeded random boards, each at 250x250 and 1000x1000, through the whole `solve` (parse,
//! search, print). Prints per board the CPU time per cell and the cells the search's games
//! opened per cell, per kind of board how the time grew from 250x250 to 1000x1000 (16x is
//! linear), and the worst board; then inputs of many small boards, per input byte. Times are
//! this thread's CPU time (from `/proc/thread-self/schedstat`, else wall time): the best of 3
//! blocks, each solving the board as often as it takes to last at least 0.2 s, which the clock
//! measures well.

#[path = "common/baseline.rs"]
mod baseline;
#[path = "common/cpu.rs"]
mod cpu;

use baseline::Baseline;
use minejudge::board::{Board, Grid};
use minejudge::io::runner::solve_in_memory;
use minejudge::judges::generator::random_mines;
use minejudge::judges::inexperienced_player as mcpc_inexperienced;
use minejudge::judges::inexperienced_player::patterns::{judge_input, Pattern};
use minejudge::rng::Rng;

/// The seed of every random board.
const SEED: u64 = 2003;

const SIDES: [usize; 2] = [250, 1000];

/// What the boards are made of.
#[derive(Clone, Copy)]
enum Kind {
    Crafted(Pattern),
    Random(f64),
}

impl Kind {
    fn name(self) -> String {
        match self {
            Kind::Crafted(pattern) => pattern.name().to_string(),
            Kind::Random(density) => format!("random {density:.2}"),
        }
    }

    fn mine(self, side: usize) -> Vec<bool> {
        match self {
            Kind::Crafted(pattern) => pattern.mines(side, side),
            Kind::Random(density) => {
                random_mines(&mut Rng::new(SEED), Grid::new(side, side), density)
            }
        }
    }
}

fn main() {
    let clock = cpu::clock_name();
    println!("inexperienced-player benchmark, random boards from seed {SEED}, {clock} time");
    let crafted = Pattern::ALL.into_iter().map(Kind::Crafted);
    let random = [0.15, 0.20, 0.30].into_iter().map(Kind::Random);
    let kinds: Vec<Kind> = crafted.chain(random).collect();
    let mut baseline = Baseline::load("inexperienced_player");
    // The kind and side of the board with the most time per cell, and that time.
    let mut worst = (String::new(), 0, 0.0);
    for kind in kinds {
        let mut per_cell = Vec::new();
        for side in SIDES {
            let mine = kind.mine(side);
            let input = judge_input(side, side, &mine);
            let board = Board::new(Grid::new(side, side), mine);
            let search = mcpc_inexperienced::fewest_closed(&board);
            let mut out = Vec::new();
            let mut solve = || {
                let (answer, result) = solve_in_memory(mcpc_inexperienced::solve::solve, &input);
                result.expect("a valid board");
                out = answer;
            };
            let once = cpu::timed(&mut solve);
            let repeats = (0.2 / once.max(1e-4)).ceil() as usize;
            let best = (0..3)
                .map(|_| cpu::timed(|| (0..repeats).for_each(|_| solve())) / repeats as f64)
                .fold(f64::MAX, f64::min);
            let answer = String::from_utf8_lossy(&out);
            assert_eq!(answer.trim(), search.fewest_closed.to_string());
            let cells = (side * side) as f64;
            per_cell.push(best / cells);
            if best / cells > worst.2 {
                worst = (kind.name(), side, best / cells);
            }
            println!(
                "{} {side}x{side}: answer {}, {:.2} ms, {:.3} us/cell, opened \
                 {:.2}x the cells; starts {} played, {} bounded, {} continued, {} replayed; \
                 {} regions played, {} shared",
                kind.name(),
                search.fewest_closed,
                best * 1e3,
                best / cells * 1e6,
                search.cells_opened as f64 / cells,
                search.starts_played,
                search.starts_bounded,
                search.starts_continued,
                search.starts_replayed,
                search.regions_played,
                search.shared_built,
            );
            let case = format!("{}@{side}", kind.name().replace(' ', "-"));
            println!("  {}", baseline.compare(&case, best * 1e3));
        }
        let growth = per_cell[1] / per_cell[0] * 16.0;
        println!(
            "  {}: time grew {growth:.1}x from 250x250 to 1000x1000 (16x is linear)",
            kind.name()
        );
    }
    let (name, side, per_cell) = worst;
    println!("worst: {name} {side}x{side}, {:.3} us/cell", per_cell * 1e6);
    many_small_boards(&mut baseline);
    baseline.save();
}

/// Inputs of about 4 MB of small boards: distinct random boards of the course's largest size
/// (5x8, 40 cells), one 3x3 board again and again, and the boards that cost the most per
/// byte of input among those a hill climb on the game's steps found: a 3x13 board within the
/// course's limits, and a 3x21 board among all of at most 64 cells, whose starts play long
/// games that cross one another. Prints the time per input byte and what 200 MB would take.
fn many_small_boards(baseline: &mut Baseline) {
    let mut rng = Rng::new(SEED);
    let distinct: Vec<(usize, usize, Vec<bool>)> = (0..80_000)
        .map(|_| {
            let mut mine = random_mines(&mut rng, Grid::new(5, 8), 0.2);
            mine[0] = false;
            (5, 8, mine)
        })
        .collect();
    let repeated = |rows: &[&str], bytes: usize| {
        let mine: Vec<bool> = rows.concat().bytes().map(|b| b == b'M').collect();
        let board = (rows.len(), rows[0].len(), mine);
        let board_bytes = judge_input(board.0, board.1, &board.2).len() - b"0 0\n".len();
        vec![board; bytes / board_bytes]
    };
    let inputs = [
        ("distinct 5x8 boards", distinct),
        (
            "one 3x3 board repeated",
            repeated(&["M..", "...", "..M"], 4_000_000),
        ),
        (
            "the costliest 3x13 board found repeated",
            repeated(
                &["..M....M...MM", "..........M..", "M....M....M.."],
                4_000_000,
            ),
        ),
        (
            "the costliest 3x21 board found repeated",
            repeated(
                &[
                    "M.M...M....M...M...MM",
                    ".........M....M...M..",
                    "....M....M....M...M..",
                ],
                4_000_000,
            ),
        ),
    ];
    for (name, boards) in inputs {
        let mut input = Vec::new();
        for (rows, cols, mine) in &boards {
            input.extend(
                judge_input(*rows, *cols, mine)
                    .strip_suffix(b"0 0\n")
                    .unwrap(),
            );
        }
        input.extend(b"0 0\n");
        let seconds = (0..3)
            .map(|_| {
                cpu::timed(|| {
                    let (_, result) = solve_in_memory(mcpc_inexperienced::solve::solve, &input);
                    result.expect("valid boards");
                })
            })
            .fold(f64::MAX, f64::min);
        let per_byte = seconds / input.len() as f64;
        println!(
            "{name}: {} boards, {:.1} MB, {:.1} ns per input byte, {:.1} s per 200 MB",
            boards.len(),
            input.len() as f64 / 1e6,
            per_byte * 1e9,
            per_byte * 200e6
        );
        let case = name.replace(' ', "-");
        println!("  {}", baseline.compare(&case, seconds * 1e3));
    }
}
