//! Issue 36, the CI-sized club (the large runs are benchmarks: `examples/load.rs --club`,
//! figures in docs/deploy.md): 50 games between invited players at a quick pace with one
//! spectator each, for 20 s, the server killed with SIGKILL at half time and started again
//! on the same database, and a storm of 200 streams opened at once twice. Every
//! acknowledged move is in the stored games (0 lost), and nothing but the restart's
//! refused connections (retried, as a page does) went wrong (0 errors).
//!
//! The server runs in a child process (this test binary again, running only
//! `child_server`), so that it can really be killed.

use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

#[path = "../examples/load/club.rs"]
mod club;

/// The child's body: serves `BAO_LOAD_DB` on `BAO_LOAD_PORT`; nothing in a normal run.
#[test]
fn child_server() {
    let (Some(db), Some(port)) = (
        std::env::var_os("BAO_LOAD_DB"),
        std::env::var("BAO_LOAD_PORT").ok(),
    ) else {
        return;
    };
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .max_blocking_threads(bao_web::BLOCKING_THREADS)
        .enable_all()
        .build()
        .unwrap();
    rt.block_on(bao_web::serve(bao_web::ServeConfig {
        port: port.parse().unwrap(),
        db: Some(db.into()),
        memory_mb: 64,
        // The club's clients name their addresses as a reverse proxy would.
        trusted_proxies: vec!["127.0.0.1".parse().unwrap()],
        ..Default::default()
    }))
    .unwrap();
}

/// A server process, killed (SIGKILL) when dropped.
struct Server(Child);

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

fn start(db: &std::path::Path, port: u16) -> Server {
    let server = Server(
        Command::new(std::env::current_exe().unwrap())
            .args([
                "child_server",
                "--exact",
                "--nocapture",
                "--test-threads",
                "1",
            ])
            .env("BAO_LOAD_DB", db)
            .env("BAO_LOAD_PORT", port.to_string())
            .stdout(Stdio::null())
            .stderr(Stdio::inherit())
            .spawn()
            .unwrap(),
    );
    let deadline = Instant::now() + Duration::from_secs(30);
    while std::net::TcpStream::connect(("127.0.0.1", port)).is_err() {
        assert!(Instant::now() < deadline, "the server did not start");
        std::thread::sleep(Duration::from_millis(50));
    }
    server
}

#[test]
fn a_club_evening_loses_nothing_across_a_kill() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("games.sqlite3");
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let server = std::sync::Arc::new(std::sync::Mutex::new(Some(start(&db, port))));
    let pid = server.lock().unwrap().as_ref().unwrap().0.id();
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap();
    let cfg = club::Club {
        ports: vec![port],
        games: 50,
        spectators: 1,
        seconds: 20,
        think_ms: (200, 600),
        storm: 200,
    };
    let s2 = std::sync::Arc::clone(&server);
    let db2 = db.clone();
    let kill = move || async move {
        let mut old = s2.lock().unwrap().take();
        if let Some(s) = old.as_mut() {
            s.0.kill().unwrap();
            s.0.wait().unwrap();
        }
        drop(old);
        let fresh = tokio::task::spawn_blocking(move || start(&db2, port))
            .await
            .unwrap();
        *s2.lock().unwrap() = Some(fresh);
    };
    let before = club::sample(pid);
    assert!(before.threads > 0, "the server's /proc entry");
    let report = rt.block_on(club::run(cfg, Some(kill)));
    let pid = server.lock().unwrap().as_ref().unwrap().0.id();
    let after = club::sample(pid);
    println!("{}", report.text());
    println!(
        "server after the storm: {} threads, {} MiB",
        after.threads,
        after.rss_kib / 1024
    );
    assert_eq!(report.errors, Default::default(), "errors");
    assert_eq!(report.lost, 0, "acknowledged moves lost");
    assert!(report.moves >= 200, "only {} moves", report.moves);
    assert!(
        report.recovered_s > 0.0 && report.recovered_s < 20.0,
        "{}",
        report.recovered_s
    );
    assert!(after.threads <= 64, "{} threads", after.threads);
}
