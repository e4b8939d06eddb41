//! Folders of our own under the system's temporary folder (`TMPDIR`): a build's files, a
//! run's working folder, a jail's root.

use std::io;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

/// A new empty folder `minejudge-KIND-PID-N` under the temporary folder; writable by anyone
/// when a program that is not ours will write into it directly (no jail). A name left by an
/// earlier process with the same pid is passed over, never reused.
///
/// # Errors
/// When no folder can be made there.
pub fn fresh_folder(kind: &str, writable_by_all: bool) -> io::Result<PathBuf> {
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    let base = std::env::temp_dir();
    let made = loop {
        let path = base.join(format!(
            "minejudge-{kind}-{}-{}",
            std::process::id(),
            COUNTER.fetch_add(1, Ordering::Relaxed)
        ));
        match std::fs::create_dir(&path) {
            Ok(()) => break path,
            Err(err) if err.kind() == io::ErrorKind::AlreadyExists => continue,
            Err(err) => {
                let text = format!("cannot make a folder in {} (TMPDIR): {err}", base.display());
                return Err(io::Error::new(err.kind(), text));
            }
        }
    };
    #[cfg(unix)]
    if writable_by_all {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&made, std::fs::Permissions::from_mode(0o1777))?;
    }
    #[cfg(not(unix))]
    let _ = writable_by_all;
    Ok(made)
}

/// A [`fresh_folder`] removed, with all it holds, when dropped.
#[derive(Debug)]
pub struct TempFolder {
    path: PathBuf,
}

impl TempFolder {
    /// A new empty folder named for `kind`.
    ///
    /// # Errors
    /// When it cannot be made.
    pub fn new(kind: &str) -> Result<TempFolder, String> {
        let path = fresh_folder(kind, false).map_err(|err| err.to_string())?;
        Ok(TempFolder { path })
    }

    /// Its path.
    pub fn path(&self) -> &Path {
        &self.path
    }
}

impl Drop for TempFolder {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.path);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_folder_is_new_and_goes_with_its_owner() {
        let (first, second) = (TempFolder::new("t").unwrap(), TempFolder::new("t").unwrap());
        assert_ne!(first.path(), second.path());
        std::fs::write(first.path().join("file"), b"x").unwrap();
        let path = first.path().to_path_buf();
        drop(first);
        assert!(!path.exists(), "{} is left", path.display());
    }

    #[test]
    fn a_name_left_behind_is_passed_over() {
        let taken = TempFolder::new("left").unwrap();
        let name = taken
            .path()
            .file_name()
            .unwrap()
            .to_string_lossy()
            .into_owned();
        let (stem, number) = name.rsplit_once('-').unwrap();
        let next: u64 = number.parse::<u64>().unwrap() + 1;
        // Stale folders where the next names would be (another test may take one first).
        let stale: Vec<PathBuf> = (next..next + 20)
            .map(|n| taken.path().with_file_name(format!("{stem}-{n}")))
            .filter(|path| std::fs::create_dir(path).is_ok())
            .collect();
        let made = TempFolder::new("left").unwrap();
        let reused = stale.iter().any(|path| path == made.path());
        for path in &stale {
            std::fs::remove_dir(path).unwrap();
        }
        assert!(!reused, "{} was reused", made.path().display());
    }
}
