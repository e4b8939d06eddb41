//! Every shell command the manuals show is run, so that the manuals cannot go stale.
//!
//! The manuals are `README*.md` and `docs/**/*.md`. In them:
//! - every fenced block names its language: a block without one could hide a command;
//! - a ` ```sh ` block is a script: its lines run in order under `bash -e -o pipefail`, and it
//!   must exit 0;
//! - in a ` ```console ` block, each `$ ` line is a command, and the lines after it, up to the
//!   next `$ ` line, are its standard output, compared byte for byte (`[..]` in a shown line
//!   stands for any text within that line, such as a time). The command must exit 0: one whose
//!   failure is the point says so in the manual (`; echo "exit status $?"`), and one whose
//!   stderr is the point shows it (`2>&1`);
//! - a block that cannot run here (it serves forever, it is cargo itself, it needs a cluster)
//!   has `<!-- not run: why -->` on the line before its fence (GitHub does not show it); the
//!   test lists them;
//! - a translation's block that is word for word a block of the manual it translates has
//!   `<!-- same as MANUAL -->` before its fence (MANUAL relative to its folder): it is not run
//!   again, but the test checks that MANUAL has it, and runs it there;
//! - `bash`, `shell` and the like are refused: say `sh` or `console`.
//!
//! Each manual's blocks run in order in a folder of its own (so a block may use the files an
//! earlier one made), holding a copy of `testdata/`, with our release binaries first on `PATH`,
//! stdin from `/dev/null`, `LANG=C.UTF-8` and a cache folder of its own. The manuals run in
//! parallel.
//!
//! Also checked: the README stays a front page (under 150 lines), every option a binary's
//! `--help` names is in a table of the manuals, and no option the manuals name is invented.

use std::collections::BTreeSet;
use std::fmt::Write as _;
use std::fs;
use std::io::Read;
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// Every binary of the crate, as cargo built it for this test.
const BINARIES: [(&str, &str); 15] = [
    ("acm-client", env!("CARGO_BIN_EXE_acm-client")),
    ("acm-server", env!("CARGO_BIN_EXE_acm-server")),
    ("autoplay", env!("CARGO_BIN_EXE_autoplay")),
    ("bundle", env!("CARGO_BIN_EXE_bundle")),
    ("gen", env!("CARGO_BIN_EXE_gen")),
    ("grade", env!("CARGO_BIN_EXE_grade")),
    (
        "inexperienced-player",
        env!("CARGO_BIN_EXE_inexperienced-player"),
    ),
    ("jlu-machine", env!("CARGO_BIN_EXE_jlu-machine")),
    ("jlu-panel", env!("CARGO_BIN_EXE_jlu-panel")),
    ("mine-ops", env!("CARGO_BIN_EXE_mine-ops")),
    ("package", env!("CARGO_BIN_EXE_package")),
    ("play", env!("CARGO_BIN_EXE_play")),
    ("stress", env!("CARGO_BIN_EXE_stress")),
    ("update-board", env!("CARGO_BIN_EXE_update-board")),
    ("validate", env!("CARGO_BIN_EXE_validate")),
];

/// Options the manuals may name that belong to other programs (cargo, rustc, GNU parallel,
/// Slurm, the test harness, BAPCtools, LibreOffice).
const FOREIGN_OPTIONS: &[&str] = &[
    "--all-targets",
    "--array",
    "--bench",
    "--bin",
    "--check",
    "--convert-to",
    "--cpus-per-task",
    "--dependency",
    "--edition",
    "--error",
    "--example",
    "--headless",
    "--ignored",
    "--infilter",
    "--no-ansi",
    "--kattis",
    "--no-deps",
    "--no-generate",
    "--nocapture",
    "--offline",
    "--only",
    "--output",
    "--path",
    "--profile",
    "--release",
    "--root",
    "--seconds",
    "--skip",
    "--sshloginfile",
    "--test",
    "--test-threads",
    "--time",
    "--write",
];

/// A wall time no command of a manual needs; past it the command is killed and fails.
const COMMAND_TIMEOUT: Duration = Duration::from_secs(60);

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// The manuals, sorted: `README*.md` and every `.md` under `docs/`.
fn manuals() -> Vec<PathBuf> {
    let mut found: Vec<PathBuf> = fs::read_dir(root())
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| {
            let name = path.file_name().unwrap().to_string_lossy();
            name.starts_with("README") && name.ends_with(".md")
        })
        .collect();
    let mut folders = vec![root().join("docs")];
    while let Some(folder) = folders.pop() {
        for entry in fs::read_dir(&folder).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                folders.push(path);
            } else if path.extension().is_some_and(|ext| ext == "md") {
                found.push(path);
            }
        }
    }
    found.sort();
    found
}

/// What a fenced block is for.
#[derive(Debug, PartialEq)]
enum Kind {
    Script,
    Console,
    NotRun(String),
    /// The same block as one in another manual (a translation's), which is run there.
    Twin(String),
    Other,
}

/// One fenced block of a manual.
#[derive(Debug)]
struct Block {
    /// The 1-based line of its opening fence.
    line: usize,
    kind: Kind,
    /// Its lines, without the fence's indentation.
    lines: Vec<String>,
}

/// The manual's fenced blocks, or what is wrong with one.
fn blocks(text: &str) -> Result<Vec<Block>, String> {
    let lines: Vec<&str> = text.lines().collect();
    let mut found = Vec::new();
    let mut at = 0;
    while at < lines.len() {
        let trimmed = lines[at].trim_start();
        let Some(info) = trimmed.strip_prefix("```") else {
            at += 1;
            continue;
        };
        let indent = lines[at].len() - trimmed.len();
        let line = at + 1;
        let language = info.split_whitespace().next().unwrap_or("");
        let marker = lines[..at]
            .iter()
            .rev()
            .find(|line| !line.trim().is_empty())
            .and_then(|line| line.trim().strip_prefix("<!-- not run:"))
            .and_then(|rest| rest.strip_suffix("-->"))
            .map(|why| why.trim().to_string());
        let twin = lines[..at]
            .iter()
            .rev()
            .find(|line| !line.trim().is_empty())
            .and_then(|line| line.trim().strip_prefix("<!-- same as"))
            .and_then(|rest| rest.strip_suffix("-->"))
            .map(|manual| manual.trim().to_string());
        let kind = match (language, marker) {
            ("sh" | "console", None) if twin.is_some() => Kind::Twin(twin.unwrap()),
            ("", _) => return Err(format!("line {line}: a fenced block names no language")),
            ("sh" | "console", Some(why)) if why.is_empty() => {
                return Err(format!("line {line}: `<!-- not run: -->` gives no reason"))
            }
            ("sh" | "console", Some(why)) => Kind::NotRun(why),
            ("sh", None) => Kind::Script,
            ("console", None) => Kind::Console,
            ("bash" | "shell" | "shell-session" | "zsh" | "sh-session", _) => {
                return Err(format!(
                    "line {line}: a ```{language} block: say ```sh (a script) or ```console \
                     (commands and their output) so that the manuals' test runs it"
                ))
            }
            (_, Some(_)) => {
                return Err(format!(
                    "line {line}: `not run` marks a block that is not sh"
                ))
            }
            _ => Kind::Other,
        };
        let mut body = Vec::new();
        at += 1;
        loop {
            let Some(text) = lines.get(at) else {
                return Err(format!("line {line}: the fenced block is never closed"));
            };
            at += 1;
            if text.trim() == "```" {
                break;
            }
            let cut = text.len() - text.trim_start().len();
            body.push(text[cut.min(indent)..].to_string());
        }
        found.push(Block {
            line,
            kind,
            lines: body,
        });
    }
    Ok(found)
}

/// The commands of a console block, each with its shown output.
fn console_commands(block: &Block) -> Result<Vec<(String, String)>, String> {
    let mut commands: Vec<(String, String)> = Vec::new();
    for (offset, text) in block.lines.iter().enumerate() {
        if let Some(command) = text.strip_prefix("$ ") {
            commands.push((command.to_string(), String::new()));
        } else if let Some((_, output)) = commands.last_mut() {
            output.push_str(text);
            output.push('\n');
        } else {
            return Err(format!(
                "line {}: a console block starts with a command (`$ ...`)",
                block.line + 1 + offset
            ));
        }
    }
    Ok(commands)
}

/// Whether `actual` is `shown`, where `[..]` in a shown line stands for any text within it.
fn matches(shown: &str, actual: &str) -> bool {
    if !shown.contains("[..]") {
        return shown == actual;
    }
    let shown: Vec<&str> = shown.split('\n').collect();
    let actual: Vec<&str> = actual.split('\n').collect();
    shown.len() == actual.len() && shown.iter().zip(&actual).all(|(s, a)| line_matches(s, a))
}

fn line_matches(shown: &str, actual: &str) -> bool {
    let mut parts = shown.split("[..]");
    let first = parts.next().unwrap_or("");
    let Some(mut rest) = actual.strip_prefix(first) else {
        return false;
    };
    let parts: Vec<&str> = parts.collect();
    for (i, part) in parts.iter().enumerate() {
        if i + 1 == parts.len() {
            return rest.len() >= part.len() && rest.ends_with(part);
        }
        match rest.find(part) {
            Some(found) => rest = &rest[found + part.len()..],
            None => return false,
        }
    }
    true
}

/// What one command did.
struct Outcome {
    status: Option<i32>,
    stdout: String,
    stderr: String,
    seconds: f64,
}

/// The folder our binaries are in.
fn bin_dir() -> PathBuf {
    Path::new(BINARIES[0].1).parent().unwrap().to_path_buf()
}

/// Runs `script` with bash in `dir`, as a manual's reader would (see the module's doc); with
/// `stop_at_failure`, its first failing command ends it (`set -e`).
fn run(script: &str, dir: &Path, stop_at_failure: bool) -> Outcome {
    let path = std::env::var_os("PATH").unwrap_or_default();
    let mut paths = vec![bin_dir()];
    paths.extend(std::env::split_paths(&path));
    let started = Instant::now();
    let mut child = Command::new("bash")
        .arg("-c")
        .arg(format!(
            "set {}-o pipefail\n{script}",
            if stop_at_failure { "-e " } else { "" }
        ))
        .current_dir(dir)
        .env("PATH", std::env::join_paths(paths).unwrap())
        .env("LANG", "C.UTF-8")
        .env_remove("LC_ALL")
        .env_remove("LANGUAGE")
        .env("XDG_CACHE_HOME", dir.join(".cache"))
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        // Its own process group, so that a command past its time is killed with all it started.
        .process_group(0)
        .spawn()
        .expect("bash");
    let read = |mut pipe: Box<dyn Read + Send>| {
        std::thread::spawn(move || {
            let mut bytes = Vec::new();
            let _ = pipe.read_to_end(&mut bytes);
            String::from_utf8_lossy(&bytes).into_owned()
        })
    };
    let stdout = read(Box::new(child.stdout.take().unwrap()));
    let stderr = read(Box::new(child.stderr.take().unwrap()));
    let status = loop {
        if let Some(status) = child.try_wait().expect("wait for bash") {
            break status.code();
        }
        if started.elapsed() > COMMAND_TIMEOUT {
            let _ = Command::new("kill")
                .args(["-KILL", "--", &format!("-{}", child.id())])
                .status();
            let _ = child.wait();
            break None;
        }
        std::thread::sleep(Duration::from_millis(5));
    };
    Outcome {
        status,
        stdout: stdout.join().unwrap(),
        stderr: stderr.join().unwrap(),
        seconds: started.elapsed().as_secs_f64(),
    }
}

/// What one manual's run found.
#[derive(Default)]
struct Report {
    commands: usize,
    not_run: Vec<String>,
    /// Blocks checked to be word for word a block of another manual that runs.
    twins: usize,
    failures: Vec<String>,
    seconds: f64,
}

/// A fresh folder for `manual`'s commands, holding a copy of `testdata/`.
fn session_dir(manual: &Path) -> PathBuf {
    let name = manual
        .strip_prefix(root())
        .unwrap()
        .to_string_lossy()
        .replace('/', "-");
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join("manuals")
        .join(name);
    let _ = fs::remove_dir_all(&dir);
    copy_tree(&root().join("testdata"), &dir.join("testdata"));
    dir
}

fn copy_tree(from: &Path, to: &Path) {
    fs::create_dir_all(to).unwrap();
    for entry in fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        let target = to.join(entry.file_name());
        if entry.file_type().unwrap().is_dir() {
            copy_tree(&entry.path(), &target);
        } else {
            fs::copy(entry.path(), target).unwrap();
        }
    }
}

fn check_manual(manual: &Path) -> Report {
    let shown = manual.strip_prefix(root()).unwrap().display().to_string();
    let mut report = Report::default();
    let text = fs::read_to_string(manual).unwrap();
    let found = match blocks(&text) {
        Ok(found) => found,
        Err(message) => {
            report.failures.push(format!("{shown}: {message}"));
            return report;
        }
    };
    let started = Instant::now();
    let runs = found
        .iter()
        .any(|block| matches!(block.kind, Kind::Script | Kind::Console));
    // A manual without a command to run needs no folder.
    let dir = if runs {
        session_dir(manual)
    } else {
        PathBuf::new()
    };
    for block in &found {
        let at = format!("{shown}:{}", block.line);
        match &block.kind {
            Kind::Other => {}
            Kind::Twin(twin) => {
                // It need not run again, if the twin it names has it word for word and runs.
                let path = manual.parent().unwrap().join(twin);
                let found = fs::read_to_string(&path)
                    .ok()
                    .and_then(|text| blocks(&text).ok())
                    .is_some_and(|theirs| {
                        theirs.iter().any(|other| {
                            matches!(other.kind, Kind::Script | Kind::Console)
                                && other.lines == block.lines
                        })
                    });
                if found {
                    report.twins += 1;
                } else {
                    report.failures.push(format!(
                        "{at}: `<!-- same as {twin} -->`, but {twin} has no such block that runs"
                    ));
                }
            }
            Kind::NotRun(why) => report.not_run.push(format!("{at}: {why}")),
            Kind::Script => {
                let script = block.lines.join("\n");
                report.commands += block
                    .lines
                    .iter()
                    .filter(|line| {
                        let line = line.trim();
                        !line.is_empty() && !line.starts_with('#')
                    })
                    .count();
                let outcome = run(&script, &dir, true);
                if outcome.status != Some(0) {
                    report.failures.push(format!(
                        "{at}: the script exited with {:?} ({:.1} s):\n{script}\n--- stdout ---\n{}--- stderr ---\n{}",
                        outcome.status, outcome.seconds, outcome.stdout, outcome.stderr
                    ));
                }
            }
            Kind::Console => {
                let commands = match console_commands(block) {
                    Ok(commands) => commands,
                    Err(message) => {
                        report.failures.push(format!("{shown}: {message}"));
                        continue;
                    }
                };
                for (command, expected) in commands {
                    report.commands += 1;
                    let outcome = run(&command, &dir, false);
                    let ok = outcome.status == Some(0);
                    if !ok || !matches(&expected, &outcome.stdout) {
                        report.failures.push(format!(
                            "{at}: $ {command}\nexit status {:?} ({:.1} s)\n--- the manual shows ---\n{expected}--- the command printed ---\n{}--- its stderr ---\n{}",
                            outcome.status, outcome.seconds, outcome.stdout, outcome.stderr
                        ));
                    }
                }
            }
        }
    }
    report.seconds = started.elapsed().as_secs_f64();
    report
}

#[test]
fn every_command_in_the_manuals_runs_as_shown() {
    let manuals = manuals();
    assert!(manuals.len() > 1, "no manual found under docs/");
    // The slowest manuals first (those that compile the most: each `stress` or `grade` of a
    // course's form builds a driver), so that no slow one starts last; twice as many workers
    // as cores, as much of a command's time is spent starting processes.
    let mut queue = manuals.clone();
    queue.sort_by_cached_key(|manual| {
        let text = fs::read_to_string(manual).unwrap_or_default();
        ["stress ", "grade ", "g++ ", "rustc "]
            .iter()
            .map(|word| text.matches(word).count())
            .sum::<usize>()
    });
    let queue = Arc::new(Mutex::new(queue));
    let reports = Arc::new(Mutex::new(Vec::new()));
    let workers = 2 * std::thread::available_parallelism().map_or(2, |n| n.get());
    let threads: Vec<_> = (0..workers)
        .map(|_| {
            let queue = Arc::clone(&queue);
            let reports = Arc::clone(&reports);
            std::thread::spawn(move || loop {
                let Some(manual) = queue.lock().unwrap().pop() else {
                    return;
                };
                let report = check_manual(&manual);
                reports.lock().unwrap().push((manual, report));
            })
        })
        .collect();
    for thread in threads {
        thread.join().unwrap();
    }
    let mut reports = Arc::try_unwrap(reports).ok().unwrap().into_inner().unwrap();
    reports.sort_by(|a, b| a.0.cmp(&b.0));
    let mut summary = String::new();
    let (mut commands, mut not_run, mut failures) = (0, Vec::new(), Vec::new());
    for (manual, report) in reports {
        let shown = manual.strip_prefix(root()).unwrap().display();
        let _ = writeln!(
            summary,
            "{shown}: {} commands run in {:.1} s, {} blocks the same as another manual's, {} blocks not run",
            report.commands,
            report.seconds,
            report.twins,
            report.not_run.len()
        );
        commands += report.commands;
        not_run.extend(report.not_run);
        failures.extend(report.failures);
    }
    println!(
        "{summary}{commands} commands run; {} blocks not run:",
        not_run.len()
    );
    for block in &not_run {
        println!("  {block}");
    }
    assert!(commands > 0, "the manuals show no command");
    assert!(
        failures.is_empty(),
        "{} command(s) of the manuals do not do what the manuals show:\n\n{}",
        failures.len(),
        failures.join("\n\n")
    );
}

#[test]
fn the_fence_reader_sees_every_kind_of_block() {
    let text =
        "a\n```sh\nls\n```\n<!-- not run: it serves forever -->\n\n```console\n$ play\n```\n\
                ```text\nx\n```\n  ```console\n  $ echo hi\n  hi\n  ```\n";
    let found = blocks(text).unwrap();
    let kinds: Vec<&Kind> = found.iter().map(|block| &block.kind).collect();
    assert_eq!(
        kinds,
        [
            &Kind::Script,
            &Kind::NotRun("it serves forever".into()),
            &Kind::Other,
            &Kind::Console
        ]
    );
    let twin = blocks("<!-- same as jlu.md -->\n```console\n$ ls\n```\n").unwrap();
    assert_eq!(twin[0].kind, Kind::Twin("jlu.md".into()));
    assert_eq!(
        console_commands(&found[3]).unwrap(),
        [("echo hi".to_string(), "hi\n".to_string())]
    );
    assert!(
        blocks("```\nls\n```\n").is_err(),
        "a block without a language"
    );
    assert!(blocks("```bash\nls\n```\n").is_err(), "bash is refused");
    assert!(blocks("```sh\nls\n").is_err(), "an unclosed block");
    assert!(matches("took [..] s\n", "took 0.12 s\n"));
    assert!(matches("a [..] b [..]\n", "a 1 b 2\n"));
    assert!(!matches("took [..] s\n", "took 0.12 ms\nmore\n"));
    assert!(!matches("x\n", "y\n"));
}

/// The options a binary's `--help` names.
fn help_options(exe: &str) -> BTreeSet<String> {
    let output = Command::new(exe).arg("--help").output().expect("--help");
    assert!(output.status.success(), "{exe} --help failed");
    options_in(&String::from_utf8_lossy(&output.stdout))
}

/// Every `--word` in `text`.
fn options_in(text: &str) -> BTreeSet<String> {
    let bytes = text.as_bytes();
    let mut found = BTreeSet::new();
    let mut at = 0;
    while let Some(offset) = text[at..].find("--") {
        let start = at + offset;
        let mut end = start + 2;
        while end < bytes.len() && (bytes[end].is_ascii_lowercase() || bytes[end] == b'-') {
            end += 1;
        }
        let before_ok = start == 0 || !bytes[start - 1].is_ascii_alphanumeric();
        if end > start + 2 && bytes[start + 2] != b'-' && before_ok {
            found.insert(text[start..end].trim_end_matches('-').to_string());
        }
        at = end;
    }
    found
}

#[test]
fn every_option_is_in_a_table_and_none_is_invented() {
    let mut tables = String::new();
    let mut all = String::new();
    for manual in manuals() {
        let text = fs::read_to_string(&manual).unwrap();
        for line in text.lines() {
            if line.starts_with('|') {
                tables.push_str(line);
                tables.push('\n');
            }
        }
        all.push_str(&text);
    }
    let mut known: BTreeSet<String> = FOREIGN_OPTIONS.iter().map(|s| s.to_string()).collect();
    // Every binary takes it, and says so in the README rather than in a table of each.
    known.insert("--help".to_string());
    let mut missing = Vec::new();
    for (name, exe) in BINARIES {
        // A help text may name another program's option (bundle's `rustc --edition`).
        for option in help_options(exe) {
            if FOREIGN_OPTIONS.contains(&option.as_str()) {
                continue;
            }
            if !tables.contains(&format!("`{option}")) {
                missing.push(format!("{name} {option}"));
            }
            known.insert(option);
        }
    }
    assert!(
        missing.is_empty(),
        "options in --help but in no table of the manuals: {missing:?}"
    );
    let invented: Vec<String> = options_in(&all).difference(&known).cloned().collect();
    assert!(
        invented.is_empty(),
        "options the manuals name that no binary takes (or add them to FOREIGN_OPTIONS): {invented:?}"
    );
}

#[test]
fn the_readme_is_a_front_page() {
    for name in ["README.md", "README.zh-CN.md"] {
        let lines = fs::read_to_string(root().join(name))
            .unwrap()
            .lines()
            .count();
        assert!(
            lines < 150,
            "{name} has {lines} lines: the manuals are under docs/"
        );
    }
}
