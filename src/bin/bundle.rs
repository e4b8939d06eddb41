//! `bundle`: one self-contained Rust source file for an online judge, from any binary of this
//! crate (see `--help` and [`minejudge::bundle`]).

use minejudge::bundle::{bundle, default_src, leetcode_bundle};
use minejudge::io::args::{self, Args};
use minejudge::io::options::{self, unexpected, Table};
use minejudge::io::output::write_stdout;
use std::path::PathBuf;
use std::process::ExitCode;

const USAGE: &str = "\
usage: bundle [--src DIR] <binary>
       bundle [--src DIR] --leetcode update-board
Prints <binary> (src/bin/<binary>.rs) and the library modules it uses as one Rust file that
compiles alone with `rustc --edition 2021 -O` (Rust 1.70 and later). --leetcode prints
LeetCode's form of update-board instead: the `impl Solution` block and what it uses, to paste
below LeetCode's own code. --src reads the crate's sources from DIR instead of this crate's.";

/// What to bundle: the sources, the binary, and whether in LeetCode's form.
struct Parsed {
    src: PathBuf,
    name: Option<String>,
    leetcode: bool,
}

/// An option of bundle.
type Opt = options::Opt<Parsed>;

/// Bundle's options, which [`USAGE`]'s prose describes.
fn options() -> Table<Parsed> {
    let options = vec![
        Opt::value("--src", "DIR", "", |parsed, given| {
            parsed.src = given.path();
            Ok(())
        }),
        Opt::flag("--leetcode", "", |parsed, _| {
            parsed.leetcode = true;
            Ok(())
        }),
    ];
    Table::of(options, 0)
}

/// Reads the options and the binary's name, which may come among them.
fn parse(args: &mut Args) -> Result<(PathBuf, String, bool), String> {
    let mut parsed = Parsed {
        src: default_src(),
        name: None,
        leetcode: false,
    };
    options().parse(&mut parsed, args, "bundle", |parsed, arg, _| {
        if parsed.name.is_none() && !arg.starts_with('-') {
            parsed.name = Some(arg);
            return Ok(());
        }
        Err(unexpected(&arg))
    })?;
    let name = parsed.name.ok_or("name the binary to bundle")?;
    if parsed.leetcode && name != "update-board" {
        return Err(format!("--leetcode knows only update-board, not {name:?}"));
    }
    Ok((parsed.src, name, parsed.leetcode))
}

fn main() -> ExitCode {
    let (src, name, leetcode) = match args::parse(USAGE, parse) {
        Ok(parsed) => parsed,
        Err(code) => return code,
    };
    let text = if leetcode {
        leetcode_bundle(&src)
    } else {
        bundle(&src, &name)
    };
    match text.map(|text| write_stdout(text.as_bytes())) {
        Ok(Ok(())) => ExitCode::SUCCESS,
        Ok(Err(line)) => {
            eprintln!("{line}");
            ExitCode::from(1)
        }
        Err(message) => {
            eprintln!("error: {message}");
            ExitCode::from(2)
        }
    }
}
