//! What a contained child does between fork and exec: the steps of a [`JailPlan`], made in
//! the parent (every path and number ready, nothing left to allocate) and carried out by
//! [`enter`].
//!
//! With namespaces, the forked child (the *keeper*, whose pid std knows) joins the run's
//! memory cgroup, unshares them (as an ordinary user, the IPC namespace inside a user
//! namespace of its own whose root sets its limits, the rest inside a second), names
//! the host, builds the empty root (see [`root`](crate::sandbox::root)), and forks the
//! namespace's *init* (pid 1). Init mounts the root's `/proc`, pivots into it, wipes the
//! command line and environment it inherited from us and becomes undumpable (so that
//! `/proc/1` tells nothing of the grader), then forks the *program* (pid 2), which drops its
//! privileges, installs the system call filter and returns to std to exec. Init reaps everything in the
//! namespace and, when the program ends, hands its wait status to the keeper through a pipe and
//! exits; the kernel then kills whatever is left in the namespace, wherever it moved its group
//! or session. The keeper ends the way the program ended, so that its parent sees the
//! program's exit code or signal (and, through the waits, its peak memory). Killing the
//! keeper's process group kills the keeper and init, and with init the namespace.

use crate::sandbox::memory::MemoryPlan;
use crate::sandbox::root::{self, RootPlan};
use crate::sandbox::sys::{self, SockFilter};
use std::ffi::CString;
use std::io;
use std::os::raw::c_int;

/// The steps of one contained start, prepared before the fork.
pub(crate) struct JailPlan {
    /// The namespaces to unshare (0: none; the program is started directly).
    pub namespaces: c_int,
    /// With a user namespace: `/proc/self/uid_map` and `gid_map`'s lines, mapping this user to
    /// the run's user inside.
    pub user_maps: Option<(Vec<u8>, Vec<u8>)>,
    /// The empty root, for someone else's code.
    pub root: Option<RootPlan>,
    /// The host name inside (with a UTS namespace).
    pub host_name: Option<CString>,
    /// `[start, end)` of this process's command line and environment, wiped in init.
    pub inherited: [(usize, usize); 2],
    /// The folder the program starts in.
    pub folder: Option<CString>,
    /// The user and group the program becomes (when we are root).
    pub run_as: Option<(u32, u32)>,
    /// Whether the program drops every capability (root of a user namespace).
    pub drop_capabilities: bool,
    /// `(resource, soft, hard)` limits of the program.
    pub limits: Vec<(c_int, u64, u64)>,
    /// The keeper's memory cgroup and its IPC namespace's limits.
    pub memory: MemoryPlan,
    /// The system call filter, installed last (empty: none).
    pub filter: Vec<SockFilter>,
}

/// Paths the steps use, as C strings made once.
struct Paths {
    root: CString,
    setgroups: CString,
    uid_map: CString,
    gid_map: CString,
}

fn paths() -> &'static Paths {
    static PATHS: std::sync::OnceLock<Paths> = std::sync::OnceLock::new();
    PATHS.get_or_init(|| {
        let c = |s: &str| CString::new(s).expect("no NUL");
        Paths {
            root: c("/"),
            setgroups: c("/proc/self/setgroups"),
            uid_map: c("/proc/self/uid_map"),
            gid_map: c("/proc/self/gid_map"),
        }
    })
}

/// Makes sure the paths exist before any fork (a fork must not allocate).
pub(crate) fn prepare() {
    let _ = paths();
}

/// Carries out `plan` in the child std forked; returns (in the program) for std to exec.
/// Only system calls: no allocation, no lock.
pub(crate) fn enter(plan: &JailPlan) -> io::Result<()> {
    // Before the keeper and init are forked: neither passes on a descriptor of ours.
    sys::close_on_exec_above_standard_streams();
    if plan.namespaces == 0 {
        return become_program(plan);
    }
    let paths = paths();
    plan.memory.join_cgroup()?;
    let mut namespaces = plan.namespaces;
    if let Some((uid_line, gid_line)) = &plan.memory.ipc_owner_maps {
        enter_user_namespace(paths, uid_line, gid_line)?;
        sys::unshare_namespaces(sys::CLONE_NEWIPC)?;
        plan.memory.cap_ipc_namespace()?;
        namespaces &= !sys::CLONE_NEWIPC;
    }
    if let Some((uid_line, gid_line)) = &plan.user_maps {
        enter_user_namespace(paths, uid_line, gid_line)?;
    }
    // A root or a host name without its namespace would change the host's.
    let lacks = |flag: c_int| plan.namespaces & flag == 0;
    if (plan.root.is_some() && lacks(sys::CLONE_NEWNS))
        || (plan.host_name.is_some() && lacks(sys::CLONE_NEWUTS))
    {
        return Err(io::Error::from(io::ErrorKind::InvalidInput));
    }
    sys::unshare_namespaces(namespaces)?;
    if namespaces & sys::CLONE_NEWIPC != 0 {
        plan.memory.cap_ipc_namespace()?;
    }
    if let Some(name) = &plan.host_name {
        sys::set_names(name)?;
    }
    if let Some(root) = &plan.root {
        // Nothing done here may reach the host's mounts.
        sys::mount_at(None, &paths.root, None, sys::MS_REC | sys::MS_PRIVATE, None)?;
        root::build(root)?;
    }
    let (status_read, status_write) = sys::pipe()?;
    let init = sys::raw_fork()?;
    if init > 0 {
        keep(init, status_read);
    }
    // The keeper is outside this namespace (its pid reads 0 here), and dies only with the
    // group, which kills init too: the signal is for a keeper killed alone.
    sys::die_with_parent()?;
    if let Some(root) = &plan.root {
        root::enter(root)?;
        for (start, end) in plan.inherited {
            // SAFETY: the parent read these bounds from /proc/self/stat; init, a fork of it,
            // has the same memory and never reads it again.
            unsafe { sys::zero_memory(start, end) };
        }
        sys::make_undumpable()?;
    }
    let program = sys::raw_fork()?;
    if program > 0 {
        reap_namespace(program, status_write);
    }
    become_program(plan)
}

/// Makes a user namespace and maps one user and group into it (`uid_map` and `gid_map`
/// lines).
fn enter_user_namespace(paths: &Paths, uid_line: &[u8], gid_line: &[u8]) -> io::Result<()> {
    sys::unshare_namespaces(sys::CLONE_NEWUSER)?;
    sys::write_file(&paths.setgroups, b"deny")?;
    sys::write_file(&paths.uid_map, uid_line)?;
    sys::write_file(&paths.gid_map, gid_line)
}

/// The keeper: waits for init, then ends as the program ended (or as init did, if it never
/// reported: killed with the group).
fn keep(init: i32, status_read: c_int) -> ! {
    sys::close_all_but(status_read);
    let init_status = sys::wait_status(init);
    let mut bytes = [0u8; 4];
    if sys::read_full(status_read, &mut bytes) == 4 {
        sys::end_like(c_int::from_ne_bytes(bytes));
    }
    sys::end_like(init_status.unwrap_or(sys::SIGKILL))
}

/// Init: reaps every process of the namespace; when the program ends, hands its status to the
/// keeper and exits, which ends the namespace.
fn reap_namespace(program: i32, status_write: c_int) -> ! {
    sys::close_all_but(status_write);
    while let Some((pid, status)) = sys::wait_any() {
        if pid == program {
            sys::write_full(status_write, &status.to_ne_bytes());
            sys::exit_now(0);
        }
    }
    sys::exit_now(0)
}

/// The program's own steps: limits, a user of its own or no capabilities, its folder, the
/// system call filter.
fn become_program(plan: &JailPlan) -> io::Result<()> {
    for &(resource, soft, hard) in &plan.limits {
        sys::set_limit(resource, soft, hard)?;
    }
    if let Some((uid, gid)) = plan.run_as {
        sys::become_user(uid, gid)?;
    }
    if plan.drop_capabilities {
        sys::drop_capabilities()?;
    }
    if plan.run_as.is_some() || plan.drop_capabilities {
        sys::no_new_privileges()?;
    }
    if let Some(folder) = &plan.folder {
        sys::change_dir(folder)?;
    }
    if !plan.filter.is_empty() {
        sys::install_seccomp(&plan.filter)?;
    }
    Ok(())
}
