//! The HTTP/1.1 layer of `play`, std only, for a local page: one request per connection, bounded
//! sizes, socket timeouts and a cap on connections, so that no client can hang the server.
//!
//! Requests carry their arguments in the query string, and a pasted position in the body (up
//! to [`MAX_BODY`]). Every response closes its connection: a local page loses nothing by it,
//! and the server keeps no idle sockets.

use std::io::{Read, Write};
use std::net::{TcpListener, TcpStream};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// The request line and headers may take this many bytes.
pub const MAX_HEAD: usize = 8 * 1024;
/// A body may take this many bytes: a pasted 100x100 JLU panel (`-1 ` per cell) is 30 KB.
pub const MAX_BODY: usize = 64 * 1024;
/// A whole request must arrive within this time, however slowly its bytes trickle in.
pub const REQUEST_DEADLINE: Duration = Duration::from_secs(10);
/// Connections handled at once; more are answered 503 at once.
pub const MAX_CONNECTIONS: usize = 64;

/// One parsed request: method, path, decoded query parameters and the body.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HttpRequest {
    /// `GET`, `POST`, ...
    pub method: String,
    /// The path, decoded.
    pub path: String,
    /// The query's parameters, decoded, in order.
    pub query: Vec<(String, String)>,
    /// The body, as sent (empty without one).
    pub body: Vec<u8>,
}

impl HttpRequest {
    /// The first value of the query parameter `name`.
    pub fn param(&self, name: &str) -> Option<&str> {
        self.query
            .iter()
            .find(|(key, _)| key == name)
            .map(|(_, value)| value.as_str())
    }
}

/// A response: status, content type and body.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HttpResponse {
    /// The HTTP status code.
    pub status: u16,
    /// The `Content-Type` header.
    pub content_type: &'static str,
    /// The body.
    pub body: Vec<u8>,
}

impl HttpResponse {
    /// A plain-text response, for errors: the message and a newline.
    pub fn text(status: u16, message: &str) -> HttpResponse {
        let mut body = message.as_bytes().to_vec();
        body.push(b'\n');
        HttpResponse {
            status,
            content_type: "text/plain; charset=utf-8",
            body,
        }
    }

    /// A 200 response with a JSON body.
    pub fn json(body: String) -> HttpResponse {
        HttpResponse {
            status: 200,
            content_type: "application/json",
            body: body.into_bytes(),
        }
    }

    /// A 200 response with an HTML page.
    pub fn html(page: &str) -> HttpResponse {
        HttpResponse {
            status: 200,
            content_type: "text/html; charset=utf-8",
            body: page.as_bytes().to_vec(),
        }
    }
}

fn reason(status: u16) -> &'static str {
    match status {
        200 => "OK",
        400 => "Bad HttpRequest",
        404 => "Not Found",
        405 => "Method Not Allowed",
        408 => "HttpRequest Timeout",
        409 => "Conflict",
        413 => "Payload Too Large",
        431 => "HttpRequest Header Fields Too Large",
        500 => "Internal Server Error",
        503 => "Service Unavailable",
        _ => "Unknown",
    }
}

/// Writes `response` with `Connection: close`.
pub fn write_response(stream: &mut impl Write, response: &HttpResponse) -> std::io::Result<()> {
    let head = format!(
        "HTTP/1.1 {} {}\r\nContent-Type: {}\r\nContent-Length: {}\r\nCache-Control: no-store\r\n\
         X-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\n",
        response.status,
        reason(response.status),
        response.content_type,
        response.body.len()
    );
    stream.write_all(head.as_bytes())?;
    stream.write_all(&response.body)?;
    stream.flush()
}

/// Reads one request from `stream`, within [`MAX_HEAD`], [`MAX_BODY`] and `deadline`. A
/// request that breaks a rule gives the error response to send instead; a connection closed
/// before a whole head arrived gives `Err(None)`.
pub fn read_request(
    stream: &mut impl Read,
    deadline: Instant,
) -> Result<HttpRequest, Option<HttpResponse>> {
    let mut buffer = Vec::with_capacity(1024);
    let mut chunk = [0u8; 1024];
    let head_end = loop {
        if let Some(at) = find(&buffer, b"\r\n\r\n") {
            break at;
        }
        if buffer.len() > MAX_HEAD {
            return Err(Some(HttpResponse::text(431, "request head too large")));
        }
        let read = read_some(stream, &mut chunk, deadline)?;
        buffer.extend_from_slice(&chunk[..read]);
    };
    if head_end > MAX_HEAD {
        return Err(Some(HttpResponse::text(431, "request head too large")));
    }
    let head = std::str::from_utf8(&buffer[..head_end])
        .map_err(|_| Some(HttpResponse::text(400, "the request head is not UTF-8")))?;
    let mut lines = head.split("\r\n");
    let mut request = parse_request_line(lines.next().unwrap_or(""))
        .map_err(|message| Some(HttpResponse::text(400, message)))?;
    let mut body_length = 0usize;
    for line in lines {
        let (name, value) = line
            .split_once(':')
            .ok_or_else(|| Some(HttpResponse::text(400, "a header line without ':'")))?;
        let value = value.trim();
        if name.eq_ignore_ascii_case("content-length") {
            body_length = value
                .parse()
                .map_err(|_| Some(HttpResponse::text(400, "bad Content-Length")))?;
        } else if name.eq_ignore_ascii_case("transfer-encoding") {
            return Err(Some(HttpResponse::text(
                400,
                "request bodies must have a length",
            )));
        }
    }
    if body_length > MAX_BODY {
        return Err(Some(HttpResponse::text(413, "request body too large")));
    }
    let mut body = buffer.split_off(head_end + 4);
    while body.len() < body_length {
        let read = read_some(stream, &mut chunk, deadline)?;
        body.extend_from_slice(&chunk[..read]);
    }
    body.truncate(body_length);
    request.body = body;
    Ok(request)
}

/// One read of at least a byte before `deadline`: a socket timeout or the deadline is a 408;
/// the client closing the connection is `Err(None)`.
fn read_some(
    stream: &mut impl Read,
    chunk: &mut [u8],
    deadline: Instant,
) -> Result<usize, Option<HttpResponse>> {
    loop {
        if Instant::now() > deadline {
            return Err(Some(HttpResponse::text(408, "request too slow")));
        }
        match stream.read(chunk) {
            Ok(0) => return Err(None),
            Ok(read) => return Ok(read),
            Err(err) if err.kind() == std::io::ErrorKind::Interrupted => {}
            Err(_) => return Err(Some(HttpResponse::text(408, "request too slow"))),
        }
    }
}

fn find(haystack: &[u8], needle: &[u8]) -> Option<usize> {
    haystack
        .windows(needle.len())
        .position(|window| window == needle)
}

/// `METHOD /path?query HTTP/1.x`.
fn parse_request_line(line: &str) -> Result<HttpRequest, &'static str> {
    let mut parts = line.split(' ');
    let (Some(method), Some(target), Some(version), None) =
        (parts.next(), parts.next(), parts.next(), parts.next())
    else {
        return Err("bad request line");
    };
    if method.is_empty() || !method.bytes().all(|b| b.is_ascii_uppercase()) {
        return Err("bad method");
    }
    if version != "HTTP/1.1" && version != "HTTP/1.0" {
        return Err("only HTTP/1.0 and HTTP/1.1");
    }
    if !target.starts_with('/') {
        return Err("the target must be a path");
    }
    let (path, query) = target.split_once('?').unwrap_or((target, ""));
    let mut pairs = Vec::new();
    for pair in query.split('&').filter(|pair| !pair.is_empty()) {
        let (key, value) = pair.split_once('=').unwrap_or((pair, ""));
        let key = percent_decode(key).ok_or("bad %-escape in the query")?;
        let value = percent_decode(value).ok_or("bad %-escape in the query")?;
        pairs.push((key, value));
    }
    Ok(HttpRequest {
        method: method.to_string(),
        path: percent_decode(path).ok_or("bad %-escape in the path")?,
        query: pairs,
        body: Vec::new(),
    })
}

/// Decodes `%XX` escapes and `+` (a space in a query); `None` for a broken escape or a result
/// that is not UTF-8.
pub fn percent_decode(text: &str) -> Option<String> {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'%' => {
                let hex = bytes.get(i + 1..i + 3)?;
                let hex = std::str::from_utf8(hex).ok()?;
                out.push(u8::from_str_radix(hex, 16).ok()?);
                i += 3;
            }
            b'+' => {
                out.push(b' ');
                i += 1;
            }
            byte => {
                out.push(byte);
                i += 1;
            }
        }
    }
    String::from_utf8(out).ok()
}

/// Serves `listener` forever, one thread per connection (at most [`MAX_CONNECTIONS`] at
/// once). `handle` answers each request; a panic in it becomes a 500, never a dead server.
pub fn serve<H>(listener: TcpListener, handle: H)
where
    H: Fn(&HttpRequest) -> HttpResponse + Send + Sync + 'static,
{
    let handle = Arc::new(handle);
    let open = Arc::new(AtomicUsize::new(0));
    for stream in listener.incoming() {
        let Ok(mut stream) = stream else {
            // Out of file descriptors or a connection reset before accept: wait a little.
            std::thread::sleep(Duration::from_millis(10));
            continue;
        };
        let _ = stream.set_read_timeout(Some(Duration::from_secs(2)));
        let _ = stream.set_write_timeout(Some(Duration::from_secs(5)));
        if open.fetch_add(1, Ordering::SeqCst) >= MAX_CONNECTIONS {
            open.fetch_sub(1, Ordering::SeqCst);
            let _ = write_response(
                &mut stream,
                &HttpResponse::text(503, "too many connections"),
            );
            continue;
        }
        let handle = Arc::clone(&handle);
        let counter = Arc::clone(&open);
        let spawned = std::thread::Builder::new().spawn(move || {
            answer(&mut stream, &*handle);
            counter.fetch_sub(1, Ordering::SeqCst);
        });
        if spawned.is_err() {
            open.fetch_sub(1, Ordering::SeqCst);
        }
    }
}

/// Reads one request from `stream` and writes the answer.
fn answer(stream: &mut TcpStream, handle: &(dyn Fn(&HttpRequest) -> HttpResponse + Sync)) {
    let response = match read_request(stream, Instant::now() + REQUEST_DEADLINE) {
        Ok(request) => catch_unwind(AssertUnwindSafe(|| handle(&request)))
            .unwrap_or_else(|_| HttpResponse::text(500, "internal error")),
        Err(Some(response)) => response,
        Err(None) => return,
    };
    let _ = write_response(stream, &response);
    let _ = stream.shutdown(std::net::Shutdown::Write);
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(raw: &str) -> Result<HttpRequest, Option<HttpResponse>> {
        read_request(&mut raw.as_bytes(), Instant::now() + Duration::from_secs(1))
    }

    #[test]
    fn parses_path_and_decoded_query() {
        let request = parse("POST /open?game=ab&row=3&name=a%20b+c HTTP/1.1\r\nHost: x\r\n\r\n")
            .expect("valid");
        assert_eq!(request.method, "POST");
        assert_eq!(request.path, "/open");
        assert_eq!(request.param("row"), Some("3"));
        assert_eq!(request.param("name"), Some("a b c"));
        assert_eq!(request.param("col"), None);
        assert!(request.body.is_empty());
        let request = parse("POST /position HTTP/1.1\r\nContent-Length: 5\r\n\r\n-1 2\nextra")
            .expect("valid");
        assert_eq!(request.body, b"-1 2\n", "the body, cut at its length");
    }

    #[test]
    fn refuses_broken_requests_with_their_status() {
        let status = |raw: &str| parse(raw).err().flatten().map(|r| r.status);
        assert_eq!(status("GET / HTTP/2\r\n\r\n"), Some(400));
        assert_eq!(status("get / HTTP/1.1\r\n\r\n"), Some(400));
        assert_eq!(status("GET /%zz HTTP/1.1\r\n\r\n"), Some(400));
        assert_eq!(status("GET / HTTP/1.1\r\nno colon\r\n\r\n"), Some(400));
        assert_eq!(
            status("POST / HTTP/1.1\r\nContent-Length: 99999\r\n\r\n"),
            Some(413)
        );
        let long = format!("GET /{} HTTP/1.1\r\n\r\n", "a".repeat(MAX_HEAD));
        assert_eq!(status(&long), Some(431));
        // A connection closed mid-head is no request at all.
        assert!(matches!(parse("GET / HTTP/1.1\r\n"), Err(None)));
    }
}
