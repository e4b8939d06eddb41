//! What the compiler's root leaves out of the system's folders it binds: `/usr/local` (and
//! `/opt`, never bound) unless the compiler itself lives there, and every binary of ours in
//! the folders of programs it still sees (by name or by bytes, wherever it was installed), each
//! covered by an empty file. The compiler reads a student's file, and `#include` or `.incbin`
//! embed any file it can read into the student's program.

use crate::sandbox::ours;
use std::collections::{BTreeSet, HashMap};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, OnceLock};

/// The host's folders of programs and libraries that the compiler's jail sees, read-only.
pub const SYSTEM_FOLDERS: [&str; 7] = ["usr", "bin", "sbin", "lib", "lib32", "lib64", "libx32"];

/// The folders a compiler needs only when it lives there.
const OPTIONAL_FOLDERS: [&str; 2] = ["/usr/local", "/opt"];

/// The folders where programs are installed, beside those of the `PATH`.
const PROGRAM_FOLDERS: [&str; 11] = [
    "/usr/local/sbin",
    "/usr/local/bin",
    "/usr/local/cargo/bin",
    "/usr/local/games",
    "/usr/sbin",
    "/usr/bin",
    "/usr/games",
    "/usr/libexec",
    "/sbin",
    "/bin",
    "/opt/bin",
];

/// The compiler's view of the system's folders.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Toolchain {
    /// Optional folders bound read-only, because the compiler lives there.
    pub kept: Vec<PathBuf>,
    /// Folders inside the bound ones covered by an empty folder.
    pub hidden: Vec<PathBuf>,
    /// Files of ours (at their real paths) covered by an empty file.
    pub masked: Vec<PathBuf>,
}

/// The view for `compiler` (its real path), found once per set of folders it needs.
pub fn toolchain(compiler: &Path) -> Arc<Toolchain> {
    static KNOWN: OnceLock<Mutex<HashMap<Vec<bool>, Arc<Toolchain>>>> = OnceLock::new();
    let lives_in: Vec<bool> = OPTIONAL_FOLDERS
        .iter()
        .map(|f| compiler.starts_with(f))
        .collect();
    let known = KNOWN.get_or_init(Mutex::default);
    let mut known = known.lock().unwrap_or_else(|e| e.into_inner());
    known
        .entry(lives_in.clone())
        .or_insert_with(|| Arc::new(find(&lives_in)))
        .clone()
}

fn find(lives_in: &[bool]) -> Toolchain {
    let mut view = Toolchain::default();
    for (folder, lives) in OPTIONAL_FOLDERS.iter().zip(lives_in) {
        let path = PathBuf::from(folder);
        if !path.is_dir() {
            continue;
        }
        let bound = SYSTEM_FOLDERS
            .iter()
            .any(|s| path.starts_with(Path::new("/").join(s)));
        match (lives, bound) {
            (true, false) => view.kept.push(path),
            (false, true) => view.hidden.push(path),
            _ => {}
        }
    }
    let mut roots: Vec<PathBuf> = SYSTEM_FOLDERS
        .iter()
        .filter_map(|s| std::fs::canonicalize(Path::new("/").join(s)).ok())
        .collect();
    roots.extend(view.kept.iter().cloned());
    let hidden: Vec<PathBuf> = view
        .hidden
        .iter()
        .filter_map(|h| std::fs::canonicalize(h).ok())
        .collect();
    let visible = |path: &Path| {
        roots.iter().any(|r| path.starts_with(r)) && !hidden.iter().any(|h| path.starts_with(h))
    };
    let mut folders: BTreeSet<PathBuf> = PROGRAM_FOLDERS.iter().map(PathBuf::from).collect();
    if let Some(path) = std::env::var_os("PATH") {
        folders.extend(std::env::split_paths(&path).filter(|p| p.is_absolute()));
    }
    folders.extend(ours::folder());
    let mut masked = BTreeSet::new();
    for folder in folders {
        let Ok(folder) = std::fs::canonicalize(&folder) else {
            continue;
        };
        if !visible(&folder) {
            continue;
        }
        let Ok(entries) = std::fs::read_dir(&folder) else {
            continue;
        };
        for entry in entries.flatten() {
            let path = entry.path();
            let Ok(real) = std::fs::canonicalize(&path) else {
                continue;
            };
            if real.is_file() && visible(&real) && (ours::is_ours(&path) || ours::is_ours(&real)) {
                masked.insert(real);
            }
        }
    }
    view.masked = masked.into_iter().collect();
    view
}
