//! A package as a list of files, and writing it into a folder.

use std::path::Path;

/// One file of a package: its path inside the package (`/`-separated), its bytes, and whether
/// it is a program that must be executable (a build or run script, a checker).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct File {
    /// The path inside the package.
    pub path: String,
    /// The content.
    pub bytes: Vec<u8>,
    /// Whether it gets execute permission.
    pub executable: bool,
}

impl File {
    /// A plain file.
    pub fn new(path: impl Into<String>, bytes: impl Into<Vec<u8>>) -> File {
        File {
            path: path.into(),
            bytes: bytes.into(),
            executable: false,
        }
    }

    /// A program: a script run as it is.
    pub fn program(path: impl Into<String>, bytes: impl Into<Vec<u8>>) -> File {
        File {
            executable: true,
            ..File::new(path, bytes)
        }
    }
}

/// Writes `files` under `out`, which must not exist yet or be an empty folder: a package is
/// never mixed with what was there.
///
/// # Errors
/// `out` holds files already, or a file cannot be written.
pub fn write(files: &[File], out: &Path) -> Result<(), String> {
    let shown = out.display();
    if let Ok(mut entries) = std::fs::read_dir(out) {
        if entries.next().is_some() {
            return Err(format!("{shown} is not empty: name a new folder"));
        }
    }
    for file in files {
        let path = out.join(&file.path);
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent)
                .map_err(|err| format!("{}: {err}", parent.display()))?;
        }
        std::fs::write(&path, &file.bytes).map_err(|err| format!("{}: {err}", path.display()))?;
        if file.executable {
            make_executable(&path)?;
        }
    }
    Ok(())
}

#[cfg(unix)]
fn make_executable(path: &Path) -> Result<(), String> {
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o755))
        .map_err(|err| format!("{}: {err}", path.display()))
}

#[cfg(not(unix))]
fn make_executable(_: &Path) -> Result<(), String> {
    Ok(())
}
