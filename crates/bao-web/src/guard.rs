//! The checks every request passes before any handler runs: the `Host` (against DNS
//! rebinding), the `Origin` of state-changing requests (against other web pages), the
//! body's content type, and the sizes of the path and headers.
//!
//! - `Host` must be a loopback name (`localhost`, `127.0.0.1`, `[::1]`, any port), the
//!   bound address, or, when the server listens on every interface (`--host 0.0.0.0`),
//!   any IP address literal (a DNS-rebinding page always comes with a name). Else 403.
//! - `POST`, `PUT`, `PATCH`, `DELETE` with an `Origin` must come from the server's own
//!   origin (`http://` + the request's own allowed `Host`); `Origin: null` and
//!   `Sec-Fetch-Site: cross-site` are refused too (403). A request without `Origin`
//!   (curl, scripts) passes: browsers send it on every cross-origin POST.
//! - A body must be sent as `Content-Type: application/json` (415): a `text/plain` or
//!   form body is refused on every route, also where the body is optional.
//! - A path and query over [`MAX_URI`] bytes is 414; headers over [`MAX_HEADERS`] bytes
//!   in all are 431. Both with the JSON error body.

use std::net::IpAddr;

use axum::extract::{Request, State};
use axum::http::{header, Method, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

use crate::http::error::{clip, ApiError};

/// The longest path and query accepted, in bytes.
pub const MAX_URI: usize = 2048;

/// The most header bytes (names and values) accepted.
pub const MAX_HEADERS: usize = 16 * 1024;

/// The host names a request may use.
#[derive(Clone, Debug)]
pub struct Hosts {
    /// The address the server is bound to (`None` in tests: loopback names only).
    pub bound: Option<IpAddr>,
}

impl Hosts {
    /// Whether the `Host` header value `host` (with or without port) is allowed.
    pub fn allows(&self, host: &str) -> bool {
        let name = host_name(host);
        if name.eq_ignore_ascii_case("localhost") {
            return true;
        }
        let Ok(ip) = name
            .trim_start_matches('[')
            .trim_end_matches(']')
            .parse::<IpAddr>()
        else {
            return false;
        };
        ip.is_loopback()
            || match self.bound {
                Some(b) if b.is_unspecified() => true,
                Some(b) => b == ip,
                None => false,
            }
    }
}

/// The host part of a `Host` value: `localhost:8080` → `localhost`, `[::1]:80` → `[::1]`.
fn host_name(host: &str) -> &str {
    let host = host.trim();
    if host.starts_with('[') {
        return match host.find(']') {
            Some(i) => &host[..=i],
            None => host,
        };
    }
    match host.rsplit_once(':') {
        Some((name, port)) if port.bytes().all(|b| b.is_ascii_digit()) => name,
        _ => host,
    }
}

fn changes_state(m: &Method) -> bool {
    matches!(
        *m,
        Method::POST | Method::PUT | Method::PATCH | Method::DELETE
    )
}

/// The address the server is reached at from outside (`bao serve --public-url`), e.g.
/// behind a reverse proxy: its host is allowed, and its origin is the server's own.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PublicUrl {
    /// `https` or `http`.
    pub scheme: String,
    /// `bao.example.org` or `bao.example.org:8443`, as the `Host` header carries it.
    pub authority: String,
}

impl PublicUrl {
    /// Reads `https://host[:port][/]`.
    ///
    /// # Errors
    /// A sentence naming what is wrong (another scheme, a path, no host).
    pub fn parse(text: &str) -> Result<PublicUrl, String> {
        let t = text.trim();
        let (scheme, rest) = t
            .split_once("://")
            .ok_or_else(|| format!("--public-url {t:?} must start with https:// or http://"))?;
        let scheme = scheme.to_ascii_lowercase();
        if scheme != "https" && scheme != "http" {
            return Err(format!(
                "--public-url {t:?} must start with https:// or http://"
            ));
        }
        let authority = rest.strip_suffix('/').unwrap_or(rest);
        if authority.is_empty()
            || !authority
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b"-.:[]".contains(&b))
        {
            return Err(format!(
                "--public-url {t:?} must be scheme://host[:port] without a path"
            ));
        }
        Ok(PublicUrl {
            scheme,
            authority: authority.to_ascii_lowercase(),
        })
    }

    /// Whether cookies must be `Secure` (the public URL is https).
    pub fn is_https(&self) -> bool {
        self.scheme == "https"
    }
}

/// What the guard checks against: the allowed hosts and the public URL, if any.
#[derive(Clone, Debug)]
pub struct GuardConfig {
    /// The hosts.
    pub hosts: Hosts,
    /// The public URL.
    pub public: Option<PublicUrl>,
}

/// The middleware (see the module docs).
pub async fn guard(State(config): State<GuardConfig>, req: Request, next: Next) -> Response {
    match check(&config, &req) {
        Ok(()) => next.run(req).await,
        Err(e) => e.into_response(),
    }
}

fn check(config: &GuardConfig, req: &Request) -> Result<(), ApiError> {
    let hosts = &config.hosts;
    let public = config.public.as_ref();
    let uri_len = req
        .uri()
        .path_and_query()
        .map(|p| p.as_str().len())
        .unwrap_or(0);
    if uri_len > MAX_URI {
        return Err(ApiError::new(
            StatusCode::URI_TOO_LONG,
            format!("the request path is {uri_len} bytes long; the limit is {MAX_URI}"),
        ));
    }
    let header_bytes: usize = req
        .headers()
        .iter()
        .map(|(n, v)| n.as_str().len() + v.len() + 4)
        .sum();
    if header_bytes > MAX_HEADERS {
        return Err(ApiError::new(
            StatusCode::REQUEST_HEADER_FIELDS_TOO_LARGE,
            format!("the request headers are {header_bytes} bytes; the limit is {MAX_HEADERS}"),
        ));
    }
    let text = |name: header::HeaderName| {
        req.headers()
            .get(name)
            .map(|v| v.to_str().unwrap_or("\u{fffd}").to_string())
    };
    let host = text(header::HOST).or_else(|| req.uri().authority().map(|a| a.to_string()));
    if let Some(h) = &host {
        let is_public = public.is_some_and(|p| p.authority.eq_ignore_ascii_case(h.trim()));
        if !is_public && !hosts.allows(h) {
            return Err(ApiError::forbidden(format!(
                "host {} is not this server: open it as http://localhost:PORT/ or http://127.0.0.1:PORT/",
                clip(h)
            )));
        }
    }
    if changes_state(req.method()) {
        if let Some(origin) = text(header::ORIGIN) {
            let own = match &host {
                Some(_)
                    if public.is_some_and(|p| {
                        origin.eq_ignore_ascii_case(&format!("{}://{}", p.scheme, p.authority))
                    }) =>
                {
                    true
                }
                Some(h) => origin.eq_ignore_ascii_case(&format!("http://{h}")),
                None => origin
                    .strip_prefix("http://")
                    .is_some_and(|rest| hosts.allows(rest)),
            };
            if !own {
                return Err(ApiError::forbidden(format!(
                    "requests from another web page are refused: origin {} is not this server's",
                    clip(&origin)
                )));
            }
        }
        if text(header::HeaderName::from_static("sec-fetch-site")).as_deref() == Some("cross-site")
        {
            return Err(ApiError::forbidden(
                "requests from another web site are refused (Sec-Fetch-Site: cross-site)",
            ));
        }
        let has_body = req
            .headers()
            .get(header::CONTENT_LENGTH)
            .and_then(|v| v.to_str().ok())
            .is_some_and(|v| v.trim() != "0")
            || req.headers().contains_key(header::TRANSFER_ENCODING);
        match text(header::CONTENT_TYPE) {
            Some(ct) if !is_json(&ct) => {
                return Err(ApiError::new(
                    StatusCode::UNSUPPORTED_MEDIA_TYPE,
                    format!(
                        "request body must be JSON: send the header Content-Type: application/json (not {})",
                        clip(&ct)
                    ),
                ))
            }
            None if has_body => {
                return Err(ApiError::new(
                    StatusCode::UNSUPPORTED_MEDIA_TYPE,
                    "request body must be JSON: send the header Content-Type: application/json",
                ))
            }
            _ => {}
        }
    }
    Ok(())
}

/// `application/json`, with parameters (`; charset=utf-8`) or not.
fn is_json(ct: &str) -> bool {
    ct.split(';')
        .next()
        .is_some_and(|m| m.trim().eq_ignore_ascii_case("application/json"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hosts() {
        let local = Hosts { bound: None };
        assert!(local.allows("localhost:8080"));
        assert!(local.allows("127.0.0.1:8080"));
        assert!(local.allows("[::1]:8080"));
        assert!(local.allows("127.0.0.1"));
        assert!(!local.allows("evil.example:8080"));
        assert!(!local.allows("localhost.evil.example"));
        assert!(!local.allows("192.168.1.5:8080"));
        let lan = Hosts {
            bound: Some("192.168.1.5".parse().unwrap()),
        };
        assert!(lan.allows("192.168.1.5:8080"));
        assert!(!lan.allows("192.168.1.6:8080"));
        let all = Hosts {
            bound: Some("0.0.0.0".parse().unwrap()),
        };
        assert!(all.allows("10.0.0.7:8080"));
        assert!(!all.allows("bao.rebind.example:8080"));
    }
}
