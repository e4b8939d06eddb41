//! The version of `grade`'s cached outcomes: a digest of the sources that decide an outcome,
//! made by the build script (`build.rs`, which includes this file), so that a change to a
//! judge, a course's driver or harness, the jail or the runner finds no entry made before it.
//! Every file under `src/` counts but the browser game's (`src/play/`: its page and its
//! server), which no outcome depends on; a change of a comment elsewhere costs one regrading.

/// The folders under `src/` whose files decide no outcome.
pub const NOT_DECIDING: [&str; 1] = ["play"];

/// The digest of `files` (each its path under `src/`, with `/` between folders, and its
/// text), in hex: 64-bit FNV-1a over each path and text, each preceded by its length, in the
/// order of the paths.
pub fn digest(files: &[(String, Vec<u8>)]) -> String {
    let mut sorted: Vec<&(String, Vec<u8>)> = files.iter().collect();
    sorted.sort_by(|a, b| a.0.cmp(&b.0));
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    let mut eat = |bytes: &[u8]| {
        for &byte in (bytes.len() as u64).to_le_bytes().iter().chain(bytes) {
            hash ^= u64::from(byte);
            hash = hash.wrapping_mul(0x0100_0000_01b3);
        }
    };
    for (path, text) in sorted {
        eat(path.as_bytes());
        eat(text);
    }
    format!("{hash:016x}")
}

/// The version the build script gave, or `unknown` when the library was built without it.
pub fn outcome_version() -> &'static str {
    option_env!("MINEJUDGE_OUTCOME_SOURCES").unwrap_or("unknown")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn any_change_of_a_file_changes_the_digest() {
        let files = |driver: &[u8], name: &str| {
            vec![
                ("judges/mod.rs".to_string(), b"pub mod a;".to_vec()),
                (name.to_string(), driver.to_vec()),
            ]
        };
        let base = digest(&files(b"int main() {}", "stress/driver.cpp"));
        assert_eq!(base.len(), 16);
        assert_eq!(base, digest(&files(b"int main() {}", "stress/driver.cpp")));
        assert_ne!(base, digest(&files(b"int main() { }", "stress/driver.cpp")));
        assert_ne!(base, digest(&files(b"int main() {}", "courses/driver.cpp")));
        // A byte moved from one file's text to its name is another tree.
        let moved = vec![
            ("judges/mod.rsp".to_string(), b"ub mod a;".to_vec()),
            ("stress/driver.cpp".to_string(), b"int main() {}".to_vec()),
        ];
        assert_ne!(base, digest(&moved));
        // The order files are found in does not matter.
        let mut reversed = files(b"int main() {}", "stress/driver.cpp");
        reversed.reverse();
        assert_eq!(base, digest(&reversed));
    }
}
