//! The client's address behind reverse proxies (issue 34, item 1).
//!
//! A forwarded header (`Forwarded`, `X-Forwarded-For`) is believed only when the
//! connection's peer is a trusted proxy (`bao serve --trusted-proxy ADDR|CIDR`,
//! repeatable; none by default: then the client is always the peer, also on loopback).
//! From a trusted peer the client is the rightmost address of the chain that is not
//! itself a trusted proxy (`Forwarded`'s `for=` when the request has that header, else
//! `X-Forwarded-For`); an entry that is not an address (`unknown`, an obfuscated name)
//! stops the walk and the last trusted hop is the client; when every address is trusted,
//! the leftmost one is.
//!
//! [`resolve`] computes it once per request and leaves it as the request's [`Client`],
//! which the rate limits of sign-in and sign-up and the stream limits
//! ([`crate::streams`]) use.

use std::net::{IpAddr, Ipv4Addr};
use std::sync::Arc;

use axum::extract::{FromRequestParts, Request, State};
use axum::http::request::Parts;
use axum::http::HeaderMap;
use axum::middleware::Next;
use axum::response::Response;

use crate::app::{App, Peer};

/// An address or a network (`10.0.0.0/8`, `::1`, `fd00::/8`) of trusted proxies.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Cidr {
    /// The network's address.
    pub addr: IpAddr,
    /// The prefix length in bits (32 or 128 for one address).
    pub prefix: u8,
}

impl std::str::FromStr for Cidr {
    type Err = String;

    /// Reads `ADDR` or `ADDR/BITS` (bits at most 32 for IPv4, 128 for IPv6).
    fn from_str(text: &str) -> Result<Cidr, String> {
        let t = text.trim();
        let (addr, bits) = match t.split_once('/') {
            Some((a, b)) => (a, Some(b)),
            None => (t, None),
        };
        let addr: IpAddr = addr.parse().map_err(|_| {
            format!("--trusted-proxy {t:?}: {addr:?} is not an IP address (give ADDR or ADDR/BITS, e.g. 127.0.0.1 or 10.0.0.0/8)")
        })?;
        let max = if addr.is_ipv4() { 32 } else { 128 };
        let prefix = match bits {
            None => max,
            Some(b) => match b.parse::<u8>() {
                Ok(n) if n <= max && !b.starts_with('+') => n,
                _ => {
                    return Err(format!(
                        "--trusted-proxy {t:?}: the prefix length {b:?} must be a number 0..={max}"
                    ))
                }
            },
        };
        Ok(Cidr { addr, prefix })
    }
}

impl Cidr {
    /// Whether `ip` is in this network (an IPv4-mapped IPv6 address counts as IPv4).
    pub fn contains(&self, ip: IpAddr) -> bool {
        let ip = canonical(ip);
        match (canonical(self.addr), ip) {
            (IpAddr::V4(net), IpAddr::V4(a)) => {
                let mask = u32::MAX
                    .checked_shl(32 - u32::from(self.prefix))
                    .unwrap_or(0);
                u32::from(net) & mask == u32::from(a) & mask
            }
            (IpAddr::V6(net), IpAddr::V6(a)) => {
                let mask = u128::MAX
                    .checked_shl(128 - u32::from(self.prefix))
                    .unwrap_or(0);
                u128::from(net) & mask == u128::from(a) & mask
            }
            _ => false,
        }
    }
}

/// `::ffff:1.2.3.4` → `1.2.3.4`; other addresses unchanged.
fn canonical(ip: IpAddr) -> IpAddr {
    match ip {
        IpAddr::V6(v6) => v6.to_ipv4_mapped().map_or(IpAddr::V6(v6), IpAddr::V4),
        v4 => v4,
    }
}

/// The trusted proxies (empty: no forwarded header is believed).
#[derive(Clone, Debug, Default)]
pub struct TrustedProxies(pub Vec<Cidr>);

impl TrustedProxies {
    /// Whether `ip` is a trusted proxy.
    pub fn trusts(&self, ip: IpAddr) -> bool {
        self.0.iter().any(|c| c.contains(ip))
    }

    /// The client's address of a request from `peer` with `headers` (see the module docs).
    pub fn client(&self, peer: IpAddr, headers: &HeaderMap) -> IpAddr {
        if !self.trusts(peer) {
            return peer;
        }
        let chain = forwarded_chain(headers);
        let mut client = peer;
        for entry in chain.iter().rev() {
            match entry {
                Some(ip) if self.trusts(*ip) => client = *ip,
                Some(ip) => return *ip,
                None => return client,
            }
        }
        client
    }
}

/// The addresses a request passed through, oldest first (`None` for an entry that is not
/// an address): `Forwarded`'s `for=` parameters, or else `X-Forwarded-For`'s entries, of
/// every such header in order.
fn forwarded_chain(headers: &HeaderMap) -> Vec<Option<IpAddr>> {
    let values = |name: &str| -> Vec<String> {
        headers
            .get_all(name)
            .iter()
            .map(|v| v.to_str().unwrap_or("\u{fffd}").to_string())
            .collect()
    };
    let forwarded = values("forwarded");
    if !forwarded.is_empty() {
        return forwarded
            .iter()
            .flat_map(|v| v.split(','))
            .map(|element| {
                element
                    .split(';')
                    .find_map(|pair| {
                        let (k, v) = pair.split_once('=')?;
                        k.trim().eq_ignore_ascii_case("for").then(|| v.trim())
                    })
                    .and_then(|v| parse_node(v.trim_matches('"')))
            })
            .collect();
    }
    values("x-forwarded-for")
        .iter()
        .flat_map(|v| v.split(','))
        .map(|e| parse_node(e.trim()))
        .collect()
}

/// `1.2.3.4`, `1.2.3.4:80`, `::1`, `[::1]`, `[::1]:80` → the address.
fn parse_node(text: &str) -> Option<IpAddr> {
    if let Ok(ip) = text.parse::<IpAddr>() {
        return Some(canonical(ip));
    }
    if let Some(rest) = text.strip_prefix('[') {
        let (inside, _) = rest.split_once(']')?;
        return inside.parse().ok().map(canonical);
    }
    let (addr, port) = text.rsplit_once(':')?;
    if port.bytes().all(|b| b.is_ascii_digit()) {
        return addr.parse::<Ipv4Addr>().ok().map(IpAddr::V4);
    }
    None
}

/// The client's address of a request, as [`resolve`] found it (the peer's without it,
/// the local machine in `oneshot` tests without a [`Peer`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Client(pub IpAddr);

#[axum::async_trait]
impl<S: Send + Sync> FromRequestParts<S> for Client {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Client, Self::Rejection> {
        Ok(parts
            .extensions
            .get::<Client>()
            .copied()
            .unwrap_or_else(|| {
                Client(
                    parts
                        .extensions
                        .get::<Peer>()
                        .map_or(IpAddr::V4(Ipv4Addr::LOCALHOST), |p| canonical(p.0.ip())),
                )
            }))
    }
}

/// The client's address of `req` (see [`Client`]).
pub(crate) fn client_of(req: &Request) -> IpAddr {
    if let Some(c) = req.extensions().get::<Client>() {
        return c.0;
    }
    req.extensions()
        .get::<Peer>()
        .map_or(IpAddr::V4(Ipv4Addr::LOCALHOST), |p| canonical(p.0.ip()))
}

/// The middleware that finds each request's [`Client`] from its peer, its forwarded
/// headers and the app's trusted proxies.
pub(crate) async fn resolve(State(app): State<Arc<App>>, mut req: Request, next: Next) -> Response {
    let peer = req
        .extensions()
        .get::<Peer>()
        .map_or(IpAddr::V4(Ipv4Addr::LOCALHOST), |p| canonical(p.0.ip()));
    let client = app.proxies.client(peer, req.headers());
    req.extensions_mut().insert(Client(client));
    next.run(req).await
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::HeaderValue;

    fn ip(t: &str) -> IpAddr {
        t.parse().unwrap()
    }

    fn headers(pairs: &[(&'static str, &'static str)]) -> HeaderMap {
        let mut h = HeaderMap::new();
        for (k, v) in pairs {
            h.append(*k, HeaderValue::from_static(v));
        }
        h
    }

    #[test]
    fn cidrs() {
        let net: Cidr = "10.1.0.0/16".parse().unwrap();
        assert!(net.contains(ip("10.1.200.3")));
        assert!(!net.contains(ip("10.2.0.1")));
        assert!(net.contains(ip("::ffff:10.1.0.9")));
        let one: Cidr = "127.0.0.1".parse().unwrap();
        assert_eq!(one.prefix, 32);
        assert!(!one.contains(ip("127.0.0.2")));
        let v6: Cidr = "fd00::/8".parse().unwrap();
        assert!(v6.contains(ip("fd12::1")));
        assert!(!v6.contains(ip("fe80::1")));
        let all: Cidr = "0.0.0.0/0".parse().unwrap();
        assert!(all.contains(ip("8.8.8.8")));
        assert!("10.0.0.0/33"
            .parse::<Cidr>()
            .unwrap_err()
            .contains("0..=32"));
        assert!("proxy.local"
            .parse::<Cidr>()
            .unwrap_err()
            .contains("not an IP address"));
    }

    #[test]
    fn forwarded_headers_are_believed_only_from_trusted_peers() {
        let none = TrustedProxies::default();
        let xff = headers(&[("x-forwarded-for", "203.0.113.7")]);
        assert_eq!(none.client(ip("127.0.0.1"), &xff), ip("127.0.0.1"));
        let local = TrustedProxies(vec!["127.0.0.1".parse().unwrap()]);
        assert_eq!(local.client(ip("127.0.0.1"), &xff), ip("203.0.113.7"));
        // Not from a trusted peer: the header is ignored.
        assert_eq!(local.client(ip("198.51.100.1"), &xff), ip("198.51.100.1"));
    }

    #[test]
    fn the_rightmost_untrusted_address_is_the_client() {
        let proxies = TrustedProxies(vec![
            "127.0.0.1".parse().unwrap(),
            "10.0.0.0/8".parse().unwrap(),
        ]);
        // A client that sends its own X-Forwarded-For cannot choose its address.
        let spoofed = headers(&[("x-forwarded-for", "1.1.1.1, 203.0.113.7, 10.0.0.5")]);
        assert_eq!(proxies.client(ip("127.0.0.1"), &spoofed), ip("203.0.113.7"));
        let two = headers(&[
            ("x-forwarded-for", "1.1.1.1"),
            ("x-forwarded-for", "203.0.113.9:4711, 10.0.0.5"),
        ]);
        assert_eq!(proxies.client(ip("127.0.0.1"), &two), ip("203.0.113.9"));
        let fwd = headers(&[(
            "forwarded",
            "for=1.1.1.1, for=\"[2001:db8:cafe::17]:4711\";proto=https, for=10.0.0.5",
        )]);
        assert_eq!(
            proxies.client(ip("127.0.0.1"), &fwd),
            ip("2001:db8:cafe::17")
        );
        let unknown = headers(&[("x-forwarded-for", "203.0.113.7, unknown, 10.0.0.5")]);
        assert_eq!(proxies.client(ip("127.0.0.1"), &unknown), ip("10.0.0.5"));
        let all_trusted = headers(&[("x-forwarded-for", "10.9.9.9, 10.0.0.5")]);
        assert_eq!(
            proxies.client(ip("127.0.0.1"), &all_trusted),
            ip("10.9.9.9")
        );
        assert_eq!(
            proxies.client(ip("127.0.0.1"), &HeaderMap::new()),
            ip("127.0.0.1")
        );
    }
}
