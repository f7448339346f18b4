//! Issue 24, "Done when": two `bao serve` on one PostgreSQL database (a fresh one on the
//! server of `BAO_TEST_POSTGRES`; under `CI=true` it must be set, see scripts/pg-tmp.sh).
//! A game created through the first and played through the second reaches a live
//! subscriber of the first; of two racing moves exactly one is accepted; a 4 s flag falls
//! once with both instances running, with one rating update; after `kill -9` of the
//! first instance mid-game the game goes on through the second, its clock right and
//! every acknowledged move there.

mod common;

use std::sync::{Arc, Barrier};
use std::time::{Duration, Instant};

use common::server::{call, cookie_of, read_until, Server};
use serde_json::{json, Value};

fn postgres_url() -> Option<String> {
    match std::env::var("BAO_TEST_POSTGRES") {
        Ok(u) if !u.is_empty() => Some(u),
        _ => {
            assert_ne!(
                std::env::var("CI").as_deref(),
                Ok("true"),
                "under CI=true, BAO_TEST_POSTGRES must name a PostgreSQL server (scripts/pg-tmp.sh start DIR prints one)"
            );
            // Said past the harness's capture, so that a passing run shows the skip.
            use std::io::Write;
            let _ = writeln!(
                std::io::stderr(),
                "tests/postgres.rs: skipped: BAO_TEST_POSTGRES is not set"
            );
            None
        }
    }
}

struct Database(String);

impl Drop for Database {
    fn drop(&mut self) {
        let _ = bao_web::store::pg::drop_database(&self.0);
    }
}

fn sign_up(s: &Server, name: &str) -> String {
    let (status, head, v) = s.call(
        "POST",
        "/api/accounts",
        &[],
        Some(&json!({"name": name, "password": "correct horse"})),
    );
    assert_eq!(status, 201, "{v}");
    cookie_of(&head)
}

fn state(s: &Server, id: &str, cookie: &str) -> Value {
    let (status, _, v) = s.call(
        "GET",
        &format!("/api/games/{id}"),
        &[("Cookie", cookie)],
        None,
    );
    assert_eq!(status, 200, "{v}");
    v
}

fn play(s: &Server, id: &str, auth: (&str, &str), mv: &str) -> (u16, Value) {
    let (status, _, v) = s.call(
        "POST",
        &format!("/api/games/{id}/play"),
        &[auth],
        Some(&json!({ "move": mv })),
    );
    (status, v)
}

fn first_move(state: &Value) -> String {
    state["moves"][0]["text"].as_str().unwrap().to_string()
}

/// A rated Bao Kingulu game between `south` and `north` on a clock of `initial_s` + 0,
/// challenged through `a` and accepted through `b`.
fn lobby_game(a: &Server, b: &Server, south: &str, north: &str, initial_s: u64) -> String {
    let (s, _, v) = a.call(
        "POST",
        "/api/challenges",
        &[("Cookie", south)],
        Some(&json!({"game": "kingulu", "clock": {"initial_s": initial_s, "increment_s": 0}, "rated": true, "side": "south"})),
    );
    assert_eq!(s, 201, "{v}");
    let cid = v["id"].as_str().unwrap().to_string();
    let (s, _, v) = b.call(
        "POST",
        &format!("/api/challenges/{cid}/accept"),
        &[("Cookie", north)],
        None,
    );
    assert_eq!(s, 201, "{v}");
    v["game"].as_str().unwrap().to_string()
}

/// A database that does not exist: the server's own words, at once.
#[test]
fn an_unknown_database_is_named_at_once() {
    let Some(base) = postgres_url() else {
        return;
    };
    let (main, _) = base.split_once('?').unwrap_or((&base, ""));
    let url = format!("{}/bao_no_such_database", &main[..main.rfind('/').unwrap()]);
    let t0 = Instant::now();
    let out = std::process::Command::new(common::BAO)
        .args(["serve", "--port", "0", "--db", &url])
        .output()
        .unwrap();
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("the server says: database \"bao_no_such_database\" does not exist"),
        "{err}"
    );
    assert!(t0.elapsed() < Duration::from_secs(5), "{:?}", t0.elapsed());
}

#[test]
fn two_instances_share_games_moves_clocks_and_ratings() {
    let Some(base) = postgres_url() else {
        return;
    };
    let db = Database(bao_web::store::pg::create_database(&base).unwrap());
    let mut a = Server::start(&db.0, &[]);
    let b = Server::start(&db.0, &[]);

    // 1. Created through A, played through B: A's live subscriber sees the move.
    let (s, _, v) = a.call(
        "POST",
        "/api/games",
        &[],
        Some(&json!({"game": "kingulu", "north": "human"})),
    );
    assert_eq!(s, 201, "{v}");
    let id = v["id"].as_str().unwrap().to_string();
    let seat = v["seat"].as_str().unwrap().to_string();
    let (mut stream, mut seen) = a.subscribe(&id);
    assert!(seen.contains("event: state\nid: 1\n"), "{seen}");
    let mv = first_move(&state(&b, &id, ""));
    let (s, v) = play(&b, &id, ("X-Bao-Seat", &seat), &mv);
    assert_eq!(s, 200, "{v}");
    read_until(&mut stream, &mut seen, "event: state\nid: 2\n");
    let after = seen.split("id: 2\n").nth(1).unwrap();
    assert!(after.contains("\"ply\":1"), "{after}");
    drop(stream);

    // 2. Two moves racing for one game on two instances: exactly one is accepted each
    // time, and the game has one more ply.
    for round in 0..10 {
        let before = state(&a, &id, "");
        if !before["outcome"].is_null() {
            break;
        }
        let mv = first_move(&before);
        let barrier = Arc::new(Barrier::new(2));
        let results: Vec<u16> = [a.port, b.port]
            .into_iter()
            .map(|port| {
                let barrier = Arc::clone(&barrier);
                let (id, seat, mv) = (id.clone(), seat.clone(), mv.clone());
                std::thread::spawn(move || {
                    barrier.wait();
                    call(
                        port,
                        "POST",
                        &format!("/api/games/{id}/play"),
                        &[("X-Bao-Seat", &seat)],
                        Some(&json!({ "move": mv })),
                    )
                    .0
                })
            })
            .collect::<Vec<_>>()
            .into_iter()
            .map(|h| h.join().unwrap())
            .collect();
        let accepted = results.iter().filter(|&&s| s == 200).count();
        assert_eq!(accepted, 1, "round {round}: {results:?}");
        assert!(
            results.iter().all(|&s| s == 200 || s == 409 || s == 422),
            "round {round}: {results:?}"
        );
        let ply = |v: &Value| v["ply"].as_u64().unwrap();
        assert_eq!(ply(&state(&b, &id, "")), ply(&before) + 1, "round {round}");
    }

    // 3. A 4 s flag falls once while both instances run: one result, one rating update.
    let alice = sign_up(&a, "alice");
    let bob = sign_up(&b, "bob");
    // The lobby's live list of A hears a challenge made through B (NOTIFY bao_lobby).
    let mut lobby = std::net::TcpStream::connect(("127.0.0.1", a.port)).unwrap();
    std::io::Write::write_all(
        &mut lobby,
        format!(
            "GET /api/challenges/events HTTP/1.1\r\nHost: 127.0.0.1:{}\r\nAccept: text/event-stream\r\n\r\n",
            a.port
        )
        .as_bytes(),
    )
    .unwrap();
    let mut heard = String::new();
    read_until(&mut lobby, &mut heard, "event: challenges");
    let (s, _, v) = b.call(
        "POST",
        "/api/challenges",
        &[("Cookie", &bob)],
        Some(&json!({"game": "kiswahili", "clock": {"initial_s": 300, "increment_s": 3}})),
    );
    assert_eq!(s, 201, "{v}");
    read_until(&mut lobby, &mut heard, "\"name\":\"bob\"");
    let cid = v["id"].as_str().unwrap().to_string();
    let (s, _, v) = a.call(
        "DELETE",
        &format!("/api/challenges/{cid}"),
        &[("Cookie", &bob)],
        None,
    );
    assert_eq!(s, 200, "{v}");
    drop(lobby);
    let g = lobby_game(&a, &b, &alice, &bob, 4);
    let mv = first_move(&state(&a, &g, &alice));
    assert_eq!(play(&b, &g, ("Cookie", &alice), &mv).0, 200);
    let mv = first_move(&state(&b, &g, &bob));
    assert_eq!(play(&a, &g, ("Cookie", &bob), &mv).0, 200);
    // South (alice) is to move and her clock runs; nobody moves.
    let end = Instant::now() + Duration::from_secs(15);
    let over = loop {
        let v = state(&b, &g, &bob);
        if !v["outcome"].is_null() {
            break v;
        }
        assert!(Instant::now() < end, "no flag fell: {}", v["clock"]);
        std::thread::sleep(Duration::from_millis(200));
    };
    assert_eq!(over["outcome"]["reason"], "time", "{}", over["outcome"]);
    assert_eq!(over["outcome"]["winner"], "North", "{}", over["outcome"]);
    std::thread::sleep(Duration::from_millis(1500)); // both sweeps have looked again
    for s in [&a, &b] {
        let (st, _, p) = s.call("GET", "/api/players/alice", &[], None);
        assert_eq!(st, 200, "{p}");
        assert_eq!(p["ratings"]["kingulu"]["games"], 1, "{p}");
        assert_eq!(p["history"]["kingulu"].as_array().unwrap().len(), 1, "{p}");
    }

    // 4. kill -9 of A mid-game: the game goes on through B, its clock right, every
    // acknowledged move there.
    let g = lobby_game(&b, &a, &alice, &bob, 120);
    let mut acknowledged = Vec::new();
    for i in 0..4 {
        let (who, via) = if i % 2 == 0 { (&alice, &a) } else { (&bob, &a) };
        let mv = first_move(&state(via, &g, who));
        let (s, v) = play(via, &g, ("Cookie", who), &mv);
        assert_eq!(s, 200, "{v}");
        acknowledged.push(mv);
    }
    let clock_before = state(&b, &g, &alice)["clock"].clone();
    let killed = Instant::now();
    a.kill();
    let v = state(&b, &g, &alice);
    let history: Vec<String> = v["history"]
        .as_array()
        .unwrap()
        .iter()
        .map(|h| h["text"].as_str().unwrap().to_string())
        .collect();
    assert_eq!(
        history, acknowledged,
        "every acknowledged move is in the game"
    );
    // South is to move: her time went on (no more than the time since), North's did not.
    let south_ms = |c: &Value| c["south_ms"].as_i64().unwrap();
    let north_ms = |c: &Value| c["north_ms"].as_i64().unwrap();
    let spent = south_ms(&clock_before) - south_ms(&v["clock"]);
    let since = killed.elapsed().as_millis() as i64 + 1_000;
    assert!(
        (0..=since).contains(&spent),
        "south spent {spent} ms in {since} ms"
    );
    assert_eq!(north_ms(&v["clock"]), north_ms(&clock_before));
    let mv = first_move(&v);
    let (s, v) = play(&b, &g, ("Cookie", &alice), &mv);
    assert_eq!(s, 200, "{v}");
    assert_eq!(v["state"]["ply"], 5);
}

/// Issue 34 item 4: with two instances, a game's spectator count is its distinct viewers
/// over both (an account, else an address): a signed-out viewer on A, a signed-in one on
/// B (2 on both); the signed-out address again on B (still 2: one viewer); the account
/// leaves (1 on A).
#[test]
fn the_spectator_count_is_the_games_over_all_instances() {
    let Some(base) = postgres_url() else {
        return;
    };
    let db = Database(bao_web::store::pg::create_database(&base).unwrap());
    let a = Server::start(&db.0, &[]);
    let b = Server::start(&db.0, &[]);
    let (s, _, v) = a.call(
        "POST",
        "/api/games",
        &[],
        Some(&json!({"game": "kingulu", "north": "human"})),
    );
    assert_eq!(s, 201, "{v}");
    let id = v["id"].as_str().unwrap().to_string();
    let watcher = sign_up(&b, "watcher");
    let open = |server: &Server, cookie: Option<&str>| {
        use std::io::Write;
        let mut s = std::net::TcpStream::connect(("127.0.0.1", server.port)).unwrap();
        let cookie = cookie
            .map(|c| format!("Cookie: {c}\r\n"))
            .unwrap_or_default();
        write!(
            s,
            "GET /api/games/{id}/events HTTP/1.1\r\nHost: 127.0.0.1:{}\r\nAccept: text/event-stream\r\n{cookie}\r\n",
            server.port
        )
        .unwrap();
        let mut seen = String::new();
        read_until(&mut s, &mut seen, "event: state\n");
        (s, seen)
    };
    let (mut on_a, mut seen_a) = open(&a, None);
    read_until(&mut on_a, &mut seen_a, "{\"spectators\":1}");
    let (mut on_b, mut seen_b) = open(&b, Some(&watcher));
    read_until(&mut on_a, &mut seen_a, "{\"spectators\":2}");
    read_until(&mut on_b, &mut seen_b, "{\"spectators\":2}");
    // The signed-out address again, now on B: one viewer already counted.
    let (mut again, mut seen_again) = open(&b, None);
    assert!(seen_again.contains("\"spectators\":2"), "{seen_again}");
    // The account's stream closes: one viewer left, on both instances (a new event: what
    // the streams said before is forgotten, A's first `{"spectators":1}` included).
    seen_a.clear();
    seen_again.clear();
    drop(on_b);
    read_until(&mut on_a, &mut seen_a, "{\"spectators\":1}");
    read_until(&mut again, &mut seen_again, "{\"spectators\":1}");
    let (_, _, st) = a.call("GET", &format!("/api/games/{id}"), &[], None);
    assert_eq!(st["spectators"], 1, "{st}");
}
