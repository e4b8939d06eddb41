//! `package`: a judge as a problem package for another judge system (see `--help` and
//! [`minejudge::package`]).

use minejudge::bundle::default_src;
use minejudge::io::args::{self, Args};
use minejudge::judges::{named, names};
use minejudge::package::{package, write, Format, Request};
use std::path::PathBuf;
use std::process::ExitCode;

const USAGE: &str = "\
usage: package <judge> --format kattis|hydro|lemon|acmoj --out DIR [--tests N] [--seed S]
               [--src DIR]
  <judge>: {judges}
Writes <judge> as a problem package into DIR (a new or empty folder): a statement in English
and Chinese, the samples, N secret tests inside the course's limits (default 20: the crafted
ones first, then random ones drawn from seed S, default 1) with our judge's answers, the
input validator, an output checker where the original judge does not compare word by word,
and submissions (our solution, planted bugs, a brute force).
  --format kattis  the Kattis 2023-07 format (problemtools, DOMjudge)
  --format hydro   Hydro's problem folder (testdata/config.yaml)
  --format lemon   a LemonLime contest (<judge>.cdf, data/, source/)
  --format acmoj   ACMOJ's data folder (config.json)
  --src DIR        read the crate's sources from DIR instead of this crate's";

/// The request, the output folder and the sources.
fn parse(args: &mut Args) -> Result<(Request, PathBuf, PathBuf), String> {
    let judge = match args.next() {
        Some(name) if !name.starts_with('-') => named(&name)?,
        _ => return Err("the first argument must name a judge".into()),
    };
    let (mut format, mut out) = (None, None);
    let (mut tests, mut seed, mut src) = (20, 1, default_src());
    while let Some(flag) = args.next() {
        match flag.as_str() {
            "--format" => format = Some(Format::named(&args.value(&flag)?)?),
            "--out" => out = Some(PathBuf::from(args.value(&flag)?)),
            "--tests" => tests = args.number(&flag, 0, 1000)? as usize,
            "--seed" => seed = args.number(&flag, 0, u64::MAX)?,
            "--src" => src = PathBuf::from(args.value(&flag)?),
            _ => return Err(format!("unexpected argument {flag:?}")),
        }
    }
    let format = format.ok_or("--format is required")?;
    let out = out.ok_or("--out DIR is required")?;
    let request = Request {
        judge,
        format,
        tests,
        seed,
    };
    Ok((request, out, src))
}

fn main() -> ExitCode {
    let usage = USAGE.replace("{judges}", &names());
    let (request, out, src) = match args::parse(&usage, parse) {
        Ok(parsed) => parsed,
        Err(code) => return code,
    };
    match package(&request, &src).and_then(|files| write(&files, &out)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("error: {message}");
            ExitCode::from(1)
        }
    }
}
