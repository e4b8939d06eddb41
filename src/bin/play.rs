//! `play`: Minesweeper in the browser, with the AI's hint and autoplay, and the JLU course's
//! part (3): the student's own functions in the game (see `--help` and [`minejudge::play`]).

use minejudge::io::args::{self, Args};
use minejudge::play::{serve, Functions, Listen};
use std::net::{IpAddr, Ipv4Addr};
use std::path::PathBuf;
use std::process::ExitCode;

/// `play --help`.
const USAGE: &str = "\
usage: play [--host ADDR] [--port N] [--functions FILE]... [--cxx PATH]
  --port N          the port to listen on (default 8080; 0 picks a free port)
  --host ADDR       the address to listen on (default 127.0.0.1: this machine only); 0.0.0.0
                    lets any device that reaches this machine, such as a phone on the same
                    network, play (there is no password)
  --functions FILE  your JLU part (3) functions, as in CButtonView.cpp (no main): your
                    `int RefreshGamePanel(int GamePanel[30][30], int x, int y, int mine[30][30],
                    int n, int m, int k)` is checked against our rules after every click, your
                    `void machine(int GamePanel[30][30], int n, int m, int &x, int &y)` plays
                    Hint and Autoplay beside ours; a file may hold either or both, and more
                    files are compiled together. A file that does not compile: exit 2
  --cxx PATH        the C++ compiler (else $CXX, else g++, c++ or clang++)";

/// What the command line asks for.
struct Options {
    listen: Listen,
    functions: Vec<PathBuf>,
    cxx: Option<String>,
}

/// Reads `--host`, `--port`, `--functions` and `--cxx`.
fn parse_options(args: &mut Args) -> Result<Options, String> {
    let mut options = Options {
        listen: Listen {
            host: IpAddr::V4(Ipv4Addr::LOCALHOST),
            port: 8080,
        },
        functions: Vec::new(),
        cxx: None,
    };
    while let Some(flag) = args.next() {
        match flag.as_str() {
            "--port" => options.listen.port = args.number(&flag, 0, u16::MAX as u64)? as u16,
            "--host" => {
                let value = args.value(&flag)?;
                options.listen.host = value.parse().map_err(|_| {
                    format!("--host {value:?}: expected an IP address such as 0.0.0.0")
                })?;
            }
            "--functions" => options.functions.push(PathBuf::from(args.value(&flag)?)),
            "--cxx" => options.cxx = Some(args.value(&flag)?),
            _ => return Err(format!("unexpected argument {flag:?}")),
        }
    }
    if options.cxx.is_some() && options.functions.is_empty() {
        return Err("--cxx goes with --functions FILE".to_string());
    }
    Ok(options)
}

fn main() -> ExitCode {
    let options = match args::parse(USAGE, parse_options) {
        Ok(options) => options,
        Err(code) => return code,
    };
    if options.functions.is_empty() {
        return serve(options.listen, None);
    }
    let functions = match Functions::compile(&options.functions, options.cxx.as_deref()) {
        Ok(functions) => functions,
        Err(message) => {
            eprintln!("error: {message}");
            return ExitCode::from(2);
        }
    };
    // The student's process is in a group of its own: Ctrl-C must end it too.
    minejudge::stress::kill_children_on_interrupt();
    serve(options.listen, Some(functions))
}
