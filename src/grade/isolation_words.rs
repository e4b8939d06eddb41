//! The isolation in force (`sandbox::describe`), as the report shows it: in Chinese, phrase by
//! phrase. Only the reason a jail could not be set up, which the kernel's answer words,
//! stays English.

use crate::grade::words::Lang;

/// The isolation's phrases and their Chinese, the longest tried first.
pub(crate) const PHRASES: &[(&str, &str)] = &[
    (
        "a jail: an empty root (a program's: the loader and the libraries it needs; the \
         compiler's: the system's programs and libraries, none of ours; all read-only; \
         /dev/null, zero, random and urandom, an empty /etc, its own /proc, a fresh ",
        "隔离环境：空的根目录（程序的：加载器和它需要的库；编译器的：系统的程序和库，\
         不含本项目的；全部只读；/dev/null、/dev/zero、/dev/random 和 /dev/urandom，\
         空的 /etc，自己的 /proc，一个全新的 ",
    ),
    (
        " MiB folder it starts in); only its standard streams open; PID, mount, network, IPC, \
         UTS and cgroup namespaces; an environment of PATH, HOME, TMPDIR and LANG only; ",
        " MiB 起始文件夹）；只打开标准输入输出；独立的 PID、挂载、网络、IPC、UTS 和 cgroup \
         命名空间；环境变量只有 PATH、HOME、TMPDIR 和 LANG；",
    ),
    (
        "a user id of its own inside a user namespace (outside, the kernel allows only ours), \
         no capabilities",
        "用户命名空间内独立的用户身份（命名空间外，内核只允许本程序的身份），没有任何特权",
    ),
    ("an unprivileged user id of its own", "独立的无特权用户身份"),
    ("at most ", "最多 "),
    (" processes", " 个进程"),
    (" process", " 个进程"),
    ("; no_new_privs; ", "；no_new_privs；"),
    (
        "a system call filter (no keyrings, io_uring, userfaultfd, bpf, perf events, \
         namespaces, mounts, vsock or netlink sockets)",
        "系统调用过滤（不许用密钥环、io_uring、userfaultfd、bpf、perf 事件、命名空间、\
         挂载、vsock 和 netlink 套接字）",
    ),
    (
        "no system call filter (this kernel has no seccomp)",
        "没有系统调用过滤（此内核没有 seccomp）",
    ),
    (
        "limits on CPU time, wall time, address space, stack, output and file size",
        "限制 CPU 时间、墙钟时间、地址空间、栈、输出和文件大小",
    ),
    (
        "memory also counted as resident memory, shared memory and files in memory included \
         (a memory cgroup, v1)",
        "内存另按常驻内存计，含共享内存和内存中的文件（内存 cgroup，v1）",
    ),
    (
        "memory also counted as resident memory, shared memory and files in memory included \
         (a memory cgroup, v2, no swap)",
        "内存另按常驻内存计，含共享内存和内存中的文件（内存 cgroup，v2，不用交换空间）",
    ),
    (
        "System V shared memory and message queues capped to the memory limit in the run's \
         IPC namespace, files in memory by the file size limit (no memory cgroup is usable \
         here)",
        "在本次运行的 IPC 命名空间内，System V 共享内存和消息队列以内存限制为上限，\
         内存中的文件以文件大小限制为上限（这里没有可用的内存 cgroup）",
    ),
    (
        "a PID namespace of its own: when the run ends, the kernel ends every process it \
         started, whatever group or session it moved to; ",
        "独立的 PID 命名空间：运行结束时，内核结束它启动的每个进程，无论进程移到了哪个组或会话；",
    ),
    (
        "a process group of its own, killed as a whole, and a sweep after each run of what \
         left the group (this process is a child subreaper; namespaces are not available \
         here); ",
        "独立的进程组，整体终止，每次运行后清理离开进程组的进程（本进程收养离开的子进程；这里不能用命名空间）；",
    ),
    ("NOT JAILED (", "未隔离（"),
    (
        "; weaker isolation was chosen): it sees the whole file system, the network and the \
         environment; a process group of its own, killed as a whole, and a sweep of what left \
         it",
        "；已选择较弱的隔离）：它能看到整个文件系统、网络和环境变量；独立的进程组，整体终止，\
         并清理离开进程组的进程",
    ),
    ("; an unprivileged user id of its own, ", "；独立的无特权用户身份，"),
    ("; a fresh folder it starts in; ", "；一个全新的起始文件夹；"),
    (", ", "，"),
    ("; ", "；"),
];

impl Lang {
    /// The isolation in force, described by `sandbox::describe` in English, in this language.
    pub fn isolation(self, english: &str) -> String {
        if self == Lang::English {
            return english.to_string();
        }
        let mut phrases = PHRASES.to_vec();
        phrases.sort_by_key(|(en, _)| std::cmp::Reverse(en.len()));
        let mut text = english.to_string();
        for (en, zh) in phrases {
            text = text.replace(en, zh);
        }
        text
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_jails_description_is_put_in_chinese() {
        let english = "a jail: an empty root (a program's: the loader and the libraries it \
            needs; the compiler's: the system's programs and libraries, none of ours; all \
            read-only; /dev/null, zero, random and urandom, an empty /etc, its own /proc, a \
            fresh 64 MiB folder it starts in); only its standard streams open; PID, mount, \
            network, IPC, UTS and cgroup namespaces; an environment of PATH, HOME, TMPDIR and \
            LANG only; an unprivileged user id of its own, at most 1 process; no_new_privs; a \
            system call filter (no keyrings, io_uring, userfaultfd, bpf, perf events, \
            namespaces, mounts, vsock or netlink sockets); limits on CPU time, wall time, \
            address space, stack, output and file size; memory also counted as resident \
            memory, shared memory and files in memory included (a memory cgroup, v2, no swap)";
        let chinese = Lang::Chinese.isolation(english);
        assert!(chinese.starts_with("隔离环境：空的根目录"), "{chinese}");
        assert!(
            chinese.contains("，最多 1 个进程；no_new_privs；"),
            "{chinese}"
        );
        assert!(
            chinese.ends_with("（内存 cgroup，v2，不用交换空间）"),
            "{chinese}"
        );
        assert_eq!(Lang::English.isolation(english), english);
    }
}
