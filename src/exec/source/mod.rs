//! Reading a C or C++ source as a compiler would, without one: its [lexemes](lexer), whether
//! it defines `main`, and whether it calls a function.

pub mod lexer;

use lexer::{lex, Kind};

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
    let words = words_and_parentheses(source.as_bytes());
    words.windows(3).any(|w| {
        w[1] == "main"
            && w[2] == "("
            && matches!(
                w[0].as_str(),
                "int" | "void" | "signed" | "unsigned" | "auto"
            )
    }) || words.first().map(String::as_str) == Some("main")
        && words.get(1).map(String::as_str) == Some("(")
}

/// Whether C or C++ source calls or declares `name`: the name followed by `(`, outside
/// comments, strings and character literals.
///
/// # Examples
///
/// ```
/// use minejudge::exec::source::calls;
///
/// assert!(calls("int main() { machine(1, 2); }", "machine"));
/// assert!(!calls("int main() { my_machine(1); /* machine( */ }", "machine"));
/// ```
pub fn calls(source: &str, name: &str) -> bool {
    let words = words_and_parentheses(source.as_bytes());
    words.windows(2).any(|w| w[0] == name && w[1] == "(")
}

/// The names, keywords, numbers and `(` of the code, in order: what the tests above read.
fn words_and_parentheses(source: &[u8]) -> Vec<String> {
    lex(source)
        .into_iter()
        .filter_map(|lexeme| match lexeme.kind {
            Kind::Identifier | Kind::Keyword(_) | Kind::Number => {
                Some(String::from_utf8_lossy(&source[lexeme.span]).into_owned())
            }
            kind if kind.operator() == Some("(") => Some("(".to_string()),
            _ => None,
        })
        .collect()
}
