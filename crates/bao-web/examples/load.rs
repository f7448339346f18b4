//! A bounded load test of `bao serve` (issue 9), on 127.0.0.1 only; it stops by itself.
//!
//! ```text
//! cargo run --release -p bao-web --example load -- [--port 18160] [--games 100] [--pollers 16] [--many 1000]
//! ```
//!
//! It runs the server in a child process (this program started again with `--server`) on
//! a temporary database, then:
//! 1. 100 concurrent Bao Kingulu games, a client playing South against the computer
//!    (level 3) to the end, while 16 clients poll the slow G-T29 position (each loads
//!    it from a record once, which finds the 3,997,200-lap cycle, then polls its state,
//!    moves and start position; with `--reload` each loads a new game before every poll);
//!    it reports errors, p50/p99/max latency of the 100 games' requests, and the server's
//!    RSS before and after;
//! 2. 1,000 games, each with one engine move (level 5) and one hint, 16 at a time; it
//!    reports the RSS after them.
//!
//! Every figure goes to stdout; docs/web.md has the last run's.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use serde_json::Value;
use tokio::io::{AsyncReadExt, AsyncWriteExt};

const T29: &str = "[Game \"kingulu\"]\n[Setup \"1 4 8 1 2 0 / 0 1 8 4 11 5 ; S=1 N=2 ; South\"]\n";

struct Client {
    port: u16,
    errors: AtomicU64,
    requests: AtomicU64,
}

impl Client {
    /// One request (`Connection: close`); returns the status and the JSON body.
    async fn call(
        &self,
        method: &str,
        path: &str,
        seat: Option<&str>,
        body: Option<&str>,
    ) -> (u16, Value) {
        self.requests.fetch_add(1, Ordering::Relaxed);
        match tokio::time::timeout(Duration::from_secs(60), self.raw(method, path, seat, body))
            .await
        {
            Ok(Ok(r)) => {
                if r.0 >= 400 {
                    self.errors.fetch_add(1, Ordering::Relaxed);
                    eprintln!("load: {method} {path}: {} {}", r.0, r.1);
                }
                r
            }
            Ok(Err(e)) => {
                self.errors.fetch_add(1, Ordering::Relaxed);
                eprintln!("load: {method} {path}: {e}");
                (0, Value::Null)
            }
            Err(_) => {
                self.errors.fetch_add(1, Ordering::Relaxed);
                eprintln!("load: {method} {path}: no answer in 60 s");
                (0, Value::Null)
            }
        }
    }

    async fn raw(
        &self,
        method: &str,
        path: &str,
        seat: Option<&str>,
        body: Option<&str>,
    ) -> std::io::Result<(u16, Value)> {
        let mut s = tokio::net::TcpStream::connect(("127.0.0.1", self.port)).await?;
        let body = body.unwrap_or("");
        let mut head = format!(
            "{method} {path} HTTP/1.1\r\nHost: 127.0.0.1:{}\r\nConnection: close\r\n",
            self.port
        );
        if let Some(seat) = seat {
            head.push_str(&format!("X-Bao-Seat: {seat}\r\n"));
        }
        if !body.is_empty() {
            head.push_str("Content-Type: application/json\r\n");
        }
        head.push_str(&format!("Content-Length: {}\r\n\r\n{body}", body.len()));
        s.write_all(head.as_bytes()).await?;
        let mut out = Vec::new();
        s.read_to_end(&mut out).await?;
        let text = String::from_utf8_lossy(&out);
        let status = text.get(9..12).and_then(|t| t.parse().ok()).unwrap_or(0);
        let json = text
            .split_once("\r\n\r\n")
            .and_then(|(_, b)| serde_json::from_str(b).ok())
            .unwrap_or(Value::Null);
        Ok((status, json))
    }
}

fn rss_kib(pid: u32) -> u64 {
    std::fs::read_to_string(format!("/proc/{pid}/status"))
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("VmRSS:"))
                .and_then(|l| l.split_whitespace().nth(1).and_then(|n| n.parse().ok()))
        })
        .unwrap_or(0)
}

fn arg(name: &str, default: u64) -> u64 {
    let args: Vec<String> = std::env::args().collect();
    args.iter()
        .position(|a| a == name)
        .and_then(|i| args.get(i + 1))
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

fn percentile(sorted: &[f64], p: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    let i = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[i.min(sorted.len() - 1)]
}

/// Plays one Kingulu game to the end: South (this client) plays a pseudo-random legal
/// move, North is the computer. Records every request's latency in ms.
async fn play_game(c: Arc<Client>, seed: u64, lat: Arc<Mutex<Vec<f64>>>) -> usize {
    let timed = |t: Instant| lat.lock().unwrap().push(t.elapsed().as_secs_f64() * 1000.0);
    let t = Instant::now();
    let (status, s) = c
        .call(
            "POST",
            "/api/games",
            None,
            Some(r#"{"game":"kingulu","level":3}"#),
        )
        .await;
    timed(t);
    if status != 201 {
        return 0;
    }
    let id = s["id"].as_str().unwrap_or("").to_string();
    let seat = s["seat"].as_str().unwrap_or("").to_string();
    let mut state = s;
    let mut rng = seed
        .wrapping_mul(6364136223846793005)
        .wrapping_add(1442695040888963407);
    let mut plies = 0;
    for _ in 0..400 {
        if !state["outcome"].is_null() {
            break;
        }
        let t = Instant::now();
        let r = if state["to_move"] == "South" {
            let moves = state["moves"].as_array().cloned().unwrap_or_default();
            if moves.is_empty() {
                break;
            }
            rng = rng
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let mv = moves[(rng >> 33) as usize % moves.len()]["text"]
                .as_str()
                .unwrap_or("")
                .to_string();
            c.call(
                "POST",
                &format!("/api/games/{id}/play"),
                Some(&seat),
                Some(&format!(r#"{{"move":"{mv}"}}"#)),
            )
            .await
        } else {
            c.call(
                "POST",
                &format!("/api/games/{id}/engine"),
                Some(&seat),
                Some("{}"),
            )
            .await
        };
        timed(t);
        if r.0 != 200 {
            break;
        }
        plies += 1;
        state = r.1["state"].clone();
        // A GET as a page would after each move.
        let t = Instant::now();
        c.call("GET", &format!("/api/games/{id}"), Some(&seat), None)
            .await;
        timed(t);
    }
    plies
}

fn server_main() {
    let port = arg("--port", 18160) as u16;
    let db = std::env::args()
        .skip_while(|a| a != "--db")
        .nth(1)
        .expect("--db PATH");
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .unwrap();
    let config = bao_web::ServeConfig {
        host: "127.0.0.1".parse().unwrap(),
        port,
        db: Some(db.into()),
        memory_mb: arg("--memory-mb", 512) as usize,
        public_url: None,
    };
    if let Err(e) = runtime.block_on(bao_web::serve(config)) {
        eprintln!("load server: {e}");
        std::process::exit(1);
    }
}

fn main() {
    if std::env::args().any(|a| a == "--server") {
        server_main();
    } else {
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .enable_all()
            .build()
            .unwrap();
        runtime.block_on(client_main());
    }
}

async fn client_main() {
    let port = arg("--port", 18160) as u16;
    let games = arg("--games", 100) as usize;
    let pollers = arg("--pollers", 16) as usize;
    let many = arg("--many", 1000) as usize;
    // --reload: each G-T29 client loads a new game before every poll (far harsher than
    // polling: every load finds the cycle again).
    let reload = std::env::args().any(|a| a == "--reload");
    let dir = std::env::temp_dir().join(format!("bao-load-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let db = dir.join("games.sqlite3");
    let mut child = std::process::Command::new(std::env::current_exe().unwrap())
        .args([
            "--server",
            "--port",
            &port.to_string(),
            "--memory-mb",
            &arg("--memory-mb", 512).to_string(),
            "--db",
        ])
        .arg(&db)
        .stdout(std::process::Stdio::null())
        .spawn()
        .expect("start the server");
    let pid = child.id();
    let c = Arc::new(Client {
        port,
        errors: AtomicU64::new(0),
        requests: AtomicU64::new(0),
    });
    for _ in 0..200 {
        if tokio::net::TcpStream::connect(("127.0.0.1", port))
            .await
            .is_ok()
        {
            break;
        }
        tokio::time::sleep(Duration::from_millis(25)).await;
    }
    let rss_start = rss_kib(pid);
    println!(
        "server pid {pid} (--memory-mb {}), RSS at start {} MiB",
        arg("--memory-mb", 512),
        rss_start / 1024
    );

    // 1. 100 games to the end + 16 clients on G-T29.
    let stop = Arc::new(AtomicBool::new(false));
    let polls = Arc::new(AtomicU64::new(0));
    let poll_lat = Arc::new(Mutex::new(Vec::new()));
    let poller_tasks: Vec<_> = (0..pollers)
        .map(|_| {
            let (c, stop, polls, poll_lat) = (
                Arc::clone(&c),
                Arc::clone(&stop),
                Arc::clone(&polls),
                Arc::clone(&poll_lat),
            );
            tokio::spawn(async move {
                let body = serde_json::json!({ "record": T29, "south": "human", "north": "human" })
                    .to_string();
                let mut id = String::new();
                while !stop.load(Ordering::Relaxed) {
                    if id.is_empty() || reload {
                        let t = Instant::now();
                        let (status, s) =
                            c.call("POST", "/api/games/load", None, Some(&body)).await;
                        poll_lat
                            .lock()
                            .unwrap()
                            .push(t.elapsed().as_secs_f64() * 1000.0);
                        polls.fetch_add(1, Ordering::Relaxed);
                        if status != 201 {
                            continue;
                        }
                        id = s["id"].as_str().unwrap_or("").to_string();
                    }
                    for route in ["", "/moves", "/at/0"] {
                        c.call("GET", &format!("/api/games/{id}{route}"), None, None)
                            .await;
                        polls.fetch_add(1, Ordering::Relaxed);
                    }
                }
            })
        })
        .collect();
    tokio::time::sleep(Duration::from_millis(500)).await;
    let lat = Arc::new(Mutex::new(Vec::new()));
    let t = Instant::now();
    let tasks: Vec<_> = (0..games)
        .map(|i| tokio::spawn(play_game(Arc::clone(&c), i as u64 + 1, Arc::clone(&lat))))
        .collect();
    let mut plies = 0;
    for task in tasks {
        plies += task.await.unwrap_or(0);
    }
    let took = t.elapsed();
    stop.store(true, Ordering::Relaxed);
    for p in poller_tasks {
        let _ = p.await;
    }
    let mut l = lat.lock().unwrap().clone();
    l.sort_by(|a, b| a.partial_cmp(b).unwrap());
    let mut pl = poll_lat.lock().unwrap().clone();
    pl.sort_by(|a, b| a.partial_cmp(b).unwrap());
    let rss_after = rss_kib(pid);
    println!(
        "phase 1: {games} games to the end ({plies} plies) in {:.1} s with {pollers} clients on G-T29 ({} requests, G-T29 loads p50 {:.0} ms, reload {reload})",
        took.as_secs_f64(),
        polls.load(Ordering::Relaxed),
        percentile(&pl, 0.5)
    );
    println!(
        "phase 1: the games' {} requests: p50 {:.1} ms, p99 {:.1} ms, max {:.1} ms; errors so far {}",
        l.len(),
        percentile(&l, 0.5),
        percentile(&l, 0.99),
        l.last().copied().unwrap_or(0.0),
        c.errors.load(Ordering::Relaxed)
    );
    println!(
        "phase 1: server RSS before {} MiB, after {} MiB",
        rss_start / 1024,
        rss_after / 1024
    );

    // 2. 1,000 games with an engine move and a hint each.
    let t = Instant::now();
    let next = Arc::new(AtomicU64::new(0));
    let workers: Vec<_> = (0..16)
        .map(|_| {
            let (c, next) = (Arc::clone(&c), Arc::clone(&next));
            tokio::spawn(async move {
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed) as usize;
                    if i >= many {
                        break;
                    }
                    let game = if i.is_multiple_of(2) {
                        "kingulu"
                    } else {
                        "kiswahili"
                    };
                    let body = format!(r#"{{"game":"{game}","level":5,"south":"computer"}}"#);
                    let (status, s) = c.call("POST", "/api/games", None, Some(&body)).await;
                    if status != 201 {
                        continue;
                    }
                    let id = s["id"].as_str().unwrap_or("").to_string();
                    let seat = s["seat"].as_str().unwrap_or("").to_string();
                    c.call(
                        "POST",
                        &format!("/api/games/{id}/engine"),
                        Some(&seat),
                        Some("{}"),
                    )
                    .await;
                    c.call(
                        "POST",
                        &format!("/api/games/{id}/hint"),
                        Some(&seat),
                        Some("{}"),
                    )
                    .await;
                }
            })
        })
        .collect();
    for w in workers {
        let _ = w.await;
    }
    let rss_many = rss_kib(pid);
    println!(
        "phase 2: {many} games with an engine move and a hint each in {:.1} s; server RSS after {} MiB",
        t.elapsed().as_secs_f64(),
        rss_many / 1024
    );
    println!(
        "total: {} requests, {} errors",
        c.requests.load(Ordering::Relaxed),
        c.errors.load(Ordering::Relaxed)
    );
    let _ = child.kill();
    let _ = child.wait();
    let _ = std::fs::remove_dir_all(&dir);
}
