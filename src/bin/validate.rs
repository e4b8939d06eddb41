//! `validate`: the input validator of a problem package (see `--help` and
//! [`minejudge::judges::Judge::validate`]).

use minejudge::io::args::{self, Args};
use minejudge::judges::{named, names, Judge};
use std::io::Read;
use std::process::ExitCode;

const USAGE: &str = "\
usage: validate <judge> [ignored...] < INPUT
  <judge>: {judges}
Reads one test input on stdin and exits 42 when it is written exactly as the statement says
and inside the limits of the course's judge, 43 (with the reason on stderr) when it is not:
the input validators' protocol of the Kattis problem format. Arguments after <judge> are
ignored, so that a judge system may pass flags of its own.";

/// Exit statuses of the Kattis protocol: the input is accepted, or rejected.
const ACCEPT: u8 = 42;
const REJECT: u8 = 43;

fn parse(args: &mut Args) -> Result<&'static Judge, String> {
    let judge = match args.next() {
        Some(name) if !name.starts_with('-') => named(&name)?,
        _ => return Err("the first argument must name a judge".into()),
    };
    while args.next().is_some() {}
    Ok(judge)
}

fn main() -> ExitCode {
    let judge = match args::parse(&USAGE.replace("{judges}", &names()), parse) {
        Ok(judge) => judge,
        Err(code) => return code,
    };
    let mut input = Vec::new();
    if let Err(err) = std::io::stdin().read_to_end(&mut input) {
        eprintln!("error: reading the input: {err}");
        return ExitCode::from(REJECT);
    }
    match judge.validate(&input) {
        Ok(()) => ExitCode::from(ACCEPT),
        Err(reason) => {
            eprintln!("error: {reason}");
            ExitCode::from(REJECT)
        }
    }
}
