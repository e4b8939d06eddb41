//! Whether a request is meant for this server, against DNS rebinding and other sites' pages.
//!
//! A page of `evil.example` whose name is made to resolve to 127.0.0.1 reaches `play` from the
//! user's own browser, as its own origin: the browser then sends `Host: evil.example:PORT`.
//! Only the server's own names are taken: `localhost`, a loopback address, or the address the
//! client connected to (which covers `--host 0.0.0.0` reached as `192.168.1.5:PORT`), each
//! with the server's port. A page of another site may still send a simple POST to
//! `127.0.0.1:PORT` with the right `Host`, but its browser says where it comes from in
//! `Origin`: a request with an `Origin` other than the server's own is refused too.

use std::net::{IpAddr, SocketAddr};

/// Whether `host`, a `Host` header, names the server that the client reached at `local`.
pub fn is_own_host(host: &str, local: SocketAddr) -> bool {
    let (name, port) = match host.strip_prefix('[') {
        // `[::1]:8080`: an IPv6 address is bracketed.
        Some(rest) => match rest.split_once(']') {
            Some((name, "")) => (name, None),
            Some((name, port)) => match port.strip_prefix(':') {
                Some(port) => (name, Some(port)),
                None => return false,
            },
            None => return false,
        },
        None => match host.split_once(':') {
            Some((name, port)) => (name, Some(port)),
            None => (host, None),
        },
    };
    // Without a port, a browser means port 80.
    let port = match port {
        Some(port) => port.parse::<u16>().ok(),
        None => Some(80),
    };
    if port != Some(local.port()) {
        return false;
    }
    if name.eq_ignore_ascii_case("localhost") {
        return true;
    }
    match name.parse::<IpAddr>() {
        Ok(ip) => ip.is_loopback() || canonical(ip) == canonical(local.ip()),
        Err(_) => false,
    }
}

/// Whether `origin`, an `Origin` header, is the page of the server reached at `local`.
pub fn is_own_origin(origin: &str, local: SocketAddr) -> bool {
    origin
        .strip_prefix("http://")
        .is_some_and(|host| is_own_host(host, local))
}

/// An IPv4 address seen through an IPv6 socket (`::ffff:a.b.c.d`) as the IPv4 address.
fn canonical(ip: IpAddr) -> IpAddr {
    match ip {
        IpAddr::V6(v6) => v6.to_ipv4_mapped().map_or(ip, IpAddr::V4),
        IpAddr::V4(_) => ip,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_servers_own_names_and_port_are_taken() {
        let local: SocketAddr = "127.0.0.1:8080".parse().unwrap();
        for host in [
            "127.0.0.1:8080",
            "localhost:8080",
            "LocalHost:8080",
            "[::1]:8080",
        ] {
            assert!(is_own_host(host, local), "{host}");
        }
        for host in [
            "evil.example:8080",
            "127.0.0.1:8081",
            "127.0.0.1",
            "localhost",
            "localhost.:8080",
            "[::1]8080",
            "[::1",
            "127.0.0.1:8080:1",
            "",
            "192.168.1.5:8080",
        ] {
            assert!(!is_own_host(host, local), "{host}");
        }
        // Listening on 0.0.0.0, reached from a phone at the machine's address.
        let lan: SocketAddr = "192.168.1.5:8080".parse().unwrap();
        assert!(is_own_host("192.168.1.5:8080", lan));
        assert!(is_own_host("localhost:8080", lan));
        assert!(!is_own_host("192.168.1.6:8080", lan));
        let mapped: SocketAddr = "[::ffff:192.168.1.5]:80".parse().unwrap();
        assert!(is_own_host("192.168.1.5", mapped), "port 80 needs no port");
    }

    #[test]
    fn only_the_servers_own_page_is_an_origin() {
        let local: SocketAddr = "127.0.0.1:8080".parse().unwrap();
        assert!(is_own_origin("http://127.0.0.1:8080", local));
        assert!(is_own_origin("http://localhost:8080", local));
        for origin in [
            "null",
            "https://127.0.0.1:8080",
            "http://evil.example:8080",
            "",
        ] {
            assert!(!is_own_origin(origin, local), "{origin}");
        }
    }
}
