//! The isolation in force, in one line for reports, in English and in Chinese: the two are
//! written side by side so that neither says what the other does not.

use super::{isolation, jail_failure, memory, sys, Isolation, Policy, FOLDER_BYTES};

/// The isolation in force for a policy, in both languages of the reports.
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
        } => jail(user_namespace, seccomp, &count, &limits),
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
fn jail(
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
