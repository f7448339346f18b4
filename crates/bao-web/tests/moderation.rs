//! Issue 31, moderation: a moderator (the role `bao admin grant NAME` gives, here
//! through the store) sees the reported chat lines and resolves them, mutes an account
//! in every chat and closes an account: its sessions end at once, its notices stream
//! ends, and it cannot sign in again. Everyone else gets 403.

use std::time::Duration;

use axum::http::StatusCode;
use serde_json::{json, Value};

mod common;
use common::kit::{call, lobby_game, sign_up, Events};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_moderator_sees_reports_mutes_and_closes_accounts() {
    let hosts = || bao_web::guard::Hosts { bound: None };
    let mut apps = vec![(
        bao_web::App::new(bao_web::store::Store::in_memory().unwrap(), 512, hosts()),
        None,
    )];
    if let Some(url) = common::postgres_url() {
        let db = bao_web::store::pg::create_database(&url).unwrap();
        let store = bao_web::store::Store::connect(&db).unwrap();
        apps.push((
            bao_web::App::new(store, 512, hosts()),
            Some(common::TestDb(db)),
        ));
    }
    for (app, db) in apps {
        if db.is_some() {
            bao_web::clock::start(&app).await.unwrap();
        }
        let router = bao_web::router_with(std::sync::Arc::clone(&app));
        moderation_on(&app, router).await;
    }
}

async fn moderation_on(app: &bao_web::App, r: axum::Router) {
    let amani = sign_up(&r, "amani").await;
    let baraka = sign_up(&r, "baraka").await;
    let zuhura = sign_up(&r, "zuhura").await;
    assert!(app.store().set_role("Zuhura", Some("moderator")).unwrap());
    let id = lobby_game(
        &r,
        &amani,
        &baraka,
        json!({"game": "kingulu", "clock": {"days_per_move": 2}}),
    )
    .await;
    let chat = format!("/api/games/{id}/chat");
    let (s, line) = call(
        &r,
        "POST",
        &chat,
        Some(&amani),
        Some(json!({"text": "you cheat"})),
    )
    .await;
    assert_eq!(s, StatusCode::CREATED);
    let line_id = line["id"].as_i64().unwrap();
    let (s, _) = call(
        &r,
        "POST",
        &format!("/api/chat/{line_id}/report"),
        Some(&baraka),
        None,
    )
    .await;
    assert_eq!(s, StatusCode::CREATED);
    // Only a moderator sees the reports.
    let refused =
        "only moderators may do this (an administrator makes one with bao admin grant NAME)";
    for uri in ["/api/mod/reports"] {
        let (s, v) = call(&r, "GET", uri, Some(&baraka), None).await;
        assert_eq!((s, &v["error"]), (StatusCode::FORBIDDEN, &json!(refused)));
    }
    let (s, v) = call(
        &r,
        "POST",
        "/api/mod/accounts/amani/close",
        Some(&baraka),
        None,
    )
    .await;
    assert_eq!((s, &v["error"]), (StatusCode::FORBIDDEN, &json!(refused)));
    let (s, v) = call(&r, "GET", "/api/mod/reports", Some(&zuhura), None).await;
    assert_eq!(s, StatusCode::OK, "{v}");
    let reports = v.as_array().unwrap();
    assert_eq!(reports.len(), 1, "{v}");
    assert_eq!(reports[0]["line"], line);
    assert_eq!(
        (&reports[0]["game"], &reports[0]["reporter"]),
        (&json!(id), &json!("baraka"))
    );
    let report = reports[0]["id"].as_i64().unwrap();
    // Muted by a moderator: amani writes in no chat until unmuted.
    let mute = "/api/mod/accounts/AMANI/mute";
    let (s, v) = call(
        &r,
        "POST",
        mute,
        Some(&zuhura),
        Some(json!({"muted": true})),
    )
    .await;
    assert_eq!(
        (s, v),
        (StatusCode::OK, json!({"name": "amani", "chat_muted": true}))
    );
    let (s, v) = call(
        &r,
        "POST",
        &chat,
        Some(&amani),
        Some(json!({"text": "sorry"})),
    )
    .await;
    assert_eq!(
        (s, &v["error"]),
        (
            StatusCode::FORBIDDEN,
            &json!("a moderator muted you: you cannot write in the chat")
        )
    );
    call(
        &r,
        "POST",
        mute,
        Some(&zuhura),
        Some(json!({"muted": false})),
    )
    .await;
    let (s, _) = call(
        &r,
        "POST",
        &chat,
        Some(&amani),
        Some(json!({"text": "sorry"})),
    )
    .await;
    assert_eq!(s, StatusCode::CREATED);
    // Resolved: the list is empty, and a second resolve finds nothing open.
    let resolve = format!("/api/mod/reports/{report}/resolve");
    let (s, v) = call(&r, "POST", &resolve, Some(&zuhura), None).await;
    assert_eq!((s, v), (StatusCode::OK, json!({"resolved": report})));
    let (_, v) = call(&r, "GET", "/api/mod/reports", Some(&zuhura), None).await;
    assert_eq!(v, json!([]));
    let (s, _) = call(&r, "POST", &resolve, Some(&zuhura), None).await;
    assert_eq!(s, StatusCode::NOT_FOUND);
    // Closed: baraka's two sessions end at once, his notices stream says so and ends,
    // and his right password no longer signs him in.
    let (s, v) = call(
        &r,
        "POST",
        "/api/session",
        None,
        Some(json!({"name": "baraka", "password": "password of baraka"})),
    )
    .await;
    assert_eq!(s, StatusCode::OK, "{v}");
    let (s, _) = call(
        &r,
        "POST",
        "/api/challenges",
        Some(&baraka),
        Some(json!({"game": "kingulu", "clock": {"days_per_move": 3}})),
    )
    .await;
    assert_eq!(s, StatusCode::CREATED);
    let mut page = Events::open(&r, "/api/me/events", Some(&baraka)).await;
    assert_eq!(page.next_of("ready").await, json!({"name": "baraka"}));
    let (s, v) = call(
        &r,
        "POST",
        "/api/mod/accounts/baraka/close",
        Some(&zuhura),
        None,
    )
    .await;
    assert_eq!(
        (s, v),
        (
            StatusCode::OK,
            json!({"name": "baraka", "closed": true, "sessions_ended": 2})
        )
    );
    assert_eq!(
        page.next_of("notice").await,
        json!({"kind": "closed", "game": null, "challenge": null, "text": "a moderator closed your account",
            "say": {"key": "notice-closed", "args": {}}})
    );
    assert_eq!(
        page.next_within(Duration::from_secs(2)).await,
        None,
        "the stream ended"
    );
    let (s, v) = call(&r, "GET", "/api/me", Some(&baraka), None).await;
    assert_eq!(
        (s, v),
        (StatusCode::OK, json!({"name": null, "signed_in": false})),
        "his sessions ended"
    );
    let (_, v) = call(&r, "GET", "/api/challenges", None, None).await;
    assert_eq!(v, json!([]), "his challenge left the lobby");
    let (s, v) = call(
        &r,
        "POST",
        "/api/session",
        None,
        Some(json!({"name": "baraka", "password": "password of baraka"})),
    )
    .await;
    assert_eq!(
        (s, &v["error"]),
        (
            StatusCode::FORBIDDEN,
            &json!("this account was closed by a moderator")
        )
    );
    let (s, v) = call(
        &r,
        "POST",
        "/api/mod/accounts/zuhura/close",
        Some(&zuhura),
        None,
    )
    .await;
    assert_eq!(
        (s, &v["error"]),
        (
            StatusCode::UNPROCESSABLE_ENTITY,
            &json!("you cannot close your own account here")
        )
    );
    let (s, v) = call(
        &r,
        "POST",
        "/api/mod/accounts/bao-3/mute",
        Some(&zuhura),
        Some(json!({"muted": true})),
    )
    .await;
    assert_eq!(
        (s, &v["error"]),
        (
            StatusCode::NOT_FOUND,
            &Value::from("no player named \"bao-3\"")
        )
    );
    let a = common::kit::send(&r, "GET", "/mod", None, None).await;
    assert_eq!(a.status, StatusCode::OK);
    assert!(a.text.contains("src=\"/js/mod.js\""));
}
