//! Issue 29, part 3a: the tournament routes' errors keep their `code` and say their
//! `error` in the request's language (a signed-out request names tournaments, not the
//! lobby), and the tournaments, live and moderation pages are served in Kiswahili.

use axum::body::Body;
use axum::http::{Request, StatusCode};
use axum::Router;
use http_body_util::BodyExt;
use serde_json::{json, Value};
use tower::ServiceExt;

/// One request with `cookie` (if any); the status, the `Set-Cookie` headers and the body.
async fn call(
    app: &Router,
    method: &str,
    uri: &str,
    cookie: Option<&str>,
    body: Option<Value>,
) -> (StatusCode, Vec<String>, String) {
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
        .get_all("set-cookie")
        .iter()
        .map(|v| v.to_str().unwrap().to_string())
        .collect();
    let bytes = res.into_body().collect().await.unwrap().to_bytes();
    (status, set, String::from_utf8(bytes.to_vec()).unwrap())
}

/// The JSON answer of a request.
async fn json_of(
    app: &Router,
    method: &str,
    uri: &str,
    cookie: Option<&str>,
    body: Option<Value>,
) -> (StatusCode, Value) {
    let (status, _, text) = call(app, method, uri, cookie, body).await;
    (status, serde_json::from_str(&text).unwrap_or(Value::Null))
}

/// A new account's session cookie (`bao_session=…`).
async fn sign_up(app: &Router, name: &str) -> String {
    let (status, set, body) = call(
        app,
        "POST",
        "/api/accounts",
        None,
        Some(json!({"name": name, "password": format!("password of {name}")})),
    )
    .await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    set[0].split(';').next().unwrap().to_string()
}

#[tokio::test]
async fn signed_out_the_tournament_routes_name_tournaments() {
    let app = bao_web::router();
    let body = json!({"name": "Ijumaa", "game": "kingulu", "format": "swiss", "rounds": 3});
    let (status, v) = json_of(&app, "POST", "/api/tournaments", None, Some(body.clone())).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    assert_eq!(
        v,
        json!({"code": "sign_in_required", "error": "sign in first: tournaments are for players with an account"})
    );
    let (status, v) = json_of(&app, "POST", "/api/tournaments?lang=sw", None, Some(body)).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    assert_eq!(
        v,
        json!({"code": "sign_in_required", "error": "Ingia kwanza: mashindano ni ya wachezaji wenye akaunti."})
    );
    let (_, v) = json_of(
        &app,
        "POST",
        "/api/tournaments/AbCdEfGhIjKlMnOpQrStUv/join",
        Some("bao_lang=sw"),
        None,
    )
    .await;
    assert_eq!(
        v["error"],
        "Ingia kwanza: mashindano ni ya wachezaji wenye akaunti."
    );
    // The lobby's routes keep the lobby's sentence.
    let (status, v) = json_of(
        &app,
        "POST",
        "/api/challenges",
        Some("bao_lang=sw"),
        Some(json!({"game": "kingulu"})),
    )
    .await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    assert_eq!(
        v,
        json!({"code": "sign_in_required", "error": "Ingia kwanza: ukumbi ni wa wachezaji wenye akaunti."})
    );
    let (_, v) = json_of(&app, "GET", "/api/me/games", None, None).await;
    assert_eq!(
        v["error"],
        "sign in first: the lobby is for players with an account"
    );
}

#[tokio::test]
async fn a_tournament_refusal_has_the_same_code_in_both_languages() {
    let app = bao_web::router();
    let amani = sign_up(&app, "amani").await;
    let sw = format!("{amani}; bao_lang=sw");
    let en = format!("{amani}; bao_lang=en");
    let create = |extra: Value| {
        let mut b = json!({"name": "Ijumaa", "game": "kingulu", "format": "swiss", "rounds": 3,
            "clock": {"initial_s": 300, "increment_s": 3}});
        for (k, v) in extra.as_object().unwrap() {
            b[k] = v.clone();
        }
        b
    };
    // The form's refusals: (body, English error, Kiswahili error), each 422 `invalid`.
    let cases = [
        (
            json!({"name": "   "}),
            "name \"\": a tournament's name has 1 to 60 characters",
            "Jina la mashindano lina herufi 1 hadi 60.",
        ),
        (
            json!({"rounds": 31}),
            "rounds 31 is out of range: 1 to 30",
            "Mashindano ya Swiss yana raundi 1 hadi 30.",
        ),
        (
            json!({"starts_at": "2020-05-01T18:00:00Z"}),
            "starts_at 2020-05-01T18:00:00Z has passed: give a later time, or leave it out and start the tournament yourself",
            "Wakati wa kuanza 2020-05-01T18:00:00Z umepita: taja wakati wa baadaye, au uuache na uyaanzishe mashindano wewe mwenyewe.",
        ),
    ];
    for (extra, english, swahili) in cases {
        let (status, v) = json_of(
            &app,
            "POST",
            "/api/tournaments",
            Some(&en),
            Some(create(extra.clone())),
        )
        .await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
        assert_eq!(v, json!({"code": "invalid", "error": english}));
        let (status, v) = json_of(
            &app,
            "POST",
            "/api/tournaments",
            Some(&sw),
            Some(create(extra)),
        )
        .await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
        assert_eq!(v, json!({"code": "invalid", "error": swahili}));
    }
    let (status, v) = json_of(
        &app,
        "POST",
        "/api/tournaments",
        Some(&sw),
        Some(create(json!({}))),
    )
    .await;
    assert_eq!(status, StatusCode::CREATED, "{v}");
    let base = format!("/api/tournaments/{}", v["id"].as_str().unwrap());
    // Started with no player: 409 in both languages.
    let (status, v) = json_of(&app, "POST", &format!("{base}/start"), Some(&en), None).await;
    assert_eq!(
        (status, v),
        (
            StatusCode::CONFLICT,
            json!({"code": "conflict", "error": "a tournament needs at least 2 players; 0 joined"})
        )
    );
    let (_, v) = json_of(&app, "POST", &format!("{base}/start"), Some(&sw), None).await;
    assert_eq!(
        v,
        json!({"code": "conflict", "error": "Mashindano yanahitaji angalau wachezaji 2; wamejiunga 0."})
    );
    let (status, _) = json_of(&app, "POST", &format!("{base}/join"), Some(&sw), None).await;
    assert_eq!(status, StatusCode::OK);
    let (status, v) = json_of(&app, "POST", &format!("{base}/join"), Some(&sw), None).await;
    assert_eq!(
        (status, v),
        (
            StatusCode::CONFLICT,
            json!({"code": "conflict", "error": "amani tayari yumo kwenye mashindano."})
        )
    );
    let (_, v) = json_of(&app, "POST", &format!("{base}/start"), Some(&sw), None).await;
    assert_eq!(
        v["error"],
        "Mashindano yanahitaji angalau wachezaji 2; amejiunga 1."
    );
    // Another player may not start it, nor enter an engine account.
    let baraka = format!("{}; bao_lang=sw", sign_up(&app, "baraka").await);
    let (status, v) = json_of(&app, "POST", &format!("{base}/start"), Some(&baraka), None).await;
    assert_eq!(
        (status, v),
        (
            StatusCode::FORBIDDEN,
            json!({"code": "forbidden", "error": "Mratibu (amani) peke yake ndiye anayeweza kuyaanzisha mashindano haya."})
        )
    );
    let (_, v) = json_of(
        &app,
        "POST",
        &format!("{base}/join"),
        Some(&baraka),
        Some(json!({"player": "bao-3"})),
    )
    .await;
    assert_eq!(
        v["error"],
        "Mratibu (amani) peke yake ndiye anayetenda kwa niaba ya wachezaji wengine."
    );
    // Five open tournaments of one organiser at most.
    for _ in 0..4 {
        let (status, _) = json_of(
            &app,
            "POST",
            "/api/tournaments",
            Some(&sw),
            Some(create(json!({}))),
        )
        .await;
        assert_eq!(status, StatusCode::CREATED);
    }
    let (status, v) = json_of(
        &app,
        "POST",
        "/api/tournaments",
        Some(&sw),
        Some(create(json!({}))),
    )
    .await;
    assert_eq!(
        (status, v),
        (
            StatusCode::CONFLICT,
            json!({"code": "conflict", "error": "Una mashindano 5 yaliyo wazi au yanayoendelea: subiri mojawapo yaishe."})
        )
    );
    let (status, v) = json_of(
        &app,
        "GET",
        "/api/tournaments/AbCdEfGhIjKlMnOpQrStUv",
        Some("bao_lang=sw"),
        None,
    )
    .await;
    assert_eq!(
        (status, v),
        (
            StatusCode::NOT_FOUND,
            json!({"code": "not_found", "error": "Hakuna mashindano \"AbCdEfGhIjKlMnOpQrStUv\"."})
        )
    );
}

#[tokio::test]
async fn the_tournaments_live_and_moderation_pages_are_served_in_kiswahili() {
    let app = bao_web::router();
    let pages = [
        (
            "/tournaments?lang=sw",
            "<h1 data-i18n=\"tn-h1\">Mashindano</h1>",
        ),
        (
            "/tournaments/AbCdEfGhIjKlMnOpQrStUv?lang=sw",
            "<h2 data-i18n=\"tn-standings\">Msimamo</h2>",
        ),
        (
            "/live?lang=sw",
            "<h1 data-i18n=\"live-h1\">Michezo hai</h1>",
        ),
        ("/mod?lang=sw", "<h1 data-i18n=\"mod-h1\">Usimamizi</h1>"),
    ];
    for (uri, marked) in pages {
        let (status, _, page) = call(&app, "GET", uri, None, None).await;
        assert_eq!(status, StatusCode::OK, "{uri}");
        assert!(page.contains("<html lang=\"sw\">"), "{uri}");
        assert!(page.contains(marked), "{uri}: no {marked}");
    }
}
