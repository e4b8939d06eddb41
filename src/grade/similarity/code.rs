//! Tokens with their text, read as statements: which brackets match, where a statement ends,
//! which braces make blocks; what the steps of the [canonical](super::canonical) form work on.

use crate::exec::source::lexer::{Kind, KEYWORDS, OPERATORS};

/// One token of source and the line it starts on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Token {
    /// What it is, normalised.
    pub kind: Kind,
    /// Its first byte's line, from 1.
    pub line: usize,
}

/// A token and how it is written: a name must be told from another to see that a variable is
/// never used, or which one a loop steps.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Word<'a> {
    pub token: Token,
    pub text: &'a [u8],
}

impl<'a> Word<'a> {
    /// A token the canonical form adds, on `line`.
    pub fn made(kind: Kind, text: &'static str, line: usize) -> Word<'a> {
        Word {
            token: Token { kind, line },
            text: text.as_bytes(),
        }
    }
}

/// Statements nested deeper than this are left as written: reading them recurses once a level.
pub(super) const MAX_DEPTH: usize = 48;

pub(super) fn keyword(word: &str) -> Kind {
    let index = KEYWORDS.iter().position(|k| *k == word).expect("a keyword");
    Kind::Keyword(index as u8)
}

pub(super) fn operator(text: &str) -> Kind {
    let index = OPERATORS
        .iter()
        .position(|o| *o == text)
        .expect("an operator");
    Kind::Operator(index as u8)
}

/// `words` but those `dropped` marks.
pub(super) fn kept<'a>(words: &[Word<'a>], dropped: &[bool]) -> Vec<Word<'a>> {
    words
        .iter()
        .zip(dropped)
        .filter(|(_, &gone)| !gone)
        .map(|(word, _)| *word)
        .collect()
}

/// Words read as statements: which brackets match, which braces make blocks.
pub(super) struct Code<'w, 'a> {
    pub words: &'w [Word<'a>],
    /// For each opening bracket (`(`, `[`, `{`), the index of the one closing it, if any.
    pub brackets: Vec<Option<usize>>,
    /// For each closing bracket, the index of the one opening it, if any.
    openers: Vec<Option<usize>>,
    /// Whether each word lies directly inside `(` or `[`: no statement starts there.
    in_expression: Vec<bool>,
    /// Whether each `{` opens a block of statements (not an initialiser or a class's body).
    block: Vec<bool>,
}

impl<'w, 'a> Code<'w, 'a> {
    pub fn new(words: &'w [Word<'a>]) -> Code<'w, 'a> {
        let opening = [operator("("), operator("["), operator("{")];
        let closing = [operator(")"), operator("]"), operator("}")];
        let len = words.len();
        let mut code = Code {
            words,
            brackets: vec![None; len],
            openers: vec![None; len],
            in_expression: vec![false; len],
            block: vec![false; len],
        };
        let mut open: Vec<(usize, usize)> = Vec::new();
        for (index, word) in words.iter().enumerate() {
            code.in_expression[index] = open.last().is_some_and(|&(_, kind)| kind < 2);
            if let Some(kind) = opening.iter().position(|&k| k == word.token.kind) {
                code.block[index] = kind == 2 && code.opens_block(index);
                open.push((index, kind));
            } else if let Some(kind) = closing.iter().position(|&k| k == word.token.kind) {
                // A stray closing bracket closes nothing; one of another kind ends what it closes.
                if let Some(at) = open.iter().rposition(|&(_, k)| k == kind) {
                    code.brackets[open[at].0] = Some(index);
                    code.openers[index] = Some(open[at].0);
                    open.truncate(at);
                }
            }
        }
        code
    }

    /// Whether the `{` at `index` opens a block, from what comes before it (blocks before it
    /// already known): a body after `)`, `else` or `do`, or a block among statements.
    fn opens_block(&self, index: usize) -> bool {
        let Some(before) = index.checked_sub(1) else {
            return true;
        };
        let kind = self.words[before].token.kind;
        [operator(")"), operator(";"), keyword("else"), keyword("do")].contains(&kind)
            || self.is_block_brace(before)
    }

    pub fn is(&self, index: usize, kind: Kind) -> bool {
        self.words.get(index).is_some_and(|w| w.token.kind == kind)
    }

    /// Whether the word at `index` is a brace, opening or closing, of a block.
    pub fn is_block_brace(&self, index: usize) -> bool {
        if self.is(index, operator("{")) {
            return self.block[index];
        }
        self.is(index, operator("}")) && self.openers[index].is_some_and(|open| self.block[open])
    }

    /// Whether a statement may start at `index`: after a statement, or a block's brace.
    pub fn starts_statement(&self, index: usize) -> bool {
        if self.in_expression.get(index) != Some(&false) {
            return false;
        }
        let Some(before) = index.checked_sub(1) else {
            return true;
        };
        self.is(before, operator(";")) || self.is_block_brace(before)
    }

    /// The index after the `)` closing the `(` at `at`, if there is one.
    pub fn after_parenthesis(&self, at: usize) -> Option<usize> {
        self.is(at, operator("("))
            .then(|| self.brackets[at])
            .flatten()
            .map(|close| close + 1)
    }

    /// Where the statement starting at `start` ends (its last word), within `end`.
    pub fn statement_end(&self, start: usize, end: usize, depth: usize) -> Option<usize> {
        if start >= end || depth > MAX_DEPTH {
            return None;
        }
        let kind = self.words[start].token.kind;
        if kind == operator("{") {
            return self.brackets[start].filter(|&close| close < end);
        }
        if kind == keyword("for") || kind == keyword("while") || kind == keyword("switch") {
            return self.statement_end(self.after_parenthesis(start + 1)?, end, depth + 1);
        }
        if kind == keyword("if") {
            let then = self.statement_end(self.after_parenthesis(start + 1)?, end, depth + 1)?;
            return match self.is(then + 1, keyword("else")) {
                true => self.statement_end(then + 2, end, depth + 1),
                false => Some(then),
            };
        }
        if kind == keyword("do") {
            let body = self.statement_end(start + 1, end, depth + 1)?;
            let close = self
                .after_parenthesis(body + 2)
                .filter(|_| self.is(body + 1, keyword("while")))?;
            return self.is(close, operator(";")).then_some(close);
        }
        let mut at = start;
        while at < end {
            let kind = self.words[at].token.kind;
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

    /// The statements from `start` to `end` (first and last word of each), if all of it is
    /// statements.
    pub fn statements(&self, start: usize, end: usize) -> Option<Vec<(usize, usize)>> {
        let mut found = Vec::new();
        let mut at = start;
        while at < end {
            let last = self.statement_end(at, end, 0)?;
            found.push((at, last));
            at = last + 1;
        }
        Some(found)
    }
}
