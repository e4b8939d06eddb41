//! `play`: Minesweeper in the browser, with the AI's hint and autoplay, and the JLU course's
//! part (3): the student's own functions in the game (see `--help` and [`minejudge::play`]).

use minejudge::io::args::{self, Args};
use minejudge::io::options::{self, unexpected, Table};
use minejudge::play::{serve, Functions, Listen};
use std::net::{IpAddr, Ipv4Addr};
use std::path::PathBuf;
use std::process::ExitCode;

/// The usage line.
const USAGE_HEAD: &str = "usage: play [--host ADDR] [--port N] [--functions FILE]... [--cxx PATH]";

/// What the command line asks for.
struct Options {
    listen: Listen,
    functions: Vec<PathBuf>,
    cxx: Option<String>,
}

/// An option of play.
type Opt = options::Opt<Options>;

/// Play's options.
fn options() -> Table<Options> {
    let options = vec![
        Opt::value(
            "--port",
            "N",
            "the port to listen on (default {default}; 0 picks a free port)",
            |options, given| {
                options.listen.port = given.number(0, u16::MAX as u64)? as u16;
                Ok(())
            },
        )
        .default("8080"),
        Opt::value(
            "--host",
            "ADDR",
            "the address to listen on (default {default}: this machine only); 0.0.0.0\n\
             lets any device that reaches this machine, such as a phone on the same\n\
             network, play (there is no password)",
            |options, given| {
                let host = given.value.parse();
                options.listen.host =
                    host.map_err(|_| given.bad("an IP address such as 0.0.0.0"))?;
                Ok(())
            },
        )
        .default("127.0.0.1"),
        Opt::repeated(
            "--functions",
            "FILE",
            "your JLU part (3) functions, as in CButtonView.cpp (no main): your\n\
             `int RefreshGamePanel(int GamePanel[30][30], int x, int y, int mine[30][30],\n\
             int n, int m, int k)` is checked against our rules after every click, your\n\
             `void machine(int GamePanel[30][30], int n, int m, int &x, int &y)` plays\n\
             Hint and Autoplay beside ours; a file may hold either or both, and more\n\
             files are compiled together. A file that does not compile: exit 2",
            |options, given| {
                options.functions.push(given.path());
                Ok(())
            },
        ),
        Opt::value(
            "--cxx",
            "PATH",
            "the C++ compiler (else $CXX, else g++, c++ or clang++)",
            |options, given| {
                options.cxx = Some(given.value);
                Ok(())
            },
        ),
    ];
    Table::of(options, 20)
}

/// Reads the options (see [`options()`]).
fn parse_options(args: &mut Args) -> Result<Options, String> {
    let mut options = Options {
        // Both set from the table's defaults.
        listen: Listen {
            host: IpAddr::V4(Ipv4Addr::UNSPECIFIED),
            port: 0,
        },
        functions: Vec::new(),
        cxx: None,
    };
    self::options().parse(&mut options, args, "play", |_, arg, _| {
        Err(unexpected(&arg))
    })?;
    if options.cxx.is_some() && options.functions.is_empty() {
        return Err("--cxx goes with --functions FILE".to_string());
    }
    Ok(options)
}

fn main() -> ExitCode {
    let options = match args::parse(
        &format!("{USAGE_HEAD}\n{}", options().usage()),
        parse_options,
    ) {
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
    minejudge::sandbox::kill_children_on_interrupt();
    serve(options.listen, Some(functions))
}
