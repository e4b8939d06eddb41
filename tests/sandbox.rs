//! The sandbox, held to the standard of isolate's and runguard's own tests: a probe of ours runs
//! under `grade`'s policy, as root and as an ordinary user the test makes and removes, and must
//! see exactly an allowlist (the root's entries, no marker of the host, nothing of our command
//! line or environment, its own namespaces, only a loopback device, the jail's host name, no
//! SysV object of the host, the system call filter); each of runguard's limits is hit; and a
//! program that calls `setsid()` or double-forks ends with its run. Each check looks at the
//! system itself (`/proc`, the files), not at what the sandbox says of itself, and every test
//! removes what it later checks for before it starts.

#![cfg(target_os = "linux")]

use crate::util::{self, HANG_GUARD};
use minejudge::exec::child::{self, Ending, Limits, ProgramRun};
use minejudge::sandbox::{self, root, Isolation, Policy, Resources, Workspace};
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::sync::OnceLock;
use std::time::{Duration, Instant};

fn limits(policy: Policy) -> Limits {
    Limits {
        cpu: Duration::from_secs(5),
        wall: Duration::from_secs(15),
        memory: Some(1 << 30),
        stack: None,
        output: 1 << 20,
        policy,
    }
}

fn shell(script: &str, policy: Policy) -> ProgramRun {
    let command = ["/bin/sh".to_string(), "-c".to_string(), script.to_string()];
    child::run(&command, b"", &limits(policy)).expect("sh starts")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// The pids of live (not zombie) processes whose command line holds `marker`.
fn processes_with(marker: &str) -> Vec<u32> {
    util::processes()
        .into_iter()
        .filter(|p| p.cmdline.contains(marker))
        .map(|p| p.pid)
        .collect()
}

/// Waits for every process holding `marker` to be gone (SIGKILL is asynchronous), up to
/// [`HANG_GUARD`].
fn assert_all_gone(marker: &str) {
    let started = Instant::now();
    while !processes_with(marker).is_empty() && started.elapsed() < HANG_GUARD {
        std::thread::sleep(Duration::from_millis(10));
    }
    let left = processes_with(marker);
    assert!(
        left.is_empty(),
        "still running after the run: {left:?} ({marker})"
    );
}

pub(crate) fn root_user() -> bool {
    util::processes()
        .iter()
        .find(|p| p.pid == std::process::id())
        .is_some_and(|p| p.uid == 0)
}

/// The probe's path, for a test binary started again as an ordinary user.
const PROBE_EXE: &str = "MINEJUDGE_PROBE_EXE";

/// The probe (`tests/sandbox_probe.c`), built once by the host's C compiler, outside any jail:
/// the jail holds no shell nor any other program, so each look inside is a compiled program's,
/// as a student's is. `None` without a compiler.
fn probe_exe() -> Option<&'static Path> {
    static BUILT: OnceLock<Option<PathBuf>> = OnceLock::new();
    BUILT
        .get_or_init(|| {
            if let Some(path) = std::env::var_os(PROBE_EXE) {
                return Some(PathBuf::from(path));
            }
            if !util::have_compiler("the sandbox's probe") {
                return None;
            }
            let dir = Path::new(env!("CARGO_TARGET_TMPDIR"))
                .join(format!("sandbox-probe-{}", std::process::id()));
            std::fs::create_dir_all(&dir).unwrap();
            Some(compile_c(&dir, "probe", include_str!("sandbox_probe.c")))
        })
        .as_deref()
}

/// Runs the probe with `args` under `policy`.
fn probe(args: &[&str], policy: Policy) -> ProgramRun {
    let mut command = vec![probe_exe().expect("a probe").display().to_string()];
    command.extend(args.iter().map(|a| a.to_string()));
    child::run(&command, b"", &limits(policy)).expect("the probe starts")
}

/// Runs the probe's view under `grade`'s policy (16 processes, so that its fork succeeds), with
/// descriptors of ours open that it must not get, and `markers` the host paths it must not see.
fn run_probe(markers: &[PathBuf]) -> BTreeMap<String, String> {
    let open = Inherited::open(Path::new(env!("CARGO_TARGET_TMPDIR")));
    let mut args = vec!["view"];
    let list: Vec<String> = markers.iter().map(|m| m.display().to_string()).collect();
    args.extend(list.iter().map(String::as_str));
    let run = probe(&args, Policy::Untrusted { processes: 16 });
    drop(open);
    assert_eq!(run.ending, Ending::Exited(0), "{}", text(&run.stderr));
    parse(&text(&run.stdout))
}

/// Descriptors of a folder without close-on-exec, as `flock` leaves one to its child: every
/// process this test starts inherits them while they are open.
struct Inherited(Vec<i32>);

extern "C" {
    fn dup(fd: i32) -> i32;
    fn close(fd: i32) -> i32;
}

impl Inherited {
    fn open(folder: &Path) -> Inherited {
        use std::os::fd::AsRawFd;
        let file = std::fs::File::open(folder).unwrap();
        // SAFETY: plain system calls on a descriptor of ours.
        let fds = (0..3).map(|_| unsafe { dup(file.as_raw_fd()) }).collect();
        Inherited(fds)
    }
}

impl Drop for Inherited {
    fn drop(&mut self) {
        for &fd in &self.0 {
            // SAFETY: our own descriptors, closed once.
            unsafe { close(fd) };
        }
    }
}

fn parse(out: &str) -> BTreeMap<String, String> {
    out.lines().filter_map(|line| line.split_once('=')).fold(
        BTreeMap::new(),
        |mut map, (key, value)| {
            let entry: &mut String = map.entry(key.to_string()).or_default();
            if !entry.is_empty() {
                entry.push(' ');
            }
            entry.push_str(value.trim());
            map
        },
    )
}

fn words(value: &str) -> BTreeSet<String> {
    value.split_whitespace().map(String::from).collect()
}

/// The files the loader maps for `exe` on the host, by `ldd` (the loader's own account, not
/// the sandbox's), at their real paths.
fn loaded_files(exe: &Path) -> BTreeSet<PathBuf> {
    let out = Command::new("ldd").arg(exe).output().expect("ldd runs");
    text(&out.stdout)
        .lines()
        .filter_map(|line| {
            let line = line.trim();
            let path = line.split_once("=> ").map_or(line, |(_, path)| path);
            let path = path.split(" (").next()?;
            path.starts_with('/')
                .then(|| std::fs::canonicalize(path).expect("ldd's file"))
        })
        .collect()
}

/// Checks the probe's account of its root against the host: its files are the program's copy
/// and exactly the files the loader maps for it (`ldd`), each at its host path; its links are
/// the host's, and `/tmp`; its folders lead to those or are the root's own; no program folder,
/// no shell.
fn assert_root_holds_only_what_the_probe_needs(seen: &BTreeMap<String, String>, all: &str) {
    let get = |key: &str| seen.get(key).cloned().unwrap_or_default();
    let (mut files, mut links, mut folders) = (BTreeSet::new(), BTreeSet::new(), Vec::new());
    for entry in get("entry").split_whitespace() {
        match entry.split(':').collect::<Vec<_>>()[..] {
            ["F", path] => {
                files.insert(PathBuf::from(path));
            }
            ["L", path, target] => {
                let host = std::fs::read_link(path).map(|t| t.display().to_string());
                let ours = path == "/tmp" && target == "box";
                assert!(
                    ours || host.ok().as_deref() == Some(target),
                    "{entry}: {all}"
                );
                links.insert(PathBuf::from(path));
            }
            ["D", path] => folders.push(PathBuf::from(path)),
            _ => panic!("{entry}: {all}"),
        }
    }
    let mut expected = loaded_files(probe_exe().unwrap());
    assert!(expected.len() >= 2, "a dynamic probe: {expected:?}");
    expected.insert(PathBuf::from(root::PROGRAM));
    assert_eq!(files, expected, "{all}");
    for folder in folders {
        let own = ["/box", "/dev", "/etc", "/proc"]
            .iter()
            .any(|o| folder == Path::new(o));
        let leads = files.iter().chain(&links).any(|p| p.starts_with(&folder));
        assert!(own || leads, "{}: {all}", folder.display());
    }
    assert_eq!(get("program"), "", "a program folder or a shell: {all}");
}

/// Checks a probe's findings against the allowlist; `user_namespace` when the grader was an
/// ordinary user.
fn assert_allowlist(seen: &BTreeMap<String, String>, user_namespace: bool) {
    let all = format!("{seen:#?}");
    let get = |key: &str| seen.get(key).cloned().unwrap_or_default();
    assert_root_holds_only_what_the_probe_needs(seen, &all);
    assert_eq!(words(&get("dev")), words(&root::DEVICES.join(" ")), "{all}");
    assert_eq!(
        (get("etc"), get("box")),
        (String::new(), String::new()),
        "{all}"
    );
    assert_eq!(get("cwd"), root::BOX, "{all}");
    assert_eq!(get("seen"), "", "{all}");
    assert_eq!(get("fds"), "0 1 2", "a descriptor of ours: {all}");
    assert_eq!(get("forked"), "yes", "{all}");
    assert_eq!(get("init_cmdline"), "0", "our command line: {all}");
    assert_eq!(get("init_environ"), "0", "our environment: {all}");
    assert_eq!(get("init_exe"), "", "our binary: {all}");
    assert_eq!(get("init_maps"), "0", "our memory's map: {all}");
    let environment: BTreeSet<String> = sandbox::ENVIRONMENT
        .iter()
        .map(|(name, value)| format!("{name}={value}"))
        .collect();
    assert_eq!(words(&get("environ")), environment, "{all}");
    assert_eq!(get("interfaces"), "lo", "{all}");
    assert_eq!(get("hostname"), sandbox::HOST_NAME, "{all}");
    assert_eq!(get("shm"), "0", "a SysV object of the host: {all}");
    for ns in ["pid", "mnt", "net", "ipc", "uts", "cgroup", "user"] {
        let ours = std::fs::read_link(format!("/proc/self/ns/{ns}")).unwrap();
        let theirs = get(&format!("ns_{ns}"));
        let shared = theirs == ours.to_string_lossy();
        let expect_shared = ns == "user" && !user_namespace;
        assert_eq!(shared, expect_shared, "namespace {ns}: {all}");
    }
    let uid: u32 = get("uid").parse().unwrap();
    assert!(
        (sandbox::FIRST_RUN_USER..sandbox::FIRST_RUN_USER + sandbox::RUN_USERS).contains(&uid),
        "{all}"
    );
    assert_eq!(get("seccomp"), "Seccomp:2", "{all}");
    assert_eq!(get("no_new_privs"), "1", "{all}");
    let none = "0000000000000000";
    assert_eq!(get("capabilities"), format!("{none} {none}"), "{all}");
    assert_ne!(get("unshare"), "0", "{all}");
    let processes: usize = get("processes").parse().unwrap();
    assert!(processes < 10, "{all}");
    // Init's files belong to root, or, in a user namespace, to a user the program cannot name
    // (the kernel's overflow id): init is undumpable. Made dumpable, they would be the
    // teacher's, which in a user namespace is the program's own user.
    let init_owner = if user_namespace {
        std::fs::read_to_string("/proc/sys/kernel/overflowuid").unwrap()
    } else {
        "0".to_string()
    };
    assert_eq!(get("init_owner"), init_owner.trim(), "{all}");
    assert_eq!(get("limit_core"), "0 0", "no core dumps: {all}");
    let queues = 256 << 10;
    assert_eq!(get("limit_msgqueue"), format!("{queues} {queues}"), "{all}");
    // 256 open files, or 64 without a memory cgroup.
    let open_files = get("open_files");
    assert!(open_files == "256" || open_files == "64", "{all}");
}

/// Host files no jail may show: a marker in the host's /tmp, a private file of the teacher, a
/// class and its tests beside it, and our binaries.
struct Markers {
    paths: Vec<PathBuf>,
    made: Vec<PathBuf>,
}

impl Markers {
    fn make(tag: &str) -> Markers {
        let base = Path::new(env!("CARGO_TARGET_TMPDIR"))
            .join(format!("minejudge-probe-{tag}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&base);
        let tmp = PathBuf::from(format!("/tmp/minejudge-probe-{tag}-{}", std::process::id()));
        let _ = std::fs::remove_file(&tmp);
        let secret = base.join("teacher/.ssh/minejudge-probe-key");
        let answer = base.join("class/tests/minejudge-probe-1.ans");
        std::fs::create_dir_all(secret.parent().unwrap()).unwrap();
        std::fs::create_dir_all(answer.parent().unwrap()).unwrap();
        for file in [&tmp, &secret, &answer] {
            std::fs::write(file, "minejudge probe marker\n").unwrap();
        }
        set_mode(&secret, 0o600);
        set_mode(secret.parent().unwrap(), 0o700);
        let mut paths = vec![tmp.clone(), secret, answer];
        paths.push(PathBuf::from(util::binary("grade")));
        Markers {
            paths,
            made: vec![tmp, base],
        }
    }
}

impl Drop for Markers {
    fn drop(&mut self) {
        for made in &self.made {
            let _ = std::fs::remove_file(made);
            let _ = std::fs::remove_dir_all(made);
        }
    }
}

pub(crate) fn set_mode(path: &Path, mode: u32) {
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(mode)).unwrap();
}

/// A SysV shared-memory segment made outside the jail, removed when dropped.
struct SharedMemory(i32);

extern "C" {
    fn shmget(key: i32, size: usize, flags: i32) -> i32;
    fn shmctl(id: i32, command: i32, buffer: *mut u8) -> i32;
}

impl SharedMemory {
    fn make() -> SharedMemory {
        const IPC_CREAT: i32 = 0o1000;
        // SAFETY: plain system calls.
        let id = unsafe {
            shmget(
                0x6d6a_0000 + (std::process::id() as i32 & 0xffff),
                4096,
                IPC_CREAT | 0o600,
            )
        };
        assert!(id >= 0, "shmget: {}", std::io::Error::last_os_error());
        SharedMemory(id)
    }
}

impl Drop for SharedMemory {
    fn drop(&mut self) {
        const IPC_RMID: i32 = 0;
        // SAFETY: a plain system call.
        unsafe { shmctl(self.0, IPC_RMID, std::ptr::null_mut()) };
    }
}

#[test]
fn the_jail_shows_only_its_allowlist() {
    let _runs = util::untrusted_runs();
    if std::env::var_os("MINEJUDGE_NO_NAMESPACES").is_some() {
        return;
    }
    if probe_exe().is_none() {
        return;
    }
    let markers = Markers::make("root");
    let _shm = SharedMemory::make();
    let host_interfaces = std::fs::read_to_string("/proc/net/dev").unwrap();
    let seen = run_probe(&markers.paths);
    assert_allowlist(&seen, !root_user());
    // The host has more than a loopback, or the interface check would prove nothing.
    assert!(host_interfaces.lines().count() > 3, "{host_interfaces}");
}

#[test]
fn a_static_program_runs_with_nothing_of_the_host() {
    let _runs = util::untrusted_runs();
    if std::env::var_os("MINEJUDGE_NO_NAMESPACES").is_some() || probe_exe().is_none() {
        return;
    }
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("sandbox-static-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let source = include_str!("sandbox_probe.c");
    let exe = compile_c_with(&dir, "probe", source, &["-static"]);
    let command = [exe.display().to_string(), "view".to_string()];
    let run = child::run(&command, b"", &limits(Policy::Untrusted { processes: 16 })).unwrap();
    let _ = std::fs::remove_dir_all(&dir);
    let out = text(&run.stdout);
    assert_eq!(run.ending, Ending::Exited(0), "{out}{}", text(&run.stderr));
    let seen = parse(&out);
    let files: BTreeSet<&str> = seen["entry"]
        .split_whitespace()
        .filter(|e| !e.starts_with("D:"))
        .collect();
    assert_eq!(files, BTreeSet::from(["F:/program", "L:/tmp:box"]), "{out}");
    assert_eq!(seen["forked"], "yes", "{out}");
}

/// The name of the test's user, made and removed by [`OrdinaryUser`].
pub(crate) struct OrdinaryUser {
    name: String,
    home: PathBuf,
}

impl OrdinaryUser {
    /// A user named after `tag` (a few letters: tests that make one at once differ in it).
    pub(crate) fn make(tag: &str) -> Option<OrdinaryUser> {
        let name = format!("mj{tag}{}", std::process::id() % 100_000);
        let _ = Command::new("userdel").arg(&name).output();
        let made = Command::new("useradd")
            .args(["-M", "-s", "/bin/sh", &name])
            .output()
            .ok()?;
        if !made.status.success() {
            return None;
        }
        let home =
            Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("minejudge-probe-home-{name}"));
        let _ = std::fs::remove_dir_all(&home);
        std::fs::create_dir_all(home.join(".ssh")).unwrap();
        std::fs::write(home.join(".ssh/minejudge-probe-id"), "private key\n").unwrap();
        let user = OrdinaryUser { name, home };
        let owner = format!("{0}:{0}", user.name);
        let chown = Command::new("chown")
            .args(["-R", &owner])
            .arg(&user.home)
            .status()
            .unwrap();
        assert!(chown.success());
        set_mode(&user.home, 0o700);
        set_mode(&user.home.join(".ssh/minejudge-probe-id"), 0o600);
        Some(user)
    }

    /// Runs the ignored test `exact` of this binary as the user, with `variable=value` and a
    /// bare environment, from a copy of the binary in a folder of the user's reach (it may not
    /// reach where cargo built it, a clone in a private folder).
    pub(crate) fn run_test(
        &self,
        exact: &str,
        variables: &[(&str, &str)],
        files: &[(&str, &Path)],
    ) -> Output {
        let copy_dir = PathBuf::from(format!("/tmp/minejudge-probe-exe-{}", self.name));
        let _ = std::fs::remove_dir_all(&copy_dir);
        std::fs::create_dir_all(&copy_dir).unwrap();
        set_mode(&copy_dir, 0o755);
        let exe = copy_dir.join("integration");
        std::fs::copy(std::env::current_exe().unwrap(), &exe).unwrap();
        set_mode(&exe, 0o755);
        let mut environment: Vec<String> = variables
            .iter()
            .map(|(name, value)| format!("{name}={value}"))
            .collect();
        for (name, file) in files {
            let copy = copy_dir.join(file.file_name().expect("a file"));
            std::fs::copy(file, &copy).unwrap();
            set_mode(&copy, 0o755);
            environment.push(format!("{name}={}", copy.display()));
        }
        let output = Command::new("setpriv")
            .args(["--reuid", &self.name, "--regid", &self.name])
            .args(["--clear-groups", "--"])
            .arg("env")
            .arg("-i")
            .arg("PATH=/usr/local/bin:/usr/bin:/bin")
            .arg(format!("HOME={}", self.home.display()))
            .arg("TEACHER_TOKEN=minejudge-probe-token")
            .args(&environment)
            .arg(&exe)
            .args(["--exact", exact])
            .args(["--ignored", "--nocapture", "--test-threads=1"])
            .stdin(Stdio::null())
            .current_dir(&copy_dir)
            .output()
            .unwrap();
        let _ = std::fs::remove_dir_all(&copy_dir);
        output
    }
}

impl Drop for OrdinaryUser {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.home);
        let _ = Command::new("userdel").arg(&self.name).output();
    }
}

const PROBE_CHILD: &str = "MINEJUDGE_PROBE_CHILD";

/// The probe, run by this test binary started again as the ordinary user: prints its findings
/// between two lines the parent looks for.
#[test]
#[ignore = "started by the_jail_shows_only_its_allowlist_to_an_ordinary_user"]
fn probe_as_the_user_running_the_tests() {
    let Some(markers) = std::env::var_os(PROBE_CHILD) else {
        return;
    };
    let markers: Vec<PathBuf> = std::env::split_paths(&markers).collect();
    let mut seen = run_probe(&markers);
    let capped = shell("(true) && echo forked", Policy::Untrusted { processes: 1 });
    seen.insert("capped".into(), text(&capped.stdout).trim().to_string());
    println!("probe-begin");
    for (key, value) in &seen {
        println!("{key}={value}");
    }
    println!("probe-end");
}

#[test]
fn the_jail_shows_only_its_allowlist_to_an_ordinary_user() {
    if std::env::var_os("MINEJUDGE_NO_NAMESPACES").is_some() || !root_user() {
        return;
    }
    let Some(probe) = probe_exe() else {
        return;
    };
    let user = OrdinaryUser::make("probe").expect("useradd works here (CI runs as root)");
    let markers = Markers::make("user");
    let _shm = SharedMemory::make();
    let mut paths = markers.paths.clone();
    paths.push(user.home.join(".ssh/minejudge-probe-id"));
    let output = user.run_test(
        "sandbox::probe_as_the_user_running_the_tests",
        &[(
            PROBE_CHILD,
            &std::env::join_paths(&paths).unwrap().to_string_lossy(),
        )],
        &[(PROBE_EXE, probe)],
    );
    let out = text(&output.stdout);
    let findings = out
        .split_once("probe-begin\n")
        .and_then(|(_, rest)| rest.split_once("probe-end"))
        .map(|(findings, _)| findings)
        .unwrap_or_else(|| panic!("no findings: {out}{}", text(&output.stderr)));
    let seen = parse(findings);
    assert_allowlist(&seen, true);
    assert_eq!(
        seen.get("capped").map(String::as_str),
        Some(""),
        "{findings}"
    );
    assert!(!findings.contains("minejudge-probe-token"), "{findings}");
}

#[test]
fn a_setsid_escapee_ends_with_its_run() {
    let _runs = util::untrusted_runs();
    if probe_exe().is_none() {
        return;
    }
    for policy in [Policy::OwnCode, Policy::Untrusted { processes: 8 }] {
        // A new session and a double fork: neither the group kill nor the probe's end reaches
        // the sleepers; only the namespace (or the sweep) does.
        let marker = format!("271.{}", policy == Policy::OwnCode);
        let started = Instant::now();
        let run = probe(&["escape", &marker], policy);
        assert_eq!(
            (run.ending, text(&run.stdout)),
            (Ending::Exited(0), "done\n".into())
        );
        // The sleepers sleep 271 s: a run that waited for them would outlast the guard.
        assert!(started.elapsed() < HANG_GUARD, "{:?}", started.elapsed());
        assert_all_gone(&marker);
    }
}

#[test]
fn namespaces_and_the_filter_are_in_force_here() {
    let _runs = util::untrusted_runs();
    // This workplace and CI run as root on Linux: anything weaker is a regression.
    if std::env::var_os("MINEJUDGE_NO_NAMESPACES").is_some() {
        return;
    }
    assert!(
        matches!(
            sandbox::isolation(Policy::OwnCode),
            Isolation::Namespaces { .. }
        ),
        "{}",
        sandbox::describe(Policy::OwnCode)
    );
    let untrusted = Policy::Untrusted { processes: 1 };
    assert!(
        matches!(
            sandbox::isolation(untrusted),
            Isolation::Namespaces { seccomp: true, .. }
        ),
        "{}",
        sandbox::describe(untrusted)
    );
    assert_eq!(sandbox::jail_failure(untrusted), None);
}

#[test]
fn someone_elses_code_writes_only_its_fresh_folder() {
    let _runs = util::untrusted_runs();
    let outside = Path::new(env!("CARGO_TARGET_TMPDIR")).join("sandbox-outside");
    let _ = std::fs::remove_file(&outside);
    if probe_exe().is_none() {
        return;
    }
    let outside_path = outside.display().to_string();
    let run = probe(
        &["write", &outside_path],
        Policy::Untrusted { processes: 8 },
    );
    let out = text(&run.stdout);
    assert_eq!(run.ending, Ending::Exited(0), "{out}{}", text(&run.stderr));
    assert_eq!(
        out.lines().collect::<Vec<_>>(),
        ["0", "inside", "refused", "root refused", "usr refused", "4"],
        "{out}"
    );
    assert!(!outside.exists());
    assert!(!Path::new("/usr/escape.txt").exists());
}

#[test]
fn someone_elses_code_cannot_fork_past_its_cap() {
    let _runs = util::untrusted_runs();
    // The shell itself is the one process: it cannot start another.
    let run = shell("(true) && echo forked", Policy::Untrusted { processes: 1 });
    assert_eq!(text(&run.stdout), "", "{}", text(&run.stderr));
    assert!(text(&run.stderr).contains("fork"), "{}", text(&run.stderr));
    let run = shell("(true) && echo forked", Policy::Untrusted { processes: 2 });
    assert_eq!(text(&run.stdout), "forked\n", "{}", text(&run.stderr));
}

#[test]
fn a_fork_bomb_is_capped_and_ended() {
    let _runs = util::untrusted_runs();
    let marker = "bomb.314";
    if probe_exe().is_none() {
        return;
    }
    // Its 100,000 forks fail at the cap and it exits on its own: a run ended by a time limit
    // (wide, for a busy machine) would be a bomb the cap did not hold.
    let mut command = vec![probe_exe().unwrap().display().to_string()];
    command.extend(["bomb", marker].map(String::from));
    let mut wide = limits(Policy::Untrusted { processes: 16 });
    wide.cpu = HANG_GUARD;
    wide.wall = HANG_GUARD;
    let started = Instant::now();
    let run = child::run(&command, b"", &wide).expect("the probe starts");
    println!("the bomb ended in {:?}", started.elapsed());
    assert_eq!(run.ending, Ending::Exited(0), "{}", text(&run.stderr));
    assert_all_gone(marker);
}

/// Each call the filter denies, made by a jailed program (the probe's `calls` mode): each is
/// answered as the filter says, where the kernel alone would answer otherwise (the probe
/// chooses arguments, or a filter of its own, for that).
#[test]
fn a_jailed_program_is_refused_each_filtered_call() {
    let _runs = util::untrusted_runs();
    if std::env::var_os("MINEJUDGE_NO_NAMESPACES").is_some() || probe_exe().is_none() {
        return;
    }
    let policy = Policy::Untrusted { processes: 16 };
    if !matches!(
        sandbox::isolation(policy),
        Isolation::Namespaces { seccomp: true, .. }
    ) {
        eprintln!("skipped: no system call filter here");
        return;
    }
    let run = probe(&["calls"], policy);
    let out = text(&run.stdout);
    assert_eq!(run.ending, Ending::Exited(0), "{out}{}", text(&run.stderr));
    let (not_implemented, not_permitted, no_family) = ("38", "1", "97");
    let mut expected: BTreeMap<String, String> = BTreeMap::new();
    let mut expect = |names: &[&str], errno: &str| {
        for name in names {
            expected.insert(format!("call_{name}"), errno.to_string());
        }
    };
    expect(
        &["keyctl", "add_key", "request_key", "clone3"],
        not_implemented,
    );
    expect(
        &["io_uring_setup", "io_uring_enter", "io_uring_register"],
        not_implemented,
    );
    expect(
        &["userfaultfd", "bpf", "perf_event_open", "unshare", "setns"],
        not_permitted,
    );
    expect(
        &["mount", "umount2", "pivot_root", "chroot", "open_tree"],
        not_permitted,
    );
    expect(
        &["move_mount", "fsopen", "fsconfig", "fsmount", "fspick"],
        not_permitted,
    );
    expect(&["mount_setattr", "clone_namespace"], not_permitted);
    expect(&["socket_vsock", "socket_netlink"], no_family);
    // Allowed by the jail's filter: the probe's own filter answers it.
    expect(&["socket_unix"], not_implemented);
    if cfg!(target_arch = "x86_64") {
        expect(&["x32"], not_implemented);
        expected.insert("foreign".into(), "signal 31".into());
    }
    assert_eq!(parse(&out), expected, "{out}");
}

/// A file stops at the file size limit, below the folder's own size.
#[test]
fn a_file_stops_at_its_size_limit() {
    let _runs = util::untrusted_runs();
    let Some(probe) = probe_exe() else {
        return;
    };
    let resources = Resources {
        memory: None,
        stack: None,
        cpu_seconds: 5,
        file_size: 1 << 20,
    };
    let command = [
        probe.display().to_string(),
        "fill".to_string(),
        (2 << 20).to_string(),
    ];
    let policy = Policy::Untrusted { processes: 1 };
    let (mut builder, confinement) =
        sandbox::confine(&command, policy, resources, Workspace::Fresh).unwrap();
    let output = builder
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .output()
        .unwrap();
    drop(confinement);
    let out = text(&output.stdout);
    assert_eq!(out, "1\n1048576\n", "{out}{}", text(&output.stderr));
}

/// runguard's list: wall time, output size, file size, memory, CPU time with threads.
#[test]
#[ignore = "long tier: .ci/run runs it"]
fn every_limit_holds() {
    let _runs = util::untrusted_runs();
    let policy = Policy::Untrusted { processes: 8 };
    let mut quick = limits(policy);
    quick.wall = Duration::from_millis(500);
    let sleep = ["/bin/sleep".to_string(), "30".to_string()];
    let started = Instant::now();
    let run = child::run(&sleep, b"", &quick).unwrap();
    assert_eq!(run.ending, Ending::TimedOut);
    assert!(started.elapsed() < HANG_GUARD);
    let mut small = limits(policy);
    small.output = 1 << 16;
    // A finite flood, 64 times the cap: it is killed long before its end, and what is read
    // stays bounded should the cap be gone.
    let flood = ["/usr/bin/head", "-c", "4194304", "/dev/zero"].map(String::from);
    let run = child::run(&flood, b"", &small).unwrap();
    assert_eq!(run.ending, Ending::OutputLimit);
    assert_eq!(run.stdout.len(), 1 << 16);
    if probe_exe().is_none() {
        return;
    }
    let big = (sandbox::FOLDER_BYTES + (1 << 20)).to_string();
    let run = probe(&["fill", &big], policy);
    let out = text(&run.stdout);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.first(), Some(&"1"), "every write succeeded: {out}");
    assert!(
        lines[1].parse::<u64>().unwrap() <= sandbox::FOLDER_BYTES,
        "{out}"
    );
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("sandbox-limits");
    std::fs::create_dir_all(&dir).unwrap();
    let hog = compile_c(
        &dir,
        "memory_hog",
        "#include <stdio.h>\n#include <stdlib.h>\n#include <string.h>\n\
         int main(void) { char *p = malloc(1u << 30); if (!p) { puts(\"refused\"); return 0; }\n\
         memset(p, 1, 1u << 30); puts(\"got it\"); return 0; }\n",
    );
    let mut capped = limits(policy);
    capped.memory = Some(256 << 20);
    let run = child::run(&[hog.display().to_string()], b"", &capped).unwrap();
    assert_eq!(text(&run.stdout), "refused\n");
    // Four threads spinning: the CPU limit counts them all, so the kill comes at a quarter of
    // the CPU time in wall time on four cores, well before the wall limit.
    let spinner = compile_c(
        &dir,
        "spinner",
        "#include <pthread.h>\nstatic void *spin(void *a) { for (;;) { __asm__ volatile(\"\"); } return a; }\n\
         int main(void) { pthread_t t[3]; for (int i = 0; i < 3; i++) pthread_create(&t[i], 0, spin, 0);\n\
         spin(0); }\n",
    );
    let resources = Resources {
        memory: None,
        stack: None,
        cpu_seconds: 1,
        file_size: 1 << 20,
    };
    let command = [spinner.display().to_string()];
    let (mut builder, confinement) =
        sandbox::confine(&command, policy, resources, Workspace::Fresh).unwrap();
    let started = Instant::now();
    let mut spinning = builder.spawn().unwrap();
    let status = loop {
        if let Some(status) = spinning.try_wait().unwrap() {
            break status;
        }
        if started.elapsed() > Duration::from_secs(20) {
            let _ = spinning.kill();
            panic!("the CPU limit did not stop four threads");
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    drop(confinement);
    use std::os::unix::process::ExitStatusExt;
    // SIGXCPU at the soft limit, SIGKILL at the hard one.
    assert!(
        matches!(status.signal(), Some(24) | Some(9)),
        "{status:?} after {:?}",
        started.elapsed()
    );
}

/// Builds a C program of the test's own (outside any jail).
pub(crate) fn compile_c(dir: &Path, name: &str, source: &str) -> PathBuf {
    compile_c_with(dir, name, source, &[])
}

/// [`compile_c`], with more options for gcc.
fn compile_c_with(dir: &Path, name: &str, source: &str, options: &[&str]) -> PathBuf {
    let file = dir.join(format!("{name}.c"));
    let exe = dir.join(name);
    std::fs::write(&file, source).unwrap();
    let status = Command::new("gcc")
        .args(options)
        .args(["-O2", "-pthread", "-o"])
        .arg(&exe)
        .arg(&file)
        .status()
        .unwrap();
    assert!(status.success(), "gcc {name}");
    exe
}

#[test]
fn without_namespaces_stress_still_leaves_nothing_behind() {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("sandbox");
    std::fs::create_dir_all(&dir).unwrap();
    let script = dir.join("escapee.sh");
    let marker = "314.159";
    std::fs::write(
        &script,
        format!("#!/bin/sh\nsetsid sleep {marker} &\ncat > /dev/null\necho boom\n"),
    )
    .unwrap();
    set_mode(&script, 0o755);
    for fallback in [false, true] {
        let mut command = Command::new(util::binary("stress"));
        command.args(["mine-ops", "--seed", "1", "--count", "3", "--quiet", "--"]);
        command.arg(&script);
        if fallback {
            command.env("MINEJUDGE_NO_NAMESPACES", "1");
        }
        let started = Instant::now();
        let output = command.output().unwrap();
        let stdout = text(&output.stdout);
        assert!(stdout.contains("wrong answer on input 1"), "{stdout}");
        // The sleeper sleeps 314 s: a stress that waited for it would outlast the guard.
        assert!(started.elapsed() < HANG_GUARD, "{:?}", started.elapsed());
        assert_all_gone(marker);
    }
}

#[test]
fn without_namespaces_someone_elses_code_runs_only_when_chosen() {
    let _runs = util::untrusted_runs();
    let class = Path::new(env!("CARGO_TARGET_TMPDIR")).join("sandbox-no-jail");
    let _ = std::fs::remove_dir_all(&class);
    std::fs::create_dir_all(&class).unwrap();
    let student = class.join("student.sh");
    std::fs::write(&student, "#!/bin/sh\ncat > /dev/null\n").unwrap();
    set_mode(&student, 0o755);
    // In a process of its own: the choice of weaker isolation is for the whole process.
    let grade = |extra: &[&str]| {
        Command::new(util::binary("grade"))
            .arg("mine-ops")
            .arg(&class)
            .args(["--count", "1", "--no-cache", "--quiet"])
            .args(extra)
            .env("MINEJUDGE_NO_NAMESPACES", "1")
            .output()
            .unwrap()
    };
    let refused = grade(&[]);
    let stderr = text(&refused.stderr);
    assert_eq!(refused.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("cannot be built here"), "{stderr}");
    assert!(stderr.contains("--no-jail"), "{stderr}");
    assert_eq!(text(&refused.stdout), "");
    let chosen = grade(&["--no-jail"]);
    let report = text(&chosen.stdout);
    assert_eq!(
        chosen.status.code(),
        Some(0),
        "{report}{}",
        text(&chosen.stderr)
    );
    let second = report.lines().nth(1).unwrap_or_default();
    assert!(second.starts_with("WARNING: NOT JAILED"), "{report}");
}
