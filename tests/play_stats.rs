//! The statistics of a game (`minejudge::game_stats`, which `play` shows at the end of each
//! game and `autoplay` counts 3BV by) against ms-toollib, the players' own analysis library, on
//! 1,000 games of random clicks: every click kind, clicks that change nothing, wins and losses.
//! Every figure the page shows is checked: 3BV and 3BV solved, the clicks by kind (left, right,
//! chords) and in all, the effective clicks, IOE, correctness (`corr`), throughput (`thrp`), the
//! time in whole milliseconds (`rtime_ms`) and 3BV/s over it.
//!
//! ms-toollib is installed from PyPI into a virtual environment under `target/tmp` the first
//! time (3 MB); `play_stats/oracle.py` plays each game through it.

use minejudge::board::{Board, CellState, Cover, Grid};
use minejudge::game_stats::{Figures, Tally};
use minejudge::moves::{self, Applied, Move};
use minejudge::rng::Rng;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// The version the definitions were checked against.
const MS_TOOLLIB: &str = "ms-toollib==1.5.20";

/// A game of random clicks on a random board, and what our module makes of it.
struct Game {
    board: Board,
    moves: Vec<Move>,
    figures: Figures,
}

/// A random board: a player's level or a small one, any density.
fn random_board(rng: &mut Rng) -> (Board, usize) {
    let (rows, cols, mines) = match rng.below(5) {
        0 => (9, 9, 10),
        1 => (16, 16, 40),
        2 => (16, 30, 99),
        _ => {
            let (rows, cols) = (2 + rng.below(12), 2 + rng.below(12));
            (rows, cols, rng.below(rows * cols * 2 / 5 + 1))
        }
    };
    let grid = Grid::new(rows, cols);
    let first = rng.below(grid.len());
    let mines = mines.min(grid.len() - 1);
    (
        Board::from_mines(grid, rng.deal(grid.len(), mines, &[first])),
        first,
    )
}

/// The next click of a player who mostly makes progress, sometimes clicks what changes
/// nothing, flags right and wrong, chords, and now and then opens a mine.
fn random_move(rng: &mut Rng, board: &Board, cover: &Cover) -> Move {
    let cells = board.grid().len();
    let any = rng.below(cells);
    let closed_safe: Vec<usize> = (0..cells)
        .filter(|&c| !board.is_mine(c) && !cover.is_open(c))
        .collect();
    match rng.below(100) {
        0..=34 if !closed_safe.is_empty() => Move::Open(closed_safe[rng.below(closed_safe.len())]),
        0..=44 => Move::Open(if board.is_mine(any) && rng.below(4) > 0 {
            closed_safe.first().copied().unwrap_or(any)
        } else {
            any
        }),
        45..=69 => {
            // Mostly mines, so that chords get their flags.
            let mines: Vec<usize> = (0..cells).filter(|&c| board.is_mine(c)).collect();
            if !mines.is_empty() && (rng.below(3) > 0 || !may_flag(board, any)) {
                Move::Flag(mines[rng.below(mines.len())])
            } else {
                Move::Flag(any)
            }
        }
        _ => {
            let numbers: Vec<usize> = (0..cells)
                .filter(|&c| cover.is_open(c) && board.count(c) > 0)
                .filter(|&c| chord_agrees(board, cover, c))
                .collect();
            if !numbers.is_empty() && rng.below(4) > 0 {
                Move::Chord(numbers[rng.below(numbers.len())])
            } else if chord_agrees(board, cover, any) {
                Move::Chord(any)
            } else {
                Move::Open(any)
            }
        }
    }
}

/// Whether the player may flag `cell`. An opening's cascade opens a flag in its way by our
/// rules (the courses') and leaves it by ms-toollib's: a flag on a safe cell next to a 0 would
/// test the rules, not the statistics.
fn may_flag(board: &Board, cell: usize) -> bool {
    board.is_mine(cell)
        || board
            .grid()
            .neighbours(cell)
            .all(|n| board.count(n) != 0 || board.is_mine(n))
}

/// Whether a chord on `cell` opens the same cells by both rules. A chord that finds a mine
/// opens nothing more by our rules (the judges') and its safe cells too by ms-toollib's: it is
/// made only where every cell it would open is a mine.
fn chord_agrees(board: &Board, cover: &Cover, cell: usize) -> bool {
    let grid = board.grid();
    let ready = cover.is_open(cell)
        && board.count(cell) > 0
        && cover.flags_around(grid, cell) == board.count(cell) as usize;
    let mut opens = grid
        .neighbours(cell)
        .filter(|&n| cover.state(n) == CellState::Closed);
    !ready || !opens.clone().any(|n| board.is_mine(n)) || opens.all(|n| board.is_mine(n))
}

/// One game, played until it is won or lost, counted as `play` counts it.
fn random_game(rng: &mut Rng) -> Game {
    let (board, first) = random_board(rng);
    let mut cover = Cover::new(&board);
    let mut tally = Tally::default();
    let mut moves = Vec::new();
    let mut opened = Vec::new();
    let before = rng.below(board.grid().len());
    if rng.below(10) == 0 && may_flag(&board, before) {
        moves.push(Move::Flag(before));
    }
    moves.push(Move::Open(first));
    let mut index = 0;
    loop {
        while index < moves.len() {
            let action = moves[index];
            index += 1;
            let applied = moves::apply(&board, &mut cover, action, &mut opened);
            tally.count(&board, action, applied);
            if matches!(applied, Applied::Mine(_)) || cover.safe_closed() == 0 {
                moves.truncate(index);
                let figures = Figures::of(&board, &cover, tally.clicks(), 0);
                return Game {
                    board,
                    moves,
                    figures,
                };
            }
        }
        moves.push(random_move(rng, &board, &cover));
    }
}

/// The games as the oracle reads them.
fn oracle_input(games: &[Game]) -> String {
    let mut text = String::new();
    for game in games {
        let grid = game.board.grid();
        text.push_str(&format!("G {} {}\n", grid.rows(), grid.cols()));
        for row in 0..grid.rows() {
            let cells: Vec<String> = (0..grid.cols())
                .map(|col| grid.index(row, col))
                .map(|cell| match game.board.is_mine(cell) {
                    true => "-1".to_string(),
                    false => game.board.count(cell).to_string(),
                })
                .collect();
            text.push_str(&cells.join(" "));
            text.push('\n');
        }
        text.push('M');
        for &action in &game.moves {
            let (kind, cell) = match action {
                Move::Open(cell) => ('L', cell),
                Move::Flag(cell) => ('R', cell),
                Move::Chord(cell) => ('D', cell),
            };
            let (row, col) = (cell / grid.cols(), cell % grid.cols());
            text.push_str(&format!(" {kind}{row},{col}"));
        }
        text.push('\n');
    }
    text
}

/// A Python with ms-toollib, in a virtual environment under target/tmp, made on first use.
fn python_with_ms_toollib() -> PathBuf {
    crate::util::python_venv_with("ms-toollib-venv", MS_TOOLLIB, "ms_toollib").unwrap_or_else(
        |why| panic!("{why}: the statistics' check needs Python 3 with venv, and PyPI"),
    )
}

/// ms-toollib's figures of each game, one line each.
fn oracle(games: &[Game]) -> Vec<Vec<f64>> {
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/play_stats/oracle.py");
    // ms-toollib writes crash.log where it runs when it panics: under target/, not here.
    let mut child = Command::new(python_with_ms_toollib())
        .arg(script)
        .current_dir(env!("CARGO_TARGET_TMPDIR"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("the oracle starts");
    let input = oracle_input(games);
    // Kept for a failure's post-mortem: `python oracle.py < play_stats.in`.
    let kept = Path::new(env!("CARGO_TARGET_TMPDIR")).join("play_stats.in");
    let _ = std::fs::write(&kept, &input);
    let mut stdin = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || {
        use std::io::Write;
        stdin.write_all(input.as_bytes()).unwrap();
    });
    let output = child.wait_with_output().unwrap();
    writer.join().unwrap();
    assert!(
        output.status.success(),
        "the oracle failed on the games of {}",
        kept.display()
    );
    String::from_utf8(output.stdout)
        .unwrap()
        .lines()
        .map(|line| {
            line.split(' ')
                .map(|x| x.parse::<f64>().unwrap_or(f64::NAN))
                .collect()
        })
        .collect()
}

fn close(ours: Option<f64>, theirs: f64) -> bool {
    match ours {
        Some(ours) => (ours - theirs).abs() <= 1e-9 * theirs.abs().max(1.0),
        None => !theirs.is_finite() || theirs == 0.0,
    }
}

#[test]
#[ignore = "long tier: .ci/run runs it"]
fn play_stats_agree_with_ms_toollib_on_1000_games() {
    let seed = 0x05ee_d3b5;
    println!("seed {seed}");
    let mut rng = Rng::new(seed);
    let games: Vec<Game> = (0..1000).map(|_| random_game(&mut rng)).collect();
    let theirs = oracle(&games);
    assert_eq!(theirs.len(), games.len());
    let (mut wins, mut chords, mut idle, mut timed_games) = (0, 0, 0, 0);
    for (index, (game, t)) in games.iter().zip(&theirs).enumerate() {
        let f = &game.figures;
        let c = f.clicks;
        let counts = [
            f.three_bv as f64,
            f.solved as f64,
            c.left as f64,
            c.right as f64,
            c.chords as f64,
            c.total() as f64,
            c.effective as f64,
        ];
        assert_eq!(
            counts[..],
            t[..7],
            "seed {seed}, game {index}: 3BV, solved, left, right, chords, clicks, effective \
             (ours, then ms-toollib's)\n{}",
            oracle_input(std::slice::from_ref(game))
        );
        // The ratios: IOE, correctness (corr), throughput (thrp).
        let ratios = [f.ioe(), f.correctness(), f.throughput()];
        for (k, (ours, theirs)) in ratios.iter().zip([t[9], t[11], t[10]]).enumerate() {
            assert!(
                close(*ours, theirs),
                "seed {seed}, game {index}: ratio {k} (IOE, correctness, throughput) \
                 ours {ours:?}, ms-toollib's {theirs}"
            );
        }
        // The time: ms-toollib's is whole milliseconds (rtime = rtime_ms / 1000), as ours; and
        // 3BV/s of ours given that time is theirs.
        let (seconds, millis) = (t[7], t[12]);
        assert!(
            millis.fract() == 0.0 && (seconds * 1000.0 - millis).abs() < 1e-6,
            "seed {seed}, game {index}: rtime {seconds} s, rtime_ms {millis}"
        );
        let timed = Figures {
            millis: millis as u64,
            ..*f
        };
        if millis > 0.0 {
            timed_games += 1;
            assert!(
                close(timed.per_second(), t[8]),
                "seed {seed}, game {index}: 3BV/s ours {:?}, ms-toollib's {} in {millis} ms",
                timed.per_second(),
                t[8]
            );
        }
        wins += usize::from(f.solved == f.three_bv);
        chords += usize::from(c.chords > 0);
        idle += usize::from(c.effective < c.total());
    }
    println!(
        "1000 games agree with ms-toollib: {wins} won, {chords} with chords, {idle} with clicks \
         that changed nothing, {timed_games} timed (3BV/s)"
    );
    assert!(timed_games >= 15, "{timed_games} timed games");
    assert!(wins > 200 && wins < 900, "{wins} won");
    assert!(
        chords > 300 && idle > 500,
        "{chords} with chords, {idle} with idle clicks"
    );
}
