//! `acm-client`: the ACM class's advanced task; the AI player plays a game or a batch of the
//! course's maps through the server's rules, or prints a batch's maps (see `--help`).

use minejudge::io::args::{self, Args};
use minejudge::io::options::{self, unexpected, Table};
use minejudge::judges::Limits;
use minejudge::players::acm_client::solve::{self, Mode};
use minejudge::solver::Strength;
use std::process::ExitCode;

/// What the command line asks for: the mode, the limits and the player's strength.
type Parsed = (Mode, Limits, Strength);

/// An option of acm-client.
type Opt = options::Opt<Parsed>;

/// The options, which the usage line names: `--trace` or `--maps` (not both), `--limits` and
/// `--strength`.
fn options() -> Table<Parsed> {
    Table::of(
        vec![
            Opt::flag("--trace", "", |parsed, _| one_mode(parsed, Mode::Trace)),
            Opt::flag("--maps", "", |parsed, _| one_mode(parsed, Mode::Maps)),
            Opt::value("--limits", "course|wide", "", |parsed, given| {
                let choices = [("course", Limits::Course), ("wide", Limits::Wide)];
                parsed.1 = given.choice(&choices, "course or wide")?;
                Ok(())
            }),
            Opt::value("--strength", "default|strong", "", |parsed, given| {
                parsed.2 = Strength::named(&given.value)?;
                Ok(())
            }),
        ],
        0,
    )
}

/// Sets the mode, unless one is set already.
fn one_mode(parsed: &mut Parsed, mode: Mode) -> Result<(), String> {
    if parsed.0 != Mode::Play {
        return Err("give --trace or --maps, not both".into());
    }
    parsed.0 = mode;
    Ok(())
}

/// Reads the options (see [`options()`]).
fn parse(args: &mut Args) -> Result<Parsed, String> {
    let mut parsed = (Mode::Play, Limits::Course, Strength::Default);
    let subject = solve::PROGRAM.name;
    options().parse(&mut parsed, args, subject, |_, arg, _| {
        Err(unexpected(&arg))
    })?;
    Ok(parsed)
}

fn main() -> ExitCode {
    let usage = solve::PROGRAM
        .usage("[--trace | --maps] [--limits course|wide] [--strength default|strong]");
    match args::parse(&usage, parse) {
        Ok((mode, limits, strength)) => solve::program(mode, limits, strength).start(),
        Err(code) => code,
    }
}
