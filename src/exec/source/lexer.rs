//! C and C++ source as a sequence of lexemes, read as a compiler's preprocessor would, without
//! one: each lexeme's kind, where it is and its line.
//!
//! The rules:
//! - whitespace, comments (`//`, `/* */`) and line splices (`\` at a line's end) are dropped;
//! - a preprocessor line (`#` or `%:` first on a line, with its `\` continuations) is one
//!   [`Kind::Directive`];
//! - the digraphs `<%`, `%>`, `<:` and `:>` are the operators they spell (`<::` is `<` then
//!   `::` as C++11 reads it), and `%:` elsewhere is `#`;
//! - every identifier is [`Kind::Identifier`]; each keyword is a kind of its own, and C++'s
//!   alternative spellings (`and`, `not_eq`, ...) are the operators they spell;
//! - a literal is one lexeme of its kind: number, string or character (prefixes such as `L`
//!   and `u8`, and raw strings, included);
//! - operators by longest match, except that `>>` is two `>`, so that `vector<vector<int>>`
//!   and `vector<vector<int> >` are the same;
//! - any other byte is a lexeme of its own.
//!
//! Input is bytes, not text: bytes from 0x80 up are letters, so names in UTF-8 or GBK are
//! identifiers and comments in either are dropped. Lines end at `\n` (so CRLF counts once).

use std::ops::Range;

/// One lexeme of source: what it is, its bytes and the line it starts on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Lexeme {
    /// What it is.
    pub kind: Kind,
    /// Its bytes in the source.
    pub span: Range<usize>,
    /// Its first byte's line, from 1.
    pub line: usize,
}

/// What a lexeme is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    /// Any name that is not a keyword.
    Identifier,
    /// A number literal.
    Number,
    /// A string literal.
    String,
    /// A character literal.
    Char,
    /// A keyword: its index in [`KEYWORDS`].
    Keyword(u8),
    /// An operator or punctuator: its index in [`OPERATORS`] (`>` after them).
    Operator(u8),
    /// A preprocessor line.
    Directive,
    /// Any other byte.
    Other(u8),
}

impl Kind {
    /// A number that tells kinds apart, for hashing: below 0x400.
    pub fn code(self) -> u64 {
        match self {
            Kind::Identifier => 1,
            Kind::Number => 2,
            Kind::String => 3,
            Kind::Char => 4,
            Kind::Directive => 5,
            Kind::Keyword(index) => 0x100 + index as u64,
            Kind::Operator(index) => 0x200 + index as u64,
            Kind::Other(byte) => 0x300 + byte as u64,
        }
    }

    /// The operator's text, for [`Kind::Operator`] (a spelling such as `and` is `&&`).
    pub fn operator(self) -> Option<&'static str> {
        match self {
            Kind::Operator(index) => {
                Some(OPERATORS.get(index as usize).copied().unwrap_or(GREATER))
            }
            _ => None,
        }
    }
}

/// The keywords of C and C++, sorted (for a binary search); not the alternative spellings of
/// operators, which are [`ALTERNATIVES`].
pub const KEYWORDS: [&str; 92] = [
    "_Alignas",
    "_Alignof",
    "_Atomic",
    "_Bool",
    "_Complex",
    "_Generic",
    "_Imaginary",
    "_Noreturn",
    "_Static_assert",
    "_Thread_local",
    "alignas",
    "alignof",
    "asm",
    "auto",
    "bool",
    "break",
    "case",
    "catch",
    "char",
    "char16_t",
    "char32_t",
    "char8_t",
    "class",
    "co_await",
    "co_return",
    "co_yield",
    "concept",
    "const",
    "const_cast",
    "consteval",
    "constexpr",
    "constinit",
    "continue",
    "decltype",
    "default",
    "delete",
    "do",
    "double",
    "dynamic_cast",
    "else",
    "enum",
    "explicit",
    "export",
    "extern",
    "false",
    "float",
    "for",
    "friend",
    "goto",
    "if",
    "inline",
    "int",
    "long",
    "mutable",
    "namespace",
    "new",
    "noexcept",
    "nullptr",
    "operator",
    "private",
    "protected",
    "public",
    "register",
    "reinterpret_cast",
    "requires",
    "restrict",
    "return",
    "short",
    "signed",
    "sizeof",
    "static",
    "static_assert",
    "static_cast",
    "struct",
    "switch",
    "template",
    "this",
    "thread_local",
    "throw",
    "true",
    "try",
    "typedef",
    "typeid",
    "typename",
    "union",
    "unsigned",
    "using",
    "virtual",
    "void",
    "volatile",
    "wchar_t",
    "while",
];

/// The operators and punctuators, longest first, so that the first that matches is the longest
/// match. `>>` is missing on purpose: it is two `>`.
pub const OPERATORS: [&str; 48] = [
    "<<=", ">>=", "->*", "...", "<=>", "::", "->", "++", "--", "<<", "<=", ">=", "==", "!=", "&&",
    "||", "+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=", ".*", "{", "}", "[", "]", "(", ")", ";",
    ":", ",", ".", "?", "~", "!", "+", "-", "*", "/", "%", "^", "&", "|", "=", "<",
];

/// `>`: the one operator after [`OPERATORS`]' other one-byte ones; it is also half of `>>`.
const GREATER: &str = ">";

/// C++'s alternative spellings of operators, and the operators they are.
pub const ALTERNATIVES: [(&str, &str); 11] = [
    ("and", "&&"),
    ("and_eq", "&="),
    ("bitand", "&"),
    ("bitor", "|"),
    ("compl", "~"),
    ("not", "!"),
    ("not_eq", "!="),
    ("or", "||"),
    ("or_eq", "|="),
    ("xor", "^"),
    ("xor_eq", "^="),
];

/// The lexemes of `source`, in order.
///
/// # Complexity
/// O(bytes): each byte is read a bounded number of times (an operator is tried against
/// [`OPERATORS`], a fixed list).
///
/// # Examples
///
/// ```
/// use minejudge::exec::source::lexer::{lex, Kind};
///
/// let source = b"int  total=0; // sum\n#include <x>\nfor(;;)total++;";
/// let lexemes = lex(source);
/// assert_eq!(lexemes[1].kind, Kind::Identifier);
/// assert_eq!(&source[lexemes[1].span.clone()], b"total");
/// assert_eq!(lexemes[5].kind, Kind::Directive);
/// assert_eq!(lexemes[5].line, 2);
/// assert_eq!(lexemes.last().unwrap().line, 3);
/// ```
pub fn lex(source: &[u8]) -> Vec<Lexeme> {
    let mut lexemes = Vec::new();
    let mut lines = LineCounter::default();
    // Only whitespace and comments since the last newline: a `#` here starts a directive.
    let mut at_line_start = true;
    let mut i = 0;
    while i < source.len() {
        let byte = source[i];
        let next = source.get(i + 1).copied();
        let start = i;
        let kind = match byte {
            b'\n' => {
                at_line_start = true;
                i += 1;
                continue;
            }
            b' ' | b'\t' | b'\r' | 0x0b | 0x0c => {
                i += 1;
                continue;
            }
            b'\\' if next == Some(b'\n') || (next == Some(b'\r') && at(source, i + 2) == b'\n') => {
                i += 1;
                continue;
            }
            b'/' if next == Some(b'/') => {
                i = line_end(source, i);
                continue;
            }
            b'/' if next == Some(b'*') => {
                i = block_comment_end(source, i);
                continue;
            }
            b'#' if at_line_start => {
                i = directive_end(source, i);
                Kind::Directive
            }
            b'%' if at_line_start && next == Some(b':') => {
                i = directive_end(source, i);
                Kind::Directive
            }
            b'"' => {
                i = quoted_end(source, i);
                Kind::String
            }
            b'\'' => {
                i = quoted_end(source, i);
                Kind::Char
            }
            b'0'..=b'9' => {
                i = number_end(source, i);
                Kind::Number
            }
            b'.' if next.is_some_and(|b| b.is_ascii_digit()) => {
                i = number_end(source, i);
                Kind::Number
            }
            _ if is_letter(byte) => {
                let (kind, end) = word(source, i);
                i = end;
                kind
            }
            b'%' if next == Some(b':') => {
                i += 2;
                Kind::Other(b'#')
            }
            _ => match operator_at(source, i) {
                Some((index, len)) => {
                    i += len;
                    Kind::Operator(index)
                }
                None => {
                    i += 1;
                    Kind::Other(byte)
                }
            },
        };
        at_line_start = false;
        lexemes.push(Lexeme {
            kind,
            span: start..i,
            line: lines.line_at(source, start),
        });
    }
    lexemes
}

/// Counts lines as the lexer moves forward, so that finding every token's line costs O(bytes).
#[derive(Default)]
struct LineCounter {
    /// Bytes counted so far.
    counted: usize,
    /// `\n` among them.
    newlines: usize,
}

impl LineCounter {
    /// The line of the byte at `position` (not before the last one asked for).
    fn line_at(&mut self, source: &[u8], position: usize) -> usize {
        let newly = &source[self.counted..position];
        self.newlines += newly.iter().filter(|&&b| b == b'\n').count();
        self.counted = position;
        self.newlines + 1
    }
}

/// The byte at `i`, or 0 past the end.
fn at(source: &[u8], i: usize) -> u8 {
    source.get(i).copied().unwrap_or(0)
}

/// A byte that may start a name (`$` as GCC allows, and every byte from 0x80).
fn is_letter(byte: u8) -> bool {
    byte.is_ascii_alphabetic() || byte == b'_' || byte == b'$' || byte >= 0x80
}

/// Whether the `\n` at `i` is spliced away by a `\` before it (`\` then CRLF too).
fn is_spliced(source: &[u8], i: usize) -> bool {
    match i.checked_sub(1).map(|j| source[j]) {
        Some(b'\\') => true,
        Some(b'\r') => i >= 2 && source[i - 2] == b'\\',
        _ => false,
    }
}

/// Where the logical line holding `i` ends: at its `\n` (not spliced), or the end.
fn line_end(source: &[u8], mut i: usize) -> usize {
    while i < source.len() && (source[i] != b'\n' || is_spliced(source, i)) {
        i += 1;
    }
    i
}

/// Just past the `*/` that closes the comment opened at `i`, or the end.
fn block_comment_end(source: &[u8], i: usize) -> usize {
    let body = i + 2;
    source[body.min(source.len())..]
        .windows(2)
        .position(|pair| pair == b"*/")
        .map_or(source.len(), |at| body + at + 2)
}

/// Where the directive starting at `i` ends: its line's `\n` (comments in it skipped, so that
/// a `/* */` that runs on past the line does not leak into code), or the end.
fn directive_end(source: &[u8], mut i: usize) -> usize {
    while i < source.len() {
        match (source[i], at(source, i + 1)) {
            (b'/', b'*') => i = block_comment_end(source, i),
            (b'/', b'/') => return line_end(source, i),
            (b'\n', _) if !is_spliced(source, i) => return i,
            _ => i += 1,
        }
    }
    i
}

/// Just past the literal whose opening quote is at `i`: at its closing quote, or at the end of
/// its line if it has none (the compiler rejects that; the check goes on).
fn quoted_end(source: &[u8], i: usize) -> usize {
    let quote = source[i];
    let mut j = i + 1;
    while j < source.len() {
        match source[j] {
            b'\\' => j += 2,
            b'\n' => return j,
            byte if byte == quote => return j + 1,
            _ => j += 1,
        }
    }
    source.len()
}

/// Just past the raw string `R"delimiter( ... )delimiter"` whose `"` is at `i`, if a valid
/// delimiter follows it.
pub(super) fn raw_string_end(source: &[u8], i: usize) -> Option<usize> {
    let rest = &source[i + 1..];
    let open = rest.iter().take(17).position(|&b| b == b'(')?;
    let delimiter = &rest[..open];
    if delimiter
        .iter()
        .any(|&b| matches!(b, b' ' | b')' | b'\\' | b'\t' | b'\n' | b'\r' | 0x0b | 0x0c))
    {
        return None;
    }
    let body = i + 1 + open + 1;
    let mut close = Vec::with_capacity(delimiter.len() + 2);
    close.push(b')');
    close.extend_from_slice(delimiter);
    close.push(b'"');
    Some(
        source[body..]
            .windows(close.len())
            .position(|window| window == close.as_slice())
            .map_or(source.len(), |at| body + at + close.len()),
    )
}

/// Just past the number starting at `i` (a preprocessing number: digits, letters, `_`, `.`,
/// a sign after an exponent's `e`/`p`, and C++14's `'` between digits).
fn number_end(source: &[u8], mut i: usize) -> usize {
    i += 1;
    while i < source.len() {
        let byte = source[i];
        let previous = source[i - 1];
        let continues = byte.is_ascii_alphanumeric()
            || byte == b'_'
            || byte == b'.'
            || (matches!(byte, b'+' | b'-') && matches!(previous, b'e' | b'E' | b'p' | b'P'))
            || (byte == b'\'' && at(source, i + 1).is_ascii_alphanumeric());
        if !continues {
            break;
        }
        i += 1;
    }
    i
}

/// The token of the name starting at `i`, and where it ends: a keyword, an operator's
/// alternative spelling, an identifier, or a literal that the name prefixes (`L"..."`,
/// `u8'x'`, `R"(...)"`).
fn word(source: &[u8], i: usize) -> (Kind, usize) {
    let mut end = i + 1;
    while end < source.len() && (is_letter(source[end]) || source[end].is_ascii_digit()) {
        end += 1;
    }
    let name = &source[i..end];
    match at(source, end) {
        b'"' if matches!(name, b"R" | b"LR" | b"uR" | b"UR" | b"u8R") => {
            let close = raw_string_end(source, end).unwrap_or_else(|| quoted_end(source, end));
            return (Kind::String, close);
        }
        b'"' if matches!(name, b"L" | b"u" | b"U" | b"u8") => {
            return (Kind::String, quoted_end(source, end))
        }
        b'\'' if matches!(name, b"L" | b"u" | b"U" | b"u8") => {
            return (Kind::Char, quoted_end(source, end))
        }
        _ => {}
    }
    if let Some(&(_, operator)) = ALTERNATIVES.iter().find(|(n, _)| n.as_bytes() == name) {
        return (Kind::Operator(operator_index(operator)), end);
    }
    let keyword = KEYWORDS.binary_search_by(|keyword| keyword.as_bytes().cmp(name));
    match keyword {
        Ok(index) => (Kind::Keyword(index as u8), end),
        Err(_) => (Kind::Identifier, end),
    }
}

/// The index of `operator` among [`OPERATORS`] and `>` (which comes last).
fn operator_index(operator: &str) -> u8 {
    if operator == GREATER {
        return OPERATORS.len() as u8;
    }
    OPERATORS
        .iter()
        .position(|&o| o == operator)
        .expect("an operator of the list") as u8
}

/// The digraphs and the operators they spell (`%:`, `#`, is not an operator: see
/// [`lex`]).
const DIGRAPHS: [(&[u8], &str); 4] = [(b"<%", "{"), (b"%>", "}"), (b"<:", "["), (b":>", "]")];

/// The longest operator at `i`: its index ([`operator_index`]) and length.
fn operator_at(source: &[u8], i: usize) -> Option<(u8, usize)> {
    let rest = &source[i..];
    // `<::` is `<` then `::` unless a `:` or `>` follows, as C++11 reads it.
    let template_scope = rest.starts_with(b"<::") && !matches!(at(source, i + 3), b':' | b'>');
    if let Some((digraph, operator)) = DIGRAPHS.iter().find(|(d, _)| rest.starts_with(d)) {
        if !template_scope {
            return Some((operator_index(operator), digraph.len()));
        }
    }
    let matches = |o: &&str| o.as_bytes()[0] == rest[0] && rest.starts_with(o.as_bytes());
    if let Some(index) = OPERATORS.iter().position(matches) {
        return Some((index as u8, OPERATORS[index].len()));
    }
    (rest[0] == b'>').then_some((OPERATORS.len() as u8, 1))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The kinds of `source`'s lexemes but its directives.
    fn kinds(source: &str) -> Vec<Kind> {
        lex(source.as_bytes())
            .iter()
            .map(|l| l.kind)
            .filter(|&kind| kind != Kind::Directive)
            .collect()
    }

    fn op(operator: &str) -> Kind {
        Kind::Operator(operator_index(operator))
    }

    fn keyword(name: &str) -> Kind {
        Kind::Keyword(KEYWORDS.iter().position(|&k| k == name).unwrap() as u8)
    }

    #[test]
    fn the_lists_are_as_their_lookups_need() {
        assert!(KEYWORDS.windows(2).all(|pair| pair[0] < pair[1]), "sorted");
        for (i, a) in OPERATORS.iter().enumerate() {
            for b in &OPERATORS[i + 1..] {
                assert!(!b.starts_with(a), "{b} after its prefix {a}");
            }
        }
        for (name, operator) in ALTERNATIVES {
            assert!(!KEYWORDS.contains(&name));
            operator_index(operator);
        }
    }

    #[test]
    fn names_are_one_token_keywords_their_own() {
        use Kind::*;
        assert_eq!(
            kinds("int total = count + x1_$;"),
            [
                keyword("int"),
                Identifier,
                op("="),
                Identifier,
                op("+"),
                Identifier,
                op(";")
            ]
        );
        assert_eq!(kinds("whilex while"), [Identifier, keyword("while")]);
        assert_eq!(kinds("a and not b"), kinds("a && ! b"));
        assert_eq!(kinds("名字 = 1;"), [Identifier, op("="), Number, op(";")]);
    }

    #[test]
    fn literals_are_one_token_per_kind() {
        use Kind::*;
        assert_eq!(
            kinds(r#"1 0x1F 1.5e+3 .5f 1'000'000 "a\"b" 'x' '\'' L"w" u8'c' R"d(a)" b)d""#),
            [Number, Number, Number, Number, Number, String, Char, Char, String, Char, String]
        );
        assert_eq!(kinds("1e-3-x"), [Number, op("-"), Identifier]);
        assert_eq!(
            kinds("\"open\nx"),
            [String, Identifier],
            "an open string ends with its line"
        );
        assert_eq!(kinds("R\"(a\nb)\" x"), [String, Identifier]);
        assert_eq!(kinds("R\"bad delimiter(\" x"), [String, Identifier]);
    }

    #[test]
    fn comments_directives_and_layout_are_dropped() {
        let plain = kinds("int a = b;\nreturn a;");
        for noisy in [
            "int a=b;return a;",
            "int a = b; // note \\\n still note\nreturn a;",
            "int /* one */ a\n=\n\tb; /* two\nlines */ return a ;",
            "#include <stdio.h>\nint a = b;\n  # define X \\\n  1\nreturn a;\n#pragma x /* a\ncomment */",
            "int a = b;\r\nreturn \\\na;\r\n",
        ] {
            assert_eq!(kinds(noisy), plain, "{noisy:?}");
        }
        assert_eq!(
            kinds("a # b"),
            [Kind::Identifier, Kind::Other(b'#'), Kind::Identifier]
        );
        assert_eq!(kinds("/* never closed\nint a;"), []);
    }

    #[test]
    fn shifts_are_two_greater_than_signs() {
        assert_eq!(kinds("vector<vector<int>>"), kinds("vector<vector<int> >"));
        assert_eq!(
            kinds("a >>= 1"),
            [Kind::Identifier, op(">>="), Kind::Number]
        );
        assert_eq!(kinds("a<<=b->*c...d<=>e::f"), {
            use Kind::Identifier as I;
            vec![
                I,
                op("<<="),
                I,
                op("->*"),
                I,
                op("..."),
                I,
                op("<=>"),
                I,
                op("::"),
                I,
            ]
        });
    }

    #[test]
    fn digraphs_are_the_tokens_they_spell() {
        assert_eq!(kinds("a<:1:> = <%2%>;"), kinds("a[1] = {2};"));
        assert_eq!(kinds("x<::y> z"), kinds("x< ::y> z"), "<:: before a name");
        assert_eq!(kinds("a<::>"), kinds("a[]"));
        let source = b"  %:include <x>\nint a %: b;";
        let lexemes = lex(source);
        assert_eq!(lexemes[0].kind, Kind::Directive);
        assert_eq!(&source[lexemes[0].span.clone()], b"%:include <x>");
        assert_eq!(lexemes[3].kind, Kind::Other(b'#'));
    }

    #[test]
    fn other_bytes_are_tokens_of_their_own() {
        assert_eq!(
            kinds("@ ` \0"),
            [Kind::Other(b'@'), Kind::Other(b'`'), Kind::Other(0)]
        );
        assert_eq!(kinds("\\ x"), [Kind::Other(b'\\'), Kind::Identifier]);
    }

    #[test]
    fn lines_count_newlines_before_the_token() {
        let lexemes = lex(b"a\r\n/* x\n y */ b \"s\\\n t\" c\n\n#x\nd");
        let lines: Vec<usize> = lexemes.iter().map(|l| l.line).collect();
        assert_eq!(lines, [1, 3, 3, 4, 6, 7]);
    }

    #[test]
    fn a_directive_is_one_lexeme_to_its_logical_lines_end() {
        let source = b"x\n  #include <a> /* b\n c */ // d\n# define Y \\\n 1\nint";
        let lexemes = lex(source);
        let texts: Vec<&[u8]> = lexemes.iter().map(|l| &source[l.span.clone()]).collect();
        assert_eq!(
            texts,
            [
                &b"x"[..],
                b"#include <a> /* b\n c */ // d",
                b"# define Y \\\n 1",
                b"int"
            ]
        );
        assert_eq!(lexemes[2].kind, Kind::Directive);
        assert_eq!(lexemes[2].line, 4);
        assert_eq!(Kind::Operator(operator_index("&&")).operator(), Some("&&"));
        assert_eq!(lex(b"a > b")[1].kind.operator(), Some(">"));
    }

    #[test]
    fn no_bytes_make_it_panic_and_lines_only_grow() {
        let mut rng = crate::rng::Rng::new(0x7041_3e45);
        println!("lexer fuzz seed 0x70413e45");
        let alphabet = b"/*\\\n\r\"'#R(u8L)> =.0e+_a\xff";
        for round in 0..20_000 {
            let len = rng.below(40);
            let bytes: Vec<u8> = (0..len)
                .map(|_| match round % 2 {
                    0 => rng.below(256) as u8,
                    _ => alphabet[rng.below(alphabet.len())],
                })
                .collect();
            let lexemes = lex(&bytes);
            let newlines = bytes.iter().filter(|&&b| b == b'\n').count();
            assert!(lexemes.len() <= bytes.len());
            assert!(lexemes.windows(2).all(|pair| pair[0].line <= pair[1].line));
            assert!(lexemes
                .windows(2)
                .all(|pair| pair[0].span.end <= pair[1].span.start));
            assert!(lexemes.iter().all(|l| l.line <= newlines + 1), "{bytes:?}");
            assert!(
                lexemes.iter().all(|l| l.span.start < l.span.end),
                "{bytes:?}"
            );
            assert!(
                lexemes.iter().all(|l| l.span.end <= bytes.len()),
                "{bytes:?}"
            );
        }
    }
}
