//! The HTTP/1.1 messages of `play`, std only, for a local page: a request read as its bytes
//! arrive ([`Incoming`]), within bounded sizes, and a response written before a deadline. Who
//! may connect and for how long is `connections`' business.
//!
//! Requests carry their arguments in the query string, and a pasted position in the body (up
//! to [`MAX_BODY`]). Every response closes its connection: a local page loses nothing by it,
//! and the server keeps no idle sockets.

use std::io::Write;
use std::net::TcpStream;
use std::time::Instant;

/// The request line and headers may take this many bytes.
pub const MAX_HEAD: usize = 8 * 1024;
/// A body may take this many bytes: a pasted 100x100 JLU panel (`-1 ` per cell) is 30 KB.
pub const MAX_BODY: usize = 64 * 1024;

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
    /// The `Host` header, if one came.
    pub host: Option<String>,
    /// The `Origin` header, if one came (browsers send it with a page's POST).
    pub origin: Option<String>,
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
        400 => "Bad Request",
        403 => "Forbidden",
        404 => "Not Found",
        405 => "Method Not Allowed",
        408 => "Request Timeout",
        409 => "Conflict",
        413 => "Payload Too Large",
        421 => "Misdirected Request",
        431 => "Request Header Fields Too Large",
        500 => "Internal Server Error",
        503 => "Service Unavailable",
        _ => "Unknown",
    }
}

/// Writes `response` with `Connection: close` (and `Retry-After` on a 503) before `deadline`:
/// a client that reads a large answer a byte at a time is cut off there.
pub fn write_response(
    stream: &mut TcpStream,
    response: &HttpResponse,
    deadline: Instant,
) -> std::io::Result<()> {
    let retry = if response.status == 503 {
        "Retry-After: 1\r\n"
    } else {
        ""
    };
    let head = format!(
        "HTTP/1.1 {} {}\r\nContent-Type: {}\r\nContent-Length: {}\r\nCache-Control: no-store\r\n\
         X-Content-Type-Options: nosniff\r\n{retry}Connection: close\r\n\r\n",
        response.status,
        reason(response.status),
        response.content_type,
        response.body.len()
    );
    for part in std::iter::once(head.as_bytes()).chain(response.body.chunks(64 * 1024)) {
        let left = deadline.saturating_duration_since(Instant::now());
        if left.is_zero() {
            return Err(std::io::ErrorKind::TimedOut.into());
        }
        stream.set_write_timeout(Some(left))?;
        stream.write_all(part)?;
    }
    stream.flush()
}

/// What [`Incoming::push`] makes of the bytes so far.
#[derive(Debug, PartialEq, Eq)]
pub enum Progress {
    /// The request is not complete yet.
    More,
    /// The whole request.
    Done(HttpRequest),
    /// The request broke a rule: the error to answer.
    Refused(HttpResponse),
}

/// A request as its bytes arrive, within [`MAX_HEAD`] and [`MAX_BODY`]: it never holds more
/// than those and one read.
#[derive(Debug, Default)]
pub struct Incoming {
    buffer: Vec<u8>,
    /// The parsed head, the body's length and where the body starts, once the head is whole.
    head: Option<(HttpRequest, usize, usize)>,
}

impl Incoming {
    /// Whether the head is whole (only the body is still to come).
    pub fn has_head(&self) -> bool {
        self.head.is_some()
    }

    /// Adds the bytes of one read.
    pub fn push(&mut self, bytes: &[u8]) -> Progress {
        // The end of the head may straddle two reads: look again from 3 bytes back.
        let from = self.buffer.len().saturating_sub(3);
        self.buffer.extend_from_slice(bytes);
        if self.head.is_none() {
            let Some(end) = find(&self.buffer[from..], b"\r\n\r\n").map(|at| from + at) else {
                if self.buffer.len() > MAX_HEAD {
                    return Progress::Refused(HttpResponse::text(431, "request head too large"));
                }
                return Progress::More;
            };
            match parse_head(&self.buffer[..end]) {
                Ok((request, length)) => self.head = Some((request, length, end + 4)),
                Err(response) => return Progress::Refused(response),
            }
        }
        match self.head.take() {
            Some((mut request, length, start)) if self.buffer.len() - start >= length => {
                request.body = self.buffer[start..start + length].to_vec();
                self.buffer = Vec::new();
                Progress::Done(request)
            }
            head => {
                self.head = head;
                Progress::More
            }
        }
    }
}

/// The request line and headers (without the blank line): the request and its body's length.
fn parse_head(head: &[u8]) -> Result<(HttpRequest, usize), HttpResponse> {
    if head.len() > MAX_HEAD {
        return Err(HttpResponse::text(431, "request head too large"));
    }
    let head = std::str::from_utf8(head)
        .map_err(|_| HttpResponse::text(400, "the request head is not UTF-8"))?;
    let mut lines = head.split("\r\n");
    let mut request = parse_request_line(lines.next().unwrap_or(""))
        .map_err(|message| HttpResponse::text(400, message))?;
    let mut body_length = 0usize;
    for line in lines {
        let (name, value) = line
            .split_once(':')
            .ok_or_else(|| HttpResponse::text(400, "a header line without ':'"))?;
        let value = value.trim();
        if name.eq_ignore_ascii_case("content-length") {
            body_length = value
                .parse()
                .map_err(|_| HttpResponse::text(400, "bad Content-Length"))?;
        } else if name.eq_ignore_ascii_case("transfer-encoding") {
            return Err(HttpResponse::text(400, "request bodies must have a length"));
        } else if name.eq_ignore_ascii_case("host") || name.eq_ignore_ascii_case("origin") {
            let slot = if name.eq_ignore_ascii_case("host") {
                &mut request.host
            } else {
                &mut request.origin
            };
            if slot.replace(value.to_string()).is_some() {
                return Err(HttpResponse::text(400, &format!("two {name} headers")));
            }
        }
    }
    if body_length > MAX_BODY {
        return Err(HttpResponse::text(413, "request body too large"));
    }
    Ok((request, body_length))
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
        host: None,
        origin: None,
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

#[cfg(test)]
mod tests {
    use super::*;

    /// `raw` pushed `step` bytes at a time.
    fn parse_in_steps(raw: &str, step: usize) -> Progress {
        let mut incoming = Incoming::default();
        for piece in raw.as_bytes().chunks(step) {
            match incoming.push(piece) {
                Progress::More => {}
                done => return done,
            }
        }
        Progress::More
    }

    fn parse(raw: &str) -> Progress {
        let whole = parse_in_steps(raw, raw.len().max(1));
        for step in [1, 2, 3, 7] {
            assert_eq!(
                parse_in_steps(raw, step),
                whole,
                "{raw:?} in steps of {step}"
            );
        }
        whole
    }

    #[test]
    fn parses_path_and_decoded_query() {
        let Progress::Done(request) =
            parse("POST /open?game=ab&row=3&name=a%20b+c HTTP/1.1\r\nHost: x\r\n\r\n")
        else {
            panic!("valid")
        };
        assert_eq!(request.method, "POST");
        assert_eq!(request.path, "/open");
        assert_eq!(request.param("row"), Some("3"));
        assert_eq!(request.param("name"), Some("a b c"));
        assert_eq!(request.param("col"), None);
        assert_eq!(request.host.as_deref(), Some("x"));
        assert_eq!(request.origin, None);
        assert!(request.body.is_empty());
        let Progress::Done(request) = parse(
            "POST /position HTTP/1.1\r\nContent-Length: 5\r\norigin: http://a:1\r\n\r\n-1 2\nextra",
        ) else {
            panic!("valid")
        };
        assert_eq!(request.body, b"-1 2\n", "the body, cut at its length");
        assert_eq!(request.origin.as_deref(), Some("http://a:1"));
    }

    #[test]
    fn refuses_broken_requests_with_their_status() {
        let status = |raw: &str| match parse(raw) {
            Progress::Refused(response) => Some(response.status),
            _ => None,
        };
        assert_eq!(status("GET / HTTP/2\r\n\r\n"), Some(400));
        assert_eq!(status("get / HTTP/1.1\r\n\r\n"), Some(400));
        assert_eq!(status("GET /%zz HTTP/1.1\r\n\r\n"), Some(400));
        assert_eq!(status("GET / HTTP/1.1\r\nno colon\r\n\r\n"), Some(400));
        assert_eq!(
            status("GET / HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n"),
            Some(400)
        );
        assert_eq!(
            status("POST / HTTP/1.1\r\nContent-Length: 99999\r\n\r\n"),
            Some(413)
        );
        let long = format!("GET /{} HTTP/1.1\r\n\r\n", "a".repeat(MAX_HEAD));
        assert_eq!(status(&long), Some(431));
        // Half a head, or a head without its whole body, waits for more.
        assert_eq!(parse("GET / HTTP/1.1\r\n"), Progress::More);
        assert_eq!(
            parse("POST / HTTP/1.1\r\nContent-Length: 3\r\n\r\nab"),
            Progress::More
        );
    }
}
