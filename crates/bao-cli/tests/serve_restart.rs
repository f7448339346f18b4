//! Issue 9: `bao serve` keeps every game in its database. Start the real binary on a
//! temporary database, play, kill it with SIGKILL, start it again: the game is there
//! move for move (position, history, players, level, rules, record).

mod common;
use common::server::{call_raw, Server};

/// Starts `bao serve` on a free port (`--port 0`: the system picks one) and waits for its
/// first line; returns the server, that line and the port it names.
fn start(db: &std::path::Path) -> (Server, String, u16) {
    let s = Server::start(db.to_str().unwrap(), &[]);
    let (line, port) = (s.line.clone(), s.port);
    (s, line, port)
}

/// One HTTP exchange; returns the status and the body.
fn http(
    port: u16,
    method: &str,
    path: &str,
    seat: Option<&str>,
    body: Option<&str>,
) -> (u16, String) {
    let headers: Vec<(&str, &str)> = seat.map(|s| ("X-Bao-Seat", s)).into_iter().collect();
    let (status, _, body) = call_raw(port, method, path, &headers, body);
    (status, body)
}

/// The string value of `"key":"..."` in a JSON text (ids and seats have no escapes).
fn field(text: &str, key: &str) -> String {
    let start = text
        .find(&format!("\"{key}\":\""))
        .unwrap_or_else(|| panic!("no {key} in {text}"))
        + key.len()
        + 4;
    text[start..].split('"').next().unwrap().to_string()
}

#[test]
fn a_game_survives_kill_9_move_for_move() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("games.sqlite3");
    let (mut server, line, port) = start(&db);
    assert_ne!(port, 0);
    assert_eq!(
        line,
        format!(
            "bao: serving on http://127.0.0.1:{port}/ (games saved in {}; Ctrl-C stops the server)\n",
            db.display()
        )
    );
    let (status, body) = http(
        port,
        "POST",
        "/api/games",
        None,
        Some(r#"{"game":"kiswahili","level":2,"rules":"mancala-world"}"#),
    );
    assert_eq!(status, 201, "{body}");
    let id = field(&body, "id");
    let seat = field(&body, "seat");
    assert_eq!((id.len(), seat.len()), (22, 22), "{body}");
    let path = format!("/api/games/{id}");
    let (status, body) = http(
        port,
        "POST",
        &format!("{path}/play"),
        Some(&seat),
        Some(r#"{"move":"A6>"}"#),
    );
    assert_eq!(status, 200, "{body}");
    let (status, body) = http(
        port,
        "POST",
        &format!("{path}/engine"),
        Some(&seat),
        Some("{}"),
    );
    assert_eq!(status, 200, "{body}");
    assert!(body.contains("\"ply\":2"), "{body}");
    let (_, told) = http(port, "GET", &path, Some(&seat), None);
    let (_, record) = http(port, "GET", &format!("{path}/record"), None, None);

    server.kill(); // SIGKILL

    let (mut server, _, port) = start(&db);
    let (status, body) = http(port, "GET", &path, Some(&seat), None);
    assert_eq!(status, 200, "{body}");
    assert_eq!(body, told, "the state the client was told before the kill");
    for part in [
        "\"ply\":2,",
        "\"history\":[{\"ply\":1,\"side\":\"South\",\"text\":\"A6>\",\"from\":\"A6\"},",
        "\"level\":2,",
        "\"rules\":\"mancala-world\",",
        "\"players\":{\"south\":\"human\",\"north\":\"computer\"}",
        "\"you\":[\"South\"]",
    ] {
        assert!(body.contains(part), "{part} in {body}");
    }
    let (_, again) = http(port, "GET", &format!("{path}/record"), None, None);
    assert_eq!(again, record);
    // The game goes on, and is listed.
    let moves = &body[body.find("\"moves\":[").unwrap()..];
    let mv = field(moves, "text");
    let (status, body) = http(
        port,
        "POST",
        &format!("{path}/play"),
        Some(&seat),
        Some(&format!(r#"{{"move":"{mv}"}}"#)),
    );
    assert_eq!(status, 200, "{body}");
    let (_, list) = http(port, "GET", "/api/games", None, None);
    assert_eq!(field(&list, "id"), id, "{list}");
    assert!(list.contains("\"plies\":3,"), "{list}");

    // A second server on the same database is refused with a clear message.
    let out = std::process::Command::new(common::BAO)
        .args(["serve", "--port", "0", "--db"])
        .arg(&db)
        .output()
        .unwrap();
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains(&format!(
            "cannot use the game database {}: it is locked by another program",
            db.display()
        )),
        "{err}"
    );
    server.kill();
}
