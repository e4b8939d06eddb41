//! `bundle`: one self-contained Rust source file for an online judge, from any binary of this
//! crate (see `--help` and [`minejudge::bundle`]).

use minejudge::bundle::{bundle, default_src, leetcode_bundle};
use minejudge::io::args::{self, Args};
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
fn parse(args: &mut Args) -> Result<(PathBuf, String, bool), String> {
    let mut src = default_src();
    let mut leetcode = false;
    let mut name = None;
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--src" => src = PathBuf::from(args.value(&arg)?),
            "--leetcode" => leetcode = true,
            _ if name.is_none() && !arg.starts_with('-') => name = Some(arg),
            _ => return Err(format!("unexpected argument {arg:?}")),
        }
    }
    let name = name.ok_or("name the binary to bundle")?;
    if leetcode && name != "update-board" {
        return Err(format!("--leetcode knows only update-board, not {name:?}"));
    }
    Ok((src, name, leetcode))
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
