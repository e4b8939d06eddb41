//! Running the built binaries, and showing what went wrong when a test fails.

use minejudge::io::runner::{solve_in_memory, Solve};
use minejudge::io::scanner::InputError;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Duration;

/// How long a test waits for what ends within a second on a quiet machine (a kill, a process
/// reaped, a child started) before it calls it a hang: a guard, not a measure of speed, wide
/// enough for a busy machine, and shorter than the 30 s and more that the tests' sleepers
/// sleep, so that a sleeper's own end is not taken for its kill.
pub const HANG_GUARD: Duration = Duration::from_secs(20);

/// The path of a built binary. Every binary of the crate is listed here.
pub fn binary(name: &str) -> &'static str {
    match name {
        "acm-client" => env!("CARGO_BIN_EXE_acm-client"),
        "autoplay" => env!("CARGO_BIN_EXE_autoplay"),
        "bundle" => env!("CARGO_BIN_EXE_bundle"),
        "gen" => env!("CARGO_BIN_EXE_gen"),
        "grade" => env!("CARGO_BIN_EXE_grade"),
        "jlu-machine" => env!("CARGO_BIN_EXE_jlu-machine"),
        "jlu-panel" => env!("CARGO_BIN_EXE_jlu-panel"),
        "mine-ops" => env!("CARGO_BIN_EXE_mine-ops"),
        "package" => env!("CARGO_BIN_EXE_package"),
        "play" => env!("CARGO_BIN_EXE_play"),
        "stress" => env!("CARGO_BIN_EXE_stress"),
        "update-board" => env!("CARGO_BIN_EXE_update-board"),
        "validate" => env!("CARGO_BIN_EXE_validate"),
        "acm-server" => env!("CARGO_BIN_EXE_acm-server"),
        "inexperienced-player" => env!("CARGO_BIN_EXE_inexperienced-player"),
        _ => panic!("no binary named {name:?}: add it to tests/util.rs"),
    }
}

/// Runs a judge's `solve` in-process, appending its answer to `out` (up to the fault, on bad
/// input).
pub fn solve_into(solve: Solve, input: &[u8], out: &mut Vec<u8>) -> Result<(), InputError> {
    let (answer, result) = solve_in_memory(solve, input);
    out.extend_from_slice(&answer);
    result
}

/// The folder of golden cases.
pub fn testdata() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("testdata")
}

/// What one run of a binary did.
pub struct Run {
    pub command: String,
    pub stdin: String,
    pub status: Option<i32>,
    pub stdout: Vec<u8>,
    pub stderr: Vec<u8>,
}

impl Run {
    /// The whole run, for a failure message: command, stdin, status, stdout and stderr.
    pub fn describe(&self) -> String {
        format!(
            "command: {}\nstdin: {}\nstatus: {:?}\n--- stdout ---\n{}\n--- stderr ---\n{}",
            self.command,
            self.stdin,
            self.status,
            clip(&self.stdout),
            clip(&self.stderr)
        )
    }
}

fn clip(bytes: &[u8]) -> String {
    let text = String::from_utf8_lossy(bytes);
    if text.chars().count() > 2000 {
        let head: String = text.chars().take(2000).collect();
        format!("{head}... ({} bytes)", bytes.len())
    } else {
        text.into_owned()
    }
}

/// Runs the binary `name` with `input` on stdin; `label` names the input in messages (a file
/// path, or a description of generated input).
pub fn run(name: &str, input: &[u8], label: &str) -> Run {
    run_exe(Path::new(binary(name)), input, label)
}

/// Runs the binary `name` with the arguments `args` and `input` on stdin.
pub fn run_args(name: &str, args: &[&str], input: &[u8]) -> Run {
    let mut run = run_exe_with(Path::new(binary(name)), args, input, "the input");
    run.command = format!("{name} {}", args.join(" "));
    run
}

/// Runs the executable at `exe` with `input` on stdin.
pub fn run_exe(exe: &Path, input: &[u8], label: &str) -> Run {
    run_exe_with(exe, &[], input, label)
}

/// [`run_exe`] with the arguments `args`.
fn run_exe_with(exe: &Path, args: &[&str], input: &[u8], label: &str) -> Run {
    let mut child = Command::new(exe)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|err| panic!("cannot start {}: {err}", exe.display()));
    let mut stdin = child.stdin.take().expect("piped stdin");
    let input = input.to_vec();
    // Write from a thread: a large input and a large output would deadlock otherwise.
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(&input);
    });
    let output = child.wait_with_output().expect("wait for the binary");
    writer.join().expect("stdin writer");
    Run {
        command: exe.display().to_string(),
        stdin: label.to_string(),
        status: output.status.code(),
        stdout: output.stdout,
        stderr: output.stderr,
    }
}

/// `None` when equal; otherwise the first differing line with 3 lines of context on each side
/// and both line counts.
pub fn first_difference(expected: &[u8], actual: &[u8]) -> Option<String> {
    if expected == actual {
        return None;
    }
    let expected: Vec<&[u8]> = expected.split(|&b| b == b'\n').collect();
    let actual: Vec<&[u8]> = actual.split(|&b| b == b'\n').collect();
    let at = (0..expected.len().max(actual.len()))
        .find(|&i| expected.get(i) != actual.get(i))
        .unwrap_or(0);
    let show = |lines: &[&[u8]]| {
        let from = at.saturating_sub(3);
        let to = (at + 4).min(lines.len());
        (from..to)
            .map(|i| {
                let mark = if i == at { '>' } else { ' ' };
                format!(
                    "{mark}{:6} | {:?}\n",
                    i + 1,
                    String::from_utf8_lossy(lines[i])
                )
            })
            .collect::<String>()
    };
    Some(format!(
        "first difference at line {}\nexpected ({} lines):\n{}actual ({} lines):\n{}",
        at + 1,
        expected.len(),
        show(&expected),
        actual.len(),
        show(&actual)
    ))
}

/// Asserts that `input` is refused as bad input: exit status 1, exactly one stderr line
/// `error: line <line>: ...` containing `message`, and stdout equal to `stdout`.
pub fn assert_bad_input(name: &str, input: &[u8], line: usize, message: &str, stdout: &[u8]) {
    let run = run(
        name,
        input,
        &format!("{:?}", String::from_utf8_lossy(input)),
    );
    let stderr = String::from_utf8_lossy(&run.stderr);
    let prefix = format!("error: line {line}: ");
    let ok = run.status == Some(1)
        && stderr.starts_with(&prefix)
        && stderr.contains(message)
        && stderr.ends_with('\n')
        && stderr.lines().count() == 1;
    assert!(ok, "expected {prefix}...{message}\n{}", run.describe());
    if let Some(diff) = first_difference(stdout, &run.stdout) {
        panic!(
            "stdout before the error differs: {diff}\n{}",
            run.describe()
        );
    }
}

/// Whether a C++ compiler is there (see [`have_tool`]).
pub fn have_compiler(test: &str) -> bool {
    have_tool(
        test,
        minejudge::exec::compile::Compiler::find(None).map(|_| ()),
    )
}

/// Whether a tool a test needs was `found`. Without it the test says so and passes, so that a
/// newcomer's `cargo test` works on a bare machine; under CI (`CI` set) it fails instead,
/// because `.ci/run` installs every such tool and a skip there would hide a lost check.
///
/// # Panics
///
/// Under CI, when the tool is missing.
pub fn have_tool(test: &str, found: Result<(), String>) -> bool {
    let under_ci = std::env::var_os("CI").is_some_and(|ci| !ci.is_empty());
    have_tool_where(test, found, under_ci)
}

fn have_tool_where(test: &str, found: Result<(), String>, under_ci: bool) -> bool {
    match found {
        Ok(()) => true,
        Err(message) if !under_ci => {
            eprintln!("{test}: skipped: {message}");
            false
        }
        Err(message) => panic!("{test}: {message}, and under CI every tool must be there"),
    }
}

#[test]
fn a_missing_tool_is_a_skip_on_a_bare_machine_and_a_failure_under_ci() {
    let missing = || Err("no such tool".to_string());
    assert!(have_tool_where("t", Ok(()), true));
    assert!(!have_tool_where("t", missing(), false));
    let under_ci = std::panic::catch_unwind(|| have_tool_where("t", missing(), true));
    assert!(
        under_ci.is_err(),
        "under CI a missing tool must fail its test"
    );
}

/// A student's file of `tests/submissions/`.
pub fn submission(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/submissions")
        .join(name)
}

/// A live (not zombie) process, as `/proc` shows it.
#[derive(Debug)]
pub struct Process {
    /// Its pid.
    pub pid: u32,
    /// Its real user id.
    pub uid: u32,
    /// Its command line, the arguments joined by spaces.
    pub cmdline: String,
}

/// Every live process of the machine, from `/proc`.
pub fn processes() -> Vec<Process> {
    let mut found = Vec::new();
    let Ok(entries) = std::fs::read_dir("/proc") else {
        return found;
    };
    for entry in entries {
        let Some(pid) = entry
            .ok()
            .and_then(|e| e.file_name().to_str()?.parse::<u32>().ok())
        else {
            continue;
        };
        let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
        let zombie = status
            .lines()
            .any(|l| l.starts_with("State:") && l.contains('Z'));
        if zombie || status.is_empty() {
            continue;
        }
        let uid = status
            .lines()
            .find_map(|l| l.strip_prefix("Uid:"))
            .and_then(|l| l.split_whitespace().next()?.parse().ok())
            .unwrap_or(0);
        let cmdline = std::fs::read(format!("/proc/{pid}/cmdline")).unwrap_or_default();
        let cmdline = String::from_utf8_lossy(&cmdline)
            .trim_end_matches('\0')
            .replace('\0', " ");
        found.push(Process { pid, uid, cmdline });
    }
    found
}

/// Runs of someone else's code (user ids of the runs' range) against the check that none is
/// left: tests that start such runs hold it shared while they run, and a test that looks for
/// leftovers holds it alone, so that it never sees another test's live run.
static UNTRUSTED_RUNS: std::sync::RwLock<()> = std::sync::RwLock::new(());

/// Held while this test starts runs of someone else's code.
pub fn untrusted_runs() -> std::sync::RwLockReadGuard<'static, ()> {
    UNTRUSTED_RUNS.read().unwrap_or_else(|e| e.into_inner())
}

/// Held while this test looks for leftovers of its runs: no other test's run is live.
pub fn no_other_runs() -> std::sync::RwLockWriteGuard<'static, ()> {
    UNTRUSTED_RUNS.write().unwrap_or_else(|e| e.into_inner())
}

/// A Python that can `import module`, else why not.
pub fn python_with(python: &Path, module: &str) -> Result<(), String> {
    let imported = Command::new(python)
        .args(["-c", &format!("import {module}")])
        .stderr(Stdio::null())
        .status();
    match imported {
        Ok(status) if status.success() => Ok(()),
        Ok(_) => Err(format!("{} cannot import {module}", python.display())),
        Err(err) => Err(format!("no {}: {err}", python.display())),
    }
}

/// A Python that can `import module`, in a virtual environment `name` under target/tmp into
/// which pip installs `package` (a pinned version from PyPI) on first use; else why there is
/// none.
pub fn python_venv_with(name: &str, package: &str, module: &str) -> Result<PathBuf, String> {
    let venv = Path::new(env!("CARGO_TARGET_TMPDIR")).join(name);
    let python = venv.join("bin").join("python");
    if python_with(&python, module).is_ok() {
        return Ok(python);
    }
    let made = Command::new("python3")
        .args(["-m", "venv"])
        .arg(&venv)
        .status();
    if !made.is_ok_and(|status| status.success()) {
        return Err(format!("python3 -m venv {} failed", venv.display()));
    }
    let installed = Command::new(&python)
        .args([
            "-m",
            "pip",
            "install",
            "--quiet",
            "--disable-pip-version-check",
        ])
        .arg(package)
        .status();
    if !installed.is_ok_and(|status| status.success()) {
        return Err(format!(
            "pip could not install {package} into {}",
            venv.display()
        ));
    }
    python_with(&python, module).map(|()| python)
}
