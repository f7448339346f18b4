//! Issue 31: the records a server gives out — one game's (`GET /api/games/{id}/record`)
//! and all of an account's as one file (`GET /api/players/{name}/records`) — are read by
//! `bao replay --number N` and `bao report --number N`.

mod common;
use common::server::{call, call_raw, Server};
use serde_json::json;

const BAO: &str = env!("CARGO_BIN_EXE_bao");

#[test]
fn bao_replay_and_report_read_an_accounts_record_file() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("games.sqlite3");
    let server = Server::start(db.to_str().unwrap(), &[]);
    let port = server.port;
    let (status, head, _) = call(
        port,
        "POST",
        "/api/accounts",
        &[],
        Some(&json!({"name": "amani", "password": "password of amani"})),
    );
    assert_eq!(status, 201);
    let cookie = head
        .lines()
        .find_map(|l| l.strip_prefix("set-cookie: "))
        .and_then(|c| c.split(';').next())
        .unwrap()
        .to_string();
    // Two games against the computer: Bao Kingulu after A3, Bao la Kiswahili after A6>.
    let mut positions = Vec::new();
    for (game, first) in [("kingulu", "A3"), ("kiswahili", "A6>")] {
        let (status, _, v) = call(
            port,
            "POST",
            "/api/games",
            &[("Cookie", &cookie)],
            Some(&json!({"game": game, "north": "computer", "level": 1})),
        );
        assert_eq!(status, 201, "{v}");
        let (id, seat) = (
            v["id"].as_str().unwrap().to_string(),
            v["seat"].as_str().unwrap().to_string(),
        );
        let (status, _, v) = call(
            port,
            "POST",
            &format!("/api/games/{id}/play"),
            &[("X-Bao-Seat", &seat)],
            Some(&json!({"move": first})),
        );
        assert_eq!(status, 200, "{v}");
        positions.push(v["state"]["position"].as_str().unwrap().to_string());
    }
    let (status, head, text) = call_raw(port, "GET", "/api/players/amani/records", &[], None);
    assert_eq!(status, 200, "{text}");
    assert!(
        head.to_ascii_lowercase().contains("x-bao-games: 2"),
        "{head}"
    );
    let file = dir.path().join("amani-games.bao");
    std::fs::write(&file, &text).unwrap();
    // Newest first: game 1 is the Bao la Kiswahili game, game 2 the Bao Kingulu one.
    for (number, moved) in [("1", "A6>"), ("2", "A3")] {
        let out = std::process::Command::new(BAO)
            .args([
                "replay",
                file.to_str().unwrap(),
                "--plain",
                "--number",
                number,
            ])
            .stdin(std::process::Stdio::null())
            .output()
            .unwrap();
        let stdout = String::from_utf8_lossy(&out.stdout);
        assert!(
            out.status.success(),
            "{stdout}{}",
            String::from_utf8_lossy(&out.stderr)
        );
        assert!(stdout.contains(moved), "game {number}: {stdout}");
        let out = std::process::Command::new(BAO)
            .args([
                "report",
                file.to_str().unwrap(),
                "--number",
                number,
                "--json",
                "--depth",
                "1",
            ])
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let report: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        assert_eq!(
            report["moves"].as_array().map(Vec::len),
            Some(1),
            "{report}"
        );
    }
    assert_eq!(positions.len(), 2);
}
