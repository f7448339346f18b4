//! Issue 20: a server killed with `kill -9` mid-game keeps the clocks and deadlines; the
//! time it was down is not charged to the player whose clock ran; a flag that had fallen
//! before the server stopped (by its last heartbeat) is applied at start.
//!
//! The server runs in a child process (this test binary again, running only
//! `child_server`, which serves when `BAO_RESTART_DB` is set), so that it can really be
//! killed with SIGKILL.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::{json, Value};

/// The child's body: serves the database of `BAO_RESTART_DB` on a free port (and prints
/// it); does nothing in a normal test run.
#[test]
fn child_server() {
    let Some(db) = std::env::var_os("BAO_RESTART_DB") else {
        return;
    };
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap();
    rt.block_on(bao_web::serve(bao_web::ServeConfig {
        host: "127.0.0.1".parse().unwrap(),
        port: 0,
        db: Some(db.into()),
        memory_mb: 64,
        public_url: None,
        ..Default::default()
    }))
    .unwrap();
}

/// A server process, killed (SIGKILL) when dropped, also when a test fails.
struct Server(Child);

impl Server {
    fn kill(&mut self) -> std::io::Result<()> {
        self.0.kill()
    }

    fn wait(&mut self) -> std::io::Result<std::process::ExitStatus> {
        self.0.wait()
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// Starts a server on `db` in a child process; the child and its port.
fn start(db: &Path) -> (Server, u16) {
    let mut server = Server(
        Command::new(std::env::current_exe().unwrap())
            .args([
                "child_server",
                "--exact",
                "--nocapture",
                "--test-threads",
                "1",
            ])
            .env("BAO_RESTART_DB", db)
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .unwrap(),
    );
    let mut lines = BufReader::new(server.0.stdout.take().unwrap()).lines();
    let deadline = Instant::now() + Duration::from_secs(30);
    loop {
        assert!(Instant::now() < deadline, "the server did not start");
        let line = lines.next().expect("server output").unwrap();
        if let Some(rest) = line.split("serving on http://127.0.0.1:").nth(1) {
            let port = rest.split('/').next().unwrap().parse().unwrap();
            // Keep reading its output so that it never blocks on a full pipe.
            std::thread::spawn(move || for _ in lines {});
            return (server, port);
        }
    }
}

/// One HTTP request (Connection: close); (status, Set-Cookie pair, JSON body).
fn http(
    port: u16,
    method: &str,
    path: &str,
    cookie: Option<&str>,
    body: Option<Value>,
) -> (u16, Option<String>, Value) {
    let mut s = TcpStream::connect(("127.0.0.1", port)).unwrap();
    s.set_read_timeout(Some(Duration::from_secs(20))).unwrap();
    let body = body.map(|b| b.to_string()).unwrap_or_default();
    let cookie = cookie
        .map(|c| format!("Cookie: {c}\r\n"))
        .unwrap_or_default();
    let ct = if body.is_empty() {
        String::new()
    } else {
        "Content-Type: application/json\r\n".to_string()
    };
    write!(
        s,
        "{method} {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nConnection: close\r\n{cookie}{ct}Content-Length: {}\r\n\r\n{body}",
        body.len()
    )
    .unwrap();
    let mut text = String::new();
    s.read_to_string(&mut text).unwrap();
    let (head, rest) = text.split_once("\r\n\r\n").unwrap();
    let status = head[9..12].parse().unwrap();
    let set = head
        .lines()
        .find_map(|l| l.strip_prefix("set-cookie: "))
        .map(|v| v.split(';').next().unwrap().to_string());
    (
        status,
        set,
        serde_json::from_str(rest).unwrap_or(Value::Null),
    )
}

fn sign_up(port: u16, name: &str) -> String {
    let (s, set, v) = http(
        port,
        "POST",
        "/api/accounts",
        None,
        Some(json!({"name": name, "password": "a password here"})),
    );
    assert_eq!(s, 201, "{v}");
    set.unwrap()
}

fn play_first(port: u16, id: &str, cookie: &str) -> Value {
    let (_, _, state) = http(port, "GET", &format!("/api/games/{id}"), Some(cookie), None);
    let mv = state["moves"][0]["text"].as_str().unwrap().to_string();
    let (s, _, v) = http(
        port,
        "POST",
        &format!("/api/games/{id}/play"),
        Some(cookie),
        Some(json!({"move": mv})),
    );
    assert_eq!(s, 200, "{v}");
    v["state"].clone()
}

/// A rated Kingulu game at `initial_s` + 0 with three moves made: North's clock runs.
fn three_moves(port: u16, a: &str, b: &str, initial_s: u64) -> String {
    let (s, _, v) = http(
        port,
        "POST",
        "/api/challenges",
        Some(a),
        Some(
            json!({"game": "kingulu", "clock": {"initial_s": initial_s, "increment_s": 0}, "rated": true, "side": "south"}),
        ),
    );
    assert_eq!(s, 201, "{v}");
    let cid = v["id"].as_str().unwrap().to_string();
    let (s, _, v) = http(
        port,
        "POST",
        &format!("/api/challenges/{cid}/accept"),
        Some(b),
        None,
    );
    assert_eq!(s, 201, "{v}");
    let id = v["game"].as_str().unwrap().to_string();
    play_first(port, &id, a);
    play_first(port, &id, b);
    let st = play_first(port, &id, a);
    assert_eq!(st["clock"]["running"], "North");
    id
}

fn wait_over(port: u16, id: &str, within: Duration) -> Value {
    let start = Instant::now();
    loop {
        let (_, _, v) = http(port, "GET", &format!("/api/games/{id}"), None, None);
        if !v["outcome"].is_null() {
            return v;
        }
        assert!(start.elapsed() < within, "not over within {within:?}: {v}");
        std::thread::sleep(Duration::from_millis(50));
    }
}

#[test]
fn a_kill_9_keeps_the_clocks_and_the_downtime_is_not_charged() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("games.sqlite3");
    let (mut server, port) = start(&db);
    let alice = sign_up(port, "alice");
    let bob = sign_up(port, "bob");
    let id = three_moves(port, &alice, &bob, 5);
    server.kill().unwrap(); // SIGKILL
    server.wait().unwrap();
    // Down for 3 s: more than North has left would be charged by a wall clock.
    std::thread::sleep(Duration::from_secs(3));
    let (mut server, port) = start(&db);
    let restarted = Instant::now();
    let (_, _, st) = http(port, "GET", &format!("/api/games/{id}"), Some(&alice), None);
    assert!(st["outcome"].is_null(), "{st}");
    assert_eq!(st["clock"]["running"], "North");
    let north = st["clock"]["north_ms"].as_u64().unwrap();
    // At most the time between the move and the last heartbeat (1 s) was charged.
    assert!((3_500..=5_000).contains(&north), "north has {north} ms");
    let south = st["clock"]["south_ms"].as_u64().unwrap();
    assert!((4_000..=5_000).contains(&south), "south has {south} ms");
    // The session survived too; the flag falls later, with no request.
    let over = wait_over(port, &id, Duration::from_secs(15));
    assert!(
        restarted.elapsed() >= Duration::from_millis(3_000),
        "{:?}",
        restarted.elapsed()
    );
    assert_eq!(over["outcome"]["winner"], "South");
    assert_eq!(over["outcome"]["reason"], "time");
    let (_, _, p) = http(port, "GET", "/api/players/alice", None, None);
    assert_eq!(p["ratings"]["kingulu"]["games"], 1);
    server.kill().unwrap();
    server.wait().unwrap();
}

#[test]
fn a_flag_that_fell_before_the_server_stopped_is_applied_at_start() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("games.sqlite3");
    let (mut server, port) = start(&db);
    let carol = sign_up(port, "carol");
    let dave = sign_up(port, "dave");
    let id = three_moves(port, &carol, &dave, 60);
    // A second game where North has not made his first move.
    let (_, _, v) = http(
        port,
        "POST",
        "/api/challenges",
        Some(&carol),
        Some(
            json!({"game": "kingulu", "clock": {"initial_s": 60, "increment_s": 0}, "rated": true, "side": "south"}),
        ),
    );
    let cid = v["id"].as_str().unwrap().to_string();
    let (_, _, v) = http(
        port,
        "POST",
        &format!("/api/challenges/{cid}/accept"),
        Some(&dave),
        None,
    );
    let first = v["game"].as_str().unwrap().to_string();
    play_first(port, &first, &carol);
    server.kill().unwrap();
    server.wait().unwrap();
    // North's clock started 2 minutes before the server's last sign of life: the state a
    // server leaves that lived on (hung, its timers stuck) past North's 60 s deadline.
    let c = rusqlite::Connection::open(&db).unwrap();
    let alive: i64 = c
        .query_row("SELECT at_ms FROM server_alive WHERE id = 1", [], |r| {
            r.get(0)
        })
        .unwrap();
    let changed = c
        .execute(
            "UPDATE games SET clock = json_set(clock, '$.since_ms', ?2 - 120000) WHERE id = ?1",
            rusqlite::params![id, alive],
        )
        .unwrap();
    assert_eq!(changed, 1);
    // ... and North's first-move window (30 s) opened a minute before it.
    c.execute(
        "UPDATE games SET clock = json_set(clock, '$.since_ms', ?2 - 60000) WHERE id = ?1",
        rusqlite::params![first, alive],
    )
    .unwrap();
    drop(c);
    let (mut server, port) = start(&db);
    let (_, _, st) = http(port, "GET", &format!("/api/games/{id}"), None, None);
    assert_eq!(st["outcome"]["winner"], "South", "{st}");
    assert_eq!(st["outcome"]["reason"], "time");
    assert_eq!(st["clock"]["north_ms"], 0);
    let (_, _, a) = http(port, "GET", &format!("/api/games/{first}"), None, None);
    assert_eq!(a["outcome"]["reason"], "aborted", "{a}");
    assert_eq!(a["ply"], 1);
    // One rated result: the aborted game changed no rating.
    let (_, _, p) = http(port, "GET", "/api/players/dave", None, None);
    assert_eq!(p["ratings"]["kingulu"]["games"], 1);
    assert!(p["ratings"]["kingulu"]["rating"].as_f64().unwrap() < 1500.0);
    server.kill().unwrap();
    server.wait().unwrap();
}
