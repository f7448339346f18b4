//! Issue 35 items 3 and 5, issue 34 item 8: draw offers (and a rated draw's Glicko-2
//! numbers, computed here from the formula), the rating change in the state and the game
//! lists, challenges to a named player, the live games, the per-account notices and the
//! withdrawal of a real-time challenge whose maker left, and the engine request's ply.

use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::body::Body;
use axum::http::{Request, StatusCode};
use axum::Router;
use http_body_util::BodyExt;
use serde_json::{json, Value};
use skillratings::glicko2::{glicko2, Glicko2Config, Glicko2Rating};
use skillratings::Outcomes;
use tower::ServiceExt;

mod common;

/// One request with a cookie and a seat; (status, Set-Cookie pair, JSON).
async fn call_as(
    app: &Router,
    method: &str,
    uri: &str,
    cookie: Option<&str>,
    seat: Option<&str>,
    body: Option<Value>,
) -> (StatusCode, Option<String>, Value) {
    let mut r = Request::builder().method(method).uri(uri);
    if body.is_some() {
        r = r.header("content-type", "application/json");
    }
    if let Some(c) = cookie {
        r = r.header("cookie", c);
    }
    if let Some(s) = seat {
        r = r.header("x-bao-seat", s);
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

async fn call(
    app: &Router,
    method: &str,
    uri: &str,
    cookie: Option<&str>,
    body: Option<Value>,
) -> (StatusCode, Value) {
    let (s, _, v) = call_as(app, method, uri, cookie, None, body).await;
    (s, v)
}

/// Signs up `name`; its cookie.
async fn sign_up(app: &Router, name: &str) -> String {
    let (s, set, v) = call_as(
        app,
        "POST",
        "/api/accounts",
        None,
        None,
        Some(json!({"name": name, "password": "password of ".to_string() + name})),
    )
    .await;
    assert_eq!(s, StatusCode::CREATED, "{v}");
    set.unwrap()
}

/// A challenge by `cookie`; its id.
async fn challenge(app: &Router, cookie: &str, body: Value) -> String {
    let (s, v) = call(app, "POST", "/api/challenges", Some(cookie), Some(body)).await;
    assert_eq!(s, StatusCode::CREATED, "{v}");
    v["id"].as_str().unwrap().to_string()
}

/// `cookie` accepts challenge `cid`; the game id.
async fn accept(app: &Router, cookie: &str, cid: &str) -> String {
    let (s, v) = call(
        app,
        "POST",
        &format!("/api/challenges/{cid}/accept"),
        Some(cookie),
        None,
    )
    .await;
    assert_eq!(s, StatusCode::CREATED, "{v}");
    v["game"].as_str().unwrap().to_string()
}

/// The first legal move of the side to move, played by whichever of `players`
/// (`[(name, cookie)]`) plays it; the state after it.
async fn play_turn(app: &Router, id: &str, players: &[(&str, &str)]) -> Value {
    let (_, state) = call(app, "GET", &format!("/api/games/{id}"), None, None).await;
    let side = state["to_move"].as_str().unwrap().to_lowercase();
    let name = state["names"][&side].as_str().unwrap().to_string();
    let cookie = players.iter().find(|(n, _)| *n == name).unwrap().1;
    let mv = state["moves"][0]["text"].as_str().unwrap().to_string();
    let (s, v) = call(
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

/// The Glicko-2 ratings after one game (skillratings' default configuration, as the
/// server's), from `south` and `north` before.
fn rate(
    south: Glicko2Rating,
    north: Glicko2Rating,
    outcome: Outcomes,
) -> (Glicko2Rating, Glicko2Rating) {
    glicko2(&south, &north, &outcome, &Glicko2Config::new())
}

fn close(a: &Value, b: f64) -> bool {
    (a.as_f64().unwrap() - b).abs() < 1e-6
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_draw_is_offered_declined_and_agreed_and_rated_as_a_draw() {
    for (app, _db) in common::routers() {
        a_draw_is_offered_declined_and_agreed_and_rated_as_a_draw_on(app).await;
    }
}

async fn a_draw_is_offered_declined_and_agreed_and_rated_as_a_draw_on(app: Router) {
    let amani = sign_up(&app, "amani").await;
    let baraka = sign_up(&app, "baraka").await;
    let players = [("amani", amani.as_str()), ("baraka", baraka.as_str())];
    let rated =
        json!({"game": "kingulu", "clock": {"days_per_move": 3}, "rated": true, "side": "south"});
    // Game 1: amani (South) wins when baraka resigns; both ratings move from the defaults.
    let g1 = accept(&app, &baraka, &challenge(&app, &amani, rated.clone()).await).await;
    play_turn(&app, &g1, &players).await;
    play_turn(&app, &g1, &players).await;
    let (s, v) = call(
        &app,
        "POST",
        &format!("/api/games/{g1}/resign"),
        Some(&baraka),
        None,
    )
    .await;
    assert_eq!(s, StatusCode::OK, "{v}");
    let fresh = Glicko2Rating::new();
    let (a1, b1) = rate(fresh, fresh, Outcomes::WIN);
    assert!(close(&v["ratings"]["South"]["before"], 1500.0), "{v}");
    assert!(close(&v["ratings"]["South"]["after"], a1.rating), "{v}");
    assert!(close(&v["ratings"]["North"]["before"], 1500.0), "{v}");
    assert!(close(&v["ratings"]["North"]["after"], b1.rating), "{v}");

    // Game 2: a draw by agreement, rated from the ratings game 1 left.
    let g2 = accept(&app, &baraka, &challenge(&app, &amani, rated).await).await;
    let draw = format!("/api/games/{g2}/draw");
    let (s, v) = call(&app, "POST", &draw, Some(&amani), None).await;
    assert_eq!(s, StatusCode::CONFLICT);
    assert_eq!(
        v["error"],
        "a draw can be offered only after each side has made a move"
    );
    play_turn(&app, &g2, &players).await;
    let (s, v) = call(&app, "POST", &draw, Some(&baraka), None).await;
    assert_eq!(s, StatusCode::CONFLICT, "{v}");
    let state = play_turn(&app, &g2, &players).await;
    assert_eq!(state["draw_offer"], Value::Null);
    // South to move offers, then moves: the offer stands until North moves.
    let (s, v) = call(&app, "POST", &draw, Some(&amani), None).await;
    assert_eq!(s, StatusCode::OK, "{v}");
    assert_eq!(v["draw_offer"], "South");
    assert_eq!(v["outcome"], Value::Null);
    let (s, v) = call(&app, "POST", &draw, Some(&amani), None).await;
    assert_eq!(s, StatusCode::CONFLICT);
    assert_eq!(
        v["error"],
        "South already offers a draw: North accepts it with the same request or declines it by moving"
    );
    // Signed out: a lobby game's seats belong to its players' accounts (401).
    let (s, _) = call(&app, "POST", &draw, None, None).await;
    assert_eq!(s, StatusCode::UNAUTHORIZED);
    let state = play_turn(&app, &g2, &players).await;
    assert_eq!(state["draw_offer"], "South");
    // North moves: declined.
    let state = play_turn(&app, &g2, &players).await;
    assert_eq!(state["draw_offer"], Value::Null);
    // North offers, South accepts.
    let (s, v) = call(&app, "POST", &draw, Some(&baraka), None).await;
    assert_eq!(s, StatusCode::OK, "{v}");
    assert_eq!(v["draw_offer"], "North");
    let (s, v) = call(&app, "POST", &draw, Some(&amani), None).await;
    assert_eq!(s, StatusCode::OK, "{v}");
    assert_eq!(
        v["outcome"],
        json!({"winner": null, "reason": "agreement", "text": "draw by agreement", "result": "1/2-1/2",
               "say": {"key": "end-agreed", "args": {}}})
    );
    assert_eq!(v["draw_offer"], Value::Null);
    assert_eq!(v["clock"]["running"], Value::Null);
    let (a2, b2) = rate(a1, b1, Outcomes::DRAW);
    assert!(close(&v["ratings"]["South"]["before"], a1.rating), "{v}");
    assert!(close(&v["ratings"]["South"]["after"], a2.rating), "{v}");
    assert!(close(&v["ratings"]["North"]["before"], b1.rating), "{v}");
    assert!(close(&v["ratings"]["North"]["after"], b2.rating), "{v}");
    // A draw between a favourite and an underdog: the favourite loses points.
    assert!(a2.rating < a1.rating && b2.rating > b1.rating);
    let (s, v) = call(&app, "POST", &draw, Some(&baraka), None).await;
    assert_eq!(s, StatusCode::CONFLICT);
    assert_eq!(
        v["error"],
        "the game is already over (draw: the result was decided off the board)"
    );
    // The stored ratings and the game lists say the same.
    let (_, p) = call(&app, "GET", "/api/players/amani", None, None).await;
    assert!(close(&p["ratings"]["kingulu"]["rating"], a2.rating), "{p}");
    assert_eq!(p["ratings"]["kingulu"]["games"], 2);
    assert_eq!(p["games"][0]["id"], g2.as_str());
    assert_eq!(p["games"][0]["result"], "1/2-1/2");
    assert!(close(
        &p["games"][0]["ratings"]["North"]["after"],
        b2.rating
    ));
    assert!(close(
        &p["games"][1]["ratings"]["South"]["after"],
        a1.rating
    ));
    let (_, mine) = call(&app, "GET", "/api/me/games", Some(&baraka), None).await;
    assert!(
        close(&mine[0]["ratings"]["North"]["before"], b1.rating),
        "{mine}"
    );
    assert_eq!(mine[0]["lobby"], true, "{mine}");
    // The record says 1/2-1/2 and the game reads back the same.
    let (_, state) = call(&app, "GET", &format!("/api/games/{g2}"), None, None).await;
    assert_eq!(state["outcome"]["reason"], "agreement");
}

#[tokio::test]
async fn a_draw_needs_an_opponent_who_is_a_person() {
    let app = bao_web::router();
    // A local game against the computer, and one where the seat plays both sides.
    for (north, words) in [
        (
            "computer",
            "the computer plays the other side and does not take draw offers",
        ),
        (
            "human",
            "this seat plays both sides: there is no opponent to offer a draw to",
        ),
    ] {
        let (s, v) = call(
            &app,
            "POST",
            "/api/games",
            None,
            Some(json!({"game": "kingulu", "south": "human", "north": north})),
        )
        .await;
        assert_eq!(s, StatusCode::CREATED, "{v}");
        let id = v["id"].as_str().unwrap().to_string();
        let seat = v["seat"].as_str().unwrap().to_string();
        let (s, _, v) = call_as(
            &app,
            "POST",
            &format!("/api/games/{id}/draw"),
            None,
            Some(&seat),
            None,
        )
        .await;
        assert_eq!(
            (s, v["error"].as_str().unwrap()),
            (StatusCode::CONFLICT, words)
        );
    }
}

/// A game loaded again from its row (a restart) shows its agreed draw and rating change.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_reload_shows_the_draw_and_the_rating_change() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("games.sqlite3");
    let open = || {
        let store = bao_web::store::Store::open(&path).unwrap();
        bao_web::router_with(bao_web::App::new(
            store,
            512,
            bao_web::guard::Hosts { bound: None },
        ))
    };
    let app = open();
    let amani = sign_up(&app, "amani").await;
    let baraka = sign_up(&app, "baraka").await;
    let players = [("amani", amani.as_str()), ("baraka", baraka.as_str())];
    let body =
        json!({"game": "kiswahili", "clock": {"days_per_move": 1}, "rated": true, "side": "north"});
    let id = accept(&app, &baraka, &challenge(&app, &amani, body).await).await;
    play_turn(&app, &id, &players).await;
    play_turn(&app, &id, &players).await;
    let draw = format!("/api/games/{id}/draw");
    call(&app, "POST", &draw, Some(&amani), None).await;
    let (_, before) = call(&app, "POST", &draw, Some(&baraka), None).await;
    let fresh = Glicko2Rating::new();
    let (s, n) = rate(fresh, fresh, Outcomes::DRAW);
    assert!(
        close(&before["ratings"]["South"]["after"], s.rating),
        "{before}"
    );
    assert!(
        close(&before["ratings"]["North"]["after"], n.rating),
        "{before}"
    );
    // Two new players drawing: both keep 1500, and their deviations shrink.
    assert!(
        close(&before["ratings"]["North"]["after"], 1500.0),
        "{before}"
    );
    drop(app);
    let app = open();
    let (_, after) = call(&app, "GET", &format!("/api/games/{id}"), None, None).await;
    assert_eq!(after["outcome"], before["outcome"]);
    assert_eq!(after["ratings"], before["ratings"]);
    assert_eq!(after["draw_offer"], Value::Null);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_named_challenge_is_seen_and_accepted_by_its_player_alone() {
    for (app, _db) in common::routers() {
        a_named_challenge_is_seen_and_accepted_by_its_player_alone_on(app).await;
    }
}

async fn a_named_challenge_is_seen_and_accepted_by_its_player_alone_on(app: Router) {
    let amani = sign_up(&app, "amani").await;
    let baraka = sign_up(&app, "baraka").await;
    let chausiku = sign_up(&app, "chausiku").await;
    let body = |to: &str| json!({"game": "kingulu", "clock": {"days_per_move": 2}, "opponent": to});
    let (s, v) = call(
        &app,
        "POST",
        "/api/challenges",
        Some(&amani),
        Some(body("nobody")),
    )
    .await;
    assert_eq!(
        (s, v),
        (
            StatusCode::NOT_FOUND,
            json!({"error": "no player named \"nobody\" to challenge", "code": "not_found"})
        )
    );
    let (s, v) = call(
        &app,
        "POST",
        "/api/challenges",
        Some(&amani),
        Some(body("AMANI")),
    )
    .await;
    assert_eq!(s, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        v["error"],
        "you cannot challenge yourself: leave out \"opponent\" to challenge anyone"
    );
    let open = challenge(
        &app,
        &chausiku,
        json!({"game": "kingulu", "clock": {"days_per_move": 2}}),
    )
    .await;
    let cid = challenge(&app, &amani, body("Baraka")).await;
    let ids = |list: &Value| -> Vec<String> {
        list.as_array()
            .unwrap()
            .iter()
            .map(|c| c["id"].as_str().unwrap().to_string())
            .collect()
    };
    for (who, seen) in [
        (None, vec![open.clone()]),
        (Some(&chausiku), vec![open.clone()]),
        (Some(&amani), vec![open.clone(), cid.clone()]),
        (Some(&baraka), vec![open.clone(), cid.clone()]),
    ] {
        let (_, list) = call(
            &app,
            "GET",
            "/api/challenges",
            who.map(String::as_str),
            None,
        )
        .await;
        // Two challenges made in one millisecond may come in either order.
        let (mut got, mut want) = (ids(&list), seen);
        got.sort();
        want.sort();
        assert_eq!(got, want, "{list}");
    }
    let (_, list) = call(&app, "GET", "/api/challenges", Some(&baraka), None).await;
    let by_id = |id: &str| {
        list.as_array()
            .unwrap()
            .iter()
            .find(|c| c["id"] == id)
            .cloned()
            .unwrap()
    };
    assert_eq!(by_id(&cid)["opponent"], "baraka");
    assert_eq!(by_id(&open)["opponent"], Value::Null);
    let (s, v) = call(
        &app,
        "POST",
        &format!("/api/challenges/{cid}/accept"),
        Some(&chausiku),
        None,
    )
    .await;
    assert_eq!(
        (s, v),
        (
            StatusCode::FORBIDDEN,
            json!({"error": "this challenge is for baraka only", "code": "forbidden"})
        )
    );
    let game = accept(&app, &baraka, &cid).await;
    let (_, state) = call(&app, "GET", &format!("/api/games/{game}"), None, None).await;
    let mut names = [
        state["names"]["south"].as_str().unwrap(),
        state["names"]["north"].as_str().unwrap(),
    ];
    names.sort();
    assert_eq!(names, ["amani", "baraka"]);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_live_games_are_the_lobby_games_in_progress_newest_first() {
    for (app, _db) in common::routers() {
        the_live_games_are_the_lobby_games_in_progress_newest_first_on(app).await;
    }
}

async fn the_live_games_are_the_lobby_games_in_progress_newest_first_on(app: Router) {
    let amani = sign_up(&app, "amani").await;
    let baraka = sign_up(&app, "baraka").await;
    let players = [("amani", amani.as_str()), ("baraka", baraka.as_str())];
    let (_, list) = call(&app, "GET", "/api/games/live", None, None).await;
    assert_eq!(list, json!([]));
    // A finished rated game moves amani's rating; then two games in progress.
    let rated =
        json!({"game": "kingulu", "clock": {"days_per_move": 1}, "rated": true, "side": "south"});
    let done = accept(&app, &baraka, &challenge(&app, &amani, rated).await).await;
    play_turn(&app, &done, &players).await;
    play_turn(&app, &done, &players).await;
    call(
        &app,
        "POST",
        &format!("/api/games/{done}/resign"),
        Some(&baraka),
        None,
    )
    .await;
    let first = accept(
        &app,
        &baraka,
        &challenge(
            &app,
            &amani,
            json!({"game": "kiswahili", "clock": {"initial_s": 300, "increment_s": 3}, "side": "north"}),
        )
        .await,
    )
    .await;
    play_turn(&app, &first, &players).await;
    tokio::time::sleep(Duration::from_millis(5)).await;
    let second = accept(
        &app,
        &amani,
        &challenge(
            &app,
            &baraka,
            json!({"game": "kingulu", "clock": {"days_per_move": 2}, "side": "south"}),
        )
        .await,
    )
    .await;
    let (s, list) = call(&app, "GET", "/api/games/live", None, None).await;
    assert_eq!(s, StatusCode::OK);
    let fresh = Glicko2Rating::new();
    let (a1, b1) = rate(fresh, fresh, Outcomes::WIN);
    assert_eq!(list.as_array().unwrap().len(), 2, "{list}");
    let g = &list[0];
    assert_eq!(g["id"], second.as_str());
    assert_eq!(
        (&g["game"], &g["south"]["name"], &g["north"]["name"]),
        (&json!("kingulu"), &json!("baraka"), &json!("amani"))
    );
    assert!(close(&g["south"]["rating"], b1.rating), "{g}");
    assert!(close(&g["north"]["rating"], a1.rating), "{g}");
    assert_eq!((&g["ply"], &g["rated"]), (&json!(0), &json!(false)));
    assert_eq!(g["clock"]["text"], "2 days per move");
    let g = &list[1];
    assert_eq!(g["id"], first.as_str());
    assert_eq!(
        (&g["south"]["name"], &g["north"]["name"]),
        (&json!("baraka"), &json!("amani"))
    );
    // Bao la Kiswahili's pool: both still at 1500.
    assert!(close(&g["south"]["rating"], 1500.0) && close(&g["north"]["rating"], 1500.0));
    assert_eq!((&g["ply"], &g["to_move"]), (&json!(1), &json!("North")));
    assert_eq!(g["clock"]["text"], "5+3");
    assert_eq!(g["clock"]["north_ms"], 300_000);
}

#[tokio::test]
async fn the_engine_request_names_its_ply() {
    let app = bao_web::router();
    let (_, v) = call(
        &app,
        "POST",
        "/api/games",
        None,
        Some(json!({"game": "kingulu", "level": 1, "south": "human", "north": "computer"})),
    )
    .await;
    let id = v["id"].as_str().unwrap().to_string();
    let seat = v["seat"].as_str().unwrap().to_string();
    let mv = v["moves"][0]["text"].as_str().unwrap().to_string();
    let (s, _, v) = call_as(
        &app,
        "POST",
        &format!("/api/games/{id}/play"),
        None,
        Some(&seat),
        Some(json!({ "move": mv })),
    )
    .await;
    assert_eq!(s, StatusCode::OK, "{v}");
    let engine = format!("/api/games/{id}/engine");
    // Sent before the move above: the position it was for is gone.
    let (s, _, v) = call_as(
        &app,
        "POST",
        &engine,
        None,
        Some(&seat),
        Some(json!({"ply": 0})),
    )
    .await;
    assert_eq!(
        (s, v),
        (
            StatusCode::CONFLICT,
            json!({"error": "the game is at ply 1, not at ply 0: the position changed; ask again", "code": "conflict"})
        )
    );
    let (s, _, v) = call_as(
        &app,
        "POST",
        &engine,
        None,
        Some(&seat),
        Some(json!({"plies": 1})),
    )
    .await;
    assert_eq!(s, StatusCode::UNPROCESSABLE_ENTITY, "{v}");
    let (s, _, v) = call_as(
        &app,
        "POST",
        &engine,
        None,
        Some(&seat),
        Some(json!({"ply": 1})),
    )
    .await;
    assert_eq!(s, StatusCode::OK, "{v}");
    assert_eq!(v["state"]["ply"], 2);
    // Without a ply, as before.
    let (_, _, v) = call_as(
        &app,
        "GET",
        &format!("/api/games/{id}"),
        None,
        Some(&seat),
        None,
    )
    .await;
    let mv = v["moves"][0]["text"].as_str().unwrap().to_string();
    call_as(
        &app,
        "POST",
        &format!("/api/games/{id}/play"),
        None,
        Some(&seat),
        Some(json!({ "move": mv })),
    )
    .await;
    let (s, _, v) = call_as(&app, "POST", &engine, None, Some(&seat), None).await;
    assert_eq!(s, StatusCode::OK, "{v}");
    assert_eq!(v["state"]["ply"], 4);
}

/// An event stream read frame by frame.
struct Events {
    body: Body,
    buf: String,
}

impl Events {
    /// Opens `uri` as `cookie`.
    async fn open(app: &Router, uri: &str, cookie: &str) -> Events {
        let r = Request::builder()
            .uri(uri)
            .header("cookie", cookie)
            .body(Body::empty())
            .unwrap();
        let res = app.clone().oneshot(r).await.unwrap();
        assert_eq!(res.status(), StatusCode::OK);
        Events {
            body: res.into_body(),
            buf: String::new(),
        }
    }

    /// The next event other than a keep-alive: (event, data), within 5 s.
    async fn next(&mut self) -> (String, Value) {
        let deadline = Instant::now() + Duration::from_secs(5);
        loop {
            if let Some(end) = self.buf.find("\n\n") {
                let block: String = self.buf.drain(..end + 2).collect();
                let mut event = String::new();
                let mut data = String::new();
                for line in block.lines() {
                    if let Some(e) = line.strip_prefix("event: ") {
                        event = e.to_string();
                    } else if let Some(d) = line.strip_prefix("data: ") {
                        data.push_str(d);
                    }
                }
                if event.is_empty() {
                    continue;
                }
                return (event, serde_json::from_str(&data).unwrap_or(Value::Null));
            }
            let left = deadline.saturating_duration_since(Instant::now());
            let frame = tokio::time::timeout(left, self.body.frame())
                .await
                .expect("an event within 5 s")
                .expect("the stream goes on")
                .unwrap();
            if let Ok(data) = frame.into_data() {
                self.buf.push_str(&String::from_utf8_lossy(&data));
            }
        }
    }
}

/// The app on each store with a short presence grace: (app, router, database guard).
fn apps(grace: Duration) -> Vec<(Arc<bao_web::App>, Router, Option<common::TestDb>)> {
    let mut out = Vec::new();
    let hosts = || bao_web::guard::Hosts { bound: None };
    let store = bao_web::store::Store::in_memory().unwrap();
    out.push((bao_web::App::new(store, 512, hosts()), None));
    if let Some(url) = common::postgres_url() {
        let db = bao_web::store::pg::create_database(&url).unwrap();
        let store = bao_web::store::Store::connect(&db).unwrap();
        out.push((
            bao_web::App::new(store, 512, hosts()),
            Some(common::TestDb(db)),
        ));
    }
    out.into_iter()
        .map(|(app, db)| {
            app.set_presence_grace(grace);
            (Arc::clone(&app), bao_web::router_with(app), db)
        })
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn notices_arrive_on_the_players_stream() {
    for (app, router, db) in apps(Duration::from_secs(20)) {
        if db.is_some() {
            // Notices go through PostgreSQL's notifications: the listener must run.
            bao_web::clock::start(&app).await.unwrap();
        }
        notices_arrive_on_the_players_stream_on(router).await;
    }
}

async fn notices_arrive_on_the_players_stream_on(app: Router) {
    let amani = sign_up(&app, "amani").await;
    let baraka = sign_up(&app, "baraka").await;
    let (s, v) = call(&app, "GET", "/api/me/events", None, None).await;
    assert_eq!(s, StatusCode::UNAUTHORIZED, "{v}");
    let mut a = Events::open(&app, "/api/me/events", &amani).await;
    let mut b = Events::open(&app, "/api/me/events", &baraka).await;
    assert_eq!(
        a.next().await,
        ("ready".to_string(), json!({"name": "amani"}))
    );
    assert_eq!(
        b.next().await,
        ("ready".to_string(), json!({"name": "baraka"}))
    );
    // amani challenges baraka by name: baraka is told.
    let cid = challenge(
        &app,
        &amani,
        json!({"game": "kingulu", "clock": {"days_per_move": 2}, "side": "south", "opponent": "baraka"}),
    )
    .await;
    assert_eq!(
        b.next().await,
        (
            "notice".to_string(),
            json!({"kind": "challenge", "game": null, "challenge": cid,
                   "text": "amani challenges you to Bao Kingulu 2 days per move",
                   "say": {"key": "notice-challenge", "args": {"name": "amani",
                       "game": "Bao Kingulu", "clock": {"key": "clock-days", "args": {"days": 2}}}}})
        )
    );
    // baraka accepts: amani is told, with the game.
    let game = accept(&app, &baraka, &cid).await;
    assert_eq!(
        a.next().await,
        (
            "notice".to_string(),
            json!({"kind": "accepted", "game": game, "challenge": cid,
                   "text": "baraka accepted your challenge: Bao Kingulu 2 days per move",
                   "say": {"key": "notice-accepted", "args": {"name": "baraka",
                       "game": "Bao Kingulu", "clock": {"key": "clock-days", "args": {"days": 2}}}}})
        )
    );
    // amani moves: baraka is told it is his move, and amani's banner about the game
    // comes down (`settled`); then baraka moves: the other way round.
    let players = [("amani", amani.as_str()), ("baraka", baraka.as_str())];
    let settled = || {
        (
            "notice".to_string(),
            json!({"kind": "settled", "game": game, "challenge": null, "text": ""}),
        )
    };
    play_turn(&app, &game, &players).await;
    assert_eq!(
        b.next().await,
        (
            "notice".to_string(),
            json!({"kind": "your-move", "game": game, "challenge": null,
                   "text": "your move against amani (Bao Kingulu)",
                   "say": {"key": "notice-your-move", "args": {"opponent": "amani", "game": "Bao Kingulu"}}})
        )
    );
    assert_eq!(a.next().await, settled());
    play_turn(&app, &game, &players).await;
    assert_eq!(
        a.next().await,
        (
            "notice".to_string(),
            json!({"kind": "your-move", "game": game, "challenge": null,
                   "text": "your move against baraka (Bao Kingulu)",
                   "say": {"key": "notice-your-move", "args": {"opponent": "baraka", "game": "Bao Kingulu"}}})
        )
    );
    assert_eq!(b.next().await, settled());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_real_time_challenge_leaves_the_lobby_after_its_makers_last_page() {
    let grace = Duration::from_millis(400);
    for (_app, router, _db) in apps(grace) {
        a_real_time_challenge_leaves_the_lobby_after_its_makers_last_page_on(router, grace).await;
    }
}

async fn a_real_time_challenge_leaves_the_lobby_after_its_makers_last_page_on(
    app: Router,
    grace: Duration,
) {
    let amani = sign_up(&app, "amani").await;
    let ids = |list: &Value| -> Vec<String> {
        let mut v: Vec<String> = list
            .as_array()
            .unwrap()
            .iter()
            .map(|c| c["clock_text"].as_str().unwrap().to_string())
            .collect();
        v.sort();
        v
    };
    // Two pages open (the notices and the lobby's live list).
    let mut page = Events::open(&app, "/api/me/events", &amani).await;
    page.next().await;
    let mut lobby = Events::open(&app, "/api/challenges/events", &amani).await;
    lobby.next().await;
    challenge(
        &app,
        &amani,
        json!({"game": "kingulu", "clock": {"initial_s": 180, "increment_s": 2}}),
    )
    .await;
    challenge(
        &app,
        &amani,
        json!({"game": "kingulu", "clock": {"days_per_move": 3}}),
    )
    .await;
    let both = vec!["3 days per move".to_string(), "3+2".to_string()];
    tokio::time::sleep(grace * 3).await;
    let (_, list) = call(&app, "GET", "/api/challenges", None, None).await;
    assert_eq!(ids(&list), both, "kept while a page is open");
    drop(page);
    tokio::time::sleep(grace * 3).await;
    let (_, list) = call(&app, "GET", "/api/challenges", None, None).await;
    assert_eq!(ids(&list), both, "kept while the lobby is open");
    drop(lobby);
    tokio::time::sleep(grace / 4).await;
    let (_, list) = call(&app, "GET", "/api/challenges", None, None).await;
    assert_eq!(ids(&list), both, "kept during the grace");
    let start = Instant::now();
    loop {
        let (_, list) = call(&app, "GET", "/api/challenges", None, None).await;
        if ids(&list) == ["3 days per move"] {
            break;
        }
        assert!(
            start.elapsed() < grace * 3 + Duration::from_secs(2),
            "{list}"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    // A page that reopens within the grace keeps a new challenge.
    let page = Events::open(&app, "/api/me/events", &amani).await;
    challenge(
        &app,
        &amani,
        json!({"game": "kingulu", "clock": {"initial_s": 60, "increment_s": 0}}),
    )
    .await;
    drop(page);
    tokio::time::sleep(grace / 4).await;
    let _page = Events::open(&app, "/api/me/events", &amani).await;
    tokio::time::sleep(grace * 3).await;
    let (_, list) = call(&app, "GET", "/api/challenges", None, None).await;
    assert_eq!(ids(&list), ["1+0", "3 days per move"], "{list}");
    // Made with no page open at all: withdrawn after the grace.
    let baraka = sign_up(&app, "baraka").await;
    challenge(
        &app,
        &baraka,
        json!({"game": "kingulu", "clock": {"initial_s": 120, "increment_s": 1}}),
    )
    .await;
    let (_, list) = call(&app, "GET", "/api/challenges", None, None).await;
    assert_eq!(list.as_array().unwrap().len(), 3);
    tokio::time::sleep(grace * 3 + Duration::from_secs(1)).await;
    let (_, list) = call(&app, "GET", "/api/challenges", None, None).await;
    assert_eq!(ids(&list), ["1+0", "3 days per move"], "{list}");
}

/// Two instances on one PostgreSQL database: a player's page on one keeps his challenge
/// when his last page on the other closes; it leaves once no instance has a page of his.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn presence_counts_the_pages_on_every_instance() {
    let Some(url) = common::postgres_url() else {
        return;
    };
    let db = bao_web::store::pg::create_database(&url).unwrap();
    let _guard = common::TestDb(db.clone());
    let grace = Duration::from_millis(300);
    let instance = || async {
        let store = bao_web::store::Store::connect(&db).unwrap();
        let app = bao_web::App::new(store, 512, bao_web::guard::Hosts { bound: None });
        app.set_presence_grace(grace);
        bao_web::clock::start(&app).await.unwrap();
        bao_web::router_with(app)
    };
    let a = instance().await;
    let b = instance().await;
    let amani = sign_up(&a, "amani").await;
    let on_a = Events::open(&a, "/api/me/events", &amani).await;
    let mut on_b = Events::open(&b, "/api/me/events", &amani).await;
    on_b.next().await;
    challenge(
        &a,
        &amani,
        json!({"game": "kingulu", "clock": {"initial_s": 300, "increment_s": 0}}),
    )
    .await;
    drop(on_b);
    // B asks after the grace and waits a second for the answers; A answers.
    tokio::time::sleep(grace * 2 + Duration::from_millis(1500)).await;
    let (_, list) = call(&b, "GET", "/api/challenges", None, None).await;
    assert_eq!(
        list.as_array().unwrap().len(),
        1,
        "kept by the page on A: {list}"
    );
    drop(on_a);
    let start = Instant::now();
    loop {
        let (_, list) = call(&b, "GET", "/api/challenges", None, None).await;
        if list == json!([]) {
            break;
        }
        assert!(start.elapsed() < Duration::from_secs(5), "{list}");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// Issue 35 item 6: a game a signed-in player starts from the first page (here against
/// the computer at level 3) is his: its state names him (`owner`, `names` stay empty: it
/// is no lobby game, so hints stay on), his profile and "your games" list it with his
/// name on his side, and a guest's game (no cookie) belongs to no one.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_signed_in_players_game_against_the_computer_is_his() {
    for (app, _db) in common::routers() {
        a_signed_in_players_game_against_the_computer_is_his_on(app).await;
    }
}

async fn a_signed_in_players_game_against_the_computer_is_his_on(app: Router) {
    let amani = sign_up(&app, "amani").await;
    let body = json!({"game": "kingulu", "south": "human", "north": "computer", "level": 3});
    let (s, state) = call(&app, "POST", "/api/games", Some(&amani), Some(body.clone())).await;
    assert_eq!(s, StatusCode::CREATED, "{state}");
    assert_eq!(state["owner"], "amani");
    assert_eq!(state["names"], json!({"south": null, "north": null}));
    let id = state["id"].as_str().unwrap().to_string();
    let seat = state["seat"].as_str().unwrap().to_string();
    // Not a lobby game: the computer's help is on offer.
    let (s, _, hint) = call_as(
        &app,
        "POST",
        &format!("/api/games/{id}/hint"),
        None,
        Some(&seat),
        Some(json!({})),
    )
    .await;
    assert_eq!(s, StatusCode::OK, "{hint}");
    // A guest's game is no one's.
    let (s, guest) = call(&app, "POST", "/api/games", None, Some(body)).await;
    assert_eq!(s, StatusCode::CREATED);
    assert_eq!(guest["owner"], Value::Null);
    // His profile lists his game (not the guest's), his name on his side.
    let (s, profile) = call(&app, "GET", "/api/players/amani", None, None).await;
    assert_eq!(s, StatusCode::OK);
    let games: Vec<(String, String, String, bool)> = profile["games"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| {
            (
                g["id"].as_str().unwrap().to_string(),
                g["south"].as_str().unwrap().to_string(),
                g["north"].as_str().unwrap().to_string(),
                g["your_turn"].as_bool().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        games,
        vec![(
            id.clone(),
            "amani".to_string(),
            "bao level 3".to_string(),
            true
        )]
    );
    let (s, mine) = call(&app, "GET", "/api/me/games", Some(&amani), None).await;
    assert_eq!(s, StatusCode::OK, "{mine}");
    assert_eq!(mine[0]["id"], id.as_str());
    // Not a lobby game: the lobby page does not jump to it as to an accepted challenge.
    assert_eq!(mine[0]["lobby"], false);
    // Read back from the database (a fresh load of the game), it is still his.
    let (_, _, again) = call_as(
        &app,
        "GET",
        &format!("/api/games/{id}"),
        None,
        Some(&seat),
        None,
    )
    .await;
    assert_eq!(again["owner"], "amani");
}
