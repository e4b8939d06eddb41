//! Reading a C or C++ source as a compiler would, without one: its first translation
//! [phases], its [lexemes](lexer), whether it defines `main`, and whether it calls a function.

pub mod lexer;
pub mod phases;

use lexer::{lex, Kind};

/// The most tokens between a function's `)` and its `{` (`const`, `noexcept`, a trailing
/// return type, ...) looked at: none of the courses' files comes near it.
const MOST_QUALIFIERS: usize = 64;

/// For each `(`, `[` and `{` of `texts`, the index of the token that closes it (or
/// `texts.len()` if none does); for any other token, its own index.
///
/// # Complexity
/// O(tokens), with one stack: no recursion however deep the nesting.
pub fn partners<T: AsRef<str>>(texts: &[T]) -> Vec<usize> {
    let mut partner: Vec<usize> = (0..texts.len()).collect();
    let mut open: Vec<usize> = Vec::new();
    for (at, text) in texts.iter().enumerate() {
        let text = text.as_ref();
        match text {
            "(" | "[" | "{" => {
                partner[at] = texts.len();
                open.push(at);
            }
            ")" | "]" | "}" => {
                let opener = match text {
                    ")" => "(",
                    "]" => "[",
                    _ => "{",
                };
                // A stray closer (the compiler rejects it) is passed over.
                if open.last().is_some_and(|&o| texts[o].as_ref() == opener) {
                    partner[open.pop().unwrap_or(at)] = at;
                }
            }
            _ => {}
        }
    }
    partner
}

/// Whether the name at `at` starts a function's definition: the name, `(`, its parameters,
/// `)`, qualifiers (`const`, `noexcept`, `-> int`, `try`, ...) and then `{`; not a call, a
/// declaration, nor a member reached through `.`, `->` or `::`.
pub fn defines_function_at<T: AsRef<str>>(texts: &[T], partners: &[usize], at: usize) -> bool {
    let text = |i: usize| texts.get(i).map_or("", AsRef::as_ref);
    if text(at + 1) != "(" || matches!(text(at.wrapping_sub(1)), "." | "->") {
        return false;
    }
    let mut after = partners[at + 1] + 1;
    for _ in 0..MOST_QUALIFIERS {
        match text(after) {
            "{" | "try" => return true,
            "(" | "[" => after = partners[after] + 1,
            "" | ";" | "=" | "," | ")" | "]" | "}" | ":" => return false,
            word if word.starts_with(|c: char| c.is_ascii_digit() || c == '"') => return false,
            "&&" | "||" | "+" | "-" | "/" | "%" | "?" | "." | "!" | "==" | "!=" => return false,
            _ => after += 1,
        }
    }
    false
}

/// The texts of `source`'s code after its first translation phases: a name or number as
/// written, an operator as its usual spelling, a literal as `""`; directives left out.
pub fn code_texts(source: &[u8]) -> Vec<String> {
    let translated = phases::translate(source);
    let text = &translated.text;
    lex(text)
        .into_iter()
        .filter(|lexeme| lexeme.kind != Kind::Directive)
        .map(|lexeme| match lexeme.kind {
            Kind::String | Kind::Char => "\"\"".to_string(),
            kind => kind.operator().map_or_else(
                || String::from_utf8_lossy(&text[lexeme.span]).into_owned(),
                String::from,
            ),
        })
        .collect()
}

/// Whether C or C++ source defines `main`: the word `main`, outside comments, strings and
/// character literals, starting a function's definition ([`defines_function_at`]); a `main`
/// only declared or called is not its definition.
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
/// assert!(!defines_main("int main(); void machine() { if (0) main(); }"));
/// ```
pub fn defines_main(source: &str) -> bool {
    let texts = code_texts(source.as_bytes());
    let partners = partners(&texts);
    (0..texts.len()).any(|at| {
        texts[at] == "main"
            && text_before(&texts, at) != "::"
            && defines_function_at(&texts, &partners, at)
    })
}

fn text_before<T: AsRef<str>>(texts: &[T], at: usize) -> &str {
    at.checked_sub(1).map_or("", |i| texts[i].as_ref())
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
    let texts = code_texts(source.as_bytes());
    texts.windows(2).any(|w| w[0] == name && w[1] == "(")
}
