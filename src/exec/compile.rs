//! Compiling a student's file into one of our C++ drivers (`stress --function`, `--client`,
//! `--server`): the compiler is found (`--cxx PATH`, else `$CXX`, else `g++`, `c++` or
//! `clang++` on the PATH), the driver and the student's files are written to a temporary
//! folder with shims of the pre-standard headers (`iostream.h`, ...) on the include path, and
//! a failure is told with the compiler's first lines, naming the student's file as given.

use crate::exec::child::{self, Ending, Limits, Workspace};
use crate::sandbox::{on_path, Policy};
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::time::Duration;

/// The longest a compile may take.
const COMPILE_TIME: Duration = Duration::from_secs(60);

/// The compiler's address space.
const COMPILE_MEMORY: u64 = 4 << 30;

/// The compiler's messages shown when a build fails.
const MESSAGE_LINES: usize = 20;

/// The most characters of one message line shown.
const MESSAGE_WIDTH: usize = 300;

/// Processes a jailed compiler may run at once (the driver, `cc1plus`, `as`, `ld`).
const COMPILE_PROCESSES: u32 = 16;

/// The compilers tried, in order, when neither `--cxx` nor `$CXX` names one.
const USUAL_COMPILERS: [&str; 3] = ["g++", "c++", "clang++"];

/// The headers on the include path: the pre-standard ones old course programs include, each
/// the standard one with `using namespace std;`, and the drivers' own side of the pipe.
const HEADERS: [(&str, &str); 4] = [
    ("iostream.h", include_str!("shims/iostream.h")),
    ("fstream.h", include_str!("shims/fstream.h")),
    ("iomanip.h", include_str!("shims/iomanip.h")),
    ("minejudge_pipe.h", include_str!("shims/minejudge_pipe.h")),
];

/// A C++ compiler: the program and the arguments it always takes (`$CXX` may hold some).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Compiler {
    program: String,
    args: Vec<String>,
    /// Whose files it compiles, and so how closely it is kept: the user's own (it sees their
    /// files, so that their own headers are found), or someone else's (it runs in the jail, and
    /// sees the system's headers, our shims and the student's file only).
    policy: Policy,
}

impl Compiler {
    /// `--cxx PATH` if given, else `$CXX`, else the first of g++, c++, clang++ on the PATH,
    /// checked to accept every flag a C++ build passes.
    ///
    /// # Errors
    /// When none is found, or the one found is too old, with what to do about it.
    pub fn find(cxx: Option<&str>) -> Result<Compiler, String> {
        let compiler = Compiler::named(cxx)?;
        compiler.check(Language::Cpp)?;
        Ok(compiler)
    }

    /// The compiler `find` chooses, unchecked.
    fn named(cxx: Option<&str>) -> Result<Compiler, String> {
        let named = cxx
            .map(str::to_string)
            .or_else(|| std::env::var("CXX").ok().filter(|v| !v.trim().is_empty()));
        if let Some(named) = named {
            let mut words = named.split_whitespace().map(str::to_string);
            let program = words.next().unwrap_or_default();
            if on_path(&program).is_none() {
                return Err(format!(
                    "the C++ compiler {program:?} (from {}) cannot be found",
                    if cxx.is_some() { "--cxx" } else { "$CXX" }
                ));
            }
            return Ok(Compiler {
                program,
                args: words.collect(),
                policy: Policy::OwnCode,
            });
        }
        USUAL_COMPILERS
            .iter()
            .find(|name| on_path(name).is_some())
            .map(|name| Compiler {
                program: name.to_string(),
                args: Vec::new(),
                policy: Policy::OwnCode,
            })
            .ok_or_else(|| {
                "no C++ compiler found (tried $CXX, g++, c++ and clang++): install one \
                 (Debian, Ubuntu: apt-get install g++) or give --cxx PATH"
                    .to_string()
            })
    }

    /// The compiler's name, for messages.
    pub fn name(&self) -> &str {
        &self.program
    }

    /// What tells this compiler from another, for a cache's key: its name and arguments, and
    /// the size and time of the file it runs.
    pub fn identity(&self) -> String {
        let meta = on_path(&self.program)
            .and_then(|path| std::fs::canonicalize(path).ok())
            .and_then(|path| Some((std::fs::metadata(&path).ok()?, path)));
        let (size, modified, path) = match meta {
            Some((meta, path)) => (
                meta.len(),
                meta.modified()
                    .ok()
                    .and_then(|t| t.duration_since(std::time::UNIX_EPOCH).ok())
                    .map_or(0, |d| d.as_secs()),
                path.display().to_string(),
            ),
            None => (0, 0, String::new()),
        };
        format!("{} {:?} {path} {size} {modified}", self.program, self.args)
    }

    /// This compiler, for someone else's files: it runs in the jail, its own folder the only
    /// one it writes, and its build folder the only one of ours it sees.
    pub fn jailed(mut self) -> Compiler {
        self.policy = Policy::Untrusted {
            processes: COMPILE_PROCESSES,
        };
        self
    }

    /// Whether this compiler builds an empty program of `language` with every flag a build
    /// passes, asked once a process: an older one would refuse every student's file, and each
    /// refusal would read as the student's.
    ///
    /// # Errors
    /// One line: the compiler found, its version, and the versions needed; or why it could
    /// not run.
    pub fn check(&self, language: Language) -> Result<(), String> {
        static CHECKED: Mutex<Vec<(String, Result<(), String>)>> = Mutex::new(Vec::new());
        let asked = format!("{language:?} {} {:?}", self.program, self.args);
        if let Some((_, answer)) = CHECKED
            .lock()
            .expect("no panics")
            .iter()
            .find(|(seen, _)| *seen == asked)
        {
            return answer.clone();
        }
        let answer = self.check_now(language);
        CHECKED
            .lock()
            .expect("no panics")
            .push((asked, answer.clone()));
        answer
    }

    fn check_now(&self, language: Language) -> Result<(), String> {
        // Our own empty program: no jail is needed to see which flags the compiler takes.
        let own = Compiler {
            policy: Policy::OwnCode,
            ..self.clone()
        };
        let empty = "int main(void) { return 0; }\n";
        let failure = match build(&own, language, empty, &[], "", Output::Program) {
            Ok(_) => return Ok(()),
            Err(failure) => failure,
        };
        if !failure.refused {
            return Err(failure.message);
        }
        let program = match language {
            Language::Cpp => self.program.clone(),
            Language::C => c_compiler(&self.program),
        };
        Err(format!(
            "the compiler {program} is {:?}, which refuses the flags every build passes ({}): \
             they need GCC 10 or Clang 12 or later; install one, or give --cxx PATH",
            version_line(&program),
            flags(language, Output::Program).join(" ")
        ))
    }
}

/// The first line `program --version` prints, or that it printed none.
fn version_line(program: &str) -> String {
    let limits = Limits {
        cpu: Duration::from_secs(10),
        wall: Limits::wall_for(Duration::from_secs(10)),
        memory: None,
        stack: None,
        output: 1 << 16,
        policy: Policy::OwnCode,
    };
    let command = [program.to_string(), "--version".to_string()];
    let printed = child::run(&command, b"", &limits).map(|ran| ran.stdout);
    let text = String::from_utf8_lossy(printed.as_deref().unwrap_or_default()).into_owned();
    match text.lines().map(str::trim).find(|line| !line.is_empty()) {
        Some(line) => cut_line(line),
        None => "no version given by --version".to_string(),
    }
}

/// Why a build failed, and whether the files are why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BuildError {
    /// What to tell: the compiler's first lines, or why it could not run.
    pub message: String,
    /// Whether the compiler ran to its end and refused the files (an exit status other than
    /// 0): its own verdict, the same at every build. Otherwise it could not run, was stopped at
    /// its limits, or a file could not be read or written, which the machine may have caused.
    pub refused: bool,
}

impl From<String> for BuildError {
    fn from(message: String) -> BuildError {
        BuildError {
            message,
            refused: false,
        }
    }
}

impl From<BuildError> for String {
    fn from(failure: BuildError) -> String {
        failure.message
    }
}

impl std::fmt::Display for BuildError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

/// The C compiler beside a C++ compiler.
fn c_compiler(cxx: &str) -> String {
    let (dir, name) = match cxx.rfind('/') {
        Some(at) => (&cxx[..=at], &cxx[at + 1..]),
        None => ("", cxx),
    };
    let c = match name {
        "g++" => "gcc".to_string(),
        "clang++" => "clang".to_string(),
        _ => match name.strip_suffix("g++") {
            Some(prefix) => format!("{prefix}gcc"),
            None => "cc".to_string(),
        },
    };
    format!("{dir}{c}")
}

/// A folder of our own under the system's temporary folder, removed when dropped.
pub use crate::sandbox::temp::TempFolder as TempDir;

/// A built driver: the executable, in a folder that lives as long as this.
#[derive(Debug)]
pub struct Build {
    /// The executable.
    pub exe: PathBuf,
    _dir: TempDir,
}

/// One student file: the name our driver includes it by, and where the student keeps it.
#[derive(Clone, Copy, Debug)]
pub struct Submission<'a> {
    /// The name the driver's `#include "..."` uses, such as `client.h`.
    pub name: &'a str,
    /// The file given on the command line.
    pub path: &'a Path,
}

/// Compiles `driver` (C++ source, which includes the submissions by their names) with the
/// student's files at -O2, loops not assumed to end.
///
/// # Errors
/// When a file cannot be read, or the compiler cannot run or fails: the message has the
/// compiler's first [`MESSAGE_LINES`] lines, with the student's files named as given, and
/// [`BuildError::refused`] tells whether the compiler refused the files.
pub fn compile(
    compiler: &Compiler,
    driver: &str,
    submissions: &[Submission],
) -> Result<Build, BuildError> {
    build(
        compiler,
        Language::Cpp,
        driver,
        submissions,
        " with our driver",
        Output::Program,
    )
    .map(|(exe, dir)| Build { exe, _dir: dir })
}

/// What a build makes.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Output {
    /// A program, at -O2 as the courses build.
    Program,
    /// An object file at -O0, so that every object the code defines is in it.
    Object,
}

/// Compiles `driver` (C++ source that includes the submissions) to an object file, at -O0 so
/// that the compiler keeps every object the code defines, and returns the object's bytes: its
/// symbols are what the code defines, however it was spelled.
///
/// # Errors
/// As [`compile`].
pub fn compile_object(
    compiler: &Compiler,
    driver: &str,
    submissions: &[Submission],
) -> Result<Vec<u8>, BuildError> {
    let (object, _dir) = build(
        compiler,
        Language::Cpp,
        driver,
        submissions,
        "",
        Output::Object,
    )?;
    std::fs::read(&object).map_err(|err| format!("cannot read {}: {err}", object.display()).into())
}

/// The language a whole program is written in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Language {
    /// C++ (gnu++17).
    Cpp,
    /// C (gnu11, with the maths library), by the C compiler beside the C++ one (`gcc` for
    /// `g++`, `clang` for `clang++`, else `cc`).
    C,
}

/// Compiles a student's whole program (it has its own `main`) at -O2, with the shims of the
/// pre-standard headers on the include path.
///
/// # Errors
/// As [`compile`].
pub fn compile_program(
    compiler: &Compiler,
    file: &Path,
    language: Language,
) -> Result<Build, BuildError> {
    let (driver, name) = match language {
        Language::Cpp => ("#include \"submission.cpp\"\n", "submission.cpp"),
        Language::C => ("#include \"submission.c\"\n", "submission.c"),
    };
    build(
        compiler,
        language,
        driver,
        &[Submission { name, path: file }],
        "",
        Output::Program,
    )
    .map(|(exe, dir)| Build { exe, _dir: dir })
}

/// Compiles `driver` with `submissions` beside it into `output`, and returns where it is and
/// the folder that holds it; `around` says what the failure message says they were compiled
/// with (` with our driver`, or nothing for a whole program).
fn build(
    compiler: &Compiler,
    language: Language,
    driver: &str,
    submissions: &[Submission],
    around: &str,
    output: Output,
) -> Result<(PathBuf, TempDir), BuildError> {
    let dir = TempDir::new("build")?;
    std::fs::create_dir(dir.path().join("include"))
        .map_err(|err| format!("cannot make a folder in {}: {err}", dir.path().display()))?;
    let write = |name: &str, bytes: &[u8]| {
        std::fs::write(dir.path().join(name), bytes)
            .map_err(|err| format!("cannot write {}: {err}", dir.path().join(name).display()))
    };
    for (name, text) in HEADERS {
        write(&format!("include/{name}"), text.as_bytes())?;
    }
    for submission in submissions {
        let text = read_bounded(submission.path)?;
        write(submission.name, &text)?;
    }
    let (source, program) = match language {
        Language::Cpp => ("driver.cpp", compiler.program.clone()),
        Language::C => ("driver.c", c_compiler(&compiler.program)),
    };
    write(source, driver.as_bytes())?;
    let exe = dir.path().join("driver");
    // In the jail the build folder is the compiler's working folder, `/box`.
    let jailed = matches!(compiler.policy, Policy::Untrusted { .. });
    let folder = if jailed {
        PathBuf::from(crate::sandbox::root::BOX)
    } else {
        dir.path().to_path_buf()
    };
    let mut command = vec![program];
    command.extend(compiler.args.iter().cloned());
    command.extend(flags(language, output));
    command.push("-o".into());
    command.push(folder.join("driver").to_string_lossy().into_owned());
    command.push("-I".into());
    command.push(folder.join("include").to_string_lossy().into_owned());
    command.push(folder.join(source).to_string_lossy().into_owned());
    if language == Language::C && output == Output::Program {
        command.push("-lm".into());
    }
    // The compiler reads the student's text: a file that never ends (`#include "/dev/zero"`)
    // or a template that explodes must not hold us, nor the machine.
    let limits = Limits {
        cpu: COMPILE_TIME,
        wall: Limits::wall_for(COMPILE_TIME),
        memory: Some(COMPILE_MEMORY),
        stack: Some(COMPILE_MEMORY),
        output: 1 << 20,
        policy: compiler.policy,
    };
    let ran = child::run_in(&command, b"", &limits, Workspace::Folder(dir.path()))
        .map_err(|err| format!("cannot run the C++ compiler {}: {err}", compiler.program))?;
    let status = match ran.ending {
        Ending::Exited(0) => None,
        Ending::Exited(code) => Some(format!("exit status: {code}")),
        Ending::TooSlow | Ending::TimedOut => Some(format!(
            "still compiling, {}: stopped",
            child::describe_run_ending(ran.ending, ran.usage(), &limits)
        )),
        ending => Some(child::describe_ending(ending)),
    };
    if let Some(status) = status {
        let said = format!("{}, {status}", command[0]);
        return Err(BuildError {
            message: refusal(&ran.stderr, &folder, submissions, around, &said),
            refused: matches!(ran.ending, Ending::Exited(_)),
        });
    }
    // Someone else's code runs under a user id of its own: the folder and the program must be
    // open to it, whatever the umask.
    #[cfg(unix)]
    for path in [dir.path(), exe.as_path()] {
        use std::os::unix::fs::PermissionsExt;
        let _ = std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o755));
    }
    Ok((exe, dir))
}

/// The flags a build of `language` into `output` passes: -O2 as the
/// courses build, but a loop is not assumed to end (an empty endless loop must hang here as it
/// does in the course's build, not vanish); an object file at -O0.
fn flags(language: Language, output: Output) -> Vec<String> {
    let standard = match language {
        Language::Cpp => "-std=gnu++17",
        Language::C => "-std=gnu11",
    };
    let flags: &[&str] = match output {
        Output::Program => &[standard, "-O2", "-fno-finite-loops"],
        Output::Object => &[standard, "-O0", "-c"],
    };
    flags.iter().map(|flag| flag.to_string()).collect()
}

/// The message of a build the compiler ended unbuilt: its first [`MESSAGE_LINES`] lines of
/// `stderr`, the build folder `folder` left out and the student's files named as given;
/// `said` names the compiler and how it ended.
fn refusal(
    stderr: &[u8],
    folder: &Path,
    submissions: &[Submission],
    around: &str,
    said: &str,
) -> String {
    let mut text = String::from_utf8_lossy(stderr).into_owned();
    let folder = format!("{}/", folder.display());
    for submission in submissions {
        let ours = format!("{folder}{}", submission.name);
        text = text.replace(&ours, &submission.path.display().to_string());
    }
    text = text.replace(&folder, "");
    let lines: Vec<String> = text.lines().map(cut_line).collect();
    let more = if lines.len() > MESSAGE_LINES {
        format!("\n[{} more lines]", lines.len() - MESSAGE_LINES)
    } else {
        String::new()
    };
    let files: Vec<String> = submissions
        .iter()
        .map(|s| s.path.display().to_string())
        .collect();
    format!(
        "{} does not compile{around} ({said}):\n{}{more}",
        files.join(" and "),
        lines[..lines.len().min(MESSAGE_LINES)].join("\n")
    )
}

/// The most of a student's file a build reads: no course's file comes near it.
const LARGEST_SOURCE: u64 = 16 << 20;

/// A student's file, refused past [`LARGEST_SOURCE`], and refused as a link.
fn read_bounded(path: &Path) -> Result<Vec<u8>, String> {
    let text = crate::exec::files::read_regular(path, LARGEST_SOURCE + 1)
        .map_err(|err| format!("cannot read {}: {err}", path.display()))?;
    if text.len() as u64 > LARGEST_SOURCE {
        return Err(format!(
            "{} is larger than {} MiB: not a source file",
            path.display(),
            LARGEST_SOURCE >> 20
        ));
    }
    Ok(text)
}

/// A message line cut to [`MESSAGE_WIDTH`] characters.
fn cut_line(line: &str) -> String {
    match line.char_indices().nth(MESSAGE_WIDTH) {
        Some((at, _)) => format!("{} [...]", &line[..at]),
        None => line.to_string(),
    }
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;

    /// A compiler that is the shell `script`, in `dir`.
    fn script(dir: &TempDir, name: &str, script: &str) -> Compiler {
        use std::os::unix::fs::PermissionsExt;
        let path = dir.path().join(name);
        std::fs::write(&path, format!("#!/bin/sh\n{script}")).unwrap();
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
        Compiler::named(Some(path.to_str().unwrap())).unwrap()
    }

    #[test]
    fn a_compiler_is_checked_for_every_flag_and_named_with_its_version() {
        let dir = TempDir::new("test").unwrap();
        let old = script(
            &dir,
            "old",
            "for arg in \"$@\"; do\n\
               case \"$arg\" in\n\
                 --version) echo 'clang version 11.0.1'; exit 0;;\n\
                 -fno-finite-loops) exit 1;;\n\
               esac\n\
             done\n",
        );
        let refused = old.check(Language::Cpp).unwrap_err();
        assert!(!refused.contains('\n'), "{refused}");
        for said in ["\"clang version 11.0.1\"", "-fno-finite-loops", "Clang 12"] {
            assert!(refused.contains(said), "{said}: {refused}");
        }
        assert_eq!(script(&dir, "new", "exit 0\n").check(Language::Cpp), Ok(()));
    }

    #[test]
    fn only_an_exit_status_is_the_compilers_verdict() {
        let dir = TempDir::new("test").unwrap();
        let file = dir.path().join("quoted.cpp");
        std::fs::write(&file, "// (g++, exit status: 1):\n").unwrap();
        let said = |compiler: &Compiler| compile_program(compiler, &file, Language::Cpp);
        // Both print the student's text, which names an exit status; one ends by a signal.
        let print = "for arg in \"$@\"; do source=\"$arg\"; done\ncat \"${source%/*}/submission.cpp\" >&2\n";
        let killed = said(&script(&dir, "killed", &format!("{print}kill -9 $$\n"))).unwrap_err();
        assert!(killed.message.contains("exit status: 1"), "{killed}");
        assert!(!killed.refused, "{killed}");
        let refused = said(&script(&dir, "refused", &format!("{print}exit 1\n"))).unwrap_err();
        assert!(refused.refused, "{refused}");
    }
}
