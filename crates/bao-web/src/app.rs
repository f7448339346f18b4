//! The app: its state ([`App`]: the database, the games in use, the engines, the
//! allowed hosts), the wiring of every resource's routes into one router ([`router_with`])
//! and the server loop ([`serve`]).
//!
//! The resources and where their operations on `App` live (`impl App` blocks):
//!
//! * games: `games::routes()` and `games::streams()`; `impl App` in `games/api.rs` (the
//!   cache, `slot`, `commit`, `refresh`, `on_change`);
//! * the scheduler: `clock::start` at start; `impl App` in `clock/timer.rs`
//!   (`schedule`, `clock_tick`, `act_on_due`);
//! * lobby: `lobby::routes()` and `lobby::streams()`; its operations in `lobby/api.rs`;
//! * accounts, rating, analysis, puzzles: their `routes()`; they use `App`'s fields (the
//!   store, the pool, the limits) directly.

use std::collections::HashMap;
use std::net::{IpAddr, SocketAddr};
use std::path::PathBuf;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::extract::DefaultBodyLimit;
use axum::http::StatusCode;
use axum::Router;

use crate::games::{self, Cache};
use crate::http::{lock, BODY_LIMIT, HEADER_TIMEOUT, REQUEST_TIMEOUT};
use crate::store::{self, Store};
use crate::{accounts, assets, clock, engines, guard, http, lobby, rating};

/// The server: the database, the games in use, the engines, the allowed hosts.
pub struct App {
    /// The database.
    pub(crate) store: Store,
    /// The games in memory.
    pub(crate) cache: Mutex<Cache>,
    /// The engines.
    pub(crate) pool: engines::EnginePool,
    /// The host names requests may use.
    pub(crate) hosts: guard::Hosts,
    /// Record replays at once (see [`load_slots`]).
    pub(crate) loads: Arc<tokio::sync::Semaphore>,
    /// The public URL (`--public-url`), if any.
    pub(crate) public: Option<guard::PublicUrl>,
    /// Session cookies (the login) are `Secure` (the public URL is https).
    pub(crate) secure_cookies: bool,
    /// Sign-in and sign-up attempts per address.
    pub(crate) limits: accounts::limit::RateLimiter,
    /// Password hashes at once (argon2id takes 19 MiB each).
    pub(crate) hashing: Arc<tokio::sync::Semaphore>,
    /// The lobby's live list: the challenges after each change (each listener sees
    /// those visible to him, [`lobby::model::Challenge::visible_to`]).
    pub(crate) lobby_events: tokio::sync::broadcast::Sender<Arc<Vec<lobby::model::Challenge>>>,
    /// The armed clock timer of each game with a running clock.
    pub(crate) timers: Mutex<HashMap<String, tokio::task::AbortHandle>>,
    /// The games' analyses ([`crate::analysis`]).
    pub(crate) analyses: crate::analysis::Analyses,
    // Issue 36 / 34: capacity, viewers, trusted proxies (see streams.rs, proxy.rs).
    /// The limits of connections and event streams ([`crate::streams`]).
    pub(crate) capacity: Arc<crate::streams::Capacity>,
    /// The viewers of each game's streams ([`crate::streams::Viewers`]).
    pub(crate) viewers: crate::streams::Viewers,
    /// The reverse proxies whose forwarded headers are believed ([`crate::proxy`]).
    pub(crate) proxies: crate::proxy::TrustedProxies,
    /// The players' notices and presence ([`crate::notices`]).
    pub(crate) hub: crate::notices::Hub,
    /// This instance's name in the table `spectators` (random at each start).
    pub(crate) instance: String,
    /// The mail sender (`bao serve --smtp`), if any ([`crate::mail`]).
    pub(crate) mailer: Option<Arc<crate::mail::Mailer>>,
    /// The tournaments' watchers and this instance's pairing lock
    /// ([`crate::tournaments`]).
    pub(crate) tournaments: crate::tournaments::Live,
}

/// How many record loads replay at once: one core fewer than the machine has (at least
/// one), so that clients loading costly records (G-T29-like positions) cannot take every
/// core from the other games. Further loads wait their turn (at most [`LOAD_WAIT`]).
pub fn load_slots() -> usize {
    std::thread::available_parallelism()
        .map(|n| n.get().saturating_sub(1))
        .unwrap_or(1)
        .max(1)
}

/// How long a record load waits for its turn before answering 503.
pub const LOAD_WAIT: Duration = Duration::from_secs(20);

/// The peer address of a connection (added by [`serve`]; absent in `oneshot` tests,
/// which count as the local machine).
#[derive(Clone, Copy, Debug)]
pub struct Peer(pub SocketAddr);

impl App {
    /// An app on `store` with engines within `memory_mb` MiB, answering the hosts of
    /// `hosts`.
    pub fn new(store: Store, memory_mb: usize, hosts: guard::Hosts) -> Arc<App> {
        Arc::new(App {
            store,
            cache: Mutex::new(Cache {
                map: HashMap::new(),
                tick: 0,
            }),
            pool: engines::EnginePool::new(memory_mb),
            hosts,
            loads: Arc::new(tokio::sync::Semaphore::new(load_slots())),
            public: None,
            secure_cookies: false,
            limits: accounts::limit::RateLimiter::default(),
            hashing: Arc::new(tokio::sync::Semaphore::new(2)),
            lobby_events: tokio::sync::broadcast::channel(16).0,
            timers: Mutex::new(HashMap::new()),
            analyses: crate::analysis::Analyses::default(),
            capacity: Arc::default(),
            viewers: crate::streams::Viewers::default(),
            proxies: crate::proxy::TrustedProxies::default(),
            hub: crate::notices::Hub::default(),
            instance: crate::ids::token(),
            mailer: None,
            tournaments: crate::tournaments::Live::default(),
        })
    }

    /// The same app reached at `public` (`--public-url`): its host and origin are
    /// allowed, and session cookies are `Secure` when it is https. Call before serving.
    pub fn with_public_url(self: Arc<App>, public: guard::PublicUrl) -> Arc<App> {
        let mut app = Arc::try_unwrap(self)
            .unwrap_or_else(|_| panic!("with_public_url before the app is shared"));
        app.secure_cookies = public.is_https();
        app.public = Some(public);
        Arc::new(app)
    }

    /// The database (for tests and commands that act on it beside the server: granting
    /// the moderator role).
    pub fn store(&self) -> &Store {
        &self.store
    }

    /// The same app sending mail with `mailer` (`--smtp`, [`crate::mail`]). Call before
    /// serving.
    pub fn with_mailer(self: Arc<App>, mailer: crate::mail::Mailer) -> Arc<App> {
        let mut app = Arc::try_unwrap(self)
            .unwrap_or_else(|_| panic!("with_mailer before the app is shared"));
        app.mailer = Some(Arc::new(mailer));
        Arc::new(app)
    }

    /// The engine pool.
    pub fn pool(&self) -> &engines::EnginePool {
        &self.pool
    }

    /// The number of games in memory now.
    pub fn cached_games(&self) -> usize {
        lock(&self.cache).map.len()
    }
}

/// The whole web app on an in-memory database, with the default engine budget, for
/// loopback hosts (tests).
///
/// # Panics
/// Only if SQLite cannot open an in-memory database.
pub fn router() -> Router {
    let store = Store::in_memory().expect("an in-memory SQLite database");
    router_with(App::new(
        store,
        engines::DEFAULT_MEMORY_MB,
        guard::Hosts { bound: None },
    ))
}

/// The whole web app: the page, its assets and the JSON API under `/api`.
///
/// Routes (bodies and answers in `docs/web.md`): `GET /`, `GET /learn`, every file of
/// `static/`, `GET /api/meta`, `GET|POST /api/games`, `POST /api/games/load`,
/// `GET|DELETE /api/games/{id}`, `GET /api/games/{id}/moves`,
/// `GET /api/games/{id}/at/{ply}`, `GET /api/games/{id}/events`,
/// `POST /api/games/{id}/{play,engine,hint,undo,resign,invite}`,
/// `GET /api/games/{id}/record`, `GET /api/games/{id}/oracle`. Unknown routes get a JSON 404.
pub fn router_with(app: Arc<App>) -> Router {
    let guard_config = guard::GuardConfig {
        hosts: app.hosts.clone(),
        public: app.public.clone(),
    };
    let api = Router::new()
        .merge(games::routes())
        .merge(accounts::routes())
        .merge(lobby::routes())
        .merge(rating::routes())
        .merge(crate::analysis::routes())
        .merge(crate::puzzles::routes())
        .merge(crate::live::routes())
        .merge(crate::history::routes())
        .merge(crate::chat::routes())
        .merge(crate::moderation::routes())
        .merge(crate::rematch::routes())
        .merge(crate::mail::routes())
        .merge(crate::tournaments::routes())
        .merge(crate::i18n::routes::routes())
        .layer(tower_http::timeout::TimeoutLayer::with_status_code(
            StatusCode::REQUEST_TIMEOUT,
            REQUEST_TIMEOUT,
        ))
        // Issue 36: the streams have their own limits (streams.rs).
        .merge(
            games::streams()
                .merge(lobby::streams())
                .merge(crate::tournaments::streams())
                .merge(crate::notices::routes())
                .route_layer(axum::middleware::from_fn_with_state(
                    Arc::clone(&app),
                    crate::streams::gate,
                )),
        )
        .fallback(assets::static_or_404)
        .layer(DefaultBodyLimit::max(BODY_LIMIT))
        .layer(axum::middleware::from_fn(http::read_body))
        .with_state(Arc::clone(&app));
    // Around the whole app (not per route), so that json_errors sees the `Allow` header
    // that the routes add to a 405.
    let router = Router::new()
        .fallback_service(api)
        .layer(axum::middleware::from_fn(http::json_errors))
        .layer(axum::middleware::from_fn_with_state(
            guard_config,
            guard::guard,
        ))
        // Issue 29: the request's language (and its error answers in it).
        .layer(axum::middleware::from_fn_with_state(
            Arc::clone(&app),
            crate::i18n::choose,
        ))
        .layer(axum::middleware::from_fn(http::catch_panic))
        // Issue 34: the client's address (proxy.rs), security headers (headers.rs).
        .layer(axum::middleware::from_fn_with_state(
            app,
            crate::proxy::resolve,
        ));
    // Outermost: a request id and a log span around everything.
    crate::logging::traced(crate::headers::secure(router))
}

/// How to run [`serve`].
#[derive(Clone, Debug)]
pub struct ServeConfig {
    /// The address to listen on (`127.0.0.1` unless `--host`).
    pub host: IpAddr,
    /// The port.
    pub port: u16,
    /// The database file, or a `postgres://` URL (`None`: [`store::default_path`]).
    pub db: Option<PathBuf>,
    /// The engines' memory budget in MiB.
    pub memory_mb: usize,
    /// The URL players reach the server at, when not `http://HOST:PORT/` (behind a
    /// reverse proxy): `https://...` makes the session cookie `Secure`.
    pub public_url: Option<String>,
    /// The reverse proxies whose forwarded headers are believed (`--trusted-proxy`,
    /// [`crate::proxy`]); empty: none.
    pub trusted_proxies: Vec<crate::proxy::Cidr>,
    /// The most live event streams (`--max-streams`; `None`: from the open-file limit,
    /// [`crate::streams::default_streams`]).
    pub max_streams: Option<usize>,
    /// The most live event streams of one client address (`--max-streams-per-address`,
    /// [`crate::streams::PER_ADDRESS`] by default).
    pub max_streams_per_address: usize,
    /// The SMTP server mails go through (`--smtp URL`, [`crate::mail`]); `None`: no
    /// mail is sent and the routes that would send one say so.
    pub smtp: Option<String>,
    /// The sender of the mails (`--mail-from`; default `bao@` the public host, or
    /// `bao@localhost`).
    pub mail_from: Option<String>,
}

impl Default for ServeConfig {
    /// `127.0.0.1:8080`, the default database, [`engines::DEFAULT_MEMORY_MB`], no public
    /// URL, no trusted proxy, stream limits from the open-file limit.
    fn default() -> Self {
        ServeConfig {
            host: std::net::Ipv4Addr::LOCALHOST.into(),
            port: 8080,
            db: None,
            memory_mb: engines::DEFAULT_MEMORY_MB,
            public_url: None,
            trusted_proxies: Vec::new(),
            max_streams: None,
            max_streams_per_address: crate::streams::PER_ADDRESS,
            smtp: None,
            mail_from: None,
        }
    }
}

/// Serves the app until Ctrl-C. Binds, then opens the database (a locked, damaged or
/// read-only one is an error naming it), then prints
/// `bao: serving on http://<addr>/ (games saved in <path>; Ctrl-C stops the server)`,
/// after a warning when the address is not loopback.
///
/// # Errors
/// When the database cannot be used, the address cannot be bound (see [`bind_error`]),
/// or the server fails.
pub async fn serve(config: ServeConfig) -> anyhow::Result<()> {
    let path = match &config.db {
        Some(p) => p.clone(),
        None => store::default_path().ok_or_else(|| {
            anyhow::anyhow!(
                "cannot find a data directory for the game database: give one with --db PATH"
            )
        })?,
    };
    let addr = SocketAddr::new(config.host, config.port);
    let listener = tokio::net::TcpListener::bind(addr)
        .await
        .map_err(|e| bind_error(addr, &e))?;
    let spec = path.to_string_lossy().into_owned();
    // `scheme://…` that is not PostgreSQL's: a typo (postgress://) or another database,
    // never a file name to create.
    if let Some((scheme, _)) = spec.split_once("://") {
        if !store::is_postgres_url(&spec) {
            anyhow::bail!(
                "--db {spec}: {scheme}:// is not a database bao can use: give a SQLite file path or postgres://USER@HOST:PORT/DATABASE"
            );
        }
    }
    let store = tokio::task::spawn_blocking(move || {
        if store::is_postgres_url(&spec) {
            Store::connect(&spec)
        } else {
            Store::open(&path)
        }
    })
    .await??;
    let local = listener.local_addr()?;
    if !config.host.is_loopback() {
        tracing::warn!(
            "listening on {local}, reachable from other machines: anyone who can reach it can list the saved games' ids and watch them; game moves need the seat link"
        );
    }
    let db_path = store.path().to_string();
    let app = App::new(
        store,
        config.memory_mb,
        guard::Hosts {
            bound: Some(config.host),
        },
    );
    let app = match &config.public_url {
        Some(url) => app.with_public_url(guard::PublicUrl::parse(url).map_err(anyhow::Error::msg)?),
        None => app,
    };
    // Issue 36: the limits follow the open-file limit, raised to its hard limit.
    let files = crate::streams::raise_open_files();
    let app = app.with_capacity(
        crate::streams::Capacity::new(
            config
                .max_streams
                .unwrap_or_else(|| crate::streams::default_streams(files)),
            config.max_streams_per_address,
            crate::streams::default_connections(files),
        ),
        crate::proxy::TrustedProxies(config.trusted_proxies.clone()),
    );
    // Issue 31: mail, with links to the public URL (else the address served).
    let app = match &config.smtp {
        Some(url) => {
            let base = config
                .public_url
                .clone()
                .unwrap_or_else(|| format!("http://{local}"));
            let from = config.mail_from.clone().unwrap_or_else(|| {
                let host = base
                    .split("://")
                    .nth(1)
                    .and_then(|h| h.split([':', '/']).next())
                    .filter(|h| h.contains('.') && h.parse::<IpAddr>().is_err())
                    .unwrap_or("localhost");
                format!("bao@{host}")
            });
            let mailer = crate::mail::Mailer::new(url, &from, &base).map_err(anyhow::Error::msg)?;
            // Not fatal: the mail server may come back; each mail says when it fails.
            let shown = crate::mail::shown_url(url);
            let mailer = tokio::task::spawn_blocking(move || {
                if let Err(e) = mailer.check() {
                    tracing::warn!("--smtp {shown}: {e}; mails will fail until it answers");
                }
                mailer
            })
            .await?;
            app.with_mailer(mailer)
        }
        None => app,
    };
    let max_connections = app.capacity.connections;
    clock::start(&app).await?;
    let router = router_with(app);
    println!("bao: serving on http://{local}/ (games saved in {db_path}; Ctrl-C stops the server)");
    let shutdown = stop_signal();
    tokio::pin!(shutdown);
    let connections = Arc::new(tokio::sync::Semaphore::new(max_connections));
    loop {
        let permit = tokio::select! {
            p = Arc::clone(&connections).acquire_owned() => p.expect("never closed"),
            _ = &mut shutdown => break,
        };
        let (stream, peer) = tokio::select! {
            r = listener.accept() => match r {
                Ok(c) => c,
                Err(_) => { tokio::time::sleep(Duration::from_millis(50)).await; continue; }
            },
            _ = &mut shutdown => break,
        };
        let router = router.clone();
        tokio::spawn(async move {
            use tower::ServiceExt;
            let svc = hyper::service::service_fn(
                move |mut req: hyper::Request<hyper::body::Incoming>| {
                    req.extensions_mut().insert(Peer(peer));
                    router.clone().oneshot(req.map(axum::body::Body::new))
                },
            );
            let mut http = hyper::server::conn::http1::Builder::new();
            http.timer(hyper_util::rt::TokioTimer::new())
                .header_read_timeout(HEADER_TIMEOUT)
                .max_buf_size(64 * 1024);
            let _ = http
                .serve_connection(
                    hyper_util::rt::TokioIo::new(crate::wire::JsonErrorsIo::new(stream)),
                    svc,
                )
                .await;
            drop(permit);
        });
    }
    Ok(())
}

/// Ctrl-C (SIGINT) or, on Unix, SIGTERM (what systemd and `kill` send): the server stops
/// accepting and returns, closing the database.
async fn stop_signal() {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{signal, SignalKind};
        if let Ok(mut term) = signal(SignalKind::terminate()) {
            tokio::select! {
                _ = tokio::signal::ctrl_c() => {}
                _ = term.recv() => {}
            }
            return;
        }
    }
    let _ = tokio::signal::ctrl_c().await;
}

/// The error for an address that cannot be bound: for a port in use,
/// `port 8080 on 127.0.0.1 is already in use (another bao serve?); choose another with
/// --port, e.g. --port 8081`; otherwise `cannot listen on 127.0.0.1:8080: <reason>`.
pub fn bind_error(addr: SocketAddr, e: &std::io::Error) -> anyhow::Error {
    if e.kind() == std::io::ErrorKind::AddrInUse {
        let port = addr.port();
        let other = port.checked_add(1).unwrap_or(8080);
        anyhow::anyhow!(
            "port {port} on {} is already in use (another bao serve?); choose another with --port, e.g. --port {other}",
            addr.ip()
        )
    } else {
        anyhow::anyhow!("cannot listen on {addr}: {e}")
    }
}
