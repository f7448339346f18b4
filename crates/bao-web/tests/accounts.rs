//! Issue 20, accounts: sign up, sign in and out, the cookie's flags, names unique
//! ignoring case, the rate limit, and `--public-url https://` making the cookie Secure.

use axum::body::Body;
use axum::http::{Request, StatusCode};
use axum::Router;
use http_body_util::BodyExt;
use serde_json::{json, Value};
use tower::ServiceExt;

mod common;

/// One request; returns the status, the `Set-Cookie` header and the JSON body.
async fn call(
    app: &Router,
    method: &str,
    uri: &str,
    cookie: Option<&str>,
    body: Option<Value>,
) -> (StatusCode, Option<String>, Value) {
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
        .get("set-cookie")
        .map(|v| v.to_str().unwrap().to_string());
    let bytes = res.into_body().collect().await.unwrap().to_bytes();
    let v = serde_json::from_slice(&bytes).unwrap_or(Value::Null);
    (status, set, v)
}

/// `bao_session=TOKEN` from a Set-Cookie value.
fn pair(set: &str) -> String {
    set.split(';').next().unwrap().to_string()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sign_up_in_out_and_the_cookie() {
    for (app, _db) in common::routers() {
        sign_up_in_out_and_the_cookie_on(app).await;
    }
}

async fn sign_up_in_out_and_the_cookie_on(app: Router) {
    let (s, set, v) = call(
        &app,
        "POST",
        "/api/accounts",
        None,
        Some(json!({"name": "Alice", "password": "correct horse"})),
    )
    .await;
    assert_eq!(s, StatusCode::CREATED, "{v}");
    assert_eq!(v, json!({"name": "Alice"}));
    let set = set.expect("a session cookie");
    assert!(set.starts_with("bao_session="), "{set}");
    assert!(set.contains("; HttpOnly"), "{set}");
    assert!(set.contains("; SameSite=Lax"), "{set}");
    assert!(!set.contains("Secure"), "plain http: {set}");
    let cookie = pair(&set);
    assert_eq!(cookie.len(), "bao_session=".len() + 22);

    let (s, _, v) = call(&app, "GET", "/api/me", Some(&cookie), None).await;
    assert_eq!(
        (s, v),
        (StatusCode::OK, json!({"name": "Alice", "signed_in": true}))
    );
    // Signed out is an answer, not a 401: every page's header asks, and a 401 is a
    // console error in every signed-out visitor's browser.
    let (s, _, v) = call(&app, "GET", "/api/me", None, None).await;
    assert_eq!(
        (s, v),
        (StatusCode::OK, json!({"name": null, "signed_in": false}))
    );
    // What needs an account still says so with a 401.
    let (s, _, v) = call(&app, "GET", "/api/me/games", None, None).await;
    assert_eq!(
        (s, &v["code"]),
        (StatusCode::UNAUTHORIZED, &json!("sign_in_required")),
        "{v}"
    );

    // A second ALICE is refused; so are bad names and short passwords.
    let (s, _, v) = call(
        &app,
        "POST",
        "/api/accounts",
        None,
        Some(json!({"name": "ALICE", "password": "another one"})),
    )
    .await;
    assert_eq!(s, StatusCode::CONFLICT, "{v}");
    assert_eq!(
        v["error"],
        "the name \"ALICE\" is taken (names are unique ignoring case): choose another"
    );
    let (s, _, _) = call(
        &app,
        "POST",
        "/api/accounts",
        None,
        Some(json!({"name": "bao-3", "password": "engine level"})),
    )
    .await;
    assert_eq!(s, StatusCode::CONFLICT, "the engine accounts are taken");
    let (s, _, v) = call(
        &app,
        "POST",
        "/api/accounts",
        None,
        Some(json!({"name": "x y", "password": "long enough"})),
    )
    .await;
    assert_eq!(s, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        v["error"],
        "name \"x y\" has the character ' ': a name is made of A-Z, a-z, 0-9, _ and -"
    );
    let (s, _, _) = call(
        &app,
        "POST",
        "/api/accounts",
        None,
        Some(json!({"name": "bob", "password": "short"})),
    )
    .await;
    assert_eq!(s, StatusCode::UNPROCESSABLE_ENTITY);
    // A one-letter name: "1 character", in the singular.
    let (s, _, v) = call(
        &app,
        "POST",
        "/api/accounts",
        None,
        Some(json!({"name": "b", "password": "long enough"})),
    )
    .await;
    assert_eq!(s, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        v,
        json!({"error": "name \"b\" has 1 character: a name has 3 to 20 characters", "code": "invalid"})
    );

    // Sign out: the session ends in the database, not only in the browser.
    let (s, set, _) = call(&app, "DELETE", "/api/session", Some(&cookie), None).await;
    assert_eq!(s, StatusCode::OK);
    assert!(set.unwrap().contains("Max-Age=0"));
    let (s, _, v) = call(&app, "GET", "/api/me", Some(&cookie), None).await;
    assert_eq!(
        (s, v),
        (StatusCode::OK, json!({"name": null, "signed_in": false})),
        "the old cookie signs nobody in"
    );

    // Sign in again, any case of the name.
    let (s, set, v) = call(
        &app,
        "POST",
        "/api/session",
        None,
        Some(json!({"name": "alice", "password": "correct horse"})),
    )
    .await;
    assert_eq!((s, v), (StatusCode::OK, json!({"name": "Alice"})));
    let (s, _, v) = call(&app, "GET", "/api/me", Some(&pair(&set.unwrap())), None).await;
    assert_eq!(
        (s, v),
        (StatusCode::OK, json!({"name": "Alice", "signed_in": true}))
    );
    let (s, set, v) = call(
        &app,
        "POST",
        "/api/session",
        None,
        Some(json!({"name": "Alice", "password": "wrong horse"})),
    )
    .await;
    assert_eq!(s, StatusCode::UNAUTHORIZED);
    assert_eq!(
        v,
        json!({"error": "wrong name or password", "code": "sign_in_required"})
    );
    assert!(set.is_none());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn thirty_wrong_passwords_meet_a_429() {
    for (app, _db) in common::routers() {
        thirty_wrong_passwords_meet_a_429_on(app).await;
    }
}

async fn thirty_wrong_passwords_meet_a_429_on(app: Router) {
    let (s, _, _) = call(
        &app,
        "POST",
        "/api/accounts",
        None,
        Some(json!({"name": "carol", "password": "the right one"})),
    )
    .await;
    assert_eq!(s, StatusCode::CREATED);
    let mut statuses = Vec::new();
    for i in 0..30 {
        let (s, _, v) = call(
            &app,
            "POST",
            "/api/session",
            None,
            Some(json!({"name": "carol", "password": format!("wrong {i:02} guess")})),
        )
        .await;
        if s == StatusCode::TOO_MANY_REQUESTS {
            let e = v["error"].as_str().unwrap();
            assert!(
                e.starts_with("too many sign-in attempts from your address: try again in "),
                "{e}"
            );
        }
        statuses.push(s.as_u16());
    }
    let limit = bao_web::accounts::limit::ATTEMPTS;
    assert_eq!(&statuses[..limit], vec![401; limit].as_slice());
    assert_eq!(&statuses[limit..], vec![429; 30 - limit].as_slice());
    // Even the right password waits out the window.
    let (s, _, _) = call(
        &app,
        "POST",
        "/api/session",
        None,
        Some(json!({"name": "carol", "password": "the right one"})),
    )
    .await;
    assert_eq!(s, StatusCode::TOO_MANY_REQUESTS);
}

#[tokio::test]
async fn an_https_public_url_makes_the_cookie_secure_and_its_origin_allowed() {
    let store = bao_web::store::Store::in_memory().unwrap();
    let app = bao_web::App::new(store, 64, bao_web::guard::Hosts { bound: None })
        .with_public_url(bao_web::guard::PublicUrl::parse("https://bao.example.org/").unwrap());
    let router = bao_web::router_with(app);
    let r = Request::builder()
        .method("POST")
        .uri("/api/accounts")
        .header("host", "bao.example.org")
        .header("origin", "https://bao.example.org")
        .header("content-type", "application/json")
        .body(Body::from(
            json!({"name": "dave", "password": "a good password"}).to_string(),
        ))
        .unwrap();
    let res = router.clone().oneshot(r).await.unwrap();
    assert_eq!(res.status(), StatusCode::CREATED);
    let set = res.headers()["set-cookie"].to_str().unwrap().to_string();
    assert!(set.ends_with("; Secure"), "{set}");
    // Another origin is still refused.
    let r = Request::builder()
        .method("POST")
        .uri("/api/session")
        .header("host", "bao.example.org")
        .header("origin", "https://evil.example")
        .header("content-type", "application/json")
        .body(Body::from(
            json!({"name": "dave", "password": "a good password"}).to_string(),
        ))
        .unwrap();
    assert_eq!(
        router.oneshot(r).await.unwrap().status(),
        StatusCode::FORBIDDEN
    );
    assert!(bao_web::guard::PublicUrl::parse("ftp://x").is_err());
    assert!(bao_web::guard::PublicUrl::parse("https://x/path").is_err());
}

/// A lobby game's move without a seat says what is missing: signed out, 401
/// `sign_in_required` (not the X-Bao-Seat header an API client of a guest game sends);
/// signed in as a third player, 403 `not_a_player`; in Kiswahili the same codes.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_lobby_move_without_a_seat_says_sign_in_or_not_a_player() {
    for (app, _db) in common::routers() {
        let (asha, juma, omar) = (
            common::kit::sign_up(&app, "asha").await,
            common::kit::sign_up(&app, "juma").await,
            common::kit::sign_up(&app, "omar").await,
        );
        let id = common::kit::lobby_game(
            &app,
            &asha,
            &juma,
            json!({"game": "kingulu", "clock": {"initial_s": 300, "increment_s": 3}}),
        )
        .await;
        let play = format!("/api/games/{id}/play");
        let mv = Some(json!({"move": "A3"}));
        let (s, v) = common::kit::call(&app, "POST", &play, None, mv.clone()).await;
        assert_eq!(s, StatusCode::UNAUTHORIZED);
        assert_eq!(
            v,
            json!({"code": "sign_in_required",
                   "error": "sign in to play: this game's seats belong to its two players' accounts"})
        );
        let (s, v) = common::kit::call(&app, "POST", &play, Some(&omar), mv.clone()).await;
        assert_eq!(s, StatusCode::FORBIDDEN);
        assert_eq!(
            v,
            json!({"code": "not_a_player",
                   "error": "you are not a player of this game (you can watch it)"})
        );
        let (s, v) =
            common::kit::call(&app, "POST", &format!("{play}?lang=sw"), None, mv.clone()).await;
        assert_eq!(s, StatusCode::UNAUTHORIZED);
        assert_eq!(v["code"], "sign_in_required");
        assert_eq!(
            v["error"],
            "Ingia ili ucheze: nafasi za mchezo huu ni za akaunti za wachezaji wake wawili."
        );
        // The players themselves move without a seat.
        let (s, v) = common::kit::call(&app, "POST", &play, Some(&asha), mv).await;
        assert_eq!(s, StatusCode::OK, "{v}");
    }
}
