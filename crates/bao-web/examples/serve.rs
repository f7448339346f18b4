//! Runs the web app without the CLI: `cargo run -p bao-web --example serve -- [port]`.

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let port: u16 = match std::env::args().nth(1) {
        Some(text) => text
            .parse()
            .map_err(|e| anyhow::anyhow!("port {text:?} is not a number 0..65535: {e}"))?,
        None => 8080,
    };
    bao_web::serve(std::net::SocketAddr::from(([127, 0, 0, 1], port))).await
}
