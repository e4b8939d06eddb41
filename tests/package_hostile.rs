//! The interactive packages' interactors (`jlu-machine`, `acm-client`; Kattis, ACMOJ and Hydro)
//! against hostile submissions: whatever a submission does, the verdict is a wrong answer with
//! its reason, in the format's words (Kattis: exit 43 and `judgemessage.txt`; ACMOJ: a score of
//! 0 and the message; Hydro: `wrong answer` on stderr), never an interactor error, a Python
//! traceback or a hang. Each hostile answer is played twice: by a submission that reads its
//! first panel, answers and waits, and by one that answered and exited before the interactor
//! started (which a fast program does before a Python interactor writes its first panel).
//! Also LemonLime's special judge on a huge output, and the scoring's edges: the win bonus at
//! every step and the lowest tenth of maps left out.

use crate::package_machine::lemon_build;
use crate::util::have_tool;
use minejudge::package::{acm_client, jlu_machine, File, Format};
use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, ExitStatus, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::OnceLock;
use std::time::{Duration, Instant};

/// The two interactive games.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Game {
    Machine,
    Client,
}

/// The formats that run an interactor, each with its own call and verdict.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Protocol {
    Kattis,
    Acmoj,
    Hydro,
}

const PROTOCOLS: [Protocol; 3] = [Protocol::Kattis, Protocol::Acmoj, Protocol::Hydro];

impl Protocol {
    fn format(self) -> Format {
        match self {
            Protocol::Kattis => Format::Kattis,
            Protocol::Acmoj => Format::Acmoj,
            Protocol::Hydro => Format::Hydro,
        }
    }

    /// The interactor's path in the package.
    fn path(self) -> &'static str {
        match self {
            Protocol::Kattis => "output_validator/interactor.py",
            Protocol::Acmoj => "interactor",
            Protocol::Hydro => "testdata/interactor.py",
        }
    }
}

/// The interactors as the packages write them.
fn interactor(game: Game, protocol: Protocol) -> &'static str {
    static TEXTS: OnceLock<Vec<(Game, Protocol, String)>> = OnceLock::new();
    let texts = TEXTS.get_or_init(|| {
        let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
        let mut texts = Vec::new();
        for protocol in PROTOCOLS {
            let machine = jlu_machine::files(
                protocol.format(),
                1,
                1,
                &minejudge::package::Additions::default(),
                &src,
            )
            .expect("package");
            let client = acm_client::files(
                protocol.format(),
                1,
                1,
                &minejudge::package::Additions::default(),
                &src,
            )
            .expect("package");
            for (game, files) in [(Game::Machine, machine), (Game::Client, client)] {
                texts.push((game, protocol, text(&files, protocol.path())));
            }
        }
        texts
    });
    let found = texts.iter().find(|(g, p, _)| (*g, *p) == (game, protocol));
    &found.expect("every interactor is packaged").2
}

fn text(files: &[File], path: &str) -> String {
    let file = files.iter().find(|file| file.path == path);
    String::from_utf8(file.unwrap_or_else(|| panic!("no {path}")).bytes.clone()).unwrap()
}

/// The scripted players, for the scoring's edges; the first argument says which, the second
/// (hex) what it plays.
const PLAYER: &str = r#"
import sys
kind, plan = sys.argv[1], bytes.fromhex(sys.argv[2])
inp, out = sys.stdin.buffer, sys.stdout.buffer

def panel():
    """The next panel or map with its first line, `n ...`, and n rows; None after the last."""
    head = inp.readline()
    if not head or head.split()[0] == b"0":
        return None
    return [inp.readline() for _ in range(int(head.split()[0]))]

if kind == "clicks":  # jlu-machine: the lines of the plan, one after each panel it reads
    for line in plan.splitlines(True):
        if panel() is None:
            break
        out.write(line)
        out.flush()
elif kind == "maps":  # acm-client: the plan a line per map, its moves apart by `;`
    for moves in plan.splitlines():
        rows = panel()
        for move in moves.split(b";"):
            out.write(move + b"\n")
            out.flush()
            rows = [inp.readline() for _ in rows]
while inp.read(65536):
    pass
"#;

/// A hostile submission: shell tools, cheap to start, or a scripted player.
#[derive(Clone, Debug)]
enum Hostile {
    /// Reads its first panel, answers these bytes, and reads on until the interactor has gone.
    Answer(&'static [u8]),
    /// Answers these bytes without reading, and exits.
    Blind(&'static [u8]),
    /// Reads its first panel and exits.
    Quit,
    /// Closes its input, answers these bytes, and waits to be killed.
    Deaf(&'static [u8]),
    /// Writes this line again and again, reading nothing, until the interactor has gone.
    Flood(&'static str),
    /// A line of 1.5 GiB of `1`s, streamed, reading nothing, until the interactor has gone.
    LongLine,
    /// A scripted player of [`PLAYER`]: its kind and its plan.
    Player(&'static str, String),
}

impl Hostile {
    /// The submission's command, its files in `work`, its first panel `lines` long.
    fn command(&self, work: &Path, lines: usize) -> Command {
        let payload = work.join("payload");
        let sh = |script: &str| {
            let mut command = Command::new("sh");
            command
                .args(["-c", script, "sh"])
                .arg(lines.to_string())
                .arg(&payload);
            command
        };
        match self {
            Hostile::Answer(bytes) | Hostile::Blind(bytes) | Hostile::Deaf(bytes) => {
                std::fs::write(&payload, bytes).unwrap();
            }
            _ => (),
        }
        match self {
            Hostile::Answer(_) => sh("head -n \"$1\" >/dev/null; cat \"$2\"; exec cat >/dev/null"),
            Hostile::Blind(_) => sh("exec cat \"$2\""),
            Hostile::Quit => sh("exec head -n \"$1\" >/dev/null"),
            Hostile::Deaf(_) => sh("exec 0<&-; cat \"$2\"; exec sleep 600"),
            Hostile::Flood(line) => {
                let mut command = Command::new("yes");
                command.arg(line);
                command
            }
            Hostile::LongLine => sh("head -c 1610612736 /dev/zero | tr '\\0' 1"),
            Hostile::Player(kind, plan) => {
                std::fs::write(work.join("player.py"), PLAYER).unwrap();
                let mut command = Command::new("python3");
                command
                    .arg(work.join("player.py"))
                    .arg(kind)
                    .arg(hex(plan.as_bytes()));
                command
            }
        }
    }
}

/// A scratch folder of its own for one test, with the hostile script and the games' tests.
struct Scratch(PathBuf);

impl Scratch {
    fn new(name: &str) -> Scratch {
        let dir = std::env::temp_dir().join(format!("minejudge-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        for game in [Game::Machine, Game::Client] {
            for protocol in PROTOCOLS {
                let path = dir.join(format!("{game:?}-{protocol:?}.py"));
                std::fs::write(path, interactor(game, protocol)).unwrap();
            }
        }
        Scratch(dir)
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// The lines of the first panel of [`hostile_test`].
fn panel_lines(game: Game) -> usize {
    match game {
        Game::Machine => 21,
        Game::Client => 31,
    }
}

/// A test of each game that hostile answers are played on: one 20x20 game; one 30x30 map with
/// a row of mines across it, so that the first click leaves it running and a big map is sent
/// after every move.
fn hostile_test(game: Game) -> String {
    match game {
        Game::Machine => "20 20 50 1\n1\n".into(),
        Game::Client => {
            let safe = format!("{}\n", ".".repeat(30));
            let rows = safe.repeat(15) + &"X".repeat(30) + "\n" + &safe.repeat(14);
            format!("1\n30 30\n{rows}0 0\n")
        }
    }
}

/// How the submission and the interactor meet.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Meeting {
    /// Both run, joined by two pipes, as a judge system joins them.
    Live,
    /// The submission runs to its end first: the interactor writes to a pipe nobody reads and
    /// reads what the submission left.
    Gone,
    /// As `Gone`, the interactor started with SIGPIPE at its default (killing), as an
    /// interpreter that does not ignore it would leave it.
    GoneSigpipe,
}

/// What an interactor did.
#[derive(Debug)]
struct Run {
    protocol: Protocol,
    /// `exit N`, `signal N`, or `hung` (killed after a minute).
    status: String,
    stderr: String,
    /// Kattis's `judgemessage.txt`, ACMOJ's output file, Hydro's stderr.
    verdict: String,
    /// Kattis's `score.txt`, if written.
    score: Option<String>,
}

/// A minute: the hostile runs end in a fraction of a second when the interactor is right.
const HANG: Duration = Duration::from_secs(60);

/// The interactor's address space, as a judge limits it: 256 MiB.
const MEMORY_KIB: u32 = 256 * 1024;

/// Plays `game`'s interactor in `protocol` on `test` against `submission`, meeting as `meeting`
/// says.
fn play(
    dir: &Scratch,
    (game, protocol): (Game, Protocol),
    test: &str,
    submission: &Hostile,
    meeting: Meeting,
) -> Run {
    static RUNS: AtomicUsize = AtomicUsize::new(0);
    let work = dir
        .0
        .join(format!("run-{}", RUNS.fetch_add(1, Ordering::Relaxed)));
    std::fs::create_dir_all(&work).unwrap();
    std::fs::write(work.join("test.in"), test).unwrap();
    let args: Vec<PathBuf> = match protocol {
        Protocol::Kattis => vec![work.join("test.in"), work.join("test.ans"), work.clone()],
        Protocol::Acmoj => vec![work.join("test.in"), work.join("result")],
        Protocol::Hydro => vec![work.join("test.in"), work.join("tout"), work.join("out")],
    };
    let script = dir.0.join(format!("{game:?}-{protocol:?}.py"));
    let mut command = limited_python(meeting == Meeting::GoneSigpipe);
    command.arg(&script).args(&args).stderr(Stdio::piped());
    let mut hostile = submission.command(&work, panel_lines(game));
    hostile.stderr(Stdio::null());
    let (mut interactor, mut submitted) = meet(command, hostile, meeting);
    let mut stderr_pipe = interactor.stderr.take().unwrap();
    let reader = std::thread::spawn(move || {
        let mut text = String::new();
        let _ = stderr_pipe.read_to_string(&mut text);
        text
    });
    let status = wait_at_most(&mut interactor, HANG);
    let _ = submitted.kill();
    let _ = submitted.wait();
    let stderr = reader.join().unwrap();
    let read = |path: PathBuf| std::fs::read_to_string(path).ok();
    let verdict = match protocol {
        Protocol::Kattis => read(work.join("judgemessage.txt")),
        Protocol::Acmoj => read(work.join("result")),
        Protocol::Hydro => Some(stderr.clone()),
    };
    Run {
        protocol,
        status: status.map_or("hung".into(), describe),
        stderr,
        verdict: verdict.unwrap_or_default(),
        score: read(work.join("score.txt")),
    }
}

/// `python3` with its address space limited, as a judge limits an interactor's; with SIGPIPE at
/// its default when `default_sigpipe`, restored by a Python that then runs the script.
fn limited_python(default_sigpipe: bool) -> Command {
    let mut command = Command::new("sh");
    command
        .arg("-c")
        .arg(format!("ulimit -v {MEMORY_KIB} && exec \"$@\""))
        .args(["sh", "python3"]);
    if default_sigpipe {
        command.args([
            "-c",
            "import runpy, signal, sys; signal.signal(signal.SIGPIPE, signal.SIG_DFL); \
             sys.argv = sys.argv[1:]; runpy.run_path(sys.argv[0], run_name='__main__')",
        ]);
    }
    command
}

/// Starts the `interactor` and the `submission`, joined as `meeting` says: the interactor and the
/// submission, each holding its ends of the pipes alone.
fn meet(mut interactor: Command, mut submission: Command, meeting: Meeting) -> (Child, Child) {
    let children = if meeting == Meeting::Live {
        let mut interactor = (interactor.stdin(Stdio::piped()).stdout(Stdio::piped()))
            .spawn()
            .expect("sh");
        let submission = submission
            .stdin(interactor.stdout.take().unwrap())
            .stdout(interactor.stdin.take().unwrap())
            .spawn()
            .expect("the submission");
        (interactor, submission)
    } else {
        // What the submission writes fits in the pipe: it ends without a reader.
        let mut submission = (submission.stdin(Stdio::piped()).stdout(Stdio::piped()))
            .spawn()
            .expect("the submission");
        // Taken before the wait, which would close it.
        let to_submission = submission.stdin.take().unwrap();
        submission.wait().unwrap();
        let interactor = interactor
            .stdin(submission.stdout.take().unwrap())
            .stdout(to_submission)
            .spawn()
            .expect("sh");
        (interactor, submission)
    };
    // The commands hold the pipes' ends given to them until they go.
    drop((interactor, submission));
    children
}

/// The child's status, or None when it ran longer than `limit` (then it is killed).
fn wait_at_most(child: &mut Child, limit: Duration) -> Option<ExitStatus> {
    let start = Instant::now();
    loop {
        if let Some(status) = child.try_wait().unwrap() {
            return Some(status);
        }
        if start.elapsed() > limit {
            let _ = child.kill();
            let _ = child.wait();
            return None;
        }
        std::thread::sleep(Duration::from_millis(10));
    }
}

fn describe(status: ExitStatus) -> String {
    use std::os::unix::process::ExitStatusExt;
    match (status.code(), status.signal()) {
        (Some(code), _) => format!("exit {code}"),
        (None, Some(signal)) => format!("signal {signal}"),
        _ => format!("{status:?}"),
    }
}

/// Whether `run` is a wrong answer in its format's words whose reason holds `reason`, with
/// nothing else on stderr.
fn is_wrong(run: &Run, reason: &str) -> bool {
    match run.protocol {
        Protocol::Kattis => {
            run.status == "exit 43"
                && run.verdict.contains(reason)
                && run.score.is_none()
                && run.stderr.is_empty()
        }
        Protocol::Acmoj => {
            run.status == "exit 0"
                && run.verdict.starts_with("0\n")
                && run.verdict.contains(reason)
                && run.stderr.is_empty()
        }
        Protocol::Hydro => {
            run.status == "exit 0"
                && run.stderr.starts_with("wrong answer ")
                && run.stderr.contains(reason)
                && run.stderr.lines().count() == 1
        }
    }
}

/// The hex of `bytes`, as the hostile script takes its answers.
fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|byte| format!("{byte:02x}")).collect()
}

/// Hostile answers, each a wrong answer whose reason holds the text beside it, in Kattis's
/// words (the other formats' words are the same code's: the tests above check them), both
/// live and left by a submission already gone.
fn refused(name: &str, answers: &[(Game, &'static [u8], &str)]) {
    let dir = Scratch::new(name);
    let mut failures = Vec::new();
    for &(game, answer, reason) in answers {
        for (meeting, submission) in [
            (Meeting::Live, Hostile::Answer(answer)),
            (Meeting::Gone, Hostile::Blind(answer)),
        ] {
            let test = hostile_test(game);
            let run = play(&dir, (game, Protocol::Kattis), &test, &submission, meeting);
            if !is_wrong(&run, reason) {
                let against = format!("{game:?} against {submission:?}, {meeting:?}");
                failures.push(format!("{against}: expected {reason:?}, {run:#?}"));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// A hostile submission of each game against its interactor in every format, meeting as
/// `meeting` says: a wrong answer whose reason holds `reason`.
fn refused_everywhere(name: &str, submissions: [Hostile; 2], meeting: Meeting, reason: &str) {
    let dir = Scratch::new(name);
    let mut failures = Vec::new();
    for (game, submission) in [Game::Machine, Game::Client].into_iter().zip(submissions) {
        for protocol in PROTOCOLS {
            let test = hostile_test(game);
            let run = play(&dir, (game, protocol), &test, &submission, meeting);
            if !is_wrong(&run, reason) {
                let against = format!("{game:?} against {submission:?}, {meeting:?}");
                failures.push(format!("{against}: expected {reason:?}, {run:#?}"));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

const STOPPED: &str = "the submission stopped reading";

/// A click, and a move, each valid on [`hostile_test`], and changing nothing after the first.
const CLICK: &[u8] = b"0 0\n";
const MOVE: &[u8] = b"0 0 2\n";

#[test]
#[ignore = "long tier: .ci/run runs it"]
fn a_submission_that_closes_its_input_is_a_wrong_answer() {
    let submissions = [Hostile::Deaf(CLICK), Hostile::Deaf(MOVE)];
    refused_everywhere("hostile-deaf", submissions, Meeting::Live, STOPPED);
}

#[test]
#[ignore = "long tier: .ci/run runs it"]
fn a_submission_gone_before_its_panel_is_a_wrong_answer() {
    let submissions = [Hostile::Blind(CLICK), Hostile::Blind(MOVE)];
    refused_everywhere("hostile-gone", submissions, Meeting::Gone, STOPPED);
}

#[test]
#[ignore = "long tier: .ci/run runs it"]
fn sigpipe_at_its_default_does_not_kill_the_interactor() {
    let submissions = [Hostile::Blind(CLICK), Hostile::Blind(MOVE)];
    refused_everywhere(
        "hostile-sigpipe",
        submissions,
        Meeting::GoneSigpipe,
        STOPPED,
    );
}

#[test]
#[ignore = "long tier: .ci/run runs it"]
fn an_early_end_of_output_is_a_wrong_answer() {
    let ended = "no answer, the output ended";
    let silent = [Hostile::Blind(b""), Hostile::Blind(b"")];
    refused_everywhere("hostile-silent", silent, Meeting::Gone, ended);
    let quit = [Hostile::Quit, Hostile::Quit];
    refused_everywhere("hostile-quit", quit, Meeting::Live, ended);
}

#[test]
#[ignore = "long tier: .ci/run runs it"]
fn a_line_of_one_and_a_half_gigabytes_is_a_wrong_answer_read_no_further() {
    let long = "a line longer than 100 bytes, b'11111";
    let submissions = [Hostile::LongLine, Hostile::LongLine];
    refused_everywhere("hostile-long", submissions, Meeting::Live, long);
}

#[test]
#[ignore = "long tier: .ci/run runs it"]
fn a_flood_of_answers_without_reading_is_a_wrong_answer() {
    let submissions = [Hostile::Flood("0 0"), Hostile::Flood("0 0 2")];
    refused_everywhere("hostile-flood", submissions, Meeting::Live, STOPPED);
}

#[test]
#[ignore = "long tier: .ci/run runs it"]
fn words_are_a_wrong_answer() {
    refused(
        "hostile-words",
        &[
            (Game::Machine, b"x y\n", "expected `x y`, got b'x y'"),
            (Game::Machine, b"\n", "expected `x y`, got b''"),
            (
                Game::Client,
                b"r c type\n",
                "expected `r c type`, got b'r c type'",
            ),
        ],
    );
}

#[test]
#[ignore = "long tier: .ci/run runs it"]
fn nan_is_a_wrong_answer() {
    refused(
        "hostile-nan",
        &[
            (Game::Machine, b"nan 0\n", "got b'nan 0'"),
            (Game::Client, b"nan 0 0\n", "got b'nan 0 0'"),
            (Game::Client, b"0 0 NaN\n", "got b'0 0 NaN'"),
        ],
    );
}

#[test]
#[ignore = "long tier: .ci/run runs it"]
fn infinities_are_a_wrong_answer() {
    refused(
        "hostile-inf",
        &[
            (Game::Machine, b"inf 0\n", "got b'inf 0'"),
            (Game::Machine, b"1e999 0\n", "got b'1e999 0'"),
            (Game::Client, b"0 -inf 0\n", "got b'0 -inf 0'"),
        ],
    );
}

#[test]
#[ignore = "long tier: .ci/run runs it"]
fn negative_numbers_are_a_wrong_answer() {
    refused(
        "hostile-negative",
        &[
            (
                Game::Machine,
                b"-1 0\n",
                "(-1, 0) is not a cell of the 20x20 panel",
            ),
            (
                Game::Client,
                b"-1 0 0\n",
                "-1 0 0 is not a move on the 30x30 map",
            ),
            (Game::Client, b"0 0 -1\n", "0 0 -1 is not a move"),
        ],
    );
}

#[test]
#[ignore = "long tier: .ci/run runs it"]
fn numbers_out_of_range_are_a_wrong_answer() {
    refused(
        "hostile-range",
        &[
            (
                Game::Machine,
                b"20 0\n",
                "(20, 0) is not a cell of the 20x20 panel",
            ),
            (Game::Machine, b"1234567890 0\n", "got b'1234567890 0'"),
            (
                Game::Client,
                b"0 30 0\n",
                "0 30 0 is not a move on the 30x30 map",
            ),
            (Game::Client, b"0 0 3\n", "0 0 3 is not a move"),
        ],
    );
}

#[test]
#[ignore = "long tier: .ci/run runs it"]
fn extra_tokens_are_a_wrong_answer() {
    refused(
        "hostile-extra",
        &[
            (Game::Machine, b"0 0 0\n", "expected `x y`, got b'0 0 0'"),
            (Game::Machine, b"0 0 # the corner\n", "expected `x y`"),
            (
                Game::Client,
                b"0 0 0 0\n",
                "expected `r c type`, got b'0 0 0 0'",
            ),
        ],
    );
}

#[test]
#[ignore = "long tier: .ci/run runs it"]
fn binary_garbage_is_a_wrong_answer() {
    refused(
        "hostile-binary",
        &[
            (
                Game::Machine,
                b"\xff\xfe\x00\x80 \xc3\x28\n",
                "got b'\\xff\\xfe\\x00\\x80 \\xc3('",
            ),
            (
                Game::Machine,
                b"\x00\x00\x00\x00\n",
                "expected `x y`, got b'\\x00",
            ),
            (
                Game::Client,
                b"\xc0\xaf \xed\xa0\x80 0\n",
                "expected `r c type`, got b'\\xc0",
            ),
        ],
    );
}

#[test]
#[ignore = "long tier: .ci/run runs it"]
fn the_win_bonus_steps_where_the_course_s_table_does() {
    let dir = Scratch::new("hostile-bonus");
    // One 1x3 game whose mine, dealt from seed 1 after the first click (0, 0), is (0, 1): (0, 0)
    // shows 1, and (0, 2) wins. Clicks on (0, 0) between count, and change nothing.
    let test = "1 3 1 1\n1\n";
    let won = |clicks: usize| "0 0\n".repeat(clicks - 1) + "0 2\n";
    let mut games: Vec<(String, &str)> = [
        (2, "60"),
        (79, "60"),
        (80, "59"),
        (89, "59"),
        (90, "58"),
        (99, "58"),
        (100, "57"),
        (119, "57"),
        (120, "55"),
        (149, "55"),
        (150, "53"),
        (199, "53"),
        (200, "51"),
        (249, "51"),
        (250, "50"),
        (400, "50"),
    ]
    .into_iter()
    .map(|(clicks, score)| (won(clicks), score))
    .collect();
    // Not won: the opened cells / 10, the mine clicked or the game stopped at 400 clicks.
    games.push(("0 0\n0 1\n".into(), "0.1"));
    games.push(("0 0\n".repeat(401), "0.1"));
    let mut failures = Vec::new();
    for (lines, score) in &games {
        let submission = Hostile::Player("clicks", lines.clone());
        let run = play(
            &dir,
            (Game::Machine, Protocol::Kattis),
            test,
            &submission,
            Meeting::Live,
        );
        if (run.status.as_str(), run.score.as_deref()) != ("exit 42", Some(&format!("{score}\n"))) {
            let clicks = lines.lines().count();
            failures.push(format!("{clicks} clicks, expected {score}: {run:#?}"));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// A 2x5 map whose first click, (0, 0), shows 2 and opens nothing else: 8 mines and one more
/// safe cell, (0, 1).
const TWO_BY_FIVE: &str = "2 5\n..XXX\nXXXXX\n0 0\n";

/// The moves that end [`TWO_BY_FIVE`] with a share of `tenths` / 10: that many cells less one
/// marked (the first click's is visited), then the safe cell marked, which loses; or the safe
/// cell visited, which wins (10).
fn moves_for(tenths: usize) -> String {
    if tenths == 10 {
        return "0 1 0".into();
    }
    let mines = ["0 2", "0 3", "0 4", "1 0", "1 1", "1 2", "1 3", "1 4"];
    let mut moves: Vec<String> = mines[..tenths - 1]
        .iter()
        .map(|cell| format!("{cell} 1"))
        .collect();
    moves.push("0 1 1".into());
    moves.join(";")
}

#[test]
#[ignore = "long tier: .ci/run runs it"]
fn the_lowest_tenth_of_maps_is_left_out_of_the_score() {
    let dir = Scratch::new("hostile-tenth");
    let batch = [5, 8, 1, 10, 3, 6, 9, 2, 4, 7];
    let twice: Vec<usize> = batch.iter().chain(&batch).copied().collect();
    // 9 maps keep all; 10 and 19 leave out their lowest, 20 their two lowest; the highest kept.
    let cases: [(&[usize], &str); 4] = [
        (&batch[..9], "53.3333"),
        (&batch, "60"),
        (&twice[..19], "56.6667"),
        (&twice, "60"),
    ];
    let mut failures = Vec::new();
    for (shares, score) in cases {
        let test = format!("{}\n{}", shares.len(), TWO_BY_FIVE.repeat(shares.len()));
        let moves: Vec<String> = shares
            .iter()
            .map(|&tenths| moves_for(tenths) + "\n")
            .collect();
        let submission = Hostile::Player("maps", moves.concat());
        let run = play(
            &dir,
            (Game::Client, Protocol::Kattis),
            &test,
            &submission,
            Meeting::Live,
        );
        if (run.status.as_str(), run.score.as_deref()) != ("exit 42", Some(&format!("{score}\n"))) {
            failures.push(format!("{shares:?}, expected {score}: {run:#?}"));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The LemonLime package's special judge and grader, written into `dir`.
fn lemon(dir: &Path) -> PathBuf {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let files = jlu_machine::files(
        Format::Lemon,
        1,
        1,
        &minejudge::package::Additions::default(),
        &src,
    )
    .expect("package");
    minejudge::package::write(&files, dir).expect("write");
    dir.join("data/jlu-machine")
}

/// LemonLime's call of the special judge on `output` (a file) for a test worth 10, as `env`
/// sets its environment, its address space limited: its status, score file and message.
fn lemon_score(
    data: &Path,
    output: &Path,
    env: &[(&str, &str)],
) -> (String, String, String, String) {
    let (score, message) = (
        output.with_extension("score"),
        output.with_extension("message"),
    );
    let run = Command::new("sh")
        .arg("-c")
        .arg(format!("ulimit -v {MEMORY_KIB} && exec \"$@\""))
        .args(["sh", "python3"])
        .arg(data.join("score.py"))
        .args([data.join("1.in"), output.into(), data.join("1.out")])
        .arg("10")
        .args([&score, &message])
        .envs(env.iter().copied())
        .output()
        .expect("sh");
    let read = |path: &Path| std::fs::read_to_string(path).unwrap_or_default();
    (
        describe(run.status),
        String::from_utf8_lossy(&run.stderr).into_owned(),
        read(&score),
        read(&message),
    )
}

#[test]
fn lemon_special_judge_survives_a_huge_output_and_any_text() {
    let dir = Scratch::new("hostile-lemon");
    let data = lemon(&dir.0.join("package"));
    // 1.5 GiB of NULs, a file with nothing on disk: the contestant's `machine` may write before
    // the grader.
    let huge = dir.0.join("huge.out");
    std::fs::File::create(&huge)
        .unwrap()
        .set_len(1536 << 20)
        .unwrap();
    let run = lemon_score(&data, &huge, &[]);
    assert!(
        run.0 == "exit 0" && run.1.is_empty() && run.2 == "0\n" && run.3.contains("not a score"),
        "{run:?}"
    );
    // Bytes that are not UTF-8, under an ASCII locale (as a Windows code page would be for
    // other text).
    let garbage = dir.0.join("garbage.out");
    std::fs::write(&garbage, b"\xff\xfe\xc3\xa9\n").unwrap();
    let ascii = [
        ("LC_ALL", "C"),
        ("PYTHONCOERCECLOCALE", "0"),
        ("PYTHONUTF8", "0"),
    ];
    let run = lemon_score(&data, &garbage, &ascii);
    assert!(
        run.0 == "exit 0" && run.1.is_empty() && run.2 == "0\n" && run.3.contains("not a score"),
        "{run:?}"
    );
}

#[test]
fn lemon_grader_s_win_bonus_steps_where_the_course_s_table_does() {
    let gxx = Command::new("g++").arg("--version").output();
    let found = gxx.map(|_| ()).map_err(|error| format!("g++: {error}"));
    if !have_tool("lemon_grader_s_win_bonus", found) {
        return;
    }
    let dir = Scratch::new("hostile-lemon-bonus");
    let data = lemon(&dir.0.join("package"));
    // Clicks (0, 0) until the CLICKS-th click, which is (0, 2).
    let machine = dir.0.join("machine.cpp");
    std::fs::write(
        &machine,
        "#include \"machine.h\"\n\
         void machine(int GamePanel[30][30], int n, int m, int &x, int &y) {\n\
         \x20   static int clicks = 0, last = atoi(getenv(\"CLICKS\"));\n\
         \x20   x = 0, y = ++clicks < last ? 0 : 2;\n\
         }\n",
    )
    .unwrap();
    let exe = lemon_build(&data, &machine, &dir.0.join("build"));
    // One 1x3 game: its mine the first of cells 1 and 2 that is not the first click, (0, 1).
    let mut failures = Vec::new();
    for (clicks, mean) in [
        (2, "60"),
        (79, "60"),
        (80, "59"),
        (89, "59"),
        (90, "58"),
        (99, "58"),
        (100, "57"),
        (119, "57"),
        (120, "55"),
        (149, "55"),
        (150, "53"),
        (199, "53"),
        (200, "51"),
        (249, "51"),
        (250, "50"),
        (400, "50"),
        (401, "0.1"),
    ] {
        let mut child = Command::new(&exe)
            .env("CLICKS", clicks.to_string())
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .expect("the grader");
        std::io::Write::write_all(&mut child.stdin.take().unwrap(), b"1 3 1 1\n1 2\n").unwrap();
        let output = child.wait_with_output().unwrap();
        let got = String::from_utf8_lossy(&output.stdout).into_owned();
        let want = format!("{:.6}\n1 games\n", mean.parse::<f64>().unwrap());
        if got != want {
            failures.push(format!("{clicks} clicks: {got:?}, expected {want:?}"));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
