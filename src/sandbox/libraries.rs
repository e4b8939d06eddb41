//! What a compiled program needs in its root to start, and nothing more: the loader its ELF
//! file names and the shared libraries it needs, transitively, found as the loader finds them
//! without its cache (in the system's library folders, `ld.so --help`'s "system search path"),
//! each at its host path with the symbolic links on the way.
//!
//! A student chooses the loader's path and the libraries' names (a linker script, a section of
//! their own): only a shared object of our machine lying directly in a library folder, and not
//! one of our binaries, is ever taken; anything else is left out, and the program then fails
//! to start, as it would on a machine without that file.

use crate::sandbox::{elf, ours};
use std::collections::{HashMap, HashSet, VecDeque};
use std::ffi::OsStr;
use std::io;
use std::os::unix::ffi::OsStrExt;
use std::os::unix::fs::MetadataExt;
use std::path::{Component, Path, PathBuf};
use std::sync::{Arc, Mutex, OnceLock};

/// The folders the loader searches when it has no cache, in its order: Debian's multiarch
/// folders, then those of other distributions (a library of the wrong class is skipped, as the
/// loader skips it).
#[cfg(target_arch = "aarch64")]
pub const LIBRARY_FOLDERS: [&str; 6] = [
    "/lib/aarch64-linux-gnu",
    "/usr/lib/aarch64-linux-gnu",
    "/lib64",
    "/usr/lib64",
    "/lib",
    "/usr/lib",
];

/// The folders the loader searches when it has no cache, in its order: Debian's multiarch
/// folders, then those of other distributions (a library of the wrong class is skipped, as the
/// loader skips it).
#[cfg(not(target_arch = "aarch64"))]
pub const LIBRARY_FOLDERS: [&str; 6] = [
    "/lib/x86_64-linux-gnu",
    "/usr/lib/x86_64-linux-gnu",
    "/lib64",
    "/usr/lib64",
    "/lib",
    "/usr/lib",
];

/// The root's own first names, which no library's path may pass through.
const RESERVED: [&str; 6] = ["box", "dev", "etc", "proc", "tmp", "program"];

/// Symbolic links followed on one path, as the kernel allows.
const MOST_LINKS: usize = 40;

/// Libraries taken for one program at most.
const MOST_LIBRARIES: usize = 256;

/// One entry of the root, at its host path.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Entry {
    /// An empty folder.
    Folder(PathBuf),
    /// A symbolic link: `(path, target)`, the target as the host's link has it.
    Link(PathBuf, PathBuf),
    /// The host's file, bound read-only.
    File(PathBuf),
}

/// What a program's root holds of the host, parents before children.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Needs {
    /// The entries, in the order they are made.
    pub entries: Vec<Entry>,
    /// Whether the loader is among them (else the program is static, or its loader was refused).
    pub loader: bool,
    /// How many shared libraries are among them.
    pub libraries: usize,
}

/// The loader and libraries `program` (a host path) needs, resolved once per version of the
/// file (its device, inode, size and time) and remembered.
///
/// # Errors
/// When `program` cannot be read, or is a script (the root holds no interpreter).
pub fn needs(program: &Path) -> io::Result<Arc<Needs>> {
    type Key = (u64, u64, u64, i64, i64);
    static KNOWN: OnceLock<Mutex<HashMap<Key, Arc<Needs>>>> = OnceLock::new();
    let meta = std::fs::metadata(program)?;
    let key = (
        meta.dev(),
        meta.ino(),
        meta.size(),
        meta.mtime(),
        meta.mtime_nsec(),
    );
    let known = KNOWN.get_or_init(Mutex::default);
    if let Some(found) = known.lock().unwrap_or_else(|e| e.into_inner()).get(&key) {
        return Ok(found.clone());
    }
    let found = Arc::new(resolve(program)?);
    let mut known = known.lock().unwrap_or_else(|e| e.into_inner());
    if known.len() > 4096 {
        known.clear();
    }
    known.insert(key, found.clone());
    Ok(found)
}

fn resolve(program: &Path) -> io::Result<Needs> {
    let Some(elf) = elf::read(program)? else {
        let mut head = [0u8; 2];
        let read =
            std::fs::File::open(program).and_then(|mut f| io::Read::read(&mut f, &mut head))?;
        if head[..read] == *b"#!" {
            return Err(io::Error::new(
                io::ErrorKind::InvalidInput,
                format!(
                    "{}: a script, and the jail holds no interpreter: hand in a program built",
                    program.display()
                ),
            ));
        }
        // Not ELF: the kernel refuses it at exec, as it would anywhere.
        return Ok(Needs::default());
    };
    let mut tree = Tree::default();
    let loader = elf.interpreter.as_ref().and_then(|interpreter| {
        let path = Path::new(OsStr::from_bytes(interpreter));
        path.is_absolute().then(|| tree.take(path, &elf)).flatten()
    });
    let mut queue: VecDeque<Vec<u8>> = elf.needed.iter().cloned().collect();
    let mut named = HashSet::new();
    while let Some(name) = queue.pop_front() {
        if !named.insert(name.clone()) || tree.files.len() > MOST_LIBRARIES {
            continue;
        }
        if let Some(library) = find(&mut tree, &name, &elf) {
            queue.extend(library.needed);
        }
    }
    Ok(Needs {
        libraries: tree.files.len() - usize::from(loader.is_some()),
        loader: loader.is_some(),
        entries: tree.entries,
    })
}

/// The first library called `name` the loader would load for `program`; a name with a slash
/// is a path, opened as it is.
fn find(tree: &mut Tree, name: &[u8], program: &elf::Elf) -> Option<elf::Elf> {
    let name = Path::new(OsStr::from_bytes(name));
    if name.as_os_str().as_bytes().contains(&b'/') {
        return name
            .is_absolute()
            .then(|| tree.take(name, program))
            .flatten();
    }
    if name.components().count() != 1
        || !matches!(name.components().next(), Some(Component::Normal(_)))
    {
        return None;
    }
    LIBRARY_FOLDERS
        .iter()
        .find_map(|folder| tree.take(&Path::new(folder).join(name), program))
}

/// The library folders as they really are (links resolved), where they exist.
fn real_library_folders() -> &'static Vec<PathBuf> {
    static REAL: OnceLock<Vec<PathBuf>> = OnceLock::new();
    REAL.get_or_init(|| {
        LIBRARY_FOLDERS
            .iter()
            .filter_map(|f| std::fs::canonicalize(f).ok())
            .collect()
    })
}

#[derive(Default)]
struct Tree {
    entries: Vec<Entry>,
    made: HashSet<Entry>,
    /// The files taken, each once.
    files: HashSet<PathBuf>,
}

impl Tree {
    /// Takes the file at `path` (as the loader opens it) with every link on its way, if it is
    /// a shared object `program`'s loader can load, directly in a library folder, and not
    /// ours; gives its ELF facts.
    fn take(&mut self, path: &Path, program: &elf::Elf) -> Option<elf::Elf> {
        let (chain, file) = walk(path)?;
        let folder = file.parent()?;
        if !real_library_folders().iter().any(|f| f == folder) || ours::is_ours(&file) {
            return None;
        }
        let elf = elf::read(&file).ok()??;
        if elf.kind != elf::SHARED_OBJECT || !program.loads(&elf) {
            return None;
        }
        self.files.insert(file);
        for entry in chain {
            if self.made.insert(entry.clone()) {
                self.entries.push(entry);
            }
        }
        Some(elf)
    }
}

/// The entries that make `path` reachable as on the host (its folders, and each link with the
/// path it leads on to), and the regular file it ends at; `None` if it ends elsewhere, passes
/// through a name the root keeps for itself, or loops.
fn walk(path: &Path) -> Option<(Vec<Entry>, PathBuf)> {
    let mut pending: Vec<PathBuf> = Vec::new();
    push_parts(&mut pending, path);
    let (mut at, mut chain, mut links) = (PathBuf::from("/"), Vec::new(), 0);
    while let Some(part) = pending.pop() {
        if part.as_os_str() == ".." {
            at.pop();
            continue;
        }
        let next = at.join(&part);
        if at.as_os_str() == "/" && RESERVED.iter().any(|r| part.as_os_str() == *r) {
            return None;
        }
        let meta = std::fs::symlink_metadata(&next).ok()?;
        if meta.file_type().is_symlink() {
            links += 1;
            let target = std::fs::read_link(&next).ok()?;
            if links > MOST_LINKS {
                return None;
            }
            chain.push(Entry::Link(next, target.clone()));
            if target.is_absolute() {
                at = PathBuf::from("/");
            }
            push_parts(&mut pending, &target);
        } else if meta.is_dir() {
            chain.push(Entry::Folder(next.clone()));
            at = next;
        } else if meta.is_file() && pending.is_empty() {
            chain.push(Entry::File(next.clone()));
            return Some((chain, next));
        } else {
            return None;
        }
    }
    None
}

/// Pushes `path`'s names (and `..`) on `pending`, the first on top.
fn push_parts(pending: &mut Vec<PathBuf>, path: &Path) {
    let parts: Vec<PathBuf> = path
        .components()
        .filter_map(|c| match c {
            Component::Normal(name) => Some(PathBuf::from(name)),
            Component::ParentDir => Some(PathBuf::from("..")),
            _ => None,
        })
        .collect();
    pending.extend(parts.into_iter().rev());
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_dynamic_program_needs_its_loader_and_libc_only_from_library_folders() {
        let needs = needs(&std::env::current_exe().unwrap()).unwrap();
        assert!(needs.loader, "{needs:?}");
        assert!(needs.libraries >= 1, "{needs:?}");
        let real = real_library_folders();
        for entry in &needs.entries {
            if let Entry::File(file) = entry {
                assert!(
                    real.iter().any(|f| Some(f.as_path()) == file.parent()),
                    "{needs:?}"
                );
            }
        }
        let files = needs
            .entries
            .iter()
            .filter(|e| matches!(e, Entry::File(_)))
            .count();
        assert_eq!(files, needs.libraries + 1, "{needs:?}");
    }

    #[test]
    fn paths_outside_the_library_folders_are_never_taken() {
        let program = elf::read(&std::env::current_exe().unwrap())
            .unwrap()
            .unwrap();
        let mut tree = Tree::default();
        for path in [
            "/bin/sh",
            "/usr/bin/env",
            "/etc/passwd",
            "/lib/../bin/sh",
            "/proc/self/exe",
        ] {
            assert!(tree.take(Path::new(path), &program).is_none(), "{path}");
        }
        for name in [&b"../../bin/sh"[..], b"sh", b"..", b"/usr/bin/env"] {
            assert!(find(&mut tree, name, &program).is_none(), "{name:?}");
        }
        assert_eq!(tree.entries, Vec::new());
    }
}
