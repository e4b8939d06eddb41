//! The JLU course's rules for a handed-in file, read from its text with comments, strings and
//! character literals set aside; each finding names its line.
//!
//! Part (2)'s `machine` file: no `#include` and no `main` (the judge's program has both), only
//! the library of `iostream.h`, `stdio.h`, `time.h`, `stdlib.h` and `math.h`, no STL (the whole
//! problem forbids it), no output (`printf`, `cout`, ...), no global variable, and `GamePanel`
//! only read. Part (1)'s `RefreshGamePanel` is held to no STL, the only rule its statement
//! gives it.
//!
//! **Global variables.** The rule's reason is that `machine` decides from the panel it is given
//! and nothing else: state kept from one call to the next is what it forbids. So a global
//! variable here is an object that outlives a call: one defined at file scope (`static` or not,
//! in a namespace or not) or a `static` one inside a function. Constants (`const`,
//! `constexpr`, `#define`, enumerators) keep no state and are allowed, as are types and
//! functions.
//!
//! The text is read, not compiled: `GamePanel` written through another name (a helper's
//! parameter) is not seen here, so the driver also checks after each call that the panel is
//! unchanged.

use crate::exec::source::lexer::{lex, Kind};
use crate::grade::task::Task;

/// One rule broken, where.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Finding {
    /// The line, from 1 (0: seen while it ran, not in its text).
    pub line: usize,
    /// What is wrong, in a few words.
    pub what: String,
}

impl std::fmt::Display for Finding {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.line == 0 {
            write!(f, "{}", self.what)
        } else {
            write!(f, "line {}: {}", self.line, self.what)
        }
    }
}

const CONTAINERS: [&str; 16] = [
    "vector",
    "list",
    "deque",
    "queue",
    "priority_queue",
    "stack",
    "set",
    "multiset",
    "map",
    "multimap",
    "unordered_set",
    "unordered_map",
    "bitset",
    "pair",
    "string",
    "array",
];

const ALGORITHMS: [&str; 12] = [
    "sort",
    "stable_sort",
    "next_permutation",
    "prev_permutation",
    "lower_bound",
    "upper_bound",
    "binary_search",
    "min_element",
    "max_element",
    "random_shuffle",
    "make_pair",
    "unique",
];

const OUTPUT: [&str; 11] = [
    "printf", "puts", "putchar", "fprintf", "fputs", "fputc", "putc", "fwrite", "cout", "cerr",
    "clog",
];

/// Names from headers the judge's program does not include, and which header.
const OTHER_HEADERS: [(&str, &str); 16] = [
    ("memset", "string.h"),
    ("memcpy", "string.h"),
    ("memmove", "string.h"),
    ("memcmp", "string.h"),
    ("strlen", "string.h"),
    ("strcpy", "string.h"),
    ("strncpy", "string.h"),
    ("strcmp", "string.h"),
    ("strcat", "string.h"),
    ("strchr", "string.h"),
    ("strstr", "string.h"),
    ("assert", "assert.h"),
    ("INT_MAX", "limits.h"),
    ("INT_MIN", "limits.h"),
    ("LLONG_MAX", "limits.h"),
    ("UINT_MAX", "limits.h"),
];

const ASSIGNMENTS: [&str; 13] = [
    "=", "+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=", "<<=", ">>=", "++", "--",
];

/// A token of the code and its line.
#[derive(Clone, Debug)]
struct Token {
    text: String,
    line: usize,
}

/// The findings of `source` handed in for `task` in the course's own form (none for a task
/// whose statement gives no rule).
pub fn check(task: Task, source: &[u8]) -> Vec<Finding> {
    let (tokens, directives) = tokens(source);
    let mut findings = Vec::new();
    match task {
        Task::JluMachine => {
            findings.extend(directives);
            findings.extend(main_defined(&tokens));
            findings.extend(stl(&tokens));
            findings.extend(calls_of(&tokens, &OUTPUT, |name| {
                format!("output with {name} (the course forbids printing)")
            }));
            findings.extend(other_headers(&tokens));
            findings.extend(globals(&tokens));
            findings.extend(panel_written(&tokens));
        }
        Task::JluPanel => findings.extend(stl(&tokens)),
        Task::MineOps | Task::AcmServer | Task::AcmClient => {}
    }
    findings.sort_by_key(|f| f.line);
    findings.dedup();
    findings
}

/// The code's tokens (a literal is `""`, an operator as it is spelled with symbols), and a
/// finding for each `#include`.
fn tokens(source: &[u8]) -> (Vec<Token>, Vec<Finding>) {
    let mut tokens = Vec::new();
    let mut includes = Vec::new();
    for lexeme in lex(source) {
        let bytes = String::from_utf8_lossy(&source[lexeme.span.clone()]);
        let line = lexeme.line;
        match lexeme.kind {
            Kind::Directive => {
                let words = bytes.split_whitespace().collect::<Vec<_>>().join(" ");
                if words
                    .trim_start_matches('#')
                    .trim_start()
                    .starts_with("include")
                {
                    includes.push(Finding {
                        line,
                        what: format!(
                            "{words} (hand in no #include: the judge's program has them)"
                        ),
                    });
                }
            }
            Kind::String | Kind::Char => tokens.push(Token {
                text: "\"\"".into(),
                line,
            }),
            kind => tokens.push(Token {
                text: kind
                    .operator()
                    .map_or_else(|| bytes.into_owned(), String::from),
                line,
            }),
        }
    }
    (tokens, includes)
}

fn text(tokens: &[Token], at: usize) -> &str {
    tokens.get(at).map_or("", |t| t.text.as_str())
}

/// The functions the file defines: a name, `(`, its parameters, `)`, then `{`.
fn defined_functions(tokens: &[Token]) -> Vec<String> {
    let mut names = Vec::new();
    for at in 0..tokens.len() {
        if text(tokens, at + 1) != "(" || !is_name(text(tokens, at)) {
            continue;
        }
        let close = matching(tokens, at + 1, "(", ")");
        let mut after = close + 1;
        if text(tokens, after) == "const" {
            after += 1;
        }
        if text(tokens, after) == "{" {
            names.push(text(tokens, at).to_string());
        }
    }
    names
}

fn is_name(word: &str) -> bool {
    word.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_')
}

/// The index of the token closing the group `open` opens at `at` (or the last token).
fn matching(tokens: &[Token], at: usize, open: &str, close: &str) -> usize {
    let mut depth = 0usize;
    for (i, token) in tokens.iter().enumerate().skip(at) {
        if token.text == open {
            depth += 1;
        } else if token.text == close {
            depth = depth.saturating_sub(1);
            if depth == 0 {
                return i;
            }
        }
    }
    tokens.len().saturating_sub(1)
}

fn main_defined(tokens: &[Token]) -> Vec<Finding> {
    let defined = defined_functions(tokens);
    tokens
        .iter()
        .enumerate()
        .filter(|(at, t)| t.text == "main" && text(tokens, at + 1) == "(")
        .filter(|_| defined.iter().any(|name| name == "main"))
        .take(1)
        .map(|(_, t)| Finding {
            line: t.line,
            what: "main() (hand in machine() and its helpers only: the judge's program has \
                   its own main)"
                .into(),
        })
        .collect()
}

fn stl(tokens: &[Token]) -> Vec<Finding> {
    let defined = defined_functions(tokens);
    let mut found = Vec::new();
    for (at, token) in tokens.iter().enumerate() {
        let word = token.text.as_str();
        let next = text(tokens, at + 1);
        let qualified = word == "std" && next == "::";
        let container =
            CONTAINERS.contains(&word) && next == "<" && text(tokens, at.wrapping_sub(1)) != "::";
        let algorithm = ALGORITHMS.contains(&word)
            && next == "("
            && text(tokens, at.wrapping_sub(1)) != "."
            && !defined.iter().any(|name| name == word);
        if qualified || container || algorithm {
            let name = if qualified {
                format!("std::{}", text(tokens, at + 2))
            } else {
                word.to_string()
            };
            found.push(Finding {
                line: token.line,
                what: format!("{name} (the course forbids the STL)"),
            });
        }
    }
    found
}

/// Each call (or use, for streams) of a name of `names` the file does not define itself.
fn calls_of(tokens: &[Token], names: &[&str], what: impl Fn(&str) -> String) -> Vec<Finding> {
    let defined = defined_functions(tokens);
    tokens
        .iter()
        .enumerate()
        .filter(|(at, t)| {
            names.contains(&t.text.as_str())
                && !defined.contains(&t.text)
                && text(tokens, at.wrapping_sub(1)) != "."
                && text(tokens, at.wrapping_sub(1)) != "->"
        })
        .map(|(_, t)| Finding {
            line: t.line,
            what: what(&t.text),
        })
        .collect()
}

fn other_headers(tokens: &[Token]) -> Vec<Finding> {
    let names: Vec<&str> = OTHER_HEADERS.iter().map(|(name, _)| *name).collect();
    calls_of(tokens, &names, |name| {
        let header = OTHER_HEADERS
            .iter()
            .find(|(n, _)| *n == name)
            .map_or("", |(_, h)| *h);
        format!(
            "{name} from {header}, which the judge's program does not include (only iostream.h, \
             stdio.h, time.h, stdlib.h and math.h)"
        )
    })
}

/// What a `{` opens.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Scope {
    /// A namespace or `extern "C"`: still file scope.
    File,
    /// A function's body (and every block in it).
    Function,
    /// A struct, class, union or enum's body.
    Type,
    /// An initializer's braces.
    Initializer,
}

fn globals(tokens: &[Token]) -> Vec<Finding> {
    let mut found = Vec::new();
    let mut scopes: Vec<Scope> = Vec::new();
    let mut declaration: Vec<usize> = Vec::new();
    // Where in the declaration a struct's or enum's body ended, if one did.
    let mut after_body: Option<usize> = None;
    let in_file_scope = |scopes: &[Scope]| scopes.iter().all(|s| *s == Scope::File);
    for (at, token) in tokens.iter().enumerate() {
        let word = token.text.as_str();
        let in_function = scopes.contains(&Scope::Function);
        if in_function && word == "static" {
            let next = text(tokens, at + 1);
            if next != "const" && next != "constexpr" {
                let name = declared_name(tokens, at);
                found.push(Finding {
                    line: token.line,
                    what: format!("a static variable {name} inside a function (it keeps state between calls, as a global variable does)"),
                });
            }
        }
        match word {
            "{" => {
                let scope = if !in_file_scope(&scopes) {
                    if in_function {
                        Scope::Function
                    } else {
                        Scope::Type
                    }
                } else {
                    let words: Vec<&str> = declaration.iter().map(|&i| text(tokens, i)).collect();
                    if words.first() == Some(&"namespace") || words.first() == Some(&"extern") {
                        Scope::File
                    } else if words.last() == Some(&"=") {
                        Scope::Initializer
                    } else if words.last() == Some(&")") || words.ends_with(&[")", "const"]) {
                        Scope::Function
                    } else {
                        Scope::Type
                    }
                };
                if scope == Scope::File {
                    declaration.clear();
                }
                scopes.push(scope);
            }
            "}" => {
                let closed = scopes.pop();
                if in_file_scope(&scopes) {
                    match closed {
                        Some(Scope::Function | Scope::File) => {
                            declaration.clear();
                            after_body = None;
                        }
                        Some(Scope::Type) => after_body = Some(declaration.len()),
                        _ => {}
                    }
                }
            }
            ";" if in_file_scope(&scopes) => {
                if let Some(finding) = global_in(tokens, &declaration, after_body) {
                    found.push(finding);
                }
                declaration.clear();
                after_body = None;
            }
            _ if in_file_scope(&scopes) => declaration.push(at),
            _ => {}
        }
    }
    found
}

/// The finding of one declaration at file scope (its tokens' indices; `after_body`: where a
/// struct's or enum's body ended in it, if one did), if it defines a variable.
fn global_in(
    tokens: &[Token],
    declaration: &[usize],
    after_body: Option<usize>,
) -> Option<Finding> {
    let after_type_body = after_body.is_some();
    let words: Vec<&str> = declaration.iter().map(|&i| text(tokens, i)).collect();
    let first = *words.first()?;
    let skipped = [
        "typedef",
        "using",
        "template",
        "extern",
        "namespace",
        "static_assert",
        "friend",
    ];
    if skipped.contains(&first) || words.contains(&"const") || words.contains(&"constexpr") {
        return None;
    }
    if let Some(end) = after_body {
        if !words[end.min(words.len())..].iter().any(|w| is_name(w)) {
            return None;
        }
    }
    if !after_type_body
        && matches!(first, "struct" | "class" | "union" | "enum")
        && words.len() <= 2
    {
        return None;
    }
    let before_value = words.iter().position(|w| *w == "=").unwrap_or(words.len());
    if !after_type_body && words[..before_value].contains(&"(") {
        // A function's declaration (or a variable made with parentheses, which is rare).
        return None;
    }
    let name = words[..before_value]
        .iter()
        .rev()
        .find(|w| is_name(w))
        .copied()
        .unwrap_or("?");
    let name = if words[..before_value].contains(&"[") {
        words[..before_value]
            .iter()
            .take_while(|w| **w != "[")
            .last()
            .copied()
            .unwrap_or(name)
    } else {
        name
    };
    Some(Finding {
        line: tokens[declaration[0]].line,
        what: format!("a global variable {name} (the course forbids them)"),
    })
}

/// The name a declaration starting at `at` declares: the last name before `=`, `[`, `;`, `,`
/// or `(`.
fn declared_name(tokens: &[Token], at: usize) -> String {
    let mut name = "?";
    for token in &tokens[at..] {
        if matches!(token.text.as_str(), "=" | "[" | ";" | "," | "(" | "{") {
            break;
        }
        if is_name(&token.text) {
            name = &token.text;
        }
    }
    name.to_string()
}

fn panel_written(tokens: &[Token]) -> Vec<Finding> {
    let mut found = Vec::new();
    for (at, token) in tokens.iter().enumerate() {
        if token.text != "GamePanel" {
            continue;
        }
        let mut after = at + 1;
        let mut indexed = 0;
        while text(tokens, after) == "[" {
            after = matching(tokens, after, "[", "]") + 1;
            indexed += 1;
        }
        let before = text(tokens, at.wrapping_sub(1));
        let written = (indexed > 0
            && (ASSIGNMENTS.contains(&text(tokens, after)) || before == "++" || before == "--"))
            || (text(tokens, at.wrapping_sub(2)) == "("
                && matches!(
                    text(tokens, at.wrapping_sub(3)),
                    "memset" | "memcpy" | "memmove"
                ));
        if written {
            found.push(Finding {
                line: token.line,
                what: "GamePanel written (the course allows reading it only)".into(),
            });
        }
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(source: &str) -> Vec<(usize, String)> {
        check(Task::JluMachine, source.as_bytes())
            .into_iter()
            .map(|f| {
                (
                    f.line,
                    f.what.split(' ').take(3).collect::<Vec<_>>().join(" "),
                )
            })
            .collect()
    }

    #[test]
    fn a_clean_machine_has_no_finding() {
        let source = "// printf(\"x\"); int g;\nconst int N = 30;\n#define M 5\n\
            struct P { int x, y; };\nenum { A, B };\nint helper(int a[30][30], int n);\n\
            int helper(int a[30][30], int n) { static const int k = 1; int s = 0; s += a[0][0]; return s + k; }\n\
            void machine(int GamePanel[30][30], int n, int m, int &x, int &y) {\n\
              P p = {1, 2}; const char *t = \"std::vector<int> cout\"; int v = GamePanel[1][2];\n\
              if (GamePanel[0][0] == -1) { x = 0; y = 0; return; }\n\
              do { x = rand() % n; y = rand() % m; } while (GamePanel[x][y] != -1);\n}\n";
        assert_eq!(lines(source), Vec::<(usize, String)>::new());
    }

    #[test]
    fn a_quote_left_open_ends_with_its_line() {
        // The compiler rejects the open quote; the lines after it are still read as code.
        let found = lines("int n = 'a;\n#include <stdio.h>\n");
        assert!(
            found.contains(&(2, "#include <stdio.h> (hand".to_string())),
            "{found:?}"
        );
    }

    #[test]
    fn each_rule_broken_names_its_line() {
        let source = "#include <vector>\nint count;\nstatic int seen[30][30] = {0};\n\
            struct S { int a; } last;\n\
            void machine(int GamePanel[30][30], int n, int m, int &x, int &y) {\n\
              static int calls = 0;\n  std::vector<int> v;\n  printf(\"%d\", calls);\n\
              GamePanel[0][0] = 1;\n  memset(seen, 0, sizeof seen);\n  sort(v.begin(), v.end());\n}\n\
            int main() { return 0; }\n";
        let found = lines(source);
        let expect = [
            (1, "#include <vector> (hand"),
            (2, "a global variable"),
            (3, "a global variable"),
            (4, "a global variable"),
            (6, "a static variable"),
            (7, "std::vector (the course"),
            (8, "output with printf"),
            (9, "GamePanel written (the"),
            (10, "memset from string.h,"),
            (11, "sort (the course"),
            (13, "main() (hand in"),
        ];
        let expect: Vec<(usize, String)> =
            expect.iter().map(|(l, w)| (*l, w.to_string())).collect();
        assert_eq!(found, expect);
    }
}
