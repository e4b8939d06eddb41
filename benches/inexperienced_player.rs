//! `inexperienced-player` benchmark: seeded random boards of 300x300 and 1000x1000 through the
//! whole `solve` (parse, search, print), with the time per board and how it grows with the cells.

#[path = "common/baseline.rs"]
mod baseline;

use baseline::Baseline;
use minejudge::board::{Board, Grid};
use minejudge::games::mcpc_inexperienced;
use minejudge::inputs::random_mines;
use minejudge::io::runner::solve_in_memory;
use minejudge::rng::Rng;
use std::time::Instant;

const SEED: u64 = 2003;

fn main() {
    println!("inexperienced-player benchmark, seed {SEED}");
    let cases = [
        (300, 0.10),
        (300, 0.15),
        (300, 0.20),
        (1000, 0.15),
        // Beyond the list: many starts outside each other's end states.
        (1000, 0.20),
    ];
    let mut baseline = Baseline::load("inexperienced_player");
    let mut per_cell_at_300: Vec<(f64, f64)> = Vec::new();
    for (index, &(side, density)) in cases.iter().enumerate() {
        let seed = SEED + index as u64;
        let mut rng = Rng::new(seed);
        let grid = Grid::new(side, side);
        let mine = random_mines(&mut rng, grid, density);
        let mut input = Vec::with_capacity(grid.len() + side + 32);
        input.extend_from_slice(format!("{side} {side}\n").as_bytes());
        for row in mine.chunks(side) {
            input.extend(row.iter().map(|&m| if m { b'M' } else { b'.' }));
            input.push(b'\n');
        }
        input.extend_from_slice(b"0 0\n");
        let search = mcpc_inexperienced::fewest_closed(&Board::new(grid, mine));

        let runs = if density > 0.15 && side == 1000 { 1 } else { 3 };
        let mut best = f64::MAX;
        let mut out = Vec::new();
        for _ in 0..runs {
            let started = Instant::now();
            let (answer, result) = solve_in_memory(mcpc_inexperienced::solve, &input);
            best = best.min(started.elapsed().as_secs_f64());
            result.expect("a valid board");
            out = answer;
        }
        let answer = String::from_utf8_lossy(&out);
        assert_eq!(answer.trim(), search.fewest_closed.to_string());
        let cells = grid.len() as f64;
        let per_cell = best / cells;
        let same_density_at_300 = per_cell_at_300.iter().find(|&&(d, _)| d == density);
        let growth = match same_density_at_300 {
            Some(&(_, base)) if side != 300 => {
                format!(", time per cell {:.2}x that of 300x300", per_cell / base)
            }
            _ => String::new(),
        };
        if side == 300 {
            per_cell_at_300.push((density, per_cell));
        }
        println!(
            "{side}x{side} density {density:.2} seed {seed}: answer {}, {:.1} ms (best of {runs}), \
             {:.1} Mcells/s, {} starts played + {} bounded, opened {:.2}x the cells{growth}",
            search.fewest_closed,
            best * 1e3,
            cells / best / 1e6,
            search.starts_played,
            search.starts_bounded,
            search.cells_opened as f64 / cells,
        );
        let case = format!("{side}x{side}@{density:.2}");
        println!("  {}", baseline.compare(&case, best * 1e3));
    }
    baseline.save();
}
