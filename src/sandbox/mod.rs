//! Containment of a program that is not ours (`stress`, `grade`, `play --functions`): every
//! process it starts ends with its run, whatever group or session it moves to; its CPU time,
//! address space, file sizes and processes are capped; someone else's code also sees a
//! read-only file system but for a fresh empty folder, no network, and runs without
//! privileges.
//!
//! Two isolations, the strongest the system allows, found once by starting `/bin/sh` in each
//! ([`isolation`]):
//! - **namespaces** (Linux, as root or where unprivileged user namespaces are allowed): the
//!   program is the child of pid 1 of a PID namespace of its own ([`jail`]); when it ends, or
//!   its group is killed, the kernel ends every process in the namespace. Someone else's code
//!   also gets mount, network, IPC and UTS namespaces: every mount read-only, a tmpfs as its
//!   working folder, its own `/proc`, and a user id of its own (as root; so that the process
//!   cap applies) or no capabilities (in a user namespace).
//! - **process group** (elsewhere): the program leads a process group of its own, killed as a
//!   whole; this process is a child subreaper, so that what left the group comes back to us
//!   when its parent dies, and a [`sweep`] after each run kills it.
//!
//! Either way the limits are the kernel's (`setrlimit`): CPU time, address space, file size,
//! open files, core dumps off, and processes for someone else's code.

mod jail;
mod sweep;
pub(crate) mod sys;

use jail::JailPlan;
use std::ffi::CString;
use std::io;
use std::os::unix::ffi::OsStrExt;
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicU32, AtomicU64, Ordering};
use std::sync::OnceLock;

pub use sweep::sweep;
use sweep::MARKER;

/// Whose program runs, and so how closely it is kept.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Policy {
    /// The user's own solution (`stress -- ./a.out`): a PID namespace, so that nothing it
    /// starts outlives it, and the kernel's limits; it sees the user's files and network, and
    /// runs in the folder it was started in.
    OwnCode,
    /// Someone else's code (a student's, under `grade`): also a read-only file system but for
    /// a fresh empty folder it starts in, no network, no privileges, and at most `processes`
    /// processes and threads (1: it cannot fork).
    Untrusted {
        /// Processes and threads at once.
        processes: u32,
    },
}

/// The kernel's limits of one run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Resources {
    /// Address space of each process, in bytes (`None`: no cap).
    pub memory: Option<u64>,
    /// CPU time of each process, in seconds (SIGXCPU, then SIGKILL a second later).
    pub cpu_seconds: u64,
    /// The largest file it may write, in bytes.
    pub file_size: u64,
}

/// The isolation in force for a policy.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Isolation {
    /// A PID namespace (and, for someone else's code, the others).
    Namespaces {
        /// Whether a user namespace was needed (we are not root).
        user_namespace: bool,
    },
    /// A process group, and a sweep of what left it.
    ProcessGroup,
}

/// The size of someone else's working folder (a tmpfs), and of any file it writes.
pub const FOLDER_BYTES: u64 = 64 << 20;

/// Open files of someone else's program.
const OPEN_FILES: u64 = 256;

/// The first user id given to someone else's program when we are root; each run takes one of
/// [`RUN_USERS`] from there, so that a process cap counts one run's processes only.
pub const FIRST_RUN_USER: u32 = 0x5000_0000;

/// How many user ids runs are given. Two runs at once (of this process, or of two `grade`s
/// side by side) must not share one, or the process cap would count both: each process starts
/// from a point of its own and steps by a large odd stride, so that a clash among a few runs
/// at once is a chance of about one in millions.
pub const RUN_USERS: u32 = 1 << 24;

/// The namespaces each policy asks for.
fn namespaces(policy: Policy) -> i32 {
    match policy {
        Policy::OwnCode => sys::CLONE_NEWPID,
        Policy::Untrusted { .. } => {
            sys::CLONE_NEWPID
                | sys::CLONE_NEWNS
                | sys::CLONE_NEWNET
                | sys::CLONE_NEWIPC
                | sys::CLONE_NEWUTS
        }
    }
}

/// The isolation in force for `policy` on this system: found by starting `/bin/sh` in a jail
/// once per kind of policy, and remembered.
pub fn isolation(policy: Policy) -> Isolation {
    static OWN: OnceLock<Isolation> = OnceLock::new();
    static UNTRUSTED: OnceLock<Isolation> = OnceLock::new();
    let cell = match policy {
        Policy::OwnCode => &OWN,
        Policy::Untrusted { .. } => &UNTRUSTED,
    };
    *cell.get_or_init(|| {
        let user_namespace = sys::effective_ids().0 != 0;
        let works = sys::JAILS_BUILT && std::env::var_os("MINEJUDGE_NO_NAMESPACES").is_none() && {
            let mut probe = Command::new("/bin/sh");
            probe
                .args(["-c", "exit 7"])
                .stdin(Stdio::null())
                .stdout(Stdio::null())
                .stderr(Stdio::null());
            let resources = Resources {
                memory: None,
                cpu_seconds: 5,
                file_size: FOLDER_BYTES,
            };
            match start_plan(&mut probe, policy, resources, true) {
                Ok(confinement) => {
                    let code = probe.status().ok().and_then(|s| s.code());
                    drop(confinement);
                    code == Some(7)
                }
                Err(_) => false,
            }
        };
        if works {
            Isolation::Namespaces { user_namespace }
        } else {
            Isolation::ProcessGroup
        }
    })
}

/// One line on the isolation in force for `policy`, for reports.
pub fn describe(policy: Policy) -> String {
    let who = match isolation(policy) {
        Isolation::Namespaces { user_namespace } => {
            let mut text = String::from(
                "a PID namespace of its own: when the run ends, the kernel ends every process it \
                 started, whatever group or session it moved to",
            );
            if let Policy::Untrusted { processes } = policy {
                text.push_str(&format!(
                    "; mount, network, IPC and UTS namespaces: the file system read-only but a \
                     fresh empty {} MiB folder it starts in, no network; {}, at most {processes} \
                     process{}",
                    FOLDER_BYTES >> 20,
                    if user_namespace {
                        "no capabilities (a user namespace)"
                    } else {
                        "an unprivileged user id of its own"
                    },
                    if processes == 1 { "" } else { "es" }
                ));
            }
            text
        }
        Isolation::ProcessGroup => {
            let mut text = String::from(
                "a process group of its own, killed as a whole, and a sweep after each run of \
                 what left the group (this process is a child subreaper; namespaces are not \
                 available here)",
            );
            if let Policy::Untrusted { processes } = policy {
                if sys::effective_ids().0 == 0 {
                    text.push_str(&format!(
                        "; an unprivileged user id of its own, at most {processes} process{}, \
                         a fresh folder it starts in",
                        if processes == 1 { "" } else { "es" }
                    ));
                } else {
                    text.push_str(
                        "; a fresh folder it starts in (files elsewhere are not protected)",
                    );
                }
            }
            text
        }
    };
    format!("{who}; limits on CPU time, wall time, address space, output and file size")
}

/// What a contained run holds until it has been reaped: its folder, removed when dropped, and
/// in a process-group isolation the sweep of what it left.
#[derive(Debug)]
pub struct Confinement {
    folder: Option<PathBuf>,
    mounted: bool,
    sweep: bool,
}

impl Confinement {
    /// The folder the program starts in, if it has one of its own.
    pub fn folder(&self) -> Option<&Path> {
        self.folder.as_deref()
    }

    /// After the run's group was killed: kills what left it, where no namespace does (a
    /// process-group isolation; nothing to do otherwise). Call it again while pipes stay
    /// open: an escapee comes back to us only once its parent has died.
    pub fn sweep_escapees(&self) {
        if self.sweep {
            sweep();
        }
    }
}

impl Drop for Confinement {
    fn drop(&mut self) {
        if let Some(folder) = &self.folder {
            if self.mounted {
                let _ = std::fs::remove_dir(folder);
            } else {
                let _ = std::fs::remove_dir_all(folder);
            }
        }
        if self.sweep {
            sweep();
        }
    }
}

/// Sets up `builder` so that the program it starts is contained by `policy` within
/// `resources`, in a process group of its own. Keep the result until the child is reaped.
///
/// # Errors
/// When its folder cannot be made.
pub fn confine(
    builder: &mut Command,
    policy: Policy,
    resources: Resources,
) -> io::Result<Confinement> {
    let namespaces = matches!(isolation(policy), Isolation::Namespaces { .. });
    start_plan(builder, policy, resources, namespaces)
}

fn start_plan(
    builder: &mut Command,
    policy: Policy,
    resources: Resources,
    namespaces: bool,
) -> io::Result<Confinement> {
    let (uid, gid) = sys::effective_ids();
    let root = uid == 0;
    let untrusted = matches!(policy, Policy::Untrusted { .. });
    let mut limits = vec![
        (
            sys::RLIMIT_CPU,
            resources.cpu_seconds,
            resources.cpu_seconds + 1,
        ),
        (sys::RLIMIT_FSIZE, resources.file_size, resources.file_size),
        (sys::RLIMIT_CORE, 0, 0),
    ];
    if let Some(bytes) = resources.memory {
        limits.push((sys::RLIMIT_AS, bytes, bytes));
    }
    let run_as = (untrusted && root && sys::JAILS_BUILT).then(next_run_user);
    if let Policy::Untrusted { processes } = policy {
        limits.push((sys::RLIMIT_NOFILE, OPEN_FILES, OPEN_FILES));
        if run_as.is_some() {
            limits.push((sys::RLIMIT_NPROC, processes.into(), processes.into()));
        }
    }
    let folder = if untrusted {
        Some(fresh_folder(!namespaces)?)
    } else {
        None
    };
    let tmpfs_options = CString::new(match run_as {
        Some(id) => format!("size={FOLDER_BYTES},nr_inodes=4096,mode=0700,uid={id},gid={id}"),
        None => format!("size={FOLDER_BYTES},nr_inodes=4096,mode=0700"),
    })
    .expect("no NUL");
    let plan = JailPlan {
        namespaces: if namespaces {
            self::namespaces(policy)
        } else {
            0
        },
        user_maps: (namespaces && !root).then(|| {
            (
                format!("0 {uid} 1").into_bytes(),
                format!("0 {gid} 1").into_bytes(),
            )
        }),
        read_only: untrusted,
        folder: folder
            .as_ref()
            .map(|f| CString::new(f.as_os_str().as_bytes()).expect("no NUL")),
        tmpfs_options,
        run_as: run_as.map(|id| (id, id)),
        drop_capabilities: namespaces && untrusted && !root,
        limits,
    };
    jail::prepare();
    if !namespaces {
        become_subreaper();
    }
    builder.process_group(0).env(MARKER, "1");
    if let Some(folder) = &folder {
        builder.env("TMPDIR", folder).env("HOME", folder);
    }
    // SAFETY: `enter` makes only system calls between fork and exec (see `jail`).
    unsafe {
        builder.pre_exec(move || jail::enter(&plan));
    }
    Ok(Confinement {
        folder,
        mounted: namespaces,
        sweep: !namespaces,
    })
}

/// The next user id of [`RUN_USERS`].
fn next_run_user() -> u32 {
    static NEXT: OnceLock<AtomicU32> = OnceLock::new();
    let next = NEXT.get_or_init(|| {
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |t| t.subsec_nanos());
        AtomicU32::new(sys::pid().wrapping_mul(2_654_435_761) ^ nanos)
    });
    let step = 0x9e37_79b1u32;
    FIRST_RUN_USER + next.fetch_add(step, Ordering::Relaxed) % RUN_USERS
}

/// A new empty folder under the temporary folder; writable by anyone when the program will
/// write into it directly (no tmpfs over it).
fn fresh_folder(writable_by_all: bool) -> io::Result<PathBuf> {
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    let path = std::env::temp_dir().join(format!(
        "minejudge-run-{}-{}",
        sys::pid(),
        COUNTER.fetch_add(1, Ordering::Relaxed)
    ));
    std::fs::create_dir_all(&path)?;
    if writable_by_all {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o1777))?;
    }
    Ok(path)
}

/// Makes this process a child subreaper, once.
fn become_subreaper() {
    static DONE: OnceLock<()> = OnceLock::new();
    DONE.get_or_init(|| {
        let _ = sys::become_subreaper();
    });
}
