//! The connections of `play`: who may hold one and for how long, so that no client can stall
//! or kill the server.
//!
//! One thread accepts connections and reads every request as its bytes arrive, without
//! blocking on any socket: a slow client costs a socket and a buffer, not a thread. A request
//! head must be whole within [`HEAD_DEADLINE`] of the connection, the body within
//! [`REQUEST_DEADLINE`], however slowly the bytes trickle in. At most [`MAX_PENDING`]
//! connections wait for their request, at most [`PER_ADDRESS`] from one address
//! ([`PER_LOOPBACK`] from this machine, whose every program and browser tab shares
//! 127.0.0.1): a connection beyond either closes the oldest one still sending its request,
//! which has had the longest to send it, so a new client is never locked out.
//!
//! A whole request gets a thread (at most [`MAX_WORKING`]; more are answered 503). Heavy ones
//! (the solver, exports) then wait in a [`Gate`]: as many run at once as there are cores,
//! [`HEAVY_WAITING`] wait, more are answered 503 with `Retry-After`; another machine's address
//! holds at most half of those places. A request whose `Host` or `Origin` is not this
//! server's is refused before anything runs (`host`).
//!
//! Memory: a waiting connection holds at most `http::MAX_HEAD` + `http::MAX_BODY` + one read,
//! which bounds all of them by 256 x 76 KB = 19 MB; a heavy answer larger than
//! [`SMALL_ANSWER`] keeps its turn in the gate until it is written (within
//! [`RESPONSE_DEADLINE`]), so large answers in memory are at most one per core (an export
//! takes at most about twice its capped 32 MB output: 61 MB measured); smaller answers being
//! written take at most [`MAX_WORKING`] x 1 MB.

use crate::play::gate::Gate;
use crate::play::host::{is_own_host, is_own_origin};
use crate::play::http::{write_response, HttpRequest, HttpResponse, Incoming, Progress};
use std::io::{ErrorKind, Read};
use std::net::{IpAddr, Shutdown, SocketAddr, TcpListener, TcpStream};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// A request's head must be whole this long after its connection: a browser sends it at once.
pub const HEAD_DEADLINE: Duration = Duration::from_secs(3);
/// A whole request (head and body) must be in this long after its connection.
pub const REQUEST_DEADLINE: Duration = Duration::from_secs(5);
/// An answer must be written within this time.
pub const RESPONSE_DEADLINE: Duration = Duration::from_secs(30);
/// Connections still sending their request.
pub const MAX_PENDING: usize = 256;
/// Connections still sending their request from one address of another machine.
pub const PER_ADDRESS: usize = 8;
/// Connections still sending their request from this machine.
pub const PER_LOOPBACK: usize = 128;
/// Requests being answered at once (each on its thread).
pub const MAX_WORKING: usize = 64;
/// Heavy requests waiting for their turn.
pub const HEAVY_WAITING: usize = 8;
/// How long a heavy request waits for its turn at most.
pub const HEAVY_PATIENCE: Duration = Duration::from_secs(10);
/// A heavy answer up to this size gives its turn back before it is written.
pub const SMALL_ANSWER: usize = 1 << 20;

/// How long the reading thread sleeps when no socket had anything: a request waits at most
/// this long to be read, and 256 idle sockets cost 256 reads per sweep.
const IDLE_SLEEP: Duration = Duration::from_millis(2);

/// A connection still sending its request.
struct Pending {
    stream: TcpStream,
    peer: IpAddr,
    local: SocketAddr,
    opened: Instant,
    incoming: Incoming,
}

/// What one sweep found on a connection.
enum Found {
    /// Nothing yet, or part of a request.
    Waiting { read: bool },
    /// The client closed the connection or it broke: nothing to answer.
    Gone,
    /// The whole request.
    Request(HttpRequest),
    /// The error to answer.
    Refusal(HttpResponse),
}

/// What the answering threads share.
struct Answering<H> {
    handle: H,
    heavy: fn(&HttpRequest) -> bool,
    gate: Gate,
    working: AtomicUsize,
}

/// Serves `listener` forever: `handle` answers each request (a panic in it is a 500, never a
/// dead server), after a turn in the gate when `heavy` says so.
pub fn serve<H>(listener: TcpListener, handle: H, heavy: fn(&HttpRequest) -> bool)
where
    H: Fn(&HttpRequest) -> HttpResponse + Send + Sync + 'static,
{
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let answering = Arc::new(Answering {
        handle,
        heavy,
        gate: Gate::new(cores, HEAVY_WAITING, HEAVY_PATIENCE),
        working: AtomicUsize::new(0),
    });
    let mut pending: Vec<Pending> = Vec::new();
    let mut chunk = vec![0u8; 4096];
    loop {
        if pending.is_empty() {
            // Nothing to read: sleep in accept until a client comes.
            let _ = listener.set_nonblocking(false);
            let accepted = listener.accept();
            let _ = listener.set_nonblocking(true);
            match accepted {
                Ok((stream, peer)) => admit(&mut pending, stream, peer.ip()),
                Err(_) => std::thread::sleep(Duration::from_millis(10)),
            }
            continue;
        }
        // Read first, then accept: a connection accepted in one sweep is read in the next
        // before any newer one can push it out.
        let mut busy = sweep(&mut pending, &mut chunk, &answering);
        for _ in 0..MAX_PENDING {
            match listener.accept() {
                Ok((stream, peer)) => {
                    admit(&mut pending, stream, peer.ip());
                    busy = true;
                }
                Err(err) if err.kind() == ErrorKind::WouldBlock => break,
                Err(_) => {
                    // Out of file descriptors, or a connection reset before it was accepted.
                    std::thread::sleep(Duration::from_millis(10));
                    break;
                }
            }
        }
        if !busy {
            std::thread::sleep(IDLE_SLEEP);
        }
    }
}

/// Takes a new connection, closing the oldest waiting one of its address, or of all, when
/// either has its fill.
fn admit(pending: &mut Vec<Pending>, stream: TcpStream, peer: IpAddr) {
    let Ok(local) = stream.local_addr() else {
        return;
    };
    if stream.set_nonblocking(true).is_err() {
        return;
    }
    let most = if peer.is_loopback() {
        PER_LOOPBACK
    } else {
        PER_ADDRESS
    };
    if pending.iter().filter(|other| other.peer == peer).count() >= most {
        if let Some(oldest) = pending.iter().position(|other| other.peer == peer) {
            pending.remove(oldest);
        }
    }
    if pending.len() >= MAX_PENDING {
        pending.remove(0);
    }
    pending.push(Pending {
        stream,
        peer,
        local,
        opened: Instant::now(),
        incoming: Incoming::default(),
    });
}

/// Reads what every waiting connection has; answers or closes those that are done. Whether
/// anything was read.
fn sweep<H>(pending: &mut Vec<Pending>, chunk: &mut [u8], answering: &Arc<Answering<H>>) -> bool
where
    H: Fn(&HttpRequest) -> HttpResponse + Send + Sync + 'static,
{
    let now = Instant::now();
    let mut busy = false;
    let mut index = 0;
    while index < pending.len() {
        let found = read(&mut pending[index], chunk, now);
        if let Found::Waiting { read } = found {
            busy |= read;
            index += 1;
            continue;
        }
        busy = true;
        // Kept in order: the oldest stays first.
        let connection = pending.remove(index);
        match found {
            Found::Request(request) => dispatch(connection, request, answering),
            Found::Refusal(response) => refuse(connection.stream, &response),
            Found::Waiting { .. } | Found::Gone => {}
        }
    }
    busy
}

/// Reads what `connection` has without waiting.
fn read(connection: &mut Pending, chunk: &mut [u8], now: Instant) -> Found {
    let mut read = false;
    loop {
        match connection.stream.read(chunk) {
            Ok(0) => return Found::Gone,
            Ok(count) => {
                read = true;
                match connection.incoming.push(&chunk[..count]) {
                    Progress::More => {}
                    Progress::Done(request) => return Found::Request(request),
                    Progress::Refused(response) => return Found::Refusal(response),
                }
            }
            Err(err) if err.kind() == ErrorKind::WouldBlock => break,
            Err(err) if err.kind() == ErrorKind::Interrupted => {}
            Err(_) => return Found::Gone,
        }
    }
    let allowed = if connection.incoming.has_head() {
        REQUEST_DEADLINE
    } else {
        HEAD_DEADLINE
    };
    if now.duration_since(connection.opened) > allowed {
        return Found::Refusal(HttpResponse::text(408, "request too slow"));
    }
    Found::Waiting { read }
}

/// Answers a short error on a socket that is still non-blocking: it fits in the socket's
/// buffer, and a client that reads nothing loses it.
fn refuse(mut stream: TcpStream, response: &HttpResponse) {
    let _ = write_response(
        &mut stream,
        response,
        Instant::now() + Duration::from_secs(1),
    );
    let _ = stream.shutdown(Shutdown::Write);
}

/// Answers `request` on a thread of its own, if one is free.
fn dispatch<H>(connection: Pending, request: HttpRequest, answering: &Arc<Answering<H>>)
where
    H: Fn(&HttpRequest) -> HttpResponse + Send + Sync + 'static,
{
    let stream = connection.stream;
    if answering.working.fetch_add(1, Ordering::SeqCst) >= MAX_WORKING {
        answering.working.fetch_sub(1, Ordering::SeqCst);
        return refuse(
            stream,
            &HttpResponse::text(503, "too many requests at once"),
        );
    }
    if stream.set_nonblocking(false).is_err() {
        answering.working.fetch_sub(1, Ordering::SeqCst);
        return;
    }
    let (peer, local) = (connection.peer, connection.local);
    let shared = Arc::clone(answering);
    let spawned = std::thread::Builder::new().spawn(move || {
        let mut stream = stream;
        answer(&mut stream, peer, local, request, &shared);
        shared.working.fetch_sub(1, Ordering::SeqCst);
    });
    if spawned.is_err() {
        answering.working.fetch_sub(1, Ordering::SeqCst);
    }
}

/// Answers one whole request and closes the connection: a heavy one on the gate's threads.
fn answer<H>(
    stream: &mut TcpStream,
    peer: IpAddr,
    local: SocketAddr,
    request: HttpRequest,
    answering: &Arc<Answering<H>>,
) where
    H: Fn(&HttpRequest) -> HttpResponse + Send + Sync + 'static,
{
    let failed = || HttpResponse::text(500, "internal error");
    let mut turn = None;
    let response = if let Some(refusal) = foreign(&request, local) {
        refusal
    } else if (answering.heavy)(&request) {
        // This machine's programs all share 127.0.0.1: their share is not counted apart.
        let address = Some(peer).filter(|peer| !peer.is_loopback());
        match answering.gate.enter(address) {
            Some(entered) => {
                let shared = Arc::clone(answering);
                let response = entered
                    .run(move || (shared.handle)(&request))
                    .unwrap_or_else(failed);
                turn = Some(entered);
                response
            }
            None => HttpResponse::text(503, "busy with other analyses: try again in a second"),
        }
    } else {
        catch_unwind(AssertUnwindSafe(|| (answering.handle)(&request))).unwrap_or_else(|_| failed())
    };
    if response.body.len() <= SMALL_ANSWER {
        drop(turn.take());
    }
    let _ = write_response(stream, &response, Instant::now() + RESPONSE_DEADLINE);
    let _ = stream.shutdown(Shutdown::Write);
    drop(turn);
}

/// The refusal of a request not meant for this server: no `Host`, another site's name in it
/// (DNS rebinding), or another site's page as its `Origin`.
fn foreign(request: &HttpRequest, local: SocketAddr) -> Option<HttpResponse> {
    let Some(host) = &request.host else {
        return Some(HttpResponse::text(400, "a request needs a Host header"));
    };
    if !is_own_host(host, local) {
        return Some(HttpResponse::text(
            421,
            "the Host header is not this server's address: open the page at the address play printed",
        ));
    }
    match &request.origin {
        Some(origin) if !is_own_origin(origin, local) => Some(HttpResponse::text(
            403,
            "requests from another site's page are refused",
        )),
        _ => None,
    }
}
