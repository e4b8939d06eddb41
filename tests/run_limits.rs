//! A run's limits as the online judges set them, through `stress`: the stack is the memory cap
//! (or `--stack`), "too slow" is on CPU time (`--time-limit`), and wall time (`--wall-limit`)
//! only stops a program that waits. Each limit is wide of what the program needs, or what it
//! meets is unbounded: no verdict here depends on how busy the machine is.

use crate::util;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::sync::OnceLock;

/// Recurses a million frames deep (about 100 MB of stack; a volatile array in each frame,
/// read after the call, keeps the compiler from making it a loop), checks the sum, then runs
/// the command it is given.
const DEEP: &str = "#include <unistd.h>\n\
static long down(long n) {\n\
    volatile char pad[96];\n\
    pad[n % 96] = (char)(n & 0x7f);\n\
    if (n == 0) return 0;\n\
    return down(n - 1) + pad[n % 96];\n\
}\n\
int main(int argc, char **argv) {\n\
    long expected = 0;\n\
    for (long n = 1; n <= 1000000; n++) expected += n & 0x7f;\n\
    if (down(1000000) != expected || argc < 2) return 3;\n\
    execv(argv[1], argv + 1);\n\
    return 4;\n\
}\n";

/// The deep recursion, built once by the host's C compiler; `None` without one.
fn deep() -> Option<&'static Path> {
    static EXE: OnceLock<Option<PathBuf>> = OnceLock::new();
    EXE.get_or_init(|| {
        if !util::have_compiler("run limits: a deep recursion") {
            return None;
        }
        let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("run-limits");
        std::fs::create_dir_all(&dir).unwrap();
        Some(crate::sandbox::compile_c(&dir, "deep", DEEP))
    })
    .as_deref()
}

/// `stress mine-ops` on one 1x1 board (seed 3) with `options`, running `command`.
fn stress(options: &[&str], command: &[&str]) -> Output {
    Command::new(util::binary("stress"))
        .args(["mine-ops", "--seed", "3", "--count", "1", "--rows", "1"])
        .args(["--cols", "1", "--quiet"])
        .args(options)
        .arg("--")
        .args(command)
        .output()
        .expect("run stress")
}

fn stdout(output: &Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    )
}

#[test]
#[cfg(target_os = "linux")]
fn a_deep_recursion_has_the_memory_as_its_stack() {
    let Some(deep) = deep() else {
        return;
    };
    let deep = deep.to_str().unwrap();
    let judge = util::binary("mine-ops");
    let output = stress(&[], &[deep, judge]);
    let said = stdout(&output);
    assert_eq!(output.status.code(), Some(0), "{said}");
    assert!(said.contains("all 1 inputs passed"), "{said}");
    // Without a memory cap, no stack cap.
    let output = stress(&["--memory", "0"], &[deep, judge]);
    assert_eq!(output.status.code(), Some(0), "{}", stdout(&output));
    // The shell's 8 MiB, given back on request: the crash a judge with that stack gives.
    let output = stress(&["--stack", "8"], &[deep, judge]);
    let said = stdout(&output);
    assert_eq!(output.status.code(), Some(1), "{said}");
    assert!(said.contains("killed by signal 11 (SIGSEGV)"), "{said}");
}

#[test]
#[ignore = "long tier: .ci/run runs it"]
#[cfg(target_os = "linux")]
fn a_program_that_sleeps_past_its_cpu_time_passes() {
    let script = format!("sleep 1.5; exec {}", util::binary("mine-ops"));
    let output = stress(
        &["--time-limit", "1", "--wall-limit", "60"],
        &["sh", "-c", &script],
    );
    let said = stdout(&output);
    assert_eq!(output.status.code(), Some(0), "{said}");
    assert!(said.contains("all 1 inputs passed"), "{said}");
}

#[test]
#[cfg(target_os = "linux")]
fn a_spinning_program_is_too_slow_on_its_cpu_time() {
    let output = stress(
        &["--time-limit", "0.2", "--wall-limit", "60"],
        &["sh", "-c", "while :; do :; done"],
    );
    let said = stdout(&output);
    assert_eq!(output.status.code(), Some(1), "{said}");
    assert!(said.contains("mine-ops: timeout on input 1"), "{said}");
    let figures = said
        .lines()
        .find(|line| line.starts_with("too slow: "))
        .unwrap_or_else(|| panic!("no figures: {said}"));
    assert!(
        figures.contains(" s of CPU time, limit 0.2 s; killed"),
        "{said}"
    );
}

#[test]
#[cfg(target_os = "linux")]
fn a_program_that_sleeps_for_ever_ends_at_its_wall_time() {
    let output = stress(
        &["--time-limit", "1", "--wall-limit", "0.5"],
        &["sh", "-c", "sleep 30"],
    );
    let said = stdout(&output);
    assert_eq!(output.status.code(), Some(1), "{said}");
    assert!(said.contains("mine-ops: timeout on input 1"), "{said}");
    assert!(
        said.contains("no exit after 0.5 s of wall time (")
            && said.contains(" s of CPU: waiting or sleeping); killed"),
        "{said}"
    );
}

/// A student's whole program for `grade mine-ops` that recurses a million frames deep before
/// it prints the answer of the one test: full marks with the stack the memory cap gives, a
/// crash with the shell's 8 MiB.
#[test]
#[cfg(target_os = "linux")]
fn grade_gives_a_deep_recursion_the_memory_as_its_stack() {
    if !util::have_compiler("grade: a deep recursion") {
        return;
    }
    let dir = crate::grade::class("deep-recursion", &[]);
    let tests = dir.with_extension("tests");
    let _ = std::fs::remove_dir_all(&tests);
    std::fs::create_dir_all(&tests).unwrap();
    std::fs::write(tests.join("1.in"), "1 1\n.\nQuit\n").unwrap();
    std::fs::write(tests.join("1.ans"), "deep enough\n").unwrap();
    let program = DEEP
        .replace("#include <unistd.h>\n", "#include <stdio.h>\n")
        .replace(
            "execv(argv[1], argv + 1);\nreturn 4;\n",
            "(void)argv;\nputs(\"deep enough\");\nreturn 0;\n",
        )
        .replace("|| argc < 2", "|| argc < 1");
    assert!(program.contains("deep enough") && !program.contains("execv"));
    std::fs::write(dir.join("deep.c"), program).unwrap();
    let graded = |extra: &[&str]| {
        let mut args = vec![
            "mine-ops",
            dir.to_str().unwrap(),
            "--tests",
            tests.to_str().unwrap(),
            "--no-cache",
        ];
        args.extend_from_slice(extra);
        let report = crate::grade::succeeded(&crate::grade::grade(&args));
        let rows = crate::grade::table(&report);
        (crate::grade::mark(&rows, "deep"), report)
    };
    let (mark, report) = graded(&[]);
    assert!(mark > 0.0, "{report}");
    let (mark, report) = graded(&["--stack", "8"]);
    assert_eq!(mark, 0.0, "{report}");
    assert!(report.contains("SIGSEGV"), "{report}");
}
