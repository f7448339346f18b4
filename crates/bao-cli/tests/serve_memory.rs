//! Issue 20, defect 2: `bao serve --memory-mb 64` keeps its real memory bounded while the
//! computer plays in Bao la Kiswahili and Bao Kingulu games at once, with hints and the
//! oracle between (the hostile run saw 395 MiB resident). The resident set (`VmRSS` of
//! /proc) is measured.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

const BAO: &str = env!("CARGO_BIN_EXE_bao");

/// The resident memory bound checked, in MiB: the engines' 64 MiB, the games, the
/// runtime and the allocator's slack.
const RSS_LIMIT_MIB: u64 = 135;

struct Server(Child);

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

fn http(
    port: u16,
    method: &str,
    path: &str,
    seat: Option<&str>,
    body: &str,
) -> (u16, serde_json::Value) {
    let mut s = TcpStream::connect(("127.0.0.1", port)).unwrap();
    s.set_read_timeout(Some(Duration::from_secs(60))).unwrap();
    let mut head =
        format!("{method} {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nConnection: close\r\n");
    if let Some(seat) = seat {
        head.push_str(&format!("X-Bao-Seat: {seat}\r\n"));
    }
    if !body.is_empty() {
        head.push_str("Content-Type: application/json\r\n");
    }
    head.push_str(&format!("Content-Length: {}\r\n\r\n{body}", body.len()));
    s.write_all(head.as_bytes()).unwrap();
    let mut out = String::new();
    s.read_to_string(&mut out).unwrap();
    let status = out[9..12].parse().unwrap();
    let body = out.split_once("\r\n\r\n").unwrap().1;
    (
        status,
        serde_json::from_str(body).unwrap_or(serde_json::Value::Null),
    )
}

fn rss_mib(pid: u32) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap();
    let kb: u64 = status
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .unwrap()
        .trim()
        .trim_end_matches(" kB")
        .trim()
        .parse()
        .unwrap();
    kb / 1024
}

#[test]
fn engine_moves_in_both_games_stay_within_the_memory_bound() {
    if !std::path::Path::new("/proc/self/status").exists() {
        eprintln!("skipped: no /proc to read the resident memory from");
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let mut child = Command::new(BAO)
        .args(["serve", "--port", "0", "--memory-mb", "64", "--db"])
        .arg(dir.path().join("games.sqlite3"))
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    let server = Server(child);
    let port: u16 = line
        .split("http://127.0.0.1:")
        .nth(1)
        .and_then(|r| r.split('/').next())
        .and_then(|p| p.parse().ok())
        .unwrap_or_else(|| panic!("no address in {line:?}"));
    // Two games of each kind, played by four clients at once: engine moves and hints
    // contend for the pool's two engines, across the blocking pool's threads.
    let mut games = Vec::new();
    for game in ["kiswahili", "kingulu", "kiswahili", "kingulu"] {
        let (s, v) = http(
            port,
            "POST",
            "/api/games",
            None,
            &format!(r#"{{"game":"{game}","south":"computer","north":"computer","level":8}}"#),
        );
        assert_eq!(s, 201, "{v}");
        games.push((
            v["id"].as_str().unwrap().to_string(),
            v["seat"].as_str().unwrap().to_string(),
        ));
    }
    let start = Instant::now();
    let pid = server.0.id();
    let peak = std::sync::Arc::new(std::sync::atomic::AtomicU64::new(0));
    let clients: Vec<_> = games
        .into_iter()
        .enumerate()
        .map(|(n, (id, seat))| {
            let peak = std::sync::Arc::clone(&peak);
            std::thread::spawn(move || {
                let mut moves = 0;
                for i in 0..8 {
                    // Every third request a hint, or in Bao Kingulu the oracle (the
                    // solver, up to 2 s, off the opening book after a few moves).
                    let (method, route) = match (i % 3, n % 2) {
                        (2, 0) => ("POST", "hint"),
                        (2, _) => ("GET", "oracle"),
                        _ => ("POST", "engine"),
                    };
                    let (s, v) = http(
                        port,
                        method,
                        &format!("/api/games/{id}/{route}"),
                        Some(&seat),
                        "",
                    );
                    if s == 409 {
                        break; // the game ended
                    }
                    assert!(s == 200 || s == 503, "{s} {v}");
                    moves += usize::from(s == 200 && route == "engine");
                    peak.fetch_max(rss_mib(pid), std::sync::atomic::Ordering::SeqCst);
                }
                moves
            })
        })
        .collect();
    let moves: usize = clients.into_iter().map(|c| c.join().unwrap()).sum();
    let peak = peak.load(std::sync::atomic::Ordering::SeqCst);
    eprintln!(
        "{moves} engine moves in {:?}, peak resident memory {peak} MiB",
        start.elapsed()
    );
    assert!(moves >= 8, "only {moves} engine moves");
    assert!(
        peak <= RSS_LIMIT_MIB,
        "resident memory reached {peak} MiB (limit {RSS_LIMIT_MIB} MiB)"
    );
}
