//! The puzzles page and its API (docs/web.md): `GET /puzzles`, `GET /api/puzzles?game=G`,
//! `GET /api/puzzles/{game}/{n}`, with exact answers and errors.

use axum::body::Body;
use axum::http::{Request, StatusCode};
use http_body_util::BodyExt;
use serde_json::{json, Value};
use tower::ServiceExt;

async fn get(uri: &str) -> (StatusCode, String, String) {
    let req = Request::builder().uri(uri).body(Body::empty()).unwrap();
    let res = bao_web::router().oneshot(req).await.unwrap();
    let status = res.status();
    let kind = res
        .headers()
        .get("content-type")
        .map(|v| v.to_str().unwrap().to_string())
        .unwrap_or_default();
    let bytes = res.into_body().collect().await.unwrap().to_bytes();
    (status, kind, String::from_utf8(bytes.to_vec()).unwrap())
}

async fn get_json(uri: &str) -> (StatusCode, Value) {
    let (status, kind, text) = get(uri).await;
    assert!(kind.contains("json"), "{uri}: {kind}");
    (status, serde_json::from_str(&text).unwrap())
}

#[tokio::test]
async fn the_list_is_the_cli_list() {
    let (status, v) = get_json("/api/puzzles?game=kingulu").await;
    assert_eq!(status, StatusCode::OK);
    let all = v.as_array().unwrap();
    assert_eq!(all.len(), 120);
    assert_eq!(
        all[13],
        json!({
            "number": 14,
            "rules": "default",
            "position": "0 1 0 5 2 1 / 2 5*N 0 0 2 1 ; S=19 N=10 ; South",
            "side": "South",
            "solution": "A5",
            "line": ["A5", "a5", "A6", "a6"],
            "result": "only win in 4",
            "theme": "capture",
            "difficulty": 2
        })
    );
    // The default game is Bao la Kiswahili.
    let (_, v) = get_json("/api/puzzles").await;
    assert_eq!(v.as_array().unwrap().len(), 120);
    assert_eq!(v[1]["solution"], "a2<");
}

#[tokio::test]
async fn one_puzzle_with_its_board_moves_and_line() {
    let (status, v) = get_json("/api/puzzles/kingulu/14").await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(v["game"], "kingulu");
    assert_eq!(v["count"], 120);
    assert_eq!(v["number"], 14);
    assert_eq!(v["solution"], "A5");
    assert_eq!(
        v["task"],
        "South to move: find the only move that wins (a win in 4 plies)."
    );
    assert_eq!(v["answer"], "it is the only winning move: a win in 4 plies");
    assert_eq!(
        v["why_wrong"],
        "does not win: with best play it draws or loses"
    );
    assert_eq!(v["end"], "South wins: the seeds were counted, South 26–22");
    assert_eq!(v["board"]["to_move"], "South");
    assert_eq!(v["board"]["stores"], json!([19, 10]));
    let moves: Vec<&str> = v["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["text"].as_str().unwrap())
        .collect();
    assert_eq!(moves, ["A1", "A5", "A6"]);
    let played = v["played"].as_array().unwrap();
    let line: Vec<(&str, &str)> = played
        .iter()
        .map(|p| (p["side"].as_str().unwrap(), p["text"].as_str().unwrap()))
        .collect();
    assert_eq!(
        line,
        [
            ("South", "A5"),
            ("North", "a5"),
            ("South", "A6"),
            ("North", "a6")
        ]
    );
    // Each traced move starts from the board the one before it ended on.
    assert_eq!(played[0]["before"], v["board"]);
    let sows = played[0]["events"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|e| e["kind"] == "sow")
        .count();
    assert_eq!(sows, 3);
}

#[tokio::test]
async fn errors_name_what_is_wrong() {
    let (status, v) = get_json("/api/puzzles?game=chess").await;
    assert_eq!(
        (status, v),
        (
            StatusCode::BAD_REQUEST,
            json!({"error": "unknown game \"chess\": expected kiswahili or kingulu", "code": "bad_request"})
        )
    );
    let (status, v) = get_json("/api/puzzles/kingulu/121").await;
    assert_eq!(
        (status, v),
        (
            StatusCode::NOT_FOUND,
            json!({"error": "no puzzle \"121\" in the kingulu set: it has puzzles 1 to 120", "code": "not_found"})
        )
    );
    let (status, v) = get_json("/api/puzzles/kingulu/x").await;
    assert_eq!(
        (status, v),
        (
            StatusCode::NOT_FOUND,
            json!({"error": "no puzzle \"x\" in the kingulu set: it has puzzles 1 to 120", "code": "not_found"})
        )
    );
    let (status, v) = get_json("/api/puzzles/go/1").await;
    assert_eq!(
        (status, v),
        (
            StatusCode::NOT_FOUND,
            json!({"error": "unknown game \"go\": expected kiswahili or kingulu", "code": "not_found"})
        )
    );
}

#[tokio::test]
async fn the_page_and_its_script_are_served() {
    let (status, kind, text) = get("/puzzles").await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(kind, "text/html; charset=utf-8");
    assert!(text.contains("<script type=\"module\" src=\"/js/puzzles.js\"></script>"));
    // Every page's site header links to it: the game page's script draws the header
    // (static/js/header.js), whose links include /puzzles.
    let (_, _, page) = get("/js/page.js").await;
    assert!(page.contains("import './header.js';"));
    let (_, _, header) = get("/js/header.js").await;
    assert!(header.contains("['/puzzles', t('nav-puzzles'), 'nav-puzzles'],"));
    let (status, kind, text) = get("/js/puzzles.js").await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(kind, "text/javascript; charset=utf-8");
    assert!(
        text.contains("import { drawBoard, fitLabels, screenArrow, screenDir } from './board.js';")
    );
}
