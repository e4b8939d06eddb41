//! Memory bounded as memory, not only as address space: an address-space cap alone leaves out
//! what a program holds without mapping it, such as a System V segment it attached, touched
//! and detached, a message queue, or a `memfd` it keeps open.
//!
//! Where a memory cgroup is usable (we are root, or were given one), each jailed run gets a
//! child cgroup of our own cgroup, made before the fork with its limit (resident memory and
//! swap) written, joined by the keeper before it unshares its namespaces (so that the jail's
//! cgroup namespace is rooted there, and everything the run makes, shared memory and tmpfs
//! pages included, is charged to it), and removed after the run; leftovers of killed runs of
//! ours are removed at the first run of a later process.
//!
//! Everywhere, the keeper caps the run's own IPC namespace right after unsharing it: at most
//! the memory cap of System V shared memory and of message queues in all, and a segment is
//! destroyed once no process has it attached (`shm_rmid_forced`), not a moment after the run
//! when the kernel frees its dead namespace. POSIX message queues are capped by
//! `RLIMIT_MSGQUEUE`. Where no cgroup counts them, files in memory are bounded through the
//! file limits ([`bound_files`]), and the run's folder is at most the cap.

use crate::sandbox::sys;
use std::ffi::CString;
use std::io;
use std::os::unix::ffi::OsStringExt;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::OnceLock;

/// Which cgroup hierarchy holds the memory controller.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Layout {
    /// A `memory` hierarchy of its own (`memory.limit_in_bytes`).
    V1,
    /// The unified hierarchy (`memory.max`).
    V2,
}

/// The largest message queue, in bytes (`msgmnb`, the kernel's default).
const QUEUE_BYTES: u64 = 16 << 10;

/// The most System V segments or message queues in a run's IPC namespace.
const IPC_OBJECTS: u64 = 64;

/// Bytes of POSIX message queues the run's user may hold (`RLIMIT_MSGQUEUE`).
pub const MESSAGE_QUEUE_BYTES: u64 = 256 << 10;

/// What the keeper does about memory between fork and exec, prepared before the fork.
#[derive(Debug, Default)]
pub(crate) struct MemoryPlan {
    /// The run's cgroup's `cgroup.procs`, which the keeper joins.
    cgroup_procs: Option<CString>,
    /// `/proc/sys` files of the IPC namespace and their values.
    ipc_limits: Vec<(CString, Vec<u8>)>,
    /// Where the run needs a user namespace (we are not root): `uid_map` and `gid_map` of a
    /// user namespace of its own that owns the IPC namespace, mapping us to its root. Only
    /// that root may write the IPC namespace's limits, and the run's user is not it: its own
    /// user namespace is made inside this one, mapping the run's id to this root.
    pub ipc_owner_maps: Option<(Vec<u8>, Vec<u8>)>,
}

impl MemoryPlan {
    /// The plan of a jailed run capped at `cap` bytes, in `cgroup` if it has one; `user`: our
    /// user and group ids where the run needs a user namespace.
    pub(crate) fn new(
        cap: Option<u64>,
        cgroup: Option<&RunCgroup>,
        user: Option<(u32, u32)>,
    ) -> io::Result<MemoryPlan> {
        let Some(cap) = cap else {
            return Ok(MemoryPlan::default());
        };
        let c = |s: String| CString::new(s).expect("no NUL");
        let cgroup_procs = cgroup
            .map(|g| CString::new(g.dir.join("cgroup.procs").into_os_string().into_vec()))
            .transpose()
            .map_err(|_| io::Error::new(io::ErrorKind::InvalidInput, "a NUL in a path"))?;
        let objects = IPC_OBJECTS.min(cap / QUEUE_BYTES).max(1);
        let ipc_limits = [
            ("kernel/shmmax", cap),
            ("kernel/shmall", cap / sys::page_size()),
            ("kernel/shmmni", objects),
            ("kernel/shm_rmid_forced", 1),
            ("kernel/msgmax", QUEUE_BYTES.min(cap)),
            ("kernel/msgmnb", QUEUE_BYTES.min(cap)),
            ("kernel/msgmni", objects),
        ]
        .into_iter()
        .map(|(name, value)| {
            (
                c(format!("/proc/sys/{name}")),
                value.to_string().into_bytes(),
            )
        })
        .collect();
        Ok(MemoryPlan {
            cgroup_procs,
            ipc_limits,
            ipc_owner_maps: user.map(|(uid, gid)| {
                (
                    format!("0 {uid} 1").into_bytes(),
                    format!("0 {gid} 1").into_bytes(),
                )
            }),
        })
    }

    /// Who the run's user namespace maps the run's user to: our `(uid, gid)`, or the root of
    /// the user namespace that owns the IPC namespace, where there is one.
    pub(crate) fn outside_ids(&self, ours: (u32, u32)) -> (u32, u32) {
        match self.ipc_owner_maps {
            Some(_) => (0, 0),
            None => ours,
        }
    }

    /// In the keeper, before it unshares anything: joins the run's cgroup.
    pub(crate) fn join_cgroup(&self) -> io::Result<()> {
        match &self.cgroup_procs {
            Some(procs) => sys::write_file(procs, b"0"),
            None => Ok(()),
        }
    }

    /// In the keeper, in the run's own IPC namespace (never the host's): its limits.
    pub(crate) fn cap_ipc_namespace(&self) -> io::Result<()> {
        for (path, value) in &self.ipc_limits {
            sys::write_file(path, value)?;
        }
        Ok(())
    }
}

/// Open files of someone else's program where no memory cgroup counts what files in memory
/// (a `memfd`) hold: with the file size limit, a bound of the cap on them all.
pub const OPEN_FILES_WITHOUT_CGROUP: u64 = 64;

/// Where no memory cgroup is usable: fewer open files, and files of at most the cap shared
/// among them (`limits` as the jail's kernel limits were made).
pub(crate) fn bound_files(limits: &mut [(std::os::raw::c_int, u64, u64)], cap: u64) {
    for (resource, soft, hard) in limits {
        let bound = match *resource {
            sys::RLIMIT_NOFILE => OPEN_FILES_WITHOUT_CGROUP,
            sys::RLIMIT_FSIZE => (cap / OPEN_FILES_WITHOUT_CGROUP).max(1),
            _ => continue,
        };
        *soft = (*soft).min(bound);
        *hard = (*hard).min(bound);
    }
}

/// Where runs' cgroups are made: our own cgroup in the hierarchy that has the memory
/// controller.
#[derive(Debug)]
struct Parent {
    dir: PathBuf,
    layout: Layout,
}

/// The prefix of our runs' cgroups: `minejudge-<pid>-<n>`.
const PREFIX: &str = "minejudge-";

/// The memory cgroup runs are made under, found and tried once: `None` where none is usable
/// (no memory controller, not ours to write, a container without one).
fn parent() -> Option<&'static Parent> {
    static PARENT: OnceLock<Option<Parent>> = OnceLock::new();
    PARENT
        .get_or_init(|| {
            if std::env::var_os("MINEJUDGE_NO_CGROUP").is_some() {
                return None;
            }
            let parent = find_parent()?;
            remove_leftovers(&parent.dir);
            let trial = RunCgroup::make_in(&parent, 64 << 20).ok()?;
            drop(trial);
            Some(parent)
        })
        .as_ref()
}

/// The memory cgroup runs are made in, and its hierarchy, if one is usable here.
pub fn cgroup_layout() -> Option<Layout> {
    parent().map(|p| p.layout)
}

/// Our own cgroup with the memory controller, from `/proc/self/cgroup` and the mounts.
fn find_parent() -> Option<Parent> {
    let own = std::fs::read_to_string("/proc/self/cgroup").ok()?;
    let mounts = std::fs::read_to_string("/proc/self/mountinfo").ok()?;
    for line in own.lines() {
        let mut fields = line.splitn(3, ':');
        let (_, controllers, path) = (fields.next()?, fields.next()?, fields.next()?);
        let v1 = controllers.split(',').any(|c| c == "memory");
        let v2 = controllers.is_empty() && line.starts_with("0:");
        if !v1 && !v2 {
            continue;
        }
        let Some(dir) = mounted_dir(&mounts, v1, path) else {
            continue;
        };
        let layout = if v1 { Layout::V1 } else { Layout::V2 };
        if layout == Layout::V2 && !enable_memory(&dir) {
            continue;
        }
        return Some(Parent { dir, layout });
    }
    None
}

/// The folder of cgroup `path` where its hierarchy is mounted (v1: the `cgroup` mount with
/// the memory option; v2: the `cgroup2` mount).
fn mounted_dir(mountinfo: &str, v1: bool, path: &str) -> Option<PathBuf> {
    mountinfo.lines().find_map(|line| {
        let (left, right) = line.split_once(" - ")?;
        let left: Vec<&str> = left.split(' ').collect();
        let right: Vec<&str> = right.split(' ').collect();
        let (root, point) = (*left.get(3)?, *left.get(4)?);
        let fits = match (v1, right.first()) {
            (true, Some(&"cgroup")) => right.get(2)?.split(',').any(|o| o == "memory"),
            (false, Some(&"cgroup2")) => true,
            _ => false,
        };
        // A mount of part of the hierarchy (in a cgroup namespace) shows paths under its root.
        let inside = path
            .strip_prefix(root.trim_end_matches('/'))
            .unwrap_or(path);
        fits.then(|| Path::new(point).join(inside.trim_start_matches('/')))
    })
}

/// Whether the children of v2 cgroup `dir` can have the memory controller, enabling it if it
/// may be (the root cgroup, or one with no process of its own).
fn enable_memory(dir: &Path) -> bool {
    let has = |file: &str| {
        std::fs::read_to_string(dir.join(file))
            .is_ok_and(|text| text.split_whitespace().any(|c| c == "memory"))
    };
    if !has("cgroup.controllers") {
        return false;
    }
    has("cgroup.subtree_control")
        || (std::fs::write(dir.join("cgroup.subtree_control"), "+memory").is_ok()
            && has("cgroup.subtree_control"))
}

/// Removes our runs' cgroups under `dir` whose process is gone (killed before it removed
/// them).
fn remove_leftovers(dir: &Path) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let name = entry.file_name();
        let Some(pid) = name
            .to_str()
            .and_then(|n| n.strip_prefix(PREFIX))
            .and_then(|rest| rest.split('-').next())
            .and_then(|pid| pid.parse::<u32>().ok())
        else {
            continue;
        };
        if pid != sys::pid() && !Path::new(&format!("/proc/{pid}")).exists() {
            let _ = std::fs::remove_dir(entry.path());
        }
    }
}

/// One run's memory cgroup: made with its limit, removed when dropped (after the run was
/// reaped).
#[derive(Debug)]
pub struct RunCgroup {
    dir: PathBuf,
    layout: Layout,
    limit: u64,
}

impl RunCgroup {
    /// A fresh cgroup capped at `limit` bytes, or `None` where no memory cgroup is usable.
    pub(crate) fn make(limit: u64) -> io::Result<Option<RunCgroup>> {
        parent()
            .map(|parent| RunCgroup::make_in(parent, limit))
            .transpose()
    }

    fn make_in(parent: &Parent, limit: u64) -> io::Result<RunCgroup> {
        static COUNTER: AtomicU64 = AtomicU64::new(0);
        let dir = parent.dir.join(format!(
            "{PREFIX}{}-{}",
            sys::pid(),
            COUNTER.fetch_add(1, Ordering::Relaxed)
        ));
        std::fs::create_dir(&dir)?;
        let cgroup = RunCgroup {
            dir,
            layout: parent.layout,
            limit,
        };
        let bytes = limit.to_string();
        let files: &[(&str, &str)] = match parent.layout {
            // The limit of memory and swap together, where swap is accounted, after the
            // memory limit (it may not be below it).
            Layout::V1 => &[
                ("memory.limit_in_bytes", &bytes),
                ("memory.memsw.limit_in_bytes", &bytes),
            ],
            Layout::V2 => &[
                ("memory.max", &bytes),
                ("memory.swap.max", "0"),
                ("memory.oom.group", "1"),
            ],
        };
        for (index, (file, value)) in files.iter().enumerate() {
            let path = cgroup.dir.join(file);
            // Only the first file is needed: the others exist where swap is accounted, or
            // the kernel is recent enough.
            if index == 0 || path.exists() {
                std::fs::write(&path, value)?;
            }
        }
        Ok(cgroup)
    }

    /// The most memory the run held at once, in bytes (the cgroup's peak, or the limit when
    /// the cgroup killed it), where the kernel reports it.
    pub fn peak(&self) -> Option<u64> {
        let read = |file: &str| std::fs::read_to_string(self.dir.join(file)).ok();
        let peak_file = match self.layout {
            Layout::V1 => "memory.max_usage_in_bytes",
            Layout::V2 => "memory.peak",
        };
        let peak = read(peak_file).and_then(|text| text.trim().parse::<u64>().ok());
        let events = match self.layout {
            Layout::V1 => "memory.oom_control",
            Layout::V2 => "memory.events",
        };
        let killed = read(events).is_some_and(|text| {
            text.lines().any(|line| {
                line.strip_prefix("oom_kill ")
                    .is_some_and(|n| n.trim() != "0")
            })
        });
        match (peak, killed) {
            (peak, true) => Some(peak.unwrap_or(0).max(self.limit)),
            (peak, false) => peak,
        }
    }
}

impl Drop for RunCgroup {
    fn drop(&mut self) {
        // The run's last process may still be leaving the cgroup as its parent reaps it.
        for _ in 0..50 {
            if std::fs::remove_dir(&self.dir).is_ok() || !self.dir.exists() {
                return;
            }
            std::thread::sleep(std::time::Duration::from_millis(2));
        }
    }
}

/// How a jailed run's memory is bounded beyond its address space, for the sandbox's
/// one-line description.
pub fn describe() -> &'static str {
    description()[0]
}

/// [`describe`] in English and in Chinese.
pub fn description() -> [&'static str; 2] {
    match cgroup_layout() {
        Some(Layout::V1) => [
            "memory also counted as resident memory, shared memory and files in memory \
             included (a memory cgroup, v1)",
            "内存还按常驻内存计算，含共享内存和内存中的文件（内存 cgroup，v1）",
        ],
        Some(Layout::V2) => [
            "memory also counted as resident memory, shared memory and files in memory \
             included (a memory cgroup, v2, no swap)",
            "内存还按常驻内存计算，含共享内存和内存中的文件（内存 cgroup，v2，不用交换区）",
        ],
        None => [
            "System V shared memory and message queues capped to the memory limit in the run's \
             IPC namespace, files in memory by the file size limit (no memory cgroup is usable \
             here)",
            "运行的 IPC 命名空间中，System V 共享内存和消息队列以内存限制为上限，内存中的文件受文件\
             大小限制（这里没有可用的内存 cgroup）",
        ],
    }
}
