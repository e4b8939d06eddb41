//! `jlu-machine`: stateless games through the JLU panel, and bad input.

use crate::util::{self, assert_bad_input, solve_into};
use minejudge::board::{Board, Grid};
use minejudge::io::runner::Solve;
use minejudge::judges::jlu_panel::panel::{ClickOutcome, Panel};
use minejudge::players::jlu_machine::solve as machine;
use minejudge::rng::Rng;
use minejudge::solver::Strength;

/// The panel as `jlu-machine` reads it: `n m` (and `k` when given), then the -1/0..8 rows.
fn panel_text(panel: &Panel, mines: Option<usize>) -> Vec<u8> {
    let grid = panel.grid();
    let mut text = format!("{} {}", grid.rows(), grid.cols()).into_bytes();
    if let Some(mines) = mines {
        text.extend_from_slice(format!(" {mines}").as_bytes());
    }
    text.push(b'\n');
    panel.print(&mut text);
    text
}

/// One JLU game driven by the binary's `solve`, one call per click with nothing kept between
/// calls, as the course's judge does; mines are placed after the first click, away from it.
/// Returns whether it was won and the number of clicks.
fn play_jlu_game(
    rng: &mut Rng,
    rows: usize,
    cols: usize,
    mines: usize,
    tell_count: bool,
) -> (bool, usize) {
    let (won, clicks, _) =
        play_jlu_game_by(rng, (rows, cols, mines), tell_count, [machine::solve; 1]);
    (won, clicks)
}

/// [`play_jlu_game`] played by `solves[0]`; each panel is also given to the others. Returns
/// whether it was won, the number of clicks, and on how many panels another answered
/// otherwise.
fn play_jlu_game_by<const N: usize>(
    rng: &mut Rng,
    (rows, cols, mines): (usize, usize, usize),
    tell_count: bool,
    solves: [Solve; N],
) -> (bool, usize, usize) {
    let mut differ = 0;
    let grid = Grid::new(rows, cols);
    let empty = Board::from_mines(grid, []);
    let mut panel = Panel::new(&empty);
    let mut board = None;
    for click in 1..=400 {
        let text = panel_text(&panel, tell_count.then_some(mines));
        let mut out = Vec::new();
        solve_into(solves[0], &text, &mut out).unwrap_or_else(|err| {
            panic!(
                "click {click}: {err}\npanel:\n{}",
                String::from_utf8_lossy(&text)
            )
        });
        for &other in &solves[1..] {
            let mut theirs = Vec::new();
            solve_into(other, &text, &mut theirs).expect("the other answers the panel");
            differ += (theirs != out) as usize;
        }
        let answer = String::from_utf8(out).expect("UTF-8");
        let numbers: Vec<usize> = answer
            .split_whitespace()
            .map(|n| n.parse().unwrap())
            .collect();
        assert!(
            answer.ends_with('\n') && numbers.len() == 2,
            "answer {answer:?}"
        );
        assert!(
            numbers[0] < rows && numbers[1] < cols,
            "answer {answer:?} off the board"
        );
        let cell = grid.index(numbers[0], numbers[1]);
        assert!(
            !panel.is_open(cell),
            "click {click} on the open cell {answer:?}"
        );
        let board = board.get_or_insert_with(|| {
            let board = Board::from_mines(grid, rng.deal(grid.len(), mines, &[cell]));
            // The panel counts the closed safe cells of its own board: make it on the real one.
            panel = Panel::new(&board);
            board
        });
        match panel.refresh(board, cell) {
            ClickOutcome::Won => return (true, click, differ),
            ClickOutcome::Lost => return (false, click, differ),
            ClickOutcome::Going => {}
        }
    }
    (false, 400, differ)
}

#[test]
fn plays_jlu_games_statelessly_and_wins_most() {
    let seed = 0x4a4c55;
    println!("jlu-machine games seed {seed}");
    let mut rng = Rng::new(seed);
    let games = 60;
    let mut wins = 0;
    for game in 0..games {
        let (won, clicks) = play_jlu_game(&mut rng, 20, 20, 50, game % 2 == 0);
        assert!(clicks <= 400, "game {game}");
        wins += won as usize;
    }
    println!("jlu-machine: {wins} of {games} JLU games won");
    // The solver wins about 88% of these; 70% leaves room for chance, not for a broken player.
    assert!(
        wins * 100 >= games * 70,
        "only {wins} of {games} won (seed {seed})"
    );
}

#[test]
fn strong_plays_whole_games_by_legal_clicks() {
    let seed = 0x5354;
    println!("jlu-machine --strength strong games seed {seed}");
    let mut rng = Rng::new(seed);
    let strong = machine::program(Strength::Strong).solve;
    let (games, mut wins) = (20, 0);
    for game in 0..games {
        // Dense boards, where the strong endgame search takes positions the default leaves.
        let (won, clicks, _) = play_jlu_game_by(&mut rng, (10, 12, 26), game % 2 == 0, [strong]);
        assert!(clicks <= 400, "game {game}");
        wins += won as usize;
    }
    println!("jlu-machine --strength strong: {wins} of {games} won");
}

/// A dense panel with its mine count (game 41 of seed 5 on 10x12 with 26 mines, played by the
/// default machine), where the strong endgame search clicks another cell than the default.
const STRONG_APART: &[u8] = b"10 12 26
1 1 0 0 0 0 1 2 -1 -1 -1 -1
-1 1 0 0 0 0 1 -1 -1 -1 -1 -1
1 1 1 1 1 1 3 5 -1 -1 -1 -1
0 0 2 -1 3 2 -1 -1 -1 4 -1 3
1 1 3 -1 4 -1 6 -1 3 2 -1 1
1 -1 2 1 3 -1 -1 2 2 -1 2 1
1 1 1 0 1 2 3 2 2 -1 -1 -1
1 1 0 0 0 0 2 -1 3 2 -1 -1
-1 1 0 0 0 0 2 -1 3 -1 -1 -1
1 1 0 0 0 0 1 1 2 -1 -1 -1
";

#[test]
fn the_strength_option_is_taken_and_a_bad_one_refused() {
    let click = |args: &[&str]| {
        let run = util::run_args("jlu-machine", args, STRONG_APART);
        assert_eq!(run.status, Some(0), "{}", run.describe());
        String::from_utf8(run.stdout).expect("UTF-8")
    };
    assert_eq!(click(&[]), "1 11\n");
    assert_eq!(click(&["--strength", "default"]), "1 11\n");
    assert_eq!(click(&["--strength", "strong"]), "0 11\n");
    let run = util::run_args("jlu-machine", &["--strength", "fast"], STRONG_APART);
    let stderr = String::from_utf8_lossy(&run.stderr);
    assert_eq!(run.status, Some(2), "{}", run.describe());
    assert!(
        stderr.starts_with(
            "error: --strength expects default or strong, found \"fast\"\nusage: jlu-machine \
             [--strength default|strong] < input\n"
        ),
        "{stderr}"
    );
}

#[test]
fn bad_input_and_finished_panels_are_refused() {
    let name = "jlu-machine";
    assert_bad_input(
        name,
        b"",
        1,
        "expected the header `n m` or `n m k`, found end of input",
        b"",
    );
    assert_bad_input(
        name,
        b"2 2 1 7\n",
        1,
        "the header has too many numbers",
        b"",
    );
    assert_bad_input(name, b"2 0\n", 1, "m (columns) 0 is outside", b"");
    assert_bad_input(
        name,
        b"2 2 5\n-1 -1\n-1 -1\n",
        1,
        "k (mines) 5 is outside 0..=4",
        b"",
    );
    assert_bad_input(
        name,
        b"2 2\n-1 -1\n-1 9\n",
        3,
        "the panel's cell (1, 1) 9 is outside -1..=8",
        b"",
    );
    // One row per line: a row of the wrong width is refused on its line, not carried over.
    assert_bad_input(
        name,
        b"2 2\n-1 -1\n-1\n",
        3,
        "row 1 has 1 numbers, expected 2",
        b"",
    );
    assert_bad_input(
        name,
        b"2 2\n-1 -1 -1\n-1\n",
        2,
        "row 0 has 3 numbers, expected 2",
        b"",
    );
    assert_bad_input(
        name,
        b"2 3\r\n-1 -1\r\n-1 -1 -1 -1\r\n",
        2,
        "row 0 has 2 numbers, expected 3",
        b"",
    );
    assert_bad_input(name, b"2 2\r-1 -1\r-1\r", 3, "row 1 has 1 numbers", b"");
    assert_bad_input(
        name,
        b"2 2\n-1 -1\n\n",
        2,
        "expected row 1 of the panel, found end of input",
        b"",
    );
    // Blank lines between rows are skipped, as between jlu-panel's panels.
    let run = crate::util::run(name, b"2 2 1\r\n\r\n-1 -1\n\n\r1 1\r", "blank lines");
    let clicked = run.stdout == b"0 0\n" || run.stdout == b"0 1\n";
    assert!(run.status == Some(0) && clicked, "{}", run.describe());
    // A panel beyond a million cells is refused once its size is known, whatever it holds.
    let mut big = b"1001 1000\n".to_vec();
    for _ in 0..1001 {
        big.extend_from_slice("-1 ".repeat(1000).as_bytes());
        big.push(b'\n');
    }
    assert_bad_input(
        name,
        &big,
        1,
        "more than the 1000000 jlu-machine takes",
        b"",
    );
    assert_bad_input(
        name,
        b"100000 100000\n-1\n",
        1,
        "the input is truncated",
        b"",
    );
    assert_bad_input(name, b"2 2\n-1 3\n0 0\n", 2, "inconsistent panel", b"");
    assert_bad_input(
        name,
        b"2 2 1\n-1 1\n1 1\n",
        1,
        "no cell is left to click",
        b"",
    );
}
