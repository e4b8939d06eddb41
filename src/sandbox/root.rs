//! The empty root someone else's program starts in, as IOI's isolate gives its box: a small
//! tmpfs holding only
//! - for a program's run, what it needs to start and nothing more: the loader and the shared
//!   libraries its ELF file names ([`libraries`]), read-only at
//!   their host paths, with the symbolic links on the way; no folder of programs, no shell;
//! - for the compiler, `/usr`, `/bin`, `/sbin` and `/lib*` as on the host (read-only binds, or
//!   the same symbolic links where the host has them), without `/usr/local` unless it lives
//!   there, and every binary of ours covered ([`toolchain`]);
//! - an empty `/etc`;
//! - `/dev` with `null`, `zero`, `random` and `urandom` (binds of the host's), nothing else;
//! - its own `/proc` (of its PID namespace), for a program's run;
//! - `/box`: its writable working folder, `HOME` and `TMPDIR` (a fresh tmpfs, or the folder a
//!   compiler writes its build into), and `/tmp` a link to it;
//! - `/program`, a copy of the program, when it lives outside the folders above (a program
//!   run always does).
//!
//! The steps are planned here in the parent, every path ready as a C string, and carried out
//! between fork and exec by [`build`] (in the namespace's keeper, before init) and [`enter`]
//! (in init, which pivots into it and detaches the host's file system).

use crate::sandbox::libraries::{self, Entry};
use crate::sandbox::sys;
use crate::sandbox::toolchain::{self, SYSTEM_FOLDERS};
use std::ffi::CString;
use std::io;
use std::os::unix::ffi::OsStrExt;
use std::path::Path;

/// The devices a jail sees.
pub const DEVICES: [&str; 4] = ["null", "zero", "random", "urandom"];

/// Where the program is copied: a program run always, a compiler that lives outside the
/// folders it sees.
pub const PROGRAM: &str = "/program";

/// The working folder.
pub const BOX: &str = "/box";

/// The size of the root's own tmpfs (the program's copy is its only large file).
const ROOT_BYTES: u64 = 64 << 20;

/// One step of building the root.
pub(crate) enum Step {
    /// `mkdir`, mode 0755.
    Folder(CString),
    /// A symbolic link: `(target, link)`.
    Link(CString, CString),
    /// A read-only bind of a host folder: `(host, inside)`.
    ReadOnly(CString, CString),
    /// A bind of a host device over an empty file: `(host, inside)`.
    Device(CString, CString),
    /// The program copied in: `(host, inside)`.
    Copy(CString, CString),
    /// A fresh tmpfs with these options.
    Tmpfs(CString, CString),
    /// A writable bind of a host folder: `(host, inside)`.
    Writable(CString, CString),
    /// A read-only bind of a host file over an empty file: `(host, inside)`.
    ReadOnlyFile(CString, CString),
    /// An empty read-only tmpfs over a folder, with these options: `(inside, options)`.
    Hide(CString, CString),
    /// An empty file made at `source`, bound read-only over each of `targets`, then removed.
    Mask {
        source: CString,
        targets: Vec<CString>,
    },
}

/// How to build and enter one root.
pub(crate) struct RootPlan {
    /// The host's empty folder its tmpfs is mounted on.
    at: CString,
    tmpfs_options: CString,
    steps: Vec<Step>,
    /// Where its `/proc` goes, if it has one.
    proc_at: Option<CString>,
    slash: CString,
    dot: CString,
    proc_kind: CString,
    tmpfs_kind: CString,
    tmpfs_source: CString,
}

/// What the program's working folder is, and so what its root holds.
#[derive(Clone, Copy, Debug)]
pub enum Workspace<'a> {
    /// A program's run: a fresh tmpfs of [`FOLDER_BYTES`](crate::sandbox::FOLDER_BYTES), owned
    /// by the run's user, a `/proc`, and of the host only the loader and libraries it needs.
    Fresh,
    /// A compiler's build: this host folder, writable; no `/proc`; the system's folders.
    Folder(&'a Path),
}

fn c_string(bytes: &[u8]) -> io::Result<CString> {
    CString::new(bytes).map_err(|_| io::Error::new(io::ErrorKind::InvalidInput, "a NUL in a path"))
}

/// `at` joined with an absolute path inside the root (the host's path, where it is bound).
fn inside(at: &Path, path: impl AsRef<Path>) -> io::Result<CString> {
    let mut bytes = at.as_os_str().as_bytes().to_vec();
    bytes.extend_from_slice(path.as_ref().as_os_str().as_bytes());
    c_string(&bytes)
}

/// Whether `program` (an absolute, canonical path) is reachable inside the root of
/// `workspace` as it is (a program run's root holds no program).
pub fn reachable(program: &Path, workspace: Workspace) -> bool {
    if let Workspace::Fresh = workspace {
        return false;
    }
    let mut parts = program.components().skip(1);
    let first = parts
        .next()
        .map(|c| c.as_os_str().to_string_lossy().into_owned());
    let system = first.is_some_and(|first| SYSTEM_FOLDERS.contains(&first.as_str()));
    let view = toolchain::toolchain(program);
    let hidden = view.hidden.iter().any(|h| program.starts_with(h));
    (system && !hidden) || view.kept.iter().any(|k| program.starts_with(k))
}

/// The steps that give a program run's root the loader and libraries `program` needs.
fn program_steps(at: &Path, program: &Path, steps: &mut Vec<Step>) -> io::Result<()> {
    let needs = libraries::needs(program)?;
    let host = |path: &Path| c_string(path.as_os_str().as_bytes());
    for entry in &needs.entries {
        steps.push(match entry {
            Entry::Folder(path) => Step::Folder(inside(at, path)?),
            Entry::Link(path, target) => Step::Link(host(target)?, inside(at, path)?),
            Entry::File(path) => Step::ReadOnlyFile(host(path)?, inside(at, path)?),
        });
    }
    Ok(())
}

/// The steps that give the compiler's root the system's folders.
fn system_steps(at: &Path, kept: &[std::path::PathBuf], steps: &mut Vec<Step>) -> io::Result<()> {
    let folders = SYSTEM_FOLDERS.iter().map(|name| Path::new("/").join(name));
    for host in folders.chain(kept.iter().cloned()) {
        let Ok(meta) = std::fs::symlink_metadata(&host) else {
            continue;
        };
        let there = inside(at, &host)?;
        if meta.file_type().is_symlink() {
            let target = std::fs::read_link(&host)?;
            steps.push(Step::Link(c_string(target.as_os_str().as_bytes())?, there));
        } else if meta.is_dir() {
            steps.push(Step::Folder(there.clone()));
            steps.push(Step::ReadOnly(
                c_string(host.as_os_str().as_bytes())?,
                there,
            ));
        }
    }
    Ok(())
}

impl RootPlan {
    /// The plan of a root mounted on the empty host folder `at`, for `program` (its host path)
    /// copied in when `copy`, the working folder of `workspace`, and `tmpfs_options` for a
    /// fresh one.
    pub(crate) fn new(
        at: &Path,
        program: &Path,
        copy: bool,
        workspace: Workspace,
        tmpfs_options: &str,
    ) -> io::Result<RootPlan> {
        let mut steps = Vec::new();
        let view = match workspace {
            Workspace::Fresh => {
                program_steps(at, program, &mut steps)?;
                None
            }
            Workspace::Folder(_) => {
                let view = toolchain::toolchain(program);
                system_steps(at, &view.kept, &mut steps)?;
                Some(view)
            }
        };
        for folder in ["/etc", "/dev", "/proc", BOX] {
            steps.push(Step::Folder(inside(at, folder)?));
        }
        steps.push(Step::Link(c_string(b"box")?, inside(at, "/tmp")?));
        for device in DEVICES {
            let host = format!("/dev/{device}");
            steps.push(Step::Device(c_string(host.as_bytes())?, inside(at, &host)?));
        }
        if copy {
            steps.push(Step::Copy(
                c_string(program.as_os_str().as_bytes())?,
                inside(at, PROGRAM)?,
            ));
        }
        if let Some(view) = view {
            for folder in &view.hidden {
                let options = c_string(b"size=4096,nr_inodes=2,mode=0755")?;
                steps.push(Step::Hide(inside(at, folder)?, options));
            }
            if !view.masked.is_empty() {
                let targets = view.masked.iter().map(|f| inside(at, f));
                steps.push(Step::Mask {
                    source: inside(at, "/.mask")?,
                    targets: targets.collect::<io::Result<_>>()?,
                });
            }
        }
        let proc_at = match workspace {
            Workspace::Fresh => {
                steps.push(Step::Tmpfs(
                    inside(at, BOX)?,
                    c_string(tmpfs_options.as_bytes())?,
                ));
                Some(inside(at, "/proc")?)
            }
            Workspace::Folder(folder) => {
                steps.push(Step::Writable(
                    c_string(folder.as_os_str().as_bytes())?,
                    inside(at, BOX)?,
                ));
                None
            }
        };
        Ok(RootPlan {
            at: c_string(at.as_os_str().as_bytes())?,
            tmpfs_options: c_string(
                format!("size={ROOT_BYTES},nr_inodes=256,mode=0755").as_bytes(),
            )?,
            steps,
            proc_at,
            slash: c_string(b"/")?,
            dot: c_string(b".")?,
            proc_kind: c_string(b"proc")?,
            tmpfs_kind: c_string(b"tmpfs")?,
            tmpfs_source: c_string(b"minejudge")?,
        })
    }
}

/// Builds the root on its host folder (in the keeper, in the new mount namespace, whose
/// mounts were made private): only system calls.
pub(crate) fn build(plan: &RootPlan) -> io::Result<()> {
    use sys::{MOUNT_ATTR_NODEV, MOUNT_ATTR_NOEXEC, MOUNT_ATTR_NOSUID, MOUNT_ATTR_RDONLY};
    let tmpfs = |at: &CString, options: &CString| {
        sys::mount_at(
            Some(&plan.tmpfs_source),
            at,
            Some(&plan.tmpfs_kind),
            sys::MS_NOSUID | sys::MS_NODEV,
            Some(options),
        )
    };
    tmpfs(&plan.at, &plan.tmpfs_options)?;
    for step in &plan.steps {
        match step {
            Step::Folder(path) => sys::make_dir(path, 0o755)?,
            Step::Link(target, link) => sys::make_symlink(target, link)?,
            Step::ReadOnly(host, there) => {
                sys::mount_at(Some(host), there, None, sys::MS_BIND | sys::MS_REC, None)?;
                let set = MOUNT_ATTR_RDONLY | MOUNT_ATTR_NOSUID | MOUNT_ATTR_NODEV;
                sys::set_mount_attributes(there, set, 0, true)?;
            }
            Step::Device(host, there) => {
                sys::make_file(there, 0o666)?;
                sys::mount_at(Some(host), there, None, sys::MS_BIND, None)?;
                sys::set_mount_attributes(there, MOUNT_ATTR_NOSUID | MOUNT_ATTR_NOEXEC, 0, false)?;
            }
            Step::Copy(host, there) => sys::copy_file(host, there, 0o555)?,
            Step::Tmpfs(there, options) => tmpfs(there, options)?,
            Step::Writable(host, there) => {
                sys::mount_at(Some(host), there, None, sys::MS_BIND, None)?;
                sys::set_mount_attributes(there, MOUNT_ATTR_NOSUID | MOUNT_ATTR_NODEV, 0, false)?;
            }
            Step::ReadOnlyFile(host, there) => {
                sys::make_file(there, 0o444)?;
                sys::mount_at(Some(host), there, None, sys::MS_BIND, None)?;
                let set = MOUNT_ATTR_RDONLY | MOUNT_ATTR_NOSUID | MOUNT_ATTR_NODEV;
                sys::set_mount_attributes(there, set, 0, false)?;
            }
            Step::Hide(there, options) => {
                tmpfs(there, options)?;
                sys::set_mount_attributes(there, MOUNT_ATTR_RDONLY, 0, false)?;
            }
            Step::Mask { source, targets } => {
                sys::make_file(source, 0o444)?;
                for there in targets {
                    // A copy removed since the plan was made has nothing left to mask; the
                    // run must not fail for it.
                    match sys::mount_at(Some(source), there, None, sys::MS_BIND, None) {
                        Err(err) if err.kind() == io::ErrorKind::NotFound => continue,
                        done => done?,
                    }
                    let set = MOUNT_ATTR_RDONLY | MOUNT_ATTR_NOEXEC | MOUNT_ATTR_NOSUID;
                    sys::set_mount_attributes(there, set | MOUNT_ATTR_NODEV, 0, false)?;
                }
                sys::remove_file(source)?;
            }
        }
    }
    sys::set_mount_attributes(&plan.at, MOUNT_ATTR_RDONLY, 0, false)
}

/// Enters the root (in init, the first process of the new PID namespace): its `/proc`, then
/// `pivot_root` into it, the host's file system detached.
pub(crate) fn enter(plan: &RootPlan) -> io::Result<()> {
    if let Some(proc_at) = &plan.proc_at {
        sys::mount_at(
            Some(&plan.proc_kind),
            proc_at,
            Some(&plan.proc_kind),
            sys::MS_NOSUID | sys::MS_NODEV | sys::MS_NOEXEC,
            None,
        )?;
    }
    sys::change_dir(&plan.at)?;
    sys::pivot_to_current_dir(&plan.dot, &plan.slash)
}
