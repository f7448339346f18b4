//! Runs the web app without the CLI: `cargo run -p bao-web --example serve -- [port] [db]`
//! (the database defaults to the user's data directory, as for `bao serve`).

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let port: u16 = match std::env::args().nth(1) {
        Some(text) => text
            .parse()
            .map_err(|e| anyhow::anyhow!("port {text:?} is not a number 0..65535: {e}"))?,
        None => 8080,
    };
    bao_web::serve(bao_web::ServeConfig {
        host: std::net::Ipv4Addr::LOCALHOST.into(),
        port,
        db: std::env::args().nth(2).map(Into::into),
        memory_mb: bao_web::engines::DEFAULT_MEMORY_MB,
        public_url: None,
        ..Default::default()
    })
    .await
}
