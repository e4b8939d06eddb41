//! How much could a guess scored by playouts gain? Plays seeded games with the default
//! player; at each guess with two candidates or more (`Solver::guess_scores`), draws two
//! independent sets of boards consistent with the view (`Sampler`), plays out "open candidate
//! c, then the default player to the end" on each for the top K candidates, chooses the best
//! by the first set and scores that choice against the default's guess on the second (the
//! first set's own estimate is biased upwards: the best of noisy means).
//!
//! `cargo run --release --example rollout_potential -- expert GAMES SEED K S [MOST_CLOSED]`

use minejudge::autoplay::named_board;
use minejudge::board::{Board, Cover, FlagsInCascade, Grid};
use minejudge::rng::{game_seed, Rng};
use minejudge::solver::{Mines, Sampler, Seen, Solver, View};
use std::time::Instant;

/// Plays out `first` then the default player to the end on `board`, from `view`: whether won.
fn playout(
    view: &View,
    board: &Board,
    first: usize,
    solver: &mut Solver,
    opened: &mut Vec<u32>,
) -> bool {
    if board.is_mine(first) {
        return false;
    }
    let mut cover = Cover::new(board);
    for (c, seen) in view.cells().iter().enumerate() {
        if matches!(seen, Seen::Open(_)) {
            cover.mark_open(board, c);
        }
    }
    let mut view = View::from_cells(view.grid(), view.cells().to_vec());
    view.reveal(board, &mut cover, first, FlagsInCascade::Cleared, opened);
    let mut safe = Vec::new();
    loop {
        if cover.safe_closed() == 0 {
            return true;
        }
        if solver.analyse(&view, Mines::Known(board.mines())).is_err() {
            return false;
        }
        safe.clear();
        safe.extend_from_slice(solver.certain_safe());
        if safe.is_empty() {
            let Some((cell, _)) = solver.best_guess() else {
                return false;
            };
            if board.is_mine(cell) {
                return false;
            }
            safe.push(cell as u32);
        }
        for &cell in &safe {
            if !cover.is_open(cell as usize) {
                view.reveal(
                    board,
                    &mut cover,
                    cell as usize,
                    FlagsInCascade::Cleared,
                    opened,
                );
            }
        }
    }
}

/// Mean and 95% half-width.
fn interval(xs: &[f64]) -> (f64, f64) {
    let n = xs.len().max(1) as f64;
    let mean = xs.iter().sum::<f64>() / n;
    let var = xs.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (n - 1.0).max(1.0);
    (mean, 1.96 * (var / n).sqrt())
}

/// One guess looked at again: the view, its candidates and the default's guess.
struct Look<'a> {
    view: &'a View,
    mines: usize,
    scores: Vec<(usize, f64)>,
    guess: usize,
    k: usize,
    s: usize,
}

impl Look<'_> {
    /// Plays out the top K candidates on two sets of S boards; the held-out gain of the first
    /// set's choice (0 when the position cannot be sampled), tallied into `t`.
    fn score(mut self, mut draws: Rng, roller: &mut Solver, t: &mut Tally) -> f64 {
        self.scores.sort_by(|a, b| b.1.partial_cmp(&a.1).unwrap());
        let near = self.scores[1].1 >= 0.98 * self.scores[0].1;
        let mut cands = vec![self.guess];
        let others = self.scores.iter().map(|x| x.0).filter(|&c| c != self.guess);
        cands.extend(others.take(self.k - 1));
        let Some(sampler) = Sampler::new(self.view, self.mines, 20_000) else {
            t.unsampled += 1;
            return 0.0;
        };
        let grid = self.view.grid();
        let mut opened = Vec::new();
        let mut mines = Vec::new();
        let mut rates = [vec![0.0; cands.len()], vec![0.0; cands.len()]];
        // Set 1's boards won by each candidate and lost by the default's guess, and back.
        let mut ahead = vec![(0.0f64, 0.0f64); cands.len()];
        for (set, rate) in rates.iter_mut().enumerate() {
            for _ in 0..self.s {
                sampler.draw(&mut draws, &mut mines);
                let b = Board::from_mines(grid, mines.iter().cloned());
                let mut base = false;
                for (i, &c) in cands.iter().enumerate() {
                    let won = playout(self.view, &b, c, roller, &mut opened);
                    base = if i == 0 { won } else { base };
                    if set == 0 {
                        ahead[i].0 += (won && !base) as u8 as f64;
                        ahead[i].1 += (!won && base) as u8 as f64;
                    }
                    rate[i] += won as u8 as f64 / self.s as f64;
                    t.playouts += 1;
                }
            }
        }
        // The rule of a switch only past a margin: set 1's clearest lead, if over 2 deviations.
        let lead = |&(w, l): &(f64, f64)| (w - l) / (w + l).max(1.0).sqrt();
        let clear = (1..cands.len()).max_by(|&a, &b| lead(&ahead[a]).total_cmp(&lead(&ahead[b])));
        let margin_gain = match clear {
            Some(i) if lead(&ahead[i]) > 2.0 => {
                t.margin_switches += 1;
                rates[1][i] - rates[1][0]
            }
            _ => 0.0,
        };
        t.margin_held_out.push(margin_gain);
        let best = (0..cands.len()).fold(0, |b, i| if rates[0][i] > rates[0][b] { i } else { b });
        t.differ += (best != 0) as usize;
        t.in_sample.push(rates[0][best] - rates[0][0]);
        let gain = rates[1][best] - rates[1][0];
        t.held_out.push(gain);
        if near {
            t.near_held_out.push(gain);
        }
        gain
    }
}

impl Tally {
    fn print(&self) {
        let t = self;
        let show = |name: &str, xs: &[f64]| {
            let (m, h) = interval(xs);
            println!("{name}: {m:+.4} +- {h:.4} (n = {})", xs.len());
        };
        show("gain per guess, set 1 (biased)", &t.in_sample);
        show(
            "gain per guess, chosen by set 1, scored on set 2",
            &t.held_out,
        );
        show(
            "  of which near ties (second score >= 0.98 best)",
            &t.near_held_out,
        );
        show("gain per game, scored on set 2", &t.per_game);
        println!(
            "switches past 2 sign-test deviations on set 1: {}",
            t.margin_switches
        );
        show(
            "gain per guess of that rule, scored on set 2",
            &t.margin_held_out,
        );
    }
}

struct Tally {
    margin_switches: usize,
    margin_held_out: Vec<f64>,
    guesses: usize,
    unsampled: usize,
    differ: usize,
    in_sample: Vec<f64>,
    held_out: Vec<f64>,
    near_held_out: Vec<f64>,
    per_game: Vec<f64>,
    playouts: u64,
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let arg = |i: usize, d: &str| args.get(i).cloned().unwrap_or_else(|| d.to_string());
    let (rows, cols, mines, _) = named_board(&arg(0, "expert")).unwrap();
    let games: u64 = arg(1, "50").parse().unwrap();
    let seed: u64 = arg(2, "1").parse().unwrap();
    let k: usize = arg(3, "3").parse().unwrap();
    let s: usize = arg(4, "200").parse().unwrap();
    // Only guesses with at most this many closed cells (late positions: short playouts).
    let most_closed: usize = arg(5, "100000").parse().unwrap();
    println!("rollout_potential {rows}x{cols}/{mines} games {games} seed {seed} K {k} S {s} closed <= {most_closed}");
    let grid = Grid::new(rows, cols);
    let (mut solver, mut roller) = (Solver::new(), Solver::new());
    let mut opened = Vec::new();
    let mut t = Tally {
        guesses: 0,
        unsampled: 0,
        differ: 0,
        in_sample: vec![],
        held_out: vec![],
        near_held_out: vec![],
        margin_switches: 0,
        margin_held_out: vec![],
        per_game: vec![],
        playouts: 0,
    };
    let start = Instant::now();
    let mut wins = 0;
    for game in 0..games {
        let mut rng = Rng::new(game_seed(seed, game));
        let board = Board::from_mines(grid, rng.deal(grid.len(), mines, &[0]));
        let mut cover = Cover::new(&board);
        let mut view = View::new(grid);
        view.reveal(&board, &mut cover, 0, FlagsInCascade::Cleared, &mut opened);
        let mut game_gain = 0.0;
        let won = loop {
            if cover.safe_closed() == 0 {
                break true;
            }
            solver.analyse(&view, Mines::Known(mines)).unwrap();
            if let Some(&cell) = solver.certain_safe().first() {
                view.reveal(
                    &board,
                    &mut cover,
                    cell as usize,
                    FlagsInCascade::Cleared,
                    &mut opened,
                );
                continue;
            }
            let (guess, _) = solver.best_guess().unwrap();
            let closed = view.cells().iter().filter(|&&x| x == Seen::Closed).count();
            if solver.guess_scores().len() >= 2 && closed <= most_closed {
                t.guesses += 1;
                let draws = Rng::new(game_seed(seed ^ 0xabcd, game * 1000 + t.guesses as u64));
                let scores = solver.guess_scores().to_vec();
                let look = Look {
                    view: &view,
                    mines,
                    scores,
                    guess,
                    k,
                    s,
                };
                game_gain += look.score(draws, &mut roller, &mut t);
            }
            if board.is_mine(guess) {
                break false;
            }
            view.reveal(
                &board,
                &mut cover,
                guess,
                FlagsInCascade::Cleared,
                &mut opened,
            );
        };
        wins += won as u64;
        t.per_game.push(game_gain);
    }
    let secs = start.elapsed().as_secs_f64();
    println!(
        "default won {wins} of {games}; {secs:.1} s, {} playouts ({:.0} per s)",
        t.playouts,
        t.playouts as f64 / secs
    );
    println!(
        "guesses with >= 2 candidates: {}, not sampleable: {}",
        t.guesses, t.unsampled
    );
    println!(
        "rollout-best (set 1) differs from the default's guess: {} of {}",
        t.differ,
        t.held_out.len()
    );
    t.print();
}
