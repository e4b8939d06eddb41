//! `--memory` bounds memory, not only address space: a jailed program that makes System V
//! shared memory (attached, touched, detached), fills `memfd`s, fills files in `/box`, or
//! allocates heap in several processes stops at the cap, refused or killed (a kill reported as
//! a memory-limit ending), and after the run nothing of it is left: the host's `Shmem` is back
//! and no cgroup of the run remains. As root (a memory cgroup, where the system has one) and
//! as an ordinary user (the IPC namespace's limits, the file size and folder caps).

#![cfg(target_os = "linux")]

use crate::sandbox::{compile_c, root_user, set_mode, OrdinaryUser};
use crate::util;
use minejudge::courses::program::{verdict, Verdict};
use minejudge::exec::child::{self, Ending, Limits, ProgramRun};
use minejudge::sandbox::{memory, Policy};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// The cap of every attack.
const CAP: u64 = 32 << 20;

/// How much the host's `Shmem` may differ after a run: other programs on the machine use
/// shared memory too (a left segment or file of an attack would be at least the cap).
const SHMEM_TOLERANCE_KIB: u64 = (CAP >> 10) / 2;

/// The attacks: a mode of [`ATTACK`], how many processes run it, and the KiB they try to hold
/// (several times the cap; in several processes, each a share below its address space).
const ATTACKS: [(&str, u32, u64); 5] = [
    ("shm", 1, (4 * CAP) >> 10),
    ("memfd", 1, (4 * CAP) >> 10),
    ("box", 1, (4 * CAP) >> 10),
    ("heap", 1, (4 * CAP) >> 10),
    ("heap", 4, (4 * (CAP * 3 / 4)) >> 10),
];

/// Holds memory in one of four ways, in steps, printing after each the KiB it holds in all
/// (for System V segments, those its namespace holds);
/// `heap` forks `processes - 1` helpers that do the same, and the parent prints "all held"
/// once every one holds its share; the others print "held it all", or "refused" when they
/// were stopped short.
const ATTACK: &str = r#"#define _GNU_SOURCE
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/shm.h>
#include <sys/wait.h>
#include <unistd.h>

#define CHUNK (64 << 10)
static char block[CHUNK];
static long held;

static void report(long kib) {
  char line[32];
  held += kib;
  int n = snprintf(line, sizeof line, "%ld\n", held);
  (void)!write(1, line, n);
}

static int fill(int fd, long target) {
  int wrote = 0;
  while (held < target && write(fd, block, CHUNK) == CHUNK) {
    report(CHUNK >> 10);
    wrote = 1;
  }
  return wrote;
}

static void lost_a_helper(int signal) {
  (void)signal;
  (void)!write(1, "lost a helper\n", 14);
  _exit(3);
}

/* Each of `processes` holds target / processes KiB of heap, below its own address space. */
static void heap(long target, int processes) {
  int ready[2];
  if (pipe(ready)) exit(2);
  signal(SIGCHLD, lost_a_helper);
  for (int i = 1; i < processes; i++) {
    if (fork() == 0) {
      close(ready[0]);
      for (long kib = 0; kib < target / processes; kib += CHUNK >> 10) {
        char *p = malloc(CHUNK);
        if (!p) _exit(4);
        memset(p, 1, CHUNK);
      }
      (void)!write(ready[1], "x", 1);
      pause();
      _exit(0);
    }
  }
  close(ready[1]);
  while (held < target / processes) {
    char *p = malloc(CHUNK);
    if (!p) { puts("refused"); exit(0); }
    memset(p, 1, CHUNK);
    report(CHUNK >> 10);
  }
  char byte;
  for (int i = 1; i < processes; i++)
    if (read(ready[0], &byte, 1) != 1) exit(5);
  puts("all held");
  exit(0);
}

int main(int argc, char **argv) {
  if (argc < 4) return 2;
  const char *mode = argv[1];
  long target = atol(argv[2]);
  signal(SIGXFSZ, SIG_IGN);
  memset(block, 1, CHUNK);
  if (!strcmp(mode, "shm")) {
    /* What the namespace's segments hold, not what was made: the kernel may destroy one. */
    for (long made = 0; made < target; made += 1024) {
      int id = shmget(IPC_PRIVATE, 1 << 20, IPC_CREAT | 0600);
      if (id < 0) break;
      char *p = shmat(id, 0, 0);
      if (p == (void *)-1) break;
      memset(p, 1, 1 << 20);
      shmdt(p);
      struct shm_info info;
      if (shmctl(0, SHM_INFO, (struct shmid_ds *)&info) < 0) return 6;
      report(info.shm_tot * (sysconf(_SC_PAGESIZE) >> 10) - held);
    }
  } else if (!strcmp(mode, "memfd")) {
    while (held < target) {
      int fd = memfd_create("fill", 0);
      if (fd < 0 || !fill(fd, target)) break;
    }
  } else if (!strcmp(mode, "box")) {
    for (int i = 0; held < target; i++) {
      char name[32];
      snprintf(name, sizeof name, "/box/fill%d", i);
      int fd = open(name, O_WRONLY | O_CREAT | O_TRUNC, 0600);
      if (fd < 0 || !fill(fd, target)) break;
      close(fd);
    }
  } else if (!strcmp(mode, "heap")) {
    heap(target, atoi(argv[3]));
  } else {
    return 2;
  }
  puts(held < target ? "refused" : "held it all");
  return 0;
}
"#;

/// The attack program, built in a folder every user can read.
fn attack_program() -> PathBuf {
    let dir = PathBuf::from(format!(
        "/tmp/minejudge-memory-attack-{}",
        std::process::id()
    ));
    std::fs::create_dir_all(&dir).unwrap();
    set_mode(&dir, 0o755);
    compile_c(&dir, "attack", ATTACK)
}

/// The host's shared memory (`Shmem` of `/proc/meminfo`), in KiB.
fn shmem_kib() -> u64 {
    let meminfo = std::fs::read_to_string("/proc/meminfo").unwrap();
    meminfo
        .lines()
        .find_map(|line| line.strip_prefix("Shmem:"))
        .and_then(|rest| rest.trim().trim_end_matches("kB").trim().parse().ok())
        .expect("Shmem in /proc/meminfo")
}

/// Our runs' cgroups left in this process's memory cgroup (v1 or v2), by their names.
fn our_cgroups_left() -> Vec<PathBuf> {
    let own = std::fs::read_to_string("/proc/self/cgroup").unwrap_or_default();
    let prefix = format!("minejudge-{}-", std::process::id());
    own.lines()
        .filter_map(|line| {
            let mut fields = line.splitn(3, ':');
            let (_, controllers, path) = (fields.next()?, fields.next()?, fields.next()?);
            let path = path.trim_start_matches('/');
            Some(match controllers {
                "" => vec![
                    Path::new("/sys/fs/cgroup").join(path),
                    Path::new("/sys/fs/cgroup/unified").join(path),
                ],
                c if c.split(',').any(|c| c == "memory") => {
                    vec![Path::new("/sys/fs/cgroup/memory").join(path)]
                }
                _ => vec![],
            })
        })
        .flatten()
        .filter_map(|dir| std::fs::read_dir(dir).ok())
        .flat_map(|entries| entries.flatten().map(|e| e.path()))
        .filter(|p| {
            p.file_name()
                .and_then(|n| n.to_str())
                .is_some_and(|n| n.starts_with(&prefix))
        })
        .collect()
}

/// Waits (up to a wide bound: the kernel frees a namespace's objects a moment after its last
/// process) for the host's `Shmem` to be back within the tolerance of `before`.
fn shmem_back(before: u64) -> Result<(), String> {
    let started = Instant::now();
    loop {
        let now = shmem_kib();
        if now <= before + SHMEM_TOLERANCE_KIB {
            return Ok(());
        }
        if started.elapsed() > Duration::from_secs(20) {
            return Err(format!("Shmem {before} kB before the run, {now} kB after"));
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// Runs one attack at the cap and checks it stopped there and left nothing; what was wrong,
/// with the run, otherwise.
fn check_attack(
    program: &Path,
    (mode, processes, target_kib): (&str, u32, u64),
) -> Result<(), String> {
    let limits = Limits {
        cpu: Duration::from_secs(30),
        wall: Duration::from_secs(90),
        memory: Some(CAP),
        stack: None,
        output: 1 << 20,
        policy: Policy::Untrusted { processes },
    };
    let command = [
        program.display().to_string(),
        mode.to_string(),
        target_kib.to_string(),
        processes.to_string(),
    ];
    let before = shmem_kib();
    let run = child::run(&command, b"", &limits).map_err(|e| format!("{mode}: {e}"))?;
    let out = String::from_utf8_lossy(&run.stdout).into_owned();
    let shown = || {
        format!(
            "{mode}: {:?}, peak {:?}, stdout ends {:?}, stderr {:?}",
            run.ending,
            run.peak_memory,
            out.lines().rev().take(3).collect::<Vec<_>>(),
            String::from_utf8_lossy(&run.stderr)
        )
    };
    let held_kib = out
        .lines()
        .filter_map(|l| l.parse::<u64>().ok())
        .max()
        .unwrap_or(0);
    let stopped = match run.ending {
        Ending::Exited(0) => out.ends_with("refused\n") && held_kib <= CAP >> 10,
        Ending::Signalled(_) | Ending::Exited(_) => {
            held_kib <= CAP >> 10 && killed_for_memory(&run)
        }
        Ending::TooSlow | Ending::TimedOut | Ending::OutputLimit | Ending::Unknown(_) => false,
    };
    if !stopped || out.contains("all held") || out.contains("held it all") {
        return Err(format!("not stopped at {} KiB: {}", CAP >> 10, shown()));
    }
    shmem_back(before).map_err(|e| format!("{e}: {}", shown()))?;
    let left = our_cgroups_left();
    if !left.is_empty() {
        return Err(format!("cgroups left: {left:?}: {}", shown()));
    }
    Ok(())
}

/// Whether a run that was ended is reported as a memory-limit ending.
fn killed_for_memory(run: &ProgramRun) -> bool {
    verdict(b"", run, Some(CAP)) == Some(Verdict::OutOfMemory)
}

/// Every attack, where the isolation in force bounds it: several processes' heap only where
/// a memory cgroup counts them together (elsewhere each has an address space of the cap).
fn check_every_attack() -> Vec<String> {
    let program = attack_program();
    let cgroup = memory::cgroup_layout().is_some();
    let failures = ATTACKS
        .into_iter()
        .filter(|&(_, processes, _)| cgroup || processes == 1)
        .filter_map(|attack| check_attack(&program, attack).err())
        .collect();
    let _ = std::fs::remove_dir_all(program.parent().unwrap());
    failures
}

#[test]
#[ignore = "long tier: .ci/run runs it"]
fn every_memory_attack_stops_at_the_cap_and_leaves_nothing() {
    if std::env::var_os("MINEJUDGE_NO_NAMESPACES").is_some()
        || !util::have_compiler("every_memory_attack_stops_at_the_cap_and_leaves_nothing")
    {
        return;
    }
    // No other test's jail (its folder is shared memory too) runs beside the measures.
    let _alone = util::no_other_runs();
    let failures = check_every_attack();
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

const ATTACK_CHILD: &str = "MINEJUDGE_MEMORY_ATTACKS";

/// The attacks, run by this test binary started again as the ordinary user: prints what went
/// wrong between two lines the parent looks for.
#[test]
#[ignore = "started by every_memory_attack_stops_at_the_cap_for_an_ordinary_user"]
fn memory_attacks_as_the_user_running_the_tests() {
    if std::env::var_os(ATTACK_CHILD).is_none() {
        return;
    }
    println!("attacks-begin");
    for failure in check_every_attack() {
        println!("{failure}");
    }
    println!("attacks-end");
}

#[test]
#[ignore = "long tier: .ci/run runs it"]
fn every_memory_attack_stops_at_the_cap_for_an_ordinary_user() {
    if std::env::var_os("MINEJUDGE_NO_NAMESPACES").is_some()
        || !root_user()
        || !util::have_compiler("every_memory_attack_stops_at_the_cap_for_an_ordinary_user")
    {
        return;
    }
    let _alone = util::no_other_runs();
    let user = OrdinaryUser::make("mem").expect("useradd works here (CI runs as root)");
    let output = user.run_test(
        "sandbox_memory::memory_attacks_as_the_user_running_the_tests",
        &[(ATTACK_CHILD, "1")],
        &[],
    );
    let out = String::from_utf8_lossy(&output.stdout);
    let failures = out
        .split_once("attacks-begin\n")
        .and_then(|(_, rest)| rest.split_once("attacks-end"))
        .map(|(failures, _)| failures)
        .unwrap_or_else(|| {
            panic!(
                "no findings: {out}{}",
                String::from_utf8_lossy(&output.stderr)
            )
        });
    assert!(failures.is_empty(), "{failures}");
}
