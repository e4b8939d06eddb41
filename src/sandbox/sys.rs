//! The Linux calls std does not offer and containment needs: waiting for a child's exit
//! without reaping it (so that its pid, and its process group, stay ours until we kill the
//! group), killing a whole process group, reaping with the peak memory, resource limits, and
//! the calls a jail makes between fork and exec (namespaces, mounts, user ids, a raw fork that
//! takes no lock of the C library). Everything a jail calls after fork is one system call and
//! async-signal-safe: no allocation, no lock.

use std::ffi::CStr;
use std::io;
use std::os::raw::{c_char, c_int, c_long, c_uint, c_ulong, c_void};
use std::sync::atomic::{AtomicU32, Ordering};

const P_PID: c_int = 1;
const WEXITED: c_int = 4;
const WNOWAIT: c_int = 0x0100_0000;
pub const SIGKILL: c_int = 9;
const SIGHUP: c_int = 1;
const SIGINT: c_int = 2;
const SIGTERM: c_int = 15;
const EINTR: c_int = 4;
const ECHILD: c_int = 10;

pub const RLIMIT_CPU: c_int = 0;
pub const RLIMIT_FSIZE: c_int = 1;
pub const RLIMIT_STACK: c_int = 3;
pub const RLIMIT_CORE: c_int = 4;
pub const RLIMIT_MSGQUEUE: c_int = 12;
pub use arch::{RLIMIT_AS, RLIMIT_NOFILE, RLIMIT_NPROC};

pub const CLONE_NEWNS: c_int = 0x0002_0000;
pub const CLONE_NEWCGROUP: c_int = 0x0200_0000;
pub const CLONE_NEWUTS: c_int = 0x0400_0000;
pub const CLONE_NEWIPC: c_int = 0x0800_0000;
pub const CLONE_NEWUSER: c_int = 0x1000_0000;
pub const CLONE_NEWPID: c_int = 0x2000_0000;
pub const CLONE_NEWNET: c_int = 0x4000_0000;

pub const MS_NOSUID: c_ulong = 2;
pub const MS_NODEV: c_ulong = 4;
pub const MS_NOEXEC: c_ulong = 8;
pub const MS_REC: c_ulong = 16384;
pub const MS_BIND: c_ulong = 4096;
pub const MS_PRIVATE: c_ulong = 1 << 18;
const MNT_DETACH: c_int = 2;

const PR_SET_PDEATHSIG: c_int = 1;
const PR_SET_DUMPABLE: c_int = 4;
const PR_GET_SECCOMP: c_int = 21;
const PR_SET_SECCOMP: c_int = 22;
const SECCOMP_MODE_FILTER: c_ulong = 2;
const PR_SET_CHILD_SUBREAPER: c_int = 36;
const PR_SET_NO_NEW_PRIVS: c_int = 38;

const O_RDONLY: c_int = 0;
const O_WRONLY: c_int = 1;
use arch::{O_CLOEXEC, O_CREAT, O_EXCL};
pub use arch::{O_NOFOLLOW, O_NONBLOCK};
const AT_FDCWD: c_int = -100;
const AT_RECURSIVE: c_uint = 0x8000;
pub const MOUNT_ATTR_RDONLY: u64 = 1;
pub const MOUNT_ATTR_NOSUID: u64 = 2;
pub const MOUNT_ATTR_NODEV: u64 = 4;
pub const MOUNT_ATTR_NOEXEC: u64 = 8;

// The numbers that differ between processors, each from that processor's kernel headers
// (`asm/unistd*.h`, `asm/fcntl.h`, `asm/resource.h`, `asm/signal.h`). Where the processor is
// not one of these, none is guessed: the calls that need them are refused.

#[cfg(target_arch = "x86_64")]
mod arch {
    use std::os::raw::{c_int, c_long, c_ulong};
    pub const KNOWN: bool = true;
    pub const CLONE: c_long = 56;
    pub const SETGROUPS: c_long = 116;
    pub const SETRESUID: c_long = 117;
    pub const SETRESGID: c_long = 119;
    pub const CAPSET: c_long = 126;
    pub const PIVOT_ROOT: c_long = 155;
    pub const CLOSE_RANGE: c_long = 436;
    pub const MOUNT_SETATTR: c_long = 442;
    pub const SIGCHLD: c_ulong = 17;
    pub const O_CREAT: c_int = 0o100;
    pub const O_EXCL: c_int = 0o200;
    pub const O_NONBLOCK: Option<c_int> = Some(0o4000);
    pub const O_NOFOLLOW: Option<c_int> = Some(0o400_000);
    pub const O_CLOEXEC: c_int = 0o2_000_000;
    pub const RLIMIT_NPROC: c_int = 6;
    pub const RLIMIT_NOFILE: c_int = 7;
    pub const RLIMIT_AS: c_int = 9;
}

#[cfg(target_arch = "aarch64")]
mod arch {
    use std::os::raw::{c_int, c_long, c_ulong};
    pub const KNOWN: bool = true;
    pub const CLONE: c_long = 220;
    pub const SETGROUPS: c_long = 159;
    pub const SETRESUID: c_long = 147;
    pub const SETRESGID: c_long = 149;
    pub const CAPSET: c_long = 91;
    pub const PIVOT_ROOT: c_long = 41;
    pub const CLOSE_RANGE: c_long = 436;
    pub const MOUNT_SETATTR: c_long = 442;
    pub const SIGCHLD: c_ulong = 17;
    pub const O_CREAT: c_int = 0o100;
    pub const O_EXCL: c_int = 0o200;
    pub const O_NONBLOCK: Option<c_int> = Some(0o4000);
    // Not x86's 0o400000, which is O_LARGEFILE here.
    pub const O_NOFOLLOW: Option<c_int> = Some(0o100_000);
    pub const O_CLOEXEC: c_int = 0o2_000_000;
    pub const RLIMIT_NPROC: c_int = 6;
    pub const RLIMIT_NOFILE: c_int = 7;
    pub const RLIMIT_AS: c_int = 9;
}

/// Another processor: no number is known. A system call number of -1 and a resource of -1
/// are refused by the kernel (ENOSYS, EINVAL), so a limit is never set on the wrong resource;
/// the open flags are never used ([`KNOWN`](arch::KNOWN) is checked first).
#[cfg(not(any(target_arch = "x86_64", target_arch = "aarch64")))]
mod arch {
    use std::os::raw::{c_int, c_long};
    pub const KNOWN: bool = false;
    pub const CLOSE_RANGE: c_long = -1;
    pub const MOUNT_SETATTR: c_long = -1;
    pub const O_CREAT: c_int = 0;
    pub const O_EXCL: c_int = 0;
    pub const O_NONBLOCK: Option<c_int> = None;
    pub const O_NOFOLLOW: Option<c_int> = None;
    pub const O_CLOEXEC: c_int = 0;
    pub const RLIMIT_NPROC: c_int = -1;
    pub const RLIMIT_NOFILE: c_int = -1;
    pub const RLIMIT_AS: c_int = -1;
}

/// Whether this build knows the system call numbers a jail needs.
pub const JAILS_BUILT: bool = arch::KNOWN;

const SYS_CLOSE_RANGE: c_long = arch::CLOSE_RANGE;
const SYS_MOUNT_SETATTR: c_long = arch::MOUNT_SETATTR;

/// `struct rusage`: two `timeval`s, then `ru_maxrss` (KiB) and 13 more longs. Sized
/// generously: the kernel writes less.
#[repr(C)]
struct Rusage {
    times: [c_long; 4],
    maxrss: c_long,
    rest: [c_long; 32],
}

#[repr(C)]
struct Rlimit {
    current: c_ulong,
    max: c_ulong,
}

#[repr(C)]
struct MountAttr {
    attr_set: u64,
    attr_clr: u64,
    propagation: u64,
    userns_fd: u64,
}

#[repr(C)]
struct CapHeader {
    version: u32,
    pid: c_int,
}

#[repr(C)]
#[derive(Clone, Copy)]
struct CapData {
    effective: u32,
    permitted: u32,
    inheritable: u32,
}

extern "C" {
    fn waitid(idtype: c_int, id: u32, info: *mut u64, options: c_int) -> c_int;
    fn wait4(pid: i32, status: *mut c_int, options: c_int, usage: *mut Rusage) -> i32;
    fn kill(pid: i32, signal: c_int) -> c_int;
    fn setrlimit(resource: c_int, limit: *const Rlimit) -> c_int;
    fn getrlimit(resource: c_int, limit: *mut Rlimit) -> c_int;
    fn signal(signal: c_int, handler: usize) -> usize;
    fn _exit(status: c_int) -> !;
    fn getpid() -> i32;
    fn geteuid() -> u32;
    fn getegid() -> u32;
    fn unshare(flags: c_int) -> c_int;
    fn mount(
        source: *const c_char,
        target: *const c_char,
        kind: *const c_char,
        flags: c_ulong,
        data: *const c_void,
    ) -> c_int;
    fn prctl(option: c_int, arg2: c_ulong, arg3: c_ulong, arg4: c_ulong, arg5: c_ulong) -> c_int;
    fn pipe2(fds: *mut c_int, flags: c_int) -> c_int;
    fn open(path: *const c_char, flags: c_int, ...) -> c_int;
    fn close(fd: c_int) -> c_int;
    fn read(fd: c_int, buffer: *mut c_void, count: usize) -> isize;
    fn write(fd: c_int, buffer: *const c_void, count: usize) -> isize;
    fn chdir(path: *const c_char) -> c_int;
    fn mkdir(path: *const c_char, mode: c_uint) -> c_int;
    fn symlink(target: *const c_char, link: *const c_char) -> c_int;
    fn umount2(target: *const c_char, flags: c_int) -> c_int;
    fn sethostname(name: *const c_char, length: usize) -> c_int;
    fn setdomainname(name: *const c_char, length: usize) -> c_int;
    fn chown(path: *const c_char, uid: u32, gid: u32) -> c_int;
    fn unlink(path: *const c_char) -> c_int;
    fn fcntl(fd: c_int, command: c_int, ...) -> c_int;
    fn syscall(number: c_long, ...) -> c_long;
    fn sysconf(name: c_int) -> c_long;
    fn __errno_location() -> *mut c_int;
}

/// The calling thread's `errno`.
fn errno() -> c_int {
    // SAFETY: glibc and musl both give the thread's errno slot.
    unsafe { *__errno_location() }
}

/// `Err(errno)` when a call returned a negative value.
fn check(result: c_long) -> io::Result<c_long> {
    if result < 0 {
        Err(io::Error::from_raw_os_error(errno()))
    } else {
        Ok(result)
    }
}

#[allow(clippy::declare_interior_mutable_const)] // only to fill `LIVE`
const FREE: AtomicU32 = AtomicU32::new(0);

/// The process groups of the live children (0: a free slot), for the interrupt handler and
/// the sweep.
static LIVE: [AtomicU32; 256] = [FREE; 256];

/// Notes child `pid` as live (beyond 256 at once, it is not killed on an interrupt).
pub fn track(pid: u32) {
    let _ = LIVE.iter().find(|slot| {
        slot.compare_exchange(0, pid, Ordering::SeqCst, Ordering::SeqCst)
            .is_ok()
    });
}

/// Forgets child `pid` (before it is reaped, so that the handler never kills a reused pid).
pub fn untrack(pid: u32) {
    let _ = LIVE.iter().find(|slot| {
        slot.compare_exchange(pid, 0, Ordering::SeqCst, Ordering::SeqCst)
            .is_ok()
    });
}

/// Whether `pid` is a tracked live child.
pub fn tracked(pid: u32) -> bool {
    LIVE.iter().any(|slot| slot.load(Ordering::SeqCst) == pid)
}

extern "C" fn on_interrupt(signal: c_int) {
    for slot in &LIVE {
        let pid = slot.load(Ordering::SeqCst);
        if pid != 0 {
            kill_group(pid);
        }
    }
    // SAFETY: async-signal-safe; the usual status of a process ended by `signal`.
    unsafe { _exit(128 + signal) }
}

/// From now on, SIGINT, SIGTERM and SIGHUP kill every tracked child's group, then this process.
pub fn kill_children_on_interrupt() {
    for sig in [SIGINT, SIGTERM, SIGHUP] {
        // SAFETY: the handler only reads atomics and makes async-signal-safe calls.
        unsafe {
            signal(sig, on_interrupt as extern "C" fn(c_int) as usize);
        }
    }
}

/// Blocks until child `pid` has exited, leaving it unreaped (a zombie keeps its pid).
pub fn wait_exited(pid: u32) -> io::Result<()> {
    // siginfo_t is 128 bytes.
    let mut info = [0u64; 16];
    loop {
        // SAFETY: `info` is a writable siginfo_t-sized buffer; waitid only writes into it.
        if unsafe { waitid(P_PID, pid, info.as_mut_ptr(), WEXITED | WNOWAIT) } == 0 {
            return Ok(());
        }
        let err = io::Error::last_os_error();
        if err.kind() != io::ErrorKind::Interrupted {
            return Err(err);
        }
    }
}

/// SIGKILL to every process of the group `pid` leads (a child started in its own group).
/// Safe to call while the leader is unreaped: its pid cannot have been reused.
pub fn kill_group(pid: u32) {
    // SAFETY: a plain system call; a group that is gone gives ESRCH, which is fine.
    unsafe {
        kill(-(pid as i32), SIGKILL);
    }
}

/// SIGKILL to process `pid` alone.
pub fn kill_process(pid: u32) {
    // SAFETY: a plain system call.
    unsafe {
        kill(pid as i32, SIGKILL);
    }
}

/// How a reaped child ended.
pub struct Reaped {
    /// The exit code, or `None` when a signal ended it.
    pub code: Option<i32>,
    /// The signal that ended it.
    pub signal: Option<i32>,
    /// Its peak resident memory, in bytes.
    pub peak_memory: u64,
    /// Its user and system time, with every descendant it reaped.
    pub cpu_time: std::time::Duration,
}

/// Reaps child `pid` (which has exited), with its peak memory.
pub fn reap(pid: u32) -> io::Result<Reaped> {
    let mut status: c_int = 0;
    let mut usage = Rusage {
        times: [0; 4],
        maxrss: 0,
        rest: [0; 32],
    };
    loop {
        // SAFETY: `status` and `usage` are valid for writes of their C types.
        if unsafe { wait4(pid as i32, &mut status, 0, &mut usage) } == pid as i32 {
            break;
        }
        let err = io::Error::last_os_error();
        if err.kind() != io::ErrorKind::Interrupted {
            return Err(err);
        }
    }
    let signal = status & 0x7f;
    Ok(Reaped {
        code: (signal == 0).then_some((status >> 8) & 0xff),
        signal: (signal != 0).then_some(signal),
        peak_memory: usage.maxrss.max(0) as u64 * 1024,
        cpu_time: timeval(usage.times[0], usage.times[1]) + timeval(usage.times[2], usage.times[3]),
    })
}

fn timeval(seconds: c_long, microseconds: c_long) -> std::time::Duration {
    std::time::Duration::from_secs(seconds.max(0) as u64)
        + std::time::Duration::from_micros(microseconds.max(0) as u64)
}

/// The clock ticks of a second, the unit of CPU times in `/proc`.
pub fn clock_ticks() -> u64 {
    // SAFETY: a plain library call; _SC_CLK_TCK is 2.
    let ticks = unsafe { sysconf(2) };
    if ticks > 0 {
        ticks as u64
    } else {
        100
    }
}

/// `resource`'s hard limit in this process (`u64::MAX`: none).
pub fn hard_limit(resource: c_int) -> u64 {
    let mut limit = Rlimit { current: 0, max: 0 };
    // SAFETY: `limit` is valid for a write of an rlimit.
    if unsafe { getrlimit(resource, &mut limit) } == 0 {
        // c_ulong is 32 bits wide on a 32-bit system.
        #[allow(clippy::unnecessary_cast)]
        let max = limit.max as u64;
        max
    } else {
        u64::MAX
    }
}

/// Sets `resource`'s soft and hard limits. Between fork and exec: one system call.
pub fn set_limit(resource: c_int, current: u64, max: u64) -> io::Result<()> {
    let limit = Rlimit {
        current: current as c_ulong,
        max: max as c_ulong,
    };
    // SAFETY: `limit` is a valid rlimit for the call's duration.
    if unsafe { setrlimit(resource, &limit) } == 0 {
        Ok(())
    } else {
        Err(io::Error::from_raw_os_error(errno()))
    }
}

/// The size of a memory page, in bytes.
pub fn page_size() -> u64 {
    const SC_PAGESIZE: c_int = 30;
    // SAFETY: a plain library call.
    u64::try_from(unsafe { sysconf(SC_PAGESIZE) }).unwrap_or(4096)
}

/// This process's pid.
pub fn pid() -> u32 {
    // SAFETY: a plain system call.
    unsafe { getpid() as u32 }
}

/// The effective user and group ids.
pub fn effective_ids() -> (u32, u32) {
    // SAFETY: plain system calls.
    unsafe { (geteuid(), getegid()) }
}

/// Makes orphaned descendants of this process its children, not init's (the fallback that
/// lets a sweep find a process that left its group).
pub fn become_subreaper() -> io::Result<()> {
    // SAFETY: a plain system call.
    check(unsafe { prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) } as c_long).map(|_| ())
}

// The calls below are made between fork and exec: each is one system call.

/// `unshare(flags)`.
pub fn unshare_namespaces(flags: c_int) -> io::Result<()> {
    // SAFETY: a plain system call.
    check(unsafe { unshare(flags) } as c_long).map(|_| ())
}

/// Writes `bytes` to the file at `path` (such as `/proc/self/uid_map`).
pub fn write_file(path: &CStr, bytes: &[u8]) -> io::Result<()> {
    if !arch::KNOWN {
        return Err(unsupported());
    }
    // SAFETY: `path` is NUL-terminated; `bytes` is valid for reads of its length.
    unsafe {
        let fd = check(open(path.as_ptr(), O_WRONLY | O_CLOEXEC) as c_long)? as c_int;
        let written = write(fd, bytes.as_ptr().cast(), bytes.len());
        let err = errno();
        close(fd);
        if written != bytes.len() as isize {
            return Err(io::Error::from_raw_os_error(err));
        }
    }
    Ok(())
}

/// `mount(source, target, kind, flags, data)`.
pub fn mount_at(
    source: Option<&CStr>,
    target: &CStr,
    kind: Option<&CStr>,
    flags: c_ulong,
    data: Option<&CStr>,
) -> io::Result<()> {
    let ptr = |s: Option<&CStr>| s.map_or(std::ptr::null(), CStr::as_ptr);
    // SAFETY: every pointer is null or NUL-terminated.
    check(unsafe {
        mount(
            ptr(source),
            target.as_ptr(),
            ptr(kind),
            flags,
            ptr(data).cast(),
        )
    } as c_long)
    .map(|_| ())
}

/// A fork by the raw system call: unlike the C library's `fork`, it runs no fork handlers and
/// takes no lock (another thread of the parent may have held one when it forked us). Returns
/// 0 in the child, the child's pid in the parent.
#[cfg(any(target_arch = "x86_64", target_arch = "aarch64"))]
pub fn raw_fork() -> io::Result<i32> {
    // SAFETY: clone without CLONE_VM is a fork: the child gets a copy of the memory and goes
    // on from here.
    check(unsafe { syscall(arch::CLONE, arch::SIGCHLD, 0usize, 0usize, 0usize, 0usize) })
        .map(|pid| pid as i32)
}

/// A pipe whose ends close on exec: `(read, write)`.
pub fn pipe() -> io::Result<(c_int, c_int)> {
    if !arch::KNOWN {
        return Err(unsupported());
    }
    let mut fds = [0 as c_int; 2];
    // SAFETY: `fds` holds two ints.
    check(unsafe { pipe2(fds.as_mut_ptr(), O_CLOEXEC) } as c_long)?;
    Ok((fds[0], fds[1]))
}

/// Closes every file descriptor but `keep`.
pub fn close_all_but(keep: c_int) {
    // SAFETY: plain system calls; closing a descriptor that is not open is harmless.
    unsafe {
        let below = if keep > 0 {
            syscall(SYS_CLOSE_RANGE, 0u32, (keep - 1) as u32, 0u32)
        } else {
            0
        };
        let above = syscall(SYS_CLOSE_RANGE, (keep + 1) as u32, u32::MAX, 0u32);
        if below < 0 || above < 0 {
            // Before Linux 5.9: one by one, as far as descriptors usually go.
            for fd in 0..65536 {
                if fd != keep {
                    close(fd);
                }
            }
        }
    }
}

/// Marks every descriptor from 3 up close-on-exec: the program then starts with its three
/// standard streams only, whatever this process inherited, while a descriptor the steps before
/// exec still use (std's pipe that reports a failed exec) stays open until the exec.
pub fn close_on_exec_above_standard_streams() {
    const CLOSE_RANGE_CLOEXEC: c_uint = 4;
    const F_SETFD: c_int = 2;
    const FD_CLOEXEC: c_int = 1;
    // SAFETY: plain system calls on descriptors of this process.
    unsafe {
        if syscall(SYS_CLOSE_RANGE, 3u32, u32::MAX, CLOSE_RANGE_CLOEXEC) < 0 {
            // Before Linux 5.11: one by one, as far as descriptors usually go.
            for fd in 3..65536 {
                fcntl(fd, F_SETFD, FD_CLOEXEC);
            }
        }
    }
}

/// Waits for child `pid` and gives its raw wait status.
pub fn wait_status(pid: i32) -> Option<c_int> {
    let mut status: c_int = 0;
    loop {
        // SAFETY: `status` is valid for a write.
        let got = unsafe { wait4(pid, &mut status, 0, std::ptr::null_mut()) };
        if got == pid {
            return Some(status);
        }
        if got < 0 && errno() != EINTR {
            return None;
        }
    }
}

/// Reaps any child (blocking): `Some((pid, status))`, or `None` when there is none left.
pub fn wait_any() -> Option<(i32, c_int)> {
    let mut status: c_int = 0;
    loop {
        // SAFETY: `status` is valid for a write.
        let got = unsafe { wait4(-1, &mut status, 0, std::ptr::null_mut()) };
        if got > 0 {
            return Some((got, status));
        }
        if errno() == ECHILD || errno() != EINTR {
            return None;
        }
    }
}

/// Reads exactly `buffer.len()` bytes, or fewer at the end of the input.
pub fn read_full(fd: c_int, buffer: &mut [u8]) -> usize {
    let mut got = 0;
    while got < buffer.len() {
        // SAFETY: the rest of `buffer` is valid for writes.
        let n = unsafe { read(fd, buffer[got..].as_mut_ptr().cast(), buffer.len() - got) };
        if n > 0 {
            got += n as usize;
        } else if n == 0 || errno() != EINTR {
            break;
        }
    }
    got
}

/// Writes all of `bytes`, as far as the pipe takes them.
pub fn write_full(fd: c_int, bytes: &[u8]) {
    let mut done = 0;
    while done < bytes.len() {
        // SAFETY: the rest of `bytes` is valid for reads.
        let n = unsafe { write(fd, bytes[done..].as_ptr().cast(), bytes.len() - done) };
        if n > 0 {
            done += n as usize;
        } else if n == 0 || errno() != EINTR {
            break;
        }
    }
}

/// Ends the calling process at once with `code` (no destructors, no atexit handlers).
pub fn exit_now(code: c_int) -> ! {
    // SAFETY: _exit is async-signal-safe and never returns.
    unsafe { _exit(code) }
}

/// Ends the calling process the way a child with wait status `status` ended: the same exit
/// code, or the same signal (its core dump off).
pub fn end_like(status: c_int) -> ! {
    let signal_number = status & 0x7f;
    if signal_number == 0 {
        exit_now((status >> 8) & 0xff);
    }
    let _ = set_limit(RLIMIT_CORE, 0, 0);
    // SAFETY: plain system calls; SIG_DFL is 0.
    unsafe {
        signal(signal_number, 0);
        kill(getpid(), signal_number);
    }
    exit_now(128 + signal_number)
}

/// Dies with SIGKILL when the parent does (`PR_SET_PDEATHSIG`).
pub fn die_with_parent() -> io::Result<()> {
    // SAFETY: a plain system call.
    check(unsafe { prctl(PR_SET_PDEATHSIG, SIGKILL as c_ulong, 0, 0, 0) } as c_long).map(|_| ())
}

/// Takes `uid` and `gid` for good, with no supplementary groups (as root: this drops every
/// capability).
#[cfg(any(target_arch = "x86_64", target_arch = "aarch64"))]
pub fn become_user(uid: u32, gid: u32) -> io::Result<()> {
    // SAFETY: plain system calls.
    unsafe {
        check(syscall(arch::SETGROUPS, 0usize, 0usize))?;
        check(syscall(arch::SETRESGID, gid, gid, gid))?;
        check(syscall(arch::SETRESUID, uid, uid, uid))?;
    }
    Ok(())
}

/// Drops every capability of the calling process (root of a user namespace keeps its user
/// id but can no longer mount, and with no-new-privileges cannot regain them by exec).
#[cfg(any(target_arch = "x86_64", target_arch = "aarch64"))]
pub fn drop_capabilities() -> io::Result<()> {
    const VERSION_3: u32 = 0x2008_0522;
    let mut header = CapHeader {
        version: VERSION_3,
        pid: 0,
    };
    let data = [CapData {
        effective: 0,
        permitted: 0,
        inheritable: 0,
    }; 2];
    // SAFETY: a version-3 header and two data structs, as capset expects.
    check(unsafe { syscall(arch::CAPSET, &mut header as *mut CapHeader, data.as_ptr()) })
        .map(|_| ())
}

/// The error of a call this build has no numbers for.
fn unsupported() -> io::Error {
    io::Error::new(io::ErrorKind::Unsupported, "no jail on this processor")
}

/// Not built for this processor: jails fall back to process groups.
#[cfg(not(any(target_arch = "x86_64", target_arch = "aarch64")))]
pub fn raw_fork() -> io::Result<i32> {
    Err(unsupported())
}

/// Not built for this processor.
#[cfg(not(any(target_arch = "x86_64", target_arch = "aarch64")))]
pub fn become_user(_uid: u32, _gid: u32) -> io::Result<()> {
    Err(unsupported())
}

/// Not built for this processor.
#[cfg(not(any(target_arch = "x86_64", target_arch = "aarch64")))]
pub fn drop_capabilities() -> io::Result<()> {
    Err(unsupported())
}

/// No set-user-id program or file capability can raise the calling process's privileges.
pub fn no_new_privileges() -> io::Result<()> {
    // SAFETY: a plain system call.
    check(unsafe { prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) } as c_long).map(|_| ())
}

/// `chdir(path)`.
pub fn change_dir(path: &CStr) -> io::Result<()> {
    // SAFETY: `path` is NUL-terminated.
    check(unsafe { chdir(path.as_ptr()) } as c_long).map(|_| ())
}

/// `mkdir(path, mode)`.
pub fn make_dir(path: &CStr, mode: u32) -> io::Result<()> {
    // SAFETY: `path` is NUL-terminated.
    check(unsafe { mkdir(path.as_ptr(), mode) } as c_long).map(|_| ())
}

/// `symlink(target, link)`.
pub fn make_symlink(target: &CStr, link: &CStr) -> io::Result<()> {
    // SAFETY: both are NUL-terminated.
    check(unsafe { symlink(target.as_ptr(), link.as_ptr()) } as c_long).map(|_| ())
}

/// Creates the empty file `path` (it must not exist), for a bind mount to cover.
pub fn make_file(path: &CStr, mode: u32) -> io::Result<()> {
    if !arch::KNOWN {
        return Err(unsupported());
    }
    // SAFETY: `path` is NUL-terminated.
    let fd = check(
        unsafe { open(path.as_ptr(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode) } as c_long,
    )? as c_int;
    // SAFETY: `fd` is ours.
    unsafe { close(fd) };
    Ok(())
}

/// `unlink(path)`.
pub fn remove_file(path: &CStr) -> io::Result<()> {
    // SAFETY: `path` is NUL-terminated.
    check(unsafe { unlink(path.as_ptr()) } as c_long).map(|_| ())
}

/// Copies the file `from` into a new file `to` of `mode`, through a buffer on the stack.
pub fn copy_file(from: &CStr, to: &CStr, mode: u32) -> io::Result<()> {
    if !arch::KNOWN {
        return Err(unsupported());
    }
    // SAFETY: both paths are NUL-terminated; the descriptors are ours and closed below.
    unsafe {
        let source = check(open(from.as_ptr(), O_RDONLY | O_CLOEXEC) as c_long)? as c_int;
        let target = open(to.as_ptr(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode);
        if target < 0 {
            let err = errno();
            close(source);
            return Err(io::Error::from_raw_os_error(err));
        }
        let mut buffer = [0u8; 16 * 1024];
        let result = loop {
            let n = read(source, buffer.as_mut_ptr().cast(), buffer.len());
            if n == 0 {
                break Ok(());
            }
            if n < 0 {
                if errno() == EINTR {
                    continue;
                }
                break Err(io::Error::from_raw_os_error(errno()));
            }
            let mut done = 0;
            while done < n as usize {
                let w = write(target, buffer[done..].as_ptr().cast(), n as usize - done);
                if w <= 0 {
                    break;
                }
                done += w as usize;
            }
            if done < n as usize {
                break Err(io::Error::from_raw_os_error(errno()));
            }
        };
        close(source);
        close(target);
        result
    }
}

/// Sets (and clears) mount attributes of the mount at `path`, and of every mount below it when
/// `recursive` (`mount_setattr`, Linux 5.12).
pub fn set_mount_attributes(path: &CStr, set: u64, clear: u64, recursive: bool) -> io::Result<()> {
    let attr = MountAttr {
        attr_set: set,
        attr_clr: clear,
        propagation: 0,
        userns_fd: 0,
    };
    let flags = if recursive { AT_RECURSIVE } else { 0 };
    // SAFETY: `path` is NUL-terminated and `attr` a valid mount_attr of the size given.
    check(unsafe {
        syscall(
            SYS_MOUNT_SETATTR,
            AT_FDCWD,
            path.as_ptr(),
            flags,
            &attr as *const MountAttr,
            std::mem::size_of::<MountAttr>(),
        )
    })
    .map(|_| ())
}

/// Makes the current folder the root, the old root stacked on it and then detached
/// (`pivot_root(".", ".")`): nothing of the old file system stays reachable.
#[cfg(any(target_arch = "x86_64", target_arch = "aarch64"))]
pub fn pivot_to_current_dir(dot: &CStr, root: &CStr) -> io::Result<()> {
    // SAFETY: both paths are NUL-terminated.
    unsafe {
        check(syscall(arch::PIVOT_ROOT, dot.as_ptr(), dot.as_ptr()))?;
        check(umount2(dot.as_ptr(), MNT_DETACH) as c_long)?;
        check(chdir(root.as_ptr()) as c_long)?;
    }
    Ok(())
}

/// Not built for this processor.
#[cfg(not(any(target_arch = "x86_64", target_arch = "aarch64")))]
pub fn pivot_to_current_dir(_dot: &CStr, _root: &CStr) -> io::Result<()> {
    Err(unsupported())
}

/// Sets the host and domain names of this UTS namespace.
pub fn set_names(name: &CStr) -> io::Result<()> {
    let bytes = name.to_bytes();
    // SAFETY: `name` is valid for reads of its length.
    unsafe {
        check(sethostname(name.as_ptr(), bytes.len()) as c_long)?;
        check(setdomainname(name.as_ptr(), bytes.len()) as c_long)?;
    }
    Ok(())
}

/// Makes this process undumpable: its `/proc/PID` files then belong to root, and no process
/// without `CAP_SYS_PTRACE` may read its memory, environment, links or maps.
pub fn make_undumpable() -> io::Result<()> {
    // SAFETY: a plain system call.
    check(unsafe { prctl(PR_SET_DUMPABLE, 0, 0, 0, 0) } as c_long).map(|_| ())
}

/// Whether this kernel has seccomp filters.
pub fn seccomp_available() -> bool {
    // SAFETY: a plain system call; EINVAL when the kernel lacks seccomp.
    unsafe { prctl(PR_GET_SECCOMP, 0, 0, 0, 0) >= 0 }
}

/// One instruction of a classic BPF program (`struct sock_filter`).
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SockFilter {
    /// The operation.
    pub code: u16,
    /// Instructions skipped when a jump's test holds.
    pub jt: u8,
    /// Instructions skipped when it fails.
    pub jf: u8,
    /// The operand.
    pub k: u32,
}

#[repr(C)]
struct SockFprog {
    len: u16,
    filter: *const SockFilter,
}

/// Installs `program` as this process's seccomp filter (no-new-privileges must be set).
pub fn install_seccomp(program: &[SockFilter]) -> io::Result<()> {
    let fprog = SockFprog {
        len: program.len() as u16,
        filter: program.as_ptr(),
    };
    // SAFETY: `fprog` points at `program`, valid for the call.
    check(unsafe {
        prctl(
            PR_SET_SECCOMP,
            SECCOMP_MODE_FILTER,
            &fprog as *const SockFprog as c_ulong,
            0,
            0,
        )
    } as c_long)
    .map(|_| ())
}

/// `chown(path, uid, gid)` (in the parent, before a run).
pub fn change_owner(path: &CStr, uid: u32, gid: u32) -> io::Result<()> {
    // SAFETY: `path` is NUL-terminated.
    check(unsafe { chown(path.as_ptr(), uid, gid) } as c_long).map(|_| ())
}

/// Overwrites this process's copy of the memory between `start` and `end` with zeros: the
/// command line or environment a fork inherited, which `/proc/PID/cmdline` shows.
///
/// # Safety
/// `start..end` must be mapped and writable in this process (the `arg_start..arg_end` or
/// `env_start..env_end` of `/proc/self/stat`), and nothing may read it afterwards.
pub unsafe fn zero_memory(start: usize, end: usize) {
    if end > start {
        std::ptr::write_bytes(start as *mut u8, 0, end - start);
    }
}
