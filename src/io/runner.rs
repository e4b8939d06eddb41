//! Running a judge as a process: read all of stdin, solve, write stdout, and turn bad input
//! into one error line and exit status 1.

use crate::io::args;
use crate::io::output::{write_error, Output};
use crate::io::scanner::InputError;
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

/// Reads all of stdin, solves it into an [`Output::to_stdout`] (which streams large answers),
/// and on bad input, or when stdout cannot be written (a full disk; a closed pipe is the
/// reader's choice), prints the error line on stderr and exits with status 1.
pub fn run(solve: Solve) -> ExitCode {
    let mut input = Vec::new();
    let mut out = Output::to_stdout();
    let result = match std::io::stdin().lock().read_to_end(&mut input) {
        Ok(_) => solve(&input, &mut out),
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
