//! The long tier: every judge's DMOJ package imported into DMOJ's own judge. `dmoj-cli` judges
//! each submission of each package in Rust, with the original judge's limits, and the test
//! fails unless every case of an accepted submission is AC and every other one fails on some
//! case as its folder says (a wrong answer WA, a crash IR or RTE, a slow one TLE) and on no
//! case otherwise.
//!
//! `.ci/dmoj-judge.sh` installs the judge for an ordinary user, `minejudge-dmoj`, in its home
//! (DMOJ's sandbox lets cargo read only `/home`, and kills it for a chown that cargo makes as
//! root); the test runs `dmoj-cli` as that user.

use crate::package_teacher::teacher_additions;
use crate::util;
use minejudge::judges::{self, Judge};
use minejudge::package::{self, File, Format, Request};
use std::fmt::Write as _;
use std::os::unix::fs::MetadataExt;
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Instant;

/// Secret tests per package: a few, as DMOJ compiles every submission with cargo.
const TESTS: usize = 10;

/// The home of the user the judge runs as, where `.ci/dmoj-judge.sh` installs it.
const JUDGE_HOME: &str = "/home/minejudge-dmoj";

/// `dmoj-cli`, and the user and group that own the judge's home, when it is installed.
fn installed() -> Result<(PathBuf, (u32, u32)), String> {
    let home = Path::new(JUDGE_HOME);
    let cli = home.join("venv/bin/dmoj-cli");
    for needed in [&cli, &home.join("toolchain/bin/cargo")] {
        if !needed.exists() {
            return Err(format!(
                "{} is missing: run .ci/dmoj-judge.sh as root",
                needed.display()
            ));
        }
    }
    let owner = std::fs::metadata(home).map_err(|err| format!("{JUDGE_HOME}: {err}"))?;
    Ok((cli, (owner.uid(), owner.gid())))
}

/// One submission to judge: its package's judge, its name, its file and the verdicts its
/// failing cases may get (none for an accepted one).
struct Run {
    judge: &'static Judge,
    name: String,
    path: PathBuf,
    failing: &'static [&'static str],
}

/// The verdicts a submission of the Kattis-style folder `folder` may get on a failing case.
fn failing_verdicts(folder: &str) -> &'static [&'static str] {
    match folder {
        "accepted" => &[],
        "wrong_answer" => &["WA"],
        "run_time_error" => &["IR", "RTE"],
        "time_limit_exceeded" => &["TLE"],
        _ => panic!("no verdict for submissions/{folder}/"),
    }
}

#[test]
#[ignore = "long tier: .ci/run runs it"]
fn every_dmoj_package_judges_our_submissions_as_their_folders_say() {
    let found = installed();
    if !util::have_tool(
        "DMOJ packages",
        found.as_ref().map(|_| ()).map_err(Clone::clone),
    ) {
        return;
    }
    let (cli, judge_user) = found.expect("found");
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let root = std::env::temp_dir().join(format!("minejudge-dmoj-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&root);
    let mut runs = Vec::new();
    for judge in judges::ALL {
        let request = Request {
            judge,
            format: Format::Dmoj,
            tests: TESTS,
            seed: 1,
        };
        // mine-ops's package as a teacher makes it: tests and an accepted submission of
        // theirs besides ours.
        let additions = match judge.name() {
            "mine-ops" => teacher_additions(&root.join("teacher")),
            _ => package::Additions::default(),
        };
        let files = package::package(&request, &additions, &src).expect("package");
        let dir = root.join("problems").join(judge.name().replace('-', ""));
        package::write(&files, &dir).expect("write");
        runs.extend(submissions(judge, &files, &dir));
        assert!(
            runs.iter()
                .any(|run| run.judge == judge && run.failing == ["WA"]),
            "{}: no wrong answer to judge",
            judge.name()
        );
    }
    let start = Instant::now();
    let log = judge_all(&cli, judge_user, &root, &runs);
    let seconds = start.elapsed().as_secs_f64();
    let mut report = String::new();
    let mut wrong = Vec::new();
    for (index, run) in runs.iter().enumerate() {
        let verdicts = verdicts_of(&log, index + 1);
        let failed: Vec<&str> = verdicts.iter().copied().filter(|v| *v != "AC").collect();
        let as_expected = !verdicts.is_empty()
            && failed.is_empty() == run.failing.is_empty()
            && failed.iter().all(|v| run.failing.contains(v));
        writeln!(
            report,
            "{} {}: {}",
            run.judge.name(),
            run.name,
            verdicts.join(" ")
        )
        .unwrap();
        if !as_expected {
            wrong.push(format!("{} {}", run.judge.name(), run.name));
        }
    }
    println!(
        "{report}{} submissions judged by dmoj-cli in {seconds:.1} s",
        runs.len()
    );
    assert!(
        wrong.is_empty(),
        "not judged as expected: {wrong:?}\n{report}\n{log}"
    );
    std::fs::remove_dir_all(&root).expect("clean up");
}

/// Opens `dir` and everything under it for every user to read, whatever the umask: the judge
/// runs as a user of its own.
fn readable_by_all(dir: &Path) {
    use std::os::unix::fs::PermissionsExt;
    for entry in std::fs::read_dir(dir).expect("read the scratch folder") {
        let path = entry.expect("an entry").path();
        let mode = std::fs::metadata(&path)
            .expect("metadata")
            .permissions()
            .mode();
        let open = if path.is_dir() { 0o755 } else { 0o444 };
        let permissions = std::fs::Permissions::from_mode(mode | open);
        std::fs::set_permissions(&path, permissions).expect("chmod");
        if path.is_dir() {
            readable_by_all(&path);
        }
    }
    let mode = std::fs::metadata(dir)
        .expect("metadata")
        .permissions()
        .mode();
    std::fs::set_permissions(dir, std::fs::Permissions::from_mode(mode | 0o755)).expect("chmod");
}

/// The submissions of the package `files` written into `dir`.
fn submissions(judge: &'static Judge, files: &[File], dir: &Path) -> Vec<Run> {
    files
        .iter()
        .filter_map(|file| {
            let rest = file.path.strip_prefix("submissions/")?;
            let (folder, name) = rest.split_once('/')?;
            Some(Run {
                judge,
                name: name.trim_end_matches(".rs").to_string(),
                path: dir.join(&file.path),
                failing: failing_verdicts(folder),
            })
        })
        .collect()
}

/// Runs one `dmoj-cli` session, as the user and group `user`, that judges `runs` in order
/// (their ids 1, 2, ...), the problems under `root/problems/`; what it printed.
fn judge_all(cli: &Path, user: (u32, u32), root: &Path, runs: &[Run]) -> String {
    let toolchain = Path::new(JUDGE_HOME).join("toolchain/bin");
    let config = format!(
        "problem_storage_globs:\n  - {}/problems/*\nruntime:\n  cargo: {}\n",
        root.display(),
        toolchain.join("cargo").display()
    );
    let config_path = root.join("config.yml");
    std::fs::write(&config_path, config).expect("config.yml");
    readable_by_all(root);
    let mut commands = String::new();
    for run in runs {
        let original = run.judge.original;
        writeln!(
            commands,
            "submit {} RUST {} -tl {} -ml {}",
            run.judge.name().replace('-', ""),
            run.path.display(),
            f64::from(original.time_limit_ms) / 1000.0,
            u64::from(original.memory_mib) * 1024
        )
        .unwrap();
    }
    let mut command = Command::new(cli);
    // Only what the judge needs: cargo's own variables (a test runs under cargo) would steer
    // the judge's cargo, and rustup's proxies, first on root's PATH, cannot read their home.
    command
        .env_clear()
        .env("HOME", JUDGE_HOME)
        .env("PATH", format!("{}:/usr/bin:/bin", toolchain.display()))
        .env("LANG", "C.UTF-8")
        .arg("--config")
        .arg(&config_path)
        .args(["--no-ansi", "--only-executors", "RUST"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    let me = std::fs::metadata(root).expect("the scratch folder").uid();
    if me != user.0 {
        command.uid(user.0).gid(user.1);
    }
    let mut child = command.spawn().expect("dmoj-cli");
    let mut stdin = child.stdin.take().expect("stdin");
    let writer = std::thread::spawn(move || {
        use std::io::Write;
        let _ = stdin.write_all(commands.as_bytes());
    });
    let output = child.wait_with_output().expect("dmoj-cli");
    writer.join().expect("stdin writer");
    String::from_utf8_lossy(&output.stdout).to_string() + &String::from_utf8_lossy(&output.stderr)
}

/// The verdict of each case of submission `id` in `log`, in order; none when it was not judged
/// (it failed to compile, or the judge stopped).
fn verdicts_of(log: &str, id: usize) -> Vec<&str> {
    // Each block begins `<problem>/<id> in RUST...`.
    let id = id.to_string();
    let Some(block) = log.split("Start grading ").find(|block| {
        let problem_and_id = block.split(' ').next().unwrap_or_default();
        problem_and_id.rsplit('/').next() == Some(id.as_str())
    }) else {
        return Vec::new();
    };
    block
        .lines()
        .filter_map(|line| line.strip_prefix("Test case "))
        .filter_map(|rest| rest.split_whitespace().nth(1))
        .collect()
}
