//! A class as handed in: one file or folder per student in a folder, the student's name taken
//! from the file's name (`5班-张三.txt` is `5班-张三`), and what each hands in: a whole program,
//! the course's function or header, or a program already built.

pub use crate::exec::source::defines_main;
use std::path::{Path, PathBuf};

/// What a student handed in, found by its content.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Form {
    /// A whole program (it defines `main`), in C++.
    CppProgram,
    /// A whole program in C (a `.c` file).
    CProgram,
    /// The course's function or header (no `main`): compiled into our driver of the task.
    CourseFile,
    /// A program already built, or a script (`#!`): run as it is.
    Executable,
}

impl Form {
    /// What it is, in words.
    pub fn describe(self) -> &'static str {
        match self {
            Form::CppProgram => "a whole C++ program",
            Form::CProgram => "a whole C program",
            Form::CourseFile => "the course's function or header, in our driver",
            Form::Executable => "a program already built",
        }
    }
}

/// One student of the class.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Student {
    /// The name, from the file or folder's name.
    pub name: String,
    /// The file graded (`None`: nothing to grade in the folder).
    pub file: Option<PathBuf>,
    /// What it is.
    pub form: Form,
    /// Why nothing could be graded, or which of several files was.
    pub note: Option<String>,
}

/// The extensions of the files a student may hand in as source.
const SOURCE_EXTENSIONS: [&str; 8] = ["c", "cc", "cpp", "cxx", "h", "hpp", "txt", "c++"];

/// The most bytes of a source file read: beyond, it is not a course's file.
pub const MAX_SOURCE: u64 = 1 << 20;

/// The most of a student's file read to grade it (a program already built may be large): a
/// larger file is graded on its first this many bytes, which a build rejects.
pub const MAX_FILE: u64 = 64 << 20;

/// The students in `dir`, by name: every file and folder whose name does not start with a dot.
/// `preferred` names the file the task's course form has (`client.h`), to pick in a folder.
///
/// # Errors
/// When `dir` cannot be read.
pub fn students(dir: &Path, preferred: Option<&str>) -> Result<Vec<Student>, String> {
    let entries =
        std::fs::read_dir(dir).map_err(|err| format!("cannot read {}: {err}", dir.display()))?;
    let mut paths: Vec<PathBuf> = entries
        .filter_map(|entry| entry.ok().map(|e| e.path()))
        .filter(|path| {
            path.file_name()
                .and_then(|n| n.to_str())
                .map_or(true, |n| !n.starts_with('.'))
        })
        .collect();
    paths.sort_by_key(|p| natural_key(&file_name(p)));
    let mut students: Vec<Student> = Vec::new();
    for path in paths {
        let mut student = match skipped_kind(&path) {
            Some(kind) => Student {
                name: student_name(&path),
                file: None,
                form: Form::CourseFile,
                note: Some(format!(
                    "skipped: {kind} (only regular files and folders are graded)"
                )),
            },
            None if is_folder(&path) => from_folder(&path, preferred),
            None if is_other_document(&path) => Student {
                name: student_name(&path),
                file: None,
                form: Form::CourseFile,
                note: Some(NOT_SOURCE.to_string()),
            },
            None => from_file(&path),
        };
        if students.iter().any(|s| s.name == student.name) {
            // 张三.cpp and 张三.txt: the second keeps its whole file name.
            student.name = file_name(&path);
        }
        students.push(student);
    }
    Ok(students)
}

/// What the entry at `path` is when it is neither a regular file nor a folder (a link is not
/// followed: it may lead out of the class, or to a device), or `None`.
pub fn skipped_kind(path: &Path) -> Option<&'static str> {
    use std::os::unix::fs::FileTypeExt;
    let Ok(meta) = std::fs::symlink_metadata(path) else {
        return Some("an entry that cannot be read");
    };
    let kind = meta.file_type();
    if kind.is_file() || kind.is_dir() {
        None
    } else if kind.is_symlink() {
        Some("a symbolic link")
    } else if kind.is_fifo() {
        Some("a FIFO")
    } else if kind.is_socket() {
        Some("a socket")
    } else {
        Some("a device")
    }
}

/// The note of a file in the class that is neither source nor program (a README, a report
/// written there, a student's `.docx`): listed, so that a student who handed in the wrong file
/// is seen, but never compiled.
pub const NOT_SOURCE: &str = "skipped: not a source file or program";

/// Whether a regular file is some other document: its extension is not a source's, and it is
/// no program (not executable, no `#!`, no ELF header). A file without an extension is read
/// as source, as a student's `zhangsan` may be.
fn is_other_document(path: &Path) -> bool {
    path.extension().is_some() && !is_source(path) && form_of(path) != Form::Executable
}

fn is_folder(path: &Path) -> bool {
    std::fs::symlink_metadata(path).is_ok_and(|m| m.is_dir())
}

fn is_regular(path: &Path) -> bool {
    std::fs::symlink_metadata(path).is_ok_and(|m| m.is_file())
}

pub use crate::exec::files::{open_regular, read_regular};

/// The name a file or folder gives its student: the file's name without its extension.
pub fn student_name(path: &Path) -> String {
    if is_folder(path) {
        return file_name(path);
    }
    path.file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_else(|| file_name(path))
}

fn file_name(path: &Path) -> String {
    path.file_name()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default()
}

fn from_file(path: &Path) -> Student {
    Student {
        name: student_name(path),
        file: Some(path.to_path_buf()),
        form: form_of(path),
        note: None,
    }
}

/// A folder's file to grade: the task's course file if there, else the only source file or
/// program, else the one with `main`, else the first by name.
fn from_folder(dir: &Path, preferred: Option<&str>) -> Student {
    let name = student_name(dir);
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .map(|entries| {
            entries
                .filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| is_regular(p) && (is_source(p) || is_executable(p)))
                .collect()
        })
        .unwrap_or_default();
    files.sort();
    let pick = preferred
        .and_then(|wanted| {
            files
                .iter()
                .find(|f| f.file_name().is_some_and(|n| n == wanted))
        })
        .or_else(|| (files.len() == 1).then(|| &files[0]))
        .or_else(|| files.iter().find(|f| form_of(f) != Form::CourseFile))
        .or_else(|| files.first())
        .cloned();
    let note = match (&pick, files.len()) {
        (None, _) => Some(format!("no source file in the folder {}", dir.display())),
        (Some(file), n) if n > 1 => Some(format!(
            "graded {} of the {n} files in the folder",
            file_name(file)
        )),
        _ => None,
    };
    Student {
        name,
        form: pick.as_deref().map_or(Form::CourseFile, form_of),
        file: pick,
        note,
    }
}

fn is_source(path: &Path) -> bool {
    path.extension()
        .and_then(|e| e.to_str())
        .is_some_and(|e| SOURCE_EXTENSIONS.contains(&e.to_ascii_lowercase().as_str()))
}

fn is_executable(path: &Path) -> bool {
    use std::os::unix::fs::PermissionsExt;
    let executable = std::fs::metadata(path).is_ok_and(|m| m.permissions().mode() & 0o111 != 0);
    executable && !is_source(path)
}

/// What the file is: a program already built (executable, or starting with `#!` or an ELF
/// header), a C or C++ program (it defines `main`), or the course's file.
pub fn form_of(path: &Path) -> Form {
    let mut head = [0u8; 4];
    let start = open_regular(path)
        .and_then(|mut file| std::io::Read::read(&mut file, &mut head))
        .unwrap_or(0);
    if is_executable(path) || head[..start].starts_with(b"#!") || head.starts_with(b"\x7fELF") {
        return Form::Executable;
    }
    let text = read_source(path).unwrap_or_default();
    if !defines_main(&text) {
        Form::CourseFile
    } else if path.extension().is_some_and(|e| e == "c") {
        Form::CProgram
    } else {
        Form::CppProgram
    }
}

/// The first [`MAX_SOURCE`] bytes of a file, as text (invalid UTF-8 replaced).
pub fn read_source(path: &Path) -> std::io::Result<String> {
    Ok(String::from_utf8_lossy(&read_head(path)?).into_owned())
}

/// The first [`MAX_SOURCE`] bytes of a file, as handed in (a student's Notepad file may be in
/// GBK).
pub fn read_head(path: &Path) -> std::io::Result<Vec<u8>> {
    read_regular(path, MAX_SOURCE)
}

/// A key that sorts `a2` before `a10`: runs of digits compared as numbers.
pub fn natural_key(name: &str) -> Vec<(String, u64)> {
    let mut key = Vec::new();
    let mut text = String::new();
    let mut chars = name.chars().peekable();
    while let Some(c) = chars.next() {
        if c.is_ascii_digit() {
            let mut number = u64::from(c as u8 - b'0');
            while let Some(d) = chars.peek().copied().filter(char::is_ascii_digit) {
                number = number
                    .saturating_mul(10)
                    .saturating_add(u64::from(d as u8 - b'0'));
                chars.next();
            }
            key.push((std::mem::take(&mut text), number));
        } else {
            text.push(c);
        }
    }
    key.push((text, u64::MAX));
    key
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn main_is_found_in_code_only() {
        assert!(defines_main("#include <stdio.h>\nint main(void)\n{\n}\n"));
        assert!(defines_main("int x;\nint\nmain()\n{}"));
        assert!(defines_main("main() { }"));
        assert!(defines_main(
            "struct A {};\nint main(int argc, char **argv) {}"
        ));
        assert!(!defines_main(""));
        assert!(!defines_main("// int main()\nvoid machine() {}"));
        assert!(!defines_main(
            "int RefreshGamePanel(int GamePanel[30][30]) { return 0; }"
        ));
        assert!(!defines_main("void f() { domain(1); x.main(2); }"));
        assert!(!defines_main(
            "char c = '\"'; const char *s = \"int main()\";"
        ));
    }

    #[test]
    fn names_sort_naturally() {
        let mut names = vec!["10.in", "2.in", "1.in", "a.in", "test3.in", "test12.in"];
        names.sort_by_key(|n| natural_key(n));
        assert_eq!(
            names,
            ["1.in", "2.in", "10.in", "a.in", "test3.in", "test12.in"]
        );
        let mut classes = vec!["10班-张三", "2班-李四", "1班-王五"];
        classes.sort_by_key(|n| natural_key(n));
        assert_eq!(classes, ["1班-王五", "2班-李四", "10班-张三"]);
    }

    #[test]
    fn other_documents_are_listed_but_not_graded() {
        let dir = std::env::temp_dir().join(format!("minejudge-class-docs-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        for (name, text) in [
            ("README.md", "# the class\n"),
            ("marks.xlsx", "PK"),
            ("zhangsan.cpp", "int main() {}\n"),
            ("lisi.TXT", "void machine() {}\n"),
            ("wangwu", "int main() {}\n"),
            ("run.sh", "#!/bin/sh\necho 1\n"),
        ] {
            std::fs::write(dir.join(name), text).unwrap();
        }
        let students = students(&dir, None).unwrap();
        std::fs::remove_dir_all(&dir).unwrap();
        let notes: Vec<(&str, Option<&str>, bool)> = students
            .iter()
            .map(|s| (s.name.as_str(), s.note.as_deref(), s.file.is_some()))
            .collect();
        assert_eq!(
            notes,
            [
                ("README", Some(NOT_SOURCE), false),
                ("lisi", None, true),
                ("marks", Some(NOT_SOURCE), false),
                ("run", None, true),
                ("wangwu", None, true),
                ("zhangsan", None, true),
            ]
        );
    }

    #[test]
    fn names_come_from_file_names() {
        assert_eq!(student_name(Path::new("/x/5班-张三.txt")), "5班-张三");
        assert_eq!(student_name(Path::new("/x/li.si.cpp")), "li.si");
        assert_eq!(student_name(Path::new("/x/noext")), "noext");
    }
}
