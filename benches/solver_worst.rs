//! `cargo bench --bench solver_worst`: the solver on hostile inputs, worst case first.
//!
//! 1. One decision, as the stateless `jlu-machine` makes it, on crafted panels (see
//!    `minejudge::players::jlu_machine::hostile`) of every size up to the course's 30x30, both patterns,
//!    with and without the mine count: the worst single decision by time and by nodes, with its
//!    seed, against the node budget; then crafted 16x30 panels with k = 96 (dense: the
//!    endgame search may walk 25 budgets).
//! 2. Every decision of real expert games, where a dense board's endgame search may walk 25
//!    budgets, and of real games on the course's largest board (30x30 at its density, the
//!    count not told, as `jlu-machine` plays it): the slowest and the one with most nodes.
//!    `SOLVER_BENCH_DECISIONS_ONLY=1` stops here.
//!    `SOLVER_BENCH_STRENGTH=strong` makes these decisions in the strong mode (kept apart from
//!    the default's figures in the baseline).
//! 3. Whole programs: `jlu-machine` on a crafted 300x300 panel (wall time, peak memory), and
//!    on the largest panels it takes (1000x1000: rows, columns and a checkerboard of 1s, all
//!    closed, crafted lattice and lines, a random game's panel): CPU time and peak memory per
//!    cell and per input byte (GNU time), each against the baseline, and the worst;
//!    `acm-client` on random 300x300 and 1000x1000 maps at density 0.15 and on maps built by
//!    the adaptive adversary at 80x80: wall time and peak memory, the worst of each kind.
//!
//! Seeds are printed; `SOLVER_BENCH_SEED` changes the first one. The last run's figures are
//! kept in `target/bench/solver_worst.baseline` and the change against them is printed.

#[path = "common/baseline.rs"]
mod baseline;
#[path = "common/peak.rs"]
mod peak;

use baseline::Baseline;
use minejudge::board::{Board, Cover, FlagsInCascade, Grid};
use minejudge::moves::Move;
use minejudge::players::acm_client::adversary::adversary_game;
use minejudge::players::jlu_machine::course::BOARD_DENSITY;
use minejudge::players::jlu_machine::hostile::{crafted_panel, jlu_machine_input, PanelPattern};
use minejudge::rng::Rng;
use minejudge::solver::{Mines, Seen, Solver, Strength, Style, View, NODE_BUDGET};
use peak::{cpu_and_peak, peak_kib};
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

/// Crafted panels per size, pattern and count rule.
const PANELS: u64 = 30;

/// Expert games whose every decision is timed.
const EXPERT_GAMES: u64 = 2000;

/// 30x30 games at the course's density whose every decision is timed.
const COURSE_GAMES: u64 = 500;

/// The worst decision found so far.
#[derive(Default)]
struct Worst {
    time: Duration,
    nodes: u64,
    what: String,
}

/// The slowest decision so far, and the one that walked the most nodes.
#[derive(Default)]
struct Worsts {
    by_time: Worst,
    by_nodes: Worst,
}

impl Worsts {
    /// Keeps a decision that took `time` and walked `nodes` if it is the worst either way.
    fn record(&mut self, time: Duration, nodes: u64, what: impl Fn() -> String) {
        if time > self.by_time.time {
            self.by_time = Worst {
                time,
                nodes,
                what: what(),
            };
        }
        if nodes > self.by_nodes.nodes {
            self.by_nodes = Worst {
                time,
                nodes,
                what: what(),
            };
        }
    }

    /// Prints both, and the slowest against `name` in the baseline.
    fn print(&self, baseline: &mut Baseline, name: &str) {
        for (label, worst) in [("slowest", &self.by_time), ("most nodes", &self.by_nodes)] {
            println!(
                "  {label:<10} {:>7.2} ms, {:>9} nodes: {}",
                worst.time.as_secs_f64() * 1e3,
                worst.nodes,
                worst.what
            );
        }
        let ms = self.by_time.time.as_secs_f64() * 1e3;
        println!("  {}", baseline.compare(name, ms));
    }
}

fn main() {
    let seed = std::env::var("SOLVER_BENCH_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(1u64);
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let work = root.join("target/bench");
    fs::create_dir_all(&work).expect("target/bench");
    let mut baseline = Baseline::load("solver_worst");
    let strength = std::env::var("SOLVER_BENCH_STRENGTH")
        .map_or(Ok(Strength::Default), |name| Strength::named(&name))
        .expect("SOLVER_BENCH_STRENGTH");
    // The strong mode's figures are kept under names of their own.
    let suffix = match strength {
        Strength::Default => "",
        Strength::Strong => "_strong",
    };
    let new_solver = || {
        let mut solver = Solver::new();
        solver.set_strength(strength);
        solver
    };
    println!(
        "solver on hostile inputs, seeds from {seed}, node budget {NODE_BUDGET}, strength {}",
        strength.name()
    );

    // 1. Single decisions on crafted panels.
    let mut worsts = Worsts::default();
    let mut decisions = 0;
    let mut total = Duration::ZERO;
    for side in [10, 16, 20, 24, 30] {
        for pattern in [PanelPattern::Lattice, PanelPattern::Lines] {
            for told in [false, true] {
                for i in 0..PANELS {
                    let panel_seed = seed + i;
                    let mut rng = Rng::new(panel_seed);
                    let grid = Grid::new(side, side);
                    // jlu-machine's rule without a count: 50 mines on 20x20, else the density.
                    let layout = if side == 20 {
                        Mines::Known(50)
                    } else {
                        Mines::Density(BOARD_DENSITY)
                    };
                    let (board, view) = crafted_panel(&mut rng, grid, layout, pattern);
                    let mines = if told {
                        Mines::Known(board.mines())
                    } else {
                        layout
                    };
                    let mut solver = new_solver();
                    let started = Instant::now();
                    solver
                        .next_move(&view, mines, Style::CLICKS)
                        .expect("a crafted panel is consistent");
                    let time = started.elapsed();
                    decisions += 1;
                    total += time;
                    worsts.record(time, solver.nodes(), || {
                        format!(
                            "{side}x{side} {pattern:?}{} seed {panel_seed}",
                            if told { " with its count" } else { "" }
                        )
                    });
                }
            }
        }
    }
    println!(
        "\none decision on {decisions} crafted panels up to 30x30: mean {:.2} ms",
        total.as_secs_f64() * 1e3 / decisions as f64
    );
    worsts.print(&mut baseline, &format!("decision_worst{suffix}"));
    // 1b. Dense panels with their count: the endgame search may walk 25 budgets.
    let mut worsts = Worsts::default();
    for pattern in [PanelPattern::Lattice, PanelPattern::Lines] {
        for i in 0..PANELS {
            let panel_seed = seed + i;
            let mut rng = Rng::new(panel_seed);
            let grid = Grid::new(16, 30);
            let (_, view) = crafted_panel(&mut rng, grid, Mines::Known(96), pattern);
            let mut solver = new_solver();
            let started = Instant::now();
            solver
                .next_move(&view, Mines::Known(96), Style::CLICKS)
                .expect("a crafted panel is consistent");
            worsts.record(started.elapsed(), solver.nodes(), || {
                format!("16x30 {pattern:?} with k = 96 seed {panel_seed}")
            });
        }
    }
    println!("\none decision on crafted 16x30 panels with k = 96 (density 0.2: 25 budgets)");
    worsts.print(&mut baseline, &format!("dense_decision_worst{suffix}"));
    // 2. Every decision of real games.
    let expert = Games {
        grid: Grid::new(16, 30),
        mines: 99,
        told: Mines::Known(99),
        games: EXPERT_GAMES,
        name: "expert",
    };
    let (worsts, decisions) = game_decisions(seed, &expert, new_solver);
    println!("\nevery decision of {EXPERT_GAMES} expert games: {decisions} decisions");
    worsts.print(&mut baseline, &format!("expert_decision_worst{suffix}"));
    let course = Games {
        grid: Grid::new(30, 30),
        mines: (900.0 * BOARD_DENSITY) as usize,
        told: Mines::Density(BOARD_DENSITY),
        games: COURSE_GAMES,
        name: "30x30",
    };
    let (worsts, decisions) = game_decisions(seed, &course, new_solver);
    println!(
        "\nevery decision of {COURSE_GAMES} 30x30 games with {} mines, the count not told: \
         {decisions} decisions",
        course.mines
    );
    worsts.print(&mut baseline, &format!("course_30_decision_worst{suffix}"));
    if std::env::var_os("SOLVER_BENCH_DECISIONS_ONLY").is_some_and(|v| v == "1") {
        baseline.save();
        return;
    }

    // 3. Whole programs.
    let jlu_machine = PathBuf::from(env!("CARGO_BIN_EXE_jlu-machine"));
    let acm_client = PathBuf::from(env!("CARGO_BIN_EXE_acm-client"));
    println!();
    let mut rng = Rng::new(seed);
    let (_, view) = crafted_panel(
        &mut rng,
        Grid::new(300, 300),
        Mines::Density(BOARD_DENSITY),
        PanelPattern::Lattice,
    );
    let input = work.join("solver_worst_panel_300.in");
    fs::write(&input, jlu_machine_input(&view, None)).expect("write panel");
    let run = run_once(&jlu_machine, &input, &work);
    run.print(&format!("jlu-machine, crafted 300x300 panel (seed {seed})"));
    println!("  {}", baseline.compare("panel_300", run.ms()));
    // The largest panels jlu-machine takes (10^6 cells): CPU time and memory per cell and per
    // input byte.
    largest_panels(seed, &jlu_machine, &work, &mut baseline);
    for side in [300, 1000] {
        let input = work.join(format!("solver_worst_acm_{side}.in"));
        fs::write(&input, random_map(seed, side, 0.15)).expect("write map");
        let run = run_once(&acm_client, &input, &work);
        run.print(&format!(
            "acm-client, random {side}x{side} map at 0.15 (seed {seed})"
        ));
        println!("  {}", baseline.compare(&format!("acm_{side}"), run.ms()));
    }
    let mut worst: Option<(Run, String)> = None;
    for density in [0.25, 0.3] {
        for i in 0..4 {
            let game_seed = seed + i;
            let mut rng = Rng::new(game_seed);
            let mut solver = Solver::new();
            let game = adversary_game(
                &mut rng,
                Grid::new(80, 80),
                density,
                Mines::Density(0.15),
                &mut solver,
                u64::MAX,
            );
            let input = work.join("solver_worst_adversary.in");
            fs::write(&input, game.acm_input()).expect("write map");
            let run = run_once(&acm_client, &input, &work);
            let what = format!(
                "density {density} seed {game_seed}: {} moves, {} guesses, {} mines moved",
                game.moves, game.guesses, game.relocations
            );
            if worst.as_ref().map_or(true, |(w, _)| run.time > w.time) {
                worst = Some((run, what));
            }
        }
    }
    let (run, what) = worst.expect("adversary games");
    run.print(&format!(
        "acm-client, adaptive adversary 80x80, worst of 8 ({what})"
    ));
    println!("  {}", baseline.compare("adversary_80", run.ms()));
    baseline.save();
}

/// `jlu-machine` on the largest panels it takes (1000x1000): regular panels of 1s, all closed,
/// crafted ones and a random game's, with and without the count. Prints each one's CPU time
/// (user + system) and peak memory, per cell and per input byte, against the baseline, and
/// the worst of each.
fn largest_panels(seed: u64, jlu_machine: &Path, work: &Path, baseline: &mut Baseline) {
    let side = 1000;
    let crafted = |pattern| {
        let mut rng = Rng::new(seed);
        let grid = Grid::new(side, side);
        let (board, view) = crafted_panel(&mut rng, grid, Mines::Density(0.15), pattern);
        jlu_machine_input(&view, Some(board.mines()))
    };
    let largest = [
        ("rows of 1s with k", rows_of_ones(side, true)),
        ("rows of 1s", rows_of_ones(side, false)),
        ("checkerboard of 1s", checkerboard_of_ones(side)),
        ("columns of 1s", columns_of_ones(side)),
        ("all closed", all_closed(side)),
        ("crafted lattice with k", crafted(PanelPattern::Lattice)),
        ("crafted lines with k", crafted(PanelPattern::Lines)),
        ("random game with k", random_game(seed, side, true)),
        ("random game", random_game(seed, side, false)),
    ];
    let cells = (side * side) as f64;
    let (mut slowest, mut heaviest) = ((0.0, String::new()), (0.0, String::new()));
    for (what, text) in largest {
        let input = work.join("solver_worst_panel_1000.in");
        fs::write(&input, &text).expect("write panel");
        let bytes = text.len() as f64;
        let Some((cpu, kib)) = cpu_and_peak(jlu_machine, &input) else {
            println!("jlu-machine, {side}x{side} {what}: n/a (no /usr/bin/time)");
            continue;
        };
        let peak = kib as f64 * 1024.0;
        println!(
            "jlu-machine, {side}x{side} {what}: {:.0} ms of CPU, peak {:.1} MiB = {:.0} bytes per \
             cell, {:.1} per input byte",
            cpu * 1e3,
            peak / (1024.0 * 1024.0),
            peak / cells,
            peak / bytes
        );
        let key = what.replace(' ', "_");
        println!(
            "  CPU {}",
            baseline.compare_in(&format!("panel_1000_cpu_{key}"), cpu * 1e3, "ms")
        );
        println!(
            "  peak {}",
            baseline.compare_in(
                &format!("panel_1000_bytes_per_cell_{key}"),
                peak / cells,
                "bytes per cell"
            )
        );
        if cpu > slowest.0 {
            slowest = (cpu, what.to_string());
        }
        if peak / bytes > heaviest.0 {
            heaviest = (
                peak / bytes,
                format!("{what}: {:.0} bytes per cell", peak / cells),
            );
        }
    }
    println!(
        "  worst: {:.0} ms of CPU ({}); {:.1} bytes per input byte ({})",
        slowest.0 * 1e3,
        slowest.1,
        heaviest.0,
        heaviest.1
    );
}

/// Real games to time every decision of.
struct Games {
    grid: Grid,
    mines: usize,
    /// What the player is told of the mines.
    told: Mines,
    games: u64,
    name: &'static str,
}

/// Plays `games` (first click in the corner, clicks only) from `seed` on, timing every
/// decision: the slowest, the one with most nodes, and how many there were.
fn game_decisions(seed: u64, games: &Games, solver: impl Fn() -> Solver) -> (Worsts, u64) {
    let (mut worsts, mut decisions) = (Worsts::default(), 0);
    let grid = games.grid;
    let mut solver = solver();
    let mut opened = Vec::new();
    for game in 0..games.games {
        let game_seed = seed + game;
        let mines = Rng::new(game_seed).deal(grid.len(), games.mines, &[0]);
        let board = Board::from_mines(grid, mines);
        let mut cover = Cover::new(&board);
        let mut view = View::new(grid);
        let mut cell = 0;
        loop {
            if board.is_mine(cell) {
                break;
            }
            view.reveal(
                &board,
                &mut cover,
                cell,
                FlagsInCascade::Cleared,
                &mut opened,
            );
            if cover.safe_closed() == 0 {
                break;
            }
            let started = Instant::now();
            let decision = solver
                .next_move(&view, games.told, Style::CLICKS)
                .expect("a real game is consistent")
                .expect("a closed safe cell is left");
            let time = started.elapsed();
            decisions += 1;
            let open = board.safe_cells() - cover.safe_closed();
            worsts.record(time, solver.nodes(), || {
                format!("{} game seed {game_seed}, {open} cells open", games.name)
            });
            let Move::Open(next) = decision.action else {
                unreachable!("clicks only")
            };
            cell = next;
        }
    }
    (worsts, decisions)
}

/// A `side` x `side` panel: rows of numbers between closed rows, from a layout with a mine in
/// every third column of every other closed row, so that nearly every number is a 1 (with
/// the layout's count when `told`).
fn rows_of_ones(side: usize, told: bool) -> Vec<u8> {
    let grid = Grid::new(side, side);
    let mines = (0..grid.len()).filter(|&c| {
        let (row, col) = grid.row_col(c);
        row % 4 == 1 && col % 3 == 1
    });
    let board = Board::from_mines(grid, mines);
    let cells = (0..grid.len())
        .map(|c| match grid.row_col(c).0 % 2 {
            0 => Seen::Open(board.count(c)),
            _ => Seen::Closed,
        })
        .collect();
    let view = View::from_cells(grid, cells);
    jlu_machine_input(&view, told.then(|| board.mines()))
}

/// A `side` x `side` panel of 1s on the cells of one colour, closed cells on the other, without
/// a count (not proven consistent: the solver estimates it).
fn checkerboard_of_ones(side: usize) -> Vec<u8> {
    let grid = Grid::new(side, side);
    let cells = (0..grid.len())
        .map(|c| {
            let (row, col) = grid.row_col(c);
            match (row + col) % 2 {
                0 => Seen::Open(1),
                _ => Seen::Closed,
            }
        })
        .collect();
    jlu_machine_input(&View::from_cells(grid, cells), None)
}

/// A `side` x `side` panel of columns of 1s between closed columns, without a count (one
/// component over the whole panel, estimated).
fn columns_of_ones(side: usize) -> Vec<u8> {
    let grid = Grid::new(side, side);
    let cells = (0..grid.len())
        .map(|c| match grid.row_col(c).1 % 2 {
            0 => Seen::Open(1),
            _ => Seen::Closed,
        })
        .collect();
    jlu_machine_input(&View::from_cells(grid, cells), None)
}

/// A `side` x `side` panel with every cell closed and no count.
fn all_closed(side: usize) -> Vec<u8> {
    jlu_machine_input(&View::new(Grid::new(side, side)), None)
}

/// A `side` x `side` panel from a random game at the course's density: 200 random clicks
/// opened with their cascades (with the layout's count when `told`).
fn random_game(seed: u64, side: usize, told: bool) -> Vec<u8> {
    let mut rng = Rng::new(seed);
    let grid = Grid::new(side, side);
    let mines: Vec<usize> = (0..grid.len())
        .filter(|_| rng.chance(BOARD_DENSITY))
        .collect();
    let board = Board::from_mines(grid, mines);
    let (mut cover, mut view, mut opened) = (Cover::new(&board), View::new(grid), Vec::new());
    for _ in 0..200 {
        let cell = rng.below(grid.len());
        if !board.is_mine(cell) && !cover.is_open(cell) {
            view.reveal(
                &board,
                &mut cover,
                cell,
                FlagsInCascade::Cleared,
                &mut opened,
            );
        }
    }
    jlu_machine_input(&view, told.then(|| board.mines()))
}

/// A course-style single game: `n m`, the map, the first click (an inner cell whose
/// neighbourhood is free of mines).
fn random_map(seed: u64, side: usize, density: f64) -> Vec<u8> {
    let mut rng = Rng::new(seed);
    let first = (1 + rng.below(side - 2), 1 + rng.below(side - 2));
    let mut text = format!("{side} {side}\n").into_bytes();
    for row in 0..side {
        for col in 0..side {
            let near = row.abs_diff(first.0) <= 1 && col.abs_diff(first.1) <= 1;
            text.push(if !near && rng.chance(density) {
                b'X'
            } else {
                b'.'
            });
        }
        text.push(b'\n');
    }
    text.extend_from_slice(format!("{} {}\n", first.0, first.1).as_bytes());
    text
}

/// One program run: its wall time and peak memory.
struct Run {
    time: Duration,
    peak_kib: Option<u64>,
}

impl Run {
    fn ms(&self) -> f64 {
        self.time.as_secs_f64() * 1e3
    }

    fn print(&self, label: &str) {
        let peak = self.peak_kib.map_or("n/a".to_string(), |kib| {
            format!("{:.1} MiB", kib as f64 / 1024.0)
        });
        println!("{label}: {:.0} ms, peak {peak}", self.ms());
    }
}

/// Runs `exe` on `input` once for the time and once under GNU time for the peak memory.
fn run_once(exe: &Path, input: &Path, work: &Path) -> Run {
    let started = Instant::now();
    let status = Command::new(exe)
        .stdin(fs::File::open(input).expect("input"))
        .stdout(fs::File::create(work.join("solver_worst.out")).expect("output"))
        .status()
        .expect("run program");
    let time = started.elapsed();
    assert!(
        status.success(),
        "{} failed on {}",
        exe.display(),
        input.display()
    );
    Run {
        time,
        peak_kib: peak_kib(exe, input),
    }
}
