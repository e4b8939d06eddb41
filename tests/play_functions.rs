//! `play --functions`: a student's JLU part (3) functions in the browser game, over a real
//! socket. Their `RefreshGamePanel` is checked after every click: a flood without diagonals is
//! found cell by cell (against a 4-way flood worked out here from the mine map), a correct one
//! agrees on whole games; their `machine` plays beside ours; a machine that crashes or hangs is
//! told and the next call works, the server answering meanwhile; a file that does not compile,
//! or defines neither function, is refused at startup. Each test needs a C++ compiler (`.ci/run`
//! installs g++); without one it says so and passes.

use crate::play::{cells, field, mine_map, number, text, Server};
use crate::util::{self, have_compiler, submission};
use std::path::Path;
use std::process::Command;
use std::time::{Duration, Instant};

/// `play --port 0 --functions FILE...`, and the third line it printed (its functions).
fn serve(files: &[&str]) -> (Server, String) {
    let mut args = vec!["--port".to_string(), "0".to_string()];
    for file in files {
        args.push("--functions".to_string());
        args.push(submission(file).to_string_lossy().into_owned());
    }
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let (server, _) = Server::start_with(&args);
    let functions = server.ok("GET", "/functions");
    (server, functions)
}

/// The object `"name":{...}` of a JSON answer, braces included (nested objects allowed).
fn object<'a>(json: &'a str, name: &str) -> &'a str {
    let key = format!("\"{name}\":{{");
    let at = json
        .find(&key)
        .unwrap_or_else(|| panic!("no {name} in {json}"))
        + key.len()
        - 1;
    let mut depth = 0;
    for (offset, c) in json[at..].char_indices() {
        match c {
            '{' => depth += 1,
            '}' => {
                depth -= 1;
                if depth == 0 {
                    return &json[at..=at + offset];
                }
            }
            _ => {}
        }
    }
    panic!("unclosed {name} in {json}");
}

/// The `[cell, expected, theirs]` triples of a check's `cells`.
fn differences(last: &str) -> Vec<(usize, i64, i64)> {
    let key = "\"cells\":[";
    let at = last.find(key).expect("cells") + key.len();
    let end = at + last[at..].find("]]").map_or(0, |end| end + 1);
    last[at..end]
        .split("],[")
        .map(|triple| triple.trim_matches(|c| c == '[' || c == ']'))
        .filter(|triple| !triple.is_empty())
        .map(|triple| {
            let n: Vec<i64> = triple.split(',').map(|v| v.parse().unwrap()).collect();
            (n[0] as usize, n[1], n[2])
        })
        .collect()
}

fn neighbours(rows: usize, cols: usize, cell: usize, diagonals: bool) -> Vec<usize> {
    let (r, c) = ((cell / cols) as i64, (cell % cols) as i64);
    let mut out = Vec::new();
    for dr in -1..=1i64 {
        for dc in -1..=1i64 {
            let (nr, nc) = (r + dr, c + dc);
            let straight = dr == 0 || dc == 0;
            if (dr, dc) != (0, 0)
                && (diagonals || straight)
                && (0..rows as i64).contains(&nr)
                && (0..cols as i64).contains(&nc)
            {
                out.push(nr as usize * cols + nc as usize);
            }
        }
    }
    out
}

/// The cells a click on the closed safe `start` opens on an all-closed board: the flood from
/// it through the cells with no mine around, to every neighbour (`diagonals`) or to the four
/// beside it only (the bug under test). Written here, apart from the judges' flood.
fn flood(map: &[bool], rows: usize, cols: usize, start: usize, diagonals: bool) -> Vec<bool> {
    let count = |cell: usize| {
        neighbours(rows, cols, cell, true)
            .into_iter()
            .filter(|&n| map[n])
            .count()
    };
    let mut open = vec![false; map.len()];
    let mut stack = vec![start];
    while let Some(cell) = stack.pop() {
        if open[cell] || map[cell] {
            continue;
        }
        open[cell] = true;
        if count(cell) == 0 {
            stack.extend(neighbours(rows, cols, cell, diagonals));
        }
    }
    open
}

#[test]
#[ignore = "long tier: .ci/run runs it"]
fn a_file_that_does_not_compile_or_defines_neither_function_is_refused_at_startup() {
    if !have_compiler("play --functions: refused files") {
        return;
    }
    let broken = submission("does_not_compile.txt");
    let output = Command::new(util::binary("play"))
        .args(["--port", "0", "--functions"])
        .arg(&broken)
        .output()
        .expect("run play");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    assert!(
        output.stdout.is_empty(),
        "no URL for a file that does not compile"
    );
    assert!(
        stderr.starts_with("error: ")
            && stderr.contains("does not compile")
            && stderr.contains(&format!("{}:3:10: error", broken.display())),
        "the compiler's lines, naming the student's file: {stderr}"
    );
    let neither = std::env::temp_dir().join(format!("play-neither-{}.txt", std::process::id()));
    std::fs::write(&neither, "int helper(int x) { return x + 1; }\n").unwrap();
    let output = Command::new(util::binary("play"))
        .args(["--port", "0", "--functions"])
        .arg(&neither)
        .output()
        .expect("run play");
    let _ = std::fs::remove_file(&neither);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("defines neither"), "{stderr}");
    let output = Command::new(util::binary("play"))
        .args(["--cxx", "g++"])
        .output()
        .expect("run play");
    assert_eq!(output.status.code(), Some(2), "--cxx alone");
}

#[test]
#[ignore = "long tier: .ci/run runs it"]
fn a_refresh_game_panel_whose_flood_has_no_diagonals_is_shown_cell_by_cell() {
    if !have_compiler("play --functions: RefreshGamePanel bug") {
        return;
    }
    let (server, functions) = serve(&["jlu_refresh_panel_bug.txt", "jlu_rule_machine.txt"]);
    assert!(
        functions.contains("jlu_refresh_panel_bug.txt")
            && field(&functions, "refresh") == "true"
            && field(&functions, "machine") == "true"
            && number(&functions, "max") == 30,
        "{functions}"
    );
    let (rows, cols) = (20, 20);
    let mut shown = 0;
    for seed in 0..12 {
        let state = server.ok(
            "POST",
            &format!("/new?rows={rows}&cols={cols}&mines=50&seed={seed}&start=opening"),
        );
        let game = field(&state, "game").to_string();
        let click = 7 * cols + 9;
        let state = server.act("open", &game, 7, 9);
        let map = mine_map(&server, &game);
        let ours = flood(&map, rows, cols, click, true);
        let theirs = flood(&map, rows, cols, click, false);
        let yours = object(&state, "yours");
        let last = object(yours, "last");
        // Every cell the 8-way flood opens and the 4-way one does not: ours its count, theirs -1.
        let expected: Vec<(usize, i64, i64)> = (0..rows * cols)
            .filter(|&cell| ours[cell] && !theirs[cell])
            .map(|cell| (cell, i64::from(cells(&state)[cell] - b'0'), -1))
            .collect();
        assert!(theirs.iter().zip(&ours).all(|(&t, &o)| !t || o));
        assert_eq!(differences(last), expected, "seed {seed}: {last}");
        assert_eq!(number(last, "cell"), click);
        assert_eq!((field(last, "expected"), field(last, "theirs")), ("0", "0"));
        assert_eq!(
            number(yours, "differed"),
            usize::from(!expected.is_empty()),
            "{yours}"
        );
        shown += usize::from(!expected.is_empty());
        // Our rules play on: the game's board is ours.
        assert!((0..rows * cols).all(|cell| ours[cell] == (cells(&state)[cell] != b'.')));
    }
    assert!(shown >= 8, "the bug showed in {shown} of 12 games");
}

#[test]
#[ignore = "long tier: .ci/run runs it"]
fn a_correct_refresh_game_panel_agrees_on_whole_games_with_flags_and_chords() {
    if !have_compiler("play --functions: RefreshGamePanel") {
        return;
    }
    let (server, functions) = serve(&["jlu_refresh_panel.txt"]);
    assert_eq!(
        (field(&functions, "refresh"), field(&functions, "machine")),
        ("true", "false")
    );
    let mut chords = 0;
    // Intermediate, not the JLU board: advice there keeps to the course's clicks, never a
    // chord, and chords are what this checks.
    for seed in 0..6 {
        let game = server.new_game(16, 16, 40, seed);
        let mut state = server.act("open", &game, 10, 10);
        let mut moves = 0;
        while field(&state, "status") == "playing" && moves < 1000 {
            state = server.ok("POST", &format!("/step?game={game}"));
            chords += usize::from(state.starts_with("{\"move\":\"chord\""));
            moves += 1;
        }
        let yours = object(&state, "yours");
        assert_eq!(
            (number(yours, "differed"), number(yours, "faults")),
            (0, 0),
            "seed {seed}: {yours}"
        );
        // A chord is a click on each closed neighbour: at least as many clicks checked as
        // opens and chords (flags are clicks too, but not on the JLU panel).
        let opens = number(&state, "total_clicks") - number(&state, "right_clicks");
        assert!(number(yours, "checked") >= opens, "{state}");
    }
    assert!(chords > 0, "autoplay chorded in no game");
    // No machine in the file: no click of theirs in the hint, and no autoplay by it.
    let game = server.new_game(9, 9, 10, 1);
    let hint = server.ok("GET", &format!("/hint?game={game}"));
    assert!(!hint.contains("\"machine\""), "{hint}");
    let (status, _) = server.request("POST", &format!("/step?game={game}&by=yours"));
    assert_eq!(status, 400);
    let (status, _) = server.request("POST", &format!("/step?game={game}&by=nobody"));
    assert_eq!(status, 400);
    // A board larger than the course's int[30][30]: not given to the function.
    let game = server.new_game(31, 31, 10, 1);
    let state = server.act("open", &game, 15, 15);
    assert!(!state.contains("\"yours\""), "{state}");
}

#[test]
#[ignore = "long tier: .ci/run runs it"]
fn their_machine_plays_beside_ours_in_hint_and_autoplay() {
    if !have_compiler("play --functions: machine") {
        return;
    }
    let (server, _) = serve(&["jlu_refresh_panel.txt", "jlu_rule_machine.txt"]);
    let game = server.new_game(20, 20, 50, 3);
    // Before the first click: any cell is safe, theirs as ours.
    let hint = server.ok("GET", &format!("/hint?game={game}"));
    let machine = object(&hint, "machine");
    assert!(
        field(machine, "on") == "closed" && field(machine, "proven") == "safe",
        "{hint}"
    );
    assert_eq!(field(&hint, "why"), "first");
    // Their machine plays the game; each step says ours at the same position, and each click
    // is checked by their own RefreshGamePanel.
    let mut steps = 0;
    let mut state = String::new();
    while steps < 500 {
        state = server.ok("POST", &format!("/step?game={game}&by=yours"));
        if field(&state, "move") == "null" || field(&state, "played") == "false" {
            break;
        }
        steps += 1;
        let machine = object(&state, "machine");
        let (row, col) = (number(machine, "row"), number(machine, "col"));
        assert_ne!(cells(&state)[row * 20 + col], b'.', "their cell was opened");
        assert!(state.contains("\"ours\":{\"move\":") || field(&state, "status") != "playing");
    }
    assert!(steps >= 1, "{state}");
    let state = server.ok("GET", &format!("/state?game={game}"));
    assert!(
        matches!(field(&state, "status"), "won" | "lost"),
        "their machine played to the end: {state}"
    );
    assert_eq!(
        field(&state, "assisted"),
        "true",
        "a game played by a machine is assisted"
    );
    let yours = object(&state, "yours");
    assert_eq!(number(yours, "differed"), 0, "{yours}");
    assert_eq!(number(yours, "checked"), number(&state, "clicks"));
    // A board larger than the course's arrays: their machine is not called.
    let game = server.new_game(31, 31, 10, 1);
    let hint = server.ok("GET", &format!("/hint?game={game}"));
    assert_eq!(
        text(object(&hint, "machine"), "kind"),
        "too-large",
        "{hint}"
    );
}

#[test]
#[ignore = "long tier: .ci/run runs it"]
fn a_machine_that_crashes_or_hangs_is_told_and_the_next_call_works() {
    if !have_compiler("play --functions: crash and hang") {
        return;
    }
    // It dereferences a null pointer at its third call (of each process).
    let (server, _) = serve(&["jlu_crash_machine.txt"]);
    let game = server.new_game(9, 9, 10, 1);
    let hints: Vec<String> = (0..4)
        .map(|_| server.ok("GET", &format!("/hint?game={game}")))
        .collect();
    for (k, hint) in hints.iter().enumerate() {
        let machine = object(hint, "machine");
        if k == 2 {
            assert_eq!(text(machine, "kind"), "crashed", "{hint}");
            assert_eq!(number(machine, "signal"), 11, "{hint}");
        } else {
            assert_eq!(field(machine, "on"), "closed", "call {k}: {hint}");
        }
    }
    drop(server);
    // It never returns from its fifth call: killed at the call's timeout, while the server
    // answers other requests; a fresh process answers the next call.
    let (server, functions) = serve(&["jlu_hang_machine.txt"]);
    let timeout = number(&functions, "timeout") as u64;
    let game = server.new_game(9, 9, 10, 1);
    for _ in 0..4 {
        server.ok("GET", &format!("/hint?game={game}"));
    }
    let hung = std::thread::scope(|scope| {
        let hint = scope.spawn(|| {
            let started = Instant::now();
            let hint = server.ok("GET", &format!("/hint?game={game}"));
            (hint, started.elapsed())
        });
        std::thread::sleep(Duration::from_millis(300));
        let other = server.new_game(9, 9, 10, 2);
        server.act("open", &other, 4, 4);
        // Answered while the hung call still waits for its timeout: a click that waited for
        // the hung machine would come back only after the hint.
        assert!(!hint.is_finished(), "a click waited for the hung machine");
        hint.join().unwrap()
    });
    let (hint, elapsed) = hung;
    assert_eq!(text(object(&hint, "machine"), "kind"), "timeout", "{hint}");
    // Killed at its timeout, not before; the upper bound is a hang guard.
    assert!(
        elapsed >= Duration::from_secs(timeout)
            && elapsed < Duration::from_secs(timeout) + crate::util::HANG_GUARD,
        "{elapsed:?}"
    );
    let hint = server.ok("GET", &format!("/hint?game={game}"));
    assert_eq!(field(object(&hint, "machine"), "on"), "closed", "{hint}");
    drop(server);
    // A RefreshGamePanel that prints, then crashes, on a click in row 0: told with what it
    // printed, beside our rules' return value; the next click is checked again.
    let crashing =
        std::env::temp_dir().join(format!("play-crashing-refresh-{}.txt", std::process::id()));
    std::fs::write(
        &crashing,
        "int RefreshGamePanel(int GamePanel[30][30], int x, int y, int mine[30][30], int n, \
         int m, int k)\n{\n    printf(\"clicked %d %d\\n\", x, y);\n    if (x == 0) {\n        \
         int *nothing = 0;\n        *nothing = 1;\n    }\n    GamePanel[x][y] = 0;\n    \
         return 0;\n}\n",
    )
    .unwrap();
    let (server, _) =
        Server::start_with(&["--port", "0", "--functions", crashing.to_str().unwrap()]);
    let _ = std::fs::remove_file(&crashing);
    let game = server.new_game(9, 9, 10, 1);
    let state = server.act("open", &game, 0, 4);
    let last = object(object(&state, "yours"), "last");
    assert_eq!(field(last, "theirs"), "null", "{last}");
    assert_eq!(
        (text(last, "kind"), number(last, "signal")),
        ("crashed".to_string(), 11)
    );
    assert!(text(last, "stderr").contains("clicked 0 4"), "{last}");
    let closed = 9 + cells(&state)[9..].iter().position(|&c| c == b'.').unwrap();
    let state = server.act("open", &game, closed / 9, closed % 9);
    let yours = object(&state, "yours");
    assert_eq!(number(yours, "faults"), 1, "{yours}");
    assert_ne!(field(object(yours, "last"), "theirs"), "null", "{yours}");
}

/// Ctrl-C ends the student's process too (it is in a process group of its own, which the
/// terminal's SIGINT does not reach).
#[cfg(target_os = "linux")]
#[test]
#[ignore = "long tier: .ci/run runs it"]
fn sigint_ends_the_students_process_with_the_server() {
    if !have_compiler("play --functions: SIGINT") {
        return;
    }
    let (mut server, _) = serve(&["jlu_rule_machine.txt"]);
    let pid = server.child.id();
    let children = || {
        let path = format!("/proc/{pid}/task");
        let mut found = Vec::new();
        for task in std::fs::read_dir(path).into_iter().flatten().flatten() {
            let text = std::fs::read_to_string(task.path().join("children")).unwrap_or_default();
            found.extend(text.split_whitespace().map(|p| p.parse::<u32>().unwrap()));
        }
        found
    };
    let students = children();
    assert_eq!(
        students.len(),
        1,
        "one process runs the student's functions"
    );
    let status = Command::new("kill")
        .args(["-INT", &pid.to_string()])
        .status()
        .unwrap();
    assert!(status.success());
    let ended = server.child.wait().unwrap();
    assert_eq!(ended.code(), Some(130), "{ended:?}");
    let student = students[0];
    let started = Instant::now();
    while Path::new(&format!("/proc/{student}")).exists()
        && !std::fs::read_to_string(format!("/proc/{student}/stat"))
            .unwrap_or_default()
            .contains(") Z ")
    {
        assert!(
            started.elapsed() < crate::util::HANG_GUARD,
            "the student's process {student} outlived the server"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
}
