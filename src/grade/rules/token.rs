//! The code's tokens as the rules read them, each with its line in the file as written.

/// A token of the code and its line in the file as written.
#[derive(Clone, Debug)]
pub(super) struct Token {
    pub(super) text: String,
    pub(super) line: usize,
}

impl AsRef<str> for Token {
    fn as_ref(&self) -> &str {
        &self.text
    }
}

pub(super) fn text<T: AsRef<str>>(tokens: &[T], at: usize) -> &str {
    tokens.get(at).map_or("", AsRef::as_ref)
}

pub(super) fn is_name(word: &str) -> bool {
    word.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_' || c == '$' || !c.is_ascii())
}
