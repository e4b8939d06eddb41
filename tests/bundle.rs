//! One-file bundles: every binary bundles, compiles alone with plain `rustc` (no Cargo), passes
//! its golden cases as a bundle, and fits in 64 KiB (Codeforces' limit) when a judge takes it.

use crate::{golden, util};
use minejudge::bundle::SIZE_LIMIT;
use std::collections::HashMap;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::{Arc, Mutex, OnceLock};

/// Binaries no online judge takes, so their bundles must compile alone but need not fit in
/// [`SIZE_LIMIT`]: the courses behind `jlu-machine` and `acm-client` take C++ functions and
/// headers, `autoplay` is a benchmark and `play` a local web server (each carries the whole
/// solver, about 45 KB of code even without comments), `gen` is a tool for test authors that
/// carries every game, `stress` a tool for students that carries every game and the solver, and
/// `grade` a tool for teachers that carries `stress`.
const NEVER_SUBMITTED: &[&str] = &[
    "acm-client",
    "autoplay",
    "gen",
    "grade",
    "jlu-machine",
    // A problem package's validator is run by the judge system, not handed in; `package`
    // makes packages.
    "package",
    "play",
    "stress",
    "validate",
];

/// Every binary of the crate: the `src/bin/*.rs` files.
fn binaries() -> Vec<String> {
    minejudge::bundle::binaries(&Path::new(env!("CARGO_MANIFEST_DIR")).join("src"))
        .expect("src/bin")
}

/// The text `bundle` prints for `args`.
pub fn bundle(args: &[&str]) -> String {
    let output = Command::new(env!("CARGO_BIN_EXE_bundle"))
        .args(args)
        .output()
        .expect("run bundle");
    assert!(
        output.status.success(),
        "bundle {args:?} failed: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout).expect("bundle prints UTF-8")
}

/// Compiles one source file with plain `rustc --edition 2021 -O`, as an online judge would;
/// what rustc printed (its warnings) when it compiles.
pub fn compile(source: &Path, exe: &Path) -> Result<String, String> {
    compile_with(source, exe, true)
}

/// [`compile`], optimised or not: a bundle no judge takes only has to compile alone, and
/// without `-O` the largest (the solver's, `stress`'s) take a fraction of the time.
fn compile_with(source: &Path, exe: &Path, optimised: bool) -> Result<String, String> {
    let opt: &[&str] = if optimised { &["-O"] } else { &[] };
    let mut rustc = Command::new("rustc");
    // An online judge's rustc has none of cargo's variables: a bundle that reads one with
    // `env!` compiles under `cargo test` and nowhere else.
    for (name, _) in std::env::vars_os() {
        if name.to_string_lossy().starts_with("CARGO") {
            rustc.env_remove(name);
        }
    }
    let output = rustc
        .args(["--edition", "2021"])
        .args(opt)
        .arg("-o")
        .arg(exe)
        .arg(source)
        .output()
        .map_err(|err| format!("cannot run rustc: {err}"))?;
    if output.status.success() {
        Ok(String::from_utf8_lossy(&output.stderr).into_owned())
    } else {
        Err(String::from_utf8_lossy(&output.stderr).into_owned())
    }
}

pub fn work_dir() -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("bundles");
    fs::create_dir_all(&dir).expect("bundle work dir");
    dir
}

/// One binary bundled and compiled: the executable, the bundle's size and rustc's warnings.
#[derive(Clone, Debug)]
pub struct Compiled {
    pub exe: PathBuf,
    pub size: usize,
    pub warnings: String,
}

/// Bundles `name` and compiles the bundle with plain `rustc`, once per test run: the bundle
/// test and `stress`'s test of our own bundles share it (rustc -O is the slow part).
pub fn compiled(name: &str) -> Result<Compiled, String> {
    type Slot = Arc<OnceLock<Result<Compiled, String>>>;
    static SLOTS: OnceLock<Mutex<HashMap<String, Slot>>> = OnceLock::new();
    let slot = SLOTS
        .get_or_init(Mutex::default)
        .lock()
        .expect("bundle slots")
        .entry(name.to_string())
        .or_default()
        .clone();
    slot.get_or_init(|| {
        let dir = work_dir();
        let text = bundle(&[name]);
        let source = dir.join(format!("{}.rs", name.replace('-', "_")));
        fs::write(&source, &text).expect("write bundle");
        let exe = dir.join(name);
        let warnings = compile_with(&source, &exe, !NEVER_SUBMITTED.contains(&name))
            .map_err(|err| format!("{name}: the bundle does not compile:\n{err}"))?;
        Ok(Compiled {
            exe,
            size: text.len(),
            warnings,
        })
    })
    .clone()
}

/// What bundling one binary gave: the bundle's size and how many golden cases it passed.
struct Bundled {
    name: String,
    size: usize,
    cases: usize,
}

/// Bundles, compiles and checks one binary.
fn check_one(name: &str) -> Result<Bundled, String> {
    let Compiled {
        exe,
        size,
        warnings,
    } = compiled(name)?;
    if size >= SIZE_LIMIT && !NEVER_SUBMITTED.contains(&name) {
        return Err(format!("{name}: bundle is {size} bytes, over 64 KiB"));
    }
    if !warnings.is_empty() {
        return Err(format!("{name}: rustc warns about the bundle:\n{warnings}"));
    }
    let cases_dir = util::testdata().join(name);
    if !cases_dir.is_dir() {
        return Ok(Bundled {
            name: name.to_string(),
            size,
            cases: 0,
        });
    }
    let (cases, failures) = golden::check_dir(&cases_dir, &exe, false);
    if failures.is_empty() {
        Ok(Bundled {
            name: name.to_string(),
            size,
            cases,
        })
    } else {
        Err(format!("{name} as a bundle:\n{}", failures.join("\n\n")))
    }
}

#[test]
#[ignore = "long tier: .ci/run runs it"]
fn every_binary_bundles_compiles_alone_and_passes_its_golden_cases() {
    let names = binaries();
    assert!(names.len() >= 2, "binaries: {names:?}");
    // Two at a time: rustc -O is the slow part and the machine has two cores.
    let results: Vec<Result<Bundled, String>> = names
        .chunks(2)
        .flat_map(|pair| {
            std::thread::scope(|scope| {
                let handles: Vec<_> = pair
                    .iter()
                    .map(|name| scope.spawn(|| check_one(name)))
                    .collect();
                handles
                    .into_iter()
                    .map(|h| h.join().expect("bundle thread"))
                    .collect::<Vec<_>>()
            })
        })
        .collect();
    let mut failures = Vec::new();
    for result in results {
        match result {
            Ok(Bundled { name, size, cases }) => println!(
                "bundle {name:<22} {size:>6} bytes ({:.1} KiB), {cases} golden cases passed",
                size as f64 / 1024.0
            ),
            Err(err) => failures.push(err),
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

#[test]
fn leetcode_form_compiles_under_leetcodes_struct_and_answers_the_examples() {
    let text = bundle(&["--leetcode", "update-board"]);
    assert!(!text.contains("fn main"), "the LeetCode form has no main");
    assert!(
        !text.contains("struct Solution;"),
        "LeetCode declares Solution itself"
    );
    assert!(text.len() < SIZE_LIMIT, "{} bytes", text.len());
    println!("bundle --leetcode update-board {} bytes", text.len());
    // What LeetCode puts around a submission, plus a main that prints the two examples.
    let harness = format!(
        "#![allow(dead_code)]\nstruct Solution;\n{text}\n\
         fn show(board: Vec<Vec<char>>) -> String {{\n\
             board.iter().map(|row| row.iter().collect::<String>()).collect::<Vec<_>>().join(\"/\")\n\
         }}\n\
         fn grid(rows: &[&str]) -> Vec<Vec<char>> {{ rows.iter().map(|r| r.chars().collect()).collect() }}\n\
         fn main() {{\n\
             let one = Solution::update_board(grid(&[\"EEEEE\", \"EEMEE\", \"EEEEE\", \"EEEEE\"]), vec![3, 0]);\n\
             let two = Solution::update_board(grid(&[\"B1E1B\", \"B1M1B\", \"B111B\", \"BBBBB\"]), vec![1, 2]);\n\
             println!(\"{{}}\\n{{}}\", show(one), show(two));\n\
         }}\n"
    );
    let dir = work_dir();
    let source = dir.join("leetcode_update_board.rs");
    fs::write(&source, harness).expect("write LeetCode harness");
    let exe = dir.join("leetcode-update-board");
    if let Err(err) = compile(&source, &exe) {
        panic!("the LeetCode form does not compile:\n{err}");
    }
    let run = util::run_exe(&exe, b"", "LeetCode examples");
    assert_eq!(
        String::from_utf8_lossy(&run.stdout),
        "B1E1B/B1M1B/B111B/BBBBB\nB1E1B/B1X1B/B111B/BBBBB\n",
        "{}",
        run.describe()
    );
}

#[test]
fn a_bundle_over_64_kib_loses_its_comments_and_still_compiles() {
    let dir = work_dir().join("oversized");
    let src = dir.join("src");
    fs::create_dir_all(src.join("bin")).expect("oversized src/bin");
    let commentary = "/// A long explanation of nothing, to make this module large.\n".repeat(1500);
    fs::write(
        src.join("wordy.rs"),
        format!("//! A module of mostly comments.\n{commentary}pub fn answer() -> u32 {{\n    // \"not a string\"\n    let text = \"// a string, not a comment\";\n    text.len() as u32 /* 26 */ + 16\n}}\n"),
    )
    .expect("write wordy.rs");
    fs::write(src.join("lib.rs"), "pub mod wordy;\n").expect("write lib.rs");
    fs::write(
        src.join("bin/answer.rs"),
        "//! Prints 42.\nfn main() {\n    println!(\"{}\", minejudge::wordy::answer());\n}\n",
    )
    .expect("write answer.rs");
    let text = bundle(&["--src", src.to_str().expect("UTF-8 path"), "answer"]);
    assert!(text.len() < SIZE_LIMIT, "{} bytes", text.len());
    assert!(
        text.contains("Comments removed to fit the 64 KiB limit"),
        "{text}"
    );
    assert!(text.contains("\"// a string, not a comment\""), "{text}");
    let source = dir.join("answer.rs");
    fs::write(&source, &text).expect("write bundle");
    let exe = dir.join("answer");
    if let Err(err) = compile(&source, &exe) {
        panic!("the stripped bundle does not compile:\n{err}\n{text}");
    }
    let run = util::run_exe(&exe, b"", "oversized bundle");
    assert_eq!(run.stdout, b"42\n", "{}", run.describe());
}
