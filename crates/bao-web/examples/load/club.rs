//! A club's evening against a running `bao serve` (issue 36): N Bao Kingulu games between
//! two invited players at human pace, each player's page and S spectators' pages as event
//! streams, a health check every 250 ms, optionally a server killed with SIGKILL and
//! started again in the middle (every page then reconnects, with backoff and jitter) and a
//! reconnection storm (M streams opened at once, closed, opened again at once).
//!
//! Each player plays a random legal move 1–3 s (or `think_ms`) after its page shows its
//! turn; a game that ends is replaced by a new one until the time is up. At the end every
//! acknowledged move (a 200 to `POST /api/games/{id}/play`) is looked up in the stored
//! game: one missing is a lost move.
//!
//! Used by `examples/load.rs --club` (the benchmark) and `tests/load.rs` (CI-sized).
#![allow(dead_code)] // each user takes its own subset

use std::collections::{BTreeMap, HashMap};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use rand::Rng;
use serde_json::Value;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

/// What to run.
#[derive(Clone, Debug)]
pub struct Club {
    /// The servers' ports on 127.0.0.1 (one, or several instances on one PostgreSQL
    /// database): client n talks to `ports[n % len]`, so that a game's two players (clients
    /// 64g and 64g+1) are on different instances when there are two or more.
    pub ports: Vec<u16>,
    /// Live games at once.
    pub games: usize,
    /// Spectators' pages per game.
    pub spectators: usize,
    /// How long to play, in seconds.
    pub seconds: u64,
    /// A player's thinking time: uniformly in this range, in ms.
    pub think_ms: (u64, u64),
    /// Streams of the reconnection storm (0: none), at two thirds of the run.
    pub storm: usize,
}

/// What a run found.
#[derive(Debug, Default)]
pub struct Report {
    /// Moves acknowledged (200).
    pub moves: u64,
    /// Moves per second over the run.
    pub moves_per_s: f64,
    /// Latency of `POST .../play`, ms: p50, p99, max.
    pub move_ms: (f64, f64, f64),
    /// From sending a move to the opponent's page showing it, ms: p50, p99.
    pub opponent_ms: (f64, f64),
    /// The health check's (`GET /api/meta`) slowest answer while the server was up, ms.
    pub health_max_ms: f64,
    /// Errors by kind (`play 409`, `stream 503`, `timeout`, ...), outside the restart.
    pub errors: BTreeMap<String, u64>,
    /// Requests that found the server down during the restart (retried, not errors).
    pub retried: u64,
    /// Acknowledged moves missing from the stored games.
    pub lost: u64,
    /// Games finished during the run.
    pub finished: u64,
    /// The most event streams open at once from this client.
    pub streams_max: u64,
    /// Seconds from the kill until every game moved again (0: no kill).
    pub recovered_s: f64,
}

impl Report {
    /// The errors in all.
    pub fn error_count(&self) -> u64 {
        self.errors.values().sum()
    }

    /// The report as text lines.
    pub fn text(&self) -> String {
        format!(
            "moves: {} ({:.1}/s), games finished: {}\nmove latency ms: p50 {:.1}, p99 {:.1}, max {:.1}\nmove to opponent ms: p50 {:.1}, p99 {:.1}\nhealth check max ms: {:.1}\nstreams at once (client side): {}\nerrors: {} {:?}\nrequests retried while the server was down: {}\nacknowledged moves lost: {}\nrecovery after kill -9 s: {:.1}",
            self.moves,
            self.moves_per_s,
            self.finished,
            self.move_ms.0,
            self.move_ms.1,
            self.move_ms.2,
            self.opponent_ms.0,
            self.opponent_ms.1,
            self.health_max_ms,
            self.streams_max,
            self.error_count(),
            self.errors,
            self.retried,
            self.lost,
            self.recovered_s,
        )
    }
}

/// The server's process as `/proc` shows it: threads, resident memory, CPU time.
#[derive(Debug, Default, Clone, Copy)]
pub struct Sample {
    /// Threads.
    pub threads: u64,
    /// Resident memory, KiB.
    pub rss_kib: u64,
    /// User + system CPU time, in clock ticks (100 per second on Linux).
    pub cpu_ticks: u64,
}

/// Reads `/proc/PID` (zeros when the process is gone).
pub fn sample(pid: u32) -> Sample {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    let field = |name: &str| {
        status
            .lines()
            .find(|l| l.starts_with(name))
            .and_then(|l| l.split_whitespace().nth(1))
            .and_then(|n| n.parse().ok())
            .unwrap_or(0)
    };
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
    // After the command's closing parenthesis: state is field 3; utime 14, stime 15.
    let cpu_ticks = stat
        .rsplit_once(')')
        .map(|(_, rest)| {
            let f: Vec<&str> = rest.split_whitespace().collect();
            let n = |i: usize| f.get(i).and_then(|t| t.parse::<u64>().ok()).unwrap_or(0);
            n(11) + n(12)
        })
        .unwrap_or(0);
    Sample {
        threads: field("Threads:"),
        rss_kib: field("VmRSS:"),
        cpu_ticks,
    }
}

/// The shared state of a run.
struct Run {
    ports: Vec<u16>,
    errors: Mutex<BTreeMap<String, u64>>,
    retried: AtomicU64,
    /// The server is being restarted: failures to connect are retried, not errors.
    down: AtomicBool,
    move_ms: Mutex<Vec<f64>>,
    opponent_ms: Mutex<Vec<f64>>,
    health_ms: Mutex<f64>,
    /// (game id, ply after the move, move text) of every acknowledged move.
    acked: Mutex<Vec<(String, u64, String)>>,
    finished: AtomicU64,
    streams: AtomicU64,
    streams_max: AtomicU64,
    stop: AtomicBool,
    /// The last time each game moved (for the recovery after a kill).
    last_move: Mutex<HashMap<String, Instant>>,
}

impl Run {
    /// The instance client `client` talks to.
    fn port_of(&self, client: u32) -> u16 {
        self.ports[client as usize % self.ports.len()]
    }

    fn error(&self, kind: String) {
        if self.down.load(Ordering::SeqCst) {
            self.retried.fetch_add(1, Ordering::Relaxed);
            return;
        }
        eprintln!("club: error: {kind}");
        *self.errors.lock().unwrap().entry(kind).or_insert(0) += 1;
    }

    /// One request (`Connection: close`): the status and the JSON body; `None` when the
    /// server could not be reached or did not answer in 30 s.
    async fn call(
        &self,
        client: u32,
        method: &str,
        path: &str,
        seat: Option<&str>,
        body: Option<&str>,
    ) -> Option<(u16, Value)> {
        let port = self.port_of(client);
        let go = async move {
            let mut s = TcpStream::connect(("127.0.0.1", port)).await?;
            let body = body.unwrap_or("");
            let mut head = format!(
                "{method} {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nConnection: close\r\nX-Forwarded-For: {}\r\n",
                address(client)
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
            let status: u16 = text.get(9..12).and_then(|t| t.parse().ok()).unwrap_or(0);
            let json = text
                .split_once("\r\n\r\n")
                .and_then(|(_, b)| serde_json::from_str(b).ok())
                .unwrap_or(Value::Null);
            Ok::<_, std::io::Error>((status, json))
        };
        match tokio::time::timeout(Duration::from_secs(30), go).await {
            Ok(Ok((0, _))) => {
                self.error(format!("{method} no answer"));
                None
            }
            Ok(Ok(r)) => Some(r),
            Ok(Err(e)) => {
                self.error(format!("{method} {:?}", e.kind()));
                None
            }
            Err(_) => {
                self.error(format!("{method} timeout"));
                None
            }
        }
    }
}

/// An event stream: its `state` events' JSON, one at a time.
struct Stream {
    sock: TcpStream,
    buf: Vec<u8>,
    /// Decoded body bytes not yet split into events.
    body: Vec<u8>,
    head_done: bool,
    run: Arc<Run>,
}

impl Drop for Stream {
    fn drop(&mut self) {
        self.run.streams.fetch_sub(1, Ordering::SeqCst);
    }
}

impl Stream {
    /// Opens `GET /api/games/{id}/events[?seat=]`; `Err(status)` for a refusal (0: the
    /// server is not reachable).
    async fn open(
        run: &Arc<Run>,
        client: u32,
        id: &str,
        seat: Option<&str>,
    ) -> Result<Stream, u16> {
        let port = run.port_of(client);
        let query = seat.map(|s| format!("?seat={s}")).unwrap_or_default();
        let mut sock = TcpStream::connect(("127.0.0.1", port))
            .await
            .map_err(|_| 0u16)?;
        let head = format!(
            "GET /api/games/{id}/events{query} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nAccept: text/event-stream\r\nX-Forwarded-For: {}\r\n\r\n",
            address(client)
        );
        sock.write_all(head.as_bytes()).await.map_err(|_| 0u16)?;
        let n = run.streams.fetch_add(1, Ordering::SeqCst) + 1;
        run.streams_max.fetch_max(n, Ordering::SeqCst);
        let mut s = Stream {
            sock,
            buf: Vec::new(),
            body: Vec::new(),
            head_done: false,
            run: Arc::clone(run),
        };
        // The head.
        let mut chunk = [0u8; 8192];
        loop {
            if let Some(i) = find(&s.buf, b"\r\n\r\n") {
                let status = String::from_utf8_lossy(&s.buf[9..12.min(s.buf.len())])
                    .parse()
                    .unwrap_or(0);
                s.buf.drain(..i + 4);
                s.head_done = true;
                if status != 200 {
                    return Err(status);
                }
                return Ok(s);
            }
            let n = tokio::time::timeout(Duration::from_secs(30), s.sock.read(&mut chunk))
                .await
                .map_err(|_| 0u16)?
                .map_err(|_| 0u16)?;
            if n == 0 {
                return Err(0);
            }
            s.buf.extend_from_slice(&chunk[..n]);
        }
    }

    /// The next `state` event's JSON; `None` when the stream ends.
    async fn next_state(&mut self) -> Option<Value> {
        let mut chunk = [0u8; 16384];
        loop {
            // Chunked transfer coding: size line, data, CRLF.
            while let Some(i) = find(&self.buf, b"\r\n") {
                let size = usize::from_str_radix(
                    String::from_utf8_lossy(&self.buf[..i])
                        .split(';')
                        .next()
                        .unwrap_or("")
                        .trim(),
                    16,
                )
                .ok()?;
                if size == 0 {
                    return None;
                }
                if self.buf.len() < i + 2 + size + 2 {
                    break;
                }
                self.body.extend_from_slice(&self.buf[i + 2..i + 2 + size]);
                self.buf.drain(..i + 2 + size + 2);
            }
            while let Some(i) = find(&self.body, b"\n\n") {
                let event: Vec<u8> = self.body.drain(..i + 2).collect();
                let text = String::from_utf8_lossy(&event);
                let mut kind = "message";
                let mut data = String::new();
                for line in text.lines() {
                    if let Some(k) = line.strip_prefix("event:") {
                        kind = if k.trim() == "state" {
                            "state"
                        } else {
                            "other"
                        };
                    } else if let Some(d) = line.strip_prefix("data:") {
                        data.push_str(d.trim_start());
                    }
                }
                if kind == "state" {
                    if let Ok(v) = serde_json::from_str(&data) {
                        return Some(v);
                    }
                }
            }
            let n = self.sock.read(&mut chunk).await.ok()?;
            if n == 0 {
                return None;
            }
            self.buf.extend_from_slice(&chunk[..n]);
        }
    }
}

/// The address a virtual client's requests name in `X-Forwarded-For` (the server runs with
/// `--trusted-proxy 127.0.0.1`, as behind a reverse proxy): client n is 10.x.y.z.
fn address(n: u32) -> String {
    format!("10.{}.{}.{}", (n >> 16) & 255, (n >> 8) & 255, n & 255)
}

fn find(hay: &[u8], needle: &[u8]) -> Option<usize> {
    hay.windows(needle.len()).position(|w| w == needle)
}

/// Opens a stream, again and again with exponential backoff and jitter while the server
/// is away or refuses (as the page does); `None` once the run stops.
async fn open_retrying(
    run: &Arc<Run>,
    client: u32,
    id: &str,
    seat: Option<&str>,
) -> Option<Stream> {
    let mut failures = 0u32;
    loop {
        if run.stop.load(Ordering::SeqCst) {
            return None;
        }
        match Stream::open(run, client, id, seat).await {
            Ok(s) => return Some(s),
            Err(0) if run.down.load(Ordering::SeqCst) => {
                run.retried.fetch_add(1, Ordering::Relaxed);
            }
            Err(status) => run.error(format!("stream {status}")),
        }
        let base = 250u64 << failures.min(5);
        let wait = rand::thread_rng().gen_range(base / 2..=base * 3 / 2);
        failures += 1;
        tokio::time::sleep(Duration::from_millis(wait)).await;
    }
}

/// One game's shared notes: when each version was sent (for the opponent's latency).
#[derive(Default)]
struct GameNotes {
    sent: Mutex<HashMap<u64, Instant>>,
    over: AtomicBool,
}

/// One player: follows the game, and on its turn plays a random legal move.
async fn player(
    run: Arc<Run>,
    notes: Arc<GameNotes>,
    client: u32,
    id: String,
    seat: String,
    side: &'static str,
    think: (u64, u64),
) {
    let mut acted_version = 0u64;
    'follow: while !run.stop.load(Ordering::SeqCst) && !notes.over.load(Ordering::SeqCst) {
        let Some(mut stream) = open_retrying(&run, client, &id, Some(&seat)).await else {
            return;
        };
        loop {
            let next = tokio::select! {
                s = stream.next_state() => s,
                _ = tokio::time::sleep(Duration::from_millis(500)) => {
                    if run.stop.load(Ordering::SeqCst) { return; }
                    continue;
                }
            };
            let Some(state) = next else {
                continue 'follow;
            };
            let version = state["version"].as_u64().unwrap_or(0);
            if let Some(t) = notes.sent.lock().unwrap().remove(&version) {
                run.opponent_ms
                    .lock()
                    .unwrap()
                    .push(t.elapsed().as_secs_f64() * 1000.0);
            }
            if !state["outcome"].is_null() {
                notes.over.store(true, Ordering::SeqCst);
                return;
            }
            if state["to_move"] != side || version <= acted_version || state["thinking"] == true {
                continue;
            }
            let moves: Vec<String> = state["moves"]
                .as_array()
                .map(|a| {
                    a.iter()
                        .filter_map(|m| m["text"].as_str().map(str::to_string))
                        .collect()
                })
                .unwrap_or_default();
            if moves.is_empty() {
                continue;
            }
            let (wait, pick) = {
                let mut rng = rand::thread_rng();
                (
                    rng.gen_range(think.0..=think.1),
                    rng.gen_range(0..moves.len()),
                )
            };
            tokio::time::sleep(Duration::from_millis(wait)).await;
            if run.stop.load(Ordering::SeqCst) {
                return;
            }
            acted_version = version;
            let body = serde_json::json!({ "move": moves[pick] }).to_string();
            let t = Instant::now();
            // The opponent's page shows the version after this one.
            notes.sent.lock().unwrap().insert(version + 1, t);
            match run
                .call(
                    client,
                    "POST",
                    &format!("/api/games/{id}/play"),
                    Some(&seat),
                    Some(&body),
                )
                .await
            {
                Some((200, v)) => {
                    run.move_ms
                        .lock()
                        .unwrap()
                        .push(t.elapsed().as_secs_f64() * 1000.0);
                    let ply = v["state"]["ply"].as_u64().unwrap_or(0);
                    run.acked
                        .lock()
                        .unwrap()
                        .push((id.clone(), ply, moves[pick].clone()));
                    run.last_move
                        .lock()
                        .unwrap()
                        .insert(id.clone(), Instant::now());
                    if !v["state"]["outcome"].is_null() {
                        run.finished.fetch_add(1, Ordering::Relaxed);
                        notes.over.store(true, Ordering::SeqCst);
                        return;
                    }
                }
                Some((status, v)) => {
                    notes.sent.lock().unwrap().remove(&(version + 1));
                    // A move sent just before a kill may have been saved or not: the
                    // page's state after reconnecting says; not an error then.
                    if !run.down.load(Ordering::SeqCst) {
                        run.error(format!(
                            "play {status} {}",
                            v["error"].as_str().unwrap_or("")
                        ));
                    }
                    acted_version = 0;
                }
                None => {
                    notes.sent.lock().unwrap().remove(&(version + 1));
                    acted_version = 0;
                }
            }
        }
    }
}

/// One spectator's page: follows the game until it ends or the run stops.
async fn spectator(run: Arc<Run>, notes: Arc<GameNotes>, client: u32, id: String) {
    'follow: while !run.stop.load(Ordering::SeqCst) && !notes.over.load(Ordering::SeqCst) {
        let Some(mut stream) = open_retrying(&run, client, &id, None).await else {
            return;
        };
        loop {
            let next = tokio::select! {
                s = stream.next_state() => s,
                _ = tokio::time::sleep(Duration::from_millis(500)) => {
                    if run.stop.load(Ordering::SeqCst) || notes.over.load(Ordering::SeqCst) { return; }
                    continue;
                }
            };
            match next {
                Some(state) if !state["outcome"].is_null() => return,
                Some(_) => {}
                None => continue 'follow,
            }
        }
    }
}

/// Creates a game between two invited seats: (id, South's seat, North's seat).
async fn new_game(run: &Arc<Run>, client: u32) -> Option<(String, String, String)> {
    let (s, v) = run
        .call(
            client,
            "POST",
            "/api/games",
            None,
            Some(r#"{"game":"kingulu","south":"human","north":"human"}"#),
        )
        .await?;
    if s != 201 {
        run.error(format!("create {s}"));
        return None;
    }
    let id = v["id"].as_str()?.to_string();
    let south = v["seat"].as_str()?.to_string();
    let (s, inv) = run
        .call(
            client,
            "POST",
            &format!("/api/games/{id}/invite"),
            Some(&south),
            Some(r#"{"side":"North"}"#),
        )
        .await?;
    if s != 200 {
        run.error(format!("invite {s}"));
        return None;
    }
    Some((id, south, inv["seat"].as_str()?.to_string()))
}

/// One table of the club: games one after another until the run stops.
async fn table(run: Arc<Run>, cfg: Club, number: u32) {
    // The table's players and spectators are clients number·64 + 0, 1, 2 ...
    let client = |k: u32| number * 64 + k;
    while !run.stop.load(Ordering::SeqCst) {
        let Some((id, south, north)) = new_game(&run, client(0)).await else {
            tokio::time::sleep(Duration::from_millis(500)).await;
            continue;
        };
        run.last_move
            .lock()
            .unwrap()
            .insert(id.clone(), Instant::now());
        let notes = Arc::new(GameNotes::default());
        let mut tasks = vec![
            tokio::spawn(player(
                Arc::clone(&run),
                Arc::clone(&notes),
                client(0),
                id.clone(),
                south,
                "South",
                cfg.think_ms,
            )),
            tokio::spawn(player(
                Arc::clone(&run),
                Arc::clone(&notes),
                client(1),
                id.clone(),
                north,
                "North",
                cfg.think_ms,
            )),
        ];
        for k in 0..cfg.spectators.min(60) {
            tasks.push(tokio::spawn(spectator(
                Arc::clone(&run),
                Arc::clone(&notes),
                client(2 + k as u32),
                id.clone(),
            )));
        }
        for t in tasks {
            let _ = t.await;
        }
        run.last_move.lock().unwrap().remove(&id);
    }
}

fn percentile(v: &mut [f64], p: f64) -> f64 {
    if v.is_empty() {
        return 0.0;
    }
    v.sort_by(|a, b| a.partial_cmp(b).unwrap());
    let i = ((v.len() as f64 - 1.0) * p).round() as usize;
    v[i.min(v.len() - 1)]
}

/// Runs the club against the servers on `cfg.ports`. `kill` (when given) is called at half
/// time: it must kill the server with SIGKILL and start it again on the same port,
/// answering once it accepts connections again.
pub async fn run<K, F>(cfg: Club, kill: Option<K>) -> Report
where
    K: FnOnce() -> F,
    F: std::future::Future<Output = ()>,
{
    let run = Arc::new(Run {
        ports: cfg.ports.clone(),
        errors: Mutex::default(),
        retried: AtomicU64::new(0),
        down: AtomicBool::new(false),
        move_ms: Mutex::default(),
        opponent_ms: Mutex::default(),
        health_ms: Mutex::new(0.0),
        acked: Mutex::default(),
        finished: AtomicU64::new(0),
        streams: AtomicU64::new(0),
        streams_max: AtomicU64::new(0),
        stop: AtomicBool::new(false),
        last_move: Mutex::default(),
    });
    let start = Instant::now();
    let mut tables = Vec::new();
    for n in 0..cfg.games {
        tables.push(tokio::spawn(table(
            Arc::clone(&run),
            cfg.clone(),
            n as u32 + 1,
        )));
        // Tables open over the first seconds, as players arrive.
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
    let health = {
        let run = Arc::clone(&run);
        tokio::spawn(async move {
            while !run.stop.load(Ordering::SeqCst) {
                let t = Instant::now();
                let up = !run.down.load(Ordering::SeqCst);
                let r = run.call(0, "GET", "/api/meta", None, None).await;
                let ms = t.elapsed().as_secs_f64() * 1000.0;
                if up && !run.down.load(Ordering::SeqCst) {
                    match r {
                        Some((200, _)) => {
                            let mut m = run.health_ms.lock().unwrap();
                            *m = m.max(ms);
                        }
                        Some((s, _)) => run.error(format!("health {s}")),
                        None => {}
                    }
                }
                tokio::time::sleep(Duration::from_millis(250)).await;
            }
        })
    };
    let total = Duration::from_secs(cfg.seconds);
    let mut recovered_s = 0.0;
    if let Some(kill) = kill {
        tokio::time::sleep(total / 2).await;
        run.down.store(true, Ordering::SeqCst);
        let killed = Instant::now();
        kill().await;
        // Requests already under way when the server died end within a moment.
        tokio::time::sleep(Duration::from_millis(1500)).await;
        run.down.store(false, Ordering::SeqCst);
        // Every live game moves again.
        let ids: Vec<String> = run.last_move.lock().unwrap().keys().cloned().collect();
        let deadline = killed + Duration::from_secs(60);
        loop {
            let moved = {
                let last = run.last_move.lock().unwrap();
                ids.iter()
                    .all(|id| last.get(id).is_none_or(|t| *t > killed))
            };
            if moved || Instant::now() > deadline {
                recovered_s = killed.elapsed().as_secs_f64();
                break;
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    }
    if cfg.storm > 0 {
        let at = total * 2 / 3;
        if start.elapsed() < at {
            tokio::time::sleep(at - start.elapsed()).await;
        }
        // The storm: M streams at once on the live games, closed, and at once again.
        let ids: Vec<String> = run.last_move.lock().unwrap().keys().cloned().collect();
        if !ids.is_empty() {
            for _round in 0..2 {
                let mut opening = Vec::new();
                for i in 0..cfg.storm {
                    let run = Arc::clone(&run);
                    let id = ids[i % ids.len()].clone();
                    opening.push(tokio::spawn(async move {
                        // Storm clients are numbered past every table's.
                        let client = (1 << 22) + i as u32;
                        match Stream::open(&run, client, &id, None).await {
                            Ok(s) => Some(s),
                            Err(status) => {
                                run.error(format!("storm stream {status}"));
                                None
                            }
                        }
                    }));
                }
                let mut held = Vec::new();
                for o in opening {
                    if let Ok(Some(s)) = o.await {
                        held.push(s);
                    }
                }
                tokio::time::sleep(Duration::from_secs(2)).await;
                drop(held);
            }
        }
    }
    if start.elapsed() < total {
        tokio::time::sleep(total - start.elapsed()).await;
    }
    run.stop.store(true, Ordering::SeqCst);
    let elapsed = start.elapsed().as_secs_f64();
    for t in tables {
        let _ = t.await;
    }
    let _ = health.await;
    // Every acknowledged move is in the stored game.
    let acked = std::mem::take(&mut *run.acked.lock().unwrap());
    let mut by_game: HashMap<String, Vec<(u64, String)>> = HashMap::new();
    for (id, ply, text) in acked.iter().cloned() {
        by_game.entry(id).or_default().push((ply, text));
    }
    let mut lost = 0;
    for (id, moves) in &by_game {
        let stored = match run
            .call(0, "GET", &format!("/api/games/{id}"), None, None)
            .await
        {
            Some((200, v)) => v,
            other => {
                run.error(format!("moves {:?}", other.map(|o| o.0)));
                Value::Null
            }
        };
        // `GET .../moves` lists the legal moves; the record has the played ones.
        let texts: Vec<String> = stored["history"]
            .as_array()
            .map(|a| {
                a.iter()
                    .map(|m| {
                        m.as_str()
                            .map(str::to_string)
                            .or_else(|| m["text"].as_str().map(str::to_string))
                            .unwrap_or_default()
                    })
                    .collect()
            })
            .unwrap_or_default();
        for (ply, text) in moves {
            let at = (*ply as usize).checked_sub(1).and_then(|i| texts.get(i));
            if at != Some(text) {
                eprintln!("club: lost: game {id} ply {ply} {text} (stored: {at:?})");
                lost += 1;
            }
        }
    }
    let mut move_ms = run.move_ms.lock().unwrap().clone();
    let mut opp = run.opponent_ms.lock().unwrap().clone();
    let errors = run.errors.lock().unwrap().clone();
    let health_max_ms = *run.health_ms.lock().unwrap();
    Report {
        moves: acked.len() as u64,
        moves_per_s: acked.len() as f64 / elapsed,
        move_ms: (
            percentile(&mut move_ms, 0.5),
            percentile(&mut move_ms, 0.99),
            percentile(&mut move_ms, 1.0),
        ),
        opponent_ms: (percentile(&mut opp, 0.5), percentile(&mut opp, 0.99)),
        health_max_ms,
        errors,
        retried: run.retried.load(Ordering::Relaxed),
        lost,
        finished: run.finished.load(Ordering::Relaxed),
        streams_max: run.streams_max.load(Ordering::Relaxed),
        recovered_s,
    }
}
