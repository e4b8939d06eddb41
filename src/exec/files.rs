//! Reading a student's file: never through a link, never blocking on a FIFO, never more than
//! a bound (a link to `/dev/zero`, or a file that grows while read, never ends).

use std::fs::File;
use std::io::{self, Read};
use std::path::Path;

/// Opens the regular file at `path` for reading; a link, a folder, a FIFO or a device is
/// refused.
///
/// Where this processor's `O_NOFOLLOW` and `O_NONBLOCK` are known, the kernel refuses a link
/// and a FIFO cannot block the open. Everywhere, the file opened must be the one `lstat` saw
/// (the same device and inode), so a link swapped in between is refused too.
///
/// # Errors
/// When it cannot be opened, or is not a regular file.
pub fn open_regular(path: &Path) -> io::Result<File> {
    let refused = |what: &str| io::Error::new(io::ErrorKind::InvalidInput, what.to_string());
    let seen = std::fs::symlink_metadata(path)?;
    if seen.file_type().is_symlink() {
        return Err(refused("a link, not a file"));
    }
    if !seen.is_file() {
        return Err(refused("not a regular file"));
    }
    let file = open_no_follow(path)?;
    let opened = file.metadata()?;
    if !opened.is_file() || !same_file(&seen, &opened) {
        return Err(refused("not the regular file it was a moment before"));
    }
    Ok(file)
}

/// The first `limit` bytes of the regular file at `path` (see [`open_regular`]).
///
/// # Errors
/// As [`open_regular`], or when reading fails.
pub fn read_regular(path: &Path, limit: u64) -> io::Result<Vec<u8>> {
    let mut bytes = Vec::new();
    open_regular(path)?.take(limit).read_to_end(&mut bytes)?;
    Ok(bytes)
}

#[cfg(target_os = "linux")]
fn open_no_follow(path: &Path) -> io::Result<File> {
    use crate::sandbox::sys::{O_NOFOLLOW, O_NONBLOCK};
    use std::os::unix::fs::OpenOptionsExt;
    let flags = O_NOFOLLOW.unwrap_or(0) | O_NONBLOCK.unwrap_or(0);
    std::fs::OpenOptions::new()
        .read(true)
        .custom_flags(flags)
        .open(path)
}

#[cfg(not(target_os = "linux"))]
fn open_no_follow(path: &Path) -> io::Result<File> {
    File::open(path)
}

#[cfg(unix)]
fn same_file(a: &std::fs::Metadata, b: &std::fs::Metadata) -> bool {
    use std::os::unix::fs::MetadataExt;
    (a.dev(), a.ino()) == (b.dev(), b.ino())
}

#[cfg(not(unix))]
fn same_file(a: &std::fs::Metadata, b: &std::fs::Metadata) -> bool {
    a.len() == b.len() && a.modified().ok() == b.modified().ok()
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;

    /// A folder of the test's own, with `name` holding `bytes` and `link` pointing at it.
    fn folder(test: &str) -> crate::sandbox::temp::TempFolder {
        let dir = crate::sandbox::temp::TempFolder::new(test).expect("a temporary folder");
        std::fs::write(dir.path().join("name.c"), b"int main() {}\n").expect("written");
        std::os::unix::fs::symlink(dir.path().join("name.c"), dir.path().join("link.c"))
            .expect("a link");
        dir
    }

    #[test]
    fn a_regular_file_is_read_up_to_its_bound() {
        let dir = folder("read-bound");
        let path = dir.path().join("name.c");
        assert_eq!(read_regular(&path, 1 << 20).unwrap(), b"int main() {}\n");
        assert_eq!(read_regular(&path, 3).unwrap(), b"int");
    }

    #[test]
    fn links_folders_and_devices_are_refused() {
        let dir = folder("read-refused");
        for path in [dir.path().join("link.c"), dir.path().to_path_buf()] {
            let Err(err) = read_regular(&path, 1 << 20) else {
                panic!("{} was read", path.display());
            };
            assert_eq!(
                err.kind(),
                io::ErrorKind::InvalidInput,
                "{}: {err}",
                path.display()
            );
        }
        assert!(read_regular(Path::new("/dev/zero"), 16).is_err());
    }

    /// The kernel's own refusal, with this processor's flag: a link is not followed even when
    /// `lstat` is not asked.
    #[cfg(all(
        target_os = "linux",
        any(target_arch = "x86_64", target_arch = "aarch64")
    ))]
    #[test]
    fn the_kernel_refuses_to_open_a_link() {
        let dir = folder("read-nofollow");
        let Err(err) = open_no_follow(&dir.path().join("link.c")) else {
            panic!("a link was opened");
        };
        // ELOOP.
        assert_eq!(err.raw_os_error(), Some(40), "{err}");
    }
}
