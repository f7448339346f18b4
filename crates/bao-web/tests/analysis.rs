//! `POST`/`GET /api/games/{id}/analysis` (issue 19 §2, docs/analysis.md): the same JSON as
//! `bao report --json`, computed in the background.

use axum::body::Body;
use axum::http::{Request, StatusCode};
use axum::Router;
use http_body_util::BodyExt;
use serde_json::{json, Value};
use std::time::{Duration, Instant};
use tower::ServiceExt;

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

/// The values of `1. A4 a3` from the opening book (docs/solved.md; the same as
/// crates/bao-cli/tests/report.rs, which pins `bao report --json`), valued within
/// `limits` (book values: the same at every depth).
fn expected_within(limits: Value) -> Value {
    json!({
        "game": "kingulu",
        "players": {"South": "human", "North": "human"},
        "limits": limits,
        "accuracy": {"South": 0.0, "North": 0.0},
        "moves": [
            {"ply": 1, "side": "South", "move": "A4", "best": "A3", "class": "blunder",
             "before": {"score": 4.0, "proved": "win", "plies": 29, "margin": [26, 22], "source": "book"},
             "after": {"score": -10.0, "proved": "loss", "plies": 20, "margin": [19, 29], "source": "book"}},
            {"ply": 2, "side": "North", "move": "a3", "best": "a5", "class": "blunder",
             "before": {"score": 10.0, "proved": "win", "plies": 19, "margin": [19, 29], "source": "book"},
             "after": {"score": -2.0, "proved": "loss", "plies": 18, "margin": [25, 23], "source": "book"}}
        ]
    })
}

/// The report of a `{"depth": 2}` analysis.
fn expected() -> Value {
    expected_within(json!({"depth": 2}))
}

/// Polls `GET uri` until the report is finished.
async fn finished_report(app: &Router, uri: &str, seat: &str) -> Value {
    let deadline = Instant::now() + Duration::from_secs(60);
    loop {
        let (status, r) = send(app, "GET", uri, Some(seat), None).await;
        if status == StatusCode::OK {
            return r;
        }
        assert_eq!(status, StatusCode::ACCEPTED, "{r}");
        assert!(Instant::now() < deadline, "analysis did not finish");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

#[tokio::test]
async fn analysis_of_a_loaded_game_is_the_report_json() {
    let app = bao_web::router();
    let record = "[Game \"kingulu\"]\n[Result \"*\"]\n\n1. A4 a3 *\n";
    let body = json!({ "record": record, "south": "human", "north": "human" }).to_string();
    let (status, s) = send(&app, "POST", "/api/games/load", None, Some(body)).await;
    assert_eq!(status, StatusCode::CREATED, "{s}");
    let id = s["id"].as_str().unwrap().to_string();
    let seat = s["seat"].as_str().unwrap().to_string();
    let uri = format!("/api/games/{id}/analysis");

    // Nothing yet; a game in progress needs its seat; bad limits are refused.
    let (status, e) = send(&app, "GET", &uri, Some(&seat), None).await;
    assert_eq!(status, StatusCode::NOT_FOUND, "{e}");
    assert_eq!(
        e["error"],
        format!("no analysis of this game yet: POST /api/games/{id}/analysis starts one")
    );
    let (status, _) = send(&app, "POST", &uri, None, Some("{}".into())).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    let (status, e) = send(
        &app,
        "POST",
        &uri,
        Some(&seat),
        Some(r#"{"time_ms":0}"#.into()),
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{e}");
    assert_eq!(e["error"], "time_ms 0: give 1 to 5000 ms per position");
    let (status, e) = send(
        &app,
        "POST",
        &uri,
        Some(&seat),
        Some(r#"{"depth":16}"#.into()),
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{e}");
    assert_eq!(e["error"], "depth: give 1 to 15 plies");
    let (status, e) = send(
        &app,
        "POST",
        &uri,
        Some(&seat),
        Some(r#"{"time_ms":300,"depth":4}"#.into()),
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{e}");
    assert_eq!(
        e["error"],
        "give time_ms (by the clock) or depth (fixed), not both"
    );

    let (status, r) = send(
        &app,
        "POST",
        &uri,
        Some(&seat),
        Some(r#"{"depth":2}"#.into()),
    )
    .await;
    assert!(
        status == StatusCode::ACCEPTED || status == StatusCode::OK,
        "{status} {r}"
    );
    // Wait for it (a generous deadline: book values, it takes milliseconds).
    let deadline = Instant::now() + Duration::from_secs(60);
    let report = loop {
        let (status, r) = send(&app, "GET", &uri, Some(&seat), None).await;
        if status == StatusCode::OK {
            break r;
        }
        assert_eq!(status, StatusCode::ACCEPTED, "{r}");
        assert_eq!(r["status"], "running");
        assert_eq!(r["total"], 2);
        assert!(Instant::now() < deadline, "analysis did not finish");
        tokio::time::sleep(Duration::from_millis(20)).await;
    };
    assert_eq!(report, expected());
    // A second POST for the same moves and limits gives the finished report at once.
    let (status, again) = send(
        &app,
        "POST",
        &uri,
        Some(&seat),
        Some(r#"{"depth":2}"#.into()),
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(again, expected());
    // The cache is keyed on the limits (issue 34 item 7): depth 4 after a finished
    // depth 2 is a new analysis, and its report says depth 4; then by the clock.
    for (body, limits) in [
        (r#"{"depth":4}"#, json!({"depth": 4})),
        (r#"{"time_ms":300}"#, json!({"time_ms": 300})),
        ("{}", json!({"depth": 15})),
    ] {
        let (status, r) = send(&app, "POST", &uri, Some(&seat), Some(body.into())).await;
        assert_eq!(status, StatusCode::ACCEPTED, "{body}: {r}");
        assert_eq!(r["status"], "running", "{body}");
        let report = finished_report(&app, &uri, &seat).await;
        assert_eq!(report["limits"], limits, "{body}");
        assert_eq!(report, expected_within(limits), "{body}");
    }
}

/// Loads `record` as a new game, runs the analysis with `body` and waits for the report.
async fn analyse(app: &Router, record: &str, body: &str) -> Value {
    let load = json!({ "record": record, "south": "human", "north": "human" }).to_string();
    let (status, s) = send(app, "POST", "/api/games/load", None, Some(load)).await;
    assert_eq!(status, StatusCode::CREATED, "{s}");
    let id = s["id"].as_str().unwrap().to_string();
    let seat = s["seat"].as_str().unwrap().to_string();
    let uri = format!("/api/games/{id}/analysis");
    let (status, r) = send(app, "POST", &uri, Some(&seat), Some(body.into())).await;
    assert!(
        status == StatusCode::ACCEPTED || status == StatusCode::OK,
        "{status} {r}"
    );
    let deadline = Instant::now() + Duration::from_secs(120);
    loop {
        let (status, r) = send(app, "GET", &uri, Some(&seat), None).await;
        if status == StatusCode::OK {
            return r;
        }
        assert_eq!(status, StatusCode::ACCEPTED, "{r}");
        assert!(Instant::now() < deadline, "analysis did not finish");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// The page's "Analyse this game" sends `{}`: a fixed depth (as `bao report`'s default,
/// 15 plies) with the solver's node budget, so two analyses of the same game are the same
/// report (a time limit made them differ), and the same as `{"depth": 15}`.
#[tokio::test]
async fn the_default_analysis_is_the_same_on_every_run() {
    let app = bao_web::router();
    let record = "[Game \"kiswahili\"]\n[Rules \"mancala-world\"]\n[Result \"*\"]\n\n\
        1. A7> a7> 2. A8> a6> 3. A6> a7< 4. A8< a6< *\n";
    let first = analyse(&app, record, "{}").await;
    assert_eq!(first["moves"].as_array().unwrap().len(), 8, "{first}");
    assert_eq!(first["moves"][0]["before"]["source"], "search", "{first}");
    assert_eq!(analyse(&app, record, "{}").await, first);
    assert_eq!(analyse(&app, record, r#"{"depth":15}"#).await, first);
    assert_eq!(bao_web::analysis::DEFAULT_DEPTH, 15);
}
