//! The interactive packages' scoring, exactly as their statements give it: the interactor of each,
//! as `package` writes it, is loaded by Python with its submission, its dealing and its verdict
//! replaced by scripted ones, so that a game won in exactly c clicks, a map lost after one cell,
//! or a test's mean can be scored and compared with the statement's numbers, written out here.

use minejudge::package::{acm_client, jlu_machine, Format};
use std::path::{Path, PathBuf};
use std::process::Command;

fn src() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

/// The interactor of `files` (a package in Kattis's format), written to a scratch folder.
fn interactor(name: &str, files: &[minejudge::package::File]) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("minejudge-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    minejudge::package::write(files, &dir).expect("write");
    dir.join("output_validator/interactor.py")
}

/// Loads `interactor` without running it, with `stubs` (Python that replaces `submission`,
/// `random` or `verdict` in its namespace `ns`), then runs `script`; what it prints, one result
/// a line.
fn run(interactor: &Path, stubs: &str, script: &str) -> Vec<String> {
    let loader = format!(
        "import sys\n\
         path = sys.argv[1]\n\
         text = open(path).read()\n\
         text = text[:text.rindex('\\nmain()')]\n\
         ns = {{'__name__': 'scored'}}\n\
         exec(compile(text, path, 'exec'), ns)\n\
         class Verdict(Exception):\n    pass\n\
         def verdict(score, message):\n    raise Verdict(score)\n\
         ns['verdict'] = verdict\n\
         {stubs}\n{script}\n"
    );
    let output = Command::new("python3")
        .arg("-c")
        .arg(&loader)
        .arg(interactor)
        .output()
        .expect("python3");
    let stdout = String::from_utf8_lossy(&output.stdout).into_owned();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        output.status.success(),
        "{}\n{stdout}\n{stderr}",
        interactor.display()
    );
    stdout.lines().map(str::to_string).collect()
}

/// The course's bonus for a game won in `clicks` clicks (the statement's table).
fn course_bonus(clicks: u32) -> u32 {
    match clicks {
        0..=79 => 10,
        80..=89 => 9,
        90..=99 => 8,
        100..=119 => 7,
        120..=149 => 5,
        150..=199 => 3,
        200..=249 => 1,
        _ => 0,
    }
}

/// A dealing of mines on the whole second row of a 2-row panel, and a submission that opens the
/// first row from the left (`lose_at`: the click, counted from 1, at which it opens a mine).
const JLU_STUBS: &str = "\
class Dealt:
    def __init__(self, seed):
        pass
    def sample(self, cells, k):
        return [(1, j) for j in range(k)]
class Random:
    Random = Dealt
class Clicks:
    lose_at = 0
    def send(self, text):
        self.rows = text.split('\\n')[1:]
    def numbers(self, form, where, refuse):
        first = self.rows[0].split()
        closed = first.index('-1')
        if closed + 1 == self.lose_at:
            return 1, 0
        return 0, closed
ns['random'] = Random
ns['submission'] = Clicks()";

#[test]
#[ignore = "long tier: .ci/run runs it"]
fn the_machine_s_interactor_scores_each_game_as_the_statement_says() {
    let files = jlu_machine::files(
        Format::Kattis,
        2,
        1,
        &minejudge::package::Additions::default(),
        &src(),
    )
    .expect("package");
    let script = interactor("scoring-machine", &files);
    // A won game in exactly c clicks: 50 points and the bonus, in tenths; c at each bound.
    let clicks = [
        1, 79, 80, 89, 90, 99, 100, 119, 120, 149, 150, 199, 200, 249, 250, 251,
    ];
    let list: Vec<String> = clicks.iter().map(u32::to_string).collect();
    let found = run(
        &script,
        JLU_STUBS,
        &format!(
            "for c in [{}]:\n    print(ns['play'](2, c, c, 0, 0))",
            list.join(", ")
        ),
    );
    let expected: Vec<String> = clicks
        .iter()
        .map(|&c| (500 + 10 * course_bonus(c)).to_string())
        .collect();
    assert_eq!(found, expected, "clicks {clicks:?}");
    // A lost game scores the cells it opened, in tenths; a test the mean of its games, in
    // points.
    let test = std::env::temp_dir().join(format!("minejudge-scoring-{}.in", std::process::id()));
    std::fs::write(&test, "2 5 5 3\n1\n2\n3\n").unwrap();
    let found = run(
        &script,
        JLU_STUBS,
        &format!(
            "ns['submission'].lose_at = 3\n\
             print(ns['play'](2, 5, 5, 0, 0))\n\
             games = iter([0, 0, 3])\n\
             real_play = ns['play']\n\
             def play(n, m, k, seed, game):\n    ns['submission'].lose_at = next(games)\n    return real_play(n, m, k, seed, game)\n\
             ns['play'] = play\n\
             sys.argv = ['interactor', {:?}]\n\
             try:\n    ns['main']()\n\
             except Verdict as v:\n    print('%.4f' % v.args[0])",
            test.display().to_string()
        ),
    );
    std::fs::remove_file(&test).unwrap();
    // (600 + 600 + 2) tenths over 3 games.
    assert_eq!(found, ["2", "40.0667"]);
}

/// A submission that always visits the last cell of the map, and no dealing to replace.
const ACM_STUBS: &str = "\
class Moves:
    def send(self, text):
        pass
    def numbers(self, form, where, refuse):
        return self.n - 1, self.m - 1, 0
ns['submission'] = Moves()";

#[test]
fn the_client_s_interactor_keeps_the_best_nine_tenths_of_the_maps() {
    let files = acm_client::files(
        Format::Kattis,
        2,
        1,
        &minejudge::package::Additions::default(),
        &src(),
    )
    .expect("package");
    let script = interactor("scoring-client", &files);
    // Ten 3x3 maps from the corner (0, 0): nine lost at once, after one visited cell (a mine
    // beside the first click, and one on the cell the submission visits), and one won by the
    // first click alone.
    let lost = "3 3\n.X.\n...\n..X\n0 0\n";
    let won = "3 3\n...\n...\n..X\n0 0\n";
    let test =
        std::env::temp_dir().join(format!("minejudge-scoring-{}.in", std::process::id() + 1));
    std::fs::write(&test, format!("10\n{}{won}", lost.repeat(9))).unwrap();
    let found = run(
        &script,
        ACM_STUBS,
        &format!(
            "ns['submission'].n = ns['submission'].m = 3\n\
             sys.argv = ['interactor', {:?}]\n\
             try:\n    ns['main']()\n\
             except Verdict as v:\n    print('%.4f' % v.args[0])",
            test.display().to_string()
        ),
    );
    std::fs::remove_file(&test).unwrap();
    // The lowest tenth (one lost map, 1/9) left out: 100 x (8 x 1/9 + 1) / 9.
    assert_eq!(found, [format!("{:.4}", 100.0 * (8.0 / 9.0 + 1.0) / 9.0)]);
}
