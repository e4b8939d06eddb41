//! `play`: Minesweeper in the browser (the JLU course's part (3)), served on 127.0.0.1 (or on
//! `--host ADDR`, for a phone on the same network).
//!
//! [`serve`] (the binary's `--host ADDR` and `--port N`; default 127.0.0.1:8080, port 0
//! picks a free one) prints the page's URL, then one line saying who can reach it, and serves
//! one page (`page`: `page.html` with `page.css` and `page.js` inlined) and a small JSON API
//! (`routes`, every answer written by `json`). The games live in `game`, the honest advice in `advice`, pasted positions in `position`,
//! exports to the judges in `export`, the HTTP messages in `http`, who may connect and for how
//! long in `connections`, the queue of heavy work in `gate`, the `Host` check in `host`. The rules, the mine map and
//! the solver stay here: the page sends each move and draws the board it gets back. The mine
//! map leaves the server only for `/reveal` (the course's right-click test, which marks the
//! game as peeked), in an export, and once the game is over.
//!
//! API (arguments in the query string; every answer is JSON, errors are plain text):
//! - `POST /new?rows=R&cols=C&mines=K[&seed=S][&start=safe|opening]`: a new game; mines are
//!   dealt at its first open, never on that cell (nor, for an opening start, next to it):
//!   the same seed and first click give the same map. `POST /new?replay=ID`: game ID's board
//!   again, its first click made.
//! - `GET /state?game=ID`; `POST /open|/flag|/chord?game=ID&row=R&col=C` (flag toggles);
//!   all answer the game's state (see `json::game`).
//! - `GET /hint?game=ID`: the next move from the numbers alone, with its mine probability,
//!   whether it is certain and why, and the player's flags as proven, unproven or wrong;
//!   `POST /step?game=ID` makes that move and answers both (autoplay).
//! - `GET /analysis?game=ID`: every closed cell's mine probability, the proven cells, the
//!   flags, the guess and its runners-up (`json::analysis`).
//! - `GET /reveal?game=ID`: the mine map, one `0`/`1` per cell (all `0` before the first open).
//! - `POST /position[?mines=K]`, the text of a position as the body: its analysis.
//! - `GET /export?game=ID&judge=mine-ops|acm-server|jlu-panel`: the game as that judge's
//!   input and expected output (`export`).
//!
//! A hint, a step or the analysis while playing marks the game as assisted; `/reveal` while
//! playing marks it as peeked: the page keeps such games apart in its statistics.
//! Clicks count the opens and chords that changed the board (flags are not clicks), as the
//! course counts valid clicks. At most `game::MAX_GAMES` games are kept: the oldest goes first.
//!
//! Shutting down: Ctrl-C (SIGINT) ends the process by the default signal action. Nothing is
//! kept on disk and the kernel closes every socket, so there is nothing to flush or save; std
//! has no signal API, and a `/quit` endpoint would let any web page stop the server.

mod advice;
mod connections;
mod export;
mod game;
mod gate;
mod host;
mod http;
mod json;
mod page;
mod position;
mod routes;

use game::BrowserGames;
use std::io::Write;
use std::net::{IpAddr, Ipv4Addr, SocketAddr, TcpListener, UdpSocket};
use std::process::ExitCode;
use std::sync::{Arc, Mutex};
use std::time::{SystemTime, UNIX_EPOCH};

/// Where `play` listens.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Listen {
    /// The address (`--host`).
    pub host: IpAddr,
    /// The port (`--port`).
    pub port: u16,
}

/// The page's URL for this machine, and the line saying who else can reach the server.
fn reach(host: IpAddr, port: u16) -> (String, String) {
    let url = |ip: IpAddr| format!("http://{}/", SocketAddr::new(ip, port));
    if host.is_loopback() {
        let line = "only this machine can reach it (--host 0.0.0.0 to play from a phone)";
        return (url(host), line.to_string());
    }
    if !host.is_unspecified() {
        let line = format!(
            "any device that can reach {host} on port {port} can play (there is no password)"
        );
        return (url(host), line);
    }
    let mut line = format!(
        "listening on every interface: any device that can reach this machine on port {port}          can play (there is no password)"
    );
    if let Some(lan) = lan_address() {
        line.push_str(&format!("; from a phone on the same network: {}", url(lan)));
    }
    let local = match host {
        IpAddr::V4(_) => IpAddr::V4(Ipv4Addr::LOCALHOST),
        IpAddr::V6(_) => IpAddr::V6(std::net::Ipv6Addr::LOCALHOST),
    };
    (url(local), line)
}

/// This machine's address on its network: the source address of a route to a documentation
/// address (connecting a UDP socket sends nothing).
fn lan_address() -> Option<IpAddr> {
    let socket = UdpSocket::bind((Ipv4Addr::UNSPECIFIED, 0)).ok()?;
    socket.connect((Ipv4Addr::new(192, 0, 2, 1), 9)).ok()?;
    let ip = socket.local_addr().ok()?.ip();
    (!ip.is_unspecified() && !ip.is_loopback()).then_some(ip)
}

/// Listens on `listen`, prints the page's URL and who can reach it, and serves until the
/// process is stopped.
pub fn serve(listen: Listen) -> ExitCode {
    let listener = match TcpListener::bind((listen.host, listen.port)) {
        Ok(listener) => listener,
        Err(err) => {
            let addr = SocketAddr::new(listen.host, listen.port);
            eprintln!("error: cannot listen on {addr}: {err}");
            return ExitCode::FAILURE;
        }
    };
    let port = listener
        .local_addr()
        .map(|addr| addr.port())
        .unwrap_or(listen.port);
    let (url, who) = reach(listen.host, port);
    // Tests and scripts read the URL from a pipe: it must not wait in a buffer. A reader that
    // takes the first line and closes the pipe is no error.
    let mut stdout = std::io::stdout().lock();
    let _ = writeln!(stdout, "{url}\n{who}").and_then(|()| stdout.flush());
    drop(stdout);
    let seed = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|time| time.as_nanos() as u64)
        .unwrap_or(0)
        ^ u64::from(std::process::id()).rotate_left(32);
    let games = Arc::new(Mutex::new(BrowserGames::new(seed)));
    connections::serve(
        listener,
        move |request| routes::route(&games, request),
        routes::is_heavy,
    );
    ExitCode::SUCCESS
}
