//! `grade`'s jail against two attacks on the whole grader, each run through the binary on a
//! real class: a program that runs (or embeds at compile time) our own `mine-ops`, installed
//! where teachers install it, to answer every test; and a program that reads the tests through
//! a descriptor `grade` inherited (`flock . grade ...`). Each must score 0, and no byte of the
//! tests may reach the report.

use crate::grade::{cache_home, class, mark, succeeded, table, text, write_one_test};
use crate::util::{self, have_compiler};
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// A folder of one test of THU's task beside `class`, our input and our answer, and a line of
/// that answer.
fn one_test(class: &Path, seed: &str) -> (PathBuf, String) {
    let tests = class.with_extension("tests");
    let _ = std::fs::remove_dir_all(&tests);
    std::fs::create_dir_all(&tests).unwrap();
    let answer = write_one_test(&tests, seed);
    // The report quotes the first line a wrong output differs on, as the teacher's to read: a
    // later line is the test's text no output may hold.
    let answer = text(&answer);
    let longest = answer
        .lines()
        .skip(1)
        .max_by_key(|l| l.len())
        .unwrap()
        .to_string();
    (tests, longest)
}

/// Copies of our binary put where teachers install it, removed (with the folders made for
/// them) when dropped, also when the test fails. The names are the system's, not this
/// process's: another test process on the machine (a second clone's CI) waits for them.
struct Installed {
    files: Vec<PathBuf>,
    folders: Vec<PathBuf>,
    _machine_wide: std::fs::File,
}

impl Installed {
    /// Waits for every other test process's copies to be gone, then holds the places.
    fn new() -> Installed {
        use std::os::fd::AsRawFd;
        extern "C" {
            fn flock(fd: i32, operation: i32) -> i32;
        }
        const LOCK_EX: i32 = 2;
        let lock = std::fs::OpenOptions::new()
            .create(true)
            .write(true)
            .truncate(false)
            .open(std::env::temp_dir().join("minejudge-installed-copies.lock"))
            .expect("the lock file of the installed copies");
        // Released when the file is closed, after `drop` has removed the copies.
        let locked = unsafe { flock(lock.as_raw_fd(), LOCK_EX) };
        assert_eq!(locked, 0, "flock: {}", std::io::Error::last_os_error());
        Installed {
            files: Vec::new(),
            folders: Vec::new(),
            _machine_wide: lock,
        }
    }

    fn put(&mut self, bytes: &[u8], to: &Path) {
        let mut missing: Vec<PathBuf> = to
            .ancestors()
            .skip(1)
            .filter(|a| !a.exists())
            .map(Path::to_path_buf)
            .collect();
        missing.reverse();
        for folder in missing {
            std::fs::create_dir(&folder).unwrap();
            self.folders.push(folder);
        }
        assert!(!to.exists(), "{} is there already", to.display());
        std::fs::write(to, bytes).unwrap();
        self.files.push(to.to_path_buf());
        std::fs::set_permissions(to, std::fs::Permissions::from_mode(0o755)).unwrap();
    }
}

impl Drop for Installed {
    fn drop(&mut self) {
        for file in &self.files {
            let _ = std::fs::remove_file(file);
        }
        for folder in self.folders.iter().rev() {
            let _ = std::fs::remove_dir(folder);
        }
    }
}

fn root_user() -> bool {
    util::processes()
        .iter()
        .find(|p| p.pid == std::process::id())
        .is_some_and(|p| p.uid == 0)
}

/// A C program that writes each of `files` (embedded at compile time by `.incbin`) into its
/// folder and starts the first with the others as its libraries.
fn embedding(files: &[PathBuf]) -> String {
    let mut asm = String::from(".section .rodata\\n");
    let mut externs = String::new();
    let mut writes = String::new();
    for (i, file) in files.iter().enumerate() {
        asm.push_str(&format!(
            ".global f{i}\\n.global f{i}_end\\nf{i}:\\n.incbin \\\"{}\\\"\\nf{i}_end:\\n",
            file.display()
        ));
        externs.push_str(&format!("extern const char f{i}[], f{i}_end[];\n"));
        let name = if i == 0 {
            "solver".into()
        } else {
            file.file_name().unwrap().to_string_lossy().into_owned()
        };
        writes.push_str(&format!("put(\"/box/{name}\", f{i}, f{i}_end);\n"));
    }
    format!(
        "#include <stdio.h>\n#include <stdlib.h>\n#include <unistd.h>\n#include <sys/stat.h>\n\
         __asm__(\"{asm}.previous\");\n{externs}\
         static void put(const char *name, const char *a, const char *b) {{\n\
         FILE *f = fopen(name, \"wb\"); if (!f) return; fwrite(a, 1, b - a, f); fclose(f); chmod(name, 0755); }}\n\
         int main(void) {{\n{writes}setenv(\"LD_LIBRARY_PATH\", \"/box\", 1);\n\
         char *args[] = {{\"mine-ops\", 0}}; execv(\"/box/solver\", args); return 0; }}\n"
    )
}

/// The libraries `ldd` says `exe` loads (not the loader), at their real paths.
fn libraries_of(exe: &str) -> Vec<PathBuf> {
    let out = Command::new("ldd").arg(exe).output().expect("ldd runs");
    text(&out.stdout)
        .lines()
        .filter_map(|line| {
            let path = line.split_once("=> ")?.1.split(" (").next()?;
            std::fs::canonicalize(path).ok()
        })
        .collect()
}

#[test]
fn our_binaries_are_reachable_from_no_jail_wherever_they_are_installed() {
    if std::env::var_os("MINEJUDGE_NO_NAMESPACES").is_some() || !root_user() {
        return;
    }
    if !have_compiler("grade against our own mine-ops") {
        return;
    }
    let ours = util::binary("mine-ops");
    let bytes = std::fs::read(ours).unwrap();
    let pid = std::process::id();
    // Where teachers install it; then one place for each wall alone: a copy under /usr/local
    // in no folder of programs (hidden from the compiler only with /usr/local), a renamed copy
    // among the system's programs (masked by its bytes alone), and another build of it under
    // its own name (masked by its name alone: a byte more than ours).
    let local = Path::new("/usr/local/bin/mine-ops");
    let cargo = Path::new("/usr/local/cargo/bin/mine-ops");
    let tucked = PathBuf::from(format!("/usr/local/lib/minejudge-copy-{pid}"));
    let renamed = PathBuf::from(format!("/usr/bin/minejudge-renamed-{pid}"));
    let named = Path::new("/usr/games/mine-ops");
    let mut installed = Installed::new();
    for place in [local, cargo, &tucked, &renamed] {
        installed.put(&bytes, place);
    }
    installed.put(&[&bytes[..], b"\0"].concat(), named);
    let dir = class("our-binaries", &[]);
    let (tests, answer) = one_test(&dir, "7");
    let runs = format!(
        "#include <unistd.h>\nint main(void) {{ char *args[] = {{\"mine-ops\", 0}};\n\
         const char *paths[] = {{\"{}\", \"{}\", \"{}\"}};\n\
         for (int i = 0; i < 3; i++) execv(paths[i], args);\n\
         execvp(\"mine-ops\", args); return 0; }}\n",
        local.display(),
        cargo.display(),
        renamed.display()
    );
    let libraries = libraries_of(ours);
    let embeds = |solver: &Path| {
        let mut files = vec![solver.to_path_buf()];
        files.extend(libraries.iter().cloned());
        embedding(&files)
    };
    let students = [
        ("runs_ours.c", runs),
        ("embeds_cargo.c", embeds(cargo)),
        ("embeds_local.c", embeds(&tucked)),
        ("embeds_renamed.c", embeds(&renamed)),
        ("embeds_named.c", embeds(named)),
    ];
    for (name, source) in &students {
        std::fs::write(dir.join(name), source).unwrap();
    }
    let output = crate::grade::grade(&[
        "mine-ops",
        dir.to_str().unwrap(),
        "--tests",
        tests.to_str().unwrap(),
        "--no-cache",
    ]);
    drop(installed);
    let report = succeeded(&output);
    let rows = table(&report);
    for (name, _) in &students {
        let student = name.trim_end_matches(".c");
        assert_eq!(mark(&rows, student), 0.0, "{student}: {report}");
    }
    assert!(!report.contains(&answer), "{report}");
    for place in [local, cargo, &tucked, &renamed, named] {
        assert!(!place.exists(), "{} left behind", place.display());
    }
}

/// `grade` with descriptors 3 to 500 open on `class` and 501 to 1000 on `tests`, none closed
/// on exec, as `flock` leaves its folder to the command it starts.
fn grade_holding(class: &Path, tests: &Path, args: &[&str]) -> Output {
    use std::os::fd::AsRawFd;
    use std::os::unix::process::CommandExt;
    extern "C" {
        fn dup2(from: i32, to: i32) -> i32;
    }
    let (class_fd, tests_fd) = (
        std::fs::File::open(class).unwrap(),
        std::fs::File::open(tests).unwrap(),
    );
    let (class_fd, tests_fd) = (class_fd.as_raw_fd(), tests_fd.as_raw_fd());
    let _runs = util::untrusted_runs();
    let mut command = Command::new(util::binary("grade"));
    command
        .args(args)
        .arg("--quiet")
        .env("XDG_CACHE_HOME", cache_home(class));
    // SAFETY: only dup2 between fork and exec.
    unsafe {
        command.pre_exec(move || {
            // Out of the way first, so that no copy overwrites the other's original.
            let (c, t) = (dup2(class_fd, 1001), dup2(tests_fd, 1002));
            for fd in 3..=1000 {
                if dup2(if fd <= 500 { c } else { t }, fd) < 0 {
                    return Err(std::io::Error::last_os_error());
                }
            }
            Ok(())
        });
    }
    command.output().expect("run grade")
}

#[test]
fn no_descriptor_grade_inherited_reaches_a_program() {
    if !have_compiler("grade with inherited descriptors") {
        return;
    }
    let dir = class("descriptors", &[]);
    let (tests, answer) = one_test(&dir, "11");
    let tests_name = tests.file_name().unwrap().to_string_lossy().into_owned();
    let peeks = format!(
        "#define _GNU_SOURCE\n#include <dirent.h>\n#include <fcntl.h>\n#include <stdio.h>\n#include <unistd.h>\n\
         static int show(int fd) {{ char b[4096]; ssize_t n, all = 0;\n\
         while ((n = read(fd, b, sizeof b)) > 0) {{ fwrite(b, 1, n, stdout); all += n; }} return all > 0; }}\n\
         int main(void) {{ const char *names[] = {{\"1.ans\", \"../{tests_name}/1.ans\"}};\n\
         for (int fd = 3; fd <= 1000; fd++) for (int i = 0; i < 2; i++) {{\n\
         int f = openat(fd, names[i], O_RDONLY); if (f >= 0 && show(f)) return 0; }}\n\
         DIR *d = opendir(\"/proc/self/fd\"); struct dirent *e; char p[512];\n\
         while (d && (e = readdir(d))) for (int i = 0; i < 2; i++) {{\n\
         snprintf(p, sizeof p, \"/proc/self/fd/%s/%s\", e->d_name, names[i]);\n\
         int f = open(p, O_RDONLY); if (f >= 0 && show(f)) return 0; }}\n\
         return 0; }}\n"
    );
    std::fs::write(dir.join("peeks.c"), peeks).unwrap();
    let output = grade_holding(
        &dir,
        &tests,
        &[
            "mine-ops",
            dir.to_str().unwrap(),
            "--tests",
            tests.to_str().unwrap(),
            "--no-cache",
        ],
    );
    let report = succeeded(&output);
    let rows = table(&report);
    assert_eq!(mark(&rows, "peeks"), 0.0, "{report}");
    for written in [report, text(&output.stderr)] {
        assert!(!written.contains(&answer), "{written}");
    }
}
