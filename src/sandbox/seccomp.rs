//! The system call filter of someone else's program: a classic BPF program, built once in the
//! parent and installed last before exec, that denies what escapes or outlives a jail's
//! namespaces and what opens the kernel's least-audited surfaces:
//! - keyrings (`keyctl`, `add_key`, `request_key`): persistent memory shared across runs;
//! - `io_uring`, which also opens sockets of any family;
//! - `userfaultfd`, `bpf`, `perf_event_open`;
//! - new namespaces (`unshare`, `setns`, `clone` with a namespace flag; `clone3`, whose flags
//!   a filter cannot read, answers "not implemented" so that the C library falls back to
//!   `clone`) and every mount call;
//! - `AF_VSOCK` and `AF_NETLINK` sockets (a vsock reaches across machines' namespaces);
//! - any call of another architecture's table (32-bit or x32 calls on a 64-bit kernel).
//!
//! Denied calls fail with an error (a 32-bit call kills the process); everything else is
//! allowed.

use crate::sandbox::sys::SockFilter;

const LOAD_WORD: u16 = 0x20; // BPF_LD | BPF_W | BPF_ABS
const JUMP_EQUAL: u16 = 0x15; // BPF_JMP | BPF_JEQ | BPF_K
const JUMP_AT_LEAST: u16 = 0x35; // BPF_JMP | BPF_JGE | BPF_K
const JUMP_ANY_BIT: u16 = 0x45; // BPF_JMP | BPF_JSET | BPF_K
const RETURN: u16 = 0x06; // BPF_RET | BPF_K

/// Offsets in `struct seccomp_data`.
const NUMBER: u32 = 0;
const ARCHITECTURE: u32 = 4;
const FIRST_ARGUMENT: u32 = 16;

const KILL_PROCESS: u32 = 0x8000_0000;
const ALLOW: u32 = 0x7fff_0000;
const ERRNO: u32 = 0x0005_0000;

const EPERM: u32 = 1;
const ENOSYS: u32 = 38;
const EAFNOSUPPORT: u32 = 97;

const AF_NETLINK: u32 = 16;
const AF_VSOCK: u32 = 40;

/// Every `CLONE_NEW*` flag `clone` takes in its first argument.
const NAMESPACE_FLAGS: u32 = 0x7e02_0000;

/// The calls of this processor's table that the filter knows.
#[cfg(target_arch = "x86_64")]
mod table {
    pub const ARCHITECTURE: u32 = 0xc000_003e;
    /// Calls numbered from here are x32's.
    pub const FOREIGN_FROM: Option<u32> = Some(0x4000_0000);
    pub const KEYRINGS: [u32; 3] = [250, 248, 249];
    pub const IO_URING: [u32; 3] = [425, 426, 427];
    pub const KERNEL_SURFACES: [u32; 3] = [323, 321, 298];
    pub const NAMESPACES: [u32; 2] = [272, 308];
    pub const MOUNTS: [u32; 10] = [165, 166, 155, 161, 428, 429, 430, 431, 432, 433];
    pub const MOUNT_SETATTR: u32 = 442;
    pub const CLONE: u32 = 56;
    pub const CLONE3: u32 = 435;
    pub const SOCKET: u32 = 41;
}

#[cfg(target_arch = "aarch64")]
mod table {
    pub const ARCHITECTURE: u32 = 0xc000_00b7;
    pub const FOREIGN_FROM: Option<u32> = None;
    pub const KEYRINGS: [u32; 3] = [219, 217, 218];
    pub const IO_URING: [u32; 3] = [425, 426, 427];
    pub const KERNEL_SURFACES: [u32; 3] = [282, 280, 241];
    pub const NAMESPACES: [u32; 2] = [97, 268];
    pub const MOUNTS: [u32; 10] = [40, 39, 41, 51, 428, 429, 430, 431, 432, 433];
    pub const MOUNT_SETATTR: u32 = 442;
    pub const CLONE: u32 = 220;
    pub const CLONE3: u32 = 435;
    pub const SOCKET: u32 = 198;
}

/// Whether this build has a filter for its processor.
pub const BUILT: bool = cfg!(any(target_arch = "x86_64", target_arch = "aarch64"));

fn statement(code: u16, k: u32) -> SockFilter {
    SockFilter {
        code,
        jt: 0,
        jf: 0,
        k,
    }
}

fn jump(code: u16, k: u32, jt: u8, jf: u8) -> SockFilter {
    SockFilter { code, jt, jf, k }
}

/// The filter, instruction by instruction.
///
/// # Examples
///
/// ```
/// let filter = minejudge::sandbox::seccomp::program();
/// assert!(filter.len() < 100);
/// ```
#[cfg(any(target_arch = "x86_64", target_arch = "aarch64"))]
pub fn program() -> Vec<SockFilter> {
    let mut filter = vec![
        statement(LOAD_WORD, ARCHITECTURE),
        jump(JUMP_EQUAL, table::ARCHITECTURE, 1, 0),
        statement(RETURN, KILL_PROCESS),
        statement(LOAD_WORD, NUMBER),
    ];
    if let Some(first) = table::FOREIGN_FROM {
        filter.push(jump(JUMP_AT_LEAST, first, 0, 1));
        filter.push(statement(RETURN, ERRNO | ENOSYS));
    }
    let denied = table::KEYRINGS
        .iter()
        .chain(&table::IO_URING)
        .map(|&call| (call, ENOSYS))
        .chain(
            table::KERNEL_SURFACES
                .iter()
                .chain(&table::NAMESPACES)
                .chain(&table::MOUNTS)
                .chain(&[table::MOUNT_SETATTR])
                .map(|&call| (call, EPERM)),
        )
        .chain([(table::CLONE3, ENOSYS)]);
    for (call, errno) in denied {
        filter.push(jump(JUMP_EQUAL, call, 0, 1));
        filter.push(statement(RETURN, ERRNO | errno));
    }
    filter.extend([
        jump(JUMP_EQUAL, table::CLONE, 0, 4),
        statement(LOAD_WORD, FIRST_ARGUMENT),
        jump(JUMP_ANY_BIT, NAMESPACE_FLAGS, 0, 1),
        statement(RETURN, ERRNO | EPERM),
        statement(RETURN, ALLOW),
        jump(JUMP_EQUAL, table::SOCKET, 0, 5),
        statement(LOAD_WORD, FIRST_ARGUMENT),
        jump(JUMP_EQUAL, AF_VSOCK, 2, 0),
        jump(JUMP_EQUAL, AF_NETLINK, 1, 0),
        statement(RETURN, ALLOW),
        statement(RETURN, ERRNO | EAFNOSUPPORT),
        statement(RETURN, ALLOW),
    ]);
    filter
}

/// No filter for this processor.
#[cfg(not(any(target_arch = "x86_64", target_arch = "aarch64")))]
pub fn program() -> Vec<SockFilter> {
    Vec::new()
}

#[cfg(all(test, any(target_arch = "x86_64", target_arch = "aarch64")))]
mod tests {
    use super::*;

    /// A classic BPF machine for the instructions the filter uses: what the kernel answers for
    /// call `number` of `architecture` with first argument `argument`.
    fn run(filter: &[SockFilter], architecture: u32, number: u32, argument: u32) -> u32 {
        let data = |offset: u32| match offset {
            NUMBER => number,
            ARCHITECTURE => architecture,
            FIRST_ARGUMENT => argument,
            _ => panic!("reads offset {offset}"),
        };
        let (mut at, mut accumulator) = (0usize, 0u32);
        loop {
            let op = filter[at];
            at += 1;
            let taken = match op.code {
                LOAD_WORD => {
                    accumulator = data(op.k);
                    continue;
                }
                RETURN => return op.k,
                JUMP_EQUAL => accumulator == op.k,
                JUMP_AT_LEAST => accumulator >= op.k,
                JUMP_ANY_BIT => accumulator & op.k != 0,
                code => panic!("unknown code {code:#x}"),
            };
            at += usize::from(if taken { op.jt } else { op.jf });
        }
    }

    #[test]
    fn denies_what_it_says_and_allows_the_rest() {
        let filter = program();
        let arch = table::ARCHITECTURE;
        for call in table::KEYRINGS.iter().chain(&table::IO_URING) {
            assert_eq!(run(&filter, arch, *call, 0), ERRNO | ENOSYS, "{call}");
        }
        for call in table::NAMESPACES.iter().chain(&table::MOUNTS) {
            assert_eq!(run(&filter, arch, *call, 0), ERRNO | EPERM, "{call}");
        }
        assert_eq!(run(&filter, arch, table::CLONE3, 0), ERRNO | ENOSYS);
        // A thread or a fork is a clone without namespace flags.
        assert_eq!(run(&filter, arch, table::CLONE, 0x003d_0f00), ALLOW);
        assert_eq!(run(&filter, arch, table::CLONE, 17), ALLOW);
        for flag in [0x2_0000, 0x0200_0000, 0x1000_0000, 0x4000_0000] {
            assert_eq!(
                run(&filter, arch, table::CLONE, 17 | flag),
                ERRNO | EPERM,
                "{flag:#x}"
            );
        }
        assert_eq!(run(&filter, arch, table::SOCKET, 1), ALLOW);
        assert_eq!(run(&filter, arch, table::SOCKET, 2), ALLOW);
        for family in [AF_VSOCK, AF_NETLINK] {
            assert_eq!(
                run(&filter, arch, table::SOCKET, family),
                ERRNO | EAFNOSUPPORT
            );
        }
        // Everyday calls: read, write, openat, exit_group, whatever their number.
        let denied: Vec<u32> = table::KEYRINGS
            .iter()
            .chain(&table::IO_URING)
            .chain(&table::KERNEL_SURFACES)
            .chain(&table::NAMESPACES)
            .chain(&table::MOUNTS)
            .chain(&[table::MOUNT_SETATTR, table::CLONE3])
            .copied()
            .collect();
        for call in 0..=460 {
            let allowed = run(&filter, arch, call, 0) == ALLOW;
            assert_eq!(allowed, !denied.contains(&call), "{call}");
        }
        assert_eq!(run(&filter, 0x4000_0003, 3, 0), KILL_PROCESS);
        if let Some(first) = table::FOREIGN_FROM {
            assert_eq!(run(&filter, arch, first + 1, 0), ERRNO | ENOSYS);
        }
    }
}
