//! `gen`: one seeded, valid input for any judge of the crate (see `--help`).

use minejudge::io::args::{self, Args};
use minejudge::io::output::write_stdout;
use minejudge::judges::options::{self, GenOptions};
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
        options::usage()
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

/// The judge, seed and request the arguments ask for.
fn parse(args: &mut Args) -> Result<(&'static Judge, u64, GenOptions), String> {
    let name = match args.next() {
        Some(name) if !name.starts_with('-') => name,
        _ => return Err("the first argument must name a binary".into()),
    };
    let judge = named(&name)?;
    let mut seed = None;
    let mut request = GenOptions::default();
    while let Some(flag) = args.next() {
        if flag == "--seed" {
            seed = Some(args.number(&flag, 0, u64::MAX)?);
        } else if !request.read_option(judge, &flag, args)? {
            return Err(format!("unexpected argument {flag:?}"));
        }
    }
    let seed = seed.ok_or("--seed S is required")?;
    request.check(judge)?;
    Ok((judge, seed, request))
}
