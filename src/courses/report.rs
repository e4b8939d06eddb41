//! The blocks in which a report shows a run's input, output or stderr: short texts whole,
//! long ones around the line that matters.

use std::fmt::Write as _;

/// The most lines of an input or output shown; `--save` writes them whole.
const SHOWN_LINES: usize = 40;

/// The number of lines of `text` (a last line without its newline counts).
pub fn line_count(text: &[u8]) -> usize {
    let newlines = text.iter().filter(|&&b| b == b'\n').count();
    newlines + usize::from(!text.is_empty() && !text.ends_with(b"\n"))
}

/// A titled block of `text`, indented: all of it if short, else the lines around `focus`
/// (1-based; 0 for the start).
pub(crate) fn block(title: &str, text: &[u8], focus: usize) -> String {
    let lines: Vec<&[u8]> = text.split(|&b| b == b'\n').collect();
    let lines = match lines.split_last() {
        Some(([], rest)) => rest,
        _ => &lines[..],
    };
    let first = if lines.len() <= SHOWN_LINES || focus <= SHOWN_LINES - 5 || focus == usize::MAX {
        0
    } else {
        (focus + 5).min(lines.len()).saturating_sub(SHOWN_LINES)
    };
    let last = (first + SHOWN_LINES).min(lines.len());
    let plural = if lines.len() == 1 { "" } else { "s" };
    let mut out = format!("--- {title} ({} line{plural}) ---\n", lines.len());
    if first > 0 {
        let _ = writeln!(out, "    ... {first} lines");
    }
    for line in &lines[first..last] {
        let _ = writeln!(out, "    {}", String::from_utf8_lossy(line));
    }
    if last < lines.len() {
        let _ = writeln!(
            out,
            "    ... {} more lines (--save writes them all)",
            lines.len() - last
        );
    }
    out
}

/// The last lines of `text` (stderr: the end says what went wrong).
pub(crate) fn tail_block(title: &str, text: &[u8]) -> String {
    let total = line_count(text);
    block(title, text, total.max(1))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn blocks_show_short_texts_whole_and_long_ones_around_the_focus() {
        assert_eq!(
            block("t", b"a\nb\n", 0),
            "--- t (2 lines) ---\n    a\n    b\n"
        );
        assert_eq!(
            block("t", b"a\nb", 0),
            "--- t (2 lines) ---\n    a\n    b\n"
        );
        let long: String = (1..=100).map(|i| format!("{i}\n")).collect();
        let shown = block("t", long.as_bytes(), 80);
        assert!(shown.contains("    ... 45 lines\n    46\n"), "{shown}");
        assert!(shown.contains("    85\n    ... 15 more lines"), "{shown}");
        assert_eq!(line_count(b""), 0);
        assert_eq!(line_count(b"a\nb"), 2);
    }
}
