//! C and C++ source as a sequence of normalised tokens, so that what a student can change
//! without changing the program (names, layout, comments, preprocessor lines) leaves the
//! sequence as it was: the [lexemes](crate::exec::source::lexer) but the directives, each
//! reduced to its kind and line (every name is the one kind [`Kind::Identifier`]), in the
//! [canonical](super::canonical) form that loop forms and dead code do not change.

pub use crate::exec::source::lexer::{Kind, ALTERNATIVES, KEYWORDS, OPERATORS};

pub use super::canonical::Token;

use super::canonical::canonical;
use crate::exec::source::lexer::lex;

/// The tokens of `source`, in order.
///
/// # Complexity
/// O(bytes), as [`lex`].
///
/// # Examples
///
/// ```
/// use minejudge::grade::similarity::tokens::{tokenize, Kind};
///
/// let original = tokenize(b"int sum = 0;\nfor (;;)\n  sum++;");
/// let renamed = tokenize(b"int  total=0; // sum\n#include <x>\nfor(;;)total++;");
/// assert!(original.iter().zip(&renamed).all(|(a, b)| a.kind == b.kind));
/// assert_eq!(original.len(), renamed.len());
/// assert_eq!(renamed[1].kind, Kind::Identifier);
/// assert_eq!(renamed.last().unwrap().line, 3);
/// ```
pub fn tokenize(source: &[u8]) -> Vec<Token> {
    let lexemes: Vec<_> = lex(source)
        .into_iter()
        .filter(|lexeme| lexeme.kind != Kind::Directive)
        .collect();
    let tokens: Vec<Token> = lexemes
        .iter()
        .map(|lexeme| Token {
            kind: lexeme.kind,
            line: lexeme.line,
        })
        .collect();
    let names: Vec<&[u8]> = lexemes.iter().map(|l| &source[l.span.clone()]).collect();
    canonical(&tokens, &names)
}
