//! Our own binaries, which no jail may reach: `mine-ops` answers every test of its task, so a
//! student's program that could run it (or embed it at compile time) would score full marks
//! solving nothing. A file is ours when it has one of our binaries' names, or the very bytes of
//! one of them (those beside the running binary, wherever they were installed).

use std::io::Read;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

/// The names of our binaries (`src/bin/`).
pub const NAMES: [&str; 15] = [
    "acm-client",
    "acm-server",
    "autoplay",
    "bundle",
    "gen",
    "grade",
    "inexperienced-player",
    "jlu-machine",
    "jlu-panel",
    "mine-ops",
    "package",
    "play",
    "stress",
    "update-board",
    "validate",
];

/// The folder our binaries run from (the running binary's, links resolved).
pub fn folder() -> Option<PathBuf> {
    static FOLDER: OnceLock<Option<PathBuf>> = OnceLock::new();
    FOLDER
        .get_or_init(|| {
            let exe = std::fs::canonicalize(std::env::current_exe().ok()?).ok()?;
            exe.parent().map(Path::to_path_buf)
        })
        .clone()
}

/// Our binaries as this machine has them, beside the running binary: each path and its size.
fn installed() -> &'static [(PathBuf, u64)] {
    static FOUND: OnceLock<Vec<(PathBuf, u64)>> = OnceLock::new();
    FOUND.get_or_init(|| {
        let Some(folder) = folder() else {
            return Vec::new();
        };
        NAMES
            .iter()
            .map(|name| folder.join(name))
            .filter_map(|path| Some((std::fs::metadata(&path).ok()?.len(), path)))
            .filter(|(size, _)| *size > 0)
            .map(|(size, path)| (path, size))
            .collect()
    })
}

/// Whether the file at `path` is one of our binaries: by its name, or by its bytes.
pub fn is_ours(path: &Path) -> bool {
    let named = path
        .file_name()
        .and_then(|n| n.to_str())
        .is_some_and(|n| NAMES.contains(&n));
    named || same_bytes_as_ours(path)
}

fn same_bytes_as_ours(path: &Path) -> bool {
    let Ok(meta) = std::fs::metadata(path) else {
        return false;
    };
    installed()
        .iter()
        .filter(|(_, size)| *size == meta.len())
        .any(|(ours, _)| same_bytes(ours, path))
}

fn same_bytes(a: &Path, b: &Path) -> bool {
    let (Ok(mut a), Ok(mut b)) = (std::fs::File::open(a), std::fs::File::open(b)) else {
        return false;
    };
    let (mut x, mut y) = (vec![0u8; 1 << 16], vec![0u8; 1 << 16]);
    loop {
        let (Ok(n), Ok(m)) = (read_full(&mut a, &mut x), read_full(&mut b, &mut y)) else {
            return false;
        };
        if x[..n] != y[..m] {
            return false;
        }
        if n == 0 {
            return true;
        }
    }
}

fn read_full(file: &mut std::fs::File, buffer: &mut [u8]) -> std::io::Result<usize> {
    let mut got = 0;
    while got < buffer.len() {
        match file.read(&mut buffer[got..])? {
            0 => break,
            n => got += n,
        }
    }
    Ok(got)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_names_are_those_of_src_bin() {
        let mut found: Vec<String> =
            std::fs::read_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/src/bin"))
                .unwrap()
                .map(|e| {
                    e.unwrap()
                        .file_name()
                        .to_string_lossy()
                        .trim_end_matches(".rs")
                        .to_string()
                })
                .collect();
        found.sort();
        assert_eq!(found, NAMES.to_vec());
    }
}
