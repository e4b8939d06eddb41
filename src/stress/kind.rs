//! The kind of a failure, for `stress --keep-going`: the failures of one bug must fall into one
//! kind whatever their boards, so numbers are replaced by their shape (`#`). A wrong answer's
//! kind is its first differing reply: for a judge that answers a reply a line, the shape of
//! ours, with which number differs when only numbers do, or the shape of theirs when it is no
//! reply of ours (`yours another reply` when it is: one rule missed shows as many replies);
//! for one that prints boards, the first differing cell; output that ends early or runs on is a kind of its own. Any other
//! failure's kind is how the run ended.

use crate::courses::program::{Difference, Verdict};
use crate::exec::child::describe_ending;
use crate::judges::{Judge, Replies};

/// The longest shape kept of a line, in characters: a solution's garbage must not make every
/// kind unique by its length.
const SHAPE_CHARS: usize = 40;

/// The kind of `verdict` from `judge`, in words: `crash: killed by signal 11 (SIGSEGV)`,
/// `wrong answer: ours "# # #", yours "# # #", number 3 differs`.
///
/// # Examples
///
/// ```
/// use minejudge::courses::program::{compare, Verdict};
/// use minejudge::judges;
/// use minejudge::stress::kind::kind;
///
/// let mine_ops = judges::named("mine-ops").unwrap();
/// let wrong = |ours: &[u8], yours: &[u8]| Verdict::WrongAnswer(compare(ours, yours).unwrap());
/// assert_eq!(
///     kind(mine_ops, &wrong(b"2 cell(s) detected\n1 1 0\n", b"2 cell(s) detected\n1 0 0\n")),
///     "wrong answer: ours \"# # #\", yours \"# # #\", number 2 differs"
/// );
/// let jlu_panel = judges::named("jlu-panel").unwrap();
/// assert_eq!(
///     kind(jlu_panel, &wrong(b"-1 0 1 \n", b"-1 0 -1 \n")),
///     "wrong answer: a cell: ours \"#\", yours \"-#\""
/// );
/// ```
pub fn kind(judge: &Judge, verdict: &Verdict) -> String {
    match verdict {
        Verdict::WrongAnswer(difference) => {
            format!("{}: {}", verdict.name(), reply_kind(judge, difference))
        }
        Verdict::Crashed(ending) => format!("{}: {}", verdict.name(), describe_ending(*ending)),
        other => other.name().to_string(),
    }
}

/// The kind of a first differing reply.
fn reply_kind(judge: &Judge, difference: &Difference) -> String {
    let (ours, yours) = (difference.expected.as_deref(), difference.actual.as_deref());
    match (judge.replies, ours, yours) {
        (Replies::Lines(_), Some(ours), None) => {
            format!("missing lines, from ours {:?}", shape(ours))
        }
        (Replies::Lines(_), None, Some(yours)) => {
            format!("extra lines, from yours {:?}", shape(yours))
        }
        (Replies::Cells, Some(_), None) => "missing lines".to_string(),
        (Replies::Cells, None, Some(_)) => "extra lines".to_string(),
        (Replies::Lines(replies), Some(ours), Some(yours)) => line_kind(replies, ours, yours),
        (Replies::Cells, Some(ours), Some(yours)) => cell_kind(ours, yours),
        (_, None, None) => "no difference".to_string(),
    }
}

/// The shape of our line, and which number differs when only numbers do, or the shape of
/// theirs when it is none of `replies`.
fn line_kind(replies: &[&str], ours: &str, yours: &str) -> String {
    let (ours_shape, yours_shape) = (shape(ours), shape(yours));
    let mut text = format!("ours {ours_shape:?}, ");
    if ours_shape == yours_shape {
        text.push_str(&format!("yours {yours_shape:?}"));
        if let Some(at) = numbers(ours).zip(numbers(yours)).position(|(a, b)| a != b) {
            text.push_str(&format!(", number {} differs", at + 1));
        }
    } else if replies.contains(&yours_shape.as_str()) {
        text.push_str("yours another reply");
    } else {
        text.push_str(&format!("yours {yours_shape:?}"));
    }
    text
}

/// The first differing cell of two board rows.
fn cell_kind(ours: &str, yours: &str) -> String {
    let (ours, yours) = (cells(ours), cells(yours));
    let at = (0..ours.len().max(yours.len()))
        .find(|&at| ours.get(at) != yours.get(at))
        .unwrap_or(0);
    let cell = |cells: &[&str]| {
        cells
            .get(at)
            .map_or("nothing".to_string(), |c| format!("{:?}", shape(c)))
    };
    format!("a cell: ours {}, yours {}", cell(&ours), cell(&yours))
}

/// A board row's cells: its words when spaces part them (`-1 0 2`), else the characters that
/// are not punctuation (`??1@`, `["E","1"]`).
fn cells(row: &str) -> Vec<&str> {
    let words: Vec<&str> = row
        .split(|c: char| c.is_whitespace() || "[],\"".contains(c))
        .filter(|word| !word.is_empty())
        .collect();
    if words.len() != 1 {
        return words;
    }
    let word = words[0];
    word.char_indices()
        .map(|(at, c)| &word[at..at + c.len_utf8()])
        .collect()
}

/// `text` with every run of digits as `#`, cut to [`SHAPE_CHARS`].
fn shape(text: &str) -> String {
    let mut out = String::new();
    let mut chars = 0;
    let mut in_number = false;
    for c in text.chars() {
        let digit = c.is_ascii_digit();
        if digit && in_number {
            continue;
        }
        in_number = digit;
        if chars == SHAPE_CHARS {
            out.push_str("...");
            break;
        }
        out.push(if digit { '#' } else { c });
        chars += 1;
    }
    out
}

/// The runs of digits of `text`, in order.
fn numbers(text: &str) -> impl Iterator<Item = &str> {
    text.split(|c: char| !c.is_ascii_digit())
        .filter(|run| !run.is_empty())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::courses::program::compare;
    use crate::exec::child::Ending;
    use crate::judges;

    fn wrong(judge: &str, ours: &[u8], yours: &[u8]) -> String {
        let difference = compare(ours, yours).expect("they differ");
        kind(
            judges::named(judge).unwrap(),
            &Verdict::WrongAnswer(difference),
        )
    }

    #[test]
    fn one_bug_on_different_boards_is_one_kind() {
        // A cell count wrong at two places of two games.
        let a = wrong("mine-ops", b"3 cell(s) detected\n", b"1 cell(s) detected\n");
        let b = wrong(
            "mine-ops",
            b"success\n12 cell(s) detected\n",
            b"success\n9 cell(s) detected\n",
        );
        assert_eq!(a, b);
        assert_eq!(
            a,
            "wrong answer: ours \"# cell(s) detected\", yours \"# cell(s) detected\", number 1 differs"
        );
        assert_ne!(
            wrong("mine-ops", b"1 1 0\n", b"1 0 0\n"),
            wrong("mine-ops", b"1 1 0\n", b"1 1 1\n"),
            "a wrong column and a wrong count are two kinds"
        );
        // A rule missed: whichever other reply it gives instead, one kind.
        assert_eq!(
            wrong("mine-ops", b"boom\n", b"1 cell(s) detected\n"),
            "wrong answer: ours \"boom\", yours another reply"
        );
        assert_eq!(
            wrong("mine-ops", b"boom\n", b"swept\n"),
            "wrong answer: ours \"boom\", yours another reply"
        );
        // No reply of ours: its shape.
        assert_eq!(
            wrong("mine-ops", b"2 2 8\n", b"2 2 -8\n"),
            "wrong answer: ours \"# # #\", yours \"# # -#\""
        );
        // Boards: the first differing cell, wherever it is.
        assert_eq!(
            wrong("acm-server", b"???\n?1@\n", b"???\n???\n"),
            wrong("acm-server", b"??01\n", b"??0?\n")
        );
        assert_eq!(
            wrong("acm-server", b"??01\n", b"??0?\n"),
            "wrong answer: a cell: ours \"#\", yours \"?\""
        );
        assert_eq!(
            wrong("update-board", b"[[\"B\",\"1\"]]\n", b"[[\"B\",\"E\"]]\n"),
            "wrong answer: a cell: ours \"#\", yours \"E\""
        );
        assert_eq!(
            wrong("jlu-panel", b"0 1 \n\nYou win\n", b"0 1 \n\n-1 -1 \n"),
            "wrong answer: a cell: ours \"You\", yours \"-#\""
        );
    }

    #[test]
    fn ends_and_endings_are_kinds() {
        assert_eq!(
            wrong("mine-ops", b"boom\ngame over\n", b"boom\n"),
            "wrong answer: missing lines, from ours \"game over\""
        );
        assert_eq!(
            wrong("inexperienced-player", b"4\n", b"4\n5\n"),
            "wrong answer: extra lines, from yours \"#\""
        );
        assert_eq!(
            wrong("jlu-panel", b"0 1 \n0 0 \n", b"0 1 \n"),
            "wrong answer: missing lines"
        );
        let mine_ops = judges::named("mine-ops").unwrap();
        assert_eq!(
            kind(mine_ops, &Verdict::Crashed(Ending::Signalled(11))),
            "crash: killed by signal 11 (SIGSEGV)"
        );
        assert_eq!(
            kind(mine_ops, &Verdict::Crashed(Ending::Exited(101))),
            "crash: exit status 101"
        );
        assert_eq!(kind(mine_ops, &Verdict::TimedOut), "timeout");
        let long = "x".repeat(100);
        assert_eq!(shape(&long), format!("{}...", "x".repeat(40)));
        assert_eq!(shape("12 cell(s) -3"), "# cell(s) -#");
    }

    #[test]
    fn every_line_our_judges_print_is_one_of_their_replies() {
        for judge in judges::ALL {
            let Replies::Lines(replies) = judge.replies else {
                continue;
            };
            for seed in 0..300 {
                let input = judge.generate(seed, judges::Size::Small, &Default::default());
                let (answer, _) = crate::io::runner::solve_in_memory(judge.solve(), &input);
                for line in String::from_utf8_lossy(&answer).lines() {
                    let line_shape = shape(line);
                    assert!(
                        replies.contains(&line_shape.as_str()),
                        "{}: {line_shape:?} (seed {seed})",
                        judge.name()
                    );
                }
            }
        }
    }
}
