//! Each form's time budget (`grade --budget`): a budget already spent when a student's work
//! begins (zero seconds) plays none of their games, maps or tests, whatever the form, and says
//! so. Nothing here is timed: the submission is never started, and a form that ignored its
//! budget would start it (a command that does not exist, or a script that fails).

use minejudge::courses::jlu_machine::function;
use minejudge::courses::Harness;
use minejudge::grade::build::{build, Built};
use minejudge::grade::class::Form;
use minejudge::grade::test_runs::{run_tests, TestCase};
use minejudge::grade::{default_batches, games, Task};
use std::path::PathBuf;
use std::time::Duration;

/// A harness whose budget is spent before anything is played.
fn spent() -> Harness {
    let mut harness = Harness::new(&["/nonexistent/minejudge-budget"]);
    harness.budget = Some(Duration::ZERO);
    harness
}

/// A submission handed in already built (a script that fails), for `task`.
fn executable(task: Task) -> (PathBuf, Built) {
    let dir = std::env::temp_dir().join(format!(
        "minejudge-budget-{}-{}",
        task.name(),
        std::process::id()
    ));
    std::fs::create_dir_all(&dir).unwrap();
    let script = dir.join("student");
    std::fs::write(&script, "#!/bin/sh\nexit 3\n").unwrap();
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&script, std::fs::Permissions::from_mode(0o755)).unwrap();
    }
    let built = build(None, task, &script, Form::Executable).expect("a script is run as it is");
    (dir, built)
}

#[test]
fn the_machine_function_plays_no_game_past_its_budget() {
    // Our driver of the `machine` function is never started.
    let played = function::play(&spent().command, 3, &spent()).expect("nothing started");
    assert_eq!((played.played, played.faults.len()), (0, 0));
}

#[test]
fn a_whole_program_as_the_machine_plays_no_game_past_its_budget() {
    let (dir, built) = executable(Task::JluMachine);
    let outcome = games::jlu_machine(&built, 3, &spent()).expect("nothing started");
    std::fs::remove_dir_all(&dir).unwrap();
    assert_eq!(outcome.games.map(|g| g.played), Some(0));
    assert_eq!(
        outcome.first_fault,
        "its time budget (0 s, --budget) ran out: 0 of 3 games played, the rest score 0"
    );
}

#[test]
fn the_client_plays_no_batch_past_its_budget() {
    let (dir, built) = executable(Task::AcmClient);
    let batches = default_batches(1);
    let outcome = games::acm_client(&built, &batches, &spent()).expect("nothing started");
    std::fs::remove_dir_all(&dir).unwrap();
    assert_eq!(
        outcome.first_fault,
        "its time budget (0 s, --budget) ran out: 0 of 5 batches played, the rest score 0"
    );
    assert_eq!(outcome.batches.len(), 5);
    assert_eq!(outcome.faults, 0);
}

#[test]
fn the_panel_function_the_server_and_a_whole_program_run_no_test_past_their_budget() {
    let tests: Vec<TestCase> = (0..3)
        .map(|i| TestCase {
            name: format!("t{i}"),
            input: b"1\n".to_vec(),
            expected: b"1\n".to_vec(),
        })
        .collect();
    let outcome = run_tests(&spent().command, &tests, &spent());
    assert_eq!(
        outcome.first_fault,
        "its time budget (0 s, --budget) ran out: 0 of 3 tests played, the rest score 0"
    );
    assert!(outcome.tests.is_empty(), "{:?}", outcome.tests);
}

/// A `machine` whose first call sleeps past the budget, then clicks the first closed cell.
const SLOW_FIRST_CALL: &str = "extern \"C\" int usleep(unsigned int);\n\
void machine(int GamePanel[30][30], int n, int m, int &x, int &y)\n\
{\n\
    static int calls = 0;\n\
    if (calls++ == 0) usleep(4000000);\n\
    for (int k = 0; k < n * m; k++)\n\
        if (GamePanel[k / m][k % m] == -1) {\n\
            x = k / m;\n\
            y = k % m;\n\
            return;\n\
        }\n\
}\n";

#[test]
#[ignore = "long tier: .ci/run runs it"]
fn the_machine_function_stops_between_games_once_its_budget_is_spent() {
    if !crate::util::have_compiler("grade: the machine's budget between games") {
        return;
    }
    let dir = crate::grade::class("budget-between-games", &[]);
    std::fs::write(dir.join("slow"), SLOW_FIRST_CALL).unwrap();
    // The first game alone outlasts the 3 s budget (its first call sleeps 4 s): the driver
    // plays no second game, however fast or slow the machine is. The budget's clock starts
    // before the driver does, which starts in well under a second on a busy machine.
    let output = crate::grade::grade(&[
        "jlu-machine",
        dir.to_str().unwrap(),
        "--games",
        "3",
        "--budget",
        "3",
        "--time-limit",
        "10",
    ]);
    let report = crate::grade::succeeded(&output);
    let note = crate::grade::table(&report)["slow"].last().unwrap().clone();
    assert!(
        note.contains("its time budget (3 s, --budget) ran out: 1 of 3 games played"),
        "{report}"
    );
}
