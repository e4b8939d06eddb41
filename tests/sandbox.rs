//! The sandbox: a program that calls `setsid()` or double-forks ends with its run; someone
//! else's code sees a read-only file system but for its fresh folder, no network, no
//! privileges, and cannot fork past its cap. Each check looks at the system itself (`/proc`,
//! the files), not at what the sandbox says of itself; the process-group isolation (no
//! namespaces) is checked through the `stress` binary with `MINEJUDGE_NO_NAMESPACES=1`.

#![cfg(target_os = "linux")]

use crate::util;
use minejudge::sandbox::{self, Isolation, Policy};
use minejudge::stress::child::{self, Ending, Limits, ProgramRun};
use std::path::Path;
use std::process::Command;
use std::time::{Duration, Instant};

fn limits(policy: Policy) -> Limits {
    Limits {
        timeout: Duration::from_secs(5),
        memory: Some(1 << 30),
        output: 1 << 20,
        policy,
    }
}

fn shell(script: &str, policy: Policy) -> ProgramRun {
    let command = ["/bin/sh".to_string(), "-c".to_string(), script.to_string()];
    child::run(&command, b"", &limits(policy)).expect("sh starts")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// The pids of live (not zombie) processes whose command line holds `marker`.
fn processes_with(marker: &str) -> Vec<u32> {
    util::processes()
        .into_iter()
        .filter(|p| p.cmdline.contains(marker))
        .map(|p| p.pid)
        .collect()
}

/// Waits up to 2 s for every process holding `marker` to be gone (SIGKILL is asynchronous).
fn assert_all_gone(marker: &str) {
    let started = Instant::now();
    while !processes_with(marker).is_empty() && started.elapsed() < Duration::from_secs(2) {
        std::thread::sleep(Duration::from_millis(10));
    }
    let left = processes_with(marker);
    assert!(
        left.is_empty(),
        "still running after the run: {left:?} ({marker})"
    );
}

#[test]
fn a_setsid_escapee_ends_with_its_run() {
    for policy in [Policy::OwnCode, Policy::Untrusted { processes: 8 }] {
        // A new session and a double fork: neither the group kill nor the shell's end reaches
        // the sleeper; only the namespace (or the sweep) does.
        let marker = format!("271.{}", policy == Policy::OwnCode);
        let script =
            format!("setsid sh -c 'sleep {marker} & sleep {marker}' & sleep 0.2; echo done");
        let started = Instant::now();
        let run = shell(&script, policy);
        assert_eq!(
            (run.ending, text(&run.stdout)),
            (Ending::Exited(0), "done\n".into())
        );
        assert!(
            started.elapsed() < Duration::from_secs(3),
            "{:?}",
            started.elapsed()
        );
        assert_all_gone(&marker);
    }
}

#[test]
fn namespaces_are_in_force_here() {
    // This workplace and CI run as root on Linux: anything weaker is a regression.
    if std::env::var_os("MINEJUDGE_NO_NAMESPACES").is_some() {
        return;
    }
    for policy in [Policy::OwnCode, Policy::Untrusted { processes: 1 }] {
        assert!(
            matches!(sandbox::isolation(policy), Isolation::Namespaces { .. }),
            "{policy:?}: {}",
            sandbox::describe(policy)
        );
    }
}

#[test]
fn someone_elses_code_writes_only_its_fresh_folder() {
    let outside = Path::new(env!("CARGO_TARGET_TMPDIR")).join("sandbox-outside");
    let _ = std::fs::remove_file(&outside);
    let script = format!(
        "pwd; ls -A | wc -l; echo inside > here.txt && cat here.txt; \
         echo outside > {} 2>/dev/null || echo refused; \
         echo tmp > /tmp/minejudge-sandbox-test 2>/dev/null || echo tmp refused; id -u",
        outside.display()
    );
    let run = shell(&script, Policy::Untrusted { processes: 8 });
    let out = text(&run.stdout);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(run.ending, Ending::Exited(0), "{out}{}", text(&run.stderr));
    assert!(lines[0].contains("minejudge-run-"), "{out}");
    assert_eq!(
        &lines[1..5],
        ["0", "inside", "refused", "tmp refused"],
        "{out}"
    );
    assert_ne!(lines[5], "0", "runs as root: {out}");
    assert!(!outside.exists());
    assert!(!Path::new("/tmp/minejudge-sandbox-test").exists());
    // The folder is gone after the run.
    assert!(!Path::new(lines[0]).exists(), "{out}");
}

#[test]
fn someone_elses_code_cannot_fork_past_its_cap_nor_reach_the_network() {
    // The shell itself is the one process: it cannot start another.
    let run = shell("(true) && echo forked", Policy::Untrusted { processes: 1 });
    assert_eq!(text(&run.stdout), "", "{}", text(&run.stderr));
    assert!(text(&run.stderr).contains("fork"), "{}", text(&run.stderr));
    let run = shell("(true) && echo forked", Policy::Untrusted { processes: 2 });
    assert_eq!(text(&run.stdout), "forked\n", "{}", text(&run.stderr));
    // Only the loopback device, and it is down: no route anywhere.
    let run = shell(
        "cat /proc/net/dev | tail -n +3 | cut -d: -f1 | tr -d ' '; ls /proc | grep -c '^[0-9]'",
        Policy::Untrusted { processes: 8 },
    );
    let out = text(&run.stdout);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.first(), Some(&"lo"), "{out}");
    // Its own /proc: init, the shell and what the shell started, not the host's processes.
    let seen: usize = lines.last().unwrap().parse().unwrap();
    assert!(seen < 10, "{out}");
}

#[test]
fn a_fork_bomb_is_capped_and_ended() {
    let marker = "bomb.314";
    let script = format!(
        "f() {{ sleep {marker} & f & }}; f 2>/dev/null; sleep 0.3; ps -e 2>/dev/null | wc -l"
    );
    let started = Instant::now();
    let run = shell(&script, Policy::Untrusted { processes: 16 });
    assert!(
        started.elapsed() < Duration::from_secs(5),
        "{:?}",
        run.ending
    );
    assert_all_gone(marker);
}

#[test]
fn without_namespaces_stress_still_leaves_nothing_behind() {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("sandbox");
    std::fs::create_dir_all(&dir).unwrap();
    let script = dir.join("escapee.sh");
    let marker = "314.159";
    std::fs::write(
        &script,
        format!("#!/bin/sh\nsetsid sleep {marker} &\ncat > /dev/null\necho boom\n"),
    )
    .unwrap();
    let mut permissions = std::fs::metadata(&script).unwrap().permissions();
    std::os::unix::fs::PermissionsExt::set_mode(&mut permissions, 0o755);
    std::fs::set_permissions(&script, permissions).unwrap();
    for fallback in [false, true] {
        let mut command = Command::new(util::binary("stress"));
        command.args(["mine-ops", "--seed", "1", "--count", "3", "--quiet", "--"]);
        command.arg(&script);
        if fallback {
            command.env("MINEJUDGE_NO_NAMESPACES", "1");
        }
        let started = Instant::now();
        let output = command.output().unwrap();
        let stdout = text(&output.stdout);
        assert!(stdout.contains("wrong answer on input 1"), "{stdout}");
        assert!(
            started.elapsed() < Duration::from_secs(10),
            "{:?}",
            started.elapsed()
        );
        assert_all_gone(marker);
    }
}
