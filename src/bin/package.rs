//! `package`: a judge as a problem package for another judge system (see `--help` and
//! [`minejudge::package`]).

use minejudge::bundle::default_src;
use minejudge::io::args::{self, Args};
use minejudge::io::options::{self, unexpected, Table};
use minejudge::judges::{named, names, Judge};
use minejudge::package::{
    acm_client, jlu_machine, license, package, read_submission, read_tests, write, Additions, File,
    Format, Request, Test, LICENSES,
};
use std::path::PathBuf;
use std::process::ExitCode;

/// The usage text before the options' list.
const USAGE_HEAD: &str = "\
usage: package <judge> --format kattis|kattis-2025-09|hydro|lemon|acmoj|dmoj --out DIR
               [--tests N] [--seed S] [--add-tests DIR] [--add-submission KIND=FILE]...
               [--time-limit S] [--license L] [--rights-owner NAME] [--src DIR]
       package jlu-machine --format kattis|acmoj|hydro|lemon --out DIR [--tests N] [--seed S]
               [--add-submission KIND=FILE]... [--license L] [--rights-owner NAME] [--src DIR]
       package acm-client --format kattis|acmoj|hydro --out DIR [--tests N] [--seed S]
               [--add-submission KIND=FILE]... [--license L] [--rights-owner NAME] [--src DIR]
  <judge>: {judges}
Writes <judge> as a problem package into DIR (a new or empty folder): a statement in English
and Chinese, the samples, N secret tests inside the course's limits (default 20: the crafted
ones first, then random ones drawn from seed S, default 1) with our judge's answers, the
input validator, an output checker where the original judge does not compare word by word,
and submissions (our solution, planted bugs, a brute force).
jlu-machine, the course's AI, is an interactive, scoring problem (not DMOJ, not Kattis 2025-09):
its interactor plays 10 games per test (N tests, seeds drawn from S) and scores them as the
course does; the submissions are our machine, a weaker one, and a wrong one.
acm-client, the ACM class's client, is one too (Kattis, ACMOJ and Hydro only): its interactor is the course's
server, playing 10 maps per test (N tests, batches drawn from S) and scoring them as the
course scores a batch; the submissions are our client, a weaker one, and a wrong one.
  --format kattis          the Kattis 2023-07 format (problemtools, DOMjudge)
  --format kattis-2025-09  the Kattis 2025-09 format, LaTeX statements (BAPCtools)
  --format hydro           Hydro's problem folder (testdata/config.yaml)
  --format lemon           a LemonLime contest (<judge>.cdf, data/, source/)
  --format acmoj           ACMOJ's data folder (config.json)
  --format dmoj            DMOJ's problem folder (init.yml; statements beside)
The time limit: the Kattis formats give the multipliers by which the judge system computes it
from the accepted submissions (problemtools does; BAPCtools once `bt time_limit` writes it);
the others take the course's. --time-limit fixes it in every format.";

/// What to package: a judge, or the machine.
enum Subject {
    Judge(&'static Judge),
    JluMachine,
    AcmClient,
}

/// What the command line asks for.
struct Parsed {
    subject: Subject,
    format: Format,
    tests: usize,
    seed: u64,
    out: PathBuf,
    src: PathBuf,
    added_tests: Option<PathBuf>,
    additions: Additions,
}

/// What the command line says, as it is read.
struct Reading {
    subject: Subject,
    format: Option<Format>,
    tests: usize,
    seed: u64,
    out: Option<PathBuf>,
    src: PathBuf,
    added_tests: Option<PathBuf>,
    additions: Additions,
}

/// An option of package.
type Opt = options::Opt<Reading>;

/// Package's options: `--format`, `--out`, `--tests` and `--seed` as [`USAGE_HEAD`] describes
/// them, a teacher's additions, and `--src`.
fn options() -> Table<Reading> {
    let options = vec![
        Opt::value("--format", "F", "", |parsed, given| {
            parsed.format = Some(Format::named(&given.value)?);
            Ok(())
        }),
        Opt::value("--out", "DIR", "", |parsed, given| {
            parsed.out = Some(given.path());
            Ok(())
        }),
        Opt::value("--tests", "N", "", |parsed, given| {
            parsed.tests = given.number(0, 1000)? as usize;
            Ok(())
        })
        .default("20"),
        Opt::value("--seed", "S", "", |parsed, given| {
            parsed.seed = given.number(0, u64::MAX)?;
            Ok(())
        })
        .default("1"),
        Opt::value(
            "--add-tests",
            "DIR",
            "add the .in/.ans pairs of DIR as secret tests, after ours (with --tests 0,\n\
             only these), each input checked by the package's validator",
            |parsed, given| {
                parsed.added_tests = Some(given.path());
                Ok(())
            },
        ),
        Opt::repeated(
            "--add-submission",
            "KIND=FILE",
            "add FILE (.c, .cpp, .py or .rs) as a submission that must get KIND:\n\
             accepted, wrong-answer, too-slow or run-time-error",
            |parsed, given| {
                let submission = read_submission(&given.value)?;
                parsed.additions.submissions.push(submission);
                Ok(())
            },
        ),
        Opt::value(
            "--time-limit",
            "S",
            "a fixed time limit of S whole seconds in every format",
            |parsed, given| {
                parsed.additions.time_limit = Some(given.number(1, 60)? as u32);
                Ok(())
            },
        ),
        Opt::value(
            "--license",
            "L",
            &format!(
                "the package's license, one of the Kattis format's: {}\n\
                 (default unknown: a course's data is not ours to license)",
                LICENSES.join(", ")
            ),
            |parsed, given| {
                parsed.additions.rights.license = Some(license(&given.value)?);
                Ok(())
            },
        ),
        Opt::value(
            "--rights-owner",
            "NAME",
            "who holds the rights to the package (default: nobody named)",
            |parsed, given| {
                parsed.additions.rights.rights_owner = Some(given.value.clone());
                Ok(())
            },
        ),
        Opt::value(
            "--src",
            "DIR",
            "read the crate's sources from DIR instead of this crate's",
            |parsed, given| {
                parsed.src = given.path();
                Ok(())
            },
        ),
    ];
    Table::of(options, 27)
}

/// Reads the command line (see [`USAGE_HEAD`]).
fn parse(args: &mut Args) -> Result<Parsed, String> {
    let subject = match args.next() {
        Some(name) if name == "jlu-machine" => Subject::JluMachine,
        Some(name) if name == "acm-client" => Subject::AcmClient,
        Some(name) if !name.starts_with('-') => Subject::Judge(named(&name)?),
        _ => return Err("the first argument must name a judge".into()),
    };
    let mut parsed = Reading {
        subject,
        format: None,
        tests: 0,
        seed: 0,
        out: None,
        src: default_src(),
        added_tests: None,
        additions: Additions::default(),
    };
    options().parse(&mut parsed, args, "package", |_, arg, _| {
        Err(unexpected(&arg))
    })?;
    Ok(Parsed {
        subject: parsed.subject,
        format: parsed.format.ok_or("--format is required")?,
        tests: parsed.tests,
        seed: parsed.seed,
        out: parsed.out.ok_or("--out DIR is required")?,
        src: parsed.src,
        added_tests: parsed.added_tests,
        additions: parsed.additions,
    })
}

/// The files of the package `parsed` asks for.
fn files(parsed: &Parsed) -> Result<Vec<File>, String> {
    let mut additions = parsed.additions.clone();
    if let Some(dir) = &parsed.added_tests {
        additions.tests = match parsed.subject {
            Subject::Judge(judge) => read_tests(judge, dir)?,
            // Their tests are seeds, not files: any test is refused, with the reason.
            Subject::JluMachine | Subject::AcmClient => vec![Test::default()],
        };
    }
    match parsed.subject {
        Subject::Judge(judge) => {
            let request = Request {
                judge,
                format: parsed.format,
                tests: parsed.tests,
                seed: parsed.seed,
            };
            package(&request, &additions, &parsed.src)
        }
        Subject::JluMachine => jlu_machine::files(
            parsed.format,
            parsed.tests,
            parsed.seed,
            &additions,
            &parsed.src,
        ),
        Subject::AcmClient => acm_client::files(
            parsed.format,
            parsed.tests,
            parsed.seed,
            &additions,
            &parsed.src,
        ),
    }
}

fn main() -> ExitCode {
    let usage = format!(
        "{}\n{}",
        USAGE_HEAD.replace("{judges}", &names()),
        options().usage()
    );
    let parsed = match args::parse(&usage, parse) {
        Ok(parsed) => parsed,
        Err(code) => return code,
    };
    match files(&parsed).and_then(|files| write(&files, &parsed.out)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("error: {message}");
            ExitCode::from(1)
        }
    }
}
