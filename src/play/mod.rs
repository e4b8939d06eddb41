//! `play`: Minesweeper in the browser (the JLU course's part (3)), served on 127.0.0.1.
//!
//! `play [--port N]` (default 8080; 0 picks a free port) prints the page's URL and serves one
//! page ([`page`]: `page.html` with `page.css` and `page.js` inlined) and a small JSON API
//! (`routes`); the games live in [`game`], the HTTP layer in `http`. The rules, the mine
//! map and the solver stay here: the page sends each move and draws the board it gets back.
//! The mine map leaves the server only for `/reveal` (the course's right-click test) and once
//! the game is over.
//!
//! API (arguments in the query string; every answer is JSON, errors are plain text):
//! - `POST /new?rows=R&cols=C&mines=K[&seed=S]`: a new game; mines are dealt at its first
//!   open, never on that cell ([`Rng::deal_mines`](crate::rng::Rng::deal_mines): the same seed
//!   and first click give the same map).
//! - `GET /state?game=ID`; `POST /open|/flag|/chord?game=ID&row=R&col=C` (flag toggles);
//!   all answer the game's state (see [`game::Game::state_json`]).
//! - `GET /hint?game=ID`: the solver's next move from the visible board and the mine count,
//!   with its mine probability; `POST /step?game=ID` makes that move and answers both.
//! - `GET /reveal?game=ID`: the mine map, one `0`/`1` per cell (all `0` before the first open).
//!
//! Clicks count the opens and chords that changed the board (flags are not clicks), as the
//! course counts valid clicks. At most [`game::MAX_GAMES`] games are kept: the oldest goes first.
//!
//! Shutting down: Ctrl-C (SIGINT) ends the process by the default signal action. Nothing is
//! kept on disk and the kernel closes every socket, so there is nothing to flush or save; std
//! has no signal API, and a `/quit` endpoint would let any web page stop the server.

pub mod game;
mod http;
mod routes;

use crate::io::args::Args;
use game::Games;
use std::io::Write;
use std::net::TcpListener;
use std::process::ExitCode;
use std::sync::{Arc, Mutex, OnceLock};
use std::time::{SystemTime, UNIX_EPOCH};

/// `play --help`.
pub const USAGE: &str = "usage: play [--port N]   (default 8080; 0 picks a free port)";

/// The port `play` is asked to listen on.
pub fn parse_port(args: &mut Args) -> Result<u16, String> {
    let mut port = 8080;
    while let Some(flag) = args.next() {
        match flag.as_str() {
            "--port" => port = args.number(&flag, 0, u16::MAX as u64)? as u16,
            _ => return Err(format!("unexpected argument {flag:?}")),
        }
    }
    Ok(port)
}

/// The page: `page.html` with its style sheet and script inlined, so that it loads in one
/// request. It keeps no rules: it sends each move and draws the board the server answers.
pub fn page() -> &'static str {
    static PAGE: OnceLock<String> = OnceLock::new();
    PAGE.get_or_init(|| {
        let style = format!("<style>\n{}</style>\n", include_str!("page.css"));
        let script = format!("<script>\n{}</script>\n", include_str!("page.js"));
        include_str!("page.html")
            .replace("<link rel=\"stylesheet\" href=\"page.css\">\n", &style)
            .replace("<script src=\"page.js\"></script>\n", &script)
    })
}

/// Listens on 127.0.0.1:`port`, prints the page's URL and serves until the process is stopped.
pub fn serve_on(port: u16) -> ExitCode {
    let listener = match TcpListener::bind(("127.0.0.1", port)) {
        Ok(listener) => listener,
        Err(err) => {
            eprintln!("error: cannot listen on 127.0.0.1:{port}: {err}");
            return ExitCode::FAILURE;
        }
    };
    let port = listener
        .local_addr()
        .map(|addr| addr.port())
        .unwrap_or(port);
    println!("http://127.0.0.1:{port}/");
    // Tests and scripts read the URL from a pipe: it must not wait in a buffer.
    let _ = std::io::stdout().flush();
    let seed = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|time| time.as_nanos() as u64)
        .unwrap_or(0)
        ^ u64::from(std::process::id()).rotate_left(32);
    let games = Arc::new(Mutex::new(Games::new(seed)));
    http::serve(listener, move |request| routes::route(&games, request));
    ExitCode::SUCCESS
}
