//! `bundle`: one self-contained Rust source file for an online judge, from any of our binaries.
//!
//! `bundle <binary>` prints `src/bin/<binary>.rs` with `minejudge::` paths turned into `crate::`,
//! followed by every library module it uses, inlined as `mod name { ... }`, dependencies first.
//! `bundle --leetcode update-board` prints LeetCode's form instead: the `impl Solution` of
//! `src/leetcode.rs` and what it uses, with no `main` and no `struct Solution` (LeetCode
//! declares it). Every module sits at the crate root in both the crate and the bundle, so
//! `crate::board` means the same thing in each. `#[cfg(test)] mod ... { ... }` blocks are dropped,
//! found by a lexer that skips comments, strings and character literals, so a brace inside
//! them cannot end a block early; any other `#[cfg(test)]` item is kept (it compiles away).
//!
//! Sources are read from this crate's `src/` (or `--src DIR`), so a bundle always reflects the
//! files as they are now.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

const USAGE: &str =
    "usage: bundle [--src DIR] <binary>   |   bundle [--src DIR] --leetcode update-board";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match bundle_from_args(&args) {
        Ok(text) => {
            print!("{text}");
            ExitCode::SUCCESS
        }
        Err(message) => {
            eprintln!("error: {message}");
            ExitCode::from(2)
        }
    }
}

fn bundle_from_args(args: &[String]) -> Result<String, String> {
    // `option_env!`, not `env!`: this file must compile alone too, like every bundle.
    let mut src = match option_env!("CARGO_MANIFEST_DIR") {
        Some(dir) => Path::new(dir).join("src"),
        None => PathBuf::from("src"),
    };
    let mut leetcode = false;
    let mut name = None;
    let mut rest = args.iter();
    while let Some(arg) = rest.next() {
        match arg.as_str() {
            "--src" => src = PathBuf::from(rest.next().ok_or(USAGE)?),
            "--leetcode" => leetcode = true,
            "-h" | "--help" => return Err(USAGE.to_string()),
            _ if name.is_none() && !arg.starts_with('-') => name = Some(arg.clone()),
            _ => return Err(format!("unexpected argument {arg:?}\n{USAGE}")),
        }
    }
    let name = name.ok_or(USAGE)?;
    if leetcode {
        if name != "update-board" {
            return Err(format!("--leetcode knows only update-board, not {name:?}"));
        }
        leetcode_bundle(&src)
    } else {
        bundle(&src, &name)
    }
}

/// The one-file form of `src/bin/<name>.rs`.
pub fn bundle(src: &Path, name: &str) -> Result<String, String> {
    let main_path = src.join("bin").join(format!("{name}.rs"));
    let main = read(&main_path)?;
    let mut out = format!(
        "// `{name}` in one file, made by `cargo run --release --bin bundle -- {name}` from the\n\
         // minejudge crate. Rust 2021, std only, for Rust 1.70 and later.\n"
    );
    out += &replace_in_code(&main, "minejudge::", "crate::");
    append_modules(src, &main, "minejudge::", &mut out)?;
    Ok(fit_size_limit(out))
}

/// Codeforces takes at most 64 KiB of source.
pub const SIZE_LIMIT: usize = 64 * 1024;

/// A bundle as it is when it fits in [`SIZE_LIMIT`]; otherwise without its comments (code
/// unchanged), with a first line that says so.
fn fit_size_limit(bundle: String) -> String {
    if bundle.len() < SIZE_LIMIT {
        return bundle;
    }
    let first_line = bundle.lines().next().unwrap_or_default().to_string();
    format!(
        "{first_line}\n// Comments removed to fit the 64 KiB limit of online judges.\n{}",
        strip_comments(&bundle)
    )
}

/// LeetCode's form of `update_board`: `src/leetcode.rs` without its `struct Solution` (LeetCode
/// declares it), its `//!` lines turned into `//` (they cannot follow LeetCode's own code), and
/// the modules it uses.
pub fn leetcode_bundle(src: &Path) -> Result<String, String> {
    let source = read(&src.join("leetcode.rs"))?;
    let without_struct = remove_item(&source, "pub struct Solution;")
        .ok_or("src/leetcode.rs has no `pub struct Solution;` to leave out")?;
    let mut out = String::from(
        "// LeetCode 529 `update_board`, made by `cargo run --release --bin bundle -- --leetcode\n\
         // update-board` from the minejudge crate. Paste below LeetCode's `struct Solution`.\n",
    );
    out += &inner_docs_to_plain(&strip_test_modules(&without_struct));
    append_modules(src, &source, "crate::", &mut out)?;
    Ok(fit_size_limit(out))
}

/// Appends `mod name { ... }` for every library module `root` uses through `prefix`, and the
/// modules those use through `crate::`, dependencies first.
fn append_modules(src: &Path, root: &str, prefix: &str, out: &mut String) -> Result<(), String> {
    let available = library_modules(src)?;
    let mut order: Vec<String> = Vec::new();
    let mut seen = BTreeSet::new();
    for name in used_modules(root, prefix, &available) {
        visit(src, &name, &available, &mut seen, &mut order)?;
    }
    for name in order {
        let text = read(&src.join(format!("{name}.rs")))?;
        out.push_str(&format!("\nmod {name} {{\n"));
        out.push_str(strip_test_modules(&text).trim_end());
        out.push_str("\n}\n");
    }
    Ok(())
}

/// Depth-first: a module's own dependencies are pushed before it.
fn visit(
    src: &Path,
    name: &str,
    available: &BTreeSet<String>,
    seen: &mut BTreeSet<String>,
    order: &mut Vec<String>,
) -> Result<(), String> {
    if !seen.insert(name.to_string()) {
        return Ok(());
    }
    let text = read(&src.join(format!("{name}.rs")))?;
    for dependency in used_modules(&text, "crate::", available) {
        visit(src, &dependency, available, seen, order)?;
    }
    order.push(name.to_string());
    Ok(())
}

/// The library modules: every `src/*.rs` but `lib.rs`.
fn library_modules(src: &Path) -> Result<BTreeSet<String>, String> {
    let entries = std::fs::read_dir(src).map_err(|err| format!("{}: {err}", src.display()))?;
    let mut names = BTreeSet::new();
    for entry in entries.flatten() {
        let path = entry.path();
        if path.extension().is_some_and(|e| e == "rs") {
            if let Some(stem) = path.file_stem().and_then(|s| s.to_str()) {
                if stem != "lib" {
                    names.insert(stem.to_string());
                }
            }
        }
    }
    Ok(names)
}

fn read(path: &Path) -> Result<String, String> {
    std::fs::read_to_string(path).map_err(|err| format!("{}: {err}", path.display()))
}

/// A stretch of Rust source that is not code: a comment, or a string or character literal.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct NotCode {
    start: usize,
    end: usize,
    comment: bool,
}

/// Marks each byte of Rust source as code (`true`) or inside a comment, string or character
/// literal (`false`).
fn code_mask(source: &str) -> Vec<bool> {
    let mut mask = vec![true; source.len()];
    for span in not_code(source) {
        for flag in &mut mask[span.start..span.end] {
            *flag = false;
        }
    }
    mask
}

/// The comments, strings and character literals of Rust source, in order.
fn not_code(source: &str) -> Vec<NotCode> {
    let bytes = source.as_bytes();
    let mut spans = Vec::new();
    let mut i = 0;
    let ident = |b: u8| b.is_ascii_alphanumeric() || b == b'_';
    while i < bytes.len() {
        let start = i;
        match bytes[i] {
            b'/' if bytes.get(i + 1) == Some(&b'/') => {
                while i < bytes.len() && bytes[i] != b'\n' {
                    i += 1;
                }
            }
            b'/' if bytes.get(i + 1) == Some(&b'*') => {
                let mut depth = 0;
                while i < bytes.len() {
                    if bytes[i..].starts_with(b"/*") {
                        depth += 1;
                        i += 2;
                    } else if bytes[i..].starts_with(b"*/") {
                        depth -= 1;
                        i += 2;
                        if depth == 0 {
                            break;
                        }
                    } else {
                        i += 1;
                    }
                }
            }
            b'r' if (i == 0 || !ident(bytes[i - 1]) || bytes[i - 1] == b'b')
                && matches!(bytes.get(i + 1), Some(b'"' | b'#')) =>
            {
                let hashes = bytes[i + 1..].iter().take_while(|&&b| b == b'#').count();
                if bytes.get(i + 1 + hashes) != Some(&b'"') {
                    i += 1;
                    continue;
                }
                let mut closing = vec![b'"'];
                closing.extend(std::iter::repeat(b'#').take(hashes));
                i += 2 + hashes;
                while i < bytes.len() && !bytes[i..].starts_with(&closing) {
                    i += 1;
                }
                i = (i + closing.len()).min(bytes.len());
            }
            b'"' => {
                i += 1;
                while i < bytes.len() && bytes[i] != b'"' {
                    i += if bytes[i] == b'\\' { 2 } else { 1 };
                }
                i = (i + 1).min(bytes.len());
            }
            b'\'' => {
                // A character literal ('x', '\n', '\u{..}', b'x') or a lifetime ('a).
                if bytes.get(i + 1) == Some(&b'\\') {
                    i += 2;
                    while i < bytes.len() && bytes[i] != b'\'' {
                        i += 1;
                    }
                    i = (i + 1).min(bytes.len());
                } else {
                    let char_len = source[i + 1..].chars().next().map_or(0, char::len_utf8);
                    if char_len > 0 && bytes.get(i + 1 + char_len) == Some(&b'\'') {
                        i += 2 + char_len;
                    } else {
                        i += 1;
                        continue;
                    }
                }
            }
            _ => {
                i += 1;
                continue;
            }
        }
        spans.push(NotCode {
            start,
            end: i.min(bytes.len()),
            comment: bytes[start] == b'/',
        });
    }
    spans
}

/// `source` without its comments: a line that held only a comment goes whole, a block comment
/// becomes one space (so tokens stay apart), strings are untouched, and trailing spaces go.
fn strip_comments(source: &str) -> String {
    let mut uncommented = String::with_capacity(source.len());
    let mut last = 0;
    for span in not_code(source).into_iter().filter(|span| span.comment) {
        uncommented.push_str(&source[last..span.start]);
        let comment = &source[span.start..span.end];
        if comment.starts_with("/*") {
            // Keep the comment's line breaks, so that lines still pair with the original's.
            uncommented.push(' ');
            uncommented.extend(comment.matches('\n').map(|_| '\n'));
        }
        last = span.end;
    }
    uncommented.push_str(&source[last..]);
    let mut out = String::with_capacity(uncommented.len());
    for (kept, original) in uncommented.lines().zip(lines_with_comments(source)) {
        let kept = kept.trim_end();
        if kept.trim().is_empty() && original {
            continue;
        }
        out.push_str(kept);
        out.push('\n');
    }
    out
}

/// For each line of `source`: whether it holds any comment (so that emptied lines are dropped
/// but blank lines of the original stay).
fn lines_with_comments(source: &str) -> Vec<bool> {
    let mut line_starts = vec![0];
    line_starts.extend(source.match_indices('\n').map(|(at, _)| at + 1));
    let mut has_comment = vec![false; line_starts.len()];
    for span in not_code(source).into_iter().filter(|span| span.comment) {
        let first = line_starts.partition_point(|&start| start <= span.start) - 1;
        let last = line_starts.partition_point(|&start| start < span.end.max(span.start + 1)) - 1;
        for flag in &mut has_comment[first..=last] {
            *flag = true;
        }
    }
    has_comment
}

/// Positions where `needle` starts in code (not in comments, strings or literals).
fn find_in_code(source: &str, mask: &[bool], needle: &str) -> Vec<usize> {
    source
        .match_indices(needle)
        .map(|(at, _)| at)
        .filter(|&at| mask[at])
        .collect()
}

/// `source` with `from` replaced by `to` wherever it stands in code.
fn replace_in_code(source: &str, from: &str, to: &str) -> String {
    let mask = code_mask(source);
    let mut out = String::with_capacity(source.len());
    let mut last = 0;
    for at in find_in_code(source, &mask, from) {
        out.push_str(&source[last..at]);
        out.push_str(to);
        last = at + from.len();
    }
    out.push_str(&source[last..]);
    out
}

/// The modules named right after `prefix` in code: `prefix name::...`, and each top-level
/// entry of `prefix{a::x, b}`; only names in `available` count.
fn used_modules(source: &str, prefix: &str, available: &BTreeSet<String>) -> Vec<String> {
    let mask = code_mask(source);
    let mut names = Vec::new();
    let mut add = |name: &str| {
        if available.contains(name) && !names.iter().any(|n| n == name) {
            names.push(name.to_string());
        }
    };
    for at in find_in_code(source, &mask, prefix) {
        let rest = &source[at + prefix.len()..];
        if let Some(group) = rest.strip_prefix('{') {
            let mut depth = 0;
            let mut entry_start = true;
            for (offset, c) in group.char_indices() {
                match c {
                    '{' => depth += 1,
                    '}' if depth == 0 => break,
                    '}' => depth -= 1,
                    ',' if depth == 0 => entry_start = true,
                    c if entry_start && (c.is_alphanumeric() || c == '_') => {
                        entry_start = false;
                        add(leading_ident(&group[offset..]));
                    }
                    _ => {}
                }
            }
        } else {
            add(leading_ident(rest));
        }
    }
    names
}

fn leading_ident(text: &str) -> &str {
    let end = text
        .find(|c: char| !(c.is_alphanumeric() || c == '_'))
        .unwrap_or(text.len());
    &text[..end]
}

/// The index just past the `}` matching the `{` at `open`, counting only braces in code.
fn matching_brace(source: &str, mask: &[bool], open: usize) -> Option<usize> {
    let mut depth = 0usize;
    for (offset, &byte) in source.as_bytes()[open..].iter().enumerate() {
        if !mask[open + offset] {
            continue;
        }
        match byte {
            b'{' => depth += 1,
            b'}' => {
                depth -= 1;
                if depth == 0 {
                    return Some(open + offset + 1);
                }
            }
            _ => {}
        }
    }
    None
}

/// `source` without its `#[cfg(test)] mod name { ... }` blocks (and the line breaks before
/// them). Other `#[cfg(test)]` items are kept.
fn strip_test_modules(source: &str) -> String {
    let mask = code_mask(source);
    let mut out = String::with_capacity(source.len());
    let mut last = 0;
    for at in find_in_code(source, &mask, "#[cfg(test)]") {
        if at < last {
            continue;
        }
        let after = at + "#[cfg(test)]".len();
        let rest = source[after..].trim_start();
        let open_at = rest
            .strip_prefix("mod ")
            .map(|r| r.trim_start())
            .map(|r| r.trim_start_matches(|c: char| c.is_alphanumeric() || c == '_'))
            .map(str::trim_start)
            .filter(|r| r.starts_with('{'))
            .map(|r| source.len() - r.len());
        let Some(open) = open_at else { continue };
        let Some(end) = matching_brace(source, &mask, open) else {
            continue;
        };
        out.push_str(source[last..at].trim_end_matches(['\n', ' ']));
        out.push('\n');
        last = end;
    }
    out.push_str(&source[last..]);
    out
}

/// `source` without the first occurrence in code of the one-line item `item`, together with the
/// doc comments and attributes on the lines right above it.
fn remove_item(source: &str, item: &str) -> Option<String> {
    let mask = code_mask(source);
    let mut start = *find_in_code(source, &mask, item).first()?;
    let mut end = start + item.len();
    if source[end..].starts_with('\n') {
        end += 1;
    }
    while start > 0 {
        let line_start = source[..start - 1].rfind('\n').map_or(0, |at| at + 1);
        let line = source[line_start..start].trim_start();
        if !(line.starts_with("///") || line.starts_with("#[")) {
            break;
        }
        start = line_start;
    }
    Some(format!("{}{}", &source[..start], &source[end..]))
}

/// `//!` comments as plain `//` comments.
fn inner_docs_to_plain(source: &str) -> String {
    let mut out = String::with_capacity(source.len());
    for line in source.split_inclusive('\n') {
        match line.trim_start().strip_prefix("//!") {
            Some(rest) => {
                let indent = &line[..line.len() - line.trim_start().len()];
                out.push_str(indent);
                out.push_str("//");
                out.push_str(rest);
            }
            None => out.push_str(line),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mask_skips_comments_strings_and_chars_but_not_lifetimes() {
        let source = "a /* { */ \"}\" '{' b'}' r#\"}\"# 'x: &'a str // }\nz";
        let mask = code_mask(source);
        let code: String = source
            .chars()
            .zip(&mask)
            .filter(|(_, &m)| m)
            .map(|(c, _)| c)
            .collect();
        assert!(!code.contains('{') && !code.contains('}'), "{code:?}");
        assert!(code.contains("&'a str"), "{code:?}");
        assert!(code.ends_with("\nz"), "{code:?}");
    }

    #[test]
    fn strips_only_test_modules_exactly() {
        let source = "fn a() {}\n\n#[cfg(test)]\nmod tests {\n    fn b() { let s = \"}\"; let c = '}'; }\n    // }\n}\nfn after() {}\n#[cfg(test)]\nfn kept() {}\n";
        let stripped = strip_test_modules(source);
        assert_eq!(
            stripped,
            "fn a() {}\n\nfn after() {}\n#[cfg(test)]\nfn kept() {}\n"
        );
    }

    #[test]
    fn strips_comments_but_not_strings_or_blank_lines() {
        let source = "//! Doc.\nfn a() { // trailing\n    let s = \"// kept\"; /* one\n two */ let t = 1;\n\n    /// gone\n    b(/*x*/1);\n}\n";
        assert_eq!(
            strip_comments(source),
            "fn a() {\n    let s = \"// kept\";\n let t = 1;\n\n    b( 1);\n}\n"
        );
    }

    #[test]
    fn removes_an_item_with_its_docs_and_attributes() {
        let source = "use x;\n\n/// Docs.\n#[derive(Debug)]\npub struct S;\n\nimpl S {}\n";
        assert_eq!(
            remove_item(source, "pub struct S;").unwrap(),
            "use x;\n\n\nimpl S {}\n"
        );
        assert_eq!(remove_item("// pub struct S;\n", "pub struct S;"), None);
    }

    #[test]
    fn finds_used_modules_in_paths_and_groups() {
        let available: BTreeSet<String> = ["board", "io", "rng"]
            .iter()
            .map(|s| s.to_string())
            .collect();
        let source = "use minejudge::io::{run, Scanner};\nuse minejudge::{board::Grid, rng};\n// minejudge::nothing\nlet s = \"minejudge::gen\";";
        assert_eq!(
            used_modules(source, "minejudge::", &available),
            vec!["io", "board", "rng"]
        );
    }
}
