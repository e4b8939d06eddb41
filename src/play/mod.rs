//! `play`: Minesweeper in the browser (the JLU course's part (3)), served on 127.0.0.1 (or on
//! `--host ADDR`, for a phone on the same network).
//!
//! [`serve`] (the binary's `--host ADDR` and `--port N`; default 127.0.0.1:8080, port 0
//! picks a free one) prints the page's URL, then one line saying who can reach it, and serves
//! one page (`page`: `page.html` with `page.css`, `words.js` and `page.js` inlined) and a small JSON API
//! (`routes`, every answer written by `json`). The games live in `game`, the honest advice in
//! `advice`, pasted positions in `position`, exports to the judges in `export`, the HTTP
//! messages in `http`, who may connect and for how long in `connections`, the queue of heavy
//! work in `gate`, the `Host` check in `host`. The rules, the mine map and the solver stay
//! here: the page sends each move and draws the board it gets back. The mine map leaves the
//! server only for `/reveal` (the course's right-click test, which marks the game as peeked),
//! in an export, and once the game is over.
//!
//! With the student's own functions ([`Functions`], the binary's `--functions FILE`, compiled
//! with our driver `functions.cpp` in `functions`), a third line names them; their
//! `RefreshGamePanel` is checked against our rules after every click (`check`) and their
//! `machine` plays beside ours in the hint and in autoplay.
//!
//! API (arguments in the query string; every answer is JSON, errors are plain text):
//! - `POST /new?rows=R&cols=C&mines=K[&seed=S][&start=safe|opening]`: a new game; mines are
//!   dealt at its first open, never on that cell (nor, for an opening start, next to it):
//!   the same seed and first click give the same map. `POST /new?replay=ID`: game ID's board
//!   again, its first click made.
//! - `GET /state?game=ID`; `POST /open|/flag|/chord?game=ID&row=R&col=C` (flag toggles);
//!   all answer the game's state (see `json::game`; with the student's `RefreshGamePanel`,
//!   its checks in `yours`, `json::checks`).
//! - `GET /hint?game=ID`: the next move from the numbers alone, with its mine probability,
//!   whether it is certain and why, and the player's flags as proven, unproven or wrong (with
//!   the student's `machine`, its click in `machine`, `json::machine`);
//!   `POST /step?game=ID` makes that move and answers both (autoplay); `POST
//!   /step?game=ID&by=yours` makes the student's machine's click instead, beside ours.
//! - `GET /analysis?game=ID`: every closed cell's mine probability, the proven cells, the
//!   flags, the guess and its runners-up (`json::analysis`).
//! - `GET /reveal?game=ID`: the mine map, one `0`/`1` per cell (all `0` before the first open).
//! - `POST /position[?mines=K][&flags=beliefs|mines]`, the text of a position as the body: its
//!   analysis, with advice by the rules of the game the text is from (no flag on a JLU panel, no
//!   unmarking on an ACM map), its flags read as the player's beliefs or as known mines
//!   (`advice::analyse_with`).
//! - `GET /export?game=ID&judge=mine-ops|acm-server|jlu-panel`: the game as that judge's
//!   input and expected output (`export`).
//! - `GET /functions`: the student's files and which functions they define
//!   (`json::functions`).
//!
//! A hint, a step or the analysis while playing marks the game as assisted; `/reveal` while
//! playing marks it as peeked: the page keeps such games apart in its statistics.
//! Clicks count every left click, right click and chord before the end, whatever it did, as
//! ms-toollib and minesweeper.online count them (`game_stats`): the counter, the end's message
//! and the statistics show that one count. At most `game::MAX_GAMES` games are kept: the oldest goes first.
//! A game's id, and an unseeded game's seed, come from the OS random source (`ids`): with
//! `--host`, the id is all that keeps another device out of a game.
//!
//! Shutting down: Ctrl-C (SIGINT) ends the process by the default signal action (with the
//! student's functions, their process is killed first). Nothing is kept on disk and the kernel
//! closes every socket, so there is nothing to flush or save; std has no signal API, and a
//! `/quit` endpoint would let any web page stop the server.

mod advice;
mod check;
mod connections;
mod export;
#[cfg(test)]
mod flags_oracle;
mod functions;
mod game;
mod gate;
mod host;
mod http;
mod ids;
mod json;
mod judge_output;
mod message;
mod page;
mod position;
mod routes;

pub use functions::Functions;
use game::BrowserGames;
use std::io::Write;
use std::net::{IpAddr, Ipv4Addr, SocketAddr, TcpListener, UdpSocket};
use std::process::ExitCode;
use std::sync::{Arc, Mutex};

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
        "listening on every interface: any device that can reach this machine on port {port} can \
         play (there is no password)"
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

/// Listens on `listen`, prints the page's URL and who can reach it (and, with the student's
/// `functions`, which ones it calls), and serves until the process is stopped.
pub fn serve(listen: Listen, functions: Option<Functions>) -> ExitCode {
    // Ids nobody can guess, or no server: a game's id is its only protection.
    let random = match ids::OsRandom::open() {
        Ok(random) => random,
        Err(err) => {
            eprintln!("error: no random source for the games' ids: {err}");
            return ExitCode::FAILURE;
        }
    };
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
    let mut lines = format!("{url}\n{who}\n");
    if let Some(functions) = &functions {
        lines.push_str(&functions_line(functions));
    }
    let _ = stdout
        .write_all(lines.as_bytes())
        .and_then(|()| stdout.flush());
    drop(stdout);
    let games = Arc::new(Mutex::new(BrowserGames::new(random)));
    let heavy = if functions.as_ref().is_some_and(Functions::has_refresh) {
        routes::is_heavy_with_functions
    } else {
        routes::is_heavy
    };
    connections::serve(
        listener,
        move |request| routes::route(&games, functions.as_ref(), request),
        heavy,
    );
    ExitCode::SUCCESS
}

/// The line saying which of the student's functions the server calls, and what for.
fn functions_line(functions: &Functions) -> String {
    let files: Vec<String> = functions
        .files()
        .iter()
        .map(|file| file.display().to_string())
        .collect();
    let mut uses = Vec::new();
    if functions.has_refresh() {
        uses.push("RefreshGamePanel (checked against our rules after every click)");
    }
    if functions.has_machine() {
        uses.push("machine (its click beside ours in Hint, and Autoplay by it)");
    }
    format!(
        "your functions from {}: {}; boards up to {}x{}\n",
        files.join(" and "),
        uses.join(" and "),
        functions::MAX_SIDE,
        functions::MAX_SIDE
    )
}
