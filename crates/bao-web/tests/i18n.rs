//! Issue 29, the web in the player's language: how a request's language is chosen
//! (`?lang=` and its cookie, the cookie, the account's saved language, `Accept-Language`),
//! the page served with `<html lang>` and its marked text filled, and API errors with the
//! same `code` in every language and an `error` in the request's.

use axum::body::Body;
use axum::http::{Request, StatusCode};
use axum::Router;
use http_body_util::BodyExt;
use serde_json::{json, Value};
use tower::ServiceExt;

/// One request with `headers`; returns the status, the `Set-Cookie` headers and the body.
async fn call(
    app: &Router,
    method: &str,
    uri: &str,
    headers: &[(&str, &str)],
    body: Option<Value>,
) -> (StatusCode, Vec<String>, String) {
    let mut r = Request::builder().method(method).uri(uri);
    if body.is_some() {
        r = r.header("content-type", "application/json");
    }
    for (k, v) in headers {
        r = r.header(*k, *v);
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

/// The `lang` of a page's `<html>` element.
fn html_lang(page: &str) -> &str {
    let at = page
        .find("<html lang=\"")
        .expect("an html element with lang")
        + 12;
    &page[at..at + page[at..].find('"').unwrap()]
}

#[tokio::test]
async fn the_address_then_the_cookie_then_the_header_choose_the_language() {
    let app = bao_web::router();
    let (status, set, page) = call(
        &app,
        "GET",
        "/",
        &[("accept-language", "sw-TZ,sw;q=0.9,en;q=0.8")],
        None,
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(html_lang(&page), "sw");
    assert!(set.is_empty(), "{set:?}");
    assert!(page.contains("<script type=\"application/json\" id=\"bao-messages\">{\"lang\":\"sw\""));

    let (_, _, page) = call(&app, "GET", "/", &[("accept-language", "de, fr")], None).await;
    assert_eq!(html_lang(&page), "en");

    // ?lang= beats the header and keeps the choice in a cookie for a year.
    let (_, set, page) = call(
        &app,
        "GET",
        "/learn?lang=sw",
        &[("accept-language", "en")],
        None,
    )
    .await;
    assert_eq!(html_lang(&page), "sw");
    assert_eq!(set, ["bao_lang=sw; SameSite=Lax; Path=/; Max-Age=31536000"]);
    // The cookie beats the header; ?lang= beats the cookie.
    let (_, _, page) = call(
        &app,
        "GET",
        "/lobby",
        &[("cookie", "bao_lang=sw"), ("accept-language", "en")],
        None,
    )
    .await;
    assert_eq!(html_lang(&page), "sw");
    let (_, set, page) = call(
        &app,
        "GET",
        "/puzzles?lang=en",
        &[("cookie", "bao_lang=sw")],
        None,
    )
    .await;
    assert_eq!(html_lang(&page), "en");
    assert_eq!(set, ["bao_lang=en; SameSite=Lax; Path=/; Max-Age=31536000"]);
    // A language not registered is no choice: the header decides.
    let (_, set, page) = call(&app, "GET", "/?lang=fr", &[("accept-language", "sw")], None).await;
    assert_eq!(html_lang(&page), "sw");
    assert!(set.is_empty());
    let (_, _, page) = call(&app, "GET", "/?lang=en-XA", &[], None).await;
    assert_eq!(html_lang(&page), "en-XA");
}

#[tokio::test]
async fn a_signed_in_players_choice_is_kept_in_his_account() {
    let app = bao_web::router();
    let (status, set, _) = call(
        &app,
        "POST",
        "/api/accounts",
        &[],
        Some(json!({"name": "amani", "password": "correct horse"})),
    )
    .await;
    assert_eq!(status, StatusCode::CREATED);
    let session = set[0].split(';').next().unwrap().to_string();
    let (status, set, body) = call(
        &app,
        "PUT",
        "/api/account/lang",
        &[("cookie", &session)],
        Some(json!({"lang": "sw"})),
    )
    .await;
    assert_eq!(
        (status, body.as_str()),
        (StatusCode::OK, r#"{"lang":"sw","saved":true}"#)
    );
    assert_eq!(set, ["bao_lang=sw; SameSite=Lax; Path=/; Max-Age=31536000"]);
    // Another device: only the session cookie, a browser asking for English.
    let (_, _, page) = call(
        &app,
        "GET",
        "/",
        &[("cookie", &session), ("accept-language", "en")],
        None,
    )
    .await;
    assert_eq!(html_lang(&page), "sw");
    // That device's own switch beats the account.
    let (_, _, page) = call(
        &app,
        "GET",
        "/",
        &[("cookie", &format!("{session}; bao_lang=en"))],
        None,
    )
    .await;
    assert_eq!(html_lang(&page), "en");
    // Without a session the choice is the cookie's only; a language not known is a 422.
    let (status, _, body) = call(
        &app,
        "PUT",
        "/api/account/lang",
        &[],
        Some(json!({"lang": "en"})),
    )
    .await;
    assert_eq!(
        (status, body.as_str()),
        (StatusCode::OK, r#"{"lang":"en","saved":false}"#)
    );
    let (status, _, body) = call(
        &app,
        "PUT",
        "/api/account/lang",
        &[("cookie", "bao_lang=sw")],
        Some(json!({"lang": "fr"})),
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    let v: Value = serde_json::from_str(&body).unwrap();
    assert_eq!(
        v,
        json!({"code": "unknown_language", "error": "Lugha \"fr\" haijulikani (zinazojulikana: en, sw)."})
    );
}

#[tokio::test]
async fn a_bad_move_has_the_same_code_in_both_languages() {
    let app = bao_web::router();
    let (status, _, body) = call(
        &app,
        "POST",
        "/api/games",
        &[],
        Some(json!({"game": "kiswahili"})),
    )
    .await;
    assert_eq!(status, StatusCode::CREATED);
    let v: Value = serde_json::from_str(&body).unwrap();
    let (id, seat) = (v["id"].as_str().unwrap(), v["seat"].as_str().unwrap());
    let play = format!("/api/games/{id}/play");
    let cases = [
        ("A1>", "Huwezi kucheza \"A1>\": hatua hiyo si halali sasa."),
        ("a6<", "Huwezi kucheza \"a6<\": shimo hilo si lako."),
        ("Q9", "Huwezi kucheza \"Q9\": hiyo si hatua hapa."),
    ];
    for (text, swahili) in cases {
        let (status, _, en) = call(
            &app,
            "POST",
            &play,
            &[("x-bao-seat", seat), ("accept-language", "en")],
            Some(json!({"move": text})),
        )
        .await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
        let en: Value = serde_json::from_str(&en).unwrap();
        assert_eq!(en["code"], "illegal_move", "{en}");
        assert!(
            en["error"]
                .as_str()
                .unwrap()
                .starts_with(&format!("move \"{text}\"")),
            "{en}"
        );
        let (status, _, sw) = call(
            &app,
            "POST",
            &play,
            &[("x-bao-seat", seat), ("cookie", "bao_lang=sw")],
            Some(json!({"move": text})),
        )
        .await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
        let sw: Value = serde_json::from_str(&sw).unwrap();
        assert_eq!(sw, json!({"code": "illegal_move", "error": swahili}));
    }
    // An error without a sentence of its own: the status's sentence, the English detail.
    let (status, _, sw) = call(
        &app,
        "GET",
        "/api/nothing-here",
        &[("accept-language", "sw")],
        None,
    )
    .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let sw: Value = serde_json::from_str(&sw).unwrap();
    assert_eq!(
        sw,
        json!({"code": "not_found", "error": "Hakuna ukurasa au kitu kama hicho.", "detail": "no such page or API route: /api/nothing-here"})
    );
    // The game's own code in both languages.
    let (_, _, en) = call(&app, "GET", "/api/games/zzzz", &[], None).await;
    let (_, _, sw) = call(&app, "GET", "/api/games/zzzz?lang=sw", &[], None).await;
    let en: Value = serde_json::from_str(&en).unwrap();
    let sw: Value = serde_json::from_str(&sw).unwrap();
    assert_eq!(
        en,
        json!({"code": "not_found", "error": "no game with id \"zzzz\" (start one with POST /api/games)"})
    );
    assert_eq!(
        sw,
        json!({"code": "not_found", "error": "Hakuna mchezo \"zzzz\"."})
    );
}
