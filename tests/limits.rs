//! Course limits: every input `gen` writes under them passes the judge's check (and our judge),
//! the check refuses inputs the course never gives, the shrinker never leaves them, and `gen`
//! names the limit an option breaks.

use minejudge::io::runner::solve_in_memory;
use minejudge::judges::limits::WithinCourse;
use minejudge::judges::{self, Judge, Knobs, Limits, Size};
use minejudge::rng::Rng;
use minejudge::stress::shrink::{shrink, ShrinkBudget};
use std::process::Command;
use std::time::Duration;

/// Random knobs inside the course for `judge`, some left to the size's defaults.
fn course_knobs(rng: &mut Rng, judge: &Judge) -> Knobs {
    let course = judge.course;
    let (low, high) = course.sides;
    let mut knobs = Knobs {
        limits: Limits::Course,
        ..Knobs::default()
    };
    if rng.chance(0.3) {
        knobs.rows = Some(low + rng.below(high.min(60) - low + 1));
    }
    if rng.chance(0.3) {
        let most = (course.max_cells / knobs.rows.unwrap_or(low)).min(high.min(60));
        knobs.cols = Some(low + rng.below(most - low + 1));
    }
    if rng.chance(0.3) {
        knobs.density = Some([0.0, 0.5, 1.0][rng.below(3)]);
    }
    if judge.ops_are.is_some() && rng.chance(0.2) {
        let (low, high) = course.ops;
        knobs.ops = Some(low + rng.below(high.min(300) - low + 1));
    }
    if judge.takes_player && rng.chance(0.3) {
        knobs.plausible = Some(rng.chance(0.5));
    }
    if judge.mix_of.is_some() && rng.chance(0.2) {
        knobs.mix = Some([rng.below(3) as u32, rng.below(3) as u32, 1]);
    }
    knobs
}

#[test]
#[ignore = "long tier: .ci/run runs it"]
fn thousands_of_course_inputs_pass_the_course_check_and_our_judge() {
    let seed = 0x4c49_4d49;
    println!("course inputs seed {seed:#x}");
    let mut rng = Rng::new(seed);
    for judge in judges::ALL {
        let (mut smallest, mut largest) = (usize::MAX, 0);
        for case in 0..3000 {
            let size = [Size::Small, Size::Small, Size::Medium][rng.below(3)];
            let knobs = course_knobs(&mut rng, judge);
            let input_seed = rng.next_u64();
            let input = judge.generate(input_seed, size, &knobs);
            let shown = || {
                format!(
                    "{} case {case} seed {input_seed} {size:?} {knobs:?}:\n{}",
                    judge.name(),
                    String::from_utf8_lossy(&input[..input.len().min(400)])
                )
            };
            if let Err(err) = judge.check_course(&input) {
                panic!("{err}: {}", shown());
            }
            assert!(
                solve_in_memory(judge.solve(), &input).1.is_ok(),
                "{}",
                shown()
            );
            smallest = smallest.min(input.len());
            largest = largest.max(input.len());
        }
        println!(
            "{}: 3000 course inputs, {smallest} to {largest} bytes",
            judge.name()
        );
    }
}

#[test]
fn the_largest_course_cases_are_inside_the_course() {
    for judge in judges::ALL {
        let knobs = Knobs {
            limits: Limits::Course,
            ..Knobs::default()
        };
        let input = judge.generate(3, Size::Max, &knobs);
        assert_eq!(judge.check_course(&input), Ok(()), "{}", judge.name());
    }
}

/// `judge`'s verdict on `input`: the error's text, or `ok`.
fn verdict(judge: &str, input: &str) -> String {
    let judge = judges::named(judge).unwrap();
    match judge.check_course(input.as_bytes()) {
        Ok(()) => "ok".into(),
        Err(err) => err,
    }
}

#[test]
fn inputs_the_courses_never_give_are_refused_with_the_limit() {
    let wide_row = format!("1 1001\n{}\nQuit\n", ".".repeat(1001));
    let tall = format!("31 2\n{}", "X.\n".repeat(31));
    let big = format!("7 6\n{}0 0\n", "M.....\n".repeat(7));
    let refused = [
        // THU: a subtask fits, coordinates on the board.
        ("mine-ops", wide_row.as_str(), "1001 columns"),
        ("mine-ops", "2 2\n..\n..\nSweep 3 1\nQuit\n", "off the 2x2"),
        // JLU part (1).
        ("jlu-panel", "21 5 1 1\n0 0\n0 0\n", "21 rows"),
        ("jlu-panel", "5 5 0 1\n0 0\n", "0 mines"),
        ("jlu-panel", "5 5 1 0\n0 0\n", "0 clicks"),
        ("jlu-panel", "5 5 2 1\n1 1\n1 1\n0 0\n", "listed twice"),
        ("jlu-panel", "5 5 1 1\n5 0\n0 0\n", "a mine (5, 0"),
        ("jlu-panel", "2 2 1 1\n0 0\n2 2\n", "a click (2, 2"),
        // ACM: 1 < n, m <= 30, 1 <= mines < n*m, legal operations.
        ("acm-server", "1 1\nX\n", "1 rows"),
        ("acm-server", "1 3\n.X.\n", "1 rows"),
        ("acm-server", tall.as_str(), "31 rows"),
        ("acm-server", "2 2\nXX\nXX\n", "4 mines on 2x2"),
        ("acm-server", "2 2\n..\n..\n", "0 mines"),
        ("acm-server", "2 2\nX.\n..\n0 2 0\n", "off the 2x2"),
        ("acm-server", "2 2\nX.\n..\n0 1 3\n", "types are 0, 1 and 2"),
        // LeetCode 529.
        ("update-board", "[[\"M\"]]\n[0,0]\n", "ok"),
        ("update-board", "[[\"X\",\"E\"]]\n[0,1]\n", "the cell 'X'"),
        (
            "update-board",
            "[[\"B\",\"E\"]]\n[0,1]\n",
            "no stage of a game",
        ),
        (
            "update-board",
            "[[\"2\",\"M\"]]\n[0,1]\n",
            "no stage of a game",
        ),
        (
            "update-board",
            "[[\"1\",\"M\"]]\n[0,0]\n",
            "not on an M or E",
        ),
        // MCPC: r, c >= 3, r*c <= 40, a mine and an empty cell.
        ("inexperienced-player", "1 1\nM\n0 0\n", "1 rows"),
        (
            "inexperienced-player",
            "3 3\n...\n...\n...\n0 0\n",
            "at least one mine",
        ),
        (
            "inexperienced-player",
            "3 3\nMMM\nMMM\nMMM\n0 0\n",
            "at least one mine",
        ),
        ("inexperienced-player", big.as_str(), "at most 40 cells"),
        ("inexperienced-player", "0 0\n", "no board"),
    ];
    for (judge, input, expected) in refused {
        let text = verdict(judge, input);
        assert!(text.contains(expected), "{judge} {input:?}: {text}");
    }
    assert_eq!(verdict("mine-ops", "1 1\n*\nSweep 1 1\nQuit\n"), "ok");
    assert_eq!(verdict("jlu-panel", "20 20 1 1\n19 19\n0 0\n"), "ok");
    assert_eq!(
        verdict("acm-server", "junk"),
        "line 1: expected n (rows) (an integer), found \"junk\""
    );
}

#[test]
fn the_shrinker_stays_inside_the_course() {
    // "Fails" while some operation is a visit: wide, it ends on a 1x1 map; inside the course
    // on a 2x2 map with its one mine.
    let acm = judges::named("acm-server").unwrap();
    let input = b"3 3\nX..\n.X.\n..X\n0 1 1\n1 2 0\n2 2 2\n";
    let visits = |text: &[u8]| {
        let text = String::from_utf8_lossy(text);
        text.lines().any(|line| line.ends_with(" 0")).then_some(())
    };
    let budget = ShrinkBudget {
        tries: 10_000,
        time: Duration::from_secs(60),
    };
    let wide = shrink(
        acm.parse_case(input).unwrap(),
        1,
        budget,
        &visits,
        &mut |_, _| {},
    );
    assert_eq!(wide.case.render(), b"1 1\n.\n0 0 0\n");
    let inside = WithinCourse(acm.parse_case(input).unwrap());
    let shrunk = shrink(Box::new(inside), 1, budget, &visits, &mut |_, _| {});
    let text = shrunk.case.render();
    assert_eq!(acm.check_course(&text), Ok(()));
    assert_eq!(text, b"2 2\n..\nX.\n1 1 0\n");
}

fn gen(args: &[&str]) -> std::process::Output {
    Command::new(crate::util::binary("gen"))
        .args(args)
        .output()
        .expect("run gen")
}

#[test]
fn gen_names_the_limit_an_option_breaks_and_lists_every_course() {
    let refused = [
        (&["jlu-panel", "--rows", "60"][..], "--rows 60 is outside the course limits of jlu-panel (JLU course): its boards have sides 1 to 20"),
        (&["acm-server", "--cols", "1"], "sides 2 to 30"),
        (&["acm-server", "--ops", "1001"], "1001 operations: the course's inputs have 0 to 1000"),
        (&["inexperienced-player", "--rows", "7", "--cols", "6"], "a 7x6 board is outside"),
        (&["inexperienced-player", "--boards", "0"], "at least 1 board"),
        (&["inexperienced-player", "--pattern", "comb"], "--pattern comb is outside"),
        (&["update-board", "--ops", "0"], "0 board-and-click pairs: the course's inputs have 1 or more"),
        (&["mine-ops", "--ops", "60000"], "0 to 59999"),
    ];
    for (args, expected) in refused {
        let mut args = args.to_vec();
        args.extend(["--seed", "1"]);
        let output = gen(&args);
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        let first = stderr.lines().next().unwrap_or_default();
        assert!(first.contains(expected), "{args:?}: {first}");
        assert!(first.contains("--limits wide"), "{args:?}: {first}");
        args.extend(["--limits", "wide"]);
        assert!(gen(&args).status.success(), "{args:?} --limits wide");
    }
    let help = String::from_utf8(gen(&["--help"]).stdout).unwrap();
    for judge in judges::ALL {
        let line = format!("  {} ({}): ", judge.name(), judge.origin);
        assert!(help.contains(&line), "{line}");
    }
    assert!(help.contains("1 <= mines < n*m"));
}

#[test]
fn stress_takes_the_limits_and_lists_every_course() {
    let stress = |args: &[&str]| {
        Command::new(crate::util::binary("stress"))
            .args(args)
            .output()
            .expect("run stress")
    };
    let output = stress(&["acm-server", "--rows", "31", "--", "true"]);
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.starts_with("error: --rows 31 is outside the course limits of acm-server"),
        "{stderr}"
    );
    let output = stress(&["acm-server", "--limits", "tight", "--", "true"]);
    assert!(String::from_utf8_lossy(&output.stderr).contains("expected course or wide"));
    // The help wraps its lines: compare the words.
    let words = |text: &str| text.split_whitespace().collect::<Vec<_>>().join(" ");
    let help = words(&String::from_utf8(stress(&["--help"]).stdout).unwrap());
    for judge in judges::ALL {
        let course = judge.course;
        assert!(help.contains(&words(&course.describe(judge.ops_are))));
        assert!(help.contains(&words(&course.sizes())));
    }
}
