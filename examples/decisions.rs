//! `cargo run --release --example decisions -- BOARD GAMES SEED`: every decision of the AI
//! player over `autoplay`'s games (the same seeds, the same loop), one line each, so that two
//! builds can be compared decision by decision: a speed pass must print the same lines.
//!
//! A line holds the game and the analysis, the nodes walked, the certain safe cells in order,
//! the guess and its probability's bits, and a hash of the bits of every cell's probability
//! and of every guess candidate's score. The last line hashes them all.

use minejudge::autoplay::named_board;
use minejudge::board::{Board, Cover, FlagsInCascade, Grid};
use minejudge::rng::{game_seed, Rng};
use minejudge::solver::{Mines, Solver, View};
use std::fmt::Write as _;
use std::io::Write as _;

/// FNV-1a over 64-bit words: enough to tell two traces apart, and the same on every build.
fn fnv(hash: &mut u64, word: u64) {
    for byte in word.to_le_bytes() {
        *hash = (*hash ^ byte as u64).wrapping_mul(0x100_0000_01b3);
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [board, games, seed] = &args[..] else {
        eprintln!("usage: decisions BOARD GAMES SEED");
        std::process::exit(2);
    };
    let (rows, cols, mines, _) = named_board(board).expect("a board");
    let games: u64 = games.parse().expect("games");
    let seed: u64 = seed.parse().expect("seed");
    println!("decisions on {board}, {games} games, seed {seed}, first click (0,0)");
    let grid = Grid::new(rows, cols);
    let mut solver = Solver::new();
    let (mut opened, mut line) = (Vec::new(), String::new());
    let (mut all, mut decisions) = (0xcbf2_9ce4_8422_2325u64, 0u64);
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    for game in 0..games {
        let mut rng = Rng::new(game_seed(seed, game));
        let board = Board::from_mines(grid, rng.deal(grid.len(), mines, &[0]));
        let mut cover = Cover::new(&board);
        let mut view = View::new(grid);
        let mut open = |view: &mut View, cover: &mut Cover, cell| {
            view.reveal(&board, cover, cell, FlagsInCascade::Cleared, &mut opened)
        };
        open(&mut view, &mut cover, 0);
        for analysis in 0.. {
            if cover.safe_closed() == 0 {
                break;
            }
            solver
                .analyse(&view, Mines::Known(mines))
                .expect("a real game is consistent");
            let mut hash = 0xcbf2_9ce4_8422_2325u64;
            for p in solver.probabilities() {
                fnv(&mut hash, p.to_bits());
            }
            for &(cell, score) in solver.guess_scores() {
                fnv(&mut hash, cell as u64);
                fnv(&mut hash, score.to_bits());
            }
            line.clear();
            let _ = write!(line, "{game} {analysis} n{} s", solver.nodes());
            for &cell in solver.certain_safe() {
                let _ = write!(line, ",{cell}");
            }
            let safe: Vec<u32> = solver.certain_safe().to_vec();
            let guess = solver.best_guess();
            if let Some((cell, p)) = guess.filter(|_| safe.is_empty()) {
                let _ = write!(line, " g{cell}:{:x}", p.to_bits());
            }
            let _ = writeln!(line, " h{hash:016x}");
            fnv(&mut all, hash);
            decisions += 1;
            out.write_all(line.as_bytes()).expect("stdout");
            if safe.is_empty() {
                let Some((cell, _)) = guess else { break };
                if board.is_mine(cell) {
                    break;
                }
                open(&mut view, &mut cover, cell);
            } else {
                for cell in safe {
                    if !cover.is_open(cell as usize) {
                        open(&mut view, &mut cover, cell as usize);
                    }
                }
            }
        }
    }
    writeln!(out, "{decisions} decisions, all {all:016x}").expect("stdout");
}
