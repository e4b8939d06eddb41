//! `gen --shape NAME`: every edge shape of every judge has the property it claims and is valid
//! (inside the course's limits where it is offered there, read by the judge under wide ones),
//! for several seeds; `gen` writes the library's bytes; `stress` draws them by the seed alone.

use crate::util;
use minejudge::io::runner::solve_in_memory;
use minejudge::judges::options::GenOptions;
use minejudge::judges::shapes::{EdgeShape, STRESS_SHARE};
use minejudge::judges::{self, Judge, Knobs, Limits, Size};
use std::process::{Command, Output};

/// One board of an input: its sides and its mines, in reading order.
struct Board {
    rows: usize,
    cols: usize,
    mines: Vec<bool>,
}

/// The numbers of a line.
fn numbers(line: &str) -> Vec<usize> {
    line.split(' ').map(|n| n.parse().expect(line)).collect()
}

/// A map of `rows` lines, `mine` the byte of a mine.
fn map_board(lines: &[&str], rows: usize, cols: usize, mine: u8) -> Board {
    let mines = lines[..rows]
        .iter()
        .flat_map(|line| line.bytes().map(move |b| b == mine))
        .collect();
    Board { rows, cols, mines }
}

/// The boards of `input` and its operations (the lines after the board, `Quit` left out), as
/// the judge's generator writes them.
fn read(judge: &Judge, input: &[u8]) -> (Vec<Board>, Vec<String>) {
    let text = std::str::from_utf8(input).expect("ASCII");
    let lines: Vec<&str> = text.lines().collect();
    let owned = |lines: &[&str]| lines.iter().map(|line| line.to_string()).collect();
    match judge.name() {
        "mine-ops" | "acm-server" => {
            let head = numbers(lines[0]);
            let mine = if judge.name() == "mine-ops" {
                b'*'
            } else {
                b'X'
            };
            let board = map_board(&lines[1..], head[0], head[1], mine);
            let ops = &lines[1 + head[0]..];
            let ops = ops.strip_suffix(&["Quit"]).unwrap_or(ops);
            (vec![board], owned(ops))
        }
        "jlu-panel" => {
            let head = numbers(lines[0]);
            let (rows, cols, k) = (head[0], head[1], head[2]);
            let mut mines = vec![false; rows * cols];
            for line in &lines[1..1 + k] {
                let cell = numbers(line);
                mines[cell[0] * cols + cell[1]] = true;
            }
            (vec![Board { rows, cols, mines }], owned(&lines[1 + k..]))
        }
        "update-board" => {
            let boards = lines.chunks(2).map(|pair| {
                let rows: Vec<&str> = pair[0].split("],[").collect();
                let cells: Vec<&str> = pair[0].split('"').skip(1).step_by(2).collect();
                let cols = cells.len() / rows.len();
                let mines = cells.iter().map(|c| matches!(*c, "M" | "X")).collect();
                Board {
                    rows: rows.len(),
                    cols,
                    mines,
                }
            });
            (boards.collect(), Vec::new())
        }
        _ => {
            let mut boards = Vec::new();
            let mut at = 0;
            while lines[at] != "0 0" {
                let head = numbers(lines[at]);
                boards.push(map_board(&lines[at + 1..], head[0], head[1], b'M'));
                at += 1 + head[0];
            }
            (boards, Vec::new())
        }
    }
}

/// The input of `judge` with its last operation left out.
fn without_last_operation(judge: &Judge, input: &[u8]) -> Vec<u8> {
    let text = std::str::from_utf8(input).expect("ASCII");
    let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
    match judge.name() {
        "mine-ops" => {
            lines.remove(lines.len() - 2);
        }
        "jlu-panel" => {
            lines.pop();
            let mut head = numbers(&lines[0]);
            head[3] -= 1;
            lines[0] = format!("{} {} {} {}", head[0], head[1], head[2], head[3]);
        }
        _ => {
            lines.pop();
        }
    }
    lines
        .iter()
        .map(|line| format!("{line}\n"))
        .collect::<String>()
        .into_bytes()
}

/// Whether the judge's answer to `input` shows the game ended.
fn game_ended(judge: &Judge, input: &[u8]) -> bool {
    let (answer, result) = solve_in_memory(judge.solve(), input);
    assert!(result.is_ok(), "{}: {result:?}", judge.name());
    let answer = String::from_utf8(answer).expect("ASCII");
    let endings: &[&str] = match judge.name() {
        "mine-ops" => &["\nfinish\n", "\ngame over\n"],
        "jlu-panel" => &["You win", "You lose"],
        _ => &["YOU WIN!", "GAME OVER!"],
    };
    endings
        .iter()
        .any(|end| format!("\n{answer}").contains(end))
}

/// The fewest and the most mines a board of `cells` may hold under `limits`.
fn mine_range(judge: &Judge, limits: Limits, cells: usize) -> (usize, usize) {
    let course = limits == Limits::Course;
    match judge.name() {
        "jlu-panel" if course => (1, 50),
        "acm-server" if course => (1, cells - 1),
        "inexperienced-player" if course => (1, cells - 1),
        "inexperienced-player" => (0, cells - 1),
        _ => (0, cells),
    }
}

/// What is wrong with `input` as `shape` of `judge` under `limits`, if anything.
fn shape_broken(judge: &Judge, shape: EdgeShape, limits: Limits, input: &[u8]) -> Option<String> {
    let (boards, ops) = read(judge, input);
    let mine_counts: Vec<usize> = boards
        .iter()
        .map(|b| b.mines.iter().filter(|&&m| m).count())
        .collect();
    let every = |test: &dyn Fn(&Board) -> bool| boards.iter().all(test);
    let holds = match shape {
        EdgeShape::NoSafe => every(&|b| b.mines.iter().all(|&m| m)),
        EdgeShape::NoMine => every(&|b| !b.mines.contains(&true)),
        EdgeShape::OneCell => every(&|b| (b.rows, b.cols) == (1, 1)),
        EdgeShape::OneRow => every(&|b| b.rows == 1),
        EdgeShape::OneColumn => every(&|b| b.cols == 1),
        EdgeShape::AllFlagged => {
            let cols = boards[0].cols;
            let cells = boards[0].mines.len();
            let flags =
                (0..cells).map(|cell| format!("Flag {} {}", cell / cols + 1, cell % cols + 1));
            ops.len() >= cells && flags.eq(ops[..cells].iter().cloned())
        }
        EdgeShape::AllMarked => {
            let board = &boards[0];
            let marks = (0..board.mines.len())
                .filter(|&cell| board.mines[cell])
                .map(|cell| format!("{} {} 1", cell / board.cols, cell % board.cols));
            let count = mine_counts[0];
            ops.len() >= count && marks.eq(ops[..count].iter().cloned())
        }
        EdgeShape::AfterEnd => game_ended(judge, &without_last_operation(judge, input)),
        EdgeShape::LargestFewest | EdgeShape::LargestMost => {
            let sides = judge.largest_board(limits);
            let (fewest, most) = mine_range(judge, limits, sides.0 * sides.1);
            let want = if shape == EdgeShape::LargestFewest {
                fewest
            } else {
                most
            };
            every(&|b| (b.rows, b.cols) == sides) && mine_counts.iter().all(|&n| n == want)
        }
    };
    (!holds).then(|| format!("mines per board {mine_counts:?}, {} operations", ops.len()))
}

/// Whether `input` is valid under `limits`: inside the course's, or read by the judge.
fn valid(judge: &Judge, limits: Limits, input: &[u8]) -> Result<(), String> {
    match limits {
        Limits::Course => judge.validate(input),
        // acm-server prints a map per operation: its largest wide case is a gigabyte.
        Limits::Wide if input.len() > 1 << 20 => match judge.parse_case(input) {
            Some(_) => Ok(()),
            None => Err("not read".into()),
        },
        Limits::Wide => solve_in_memory(judge.solve(), input)
            .1
            .map_err(|e| e.to_string()),
    }
}

#[test]
#[ignore = "long tier: .ci/run runs it"]
fn every_shape_has_its_property_and_is_valid() {
    let mut checked = 0;
    for judge in judges::ALL {
        assert!(!judge.shapes.is_empty(), "{}", judge.name());
        for limits in [Limits::Course, Limits::Wide] {
            for shape in judge.shapes_under(limits) {
                let largest = matches!(shape, EdgeShape::LargestFewest | EdgeShape::LargestMost);
                let sizes: &[Size] = if largest {
                    &[Size::Small]
                } else {
                    &[Size::Small, Size::Medium]
                };
                let seeds = if largest { 1..3 } else { 1..7 };
                for &size in sizes {
                    for seed in seeds.clone() {
                        let knobs = Knobs {
                            shape: Some(shape),
                            limits,
                            ..Knobs::default()
                        };
                        let input = judge.generate(seed, size, &knobs);
                        let what = format!(
                            "{} --shape {} --limits {} --seed {seed} {size:?}",
                            judge.name(),
                            shape.name(),
                            limits.name()
                        );
                        if let Err(err) = valid(judge, limits, &input) {
                            panic!("{what}: invalid: {err}\n{}", clip(&input));
                        }
                        if let Some(broken) = shape_broken(judge, shape, limits, &input) {
                            panic!("{what}: not the shape: {broken}\n{}", clip(&input));
                        }
                        checked += 1;
                    }
                }
            }
        }
    }
    println!("{checked} inputs checked");
}

/// `gen` run with `args`.
fn gen(args: &[&str]) -> Output {
    Command::new(util::binary("gen"))
        .args(args)
        .output()
        .expect("run gen")
}

fn clip(input: &[u8]) -> String {
    String::from_utf8_lossy(&input[..input.len().min(3000)]).into_owned()
}

#[test]
fn an_input_of_another_shape_is_told_apart() {
    let mine_ops = judges::named("mine-ops").unwrap();
    let input = b"2 2\n*.\n..\nFlag 1 1\nSweep 2 2\nQuit\n";
    for shape in mine_ops.shapes_under(Limits::Course) {
        assert!(
            shape_broken(mine_ops, shape, Limits::Course, input).is_some(),
            "{}",
            shape.name()
        );
    }
}

#[test]
fn gen_writes_the_shapes_and_validate_accepts_them() {
    for judge in judges::ALL {
        for shape in judge.shapes_under(Limits::Course) {
            let args = [judge.name(), "--seed", "4", "--shape", shape.name()];
            let output = gen(&args);
            assert_eq!(output.status.code(), Some(0), "{args:?}");
            let knobs = Knobs {
                shape: Some(shape),
                limits: Limits::Course,
                ..Knobs::default()
            };
            assert!(
                output.stdout == judge.generate(4, Size::Small, &knobs),
                "{args:?}: not the library's bytes"
            );
            let mut validate = Command::new(util::binary("validate"))
                .arg(judge.name())
                .stdin(std::process::Stdio::piped())
                .stdout(std::process::Stdio::piped())
                .stderr(std::process::Stdio::piped())
                .spawn()
                .expect("run validate");
            use std::io::Write;
            let mut stdin = validate.stdin.take().expect("piped");
            stdin
                .write_all(&output.stdout)
                .expect("validate reads it all");
            drop(stdin);
            let run = validate.wait_with_output().expect("validate ends");
            assert_eq!(
                run.status.code(),
                Some(42),
                "{args:?}: {}\n{}",
                String::from_utf8_lossy(&run.stderr),
                clip(&output.stdout)
            );
        }
    }
    let help = gen(&["--help"]);
    let help = String::from_utf8_lossy(&help.stdout);
    for shape in EdgeShape::ALL {
        assert!(help.contains(&format!("      {} ", shape.name())), "{help}");
    }
}

#[test]
fn stress_draws_each_shape_now_and_then_by_the_seed_alone() {
    let largest = |s: &EdgeShape| matches!(s, EdgeShape::LargestFewest | EdgeShape::LargestMost);
    for judge in judges::ALL {
        for size in [Size::Small, Size::Max] {
            let request = GenOptions {
                size,
                ..GenOptions::default()
            };
            let drawable = judge.drawable_shapes(size, &request.knobs);
            // The course's shapes, the largest only at --size max.
            let offered = judge.shapes_under(Limits::Course);
            let expected: Vec<EdgeShape> = offered
                .filter(|s| size == Size::Max || !largest(s))
                .collect();
            assert_eq!(drawable, expected, "{} {size:?}", judge.name());
            draws_each(judge, &request, &drawable);
        }
        // `--shape none`, and knobs the shapes would set, keep them out.
        let none = GenOptions {
            draw_shapes: false,
            ..GenOptions::default()
        };
        assert!((0..500).all(|seed| none.for_seed(judge, seed).knobs.shape.is_none()));
        let rows = GenOptions {
            knobs: Knobs {
                rows: Some(2),
                limits: Limits::Course,
                ..Knobs::default()
            },
            ..GenOptions::default()
        };
        for seed in 0..500 {
            if let Some(shape) = rows.for_seed(judge, seed).knobs.shape {
                assert!(!shape.sets().contains(&"--rows"), "{}", shape.name());
            }
        }
        // Under wide limits, never the largest, even at --size max.
        let wide = Knobs {
            limits: Limits::Wide,
            ..Knobs::default()
        };
        assert!(!judge.drawable_shapes(Size::Max, &wide).iter().any(largest));
    }
}

/// Checks that `request` draws every one of `drawable` for about one seed in
/// [`STRESS_SHARE`], the same for the same seed, and that the report's command for a drawn
/// one writes its input again.
fn draws_each(judge: &Judge, request: &GenOptions, drawable: &[EdgeShape]) {
    let mut seen = Vec::new();
    let mut shaped = 0;
    for seed in 0..8000 {
        let drawn = request.for_seed(judge, seed);
        assert_eq!(
            drawn,
            request.for_seed(judge, seed),
            "the same seed, the same shape"
        );
        let Some(shape) = drawn.knobs.shape else {
            continue;
        };
        shaped += 1;
        assert!(drawable.contains(&shape));
        if !seen.contains(&shape) {
            seen.push(shape);
            // Not the largest: a few suffice, and they are a megabyte.
            if seen.len() <= 3 && request.size != Size::Max {
                let command = drawn.gen_command(judge, seed);
                let args: Vec<&str> = command.split(' ').skip(1).collect();
                let input = judge.generate(seed, drawn.size, &drawn.knobs);
                assert!(gen(&args).stdout == input, "{command}");
            }
        }
    }
    assert_eq!(seen.len(), drawable.len(), "{}: {seen:?}", judge.name());
    // inexperienced-player's course offers only the largest.
    let expected = if drawable.is_empty() {
        0
    } else {
        8000 / STRESS_SHARE
    };
    assert!(
        shaped * 10 >= expected * 8 && shaped * 10 <= expected * 12,
        "{}: {shaped} of 8000",
        judge.name()
    );
}
