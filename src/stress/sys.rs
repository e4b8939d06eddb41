//! The Linux calls std does not offer and a clean kill needs: wait for a child's exit without
//! reaping it (so that its pid, and its process group, stay ours until we kill the group), kill
//! a whole process group (`python3 sol.py` or `sh -c` leave grandchildren holding the pipes),
//! reap with the peak memory, cap a child's address space, CPU time and file size before it
//! starts, and kill every live child's group when `stress` itself is interrupted (its children are in groups of their own,
//! so Ctrl-C does not reach them).

use std::io;
use std::os::raw::{c_int, c_long, c_ulong};
use std::sync::atomic::{AtomicU32, Ordering};

const P_PID: c_int = 1;
const WEXITED: c_int = 4;
const WNOWAIT: c_int = 0x0100_0000;
const SIGKILL: c_int = 9;
const RLIMIT_CPU: c_int = 0;
const RLIMIT_FSIZE: c_int = 1;
const RLIMIT_AS: c_int = 9;
const SIGHUP: c_int = 1;
const SIGINT: c_int = 2;
const SIGTERM: c_int = 15;

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

extern "C" {
    fn waitid(idtype: c_int, id: u32, info: *mut u64, options: c_int) -> c_int;
    fn wait4(pid: i32, status: *mut c_int, options: c_int, usage: *mut Rusage) -> i32;
    fn kill(pid: i32, signal: c_int) -> c_int;
    fn setrlimit(resource: c_int, limit: *const Rlimit) -> c_int;
    fn signal(signal: c_int, handler: extern "C" fn(c_int)) -> usize;
    fn _exit(status: c_int) -> !;
}

#[allow(clippy::declare_interior_mutable_const)] // only to fill `LIVE`
const FREE: AtomicU32 = AtomicU32::new(0);

/// The process groups of the live children (0: a free slot), for the interrupt handler.
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
            signal(sig, on_interrupt);
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

/// How a reaped child ended.
pub struct Reaped {
    /// The exit code, or `None` when a signal ended it.
    pub code: Option<i32>,
    /// The signal that ended it.
    pub signal: Option<i32>,
    /// Its peak resident memory, in bytes.
    pub peak_memory: u64,
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
    })
}

/// Caps the calling process's address space at `bytes`: run in the child between fork and
/// exec, so only async-signal-safe work (one system call).
pub fn limit_address_space(bytes: u64) -> io::Result<()> {
    set_limit(RLIMIT_AS, bytes, bytes)
}

/// Caps the calling process's CPU time at `seconds` (SIGXCPU), then a second more (SIGKILL):
/// a child that escapes the wall-time kill (it left its process group) still stops. Between
/// fork and exec, like [`limit_address_space`].
pub fn limit_cpu(seconds: u64) -> io::Result<()> {
    set_limit(RLIMIT_CPU, seconds, seconds.saturating_add(1))
}

/// Caps the size of any file the calling process writes at `bytes` (SIGXFSZ beyond): a
/// program under test has no business writing files. Between fork and exec.
pub fn limit_file_size(bytes: u64) -> io::Result<()> {
    set_limit(RLIMIT_FSIZE, bytes, bytes)
}

fn set_limit(resource: c_int, current: u64, max: u64) -> io::Result<()> {
    let limit = Rlimit {
        current: current as c_ulong,
        max: max as c_ulong,
    };
    // SAFETY: `limit` is a valid rlimit for the call's duration.
    if unsafe { setrlimit(resource, &limit) } == 0 {
        Ok(())
    } else {
        Err(io::Error::last_os_error())
    }
}
