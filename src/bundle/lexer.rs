//! A small lexer for Rust source: which bytes are code and which are comments, strings or
//! character literals, so that the bundler can find paths, braces and test modules in code only.

/// A stretch of Rust source that is not code: a comment, or a string or character literal.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NotCode {
    /// Its first byte.
    pub start: usize,
    /// Just past its last byte.
    pub end: usize,
    /// A comment (`//` or `/* */`), not a literal.
    pub comment: bool,
}

/// Marks each byte of Rust source as code (`true`) or inside a comment, string or character
/// literal (`false`).
pub fn code_mask(source: &str) -> Vec<bool> {
    let mut mask = vec![true; source.len()];
    for span in not_code(source) {
        for flag in &mut mask[span.start..span.end] {
            *flag = false;
        }
    }
    mask
}

/// The comments, strings and character literals of Rust source, in order.
pub fn not_code(source: &str) -> Vec<NotCode> {
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
pub fn strip_comments(source: &str) -> String {
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

/// `source` without the spaces and tabs that start its lines in code; lines that start inside
/// a string literal keep them, since there they are text.
pub fn strip_indentation(source: &str) -> String {
    let mask = code_mask(source);
    let bytes = source.as_bytes();
    let mut out = String::with_capacity(source.len());
    let mut at = 0;
    for line in source.split_inclusive('\n') {
        let indent = line
            .bytes()
            .enumerate()
            .take_while(|&(i, b)| matches!(b, b' ' | b'\t') && mask[at + i])
            .count();
        out.push_str(&line[indent..]);
        at += line.len();
    }
    debug_assert_eq!(at, bytes.len());
    out
}

/// For each line of `source`: whether it holds any comment (so that emptied lines are dropped
/// but blank lines of the original stay).
pub fn lines_with_comments(source: &str) -> Vec<bool> {
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
pub fn find_in_code(source: &str, mask: &[bool], needle: &str) -> Vec<usize> {
    source
        .match_indices(needle)
        .map(|(at, _)| at)
        .filter(|&at| mask[at])
        .collect()
}

/// `source` with `from` replaced by `to` wherever it stands in code.
pub fn replace_in_code(source: &str, from: &str, to: &str) -> String {
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

/// The index just past the `}` matching the `{` at `open`, counting only braces in code.
pub fn matching_brace(source: &str, mask: &[bool], open: usize) -> Option<usize> {
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

/// `source` without its test modules: `#[cfg(test)] mod name { ... }` blocks and
/// `#[cfg(test)] mod name;` declarations, `pub` or not (with the line breaks before them). Other
/// `#[cfg(test)]` items are kept (they compile away).
pub fn strip_test_modules(source: &str) -> String {
    let mask = code_mask(source);
    let mut out = String::with_capacity(source.len());
    let mut last = 0;
    for at in find_in_code(source, &mask, "#[cfg(test)]") {
        if at < last {
            continue;
        }
        let after = source[at + "#[cfg(test)]".len()..].trim_start();
        let after = match after.strip_prefix("pub") {
            Some(rest) if rest.starts_with('(') => {
                rest[rest.find(')').map_or(0, |at| at + 1)..].trim_start()
            }
            Some(rest) => rest.trim_start(),
            None => after,
        };
        let Some(rest) = after.strip_prefix("mod ") else {
            continue;
        };
        let rest = rest
            .trim_start()
            .trim_start_matches(|c: char| c.is_alphanumeric() || c == '_')
            .trim_start();
        let at_rest = source.len() - rest.len();
        let end = if rest.starts_with(';') {
            at_rest + 1
        } else if rest.starts_with('{') {
            let Some(end) = matching_brace(source, &mask, at_rest) else {
                continue;
            };
            end
        } else {
            continue;
        };
        out.push_str(source[last..at].trim_end_matches(['\n', ' ']));
        out.push('\n');
        last = end;
    }
    out.push_str(&source[last..]);
    out
}

/// Where the item that starts at `at` begins once the doc comments and attributes on the lines
/// right above it are counted in.
pub fn with_docs_above(source: &str, at: usize) -> usize {
    let mut start = at;
    while start > 0 {
        let line_start = source[..start - 1].rfind('\n').map_or(0, |at| at + 1);
        let line = source[line_start..start].trim_start();
        if !(line.starts_with("///") || line.starts_with("#[")) {
            break;
        }
        start = line_start;
    }
    start
}

/// `source` without the first occurrence in code of the one-line item `item`, together with the
/// doc comments and attributes on the lines right above it.
pub fn remove_item(source: &str, item: &str) -> Option<String> {
    let mask = code_mask(source);
    let found = *find_in_code(source, &mask, item).first()?;
    let mut end = found + item.len();
    if source[end..].starts_with('\n') {
        end += 1;
    }
    let start = with_docs_above(source, found);
    Some(format!("{}{}", &source[..start], &source[end..]))
}

/// A `mod name;` declaration: a module whose text is in a file of its own.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ModDeclaration {
    /// The module's name.
    pub name: String,
    /// `pub`, `pub(crate)` or empty.
    pub visibility: String,
    /// From the first doc comment or attribute above it.
    pub start: usize,
    /// Just past its `;` and the line break after it.
    pub end: usize,
}

fn is_ident_byte(byte: u8) -> bool {
    byte.is_ascii_alphanumeric() || byte == b'_'
}

/// The identifiers in code, as (start, end) byte ranges.
fn identifiers(source: &str, mask: &[bool]) -> Vec<(usize, usize)> {
    let bytes = source.as_bytes();
    let mut found = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        if !mask[i] || !(bytes[i].is_ascii_alphabetic() || bytes[i] == b'_') {
            i += 1;
            continue;
        }
        let start = i;
        while i < bytes.len() && mask[i] && is_ident_byte(bytes[i]) {
            i += 1;
        }
        if start == 0 || !(is_ident_byte(bytes[start - 1]) || bytes[start - 1] == b'\'') {
            found.push((start, i));
        }
    }
    found
}

/// The next code byte at or after `at` that is not whitespace (comments count as whitespace).
fn skip_blank(source: &str, mask: &[bool], mut at: usize) -> usize {
    let bytes = source.as_bytes();
    while at < bytes.len() && (!mask[at] || bytes[at].is_ascii_whitespace()) {
        at += 1;
    }
    at
}

/// The `mod name;` declarations of `source` (in code; inline `mod name { ... }` blocks are part
/// of their module's text and not listed).
pub fn mod_declarations(source: &str) -> Vec<ModDeclaration> {
    let mask = code_mask(source);
    let ids = identifiers(source, &mask);
    let mut declarations = Vec::new();
    for (index, &(start, end)) in ids.iter().enumerate() {
        if &source[start..end] != "mod" {
            continue;
        }
        let Some(&(name_start, name_end)) = ids.get(index + 1) else {
            continue;
        };
        if skip_blank(source, &mask, end) != name_start {
            continue;
        }
        let semicolon = skip_blank(source, &mask, name_end);
        if source.as_bytes().get(semicolon) != Some(&b';') {
            continue;
        }
        let line_start = source[..start].rfind('\n').map_or(0, |at| at + 1);
        let visibility = source[line_start..start].trim();
        if !(visibility.is_empty() || visibility.starts_with("pub")) {
            continue;
        }
        let item_start = line_start
            + (source[line_start..start].len() - source[line_start..start].trim_start().len());
        let mut item_end = semicolon + 1;
        if source[item_end..].starts_with('\n') {
            item_end += 1;
        }
        declarations.push(ModDeclaration {
            name: source[name_start..name_end].to_string(),
            visibility: visibility.to_string(),
            start: with_docs_above(source, item_start),
            end: item_end,
        });
    }
    declarations
}

/// Every path in code that names something through `::`: `a::b::c`, and each leaf of a `use`
/// tree such as `a::{b::c, d::*, self}`, as its segments (`*` and `self` kept as segments).
/// Paths inside a tree are listed once, with the tree's prefix.
pub fn paths(source: &str) -> Vec<Vec<String>> {
    let mask = code_mask(source);
    let bytes = source.as_bytes();
    let mut found = Vec::new();
    let mut covered_until = 0;
    for (start, end) in identifiers(source, &mask) {
        if start < covered_until {
            continue;
        }
        let after = skip_blank(source, &mask, end);
        if !bytes[after..].starts_with(b"::") {
            continue;
        }
        // Not the tail of a longer path (`x::a::b` was read from `x`), nor `<T>::a`; a path
        // after a match arm's `=>` or a return type's `->` is one.
        let before = source[..start].trim_end();
        let after_generics =
            before.ends_with('>') && !before.ends_with("=>") && !before.ends_with("->");
        if before.ends_with("::") || after_generics {
            continue;
        }
        let mut parser = TreeParser {
            source,
            mask: &mask,
            at: start,
        };
        parser.tree(Vec::new(), &mut found);
        covered_until = parser.at;
    }
    found
}

/// Reads one path or `use` tree from `at`.
struct TreeParser<'s> {
    source: &'s str,
    mask: &'s [bool],
    at: usize,
}

impl TreeParser<'_> {
    fn peek(&mut self) -> Option<u8> {
        self.at = skip_blank(self.source, self.mask, self.at);
        self.source.as_bytes().get(self.at).copied()
    }

    fn ident(&mut self) -> Option<&str> {
        self.peek()?;
        let bytes = self.source.as_bytes();
        let start = self.at;
        while self.at < bytes.len() && self.mask[self.at] && is_ident_byte(bytes[self.at]) {
            self.at += 1;
        }
        (self.at > start).then(|| &self.source[start..self.at])
    }

    fn tree(&mut self, mut prefix: Vec<String>, found: &mut Vec<Vec<String>>) {
        loop {
            match self.peek() {
                Some(b'{') => {
                    self.at += 1;
                    loop {
                        match self.peek() {
                            Some(b'}') => {
                                self.at += 1;
                                return;
                            }
                            Some(b',') => self.at += 1,
                            None => return,
                            Some(_) => {
                                let before = self.at;
                                self.tree(prefix.clone(), found);
                                if self.at == before {
                                    return;
                                }
                            }
                        }
                    }
                }
                Some(b'*') => {
                    self.at += 1;
                    prefix.push("*".to_string());
                    found.push(prefix);
                    return;
                }
                _ => {
                    let Some(ident) = self.ident() else {
                        if !prefix.is_empty() {
                            found.push(prefix);
                        }
                        return;
                    };
                    prefix.push(ident.to_string());
                    if self.peek() == Some(b':')
                        && self.source.as_bytes().get(self.at + 1) == Some(&b':')
                    {
                        self.at += 2;
                        continue;
                    }
                    found.push(prefix);
                    return;
                }
            }
        }
    }
}

/// The `include_str!("file")` calls in code: (start, end, the file as written).
pub fn include_strs(source: &str) -> Vec<(usize, usize, String)> {
    let mask = code_mask(source);
    let mut found = Vec::new();
    for at in find_in_code(source, &mask, "include_str!") {
        let open = skip_blank(source, &mask, at + "include_str!".len());
        if source.as_bytes().get(open) != Some(&b'(') {
            continue;
        }
        // The literal is not code: skip plain whitespace only.
        let quote = open + 1 + (source[open + 1..].len() - source[open + 1..].trim_start().len());
        let rest = &source[quote..];
        let Some(literal) = rest.strip_prefix('"') else {
            continue;
        };
        let Some(len) = literal.find('"') else {
            continue;
        };
        let close = skip_blank(source, &mask, quote + 1 + len + 1);
        if source.as_bytes().get(close) != Some(&b')') {
            continue;
        }
        found.push((at, close + 1, literal[..len].to_string()));
    }
    found
}

/// `text` as a raw string literal, with enough `#` marks that nothing in it can end it.
pub fn raw_string(text: &str) -> String {
    let mut longest = 0;
    for (at, _) in text.match_indices('"') {
        let run = text[at + 1..].bytes().take_while(|&b| b == b'#').count();
        longest = longest.max(run);
    }
    let hashes = "#".repeat(longest + 1);
    format!("r{hashes}\"{text}\"{hashes}")
}

/// `//!` comments as plain `//` comments.
pub fn inner_docs_to_plain(source: &str) -> String {
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
    fn strips_indentation_in_code_only() {
        let source = "fn a() {\n    let s = \"x\n    y\";\n\tb();\n}\n";
        assert_eq!(
            strip_indentation(source),
            "fn a() {\nlet s = \"x\n    y\";\nb();\n}\n"
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
    fn finds_paths_and_the_leaves_of_use_trees_in_code_only() {
        let source = "use minejudge::io::{run, scanner::Scanner};\nuse crate::{board::Grid, rng, x::*};\n// crate::nothing\nlet s = \"crate::gen\";\nlet v = Vec::<u8>::new(); a::b(c::d);\nmatch x { A => e::f(), _ => g::h() }\nfn k() -> i::J {}";
        let found: Vec<String> = paths(source).iter().map(|p| p.join("::")).collect();
        assert_eq!(
            found,
            [
                "minejudge::io::run",
                "minejudge::io::scanner::Scanner",
                "crate::board::Grid",
                "crate::rng",
                "crate::x::*",
                "Vec",
                "a::b",
                "c::d",
                "e::f",
                "g::h",
                "i::J"
            ]
        );
    }

    #[test]
    fn finds_mod_declarations_with_their_docs() {
        let source = "//! Top.\npub mod a;\n/// B.\n#[allow(x)]\npub(crate) mod b;\nmod c { }\nlet m = \"mod d;\";\n";
        let found = mod_declarations(source);
        assert_eq!(found.len(), 2);
        assert_eq!(
            (found[0].name.as_str(), found[0].visibility.as_str()),
            ("a", "pub")
        );
        assert_eq!(&source[found[0].start..found[0].end], "pub mod a;\n");
        assert_eq!(
            &source[found[1].start..found[1].end],
            "/// B.\n#[allow(x)]\npub(crate) mod b;\n"
        );
    }

    #[test]
    fn raw_strings_outlast_their_text() {
        assert_eq!(raw_string("a"), "r#\"a\"#");
        assert_eq!(raw_string("\"##x"), "r###\"\"##x\"###");
        assert_eq!(
            include_strs("const P: &str = include_str!( \"p.html\" );"),
            [(16, 40, "p.html".to_string())]
        );
    }
}
