//! Containment of a program that is not ours (`stress`, `grade`, `play --functions`): every
//! process it starts ends with its run, whatever group or session it moves to; its CPU time,
//! address space, file sizes and processes are capped. Someone else's code (a student's, and
//! the compiler reading a student's file) is jailed as IOI's isolate jails a submission.
//!
//! **Someone else's code** ([`Policy::Untrusted`]) runs in a jail, or not at all:
//! - PID, mount, network, IPC and UTS namespaces of its own: it sees its own processes only,
//!   no network device but a loopback that is down, no SysV object of the host, and the host
//!   name `sandbox`;
//! - an empty root ([`root`]): for a program, the loader and the shared libraries its ELF file
//!   needs ([`libraries`]), and no other program; for the compiler, the system's programs and
//!   libraries without `/usr/local` or any binary of ours ([`toolchain`]); all read-only, four
//!   devices, an empty `/etc`, its own `/proc`, and a fresh writable folder `/box` it starts
//!   in; nothing of `/home`, `/root`, `/tmp`, `/var`, the class, the tests or our binaries;
//! - its standard streams only: every other descriptor we hold closes when it execs;
//! - the environment `PATH`, `HOME`, `TMPDIR` and `LANG` only, and nothing of our command
//!   line: the namespace's init wipes what it inherited and is undumpable;
//! - a user id that is not the teacher's: as root, one of [`RUN_USERS`] unprivileged ids, with
//!   the process cap; as an ordinary user, a user namespace maps the teacher's id to such an id
//!   inside (the kernel allows no other outside), every capability dropped;
//! - `no_new_privs`, and a system call filter ([`seccomp`]) where the kernel has one.
//!
//! If this jail cannot be built, [`confine`] refuses to start the program, unless the caller
//! chose a weaker isolation with [`allow_weaker_isolation`]; [`isolation`] says which is in
//! force and [`describe`] says it in one line for reports.
//!
//! **The user's own code** ([`Policy::OwnCode`]) keeps the user's files, folder, environment
//! and network; it gets a PID namespace of its own where the system allows it, else a process
//! group, this process as a child subreaper, and a [`sweep`] of what left the group.
//!
//! Either way the limits are the kernel's (`setrlimit`): CPU time, address space, stack (as
//! the online judges give it: the memory cap, or none), file size, open files, core dumps off,
//! and processes for someone else's code. A jailed run's memory
//! is also bounded as memory ([`memory`]): a memory cgroup of its own where one is usable, and
//! its IPC namespace's limits.

pub mod elf;
mod jail;
pub mod libraries;
pub mod memory;
pub mod ours;
pub mod root;
pub mod seccomp;
mod sweep;
pub(crate) mod sys;
pub mod temp;
pub mod toolchain;

use jail::JailPlan;
pub use root::Workspace;
use std::ffi::CString;
use std::io;
use std::os::unix::ffi::OsStrExt;
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};
use std::sync::OnceLock;

pub use sweep::sweep;
use sweep::MARKER;

/// Whose program runs, and so how closely it is kept.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Policy {
    /// The user's own solution (`stress -- ./a.out`): a PID namespace, so that nothing it
    /// starts outlives it, and the kernel's limits; it sees the user's files, environment and
    /// network, and runs in the folder it was started in.
    OwnCode,
    /// Someone else's code (a student's, or a compiler reading a student's file, under
    /// `grade`): the jail, and at most `processes` processes and threads (1: it cannot fork).
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
    /// Stack of each process, in bytes (`None`: no cap, or as much as this process may
    /// give).
    pub stack: Option<u64>,
    /// CPU time of each process, in seconds (SIGXCPU, then SIGKILL a second later).
    pub cpu_seconds: u64,
    /// The largest file it may write, in bytes.
    pub file_size: u64,
}

/// The isolation in force for a policy.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Isolation {
    /// A PID namespace (and, for someone else's code, the whole jail).
    Namespaces {
        /// Whether a user namespace was needed (we are not root).
        user_namespace: bool,
        /// Whether the system call filter is in force (someone else's code, where the kernel
        /// has seccomp).
        seccomp: bool,
    },
    /// A process group, and a sweep of what left it.
    ProcessGroup,
}

/// The size of someone else's working folder (a tmpfs), and of any file it writes.
pub const FOLDER_BYTES: u64 = 64 << 20;

/// Open files of someone else's program.
const OPEN_FILES: u64 = 256;

/// The first user id given to someone else's program; each run takes one of [`RUN_USERS`]
/// from there, so that a process cap counts one run's processes only.
pub const FIRST_RUN_USER: u32 = 0x5000_0000;

/// How many user ids runs are given. Two runs at once (of this process, or of two `grade`s
/// side by side) must not share one, or the process cap would count both: each process starts
/// from a point of its own and steps by a large odd stride, so that a clash among a few runs
/// at once is a chance of about one in millions.
pub const RUN_USERS: u32 = 1 << 24;

/// The whole environment of someone else's program in its jail.
pub const ENVIRONMENT: [(&str, &str); 4] = [
    ("PATH", "/usr/local/bin:/usr/bin:/bin"),
    ("HOME", root::BOX),
    ("TMPDIR", root::BOX),
    ("LANG", "C.UTF-8"),
];

/// The host name (and domain name) inside a jail.
pub const HOST_NAME: &str = "sandbox";

/// Whether someone else's code may run with less than the jail, where it cannot be built.
static WEAKER_ALLOWED: AtomicBool = AtomicBool::new(false);

/// Kills every program we started that is still running when a tool is interrupted (Ctrl-C),
/// where the system allows it (Linux); elsewhere an interrupt leaves them to the terminal.
pub fn kill_children_on_interrupt() {
    #[cfg(target_os = "linux")]
    sys::kill_children_on_interrupt();
}

/// From now on, someone else's code runs with the strongest isolation this system allows when
/// the jail cannot be built (`grade --no-jail`), instead of not at all. [`describe`] says so.
pub fn allow_weaker_isolation() {
    WEAKER_ALLOWED.store(true, Ordering::SeqCst);
}

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
                | sys::CLONE_NEWCGROUP
        }
    }
}

/// What starting `/bin/sh` in a jail found, once per kind of policy.
struct Probe {
    isolation: Isolation,
    /// Why the namespaces (for someone else's code, the jail) could not be used.
    failure: Option<String>,
}

fn probe(policy: Policy) -> &'static Probe {
    static OWN: OnceLock<Probe> = OnceLock::new();
    static UNTRUSTED: OnceLock<Probe> = OnceLock::new();
    let cell = match policy {
        Policy::OwnCode => &OWN,
        Policy::Untrusted { .. } => &UNTRUSTED,
    };
    cell.get_or_init(|| {
        let user_namespace = sys::effective_ids().0 != 0;
        let seccomp = matches!(policy, Policy::Untrusted { .. })
            && seccomp::BUILT
            && sys::seccomp_available();
        let failure = if !sys::JAILS_BUILT {
            Some("this build has no jail for this processor (x86_64 and aarch64 only)".into())
        } else if std::env::var_os("MINEJUDGE_NO_NAMESPACES").is_some() {
            Some("MINEJUDGE_NO_NAMESPACES is set".into())
        } else {
            try_jail(policy, seccomp).err()
        };
        let isolation = match failure {
            None => Isolation::Namespaces {
                user_namespace,
                seccomp,
            },
            Some(_) => Isolation::ProcessGroup,
        };
        Probe { isolation, failure }
    })
}

/// Starts `/bin/sh` under `policy` with namespaces; for someone else's code it checks, with
/// its builtins only (it is the program, copied in as a student's is, with the loader and
/// libraries it needs: the root has no shell, nor any other program), that it stands in the
/// empty root.
fn try_jail(policy: Policy, seccomp: bool) -> Result<(), String> {
    let script = match policy {
        Policy::OwnCode => "exit 7",
        Policy::Untrusted { .. } => {
            "[ -d /box ] && [ ! -e /etc/passwd ] && [ ! -e /usr/bin ] && [ ! -e /bin ] && exit 7; \
             exit 1"
        }
    };
    let command = ["/bin/sh".to_string(), "-c".to_string(), script.to_string()];
    // A memory cap, so that the probe takes every step a run takes (the memory cgroup, the
    // IPC namespace's limits).
    let resources = Resources {
        memory: Some(64 << 20),
        stack: Some(8 << 20),
        cpu_seconds: 5,
        file_size: FOLDER_BYTES,
    };
    let (mut probe, confinement) =
        start_plan(&command, policy, resources, true, seccomp, Workspace::Fresh)
            .map_err(|err| format!("cannot prepare it: {err}"))?;
    probe
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null());
    let status = probe.status().map_err(|err| {
        let hint = if sys::effective_ids().0 == 0 {
            "run it where namespaces and mounts are allowed (a container needs them granted)"
        } else {
            "run it as root, or allow unprivileged user namespaces (sysctl \
             kernel.unprivileged_userns_clone=1, user.max_user_namespaces > 0)"
        };
        format!("cannot build it: {err}; {hint}")
    })?;
    drop(confinement);
    match status.code() {
        Some(7) => Ok(()),
        _ => Err(format!("a program started in it saw the host ({status})")),
    }
}

/// The isolation in force for `policy` on this system: found by starting `/bin/sh` in a jail
/// once per kind of policy, and remembered.
pub fn isolation(policy: Policy) -> Isolation {
    probe(policy).isolation
}

/// Why the namespaces for `policy` (for someone else's code, the jail) cannot be used here, in
/// one line, or `None` when they can.
pub fn jail_failure(policy: Policy) -> Option<String> {
    probe(policy).failure.clone()
}

/// The isolation in force for a policy, in both languages of the reports (written side by side so
/// that neither says what the other does not).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Description {
    /// In English.
    pub english: String,
    /// In Chinese, with Chinese punctuation.
    pub chinese: String,
}

/// One line on the isolation in force for `policy`, for reports, in English.
pub fn describe(policy: Policy) -> String {
    description(policy).english
}

/// One line on the isolation in force for `policy`, for reports, in English and in Chinese.
pub fn description(policy: Policy) -> Description {
    let limits = [
        "limits on CPU time, wall time, address space, stack, output and file size",
        "限制 CPU 时间、墙钟时间、地址空间、栈、输出和文件大小",
    ];
    let Policy::Untrusted { processes } = policy else {
        return match isolation(policy) {
            Isolation::Namespaces { .. } => both(
                format!(
                    "a PID namespace of its own: when the run ends, the kernel ends every \
                     process it started, whatever group or session it moved to; {}",
                    limits[0]
                ),
                format!(
                    "独立的 PID 命名空间：运行结束时，内核结束它启动的每个进程，无论进程移到了哪个\
                     进程组或会话；{}",
                    limits[1]
                ),
            ),
            Isolation::ProcessGroup => both(
                format!(
                    "a process group of its own, killed as a whole, and a sweep after each run \
                     of what left the group (this process is a child subreaper; namespaces are \
                     not available here); {}",
                    limits[0]
                ),
                format!(
                    "独立的进程组，整组结束，每次运行后清理离开该组的进程（本进程是子进程收割者；\
                     这里不能用命名空间）；{}",
                    limits[1]
                ),
            ),
        };
    };
    let count = [
        format!(
            "at most {processes} process{}",
            if processes == 1 { "" } else { "es" }
        ),
        format!("最多 {processes} 个进程"),
    ];
    match isolation(policy) {
        Isolation::Namespaces {
            user_namespace,
            seccomp,
        } => jail_description(user_namespace, seccomp, &count, &limits),
        Isolation::ProcessGroup => {
            let failure = jail_failure(policy).unwrap_or_default();
            let root = sys::effective_ids().0 == 0;
            let user = |(text, count): (&str, &String)| {
                if root {
                    format!("{text}{count}")
                } else {
                    String::new()
                }
            };
            both(
                format!(
                    "NOT JAILED ({failure}; weaker isolation was chosen): it sees the whole file \
                     system, the network and the environment; a process group of its own, \
                     killed as a whole, and a sweep of what left it{}; a fresh folder it starts \
                     in; {}",
                    user(("; an unprivileged user id of its own, ", &count[0])),
                    limits[0]
                ),
                format!(
                    "未在监狱中（{failure}；选择了较弱的隔离）：它能看到整个文件系统、网络和环境变量；\
                     独立的进程组，整组结束，并清理离开该组的进程{}；启动时所在的新文件夹；{}",
                    user(("；独立的非特权用户 ID，", &count[1])),
                    limits[1]
                ),
            )
        }
    }
}

/// The jail's description.
fn jail_description(
    user_namespace: bool,
    seccomp: bool,
    count: &[String; 2],
    limits: &[&str; 2],
) -> Description {
    let user = if user_namespace {
        [
            "a user id of its own inside a user namespace (outside, the kernel allows only \
             ours), no capabilities",
            "用户命名空间中独立的用户 ID（在外面，内核只允许我们的），没有任何特权（capability）",
        ]
    } else {
        ["an unprivileged user id of its own", "独立的非特权用户 ID"]
    };
    let filter = if seccomp {
        [
            "a system call filter (no keyrings, io_uring, userfaultfd, bpf, perf events, \
             namespaces, mounts, vsock or netlink sockets)",
            "系统调用过滤（禁止密钥环、io_uring、userfaultfd、bpf、perf 事件、命名空间、挂载、vsock \
             和 netlink 套接字）",
        ]
    } else {
        [
            "no system call filter (this kernel has no seccomp)",
            "没有系统调用过滤（这个内核没有 seccomp）",
        ]
    };
    let memory = memory::description();
    let folder = FOLDER_BYTES >> 20;
    both(
        format!(
            "a jail: an empty root (a program's: the loader and the libraries it needs; the \
             compiler's: the system's programs and libraries, none of ours; all read-only; \
             /dev/null, zero, random and urandom, an empty /etc, its own /proc, a fresh {folder} \
             MiB folder it starts in); only its standard streams open; PID, mount, network, IPC, \
             UTS and cgroup namespaces; an environment of PATH, HOME, TMPDIR and LANG only; {}, \
             {}; no_new_privs; {}; {}; {}",
            user[0], count[0], filter[0], limits[0], memory[0],
        ),
        format!(
            "监狱：空的根目录（程序的：只有加载器和它需要的库；编译器的：系统的程序和库，没有我们的；\
             都是只读的；/dev/null、/dev/zero、/dev/random 和 /dev/urandom，空的 /etc，自己的 /proc，启动时所在的\
             新的 {folder} MiB 文件夹）；只打开标准输入、输出和错误；独立的 PID、挂载、网络、IPC、UTS \
             和 cgroup 命名空间；环境变量只有 PATH、HOME、TMPDIR 和 LANG；{}，{}；no_new_privs；{}；\
             {}；{}",
            user[1], count[1], filter[1], limits[1], memory[1],
        ),
    )
}

fn both(english: String, chinese: String) -> Description {
    Description { english, chinese }
}

/// What a contained run holds until it has been reaped: the jail's mount point or its folder,
/// removed when dropped, and in a process-group isolation the sweep of what it left.
#[derive(Debug)]
pub struct Confinement {
    /// The host folder a jail's root was mounted on (empty on the host).
    mount_point: Option<PathBuf>,
    /// A fresh host folder the program starts in (without a jail).
    folder: Option<PathBuf>,
    sweep: bool,
    /// The run's memory cgroup, removed when dropped.
    cgroup: Option<memory::RunCgroup>,
}

impl Confinement {
    /// The most memory the run held at once by its memory cgroup's count (the cap itself
    /// when the cgroup killed it), where it has one; read it once the run was reaped.
    pub fn memory_peak(&self) -> Option<u64> {
        self.cgroup.as_ref().and_then(memory::RunCgroup::peak)
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
        if let Some(mount_point) = &self.mount_point {
            let _ = std::fs::remove_dir(mount_point);
        }
        if let Some(folder) = &self.folder {
            let _ = std::fs::remove_dir_all(folder);
        }
        if self.sweep {
            sweep();
        }
    }
}

/// The command that starts `command` (program and arguments) contained by `policy` within
/// `resources`, in a process group of its own, its working folder `workspace` (someone else's
/// code only). Set its standard streams, spawn it, and keep the [`Confinement`] until the
/// child is reaped.
///
/// # Errors
/// When the program cannot be found, its folders cannot be made, or someone else's code would
/// run with less than the jail and [`allow_weaker_isolation`] was not called.
pub fn confine(
    command: &[String],
    policy: Policy,
    resources: Resources,
    workspace: Workspace,
) -> io::Result<(Command, Confinement)> {
    let probe = probe(policy);
    let namespaces = matches!(probe.isolation, Isolation::Namespaces { .. });
    if matches!(policy, Policy::Untrusted { .. })
        && !namespaces
        && !WEAKER_ALLOWED.load(Ordering::SeqCst)
    {
        return Err(io::Error::new(
            io::ErrorKind::PermissionDenied,
            format!(
                "the jail cannot be built: {}",
                probe.failure.as_deref().unwrap_or("unknown")
            ),
        ));
    }
    let seccomp = matches!(probe.isolation, Isolation::Namespaces { seccomp: true, .. });
    start_plan(command, policy, resources, namespaces, seccomp, workspace)
}

fn start_plan(
    command: &[String],
    policy: Policy,
    resources: Resources,
    namespaces: bool,
    seccomp: bool,
    workspace: Workspace,
) -> io::Result<(Command, Confinement)> {
    let (program, args) = command
        .split_first()
        .ok_or_else(|| io::Error::new(io::ErrorKind::InvalidInput, "no command"))?;
    let (uid, gid) = sys::effective_ids();
    let root = uid == 0;
    let untrusted = matches!(policy, Policy::Untrusted { .. });
    let jailed = untrusted && namespaces;
    let run_user = (untrusted && sys::JAILS_BUILT && (root || namespaces)).then(next_run_user);
    let mut limits = kernel_limits(policy, resources, run_user.is_some(), root);
    let mut confinement = Confinement {
        mount_point: None,
        folder: None,
        sweep: !namespaces,
        cgroup: None,
    };
    let (started, root_plan, folder) = match (jailed, untrusted) {
        (true, _) => {
            let id = run_user.unwrap_or(uid);
            jail_places(program, workspace, id, resources, &mut confinement)?
        }
        (false, true) => untrusted_places(program, workspace, &mut confinement)?,
        (false, false) => (PathBuf::from(program), None, None),
    };
    let memory_cap = resources.memory.filter(|_| jailed);
    confinement.cgroup = match memory_cap {
        Some(cap) => memory::RunCgroup::make(cap)?,
        None => None,
    };
    if let (Some(cap), None) = (memory_cap, &confinement.cgroup) {
        memory::bound_files(&mut limits, cap);
    }
    let mut builder = Command::new(&started);
    builder.args(args).process_group(0);
    if untrusted {
        builder.env_clear().envs(ENVIRONMENT);
        if !jailed {
            let folder = folder.as_ref().expect("a folder");
            builder.env("HOME", folder).env("TMPDIR", folder);
        }
    }
    if !namespaces {
        builder.env(MARKER, "1");
        become_subreaper();
    }
    let user_namespace = namespaces && !root;
    let memory = memory::MemoryPlan::new(
        memory_cap,
        confinement.cgroup.as_ref(),
        user_namespace.then_some((uid, gid)),
    )?;
    let (outside_uid, outside_gid) = memory.outside_ids((uid, gid));
    let plan = JailPlan {
        namespaces: if namespaces {
            self::namespaces(policy)
        } else {
            0
        },
        user_maps: user_namespace.then(|| {
            let inside = run_user.unwrap_or(0);
            (
                format!("{inside} {outside_uid} 1").into_bytes(),
                format!("{inside} {outside_gid} 1").into_bytes(),
            )
        }),
        root: root_plan,
        host_name: jailed.then(|| CString::new(HOST_NAME).expect("no NUL")),
        inherited: if jailed {
            inherited_memory()
        } else {
            [(0, 0); 2]
        },
        folder: folder.as_ref().map(|f| c_path(f)).transpose()?,
        run_as: (root && untrusted)
            .then(|| run_user.map(|id| (id, id)))
            .flatten(),
        drop_capabilities: jailed && !root,
        limits,
        memory,
        filter: if jailed && seccomp {
            seccomp::program()
        } else {
            Vec::new()
        },
    };
    jail::prepare();
    // SAFETY: `enter` makes only system calls between fork and exec (see `jail`).
    unsafe {
        builder.pre_exec(move || jail::enter(&plan));
    }
    Ok((builder, confinement))
}

/// The kernel's limits of a run under `policy`; the process cap only where the run has a user
/// id of its own (`own_user`).
fn kernel_limits(
    policy: Policy,
    resources: Resources,
    own_user: bool,
    root: bool,
) -> Vec<(std::os::raw::c_int, u64, u64)> {
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
    // Never above the hard limit we were given: only a privileged process may raise it.
    let stack_cap = sys::hard_limit(sys::RLIMIT_STACK);
    let stack = resources.stack.unwrap_or(u64::MAX).min(stack_cap);
    limits.push((sys::RLIMIT_STACK, stack, stack_cap));
    if let Policy::Untrusted { processes } = policy {
        limits.push((sys::RLIMIT_NOFILE, OPEN_FILES, OPEN_FILES));
        limits.push((
            sys::RLIMIT_MSGQUEUE,
            memory::MESSAGE_QUEUE_BYTES,
            memory::MESSAGE_QUEUE_BYTES,
        ));
        if own_user {
            // Counted per user id of a user namespace: inside one, the keeper and init share
            // the run's id.
            let ours = if root { 0 } else { 2 };
            let cap = u64::from(processes) + ours;
            limits.push((sys::RLIMIT_NPROC, cap, cap));
        }
    }
    limits
}

/// What an untrusted run outside a jail starts and its working folder: a fresh one (kept in
/// `confinement`), or the workspace's.
fn untrusted_places(
    program: &str,
    workspace: Workspace,
    confinement: &mut Confinement,
) -> io::Result<(PathBuf, Option<root::RootPlan>, Option<PathBuf>)> {
    let folder = match workspace {
        Workspace::Fresh => {
            let folder = temp::fresh_folder("run", true)?;
            confinement.folder = Some(folder.clone());
            folder
        }
        Workspace::Folder(folder) => folder.to_path_buf(),
    };
    Ok((PathBuf::from(program), None, Some(folder)))
}

/// What a jailed run starts, its root's plan and its working folder inside: the program's
/// path in the root (a copy, when it lives outside the system's folders), the root mounted on
/// a fresh host folder (kept in `confinement`), and the run's user `id` owning its folder (of
/// at most [`FOLDER_BYTES`], and no more than the run's memory).
fn jail_places(
    program: &str,
    workspace: Workspace,
    id: u32,
    resources: Resources,
    confinement: &mut Confinement,
) -> io::Result<(PathBuf, Option<root::RootPlan>, Option<PathBuf>)> {
    let folder_bytes = resources
        .memory
        .map_or(FOLDER_BYTES, |m| m.min(FOLDER_BYTES));
    let host_program = find_program(program)?;
    let copy = !root::reachable(&host_program, workspace);
    let started = if copy {
        PathBuf::from(root::PROGRAM)
    } else {
        host_program.clone()
    };
    let mount_point = temp::fresh_folder("root", false)?;
    confinement.mount_point = Some(mount_point.clone());
    if let Workspace::Folder(folder) = workspace {
        if sys::effective_ids().0 == 0 {
            sys::change_owner(&c_path(folder)?, id, id)?;
        }
    }
    let options = format!("size={folder_bytes},nr_inodes=4096,mode=0700,uid={id},gid={id}");
    let plan = root::RootPlan::new(&mount_point, &host_program, copy, workspace, &options)?;
    Ok((started, Some(plan), Some(PathBuf::from(root::BOX))))
}

fn c_path(path: &Path) -> io::Result<CString> {
    CString::new(path.as_os_str().as_bytes())
        .map_err(|_| io::Error::new(io::ErrorKind::InvalidInput, "a NUL in a path"))
}

/// Where `program` is: itself if it names a file, else the first match on the PATH.
pub fn on_path(program: &str) -> Option<PathBuf> {
    if program.is_empty() {
        return None;
    }
    if program.contains('/') {
        return Path::new(program).is_file().then(|| PathBuf::from(program));
    }
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .map(|dir| dir.join(program))
        .find(|candidate| candidate.is_file())
}

/// The program's canonical path on the host, found by [`on_path`].
fn find_program(program: &str) -> io::Result<PathBuf> {
    let found = on_path(program)
        .ok_or_else(|| io::Error::new(io::ErrorKind::NotFound, format!("{program}: not found")))?;
    std::fs::canonicalize(&found)
}

/// `[arg_start, arg_end)` and `[env_start, env_end)` of this process (fields 48 to 51 of
/// `/proc/self/stat`), read once; zeros where they cannot be read.
fn inherited_memory() -> [(usize, usize); 2] {
    static BOUNDS: OnceLock<[(usize, usize); 2]> = OnceLock::new();
    *BOUNDS.get_or_init(|| {
        let stat = std::fs::read_to_string("/proc/self/stat").unwrap_or_default();
        let fields: Vec<usize> = stat
            .rsplit_once(')')
            .map(|(_, rest)| {
                rest.split_whitespace()
                    .map(|f| f.parse().unwrap_or(0))
                    .collect()
            })
            .unwrap_or_default();
        // Fields after the name start at field 3.
        let field = |n: usize| fields.get(n - 3).copied().unwrap_or(0);
        [(field(48), field(49)), (field(50), field(51))]
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

/// Makes this process a child subreaper, once.
fn become_subreaper() {
    static DONE: OnceLock<()> = OnceLock::new();
    DONE.get_or_init(|| {
        let _ = sys::become_subreaper();
    });
}
