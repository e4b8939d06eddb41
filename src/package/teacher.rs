//! What a teacher adds to a package of ours: tests of their own (`--add-tests`), submissions of
//! their own (`--add-submission`), a fixed time limit (`--time-limit`), and the package's
//! license and rights owner (`--license`, `--rights-owner`).

use crate::io::runner::solve_in_memory;
use crate::judges::{Judge, Verdict};
use crate::package::files::File;
use crate::package::problem::{Rights, Test};
use crate::package::submissions::Submission;
use std::path::Path;

/// The most bytes one added file may hold: ten times the largest official test seen (a few
/// MiB), a few times our own largest answer.
pub const MAX_FILE_BYTES: u64 = 64 * 1024 * 1024;

/// The most bytes a folder of added tests may hold in all, all of which are held in memory.
pub const MAX_FOLDER_BYTES: u64 = 512 * 1024 * 1024;

/// The licenses the Kattis format allows (`problem.yaml`'s `license`), which the other
/// formats' packages name in their notes.
pub const LICENSES: [&str; 7] = [
    "unknown",
    "public domain",
    "cc0",
    "cc by",
    "cc by-sa",
    "educational",
    "permission",
];

/// The languages a submission may be in, by its file's extension.
const EXTENSIONS: [(&str, &str); 4] = [
    ("c", "C"),
    ("cpp", "C++"),
    ("py", "Python 3"),
    ("rs", "Rust"),
];

/// The license named `name`, or an error that lists them.
///
/// # Errors
/// A name not in [`LICENSES`].
pub fn license(name: &str) -> Result<String, String> {
    if LICENSES.contains(&name) {
        Ok(name.to_string())
    } else {
        Err(format!(
            "--license {name:?}: expected one of {}",
            LICENSES.map(|l| format!("{l:?}")).join(", ")
        ))
    }
}

/// The tests of the folder `dir` as tests of `judge`, in the order of their names: every
/// `NAME.in` with its `NAME.ans` or `NAME.out` beside it, or our judge's answer when there is
/// none (as `grade --tests` reads a folder), each input checked by the package's validator.
///
/// # Errors
/// `dir` cannot be read or holds no input; an answer without its input; a file larger than
/// [`MAX_FILE_BYTES`] (or all of them than [`MAX_FOLDER_BYTES`]) or unreadable; an input the
/// validator refuses (its path and why, with the line where the validator can tell).
pub fn read_tests(judge: &Judge, dir: &Path) -> Result<Vec<Test>, String> {
    let shown = dir.display();
    let entries = std::fs::read_dir(dir).map_err(|err| format!("--add-tests {shown}: {err}"))?;
    let mut names = std::collections::BTreeSet::new();
    for entry in entries {
        let path = entry
            .map_err(|err| format!("--add-tests {shown}: {err}"))?
            .path();
        if let Some(name) = path.file_name().and_then(|name| name.to_str()) {
            names.insert(name.to_string());
        }
    }
    for name in &names {
        let stem = name
            .strip_suffix(".ans")
            .or_else(|| name.strip_suffix(".out"));
        if let Some(stem) = stem.filter(|stem| !names.contains(&format!("{stem}.in"))) {
            return Err(format!(
                "{}: it has no {stem}.in beside it",
                dir.join(name).display()
            ));
        }
    }
    let mut tests = Vec::new();
    let mut total = 0;
    for stem in names.iter().filter_map(|name| name.strip_suffix(".in")) {
        let path = dir.join(format!("{stem}.in"));
        let input = read_bounded(&path)?;
        judge
            .validate(&input)
            .map_err(|err| format!("{}: {err}", path.display()))?;
        let given = ["ans", "out"]
            .iter()
            .map(|ext| format!("{stem}.{ext}"))
            .find(|name| names.contains(name));
        let answer = match given {
            Some(name) => read_bounded(&dir.join(name))?,
            None => {
                let (answer, result) = solve_in_memory(judge.solve(), &input);
                result.map_err(|err| format!("{}: our judge refuses it: {err}", path.display()))?;
                answer
            }
        };
        total += (input.len() + answer.len()) as u64;
        if total > MAX_FOLDER_BYTES {
            return Err(format!(
                "--add-tests {shown}: more than {} MiB of tests",
                MAX_FOLDER_BYTES >> 20
            ));
        }
        let name = stem.replace(
            |c: char| !c.is_ascii_alphanumeric() && c != '-' && c != '_',
            "-",
        );
        tests.push(Test {
            name,
            input,
            answer,
        });
    }
    if tests.is_empty() {
        return Err(format!("--add-tests {shown}: no NAME.in in it"));
    }
    Ok(tests)
}

/// A submission given as `KIND=FILE`: KIND a verdict (`accepted`, `wrong-answer`, `too-slow`
/// or `time-limit-exceeded`, `run-time-error`), FILE in C, C++, Python 3 or Rust by its
/// extension.
///
/// # Errors
/// An unknown kind or extension; a file that cannot be read, is not text, or is larger than
/// [`MAX_FILE_BYTES`].
pub fn read_submission(given: &str) -> Result<Submission, String> {
    let (kind, file) = given
        .split_once('=')
        .ok_or_else(|| format!("--add-submission {given:?}: expected KIND=FILE"))?;
    let verdict = match kind {
        "accepted" => Verdict::Accepted,
        "wrong-answer" => Verdict::WrongAnswer,
        "too-slow" | "time-limit-exceeded" => Verdict::TimeLimitExceeded,
        "run-time-error" => Verdict::RunTimeError,
        _ => {
            return Err(format!(
                "--add-submission {given:?}: KIND is accepted, wrong-answer, too-slow \
                 (time-limit-exceeded) or run-time-error"
            ))
        }
    };
    let path = Path::new(file);
    let extension = path.extension().and_then(|ext| ext.to_str()).unwrap_or("");
    let Some(&(extension, _)) = EXTENSIONS.iter().find(|(ext, _)| *ext == extension) else {
        let known: Vec<String> = EXTENSIONS
            .iter()
            .map(|(ext, language)| format!(".{ext} ({language})"))
            .collect();
        return Err(format!(
            "--add-submission {file}: expected a file ending in {}",
            known.join(", ")
        ));
    };
    let stem = path
        .file_stem()
        .and_then(|stem| stem.to_str())
        .unwrap_or("");
    let name: String = stem
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '_' })
        .collect();
    let source =
        String::from_utf8(read_bounded(path)?).map_err(|_| format!("{file}: not text (UTF-8)"))?;
    Ok(Submission {
        name,
        source,
        verdict,
        extension,
    })
}

/// The bytes of `path`, refused when larger than [`MAX_FILE_BYTES`].
fn read_bounded(path: &Path) -> Result<Vec<u8>, String> {
    use std::io::Read;
    let shown = path.display();
    // Links are followed (a teacher may link a test in), but only a regular file is opened:
    // a FIFO or a device would never end.
    let kind = std::fs::metadata(path).map_err(|err| format!("{shown}: {err}"))?;
    if !kind.is_file() {
        return Err(format!("{shown}: not a regular file"));
    }
    let file = std::fs::File::open(path).map_err(|err| format!("{shown}: {err}"))?;
    let mut bytes = Vec::new();
    file.take(MAX_FILE_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(|err| format!("{shown}: {err}"))?;
    if bytes.len() as u64 > MAX_FILE_BYTES {
        return Err(format!(
            "{shown}: larger than {} MiB, more than a test or a submission may be",
            MAX_FILE_BYTES >> 20
        ));
    }
    Ok(bytes)
}

/// `rights.txt`, for the formats whose files have no place for a license: the teacher's
/// license and rights owner, when either is given.
pub(crate) fn rights_note(rights: &Rights) -> Option<File> {
    if *rights == Rights::default() {
        return None;
    }
    let mut text = format!(
        "license: {}\n",
        rights.license.as_deref().unwrap_or("unknown")
    );
    if let Some(owner) = &rights.rights_owner {
        text.push_str(&format!("rights owner: {owner}\n"));
    }
    Some(File::new("rights.txt", text))
}
