//! `acm-client`: the ACM class's advanced task; the AI player plays a game or a batch of maps
//! through the server's rules (see `--help`).

use minejudge::games::acm::client;
use minejudge::io::args;
use std::process::ExitCode;

fn main() -> ExitCode {
    let usage = client::PROGRAM.usage("[--trace]");
    let traced = args::parse(&usage, |args| match args.next() {
        Some(flag) if flag == "--trace" => Ok(true),
        Some(other) => Err(format!("unexpected argument {other:?}")),
        None => Ok(false),
    });
    match traced {
        Ok(true) => client::TRACED.start(),
        Ok(false) => client::PROGRAM.start(),
        Err(code) => code,
    }
}
