//! Issue 35 item 7: sign-in limits a club can live with. Only failures count; they are
//! limited per (address, account) — 10 in 15 minutes — and, more loosely, per address —
//! 50 in 15 minutes; a correct password from another address is never refused because
//! of them; a club of 30 signs up from one address (60 sign-ups an hour). Each request
//! comes from a real peer address (the connection's, as `bao serve` adds it), not from a
//! forwarded header.

use std::net::SocketAddr;

use axum::body::Body;
use axum::http::{Request, StatusCode};
use axum::Router;
use bao_web::accounts::limit::{FAILED_PER_ACCOUNT, FAILED_PER_ADDRESS, SIGN_UPS};
use http_body_util::BodyExt;
use serde_json::{json, Value};
use tower::ServiceExt;

mod common;

/// The club's one address, and somebody else's.
const CLUB: &str = "203.0.113.7:40000";
const ELSEWHERE: &str = "198.51.100.9:50000";

/// A request from `peer` with a JSON body; (status, JSON).
async fn from(app: &Router, peer: &str, uri: &str, body: Value) -> (StatusCode, Value) {
    let mut r = Request::post(uri)
        .header("content-type", "application/json")
        .body(Body::from(body.to_string()))
        .unwrap();
    let addr: SocketAddr = peer.parse().unwrap();
    r.extensions_mut().insert(bao_web::app::Peer(addr));
    let res = app.clone().oneshot(r).await.unwrap();
    let status = res.status();
    let bytes = res.into_body().collect().await.unwrap().to_bytes();
    (
        status,
        serde_json::from_slice(&bytes).unwrap_or(Value::Null),
    )
}

async fn sign_up(app: &Router, peer: &str, name: &str) -> StatusCode {
    from(
        app,
        peer,
        "/api/accounts",
        json!({"name": name, "password": format!("password of {name}")}),
    )
    .await
    .0
}

async fn sign_in(app: &Router, peer: &str, name: &str, right: bool) -> (StatusCode, Value) {
    let password = if right {
        format!("password of {name}")
    } else {
        "a wrong guess".to_string()
    };
    from(
        app,
        peer,
        "/api/session",
        json!({"name": name, "password": password}),
    )
    .await
}

/// A 429 of a sign-in naming `why`.
fn assert_limited(got: (StatusCode, Value), why: &str) {
    assert_eq!(got.0, StatusCode::TOO_MANY_REQUESTS, "{}", got.1);
    let e = got.1["error"].as_str().unwrap();
    assert!(
        e.starts_with("too many sign-in attempts from your address: try again in ")
            && e.ends_with(&format!(" s ({why})")),
        "{e}"
    );
}

#[test]
fn the_stated_numbers() {
    assert_eq!(
        (
            FAILED_PER_ACCOUNT.attempts,
            FAILED_PER_ACCOUNT.window.as_secs()
        ),
        (10, 900)
    );
    assert_eq!(
        (
            FAILED_PER_ADDRESS.attempts,
            FAILED_PER_ADDRESS.window.as_secs()
        ),
        (50, 900)
    );
    assert_eq!((SIGN_UPS.attempts, SIGN_UPS.window.as_secs()), (60, 3600));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn nine_wrong_passwords_lock_nobody_out() {
    for (app, _db) in common::routers() {
        nine_wrong_passwords_lock_nobody_out_on(app).await;
    }
}

async fn nine_wrong_passwords_lock_nobody_out_on(app: Router) {
    assert_eq!(sign_up(&app, CLUB, "alice").await, StatusCode::CREATED);
    assert_eq!(sign_up(&app, CLUB, "bob").await, StatusCode::CREATED);
    for _ in 0..9 {
        let (s, v) = sign_in(&app, CLUB, "alice", false).await;
        assert_eq!(s, StatusCode::UNAUTHORIZED, "{v}");
    }
    // Another account's right password from the same address.
    let (s, v) = sign_in(&app, CLUB, "bob", true).await;
    assert_eq!((s, v), (StatusCode::OK, json!({"name": "bob"})));
    // alice's own right password, from elsewhere and from the club.
    let (s, v) = sign_in(&app, ELSEWHERE, "alice", true).await;
    assert_eq!((s, v), (StatusCode::OK, json!({"name": "alice"})));
    let (s, v) = sign_in(&app, CLUB, "alice", true).await;
    assert_eq!((s, v), (StatusCode::OK, json!({"name": "alice"})));
    // Successes are not counted: many more right passwords still pass.
    for _ in 0..12 {
        let (s, _) = sign_in(&app, CLUB, "bob", true).await;
        assert_eq!(s, StatusCode::OK);
    }
    // The tenth failure is still a 401; the eleventh attempt is refused.
    let (s, _) = sign_in(&app, CLUB, "alice", false).await;
    assert_eq!(s, StatusCode::UNAUTHORIZED);
    assert_limited(
        sign_in(&app, CLUB, "ALICE", true).await,
        "10 wrong passwords for this account in 15 minutes",
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_limit_per_address_and_account_answers_429_at_ten() {
    for (app, _db) in common::routers() {
        the_limit_per_address_and_account_answers_429_at_ten_on(app).await;
    }
}

async fn the_limit_per_address_and_account_answers_429_at_ten_on(app: Router) {
    assert_eq!(sign_up(&app, CLUB, "carol").await, StatusCode::CREATED);
    assert_eq!(sign_up(&app, CLUB, "dave").await, StatusCode::CREATED);
    let mut statuses = Vec::new();
    for _ in 0..12 {
        statuses.push(sign_in(&app, CLUB, "carol", false).await.0.as_u16());
    }
    let mut want = vec![401; 10];
    want.extend([429, 429]);
    assert_eq!(statuses, want);
    // The right password from the same address waits too...
    assert_limited(
        sign_in(&app, CLUB, "carol", true).await,
        "10 wrong passwords for this account in 15 minutes",
    );
    // ... but not from another address, nor another account's from the same one.
    let (s, _) = sign_in(&app, ELSEWHERE, "carol", true).await;
    assert_eq!(s, StatusCode::OK);
    let (s, _) = sign_in(&app, CLUB, "dave", true).await;
    assert_eq!(s, StatusCode::OK);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_limit_per_address_answers_429_at_fifty() {
    for (app, _db) in common::routers() {
        the_limit_per_address_answers_429_at_fifty_on(app).await;
    }
}

async fn the_limit_per_address_answers_429_at_fifty_on(app: Router) {
    assert_eq!(sign_up(&app, CLUB, "erin").await, StatusCode::CREATED);
    // Fifty failures over ten accounts (five each, unknown names count too): all 401.
    for i in 0..50 {
        let name = format!("member{}", i % 10);
        let (s, v) = sign_in(&app, CLUB, &name, false).await;
        assert_eq!(s, StatusCode::UNAUTHORIZED, "failure {i}: {v}");
    }
    // The fifty-first attempt from the address is refused, whatever the account.
    assert_limited(
        sign_in(&app, CLUB, "someone", false).await,
        "50 failed sign-ins from one address in 15 minutes",
    );
    assert_limited(
        sign_in(&app, CLUB, "erin", true).await,
        "50 failed sign-ins from one address in 15 minutes",
    );
    // A correct password from another address is not.
    let (s, v) = sign_in(&app, ELSEWHERE, "erin", true).await;
    assert_eq!((s, v), (StatusCode::OK, json!({"name": "erin"})));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_club_of_thirty_signs_up_from_one_address() {
    for (app, _db) in common::routers() {
        a_club_of_thirty_signs_up_from_one_address_on(app).await;
    }
}

async fn a_club_of_thirty_signs_up_from_one_address_on(app: Router) {
    for i in 0..30 {
        let name = format!("player{i:02}");
        assert_eq!(
            sign_up(&app, CLUB, &name).await,
            StatusCode::CREATED,
            "{name}"
        );
    }
    // Each of them signs in from the club as well.
    for i in 0..30 {
        let (s, _) = sign_in(&app, CLUB, &format!("player{i:02}"), true).await;
        assert_eq!(s, StatusCode::OK);
    }
    // The budget is 60 an hour: thirty more pass, the sixty-first is refused.
    for i in 30..60 {
        let name = format!("player{i:02}");
        assert_eq!(
            sign_up(&app, CLUB, &name).await,
            StatusCode::CREATED,
            "{name}"
        );
    }
    let (s, v) = from(
        &app,
        CLUB,
        "/api/accounts",
        json!({"name": "player60", "password": "password of player60"}),
    )
    .await;
    assert_eq!(s, StatusCode::TOO_MANY_REQUESTS, "{v}");
    let e = v["error"].as_str().unwrap();
    assert!(
        e.starts_with("too many sign-up attempts from your address: try again in ")
            && e.ends_with(" s (60 sign-ups from one address in an hour)"),
        "{e}"
    );
    assert_eq!(
        sign_up(&app, ELSEWHERE, "player60").await,
        StatusCode::CREATED
    );
}
