//! `bao serve`: the web app.

use super::*;

/// Serve the web app on http://127.0.0.1:PORT/, keeping every game in a database.
#[derive(clap::Args, Debug)]
pub struct ServeArgs {
    /// The port.
    #[arg(long, short, default_value_t = 8080)]
    pub port: u16,
    /// The game database: a SQLite file (default: ~/.local/share/bao/games.sqlite3,
    /// or under $XDG_DATA_HOME), or a PostgreSQL database that several instances
    /// may share, postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE (docs/deploy.md).
    #[arg(long, value_name = "PATH|URL")]
    pub db: Option<std::path::PathBuf>,
    /// The address to listen on; anything but loopback (127.0.0.1, ::1) makes the
    /// server reachable from other machines and prints a warning.
    #[arg(long, default_value = "127.0.0.1")]
    pub host: std::net::IpAddr,
    /// The memory all engines together may use, in MiB.
    #[arg(long, value_name = "MIB", default_value_t = 512, value_parser = clap::value_parser!(u32).range(16..=65536))]
    pub memory_mb: u32,
    /// The URL players reach the server at, when it is behind a reverse proxy
    /// (`https://bao.example.org`): its host and origin are allowed, and with https the
    /// session cookie is `Secure`.
    #[arg(long, value_name = "URL")]
    pub public_url: Option<String>,
    /// Bao Kingulu: a value database (`bao reach --position TEXT --values FILE`) that
    /// the oracle, hints, the tutor and analyses read beside the opening book.
    #[arg(long, value_name = "FILE")]
    pub values: Option<String>,
    /// A reverse proxy whose forwarded headers (`X-Forwarded-For`, `Forwarded`) are
    /// believed: an address or a network (`127.0.0.1`, `10.0.0.0/8`); repeat it for
    /// several. Without it no forwarded header is believed.
    #[arg(long = "trusted-proxy", value_name = "ADDR|CIDR")]
    pub trusted_proxies: Vec<bao_web::proxy::Cidr>,
    /// The most live event streams (open pages) the server holds; more get 503 with
    /// Retry-After. Default: half the open-file limit (raised to its hard limit at start).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..))]
    pub max_streams: Option<u32>,
    /// The most live event streams of one client address; more get 429.
    #[arg(long, value_name = "N", default_value_t = 256, value_parser = clap::value_parser!(u32).range(1..))]
    pub max_streams_per_address: u32,
    /// The SMTP server for mails (address checks, password resets, "your turn"):
    /// `smtps://USER:PASS@HOST` (TLS), `smtp://USER:PASS@HOST:587?tls=required`
    /// (STARTTLS), `smtp://HOST:PORT` (unencrypted, a relay on this machine). Without
    /// it no mail is sent and the pages say so.
    #[arg(long, value_name = "URL")]
    pub smtp: Option<String>,
    /// The sender of the mails [default: bao@ the --public-url's host, or bao@localhost].
    #[arg(long, value_name = "ADDRESS")]
    pub mail_from: Option<String>,
    /// How the server logs to stderr: human text, or one JSON object per line.
    #[arg(long, default_value = "text", value_parser = ["text", "json"])]
    pub log: String,
}

/// Runs `bao serve`.
pub fn run(args: ServeArgs) -> Result<()> {
    let ServeArgs {
        port,
        db,
        host,
        memory_mb,
        public_url,
        values,
        trusted_proxies,
        max_streams,
        max_streams_per_address,
        smtp,
        mail_from,
        log,
    } = args;
    bao_web::init_logging(log.parse().map_err(anyhow::Error::msg)?);
    if let Some(file) = &values {
        bao_cli::solve::install_values(file)?;
    }
    // `serve` opens the database and binds first, then prints the address; a
    // busy port is an error naming the port and suggesting --port.
    let config = bao_web::ServeConfig {
        host,
        port,
        db,
        memory_mb: memory_mb as usize,
        public_url,
        trusted_proxies,
        max_streams: max_streams.map(|n| n as usize),
        max_streams_per_address: max_streams_per_address as usize,
        smtp,
        mail_from,
    };
    // Issue 36: a fixed number of threads whatever arrives (docs/deploy.md).
    let workers = std::thread::available_parallelism()
        .map_or(2, |n| n.get())
        .min(bao_web::MAX_WORKERS);
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(workers)
        .max_blocking_threads(bao_web::BLOCKING_THREADS)
        .enable_all()
        .build()
        .context("cannot start the async runtime")?;
    runtime.block_on(bao_web::serve(config))
}
