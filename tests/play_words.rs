//! The words `play`'s page shows, read by running its tables (`words.js`, in Node): sizes
//! written rows × columns, English plurals that agree with their number, Chinese text with
//! Chinese punctuation and no English but names. Each entry is said with every argument the
//! same sample (a word, 1, 2, 0, -1) and with distinct numbers, so that each branch a number
//! picks is read.

use crate::chinese_text::{english_words_but, half_width_punctuation};
use crate::util::have_tool;
use std::io::Write;
use std::process::{Command, Stdio};

const WORDS: &str = include_str!("../src/play/words.js");
const SCRIPT: &str = include_str!("../src/play/page.js");
const HTML: &str = include_str!("../src/play/page.html");

/// Runs the tables: a line `language \t key \t sample \t parameters \t text` for each entry
/// and sample (`text` the entry itself when it is no function). An argument named for a list
/// is two of the sample, one named `f` (the figures) answers the sample for every field; an
/// entry that calls a string method on a number gets the number as text.
const RENDER: &str = r#"
const source = require("fs").readFileSync(0, "utf8");
const TEXT = new Function(source + "\nreturn TEXT;")();
const word = { en: "word", zh: "甲" };
const lines = [];
for (const [lang, table] of Object.entries(TEXT)) {
  for (const [key, entry] of Object.entries(table)) {
    if (typeof entry !== "function") { lines.push([lang, key, "-", "", entry]); continue; }
    const params = entry.toString().match(/^\(([^)]*)\)/)[1].split(",").map((p) => p.trim()).filter(Boolean);
    for (const sample of ["word", 1, 2, 0, -1, "distinct"]) {
      const args = params.map((name, i) => {
        const v = sample === "word" ? word[lang] : sample === "distinct" ? 11 + i : sample;
        if (name === "items" || name === "marks") return [v, v];
        if (name === "f") return new Proxy({}, { get: () => v });
        return v;
      });
      let text;
      // An argument the entry treats as text (machine.trim()) is given as text.
      try { text = entry(...args); } catch (e) { text = entry(...args.map(String)); }
      // The figures are [shown, definition] pairs: each is its own text.
      if (Array.isArray(text)) text = text.flat().join(" | ");
      lines.push([lang, key, String(sample), params.join(","), String(text)]);
    }
  }
}
process.stdout.write(lines.map((l) => l.map((s) => s.replace(/[\t\n]/g, " ")).join("\t")).join("\n") + "\n");
"#;

struct Said {
    lang: String,
    key: String,
    sample: String,
    params: Vec<String>,
    text: String,
}

/// Every entry of both tables said with every sample; `None` (the test skips) without Node.
fn said(test: &str) -> Option<Vec<Said>> {
    let node = Command::new("node")
        .args(["-e", RENDER])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn();
    let found = node.as_ref().map(|_| ()).map_err(|e| format!("node: {e}"));
    if !have_tool(test, found) {
        return None;
    }
    let mut node = node.unwrap();
    node.stdin
        .take()
        .unwrap()
        .write_all(WORDS.as_bytes())
        .unwrap();
    let out = node.wait_with_output().unwrap();
    assert!(out.status.success(), "node ran words.js");
    let text = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<Said> = text
        .lines()
        .map(|line| {
            let parts: Vec<&str> = line.splitn(5, '\t').collect();
            Said {
                lang: parts[0].to_string(),
                key: parts[1].to_string(),
                sample: parts[2].to_string(),
                params: parts[3]
                    .split(',')
                    .filter(|p| !p.is_empty())
                    .map(str::to_string)
                    .collect(),
                text: parts[4].to_string(),
            }
        })
        .collect();
    assert!(lines.len() > 1000, "{} lines", lines.len());
    Some(lines)
}

/// The sizes `A×B` in `text`, as written.
fn sizes(text: &str) -> Vec<(String, String)> {
    let chars: Vec<char> = text.chars().collect();
    let mut found = Vec::new();
    for (at, &c) in chars.iter().enumerate() {
        if c != '×' {
            continue;
        }
        let before: String = chars[..at]
            .iter()
            .rev()
            .take_while(|c| c.is_ascii_digit())
            .collect::<Vec<_>>()
            .into_iter()
            .rev()
            .collect();
        let after: String = chars[at + 1..]
            .iter()
            .take_while(|c| c.is_ascii_digit())
            .collect();
        if !before.is_empty() && !after.is_empty() {
            found.push((before, after));
        }
    }
    found
}

/// The board menu of the page: each option's rows, columns and mines (its value) and its key.
fn levels() -> Vec<(String, String, String, String)> {
    let menu = &HTML[HTML.find("<select id=\"level\"").unwrap()..];
    let menu = &menu[..menu.find("</select>").unwrap()];
    let levels: Vec<_> = menu
        .lines()
        .filter_map(|line| {
            let value = line.split("value=\"").nth(1)?.split('"').next()?;
            let key = line.split("data-t=\"").nth(1)?.split('"').next()?;
            let parts: Vec<&str> = value.split(',').collect();
            match parts[..] {
                [rows, cols, mines] => Some((
                    rows.to_string(),
                    cols.to_string(),
                    mines.to_string(),
                    key.to_string(),
                )),
                _ => None,
            }
        })
        .collect();
    assert_eq!(levels.len(), 4, "{menu}");
    levels
}

#[test]
fn every_size_the_page_writes_is_rows_by_columns() {
    let Some(said) = said("every_size_the_page_writes_is_rows_by_columns") else {
        return;
    };
    // The menu's labels say the size their value makes, rows first, and its mines.
    let levels = levels();
    for (rows, cols, mines, key) in &levels {
        for lang in ["en", "zh"] {
            let label = &said
                .iter()
                .find(|s| s.lang == lang && &s.key == key)
                .unwrap()
                .text;
            assert!(
                label.contains(&format!("{rows}×{cols}")) && label.contains(mines.as_str()),
                "{lang} {key}: {label:?} is not {rows}×{cols} with {mines} mines"
            );
        }
    }
    // A size of the arguments is the rows' then the columns'; a size written out is a level's
    // (or square).
    let mut templates = 0;
    for s in &said {
        for (first, second) in sizes(&s.text) {
            let argument = |text: &str| -> Option<&str> {
                let n: usize = text.parse().ok()?;
                let i = n.checked_sub(11)?;
                s.params.get(i).map(String::as_str)
            };
            if s.sample == "distinct" && (argument(&first).is_some() || argument(&second).is_some())
            {
                if first == second {
                    continue;
                }
                let (a, b) = (argument(&first), argument(&second));
                assert!(
                    a.is_some_and(|a| a.contains("row")) && b.is_some_and(|b| b.contains("col")),
                    "{} {}: {:?} writes ({:?})×({:?})",
                    s.lang,
                    s.key,
                    s.text,
                    a,
                    b
                );
                templates += 1;
            } else if first != second && s.sample != "distinct" {
                assert!(
                    levels
                        .iter()
                        .any(|(r, c, _, _)| *r == first && *c == second),
                    "{} {}: {:?} writes {first}×{second}, no level's rows×columns",
                    s.lang,
                    s.key,
                    s.text
                );
            }
        }
    }
    assert!(templates >= 4, "the templates of a size: {templates}");
    // The script hands each of those templates the rows before the columns.
    for s in said
        .iter()
        .filter(|s| s.lang == "en" && s.sample == "distinct")
    {
        let rows = s.params.iter().position(|p| p == "rows");
        let cols = s.params.iter().position(|p| p == "cols");
        if let (Some(rows), Some(cols)) = (rows, cols) {
            assert!(rows < cols, "{}: {:?}", s.key, s.params);
            for (at, _) in SCRIPT.match_indices(&format!("t(\"{}\",", s.key)) {
                let call = &SCRIPT[at..];
                let call = &call[..call.find(";\n").unwrap_or(call.len())];
                let (r, c) = (call.find("rows"), call.find("cols"));
                assert!(
                    r.is_some() && c.is_some() && r < c,
                    "page.js calls {} with the columns first: {call}",
                    s.key
                );
            }
        }
    }
}

#[test]
fn english_counts_agree_with_their_number() {
    let Some(said) = said("english_counts_agree_with_their_number") else {
        return;
    };
    // Words after "1 " that end in s and are no plural.
    const NOT_PLURAL: &[&str] = &["is", "was", "has", "its", "this", "as"];
    const NOUNS: &[&str] = &[
        "cell", "mine", "click", "chord", "column", "row", "flag", "game",
    ];
    let mut checked = 0;
    for s in said.iter().filter(|s| s.lang == "en") {
        let words: Vec<&str> = s.text.split(' ').collect();
        for pair in words.windows(2) {
            let number = pair[0].trim_start_matches(['(', '◀']);
            let noun = pair[1].trim_end_matches(|c: char| !c.is_ascii_alphabetic());
            let wrong = match (s.sample.as_str(), number) {
                ("1", "1") => {
                    noun.len() > 2
                        && noun.ends_with('s')
                        && noun.starts_with(|c: char| c.is_ascii_lowercase())
                        && !NOT_PLURAL.contains(&noun)
                }
                ("2", "2") | ("0", "0") => NOUNS.contains(&noun),
                _ => continue,
            };
            checked += 1;
            assert!(!wrong, "{} with {}: {:?}", s.key, s.sample, s.text);
        }
    }
    assert!(checked > 50, "{checked} counts read");
}

/// Names the Chinese page keeps as they are: programs, functions, formats, abbreviations.
pub(crate) const PLAY_NAMES: &[&str] = &[
    "JSMinesweeper",
    "update-board",
    "ms-toollib",
    "IOE",
    "Corr",
    "corr",
    "Thrp",
    "thrp",
    "AI",
    "stderr",
    "stdout",
    "int",
];

#[test]
fn the_chinese_page_has_chinese_punctuation_and_no_english_but_names() {
    let Some(said) = said("the_chinese_page_has_chinese_punctuation_and_no_english_but_names")
    else {
        return;
    };
    let mut wrong = Vec::new();
    for s in said.iter().filter(|s| s.lang == "zh") {
        for found in half_width_punctuation(&s.text)
            .into_iter()
            .chain(english_words_but(&s.text, PLAY_NAMES))
        {
            wrong.push(format!("{} ({}): {found}", s.key, s.sample));
        }
    }
    wrong.dedup();
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn the_script_writes_no_separator_of_its_own() {
    // A separator the script joins shown words with is a word of one language: the tables
    // hold them (`list`, `clauses`, `statsName`, `download`).
    let mut found = Vec::new();
    for (number, line) in SCRIPT.lines().enumerate() {
        for literal in line.split('"').skip(1).step_by(2) {
            // (A bare "," joins the menu's values, which nobody reads.)
            let separator = literal.chars().any(|c| ",;:()".contains(c))
                && literal.chars().any(|c| " ()".contains(c))
                && literal.chars().all(|c| ",;:() ".contains(c));
            if separator {
                found.push(format!("line {}: {line}", number + 1));
            }
        }
    }
    assert!(found.is_empty(), "{}", found.join("\n"));
}
