//! The JLU course's rules for a handed-in file, read from its text as the compiler reads it:
//! trigraphs, line splices, comments and digraphs first, then directives and tokens, with
//! strings and character literals set aside. Each finding names its line in the file as
//! written.
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
//! in a namespace or not, `thread_local` or not, however initialised), a `static` data member
//! of a class, or a `static` or `thread_local` one inside a function. Constants (`const` all
//! the way down, `constexpr`, `#define`, enumerators) keep no state and are allowed, as are
//! types and functions; a `const` pointer to memory that can be written (`int *const p = new
//! int[9]`) is state. Beside the text, the [object file's symbols](witness) are a second
//! witness: an object the compiler allocates in writable memory is a global variable however
//! it was spelled.
//!
//! The text is read, not compiled, and macros are not expanded: a `#define` whose body names
//! an output function or the STL is a finding of its own. `GamePanel` written through another
//! name (a helper's parameter) is not seen here, so the driver also checks after each call
//! that the panel is unchanged.

mod finding;
mod globals;
mod token;
pub mod witness;

use crate::exec::source::lexer::{lex, Kind};
use crate::exec::source::phases::translate;
use crate::exec::source::{defines_function_at, partners};
use crate::grade::task::Task;
pub use finding::Finding;
use std::collections::{HashMap, HashSet};
use token::{text, Token};

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

/// The C library's and the streams' ways to print. A name is one of them also with GCC's
/// `__builtin_` before it, or as the `_unlocked` or fortified (`__printf_chk`) variant.
const OUTPUT: [&str; 25] = [
    "printf", "puts", "putchar", "fprintf", "fputs", "fputc", "putc", "fwrite", "vprintf",
    "vfprintf", "dprintf", "vdprintf", "perror", "putw", "wprintf", "fwprintf", "vwprintf",
    "putwchar", "putwc", "fputwc", "fputws", "cout", "cerr", "clog", "wcout",
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

/// The directives that bring in another file.
const INCLUDES: [&str; 3] = ["include", "include_next", "import"];

/// A file read as the compiler reads it, up to its tokens.
struct Code {
    /// The code's tokens (a literal is `""`, an operator as it is usually spelled).
    tokens: Vec<Token>,
    /// [`partners`] of `tokens`.
    partners: Vec<usize>,
    /// The tokens of every `#define`'s body, each on its directive's line.
    macros: Vec<Token>,
    /// A finding for each `#include`.
    includes: Vec<Finding>,
    /// The functions the file defines, sorted.
    defined: Vec<String>,
    /// The namespaces, classes, structs, unions and enums the file declares, sorted.
    scopes: Vec<String>,
}

impl Code {
    fn read(source: &[u8]) -> Code {
        let translated = translate(source);
        let text = &translated.text;
        let mut tokens = Vec::new();
        let mut macros = Vec::new();
        let mut includes = Vec::new();
        for lexeme in lex(text) {
            let line = translated.physical_line(lexeme.line, lexeme.span.start);
            let bytes = &text[lexeme.span.clone()];
            if lexeme.kind == Kind::Directive {
                directive(bytes, line, &mut includes, &mut macros);
            } else {
                tokens.push(Token {
                    text: token_text(lexeme.kind, bytes),
                    line,
                });
            }
        }
        let partners = partners(&tokens);
        let mut defined: Vec<String> = (0..tokens.len())
            .filter(|&at| defines_function_at(&tokens, &partners, at))
            .map(|at| tokens[at].text.clone())
            .collect();
        defined.sort();
        let mut scopes: Vec<String> = tokens
            .windows(2)
            .filter(|w| {
                matches!(
                    w[0].text.as_str(),
                    "namespace" | "class" | "struct" | "union" | "enum"
                )
            })
            .map(|w| w[1].text.clone())
            .collect();
        scopes.sort();
        Code {
            tokens,
            partners,
            macros,
            includes,
            defined,
            scopes,
        }
    }

    fn defines(&self, name: &str) -> bool {
        self.defined
            .binary_search_by(|d| d.as_str().cmp(name))
            .is_ok()
    }

    /// Whether the file declares `name` as a namespace, class, struct, union or enum of its own.
    fn declares(&self, name: &str) -> bool {
        self.scopes
            .binary_search_by(|d| d.as_str().cmp(name))
            .is_ok()
    }
}

/// A lexeme's text as the checks read it: a literal is `""`, an operator as it is usually
/// spelled (a digraph or `and` is the operator it spells).
fn token_text(kind: Kind, bytes: &[u8]) -> String {
    match kind {
        Kind::String | Kind::Char => "\"\"".into(),
        kind => kind
            .operator()
            .map_or_else(|| String::from_utf8_lossy(bytes).into_owned(), String::from),
    }
}

/// Reads one directive (its bytes from its `#` or `%:`, comments still in): an `#include` is a
/// finding, a `#define`'s body joins `macros`.
fn directive(bytes: &[u8], line: usize, includes: &mut Vec<Finding>, macros: &mut Vec<Token>) {
    let body = bytes
        .strip_prefix(b"#")
        .or_else(|| bytes.strip_prefix(b"%:"))
        .unwrap_or(bytes);
    let lexemes = lex(body);
    let Some(name) = lexemes.first() else {
        return;
    };
    let name_text = &body[name.span.clone()];
    if INCLUDES.iter().any(|i| i.as_bytes() == name_text) {
        let rest = String::from_utf8_lossy(&body[name.span.end..]);
        let rest = rest.split_whitespace().collect::<Vec<_>>().join(" ");
        includes.push(Finding {
            line,
            what: format!(
                "#{} {rest} (hand in no #include: the judge's program has them)",
                String::from_utf8_lossy(name_text)
            ),
        });
    } else if name_text == b"define" {
        let Some(macro_name) = lexemes.get(1) else {
            return;
        };
        let mut first = 2;
        // A function-like macro's parameters, `(` right after its name, are not its body.
        if body.get(macro_name.span.end) == Some(&b'(') {
            while first < lexemes.len() && lexemes[first].kind.operator() != Some(")") {
                first += 1;
            }
            first += 1;
        }
        for lexeme in lexemes.iter().skip(first) {
            macros.push(Token {
                text: token_text(lexeme.kind, &body[lexeme.span.clone()]),
                line,
            });
        }
    }
}

/// The findings of `source` handed in for `task` in the course's own form (none for a task
/// whose statement gives no rule), one per line and rule, by line.
pub fn check(task: Task, source: &[u8]) -> Vec<Finding> {
    check_with_object(task, source, None)
}

/// [`check`], with the object file the compiler made of `source` ([`witness::object_of`]) as a
/// second witness of its global variables.
pub fn check_with_object(task: Task, source: &[u8], object: Option<&[u8]>) -> Vec<Finding> {
    let code = Code::read(source);
    let mut findings = Vec::new();
    let mut rule = |found: Vec<Finding>| findings.extend(one_per_line(found));
    match task {
        Task::JluMachine => {
            rule(code.includes.clone());
            rule(main_defined(&code));
            rule(stl(&code));
            rule(output(&code));
            rule(other_headers(&code));
            let globals = globals::globals(&code.tokens, &code.partners);
            let mut found = globals.found;
            if let Some(object) = object {
                found.extend(allocated(&code, object, &globals.judged));
            }
            rule(found);
            rule(panel_written(&code));
        }
        Task::JluPanel => rule(stl(&code)),
        Task::AcmClient => rule(standard_output(&code)),
        Task::MineOps | Task::AcmServer => {}
    }
    findings.sort_by_key(|f| f.line);
    findings
}

/// The first finding of each line, by line.
fn one_per_line(mut found: Vec<Finding>) -> Vec<Finding> {
    found.sort_by_key(|f| f.line);
    found.dedup_by_key(|f| f.line);
    found
}

fn main_defined(code: &Code) -> Vec<Finding> {
    let tokens = &code.tokens;
    (0..tokens.len())
        .filter(|&at| {
            tokens[at].text == "main"
                && text(tokens, at.wrapping_sub(1)) != "::"
                && defines_function_at(tokens, &code.partners, at)
        })
        .take(1)
        .map(|at| Finding {
            line: tokens[at].line,
            what: "main() (hand in machine() and its helpers only: the judge's program has \
                   its own main)"
                .into(),
        })
        .collect()
}

/// The names that stand for `std`: itself and each `namespace X = std...;` of the file.
fn std_names(code: &Code) -> HashSet<&str> {
    let tokens = &code.tokens;
    let mut names = HashSet::from(["std"]);
    for at in 0..tokens.len() {
        let target = if text(tokens, at + 3) == "::" {
            at + 4
        } else {
            at + 3
        };
        if text(tokens, at) == "namespace"
            && text(tokens, at + 2) == "="
            && names.contains(text(tokens, target))
        {
            names.insert(text(tokens, at + 1));
        }
    }
    names
}

fn stl(code: &Code) -> Vec<Finding> {
    let std_names = std_names(code);
    let mut found = stl_in(&code.tokens, code, &std_names);
    // In a macro's body, `std` alone stands for the library too (`#define S std`).
    found.extend(
        code.macros
            .iter()
            .filter(|t| t.text == "std")
            .map(|t| Finding {
                line: t.line,
                what: "std in a macro (the course forbids the STL)".into(),
            }),
    );
    found.extend(stl_in(&code.macros, code, &std_names));
    found
}

fn stl_in(tokens: &[Token], code: &Code, std_names: &HashSet<&str>) -> Vec<Finding> {
    let mut found = Vec::new();
    for (at, token) in tokens.iter().enumerate() {
        let word = token.text.as_str();
        let next = text(tokens, at + 1);
        let before = text(tokens, at.wrapping_sub(1));
        let qualifier = text(tokens, at.wrapping_sub(2));
        let qualified = std_names.contains(word) && next == "::";
        // `std::vector` is found at `std`; `mine::vector` is the file's own.
        let container = CONTAINERS.contains(&word)
            && next == "<"
            && (before != "::" || !std_names.contains(qualifier) && !code.declares(qualifier));
        // `std::sort(` is found at `std`, whichever line `sort` is on.
        let after_std = before == "::" && std_names.contains(qualifier);
        let algorithm = ALGORITHMS.contains(&word)
            && next == "("
            && before != "."
            && !after_std
            && !code.defines(word);
        if qualified || container || algorithm {
            let name = if qualified {
                format!("{word}::{}", text(tokens, at + 2))
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

/// The output function `name` is, if it is one (`__builtin_printf` is `printf`).
fn output_function(name: &str) -> Option<&'static str> {
    let bare = name.strip_prefix("__builtin_").unwrap_or(name);
    let bare = bare.strip_suffix("_unlocked").unwrap_or(bare);
    let bare = match bare.strip_prefix("__").and_then(|b| b.strip_suffix("_chk")) {
        Some(fortified) => fortified,
        None => bare,
    };
    OUTPUT.iter().find(|o| **o == bare).copied()
}

/// Each use of an output function, called or not (its address taken is output through a
/// pointer), in the code or in a macro's body.
fn output(code: &Code) -> Vec<Finding> {
    uses_in_code_and_macros(code, |name| {
        output_function(name).map(|_| format!("output with {name} (the course forbids printing)"))
    })
}

/// [`uses`] in the code, then in its macros' bodies.
fn uses_in_code_and_macros(code: &Code, what: impl Fn(&str) -> Option<String>) -> Vec<Finding> {
    let mut all = uses(&code.tokens, code, &what);
    all.extend(uses(&code.macros, code, &what));
    all
}

/// Each use of a name that `what` describes, unless it is a member (after `.` or `->`) or the
/// file defines a function of that name itself.
fn uses(tokens: &[Token], code: &Code, what: impl Fn(&str) -> Option<String>) -> Vec<Finding> {
    tokens
        .iter()
        .enumerate()
        .filter(|(at, t)| {
            !code.defines(&t.text) && !matches!(text(tokens, at.wrapping_sub(1)), "." | "->")
        })
        .filter_map(|(_, t)| what(&t.text).map(|what| Finding { line: t.line, what }))
        .collect()
}

/// The ways to print that write to the standard output (beside `stdout` named, as in
/// `fprintf(stdout, ...)`).
const STANDARD_OUTPUT: [&str; 9] = [
    "cout", "wcout", "printf", "puts", "putchar", "vprintf", "wprintf", "vwprintf", "putwchar",
];

/// Each use of the standard output in an ACM `client.h`: the course's `advanced.cpp` gives it
/// the map, so anything else printed there corrupts the game (the client's own output goes to
/// `std::cerr`).
fn standard_output(code: &Code) -> Vec<Finding> {
    uses_in_code_and_macros(code, |name| {
        let function = output_function(name).filter(|f| STANDARD_OUTPUT.contains(f));
        let name = function
            .map(|_| name)
            .or((name == "stdout").then_some(name))?;
        Some(format!(
            "output with {name} to the standard output, which advanced.cpp keeps for the map \
             (print to std::cerr)"
        ))
    })
}

fn other_headers(code: &Code) -> Vec<Finding> {
    let what = |name: &str| {
        let (name, header) = OTHER_HEADERS.iter().find(|(n, _)| *n == name)?;
        Some(format!(
            "{name} from {header}, which the judge's program does not include (only iostream.h, \
             stdio.h, time.h, stdlib.h and math.h)"
        ))
    };
    let mut found = uses(&code.tokens, code, what);
    found.extend(uses(&code.macros, code, what));
    found
}

/// The objects the compiler allocated in writable memory that the text did not judge (`judged`:
/// found, or a constant), each at the line where its name first appears (0 if nowhere: made by
/// a macro).
fn allocated(code: &Code, object: &[u8], judged: &HashSet<String>) -> Vec<Finding> {
    let mut first_line: HashMap<&str, usize> = HashMap::new();
    for token in &code.tokens {
        first_line.entry(token.text.as_str()).or_insert(token.line);
    }
    witness::data_symbols(object)
        .into_iter()
        .filter(|symbol| !judged.contains(&symbol.base))
        .map(|symbol| Finding {
            line: first_line.get(symbol.base.as_str()).copied().unwrap_or(0),
            what: format!(
                "a global variable {} (the compiler allocates it in writable memory; the course \
                 forbids them)",
                symbol.name
            ),
        })
        .collect()
}

fn panel_written(code: &Code) -> Vec<Finding> {
    let tokens = &code.tokens;
    let mut found = Vec::new();
    for (at, token) in tokens.iter().enumerate() {
        if token.text != "GamePanel" {
            continue;
        }
        let mut after = at + 1;
        let mut indexed = 0;
        while text(tokens, after) == "[" {
            after = code.partners[after] + 1;
            indexed += 1;
        }
        let before = text(tokens, at.wrapping_sub(1));
        // The first argument, `GamePanel` or `&GamePanel`, of a call that writes memory.
        let call = at.wrapping_sub(if before == "&" { 2 } else { 1 });
        let written = (indexed > 0
            && (ASSIGNMENTS.contains(&text(tokens, after)) || before == "++" || before == "--"))
            || (text(tokens, call) == "("
                && matches!(
                    text(tokens, call.wrapping_sub(1)),
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
    fn an_acm_client_printing_to_the_standard_output_is_found_at_its_line() {
        let source = "#include <iostream>\n#include <cstdio>\nvoid Decide() {\n\
            std::cout << \"debug\" << std::endl;\n  std::cerr << \"fine\";\n\
            fprintf(stderr, \"fine\");\n  fprintf(stdout, \"x\");\n  printf(\"%d\", 1);\n\
            const char *s = \"cout printf\";\n  puts(s); std::cout << 1;\n}\n\
            #define SAY(x) std::cout << x\n";
        let found: Vec<(usize, String)> = check(Task::AcmClient, source.as_bytes())
            .into_iter()
            .map(|f| {
                (
                    f.line,
                    f.what.split(' ').take(2).collect::<Vec<_>>().join(" "),
                )
            })
            .collect();
        let expect: Vec<(usize, String)> = [
            (4, "output with"),
            (7, "output with"),
            (8, "output with"),
            (10, "output with"),
            (12, "output with"),
        ]
        .iter()
        .map(|(line, what)| (*line, what.to_string()))
        .collect();
        assert_eq!(found, expect);
        let starter = include_str!("../../courses/templates/acm_client.h");
        assert_eq!(check(Task::AcmClient, starter.as_bytes()), vec![]);
    }

    #[test]
    fn a_library_call_is_one_finding_wherever_its_name_is() {
        let source = "void machine(int GamePanel[30][30], int n, int m, int &x, int &y) {\n\
            int v[3] = {3, 1, 2};\n  std::sort(v, v + 3);\n  std::\n    sort(v, v + 3);\n\
            sort(v, v + 3);\n  x = 0; y = 0;\n}\n";
        assert_eq!(
            lines(source),
            [
                (3, "std::sort (the course".to_string()),
                (4, "std::sort (the course".to_string()),
                (6, "sort (the course".to_string()),
            ]
        );
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

    /// The lines and rules' first words of `source`'s findings, each the first word of the
    /// finding or its name (`global`, `static`, `output`, `#include`, `std::vector`, ...).
    fn found(source: &str) -> Vec<(usize, String)> {
        check(Task::JluMachine, source.as_bytes())
            .into_iter()
            .map(|f| {
                let what = f.what.strip_prefix("a ").unwrap_or(&f.what);
                (
                    f.line,
                    what.split(' ').take(2).collect::<Vec<_>>().join(" "),
                )
            })
            .collect()
    }

    fn expect(source: &str, expected: &[(usize, &str)]) {
        let expected: Vec<(usize, String)> =
            expected.iter().map(|(l, w)| (*l, w.to_string())).collect();
        assert_eq!(found(source), expected, "{source}");
    }

    #[test]
    fn an_include_is_seen_however_spelled() {
        expect("#/**/include <vector>\n", &[(1, "#include <vector>")]);
        expect(
            "# /* a\n comment */ include <vector>\n",
            &[(1, "#include <vector>")],
        );
        expect(
            "#inc\\\nlude <cstdio>\nint g;\n",
            &[(1, "#include <cstdio>"), (3, "global variable")],
        );
        expect("%:include <cstdlib>\n", &[(1, "#include <cstdlib>")]);
        expect("??=include <cstdlib>\n", &[(1, "#include <cstdlib>")]);
        expect(
            "#include_next <x>\n#import <y>\n",
            &[(1, "#include_next <x>"), (2, "#import <y>")],
        );
    }

    #[test]
    fn a_global_is_seen_however_initialised() {
        expect("int calls(0);\n", &[(1, "global variable")]);
        expect(
            "int calls{0};\nint many[3]{};\n",
            &[(1, "global variable"), (2, "global variable")],
        );
        expect(
            "const int N = 3;\nint calls(N);\n",
            &[(2, "global variable")],
        );
        expect("int *const p = new int[900];\n", &[(1, "global variable")]);
        expect(
            "const char *names[] = {\"a\"};\n",
            &[(1, "global variable")],
        );
        expect(
            "struct S { int a; };\nstruct S s{1};\nS t{2};\n",
            &[(2, "global variable"), (3, "global variable")],
        );
        expect(
            "namespace { int hidden; }\nthread_local int mine;\n",
            &[(1, "global variable"), (2, "global variable")],
        );
        expect("void (*hook)(int);\n", &[(1, "global variable")]);
        expect("int a<:3:> = <%0%>;\n", &[(1, "global variable")]);
    }

    #[test]
    fn a_static_member_is_a_global() {
        expect(
            "struct S {\n  static int x;\n  static const int N = 3;\n  static int f();\n};\nint S::x(0);\n",
            &[(2, "static data"), (6, "global variable")],
        );
    }

    #[test]
    fn thread_local_in_a_function_keeps_state() {
        expect(
            "void machine() {\n  thread_local int seen = 0;\n  static thread_local int both;\n  seen++;\n}\n",
            &[(2, "thread_local variable"), (3, "static variable")],
        );
    }

    #[test]
    fn constants_are_no_globals_anywhere() {
        expect(
            "const int N = 30;\nconstexpr int M = 2;\nconst char *const names[] = {\"a\"};\n\
             struct S { static constexpr int K = 1; };\nenum { A, B };\n\
             int helper(int a[30][30], int n);\nint main();\n\
             struct P { int x; };\nstruct P at(int i) { struct P p = {i}; return p; }\n\
             void machine(int GamePanel[30][30], int n, int m, int &x, int &y) {\n\
               static constexpr int dx[8] = {-1, -1, -1, 0, 0, 1, 1, 1};\n\
               static const int k = 1;\n  constexpr static int j = 2;\n\
               x = dx[0] + k + j + at(0).x; y = 0; if (0) main();\n}\n",
            &[],
        );
    }

    #[test]
    fn the_stl_is_seen_through_aliases_and_using() {
        expect(
            "namespace s = std;\nvoid f() {\n  s::vector<int> v;\n  s::sort(v.begin(), v.end());\n}\n",
            &[(3, "s::vector (the"), (4, "s::sort (the")],
        );
        expect(
            "namespace t = ::std;\nnamespace u = t;\nvoid f() { u::pair<int, int> p; }\n",
            &[(3, "u::pair (the")],
        );
        expect(
            "using std::vector;\nvector<int> v;\n",
            &[
                (1, "std::vector (the"),
                (2, "vector (the"),
                (2, "global variable"),
            ],
        );
        expect(
            "#define S std\nS::vector<int> f();\n",
            &[(1, "std in"), (2, "vector (the")],
        );
        expect(
            "void f() { std::sort(a, a + 3); }\n",
            &[(1, "std::sort (the")],
        );
    }

    #[test]
    fn output_is_seen_through_builtins_macros_and_pointers() {
        expect(
            "void f() { __builtin_printf(\"x\"); }\n",
            &[(1, "output with")],
        );
        expect(
            "void f() { __builtin_puts(\"x\"); __builtin_putchar('x'); }\n",
            &[(1, "output with")],
        );
        expect(
            "#define OUT __builtin_printf\nvoid f() { OUT(\"x\"); }\n",
            &[(1, "output with")],
        );
        expect("#define SAY(x) puts(x)\n", &[(1, "output with")]);
        expect(
            "void f() {\n  int (*say)(const char *, ...) = &__builtin_printf;\n  auto p = puts;\n}\n",
            &[(2, "output with"), (3, "output with")],
        );
        expect(
            "void f() { __printf_chk(1, \"x\"); fputs_unlocked(\"x\", stdout); }\n",
            &[(1, "output with")],
        );
    }

    #[test]
    fn main_is_found_where_it_is_defined_only() {
        expect("int main();\nvoid machine() { if (0) main(); }\n", &[]);
        expect(
            "int main();\nint g() { return 1; }\nint main()\n{\n}\n",
            &[(3, "main() (hand")],
        );
        expect("auto main() -> int { }\n", &[(1, "main() (hand")]);
    }

    #[test]
    fn lines_are_those_of_the_file_as_written() {
        expect(
            "int a = 1 + \\\n  2;\n/* x\n y */ int \\\nb;\n#define X \\\n  printf\nint c;\n",
            &[
                (1, "global variable"),
                (4, "global variable"),
                (6, "output with"),
                (8, "global variable"),
            ],
        );
    }

    #[test]
    fn a_crafted_file_is_read_in_time_and_bounded_memory() {
        let mut source = String::new();
        source.push_str(&"(".repeat(100_000));
        source.push_str(&"{".repeat(100_000));
        source.push_str(&"#define M printf\n".repeat(10_000));
        source.push_str(&format!("int x = {};\n", "1+".repeat(200_000)));
        source.push_str(&"a::vector<".repeat(20_000));
        source.push_str(&"namespace s = std;\n".repeat(10_000));
        source.push_str(&format!(
            "struct Q {}{}\n",
            "A ".repeat(50_000),
            "{}".repeat(50_000)
        ));
        source.push_str(&format!(
            "void f() {{ {} }}\n",
            "static int k; ".repeat(20_000)
        ));
        let started = std::time::Instant::now();
        let findings = check(Task::JluMachine, source.as_bytes());
        println!(
            "{} bytes, {} findings, in {:?}",
            source.len(),
            findings.len(),
            started.elapsed()
        );
        assert!(
            findings.len() <= 2 * source.lines().count(),
            "{}",
            findings.len()
        );
    }

    /// Every name of each rule, written out here from the rules as the course gives them (not
    /// read from the lists the check uses), is found alone on its line.
    #[test]
    fn every_name_each_rule_forbids_is_found() {
        let containers = [
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
        for name in containers {
            expect(
                &format!("void f() {{ {name}<int> x; }}\n"),
                &[(1, &format!("{name} (the"))],
            );
        }
        let algorithms = [
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
        for name in algorithms {
            expect(
                &format!("void f() {{ {name}(a, a + 3); }}\n"),
                &[(1, &format!("{name} (the"))],
            );
        }
        let output = [
            "printf", "puts", "putchar", "fprintf", "fputs", "fputc", "putc", "fwrite", "vprintf",
            "vfprintf", "dprintf", "vdprintf", "perror", "putw", "wprintf", "fwprintf", "vwprintf",
            "putwchar", "putwc", "fputwc", "fputws", "cout", "cerr", "clog", "wcout",
        ];
        for name in output {
            for spelled in [
                name.to_string(),
                format!("__builtin_{name}"),
                format!("{name}_unlocked"),
                format!("__{name}_chk"),
            ] {
                expect(
                    &format!("void f() {{ {spelled}; }}\n"),
                    &[(1, "output with")],
                );
            }
        }
        let other_headers = [
            "memset",
            "memcpy",
            "memmove",
            "memcmp",
            "strlen",
            "strcpy",
            "strncpy",
            "strcmp",
            "strcat",
            "strchr",
            "strstr",
            "assert",
            "INT_MAX",
            "INT_MIN",
            "LLONG_MAX",
            "UINT_MAX",
        ];
        for name in other_headers {
            expect(
                &format!("void f() {{ {name}(x); }}\n"),
                &[(1, &format!("{name} from"))],
            );
        }
    }

    #[test]
    fn each_way_of_writing_the_panel_is_found() {
        let machine = "void machine(int GamePanel[30][30], int n, int m, int &x, int &y) {\n";
        for write in [
            "GamePanel[0][0] = 1;",
            "GamePanel[0][0] += 1;",
            "GamePanel[0][0] -= 1;",
            "GamePanel[0][0] <<= 1;",
            "++GamePanel[0][0];",
            "--GamePanel[0][0];",
            "GamePanel[0][0]++;",
            "memset(GamePanel, 0, 4);",
            "memcpy(GamePanel, x, 4);",
            "memmove(&GamePanel[1], x, 4);",
        ] {
            let found = found(&format!("{machine}  {write}\n}}\n"));
            assert!(
                found.contains(&(2, "GamePanel written".to_string())),
                "{write}: {found:?}"
            );
        }
        expect(
            &format!("{machine}  x = GamePanel[0][0] + 1; y = GamePanel[1][1] == 0;\n}}\n"),
            &[],
        );
    }

    #[test]
    fn the_panel_function_is_held_to_no_stl_only() {
        let source =
            "int seen;\nvoid RefreshGamePanel() {\n  std::vector<int> v;\n  printf(\"x\");\n}\n";
        let found: Vec<(usize, String)> = check(Task::JluPanel, source.as_bytes())
            .into_iter()
            .map(|f| (f.line, f.what))
            .collect();
        assert_eq!(
            found,
            [(3, "std::vector (the course forbids the STL)".to_string())]
        );
        assert_eq!(check(Task::MineOps, source.as_bytes()), []);
    }

    #[test]
    fn one_finding_per_line_and_rule_and_names_that_are_not_the_library() {
        expect("int a; int b;\n", &[(1, "global variable")]);
        expect(
            "int a; void f() { printf(\"x\"); }\n",
            &[(1, "output with"), (1, "global variable")],
        );
        // A member, or a helper of the file's own, named like an algorithm is not the STL's.
        expect("void f() { v.sort(1); }\n", &[]);
        expect(
            "int unique(int a) { return a; }\nvoid f() { unique(2); }\n",
            &[],
        );
        // Declarations that make no object.
        expect(
            "extern int shared;\ntypedef int cell;\nusing row = int;\ntemplate <class T> T id(T t);\n",
            &[],
        );
    }
}
