//! `grade`'s cache keeps whole outcomes only, and its compiler is checked before anyone is
//! graded: a student whose time budget ran out after a crash is graded again, a compile ended
//! by a signal is not the student's verdict whatever the compiler printed, and a compiler too
//! old for our flags stops the grading with one line, caching nothing. The compilers here are
//! shell scripts, so that no version of a real one is needed.

use crate::grade::{built_class, cache_home, class, first_line, grade, succeeded, table, text};
use std::path::{Path, PathBuf};

/// A compiler that is the shell `script`, beside the class `dir`.
fn fake_compiler(dir: &Path, script: &str) -> PathBuf {
    let path = dir.with_extension("cxx");
    std::fs::write(&path, format!("#!/bin/sh\n{script}")).unwrap();
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
    }
    path
}

/// The entries in the class's cache.
fn entries(dir: &Path) -> Vec<PathBuf> {
    match std::fs::read_dir(cache_home(dir).join("minejudge/grade")) {
        Ok(found) => found.map(|entry| entry.unwrap().path()).collect(),
        Err(_) => Vec::new(),
    }
}

#[test]
#[ignore = "long tier: .ci/run runs it"]
fn a_student_whose_budget_ran_out_after_a_crash_is_graded_again() {
    // Every run crashes, after a while: far more games than a second holds.
    let Some(dir) = built_class(
        "crash-then-budget",
        &[("crasher", "usleep(20000); _exit(3);")],
    ) else {
        return;
    };
    let args = ["jlu-machine", dir.to_str().unwrap(), "--budget", "1"];
    for grading in ["first", "second"] {
        let output = grade(&args);
        let report = succeeded(&output);
        let note = table(&report)["crasher"].last().unwrap().clone();
        assert!(note.contains("game 1, click 1: it crashed"), "{report}");
        let first = first_line(&output);
        assert!(first.ends_with("0 from the cache)"), "{grading}: {report}");
    }
    assert_eq!(entries(&dir), Vec::<PathBuf>::new());
}

#[test]
fn a_compile_ended_by_a_signal_is_not_the_students_verdict_whatever_it_printed() {
    let dir = class("compile-killed", &[]);
    std::fs::write(
        dir.join("quoted.cpp"),
        "// does not compile (g++, exit status: 1):\nint main() { return 0; }\n",
    )
    .unwrap();
    // It builds our empty program, and is killed on the student's, printing its text first.
    let compiler = fake_compiler(
        &dir,
        "for arg in \"$@\"; do source=\"$arg\"; done\n\
         if [ -f \"${source%/*}/submission.cpp\" ]; then\n\
           cat \"${source%/*}/submission.cpp\" >&2\n\
           kill -9 $$\n\
         fi\n",
    );
    let args = [
        "mine-ops",
        dir.to_str().unwrap(),
        "--count",
        "1",
        "--cxx",
        compiler.to_str().unwrap(),
    ];
    for grading in ["first", "second"] {
        let output = grade(&args);
        let report = succeeded(&output);
        assert!(report.contains("exit status: 1"), "{grading}: {report}");
        let first = first_line(&output);
        assert!(first.ends_with("0 from the cache)"), "{grading}: {report}");
    }
    assert_eq!(entries(&dir), Vec::<PathBuf>::new());
}

#[test]
fn a_compiler_too_old_for_our_flags_grades_nobody_and_says_why() {
    let dir = class("old-compiler", &[]);
    std::fs::write(dir.join("a.cpp"), "int main() { return 0; }\n").unwrap();
    let compiler = fake_compiler(
        &dir,
        "for arg in \"$@\"; do\n\
           case \"$arg\" in\n\
             --version) echo 'g++ (GCC) 9.4.0'; echo 'Copyright'; exit 0;;\n\
             -fno-finite-loops) echo \"g++: error: unrecognized option '$arg'\" >&2; exit 1;;\n\
           esac\n\
         done\n",
    );
    let output = grade(&[
        "mine-ops",
        dir.to_str().unwrap(),
        "--cxx",
        compiler.to_str().unwrap(),
    ]);
    let stderr = text(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    assert_eq!(text(&output.stdout), "", "{stderr}");
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    for said in [
        "\"g++ (GCC) 9.4.0\"",
        "-fno-finite-loops",
        "GCC 10 or Clang 12",
    ] {
        assert!(stderr.contains(said), "{said}: {stderr}");
    }
    assert_eq!(entries(&dir), Vec::<PathBuf>::new());
}
