//! Whether text meant to be Chinese is: its English words and its half-width punctuation,
//! found by a reader of our own (not by asking `grade`'s tables), for the tests of `grade`'s
//! report and terminal in Chinese and of `play`'s page (`play_words`). What a program
//! printed, or the teacher typed, is quoted in “…” or "…" and skipped; names (of options,
//! files, tasks, the courses' identifiers, systems) are not English words to translate.

/// Words that are names, not English: tasks and tools, value names, the C and C++ names a
/// finding quotes, signal names, the kernel's names of what the jail shuts off, environment
/// variables, the batch file's fields, the course's names of its baselines, systems, and the
/// abbreviations Chinese technical writing uses as they are. Anything with a digit, `_`, `.`,
/// `/`, `#`, `$`, `=`, `+` or a leading `-` is a name too (an option, a file, an identifier, a
/// number).
const NAMES: &[&str] = &[
    "std",
    "sort",
    "swap",
    "cout",
    "cerr",
    "printf",
    "GamePanel",
    "machine",
    "main",
    "calls",
    "SIGSEGV",
    "SIGKILL",
    "SIGABRT",
    "PATH",
    "HOME",
    "TMPDIR",
    "LANG",
    "cgroup",
    "no_new_privs",
    "io_uring",
    "userfaultfd",
    "bpf",
    "perf",
    "vsock",
    "netlink",
    "seccomp",
    "rubbish",
    "baseline",
    "min_dist",
    "CPU",
    "STL",
    "IPC",
    "PID",
    "UTS",
    "MiB",
    "ID",
    "grade",
    "jlu-machine",
    "jlu-panel",
    "mine-ops",
    "acm-server",
    "acm-client",
    "DIR",
    "SEC",
    "MIB",
    "FILE",
    "NAME",
    "en",
    "zh",
    "RefreshGamePanel",
    "CSV",
    "HTML",
    "Excel",
    "Kattis",
    "DMOJ",
    "ACM",
    "Mine",
    "fork",
    "gen",
    "rows",
    "cols",
    "mines",
    "seed",
    "root",
    "sysctl",
    "GCC",
    "Clang",
    "Debian",
    "Ubuntu",
    "apt-get",
    "System",
];

/// Every English word of `text` (a run of ASCII letters that is not a name, outside quotes),
/// with its line.
pub(crate) fn english_words(text: &str) -> Vec<String> {
    english_words_but(text, &[])
}

/// [`english_words`], with `more_names` (a program's own) taken as names too.
pub(crate) fn english_words_but(text: &str, more_names: &[&str]) -> Vec<String> {
    let mut found = Vec::new();
    for line in text.lines() {
        let plain = unquoted(line);
        let tokens =
            plain.split(|c: char| !(c.is_ascii_alphanumeric() || "_-./+$#=~*".contains(c)));
        for token in tokens {
            let letters = token.chars().filter(char::is_ascii_alphabetic).count();
            let name = token.starts_with('-')
                || token.contains(|c: char| c.is_ascii_digit() || "_./+$#=~*".contains(c))
                || NAMES.contains(&token)
                || more_names.contains(&token);
            if letters >= 2 && !name {
                found.push(format!("{token:?} in {:?}", line.trim()));
            }
        }
    }
    found
}

/// The half-width `:,;()` beside Chinese text (spaces aside), each with its line: Chinese
/// text takes `：，；（）`.
pub(crate) fn half_width_punctuation(text: &str) -> Vec<String> {
    let chinese = |c: char| matches!(c as u32, 0x3000..=0x303F | 0x4E00..=0x9FFF | 0xFF00..=0xFFEF);
    let mut found = Vec::new();
    for line in text.lines() {
        let chars: Vec<char> = unquoted(line).chars().collect();
        for (i, &c) in chars.iter().enumerate() {
            let before = chars[..i].iter().rev().find(|c| **c != ' ');
            let after = chars[i + 1..].iter().find(|c| **c != ' ');
            if ":,;()".contains(c)
                && (before.is_some_and(|c| chinese(*c)) || after.is_some_and(|c| chinese(*c)))
            {
                found.push(format!("half-width {c:?} in {:?}", line.trim()));
            }
        }
    }
    found
}

/// `line` without the spans quoted in “…” or "…" (an unclosed quote runs to the end: the
/// table cuts long notes).
fn unquoted(line: &str) -> String {
    let mut out = String::new();
    let mut closing = None;
    for c in line.chars() {
        match closing {
            Some(end) if c == end => closing = None,
            Some(_) => {}
            None if c == '“' => closing = Some('”'),
            None if c == '"' => closing = Some('"'),
            None => out.push(c),
        }
    }
    out
}
