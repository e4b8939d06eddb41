//! What a disguise changes and leaves the program as it was, undone on the tokens, so that a
//! copy and its original read alike:
//!
//! - every `for (init; test; step) body` becomes `{ init; while (test) body }`, and a `while`
//!   loop's step (its body's last statement, `i++;` or `i += 2;` of a variable of its test)
//!   goes, with the same step written before each `continue`: a loop rewritten by hand from
//!   one form into the other reads as it did (the step is dropped, not moved, as moved it
//!   would lengthen the idioms everyone writes: the cell found, then the `rand()` fallback
//!   after the loops);
//! - the braces of blocks and empty statements go, so that bracing habits and the block a
//!   loop rewritten by hand is wrapped in do not cut a copied stretch (a block's braces also
//!   lengthened the idioms everyone writes, by the loops closed after the cell found);
//! - `++i;`, `i += 1;` and `i = i + 1;` read as `i++;`;
//! - code that does nothing, which a copier pads with, goes: a variable declared and never
//!   named again, `x = x;`, a statement under `if (0)` or `while (false)`.
//!
//! A function nobody calls stays: a helper copied and left unused is evidence too.

pub use super::code::Token;

use super::code::{kept, keyword, operator, Code, Word, MAX_DEPTH};
use super::statements;
use crate::exec::source::lexer::Kind;
use std::collections::HashMap;

/// `tokens` (with `names[i]` the text of token `i`) in canonical form.
///
/// # Complexity
/// O(tokens × nesting depth, at most [`MAX_DEPTH`]).
pub fn canonical(tokens: &[Token], names: &[&[u8]]) -> Vec<Token> {
    let words: Vec<Word> = tokens
        .iter()
        .zip(names)
        .map(|(&token, &text)| Word { token, text })
        .collect();
    let words = statements::without_no_ops(&words);
    let words = without_dead_declarations(&words);
    let words = statements::increments_alike(&words);
    let words = loops_as_while(&words);
    let words = statements::without_steps(&words);
    let words = statements::without_empty_statements(&words);
    let words = statements::without_block_braces(&words);
    words.into_iter().map(|word| word.token).collect()
}

/// `words` with every `for (init; test; step) body` as `{ init; while (test) body }` (`1` for
/// an empty test); a `for` that is not a whole loop (a range `for`, one cut off) stays.
fn loops_as_while<'a>(words: &[Word<'a>]) -> Vec<Word<'a>> {
    let code = Code::new(words);
    let mut out = Vec::with_capacity(words.len() + words.len() / 8);
    Loops { code: &code }.emit(0..words.len(), 0, &mut out);
    out
}

struct Loops<'c, 'w, 'a> {
    code: &'c Code<'w, 'a>,
}

impl<'a> Loops<'_, '_, 'a> {
    /// The two top-level `;` of the `for` header whose `(` is at `open`, closed at `close`.
    fn header_semicolons(&self, open: usize, close: usize) -> Option<(usize, usize)> {
        let mut found = Vec::new();
        let mut at = open + 1;
        while at < close {
            if self.code.is(at, operator(";")) {
                found.push(at);
            }
            at = match self.code.brackets[at] {
                Some(end) => end + 1,
                None => at + 1,
            };
        }
        match found[..] {
            [first, second] => Some((first, second)),
            _ => None,
        }
    }

    /// The words of `range`, loops rewritten, onto `out`.
    fn emit(&self, range: std::ops::Range<usize>, depth: usize, out: &mut Vec<Word<'a>>) {
        let mut at = range.start;
        while at < range.end {
            match self.rewrite_for(at, range.end, depth, out) {
                Some(next) => at = next,
                None => {
                    out.push(self.code.words[at]);
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
        out: &mut Vec<Word<'a>>,
    ) -> Option<usize> {
        let code = self.code;
        if !code.is(at, keyword("for")) || depth >= MAX_DEPTH {
            return None;
        }
        let open = at + 1;
        let close = code.after_parenthesis(open)? - 1;
        let (first, second) = self.header_semicolons(open, close)?;
        let last = code.statement_end(close + 1, end, depth + 1)?;
        let line = code.words[open].token.line;
        out.push(Word::made(operator("{"), "{", line));
        self.emit(open + 1..first + 1, depth + 1, out);
        out.push(Word::made(keyword("while"), "while", line));
        out.push(code.words[open]);
        if first + 1 == second {
            out.push(Word::made(Kind::Number, "1", line));
        }
        self.emit(first + 1..second, depth + 1, out);
        out.push(code.words[close]);
        self.emit(close + 1..last + 1, depth + 1, out);
        out.push(Word::made(operator("}"), "}", code.words[last].token.line));
        Some(last + 1)
    }
}

/// `words` without the declarations of variables whose name is never written again in the
/// file (`int unused = 0;`): code that does nothing, which a copier adds to look different.
/// Only a declaration of one name with a plain initialiser (no call, no braces) goes.
fn without_dead_declarations<'a>(words: &[Word<'a>]) -> Vec<Word<'a>> {
    let mut uses: HashMap<&[u8], usize> = HashMap::new();
    for word in words {
        if word.token.kind == Kind::Identifier {
            *uses.entry(word.text).or_insert(0) += 1;
        }
    }
    let once = |index: usize| {
        words.get(index).is_some_and(|w| {
            w.token.kind == Kind::Identifier
                && uses.get(w.text) == Some(&1)
                && w.text != b"machine".as_slice()
        })
    };
    let types = [
        "int", "double", "float", "long", "char", "bool", "unsigned", "short",
    ]
    .map(keyword);
    let code = Code::new(words);
    let mut dropped = vec![false; words.len()];
    let mut at = 0;
    while at < words.len() {
        let starts = code.starts_statement(at) && types.contains(&words[at].token.kind);
        if let Some(next) = starts
            .then(|| once(at + 1).then(|| dead_declaration(words, at + 2)))
            .flatten()
            .flatten()
        {
            dropped[at..next].fill(true);
            at = next;
        } else {
            at += 1;
        }
    }
    kept(words, &dropped)
}

/// After `TYPE NAME` (NAME written nowhere else), the index after the dead declaration that
/// goes on at `at`, if it is one.
fn dead_declaration(words: &[Word], at: usize) -> Option<usize> {
    let kind = words.get(at)?.token.kind;
    if kind == operator(";") {
        return Some(at + 1);
    }
    if kind != operator("=") {
        return None;
    }
    let stops = [operator("("), operator("{"), operator("}"), operator(",")];
    let end = at
        + words[at..]
            .iter()
            .position(|w| stops.contains(&w.token.kind) || w.token.kind == operator(";"))?;
    (words[end].token.kind == operator(";")).then_some(end + 1)
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;
    use crate::exec::source::lexer::lex;

    /// The canonical form of `source`, kind by kind.
    pub fn kinds(source: &str) -> Vec<Kind> {
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

    /// `source`'s tokens as written.
    pub fn written(source: &str) -> Vec<Kind> {
        lex(source.as_bytes()).iter().map(|l| l.kind).collect()
    }

    #[test]
    fn a_for_loop_is_its_while_loop() {
        let for_loop = "int s = 0; for (int i = 0; i < n; i++) { s += i; } return s;";
        let while_loop = "int s = 0; int i = 0; while (i < n) { s += i; } return s;";
        assert_eq!(kinds(for_loop), kinds(while_loop));
        let unbraced = "for (int i = 0; i < n; i++) s += i;";
        assert_eq!(
            kinds(unbraced),
            kinds("int i = 0; while (i < n) { s += i; }")
        );
        assert_eq!(kinds(unbraced), kinds("int i = 0; while (i < n) s += i;"));
        let nested = "for (i = 0; i < n; i++) for (j = 0; j < m; j++) if (a) b = 1; else c = 2; \
                      d = 3;";
        let by_hand = "i = 0; while (i < n) { j = 0; while (j < m) { if (a) { b = 1; } else \
                       { c = 2; } } } d = 3;";
        assert_eq!(kinds(nested), kinds(by_hand));
        assert_eq!(kinds("for (;;) f();"), kinds("while (1) { f(); }"));
    }

    #[test]
    fn what_is_not_a_whole_for_loop_stays_as_written() {
        for source in [
            "for (auto c : s) f(c);",
            "for (i = 0; i < n; i++",
            "for (;;) }",
            "for",
        ] {
            assert_eq!(kinds(source), written(source), "{source}");
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
            assert_eq!(kinds(kept), written(kept), "{kept}");
        }
    }

    #[test]
    fn deep_nesting_is_bounded() {
        let deep = "for (;;) ".repeat(10_000) + "f();";
        let out = kinds(&deep);
        assert!(out.len() >= deep.matches("for").count());
    }
}
