//! Text from students and their programs made safe to show: control characters, invisible
//! characters and overrides of the text's direction written as visible escapes, so that a name
//! or a message cannot move a terminal's cursor or make one row look like another.

/// `text` with every control character (and every [`hidden`] character) written as a visible
/// escape: a name or a message must not move the terminal's cursor, clear
/// its screen, or make one row look like another.
///
/// # Examples
///
/// ```
/// use minejudge::grade::visible::visible;
///
/// assert_eq!(visible("5班-张三\r1  60.00\u{1b}[2J"), "5班-张三\\r1  60.00\\x1b[2J");
/// ```
pub fn visible(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if (c as u32) < 0x100 && c.is_control() => {
                out.push_str(&format!("\\x{:02x}", c as u32));
            }
            c if hidden(c) => push_escape(&mut out, c),
            c => out.push(c),
        }
    }
    out
}

/// Whether `c` is invisible (a zero-width space, joiner or mark, a byte-order mark) or turns
/// the direction of the text around it: `1班-\u{202e}三张` shows as `1班-张三`.
pub fn hidden(c: char) -> bool {
    matches!(
        c,
        '\u{200b}'..='\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}' | '\u{feff}'
    )
}

/// `text` with every [`hidden`] character written as a visible escape `\u{202e}`, and
/// everything else as it is (for the CSV and the HTML, where line breaks are kept).
///
/// # Examples
///
/// ```
/// use minejudge::grade::visible::unhidden;
///
/// assert_eq!(unhidden("1班-\u{202e}三张\n"), "1班-\\u{202e}三张\n");
/// ```
pub fn unhidden(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if hidden(c) {
            push_escape(&mut out, c);
        } else {
            out.push(c);
        }
    }
    out
}

fn push_escape(out: &mut String, c: char) {
    out.push_str(&format!("\\u{{{:04x}}}", c as u32));
}
