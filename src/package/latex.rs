//! Our Markdown statements as LaTeX statement bodies, for the Kattis 2025-09 format's
//! `statement/problem.<language>.tex` (BAPCtools reads only LaTeX statements). Only what the
//! statements use: `##` headings, paragraphs, `-` and `1.` lists of one-line items, inline
//! code, `*emphasis*`, `**bold**` and `$...$` formulas, which LaTeX takes as they are.

/// `title` and the Markdown `body` as a LaTeX statement: `\problemname{title}`, then the body.
pub(crate) fn statement(title: &str, body: &str) -> String {
    let mut out = format!("\\problemname{{{}}}\n", inline(title));
    for block in body.split("\n\n").map(str::trim).filter(|b| !b.is_empty()) {
        out.push('\n');
        out += &block_of(block);
        out.push('\n');
    }
    out
}

/// One block: a heading, a list or a paragraph.
fn block_of(block: &str) -> String {
    if let Some(heading) = block.strip_prefix("### ") {
        return format!("\\subsection*{{{}}}", inline(heading.trim()));
    }
    if let Some(heading) = block.strip_prefix("## ") {
        return format!("\\section*{{{}}}", inline(heading.trim()));
    }
    let lines: Vec<&str> = block.lines().collect();
    if bullet(lines[0]).is_some() {
        return list("itemize", &lines, bullet);
    }
    if number(lines[0]).is_some() {
        return list("enumerate", &lines, number);
    }
    inline(block)
}

/// A list environment whose items start where `marker` finds one; other lines continue the
/// item before them.
fn list(environment: &str, lines: &[&str], marker: fn(&str) -> Option<&str>) -> String {
    let mut out = format!("\\begin{{{environment}}}\n");
    for line in lines {
        match marker(line) {
            Some(item) => out += &format!("  \\item {}\n", inline(item)),
            None => out += &format!("    {}\n", inline(line.trim())),
        }
    }
    out + &format!("\\end{{{environment}}}")
}

/// The text of a `- ` item.
fn bullet(line: &str) -> Option<&str> {
    line.strip_prefix("- ")
}

/// The text of a `1. ` item.
fn number(line: &str) -> Option<&str> {
    let digits = line.len() - line.trim_start_matches(|c: char| c.is_ascii_digit()).len();
    match digits {
        0 => None,
        _ => line[digits..].strip_prefix(". "),
    }
}

/// Running text: code spans as `\texttt`, formulas kept, emphasis and bold, the rest escaped.
fn inline(text: &str) -> String {
    let mut out = String::new();
    let mut rest = text;
    let (mut emphasis, mut bold) = (false, false);
    while let Some(c) = rest.chars().next() {
        let closing = |mark: char| rest[1..].find(mark).map(|at| &rest[1..1 + at]);
        match c {
            '`' | '$' if closing(c).is_some() => {
                let inner = closing(c).unwrap_or_default();
                if c == '`' {
                    out += &format!("\\texttt{{{}}}", escape(inner));
                } else {
                    out += &format!("${inner}$");
                }
                rest = &rest[inner.len() + 2..];
                continue;
            }
            '*' if rest.starts_with("**") => {
                out += if bold { "}" } else { "\\textbf{" };
                bold = !bold;
                rest = &rest[2..];
                continue;
            }
            '*' => {
                out += if emphasis { "}" } else { "\\emph{" };
                emphasis = !emphasis;
            }
            _ => out += &escape(&rest[..c.len_utf8()]),
        }
        rest = &rest[c.len_utf8()..];
    }
    // An unclosed mark would leave a brace open: close it rather than break the document.
    out + if emphasis { "}" } else { "" } + if bold { "}" } else { "" }
}

/// `text` with LaTeX's special characters written as text.
fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '\\' => out += "\\textbackslash{}",
            '~' => out += "\\textasciitilde{}",
            '^' => out += "\\textasciicircum{}",
            '<' => out += "\\textless{}",
            '>' => out += "\\textgreater{}",
            '{' | '}' | '#' | '%' | '&' | '_' | '$' => {
                out.push('\\');
                out.push(c);
            }
            _ => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::statement;

    #[test]
    fn headings_lists_code_formulas_and_emphasis_become_latex() {
        let body = "A *safe* cell, $1 \\le n$, prints `x_y {z}`.\n\n## Input\n\n\
                    - `Flag x y`: **flag** it;\n- `Quit`.\n\n1. first\n2. second, 50% & #1";
        let expected = "\\problemname{Mines \\& more}\n\
                        \nA \\emph{safe} cell, $1 \\le n$, prints \\texttt{x\\_y \\{z\\}}.\n\
                        \n\\section*{Input}\n\
                        \n\\begin{itemize}\n  \\item \\texttt{Flag x y}: \\textbf{flag} it;\n  \
                        \\item \\texttt{Quit}.\n\\end{itemize}\n\
                        \n\\begin{enumerate}\n  \\item first\n  \\item second, 50\\% \\& \\#1\n\
                        \\end{enumerate}\n";
        assert_eq!(statement("Mines & more", body), expected);
    }

    #[test]
    fn unpaired_marks_are_text_and_leave_no_brace_open() {
        assert_eq!(
            statement("t", "a $ b ` c *d"),
            "\\problemname{t}\n\na \\$ b ` c \\emph{d}\n"
        );
    }
}
