//! The JSON API through `tower::ServiceExt::oneshot` on `bao_web::router()`: the happy
//! paths and every error case, with exact status codes and messages.

use axum::body::Body;
use axum::http::{Request, StatusCode};
use axum::Router;
use bao_rules::kingulu::Kingulu;
use bao_rules::kiswahili::Kiswahili;
use bao_rules::record::GameRecord;
use bao_rules::Game;
use http_body_util::BodyExt;
use serde_json::{json, Value};
use std::cell::RefCell;
use tower::ServiceExt;

thread_local! {
    /// The games this test started, in order: (alias `g1`, `g2`, ..., real id, seat).
    /// Each test runs on its own thread, so each test numbers its games from `g1`.
    static GAMES: RefCell<Vec<(String, String, String)>> = const { RefCell::new(Vec::new()) };
}

/// Rewrites a request for the games' real (random) ids: `/api/games/g1/...` → the first
/// game's id, and adds the game's seat (`X-Bao-Seat`) unless the request has one
/// (`X-Bao-Seat: none` sends none).
fn fix(mut req: Request<Body>) -> Request<Body> {
    let path = req.uri().to_string();
    let mut parts: Vec<String> = path.split('/').map(str::to_string).collect();
    let mut seat = None;
    if parts.len() > 3 && parts[1] == "api" && parts[2] == "games" {
        GAMES.with(|g| {
            if let Some((_, id, s)) = g.borrow().iter().find(|(a, _, _)| *a == parts[3]) {
                parts[3] = id.clone();
                seat = Some(s.clone());
            }
        });
    }
    *req.uri_mut() = parts.join("/").parse().expect("uri");
    let headers = req.headers_mut();
    match headers
        .get("x-bao-seat")
        .map(|v| v.to_str().unwrap().to_string())
    {
        Some(v) if v == "none" => {
            headers.remove("x-bao-seat");
        }
        Some(_) => {}
        None => {
            if let Some(s) = seat {
                headers.insert("x-bao-seat", s.parse().unwrap());
            }
        }
    }
    req
}

/// Writes the games' real ids and seats back as their aliases (`g1`, `seat1`), so that
/// answers compare with fixed text.
fn unfix(text: &str) -> String {
    GAMES.with(|g| {
        let mut t = text.to_string();
        for (i, (alias, id, seat)) in g.borrow().iter().enumerate() {
            t = t
                .replace(id.as_str(), alias)
                .replace(seat.as_str(), &format!("seat{}", i + 1));
        }
        t
    })
}

/// Sends one request; returns the status and the body (JSON, or a JSON string for text).
async fn call(app: &Router, method: &str, uri: &str, body: Option<&str>) -> (StatusCode, Value) {
    let mut req = Request::builder().method(method).uri(uri);
    if body.is_some() {
        req = req.header("content-type", "application/json");
    }
    let req = req
        .body(
            body.map(|b| Body::from(b.to_string()))
                .unwrap_or_else(Body::empty),
        )
        .expect("request");
    send(app, req).await
}

/// Sends a request through [`fix`]; a 201 with an `id` and `seat` registers the game as
/// the next alias. The answer goes through [`unfix`].
async fn send(app: &Router, req: Request<Body>) -> (StatusCode, Value) {
    let res = app.clone().oneshot(fix(req)).await.expect("response");
    let status = res.status();
    let json = res
        .headers()
        .get("content-type")
        .map(|v| v.to_str().unwrap_or("").contains("json"))
        .unwrap_or(false);
    let bytes = res.into_body().collect().await.expect("body").to_bytes();
    let text = String::from_utf8(bytes.to_vec()).expect("utf-8 body");
    if status == StatusCode::CREATED && json {
        let v: Value = serde_json::from_str(&text).expect("JSON body");
        if let (Some(id), Some(seat)) = (v["id"].as_str(), v["seat"].as_str()) {
            GAMES.with(|g| {
                let n = g.borrow().len() + 1;
                g.borrow_mut()
                    .push((format!("g{n}"), id.to_string(), seat.to_string()));
            });
        }
    }
    let text = unfix(&text);
    let value = if json {
        serde_json::from_str(&text).expect("JSON body")
    } else {
        Value::String(text)
    };
    (status, value)
}

/// Sends a request through [`fix`] and returns the raw response.
async fn raw(app: &Router, req: Request<Body>) -> axum::response::Response {
    app.clone().oneshot(fix(req)).await.expect("response")
}

/// An error answer: the message and the code of its status (issue 29).
fn error(status: StatusCode, message: &str) -> (StatusCode, Value) {
    let code = bao_web::i18n::errors::status_code(status);
    (status, json!({ "error": message, "code": code }))
}

/// An error answer with a code of its own (`illegal_move`, `unknown_game`…).
#[allow(dead_code)]
fn error_coded(status: StatusCode, code: &str, message: &str) -> (StatusCode, Value) {
    (status, json!({ "error": message, "code": code }))
}

async fn new_game(app: &Router, body: &str) -> Value {
    let (status, state) = call(app, "POST", "/api/games", Some(body)).await;
    assert_eq!(status, StatusCode::CREATED, "{state}");
    state
}

fn texts(moves: &Value) -> Vec<String> {
    moves
        .as_array()
        .expect("array")
        .iter()
        .map(|m| m["text"].as_str().expect("text").to_string())
        .collect()
}

const START_K: &str = "0 0 0 0 0 0 0 0 / 0 2 2 6 0 0 0 0 / 0 0 0 0 6 2 2 0 / 0 0 0 0 0 0 0 0 ; S=22 N=22 ; house S+ N+ ; South ; takasia -";

// ---------------------------------------------------------------------------------
// Happy paths

#[tokio::test]
async fn new_kiswahili_game_state() {
    let app = bao_web::router();
    let s = new_game(&app, r#"{"game":"kiswahili","level":2}"#).await;
    assert_eq!(s["id"], "g1");
    assert_eq!(s["game"], "kiswahili");
    assert_eq!(s["rules"], "mancala-world");
    assert_eq!(s["level"], 2);
    assert_eq!(s["players"], json!({"south": "human", "north": "computer"}));
    assert_eq!(s["position"], START_K);
    assert_eq!(s["to_move"], "South");
    assert_eq!(s["ply"], 0);
    assert_eq!(s["outcome"], Value::Null);
    assert_eq!(s["board"]["stage"], "namua");
    assert_eq!(s["board"]["stores"], json!([22, 22]));
    let rows = s["board"]["rows"].as_array().unwrap();
    assert_eq!(rows.len(), 4);
    let names: Vec<&str> = rows[1]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["a8", "a7", "a6", "a5", "a4", "a3", "a2", "a1"]);
    assert_eq!(
        rows[2][4],
        json!({"name": "A5", "seeds": 6, "owner": "South", "mark": "nyumba", "functional": true,
               "reserved_by": null, "takasia": false})
    );
    // T1: four legal moves, grouped by start hole, with screen directions.
    assert_eq!(texts(&s["moves"]), ["A6<", "A6>", "A7<", "A7>"]);
    assert_eq!(
        s["moves"][0],
        json!({"text": "A6<", "from": "A6", "dir": "left", "capture": false, "safari": false,
               "label": "← A6<: takata", "says": [{"key": "mv-takata", "args": {}}]})
    );
    assert_eq!(s["moves"][3]["dir"], "right");
    assert_eq!(s["history"], json!([]));
    assert_eq!(s["thinking"], false);
}

#[tokio::test]
async fn new_kingulu_game_state() {
    let app = bao_web::router();
    let s = new_game(
        &app,
        r#"{"game":"kingulu","south":"computer","north":"human"}"#,
    )
    .await;
    assert_eq!(s["position"], "4 4 4 4 4 4 / 4 4 4 4 4 4 ; S=0 N=0 ; South");
    assert_eq!(s["board"]["stage"], "play");
    assert_eq!(s["board"]["rows"].as_array().unwrap().len(), 2);
    assert_eq!(s["board"]["rows"][0].as_array().unwrap().len(), 6);
    assert_eq!(s["board"]["rows"][0][0]["name"], "a6");
    assert_eq!(s["players"], json!({"south": "computer", "north": "human"}));
    // The default level is the terminal's (`bao play`): 5.
    assert_eq!(s["level"], 5);
    for m in s["moves"].as_array().unwrap() {
        assert_eq!(m["from"], m["text"], "a Kingulu move is its start pit");
    }
}

#[tokio::test]
async fn play_undo_and_review() {
    let app = bao_web::router();
    new_game(&app, r#"{"game":"kiswahili"}"#).await;
    let (status, r) = call(
        &app,
        "POST",
        "/api/games/g1/play",
        Some(r#"{"move":"A6>"}"#),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{r}");
    assert_eq!(r["played"]["text"], "A6>");
    assert_eq!(r["played"]["side"], "South");
    assert_eq!(r["played"]["label"], "→ A6>: takata");
    assert_eq!(r["played"]["before"]["stores"], json!([22, 22]));
    let kinds: Vec<&str> = r["played"]["events"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["kind"].as_str().unwrap())
        .collect();
    assert_eq!(kinds, ["enter", "lift", "sow", "end"]);
    assert_eq!(r["played"]["events"][2]["holes"], json!(["A7", "A8", "B8"]));
    assert_eq!(r["state"]["position"], "0 0 0 0 0 0 0 0 / 0 2 2 6 0 0 0 0 / 0 0 0 0 6 0 3 1 / 0 0 0 0 0 0 0 1 ; S=21 N=22 ; house S+ N+ ; North ; takasia -");
    assert_eq!(
        r["state"]["history"],
        json!([{"ply": 1, "side": "South", "text": "A6>", "from": "A6"}])
    );
    assert_eq!(texts(&r["state"]["moves"]), ["a6<", "a6>", "a7<", "a7>"]);
    // North's moves go the other way on the screen: a6< is towards North's left = screen right.
    assert_eq!(r["state"]["moves"][0]["dir"], "right");

    let (status, at) = call(&app, "GET", "/api/games/g1/at/0", None).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(at["position"], START_K);
    assert_eq!(at["last"], Value::Null);
    assert_eq!(at["played"], Value::Null);
    let (_, at) = call(&app, "GET", "/api/games/g1/at/1", None).await;
    assert_eq!(
        at["last"],
        json!({"ply": 1, "side": "South", "text": "A6>", "from": "A6"})
    );
    // The move that led here, exactly as the live answer had it.
    assert_eq!(at["played"], r["played"]);
    assert_eq!(at["played"]["info"], Value::Null);

    let (status, s) = call(&app, "POST", "/api/games/g1/undo", Some("{}")).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(s["position"], START_K);
    assert_eq!(s["ply"], 0);
}

#[tokio::test]
async fn engine_move_hint_and_two_separate_games() {
    let app = bao_web::router();
    new_game(&app, r#"{"game":"kingulu","level":1,"south":"computer"}"#).await;
    new_game(&app, r#"{"game":"kiswahili","level":1}"#).await;
    // Bao la Kiswahili's hint is the search's (a Bao Kingulu hint at the start is proved
    // from the opening book: `kingulu_hint_at_the_start_is_proved`).
    let (status, h) = call(&app, "POST", "/api/games/g2/hint", Some("{}")).await;
    assert_eq!(status, StatusCode::OK, "{h}");
    // The game is at level 1 (one ply, missing captures); hints search at bao_engine::hint::HINT_LEVEL.
    let depth = bao_engine::hint::hint_config()
        .limits
        .depth
        .expect("the hint level has a depth limit");
    assert!(
        h["info"]
            .as_str()
            .unwrap()
            .starts_with(&format!("info depth {depth} ")),
        "{h}"
    );
    let (_, k) = call(&app, "GET", "/api/games/g2", None).await;
    assert!(texts(&k["moves"]).contains(&h["best"]["text"].as_str().unwrap().to_string()));
    assert_eq!(k["ply"], 0, "a hint does not play");
    let (_, s) = call(&app, "GET", "/api/games/g1", None).await;

    let (status, r) = call(&app, "POST", "/api/games/g1/engine", Some("{}")).await;
    assert_eq!(status, StatusCode::OK, "{r}");
    assert!(texts(&s["moves"]).contains(&r["played"]["text"].as_str().unwrap().to_string()));
    assert!(r["played"]["info"]
        .as_str()
        .unwrap()
        .starts_with("info depth "));
    assert_eq!(r["state"]["ply"], 1);
    assert_eq!(r["state"]["thinking"], false);
    // The other game is untouched.
    let (_, other) = call(&app, "GET", "/api/games/g2", None).await;
    assert_eq!(other["position"], START_K);
    assert_eq!(other["ply"], 0);
}

#[tokio::test]
async fn record_download_and_load() {
    let app = bao_web::router();
    new_game(&app, r#"{"game":"kiswahili","level":1,"north":"human"}"#).await;
    for mv in ["A6>", "a6<", "A5<"] {
        let (status, r) = call(
            &app,
            "POST",
            "/api/games/g1/play",
            Some(&format!(r#"{{"move":"{mv}"}}"#)),
        )
        .await;
        assert_eq!(status, StatusCode::OK, "{mv}: {r}");
    }
    let req = Request::get("/api/games/g1/record")
        .body(Body::empty())
        .unwrap();
    let res = raw(&app, req).await;
    assert_eq!(res.status(), StatusCode::OK);
    assert_eq!(res.headers()["content-type"], "text/plain; charset=utf-8");
    assert_eq!(
        unfix(res.headers()["content-disposition"].to_str().unwrap()),
        "attachment; filename=\"game-g1.bao\""
    );
    let text =
        String::from_utf8(res.into_body().collect().await.unwrap().to_bytes().to_vec()).unwrap();
    assert!(text.contains("[Game \"kiswahili\"]"), "{text}");
    assert!(text.ends_with("\n\n1. A6> a6< 2. A5< *\n"), "{text}");

    let body = json!({ "record": text, "north": "human" }).to_string();
    let (status, s) = call(&app, "POST", "/api/games/load", Some(&body)).await;
    assert_eq!(status, StatusCode::CREATED, "{s}");
    assert_eq!(s["id"], "g2");
    assert_eq!(
        s["history"],
        json!([{"ply": 1, "side": "South", "text": "A6>", "from": "A6"}, {"ply": 2, "side": "North", "text": "a6<", "from": "a6"},
               {"ply": 3, "side": "South", "text": "A5<", "from": "A5"}])
    );
    let (_, original) = call(&app, "GET", "/api/games/g1", None).await;
    assert_eq!(s["position"], original["position"]);
    assert_eq!(s["players"], json!({"south": "human", "north": "human"}));
}

#[tokio::test]
async fn resign_ends_the_game() {
    let app = bao_web::router();
    new_game(&app, r#"{"game":"kingulu"}"#).await;
    let (status, s) = call(
        &app,
        "POST",
        "/api/games/g1/resign",
        Some(r#"{"side":"South"}"#),
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(
        s["outcome"],
        json!({"winner": "North", "reason": "resignation", "result": "0-1",
               "text": "North wins: South resigned",
               "say": {"key": "end-resigned", "args": {"winner": {"key": "side-north", "args": {}}, "loser": {"key": "side-south", "args": {}}}}})
    );
    assert_eq!(s["moves"], json!([]));
    let (_, rec) = call(&app, "GET", "/api/games/g1/record", None).await;
    let rec = rec.as_str().unwrap();
    assert!(
        rec.ends_with("[Result \"0-1\"]\n[Termination \"resignation\"]\n\n0-1\n"),
        "{rec}"
    );
    let read = GameRecord::<Kingulu>::from_text(rec).unwrap();
    assert_eq!(
        read.result,
        Some(bao_rules::Outcome {
            winner: Some(bao_rules::Side::North),
            reason: bao_rules::EndReason::Resignation
        })
    );
    // Loading it gives the resigned game back.
    let (status, loaded) = call(
        &app,
        "POST",
        "/api/games/load",
        Some(&json!({ "record": rec }).to_string()),
    )
    .await;
    assert_eq!(status, StatusCode::CREATED, "{loaded}");
    assert_eq!(loaded["outcome"], s["outcome"]);
    // Undo takes a resignation back only together with moves; with none played it fails.
    let (status, _) = call(&app, "POST", "/api/games/g1/undo", Some("{}")).await;
    assert_eq!(status, StatusCode::CONFLICT);
}

#[tokio::test]
async fn decided_records_load_with_their_own_reason() {
    let app = bao_web::router();
    let load = |record: &str| json!({ "record": record }).to_string();
    // A result without Termination (what the app used to download for a resignation):
    // no reason is made up.
    let bare =
        "[Game \"kingulu\"]\n[Rules \"default\"]\n[Date \"2026.11.29\"]\n[South \"human\"]\n\
                [North \"bao level 3\"]\n[Result \"0-1\"]\n\n1. A3 0-1\n";
    let (status, s) = call(&app, "POST", "/api/games/load", Some(&load(bare))).await;
    assert_eq!(status, StatusCode::CREATED, "{s}");
    assert_eq!(
        s["outcome"],
        json!({"winner": "North", "reason": "off-board", "result": "0-1",
               "text": "North wins: the result was decided off the board",
               "say": {"key": "end-win", "args": {"winner": {"key": "side-north", "args": {}}, "reason": {"key": "reason-off-board", "args": {}}}}})
    );
    assert_eq!(s["moves"], json!([]));
    let (_, rec) = call(&app, "GET", "/api/games/g1/record", None).await;
    let rec = rec.as_str().unwrap();
    assert!(rec.ends_with("[Result \"0-1\"]\n\n1. A3 0-1\n"), "{rec}");
    // An adjudicated draw stays one.
    let adjudicated = "[Game \"kingulu\"]\n[Result \"1/2-1/2\"]\n[Termination \"adjudicated\"]\n\n1. A3 1/2-1/2\n";
    let (status, s) = call(&app, "POST", "/api/games/load", Some(&load(adjudicated))).await;
    assert_eq!(status, StatusCode::CREATED, "{s}");
    assert_eq!(
        s["outcome"],
        json!({"winner": null, "reason": "adjudicated", "result": "1/2-1/2",
               "text": "draw: adjudicated after the maximum number of plies",
               "say": {"key": "end-draw", "args": {"reason": {"key": "reason-adjudicated", "args": {}}}}})
    );
    // Undo takes the decided result back with the move.
    let (status, s) = call(&app, "POST", "/api/games/g2/undo", Some("{}")).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(s["outcome"], Value::Null);
    assert_eq!(s["ply"], 0);
}

#[tokio::test]
async fn static_page_and_assets_are_embedded() {
    let app = bao_web::router();
    for (path, kind, needle) in [
        ("/", "text/html; charset=utf-8", "<svg id=\"board\""),
        (
            "/js/board.js",
            "text/javascript; charset=utf-8",
            "function drawBoard",
        ),
        ("/style.css", "text/css; charset=utf-8", ".hole"),
        ("/favicon.svg", "image/svg+xml", "<svg"),
    ] {
        let res = app
            .clone()
            .oneshot(Request::get(path).body(Body::empty()).unwrap())
            .await
            .unwrap();
        assert_eq!(res.status(), StatusCode::OK, "{path}");
        assert_eq!(res.headers()["content-type"], kind, "{path}");
        let text = String::from_utf8(res.into_body().collect().await.unwrap().to_bytes().to_vec())
            .unwrap();
        assert!(text.contains(needle), "{path}");
    }
    // Every file under static/ is served as it is, with its type by extension.
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("static");
    let mut dirs = vec![root.clone()];
    let mut served = 0;
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                dirs.push(path);
                continue;
            }
            let rel = path
                .strip_prefix(&root)
                .unwrap()
                .to_str()
                .unwrap()
                .replace('\\', "/");
            let kind = match rel.rsplit('.').next().unwrap() {
                "html" => "text/html; charset=utf-8",
                "js" => "text/javascript; charset=utf-8",
                "css" => "text/css; charset=utf-8",
                "svg" => "image/svg+xml",
                "png" => "image/png",
                "json" => "application/json",
                _ => continue,
            };
            let res = raw(
                &app,
                Request::get(format!("/{rel}")).body(Body::empty()).unwrap(),
            )
            .await;
            assert_eq!(res.status(), StatusCode::OK, "{rel}");
            assert_eq!(res.headers()["content-type"], kind, "{rel}");
            let bytes = res.into_body().collect().await.unwrap().to_bytes();
            let file = std::fs::read(&path).unwrap();
            // A page is served in the request's language (English here), filled by the
            // server (issue 29); every other file as it is.
            let expected = if kind.starts_with("text/html") {
                let text = String::from_utf8(file).unwrap();
                bao_web::i18n::page::localize(&text, bao_web::i18n::Lang::EN).into_bytes()
            } else {
                file
            };
            assert_eq!(bytes.to_vec(), expected, "{rel}");
            served += 1;
        }
    }
    assert!(served >= 4, "{served} files");
    let (status, _) = call(&app, "GET", "/no-such-file.js", None).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (status, meta) = call(&app, "GET", "/api/meta", None).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(meta["games"][0]["name"], "kiswahili");
    assert_eq!(meta["games"][1]["name"], "kingulu");
    assert_eq!(meta["body_limit"], 65536);
    assert_eq!(meta["levels"].as_array().unwrap().len(), 10);
    // Level 1: one ply ahead, missing captures (all of them in Bao Kingulu, half in Bao
    // la Kiswahili); the flat fields are Bao la Kiswahili's, `games` each game's own.
    let greedy = |missed: u32, text: &str| {
        json!({"searcher": "greedy", "depth": null, "nodes": null, "time_ms": null,
               "missed_captures": missed, "eval": "linear", "text": text})
    };
    let ks1 = greedy(
        50,
        "takes the move that looks best right now, misses 50% of captures",
    );
    let mut level1 = ks1.clone();
    level1["level"] = json!(1);
    level1["games"] = json!({
        "kiswahili": ks1,
        "kingulu": greedy(100, "takes the move that looks best right now, misses 100% of captures"),
    });
    level1["elo"] = json!({"kiswahili": 0, "kingulu": 0});
    assert_eq!(meta["levels"][0], level1);
    // Level 9: Bao la Kiswahili searches 2 s a move, Bao Kingulu 10 plies.
    assert_eq!(meta["levels"][8]["games"]["kiswahili"]["time_ms"], 2000);
    assert_eq!(meta["levels"][8]["games"]["kingulu"]["depth"], 10);
    assert_eq!(
        meta["levels"][8]["games"]["kingulu"]["text"],
        "looks 10 moves ahead"
    );
    // Level 10 of Bao la Kiswahili scores with the learned network, Bao Kingulu's not.
    let ks10 = &meta["levels"][9]["games"]["kiswahili"];
    assert_eq!(
        (&ks10["eval"], &ks10["text"]),
        (
            &json!("net"),
            &json!("searches 3.0 s a move, with the learned network")
        )
    );
    assert_eq!(meta["levels"][9]["games"]["kingulu"]["eval"], "linear");
    // The measured Elo of docs/engine.md's level tables, per game.
    assert_eq!(
        meta["levels"][6]["elo"],
        json!({"kiswahili": 1508, "kingulu": 457})
    );
}

// ---------------------------------------------------------------------------------
// Errors: exact statuses and messages

#[tokio::test]
async fn malformed_json_is_400() {
    let app = bao_web::router();
    assert_eq!(
        call(&app, "POST", "/api/games", Some(r#"{"game": "kiswahili""#)).await,
        error(
            StatusCode::BAD_REQUEST,
            "malformed JSON in request body: EOF while parsing an object at line 1 column 20"
        )
    );
    new_game(&app, r#"{"game":"kiswahili"}"#).await;
    assert_eq!(
        call(&app, "POST", "/api/games/g1/play", Some("move A6>")).await,
        error(
            StatusCode::BAD_REQUEST,
            "malformed JSON in request body: expected value at line 1 column 1"
        )
    );
}

#[tokio::test]
async fn wrong_shape_is_422() {
    let app = bao_web::router();
    assert_eq!(
        call(&app, "POST", "/api/games", Some(r#"{"game": 5}"#)).await,
        error(
            StatusCode::UNPROCESSABLE_ENTITY,
            "invalid request body: game: expected \"kiswahili\" or \"kingulu\", found the number 5"
        )
    );
    assert_eq!(
        call(&app, "POST", "/api/games", Some(r#"{"game":"kingulu","levle":3}"#)).await,
        error(StatusCode::UNPROCESSABLE_ENTITY, "invalid request body: unknown field \"levle\" (the fields are game, rules, level, south, north)")
    );
    assert_eq!(
        call(
            &app,
            "POST",
            "/api/games",
            Some(r#"{"game":"kingulu","south":"robot"}"#)
        )
        .await,
        error(
            StatusCode::UNPROCESSABLE_ENTITY,
            "invalid request body: south: expected \"human\" or \"computer\", found \"robot\""
        )
    );
    // No Rust type names (`u8`, `usize`, `struct NewGame`): the field and what it takes.
    for (body, message) in [
        (r#"{"game":"kingulu","level":"high"}"#, "level: expected a number 1-10, found \"high\""),
        (r#"{"game":"kingulu","level":300}"#, "level: expected a number 1-10, found the number 300"),
        (r#"{"game":"kingulu","level":-1}"#, "level: expected a number 1-10, found the number -1"),
        (r#"{"game":"kingulu","level":2.5}"#, "level: expected a number 1-10, found the number 2.5"),
        (r#"{"game":"kingulu","rules":true}"#, "rules: expected a rules profile name (a string, see GET /api/meta), found true"),
        (r#"[]"#, "the body must be a JSON object with \"game\" and optionally \"rules\", \"level\", \"south\", \"north\""),
        (r#"["kingulu", 3]"#, "the body must be a JSON object with \"game\" and optionally \"rules\", \"level\", \"south\", \"north\""),
        (r#"5"#, "the body must be a JSON object with \"game\" and optionally \"rules\", \"level\", \"south\", \"north\""),
        (r#"{}"#, "missing field \"game\": \"kiswahili\" or \"kingulu\""),
    ] {
        assert_eq!(
            call(&app, "POST", "/api/games", Some(body)).await,
            error(StatusCode::UNPROCESSABLE_ENTITY, &format!("invalid request body: {message}")),
            "{body}"
        );
    }
    new_game(&app, r#"{"game":"kiswahili"}"#).await;
    for (route, body, message) in [
        (
            "undo",
            r#"{"plies":-2}"#,
            "plies: expected a whole number of moves, 1 or more, found the number -2",
        ),
        (
            "undo",
            r#"{"plies":"all"}"#,
            "plies: expected a whole number of moves, 1 or more, found \"all\"",
        ),
        (
            "resign",
            r#"{"side":1}"#,
            "side: expected \"South\" or \"North\", found the number 1",
        ),
        (
            "play",
            r#"{"move":["A6>"]}"#,
            "move: expected a move text (a string) such as \"A6>\", found a list",
        ),
        (
            "play",
            r#"{"mv":"A6>"}"#,
            "unknown field \"mv\" (the fields are move)",
        ),
    ] {
        assert_eq!(
            call(&app, "POST", &format!("/api/games/g1/{route}"), Some(body)).await,
            error(
                StatusCode::UNPROCESSABLE_ENTITY,
                &format!("invalid request body: {message}")
            ),
            "{route} {body}"
        );
    }
}

#[tokio::test]
async fn wrong_method_is_405_with_a_json_error() {
    let app = bao_web::router();
    new_game(&app, r#"{"game":"kingulu"}"#).await;
    new_game(&app, r#"{"game":"kingulu"}"#).await;
    let req = Request::put("/api/games/g2").body(Body::empty()).unwrap();
    let res = raw(&app, req).await;
    assert_eq!(res.status(), StatusCode::METHOD_NOT_ALLOWED);
    assert_eq!(res.headers()["allow"], "GET,HEAD,DELETE");
    assert_eq!(
        call(&app, "PUT", "/api/games/g2", None).await,
        error(
            StatusCode::METHOD_NOT_ALLOWED,
            "method PUT is not allowed on /api/games/g2; use GET or DELETE"
        )
    );
    assert_eq!(
        call(&app, "GET", "/api/games/g1/play", None).await,
        error(
            StatusCode::METHOD_NOT_ALLOWED,
            "method GET is not allowed on /api/games/g1/play; use POST"
        )
    );
    assert_eq!(
        call(&app, "PUT", "/", None).await,
        error(
            StatusCode::METHOD_NOT_ALLOWED,
            "method PUT is not allowed on /; use GET"
        )
    );
}

#[tokio::test]
async fn port_in_use_says_so() {
    let taken = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let addr = taken.local_addr().unwrap();
    let port = addr.port();
    let dir = std::env::temp_dir().join(format!("bao-port-test-{}", std::process::id()));
    let err = bao_web::serve(bao_web::ServeConfig {
        host: addr.ip(),
        port,
        db: Some(dir.join("games.sqlite3")),
        memory_mb: 64,
        public_url: None,
        ..Default::default()
    })
    .await
    .unwrap_err();
    assert_eq!(
        err.to_string(),
        format!(
            "port {port} on 127.0.0.1 is already in use (another bao serve?); choose another with --port, e.g. --port {}",
            port + 1
        )
    );
}

#[tokio::test]
async fn body_without_json_content_type_is_415() {
    let app = bao_web::router();
    let req = Request::post("/api/games")
        .body(Body::from(r#"{"game":"kingulu"}"#))
        .unwrap();
    assert_eq!(
        send(&app, req).await,
        error(
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            "request body must be JSON: send the header Content-Type: application/json"
        )
    );
}

#[tokio::test]
async fn oversized_body_is_413() {
    let app = bao_web::router();
    let big = format!(r#"{{"record":"{}"}}"#, "x".repeat(70 * 1024));
    assert_eq!(
        call(&app, "POST", "/api/games/load", Some(&big)).await,
        error(
            StatusCode::PAYLOAD_TOO_LARGE,
            "request body too large: the limit is 65536 bytes"
        )
    );
    new_game(&app, r#"{"game":"kingulu"}"#).await;
    let big = format!(r#"{{"move":"{}"}}"#, "A".repeat(65 * 1024));
    assert_eq!(
        call(&app, "POST", "/api/games/g1/play", Some(&big)).await,
        error(
            StatusCode::PAYLOAD_TOO_LARGE,
            "request body too large: the limit is 65536 bytes"
        )
    );
}

#[tokio::test]
async fn unknown_game_id_is_404() {
    let app = bao_web::router();
    let msg = |id: &str| format!("no game with id \"{id}\" (start one with POST /api/games)");
    assert_eq!(
        call(&app, "GET", "/api/games/g7", None).await,
        error(StatusCode::NOT_FOUND, &msg("g7"))
    );
    assert_eq!(
        call(
            &app,
            "POST",
            "/api/games/nope/play",
            Some(r#"{"move":"A6>"}"#)
        )
        .await,
        error(StatusCode::NOT_FOUND, &msg("nope"))
    );
    for route in ["engine", "hint", "undo", "resign"] {
        assert_eq!(
            call(&app, "POST", &format!("/api/games/g0/{route}"), Some("{}")).await,
            error(StatusCode::NOT_FOUND, &msg("g0")),
            "{route}"
        );
    }
    assert_eq!(
        call(&app, "GET", "/api/games/g9/record", None).await,
        error(StatusCode::NOT_FOUND, &msg("g9"))
    );
    assert_eq!(
        call(&app, "GET", "/api/games/g9/moves", None).await,
        error(StatusCode::NOT_FOUND, &msg("g9"))
    );
    assert_eq!(
        call(&app, "GET", "/api/nothing", None).await,
        error(
            StatusCode::NOT_FOUND,
            "no such page or API route: /api/nothing"
        )
    );
}

/// The message the API gives for an illegal move: the rules crate's own message (exact),
/// followed by the legal moves when it does not list them already.
fn illegal_message<G: Game>(pos: &G, text: &str) -> String {
    let message = pos
        .parse_move(text)
        .expect_err("an illegal move")
        .to_string();
    assert!(message.starts_with(&format!("move {text:?}")), "{message}");
    if message.contains("legal moves") {
        return message;
    }
    let legal: Vec<String> = pos.moves().into_iter().map(|m| pos.move_text(m)).collect();
    format!(
        "{message}; legal moves for {}: {}",
        pos.side_to_move(),
        legal.join(" ")
    )
}

#[tokio::test]
async fn illegal_moves_are_422() {
    let app = bao_web::router();
    new_game(&app, r#"{"game":"kiswahili"}"#).await;
    let start = Kiswahili::start(&Default::default());
    // An empty hole, no such hole, North's hole while South is to move, a capture move
    // that does not exist, and text that is no move at all.
    for text in ["A1>", "Q9", "a6<", "A6>+", "hello", ""] {
        let body = json!({ "move": text }).to_string();
        assert_eq!(
            call(&app, "POST", "/api/games/g1/play", Some(&body)).await,
            error_coded(
                StatusCode::UNPROCESSABLE_ENTITY,
                "illegal_move",
                &illegal_message(&start, text)
            ),
            "{text:?}"
        );
    }
    // Nothing changed.
    let (_, s) = call(&app, "GET", "/api/games/g1", None).await;
    assert_eq!(s["position"], START_K);
    assert_eq!(s["history"], json!([]));

    new_game(&app, r#"{"game":"kingulu"}"#).await;
    let start = Kingulu::start(&Default::default());
    for text in ["a3", "A7", "A3>"] {
        let body = json!({ "move": text }).to_string();
        assert_eq!(
            call(&app, "POST", "/api/games/g2/play", Some(&body)).await,
            error_coded(
                StatusCode::UNPROCESSABLE_ENTITY,
                "illegal_move",
                &illegal_message(&start, text)
            ),
            "{text:?}"
        );
    }
}

#[tokio::test]
async fn bad_settings_are_422() {
    let app = bao_web::router();
    assert_eq!(
        call(&app, "POST", "/api/games", Some(r#"{"game":"chess"}"#)).await,
        error(
            StatusCode::UNPROCESSABLE_ENTITY,
            "unknown game \"chess\": expected \"kiswahili\" or \"kingulu\""
        )
    );
    assert_eq!(
        call(
            &app,
            "POST",
            "/api/games",
            Some(r#"{"game":"kiswahili","level":11}"#)
        )
        .await,
        error(
            StatusCode::UNPROCESSABLE_ENTITY,
            "level 11 is out of range: levels are 1 to 10"
        )
    );
    assert_eq!(
        call(
            &app,
            "POST",
            "/api/games",
            Some(r#"{"game":"kiswahili","level":0}"#)
        )
        .await,
        error(
            StatusCode::UNPROCESSABLE_ENTITY,
            "level 0 is out of range: levels are 1 to 10"
        )
    );
    assert_eq!(
        call(&app, "POST", "/api/games", Some(r#"{"game":"kiswahili","rules":"nonsense"}"#)).await,
        error(StatusCode::UNPROCESSABLE_ENTITY, "rules profile \"nonsense\" of kiswahili: unknown rules profile \"nonsense\"; known profiles: mancala-world, de-voogt, kiba, kujifunza")
    );
    new_game(&app, r#"{"game":"kiswahili"}"#).await;
    assert_eq!(
        call(
            &app,
            "POST",
            "/api/games/g1/resign",
            Some(r#"{"side":"East"}"#)
        )
        .await,
        error(
            StatusCode::UNPROCESSABLE_ENTITY,
            "side \"East\" is not a side: expected \"South\" or \"North\""
        )
    );
    assert_eq!(
        call(&app, "POST", "/api/games/g1/undo", Some(r#"{"plies":0}"#)).await,
        error(StatusCode::UNPROCESSABLE_ENTITY, "undo needs plies ≥ 1")
    );
}

#[tokio::test]
async fn bad_records_are_422() {
    let app = bao_web::router();
    let load = |record: &str| json!({ "record": record }).to_string();
    assert_eq!(
        call(&app, "POST", "/api/games/load", Some(&load("hello"))).await,
        error(
            StatusCode::UNPROCESSABLE_ENTITY,
            "cannot load the record: this does not look like a game record: line 1 \"hello\" is \
             neither a tag like [Game \"kiswahili\"] nor a numbered move like 1. A6>"
        )
    );
    assert_eq!(
        call(
            &app,
            "POST",
            "/api/games/load",
            Some(&load("\u{feff}[Result \"*\"]\r\n\r\n1. A6> *\r\n"))
        )
        .await,
        error(
            StatusCode::UNPROCESSABLE_ENTITY,
            "cannot load the record: it has no [Game \"kiswahili\"] or [Game \"kingulu\"] tag"
        )
    );
    let bad_move = "[Game \"kiswahili\"]\n[Result \"*\"]\n\n1. A6> a6< 2. B3> *\n";
    assert_eq!(
        call(&app, "POST", "/api/games/load", Some(&load(bad_move))).await,
        error(
            StatusCode::UNPROCESSABLE_ENTITY,
            &format!(
                "cannot load the record: {}",
                GameRecord::<Kiswahili>::from_text(bad_move).expect_err("B3> is illegal")
            )
        )
    );
    let unknown = "[Game \"hus\"]\n\n*\n";
    assert_eq!(
        call(&app, "POST", "/api/games/load", Some(&load(unknown))).await,
        error(
            StatusCode::UNPROCESSABLE_ENTITY,
            "cannot load the record: unknown game \"hus\" (expected \"kiswahili\" or \"kingulu\")"
        )
    );
    assert_eq!(
        call(&app, "POST", "/api/games/load", Some(r#"{"level":3}"#)).await,
        error(
            StatusCode::UNPROCESSABLE_ENTITY,
            "invalid request body: missing field \"record\": the record text (a string)"
        )
    );
}

#[tokio::test]
async fn conflicts_are_409() {
    let app = bao_web::router();
    new_game(&app, r#"{"game":"kiswahili"}"#).await;
    assert_eq!(
        call(&app, "POST", "/api/games/g1/undo", Some(r#"{"plies":2}"#)).await,
        error(StatusCode::CONFLICT, "cannot undo 2 move(s): only 0 played")
    );
    let (status, _) = call(&app, "POST", "/api/games/g1/resign", None).await;
    assert_eq!(
        status,
        StatusCode::OK,
        "resign without a body: the side to move resigns"
    );
    assert_eq!(
        call(
            &app,
            "POST",
            "/api/games/g1/play",
            Some(r#"{"move":"A6>"}"#)
        )
        .await,
        error_coded(
            StatusCode::CONFLICT,
            "game_over",
            "the game is over (North wins: South resigned); start a new game or undo"
        )
    );
    assert_eq!(
        call(&app, "POST", "/api/games/g1/engine", Some("{}")).await,
        error(
            StatusCode::CONFLICT,
            "the game is over (North wins: South resigned)"
        )
    );
    assert_eq!(
        call(&app, "POST", "/api/games/g1/hint", Some("{}")).await,
        error(
            StatusCode::CONFLICT,
            "the game is over (North wins: South resigned)"
        )
    );
    assert_eq!(
        call(&app, "POST", "/api/games/g1/resign", Some("{}")).await,
        error(
            StatusCode::CONFLICT,
            "the game is already over (North wins: South resigned)"
        )
    );
}

#[tokio::test]
async fn bad_path_parameters() {
    let app = bao_web::router();
    new_game(&app, r#"{"game":"kingulu"}"#).await;
    assert_eq!(
        call(&app, "GET", "/api/games/g1/at/5", None).await,
        error(
            StatusCode::NOT_FOUND,
            "no position at ply 5: game g1 has 0 move(s)"
        )
    );
    assert_eq!(
        call(&app, "GET", "/api/games/g1/at/last", None).await,
        error(
            StatusCode::BAD_REQUEST,
            "ply \"last\" in the path is not a number written plainly (0, 1, 2, ...; 0 = start position)"
        )
    );
    // A ply written plainly is a ply, however large: past the last move it is 404 like
    // ply 5, also past u32::MAX (4294967296), at usize::MAX and past it (20 nines).
    for ply in [
        "4294967296",
        "18446744073709551615",
        "18446744073709551616",
        "99999999999999999999",
    ] {
        assert_eq!(
            call(&app, "GET", &format!("/api/games/g1/at/{ply}"), None).await,
            error(
                StatusCode::NOT_FOUND,
                &format!("no position at ply {ply}: game g1 has 0 move(s)")
            ),
            "{ply}"
        );
    }
    // A number of 300 digits is quoted cut to its first 40.
    let long = "9".repeat(300);
    assert_eq!(
        call(&app, "GET", &format!("/api/games/g1/at/{long}"), None).await,
        error(
            StatusCode::NOT_FOUND,
            &format!(
                "no position at ply {}…: game g1 has 0 move(s)",
                "9".repeat(40)
            )
        )
    );
    // After a move (Bao Kingulu's A3) the 404 counts it.
    let (status, _) = call(&app, "POST", "/api/games/g1/play", Some(r#"{"move":"A3"}"#)).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(
        call(&app, "GET", "/api/games/g1/at/99999999999999999999", None).await,
        error(
            StatusCode::NOT_FOUND,
            "no position at ply 99999999999999999999: game g1 has 1 move(s)"
        )
    );
    assert_eq!(
        call(&app, "GET", "/api/games/g1/at/2", None).await,
        error(
            StatusCode::NOT_FOUND,
            "no position at ply 2: game g1 has 1 move(s)"
        )
    );
    // Numbers in paths are canonical: no sign, no leading zero.
    for ply in ["+0", "01", "-1", "1e3", "0x1", "099999999999999999999"] {
        assert_eq!(
            call(&app, "GET", &format!("/api/games/g1/at/{ply}"), None).await,
            error(
                StatusCode::BAD_REQUEST,
                &format!("ply \"{ply}\" in the path is not a number written plainly (0, 1, 2, ...; 0 = start position)")
            ),
            "{ply}"
        );
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_server_answers_while_the_computer_thinks() {
    // Level 9 thinks for up to 2 s (alpha-beta, time-limited): meanwhile the game answers at
    // once, refuses moves and a second search, and the search ends within its time.
    let app = bao_web::router();
    new_game(&app, r#"{"game":"kiswahili","level":9,"south":"computer"}"#).await;
    let started = std::time::Instant::now();
    let thinking = {
        // Ids are resolved on this thread (the test's aliases are per thread).
        let req = fix(Request::post("/api/games/g1/engine")
            .header("content-type", "application/json")
            .body(Body::from("{}"))
            .unwrap());
        let app = app.clone();
        tokio::spawn(async move {
            let res = app.oneshot(req).await.unwrap();
            let status = res.status();
            let bytes = res.into_body().collect().await.unwrap().to_bytes();
            (status, serde_json::from_slice::<Value>(&bytes).unwrap())
        })
    };
    // Wait for the search to start (the state says so), answering all along; a generous
    // deadline, as the spawned request may be slow to run on a loaded machine.
    let deadline = started + std::time::Duration::from_secs(30);
    loop {
        let (status, s) = call(&app, "GET", "/api/games/g1", None).await;
        assert_eq!(status, StatusCode::OK);
        if s["thinking"] == true {
            break;
        }
        assert_eq!(s["ply"], 0, "the search ended before it was seen: {s}");
        assert!(
            std::time::Instant::now() < deadline,
            "no search started: {s}"
        );
        tokio::time::sleep(std::time::Duration::from_millis(5)).await;
    }
    assert_eq!(
        call(
            &app,
            "POST",
            "/api/games/g1/play",
            Some(r#"{"move":"A6>"}"#)
        )
        .await,
        error(
            StatusCode::CONFLICT,
            "the computer is thinking in this game; wait for its move"
        )
    );
    assert_eq!(
        call(&app, "POST", "/api/games/g1/engine", Some("{}")).await,
        error(
            StatusCode::CONFLICT,
            "the computer is already thinking in game g1"
        )
    );
    assert_eq!(
        call(&app, "POST", "/api/games/g1/undo", Some("{}")).await,
        error(
            StatusCode::CONFLICT,
            "the computer is thinking in this game; wait for its move"
        )
    );
    let (status, r) = thinking.await.expect("engine task");
    let elapsed = started.elapsed();
    assert_eq!(status, StatusCode::OK, "{r}");
    // A 2 s search with no depth limit would run for hours if it ignored its clock: 30 s is
    // a generous deadline that a loaded machine does not miss.
    assert!(
        elapsed < std::time::Duration::from_secs(30),
        "search took {elapsed:?}"
    );
    assert_eq!(r["state"]["ply"], 1);
    assert_eq!(r["state"]["thinking"], false);
    assert!(["A6<", "A6>", "A7<", "A7>"].contains(&r["played"]["text"].as_str().unwrap()));
}

/// T5 of the Bao la Kiswahili spec: a namua capture in the left kimbi that reaches the
/// functional nyumba, so that the same start hole and kichwa give two moves: stop or safari.
const T5_RECORD: &str = "[Game \"kiswahili\"]\n[Setup \"1 1 1 1 1 1 1 1 / 2 5 0 6 0 0 0 0 / 0 1 0 0 11 0 0 0 / 0 2 0 0 3 0 2 0 ; S=12 N=12 ; house S+ N+ ; South ; takasia -\"]\n\n*\n";

#[tokio::test]
async fn kichwa_and_safari_choices_t5() {
    let app = bao_web::router();
    let body = json!({ "record": T5_RECORD, "north": "human" }).to_string();
    let (status, s) = call(&app, "POST", "/api/games/load", Some(&body)).await;
    assert_eq!(status, StatusCode::CREATED, "{s}");
    assert_eq!(
        s["moves"],
        json!([
            {"text": "A2>", "from": "A2", "dir": "right", "capture": true, "safari": false,
             "label": "→ A2>: captures 5 from a7, sown from kichwa A1, stops at the nyumba",
             "says": [{"key": "ev-capture", "args": {"n": 5, "hole": "a7"}},
                      {"key": "mv-from-kichwa", "args": {"hole": "A1"}},
                      {"key": "mv-stops-nyumba", "args": {}}]},
            {"text": "A2>+", "from": "A2", "dir": "right", "capture": true, "safari": true,
             "label": "→ A2>+: captures 5 from a7, 2 captures in all, sown from kichwa A1, safari, 9 laps",
             "says": [{"key": "ev-capture", "args": {"n": 5, "hole": "a7"}},
                      {"key": "mv-captures-in-all", "args": {"n": 2}},
                      {"key": "mv-from-kichwa", "args": {"hole": "A1"}},
                      {"key": "mv-safari", "args": {}},
                      {"key": "laps", "args": {"n": 9}}]}
        ])
    );
    let (status, r) = call(
        &app,
        "POST",
        "/api/games/g1/play",
        Some(r#"{"move":"A2>+"}"#),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{r}");
    assert_eq!(
        r["state"]["position"],
        "1 1 1 1 1 1 1 1 / 0 0 0 6 0 0 0 0 / 4 1 2 2 1 0 2 0 / 0 4 0 2 5 2 0 2 ; S=11 N=12 ; house S- N+ ; North ; takasia -"
    );
    let kinds: Vec<&str> = r["played"]["events"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["kind"].as_str().unwrap())
        .collect();
    assert_eq!(
        kinds,
        [
            "enter",
            "capture",
            "kichwa",
            "sow",
            "safari",
            "lift",
            "nyumba-lost",
            "sow",
            "capture",
            "kichwa",
            "sow",
            "lift",
            "sow",
            "lift",
            "sow",
            "lift",
            "sow",
            "lift",
            "sow",
            "lift",
            "sow",
            "lift",
            "sow",
            "end"
        ]
    );
    // The last event's counts are the final board in the order of the rows.
    let last = r["played"]["events"]
        .as_array()
        .unwrap()
        .last()
        .unwrap()
        .clone();
    let board: Vec<u64> = r["state"]["board"]["rows"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|row| {
            row.as_array()
                .unwrap()
                .iter()
                .map(|c| c["seeds"].as_u64().unwrap())
        })
        .collect();
    assert_eq!(last["counts"], json!(board));
    assert_eq!(last["stores"], json!([11, 12]));
    assert_eq!(r["state"]["board"]["rows"][2][4]["mark"], "lost-nyumba");

    // Reviewing it later, after North's reply: GET .../at/1 carries the same 24 events,
    // 9 laps, traced from the game's own line.
    let first = r["state"]["moves"][0]["text"].as_str().unwrap().to_string();
    let body = json!({ "move": first }).to_string();
    let (status, reply) = call(&app, "POST", "/api/games/g1/play", Some(&body)).await;
    assert_eq!(status, StatusCode::OK, "{reply}");
    let (status, at) = call(&app, "GET", "/api/games/g1/at/1", None).await;
    assert_eq!(status, StatusCode::OK, "{at}");
    assert_eq!(at["played"], r["played"]);
    let review: Vec<&str> = at["played"]["events"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["kind"].as_str().unwrap())
        .collect();
    assert_eq!(review, kinds);
    assert_eq!(review.len(), 24);
    assert_eq!(review.iter().filter(|k| **k == "sow").count(), 9);
    assert_eq!(
        at["played"]["label"],
        "→ A2>+: captures 5 from a7, 2 captures in all, sown from kichwa A1, safari, 9 laps"
    );
    assert_eq!(at["played"]["side"], "South");
    assert_eq!(at["played"]["before"], s["board"]);
    let (_, at2) = call(&app, "GET", "/api/games/g1/at/2", None).await;
    assert_eq!(at2["played"], reply["played"]);
    assert_eq!(at2["played"]["before"], r["state"]["board"]);
}

/// T23 of the Bao la Kiswahili spec: a mtaji position with a takasia'd hole (a6), where
/// the moves from the ends of North's back row sow into the front row (screen `down`).
#[tokio::test]
async fn takasia_and_row_end_directions_t23() {
    let app = bao_web::router();
    let record = "[Game \"kiswahili\"]\n[Setup \"5 10 4 9 7 8 5 3 / 0 0 1 0 0 0 0 0 / 3 1 0 1 0 1 0 1 / 1 0 1 0 1 0 2 0 ; S=0 N=0 ; house S- N- ; North ; takasia a6\"]\n\n*\n";
    let body = json!({ "record": record, "south": "human", "north": "human" }).to_string();
    let (status, s) = call(&app, "POST", "/api/games/load", Some(&body)).await;
    assert_eq!(status, StatusCode::CREATED, "{s}");
    assert_eq!(s["board"]["stage"], "mtaji");
    assert_eq!(s["to_move"], "North");
    let takasia: Vec<&Value> = s["board"]["rows"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|r| r.as_array().unwrap())
        .filter(|c| c["takasia"] == true)
        .collect();
    assert_eq!(
        takasia,
        [
            &json!({"name": "a6", "seeds": 1, "owner": "North", "mark": "plain", "functional": false,
                  "reserved_by": null, "takasia": true})
        ]
    );
    assert_eq!(
        texts(&s["moves"]),
        [
            "b1<", "b1>", "b2<", "b2>", "b3<", "b3>", "b4<", "b4>", "b5<", "b5>", "b6<", "b6>",
            "b7<", "b7>", "b8<", "b8>"
        ]
    );
    let dirs: Vec<(&str, &str)> = s["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| (m["text"].as_str().unwrap(), m["dir"].as_str().unwrap()))
        .collect();
    // b8 is North's back-row hole at the screen's top left: clockwise (<) goes to b7 on
    // its right, anticlockwise (>) down into a8; b1 at the top right mirrors it.
    assert_eq!(dirs[0], ("b1<", "down"));
    assert_eq!(dirs[1], ("b1>", "left"));
    assert_eq!(dirs[5], ("b3>", "left"));
    assert_eq!(dirs[14], ("b8<", "right"));
    assert_eq!(dirs[15], ("b8>", "down"));
    assert_eq!(s["moves"][15]["label"], "↓ b8>: takata");
    let (status, r) = call(
        &app,
        "POST",
        "/api/games/g1/play",
        Some(r#"{"move":"b3>"}"#),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{r}");
    assert_eq!(
        r["state"]["position"],
        "6 11 5 10 8 0 5 3 / 1 1 2 0 0 0 0 0 / 3 1 0 1 0 1 0 1 / 1 0 1 0 1 0 2 0 ; S=0 N=0 ; house S- N- ; South ; takasia -"
    );
}

/// Sends a GET with the seat header `seat` (`none`: no header).
async fn get_with_seat(app: &Router, uri: &str, seat: &str) -> (StatusCode, Value) {
    let req = Request::builder()
        .method("GET")
        .uri(uri)
        .header("x-bao-seat", seat)
        .body(Body::empty())
        .expect("request");
    send(app, req).await
}

/// `GET /api/games/{id}/oracle` on a late Bao Kingulu position (South to move, 8 seeds
/// on the board): North wins in 8 plies whatever South plays; A6 keeps South to 22 seeds
/// (G-R14), A1 only to 20 (each certified by the rules-only checker in
/// `crates/bao-engine/tests/solve.rs`). Then the seat rules (as for a hint) and a finished
/// game.
#[tokio::test]
async fn oracle_values_of_a_kingulu_position() {
    let app = bao_web::router();
    let record = "[Game \"kingulu\"]\n[Setup \"0 0 1 0 2 1 / 1 0 0 2 0 1 ; S=20 N=20 ; South\"]\n[Result \"*\"]\n\n*\n";
    let (status, s) = call(
        &app,
        "POST",
        "/api/games/load",
        Some(&json!({ "record": record, "level": 1 }).to_string()),
    )
    .await;
    assert_eq!(status, StatusCode::CREATED, "{s}");
    assert_eq!(
        call(&app, "GET", "/api/games/g1/oracle", None).await,
        (
            StatusCode::OK,
            json!({
                "moves": [
                    {"move": "A1", "from": "A1", "value": "loss", "plies": 8,
                     "margin": "20–28", "text": "loss in 8"},
                    {"move": "A6", "from": "A6", "value": "loss", "plies": 8,
                     "margin": "22–26", "text": "loss in 8"},
                ],
                "budget_ms": 2000
            })
        )
    );
    assert_eq!(
        get_with_seat(&app, "/api/games/g1/oracle", "none").await,
        error_coded(StatusCode::FORBIDDEN, "no_seat", "this request needs the game's seat: open the game's link (a program sends the header X-Bao-Seat with the link's token)"
        )
    );
    assert_eq!(
        get_with_seat(&app, "/api/games/g1/oracle", "not-a-seat").await,
        error(
            StatusCode::FORBIDDEN,
            "the X-Bao-Seat token is not a seat of this game"
        )
    );
    assert_eq!(
        call(&app, "POST", "/api/games/g1/resign", Some("{}"))
            .await
            .0,
        StatusCode::OK
    );
    assert_eq!(
        call(&app, "GET", "/api/games/g1/oracle", None).await,
        error(
            StatusCode::CONFLICT,
            "the game is over (North wins: South resigned)"
        )
    );
}

/// At the Bao Kingulu start every move has its exact value and margin at once: the
/// opening book holds the start's children (docs/solved.md, "The opening book").
#[tokio::test]
async fn oracle_at_the_kingulu_start_is_exact() {
    let app = bao_web::router();
    new_game(&app, r#"{"game":"kingulu","level":1}"#).await;
    let (status, o) = call(&app, "GET", "/api/games/g1/oracle", None).await;
    assert_eq!(status, StatusCode::OK, "{o}");
    let solved = [
        ("A3", "win", 29, "26–22"),
        ("A4", "loss", 20, "19–29"),
        ("A5", "loss", 23, "16–32"),
        ("A6", "loss", 25, "22–26"),
    ];
    let moves = o["moves"].as_array().expect("moves");
    assert_eq!(moves.len(), 4, "{o}");
    for (m, (mv, value, plies, margin)) in moves.iter().zip(solved) {
        assert_eq!(m["move"], mv);
        assert_eq!(m["value"], value, "{m}");
        assert_eq!(m["plies"], plies, "{m}");
        assert_eq!(m["text"], format!("{value} in {plies}"), "{m}");
        assert_eq!(m["margin"], margin, "{m}");
    }
}

/// The hint at the Bao Kingulu start is the proved winning move, from the opening book.
#[tokio::test]
async fn kingulu_hint_at_the_start_is_proved() {
    let app = bao_web::router();
    new_game(&app, r#"{"game":"kingulu","level":1}"#).await;
    let (status, h) = call(&app, "POST", "/api/games/g1/hint", Some("{}")).await;
    assert_eq!(status, StatusCode::OK, "{h}");
    assert_eq!(h["best"]["text"], "A3", "{h}");
    assert_eq!(h["score"], "win in 29 plies, South 26–22 (proved)", "{h}");
}

/// `POST /api/games/{id}/hint` in a Bao Kingulu game loaded after `1. A4 a3` (South to
/// move): the solver proves every move within `bao_engine::hint::PROVED_HINT_MS`
/// (`bao solve --moves --margin`: A1 loss in 20 (20–28), A2 loss in 18 (21–27), A3 draw
/// (24–24), A4 loss in 18 (20–28), A6 win in 17 (25–23), each certified by the rules-only
/// checker in `crates/bao-engine/tests/solve.rs`), so the hint is the
/// margin-optimal A6 with its exact value, in the words `bao play` prints.
#[tokio::test]
async fn kingulu_hint_is_the_solver_proved_margin_optimal_move() {
    let app = bao_web::router();
    let record = "[Game \"kingulu\"]\n[Result \"*\"]\n\n1. A4 a3 *\n";
    let (status, s) = call(
        &app,
        "POST",
        "/api/games/load",
        Some(&json!({ "record": record, "level": 1 }).to_string()),
    )
    .await;
    assert_eq!(status, StatusCode::CREATED, "{s}");
    assert_eq!(
        s["position"],
        "3 0 1 2 0 3 / 4 9 2 5 0 1 ; S=7 N=11 ; South"
    );
    let a6 = s["moves"]
        .as_array()
        .unwrap()
        .iter()
        .find(|m| m["text"] == "A6")
        .expect("A6 is legal")
        .clone();
    let (status, h) = call(&app, "POST", "/api/games/g1/hint", Some("{}")).await;
    assert_eq!(status, StatusCode::OK, "{h}");
    assert_eq!(
        h,
        json!({
            "best": a6,
            "info": "solver: all 5 moves proven, A6 margin-optimal: win in 17 plies, South 25–23",
            "score": "win in 17 plies, South 25–23 (proved)",
        })
    );
    let (_, after) = call(&app, "GET", "/api/games/g1", None).await;
    assert_eq!(after["ply"], 2, "a hint does not play");
}

/// A new game shown before its first move: `POST /api/games/preview` answers the state
/// `POST /api/games` would start from, and stores nothing.
#[tokio::test]
async fn a_preview_stores_no_game() {
    let app = bao_web::router();
    let (status, preview) = call(
        &app,
        "POST",
        "/api/games/preview",
        Some(r#"{"game":"kingulu","level":3}"#),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{preview}");
    let created = new_game(&app, r#"{"game":"kingulu","level":3}"#).await;
    for key in [
        "position", "board", "moves", "to_move", "ply", "level", "players",
    ] {
        assert_eq!(preview[key], created[key], "{key}");
    }
    assert_eq!(preview["ply"], 0);
    assert_eq!(preview["seat"], Value::Null, "a preview has no seat");
    // Only the created game is saved; the preview's id names nothing.
    let (_, list) = call(&app, "GET", "/api/games", None).await;
    assert_eq!(list.as_array().unwrap().len(), 1, "{list}");
    let id = preview["id"].as_str().unwrap();
    let (status, _) = call(&app, "GET", &format!("/api/games/{id}"), None).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    // The same checks as a new game.
    let (status, v) = call(
        &app,
        "POST",
        "/api/games/preview",
        Some(r#"{"game":"chess"}"#),
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{v}");
    assert_eq!(
        v["error"],
        "unknown game \"chess\": expected \"kiswahili\" or \"kingulu\""
    );
}

#[tokio::test]
async fn every_answer_carries_a_request_id() {
    let app = bao_web::router();
    let get = |id: Option<&str>| {
        let mut r = Request::builder().uri("/api/meta");
        if let Some(id) = id {
            r = r.header("x-request-id", id);
        }
        r.body(Body::empty()).unwrap()
    };
    // A new id: the instance (8 characters, which may hold a dash), a dash, a number
    // counting from 1.
    let res = raw(&app, get(None)).await;
    assert_eq!(res.status(), StatusCode::OK);
    let id = res.headers()["x-request-id"].to_str().unwrap().to_string();
    let (instance, n) = id.rsplit_once('-').unwrap();
    assert_eq!(instance, bao_web::logging::instance());
    assert!(n.parse::<u64>().unwrap() >= 1, "{id}");
    // The client's own id is kept and sent back, on an error answer too.
    let res = raw(&app, get(Some("abc-123"))).await;
    assert_eq!(res.headers()["x-request-id"], "abc-123");
    let req = Request::builder()
        .uri("/api/nothing")
        .header("x-request-id", "e-1")
        .body(Body::empty())
        .unwrap();
    let res = raw(&app, req).await;
    assert_eq!(res.status(), StatusCode::NOT_FOUND);
    assert_eq!(res.headers()["x-request-id"], "e-1");
}
