//! Turning a student's file into something to run for a task: a whole program compiled as it
//! is, the course's function or header compiled into our driver of the task (the same drivers
//! `stress --function`, `--client` and `--server` use), or a program already built, copied
//! where the run's user can reach it.

use crate::courses::acm_client::header::compile_client;
use crate::courses::acm_server::BASIC;
use crate::courses::jlu_machine::function::compile_machine;
use crate::courses::jlu_panel::CONSOLE_JUDGE;
use crate::exec::compile::{compile_program, Build, BuildError, Compiler, Language, TempDir};
use crate::grade::class::Form;
use crate::grade::task::Task;
use std::path::Path;

/// How a built file is run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Runs {
    /// A program that reads the task's input: a test's, or one panel or map per run.
    Program,
    /// Our driver of the course's function or header, in conversation with us.
    Driver,
}

/// A student's file ready to run: the command and the folder that holds it.
#[derive(Debug)]
pub struct Built {
    /// The command.
    pub command: Vec<String>,
    /// How it is run.
    pub runs: Runs,
    _folder: Folder,
}

/// What must live as long as the command: the build's folder, or the copy's.
#[derive(Debug)]
enum Folder {
    Build { _build: Build },
    Copy { _copy: TempDir },
}

/// Builds `file`, handed in as `form`, for `task`.
///
/// # Errors
/// The compiler's first lines, or why the file cannot be run.
pub fn build(
    compiler: Option<&Compiler>,
    task: Task,
    file: &Path,
    form: Form,
) -> Result<Built, BuildError> {
    if form == Form::Executable {
        return Ok(copied(file)?);
    }
    if keeps_a_test_main(task, file) {
        return Err(format!(
            "remove main() from {}: hand in machine() and its helpers only (the judge's program \
             has its own main)",
            file.display()
        )
        .into());
    }
    let compiler = compiler.ok_or_else(|| "no C++ compiler".to_string())?;
    let program = |build: Build| Built {
        command: vec![build.exe.to_string_lossy().into_owned()],
        runs: Runs::Program,
        _folder: Folder::Build { _build: build },
    };
    let driver = |build: Build| Built {
        command: vec![build.exe.to_string_lossy().into_owned()],
        runs: Runs::Driver,
        _folder: Folder::Build { _build: build },
    };
    match form {
        Form::Executable => Ok(copied(file)?),
        Form::CppProgram => compile_program(compiler, file, Language::Cpp).map(program),
        Form::CProgram => compile_program(compiler, file, Language::C).map(program),
        Form::CourseFile => match task {
            Task::JluMachine => compile_machine(compiler, file).map(driver),
            Task::AcmClient => compile_client(compiler, file, None).map(driver),
            Task::JluPanel => CONSOLE_JUDGE.compile(compiler, file).map(program),
            Task::AcmServer => BASIC.compile(compiler, file).map(program),
            Task::MineOps => Err(format!(
                "{} has no main(): THU's task is a whole program",
                file.display()
            )
            .into()),
        },
    }
}

/// Whether `file`, handed in for JLU part (2), defines `main` beside `machine` and includes
/// nothing: a test `main` left in the course's file (a whole program has its `#include`s).
pub fn keeps_a_test_main(task: Task, file: &Path) -> bool {
    if task != Task::JluMachine {
        return false;
    }
    let text = crate::grade::class::read_source(file).unwrap_or_default();
    let calls_machine = crate::exec::source::calls(&text, "machine");
    let includes = text
        .lines()
        .any(|line| line.trim_start().starts_with('#') && line.contains("include"));
    crate::grade::class::defines_main(&text) && calls_machine && !includes
}

/// A program already built (or a script), copied into a folder of ours that the run's user can
/// read: the student's own folder may not be.
fn copied(file: &Path) -> Result<Built, String> {
    let dir = TempDir::new("copy")?;
    let name = file
        .file_name()
        .map_or_else(|| "program".into(), |n| n.to_string_lossy().into_owned());
    let target = dir.path().join(&name);
    std::fs::copy(file, &target).map_err(|err| format!("cannot copy {}: {err}", file.display()))?;
    #[cfg(unix)]
    for path in [dir.path(), target.as_path()] {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o755))
            .map_err(|err| format!("cannot open {} to the run: {err}", path.display()))?;
    }
    Ok(Built {
        command: vec![target.to_string_lossy().into_owned()],
        runs: Runs::Program,
        _folder: Folder::Copy { _copy: dir },
    })
}
