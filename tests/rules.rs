//! The JLU course's rules read as the compiler reads the file: the class of files that spell
//! each broken rule so that a plain reading misses it (tests/class/jlu-spelled/), and every
//! honest machine we ship, which must break none, by the text and by its object file.

use crate::util::have_compiler;
use minejudge::exec::compile::Compiler;
use minejudge::grade::rules::{check, check_with_object, witness, Finding};
use minejudge::grade::Task;
use std::path::{Path, PathBuf};

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// The files of part (2) we ship that break no rule of the course (the others keep a count in
/// a `static`, include a header or print, on purpose).
const HONEST_MACHINES: [&str; 9] = [
    "tests/submissions/jlu_rand_machine.txt",
    "tests/submissions/jlu_rule_machine.txt",
    "tests/class/jlu-machine/crash_on_fours.txt",
    "tests/class/jlu-machine/empty_loop.txt",
    "tests/class/jlu-machine/rules_copy.txt",
    "tests/class/jlu-machine/rules_independent.txt",
    "tests/class/jlu-rules/clean.txt",
    "tests/class/jlu-rules/writes_panel_in_helper.txt",
    "tests/class/jlu-spelled/honest.txt",
];

fn read(file: &str) -> Vec<u8> {
    std::fs::read(root().join(file)).unwrap_or_else(|err| panic!("{file}: {err}"))
}

fn shown(findings: &[Finding]) -> String {
    findings.iter().map(|f| format!("\n  {f}")).collect()
}

#[test]
fn honest_machines_break_no_rule_by_their_text() {
    for file in HONEST_MACHINES {
        let findings = check(Task::JluMachine, &read(file));
        assert!(findings.is_empty(), "{file}:{}", shown(&findings));
    }
    for file in [
        "tests/submissions/jlu_refresh_panel.txt",
        "tests/submissions/jlu_refresh_panel_bug.txt",
    ] {
        let findings = check(Task::JluPanel, &read(file));
        assert!(findings.is_empty(), "{file}:{}", shown(&findings));
    }
}

/// The findings of `file` as (line, the start of what is wrong).
fn lines_of(findings: &[Finding]) -> Vec<(usize, String)> {
    findings
        .iter()
        .map(|f| (f.line, f.what.split(" (").next().unwrap_or("").to_string()))
        .collect()
}

/// What attack.txt breaks, each rule spelled so that a plain reading misses it, line by line.
pub const ATTACK_FINDINGS: [(usize, &str); 12] = [
    (2, "#include <vector>"),
    (3, "#include <cstdio>"),
    (6, "output with __builtin_printf"),
    (7, "a global variable calls"),
    (8, "a global variable board"),
    (9, "a static data member x"),
    (10, "a global variable S::x"),
    (11, "output with __builtin_printf"),
    (11, "a global variable say"),
    (12, "#include <cstdlib>"),
    (15, "s::vector"),
    (24, "a thread_local variable seen inside a function"),
];

#[test]
fn every_spelling_of_a_broken_rule_is_found_on_its_line() {
    let found = lines_of(&check(
        Task::JluMachine,
        &read("tests/class/jlu-spelled/attack.txt"),
    ));
    let expected: Vec<(usize, String)> = ATTACK_FINDINGS
        .iter()
        .map(|(l, w)| (*l, w.to_string()))
        .collect();
    assert_eq!(found, expected);
    // Its plain twin breaks the same rules, as plainly as the old reading saw them.
    let plain = check(Task::JluMachine, &read("tests/class/jlu-spelled/plain.txt"));
    assert_eq!(plain.len(), found.len(), "{}", shown(&plain));
}

/// A compiler for the object-file tests, if there is one (not jailed: our own files).
fn compiler(test: &str) -> Option<Compiler> {
    have_compiler(test).then(|| Compiler::find(None).expect("a compiler"))
}

fn object(compiler: &Compiler, file: &Path) -> Vec<u8> {
    witness::object_of(compiler, file)
        .unwrap_or_else(|| panic!("{} does not compile alone", file.display()))
}

/// The findings' lines of `file` read with its object file as the second witness.
fn lines_with_object(compiler: &Compiler, file: &Path) -> Vec<(usize, String)> {
    let object = object(compiler, file);
    let text = std::fs::read(file).unwrap();
    lines_of(&check_with_object(Task::JluMachine, &text, Some(&object)))
}

#[test]
#[ignore = "long tier: .ci/run runs it"]
fn the_object_file_shows_globals_the_text_cannot() {
    let Some(compiler) = compiler("rules: the object file's witness") else {
        return;
    };
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("rules-witness");
    std::fs::create_dir_all(&dir).unwrap();
    let file: PathBuf = dir.join("made_by_macros.txt");
    // The text sees no declaration: the macros make them. `hidden` is named on line 3, as the
    // macro's argument; `cell_seen` nowhere.
    let source = "#define DECLARE(name) int name = 0;\n#define PASTE(a) int a##_seen;\n\
                  DECLARE(hidden)\nPASTE(cell)\n\
                  void machine(int GamePanel[30][30], int n, int m, int &x, int &y)\n\
                  {\n    hidden++;\n    x = y = 0;\n}\n";
    std::fs::write(&file, source).unwrap();
    assert_eq!(
        lines_of(&check(Task::JluMachine, source.as_bytes())),
        [],
        "the text alone misses them"
    );
    assert_eq!(
        lines_with_object(&compiler, &file),
        [
            (0, "a global variable cell_seen".to_string()),
            (3, "a global variable hidden".to_string()),
        ]
    );
    // A name the text judged is not found again elsewhere: `k` first appears as a parameter.
    let source = "int twice(int k) { return 2 * k; }\n\
                  void machine(int GamePanel[30][30], int n, int m, int &x, int &y)\n\
                  {\n    static int k = 0;\n    x = y = twice(k++) % 2;\n}\n";
    std::fs::write(&file, source).unwrap();
    assert_eq!(
        lines_with_object(&compiler, &file),
        [(4, "a static variable k inside a function".to_string())]
    );
    // attack.txt's globals: the object file agrees with the text, line for line.
    let attack = root().join("tests/class/jlu-spelled/attack.txt");
    let found = lines_with_object(&compiler, &attack);
    let expected: Vec<(usize, String)> = ATTACK_FINDINGS
        .iter()
        .map(|(l, w)| (*l, w.to_string()))
        .collect();
    assert_eq!(found, expected);
}

#[test]
#[ignore = "long tier: .ci/run runs it"]
fn honest_machines_break_no_rule_by_their_object_files() {
    let Some(compiler) = compiler("rules: the honest machines' object files") else {
        return;
    };
    for file in HONEST_MACHINES {
        let path = root().join(file);
        let object = object(&compiler, &path);
        let symbols = witness::data_symbols(&object);
        let findings = check_with_object(Task::JluMachine, &read(file), Some(&object));
        assert!(
            findings.is_empty(),
            "{file}:{}\n{symbols:?}",
            shown(&findings)
        );
    }
}
