//! The main of the `jlu-machine` package's accepted submission: an interactive judge sends
//! panel after panel on one stdin, where our `jlu-machine` answers one panel per run. The
//! package appends this file to the bundle of `jlu-machine` (as `mod panel_loop`, so it may use
//! only `std` and the modules that bundle holds) and calls [`main`] from its `main`.

use crate::io::runner::{solve_in_memory, Solve};
use std::io::{BufRead, Write};
use std::process::ExitCode;

/// Plays every panel on stdin with `solve`, until `0 0 0` or the end of the input.
pub fn main(solve: Solve) -> ExitCode {
    let stdin = std::io::stdin();
    let mut stdout = std::io::stdout();
    match play(solve, stdin.lock(), &mut stdout) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("{message}");
            ExitCode::from(1)
        }
    }
}

/// Reads panels from `input` (`n m k`, then n rows), answers each with `solve` on `output`,
/// flushed at once: the judge waits for the click before it sends the next panel.
///
/// # Errors
/// A panel `solve` refuses, a failed read or write.
pub fn play(solve: Solve, input: impl BufRead, output: &mut impl Write) -> Result<(), String> {
    let mut lines = input.lines();
    while let Some(header) = lines.next() {
        let header = header.map_err(|err| format!("cannot read stdin: {err}"))?;
        let rows = match header.split_whitespace().next().map(str::parse::<usize>) {
            Some(Ok(0)) | None => return Ok(()),
            Some(Ok(rows)) => rows,
            Some(Err(_)) => return Err(format!("not a panel's first line: {header:?}")),
        };
        let mut panel = header + "\n";
        for line in lines.by_ref().take(rows) {
            panel += &line.map_err(|err| format!("cannot read stdin: {err}"))?;
            panel.push('\n');
        }
        let (answer, result) = solve_in_memory(solve, panel.as_bytes());
        result.map_err(|err| err.to_string())?;
        output
            .write_all(&answer)
            .and_then(|()| output.flush())
            .map_err(|err| format!("cannot write stdout: {err}"))?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::players::jlu_machine::solve::solve;

    #[test]
    fn answers_each_panel_and_stops_at_the_end_mark() {
        let input = "2 2 1\n-1 -1\n-1 -1\n2 2 1\n1 -1\n-1 -1\n0 0 0\n2 2 1\n";
        let mut output = Vec::new();
        play(solve, input.as_bytes(), &mut output).unwrap();
        let text = String::from_utf8(output).unwrap();
        assert_eq!(text.lines().count(), 2, "{text}");
    }

    #[test]
    fn a_bad_panel_is_an_error() {
        let mut output = Vec::new();
        assert!(play(solve, "2 2 1\n-1 -1\n".as_bytes(), &mut output).is_err());
        assert!(play(solve, "x\n".as_bytes(), &mut output).is_err());
    }
}
