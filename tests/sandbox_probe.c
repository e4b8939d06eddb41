/* The sandbox tests' probe: a compiled program, as a student's is, since the jail holds no
 * shell nor any other program. `probe view MARKER...` prints what it sees, one `key=value`
 * line each (a key may repeat); the other modes each do one thing the tests check. */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <linux/audit.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <sched.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

/* The names in `path`, space-separated, on one line after `key=`. */
static void names(const char *key, const char *path) {
    printf("%s=", key);
    DIR *dir = opendir(path);
    struct dirent *e;
    while (dir && (e = readdir(dir)))
        if (strcmp(e->d_name, ".") && strcmp(e->d_name, ".."))
            printf("%s ", e->d_name);
    if (dir)
        closedir(dir);
    printf("\n");
}

/* Every entry under `path` but /proc's, /dev's and /box's: `D path`, `F path` or `L path target`. */
static void tree(const char *path) {
    DIR *dir = opendir(path);
    struct dirent *e;
    while (dir && (e = readdir(dir))) {
        if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
            continue;
        char full[4096], target[4096];
        snprintf(full, sizeof full, "%s/%s", strcmp(path, "/") ? path : "", e->d_name);
        struct stat st;
        if (lstat(full, &st) != 0)
            continue;
        if (S_ISLNK(st.st_mode)) {
            ssize_t n = readlink(full, target, sizeof target - 1);
            target[n < 0 ? 0 : n] = 0;
            printf("entry=L:%s:%s\n", full, target);
        } else if (S_ISDIR(st.st_mode)) {
            printf("entry=D:%s\n", full);
            if (strcmp(full, "/proc") && strcmp(full, "/dev") && strcmp(full, "/box"))
                tree(full);
        } else {
            printf("entry=F:%s\n", full);
        }
    }
    if (dir)
        closedir(dir);
}

/* The bytes of `path` (up to 64 KiB), NULs as spaces; `count` its length only. */
static void file(const char *key, const char *path, int count) {
    char buffer[65536];
    int fd = open(path, O_RDONLY);
    ssize_t n = fd < 0 ? 0 : read(fd, buffer, sizeof buffer - 1), length = 0;
    for (ssize_t i = 0; i < n; i++)
        if (buffer[i] != 0)
            buffer[length++] = buffer[i] == '\n' ? ' ' : buffer[i];
    buffer[length] = 0;
    if (fd >= 0)
        close(fd);
    if (count)
        printf("%s=%zd\n", key, length);
    else
        printf("%s=%s\n", key, buffer);
}

static void view(int argc, char **argv) {
    char here[4096], link[4096];
    /* First, before the probe opens anything of its own. */
    DIR *fds = opendir("/proc/self/fd");
    struct dirent *e;
    printf("fds=");
    while (fds && (e = readdir(fds)))
        if (e->d_name[0] != '.' && atoi(e->d_name) != dirfd(fds))
            printf("%s ", e->d_name);
    printf("\n");
    closedir(fds);
    names("root", "/");
    names("dev", "/dev");
    names("etc", "/etc");
    names("box", "/box");
    printf("cwd=%s\n", getcwd(here, sizeof here) ? here : "");
    for (int i = 2; i < argc; i++)
        if (access(argv[i], F_OK) == 0)
            printf("seen=%s\n", argv[i]);
    const char *programs[] = {"/bin", "/sbin", "/usr/bin", "/usr/sbin", "/usr/local", "/opt",
                              "/bin/sh", "/usr/bin/sh", "/usr/bin/env"};
    for (unsigned i = 0; i < sizeof programs / sizeof *programs; i++)
        if (access(programs[i], F_OK) == 0)
            printf("program=%s\n", programs[i]);
    tree("/");
    file("init_cmdline", "/proc/1/cmdline", 1);
    file("init_environ", "/proc/1/environ", 1);
    ssize_t n = readlink("/proc/1/exe", link, sizeof link - 1);
    link[n < 0 ? 0 : n] = 0;
    printf("init_exe=%s\n", link);
    file("init_maps", "/proc/1/maps", 1);
    int fd = open("/proc/self/environ", O_RDONLY);
    char env[8192];
    n = fd < 0 ? 0 : read(fd, env, sizeof env - 1);
    printf("environ=");
    for (ssize_t i = 0, start = 0; i < n; i++)
        if (env[i] == 0) {
            printf("%.*s ", (int)(i - start), env + start);
            start = i + 1;
        }
    printf("\n");
    FILE *dev = fopen("/proc/net/dev", "r");
    char line[512];
    printf("interfaces=");
    for (int i = 0; dev && fgets(line, sizeof line, dev); i++) {
        char name[64];
        if (i >= 2 && sscanf(line, " %63[^:]:", name) == 1)
            printf("%s ", name);
    }
    printf("\n");
    file("hostname", "/proc/sys/kernel/hostname", 0);
    FILE *shm = fopen("/proc/sysvipc/shm", "r");
    int segments = -1;
    while (shm && fgets(line, sizeof line, shm))
        segments++;
    printf("shm=%d\n", segments < 0 ? 0 : segments);
    const char *spaces[] = {"pid", "mnt", "net", "ipc", "uts", "cgroup", "user"};
    for (int i = 0; i < 7; i++) {
        char path[64];
        snprintf(path, sizeof path, "/proc/self/ns/%s", spaces[i]);
        n = readlink(path, link, sizeof link - 1);
        link[n < 0 ? 0 : n] = 0;
        printf("ns_%s=%s\n", spaces[i], link);
    }
    printf("uid=%d\n", (int)getuid());
    FILE *status = fopen("/proc/self/status", "r");
    while (status && fgets(line, sizeof line, status))
        if (!strncmp(line, "Seccomp:", 8))
            printf("seccomp=Seccomp:%d\n", atoi(line + 8));
        else if (!strncmp(line, "NoNewPrivs:", 11))
            printf("no_new_privs=%d\n", atoi(line + 11));
        else if (!strncmp(line, "CapEff:", 7) || !strncmp(line, "CapPrm:", 7))
            printf("capabilities=%s", line + 7);
    printf("unshare=%d\n", unshare(CLONE_NEWUSER) == 0 ? 0 : errno);
    int processes = 0;
    DIR *proc = opendir("/proc");
    while (proc && (e = readdir(proc)))
        processes += e->d_name[0] >= '0' && e->d_name[0] <= '9';
    printf("processes=%d\n", processes);
    pid_t child = fork();
    if (child == 0)
        _exit(0);
    printf("forked=%s\n", child > 0 ? "yes" : "");
    struct stat init;
    printf("init_owner=%d\n", stat("/proc/1/environ", &init) == 0 ? (int)init.st_uid : -1);
    const int resources[] = {RLIMIT_CORE, RLIMIT_MSGQUEUE};
    const char *limit_names[] = {"core", "msgqueue"};
    for (int i = 0; i < 2; i++) {
        struct rlimit limit;
        getrlimit(resources[i], &limit);
        printf("limit_%s=%llu %llu\n", limit_names[i], (unsigned long long)limit.rlim_cur,
               (unsigned long long)limit.rlim_max);
    }
    /* Descriptors are given lowest first: the last one before a refusal is the limit's. */
    int last = -1, next;
    while (last < 100000 && (next = open("/dev/null", O_RDONLY)) >= 0)
        last = next;
    printf("open_files=%d\n", last + 1);
}

#if defined(__x86_64__)
#define NATIVE_ARCHITECTURE AUDIT_ARCH_X86_64
#else
#define NATIVE_ARCHITECTURE AUDIT_ARCH_AARCH64
#endif

/* The error number of a raw system call, 0 when it succeeded. */
static long error_of(long number, long a, long b, long c, long d, long e) {
    errno = 0;
    return syscall(number, a, b, c, d, e) < 0 ? errno : 0;
}

/* The calls the jail's filter denies, each tried, one `call_NAME=ERRNO` line each. The
 * numbers are the C library's, not the filter's. Calls the filter answers "not implemented"
 * are made for real, with arguments the kernel refuses otherwise (a bad operation, pointer or
 * descriptor). The others are made under a filter of the probe's own that traces them: with
 * no tracer the kernel answers "not implemented" and runs nothing, so an answer other than
 * that is the jail's filter's, whatever the kernel itself would have said. */
static void calls(void) {
#if defined(__x86_64__)
    /* A 32-bit call (getpid by int 0x80) from a 64-bit process. */
    pid_t child = fork();
    if (child == 0) {
        long result;
        __asm__ volatile("int $0x80" : "=a"(result) : "a"(20L) : "memory", "r8", "r9", "r10", "r11");
        _exit(result > 0 ? 0 : 1);
    }
    int status = 0;
    waitpid(child, &status, 0);
    if (WIFSIGNALED(status))
        printf("foreign=signal %d\n", WTERMSIG(status));
    else
        printf("foreign=exit %d\n", WEXITSTATUS(status));
    printf("call_x32=%ld\n", error_of(0x40000000L | __NR_getpid, 0, 0, 0, 0, 0));
#endif
    printf("call_keyctl=%ld\n", error_of(__NR_keyctl, 0x7fff, 0, 0, 0, 0));
    printf("call_add_key=%ld\n", error_of(__NR_add_key, 1, 1, 0, 0, -1));
    printf("call_request_key=%ld\n", error_of(__NR_request_key, 1, 1, 0, -1, 0));
    printf("call_io_uring_setup=%ld\n", error_of(__NR_io_uring_setup, 1, 0, 0, 0, 0));
    printf("call_io_uring_enter=%ld\n", error_of(__NR_io_uring_enter, -1, 0, 0, 0, 0));
    printf("call_io_uring_register=%ld\n", error_of(__NR_io_uring_register, -1, 0, 0, 0, 0));
    printf("call_clone3=%ld\n", error_of(__NR_clone3, 0, 0, 0, 0, 0));

    const struct { const char *name; long number, a, b; } traced[] = {
        {"userfaultfd", __NR_userfaultfd, -1, 0},
        {"bpf", __NR_bpf, -1, 0},
        {"perf_event_open", __NR_perf_event_open, 0, 0},
        {"unshare", __NR_unshare, 1, 0},
        {"setns", __NR_setns, -1, 0},
        {"mount", __NR_mount, 0, 0},
        {"umount2", __NR_umount2, 0, -1},
        {"pivot_root", __NR_pivot_root, 0, 0},
        {"chroot", __NR_chroot, 0, 0},
        {"open_tree", __NR_open_tree, -1, 0},
        {"move_mount", __NR_move_mount, -1, 0},
        {"fsopen", __NR_fsopen, 0, -1},
        {"fsconfig", __NR_fsconfig, -1, -1},
        {"fsmount", __NR_fsmount, -1, -1},
        {"fspick", __NR_fspick, -1, 0},
        {"mount_setattr", __NR_mount_setattr, -1, 0},
        /* A new mount namespace sharing the file system's root: invalid, should it run. */
        {"clone_namespace", __NR_clone, CLONE_NEWNS | CLONE_FS | SIGCHLD, 0},
        {"socket_vsock", __NR_socket, 40, -1},
        {"socket_netlink", __NR_socket, AF_NETLINK, -1},
        /* Allowed by the jail's filter: "not implemented" shows the probe's own in force. */
        {"socket_unix", __NR_socket, AF_UNIX, -1},
    };
    enum { COUNT = sizeof traced / sizeof *traced };
    struct sock_filter program[2 * COUNT + 5];
    int n = 0;
    program[n++] = (struct sock_filter)BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, arch));
    program[n++] = (struct sock_filter)BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, NATIVE_ARCHITECTURE, 0, 2 * COUNT + 1);
    program[n++] = (struct sock_filter)BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, nr));
    for (int i = 0; i < COUNT; i++) {
        program[n++] = (struct sock_filter)BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, traced[i].number, 0, 1);
        program[n++] = (struct sock_filter)BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_TRACE);
    }
    program[n++] = (struct sock_filter)BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW);
    struct sock_fprog fprog = {(unsigned short)n, program};
    fflush(stdout);
    if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0 || prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &fprog) != 0) {
        printf("own_filter=%d\n", errno);
        return;
    }
    for (int i = 0; i < COUNT; i++)
        printf("call_%s=%ld\n", traced[i].name, error_of(traced[i].number, traced[i].a, traced[i].b, 0, 0, 0));
}

/* Writes in its folder, outside it, in the root and in /usr; uses /dev/null and urandom. */
static void write_around(const char *outside) {
    int entries = 0;
    DIR *dir = opendir(".");
    struct dirent *e;
    while (dir && (e = readdir(dir)))
        entries += e->d_name[0] != '.';
    printf("%d\n", entries);
    FILE *f = fopen("here.txt", "w");
    if (f && fputs("inside\n", f) >= 0 && fclose(f) == 0) {
        char line[64] = "";
        f = fopen("here.txt", "r");
        if (f && fgets(line, sizeof line, f))
            fputs(line, stdout);
    }
    const char *places[] = {outside, "/escape.txt", "/usr/escape.txt"};
    const char *refused[] = {"refused", "root refused", "usr refused"};
    for (int i = 0; i < 3; i++) {
        f = fopen(places[i], "w");
        if (!f || fputs("escaped\n", f) < 0 || fclose(f) != 0)
            puts(refused[i]);
    }
    char bytes[4];
    int null = open("/dev/null", O_WRONLY), random = open("/dev/urandom", O_RDONLY);
    if (write(null, "log", 3) == 3)
        printf("%zd\n", read(random, bytes, 4));
}

/* A process named by `marker` in its command line, that sleeps 30 s. */
static void sleeper(const char *marker) {
    char *args[] = {"probe", "sleep", (char *)marker, NULL};
    execv("/proc/self/exe", args);
    _exit(1);
}

int main(int argc, char **argv) {
    setvbuf(stdout, NULL, _IOFBF, 1 << 16);
    const char *mode = argc > 1 ? argv[1] : "";
    if (!strcmp(mode, "view")) {
        view(argc, argv);
    } else if (!strcmp(mode, "calls")) {
        calls();
    } else if (!strcmp(mode, "write") && argc > 2) {
        write_around(argv[2]);
    } else if (!strcmp(mode, "sleep")) {
        sleep(30);
    } else if (!strcmp(mode, "escape") && argc > 2) {
        /* A new session and a double fork: neither the group kill nor our end reaches the
         * sleepers; only the namespace (or the sweep) does. */
        if (fork() == 0) {
            setsid();
            if (fork() == 0)
                sleeper(argv[2]);
            sleeper(argv[2]);
        }
        usleep(200000);
        puts("done");
    } else if (!strcmp(mode, "bomb") && argc > 2) {
        for (int i = 0; i < 100000; i++) {
            pid_t child = fork();
            if (child == 0)
                sleeper(argv[2]);
        }
    } else if (!strcmp(mode, "fill") && argc > 2) {
        /* Writes `argv[2]` bytes to `big`: prints whether every write succeeded, then its size. */
        long long want = atoll(argv[2]), done = 0;
        static char block[1 << 16];
        int fd = open("big", O_WRONLY | O_CREAT | O_TRUNC, 0644), failed = fd < 0;
        signal(SIGXFSZ, SIG_IGN);
        while (!failed && done < want) {
            ssize_t n = write(fd, block, want - done < (long long)sizeof block ? want - done : sizeof block);
            failed = n <= 0;
            done += n > 0 ? n : 0;
        }
        struct stat st;
        printf("%d\n%lld\n", failed, stat("big", &st) == 0 ? (long long)st.st_size : -1);
    } else {
        fprintf(stderr, "probe: view MARKER... | calls | write OUTSIDE | escape MARKER | bomb MARKER | fill BYTES\n");
        return 2;
    }
    return 0;
}
