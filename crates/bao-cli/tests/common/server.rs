//! A real `bao serve` for the integration tests: started on a free port, spoken to over
//! plain HTTP/1.1, killed when dropped.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use super::BAO;

/// A running `bao serve`; killed (SIGKILL) when dropped.
pub struct Server {
    /// The process.
    pub child: Child,
    /// Its port.
    pub port: u16,
    /// The first line it printed (`bao: serving on http://…`).
    pub line: String,
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Server {
    /// Starts `bao serve --port 0 --db DB EXTRA...` and waits for its first line.
    pub fn start(db: &str, extra: &[&str]) -> Server {
        let mut child = Command::new(BAO)
            .args(["serve", "--port", "0", "--db", db])
            .args(extra)
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .unwrap();
        let mut line = String::new();
        BufReader::new(child.stdout.take().unwrap())
            .read_line(&mut line)
            .unwrap();
        let port = line
            .strip_prefix("bao: serving on http://127.0.0.1:")
            .and_then(|rest| rest.split('/').next())
            .and_then(|p| p.parse().ok())
            .unwrap_or_else(|| panic!("no port in {line:?}"));
        Server { child, port, line }
    }

    /// SIGKILL, at once.
    pub fn kill(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }

    /// One exchange: `headers` as (name, value); a JSON body when `body` is given.
    /// Returns the status, the response's head and its body as JSON (`Null` when it
    /// is not JSON).
    pub fn call(
        &self,
        method: &str,
        path: &str,
        headers: &[(&str, &str)],
        body: Option<&serde_json::Value>,
    ) -> (u16, String, serde_json::Value) {
        call(self.port, method, path, headers, body)
    }

    /// Opens a game's event stream; returns the connection and what it read so far.
    pub fn subscribe(&self, id: &str) -> (TcpStream, String) {
        let mut s = TcpStream::connect(("127.0.0.1", self.port)).unwrap();
        let port = self.port;
        write!(
            s,
            "GET /api/games/{id}/events HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nAccept: text/event-stream\r\n\r\n"
        )
        .unwrap();
        let mut seen = String::new();
        read_until(&mut s, &mut seen, "event: state");
        (s, seen)
    }
}

/// [`Server::call`] to the server on `port`.
pub fn call(
    port: u16,
    method: &str,
    path: &str,
    headers: &[(&str, &str)],
    body: Option<&serde_json::Value>,
) -> (u16, String, serde_json::Value) {
    let body = body.map(|b| b.to_string());
    let (status, head, text) = call_raw(port, method, path, headers, body.as_deref());
    (
        status,
        head,
        serde_json::from_str(&text).unwrap_or(serde_json::Value::Null),
    )
}

/// One exchange with the server on `port`, the body as text (sent as JSON when given):
/// the status, the response's head and its body.
pub fn call_raw(
    port: u16,
    method: &str,
    path: &str,
    headers: &[(&str, &str)],
    body: Option<&str>,
) -> (u16, String, String) {
    let mut s = TcpStream::connect(("127.0.0.1", port)).unwrap();
    s.set_read_timeout(Some(Duration::from_secs(60))).unwrap();
    let mut head =
        format!("{method} {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nConnection: close\r\n");
    for (k, v) in headers {
        head.push_str(&format!("{k}: {v}\r\n"));
    }
    let body = body.unwrap_or("");
    if !body.is_empty() {
        head.push_str("Content-Type: application/json\r\n");
    }
    head.push_str(&format!("Content-Length: {}\r\n\r\n{body}", body.len()));
    s.write_all(head.as_bytes()).unwrap();
    let mut out = String::new();
    s.read_to_string(&mut out).unwrap();
    let status = out[9..12].parse().unwrap();
    let (head, body) = out.split_once("\r\n\r\n").unwrap();
    (status, head.to_string(), body.to_string())
}

/// Reads a stream until what was read contains `needle` (at most 10 s).
pub fn read_until(s: &mut TcpStream, seen: &mut String, needle: &str) {
    s.set_read_timeout(Some(Duration::from_millis(200)))
        .unwrap();
    let end = std::time::Instant::now() + Duration::from_secs(10);
    let mut buf = [0u8; 65536];
    while !seen.contains(needle) {
        assert!(std::time::Instant::now() < end, "no {needle:?} in: {seen}");
        match s.read(&mut buf) {
            Ok(0) => panic!("the stream closed before {needle:?}: {seen}"),
            Ok(n) => seen.push_str(&String::from_utf8_lossy(&buf[..n])),
            Err(_) => {}
        }
    }
}

/// The session cookie (`name=value`) a response sets.
pub fn cookie_of(head: &str) -> String {
    head.lines()
        .find_map(|l| {
            l.strip_prefix("set-cookie: ")
                .or_else(|| l.strip_prefix("Set-Cookie: "))
        })
        .and_then(|c| c.split(';').next())
        .unwrap_or_else(|| panic!("no cookie in {head}"))
        .to_string()
}
