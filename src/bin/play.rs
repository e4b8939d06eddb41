//! `play`: Minesweeper in the browser, with the AI's hint and autoplay (see `--help` and
//! [`minejudge::play`]).

use minejudge::io::args::{self, Args};
use minejudge::play::{serve, Listen};
use std::net::{IpAddr, Ipv4Addr};
use std::process::ExitCode;

/// `play --help`.
const USAGE: &str = "\
usage: play [--host ADDR] [--port N]
  --port N     the port to listen on (default 8080; 0 picks a free port)
  --host ADDR  the address to listen on (default 127.0.0.1: this machine only); 0.0.0.0
               lets any device that reaches this machine, such as a phone on the same
               network, play (there is no password)";

/// Reads `--host` and `--port`.
fn parse_listen(args: &mut Args) -> Result<Listen, String> {
    let mut listen = Listen {
        host: IpAddr::V4(Ipv4Addr::LOCALHOST),
        port: 8080,
    };
    while let Some(flag) = args.next() {
        match flag.as_str() {
            "--port" => listen.port = args.number(&flag, 0, u16::MAX as u64)? as u16,
            "--host" => {
                let value = args.value(&flag)?;
                listen.host = value.parse().map_err(|_| {
                    format!("--host {value:?}: expected an IP address such as 0.0.0.0")
                })?;
            }
            _ => return Err(format!("unexpected argument {flag:?}")),
        }
    }
    Ok(listen)
}

fn main() -> ExitCode {
    match args::parse(USAGE, parse_listen) {
        Ok(listen) => serve(listen),
        Err(code) => code,
    }
}
