//! Issue 20, the lobby, clocks and ratings through the app: two players meet in the
//! lobby, play Bao Kingulu on a 4 s + 0 clock, and North's flag falls with no request
//! arriving; both ratings move once. Also: the first-move abort, resign, the engine
//! accounts, spectators.

use std::time::{Duration, Instant};

use axum::body::Body;
use axum::http::{Request, StatusCode};
use axum::Router;
use http_body_util::BodyExt;
use serde_json::{json, Value};
use tower::ServiceExt;

mod common;

/// One request with a cookie; (status, Set-Cookie pair, JSON).
async fn call(
    app: &Router,
    method: &str,
    uri: &str,
    cookie: Option<&str>,
    body: Option<Value>,
) -> (StatusCode, Option<String>, Value) {
    let mut r = Request::builder().method(method).uri(uri);
    if body.is_some() {
        r = r.header("content-type", "application/json");
    }
    if let Some(c) = cookie {
        r = r.header("cookie", c);
    }
    let r = r
        .body(body.map_or_else(Body::empty, |b| Body::from(b.to_string())))
        .unwrap();
    let res = app.clone().oneshot(r).await.unwrap();
    let status = res.status();
    let set = res
        .headers()
        .get("set-cookie")
        .map(|v| v.to_str().unwrap().split(';').next().unwrap().to_string());
    let bytes = res.into_body().collect().await.unwrap().to_bytes();
    (
        status,
        set,
        serde_json::from_slice(&bytes).unwrap_or(Value::Null),
    )
}

/// Signs up `name`; its cookie.
async fn sign_up(app: &Router, name: &str) -> String {
    let (s, set, v) = call(
        app,
        "POST",
        "/api/accounts",
        None,
        Some(json!({"name": name, "password": "password of ".to_string() + name})),
    )
    .await;
    assert_eq!(s, StatusCode::CREATED, "{v}");
    set.unwrap()
}

/// Plays the first legal move of the side to move as `cookie`; the state after it.
async fn play_first(app: &Router, id: &str, cookie: &str) -> Value {
    let (_, _, state) = call(app, "GET", &format!("/api/games/{id}"), Some(cookie), None).await;
    let mv = state["moves"][0]["text"].as_str().unwrap().to_string();
    let (s, _, v) = call(
        app,
        "POST",
        &format!("/api/games/{id}/play"),
        Some(cookie),
        Some(json!({ "move": mv })),
    )
    .await;
    assert_eq!(s, StatusCode::OK, "{v}");
    v["state"].clone()
}

/// Polls the game's state until `done` holds (at most `within`).
async fn wait_for(
    app: &Router,
    id: &str,
    within: Duration,
    done: impl Fn(&Value) -> bool,
) -> Value {
    let start = Instant::now();
    loop {
        let (_, _, v) = call(app, "GET", &format!("/api/games/{id}"), None, None).await;
        if done(&v) {
            return v;
        }
        assert!(
            start.elapsed() < within,
            "not reached within {within:?}: {v}"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// A challenge by `cookie`, accepted by `other`; the game id.
async fn meet(app: &Router, cookie: &str, other: &str, challenge: Value) -> String {
    let (s, _, v) = call(
        app,
        "POST",
        "/api/challenges",
        Some(cookie),
        Some(challenge),
    )
    .await;
    assert_eq!(s, StatusCode::CREATED, "{v}");
    let cid = v["id"].as_str().unwrap().to_string();
    let (s, _, v) = call(
        app,
        "POST",
        &format!("/api/challenges/{cid}/accept"),
        Some(other),
        None,
    )
    .await;
    assert_eq!(s, StatusCode::CREATED, "{v}");
    v["game"].as_str().unwrap().to_string()
}

/// docs/web.md: "A move that arrives after the deadline but before the timer is refused
/// (409 `too late: South wins on time`) and the flag applied." The runtime's clock is
/// paused, so the game's timer (a tokio sleep) cannot fire while the test blocks the one
/// runtime thread past North's 4 s; the wall clock (which the deadline is checked by)
/// runs on, and North's move is the first to see the flag.
#[tokio::test(start_paused = true)]
async fn a_move_after_the_flag_fell_is_too_late() {
    // SQLite only: the store's PostgreSQL client blocks on a runtime thread in places,
    // which a current-thread runtime (needed for the paused clock) refuses with a panic.
    a_move_after_the_flag_fell_is_too_late_on(bao_web::router()).await;
}

async fn a_move_after_the_flag_fell_is_too_late_on(app: Router) {
    let alice = sign_up(&app, "alice").await;
    let bob = sign_up(&app, "bob").await;
    let id = meet(
        &app,
        &alice,
        &bob,
        json!({"game": "kingulu", "clock": {"initial_s": 4, "increment_s": 0}, "rated": false, "side": "south"}),
    )
    .await;
    play_first(&app, &id, &alice).await;
    play_first(&app, &id, &bob).await;
    let s3 = play_first(&app, &id, &alice).await;
    assert_eq!(s3["clock"]["running"], "North");
    let mv = s3["moves"][0]["text"].as_str().unwrap().to_string();
    // North's 4 s run out while no task of the runtime can run (the timer included).
    std::thread::sleep(Duration::from_millis(4_300));
    let (s, _, v) = call(
        &app,
        "POST",
        &format!("/api/games/{id}/play"),
        Some(&bob),
        Some(json!({ "move": mv })),
    )
    .await;
    assert_eq!(s, StatusCode::CONFLICT, "{v}");
    assert_eq!(
        v,
        json!({"error": "too late: South wins on time", "code": "conflict"})
    );
    // The flag was applied (and kept): the game is over on time, the move not played.
    let (_, _, over) = call(&app, "GET", &format!("/api/games/{id}"), Some(&bob), None).await;
    assert_eq!(over["outcome"]["reason"], "time");
    assert_eq!(over["outcome"]["text"], "South wins on time");
    assert_eq!(over["outcome"]["result"], "1-0");
    assert_eq!(over["clock"]["north_ms"], 0);
    assert_eq!(over["ply"], 3, "{over}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_flag_falls_with_no_request_and_the_ratings_move_once() {
    for (app, _db) in common::routers() {
        a_flag_falls_with_no_request_and_the_ratings_move_once_on(app).await;
    }
}

async fn a_flag_falls_with_no_request_and_the_ratings_move_once_on(app: Router) {
    let alice = sign_up(&app, "alice").await;
    let bob = sign_up(&app, "bob").await;
    let (s, _, v) = call(
        &app,
        "POST",
        "/api/challenges",
        Some(&alice),
        Some(json!({"game": "kingulu", "clock": {"initial_s": 4, "increment_s": 0}, "rated": true, "side": "south"})),
    )
    .await;
    assert_eq!(s, StatusCode::CREATED, "{v}");
    let cid = v["id"].as_str().unwrap().to_string();
    let (_, _, list) = call(&app, "GET", "/api/challenges", None, None).await;
    assert_eq!(list.as_array().unwrap().len(), 1);
    assert_eq!(list[0]["name"], "alice");
    assert_eq!(list[0]["clock_text"], "4 s+0");
    assert_eq!(list[0]["rated"], true);
    assert_eq!(list[0]["side"], "south");
    // Nobody accepts his own challenge; a guest cannot accept.
    let (s, _, _) = call(
        &app,
        "POST",
        &format!("/api/challenges/{cid}/accept"),
        Some(&alice),
        None,
    )
    .await;
    assert_eq!(s, StatusCode::CONFLICT);
    let (s, _, _) = call(
        &app,
        "POST",
        &format!("/api/challenges/{cid}/accept"),
        None,
        None,
    )
    .await;
    assert_eq!(s, StatusCode::UNAUTHORIZED);
    let (s, _, v) = call(
        &app,
        "POST",
        &format!("/api/challenges/{cid}/accept"),
        Some(&bob),
        None,
    )
    .await;
    assert_eq!(s, StatusCode::CREATED, "{v}");
    let id = v["game"].as_str().unwrap().to_string();
    let (_, _, list) = call(&app, "GET", "/api/challenges", None, None).await;
    assert_eq!(list, json!([]), "an accepted challenge leaves the lobby");
    // A second accept finds it gone.
    let (s, _, _) = call(
        &app,
        "POST",
        &format!("/api/challenges/{cid}/accept"),
        Some(&bob),
        None,
    )
    .await;
    assert_eq!(s, StatusCode::NOT_FOUND);

    let (_, _, state) = call(&app, "GET", &format!("/api/games/{id}"), Some(&alice), None).await;
    assert_eq!(state["names"], json!({"south": "alice", "north": "bob"}));
    assert_eq!(state["you"], json!(["South"]), "no seat token needed");
    assert_eq!(state["rated"], true);
    assert_eq!(state["clock"]["south_ms"], 4000);
    assert_eq!(state["clock"]["running"], Value::Null);
    assert!(state["clock"]["abort_in_ms"].as_u64().unwrap() > 25_000);
    // Bob may not move South.
    let mv = state["moves"][0]["text"].as_str().unwrap().to_string();
    let (s, _, _) = call(
        &app,
        "POST",
        &format!("/api/games/{id}/play"),
        Some(&bob),
        Some(json!({ "move": mv })),
    )
    .await;
    assert_eq!(s, StatusCode::FORBIDDEN);

    let s1 = play_first(&app, &id, &alice).await;
    assert_eq!(
        s1["clock"]["running"],
        Value::Null,
        "clocks start after both first moves"
    );
    let s2 = play_first(&app, &id, &bob).await;
    assert_eq!(s2["clock"]["running"], "South");
    let s3 = play_first(&app, &id, &alice).await;
    assert_eq!(s3["clock"]["running"], "North");
    assert!(s3["outcome"].is_null());
    let moved = Instant::now();
    // Nobody sends a move; reading the state does not make a flag fall (only the timer).
    let over = wait_for(&app, &id, Duration::from_secs(15), |v| {
        !v["outcome"].is_null()
    })
    .await;
    let waited = moved.elapsed();
    assert!(
        waited >= Duration::from_millis(3_500),
        "fell after {waited:?}"
    );
    assert_eq!(over["outcome"]["winner"], "South");
    assert_eq!(over["outcome"]["reason"], "time");
    assert_eq!(over["outcome"]["text"], "South wins on time");
    assert_eq!(over["outcome"]["result"], "1-0");
    assert_eq!(over["clock"]["north_ms"], 0);
    assert_eq!(over["clock"]["running"], Value::Null);
    let (_, _, record) = call(&app, "GET", &format!("/api/games/{id}/record"), None, None).await;
    let _ = record;
    let res = app
        .clone()
        .oneshot(
            Request::get(format!("/api/games/{id}/record"))
                .body(Body::empty())
                .unwrap(),
        )
        .await
        .unwrap();
    let text =
        String::from_utf8(res.into_body().collect().await.unwrap().to_bytes().to_vec()).unwrap();
    assert!(text.contains("[Termination \"time\"]"), "{text}");
    assert!(text.contains("[South \"alice\"]"), "{text}");

    let (_, _, a) = call(&app, "GET", "/api/players/alice", None, None).await;
    let (_, _, b) = call(&app, "GET", "/api/players/BOB", None, None).await;
    let ra = a["ratings"]["kingulu"]["rating"].as_f64().unwrap();
    let rb = b["ratings"]["kingulu"]["rating"].as_f64().unwrap();
    assert!(ra > 1500.0 && rb < 1500.0, "{ra} {rb}");
    assert!((ra - 1662.3).abs() < 0.1, "{ra}");
    assert!((rb - 1337.7).abs() < 0.1, "{rb}");
    assert_eq!(a["ratings"]["kingulu"]["games"], 1);
    assert_eq!(b["ratings"]["kingulu"]["games"], 1);
    assert_eq!(
        a["ratings"]["kiswahili"],
        json!({"rating": 1500.0, "rd": 350.0, "games": 0})
    );
    assert_eq!(a["history"]["kingulu"].as_array().unwrap().len(), 1);
    assert_eq!(a["games"][0]["id"], id.as_str());
    assert_eq!(a["games"][0]["result"], "1-0");
    let (_, _, board) = call(&app, "GET", "/api/leaderboard/kingulu", None, None).await;
    assert_eq!(board[0]["name"], "alice");
    assert_eq!(board[1]["name"], "bob");
    assert_eq!(board.as_array().unwrap().len(), 2);
    // A move after the end changes nothing.
    let (s, _, _) = call(
        &app,
        "POST",
        &format!("/api/games/{id}/resign"),
        Some(&bob),
        None,
    )
    .await;
    assert_eq!(s, StatusCode::CONFLICT);
    let (_, _, a2) = call(&app, "GET", "/api/players/alice", None, None).await;
    assert_eq!(a2["ratings"], a["ratings"], "rated once");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn abort_resign_cancel_and_your_turn() {
    for (app, _db) in common::routers() {
        abort_resign_cancel_and_your_turn_on(app).await;
    }
}

async fn abort_resign_cancel_and_your_turn_on(app: Router) {
    let carol = sign_up(&app, "carol").await;
    let dave = sign_up(&app, "dave").await;
    // Cancel: only one's own.
    let (_, _, v) = call(
        &app,
        "POST",
        "/api/challenges",
        Some(&carol),
        Some(json!({"game": "kiswahili", "clock": {"days_per_move": 2}, "rated": true, "side": "north"})),
    )
    .await;
    let cid = v["id"].as_str().unwrap().to_string();
    let (s, _, _) = call(
        &app,
        "DELETE",
        &format!("/api/challenges/{cid}"),
        Some(&dave),
        None,
    )
    .await;
    assert_eq!(s, StatusCode::NOT_FOUND);
    let (s, _, _) = call(
        &app,
        "DELETE",
        &format!("/api/challenges/{cid}"),
        Some(&carol),
        None,
    )
    .await;
    assert_eq!(s, StatusCode::OK);
    let (_, _, list) = call(&app, "GET", "/api/challenges", None, None).await;
    assert_eq!(list, json!([]));
    // Bad challenges.
    let (s, _, v) = call(
        &app,
        "POST",
        "/api/challenges",
        Some(&carol),
        Some(json!({"game": "chess", "clock": {"days_per_move": 2}})),
    )
    .await;
    assert_eq!(s, StatusCode::UNPROCESSABLE_ENTITY, "{v}");
    let (s, _, v) = call(
        &app,
        "POST",
        "/api/challenges",
        Some(&carol),
        Some(json!({"game": "kingulu", "clock": {"initial_s": 0, "increment_s": 0}})),
    )
    .await;
    assert_eq!(
        (s, v["error"].as_str().unwrap()),
        (
            StatusCode::UNPROCESSABLE_ENTITY,
            "clock.initial_s 0 is out of range: 1 to 10800 seconds"
        )
    );
    let (s, _, _) = call(
        &app,
        "POST",
        "/api/challenges",
        None,
        Some(json!({"game": "kingulu", "clock": {"days_per_move": 1}})),
    )
    .await;
    assert_eq!(s, StatusCode::UNAUTHORIZED);

    // Correspondence: carol is North; dave's turn first.
    let id = meet(
        &app,
        &carol,
        &dave,
        json!({"game": "kiswahili", "clock": {"days_per_move": 2}, "rated": true, "side": "north"}),
    )
    .await;
    let (_, _, mine) = call(&app, "GET", "/api/me/games", Some(&dave), None).await;
    assert_eq!(mine[0]["id"], id.as_str());
    assert_eq!(mine[0]["your_turn"], true);
    assert_eq!(mine[0]["clock"], "2 days per move");
    let (_, _, theirs) = call(&app, "GET", "/api/me/games", Some(&carol), None).await;
    assert_eq!(theirs[0]["your_turn"], false);
    // Abort before both moved: no result, unrated.
    play_first(&app, &id, &dave).await;
    let (s, _, v) = call(
        &app,
        "POST",
        &format!("/api/games/{id}/abort"),
        Some(&carol),
        None,
    )
    .await;
    assert_eq!(s, StatusCode::OK, "{v}");
    assert_eq!(v["outcome"]["reason"], "aborted");
    assert_eq!(v["outcome"]["result"], "*");
    let (s, _, _) = call(
        &app,
        "POST",
        &format!("/api/games/{id}/play"),
        Some(&carol),
        Some(json!({"move": "a1>"})),
    )
    .await;
    assert_eq!(s, StatusCode::CONFLICT);
    let (_, _, p) = call(&app, "GET", "/api/players/carol", None, None).await;
    assert_eq!(p["ratings"]["kiswahili"]["games"], 0);

    // Resign after both moved; no takebacks.
    let id = meet(&app, &carol, &dave, json!({"game": "kingulu", "clock": {"initial_s": 600, "increment_s": 5}, "rated": true, "side": "south"})).await;
    play_first(&app, &id, &carol).await;
    play_first(&app, &id, &dave).await;
    let (s, _, _) = call(
        &app,
        "POST",
        &format!("/api/games/{id}/abort"),
        Some(&carol),
        None,
    )
    .await;
    assert_eq!(s, StatusCode::CONFLICT);
    let (s, _, _) = call(
        &app,
        "POST",
        &format!("/api/games/{id}/undo"),
        Some(&carol),
        None,
    )
    .await;
    assert_eq!(s, StatusCode::CONFLICT);
    // No help from the computer in a game between people.
    for (method, route, body, what) in [
        ("POST", "hint", None, "hints are"),
        ("GET", "oracle", None, "the oracle is"),
        ("POST", "engine", None, "engine moves on request are"),
        ("POST", "tutor", Some(json!({"move": "A4"})), "the tutor is"),
        ("POST", "analysis", None, "analysis is"),
    ] {
        let (s, _, v) = call(
            &app,
            method,
            &format!("/api/games/{id}/{route}"),
            Some(&carol),
            body,
        )
        .await;
        assert_eq!(s, StatusCode::FORBIDDEN, "{route}: {v}");
        assert_eq!(
            v["error"],
            format!(
                "{what} not available in a lobby game while it is played (review it once it is over)"
            ),
            "{route}"
        );
    }
    let (s, _, v) = call(
        &app,
        "POST",
        &format!("/api/games/{id}/resign"),
        Some(&dave),
        None,
    )
    .await;
    assert_eq!(s, StatusCode::OK, "{v}");
    assert_eq!(v["outcome"]["winner"], "South");
    assert_eq!(v["outcome"]["reason"], "resignation");
    let (_, _, p) = call(&app, "GET", "/api/players/carol", None, None).await;
    assert_eq!(p["ratings"]["kingulu"]["games"], 1);
    assert!(p["ratings"]["kingulu"]["rating"].as_f64().unwrap() > 1500.0);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_side_that_does_not_make_its_first_move_aborts_the_game() {
    for (app, _db) in common::routers() {
        a_side_that_does_not_make_its_first_move_aborts_the_game_on(app).await;
    }
}

async fn a_side_that_does_not_make_its_first_move_aborts_the_game_on(app: Router) {
    // The window is 30 s: this test checks it through the clock of the state only, and
    // the abort itself through the clock's own unit tests (clock::model) and the
    // restart test, without waiting 30 s.
    let erin = sign_up(&app, "erin").await;
    let finn = sign_up(&app, "finn").await;
    let id = meet(
        &app,
        &erin,
        &finn,
        json!({"game": "kingulu", "clock": {"initial_s": 60, "increment_s": 0}, "side": "south"}),
    )
    .await;
    let (_, _, s) = call(&app, "GET", &format!("/api/games/{id}"), None, None).await;
    let left = s["clock"]["abort_in_ms"].as_u64().unwrap();
    assert!((25_000..=30_000).contains(&left), "{left}");
    assert_eq!(s["rated"], false);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_engine_account_accepts_at_once_and_plays_its_moves() {
    for (app, _db) in common::routers() {
        an_engine_account_accepts_at_once_and_plays_its_moves_on(app).await;
    }
}

async fn an_engine_account_accepts_at_once_and_plays_its_moves_on(app: Router) {
    let gail = sign_up(&app, "gail").await;
    let (s, _, v) = call(
        &app,
        "POST",
        "/api/challenges",
        Some(&gail),
        Some(json!({"game": "kingulu", "clock": {"initial_s": 60, "increment_s": 1}, "rated": true, "side": "north", "opponent": "bao-2"})),
    )
    .await;
    assert_eq!(s, StatusCode::CREATED, "{v}");
    let id = v["game"].as_str().unwrap().to_string();
    // bao-2 is South and moves first with no request from anyone.
    let after = wait_for(&app, &id, Duration::from_secs(30), |v| v["ply"] == 1).await;
    assert_eq!(after["names"], json!({"south": "bao-2", "north": "gail"}));
    assert_eq!(after["players"]["south"], "computer");
    play_first(&app, &id, &gail).await;
    let after = wait_for(&app, &id, Duration::from_secs(30), |v| v["ply"] == 3).await;
    assert_eq!(after["clock"]["running"], "North");
    // No engine account and no player has that name (a challenge by name, issue 35).
    let (s, _, v) = call(
        &app,
        "POST",
        "/api/challenges",
        Some(&gail),
        Some(json!({"game": "kingulu", "clock": {"initial_s": 60, "increment_s": 1}, "opponent": "bao-11"})),
    )
    .await;
    assert_eq!(s, StatusCode::NOT_FOUND);
    assert_eq!(v["error"], "no player named \"bao-11\" to challenge");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn spectators_watch_without_acting_and_are_counted() {
    for (app, _db) in common::routers() {
        spectators_watch_without_acting_and_are_counted_on(app).await;
    }
}

async fn spectators_watch_without_acting_and_are_counted_on(app: Router) {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let hana = sign_up(&app, "hana").await;
    let ivan = sign_up(&app, "ivan").await;
    let id = meet(
        &app,
        &hana,
        &ivan,
        json!({"game": "kingulu", "clock": {"initial_s": 300, "increment_s": 0}, "side": "south"}),
    )
    .await;
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let port = listener.local_addr().unwrap().port();
    let served = app.clone();
    tokio::spawn(async move { axum::serve(listener, served).await.unwrap() });
    // A stranger's stream (no cookie, no seat) and a player's (his cookie).
    let open = |cookie: Option<String>| {
        let id = id.clone();
        async move {
            let mut s = tokio::net::TcpStream::connect(("127.0.0.1", port))
                .await
                .unwrap();
            let cookie = cookie
                .map(|c| format!("Cookie: {c}\r\n"))
                .unwrap_or_default();
            s.write_all(
                format!(
                    "GET /api/games/{id}/events HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n{cookie}\r\n"
                )
                .as_bytes(),
            )
            .await
            .unwrap();
            s
        }
    };
    async fn read_until(s: &mut tokio::net::TcpStream, seen: &mut String, want: &str) {
        let deadline = Instant::now() + Duration::from_secs(10);
        let mut buf = [0u8; 4096];
        while !seen.contains(want) {
            assert!(Instant::now() < deadline, "no {want:?} in {seen}");
            let n = tokio::time::timeout(Duration::from_secs(10), s.read(&mut buf))
                .await
                .unwrap_or_else(|_| panic!("no {want:?} within 10 s in {seen}"))
                .unwrap();
            assert!(n > 0, "closed: {seen}");
            seen.push_str(&String::from_utf8_lossy(&buf[..n]));
        }
    }
    let mut player = open(Some(hana.clone())).await;
    let mut seen_player = String::new();
    read_until(&mut player, &mut seen_player, "\"spectators\":0").await;
    let mut stranger = open(None).await;
    let mut seen_stranger = String::new();
    read_until(&mut stranger, &mut seen_stranger, "\"spectators\":1").await;
    read_until(
        &mut player,
        &mut seen_player,
        "event: spectators\ndata: {\"spectators\":1}",
    )
    .await;
    let (_, _, state) = call(&app, "GET", &format!("/api/games/{id}"), None, None).await;
    assert_eq!(state["spectators"], 1);
    assert_eq!(state["you"], json!([]), "a stranger plays no side");
    // The stranger cannot move.
    let mv = state["moves"][0]["text"].as_str().unwrap().to_string();
    let (s, _, _) = call(
        &app,
        "POST",
        &format!("/api/games/{id}/play"),
        None,
        Some(json!({"move": mv})),
    )
    .await;
    assert_eq!(s, StatusCode::UNAUTHORIZED, "signed out: sign in to play");
    // He sees the moves live.
    play_first(&app, &id, &hana).await;
    read_until(&mut stranger, &mut seen_stranger, "\"ply\":1").await;
    drop(stranger);
    read_until(
        &mut player,
        &mut seen_player,
        "event: spectators\ndata: {\"spectators\":0}",
    )
    .await;
}

/// A challenge with a bad clock or side is refused in words (found by the newcomer trial:
/// "expected data did not match any variant of untagged enum TimeControl").
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_bad_challenge_is_refused_in_words() {
    let app = bao_web::router();
    let ivy = sign_up(&app, "ivy").await;
    for (body, error) in [
        (
            json!({"game": "kingulu", "clock": "5+3"}),
            "invalid request body: clock: expected {\"initial_s\": N, \"increment_s\": N} (seconds, Fischer) or {\"days_per_move\": N} (correspondence), found \"5+3\"",
        ),
        // A wrong number names its field and value (newcomer trial: a negative clock
        // got only the two shapes).
        (
            json!({"game": "kingulu", "clock": {"initial_s": -5, "increment_s": 3}}),
            "invalid request body: clock.initial_s -5 is out of range: 1 to 10800 seconds",
        ),
        (
            json!({"game": "kingulu", "clock": {"initial_s": 300, "increment_s": -3}}),
            "invalid request body: clock.increment_s -3 is out of range: 0 to 180 seconds",
        ),
        (
            json!({"game": "kingulu", "clock": {"initial_s": 1.5, "increment_s": 3}}),
            "invalid request body: clock.initial_s 1.5 is not a whole number (1 to 10800 seconds)",
        ),
        (
            json!({"game": "kingulu", "clock": {"days_per_move": -1}}),
            "invalid request body: clock.days_per_move -1 is out of range: 1 to 14",
        ),
        (
            json!({"game": "kingulu", "clock": {"initial_s": 300}}),
            "invalid request body: clock.increment_s is missing: {\"initial_s\": N, \"increment_s\": N} (seconds, Fischer) or {\"days_per_move\": N} (correspondence)",
        ),
        (
            json!({"game": "kingulu", "clock": {}}),
            "invalid request body: clock: expected {\"initial_s\": N, \"increment_s\": N} (seconds, Fischer) or {\"days_per_move\": N} (correspondence)",
        ),
        (
            json!({"game": "kingulu", "clock": {"initial_s": 60, "increment_s": 0}, "side": "up"}),
            "invalid request body: side: expected \"south\", \"north\" or \"random\", found \"up\"",
        ),
    ] {
        let (s, _, v) = call(&app, "POST", "/api/challenges", Some(&ivy), Some(body)).await;
        assert_eq!(s, StatusCode::UNPROCESSABLE_ENTITY, "{v}");
        assert_eq!(v["error"], error);
    }
}
