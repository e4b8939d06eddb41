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
