//! What a hostile client or a failing disk cannot do: a write to a database that vanished
//! is never acknowledged; a damaged row is skipped and a damaged, foreign or unwritable
//! database is named at start; a trickled body is cut at ten seconds; JSON followed by
//! more characters is refused; a hint overtaken by a move is a 409; a record with a
//! byte-order mark loads.

use std::time::{Duration, Instant};

use axum::body::Body;
use axum::http::{Request, StatusCode};
use axum::Router;
use bao_web::store::Store;
use http_body_util::BodyExt;
use serde_json::{json, Value};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tower::ServiceExt;

async fn req(
    app: &Router,
    method: &str,
    uri: &str,
    seat: Option<&str>,
    body: Option<&str>,
) -> (StatusCode, Value) {
    let mut r = Request::builder().method(method).uri(uri);
    if body.is_some() {
        r = r.header("content-type", "application/json");
    }
    if let Some(s) = seat {
        r = r.header("x-bao-seat", s);
    }
    let r = r
        .body(body.map_or_else(Body::empty, |b| Body::from(b.to_string())))
        .unwrap();
    let res = app.clone().oneshot(r).await.unwrap();
    let status = res.status();
    let bytes = res.into_body().collect().await.unwrap().to_bytes();
    (
        status,
        serde_json::from_slice(&bytes)
            .unwrap_or_else(|_| Value::String(String::from_utf8_lossy(&bytes).into())),
    )
}

async fn start(app: &Router, body: &str) -> (String, String) {
    let (s, v) = req(app, "POST", "/api/games", None, Some(body)).await;
    assert_eq!(s, StatusCode::CREATED, "{v}");
    (
        v["id"].as_str().unwrap().to_string(),
        v["seat"].as_str().unwrap().to_string(),
    )
}

fn app_on(store: Store) -> Router {
    bao_web::router_with(bao_web::App::new(
        store,
        64,
        bao_web::guard::Hosts { bound: None },
    ))
}

/// Defect 1: The database's directory deleted while the server runs: a move is not acknowledged
/// (503 JSON), and the game stays as it was in memory's source of truth.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_vanished_database_is_not_acknowledged() {
    let dir = tempfile::tempdir().unwrap();
    let sub = dir.path().join("data");
    let app = app_on(Store::open(&sub.join("games.sqlite3")).unwrap());
    let (id, seat) = start(&app, r#"{"game":"kingulu","north":"human"}"#).await;
    std::fs::remove_dir_all(&sub).unwrap();
    let (s, v) = req(
        &app,
        "POST",
        &format!("/api/games/{id}/play"),
        Some(&seat),
        Some(r#"{"move":"A3"}"#),
    )
    .await;
    assert_eq!(s, StatusCode::SERVICE_UNAVAILABLE, "{v}");
    let e = v["error"].as_str().unwrap();
    assert!(
        e.starts_with("the change was not saved: the database file "),
        "{e}"
    );
    assert!(
        e.contains("is gone (deleted or replaced while the server runs)"),
        "{e}"
    );
}

/// Defect 3: A move played during a hint's search: 409, as the engine route answers, not 422.
/// The pool has one engine (32 MiB), busy with another game's computer move (level 9,
/// 2 s): the hint's search, prepared at once, waits for it, and a move is played meanwhile.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_hint_overtaken_by_a_move_is_a_409() {
    let state = bao_web::App::new(
        Store::in_memory().unwrap(),
        32,
        bao_web::guard::Hosts { bound: None },
    );
    assert_eq!(state.pool().capacity(), 1);
    let app = bao_web::router_with(std::sync::Arc::clone(&state));
    let (busy, busy_seat) = start(
        &app,
        r#"{"game":"kiswahili","south":"computer","north":"human","level":9}"#,
    )
    .await;
    let engine = {
        let app = app.clone();
        tokio::spawn(async move {
            req(
                &app,
                "POST",
                &format!("/api/games/{busy}/engine"),
                Some(&busy_seat),
                None,
            )
            .await
        })
    };
    let (id, seat) = start(&app, r#"{"game":"kiswahili","north":"human"}"#).await;
    // Wait until the computer's search holds the only engine.
    let t0 = Instant::now();
    while state.pool().alive() == 0 {
        assert!(
            t0.elapsed() < Duration::from_secs(10),
            "the engine never started"
        );
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    let hint = {
        let app = app.clone();
        let (id, seat) = (id.clone(), seat.clone());
        tokio::spawn(async move {
            req(
                &app,
                "POST",
                &format!("/api/games/{id}/hint"),
                Some(&seat),
                None,
            )
            .await
        })
    };
    tokio::time::sleep(Duration::from_millis(300)).await;
    let (_, state) = req(&app, "GET", &format!("/api/games/{id}"), None, None).await;
    let mv = state["moves"][0]["text"].as_str().unwrap().to_string();
    let (s, v) = req(
        &app,
        "POST",
        &format!("/api/games/{id}/play"),
        Some(&seat),
        Some(&json!({"move": mv}).to_string()),
    )
    .await;
    assert_eq!(s, StatusCode::OK, "{v}");
    let (s, v) = hint.await.unwrap();
    assert_eq!(s, StatusCode::CONFLICT, "{v}");
    assert_eq!(
        v["error"],
        "the position changed while the computer was thinking; ask again"
    );
    let (s, _) = engine.await.unwrap();
    assert_eq!(s, StatusCode::OK);
}

/// Defect 4: A record that starts with a byte-order mark loads.
#[tokio::test]
async fn a_record_with_a_byte_order_mark_loads() {
    let app = bao_web::router();
    let record = "\u{feff}[Game \"kingulu\"]\n[Rules \"default\"]\n\n1. A3 a1\n";
    let (s, v) = req(
        &app,
        "POST",
        "/api/games/load",
        None,
        Some(&json!({"record": record, "north": "human"}).to_string()),
    )
    .await;
    assert_eq!(s, StatusCode::CREATED, "{v}");
    assert_eq!(v["ply"], 2);
}

/// Defect 6: A body trickled one byte every 2 s is cut at 10 s (408 JSON), not at 30 s.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_trickled_body_is_cut_at_ten_seconds() {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let port = listener.local_addr().unwrap().port();
    tokio::spawn(async move { axum::serve(listener, bao_web::router()).await.unwrap() });
    let mut s = tokio::net::TcpStream::connect(("127.0.0.1", port))
        .await
        .unwrap();
    let body = r#"{"game":"kingulu","north":"human"}"#;
    s.write_all(format!("POST /api/games HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n", body.len()).as_bytes()).await.unwrap();
    let t0 = Instant::now();
    let (mut rd, mut wr) = s.into_split();
    let writer = tokio::spawn(async move {
        for b in body.bytes() {
            if wr.write_all(&[b]).await.is_err() {
                return;
            }
            tokio::time::sleep(Duration::from_secs(2)).await;
        }
    });
    let mut answer = Vec::new();
    let mut buf = [0u8; 1024];
    while !String::from_utf8_lossy(&answer).contains("\r\n\r\n{") {
        let n = tokio::time::timeout(Duration::from_secs(25), rd.read(&mut buf))
            .await
            .expect("an answer")
            .unwrap();
        if n == 0 {
            break;
        }
        answer.extend_from_slice(&buf[..n]);
    }
    let took = t0.elapsed();
    writer.abort();
    let text = String::from_utf8_lossy(&answer);
    assert!(text.starts_with("HTTP/1.1 408"), "{text}");
    assert!(
        text.contains(
            r#"{"code":"timeout","error":"the request body did not arrive within 10 s"}"#
        ),
        "{text}"
    );
    assert!(
        took >= Duration::from_secs(9) && took < Duration::from_secs(14),
        "{took:?}"
    );
}

/// Defect 7: JSON followed by garbage, or two objects back to back, is refused (400 JSON).
#[tokio::test]
async fn trailing_characters_after_the_json_are_refused() {
    let app = bao_web::router();
    for (body, column) in [
        (r#"{"game":"kingulu"} garbage"#, 20),
        (r#"{"game":"kingulu"}{"game":"kiswahili"}"#, 19),
    ] {
        let (s, v) = req(&app, "POST", "/api/games", None, Some(body)).await;
        assert_eq!(s, StatusCode::BAD_REQUEST, "{body}: {v}");
        let e = v["error"].as_str().unwrap();
        assert_eq!(
            e,
            format!("malformed JSON in request body: trailing characters at line 1 column {column}: the body must be exactly one JSON value")
        );
    }
    // Whitespace after it is fine.
    let (s, _) = req(
        &app,
        "POST",
        "/api/games",
        None,
        Some("{\"game\":\"kingulu\"}\n  "),
    )
    .await;
    assert_eq!(s, StatusCode::CREATED);
}

/// Defect 8: One bad row does not make the saved-games list 500: it is left out.
#[tokio::test]
async fn a_bad_row_is_skipped_in_the_list() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("games.sqlite3");
    {
        let app = app_on(Store::open(&path).unwrap());
        start(&app, r#"{"game":"kingulu"}"#).await;
        start(&app, r#"{"game":"kiswahili"}"#).await;
    }
    let c = rusqlite::Connection::open(&path).unwrap();
    // A level no u8 holds: the row cannot be read back.
    c.execute("UPDATE games SET level = 300 WHERE game = 'kingulu'", [])
        .unwrap();
    drop(c);
    let app = app_on(Store::open(&path).unwrap());
    let (s, v) = req(&app, "GET", "/api/games", None, None).await;
    assert_eq!(s, StatusCode::OK, "{v}");
    let list = v.as_array().unwrap();
    assert_eq!(list.len(), 1, "{v}");
    assert_eq!(list[0]["game"], "kiswahili");
}

/// Defect 8: A damaged page is found at start (PRAGMA quick_check), with a sentence that says so.
#[test]
fn a_damaged_database_is_found_at_start() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("games.sqlite3");
    {
        let c = rusqlite::Connection::open(&path).unwrap();
        c.execute_batch(
            "CREATE TABLE games (id TEXT PRIMARY KEY NOT NULL, game TEXT NOT NULL, rules TEXT NOT NULL, level INTEGER NOT NULL, south TEXT NOT NULL, north TEXT NOT NULL, seat TEXT NOT NULL, invite_south TEXT, invite_north TEXT, record TEXT NOT NULL, plies INTEGER NOT NULL, result TEXT, created TEXT NOT NULL, updated TEXT NOT NULL);
             CREATE TABLE filler (x TEXT);",
        )
        .unwrap();
        for i in 0..400 {
            c.execute(
                "INSERT INTO games VALUES (?1, 'kingulu', 'default', 5, 'human', 'human', 's', NULL, NULL, ?2, 0, NULL, 'c', 'u')",
                rusqlite::params![format!("g{i:04}"), "x".repeat(300)],
            )
            .unwrap();
        }
    }
    // Overwrite the middle of a page of the games table with garbage.
    let mut bytes = std::fs::read(&path).unwrap();
    let page = 4096;
    let at = 5 * page + 100;
    for b in &mut bytes[at..at + 2000] {
        *b = 0xA5;
    }
    std::fs::write(&path, bytes).unwrap();
    let e = Store::open(&path).err().expect("damaged").to_string();
    assert!(
        e.starts_with(&format!(
            "cannot use the game database {}: it is damaged (SQLite's check found: ",
            path.display()
        )),
        "{e}"
    );
    assert!(
        e.ends_with("restore a backup or choose another file with --db PATH"),
        "{e}"
    );
}

/// Defect 9: A foreign `games` table is named plainly, SQLite's text not repeated.
#[test]
fn a_foreign_games_table_is_named() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("other.sqlite3");
    let c = rusqlite::Connection::open(&path).unwrap();
    c.execute_batch(
        "CREATE TABLE games (title TEXT, year INTEGER); INSERT INTO games VALUES ('Go', 2000);",
    )
    .unwrap();
    drop(c);
    let e = Store::open(&path).err().expect("foreign").to_string();
    assert_eq!(
        e,
        format!(
            "cannot use the game database {}: it has a table \"games\" that is not bao's (its columns: title, year; missing: id, game, rules, level, south, north, seat, invite_south, invite_north, record, plies, result, created, updated); choose another file with --db PATH",
            path.display()
        )
    );
}

/// Defect 9: A journal file beside the database that cannot be written (root's, or not a
/// file) is named, not just "disk I/O error".
#[test]
fn an_unwritable_journal_file_is_named() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("games.sqlite3");
    drop(Store::open(&path).unwrap());
    let wal = dir.path().join("games.sqlite3-wal");
    let _ = std::fs::remove_file(&wal);
    std::fs::create_dir(&wal).unwrap();
    let e = Store::open(&path)
        .err()
        .expect("the -wal is a directory")
        .to_string();
    assert!(
        e.contains(&format!(
            "its journal file {} cannot be written by this user",
            wal.display()
        )),
        "{e}"
    );
}
