//! `jlu-machine`: the JLU course's `machine`: one panel in, one click out (see `--help`).

use minejudge::io::args::{self, Args};
use minejudge::io::options::{self, unexpected, Table};
use minejudge::players::jlu_machine::solve;
use minejudge::solver::Strength;
use std::process::ExitCode;

/// An option of jlu-machine.
type Opt = options::Opt<Strength>;

/// The options, which the usage line names: `--strength`.
fn options() -> Table<Strength> {
    Table::of(
        vec![Opt::value(
            "--strength",
            "default|strong",
            "",
            |strength, given| {
                *strength = Strength::named(&given.value)?;
                Ok(())
            },
        )],
        0,
    )
}

/// Reads the options (see [`options()`]).
fn parse(args: &mut Args) -> Result<Strength, String> {
    let mut strength = Strength::Default;
    let subject = solve::PROGRAM.name;
    options().parse(&mut strength, args, subject, |_, arg, _| {
        Err(unexpected(&arg))
    })?;
    Ok(strength)
}

fn main() -> ExitCode {
    let usage = solve::PROGRAM.usage("[--strength default|strong]");
    match args::parse(&usage, parse) {
        Ok(strength) => solve::program(strength).start(),
        Err(code) => code,
    }
}
