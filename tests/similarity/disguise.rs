//! A copier, for testing the copy check: what a student does to a classmate's C or C++ code to
//! hide where it came from, at random from a seed. It renames every identifier of the author's
//! own, reorders the top-level items, drops the comments and adds others, and lays the code out
//! anew (indentation, brace style, spacing, line breaks); it can also insert statements and
//! dead functions. The program stays the same program (up to the order of its functions, and
//! to the added statements): this file reads C by itself, not with the check's tokenizer.

#![allow(dead_code)]

use minejudge::rng::Rng;
use std::collections::HashMap;

/// A piece of code that layout never splits.
#[derive(Clone, Debug, PartialEq)]
enum Piece {
    /// A name or a number.
    Word(String),
    /// A run of operator characters, as written (`+=`, `->`, `&&`, `-`).
    Operator(String),
    /// One of `( ) { } [ ] ; ,`.
    Bracket(char),
    /// A string or character literal.
    Literal(String),
    /// A preprocessor line.
    Directive(String),
}

use Piece::*;

/// Names a copier leaves alone: keywords, the library's, and those the course requires.
const KEPT: &[&str] = &[
    "auto",
    "bool",
    "break",
    "case",
    "char",
    "const",
    "continue",
    "default",
    "do",
    "double",
    "else",
    "enum",
    "extern",
    "false",
    "float",
    "for",
    "if",
    "inline",
    "int",
    "long",
    "return",
    "short",
    "signed",
    "sizeof",
    "static",
    "struct",
    "switch",
    "true",
    "typedef",
    "unsigned",
    "void",
    "while",
    "std",
    "cin",
    "cout",
    "endl",
    "vector",
    "string",
    "mt19937",
    "push_back",
    "size",
    "assign",
    "exit",
    "rand",
    "srand",
    "fabs",
    "abs",
    "printf",
    "scanf",
    "NULL",
    "machine",
    "RefreshGamePanel",
    "InitGame",
    "ReadMap",
    "Decide",
    "Execute",
    "rows",
    "columns",
    "total_mines",
    "InitMap",
    "VisitBlock",
    "MarkMine",
    "AutoExplore",
    "ExitGame",
    "PrintMap",
    "game_state",
];

/// The pieces of `source`, without its comments and whitespace.
fn read(source: &str) -> Vec<Piece> {
    let chars: Vec<char> = source.chars().collect();
    let at = |i: usize| chars.get(i).copied().unwrap_or('\0');
    let mut pieces = Vec::new();
    let mut line_start = true;
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let start = i;
        if c == '\n' {
            line_start = true;
            i += 1;
            continue;
        }
        if c.is_whitespace() {
            i += 1;
            continue;
        }
        if c == '/' && at(i + 1) == '/' {
            while i < chars.len() && chars[i] != '\n' {
                i += 1;
            }
            continue;
        }
        if c == '/' && at(i + 1) == '*' {
            i += 2;
            while i < chars.len() && !(chars[i - 1] == '*' && chars[i] == '/' && i > start + 2) {
                i += 1;
            }
            i += 1;
            continue;
        }
        if c == '#' && line_start {
            while i < chars.len() && chars[i] != '\n' {
                i += 1;
            }
            pieces.push(Directive(chars[start..i].iter().collect()));
            continue;
        }
        line_start = false;
        if c == '"' || c == '\'' {
            i += 1;
            while i < chars.len() && chars[i] != c {
                i += if chars[i] == '\\' { 2 } else { 1 };
            }
            i += 1;
            pieces.push(Literal(chars[start..i.min(chars.len())].iter().collect()));
        } else if c.is_alphanumeric() || c == '_' {
            let number = c.is_ascii_digit();
            while i < chars.len() {
                let d = chars[i];
                let exponent_sign = number && "+-".contains(d) && "eE".contains(chars[i - 1]);
                if d.is_alphanumeric() || d == '_' || (number && d == '.') || exponent_sign {
                    i += 1;
                } else {
                    break;
                }
            }
            pieces.push(Word(chars[start..i].iter().collect()));
        } else if "(){}[];,".contains(c) {
            i += 1;
            pieces.push(Bracket(c));
        } else {
            while i < chars.len() && "+-*/%=<>!&|^~?:.".contains(chars[i]) {
                i += 1;
            }
            i = i.max(start + 1);
            pieces.push(Operator(chars[start..i].iter().collect()));
        }
    }
    pieces
}

/// A fresh name: letters and digits that no kept name and no other fresh name is.
fn fresh_name(rng: &mut Rng, taken: &HashMap<String, String>) -> String {
    const SYLLABLES: [&str; 12] = [
        "ka", "lo", "mi", "nu", "ren", "sa", "ti", "vo", "zh", "qi", "bo", "xe",
    ];
    loop {
        let mut name: String = (0..1 + rng.below(3))
            .map(|_| SYLLABLES[rng.below(SYLLABLES.len())])
            .collect();
        if rng.chance(0.5) {
            name += &rng.below(100).to_string();
        }
        if !KEPT.contains(&name.as_str()) && !taken.values().any(|v| *v == name) {
            return name;
        }
    }
}

/// Every identifier of the author's own renamed, the same way throughout.
fn rename(pieces: &mut [Piece], rng: &mut Rng) {
    let mut names: HashMap<String, String> = HashMap::new();
    for piece in pieces.iter_mut() {
        if let Word(word) = piece {
            let is_name = !word.starts_with(|c: char| c.is_ascii_digit());
            if is_name && !KEPT.contains(&word.as_str()) {
                if !names.contains_key(word.as_str()) {
                    let name = fresh_name(rng, &names);
                    names.insert(word.clone(), name);
                }
                *word = names[word.as_str()].clone();
            }
        }
    }
}

/// The top-level items of `pieces` (a function, a declaration, a directive), in order.
fn items(pieces: &[Piece]) -> Vec<Vec<Piece>> {
    let mut items = Vec::new();
    let mut current = Vec::new();
    let mut depth = 0i32;
    for (i, piece) in pieces.iter().enumerate() {
        current.push(piece.clone());
        let ends = match piece {
            Directive(_) => true,
            Bracket('{') => {
                depth += 1;
                false
            }
            Bracket('}') => {
                depth -= 1;
                depth <= 0 && pieces.get(i + 1) != Some(&Bracket(';'))
            }
            Bracket(';') => depth <= 0,
            _ => false,
        };
        if ends {
            items.push(std::mem::take(&mut current));
        }
    }
    if !current.is_empty() {
        items.push(current);
    }
    items
}

/// The top-level items other than directives shuffled among their places.
fn reorder(pieces: Vec<Piece>, rng: &mut Rng) -> Vec<Piece> {
    let mut items = items(&pieces);
    let places: Vec<usize> = (0..items.len())
        .filter(|&i| !matches!(items[i][..], [Directive(_)]))
        .collect();
    let mut moved: Vec<Vec<Piece>> = places.iter().map(|&i| items[i].clone()).collect();
    rng.shuffle(&mut moved);
    for (&place, item) in places.iter().zip(moved) {
        items[place] = item;
    }
    items.concat()
}

/// A random statement that changes nothing the program does (it touches only its own
/// variable, declared with it), such as `{ long pad3 = 7; pad3 -= pad3 & 5 * 9; }`: random
/// types, operators and lengths, so that copies padded apart do not share their padding.
fn padding_statement(rng: &mut Rng) -> String {
    let name = ["pad", "tmp", "aux", "extra", "spare"][rng.below(5)].to_string()
        + &rng.below(90).to_string();
    let expression = |rng: &mut Rng| -> String {
        let mut text = String::new();
        for term in 0..1 + rng.below(4) {
            if term > 0 {
                text += [" + ", " - ", " * ", " ^ ", " | ", " & "][rng.below(6)];
            }
            text += &match rng.below(3) {
                0 => name.clone(),
                1 => (1 + rng.below(40)).to_string(),
                _ => format!(
                    "({} {} {})",
                    name,
                    ["+", "-", "^"][rng.below(3)],
                    1 + rng.below(9)
                ),
            };
        }
        text
    };
    let kind = ["int", "long", "unsigned", "short", "char"][rng.below(5)];
    let mut text = format!("{{ {kind} {name} = {};", 1 + rng.below(9));
    for _ in 0..1 + rng.below(2) {
        text += &match rng.below(3) {
            0 => format!(" {name} = {};", expression(rng)),
            1 => {
                let compare = ["<", ">", "==", "!="][rng.below(4)];
                let (left, right) = (expression(rng), expression(rng));
                format!(" if ({name} {compare} {left}) {name} = {right};")
            }
            _ => {
                let assign = ["+=", "-=", "*=", "^=", "|="][rng.below(5)];
                format!(" {name} {assign} {};", expression(rng))
            }
        };
    }
    text + " }"
}

/// `count` padding statements inserted at random statement boundaries inside functions.
fn insert_statements(pieces: &mut Vec<Piece>, count: usize, rng: &mut Rng) {
    for _ in 0..count {
        // Places right after a `;`, `{` or `}` inside braces and outside parentheses.
        let mut places = Vec::new();
        let (mut braces, mut parens) = (0i32, 0i32);
        for (i, piece) in pieces.iter().enumerate() {
            match piece {
                Bracket('{') => braces += 1,
                Bracket('}') => braces -= 1,
                Bracket('(') => parens += 1,
                Bracket(')') => parens -= 1,
                _ => {}
            }
            let boundary = matches!(piece, Bracket(';' | '{' | '}'));
            if boundary && braces >= 1 && parens == 0 {
                places.push(i + 1);
            }
        }
        if places.is_empty() {
            return;
        }
        let place = places[rng.below(places.len())];
        let statement = read(&padding_statement(rng));
        pieces.splice(place..place, statement);
    }
}

/// A function nobody calls, of a few padding statements, added before the first item.
fn add_dead_function(pieces: &mut Vec<Piece>, rng: &mut Rng) {
    let name = format!("never_called{}", rng.below(100));
    let mut text = format!("int {name}(int a, int b) {{");
    for _ in 0..2 + rng.below(3) {
        text += &padding_statement(rng);
    }
    text += " return a - b; }";
    let first_code = pieces
        .iter()
        .position(|piece| !matches!(piece, Directive(_)))
        .unwrap_or(pieces.len());
    pieces.splice(first_code..first_code, read(&text));
}

/// How a copier lays the code out.
struct Style {
    indent: String,
    brace_on_own_line: bool,
    spaces_around_operators: f64,
    comment_rate: f64,
}

/// Comments a copier adds.
const REMARKS: [&str; 5] = ["check this", "by me", "TODO faster", "找雷", "边界"];

/// `pieces` laid out in a random style, with random comments.
fn render(pieces: &[Piece], rng: &mut Rng) -> String {
    let style = Style {
        indent: ["  ", "   ", "    ", "\t"][rng.below(4)].to_string(),
        brace_on_own_line: rng.chance(0.5),
        spaces_around_operators: rng.unit(),
        comment_rate: 0.02 + 0.1 * rng.unit(),
    };
    let mut out = String::new();
    let (mut depth, mut parens) = (0usize, 0i32);
    let mut line_open = false;
    let newline = |out: &mut String, depth: usize, line_open: &mut bool| {
        out.push('\n');
        out.push_str(&style.indent.repeat(depth));
        *line_open = false;
    };
    for (i, piece) in pieces.iter().enumerate() {
        let previous = i.checked_sub(1).map(|j| &pieces[j]);
        if let Directive(text) = piece {
            if line_open {
                out.push('\n');
            }
            out.push_str(text);
            out.push('\n');
            line_open = false;
            continue;
        }
        if line_open && rng.chance(style.comment_rate) {
            if rng.chance(0.5) {
                out.push_str(&format!(" /* {} */ ", REMARKS[rng.below(REMARKS.len())]));
            } else {
                out.push_str(&format!(" // {}", REMARKS[rng.below(REMARKS.len())]));
                newline(&mut out, depth, &mut line_open);
            }
        }
        if *piece == Bracket('}') {
            depth = depth.saturating_sub(1);
            if line_open {
                newline(&mut out, depth, &mut line_open);
            } else {
                let kept = out.trim_end_matches([' ', '\t']).len();
                out.truncate(kept);
                out.push_str(&style.indent.repeat(depth));
            }
        } else if *piece == Bracket('{') && style.brace_on_own_line && line_open {
            newline(&mut out, depth, &mut line_open);
        } else if line_open {
            let needs_space = matches!(
                (previous, piece),
                (Some(Word(_) | Literal(_)), Word(_) | Literal(_))
                    | (Some(Operator(_)), Operator(_))
            );
            let optional = matches!(piece, Operator(_)) || matches!(previous, Some(Operator(_)));
            if needs_space
                || (optional && rng.chance(style.spaces_around_operators))
                || matches!(previous, Some(Bracket(',' | ';')))
                || rng.chance(0.03)
            {
                out.push(' ');
            }
            if rng.chance(0.02) {
                newline(&mut out, depth + 1, &mut line_open);
            }
        }
        if !line_open && out.ends_with('\n') {
            out.push_str(&style.indent.repeat(depth));
        }
        match piece {
            Word(text) | Operator(text) | Literal(text) => out.push_str(text),
            Bracket(c) => out.push(*c),
            Directive(_) => unreachable!(),
        }
        line_open = true;
        match piece {
            Bracket('(') => parens += 1,
            Bracket(')') => parens -= 1,
            Bracket('{') => {
                depth += 1;
                newline(&mut out, depth, &mut line_open);
            }
            Bracket('}') if pieces.get(i + 1) != Some(&Bracket(';')) => {
                newline(&mut out, depth, &mut line_open)
            }
            Bracket(';') if parens == 0 => newline(&mut out, depth, &mut line_open),
            _ => {}
        }
    }
    out.push('\n');
    out
}

/// What to do to a source.
#[derive(Clone, Copy, Debug, Default)]
pub struct Disguise {
    /// Padding statements inserted.
    pub statements: usize,
    /// Whether a dead function is added.
    pub dead_function: bool,
    /// Whether the top-level items are shuffled.
    pub reorder: bool,
}

/// A disguised copy of `source`: renamed, laid out anew, commented anew, and as `how` says.
pub fn disguise(source: &str, how: Disguise, rng: &mut Rng) -> String {
    let mut code = read(source);
    rename(&mut code, rng);
    if how.reorder {
        code = reorder(code, rng);
    }
    insert_statements(&mut code, how.statements, rng);
    if how.dead_function {
        add_dead_function(&mut code, rng);
    }
    render(&code, rng)
}

/// The top-level item of `source` that defines a function `name`, as written.
pub fn function(source: &str, name: &str) -> Option<String> {
    let start = source.find(&format!("{name}("))?;
    let start = source[..start].rfind('\n').map_or(0, |i| i + 1);
    let end = start + source[start..].find("\n}")? + 2;
    Some(source[start..end].to_string() + "\n")
}

/// The names of `source`'s author's own (not keywords, the library's or the course's), each
/// once, in order: what the copier renames.
pub fn names(source: &str) -> Vec<String> {
    let mut names: Vec<String> = Vec::new();
    for piece in read(source) {
        if let Word(word) = piece {
            let is_name = !word.starts_with(|c: char| c.is_ascii_digit());
            if is_name && !KEPT.contains(&word.as_str()) && !names.contains(&word) {
                names.push(word);
            }
        }
    }
    names
}
