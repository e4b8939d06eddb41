//! `grade --xlsx`: the workbook read back by two readers not ours, Python's zipfile and XML
//! parser and openpyxl, and compared cell by cell with the CSV of the same grading, for a class
//! graded in English and in Chinese, its names full of what XML and spreadsheets mind.
//!
//! openpyxl is installed from PyPI into a virtual environment under `target/tmp` the first time
//! (about 1 MB, with et-xmlfile). Without Python 3 or PyPI the test says so and passes; under
//! CI it fails ([`util::have_tool`]). Grading needs a C++ compiler, as `grade`'s tests do.

use crate::grade::{class, succeeded};
use crate::util::{self, have_compiler};
use std::path::Path;
use std::process::{Command, Output};

/// The version checked against.
const OPENPYXL: &str = "openpyxl==3.1.5";

/// The CSV's columns of words, in each language; every other column holds numbers.
const TEXT_COLUMNS: [[&str; 4]; 2] = [
    ["student", "why", "note", "file"],
    ["学生", "原因", "备注", "文件"],
];

/// `oracle.py READER WORKBOOK CSV TEXT_COLUMNS...` run by `python`.
fn oracle(python: &Path, reader: &str, workbook: &Path, csv: &Path, text: &[&str]) -> Output {
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/grade_xlsx/oracle.py");
    Command::new(python)
        .arg(script)
        .arg(reader)
        .arg(workbook)
        .arg(csv)
        .args(text)
        .output()
        .expect("the oracle starts")
}

#[test]
#[ignore = "long tier: .ci/run runs it"]
fn the_workbook_holds_the_csvs_cells_in_english_and_in_chinese() {
    let test = "grade --xlsx against zipfile and openpyxl";
    if !have_compiler(test)
        || !util::have_tool(test, util::python_with(Path::new("python3"), "zipfile"))
    {
        return;
    }
    let openpyxl = util::python_venv_with("openpyxl-venv", OPENPYXL, "openpyxl");
    if !util::have_tool(test, openpyxl.as_ref().map(|_| ()).map_err(Clone::clone)) {
        return;
    }
    let openpyxl = openpyxl.expect("have_tool said it is there");
    let dir = class(
        "xlsx",
        &[
            ("1班-张三.txt", "tests/submissions/jlu_rule_machine.txt"),
            ("2班-李四.txt", "tests/class/jlu-machine/rules_copy.txt"),
            (
                "=HYPERLINK(x).txt",
                "tests/submissions/jlu_rand_machine.txt",
            ),
            (
                "a&b <c> \"d\".txt",
                "tests/submissions/jlu_crash_machine.txt",
            ),
            (
                "esc\u{1b}[2J\rcr.txt",
                "tests/submissions/does_not_compile.txt",
            ),
            ("10班-王五.txt", "tests/submissions/jlu_static_machine.txt"),
        ],
    );
    for (lang, text_columns) in ["en", "zh"].into_iter().zip(TEXT_COLUMNS) {
        let csv = dir.with_extension(format!("{lang}.csv"));
        let workbook = dir.with_extension(format!("{lang}.xlsx"));
        let output = crate::grade::grade(&[
            "jlu-machine",
            dir.to_str().unwrap(),
            "--games",
            "5",
            "--lang",
            lang,
            "--csv",
            csv.to_str().unwrap(),
            "--xlsx",
            workbook.to_str().unwrap(),
        ]);
        succeeded(&output);
        let csv_text = std::fs::read_to_string(&csv).expect("the CSV");
        assert_eq!(csv_text.lines().count(), 7, "{csv_text}");
        for (python, reader) in [(Path::new("python3"), "stdlib"), (&*openpyxl, "openpyxl")] {
            let checked = oracle(python, reader, &workbook, &csv, &text_columns);
            assert!(
                checked.status.success(),
                "{lang}, {reader}: the workbook differs from the CSV:\n{}{}\nthe CSV:\n{csv_text}",
                String::from_utf8_lossy(&checked.stdout),
                String::from_utf8_lossy(&checked.stderr)
            );
            eprintln!(
                "{lang}: {}",
                String::from_utf8_lossy(&checked.stdout).trim()
            );
        }
    }
}
