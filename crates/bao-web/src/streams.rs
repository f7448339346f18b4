//! Capacity (issue 36): event streams and plain requests never starve each other.
//!
//! - An event stream (`GET /api/games/{id}/events`, `GET /api/challenges/events`) holds a
//!   connection and a file descriptor for as long as a page is open. Streams have their
//!   own limit, [`Capacity::streams`] (`bao serve --max-streams`; by default
//!   [`default_streams`] of the open-file limit): past it a new stream gets a quick 503
//!   with `Retry-After: 5` and the page tries again later, with backoff and jitter.
//! - One client address (see [`crate::proxy`]) holds at most [`Capacity::per_address`]
//!   streams (`--max-streams-per-address`, default [`PER_ADDRESS`], a club behind one
//!   address fits); the next one gets 429 with a JSON error.
//! - Plain requests (moves, `GET /api/meta`) are accepted as long as the process has file
//!   descriptors: the server accepts up to [`Capacity::connections`] connections, the
//!   open-file limit less [`RESERVED_FILES`] for the database and the files it reads, and
//!   streams never take more than half of them.
//! - At start [`raise_open_files`] raises the process's soft open-file limit to its hard
//!   limit.
//! - A spectator count counts viewers, not connections ([`Viewers`]): a signed-in
//!   account, else a client address, is one viewer however many pages it has open.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

use axum::extract::{Request, State};
use axum::http::{header, HeaderValue, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use futures_util::StreamExt;

use crate::app::App;
use crate::http::error::ApiError;
use crate::http::lock;

/// The most live event streams one client address holds by default
/// (`--max-streams-per-address`).
pub const PER_ADDRESS: usize = 256;

/// File descriptors kept out of the connection limits: the database (SQLite's file and
/// journal, PostgreSQL's pool), the listening socket, standard streams, the files served.
pub const RESERVED_FILES: u64 = 128;

/// The `Retry-After` of a stream refused because the server holds as many as it may, in
/// seconds.
pub const RETRY_AFTER_S: u64 = 5;

/// The blocking pool's fixed maximum of threads (rules work, database calls, engines):
/// with the runtime's workers the server stays within 64 threads however many requests and
/// streams arrive at once (`bao serve` builds its runtime with it).
pub const BLOCKING_THREADS: usize = 32;

/// The most worker threads of the async runtime: one per core, at most this many.
pub const MAX_WORKERS: usize = 16;

/// The stream limit for an open-file limit of `files`: half of what is left after
/// [`RESERVED_FILES`] (the other half stays for plain requests), at least 16.
pub fn default_streams(files: u64) -> usize {
    let usable = files.saturating_sub(RESERVED_FILES);
    usize::try_from(usable / 2).unwrap_or(usize::MAX).max(16)
}

/// The connection limit for an open-file limit of `files`: all but [`RESERVED_FILES`],
/// at least 32.
pub fn default_connections(files: u64) -> usize {
    usize::try_from(files.saturating_sub(RESERVED_FILES))
        .unwrap_or(usize::MAX)
        .max(32)
}

/// Raises the process's soft limit of open files to its hard limit and answers the limit
/// now in force (1,024 when it cannot be read, as on systems without `getrlimit`).
pub fn raise_open_files() -> u64 {
    #[cfg(unix)]
    {
        use nix::sys::resource::{getrlimit, setrlimit, Resource};
        if let Ok((soft, hard)) = getrlimit(Resource::RLIMIT_NOFILE) {
            if soft < hard && setrlimit(Resource::RLIMIT_NOFILE, hard, hard).is_ok() {
                return hard;
            }
            return soft;
        }
    }
    1024
}

/// The server's limits of connections and streams, and the streams open now.
#[derive(Debug)]
pub struct Capacity {
    /// The most live event streams in all.
    pub streams: usize,
    /// The most live event streams of one client address.
    pub per_address: usize,
    /// The most connections served at once (plain requests and streams).
    pub connections: usize,
    open: AtomicUsize,
    by_address: Mutex<HashMap<IpAddr, usize>>,
}

impl Default for Capacity {
    /// The limits for the soft open-file limit Linux gives a process by default (1,024).
    fn default() -> Self {
        Capacity::new(
            default_streams(1024),
            PER_ADDRESS,
            default_connections(1024),
        )
    }
}

impl Capacity {
    /// Limits of `streams` streams in all, `per_address` per client address and
    /// `connections` connections (each at least 1).
    pub fn new(streams: usize, per_address: usize, connections: usize) -> Capacity {
        Capacity {
            streams: streams.max(1),
            per_address: per_address.max(1),
            connections: connections.max(1),
            open: AtomicUsize::new(0),
            by_address: Mutex::new(HashMap::new()),
        }
    }

    /// The live event streams now.
    pub fn open_streams(&self) -> usize {
        self.open.load(Ordering::SeqCst)
    }

    /// Admits one more stream of `client`, or answers why not: 429 when the address holds
    /// [`Capacity::per_address`] streams, 503 (with `Retry-After`) when the server holds
    /// [`Capacity::streams`].
    pub fn admit(self: &Arc<Self>, client: IpAddr) -> Result<StreamPermit, Refusal> {
        let mut by = lock(&self.by_address);
        let mine = by.get(&client).copied().unwrap_or(0);
        if mine >= self.per_address {
            return Err(Refusal::Address(client, mine));
        }
        if self.open.load(Ordering::SeqCst) >= self.streams {
            return Err(Refusal::Full(self.streams));
        }
        *by.entry(client).or_insert(0) += 1;
        self.open.fetch_add(1, Ordering::SeqCst);
        Ok(StreamPermit {
            capacity: Arc::clone(self),
            client,
        })
    }
}

/// Why a stream was refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refusal {
    /// The address holds this many streams, its limit: 429.
    Address(IpAddr, usize),
    /// The server holds this many streams, its limit: 503 with `Retry-After`.
    Full(usize),
}

impl IntoResponse for Refusal {
    fn into_response(self) -> Response {
        match self {
            Refusal::Address(client, mine) => ApiError::new(
                StatusCode::TOO_MANY_REQUESTS,
                format!(
                    "address {client} already holds {mine} live event streams, the most one address may (close a page first)"
                ),
            )
            .into_response(),
            Refusal::Full(streams) => {
                let mut res = ApiError::new(
                    StatusCode::SERVICE_UNAVAILABLE,
                    format!(
                        "the server holds {streams} live event streams, the most it may: try again in {RETRY_AFTER_S} s"
                    ),
                )
                .into_response();
                res.headers_mut()
                    .insert(header::RETRY_AFTER, HeaderValue::from(RETRY_AFTER_S));
                res
            }
        }
    }
}

/// One admitted stream; it is counted out when dropped (with the response body, when the
/// client goes away).
#[derive(Debug)]
pub struct StreamPermit {
    capacity: Arc<Capacity>,
    client: IpAddr,
}

impl Drop for StreamPermit {
    fn drop(&mut self) {
        let mut by = lock(&self.capacity.by_address);
        if let Some(n) = by.get_mut(&self.client) {
            *n -= 1;
            if *n == 0 {
                by.remove(&self.client);
            }
        }
        self.capacity.open.fetch_sub(1, Ordering::SeqCst);
    }
}

/// The middleware of the stream routes: admits the stream ([`Capacity::admit`]) before
/// the handler runs, and holds the permit as long as the response body lives.
pub(crate) async fn gate(State(app): State<Arc<App>>, req: Request, next: Next) -> Response {
    let client = crate::proxy::client_of(&req);
    let permit = match app.capacity.admit(client) {
        Ok(p) => p,
        Err(refusal) => return refusal.into_response(),
    };
    let res = next.run(req).await;
    if !res.status().is_success() {
        // An error answer (404 for a deleted game, 401 ...) is no stream: it keeps its
        // length, and the place is free again at once.
        return res;
    }
    let (parts, body) = res.into_parts();
    let body = body.into_data_stream().map(move |chunk| {
        let _held = &permit;
        chunk
    });
    Response::from_parts(parts, axum::body::Body::from_stream(body))
}

impl App {
    /// The same app with these limits of connections and streams and these trusted
    /// proxies. Call before serving.
    ///
    /// # Panics
    /// When the app is already shared (a programming error).
    pub fn with_capacity(
        self: Arc<App>,
        capacity: Capacity,
        proxies: crate::proxy::TrustedProxies,
    ) -> Arc<App> {
        let mut app = Arc::try_unwrap(self)
            .unwrap_or_else(|_| panic!("with_capacity before the app is shared"));
        app.capacity = Arc::new(capacity);
        app.proxies = proxies;
        Arc::new(app)
    }

    /// The limits of connections and streams, and the streams open now.
    pub fn capacity(&self) -> &Capacity {
        &self.capacity
    }
}

/// Who watches a game: a signed-in account, or else a client address.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Viewer {
    /// An account's id.
    Account(i64),
    /// A signed-out client's address.
    Address(IpAddr),
}

/// The spectators' streams of each game, by viewer: a viewer with two pages open counts
/// once.
#[derive(Debug, Default)]
pub struct Viewers {
    map: Mutex<HashMap<(String, Viewer), usize>>,
}

impl Viewers {
    /// A stream of `viewer` on game `id` opened; `true` when it is the viewer's first
    /// (then the game counts one spectator more).
    pub fn enter(&self, id: &str, viewer: &Viewer) -> bool {
        let mut m = lock(&self.map);
        let n = m.entry((id.to_string(), viewer.clone())).or_insert(0);
        *n += 1;
        *n == 1
    }

    /// A stream of `viewer` on game `id` closed; `true` when it was the viewer's last
    /// (then the game counts one spectator fewer).
    pub fn leave(&self, id: &str, viewer: &Viewer) -> bool {
        let mut m = lock(&self.map);
        let key = (id.to_string(), viewer.clone());
        match m.get_mut(&key) {
            Some(n) if *n > 1 => {
                *n -= 1;
                false
            }
            Some(_) => {
                m.remove(&key);
                true
            }
            None => false,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_follow_the_open_file_limit() {
        assert_eq!(default_streams(20_000), 9_936);
        assert_eq!(default_connections(20_000), 19_872);
        assert_eq!(default_streams(100), 16);
        assert_eq!(default_connections(100), 32);
    }

    #[test]
    fn permits_count_per_address_and_in_all() {
        let cap = Arc::new(Capacity::new(3, 2, 100));
        let a: IpAddr = "10.0.0.1".parse().unwrap();
        let b: IpAddr = "10.0.0.2".parse().unwrap();
        let p1 = cap.admit(a).unwrap();
        let _p2 = cap.admit(a).unwrap();
        assert_eq!(cap.admit(a).unwrap_err(), Refusal::Address(a, 2));
        assert_eq!(cap.admit(a).unwrap_err().into_response().status(), 429);
        let _p3 = cap.admit(b).unwrap();
        let full = cap.admit(b).unwrap_err().into_response();
        assert_eq!(full.status(), 503);
        assert_eq!(full.headers()[header::RETRY_AFTER], "5");
        assert_eq!(cap.open_streams(), 3);
        drop(p1);
        assert_eq!(cap.open_streams(), 2);
        let _p4 = cap.admit(a).unwrap();
    }

    #[test]
    fn a_viewer_counts_once() {
        let v = Viewers::default();
        let me = Viewer::Account(7);
        assert!(v.enter("g", &me));
        assert!(!v.enter("g", &me));
        assert!(v.enter("h", &me));
        assert!(!v.leave("g", &me));
        assert!(v.leave("g", &me));
        assert!(!v.leave("g", &me));
    }
}
