//! Issue 29, the account pages and /puzzles in the player's language: every error a
//! player can meet on sign-in, sign-up and the settings keeps its `code` and has its own
//! Kiswahili `error`; a puzzle's task, answer, theme and end come as catalogue sentences
//! that say in English exactly what the English fields say.

use std::sync::Arc;

use axum::http::StatusCode;
use bao_i18n::{FluentValue, Lang};
use serde_json::{json, Value};

mod common;
use common::kit::{call, sign_up};

/// A request in English and the same in Kiswahili (`?lang=sw`): the status, the code and
/// both `error`s.
async fn both(
    r: &axum::Router,
    method: &str,
    uri: &str,
    cookie: Option<&str>,
    body: Value,
) -> (StatusCode, Value, Value) {
    let body = (!body.is_null()).then_some(body);
    let (s_en, en) = call(r, method, uri, cookie, body.clone()).await;
    let sep = if uri.contains('?') { '&' } else { '?' };
    let (s_sw, sw) = call(r, method, &format!("{uri}{sep}lang=sw"), cookie, body).await;
    assert_eq!(s_en, s_sw, "{uri}: {en} / {sw}");
    assert_eq!(en["code"], sw["code"], "{uri}: {en} / {sw}");
    assert_eq!(sw.get("detail"), None, "{uri}: a sentence of its own, {sw}");
    (s_en, en, sw)
}

#[tokio::test]
async fn sign_up_and_sign_in_errors_have_their_code_and_kiswahili_words() {
    let app = bao_web::App::new(
        bao_web::store::Store::in_memory().unwrap(),
        512,
        bao_web::guard::Hosts { bound: None },
    );
    let r = bao_web::router_with(Arc::clone(&app));
    let amani = sign_up(&r, "amani").await;
    let up = |name: &str, password: &str| json!({"name": name, "password": password});
    let cases = [
        (
            up("ab", "password of ab"),
            StatusCode::UNPROCESSABLE_ENTITY,
            "invalid",
            "name \"ab\" has 2 characters: a name has 3 to 20 characters",
            "Jina \"ab\" lina herufi 2: jina lina herufi 3 hadi 20.",
        ),
        (
            up("al ice", "password of al"),
            StatusCode::UNPROCESSABLE_ENTITY,
            "invalid",
            "name \"al ice\" has the character ' ': a name is made of A-Z, a-z, 0-9, _ and -",
            "Jina \"al ice\" lina herufi ' ': jina linaundwa na A-Z, a-z, 0-9, _ na - tu.",
        ),
        (
            up("bao-5", "password of bao"),
            StatusCode::CONFLICT,
            "conflict",
            "the name \"bao-5\" is kept for the engine accounts: no name may be \"bao\" followed by digits (with or without -, _ or a space, in any case): choose another",
            "Jina \"bao-5\" limetengwa kwa akaunti za injini: hakuna jina linaloweza kuwa \"bao\" likifuatwa na tarakimu: chagua jingine.",
        ),
        (
            up("zuhura", "short"),
            StatusCode::UNPROCESSABLE_ENTITY,
            "invalid",
            "the password has 5 characters: it needs at least 8",
            "Nenosiri lina herufi 5: linahitaji angalau 8.",
        ),
        (
            up("AMANI", "password of amani"),
            StatusCode::CONFLICT,
            "conflict",
            "the name \"AMANI\" is taken (names are unique ignoring case): choose another",
            "Jina \"AMANI\" limeshachukuliwa (majina hayarudiwi, herufi kubwa au ndogo): chagua jingine.",
        ),
    ];
    for (body, status, code, english, swahili) in cases {
        let (s, en, sw) = both(&r, "POST", "/api/accounts", None, body).await;
        assert_eq!((s, &en["code"]), (status, &json!(code)), "{en}");
        assert_eq!(en["error"], english);
        assert_eq!(sw["error"], swahili);
    }

    // A wrong password; a moderator's closed account (the right password changes nothing).
    let (s, en, sw) = both(
        &r,
        "POST",
        "/api/session",
        None,
        up("amani", "not the password"),
    )
    .await;
    assert_eq!(
        (s, &en["code"]),
        (StatusCode::UNAUTHORIZED, &json!("sign_in_required"))
    );
    assert_eq!(en["error"], "wrong name or password");
    assert_eq!(sw["error"], "Jina au nenosiri si sahihi.");
    let zuhura = sign_up(&r, "zuhura").await;
    assert!(app.store().set_role("zuhura", Some("moderator")).unwrap());
    let (s, _) = call(
        &r,
        "POST",
        "/api/mod/accounts/amani/close",
        Some(&zuhura),
        None,
    )
    .await;
    assert_eq!(s, StatusCode::OK);
    let (s, en, sw) = both(
        &r,
        "POST",
        "/api/session",
        None,
        up("amani", "password of amani"),
    )
    .await;
    assert_eq!(
        (s, &en["code"]),
        (StatusCode::FORBIDDEN, &json!("forbidden"))
    );
    assert_eq!(en["error"], "this account was closed by a moderator");
    assert_eq!(sw["error"], "Akaunti hii imefungwa na msimamizi.");
    let _ = amani;

    // Signed out; the settings of a server that sends no mail; a reset link that does not work.
    let (s, en, sw) = both(&r, "GET", "/api/me", None, Value::Null).await;
    assert_eq!(
        (s, &en, &sw),
        (
            StatusCode::OK,
            &json!({"name": null, "signed_in": false}),
            &json!({"name": null, "signed_in": false})
        ),
        "signed out is an answer, in any language"
    );
    let (s, _, sw) = both(&r, "GET", "/api/me/games", None, Value::Null).await;
    assert_eq!(
        (s, &sw["error"]),
        (
            StatusCode::UNAUTHORIZED,
            &json!("Ingia kwanza: ukumbi ni wa wachezaji wenye akaunti.")
        )
    );
    let (s, en, sw) = both(
        &r,
        "POST",
        "/api/password/forgot",
        None,
        json!({"email": "a@b.org"}),
    )
    .await;
    assert_eq!(
        (s, &en["code"]),
        (StatusCode::SERVICE_UNAVAILABLE, &json!("unavailable"))
    );
    assert_eq!(
        sw["error"],
        "Seva hii haitumi barua pepe (ilianzishwa bila --smtp): anwani, kuweka nenosiri jipya kwa barua pepe na barua za zamu vimezimwa."
    );
    let (s, _, sw) = both(
        &r,
        "POST",
        "/api/password/reset",
        None,
        json!({"token": "nope", "password": "a new password"}),
    )
    .await;
    assert_eq!(s, StatusCode::BAD_REQUEST);
    assert_eq!(
        sw["error"],
        "Kiungo hiki hakifanyi kazi (kimeshatumika, muda wake umekwisha, au kimeandikwa vibaya): omba kingine."
    );
    let (s, _, sw) = both(
        &r,
        "POST",
        "/api/password/reset",
        None,
        json!({"token": "nope", "password": "x"}),
    )
    .await;
    assert_eq!(s, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(sw["error"], "Nenosiri lina herufi 1: linahitaji angalau 8.");
}

/// A sentence the server sent as data (`{key, args}`), in `lang`, as i18n.js's `say` does.
fn say(said: &Value, lang: Lang) -> String {
    let key = said["key"].as_str().expect("a key");
    let mut texts = Vec::new();
    for (name, v) in said["args"].as_object().expect("args") {
        let value = match v {
            Value::Number(n) => FluentValue::from(n.as_i64().unwrap()),
            Value::String(s) => FluentValue::from(s.clone()),
            other => FluentValue::from(say(other, lang)),
        };
        texts.push((name.clone(), value));
    }
    let args: Vec<(&str, FluentValue)> =
        texts.iter().map(|(n, v)| (n.as_str(), v.clone())).collect();
    bao_i18n::tr(lang, key, &args)
}

#[tokio::test]
async fn every_puzzles_words_are_the_catalogues() {
    let r = bao_web::router();
    let mut ends = 0;
    for game in ["kingulu", "kiswahili"] {
        let (_, list) = call(&r, "GET", &format!("/api/puzzles?game={game}"), None, None).await;
        let count = list.as_array().unwrap().len();
        assert!(count >= 50, "{game}: {count}");
        for n in 1..=count {
            let (s, p) = call(&r, "GET", &format!("/api/puzzles/{game}/{n}"), None, None).await;
            assert_eq!(s, StatusCode::OK);
            // In English the catalogue says what the engine says, word for word.
            assert_eq!(
                say(&p["task_say"], Lang::EN),
                p["task"].as_str().unwrap(),
                "{game} {n}"
            );
            assert_eq!(
                say(&p["answer_say"], Lang::EN),
                p["answer"].as_str().unwrap()
            );
            assert_eq!(
                say(&p["why_wrong_say"], Lang::EN),
                p["why_wrong"].as_str().unwrap()
            );
            assert_eq!(say(&p["theme_say"], Lang::EN), p["theme"].as_str().unwrap());
            assert_eq!(p["end"].is_null(), p["end_say"].is_null(), "{game} {n}");
            if !p["end_say"].is_null() {
                ends += 1;
                assert!(!say(&p["end_say"], Lang::SW).is_empty());
            }
        }
    }
    assert!(ends > 0);
    // Bao Kingulu puzzle 14 (docs/puzzles.md, e2e/puzzles.mjs) in Kiswahili.
    let (_, p) = call(&r, "GET", "/api/puzzles/kingulu/14", None, None).await;
    assert_eq!(
        p["task_say"],
        json!({"key": "puzzle-task-only-win", "args": {"side": {"key": "side-south", "args": {}}, "n": 4}})
    );
    assert_eq!(
        say(&p["task_say"], Lang::SW),
        "Zamu ya Kusini: tafuta hatua pekee inayoshinda (ushindi baada ya zamu 4)."
    );
    assert_eq!(
        say(&p["answer_say"], Lang::SW),
        "ndiyo hatua pekee inayoshinda: ushindi baada ya zamu 4"
    );
    assert_eq!(
        say(&p["why_wrong_say"], Lang::SW),
        "haishindi: kwa uchezaji bora ni sare au kushindwa"
    );
    assert_eq!(say(&p["theme_say"], Lang::SW), "kula");
    assert_eq!(p["end"], "South wins: the seeds were counted, South 26–22");
    assert_eq!(
        say(&p["end_say"], Lang::EN),
        "South wins: the seeds were counted, South 26–22"
    );
}
