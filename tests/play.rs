//! `play` over a real socket on loopback: every endpoint, whole games by the hint and by
//! `/step`, honest advice over wrong flags, the analysis against the solver, pasted positions,
//! exports piped through the judges, two games at once, and the requests it must refuse
//! without falling over.

use crate::util;
use minejudge::board::Grid;
use minejudge::players::jlu_machine::hostile::{
    crafted_panel, jlu_machine_input, PanelPattern::Lattice,
};
use minejudge::solver::{Mines, Seen, Solver, Style, View};
use std::io::{BufRead, BufReader, Read, Write};
use std::net::{TcpListener, TcpStream};
use std::process::{Child, Command, Stdio};
use std::time::Duration;

/// A running `play --port 0`, killed when dropped (also when a test fails).
pub(crate) struct Server {
    pub(crate) child: Child,
    addr: String,
}

impl Server {
    fn start() -> Server {
        Server::start_with(&["--port", "0"]).0
    }

    /// A server started with `args`; the second line it printed (who can reach it).
    pub(crate) fn start_with(args: &[&str]) -> (Server, String) {
        let mut command = Command::new(util::binary("play"));
        command
            .args(args)
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit());
        // As from a terminal: tests started in the background (`cargo test &` in a script)
        // would pass on their ignored SIGINT, and Ctrl-C's test would wait for nothing.
        #[cfg(unix)]
        {
            use std::os::unix::process::CommandExt;
            extern "C" {
                fn signal(signal: i32, handler: usize) -> usize;
            }
            const SIGINT: i32 = 2;
            const SIG_DFL: usize = 0;
            // SAFETY: signal() is async-signal-safe, as the time between fork and exec needs.
            unsafe {
                command.pre_exec(|| {
                    signal(SIGINT, SIG_DFL);
                    Ok(())
                });
            }
        }
        let mut child = command.spawn().expect("start play");
        let stdout = child.stdout.take().expect("piped stdout");
        let mut line = String::new();
        let mut who = String::new();
        let mut reader = BufReader::new(stdout);
        let read = reader.read_line(&mut line);
        let _ = reader.read_line(&mut who);
        // From here the guard owns the child: a failed assertion still kills it.
        let mut server = Server {
            child,
            addr: String::new(),
        };
        assert!(read.is_ok(), "reading play's URL: {read:?}");
        let url = line.trim();
        assert!(
            url.starts_with("http://127.0.0.1:") && url.ends_with('/'),
            "play printed {line:?}"
        );
        server.addr = url["http://".len()..url.len() - 1].to_string();
        (server, who)
    }

    /// Sends raw bytes, returns the status and the body (checked against Content-Length).
    pub(crate) fn raw(&self, request: &[u8]) -> (u16, String) {
        let mut stream = TcpStream::connect(&self.addr).expect("connect to play");
        stream
            .set_read_timeout(Some(Duration::from_secs(20)))
            .expect("timeout");
        stream.write_all(request).expect("send request");
        let mut answer = Vec::new();
        stream.read_to_end(&mut answer).expect("read answer");
        let text = String::from_utf8(answer).expect("UTF-8 answer");
        let (head, body) = text.split_once("\r\n\r\n").expect("head and body");
        let status = head
            .strip_prefix("HTTP/1.1 ")
            .and_then(|rest| rest.get(..3))
            .and_then(|code| code.parse().ok())
            .unwrap_or_else(|| panic!("bad status line in {head:?}"));
        let length = head
            .lines()
            .find_map(|line| line.strip_prefix("Content-Length: "))
            .and_then(|value| value.parse::<usize>().ok())
            .unwrap_or_else(|| panic!("no Content-Length in {head:?}"));
        assert_eq!(length, body.len(), "Content-Length of {head:?}");
        (status, body.to_string())
    }

    pub(crate) fn request(&self, method: &str, target: &str) -> (u16, String) {
        self.raw(format!("{method} {target} HTTP/1.1\r\nHost: {}\r\n\r\n", self.addr).as_bytes())
    }

    /// A POST with `body`.
    pub(crate) fn post(&self, target: &str, body: &str) -> (u16, String) {
        self.post_bytes(target, body.as_bytes())
    }

    /// A POST with `body`, which need not be UTF-8.
    pub(crate) fn post_bytes(&self, target: &str, body: &[u8]) -> (u16, String) {
        let head = format!(
            "POST {target} HTTP/1.1\r\nHost: {}\r\nContent-Length: {}\r\n\r\n",
            self.addr,
            body.len()
        );
        self.raw(&[head.as_bytes(), body].concat())
    }

    /// A request that must succeed; its JSON body.
    pub(crate) fn ok(&self, method: &str, target: &str) -> String {
        let (status, body) = self.request(method, target);
        assert_eq!(status, 200, "{method} {target}: {body}");
        assert!(body.starts_with('{') && body.ends_with('}'), "{body}");
        body
    }

    pub(crate) fn new_game(&self, rows: usize, cols: usize, mines: usize, seed: u64) -> String {
        let body = self.ok(
            "POST",
            &format!("/new?rows={rows}&cols={cols}&mines={mines}&seed={seed}"),
        );
        field(&body, "game").to_string()
    }

    pub(crate) fn act(&self, action: &str, game: &str, row: usize, col: usize) -> String {
        self.ok(
            "POST",
            &format!("/{action}?game={game}&row={row}&col={col}"),
        )
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The value of `"name":` in our flat JSON, quotes removed (no value holds a comma).
pub(crate) fn field<'a>(json: &'a str, name: &str) -> &'a str {
    let key = format!("\"{name}\":");
    let at = json
        .find(&key)
        .unwrap_or_else(|| panic!("no {name} in {json}"))
        + key.len();
    let rest = &json[at..];
    let end = rest.find([',', '}']).unwrap_or(rest.len());
    rest[..end].trim_matches('"')
}

pub(crate) fn number(json: &str, name: &str) -> usize {
    field(json, name)
        .parse()
        .unwrap_or_else(|_| panic!("{name} is not a number in {json}"))
}

pub(crate) fn cells(json: &str) -> Vec<u8> {
    field(json, "cells").as_bytes().to_vec()
}

/// The mine map of a started game, from `/reveal`.
pub(crate) fn mine_map(server: &Server, game: &str) -> Vec<bool> {
    let body = server.ok("GET", &format!("/reveal?game={game}"));
    assert_eq!(field(&body, "placed"), "true", "{body}");
    field(&body, "map").bytes().map(|b| b == b'1').collect()
}

#[test]
fn serves_the_page_and_refuses_unknown_paths_and_methods() {
    let server = Server::start();
    let (status, page) = server.request("GET", "/");
    assert_eq!(status, 200);
    assert!(page.contains("<title>Minesweeper</title>") && page.contains("fetch("));
    for target in ["/nope", "/index.html", "/new/", "/favicon.ico"] {
        assert_eq!(server.request("GET", target).0, 404, "{target}");
    }
    assert_eq!(server.request("GET", "/new?rows=9&cols=9&mines=10").0, 405);
    assert_eq!(server.request("POST", "/").0, 405);
    assert_eq!(server.request("DELETE", "/state?game=x").0, 405);
}

#[test]
fn first_open_is_never_a_mine_and_the_seed_fixes_the_map() {
    let server = Server::start();
    // 3x3 with 8 mines: the first open must be the one safe cell, and wins at once.
    for seed in 0..20 {
        let (row, col) = (seed as usize % 3, seed as usize / 3 % 3);
        let game = server.new_game(3, 3, 8, seed);
        let state = server.act("open", &game, row, col);
        assert_eq!(field(&state, "status"), "won", "seed {seed}: {state}");
        assert_eq!(number(&state, "clicks"), 1);
        assert_eq!(number(&state, "left"), 0, "a won game flags every mine");
        let expected = [3, 5, 3, 5, 8, 5, 3, 5, 3][row * 3 + col];
        assert_eq!(cells(&state)[row * 3 + col], b'0' + expected, "{state}");
    }
    // The same seed and first click give the same map; the first cell is never a mine.
    let maps: Vec<Vec<bool>> = (0..2)
        .map(|_| {
            let game = server.new_game(16, 30, 99, 7);
            server.act("open", &game, 5, 5);
            mine_map(&server, &game)
        })
        .collect();
    assert_eq!(maps[0], maps[1]);
    assert_eq!(maps[0].iter().filter(|&&mine| mine).count(), 99);
    assert!(!maps[0][5 * 30 + 5]);
}

#[test]
fn flags_toggle_and_block_opening_and_reveal_waits_for_the_first_open() {
    let server = Server::start();
    let game = server.new_game(9, 9, 10, 3);
    let reveal = server.ok("GET", &format!("/reveal?game={game}"));
    assert_eq!(field(&reveal, "placed"), "false");
    assert_eq!(field(&reveal, "map"), "0".repeat(81));
    let state = server.act("flag", &game, 0, 0);
    assert_eq!(cells(&state)[0], b'F');
    assert_eq!((number(&state, "flags"), number(&state, "left")), (1, 9));
    // Opening a flagged cell does nothing, and does not start the game; it is a click all the
    // same, as the flag was (every click counts, as ms-toollib counts them).
    let state = server.act("open", &game, 0, 0);
    assert_eq!(field(&state, "status"), "ready");
    assert_eq!(number(&state, "clicks"), 2);
    // A flag set before the first open stays after the mines are placed.
    let state = server.act("open", &game, 4, 4);
    assert_eq!(field(&state, "status"), "playing", "{state}");
    assert_eq!(cells(&state)[0], b'F');
    let state = server.act("flag", &game, 0, 0);
    assert_eq!(cells(&state)[0], b'.');
    assert_eq!(number(&state, "left"), 10);
    // An open cell takes no flag.
    let state = server.act("flag", &game, 4, 4);
    assert!(cells(&state)[4 * 9 + 4].is_ascii_digit(), "{state}");
    assert_eq!(number(&state, "flags"), 0);
    let map = mine_map(&server, &game);
    assert_eq!(map.iter().filter(|&&mine| mine).count(), 10);
    assert!(!map[4 * 9 + 4]);
    // While playing, the state never shows a mine.
    assert!(cells(&state)
        .iter()
        .all(|&c| c == b'.' || c.is_ascii_digit()));
}

/// The neighbours of `cell` on a `rows` x `cols` grid, written out plainly.
fn around(rows: usize, cols: usize, cell: usize) -> Vec<usize> {
    let (row, col) = ((cell / cols) as i64, (cell % cols) as i64);
    let mut out = Vec::new();
    for r in row - 1..=row + 1 {
        for c in col - 1..=col + 1 {
            if (r, c) != (row, col) && r >= 0 && c >= 0 && r < rows as i64 && c < cols as i64 {
                out.push(r as usize * cols + c as usize);
            }
        }
    }
    out
}

/// An open number of `state` with a closed safe neighbour and a closed mine neighbour.
fn chord_candidate(state: &str, map: &[bool], rows: usize, cols: usize) -> Option<usize> {
    let seen = cells(state);
    (0..rows * cols).find(|&cell| {
        let near = around(rows, cols, cell);
        (b'1'..=b'8').contains(&seen[cell])
            && near.iter().any(|&n| seen[n] == b'.' && !map[n])
            && near.iter().any(|&n| seen[n] == b'.' && map[n])
    })
}

#[test]
fn chord_opens_around_a_complete_number_and_loses_on_a_wrong_flag() {
    let server = Server::start();
    let (rows, cols) = (16, 16);
    for wrong_flag in [false, true] {
        let mut found = None;
        for seed in 0..50 {
            let game = server.new_game(rows, cols, 40, seed);
            let state = server.act("open", &game, 8, 8);
            let map = mine_map(&server, &game);
            if let Some(cell) = chord_candidate(&state, &map, rows, cols) {
                found = Some((game, map, cell));
                break;
            }
        }
        let (game, map, cell) = found.expect("a chord position in 50 seeds");
        let near = around(rows, cols, cell);
        let (row, col) = (cell / cols, cell % cols);
        // Not enough flags yet: the chord does nothing, but is a click.
        let before = server.ok("GET", &format!("/state?game={game}"));
        let after = server.act("chord", &game, row, col);
        assert_eq!(cells(&before), cells(&after), "an incomplete chord");
        assert_eq!(number(&before, "clicks") + 1, number(&after, "clicks"));
        let mines: Vec<usize> = near.iter().copied().filter(|&n| map[n]).collect();
        let closed_safe: Vec<usize> = near
            .iter()
            .copied()
            .filter(|&n| !map[n] && cells(&after)[n] == b'.')
            .collect();
        let flagged: Vec<usize> = if wrong_flag {
            // One flag on a safe cell instead of on the first mine.
            let mut cells = vec![closed_safe[0]];
            cells.extend(&mines[1..]);
            cells
        } else {
            mines.clone()
        };
        for &flag in &flagged {
            server.act("flag", &game, flag / cols, flag % cols);
        }
        let state = server.act("chord", &game, row, col);
        let seen = cells(&state);
        // The open, the chord that did nothing, the flags and the chord.
        assert_eq!(number(&state, "clicks"), 3 + flagged.len(), "{state}");
        if wrong_flag {
            assert_eq!(field(&state, "status"), "lost", "{state}");
            assert_eq!(seen[mines[0]], b'X', "the mine the chord hit");
            assert_eq!(seen[closed_safe[0]], b'!', "the wrong flag");
            for (index, &mine) in map.iter().enumerate() {
                if mine && index != mines[0] {
                    assert!(seen[index] == b'*' || seen[index] == b'F', "{state}");
                }
            }
        } else {
            assert_ne!(field(&state, "status"), "lost", "{state}");
            for &n in &closed_safe {
                assert!(seen[n].is_ascii_digit(), "{n} opened by the chord: {state}");
            }
        }
    }
}

/// Plays `game` by the hint endpoint, making each move through `/open`, `/flag` or `/chord`;
/// returns the final state and the number of moves.
/// Plays a game by the hint to its end: the final state and the moves. On the JLU course's
/// board (20x20, 50 mines) every move must be a click: the course has no flag and no chord.
fn play_by_hints(server: &Server, game: &str, cols: usize) -> (String, usize) {
    let mut state = server.ok("GET", &format!("/state?game={game}"));
    let jlu = (
        number(&state, "rows"),
        number(&state, "cols"),
        number(&state, "mines"),
    ) == (20, 20, 50);
    for moves in 0..2000 {
        let hint = server.ok("GET", &format!("/hint?game={game}"));
        if field(&hint, "move") == "null" {
            return (state, moves);
        }
        let (row, col) = (number(&hint, "row"), number(&hint, "col"));
        let p: f64 = field(&hint, "p").parse().expect("p");
        let certain = field(&hint, "certain") == "true";
        assert!((0.0..=1.0).contains(&p), "{hint}");
        let seen = cells(&state)[row * cols + col];
        assert!(
            !jlu || field(&hint, "move") == "open",
            "a JLU game has clicks only: {hint}"
        );
        state = match field(&hint, "move") {
            "open" => {
                assert_eq!(seen, b'.', "open a closed cell: {hint}");
                server.act("open", game, row, col)
            }
            "flag" => {
                assert!(certain && p == 1.0, "{hint}");
                server.act("flag", game, row, col)
            }
            "chord" => {
                assert!(seen.is_ascii_digit(), "chord on a number: {hint}");
                server.act("chord", game, row, col)
            }
            other => panic!("unknown move {other:?}: {hint}"),
        };
        if certain {
            assert_ne!(
                field(&state, "status"),
                "lost",
                "a certain move lost: {hint}"
            );
        }
    }
    panic!("no end after 2000 moves: {state}");
}

#[test]
#[ignore = "long tier: .ci/run runs it"]
fn whole_games_by_the_hint_and_by_step_end_won_or_lost_with_the_mines_shown() {
    let server = Server::start();
    // The hint sees only the visible board: on an untouched board it is the same for any map.
    let first = |seed| {
        let game = server.new_game(9, 9, 10, seed);
        server.ok("GET", &format!("/hint?game={game}"))
    };
    assert_eq!(first(1), first(2));
    let mut outcomes = Vec::new();
    for (seed, (rows, cols, mines)) in [(9, 9, 10), (16, 16, 40), (20, 20, 50), (16, 30, 99)]
        .into_iter()
        .enumerate()
    {
        let game = server.new_game(rows, cols, mines, seed as u64);
        let (state, moves) = play_by_hints(&server, &game, cols);
        let status = field(&state, "status");
        let seen = cells(&state);
        let map = mine_map(&server, &game);
        // The finished game's statistics: every 3BV solved in a win, each click counted.
        let (bbbv, solved) = (number(&state, "bbbv"), number(&state, "solved"));
        let clicks = ["left_clicks", "right_clicks", "chords"].map(|kind| number(&state, kind));
        let total = number(&state, "total_clicks");
        assert_eq!(total, clicks.iter().sum::<usize>(), "{state}");
        assert!(number(&state, "effective") <= total, "{state}");
        // One count and one time: every move a click, the counter's and the statistics'.
        assert_eq!((number(&state, "clicks"), total), (moves, moves), "{state}");
        assert_eq!(number(&state, "ms"), number(&state, "time_ms"), "{state}");
        match status {
            "won" => {
                for (cell, &mine) in map.iter().enumerate() {
                    let expect_open = !mine;
                    assert_eq!(seen[cell].is_ascii_digit(), expect_open, "{state}");
                }
                assert_eq!(number(&state, "left"), 0);
                assert_eq!(solved, bbbv, "{state}");
            }
            "lost" => {
                assert_eq!(seen.iter().filter(|&&c| c == b'X').count(), 1, "{state}");
                for (cell, &mine) in map.iter().enumerate() {
                    if mine {
                        assert!(b"X*F".contains(&seen[cell]), "mine {cell}: {state}");
                    }
                }
            }
            other => panic!("the hint game ended {other:?}: {state}"),
        }
        // A finished game takes no more moves.
        let after = server.act("open", &game, 0, 0);
        assert_eq!(cells(&after), seen);
        outcomes.push(format!("{rows}x{cols}/{mines} {status} in {moves} moves"));
    }
    // `/step` plays the hint's move itself.
    let game = server.new_game(20, 20, 50, 11);
    let mut steps = 0;
    loop {
        let answer = server.ok("POST", &format!("/step?game={game}"));
        if field(&answer, "move") == "null" {
            assert!(
                ["won", "lost"].contains(&field(&answer, "status")),
                "{answer}"
            );
            break;
        }
        steps += 1;
        assert!(steps < 1000, "{answer}");
    }
    println!("play: {}; step game in {steps} moves", outcomes.join(", "));
}

#[test]
fn two_games_at_once_do_not_touch_each_other() {
    let server = Server::start();
    let one = server.new_game(9, 9, 10, 5);
    let two = server.new_game(16, 16, 40, 5);
    assert_ne!(one, two);
    std::thread::scope(|scope| {
        for game in [&one, &two] {
            let server = &server;
            scope.spawn(move || {
                for _ in 0..30 {
                    server.ok("POST", &format!("/step?game={game}"));
                }
            });
        }
    });
    let one_state = server.ok("GET", &format!("/state?game={one}"));
    let two_state = server.ok("GET", &format!("/state?game={two}"));
    assert_eq!(cells(&one_state).len(), 81);
    assert_eq!(cells(&two_state).len(), 256);
    assert_eq!(number(&two_state, "mines"), 40);
    // A fresh game beside them is untouched.
    let three = server.new_game(9, 9, 10, 5);
    let three_state = server.ok("GET", &format!("/state?game={three}"));
    assert_eq!(field(&three_state, "status"), "ready");
}

#[test]
fn bad_requests_get_400_and_the_server_stays_up() {
    let server = Server::start();
    let game = server.new_game(9, 9, 10, 1);
    let bad = [
        "/new?rows=0&cols=9&mines=1",
        "/new?rows=101&cols=9&mines=1",
        "/new?rows=9&cols=9&mines=81",
        "/new?rows=9&mines=1",
        "/new?rows=nine&cols=9&mines=1",
        "/new?rows=9&cols=9&mines=-1",
        "/new?rows=9&cols=9&mines=10&seed=99999999999999999999",
        "/open",
        "/open?row=1&col=1",
        &format!("/open?game={game}&row=9&col=0"),
        &format!("/open?game={game}&row=0"),
        &format!("/flag?game={game}&row=0&col=%2B1"),
        &format!("/chord?game={game}&row=&col=0"),
        &format!("/step?game={game}&row=1%zz"),
    ];
    for target in bad {
        let (status, body) = server.request("POST", target);
        assert_eq!(status, 400, "{target}: {body}");
        assert!(!body.is_empty() && body.len() < 100, "{target}: {body:?}");
    }
    let (status, body) = server.request("POST", "/new?rows=0&cols=9&mines=1");
    assert_eq!(
        body, "rows must be a whole number from 1 to 100\n",
        "{status}"
    );
    assert_eq!(server.request("GET", "/state?game=0123").0, 404);
    let raw: [&[u8]; 7] = [
        b"GARBAGE\r\n\r\n",
        b"GET / HTTP/9.9\r\n\r\n",
        b"GET nopath HTTP/1.1\r\n\r\n",
        b"GET / HTTP/1.1\r\nbroken header\r\n\r\n",
        b"GET / HTTP/1.1\r\nContent-Length: x\r\n\r\n",
        b"POST /new HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n",
        b"GET /\xff HTTP/1.1\r\n\r\n",
    ];
    for request in raw {
        let (status, _) = server.raw(request);
        assert_eq!(status, 400, "{:?}", String::from_utf8_lossy(request));
    }
    let huge_head = format!("GET / HTTP/1.1\r\nX: {}\r\n\r\n", "a".repeat(20_000));
    assert_eq!(server.raw(huge_head.as_bytes()).0, 431);
    let huge_body = b"POST /new HTTP/1.1\r\nContent-Length: 1000000\r\n\r\n";
    assert_eq!(server.raw(huge_body).0, 413);
    // A client that connects and says nothing, or hangs up at once, holds nobody up.
    let _silent = TcpStream::connect(&server.addr).expect("connect");
    drop(TcpStream::connect(&server.addr).expect("connect"));
    let state = server.ok("GET", &format!("/state?game={game}"));
    assert_eq!(field(&state, "status"), "ready");
}

#[test]
#[ignore = "long tier: .ci/run runs it"]
fn the_oldest_game_goes_beyond_a_thousand() {
    let server = Server::start();
    let oldest = server.new_game(2, 2, 1, 0);
    let second = server.new_game(2, 2, 1, 0);
    for seed in 0..999 {
        server.new_game(1, 1, 0, seed);
    }
    assert_eq!(
        server.request("GET", &format!("/state?game={oldest}")).0,
        404
    );
    assert_eq!(
        server.request("GET", &format!("/state?game={second}")).0,
        200
    );
}

#[test]
fn bad_arguments_exit_2_with_usage() {
    for args in [
        &["--port"][..],
        &["--port", "70000"],
        &["--bogus"],
        &["--host", "localhost"],
        &["--host"],
    ] {
        let output = Command::new(util::binary("play"))
            .args(args)
            .output()
            .expect("run play");
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(stderr.contains("usage: play"), "{args:?}: {stderr}");
    }
}

/// Ctrl-C: the default action of SIGINT ends the server at once and frees its port.
#[cfg(unix)]
#[test]
fn sigint_stops_the_server_and_frees_the_port() {
    let mut server = Server::start();
    server.ok("POST", "/new?rows=9&cols=9&mines=10");
    let pid = server.child.id().to_string();
    let sent = Command::new("kill")
        .args(["-INT", &pid])
        .status()
        .expect("run kill");
    assert!(sent.success());
    let start = std::time::Instant::now();
    let status = loop {
        if let Some(status) = server.child.try_wait().expect("wait for play") {
            break status;
        }
        assert!(
            start.elapsed() < Duration::from_secs(20),
            "play ignored SIGINT"
        );
        std::thread::sleep(Duration::from_millis(20));
    };
    use std::os::unix::process::ExitStatusExt;
    assert_eq!(status.signal(), Some(2), "{status:?}");
    // Free means we can listen there. Tests run in parallel and ask for any free port, so
    // another test's server may briefly take the same one: it is tried for a few seconds.
    let start = std::time::Instant::now();
    while TcpListener::bind(&server.addr).is_err() {
        assert!(
            start.elapsed() < crate::util::HANG_GUARD,
            "the port is still taken"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
}

#[test]
#[ignore = "long tier: .ci/run runs it"]
fn a_client_that_stops_mid_request_gets_408_in_seconds() {
    let server = Server::start();
    let start = std::time::Instant::now();
    let mut stream = TcpStream::connect(&server.addr).expect("connect");
    stream
        .write_all(b"GET / HTTP/1.1\r\n")
        .expect("send half a head");
    // The server gives a head 3 s; past that, the bounds are hang guards.
    stream
        .set_read_timeout(Some(Duration::from_secs(60)))
        .expect("timeout");
    let mut answer = String::new();
    stream.read_to_string(&mut answer).expect("read answer");
    assert!(answer.starts_with("HTTP/1.1 408 "), "{answer:?}");
    assert!(
        start.elapsed() < Duration::from_secs(3) + crate::util::HANG_GUARD,
        "{:?}",
        start.elapsed()
    );
}

/// The JSON string `"name":"..."`, unescaped (`\n`, `\"`, `\\`, `\u00XX`).
pub(crate) fn text(json: &str, name: &str) -> String {
    let key = format!("\"{name}\":\"");
    let at = json
        .find(&key)
        .unwrap_or_else(|| panic!("no {name} in {json}"))
        + key.len();
    let mut out = String::new();
    let mut chars = json[at..].chars();
    while let Some(c) = chars.next() {
        match c {
            '"' => return out,
            '\\' => match chars.next() {
                Some('n') => out.push('\n'),
                Some('u') => {
                    let hex: String = chars.by_ref().take(4).collect();
                    out.push(char::from_u32(u32::from_str_radix(&hex, 16).unwrap()).unwrap());
                }
                Some(other) => out.push(other),
                None => break,
            },
            c => out.push(c),
        }
    }
    panic!("unterminated {name} in {json}");
}

/// The JSON array `"name":[...]` of numbers or nulls.
fn numbers(json: &str, name: &str) -> Vec<Option<f64>> {
    let key = format!("\"{name}\":[");
    let at = json
        .find(&key)
        .unwrap_or_else(|| panic!("no {name} in {json}"))
        + key.len();
    let end = at + json[at..].find(']').expect("a closed array");
    json[at..end]
        .split(',')
        .filter(|item| !item.is_empty())
        .map(|item| (item != "null").then(|| item.parse().expect("a number")))
        .collect()
}

fn cells_of(json: &str, name: &str) -> Vec<usize> {
    numbers(json, name)
        .into_iter()
        .map(|n| n.expect("a cell") as usize)
        .collect()
}

/// What the player sees of a state's `cells`; `flags_closed` turns flags back into closed cells.
fn view_of(state: &str, rows: usize, cols: usize, flags_closed: bool) -> View {
    let seen = cells(state)
        .into_iter()
        .map(|c| match c {
            b'F' if !flags_closed => Seen::Flagged,
            b'.' | b'F' => Seen::Closed,
            digit => Seen::Open(digit - b'0'),
        })
        .collect();
    View::from_cells(Grid::new(rows, cols), seen)
}

/// A position where the numbers prove nothing, then a flag on a safe cell beside a 1 whose mine
/// is still closed. The solver alone takes the flag as a mine and calls a move certain (the old
/// hint, which lost); the hint reads the numbers alone, and says the flag is not proven.
#[test]
fn a_wrong_flag_that_fits_the_numbers_makes_no_hint_certain() {
    let server = Server::start();
    let (rows, cols) = (16, 16);
    for seed in 0..200 {
        let game = server.new_game(rows, cols, 40, seed);
        let state = server.act("open", &game, 8, 8);
        if field(&state, "status") != "playing" {
            continue;
        }
        let analysis = server.ok("GET", &format!("/analysis?game={game}"));
        if !cells_of(&analysis, "safe").is_empty() || !cells_of(&analysis, "mines").is_empty() {
            continue;
        }
        let map = mine_map(&server, &game);
        let p = numbers(&analysis, "p");
        let seen = cells(&state);
        let wrong = (0..rows * cols)
            .filter(|&c| seen[c] == b'1')
            .find_map(|one| {
                let closed: Vec<usize> = around(rows, cols, one)
                    .into_iter()
                    .filter(|&n| seen[n] == b'.')
                    .collect();
                let mine_closed = closed.iter().any(|&n| map[n]);
                let safe = closed.into_iter().find(|&n| !map[n] && p[n] > Some(0.0));
                safe.filter(|_| mine_closed)
            });
        let Some(wrong) = wrong else { continue };
        let state = server.act("flag", &game, wrong / cols, wrong % cols);
        let mut solver = Solver::new();
        let old = solver
            .next_move(
                &view_of(&state, rows, cols, false),
                Mines::Known(40),
                Style::CLASSIC,
            )
            .expect("the flag fits the numbers")
            .expect("a move");
        assert!(
            old.certain,
            "seed {seed}: the flag as a mine proves a move: {old:?}"
        );
        let hint = server.ok("GET", &format!("/hint?game={game}"));
        assert_eq!(field(&hint, "certain"), "false", "seed {seed}: {hint}");
        assert_eq!(cells_of(&hint, "unproven"), [wrong], "{hint}");
        let step = server.ok("POST", &format!("/step?game={game}"));
        assert_eq!(field(&step, "certain"), "false", "{step}");
        assert_eq!(
            field(&step, "assisted"),
            "true",
            "a step marks the game: {step}"
        );
        return;
    }
    panic!("no seed below 200 gives a position that proves nothing with a 1 to flag beside");
}

/// Every probability of the analysis is the solver's on the numbers alone (the flags closed).
#[test]
fn the_analysis_is_the_solvers_on_the_numbers_alone() {
    let server = Server::start();
    let (rows, cols) = (16, 30);
    let game = server.new_game(rows, cols, 99, 4);
    let reply = server.ok("GET", &format!("/analysis?game={game}"));
    assert_eq!(
        reply, "{\"ready\":true}",
        "nothing to analyse before the first click"
    );
    server.act("open", &game, 8, 15);
    for _ in 0..40 {
        server.ok("POST", &format!("/step?game={game}"));
    }
    let state = server.ok("GET", &format!("/state?game={game}"));
    if field(&state, "status") != "playing" {
        return;
    }
    let analysis = server.ok("GET", &format!("/analysis?game={game}"));
    let mut solver = Solver::new();
    solver
        .analyse(&view_of(&state, rows, cols, true), Mines::Known(99))
        .expect("a real board fits");
    let p = numbers(&analysis, "p");
    let seen = cells(&state);
    for cell in 0..rows * cols {
        let expected = (!seen[cell].is_ascii_digit()).then(|| solver.probabilities()[cell]);
        assert_eq!(p[cell], expected, "cell {cell}");
    }
    let safe: Vec<usize> = solver.certain_safe().iter().map(|&c| c as usize).collect();
    assert_eq!(cells_of(&analysis, "safe"), safe);
    // The flags set by /step are proven mines.
    let flags = seen.iter().filter(|&&c| c == b'F').count();
    assert_eq!(cells_of(&analysis, "proven").len(), flags, "{analysis}");
    assert!(analysis.contains("\"dead\":null"), "{analysis}");
}

#[test]
fn a_pasted_position_is_analysed_or_refused_with_its_line() {
    let server = Server::start();
    // jlu-panel's output: two panels, the last one read; the JLU board's 50 mines are not
    // assumed on a 5x5 panel, a mine count is given.
    let panel = "-1 1 0 0 0 \n1 1 0 0 0 \n0 0 0 0 0 \n0 0 0 0 0 \n0 0 0 0 0 \n\n\
                 -1 -1 1 0 0 \n-1 -1 1 0 0 \n1 1 1 0 0 \n0 0 0 0 0 \n0 0 0 0 0 \n";
    let (status, reply) = server.post("/position?mines=1", panel);
    assert_eq!(status, 200, "{reply}");
    assert_eq!(text(&reply, "format"), "jlu-panel");
    assert_eq!(text(&reply, "rules"), "clicks");
    assert_eq!(field(&reply, "consistent"), "true");
    let view = view_of(&reply, 5, 5, true);
    let mut solver = Solver::new();
    solver.analyse(&view, Mines::Known(1)).unwrap();
    let p = numbers(&reply, "p");
    for cell in [0, 1, 5, 6] {
        assert_eq!(p[cell], Some(solver.probabilities()[cell]), "cell {cell}");
    }
    // The 1 at (2,2) sees one closed cell: (1,1) is the mine, the other three are safe.
    assert_eq!((p[6], p[0]), (Some(1.0), Some(0.0)));
    assert_eq!(cells_of(&reply, "mines"), [6]);
    // An ACM map and a picture; the mine count unknown: the course's density is assumed.
    let (_, reply) = server.post("/position", "3 3\n???\n12?\n01@\n");
    assert_eq!(text(&reply, "format"), "acm-map");
    assert_eq!(text(&reply, "rules"), "marks");
    assert_eq!(text(&reply, "assumed"), "acm-density");
    assert_eq!(field(&reply, "density"), "0.15", "{reply}");
    // The 1 at (2,1) has its mine at (1,2) or under the @: the mark is a belief.
    assert_eq!(cells_of(&reply, "unproven"), [8], "{reply}");
    // No arrangement fits: said, with the number that cannot be satisfied.
    let (status, reply) = server.post("/position?mines=2", "?3?\n");
    assert_eq!(
        (status, field(&reply, "consistent")),
        (200, "false"),
        "{reply}"
    );
    // A panel too large to enumerate, with no contradiction found: analysed, but not called
    // consistent.
    let mut rng = minejudge::rng::Rng::new(0x0332);
    let (board, view) = crafted_panel(&mut rng, Grid::new(30, 30), Mines::Density(0.2), Lattice);
    let input = String::from_utf8(jlu_machine_input(&view, None)).unwrap();
    let rows = input.split_once('\n').unwrap().1;
    let (status, reply) = server.post(&format!("/position?mines={}", board.mines()), rows);
    assert_eq!(status, 200, "{reply}");
    assert_eq!(field(&reply, "consistent"), "unproven", "{reply}");
    assert!(reply.contains("\"consistent\":\"unproven\""), "{reply}");
    // JSMinesweeper's position text: its header's mine count assumed, the same text back; and
    // a JLU panel written as JSMinesweeper's text, read back to the same cells.
    let js = "4x3x2\nHF10\nH210\n1100\n";
    let (status, reply) = server.post("/position", js);
    assert_eq!(status, 200, "{reply}");
    assert_eq!(
        (text(&reply, "format"), field(&reply, "total")),
        ("jsminesweeper".to_string(), "2")
    );
    assert_eq!(
        (text(&reply, "jsminesweeper"), text(&reply, "rules")),
        (js.to_string(), "flags".to_string())
    );
    let (_, reply) = server.post("/position?mines=1", panel);
    let written = text(&reply, "jsminesweeper");
    assert!(written.starts_with("5x5x1\nHH100\n"), "{written}");
    let (_, again) = server.post("/position", &written);
    assert_eq!(field(&again, "cells"), field(&reply, "cells"));
    let (status, reply) = server.post("/position", "3x2x1\nHHH\n");
    assert_eq!(status, 400);
    assert_eq!(
        reply.trim(),
        "line 1: the header 3x2x1 promises 2 rows, 1 follows"
    );
    // Text that is not a board: 400 with its line.
    let (status, reply) = server.post("/position", "??\n?x\n");
    assert_eq!(status, 400);
    assert!(reply.starts_with("line 2: 'x' is not a cell"), "{reply}");
    assert_eq!(server.post("/position?mines=99", "??\n").0, 400);
    let huge = "?".repeat(70_000);
    assert_eq!(server.post("/position", &huge).0, 413);
}

/// Plays a game over HTTP with flags set and removed, opens, chords and steps until `stop`
/// moves are made or it ends; then each export, piped through its judge binary, prints the
/// exported answer, which ends as the game did.
#[test]
fn exports_pipe_through_each_judge_to_the_exported_answer() {
    let server = Server::start();
    let game = server.new_game(9, 9, 10, 6);
    let (status, reply) = server.request("GET", &format!("/export?game={game}&judge=mine-ops"));
    assert_eq!(status, 409, "{reply}");
    assert!(reply.contains("open a cell first"));
    let mut outcomes = Vec::new();
    for (seed, stop) in [(6, 8), (7, 1000), (8, 1000), (9, 1000)] {
        let game = server.new_game(9, 9, 10, seed);
        server.act("flag", &game, 0, 0);
        server.act("open", &game, 4, 4);
        server.act("flag", &game, 0, 0);
        let mut state = String::new();
        for _ in 0..stop {
            state = server.ok("POST", &format!("/step?game={game}"));
            if field(&state, "move") == "null" {
                break;
            }
        }
        let status = field(&state, "status").to_string();
        for (judge, endings) in [
            ("mine-ops", ["finish\n", "game over\n", "give up\n"]),
            ("acm-server", ["YOU WIN!\n", "GAME OVER!\n", ""]),
            ("jlu-panel", ["You win\n", "You lose\n", ""]),
        ] {
            let reply = server.ok("GET", &format!("/export?game={game}&judge={judge}"));
            let (input, output) = (text(&reply, "input"), text(&reply, "output"));
            assert_eq!(text(&reply, "name"), format!("play-{game}-{judge}"));
            let run = util::run(judge, input.as_bytes(), "an export");
            assert_eq!(run.status, Some(0), "{}", run.describe());
            if let Some(diff) = util::first_difference(output.as_bytes(), &run.stdout) {
                panic!("{judge} on the export of seed {seed}: {diff}");
            }
            let ending = match status.as_str() {
                "won" => endings[0],
                "lost" => endings[1],
                _ => endings[2],
            };
            let tail = if judge == "mine-ops" {
                output.lines().rev().nth(1).unwrap_or("").to_string() + "\n"
            } else {
                output.clone()
            };
            assert!(tail.contains(ending), "{judge}, a {status} game: {output}");
            if judge == "acm-server" {
                assert!(reply.contains("are left out"), "{reply}");
            }
        }
        outcomes.push(status);
    }
    assert!(outcomes.contains(&"playing".to_string()), "{outcomes:?}");
    let (status, _) = server.request("GET", &format!("/export?game={game}&judge=update-board"));
    assert_eq!(status, 400);
}

#[test]
fn an_opening_start_a_replay_and_the_marks_of_assistance() {
    let server = Server::start();
    let (status, reply) = server.request("POST", "/new?rows=9&cols=9&mines=73&start=opening");
    assert_eq!(status, 400);
    assert!(reply.contains("at most 72 mines"), "{reply}");
    let (_, reply) = server.request("POST", "/new?rows=2&cols=5&mines=2&start=opening");
    assert!(reply.contains("at most 1 mine on"), "{reply}");
    for seed in 0..10 {
        let body = server.ok(
            "POST",
            &format!("/new?rows=16&cols=30&mines=99&seed={seed}&start=opening"),
        );
        let game = field(&body, "game").to_string();
        assert_eq!(field(&body, "start"), "opening");
        let state = server.act("open", &game, 0, 29);
        assert_eq!(cells(&state)[29], b'0', "seed {seed}: {state}");
        assert_eq!(field(&state, "assisted"), "false");
        server.ok("GET", &format!("/hint?game={game}"));
        let map = mine_map(&server, &game);
        let state = server.ok("GET", &format!("/state?game={game}"));
        assert_eq!(
            (field(&state, "assisted"), field(&state, "peeked")),
            ("true", "true")
        );
        let replay = server.ok("POST", &format!("/new?replay={game}"));
        assert_eq!(field(&replay, "replay"), "true");
        assert_eq!(cells(&replay), cells(&state), "the same opening");
        let replay_id = field(&replay, "game").to_string();
        assert_eq!(mine_map(&server, &replay_id), map, "the same mines");
    }
}

#[test]
fn host_sets_who_can_reach_the_server() {
    let (server, who) = Server::start_with(&["--host", "127.0.0.1", "--port", "0"]);
    assert!(who.starts_with("only this machine"), "{who}");
    server.ok("POST", "/new?rows=2&cols=2&mines=1");
    drop(server);
    let (server, who) = Server::start_with(&["--port", "0", "--host", "0.0.0.0"]);
    assert!(
        who.contains("any device that can reach this machine"),
        "{who}"
    );
    // One space between words, and none at the line's ends.
    assert!(
        !who.contains("  ") && who.trim() == who.trim_end_matches('\n'),
        "{who:?}"
    );
    server.ok("POST", "/new?rows=2&cols=2&mines=1");
}

/// DNS rebinding: a page of another name that resolves to 127.0.0.1 sends its own name as the
/// `Host`; another site's page sends its `Origin`. Both are refused before anything runs.
#[test]
fn a_foreign_host_or_origin_is_refused() {
    let server = Server::start();
    let port = server.addr.rsplit(':').next().expect("a port");
    let new = |host: &str, origin: &str| {
        let origin = if origin.is_empty() {
            String::new()
        } else {
            format!("Origin: {origin}\r\n")
        };
        let head =
            format!("POST /new?rows=9&cols=9&mines=10 HTTP/1.1\r\nHost: {host}\r\n{origin}\r\n");
        server.raw(head.as_bytes())
    };
    let own = server.addr.clone();
    for host in [
        own.clone(),
        format!("localhost:{port}"),
        format!("[::1]:{port}"),
    ] {
        assert_eq!(new(&host, "").0, 200, "{host}");
        assert_eq!(new(&host, &format!("http://{own}")).0, 200, "{host}");
    }
    for host in [format!("evil.example:{port}"), "127.0.0.1:1".to_string()] {
        let (status, body) = new(&host, "");
        assert_eq!(status, 421, "{host}: {body}");
    }
    for origin in ["http://evil.example", "null", &format!("https://{own}")] {
        assert_eq!(new(&own, origin).0, 403, "{origin}");
    }
    let (status, body) = server.raw(b"GET / HTTP/1.1\r\n\r\n");
    assert_eq!(
        (status, body.as_str()),
        (400, "a request needs a Host header\n")
    );
}

/// Steps `game` to its end with `/step` and `extra` parameters: its status and its clicks.
fn step_to_the_end(server: &Server, game: &str, extra: &str) -> (String, u64) {
    for _ in 0..2000 {
        let answer = server.ok("POST", &format!("/step?game={game}{extra}"));
        if field(&answer, "move") == "null" {
            let status = field(&answer, "status").to_string();
            let clicks = field(&answer, "total_clicks").parse().unwrap_or(0);
            return (status, clicks);
        }
    }
    panic!("game {game} did not end in 2000 steps");
}

#[test]
fn autoplay_for_efficiency_wins_the_same_games_in_fewer_clicks() {
    let server = Server::start();
    let (mut clicks, mut efficient_clicks, mut won) = (0, 0, 0);
    for seed in 1..=5 {
        let game = server.new_game(16, 16, 40, seed);
        let (status, by_default) = step_to_the_end(&server, &game, "");
        let replay = server.ok("POST", &format!("/new?replay={game}"));
        let again = field(&replay, "game").to_string();
        let (efficient_status, efficient) = step_to_the_end(&server, &again, "&for=efficiency");
        assert_eq!(status, efficient_status, "seed {seed}: the same guesses");
        if status == "won" {
            won += 1;
            clicks += by_default;
            efficient_clicks += efficient;
        }
    }
    assert!(
        won >= 3 && efficient_clicks < clicks,
        "{won}: {efficient_clicks} against {clicks}"
    );
    let game = server.new_game(9, 9, 10, 1);
    let (status, body) = server.request("POST", &format!("/step?game={game}&for=speed"));
    assert_eq!(
        (status, body.trim_end()),
        (400, "for must be wins or efficiency")
    );
}

#[test]
fn hint_step_and_analysis_take_a_strength_and_refuse_an_unknown_one() {
    let server = Server::start();
    // Seed 54 of 10x12 with 26 mines (dense, the count known): after 36 default steps, the
    // strong endgame search guesses another cell than the default.
    let game = server.new_game(10, 12, 26, 54);
    for _ in 0..36 {
        server.ok("POST", &format!("/step?game={game}&strength=default"));
    }
    let hint = |extra: &str| server.ok("GET", &format!("/hint?game={game}{extra}"));
    let default = hint("");
    assert_eq!(hint("&strength=default"), default);
    let strong = hint("&strength=strong");
    let at = |json: &str| (number(json, "row"), number(json, "col"));
    assert_ne!(at(&strong), at(&default), "{strong}\n{default}");
    assert_eq!(field(&strong, "certain"), "false", "{strong}");
    let analysis = server.ok("GET", &format!("/analysis?game={game}&strength=strong"));
    assert!(analysis.contains("\"guess\":{"), "{analysis}");
    // A strong step plays the strong hint's move, and strong steps play on to the end.
    let step = server.ok("POST", &format!("/step?game={game}&strength=strong"));
    assert_eq!(at(&step), at(&strong), "{step}");
    let (status, _) = step_to_the_end(&server, &game, "&strength=strong");
    assert!(status == "won" || status == "lost", "{status}");
    for (method, path) in [("GET", "/hint"), ("POST", "/step"), ("GET", "/analysis")] {
        let fresh = server.new_game(9, 9, 10, 1);
        let (status, body) = server.request(method, &format!("{path}?game={fresh}&strength=fast"));
        assert_eq!(
            (status, body.trim_end()),
            (400, "strength must be default or strong"),
            "{path}"
        );
    }
}
