//! Gives `grade` the version of its cached outcomes: a digest of the sources under `src/`
//! that decide an outcome (see `src/grade/version.rs`). Cargo runs it again when any file
//! under `src/` changes. The bundles are single files built without it.

#[path = "src/grade/version.rs"]
#[allow(dead_code)]
mod version;

use std::path::Path;

fn main() {
    println!("cargo:rerun-if-changed=src");
    println!("cargo:rerun-if-changed=build.rs");
    let mut files = Vec::new();
    collect(Path::new("src"), "", &mut files);
    println!(
        "cargo:rustc-env=MINEJUDGE_OUTCOME_SOURCES={}",
        version::digest(&files)
    );
}

/// Every file under `dir` (its path under `src/` being `prefix`), but the folders that decide
/// no outcome.
fn collect(dir: &Path, prefix: &str, files: &mut Vec<(String, Vec<u8>)>) {
    let entries = std::fs::read_dir(dir).unwrap_or_else(|err| panic!("{}: {err}", dir.display()));
    for entry in entries {
        let entry = entry.unwrap_or_else(|err| panic!("{}: {err}", dir.display()));
        let name = entry.file_name().to_string_lossy().into_owned();
        let path = format!("{prefix}{name}");
        let kind = entry
            .file_type()
            .unwrap_or_else(|err| panic!("{path}: {err}"));
        if kind.is_dir() {
            if !version::NOT_DECIDING.contains(&path.as_str()) {
                collect(&entry.path(), &format!("{path}/"), files);
            }
        } else {
            let text = std::fs::read(entry.path()).unwrap_or_else(|err| panic!("{path}: {err}"));
            files.push((path, text));
        }
    }
}
