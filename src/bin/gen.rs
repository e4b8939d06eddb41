//! `gen`: one seeded, valid input for any judge of the crate (see `--help`).

use minejudge::io::args::{self, Args};
use minejudge::io::options::{self, unexpected, Table};
use minejudge::io::output::write_stdout;
use minejudge::judges::options::{self as judge_options, GenOptions};
use minejudge::judges::{named, names, Judge};
use std::process::ExitCode;

const USAGE_HEAD: &str = "\
usage: gen <binary> --seed S [--size small|medium|max] [options]
  <binary>: {judges}
  Prints one valid input for <binary>; the same arguments give the same bytes everywhere.";

fn main() -> ExitCode {
    let usage = format!(
        "{}\n{}",
        USAGE_HEAD.replace("{judges}", &names()),
        judge_options::usage()
    );
    match args::parse(&usage, parse) {
        Ok((judge, seed, request)) => {
            let input = judge.generate(seed, request.size, &request.knobs);
            match write_stdout(&input) {
                Ok(()) => ExitCode::SUCCESS,
                Err(line) => {
                    eprintln!("{line}");
                    ExitCode::from(1)
                }
            }
        }
        Err(code) => code,
    }
}

/// What the command line says, as it is read: the judge, the seed and the request.
struct Parsed {
    judge: &'static Judge,
    seed: Option<u64>,
    request: GenOptions,
}

/// Gen's own option; the judges' input options are [`GenOptions`]'.
fn options() -> Table<Parsed> {
    let seed = options::Opt::value("--seed", "S", "", |parsed: &mut Parsed, given| {
        parsed.seed = Some(given.number(0, u64::MAX)?);
        Ok(())
    });
    Table::of(vec![seed], 0)
}

/// The judge, seed and request the arguments ask for.
fn parse(args: &mut Args) -> Result<(&'static Judge, u64, GenOptions), String> {
    let name = match args.next() {
        Some(name) if !name.starts_with('-') => name,
        _ => return Err("the first argument must name a binary".into()),
    };
    let mut parsed = Parsed {
        judge: named(&name)?,
        seed: None,
        request: GenOptions::default(),
    };
    options().parse(&mut parsed, args, &name, |parsed, flag, args| match parsed
        .request
        .read_option(parsed.judge, &flag, args)?
    {
        true => Ok(()),
        false => Err(unexpected(&flag)),
    })?;
    let seed = parsed.seed.ok_or("--seed S is required")?;
    parsed.request.check(parsed.judge)?;
    Ok((parsed.judge, seed, parsed.request))
}
