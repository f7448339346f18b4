//! Requests, accounts, lobby games and event streams for the community tests (issue 31:
//! `game_history.rs`, `community.rs`, `moderation.rs`).
#![allow(dead_code)] // each test file uses its own subset

use std::time::{Duration, Instant};

use axum::body::Body;
use axum::http::{HeaderMap, Request, StatusCode};
use axum::Router;
use http_body_util::BodyExt;
use serde_json::{json, Value};
use tower::ServiceExt;

/// One answer: status, headers and body (JSON when it reads as JSON, else the text).
pub struct Answer {
    /// The status.
    pub status: StatusCode,
    /// The headers.
    pub headers: HeaderMap,
    /// The body as text.
    pub text: String,
    /// The body as JSON (`Null` when it is not).
    pub json: Value,
}

/// One request with a cookie (`None`: signed out) and a JSON body.
pub async fn send(
    app: &Router,
    method: &str,
    uri: &str,
    cookie: Option<&str>,
    body: Option<Value>,
) -> Answer {
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
    let headers = res.headers().clone();
    let bytes = res.into_body().collect().await.unwrap().to_bytes();
    let text = String::from_utf8_lossy(&bytes).into_owned();
    let json = serde_json::from_str(&text).unwrap_or(Value::Null);
    Answer {
        status,
        headers,
        text,
        json,
    }
}

/// [`send`]'s status and JSON.
pub async fn call(
    app: &Router,
    method: &str,
    uri: &str,
    cookie: Option<&str>,
    body: Option<Value>,
) -> (StatusCode, Value) {
    let a = send(app, method, uri, cookie, body).await;
    (a.status, a.json)
}

/// Signs up `name`; its cookie (`bao_session=…`).
pub async fn sign_up(app: &Router, name: &str) -> String {
    let a = send(
        app,
        "POST",
        "/api/accounts",
        None,
        Some(json!({"name": name, "password": format!("password of {name}")})),
    )
    .await;
    assert_eq!(a.status, StatusCode::CREATED, "{}", a.text);
    a.headers["set-cookie"]
        .to_str()
        .unwrap()
        .split(';')
        .next()
        .unwrap()
        .to_string()
}

/// A lobby game between `south` and `north` (cookies): `south` challenges with
/// `body` (its side set to south), `north` accepts; the game's id.
pub async fn lobby_game(app: &Router, south: &str, north: &str, mut body: Value) -> String {
    body["side"] = json!("south");
    let (s, v) = call(app, "POST", "/api/challenges", Some(south), Some(body)).await;
    assert_eq!(s, StatusCode::CREATED, "{v}");
    let cid = v["id"].as_str().unwrap().to_string();
    let (s, v) = call(
        app,
        "POST",
        &format!("/api/challenges/{cid}/accept"),
        Some(north),
        None,
    )
    .await;
    assert_eq!(s, StatusCode::CREATED, "{v}");
    v["game"].as_str().unwrap().to_string()
}

/// The state of game `id`.
pub async fn state(app: &Router, id: &str) -> Value {
    let (s, v) = call(app, "GET", &format!("/api/games/{id}"), None, None).await;
    assert_eq!(s, StatusCode::OK, "{v}");
    v
}

/// The side to move plays its first legal move (`players`: `[South's cookie, North's]`);
/// the state after it.
pub async fn play_first(app: &Router, id: &str, players: [&str; 2]) -> Value {
    let st = state(app, id).await;
    let who = if st["to_move"] == "South" {
        players[0]
    } else {
        players[1]
    };
    let mv = st["moves"][0]["text"].as_str().unwrap().to_string();
    let (s, v) = call(
        app,
        "POST",
        &format!("/api/games/{id}/play"),
        Some(who),
        Some(json!({ "move": mv })),
    )
    .await;
    assert_eq!(s, StatusCode::OK, "{v}");
    v["state"].clone()
}

/// `cookie` resigns game `id`.
pub async fn resign(app: &Router, id: &str, cookie: &str) {
    let (s, v) = call(
        app,
        "POST",
        &format!("/api/games/{id}/resign"),
        Some(cookie),
        None,
    )
    .await;
    assert_eq!(s, StatusCode::OK, "{v}");
}

/// An event stream read event by event.
pub struct Events {
    body: Body,
    buf: String,
}

impl Events {
    /// Opens `uri` with `cookie` (if any).
    pub async fn open(app: &Router, uri: &str, cookie: Option<&str>) -> Events {
        let mut r = Request::builder().uri(uri);
        if let Some(c) = cookie {
            r = r.header("cookie", c);
        }
        let res = app
            .clone()
            .oneshot(r.body(Body::empty()).unwrap())
            .await
            .unwrap();
        assert_eq!(res.status(), StatusCode::OK);
        Events {
            body: res.into_body(),
            buf: String::new(),
        }
    }

    /// The next event other than a keep-alive within `wait`: `(event, data)`, or `None`.
    pub async fn next_within(&mut self, wait: Duration) -> Option<(String, Value)> {
        let deadline = Instant::now() + wait;
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
                return Some((event, serde_json::from_str(&data).unwrap_or(Value::Null)));
            }
            let left = deadline.saturating_duration_since(Instant::now());
            let frame = tokio::time::timeout(left, self.body.frame()).await.ok()??;
            if let Ok(data) = frame.unwrap().into_data() {
                self.buf.push_str(&String::from_utf8_lossy(&data));
            }
        }
    }

    /// The next event of kind `kind` within 5 s (others are skipped).
    pub async fn next_of(&mut self, kind: &str) -> Value {
        let deadline = Instant::now() + Duration::from_secs(5);
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.next_within(left).await {
                Some((e, v)) if e == kind => return v,
                Some(_) => continue,
                None => panic!("no {kind} event within 5 s"),
            }
        }
    }

    /// The events of kind `kind` that arrive within `wait` (others are skipped).
    pub async fn all_of_within(&mut self, kind: &str, wait: Duration) -> Vec<Value> {
        let deadline = Instant::now() + wait;
        let mut out = Vec::new();
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            if left.is_zero() {
                return out;
            }
            match self.next_within(left).await {
                Some((e, v)) if e == kind => out.push(v),
                Some(_) => continue,
                None => return out,
            }
        }
    }
}
