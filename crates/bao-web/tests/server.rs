//! Issue 9 (and 12, 15) through the app: seats, hosts and origins, JSON bodies on every
//! route, random ids, bounded work for client rules and records, max plies, repetition,
//! saved games (list, delete, the database across a restart of the app, locked and
//! damaged databases), the cache and the engine pool bounds, and, on a real server on
//! 127.0.0.1, the event stream and the HTTP layer's JSON errors.

use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::body::Body;
use axum::http::{Request, StatusCode};
use axum::Router;
use bao_web::store::Store;
use bao_web::{guard::Hosts, App};
use http_body_util::BodyExt;
use serde_json::{json, Value};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tower::ServiceExt;

/// One request with extra headers; JSON body when `body` is given.
async fn req(
    app: &Router,
    method: &str,
    uri: &str,
    headers: &[(&str, &str)],
    body: Option<&str>,
) -> (StatusCode, Value) {
    let mut r = Request::builder().method(method).uri(uri);
    if body.is_some() && !headers.iter().any(|(n, _)| *n == "content-type") {
        r = r.header("content-type", "application/json");
    }
    for (n, v) in headers {
        r = r.header(*n, *v);
    }
    let r = r
        .body(
            body.map(|b| Body::from(b.to_string()))
                .unwrap_or_else(Body::empty),
        )
        .unwrap();
    let res = app.clone().oneshot(r).await.unwrap();
    let status = res.status();
    let bytes = res.into_body().collect().await.unwrap().to_bytes();
    let v = serde_json::from_slice(&bytes)
        .unwrap_or_else(|_| Value::String(String::from_utf8_lossy(&bytes).to_string()));
    (status, v)
}

/// An error answer: the message and the code of its status (issue 29).
fn err(status: StatusCode, message: &str) -> (StatusCode, Value) {
    let code = bao_web::i18n::errors::status_code(status);
    (status, json!({ "error": message, "code": code }))
}

/// An error answer with a code of its own (`illegal_move`, `unknown_game`…).
#[allow(dead_code)]
fn err_coded(status: StatusCode, code: &str, message: &str) -> (StatusCode, Value) {
    (status, json!({ "error": message, "code": code }))
}

/// Starts a game; returns (id, seat).
async fn start(app: &Router, body: &str) -> (String, String) {
    let (status, s) = req(app, "POST", "/api/games", &[], Some(body)).await;
    assert_eq!(status, StatusCode::CREATED, "{s}");
    (
        s["id"].as_str().unwrap().to_string(),
        s["seat"].as_str().unwrap().to_string(),
    )
}

/// Loads a record; returns (id, seat, state).
async fn load(app: &Router, body: Value) -> (String, String, Value) {
    let (status, s) = req(app, "POST", "/api/games/load", &[], Some(&body.to_string())).await;
    assert_eq!(status, StatusCode::CREATED, "{s}");
    (
        s["id"].as_str().unwrap().to_string(),
        s["seat"].as_str().unwrap().to_string(),
        s,
    )
}

async fn play(app: &Router, id: &str, seat: &str, mv: &str) -> (StatusCode, Value) {
    req(
        app,
        "POST",
        &format!("/api/games/{id}/play"),
        &[("x-bao-seat", seat)],
        Some(&json!({ "move": mv }).to_string()),
    )
    .await
}

fn texts(moves: &Value) -> Vec<String> {
    moves
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["text"].as_str().unwrap().to_string())
        .collect()
}

// ---------------------------------------------------------------------------------
// Ids and seats

#[tokio::test]
async fn ids_are_random_and_only_canonical_ids_are_found() {
    let app = bao_web::router();
    let (a, seat_a) = start(&app, r#"{"game":"kingulu"}"#).await;
    let (b, _) = start(&app, r#"{"game":"kingulu"}"#).await;
    for t in [&a, &b, &seat_a] {
        assert_eq!(t.len(), 22, "{t}");
        assert!(t
            .bytes()
            .all(|c| c.is_ascii_alphanumeric() || c == b'-' || c == b'_'));
    }
    assert_ne!(a, b);
    assert_ne!(a, seat_a);
    let (status, _) = req(&app, "GET", &format!("/api/games/{a}"), &[], None).await;
    assert_eq!(status, StatusCode::OK);
    let lower = a.to_lowercase();
    let upper = a.to_uppercase();
    let other_case = if lower != a { lower } else { upper };
    for bad in ["g1", "g01", &format!("{a}x"), &a[1..], &other_case] {
        assert_eq!(
            req(&app, "GET", &format!("/api/games/{bad}"), &[], None).await,
            err(
                StatusCode::NOT_FOUND,
                &format!("no game with id {bad:?} (start one with POST /api/games)")
            ),
            "{bad}"
        );
    }
    // Client input is quoted to at most 60 characters.
    let long = "x".repeat(300);
    let (status, e) = req(&app, "GET", &format!("/api/games/{long}"), &[], None).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert_eq!(
        e["error"],
        format!(
            "no game with id \"{}…\" (300 characters) (start one with POST /api/games)",
            "x".repeat(60)
        )
    );
}

#[tokio::test]
async fn seats_move_only_their_sides_and_invites_give_one_side_away() {
    let app = bao_web::router();
    let (id, seat) = start(&app, r#"{"game":"kingulu","north":"human"}"#).await;
    let g = format!("/api/games/{id}");
    // No seat, a wrong seat: 403 with the JSON error.
    assert_eq!(
        req(&app, "POST", &format!("{g}/play"), &[], Some(r#"{"move":"A5"}"#)).await,
        err_coded(StatusCode::FORBIDDEN, "no_seat", "this request needs the game's seat: open the game's link (a program sends the header X-Bao-Seat with the link's token)")
    );
    assert_eq!(
        play(&app, &id, "AAAAAAAAAAAAAAAAAAAAAA", "A5").await,
        err(
            StatusCode::FORBIDDEN,
            "the X-Bao-Seat token is not a seat of this game"
        )
    );
    for route in ["engine", "hint", "undo", "resign"] {
        let (status, _) = req(&app, "POST", &format!("{g}/{route}"), &[], Some("{}")).await;
        assert_eq!(status, StatusCode::FORBIDDEN, "{route}");
    }
    let (status, _) = req(&app, "DELETE", &g, &[], None).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    // The creator holds both human sides until one is given away.
    let (_, s) = req(&app, "GET", &g, &[("x-bao-seat", &seat)], None).await;
    assert_eq!(s["you"], json!(["South", "North"]));
    let (_, s) = req(&app, "GET", &g, &[], None).await;
    assert_eq!(s["you"], json!([]));
    assert!(
        s.get("seat").is_none(),
        "the seat is only in the creation answer"
    );

    let (status, inv) = req(
        &app,
        "POST",
        &format!("{g}/invite"),
        &[("x-bao-seat", &seat)],
        Some(r#"{"side":"North"}"#),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{inv}");
    let guest = inv["seat"].as_str().unwrap().to_string();
    assert_eq!(guest.len(), 22);
    assert_ne!(guest, seat);
    assert_eq!(
        inv,
        json!({"seat": guest, "side": "North", "link": format!("/#{id}:{guest}")})
    );
    // Asking again gives the same invite; the guest cannot invite.
    let (_, again) = req(
        &app,
        "POST",
        &format!("{g}/invite"),
        &[("x-bao-seat", &seat)],
        Some(r#"{"side":"North"}"#),
    )
    .await;
    assert_eq!(again, inv);
    assert_eq!(
        req(
            &app,
            "POST",
            &format!("{g}/invite"),
            &[("x-bao-seat", &guest)],
            Some(r#"{"side":"South"}"#)
        )
        .await,
        err(
            StatusCode::FORBIDDEN,
            "only the seat that started the game can invite a player"
        )
    );
    let (_, s) = req(&app, "GET", &g, &[("x-bao-seat", &seat)], None).await;
    assert_eq!(s["you"], json!(["South"]));
    assert_eq!(s["invited"], json!(["North"]));
    let (_, s) = req(&app, "GET", &g, &[("x-bao-seat", &guest)], None).await;
    assert_eq!(s["you"], json!(["North"]));

    assert_eq!(
        play(&app, &id, &guest, "A5").await,
        err(StatusCode::FORBIDDEN, "this seat does not play South")
    );
    let (status, _) = play(&app, &id, &seat, "A5").await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(
        play(&app, &id, &seat, "a5").await,
        err(StatusCode::FORBIDDEN, "this seat does not play North")
    );
    let (status, r) = play(&app, &id, &guest, "a5").await;
    assert_eq!(status, StatusCode::OK, "{r}");
    assert_eq!(r["state"]["you"], json!(["North"]));
    // A seat resigns only its own side; by default the side it holds.
    assert_eq!(
        req(
            &app,
            "POST",
            &format!("{g}/resign"),
            &[("x-bao-seat", &guest)],
            Some(r#"{"side":"South"}"#)
        )
        .await,
        err(StatusCode::FORBIDDEN, "this seat does not play South")
    );
    let (status, s) = req(
        &app,
        "POST",
        &format!("{g}/resign"),
        &[("x-bao-seat", &guest)],
        None,
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(s["outcome"]["text"], "South wins: North resigned");
}

#[tokio::test]
async fn an_invite_turns_a_computer_side_into_a_person() {
    let app = bao_web::router();
    let (id, seat) = start(&app, r#"{"game":"kingulu"}"#).await;
    let (_, inv) = req(
        &app,
        "POST",
        &format!("/api/games/{id}/invite"),
        &[("x-bao-seat", &seat)],
        Some(r#"{"side":"North"}"#),
    )
    .await;
    let (_, s) = req(
        &app,
        "GET",
        &format!("/api/games/{id}"),
        &[("x-bao-seat", inv["seat"].as_str().unwrap())],
        None,
    )
    .await;
    assert_eq!(s["players"], json!({"south": "human", "north": "human"}));
    assert_eq!(s["you"], json!(["North"]));
}

// ---------------------------------------------------------------------------------
// Hosts, origins, content types

#[tokio::test]
async fn cross_origin_posts_and_foreign_hosts_are_refused() {
    let app = bao_web::router();
    let body = Some(r#"{"game":"kingulu"}"#);
    assert_eq!(
        req(&app, "POST", "/api/games", &[("origin", "http://evil.example")], body).await,
        err(
            StatusCode::FORBIDDEN,
            "requests from another web page are refused: origin \"http://evil.example\" is not this server's"
        )
    );
    assert_eq!(
        req(
            &app,
            "POST",
            "/api/games",
            &[
                ("host", "localhost:8080"),
                ("origin", "http://localhost:9999")
            ],
            body
        )
        .await
        .0,
        StatusCode::FORBIDDEN
    );
    assert_eq!(
        req(&app, "POST", "/api/games", &[("origin", "null")], body)
            .await
            .0,
        StatusCode::FORBIDDEN
    );
    assert_eq!(
        req(
            &app,
            "POST",
            "/api/games",
            &[("sec-fetch-site", "cross-site")],
            body
        )
        .await
        .0,
        StatusCode::FORBIDDEN
    );
    // The server's own page passes.
    let (status, _) = req(
        &app,
        "POST",
        "/api/games",
        &[
            ("host", "localhost:8080"),
            ("origin", "http://localhost:8080"),
        ],
        body,
    )
    .await;
    assert_eq!(status, StatusCode::CREATED);
    // A foreign Host (DNS rebinding) is refused on every request, reads too.
    for path in ["/", "/api/meta", "/api/games"] {
        assert_eq!(
            req(&app, "GET", path, &[("host", "bao.rebind.example:8080")], None).await,
            err(
                StatusCode::FORBIDDEN,
                "host \"bao.rebind.example:8080\" is not this server: open it as http://localhost:PORT/ or http://127.0.0.1:PORT/"
            ),
            "{path}"
        );
    }
    for host in ["127.0.0.1:8080", "localhost", "[::1]:8080"] {
        let (status, _) = req(&app, "GET", "/api/meta", &[("host", host)], None).await;
        assert_eq!(status, StatusCode::OK, "{host}");
    }
}

#[tokio::test]
async fn text_plain_bodies_are_refused_on_every_route() {
    let app = bao_web::router();
    let (id, seat) = start(&app, r#"{"game":"kingulu","north":"human"}"#).await;
    let g = format!("/api/games/{id}");
    let routes = [
        ("POST", "/api/games".to_string(), r#"{"game":"kingulu"}"#),
        (
            "POST",
            "/api/games/load".to_string(),
            r#"{"record":"[Game \"kingulu\"]"}"#,
        ),
        ("POST", format!("{g}/play"), r#"{"move":"A5"}"#),
        ("POST", format!("{g}/engine"), "{}"),
        ("POST", format!("{g}/hint"), "{}"),
        ("POST", format!("{g}/undo"), r#"{"plies":1}"#),
        ("POST", format!("{g}/resign"), r#"{"side":"South"}"#),
        ("POST", format!("{g}/invite"), r#"{"side":"North"}"#),
        ("DELETE", g.clone(), "{}"),
    ];
    for (method, uri, body) in &routes {
        for ct in [
            "text/plain",
            "application/x-www-form-urlencoded",
            "text/plain;charset=UTF-8",
        ] {
            assert_eq!(
                req(
                    &app,
                    method,
                    uri,
                    &[("content-type", ct), ("x-bao-seat", &seat)],
                    Some(body)
                )
                .await,
                err(
                    StatusCode::UNSUPPORTED_MEDIA_TYPE,
                    &format!("request body must be JSON: send the header Content-Type: application/json (not {ct:?})")
                ),
                "{method} {uri} {ct}"
            );
        }
    }
    // Nothing happened: North did not resign, nothing was played or deleted.
    let (status, s) = req(&app, "GET", &g, &[], None).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(s["outcome"], Value::Null);
    assert_eq!(s["ply"], 0);
    assert_eq!(s["invited"], json!([]));
}

// ---------------------------------------------------------------------------------
// Bounded work

const ISSUE_RECORD: &str = "[Game \"kingulu\"]\n[non-terminating \"lap-cap:100000000\"]\n[Setup \"1 4 8 1 2 0 / 0 1 8 4 11 5 ; S=1 N=2 ; South\"]\n";

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_issue_record_is_refused_at_once_while_other_games_answer() {
    assert_eq!(ISSUE_RECORD.len(), 110);
    let app = bao_web::router();
    let (other, _) = start(&app, r#"{"game":"kiswahili"}"#).await;
    // A slow game: G-T29, whose legal moves need the 3,997,200-lap cycle found.
    let t29 = "[Game \"kingulu\"]\n[Setup \"1 4 8 1 2 0 / 0 1 8 4 11 5 ; S=1 N=2 ; South\"]\n";
    let (slow, _, s) = load(
        &app,
        json!({ "record": t29, "south": "human", "north": "human" }),
    )
    .await;
    assert_eq!(texts(&s["moves"]), ["A3", "A4"], "G-T29: A6 never ends");
    let pollers: Vec<_> = (0..4)
        .map(|_| {
            let app = app.clone();
            let uri = format!("/api/games/{slow}");
            tokio::spawn(async move { req(&app, "GET", &uri, &[], None).await.0 })
        })
        .collect();
    let t = Instant::now();
    let body = json!({ "record": ISSUE_RECORD }).to_string();
    assert_eq!(
        req(&app, "POST", "/api/games/load", &[], Some(&body)).await,
        err(
            StatusCode::UNPROCESSABLE_ENTITY,
            "cannot load the record: option non-terminating lap-cap:100000000 allows moves of 100000000 laps; the limit here is 10000"
        )
    );
    let (status, _) = req(&app, "GET", &format!("/api/games/{other}"), &[], None).await;
    assert_eq!(status, StatusCode::OK);
    // Replaying the record (10^8 laps a move allowed) would take minutes, or end at
    // LOAD_WAIT (20 s) with another error: 10 s is a generous deadline for "at once" that
    // a loaded machine does not miss (a few ms on an idle one).
    assert!(t.elapsed() < Duration::from_secs(10), "{:?}", t.elapsed());
    for p in pollers {
        assert_eq!(p.await.unwrap(), StatusCode::OK);
    }
    // The same option in a new game's rules: a record with moves is refused before replay.
    let with_moves = format!("{ISSUE_RECORD}\n1. A4 *\n");
    let (status, _) = req(
        &app,
        "POST",
        "/api/games/load",
        &[],
        Some(&json!({ "record": with_moves }).to_string()),
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    // Max plies from a client are capped too.
    let plies = "[Game \"kiswahili\"]\n[max-plies \"1000000\"]\n";
    assert_eq!(
        req(
            &app,
            "POST",
            "/api/games/load",
            &[],
            Some(&json!({ "record": plies }).to_string())
        )
        .await,
        err(
            StatusCode::UNPROCESSABLE_ENTITY,
            "cannot load the record: option max-plies 1000000 is above the limit here of 10000"
        )
    );
}

#[tokio::test]
async fn a_long_traced_move_is_summarised() {
    let app = bao_web::router();
    let record = "[Game \"kingulu\"]\n[non-terminating \"lap-cap:10000\"]\n[Setup \"1 4 8 1 2 0 / 0 1 8 4 11 5 ; S=1 N=2 ; South\"]\n";
    let (id, seat, s) = load(&app, json!({ "record": record })).await;
    assert_eq!(texts(&s["moves"]), ["A3", "A4", "A6"]);
    assert_eq!(s["moves"][2]["label"], "A6: no capture, 10000 laps");
    let (status, r) = play(&app, &id, &seat, "A6").await;
    assert_eq!(status, StatusCode::OK, "{r}");
    let events = r["played"]["events"].as_array().unwrap();
    assert_eq!(events.len(), 121);
    assert_eq!(events[60]["kind"], "skipped");
    assert_eq!(events[60]["count"], 19_881);
    assert_eq!(events[60]["text"], "… 9940 more laps …");
    assert_eq!(events[60]["counts"], events[59]["counts"]);
    assert!(events.iter().filter(|e| e["kind"] == "skipped").count() == 1);
    // Reviewed later, the move has the same 121 events: first 60, skipped, last 60.
    let (status, at) = req(&app, "GET", &format!("/api/games/{id}/at/1"), &[], None).await;
    assert_eq!(status, StatusCode::OK, "{at}");
    assert_eq!(at["played"], r["played"]);
    assert_eq!(at["played"]["events"].as_array().unwrap().len(), 121);
    assert_eq!(at["played"]["events"][60]["count"], 19_881);
}

// ---------------------------------------------------------------------------------
// Issue 12 (max plies) and issue 15 (repetition): the game is the GameLine's

#[tokio::test]
async fn after_max_plies_no_move_is_accepted_and_the_record_ends_with_the_result() {
    let app = bao_web::router();
    let record = "[Game \"kiswahili\"]\n[max-plies \"1\"]\n";
    let (id, seat, s) = load(&app, json!({ "record": record, "level": 1 })).await;
    assert_eq!(s["outcome"], Value::Null);
    let (status, r) = play(&app, &id, &seat, "A6>").await;
    assert_eq!(status, StatusCode::OK, "{r}");
    assert_eq!(
        r["state"]["outcome"],
        json!({"winner": null, "reason": "adjudicated", "result": "1/2-1/2",
               "text": "max-plies 1 reached: adjudicated by material, drawn 32–32",
               "say": {"key": "end-adjudicated", "args": {"max": 1,
                   "score": {"key": "end-score-drawn", "args": {"a": 32, "b": 32}}}}})
    );
    assert_eq!(r["state"]["moves"], json!([]));
    let over = "the game is over (max-plies 1 reached: adjudicated by material, drawn 32–32)";
    // North is the computer: neither a move nor the engine is accepted.
    let (status, e) = play(&app, &id, &seat, "a6<").await;
    assert_eq!(status, StatusCode::CONFLICT, "{e}");
    assert_eq!(
        req(
            &app,
            "POST",
            &format!("/api/games/{id}/engine"),
            &[("x-bao-seat", &seat)],
            Some("{}")
        )
        .await,
        err(StatusCode::CONFLICT, over)
    );
    assert_eq!(
        req(
            &app,
            "POST",
            &format!("/api/games/{id}/hint"),
            &[("x-bao-seat", &seat)],
            Some("{}")
        )
        .await,
        err(StatusCode::CONFLICT, over)
    );
    let (_, rec) = req(&app, "GET", &format!("/api/games/{id}/record"), &[], None).await;
    let rec = rec.as_str().unwrap();
    assert!(rec.contains("[Result \"1/2-1/2\"]\n"), "{rec}");
    assert!(rec.ends_with("1. A6> 1/2-1/2\n"), "{rec}");
}

const T32: &str = "0 1 4 1 2 1 / 1 4 6 0 6 1 ; S=9 N=12 ; South";

#[tokio::test]
async fn repetition_ends_the_game_and_such_a_record_loads() {
    let app = bao_web::router();
    let setup = format!("[Game \"kingulu\"]\n[Setup \"{T32}\"]\n");
    let (id, seat, _) = load(&app, json!({ "record": setup, "north": "human" })).await;
    let mut last = Value::Null;
    let mut last_played = Value::Null;
    for mv in ["A6", "a6", "A6", "a6"] {
        let (status, r) = play(&app, &id, &seat, mv).await;
        assert_eq!(status, StatusCode::OK, "{mv}: {r}");
        last = r["state"].clone();
        last_played = r["played"].clone();
    }
    let expected = json!({"winner": "South", "reason": "repetition", "result": "1-0",
        "text": "the position occurred for the third time: the game ends, South 27–21",
        "say": {"key": "end-repetition", "args": {"score": {"key": "end-score",
            "args": {"side": {"key": "side-south", "args": {}}, "a": 27, "b": 21}}}}});
    assert_eq!(last["outcome"], expected);
    assert_eq!(last["position"], T32);
    assert_eq!(last["moves"], json!([]));
    // The move that ended the game (G-R15) is reviewed from the game's own line: the
    // same events as when it was played, though the game is over now.
    let (status, at) = req(&app, "GET", &format!("/api/games/{id}/at/4"), &[], None).await;
    assert_eq!(status, StatusCode::OK, "{at}");
    assert_eq!(at["position"], T32);
    assert_eq!(at["played"], last_played);
    assert_eq!(at["played"]["text"], "a6");
    assert_eq!(at["played"]["side"], "North");
    let (status, _) = play(&app, &id, &seat, "A6").await;
    assert_eq!(status, StatusCode::CONFLICT);
    let (_, rec) = req(&app, "GET", &format!("/api/games/{id}/record"), &[], None).await;
    let rec = rec.as_str().unwrap().to_string();
    assert!(rec.contains("[Termination \"repetition\"]"), "{rec}");
    assert!(rec.ends_with("1. A6 a6 2. A6 a6 1-0\n"), "{rec}");
    // The record ended by repetition loads as such.
    let (_, _, s) = load(&app, json!({ "record": rec })).await;
    assert_eq!(s["outcome"], expected);
    assert_eq!(s["ply"], 4);
    // And a hand-written record of the same moves too.
    let written = format!("{setup}\n1. A6 a6 2. A6 a6\n");
    let (_, _, s) = load(&app, json!({ "record": written })).await;
    assert_eq!(s["outcome"], expected);
}

// ---------------------------------------------------------------------------------
// Saved games

#[tokio::test]
async fn saved_games_are_listed_newest_first_and_deleted_by_their_creator() {
    let app = bao_web::router();
    let (a, seat_a) = start(&app, r#"{"game":"kingulu","level":3}"#).await;
    let (b, seat_b) = start(&app, r#"{"game":"kiswahili"}"#).await;
    tokio::time::sleep(Duration::from_millis(5)).await;
    let (status, _) = play(&app, &a, &seat_a, "A5").await;
    assert_eq!(status, StatusCode::OK);
    let (status, list) = req(&app, "GET", "/api/games", &[], None).await;
    assert_eq!(status, StatusCode::OK);
    let list = list.as_array().unwrap();
    assert_eq!(list.len(), 2);
    assert_eq!(list[0]["id"], a.as_str());
    assert_eq!(list[0]["game"], "kingulu");
    assert_eq!(list[0]["rules"], "default");
    assert_eq!(list[0]["south"], "human");
    assert_eq!(list[0]["north"], "bao level 3");
    assert_eq!(list[0]["plies"], 1);
    assert_eq!(list[0]["result"], Value::Null);
    assert_eq!(list[0]["seat"], seat_a.as_str());
    assert_eq!(list[1]["id"], b.as_str());
    let updated = list[0]["updated"].as_str().unwrap();
    assert_eq!(updated.len(), "2026-12-01T10:00:15.123Z".len(), "{updated}");
    // Through a reverse proxy every visitor's peer is the loopback proxy: a forwarded
    // request sees no saved games (their seats would let anyone act as their creator).
    for header in ["X-Forwarded-For", "Forwarded", "X-Real-IP"] {
        let (status, list) = req(&app, "GET", "/api/games", &[(header, "203.0.113.7")], None).await;
        assert_eq!((status, list), (StatusCode::OK, json!([])), "{header}");
    }
    // Paged.
    let (_, page) = req(&app, "GET", "/api/games?limit=1&offset=1", &[], None).await;
    assert_eq!(page.as_array().unwrap().len(), 1);
    assert_eq!(page[0]["id"], b.as_str());
    let (status, v) = req(&app, "GET", "/api/games?limit=+1", &[], None).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    // (`+` in a query is a space.)
    assert_eq!(
        v["error"],
        "limit \" 1\" in the query is not a number written plainly (0, 1, 2, ...)"
    );
    // Plain numbers of any size: an offset past every game (also past i64 and usize) is
    // an empty page, a limit past usize::MAX is the largest page.
    for offset in ["2", "9223372036854775808", "99999999999999999999"] {
        let (status, page) = req(
            &app,
            "GET",
            &format!("/api/games?offset={offset}"),
            &[],
            None,
        )
        .await;
        assert_eq!((status, page), (StatusCode::OK, json!([])), "{offset}");
    }
    let (_, page) = req(
        &app,
        "GET",
        "/api/games?limit=99999999999999999999",
        &[],
        None,
    )
    .await;
    let ids: Vec<&str> = page
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g["id"].as_str().unwrap())
        .collect();
    assert_eq!(ids, [a.as_str(), b.as_str()]);
    // Deleting needs the creator's seat.
    let (status, _) = req(
        &app,
        "DELETE",
        &format!("/api/games/{b}"),
        &[("x-bao-seat", &seat_a)],
        None,
    )
    .await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    let (status, d) = req(
        &app,
        "DELETE",
        &format!("/api/games/{b}"),
        &[("x-bao-seat", &seat_b)],
        None,
    )
    .await;
    assert_eq!((status, d), (StatusCode::OK, json!({ "deleted": b })));
    let (status, _) = req(&app, "GET", &format!("/api/games/{b}"), &[], None).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (_, list) = req(&app, "GET", "/api/games", &[], None).await;
    assert_eq!(list.as_array().unwrap().len(), 1);
}

fn app_on(store: Store, memory_mb: usize) -> (Arc<App>, Router) {
    let app = App::new(store, memory_mb, Hosts { bound: None });
    (Arc::clone(&app), bao_web::router_with(app))
}

#[tokio::test]
async fn a_game_resumes_exactly_from_the_database() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("sub").join("games.sqlite3");
    let (id, seat, before, record) = {
        let (_, app) = app_on(Store::open(&path).unwrap(), 64);
        let (id, seat) = start(
            &app,
            r#"{"game":"kiswahili","level":3,"rules":"mancala-world"}"#,
        )
        .await;
        for mv in ["A6>", "a6<"] {
            let (status, r) = if mv == "a6<" {
                req(
                    &app,
                    "POST",
                    &format!("/api/games/{id}/engine"),
                    &[("x-bao-seat", &seat)],
                    Some("{}"),
                )
                .await
            } else {
                play(&app, &id, &seat, mv).await
            };
            assert_eq!(status, StatusCode::OK, "{r}");
        }
        let (_, s) = req(
            &app,
            "GET",
            &format!("/api/games/{id}"),
            &[("x-bao-seat", &seat)],
            None,
        )
        .await;
        let (_, rec) = req(&app, "GET", &format!("/api/games/{id}/record"), &[], None).await;
        (id, seat, s, rec)
    };
    // A second server on the same file while the first runs is refused; after it, fine.
    let (_, app) = app_on(Store::open(&path).unwrap(), 64);
    let (status, after) = req(
        &app,
        "GET",
        &format!("/api/games/{id}"),
        &[("x-bao-seat", &seat)],
        None,
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(after, before);
    assert_eq!(after["ply"], 2);
    assert_eq!(after["level"], 3);
    assert_eq!(
        after["players"],
        json!({"south": "human", "north": "computer"})
    );
    let (_, rec) = req(&app, "GET", &format!("/api/games/{id}/record"), &[], None).await;
    assert_eq!(rec, record);
    let (status, _) = play(&app, &id, &seat, &texts(&after["moves"])[0]).await;
    assert_eq!(status, StatusCode::OK);
}

#[test]
fn locked_damaged_and_unusable_databases_get_a_clear_message() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("games.sqlite3");
    let first = Store::open(&path).unwrap();
    let shown = path.display();
    let e = Store::open(&path).err().expect("locked").to_string();
    assert!(
        e.starts_with(&format!("cannot use the game database {shown}: it is locked by another program (another bao serve on the same database?)")),
        "{e}"
    );
    assert!(e.ends_with("; choose another file with --db PATH"), "{e}");
    drop(first);
    Store::open(&path).expect("free again");

    let junk = dir.path().join("junk.sqlite3");
    std::fs::write(
        &junk,
        "this is not a database, just some text that is long enough to be a header ".repeat(20),
    )
    .unwrap();
    let e = Store::open(&junk).err().expect("damaged").to_string();
    assert!(
        e.starts_with(&format!(
            "cannot use the game database {}: it is not a bao games database or it is damaged",
            junk.display()
        )),
        "{e}"
    );

    let under_a_file = junk.join("games.sqlite3");
    let e = Store::open(&under_a_file)
        .err()
        .expect("no directory")
        .to_string();
    assert!(
        e.starts_with(&format!(
            "cannot use the game database {}: cannot create its directory",
            under_a_file.display()
        )),
        "{e}"
    );
}

// ---------------------------------------------------------------------------------
// Memory bounds

#[tokio::test]
async fn only_games_in_use_stay_in_memory() {
    let (app, router) = app_on(Store::in_memory().unwrap(), 64);
    let (first, seat) = start(&router, r#"{"game":"kingulu"}"#).await;
    for _ in 0..bao_web::CACHE_GAMES + 20 {
        start(&router, r#"{"game":"kingulu"}"#).await;
    }
    assert_eq!(app.cached_games(), bao_web::CACHE_GAMES);
    // The first game left memory, not the database.
    let (status, s) = req(
        &router,
        "GET",
        &format!("/api/games/{first}"),
        &[("x-bao-seat", &seat)],
        None,
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(s["you"], json!(["South"]));
    let (_, list) = req(&router, "GET", "/api/games?limit=200", &[], None).await;
    assert_eq!(list.as_array().unwrap().len(), 200);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn engines_stay_within_the_memory_budget() {
    let (app, router) = app_on(Store::in_memory().unwrap(), 64);
    assert_eq!(app.pool().capacity(), 2);
    assert_eq!(app.pool().hash_mb(), 32);
    let mut games = Vec::new();
    for _ in 0..6 {
        games.push(
            start(
                &router,
                r#"{"game":"kingulu","level":6,"south":"computer"}"#,
            )
            .await,
        );
    }
    let tasks: Vec<_> = games
        .into_iter()
        .enumerate()
        .map(|(i, (id, seat))| {
            let router = router.clone();
            tokio::spawn(async move {
                let route = if i.is_multiple_of(2) {
                    "engine"
                } else {
                    "hint"
                };
                req(
                    &router,
                    "POST",
                    &format!("/api/games/{id}/{route}"),
                    &[("x-bao-seat", &seat)],
                    Some("{}"),
                )
                .await
            })
        })
        .collect();
    for t in tasks {
        let (status, r) = t.await.unwrap();
        assert_eq!(status, StatusCode::OK, "{r}");
        assert!(app.pool().alive() <= 2);
    }
    assert!(app.pool().alive() <= 2);
}

#[tokio::test]
async fn hints_use_the_one_hint_convention() {
    // Bao la Kiswahili has no final score, so its hint is always the search's.
    let app = bao_web::router();
    let (id, seat) = start(&app, r#"{"game":"kiswahili","level":1}"#).await;
    let (status, h) = req(
        &app,
        "POST",
        &format!("/api/games/{id}/hint"),
        &[("x-bao-seat", &seat)],
        Some("{}"),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{h}");
    let score = h["score"].as_str().unwrap();
    assert!(
        score.ends_with(" seeds for the side to move (depth 6)"),
        "{score}"
    );
    assert!(
        h["info"].as_str().unwrap().starts_with("info depth 6 "),
        "{h}"
    );
}

// ---------------------------------------------------------------------------------
// A real server on 127.0.0.1

/// Starts `bao_web::serve` on a free port with a database in `dir`; returns the port.
/// The port is one the system just gave out (`free_port`, port 0): should another
/// program take it before the server binds it, the server fails to bind and another free
/// port is tried. Waits (up to a generous 30 s) for the server to accept connections.
async fn serve(dir: &std::path::Path) -> u16 {
    for _ in 0..10 {
        let port = free_port();
        let config = bao_web::ServeConfig {
            host: "127.0.0.1".parse().unwrap(),
            port,
            db: Some(dir.join("games.sqlite3")),
            memory_mb: 64,
            public_url: None,
            ..Default::default()
        };
        let server = tokio::spawn(async move { bao_web::serve(config).await });
        let deadline = Instant::now() + Duration::from_secs(30);
        loop {
            if server.is_finished() {
                let err = server.await.unwrap().expect_err("the server stopped");
                let text = format!("{err:#}");
                assert!(text.contains(&port.to_string()), "{text}");
                break; // taken meanwhile: try another port
            }
            if tokio::net::TcpStream::connect(("127.0.0.1", port))
                .await
                .is_ok()
            {
                return port;
            }
            assert!(
                Instant::now() < deadline,
                "the server on port {port} did not start"
            );
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }
    panic!("no free port taken in 10 tries");
}

/// One HTTP/1.1 exchange (`Connection: close`); returns the status and the body.
/// Creates a game on the server at `port` with this JSON body: its id and seat token.
async fn create(port: u16, body: &str) -> (String, String) {
    let (status, body) = http(port, &post_json("/api/games", None), body).await;
    assert_eq!(status, 201, "{body}");
    let s: Value = serde_json::from_str(&body).unwrap();
    (
        s["id"].as_str().unwrap().to_string(),
        s["seat"].as_str().unwrap().to_string(),
    )
}

async fn http(port: u16, raw_head: &str, body: &str) -> (u16, String) {
    let mut s = tokio::net::TcpStream::connect(("127.0.0.1", port))
        .await
        .unwrap();
    let text = format!(
        "{raw_head}\r\nHost: 127.0.0.1:{port}\r\nConnection: close\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    );
    s.write_all(text.as_bytes()).await.unwrap();
    let mut out = Vec::new();
    s.read_to_end(&mut out).await.unwrap();
    let out = String::from_utf8_lossy(&out).to_string();
    let status = out[9..12].parse().unwrap();
    let body = out
        .split_once("\r\n\r\n")
        .map(|x| x.1.to_string())
        .unwrap_or_default();
    (status, body)
}

/// Reads the stream until `seen[from..]` contains `needle` (at most 5 s).
async fn read_until(
    stream: &mut tokio::net::TcpStream,
    seen: &mut String,
    from: usize,
    needle: &str,
) {
    let fut = async {
        let mut buf = vec![0u8; 65536];
        while !seen[from..].contains(needle) {
            let n = stream.read(&mut buf).await.unwrap();
            assert!(n > 0, "stream closed: {seen}");
            seen.push_str(&String::from_utf8_lossy(&buf[..n]));
        }
    };
    tokio::time::timeout(Duration::from_secs(5), fut)
        .await
        .unwrap_or_else(|_| panic!("no {needle} in the stream"));
}

fn post_json(path: &str, seat: Option<&str>) -> String {
    let seat = seat
        .map(|s| format!("\r\nX-Bao-Seat: {s}"))
        .unwrap_or_default();
    format!("POST {path} HTTP/1.1\r\nContent-Type: application/json{seat}")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_event_stream_sees_another_clients_move() {
    let dir = tempfile::tempdir().unwrap();
    let port = serve(dir.path()).await;
    let (id, seat) = &create(port, r#"{"game":"kingulu","north":"human"}"#).await;

    let (mut stream, mut seen) = subscribe(port, id).await;
    assert!(seen.contains("content-type: text/event-stream"), "{seen}");
    // The first state event carries the stored version (1: the game as created) as its id.
    assert!(seen.contains("event: state\nid: 1\ndata: {"), "{seen}");
    assert!(!seen.contains("\"you\""), "{seen}");

    // Another client plays: the stream tells.
    let (status, body) = http(
        port,
        &post_json(&format!("/api/games/{id}/play"), Some(seat)),
        r#"{"move":"A5"}"#,
    )
    .await;
    assert_eq!(status, 200, "{body}");
    read_until(&mut stream, &mut seen, 0, "\"ply\":1").await;
    assert!(
        seen.contains("\"history\":[{\"ply\":1,\"side\":\"South\",\"text\":\"A5\""),
        "{seen}"
    );
    let (status, _) = http(
        port,
        &post_json(&format!("/api/games/{id}/undo"), Some(seat)),
        "{}",
    )
    .await;
    assert_eq!(status, 200);
    let from = seen.len();
    read_until(&mut stream, &mut seen, from, "\"ply\":0").await;
    assert!(seen[from..].contains("\"history\":[]"), "{seen}");

    // Against the computer: the stream says when it starts thinking, then its move.
    let (id, seat) = &create(port, r#"{"game":"kingulu","level":2}"#).await;
    let (mut stream, mut seen) = subscribe(port, id).await;
    let (status, _) = http(
        port,
        &post_json(&format!("/api/games/{id}/play"), Some(seat)),
        r#"{"move":"A5"}"#,
    )
    .await;
    assert_eq!(status, 200);
    let (status, _) = http(
        port,
        &post_json(&format!("/api/games/{id}/engine"), Some(seat)),
        "{}",
    )
    .await;
    assert_eq!(status, 200);
    read_until(&mut stream, &mut seen, 0, "\"ply\":2").await;
    let thinking = seen.find("\"thinking\":true").expect("a thinking state");
    let moved = seen.find("\"ply\":2").unwrap();
    assert!(thinking < moved, "{seen}");
    assert!(seen[moved..].contains("\"thinking\":false"), "{seen}");
}

/// A port that was free a moment ago (bound to 127.0.0.1:0 and released).
fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

/// Opens the event stream of game `id` (`Connection: close`: the server closes the
/// connection when the stream ends) and reads up to its first state.
async fn subscribe(port: u16, id: &str) -> (tokio::net::TcpStream, String) {
    let mut stream = tokio::net::TcpStream::connect(("127.0.0.1", port))
        .await
        .unwrap();
    stream
        .write_all(
            format!(
                "GET /api/games/{id}/events HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nConnection: close\r\n\r\n"
            )
            .as_bytes(),
        )
        .await
        .unwrap();
    let mut seen = String::new();
    read_until(&mut stream, &mut seen, 0, "\"ply\":0").await;
    assert!(seen.starts_with("HTTP/1.1 200 OK\r\n"), "{seen}");
    (stream, seen)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn deleting_a_game_ends_its_event_streams_with_a_deleted_event() {
    let dir = tempfile::tempdir().unwrap();
    let port = serve(dir.path()).await;
    let (id, seat) = &create(port, r#"{"game":"kingulu","north":"human"}"#).await;
    // Two boards watch (the creator's and a friend's).
    let (mut one, mut seen_one) = subscribe(port, id).await;
    let (mut two, mut seen_two) = subscribe(port, id).await;

    let t0 = Instant::now();
    let (status, body) = http(
        port,
        &format!("DELETE /api/games/{id} HTTP/1.1\r\nX-Bao-Seat: {seat}"),
        "",
    )
    .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body, format!(r#"{{"deleted":"{id}"}}"#));
    let deleted = format!(
        "event: deleted\ndata: {{\"deleted\":\"{id}\",\"text\":\"game {id} was deleted by its creator\"}}\n\n"
    );
    for (stream, seen) in [(&mut one, &mut seen_one), (&mut two, &mut seen_two)] {
        // The last event, then the end of the body and the connection.
        let rest = async {
            let mut buf = Vec::new();
            stream.read_to_end(&mut buf).await.unwrap();
            seen.push_str(&String::from_utf8_lossy(&buf));
        };
        // An event stream that is not ended goes on for ever (a keep-alive every 15 s): a
        // generous 10 s deadline still fails it, and a loaded machine does not miss it.
        tokio::time::timeout(Duration::from_secs(10), rest)
            .await
            .unwrap_or_else(|_| panic!("the stream did not end within 10 s: {seen}"));
        assert_eq!(seen.matches("event: deleted").count(), 1, "{seen}");
        assert_eq!(seen.matches("event: state").count(), 1, "{seen}");
        let at = seen.find("event: deleted").unwrap();
        // Chunked: the event's chunk, then the last chunk `0`.
        let tail = &seen[at..];
        assert!(tail.starts_with(&deleted), "{tail:?}");
        assert!(tail.ends_with("\r\n0\r\n\r\n"), "{tail:?}");
    }
    let took = t0.elapsed();
    assert!(took < Duration::from_secs(10), "{took:?}");

    // A browser reconnecting gets a clean 404 at once, as does the game itself.
    let gone = format!(
        r#"{{"code":"not_found","error":"no game with id \"{id}\" (start one with POST /api/games)"}}"#
    );
    let t0 = Instant::now();
    let (status, body) = http(port, &format!("GET /api/games/{id}/events HTTP/1.1"), "").await;
    assert_eq!((status, body.as_str()), (404, gone.as_str()));
    assert!(t0.elapsed() < Duration::from_secs(10), "{:?}", t0.elapsed());
    let (status, body) = http(port, &format!("GET /api/games/{id} HTTP/1.1"), "").await;
    assert_eq!((status, body.as_str()), (404, gone.as_str()));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_computer_move_finishing_after_the_delete_does_not_bring_the_game_back() {
    let app = bao_web::router();
    // Level 9 searches Bao la Kiswahili's start for 2 s.
    let (id, seat) = start(&app, r#"{"game":"kiswahili","south":"computer","level":9}"#).await;
    let engine = {
        let (app, id, seat) = (app.clone(), id.clone(), seat.clone());
        tokio::spawn(async move {
            req(
                &app,
                "POST",
                &format!("/api/games/{id}/engine"),
                &[("x-bao-seat", &seat)],
                Some("{}"),
            )
            .await
        })
    };
    let t0 = Instant::now();
    loop {
        let (_, s) = req(&app, "GET", &format!("/api/games/{id}"), &[], None).await;
        if s["thinking"] == true {
            break;
        }
        assert!(t0.elapsed() < Duration::from_secs(5), "never thinking: {s}");
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    let (status, d) = req(
        &app,
        "DELETE",
        &format!("/api/games/{id}"),
        &[("x-bao-seat", &seat)],
        None,
    )
    .await;
    assert_eq!((status, d), (StatusCode::OK, json!({ "deleted": id })));
    let gone = format!("no game with id \"{id}\" (start one with POST /api/games)");
    assert_eq!(engine.await.unwrap(), err(StatusCode::NOT_FOUND, &gone));
    assert_eq!(
        req(&app, "GET", &format!("/api/games/{id}"), &[], None).await,
        err(StatusCode::NOT_FOUND, &gone)
    );
    let (_, list) = req(&app, "GET", "/api/games", &[], None).await;
    assert_eq!(list, json!([]));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_http_layer_answers_json_errors() {
    let dir = tempfile::tempdir().unwrap();
    let port = serve(dir.path()).await;
    let long = "a".repeat(3000);
    let (status, body) = http(port, &format!("GET /api/games/{long} HTTP/1.1"), "").await;
    assert_eq!(status, 414);
    assert_eq!(
        body,
        r#"{"code":"uri_too_long","error":"the request path is 3011 bytes long; the limit is 2048"}"#
    );
    let big = "b".repeat(20_000);
    let (status, body) = http(port, &format!("GET /api/meta HTTP/1.1\r\nX-Big: {big}"), "").await;
    assert_eq!(status, 431);
    assert!(
        body.starts_with(r#"{"code":"headers_too_large","error":"the request headers are "#),
        "{body}"
    );
    let (status, body) = http(port, "GET /api/games/g1 HTTP/1.1", "").await;
    assert_eq!(status, 404);
    assert_eq!(
        body,
        r#"{"code":"not_found","error":"no game with id \"g1\" (start one with POST /api/games)"}"#
    );
    let mut s = tokio::net::TcpStream::connect(("127.0.0.1", port))
        .await
        .unwrap();
    s.write_all(
        format!("GET /api/meta HTTP/1.1\r\nHost: evil.example:{port}\r\nConnection: close\r\n\r\n")
            .as_bytes(),
    )
    .await
    .unwrap();
    let mut out = String::new();
    s.read_to_string(&mut out).await.unwrap();
    assert!(out.starts_with("HTTP/1.1 403"), "{out}");
}

#[tokio::test]
async fn only_the_local_machine_sees_the_saved_games() {
    let app = bao_web::router();
    start(&app, r#"{"game":"kingulu"}"#).await;
    let list_from = |ip: &str| {
        let mut r = Request::get("/api/games").body(Body::empty()).unwrap();
        r.extensions_mut()
            .insert(bao_web::Peer(format!("{ip}:50000").parse().unwrap()));
        r
    };
    for (ip, n) in [("127.0.0.1", 1), ("192.168.1.20", 0)] {
        let res = app.clone().oneshot(list_from(ip)).await.unwrap();
        assert_eq!(res.status(), StatusCode::OK);
        let bytes = res.into_body().collect().await.unwrap().to_bytes();
        let v: Value = serde_json::from_slice(&bytes).unwrap();
        assert_eq!(v.as_array().unwrap().len(), n, "{ip}: {v}");
    }
}
