//! A bounded load test of `bao serve` (issue 9); it stops by itself.
//!
//! ```text
//! cargo run --release -p bao-web --example load -- [--port 18160] [--games 100] [--pollers 16] [--many 1000]
//! cargo run --release -p bao-web --example load -- --url 127.0.0.1:8081,127.0.0.1:8082 [--pid P1 --pid P2] [...]
//! ```
//!
//! Without `--url` it runs the server in a child process (this program started again with
//! `--server`) on 127.0.0.1 and a temporary database. With `--url` (repeated, or a comma
//! list; `http://HOST:PORT` or `HOST:PORT`) it loads servers already running, e.g. several
//! `bao serve` instances on one PostgreSQL database: games are spread round-robin over them,
//! and with two or more each game's moves (play, engine, hint) go to the next instance after
//! the one that created it, while the page's GET after every move goes to the creator (a GET
//! that shows fewer plies than the move just made is counted as stale). `--pid` (repeated,
//! in the order of `--url`) names the servers' processes whose resident memory (VmRSS) is
//! sampled every 200 ms and reported per instance. Then:
//! 1. 100 concurrent Bao Kingulu games, a client playing South against the computer
//!    (level 3) to the end, while 16 clients poll the slow G-T29 position (each loads
//!    it from a record once, which finds the 3,997,200-lap cycle, then polls its state,
//!    moves and start position; with `--reload` each loads a new game before every poll);
//!    it reports errors, p50/p99/max latency of the 100 games' requests, and the server's
//!    RSS before and after;
//! 2. 1,000 games, each with one engine move (level 5) and one hint, 16 at a time; it
//!    reports the RSS after them.
//!
//! Every figure goes to stdout (latencies also split into moves and GETs, and per instance:
//! requests, errors, RSS); docs/web.md has the last run's.

#[path = "load/club.rs"]
mod club;

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use serde_json::Value;
use tokio::io::{AsyncReadExt, AsyncWriteExt};

const T29: &str = "[Game \"kingulu\"]\n[Setup \"1 4 8 1 2 0 / 0 1 8 4 11 5 ; S=1 N=2 ; South\"]\n";

/// One server instance: where it listens and what it was asked.
struct Client {
    /// The host as written in `--url` (`127.0.0.1`, `[::1]`, a name): the Host header's.
    host: String,
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
        let mut s = tokio::net::TcpStream::connect((self.connect_host(), self.port)).await?;
        let body = body.unwrap_or("");
        let mut head = format!(
            "{method} {path} HTTP/1.1\r\nHost: {}:{}\r\nConnection: close\r\n",
            self.host, self.port
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

    /// The host to connect to (`[::1]` without its brackets).
    fn connect_host(&self) -> &str {
        self.host.trim_start_matches('[').trim_end_matches(']')
    }

    /// `HOST:PORT`, for the report.
    fn addr(&self) -> String {
        format!("{}:{}", self.host, self.port)
    }
}

/// Parses one `--url` value: `http://HOST:PORT`, `HOST:PORT`, an optional trailing `/`.
fn parse_url(text: &str) -> Result<(String, u16), String> {
    let bad = |why: &str| format!("--url {text:?}: {why} (expected http://HOST:PORT or HOST:PORT)");
    if text.starts_with("https://") {
        return Err(bad(
            "https is not supported: give the instance's own http address",
        ));
    }
    let rest = text.strip_prefix("http://").unwrap_or(text);
    let rest = rest.strip_suffix('/').unwrap_or(rest);
    if rest.contains('/') {
        return Err(bad("a path is not allowed"));
    }
    let (host, port) = rest.rsplit_once(':').ok_or_else(|| bad("no port"))?;
    if host.is_empty() {
        return Err(bad("no host"));
    }
    let port: u16 = port
        .parse()
        .ok()
        .filter(|p| *p != 0)
        .ok_or_else(|| bad("the port is not a number in 1-65535"))?;
    Ok((host.to_string(), port))
}

/// Every value of a repeated flag, comma lists split: `--url a,b --url c` is `[a, b, c]`.
fn arg_all(name: &str) -> Vec<String> {
    let args: Vec<String> = std::env::args().collect();
    args.iter()
        .enumerate()
        .filter(|(_, a)| *a == name)
        .filter_map(|(i, _)| args.get(i + 1))
        .flat_map(|v| {
            v.split(',')
                .map(str::trim)
                .filter(|v| !v.is_empty())
                .map(String::from)
                .collect::<Vec<_>>()
        })
        .collect()
}

/// Exits with a clear message (bad input never panics).
fn fail(message: &str) -> ! {
    eprintln!("load: {message}");
    std::process::exit(2);
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

/// The latencies (ms) of the games' requests: all of them, the moves (play and engine
/// requests) and the GETs after them.
#[derive(Default)]
struct Latencies {
    all: Vec<f64>,
    moves: Vec<f64>,
    gets: Vec<f64>,
}

/// Plays one Kingulu game to the end: South (this client) plays a pseudo-random legal
/// move, North is the computer. The game is created on `home`, its moves go to `mover`
/// (the same instance when only one is loaded) and the page's GET after each move to
/// `home`; a GET showing fewer plies than the move's answer counts in `stale`. Records
/// every request's latency in ms.
async fn play_game(
    home: Arc<Client>,
    mover: Arc<Client>,
    seed: u64,
    lat: Arc<Mutex<Latencies>>,
    stale: Arc<AtomicU64>,
) -> usize {
    let timed = |t: Instant, kind: u8| {
        let ms = t.elapsed().as_secs_f64() * 1000.0;
        let mut l = lat.lock().unwrap();
        l.all.push(ms);
        match kind {
            1 => l.moves.push(ms),
            2 => l.gets.push(ms),
            _ => {}
        }
    };
    let t = Instant::now();
    let (status, s) = home
        .call(
            "POST",
            "/api/games",
            None,
            Some(r#"{"game":"kingulu","level":3}"#),
        )
        .await;
    timed(t, 0);
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
            mover
                .call(
                    "POST",
                    &format!("/api/games/{id}/play"),
                    Some(&seat),
                    Some(&format!(r#"{{"move":"{mv}"}}"#)),
                )
                .await
        } else {
            mover
                .call(
                    "POST",
                    &format!("/api/games/{id}/engine"),
                    Some(&seat),
                    Some("{}"),
                )
                .await
        };
        timed(t, 1);
        if r.0 != 200 {
            break;
        }
        plies += 1;
        state = r.1["state"].clone();
        // A GET as a page would after each move (the page on the creator's instance).
        let t = Instant::now();
        let (status, got) = home
            .call("GET", &format!("/api/games/{id}"), Some(&seat), None)
            .await;
        timed(t, 2);
        if status == 200 && got["ply"].as_u64() < state["ply"].as_u64() {
            stale.fetch_add(1, Ordering::Relaxed);
        }
    }
    plies
}

/// The resident memory of the servers' processes, sampled every 200 ms: the largest
/// VmRSS seen per process (KiB).
struct RssSampler {
    pids: Vec<u32>,
    max: Mutex<Vec<u64>>,
}

impl RssSampler {
    fn sample(&self) -> Vec<u64> {
        let now: Vec<u64> = self.pids.iter().map(|p| rss_kib(*p)).collect();
        let mut max = self.max.lock().unwrap();
        for (m, n) in max.iter_mut().zip(&now) {
            *m = (*m).max(*n);
        }
        now
    }
}

fn server_main() {
    let port = arg("--port", 18160) as u16;
    let db = std::env::args()
        .skip_while(|a| a != "--db")
        .nth(1)
        .expect("--db PATH");
    // As `bao serve` builds its runtime (issue 36).
    let workers = std::thread::available_parallelism()
        .map_or(2, |n| n.get())
        .min(bao_web::MAX_WORKERS);
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(workers)
        .max_blocking_threads(bao_web::BLOCKING_THREADS)
        .enable_all()
        .build()
        .unwrap();
    let config = bao_web::ServeConfig {
        host: "127.0.0.1".parse().unwrap(),
        port,
        db: Some(db.into()),
        memory_mb: arg("--memory-mb", 512) as usize,
        public_url: None,
        // The club (`--club`) names its virtual clients' addresses in X-Forwarded-For.
        trusted_proxies: vec!["127.0.0.1".parse().unwrap()],
        ..Default::default()
    };
    if let Err(e) = runtime.block_on(bao_web::serve(config)) {
        eprintln!("load server: {e}");
        std::process::exit(1);
    }
}

fn main() {
    if std::env::args().any(|a| a == "--server") {
        server_main();
    } else if std::env::args().any(|a| a == "--club") {
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .enable_all()
            .build()
            .unwrap();
        runtime.block_on(club_main());
    } else {
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .enable_all()
            .build()
            .unwrap();
        runtime.block_on(client_main());
    }
}

fn mib(kib: u64) -> u64 {
    kib / 1024
}

fn sorted(v: &[f64]) -> Vec<f64> {
    let mut v = v.to_vec();
    v.sort_by(|a, b| a.partial_cmp(b).unwrap());
    v
}

async fn client_main() {
    let port = arg("--port", 18160) as u16;
    let games = arg("--games", 100) as usize;
    let pollers = arg("--pollers", 16) as usize;
    let many = arg("--many", 1000) as usize;
    // --reload: each G-T29 client loads a new game before every poll (far harsher than
    // polling: every load finds the cycle again).
    let reload = std::env::args().any(|a| a == "--reload");
    let urls = arg_all("--url");
    let mut pids: Vec<u32> = arg_all("--pid")
        .iter()
        .map(|p| {
            p.parse()
                .ok()
                .filter(|p| *p != 0)
                .unwrap_or_else(|| fail(&format!("--pid {p:?}: not a process id")))
        })
        .collect();
    // Without --url: our own server in a child process (the single-server run).
    let mut own: Option<(std::process::Child, std::path::PathBuf)> = None;
    let clients: Vec<Arc<Client>> = if urls.is_empty() {
        if !pids.is_empty() {
            fail("--pid needs --url (without --url the load test runs its own server)");
        }
        let dir = std::env::temp_dir().join(format!("bao-load-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let db = dir.join("games.sqlite3");
        let child = std::process::Command::new(std::env::current_exe().unwrap())
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
        pids.push(child.id());
        own = Some((child, dir));
        vec![Arc::new(Client {
            host: "127.0.0.1".to_string(),
            port,
            errors: AtomicU64::new(0),
            requests: AtomicU64::new(0),
        })]
    } else {
        urls.iter()
            .map(|u| {
                let (host, port) = parse_url(u).unwrap_or_else(|e| fail(&e));
                Arc::new(Client {
                    host,
                    port,
                    errors: AtomicU64::new(0),
                    requests: AtomicU64::new(0),
                })
            })
            .collect()
    };
    for p in &pids {
        if !std::path::Path::new(&format!("/proc/{p}/status")).exists() {
            fail(&format!("--pid {p}: no such process"));
        }
    }
    let n = clients.len();
    // Instance i's game moves go to instance i + 1 (round-robin), when there are several.
    let mover_of = |i: usize| &clients[(i + 1) % n];
    for c in &clients {
        let mut up = false;
        for _ in 0..200 {
            if tokio::net::TcpStream::connect((c.connect_host(), c.port))
                .await
                .is_ok()
            {
                up = true;
                break;
            }
            tokio::time::sleep(Duration::from_millis(25)).await;
        }
        if !up && own.is_none() {
            fail(&format!("cannot reach the server at {} (5 s)", c.addr()));
        }
    }
    let sampler = Arc::new(RssSampler {
        max: Mutex::new(vec![0; pids.len()]),
        pids: pids.clone(),
    });
    let rss_start = sampler.sample();
    let sampling = Arc::new(AtomicBool::new(true));
    let sampler_task = {
        let (sampler, sampling) = (Arc::clone(&sampler), Arc::clone(&sampling));
        tokio::spawn(async move {
            while sampling.load(Ordering::Relaxed) {
                sampler.sample();
                tokio::time::sleep(Duration::from_millis(200)).await;
            }
        })
    };
    if own.is_some() {
        println!(
            "server pid {} (--memory-mb {}), RSS at start {} MiB",
            pids[0],
            arg("--memory-mb", 512),
            mib(rss_start[0])
        );
    } else {
        for (i, c) in clients.iter().enumerate() {
            match pids.get(i) {
                Some(p) => println!(
                    "instance {} at {}: server pid {p}, RSS at start {} MiB",
                    i + 1,
                    c.addr(),
                    mib(rss_start[i])
                ),
                None => println!(
                    "instance {} at {}: no --pid, RSS not sampled",
                    i + 1,
                    c.addr()
                ),
            }
        }
        for (i, p) in pids.iter().enumerate().skip(n) {
            println!(
                "pid {p} (no --url of its own): RSS at start {} MiB",
                mib(rss_start[i])
            );
        }
        if n > 1 {
            println!(
                "{n} instances: games created round-robin, each game's moves sent to the next instance"
            );
        }
    }

    // 1. 100 games to the end + 16 clients on G-T29.
    let stop = Arc::new(AtomicBool::new(false));
    let polls = Arc::new(AtomicU64::new(0));
    let poll_lat = Arc::new(Mutex::new(Vec::new()));
    let poller_tasks: Vec<_> = (0..pollers)
        .map(|j| {
            let (c, stop, polls, poll_lat) = (
                Arc::clone(&clients[j % n]),
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
    let lat = Arc::new(Mutex::new(Latencies::default()));
    let stale = Arc::new(AtomicU64::new(0));
    let t = Instant::now();
    let tasks: Vec<_> = (0..games)
        .map(|i| {
            tokio::spawn(play_game(
                Arc::clone(&clients[i % n]),
                Arc::clone(mover_of(i % n)),
                i as u64 + 1,
                Arc::clone(&lat),
                Arc::clone(&stale),
            ))
        })
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
    let (l, lm, lg) = {
        let lat = lat.lock().unwrap();
        (sorted(&lat.all), sorted(&lat.moves), sorted(&lat.gets))
    };
    let pl = sorted(&poll_lat.lock().unwrap());
    let rss_after = sampler.sample();
    let errors = || {
        clients
            .iter()
            .map(|c| c.errors.load(Ordering::Relaxed))
            .sum::<u64>()
    };
    let requests = || {
        clients
            .iter()
            .map(|c| c.requests.load(Ordering::Relaxed))
            .sum::<u64>()
    };
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
        errors()
    );
    println!(
        "phase 1: moves (play, engine) {}: p50 {:.1} ms, p99 {:.1} ms; GETs after them {}: p50 {:.1} ms, p99 {:.1} ms; stale GETs {}",
        lm.len(),
        percentile(&lm, 0.5),
        percentile(&lm, 0.99),
        lg.len(),
        percentile(&lg, 0.5),
        percentile(&lg, 0.99),
        stale.load(Ordering::Relaxed)
    );
    for (i, p) in pids.iter().enumerate() {
        let who = if own.is_some() {
            String::new()
        } else {
            format!(" (pid {p})")
        };
        println!(
            "phase 1: server RSS before {} MiB, after {} MiB{who}",
            mib(rss_start[i]),
            mib(rss_after[i])
        );
    }

    // 2. 1,000 games with an engine move and a hint each.
    let t = Instant::now();
    let next = Arc::new(AtomicU64::new(0));
    let workers: Vec<_> = (0..16)
        .map(|_| {
            let (clients, next) = (clients.clone(), Arc::clone(&next));
            tokio::spawn(async move {
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed) as usize;
                    if i >= many {
                        break;
                    }
                    let (home, mover) = (&clients[i % n], &clients[(i + 1) % n]);
                    let game = if i.is_multiple_of(2) {
                        "kingulu"
                    } else {
                        "kiswahili"
                    };
                    let body = format!(r#"{{"game":"{game}","level":5,"south":"computer"}}"#);
                    let (status, s) = home.call("POST", "/api/games", None, Some(&body)).await;
                    if status != 201 {
                        continue;
                    }
                    let id = s["id"].as_str().unwrap_or("").to_string();
                    let seat = s["seat"].as_str().unwrap_or("").to_string();
                    mover
                        .call(
                            "POST",
                            &format!("/api/games/{id}/engine"),
                            Some(&seat),
                            Some("{}"),
                        )
                        .await;
                    mover
                        .call(
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
    let rss_many = sampler.sample();
    sampling.store(false, Ordering::Relaxed);
    let _ = sampler_task.await;
    let rss_max = sampler.max.lock().unwrap().clone();
    if own.is_some() {
        println!(
            "phase 2: {many} games with an engine move and a hint each in {:.1} s; server RSS after {} MiB",
            t.elapsed().as_secs_f64(),
            mib(rss_many[0])
        );
    } else {
        println!(
            "phase 2: {many} games with an engine move and a hint each in {:.1} s",
            t.elapsed().as_secs_f64()
        );
    }
    println!("total: {} requests, {} errors", requests(), errors());
    for (i, c) in clients.iter().enumerate() {
        let rss = match pids.get(i) {
            Some(p) => format!(
                "; pid {p} RSS start {} → after phase 1 {} → after phase 2 {} MiB, max sampled {} MiB",
                mib(rss_start[i]),
                mib(rss_after[i]),
                mib(rss_many[i]),
                mib(rss_max[i])
            ),
            None => String::new(),
        };
        println!(
            "instance {} at {}: {} requests, {} errors{rss}",
            i + 1,
            c.addr(),
            c.requests.load(Ordering::Relaxed),
            c.errors.load(Ordering::Relaxed)
        );
    }
    for (i, p) in pids.iter().enumerate().skip(n) {
        println!(
            "pid {p}: RSS start {} → after phase 1 {} → after phase 2 {} MiB, max sampled {} MiB",
            mib(rss_start[i]),
            mib(rss_after[i]),
            mib(rss_many[i]),
            mib(rss_max[i])
        );
    }
    if let Some((mut child, dir)) = own {
        let _ = child.kill();
        let _ = child.wait();
        let _ = std::fs::remove_dir_all(&dir);
    }
}

/// Starts the server in a child process (this program with `--server`) and waits until it
/// accepts connections.
fn start_child(port: u16, db: &std::path::Path) -> std::process::Child {
    let child = std::process::Command::new(std::env::current_exe().unwrap())
        .args([
            "--server",
            "--port",
            &port.to_string(),
            "--memory-mb",
            &arg("--memory-mb", 512).to_string(),
            "--db",
        ])
        .arg(db)
        .stdout(std::process::Stdio::null())
        .spawn()
        .expect("start the server");
    // Started means serving: the port accepts connections as soon as it is bound, before
    // the database is open, so wait for an answer to `GET /api/meta`.
    let deadline = Instant::now() + Duration::from_secs(60);
    while !answers(port) {
        if Instant::now() > deadline {
            fail("the server did not start within 60 s");
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    child
}

/// Whether the server on `port` answers `GET /api/meta` with 200 within 2 s.
fn answers(port: u16) -> bool {
    use std::io::{Read, Write};
    let Ok(mut s) = std::net::TcpStream::connect(("127.0.0.1", port)) else {
        return false;
    };
    let _ = s.set_read_timeout(Some(Duration::from_secs(2)));
    let request =
        format!("GET /api/meta HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nConnection: close\r\n\r\n");
    if s.write_all(request.as_bytes()).is_err() {
        return false;
    }
    let mut head = [0u8; 12];
    s.read_exact(&mut head).is_ok() && head.starts_with(b"HTTP/1.1 200")
}

/// `--club` (issue 36): a club's evening against our own server in a child process on a
/// temporary SQLite database, or against `--url HOST:PORT` with `--pid P`:
/// `--games N` (250) games at human pace (`--think-ms 1000..3000`, as `--think-min`,
/// `--think-max`) with `--spectators S` (1) each for `--seconds T` (60), the server killed
/// with SIGKILL at half time unless `--no-kill` (our own server only), a storm of
/// `--storm M` (2,000) streams at two thirds. Prints the club's report and the server's
/// threads, RSS and CPU (the most seen, sampled every 500 ms).
async fn club_main() {
    let games = arg("--games", 250) as usize;
    let urls = arg_all("--url");
    let own = urls.is_empty();
    let ports: Vec<u16> = if own {
        vec![arg("--port", 18160) as u16]
    } else {
        urls.iter()
            .map(|u| parse_url(u).unwrap_or_else(|e| fail(&e)).1)
            .collect()
    };
    let port = ports[0];
    let cfg = club::Club {
        ports,
        games,
        spectators: arg("--spectators", 1) as usize,
        seconds: arg("--seconds", 60),
        think_ms: (arg("--think-min", 1000), arg("--think-max", 3000)),
        storm: arg("--storm", 2000) as usize,
    };
    let dir = std::env::temp_dir().join(format!("bao-club-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let db = dir.join("games.sqlite3");
    let child: Arc<Mutex<Option<std::process::Child>>> = Arc::new(Mutex::new(None));
    let pid = Arc::new(AtomicU64::new(0));
    if own {
        let c = start_child(port, &db);
        pid.store(u64::from(c.id()), Ordering::SeqCst);
        *child.lock().unwrap() = Some(c);
    } else {
        let p = arg("--pid", 0);
        pid.store(p, Ordering::SeqCst);
    }
    println!(
        "club: {games} games, {} spectators each, think {}..{} ms, {} s, storm {}, {}",
        cfg.spectators,
        cfg.think_ms.0,
        cfg.think_ms.1,
        cfg.seconds,
        cfg.storm,
        if own {
            "own server (SQLite), kill -9 at half time"
        } else {
            "given server"
        }
    );
    // Sample the server every 500 ms: the most threads and RSS, and its CPU time.
    let sampling = Arc::new(AtomicBool::new(true));
    let peaks = Arc::new(Mutex::new((0u64, 0u64, 0u64)));
    let sampler = {
        let (sampling, peaks, pid) = (Arc::clone(&sampling), Arc::clone(&peaks), Arc::clone(&pid));
        tokio::spawn(async move {
            let mut cpu_before_restart = 0;
            let mut last_pid = pid.load(Ordering::SeqCst);
            let mut last_cpu = 0;
            while sampling.load(Ordering::SeqCst) {
                let p = pid.load(Ordering::SeqCst);
                if p != last_pid {
                    cpu_before_restart += last_cpu;
                    last_pid = p;
                }
                let s = club::sample(p as u32);
                if s.threads > 0 {
                    last_cpu = s.cpu_ticks;
                    let mut m = peaks.lock().unwrap();
                    m.0 = m.0.max(s.threads);
                    m.1 = m.1.max(s.rss_kib);
                    m.2 = cpu_before_restart + last_cpu;
                }
                tokio::time::sleep(Duration::from_millis(500)).await;
            }
        })
    };
    let kill = (own && !std::env::args().any(|a| a == "--no-kill")).then(|| {
        let (child, pid, db) = (Arc::clone(&child), Arc::clone(&pid), db.clone());
        move || async move {
            let old = child.lock().unwrap().take();
            if let Some(mut c) = old {
                let _ = c.kill();
                let _ = c.wait();
            }
            let fresh = tokio::task::spawn_blocking(move || start_child(port, &db))
                .await
                .unwrap();
            pid.store(u64::from(fresh.id()), Ordering::SeqCst);
            *child.lock().unwrap() = Some(fresh);
        }
    });
    let started = Instant::now();
    let report = club::run(cfg, kill).await;
    let wall = started.elapsed().as_secs_f64();
    sampling.store(false, Ordering::SeqCst);
    let _ = sampler.await;
    let (threads, rss, cpu) = *peaks.lock().unwrap();
    println!("{}", report.text());
    println!(
        "server: at most {threads} threads, {} MiB RSS; CPU {:.1} s in {wall:.0} s ({:.0}% of one core)",
        mib(rss),
        cpu as f64 / 100.0,
        cpu as f64 / wall
    );
    if let Some(mut c) = child.lock().unwrap().take() {
        let _ = c.kill();
        let _ = c.wait();
    }
    let _ = std::fs::remove_dir_all(&dir);
}
