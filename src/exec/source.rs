//! Reading a C or C++ source as a compiler would, without one: its code with comments,
//! strings and character literals blanked, and whether it defines `main`.

/// Whether C or C++ source defines `main`: the word `main`, outside comments, strings and
/// character literals, followed by `(` and preceded by a type word or nothing on its line.
///
/// # Examples
///
/// ```
/// use minejudge::exec::source::defines_main;
///
/// assert!(defines_main("int main() { return 0; }"));
/// assert!(defines_main("signed main ( void ) {}"));
/// assert!(!defines_main("void machine(int a) { /* int main() */ }"));
/// assert!(!defines_main("const char *s = \"int main(\"; int domain(int);"));
/// ```
pub fn defines_main(source: &str) -> bool {
    let code = code_only(source);
    let words: Vec<&str> = code
        .split(|c: char| !(c.is_ascii_alphanumeric() || c == '_' || c == '('))
        .flat_map(|w| split_keep_paren(w))
        .filter(|w| !w.is_empty())
        .collect();
    words.windows(3).any(|w| {
        w[1] == "main"
            && w[2] == "("
            && matches!(
                w[0],
                "int" | "void" | "signed" | "unsigned" | "auto" | "}" | ";"
            )
    }) || words.first() == Some(&"main") && words.get(1) == Some(&"(")
}

/// `a(b` as `a`, `(`, `b`.
fn split_keep_paren(word: &str) -> Vec<&str> {
    let mut parts = Vec::new();
    let mut rest = word;
    while let Some(at) = rest.find('(') {
        parts.push(&rest[..at]);
        parts.push("(");
        rest = &rest[at + 1..];
    }
    parts.push(rest);
    parts
}

/// The source with comments, string and character literals blanked out (each replaced by a
/// space), and `;`/`}` kept apart from the words around them.
pub fn code_only(source: &str) -> String {
    let bytes = source.as_bytes();
    let mut out = String::with_capacity(source.len());
    let mut i = 0;
    while i < bytes.len() {
        let rest = &bytes[i..];
        if rest.starts_with(b"//") {
            while i < bytes.len() && bytes[i] != b'\n' {
                i += 1;
            }
        } else if rest.starts_with(b"/*") {
            i += 2;
            while i < bytes.len() && !bytes[i..].starts_with(b"*/") {
                i += 1;
            }
            i += 2;
        } else if bytes[i] == b'"' || bytes[i] == b'\'' {
            let quote = bytes[i];
            i += 1;
            while i < bytes.len() && bytes[i] != quote && bytes[i] != b'\n' {
                i += if bytes[i] == b'\\' { 2 } else { 1 };
            }
            i += 1;
        } else {
            let c = bytes[i];
            if c == b';' || c == b'}' {
                out.push(' ');
                out.push(c as char);
                out.push(' ');
            } else if c.is_ascii() {
                out.push(c as char);
            } else {
                out.push(' ');
            }
            i += 1;
            continue;
        }
        out.push(' ');
    }
    out
}
