//! `play` under attack: slow-loris sockets that trickle a byte a second and
//! reconnect, bursts of heavy requests (`/position` on crafted panels, `/export` of long
//! games), and a page reached through DNS rebinding. The test checks that a second client's
//! normal requests are all answered during the worst of it; the `--ignored` tool prints the
//! figures of each attack (normal requests answered, their latency, the server's peak memory):
//!
//! `cargo test --test integration play_load -- --ignored --nocapture`
//!
//! `PLAY_LOAD_BINARY=path` measures another build of `play` (an older one, to compare). The
//! server runs under `ulimit -v` ([`ADDRESS_SPACE_KIB`]) so that an attack that would take the
//! machine's memory ends the server instead (the tester's "memory allocation failed").

use crate::util;
use minejudge::board::Grid;
use minejudge::players::jlu_machine::hostile::{crafted_panel, PanelPattern};
use minejudge::rng::Rng;
use minejudge::solver::{Mines, Seen};
use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// The server's address space: 3 GiB, far above what it needs, far below the machine.
const ADDRESS_SPACE_KIB: u64 = 3 << 20;

/// A running `play --port 0` under `ulimit -v`, killed when dropped.
struct Target {
    child: Child,
    addr: String,
}

impl Target {
    fn start() -> Target {
        let binary =
            std::env::var("PLAY_LOAD_BINARY").unwrap_or_else(|_| util::binary("play").into());
        let mut child = Command::new("sh")
            .args([
                "-c",
                &format!("ulimit -v {ADDRESS_SPACE_KIB} && exec \"$0\" --port 0"),
                &binary,
            ])
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("start play");
        let mut line = String::new();
        let read = BufReader::new(child.stdout.take().expect("piped stdout")).read_line(&mut line);
        let mut target = Target {
            child,
            addr: String::new(),
        };
        assert!(read.is_ok(), "reading play's URL: {read:?}");
        let url = line.trim();
        let addr = url
            .strip_prefix("http://")
            .and_then(|rest| rest.strip_suffix('/'))
            .unwrap_or_else(|| panic!("play printed {line:?}"));
        target.addr = addr.to_string();
        target
    }

    /// The server's peak resident memory so far (KiB), from `/proc/PID/status`.
    fn peak_kib(&self) -> Option<u64> {
        let status = std::fs::read_to_string(format!("/proc/{}/status", self.child.id())).ok()?;
        status
            .lines()
            .find_map(|line| line.strip_prefix("VmHWM:"))?
            .trim()
            .trim_end_matches("kB")
            .trim()
            .parse()
            .ok()
    }

    /// `None` while the server runs; else how it ended and what it said on stderr.
    fn ended(&mut self) -> Option<String> {
        let status = self.child.try_wait().ok()??;
        let mut said = String::new();
        if let Some(mut stderr) = self.child.stderr.take() {
            let _ = stderr.read_to_string(&mut said);
        }
        Some(format!("{status}: {}", said.trim()))
    }
}

impl Drop for Target {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// One request on its own connection: the status (0 when no answer came) and the body.
fn send(addr: &str, host: &str, method: &str, target: &str, body: &[u8]) -> (u16, Vec<u8>) {
    let Ok(mut stream) = TcpStream::connect(addr) else {
        return (0, Vec::new());
    };
    let _ = stream.set_read_timeout(Some(Duration::from_secs(60)));
    let head = format!(
        "{method} {target} HTTP/1.1\r\nHost: {host}\r\nContent-Length: {}\r\n\r\n",
        body.len()
    );
    let _ = stream.write_all(head.as_bytes());
    let _ = stream.write_all(body);
    let mut answer = Vec::new();
    let _ = stream.read_to_end(&mut answer);
    let status = answer
        .get(9..12)
        .and_then(|code| std::str::from_utf8(code).ok())
        .and_then(|code| code.parse().ok())
        .unwrap_or(0);
    let at = answer
        .windows(4)
        .position(|w| w == b"\r\n\r\n")
        .map_or(answer.len(), |at| at + 4);
    (status, answer.split_off(at))
}

/// The value of `"name":` in a flat JSON answer, quotes removed.
fn field(json: &[u8], name: &str) -> String {
    let json = String::from_utf8_lossy(json);
    let key = format!("\"{name}\":");
    let Some(at) = json.find(&key) else {
        return String::new();
    };
    let rest = &json[at + key.len()..];
    let end = rest.find([',', '}']).unwrap_or(rest.len());
    rest[..end].trim_matches('"').to_string()
}

/// Attackers that run until [`Attack::stop`]; each counts what it did.
struct Attack {
    stop: Arc<AtomicBool>,
    threads: Vec<JoinHandle<()>>,
    /// Connections opened (slow loris) or requests answered (heavy requests).
    done: Arc<AtomicU64>,
    /// Heavy requests answered 503 (busy).
    busy: Arc<AtomicU64>,
}

impl Attack {
    fn new() -> Attack {
        Attack {
            stop: Arc::new(AtomicBool::new(false)),
            threads: Vec::new(),
            done: Arc::new(AtomicU64::new(0)),
            busy: Arc::new(AtomicU64::new(0)),
        }
    }

    /// Stops every attacker; (done, busy).
    fn stop(self) -> (u64, u64) {
        self.stop.store(true, Ordering::SeqCst);
        for thread in self.threads {
            let _ = thread.join();
        }
        (
            self.done.load(Ordering::SeqCst),
            self.busy.load(Ordering::SeqCst),
        )
    }

    /// `sockets` connections that each send a request head one byte a second, and reconnect
    /// when the server closes them.
    fn slow_loris(&mut self, addr: &str, sockets: usize) {
        for _ in 0..sockets {
            let (addr, stop, opened) = (addr.to_string(), self.stop.clone(), self.done.clone());
            self.threads.push(std::thread::spawn(move || {
                let head = format!("GET / HTTP/1.1\r\nHost: {addr}\r\nX-Slow: ");
                while !stop.load(Ordering::SeqCst) {
                    let Ok(mut stream) = TcpStream::connect(&addr) else {
                        std::thread::sleep(Duration::from_millis(50));
                        continue;
                    };
                    opened.fetch_add(1, Ordering::SeqCst);
                    for byte in head.bytes().chain(std::iter::repeat(b'a')) {
                        if stop.load(Ordering::SeqCst) || stream.write_all(&[byte]).is_err() {
                            break;
                        }
                        // A second, in steps that notice the end of the attack.
                        for _ in 0..10 {
                            if stop.load(Ordering::SeqCst) {
                                break;
                            }
                            std::thread::sleep(Duration::from_millis(100));
                        }
                    }
                }
            }));
        }
    }

    /// `clients` clients that each ask for `targets` (round robin) and never read the answer,
    /// asking again once the server gives up on them.
    fn slow_readers(&mut self, addr: &str, clients: usize, targets: &[String]) {
        for client in 0..clients {
            let (addr, stop, opened) = (addr.to_string(), self.stop.clone(), self.done.clone());
            let target = targets[client % targets.len()].clone();
            self.threads.push(std::thread::spawn(move || {
                while !stop.load(Ordering::SeqCst) {
                    let Ok(mut stream) = TcpStream::connect(&addr) else {
                        std::thread::sleep(Duration::from_millis(50));
                        continue;
                    };
                    opened.fetch_add(1, Ordering::SeqCst);
                    let head = format!("GET {target} HTTP/1.1\r\nHost: {addr}\r\n\r\n");
                    let _ = stream.write_all(head.as_bytes());
                    let start = Instant::now();
                    while !stop.load(Ordering::SeqCst) && start.elapsed() < Duration::from_secs(32)
                    {
                        std::thread::sleep(Duration::from_millis(100));
                    }
                }
            }));
        }
    }

    /// `clients` clients that each send `method target` with `body` again and again.
    fn repeat(
        &mut self,
        addr: &str,
        clients: usize,
        method: &str,
        targets: &[String],
        body: &[u8],
    ) {
        for client in 0..clients {
            let (addr, stop) = (addr.to_string(), self.stop.clone());
            let (done, busy) = (self.done.clone(), self.busy.clone());
            let (method, body) = (method.to_string(), body.to_vec());
            let target = targets[client % targets.len()].clone();
            self.threads.push(std::thread::spawn(move || {
                while !stop.load(Ordering::SeqCst) {
                    match send(&addr, &addr, &method, &target, &body).0 {
                        0 => std::thread::sleep(Duration::from_millis(50)),
                        503 => {
                            busy.fetch_add(1, Ordering::SeqCst);
                            std::thread::sleep(Duration::from_millis(10));
                        }
                        _ => {
                            done.fetch_add(1, Ordering::SeqCst);
                        }
                    }
                }
            }));
        }
    }
}

/// A crafted `side` x `side` panel as a picture (`?` closed, digits open; 10 KB at 100x100)
/// that holds one component with astronomically many arrangements.
fn crafted_position(side: usize, seed: u64) -> Vec<u8> {
    let grid = Grid::new(side, side);
    let mut rng = Rng::new(seed);
    let (_, view) = crafted_panel(&mut rng, grid, Mines::Density(0.2), PanelPattern::Lattice);
    let mut text = Vec::new();
    for row in 0..grid.rows() {
        for col in 0..grid.cols() {
            text.push(match view.get(grid.index(row, col)) {
                Seen::Open(number) => b'0' + number,
                _ => b'?',
            });
        }
        text.push(b'\n');
    }
    text
}

/// A 100x100 game with about `clicks` single-cell opens: its `jlu-panel` export prints the
/// whole panel after each, some 30 KB a click.
fn long_game(addr: &str, seed: u64, clicks: usize) -> String {
    let (_, body) = send(
        addr,
        addr,
        "POST",
        &format!("/new?rows=100&cols=100&mines=3000&seed={seed}"),
        b"",
    );
    let game = field(&body, "game");
    send(
        addr,
        addr,
        "POST",
        &format!("/open?game={game}&row=0&col=0"),
        b"",
    );
    let (_, reveal) = send(addr, addr, "GET", &format!("/reveal?game={game}"), b"");
    let map: Vec<bool> = field(&reveal, "map").bytes().map(|b| b == b'1').collect();
    let grid = Grid::new(100, 100);
    let numbered = (0..grid.len())
        .filter(|&cell| !map[cell] && grid.neighbours(cell).any(|n| map[n]) && cell != 0);
    for cell in numbered.take(clicks) {
        let (row, col) = grid.row_col(cell);
        send(
            addr,
            addr,
            "POST",
            &format!("/open?game={game}&row={row}&col={col}"),
            b"",
        );
    }
    game
}

/// The `/export` targets of `count` long games (1000 clicks).
fn long_exports(addr: &str, count: u64) -> Vec<String> {
    (0..count)
        .map(|seed| {
            let game = long_game(addr, seed, 1000);
            format!("/export?game={game}&judge=jlu-panel")
        })
        .collect()
}

/// What a normal client saw: each request's status (0: no answer) and latency.
struct Normal {
    answers: Vec<(u16, Duration)>,
}

impl Normal {
    /// `count` requests one after another (a new game, then opens and states), `pause` apart.
    fn run(addr: &str, count: usize, pause: Duration) -> Normal {
        let mut answers = Vec::new();
        let mut game = String::new();
        for i in 0..count {
            let target = match i % 3 {
                0 => "/new?rows=9&cols=9&mines=10".to_string(),
                1 => format!("/open?game={game}&row=4&col=4"),
                _ => format!("/state?game={game}"),
            };
            let method = if i % 3 == 2 { "GET" } else { "POST" };
            let start = Instant::now();
            let (status, body) = send(addr, addr, method, &target, b"");
            answers.push((status, start.elapsed()));
            if i % 3 == 0 && status == 200 {
                game = field(&body, "game");
            }
            std::thread::sleep(pause);
        }
        Normal { answers }
    }

    fn answered(&self) -> usize {
        self.answers
            .iter()
            .filter(|(status, _)| *status == 200)
            .count()
    }

    /// The latency percentile `p` (0 to 100) of the answered requests.
    fn percentile(&self, p: usize) -> Duration {
        let mut times: Vec<Duration> = self
            .answers
            .iter()
            .filter(|(status, _)| *status == 200)
            .map(|(_, time)| *time)
            .collect();
        times.sort();
        match times.len() {
            0 => Duration::ZERO,
            n => times[(n - 1) * p / 100],
        }
    }

    fn describe(&self) -> String {
        let mut statuses: Vec<u16> = self.answers.iter().map(|(status, _)| *status).collect();
        statuses.sort();
        statuses.dedup();
        format!(
            "normal requests answered {}/{} (statuses {statuses:?}), latency p50 {:?} p90 {:?} \
             max {:?}",
            self.answered(),
            self.answers.len(),
            self.percentile(50),
            self.percentile(90),
            self.percentile(100)
        )
    }
}

/// 100 reconnecting slow-loris sockets, 16 clients sending crafted positions and 8 exporting
/// long games, all at once: a second client's 30 normal requests are all answered.
#[test]
#[ignore = "long tier: .ci/run runs it"]
fn normal_requests_are_answered_during_slow_loris_and_heavy_bursts() {
    let mut server = Target::start();
    let addr = server.addr.clone();
    let games: Vec<String> = (0..4)
        .map(|seed| {
            format!(
                "/export?game={}&judge=jlu-panel",
                long_game(&addr, seed, 200)
            )
        })
        .collect();
    let mut attack = Attack::new();
    attack.slow_loris(&addr, 100);
    let positions = ["/position".to_string()];
    attack.repeat(&addr, 16, "POST", &positions, &crafted_position(100, 1));
    attack.repeat(&addr, 8, "GET", &games, b"");
    std::thread::sleep(Duration::from_secs(2));
    let normal = Normal::run(&addr, 30, Duration::from_millis(100));
    let peak = server.peak_kib();
    let (heavy, busy) = attack.stop();
    let summary = format!(
        "{}; heavy requests answered {heavy}, busy {busy}; peak {peak:?} KiB",
        normal.describe()
    );
    println!("{summary}");
    assert_eq!(server.ended(), None, "{summary}");
    // Every normal request is answered while the heavy ones still run (they are stopped only
    // after): none waits for the attack to end. The latency is printed, not judged, since the
    // machine may be busy.
    assert_eq!(normal.answered(), normal.answers.len(), "{summary}");
}

/// One attack for [`figures`]: its name, and what it starts against the server's address.
type Scenario = (&'static str, fn(&str) -> Attack);

/// The figures of each attack: normal requests answered and their latency, the server's peak
/// memory, whether it survived.
#[test]
#[ignore = "a load tool: prints figures (see the module's comment)"]
fn figures() {
    let only = std::env::var("PLAY_LOAD_ONLY").unwrap_or_default();
    let scenarios: [Scenario; 8] = [
        ("64 slow-loris sockets, not reconnecting", |addr| {
            let mut attack = Attack::new();
            attack.slow_loris(addr, 64);
            attack
        }),
        ("100 slow-loris sockets, reconnecting", |addr| {
            let mut attack = Attack::new();
            attack.slow_loris(addr, 100);
            attack
        }),
        ("300 slow-loris sockets, reconnecting", |addr| {
            let mut attack = Attack::new();
            attack.slow_loris(addr, 300);
            attack
        }),
        ("600 slow-loris sockets, reconnecting", |addr| {
            let mut attack = Attack::new();
            attack.slow_loris(addr, 600);
            attack
        }),
        (
            "64 concurrent /position of crafted 100x100 panels",
            |addr| {
                let mut attack = Attack::new();
                let positions: Vec<u8> = crafted_position(100, 1);
                attack.repeat(addr, 64, "POST", &["/position".to_string()], &positions);
                attack
            },
        ),
        (
            "64 concurrent /export of 64 games of 1000 clicks on 100x100",
            |addr| {
                let games = long_exports(addr, 64);
                let mut attack = Attack::new();
                attack.repeat(addr, 64, "GET", &games, b"");
                attack
            },
        ),
        ("64 slow readers of /export of 16 long games", |addr| {
            let games = long_exports(addr, 16);
            let mut attack = Attack::new();
            attack.slow_readers(addr, 64, &games);
            attack
        }),
        (
            "all at once: 100 slow loris, 32 /position, 32 /export",
            |addr| {
                let games = long_exports(addr, 32);
                let mut attack = Attack::new();
                attack.slow_loris(addr, 100);
                attack.repeat(
                    addr,
                    32,
                    "POST",
                    &["/position".to_string()],
                    &crafted_position(100, 2),
                );
                attack.repeat(addr, 32, "GET", &games, b"");
                attack
            },
        ),
    ];
    let seconds: u64 = std::env::var("PLAY_LOAD_SECONDS")
        .ok()
        .and_then(|text| text.parse().ok())
        .unwrap_or(20);
    for (name, start) in scenarios {
        if !name.contains(&only) {
            continue;
        }
        let mut server = Target::start();
        let before = server.peak_kib();
        let attack = start(&server.addr);
        let setup = server.peak_kib();
        std::thread::sleep(Duration::from_secs(2));
        let pause = Duration::from_millis(1000 * seconds / 40);
        let normal = Normal::run(&server.addr, 40, pause);
        let game = field(
            &send(
                &server.addr,
                &server.addr,
                "POST",
                "/new?rows=9&cols=9&mines=10",
                b"",
            )
            .1,
            "game",
        );
        let hints = (0..10)
            .filter(|_| {
                send(
                    &server.addr,
                    &server.addr,
                    "GET",
                    &format!("/hint?game={game}"),
                    b"",
                )
                .0 == 200
            })
            .count();
        let peak = server.peak_kib();
        let (done, busy) = attack.stop();
        let ended = server.ended();
        println!(
            "{name} for about {seconds} s: {}; hints answered {hints}/10; attacker: {done} done, {busy} busy; peak RSS \
             {peak:?} KiB (idle {before:?}, after setup {setup:?}); server {}",
            normal.describe(),
            ended.map_or("alive".to_string(), |how| format!("ENDED {how}"))
        );
    }
    // DNS rebinding: a page of evil.example, resolved to 127.0.0.1, asks for the API.
    let server = Target::start();
    let port = server.addr.rsplit(':').next().unwrap_or("");
    for host in [format!("evil.example:{port}"), server.addr.clone()] {
        let (status, _) = send(
            &server.addr,
            &host,
            "POST",
            "/new?rows=9&cols=9&mines=10",
            b"",
        );
        println!("Host: {host} -> {status}");
    }
}
