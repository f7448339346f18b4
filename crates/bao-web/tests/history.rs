//! Values that know the game's history (issue 19 §1, G-R15): the web's oracle and hint
//! for a loaded record whose next move can complete a third occurrence.

use axum::body::Body;
use axum::http::{Request, StatusCode};
use axum::Router;
use http_body_util::BodyExt;
use serde_json::{json, Value};
use tower::ServiceExt;

/// G-T32 of docs/bao-kingulu.md after `1. A6 a6 2. A6`: North to move; `a6` brings the
/// setup position back for the third time, which ends the game (G-R15) with R14's score
/// South 27 (store 9 + row 1+4+6+0+6+1), North 21 (store 12 + row 0+1+4+1+2+1).
const T32_RECORD: &str = "[Game \"kingulu\"]\n[Rules \"default\"]\n[South \"bao level 6\"]\n[North \"you\"]\n[Setup \"0 1 4 1 2 1 / 1 4 6 0 6 1 ; S=9 N=12 ; South\"]\n[Result \"*\"]\n\n1. A6 a6 2. A6 *\n";

async fn send(
    app: &Router,
    method: &str,
    uri: &str,
    seat: Option<&str>,
    body: Option<String>,
) -> (StatusCode, Value) {
    let mut req = Request::builder().method(method).uri(uri);
    if body.is_some() {
        req = req.header("content-type", "application/json");
    }
    if let Some(s) = seat {
        req = req.header("x-bao-seat", s);
    }
    let req = req
        .body(body.map(Body::from).unwrap_or_else(Body::empty))
        .expect("request");
    let res = app.clone().oneshot(req).await.expect("response");
    let status = res.status();
    let bytes = res.into_body().collect().await.expect("body").to_bytes();
    (status, serde_json::from_slice(&bytes).expect("JSON body"))
}

#[tokio::test]
async fn the_oracle_scores_a_third_occurrence_as_a_loss_in_one() {
    let app = bao_web::router();
    let body = json!({ "record": T32_RECORD, "north": "human" }).to_string();
    let (status, s) = send(&app, "POST", "/api/games/load", None, Some(body)).await;
    assert_eq!(status, StatusCode::CREATED, "{s}");
    let id = s["id"].as_str().expect("id").to_string();
    let seat = s["seat"].as_str().expect("seat").to_string();
    let (status, o) = send(
        &app,
        "GET",
        &format!("/api/games/{id}/oracle"),
        Some(&seat),
        None,
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{o}");
    assert_eq!(
        o["moves"],
        json!([
            {"move": "a3", "from": "a3", "value": "win", "plies": 21, "margin": "23–25", "text": "win in 21"},
            {"move": "a5", "from": "a5", "value": "win", "plies": 28, "margin": "23–25", "text": "win in 28"},
            {"move": "a6", "from": "a6", "value": "loss", "plies": 1, "margin": "27–21", "text": "loss in 1"},
        ])
    );
    // The hint sees the same history: a3, the shortest of North's wins keeping 25 seeds.
    let (status, h) = send(
        &app,
        "POST",
        &format!("/api/games/{id}/hint"),
        Some(&seat),
        Some("{}".into()),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{h}");
    assert_eq!(h["best"]["text"], "a3", "{h}");
    assert_eq!(h["score"], "win in 21 plies, South 23–25 (proved)", "{h}");
}
