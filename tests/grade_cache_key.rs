//! What the cache's key holds beyond the options (those are checked one by one in the unit
//! tests of `grade`): the student's file, the form it is handed in as, the tests and the
//! compiler. Each changed alone after a grading finds no entry, and the student is graded
//! again.

use crate::grade::{cache_home, class, grade, grade_with, text, write_one_test};
use crate::util::have_compiler;
use std::path::Path;
use std::process::Output;

/// A whole program, in C and C++ alike, that answers nothing.
const SILENT: &str = "#include <stdio.h>\nint main(void) { return 0; }\n";

/// How many students `grade`'s first line says came from the cache.
fn cached(output: &Output) -> String {
    let report = text(&output.stdout);
    let first = report.lines().next().unwrap_or("").to_string();
    let count = first
        .rsplit_once(", ")
        .and_then(|(_, tail)| tail.strip_suffix(" from the cache)"))
        .unwrap_or_else(|| panic!("no count of cached students in {report:?}\n{output:?}"));
    count.to_string()
}

#[test]
#[ignore = "long tier: .ci/run runs it"]
fn the_file_its_form_and_the_tests_are_each_in_the_cache_key() {
    if !have_compiler("grade: the cache's key") {
        return;
    }
    let dir = class("cache-key", &[]);
    let tests = dir.with_extension("tests");
    let _ = std::fs::remove_dir_all(&tests);
    std::fs::create_dir_all(&tests).unwrap();
    write_one_test(&tests, "1");
    let run = || {
        grade(&[
            "mine-ops",
            dir.to_str().unwrap(),
            "--tests",
            tests.to_str().unwrap(),
        ])
    };
    let source = dir.join("quiet.c");
    std::fs::write(&source, SILENT).unwrap();
    assert_eq!(cached(&run()), "0");
    assert_eq!(cached(&run()), "1");
    // The same text handed in as C++ is another form.
    std::fs::rename(&source, dir.join("quiet.cpp")).unwrap();
    assert_eq!(cached(&run()), "0");
    assert_eq!(cached(&run()), "1");
    // Another text.
    std::fs::write(dir.join("quiet.cpp"), format!("{SILENT}\n")).unwrap();
    assert_eq!(cached(&run()), "0");
    // Other tests in the same folder.
    write_one_test(&tests, "2");
    assert_eq!(cached(&run()), "0");
    assert_eq!(cached(&run()), "1");
    // Another compiler (here the same one with other arguments, from `$CXX`, which no option
    // names).
    let identity = minejudge::exec::compile::Compiler::find(None)
        .unwrap()
        .identity();
    let program = identity.split(' ').next().unwrap().to_string();
    let with_compiler = |cxx: &str| {
        let args = [
            "mine-ops",
            dir.to_str().unwrap(),
            "--tests",
            tests.to_str().unwrap(),
        ];
        grade_with(&args, &[("CXX", cxx)])
    };
    // The compiler found without `$CXX`, named: the same compiler.
    assert_eq!(cached(&with_compiler(&program)), "1");
    assert_eq!(cached(&with_compiler(&format!("{program} -w"))), "0");
    let _ = std::fs::remove_dir_all(cache_home(Path::new(&dir)));
}
