//! The marks as CSV (RFC 4180), in UTF-8 with a byte-order mark so that Excel shows Chinese
//! names: one row per student, best first, with the columns of the table and the whole note.

use crate::grade::outcome::Status;
use crate::grade::table::{matching_lines, note, ranks};
use crate::grade::visible::unhidden;
use crate::grade::why;
use crate::grade::{ClassGrades, Grade, Task};

/// The CSV text: every count and mark a number of its own column, so that a spreadsheet sorts
/// and sums them.
pub fn render(class: &ClassGrades) -> String {
    let mut text = String::from("\u{feff}");
    for row in rows(class) {
        push_row(&mut text, row.into_iter().map(Cell::into_text));
    }
    text
}

/// A cell of the marks: words, or a number as the CSV writes it (empty where there is none).
#[derive(Clone, Debug, PartialEq)]
pub enum Cell {
    /// Words: a heading, a name, a reason, a note, a file.
    Text(String),
    /// A rank, count, score or mark, in decimal.
    Number(String),
}

impl Cell {
    /// What the cell holds, as written.
    pub fn into_text(self) -> String {
        match self {
            Cell::Text(text) | Cell::Number(text) => text,
        }
    }
}

/// The marks' rows, the header (in the report's language) first, then one row per student,
/// best first: the CSV's and the workbook's.
pub fn rows(class: &ClassGrades) -> Vec<Vec<Cell>> {
    let task = class.config.task;
    let mut header: Vec<&str> = vec!["rank", "student", "mark", "out of"];
    header.extend(match task {
        Task::JluMachine => &[
            "mark low (95%)",
            "mark high (95%)",
            "won",
            "games played",
            "games",
            "score per game",
            "clicks per win",
            "faults",
        ][..],
        Task::AcmClient => &["raw score", "maps won", "maps played", "maps", "faults"][..],
        _ => &["passed", "tests run", "tests", "faults"][..],
    });
    header.extend(["mark as played", "why", "note", "file"]);
    let lang = class.config.lang;
    let mut rows = vec![header.iter().map(|s| Cell::Text(lang.word(s))).collect()];
    for (grade, rank) in class.grades.iter().zip(ranks(class)) {
        let mut cells = vec![
            Cell::Number(rank.to_string()),
            Cell::Text(grade.student.name.clone()),
            Cell::Number(format!("{:.2}", grade.mark.mark)),
            Cell::Number(format!("{}", grade.mark.out_of)),
        ];
        cells.extend(
            numbers(task, grade, class.tests.len())
                .into_iter()
                .map(Cell::Number),
        );
        cells.push(Cell::Number(
            grade
                .mark
                .as_played
                .map_or(String::new(), |m| format!("{m:.2}")),
        ));
        cells.push(Cell::Text(why::reasons_text(
            &class.config,
            grade,
            class.tests.len(),
        )));
        cells.push(Cell::Text(note(grade, lang)));
        cells.push(Cell::Text(
            grade
                .student
                .file
                .as_ref()
                .map_or(String::new(), |f| f.display().to_string()),
        ));
        rows.push(cells);
    }
    rows
}

/// The task's numbers of one student, each in a cell of its own (empty where not graded).
fn numbers(task: Task, grade: &Grade, tests: usize) -> Vec<String> {
    let outcome = &grade.outcome;
    let graded = outcome.status == Status::Graded;
    let number = |value: Option<String>| value.filter(|_| graded).unwrap_or_default();
    let faults = number(Some(outcome.faults.to_string()));
    let (played, asked) = why::played(task, grade, tests);
    let (played, asked) = (number(Some(played.to_string())), asked.to_string());
    match task {
        Task::JluMachine => {
            let games = outcome.games.unwrap_or_default();
            let (low, high) = match grade.mark.interval {
                Some((low, high)) => (format!("{low:.2}"), format!("{high:.2}")),
                None => (String::new(), String::new()),
            };
            let clicks = (games.won > 0)
                .then(|| format!("{:.1}", games.clicks_in_wins as f64 / games.won as f64));
            vec![
                low,
                high,
                number(Some(games.won.to_string())),
                played,
                asked,
                number(grade.mark.raw.map(|raw| format!("{raw:.2}"))),
                number(clicks),
                faults,
            ]
        }
        Task::AcmClient => {
            let won: u64 = outcome.batches.iter().map(|b| b.won).sum();
            vec![
                number(grade.mark.raw.map(|raw| format!("{raw:.6}"))),
                number(Some(won.to_string())),
                played,
                asked,
                faults,
            ]
        }
        _ => {
            let passed = outcome.tests.iter().filter(|t| t.passed()).count();
            vec![number(Some(passed.to_string())), played, asked, faults]
        }
    }
}

/// The similar pairs, one a row: both students, the score, the lines that match.
pub fn render_pairs(class: &ClassGrades) -> String {
    let lang = class.config.lang;
    let mut text = String::from("\u{feff}");
    let header = ["student", "student", "score (%)", "tokens shared", "lines"];
    push_row(&mut text, header.iter().map(|s| lang.word(s)));
    for pair in &class.pairs {
        let lines = matching_lines(pair);
        let cells = [
            class.sources[pair.a].name.clone(),
            class.sources[pair.b].name.clone(),
            format!("{:.0}", 100.0 * pair.score),
            pair.shared_tokens.to_string(),
            lines.join("; "),
        ];
        push_row(&mut text, cells.into_iter());
    }
    text
}

/// One row, each cell's [`hidden`](crate::grade::visible::hidden) characters written as
/// escapes, and each cell quoted when it holds a comma, a quote or a line break; lines end CRLF.
/// A text cell that a spreadsheet would take for a formula (it begins with `=`, `+`, `-`, `@`,
/// a tab or a carriage return) starts with an apostrophe, which spreadsheets read as "this is
/// text".
fn push_row(text: &mut String, cells: impl Iterator<Item = String>) {
    let cells: Vec<String> = cells
        .map(|cell| {
            let cell = unhidden(&cell);
            let formula = cell.starts_with(['=', '+', '-', '@', '\t', '\r'])
                && cell != "-"
                && cell.parse::<f64>().is_err();
            let cell = if formula { format!("'{cell}") } else { cell };
            if cell.contains([',', '"', '\n', '\r']) {
                format!("\"{}\"", cell.replace('"', "\"\""))
            } else {
                cell
            }
        })
        .collect();
    text.push_str(&cells.join(","));
    text.push_str("\r\n");
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cells_are_quoted_as_rfc_4180_says() {
        let mut text = String::new();
        push_row(
            &mut text,
            ["a", "b,c", "say \"hi\"", "5班-张三"]
                .iter()
                .map(|s| s.to_string()),
        );
        assert_eq!(text, "a,\"b,c\",\"say \"\"hi\"\"\",5班-张三\r\n");
    }

    #[test]
    fn a_cell_that_looks_like_a_formula_is_text() {
        let mut text = String::new();
        let cells = [
            "=HYPERLINK(\"x\")",
            "+A1",
            "-",
            "-2.5",
            "@SUM(A1)",
            "\tx",
            "\rx",
            "ok",
        ];
        push_row(&mut text, cells.iter().map(|s| s.to_string()));
        assert_eq!(
            text,
            "\"'=HYPERLINK(\"\"x\"\")\",'+A1,-,-2.5,'@SUM(A1),'\tx,\"'\rx\",ok\r\n"
        );
    }
}
