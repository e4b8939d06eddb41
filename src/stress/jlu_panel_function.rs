//! `stress jlu-panel --function FILE`: the student's `RefreshGamePanel` (the JLU course's part
//! (3)) compiled into our console judge of part (1) ([`crate::courses::jlu_panel`]), then
//! stressed like any `jlu-panel` solution ([`crate::stress::search`]) on games within the course's limits
//! (`--limits course`, which it requires: n, m <= 20, k <= 50, l <= 200), the failing game
//! shrunk within them; the report also names the first differing cell.

use crate::courses::jlu_panel::CONSOLE_JUDGE;
use crate::stress::driven::{self, DrivenFile};
use crate::stress::report::Report;
use crate::stress::search::StressOutcome;

/// Compiles the file and stresses it; a failure's report also names the first differing cell.
///
/// # Errors
/// When no compiler is found or the file does not compile (exit 2).
pub fn run(config: &DrivenFile) -> Result<Report, String> {
    let (mut report, outcome) = driven::run(&CONSOLE_JUDGE, config)?;
    if let Some(StressOutcome::Failed(failure)) = &outcome {
        if let Some(cell) =
            first_cell_difference(&failure.evidence.expected, &failure.evidence.run.stdout)
        {
            report.text.push_str(&cell);
        }
    }
    Ok(report)
}

/// `first differing cell: ...` when the first differing line of two `jlu-panel` outputs is a
/// row of a panel in both.
fn first_cell_difference(expected: &[u8], actual: &[u8]) -> Option<String> {
    let expected: Vec<&[u8]> = expected.split(|&b| b == b'\n').collect();
    let actual: Vec<&[u8]> = actual.split(|&b| b == b'\n').collect();
    let (mut panel, mut row) = (0, 0);
    for (ours, theirs) in expected.iter().zip(&actual) {
        if ours.is_empty() {
            (panel, row) = (panel + 1, 0);
            continue;
        }
        if ours != theirs {
            let ours = String::from_utf8_lossy(ours);
            let theirs = String::from_utf8_lossy(theirs);
            let (a, b): (Vec<&str>, Vec<&str>) = (
                ours.split_whitespace().collect(),
                theirs.split_whitespace().collect(),
            );
            if a.iter().chain(&b).any(|t| t.parse::<i32>().is_err()) {
                return None;
            }
            let col = (0..a.len().max(b.len())).find(|&j| a.get(j) != b.get(j))?;
            return Some(format!(
                "first differing cell: in the panel after the {} click that counts, row {row}, \
                 column {col} (0-based): ours {}, yours {}\n",
                ordinal(panel + 1),
                a.get(col).unwrap_or(&"nothing"),
                b.get(col).unwrap_or(&"nothing")
            ));
        }
        row += 1;
    }
    None
}

fn ordinal(n: usize) -> String {
    let suffix = match (n % 10, n % 100) {
        (_, 11..=13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_first_differing_cell_is_found_by_panel_row_and_column() {
        let ours = b"0 1 \n0 1 \n\n0 1 \n0 2 \nYou win\n";
        let theirs = b"0 1 \n0 1 \n\n0 1 \n0 -1 \n";
        assert_eq!(
            first_cell_difference(ours, theirs).unwrap(),
            "first differing cell: in the panel after the 2nd click that counts, row 1, column \
             1 (0-based): ours 2, yours -1\n"
        );
        assert_eq!(first_cell_difference(b"You lose\n", b"0 1 \n"), None);
        assert_eq!(ordinal(11), "11th");
        assert_eq!(ordinal(23), "23rd");
    }
}
