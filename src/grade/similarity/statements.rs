//! The passes of the [canonical](super::canonical) form that read statements: code that does
//! nothing, the spellings of a step by one, a `while` loop's step, the braces of blocks and
//! empty statements.

use super::code::{kept, keyword, operator, Code, Word};
use crate::exec::source::lexer::Kind;

/// `words` without the statements that do nothing: `x = x;`, and `if (0) s` or `while (false)
/// s` (of `if (0) s else t`, `t` stays).
pub(super) fn without_no_ops<'a>(words: &[Word<'a>]) -> Vec<Word<'a>> {
    let code = Code::new(words);
    let mut dropped = vec![false; words.len()];
    let mut at = 0;
    while at < words.len() {
        match code
            .starts_statement(at)
            .then(|| no_op(&code, at))
            .flatten()
        {
            Some(last) => {
                dropped[at..=last].fill(true);
                at = last + 1;
            }
            None => at += 1,
        }
    }
    kept(words, &dropped)
}

/// The last word of the statement at `at` if it does nothing (of `if (0) s else t`, the
/// `else`).
fn no_op(code: &Code, at: usize) -> Option<usize> {
    let words = code.words;
    let text = |index: usize| words.get(index).map(|w| w.text);
    if code.is(at, Kind::Identifier)
        && code.is(at + 1, operator("="))
        && code.is(at + 2, Kind::Identifier)
        && text(at) == text(at + 2)
        && code.is(at + 3, operator(";"))
    {
        return Some(at + 3);
    }
    let conditional = code.is(at, keyword("if")) || code.is(at, keyword("while"));
    let never = (code.is(at + 2, Kind::Number) && text(at + 2) == Some(b"0".as_slice()))
        || code.is(at + 2, keyword("false"));
    let body = code.after_parenthesis(at + 1)?;
    if !conditional || !never || body != at + 4 {
        return None;
    }
    let last = code.statement_end(body, words.len(), 0)?;
    match code.is(at, keyword("if")) && code.is(last + 1, keyword("else")) {
        true => Some(last + 1),
        false => Some(last),
    }
}

/// `words` with `++x;`, `x += 1;` and `x = x + 1;` written `x++;` (and so for `--`).
pub(super) fn increments_alike<'a>(words: &[Word<'a>]) -> Vec<Word<'a>> {
    let code = Code::new(words);
    let mut out = Vec::with_capacity(words.len());
    let mut at = 0;
    while at < words.len() {
        match code
            .starts_statement(at)
            .then(|| step_by_one(&code, at))
            .flatten()
        {
            Some((name, step, last)) => {
                out.extend([words[name], step, words[last]]);
                at = last + 1;
            }
            None => {
                out.push(words[at]);
                at += 1;
            }
        }
    }
    out
}

/// If the statement at `at` steps a variable by one: the variable's index, the `++` or `--`
/// it reads as, and the index of its `;`.
fn step_by_one<'a>(code: &Code<'_, 'a>, at: usize) -> Option<(usize, Word<'a>, usize)> {
    let words = code.words;
    let one = |index: usize| code.is(index, Kind::Number) && words[index].text == b"1";
    let same = |x: usize, y: usize| code.is(y, Kind::Identifier) && words[x].text == words[y].text;
    let line = words[at].token.line;
    let word = |sign: &'static str| Word::made(operator(sign), sign, line);
    let by = |sign: &str| match sign {
        "+" | "+=" | "++" => Some(word("++")),
        "-" | "-=" | "--" => Some(word("--")),
        _ => None,
    };
    let sign_at = |index: usize| {
        ["+", "-", "+=", "-=", "++", "--"]
            .into_iter()
            .find(|sign| code.is(index, operator(sign)))
    };
    let end = |index: usize| code.is(index, operator(";")).then_some(index);
    // `++x;`
    if let Some(sign @ ("++" | "--")) = sign_at(at) {
        let name = code.is(at + 1, Kind::Identifier).then_some(at + 1)?;
        return Some((name, by(sign)?, end(at + 2)?));
    }
    if !code.is(at, Kind::Identifier) {
        return None;
    }
    // `x += 1;`
    if sign_at(at + 1).is_some_and(|s| s.ends_with('=')) && one(at + 2) {
        return Some((at, by(sign_at(at + 1)?)?, end(at + 3)?));
    }
    // `x = x + 1;`
    if code.is(at + 1, operator("="))
        && same(at, at + 2)
        && sign_at(at + 3).is_some_and(|s| s.len() == 1)
        && one(at + 4)
    {
        return Some((at, by(sign_at(at + 3)?)?, end(at + 5)?));
    }
    None
}

/// `words` without the step of each braced `while` loop: its body's last statement, when that
/// adds to or takes from a variable the loop's test reads (`i++;`, `i -= 2;`, `i = i + k;`),
/// and the same statement where it comes just before a `continue` in the body. A `for` loop
/// read as a `while` has no step left, so a loop reads alike in either form.
pub(super) fn without_steps<'a>(words: &[Word<'a>]) -> Vec<Word<'a>> {
    let code = Code::new(words);
    let mut dropped = vec![false; words.len()];
    for at in 0..words.len() {
        if !code.is(at, keyword("while")) {
            continue;
        }
        let Some(open) = code.after_parenthesis(at + 1) else {
            continue;
        };
        let Some(close) = code
            .is(open, operator("{"))
            .then(|| code.brackets[open])
            .flatten()
        else {
            continue;
        };
        let body = code.statements(open + 1, close);
        let Some((start, last)) = body.and_then(|s| s.last().copied()) else {
            continue;
        };
        let test = &words[at + 2..open - 1];
        let tested = test
            .iter()
            .any(|w| w.token.kind == Kind::Identifier && w.text == words[start].text);
        if !tested || !is_step(&code, start, last) {
            continue;
        }
        let step = &words[start..=last];
        dropped[start..=last].fill(true);
        // Written alike, on whatever line.
        let same = |x: &Word, y: &Word| x.token.kind == y.token.kind && x.text == y.text;
        for before in open + 1..start {
            let continues = code.is(before + step.len(), keyword("continue"));
            let written = &words[before..before + step.len()];
            if continues
                && code.starts_statement(before)
                && written.iter().zip(step).all(|(x, y)| same(x, y))
            {
                dropped[before..before + step.len()].fill(true);
            }
        }
    }
    kept(words, &dropped)
}

/// Whether the statement from `start` to `last` adds to or takes from one variable.
fn is_step(code: &Code, start: usize, last: usize) -> bool {
    let sign = |index: usize, signs: &[&str]| signs.iter().any(|s| code.is(index, operator(s)));
    let words = code.words;
    if !code.is(start, Kind::Identifier) {
        return false;
    }
    if sign(start + 1, &["++", "--"]) {
        return last == start + 2;
    }
    if sign(start + 1, &["+=", "-="]) {
        return last > start + 2;
    }
    code.is(start + 1, operator("="))
        && code.is(start + 2, Kind::Identifier)
        && words[start + 2].text == words[start].text
        && sign(start + 3, &["+", "-"])
        && last > start + 4
}

/// `words` without empty statements (`;` after a statement or a block's brace).
pub(super) fn without_empty_statements<'a>(words: &[Word<'a>]) -> Vec<Word<'a>> {
    let code = Code::new(words);
    let dropped: Vec<bool> = (0..words.len())
        .map(|at| code.is(at, operator(";")) && code.starts_statement(at))
        .collect();
    kept(words, &dropped)
}

/// `words` without the braces of blocks (bodies, blocks among statements): they change how a
/// program is laid out, not what it does, and a copier adds or drops them freely (a body of
/// one statement braced or not, the block a loop rewritten by hand is wrapped in). Braces of
/// an initialiser or a class stay.
pub(super) fn without_block_braces<'a>(words: &[Word<'a>]) -> Vec<Word<'a>> {
    let code = Code::new(words);
    let dropped: Vec<bool> = (0..words.len()).map(|at| code.is_block_brace(at)).collect();
    kept(words, &dropped)
}

#[cfg(test)]
mod tests {
    use super::super::canonical::tests::{kinds, written};

    #[test]
    fn statements_that_do_nothing_go() {
        let padded = "void f(int n) { if (0) { x = 0; } g(n); n = n; while (false) h(); }";
        assert_eq!(kinds(padded), kinds("void f(int n) { g(n); }"));
        assert_eq!(kinds("if (0) a(); else b();"), kinds("b();"));
        for kept in ["if (n < 0) n = 0;", "x = y;", "if (1) a();"] {
            assert_eq!(kinds(kept), written(kept), "{kept}");
        }
    }

    #[test]
    fn a_step_by_one_reads_as_plus_plus() {
        for step in ["++i;", "i += 1;", "i = i + 1;"] {
            assert_eq!(kinds(step), kinds("i++;"), "{step}");
        }
        for step in ["--i;", "i -= 1;", "i = i - 1;"] {
            assert_eq!(kinds(step), kinds("i--;"), "{step}");
        }
        for kept in ["i += 2;", "i = j + 1;", "a[++i] = 0;"] {
            assert_eq!(kinds(kept), written(kept), "{kept}");
        }
    }

    #[test]
    fn a_while_loop_loses_its_step() {
        let written_for = "for (int i = 0; i < n; i++) { if (a[i] < 0) continue; s = s * a[i]; }";
        let by_hand = "{ int i = 0; while (i < n) { if (a[i] < 0) { i++; continue; }\n\
                       s = s * a[i];\n++i; } }";
        assert_eq!(kinds(written_for), kinds(by_hand));
        // Not a step: the test does not read it, or it is not the body's last statement.
        for kept in [
            "while (i < n) { f(i); j++; }",
            "while (i < n) { i++; f(i); }",
        ] {
            let unbraced = kept.replace(['{', '}'], "");
            assert_eq!(kinds(kept), written(&unbraced), "{kept}");
        }
    }

    #[test]
    fn blocks_lose_their_braces() {
        let braced = "void f() { { a(); } if (x) { b(); } else if (y) { c(); } else { do { d(); } \
                      while (z); } while (y) { if (x) { e(); } } ; }";
        let bare = "void f() a(); if (x) b(); else if (y) c(); else do d(); while (z); while (y) \
                    if (x) e();";
        assert_eq!(kinds(braced), kinds(bare));
        for kept in ["int a[2][2] = {{0}};", "struct S { int a; };", "while (x);"] {
            assert_eq!(kinds(kept), written(kept), "{kept}");
        }
    }
}
