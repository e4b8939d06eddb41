//! Global variables in the text (what one is: the module above says): each declaration at
//! file scope, each `static` member of a class, and each `static` or `thread_local` one in a
//! function, read with the braces that enclose it.

use super::finding::Finding;
use super::token::{is_name, text, Token};
use std::collections::HashSet;

/// What a `{` opens.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Scope {
    /// A namespace or `extern "C"`: still file scope.
    File,
    /// A function's body (and every block in it).
    Function,
    /// A struct, class, union or enum's body.
    Type,
    /// An initializer's braces (`= {...}`, `x{0}`, a lambda's body in an initializer).
    Initializer,
}

/// One open `{`: what it opened, and the declaration around it, put aside while inside.
struct Frame {
    scope: Scope,
    outer: Vec<usize>,
}

/// The most tokens of one declaration kept: its specifiers, its name and where its value
/// starts come first, and what `{` opens is read from them, so a crafted file's endless
/// declaration costs no more than this per brace.
const MOST_WORDS: usize = 256;

/// The words that give an object static or thread storage inside a function.
const STORAGE: [&str; 4] = ["static", "thread_local", "_Thread_local", "__thread"];

/// Declarations at file scope that define no object.
const NOT_OBJECTS: [&str; 10] = [
    "typedef",
    "using",
    "template",
    "extern",
    "namespace",
    "static_assert",
    "_Static_assert",
    "friend",
    "asm",
    "__extension__",
];

/// Words that start a parameter list, not an initializer, after a declared name and `(`.
const PARAMETER_WORDS: [&str; 25] = [
    "void", "int", "char", "bool", "short", "long", "float", "double", "signed", "unsigned",
    "const", "volatile", "struct", "class", "enum", "union", "auto", "typename", "decltype",
    "register", "wchar_t", "char16_t", "char32_t", "char8_t", "...",
];

/// Words whose `(...)` belongs to them, not to a declarator.
const GROUPS_OF_THEIR_OWN: [&str; 8] = [
    "decltype",
    "alignas",
    "_Alignas",
    "__attribute__",
    "__declspec",
    "typeof",
    "__typeof__",
    "noexcept",
];

/// The global variables the text declares, and the names (their last parts) of every object it
/// judged, found or a constant: the object file's witness adds nothing to those (a constant may
/// still be allocated in writable memory: `const int K = rand();`).
pub(super) struct Globals {
    pub found: Vec<Finding>,
    pub judged: HashSet<String>,
}

pub(super) fn globals(tokens: &[Token], partners: &[usize]) -> Globals {
    let mut found = Vec::new();
    let mut judged = HashSet::new();
    let mut frames: Vec<Frame> = Vec::new();
    let mut declaration: Vec<usize> = Vec::new();
    // Where a struct's or enum's body ended in the declaration, if one did.
    let mut after_body: Option<usize> = None;
    // In a function: where the statement began, and the last statement already reported.
    let mut statement = 0usize;
    let mut reported = usize::MAX;
    let mut variables: HashSet<String> = HashSet::new();
    // The open frames that are functions' bodies: counted, so that deep nesting costs nothing.
    let mut functions = 0usize;
    for (at, token) in tokens.iter().enumerate() {
        let word = token.text.as_str();
        let innermost = frames.last().map_or(Scope::File, |f| f.scope);
        let in_function = functions > 0;
        if in_function && STORAGE.contains(&word) && reported != statement {
            let (name, finding) = local_static(tokens, partners, statement, at);
            judged.insert(last_part(&name));
            found.extend(finding);
            reported = statement;
        }
        match word {
            "{" => {
                let scope = match innermost {
                    _ if in_function => Scope::Function,
                    Scope::Initializer => Scope::Initializer,
                    _ => opened(tokens, &declaration),
                };
                let outer = match scope {
                    Scope::Initializer => Vec::new(),
                    _ => std::mem::take(&mut declaration),
                };
                functions += usize::from(scope == Scope::Function);
                frames.push(Frame { scope, outer });
                statement = at + 1;
            }
            "}" => {
                if let Some(frame) = frames.pop() {
                    functions -= usize::from(frame.scope == Scope::Function);
                    match frame.scope {
                        Scope::Type => {
                            declaration = frame.outer;
                            after_body = Some(declaration.len());
                        }
                        Scope::Function | Scope::File => {
                            declaration.clear();
                            after_body = None;
                        }
                        Scope::Initializer => {}
                    }
                }
                statement = at + 1;
            }
            ";" => {
                statement = at + 1;
                if !in_function && matches!(innermost, Scope::File | Scope::Type) {
                    let declared = if innermost == Scope::File {
                        file_object(tokens, partners, &declaration, after_body, &mut variables)
                    } else {
                        static_member(tokens, partners, &declaration, &mut variables)
                    };
                    if let Some((name, finding)) = declared {
                        judged.insert(last_part(&name));
                        found.extend(finding);
                    }
                    declaration.clear();
                    after_body = None;
                }
            }
            ":" if innermost == Scope::Type
                && declaration.len() == 1
                && matches!(
                    text(tokens, declaration[0]),
                    "public" | "private" | "protected"
                ) =>
            {
                declaration.clear();
            }
            _ if !in_function
                && matches!(innermost, Scope::File | Scope::Type)
                && declaration.len() < MOST_WORDS =>
            {
                declaration.push(at);
            }
            _ => {}
        }
    }
    Globals { found, judged }
}

/// A name's last part: `x` of `S::x`.
fn last_part(name: &str) -> String {
    name.rsplit("::").next().unwrap_or(name).to_string()
}

/// What the `{` after `declaration` (at file scope or in a class) opens.
fn opened(tokens: &[Token], declaration: &[usize]) -> Scope {
    let words: Vec<&str> = declaration.iter().map(|&i| text(tokens, i)).collect();
    let first = words.first().copied().unwrap_or("");
    let second = words.get(1).copied().unwrap_or("");
    if first == "namespace"
        || (first == "inline" && second == "namespace")
        || (first == "extern" && second == "\"\"" && words.len() == 2)
    {
        return Scope::File;
    }
    if words.contains(&"=") {
        return Scope::Initializer;
    }
    if let Some(tag) = words
        .iter()
        .position(|w| matches!(*w, "struct" | "class" | "union" | "enum"))
    {
        let template = words.first() == Some(&"template");
        if !template || tag > template_end(&words) {
            // A body follows the tag and its name (and bases); after a second name come a
            // function's parameters (`struct P at(int i) {`) or an object's braces.
            if names_at_top(&words[tag + 1..]) <= 1 {
                return Scope::Type;
            }
        }
    }
    if words.contains(&"(") {
        Scope::Function
    } else {
        Scope::Initializer
    }
}

/// Just past the `>` that closes a leading `template <...>`.
fn template_end(words: &[&str]) -> usize {
    let mut depth = 0usize;
    for (i, w) in words.iter().enumerate() {
        match *w {
            "<" => depth += 1,
            ">" => {
                depth = depth.saturating_sub(1);
                if depth == 0 {
                    return i + 1;
                }
            }
            _ => {}
        }
    }
    words.len()
}

/// The names after a class's tag up to its bases (`:`): not inside `<>`, `()`, `[]`, not a
/// qualified name's later parts, not `final` nor a second `class` (`enum class`).
fn names_at_top(words: &[&str]) -> usize {
    let mut depth = 0usize;
    let mut names = 0;
    for (i, w) in words.iter().enumerate() {
        match *w {
            "<" | "(" | "[" => depth += 1,
            ">" | ")" | "]" => depth = depth.saturating_sub(1),
            ":" if depth == 0 => break,
            "final" | "class" | "struct" | "alignas" | "__attribute__" => {}
            w if depth == 0 && is_name(w) && (i == 0 || words[i - 1] != "::") => names += 1,
            _ => {}
        }
    }
    names
}

/// A declaration's object: its name, and where its value (`=`, `(` or `{`) starts.
struct Object {
    name: String,
    value: usize,
}

/// The object `words` declares, if it declares one (not a function, type or alias).
fn object(words: &[&str], group_ends: &[usize], variables: &HashSet<String>) -> Option<Object> {
    if words.contains(&"operator") {
        return None;
    }
    let mut i = 0;
    let mut value = words.len();
    let mut in_parentheses: Option<String> = None;
    while i < words.len() {
        match words[i] {
            "=" | "{" => {
                value = i;
                break;
            }
            "(" if i > 0 && GROUPS_OF_THEIR_OWN.contains(&words[i - 1]) => {
                i = group_ends[i].max(i + 1);
                continue;
            }
            "(" if matches!(text(words, i + 1), "*" | "&" | "&&") => {
                // A declarator in parentheses: a pointer to a function or an array.
                let end = group_ends[i].min(words.len());
                in_parentheses = words[i..end]
                    .iter()
                    .rev()
                    .find(|w| is_name(w) && !matches!(**w, "const" | "volatile"))
                    .map(|w| w.to_string());
                value = words[end..]
                    .iter()
                    .position(|w| *w == "=")
                    .map_or(words.len(), |p| end + p);
                break;
            }
            "(" => {
                let close = group_ends[i].min(words.len()).saturating_sub(1).max(i + 1);
                if is_name(text(words, i.wrapping_sub(1)))
                    && !parameters(&words[i + 1..close], variables)
                {
                    value = i;
                    break;
                }
                return None;
            }
            _ => {}
        }
        i += 1;
    }
    let before = &words[..value];
    let name = match in_parentheses {
        Some(name) => name,
        None => declarator_name(before)?,
    };
    Some(Object { name, value })
}

/// The name a declaration's words before its value declare: the last name (before `[`), with
/// its qualifier (`S::x`).
fn declarator_name(before: &[&str]) -> Option<String> {
    let end = before
        .iter()
        .position(|w| *w == "[")
        .unwrap_or(before.len());
    let at = before[..end]
        .iter()
        .rposition(|w| is_name(w) && !is_specifier(w))?;
    let mut name = before[at].to_string();
    if at >= 2 && before[at - 1] == "::" && is_name(before[at - 2]) {
        name = format!("{}::{name}", before[at - 2]);
    }
    Some(name)
}

/// Words that are no object's name.
fn is_specifier(word: &str) -> bool {
    matches!(
        word,
        "const"
            | "volatile"
            | "static"
            | "inline"
            | "mutable"
            | "thread_local"
            | "constexpr"
            | "constinit"
            | "register"
            | "extern"
            | "restrict"
            | "__restrict"
    )
}

/// Whether `inside` a declarator's parentheses is a parameter list (a function) rather than
/// an initializer (`int x(0)`, `int S::x(N)`).
fn parameters(inside: &[&str], variables: &HashSet<String>) -> bool {
    let Some(&first) = inside.first() else {
        return true;
    };
    if PARAMETER_WORDS.contains(&first) {
        return true;
    }
    if matches!(
        first,
        "true" | "false" | "nullptr" | "this" | "sizeof" | "new" | "static_cast"
    ) || !is_name(first) && first != "::" && first != "["
    {
        return false;
    }
    !variables.contains(first)
}

/// Whether the words before a declaration's value make it a constant: `constexpr`, or `const`
/// at every level (the object, and whatever each pointer points to).
fn constant(before: &[&str]) -> bool {
    if before.contains(&"constexpr") {
        return true;
    }
    let stars: Vec<usize> = (0..before.len()).filter(|&i| before[i] == "*").collect();
    let Some(&first) = stars.first() else {
        return before.contains(&"const");
    };
    before[..first].contains(&"const")
        && stars.iter().enumerate().all(|(k, &star)| {
            let next = stars.get(k + 1).copied().unwrap_or(before.len());
            before[star..next].contains(&"const")
        })
}

/// The words of `declaration`, and for each `(` of them the index just past its partner.
fn words_of<'a>(
    tokens: &'a [Token],
    partners: &[usize],
    declaration: &[usize],
) -> (Vec<&'a str>, Vec<usize>) {
    let words: Vec<&str> = declaration.iter().map(|&i| text(tokens, i)).collect();
    // The declaration's tokens are contiguous but for braces' contents: map partners by search.
    let mut ends = vec![words.len(); words.len()];
    for (k, &i) in declaration.iter().enumerate() {
        if matches!(words[k], "(" | "[") {
            let partner = partners[i];
            ends[k] = declaration
                .binary_search(&partner)
                .map_or(words.len(), |p| p + 1);
        }
    }
    (words, ends)
}

/// The finding of one declaration at file scope (its tokens' indices; `after_body`: where a
/// struct's or enum's body ended in it, if one did), if it defines a variable, or the name of
/// the constant it defines.
fn file_object(
    tokens: &[Token],
    partners: &[usize],
    declaration: &[usize],
    after_body: Option<usize>,
    variables: &mut HashSet<String>,
) -> Option<(String, Option<Finding>)> {
    let (words, ends) = words_of(tokens, partners, declaration);
    if NOT_OBJECTS.contains(words.first()?) {
        return None;
    }
    let from = after_body.unwrap_or(0).min(words.len());
    let found = object(&words[from..], &ends_from(&ends, from), variables)?;
    variables.insert(found.name.clone());
    let finding = (!constant(&words[..from + found.value])).then(|| Finding {
        line: tokens[declaration[0]].line,
        what: format!("a global variable {} (the course forbids them)", found.name),
    });
    Some((found.name, finding))
}

/// `ends` for the words from `from` on.
fn ends_from(ends: &[usize], from: usize) -> Vec<usize> {
    ends[from..]
        .iter()
        .map(|e| e.saturating_sub(from))
        .collect()
}

/// The finding of one member declaration in a class, if it is a `static` data member (or its
/// name, if it is a constant one).
fn static_member(
    tokens: &[Token],
    partners: &[usize],
    declaration: &[usize],
    variables: &mut HashSet<String>,
) -> Option<(String, Option<Finding>)> {
    let (words, ends) = words_of(tokens, partners, declaration);
    if !words
        .iter()
        .any(|w| matches!(*w, "static" | "thread_local"))
        || words
            .iter()
            .any(|w| matches!(*w, "friend" | "using" | "typedef" | "template"))
    {
        return None;
    }
    let found = object(&words, &ends, variables)?;
    let finding = (!constant(&words[..found.value])).then(|| Finding {
        line: tokens[declaration[0]].line,
        what: format!(
            "a static data member {} (it keeps state between calls, as a global variable does)",
            found.name
        ),
    });
    Some((found.name, finding))
}

/// The finding of a `static` or `thread_local` object declared in a function by the statement
/// starting at `statement` (its storage word at `at`), with its name (no finding for a
/// constant).
fn local_static(
    tokens: &[Token],
    partners: &[usize],
    statement: usize,
    at: usize,
) -> (String, Option<Finding>) {
    let mut end = at;
    while end < tokens.len() && !matches!(text(tokens, end), ";" | "=" | "{" | "}") {
        if text(tokens, end) == "(" && matches!(text(tokens, end + 1), "*" | "&") {
            end = partners[end].min(tokens.len());
            continue;
        }
        if text(tokens, end) == "(" || text(tokens, end) == "[" {
            break;
        }
        end += 1;
    }
    let words: Vec<&str> = (statement..end).map(|i| text(tokens, i)).collect();
    let name = declarator_name(&words).unwrap_or_else(|| "?".into());
    let finding = (!constant(&words)).then(|| Finding {
        line: tokens[at].line,
        what: format!(
            "a {} variable {name} inside a function (it keeps state between calls, as a \
             global variable does)",
            text(tokens, at)
        ),
    });
    (name, finding)
}
