//! Running a judge as a process: read all of stdin, solve, write stdout, and turn bad input
//! into one error line and exit status 1.

use crate::io::args;
use crate::io::output::{write_error, Output};
use crate::io::scanner::{ends_line, InputError};
use std::io::{IsTerminal, Read};
use std::process::ExitCode;

/// The signature every judge's logic has: parse `input`, append the answer to `out`. On bad
/// input, `out` holds everything decided before the fault.
pub type Solve = fn(&[u8], &mut Output) -> Result<(), InputError>;

/// A judge program: its name, what it reads (for the note printed when stdin is a terminal),
/// its input and output format (for `--help`) and its logic.
#[derive(Clone, Copy, Debug)]
pub struct Program {
    /// The binary's name, such as `mine-ops`.
    pub name: &'static str,
    /// What stdin holds, such as `a mine-ops game`.
    pub reads: &'static str,
    /// The input and output format, a few lines.
    pub format: &'static str,
    /// The judge's logic.
    pub solve: Solve,
}

impl Program {
    /// The usage line, with `options` between the name and the input, and the format.
    pub fn usage(&self, options: &str) -> String {
        let options = if options.is_empty() {
            String::new()
        } else {
            format!(" {options}")
        };
        format!(
            "usage: {}{options} < input\n\n{}",
            self.name,
            self.format.trim_end()
        )
    }

    /// [`run`], after a one-line note on stderr when stdin is a terminal, so that a program
    /// started by hand does not wait in silence.
    pub fn start(&self) -> ExitCode {
        if std::io::stdin().is_terminal() {
            eprintln!(
                "reading {} from stdin (end it with Ctrl-D); see {} --help",
                self.reads, self.name
            );
        }
        run(self.solve)
    }
}

/// A judge binary's whole `main`: `--help` prints the usage and the format; any argument is
/// refused (exit status 2); then [`Program::start`].
pub fn judge_main(program: &Program) -> ExitCode {
    match args::parse(&program.usage(""), |_| Ok(())) {
        Ok(()) => program.start(),
        Err(code) => code,
    }
}

/// Reads stdin (see [`read_input`]), solves it into an [`Output::to_stdout`] (which streams
/// large answers), and on bad input, or when stdout cannot be written (a full disk; a closed
/// pipe is the reader's choice), prints the error line on stderr and exits with status 1.
pub fn run(solve: Solve) -> ExitCode {
    let mut out = Output::to_stdout();
    let result = match read_input(&mut std::io::stdin().lock(), solve, FIRST_TRY, MAX_INPUT) {
        Ok(Input::Whole(input)) => solve(&input, &mut out),
        Ok(Input::Decided(answer)) => {
            out.extend_from_slice(&answer);
            Ok(())
        }
        Ok(Input::TooLong { answer, line }) => {
            out.extend_from_slice(&answer);
            Err(InputError {
                line,
                message: format!(
                    "the input goes on past {} MiB with the case still open: no case needs that \
                     much",
                    MAX_INPUT >> 20
                ),
            })
        }
        Err(err) => Err(InputError {
            line: 1,
            message: format!("cannot read standard input: {err}"),
        }),
    };
    let written = out.finish();
    // A bad input's line comes first: it is what the user must mend.
    match (result, written) {
        (Ok(()), Ok(())) => ExitCode::SUCCESS,
        (Err(err), _) => {
            eprintln!("{err}");
            ExitCode::from(1)
        }
        (Ok(()), Err(err)) => {
            eprintln!("{}", write_error(&err));
            ExitCode::from(1)
        }
    }
}

/// How much input is read before the judge is first tried on it; each later try comes at twice
/// the input of the last, so the tries cost at most one more solve of the whole.
const FIRST_TRY: usize = 16 << 20;

/// The most input a judge reads while its case is still open: the largest cases `gen` writes
/// are 4 MiB and the largest any judge takes about 200 MiB, so this bounds memory on endless
/// input.
const MAX_INPUT: usize = 256 << 20;

/// What [`read_input`] found.
#[derive(Debug, PartialEq)]
pub enum Input {
    /// The whole input, up to its end.
    Whole(Vec<u8>),
    /// The answer, decided before the input's end (after `Quit`, say): the rest is not read.
    Decided(Vec<u8>),
    /// More than the most a judge reads, with the case still open: what is decided of the
    /// answer, and the line the input was cut on.
    TooLong {
        /// The answer to the input's whole lines, up to its first fault.
        answer: Vec<u8>,
        /// The line after the last whole line read.
        line: usize,
    },
}

/// Reads `reader` to its end, unless the case ends first: once `first_try` bytes have come
/// (and then at twice as many each time), `solve` is tried on the whole lines read so far;
/// when it answers without needing the rest (see [`try_lines`]), reading stops there.
/// Past `max` bytes reading stops too, with [`Input::TooLong`]. So endless input after a
/// game's end costs about `first_try` bytes of memory, not all of memory.
///
/// # Errors
/// A failed read.
pub fn read_input(
    reader: &mut impl Read,
    solve: Solve,
    first_try: usize,
    max: usize,
) -> std::io::Result<Input> {
    let mut input = Vec::new();
    let mut next_try = first_try.min(max);
    loop {
        let wanted = next_try - input.len();
        input.reserve_exact(wanted);
        let read = reader
            .by_ref()
            .take(wanted as u64)
            .read_to_end(&mut input)?;
        if read < wanted {
            return Ok(Input::Whole(input));
        }
        let (answer, decided) = try_lines(solve, &mut input);
        if decided {
            return Ok(Input::Decided(answer));
        }
        if input.len() >= max {
            // Whether anything follows decides between a whole input and a cut one.
            if reader.read(&mut [0u8])? == 0 {
                return Ok(Input::Whole(input));
            }
            let cut = whole_lines(&input);
            let line = 1
                + (0..cut)
                    .filter(|&i| ends_line(input[i], input.get(i + 1)))
                    .count();
            return Ok(Input::TooLong { answer, line });
        }
        next_try = next_try.saturating_mul(2).min(max);
    }
}

/// `solve`'s answer to `input`'s whole lines, and whether it is decided: whether it does not
/// depend on what follows them. The lines are given with a NUL token after them, which every
/// judge refuses wherever it reads a token, so an answer without error never read past the
/// lines; an answer with an error is what was decided before the NUL or a fault. `input` is as
/// it was on return; the partial line after the last whole one is set aside meanwhile, so no
/// copy of the input is made.
pub fn try_lines(solve: Solve, input: &mut Vec<u8>) -> (Vec<u8>, bool) {
    let cut = whole_lines(input);
    let partial = input.split_off(cut);
    input.extend_from_slice(b"\0\n");
    let (answer, result) = solve_in_memory(solve, input);
    input.truncate(cut);
    input.extend_from_slice(&partial);
    (answer, result.is_ok())
}

/// The length of `input`'s whole lines: up to and with its last line end.
fn whole_lines(input: &[u8]) -> usize {
    input
        .iter()
        .rposition(|&b| b == b'\n' || b == b'\r')
        .map_or(0, |end| end + 1)
}

/// Runs `solve` on `input` in memory: the whole answer (up to the fault, on bad input) and the
/// result. What tests, fuzzing and `stress` call.
///
/// # Examples
///
/// ```
/// use minejudge::io::output::Output;
/// use minejudge::io::runner::solve_in_memory;
/// use minejudge::io::scanner::InputError;
///
/// fn double(input: &[u8], out: &mut Output) -> Result<(), InputError> {
///     out.extend_from_slice(input);
///     out.extend_from_slice(input);
///     Ok(())
/// }
/// assert_eq!(solve_in_memory(double, b"ab"), (b"abab".to_vec(), Ok(())));
/// ```
pub fn solve_in_memory(solve: Solve, input: &[u8]) -> (Vec<u8>, Result<(), InputError>) {
    let mut out = Output::in_memory();
    let result = solve(input, &mut out);
    (out.into_bytes(), result)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::io::scanner::Scanner;

    /// A judge that echoes each token up to `end` and reads nothing after it; without `end`,
    /// the input is refused.
    fn until_end(input: &[u8], out: &mut Output) -> Result<(), InputError> {
        let mut scanner = Scanner::new(input);
        while let Some(token) = scanner.token() {
            if token == b"end" {
                return Ok(());
            }
            if token.contains(&0) {
                return Err(scanner.error("a NUL"));
            }
            out.extend_from_slice(token);
            out.push(b'\n');
        }
        Err(scanner.error("no end"))
    }

    fn read(text: &[u8], first_try: usize, max: usize) -> Input {
        read_input(&mut &text[..], until_end, first_try, max).unwrap()
    }

    #[test]
    fn reading_stops_once_the_case_has_ended() {
        let mut text = b"a\nb end\n".to_vec();
        text.extend(b"junk\n".repeat(100));
        assert_eq!(read(&text, 16, 1 << 20), Input::Decided(b"a\nb\n".to_vec()));
        // Before the first try, the whole input is read.
        assert_eq!(read(&text, 1 << 10, 1 << 20), Input::Whole(text.clone()));
    }

    #[test]
    fn an_open_case_is_read_to_its_end_or_cut_at_the_most() {
        let text = b"a\n".repeat(100);
        assert_eq!(read(&text, 8, 200), Input::Whole(text.clone()));
        assert_eq!(read(&text, 8, 1 << 20), Input::Whole(text.clone()));
        let Input::TooLong { answer, line } = read(&text, 8, 101) else {
            panic!("not cut");
        };
        // 101 bytes hold 50 whole lines; the answer is theirs.
        assert_eq!((answer, line), (b"a\n".repeat(50), 51));
    }

    #[test]
    fn a_try_leaves_the_input_as_it_was() {
        let mut input = b"a\nb\nc".to_vec();
        assert_eq!(
            try_lines(until_end, &mut input),
            (b"a\nb\n".to_vec(), false)
        );
        assert_eq!(input, b"a\nb\nc");
        let mut input = b"a end\r\nc".to_vec();
        assert_eq!(try_lines(until_end, &mut input), (b"a\n".to_vec(), true));
        assert_eq!(input, b"a end\r\nc");
    }
}
