//! What a disguise changes and leaves the program as it was, undone on the tokens: every
//! `for (init; test; step) body` becomes `init; while (test) body`, so that a loop rewritten
//! into a `while` differs from it only by its step, a statement of a few tokens at the end of
//! the body, which the check steps over as it does an inserted statement (the step is dropped,
//! not moved, as moved it would lengthen the idioms everyone writes: the cell found, then the
//! `rand()` fallback after the loops); and a variable a copier pads with, declared and never
//! named again, is dropped.

use crate::exec::source::lexer::{Kind, KEYWORDS, OPERATORS};
use std::collections::HashMap;

/// One token of source and the line it starts on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Token {
    /// What it is, normalised.
    pub kind: Kind,
    /// Its first byte's line, from 1.
    pub line: usize,
}

/// Loops nested deeper than this are left as written: the rewriting recurses once a level.
const MAX_DEPTH: usize = 48;

/// `tokens` (with `names[i]` the text of token `i` if it is an identifier) in canonical form:
/// dead declarations out, `for` loops as `while` loops.
///
/// # Complexity
/// O(tokens × nesting depth, at most [`MAX_DEPTH`]).
pub fn canonical(tokens: &[Token], names: &[&[u8]]) -> Vec<Token> {
    let live = without_dead_code(tokens, names);
    let brackets = matching_brackets(&live);
    let mut out = Vec::with_capacity(live.len() + live.len() / 8);
    Loops {
        tokens: &live,
        brackets: &brackets,
    }
    .emit(0..live.len(), 0, &mut out);
    out
}

fn keyword(word: &str) -> Kind {
    let index = KEYWORDS.iter().position(|k| *k == word).expect("a keyword");
    Kind::Keyword(index as u8)
}

fn operator(text: &str) -> Kind {
    let index = OPERATORS
        .iter()
        .position(|o| *o == text)
        .expect("an operator");
    Kind::Operator(index as u8)
}

/// For each opening bracket (`(`, `[`, `{`) the index of the one closing it, if any.
fn matching_brackets(tokens: &[Token]) -> Vec<Option<usize>> {
    let opening = [operator("("), operator("["), operator("{")];
    let closing = [operator(")"), operator("]"), operator("}")];
    let mut matching = vec![None; tokens.len()];
    let mut open: Vec<(usize, usize)> = Vec::new();
    for (index, token) in tokens.iter().enumerate() {
        if let Some(kind) = opening.iter().position(|&k| k == token.kind) {
            open.push((index, kind));
        } else if let Some(kind) = closing.iter().position(|&k| k == token.kind) {
            // A stray closing bracket closes nothing; one of another kind ends what it closes.
            if let Some(at) = open.iter().rposition(|&(_, k)| k == kind) {
                matching[open[at].0] = Some(index);
                open.truncate(at);
            }
        }
    }
    matching
}

struct Loops<'a> {
    tokens: &'a [Token],
    brackets: &'a [Option<usize>],
}

impl Loops<'_> {
    fn is(&self, index: usize, kind: Kind) -> bool {
        self.tokens.get(index).is_some_and(|t| t.kind == kind)
    }

    /// Where the statement starting at `start` ends (its last token), within `end`.
    fn statement_end(&self, start: usize, end: usize, depth: usize) -> Option<usize> {
        if start >= end || depth > MAX_DEPTH {
            return None;
        }
        let kind = self.tokens[start].kind;
        let after_header = |at: usize| -> Option<usize> {
            self.is(at, operator("("))
                .then(|| self.brackets[at])
                .flatten()
                .map(|close| close + 1)
        };
        if kind == operator("{") {
            return self.brackets[start].filter(|&close| close < end);
        }
        if kind == keyword("for") || kind == keyword("while") || kind == keyword("switch") {
            return self.statement_end(after_header(start + 1)?, end, depth + 1);
        }
        if kind == keyword("if") {
            let then = self.statement_end(after_header(start + 1)?, end, depth + 1)?;
            return match self.is(then + 1, keyword("else")) {
                true => self.statement_end(then + 2, end, depth + 1),
                false => Some(then),
            };
        }
        if kind == keyword("do") {
            let body = self.statement_end(start + 1, end, depth + 1)?;
            let close = after_header(body + 2).filter(|_| self.is(body + 1, keyword("while")))?;
            return self.is(close, operator(";")).then_some(close);
        }
        let mut at = start;
        while at < end {
            let kind = self.tokens[at].kind;
            if kind == operator(";") {
                return Some(at);
            }
            if kind == operator("}") || kind == operator(")") || kind == operator("]") {
                return None;
            }
            at = match self.brackets[at] {
                Some(close) if kind == operator("(") || kind == operator("[") => close + 1,
                _ => at + 1,
            };
        }
        None
    }

    /// The two top-level `;` of the `for` header whose `(` is at `open`, closed at `close`.
    fn header_semicolons(&self, open: usize, close: usize) -> Option<(usize, usize)> {
        let mut found = Vec::new();
        let mut at = open + 1;
        while at < close {
            if self.is(at, operator(";")) {
                found.push(at);
            }
            at = match self.brackets[at] {
                Some(end) => end + 1,
                None => at + 1,
            };
        }
        match found[..] {
            [first, second] => Some((first, second)),
            _ => None,
        }
    }

    /// The tokens of `range`, loops rewritten, onto `out`.
    fn emit(&self, range: std::ops::Range<usize>, depth: usize, out: &mut Vec<Token>) {
        let mut at = range.start;
        while at < range.end {
            match self.rewrite_for(at, range.end, depth, out) {
                Some(next) => at = next,
                None => {
                    out.push(self.tokens[at]);
                    at += 1;
                }
            }
        }
    }

    /// If a `for` loop starts at `at` and ends within `end`, its `while` form onto `out`, and
    /// the index after it.
    fn rewrite_for(
        &self,
        at: usize,
        end: usize,
        depth: usize,
        out: &mut Vec<Token>,
    ) -> Option<usize> {
        if !self.is(at, keyword("for")) || depth >= MAX_DEPTH {
            return None;
        }
        let open = at + 1;
        let close = self
            .is(open, operator("("))
            .then(|| self.brackets[open])
            .flatten()?;
        let (first, second) = self.header_semicolons(open, close)?;
        let last = self.statement_end(close + 1, end, depth + 1)?;
        let made = |kind: Kind| Token {
            kind,
            line: self.tokens[open].line,
        };
        self.emit(open + 1..first + 1, depth + 1, out);
        out.push(made(keyword("while")));
        out.push(self.tokens[open]);
        if first + 1 == second {
            out.push(made(Kind::Number));
        }
        self.emit(first + 1..second, depth + 1, out);
        out.push(self.tokens[close]);
        self.emit(close + 1..last + 1, depth + 1, out);
        Some(last + 1)
    }
}

/// `tokens` without the declarations of variables whose name is never written again in the
/// file (`int unused = 0;`): code that does nothing, which a copier adds to look different.
/// Only a declaration of one name with a plain initialiser (no call, no braces) goes. (A
/// function nobody calls stays: a helper copied and left unused is evidence too.)
fn without_dead_code(tokens: &[Token], names: &[&[u8]]) -> Vec<Token> {
    let mut uses: HashMap<&[u8], usize> = HashMap::new();
    for (token, name) in tokens.iter().zip(names) {
        if token.kind == Kind::Identifier {
            *uses.entry(*name).or_insert(0) += 1;
        }
    }
    let once = |index: usize| {
        tokens
            .get(index)
            .is_some_and(|t| t.kind == Kind::Identifier)
            && uses.get(names[index]) == Some(&1)
            && names[index] != b"machine".as_slice()
    };
    let types = [
        "int", "double", "float", "long", "char", "bool", "unsigned", "short",
    ]
    .map(keyword);
    let mut kept = Vec::with_capacity(tokens.len());
    let mut at = 0;
    while at < tokens.len() {
        let kind = tokens[at].kind;
        let starts_statement =
            at == 0 || [operator(";"), operator("{"), operator("}")].contains(&tokens[at - 1].kind);
        if starts_statement && types.contains(&kind) && once(at + 1) {
            if let Some(skip) = dead_declaration(tokens, at + 2) {
                at = skip;
                continue;
            }
        }
        kept.push(tokens[at]);
        at += 1;
    }
    kept
}

/// After `TYPE NAME` (NAME written nowhere else), the index after the dead declaration that
/// goes on at `at`, if it is one.
fn dead_declaration(tokens: &[Token], at: usize) -> Option<usize> {
    let kind = tokens.get(at)?.kind;
    if kind == operator(";") {
        return Some(at + 1);
    }
    if kind != operator("=") {
        return None;
    }
    let stops = [operator("("), operator("{"), operator("}"), operator(",")];
    let plain = |t: &Token| !stops.contains(&t.kind);
    let end = at
        + tokens[at..]
            .iter()
            .position(|t| !plain(t) || t.kind == operator(";"))?;
    (tokens[end].kind == operator(";")).then_some(end + 1)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::exec::source::lexer::lex;

    fn kinds(source: &str) -> Vec<Kind> {
        let lexemes = lex(source.as_bytes());
        let tokens: Vec<Token> = lexemes
            .iter()
            .map(|l| Token {
                kind: l.kind,
                line: l.line,
            })
            .collect();
        let names: Vec<&[u8]> = lexemes
            .iter()
            .map(|l| &source.as_bytes()[l.span.clone()])
            .collect();
        canonical(&tokens, &names).iter().map(|t| t.kind).collect()
    }

    #[test]
    fn a_for_loop_is_its_while_loop() {
        let for_loop = "int s = 0; for (int i = 0; i < n; i++) { s += i; } return s;";
        let while_loop = "int s = 0; int i = 0; while (i < n) { s += i; } return s;";
        assert_eq!(kinds(for_loop), kinds(while_loop));
        let unbraced = "for (int i = 0; i < n; i++) s += i;";
        assert_eq!(kinds(unbraced), kinds("int i = 0; while (i < n) s += i;"));
        let nested = "for (i = 0; i < n; i++) for (j = 0; j < m; j++) if (a) b = 1; else c = 2; \
                      d = 3;";
        let by_hand = "i = 0; while (i < n) j = 0; while (j < m) if (a) b = 1; else c = 2; d = 3;";
        assert_eq!(kinds(nested), kinds(by_hand));
        assert_eq!(kinds("for (;;) { f(); }"), kinds("; while (1) { f(); }"));
    }

    #[test]
    fn what_is_not_a_whole_for_loop_stays_as_written() {
        for source in [
            "for (auto c : s) f(c);",
            "for (i = 0; i < n; i++",
            "for (;;) }",
            "for",
        ] {
            let lexemes = lex(source.as_bytes());
            let written: Vec<Kind> = lexemes.iter().map(|l| l.kind).collect();
            assert_eq!(kinds(source), written, "{source}");
        }
    }

    #[test]
    fn names_written_once_are_dead_code() {
        let padded = "void f(int n) { int spare = 0; double r = 0.5 * n; g(n); }";
        assert_eq!(kinds(padded), kinds("void f(int n) { g(n); }"));
        // Used again, called, or initialised by a call: kept.
        for kept in [
            "int k = 1; g(k);",
            "int k = h(); g(1);",
            "int a = 1, b = 2;",
        ] {
            let lexemes = lex(kept.as_bytes());
            let written: Vec<Kind> = lexemes.iter().map(|l| l.kind).collect();
            assert_eq!(kinds(kept), written, "{kept}");
        }
    }

    #[test]
    fn deep_nesting_is_bounded() {
        let deep = "for (;;) ".repeat(10_000) + "f();";
        let out = kinds(&deep);
        assert!(out.len() >= deep.matches("for").count());
    }
}
