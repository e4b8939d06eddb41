//! The marks as CSV (RFC 4180), in UTF-8 with a byte-order mark so that Excel shows Chinese
//! names: one row per student, best first, with the columns of the table and the whole note.

use crate::grade::table::{note, ranks, row_cells};
use crate::grade::{ClassGrades, Task};

/// The CSV text.
pub fn render(class: &ClassGrades) -> String {
    let task = class.config.task;
    let mut header: Vec<&str> = vec!["rank", "student", "mark", "out of"];
    header.extend(match task {
        Task::JluMachine => &["won", "score per game", "clicks per win", "faults"][..],
        Task::AcmClient => &["raw score", "maps won", "faults"][..],
        _ => &["passed", "faults"][..],
    });
    header.extend(["mark as played", "note", "file"]);
    let mut text = String::from("\u{feff}");
    push_row(&mut text, header.iter().map(|s| s.to_string()));
    for (grade, rank) in class.grades.iter().zip(ranks(class)) {
        let mut cells = vec![
            rank.to_string(),
            grade.student.name.clone(),
            format!("{:.2}", grade.mark.mark),
            format!("{}", grade.mark.out_of),
        ];
        let mut task_cells = row_cells(task, grade);
        task_cells.pop();
        cells.extend(task_cells);
        cells.push(
            grade
                .mark
                .as_played
                .map_or(String::new(), |m| format!("{m:.2}")),
        );
        cells.push(note(grade));
        cells.push(
            grade
                .student
                .file
                .as_ref()
                .map_or(String::new(), |f| f.display().to_string()),
        );
        push_row(&mut text, cells.into_iter());
    }
    text
}

/// One row, each cell quoted when it holds a comma, a quote or a line break; lines end CRLF.
/// A text cell that a spreadsheet would take for a formula (it begins with `=`, `+`, `-`, `@`,
/// a tab or a carriage return) starts with an apostrophe, which spreadsheets read as "this is
/// text".
fn push_row(text: &mut String, cells: impl Iterator<Item = String>) {
    let cells: Vec<String> = cells
        .map(|cell| {
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
