//! Issue 31, e-mail, against an SMTP sink this test runs on loopback: an address is
//! verified by the link of its mail (once); "forgot password" for the verified address
//! sends one mail, and an unknown address gets the same answer and no mail; the link
//! sets a new password once (a second use and an expired link are refused) and ends
//! every session of the account; "your turn" mails come at most once per game an hour;
//! a server without SMTP says so.

use std::io::{BufRead, BufReader, Write};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use axum::http::StatusCode;
use axum::Router;
use serde_json::{json, Value};

mod common;
use common::kit::{call, lobby_game, play_first, sign_up};

/// The mails an SMTP sink on 127.0.0.1 received (each the whole DATA text).
#[derive(Clone, Default)]
struct Sink {
    mails: Arc<Mutex<Vec<String>>>,
}

impl Sink {
    /// Starts the sink; its port.
    fn start(&self) -> u16 {
        let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        let port = listener.local_addr().unwrap().port();
        let mails = Arc::clone(&self.mails);
        std::thread::spawn(move || {
            for conn in listener.incoming().flatten() {
                let mails = Arc::clone(&mails);
                std::thread::spawn(move || talk(conn, &mails));
            }
        });
        port
    }

    /// The mails to `to` so far.
    fn to(&self, to: &str) -> Vec<String> {
        let header = format!("To: {to}");
        self.mails
            .lock()
            .unwrap()
            .iter()
            .filter(|m| m.lines().any(|l| l == header))
            .cloned()
            .collect()
    }

    /// Waits (at most 5 s) until `to` has `n` mails, then 300 ms more; the mails.
    fn wait_for(&self, to: &str, n: usize) -> Vec<String> {
        let start = Instant::now();
        while self.to(to).len() < n && start.elapsed() < Duration::from_secs(5) {
            std::thread::sleep(Duration::from_millis(20));
        }
        std::thread::sleep(Duration::from_millis(300));
        self.to(to)
    }
}

/// One SMTP conversation: every command is accepted; DATA is kept.
fn talk(conn: std::net::TcpStream, mails: &Mutex<Vec<String>>) {
    let mut out = conn.try_clone().unwrap();
    let mut lines = BufReader::new(conn);
    let _ = out.write_all(b"220 sink ESMTP\r\n");
    let mut line = String::new();
    loop {
        line.clear();
        if lines.read_line(&mut line).unwrap_or(0) == 0 {
            return;
        }
        let cmd = line.trim_end().to_ascii_uppercase();
        let reply: &[u8] = if cmd.starts_with("EHLO") {
            b"250-sink\r\n250 8BITMIME\r\n"
        } else if cmd == "DATA" {
            let _ = out.write_all(b"354 go on\r\n");
            let mut text = String::new();
            loop {
                line.clear();
                if lines.read_line(&mut line).unwrap_or(0) == 0 {
                    return;
                }
                if line == ".\r\n" {
                    break;
                }
                text.push_str(line.strip_suffix("\r\n").unwrap_or(&line));
                text.push('\n');
            }
            mails.lock().unwrap().push(text);
            b"250 kept\r\n"
        } else if cmd == "QUIT" {
            let _ = out.write_all(b"221 bye\r\n");
            return;
        } else {
            b"250 ok\r\n"
        };
        let _ = out.write_all(reply);
    }
}

/// The token of the link `…#{what}=TOKEN` in a mail.
fn token(mail: &str, what: &str) -> String {
    let key = format!("http://bao.test/settings#{what}=");
    let at = mail
        .find(&key)
        .unwrap_or_else(|| panic!("no {key} in {mail}"))
        + key.len();
    mail[at..at + 22].to_string()
}

/// The app on each store, sending mail to a new sink: (app, router, sink, guard).
fn apps() -> Vec<(Arc<bao_web::App>, Router, Sink, Option<common::TestDb>)> {
    let hosts = || bao_web::guard::Hosts { bound: None };
    let mut stores = vec![(bao_web::store::Store::in_memory().unwrap(), None)];
    if let Some(url) = common::postgres_url() {
        let db = bao_web::store::pg::create_database(&url).unwrap();
        stores.push((
            bao_web::store::Store::connect(&db).unwrap(),
            Some(common::TestDb(db)),
        ));
    }
    stores
        .into_iter()
        .map(|(store, db)| {
            let sink = Sink::default();
            let port = sink.start();
            let mailer = bao_web::mail::Mailer::new(
                &format!("smtp://127.0.0.1:{port}"),
                "Bao <bao@bao.test>",
                "http://bao.test/",
            )
            .unwrap();
            let app = bao_web::App::new(store, 512, hosts()).with_mailer(mailer);
            (Arc::clone(&app), bao_web::router_with(app), sink, db)
        })
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_forgotten_password_is_reset_once_by_the_link_of_one_mail() {
    for (app, router, sink, _db) in apps() {
        reset_on(&app, router, sink).await;
    }
}

async fn reset_on(app: &bao_web::App, r: Router, sink: Sink) {
    let amani = sign_up(&r, "amani").await;
    let (_, v) = call(&r, "GET", "/api/me/email", Some(&amani), None).await;
    assert_eq!(
        v,
        json!({"email": null, "verified": false, "turn_mails": false, "mail": true})
    );
    // An address, verified by the link of its mail (which works once).
    let (s, v) = call(
        &r,
        "POST",
        "/api/me/email",
        Some(&amani),
        Some(json!({"email": " Amani@Example.ORG"})),
    )
    .await;
    assert_eq!(s, StatusCode::OK, "{v}");
    assert_eq!(
        v,
        json!({"email": "amani@example.org", "verified": false, "turn_mails": false, "mail": true, "sent": true})
    );
    let mails = sink.wait_for("amani@example.org", 1);
    assert_eq!(mails.len(), 1, "{mails:?}");
    assert!(
        mails[0].contains("Subject: Bao: confirm your e-mail address"),
        "{}",
        mails[0]
    );
    let verify = token(&mails[0], "verify");
    let body = json!({ "token": verify });
    let (s, v) = call(&r, "POST", "/api/email/verify", None, Some(body.clone())).await;
    assert_eq!(
        (s, v),
        (
            StatusCode::OK,
            json!({"email": "amani@example.org", "verified": true})
        )
    );
    let bad_link =
        json!("this link does not work (used already, expired, or mistyped): ask for a new one");
    let (s, v) = call(&r, "POST", "/api/email/verify", None, Some(body)).await;
    assert_eq!((s, &v["error"]), (StatusCode::BAD_REQUEST, &bad_link));
    // A second session (another browser).
    let (s, _) = call(
        &r,
        "POST",
        "/api/session",
        None,
        Some(json!({"name": "amani", "password": "password of amani"})),
    )
    .await;
    assert_eq!(s, StatusCode::OK);
    // Forgot: one mail to the verified address; an unknown address gets the same answer
    // and no mail; asking again at once sends nothing more.
    let sent = json!({"text": "if an account of this server has this verified address, a mail with a link to set a new password is on its way (the link works once, within an hour)"});
    for address in [
        "amani@example.org",
        "nobody@example.org",
        "AMANI@example.org",
    ] {
        let (s, v) = call(
            &r,
            "POST",
            "/api/password/forgot",
            None,
            Some(json!({"email": address})),
        )
        .await;
        assert_eq!((s, &v), (StatusCode::OK, &sent), "{address}");
    }
    let mails = sink.wait_for("amani@example.org", 3);
    assert_eq!(mails.len(), 2, "the verification and one reset mail");
    assert!(
        mails[1].contains("Subject: Bao: set a new password"),
        "{}",
        mails[1]
    );
    assert_eq!(sink.to("nobody@example.org"), Vec::<String>::new());
    assert_eq!(sink.mails.lock().unwrap().len(), 2);
    let reset = token(&mails[1], "reset");
    // The link sets a new password once and ends every session.
    let too_short = json!({"token": reset, "password": "short"});
    let (s, _) = call(&r, "POST", "/api/password/reset", None, Some(too_short)).await;
    assert_eq!(
        s,
        StatusCode::UNPROCESSABLE_ENTITY,
        "a bad password uses nothing"
    );
    let body = json!({"token": reset, "password": "a new password"});
    let (s, v) = call(&r, "POST", "/api/password/reset", None, Some(body.clone())).await;
    assert_eq!(
        (s, v),
        (
            StatusCode::OK,
            json!({"name": "amani", "sessions_ended": 2})
        )
    );
    let (s, v) = call(&r, "GET", "/api/me", Some(&amani), None).await;
    assert_eq!(
        (s, v),
        (StatusCode::OK, json!({"name": null, "signed_in": false})),
        "the sessions ended"
    );
    let (s, v) = call(&r, "POST", "/api/password/reset", None, Some(body)).await;
    assert_eq!(
        (s, &v["error"]),
        (StatusCode::BAD_REQUEST, &bad_link),
        "a second use"
    );
    let sign_in = |password: &str| json!({"name": "amani", "password": password});
    let (s, _) = call(
        &r,
        "POST",
        "/api/session",
        None,
        Some(sign_in("password of amani")),
    )
    .await;
    assert_eq!(s, StatusCode::UNAUTHORIZED);
    let (s, _) = call(
        &r,
        "POST",
        "/api/session",
        None,
        Some(sign_in("a new password")),
    )
    .await;
    assert_eq!(s, StatusCode::OK);
    // An expired link (kept by its hash, as the server keeps them) is refused.
    let (account, _) = app.store().account_by_name("amani").unwrap().unwrap();
    let now = bao_web::accounts::repo::unix_now();
    let old = "AAAAAAAAAAAAAAAAAAAAAA";
    app.store()
        .add_mail_token(
            &bao_web::accounts::session::token_hash(old),
            account.id,
            bao_web::mail::model::TokenKind::Reset,
            "amani@example.org",
            now - 1,
            now - 7200,
        )
        .unwrap();
    let (s, v) = call(
        &r,
        "POST",
        "/api/password/reset",
        None,
        Some(json!({"token": old, "password": "another password"})),
    )
    .await;
    assert_eq!(
        (s, &v["error"]),
        (StatusCode::BAD_REQUEST, &bad_link),
        "an expired link"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn turn_mails_come_at_most_once_per_game_an_hour() {
    for (_app, router, sink, _db) in apps() {
        turns_on(router, sink).await;
    }
}

async fn turns_on(r: Router, sink: Sink) {
    let amani = sign_up(&r, "amani").await;
    let baraka = sign_up(&r, "baraka").await;
    call(
        &r,
        "POST",
        "/api/me/email",
        Some(&amani),
        Some(json!({"email": "amani@example.org", "turn_mails": true})),
    )
    .await;
    let verify = token(&sink.wait_for("amani@example.org", 1)[0], "verify");
    call(
        &r,
        "POST",
        "/api/email/verify",
        None,
        Some(json!({"token": verify})),
    )
    .await;
    // baraka reads Kiswahili: his address check (asked from a Kiswahili page) and, with
    // the language saved in his account, his turn mails are in Kiswahili.
    let (s, v) = call(
        &r,
        "POST",
        "/api/me/email?lang=sw",
        Some(&baraka),
        Some(json!({"email": "baraka@example.org", "turn_mails": true})),
    )
    .await;
    assert_eq!(s, StatusCode::OK, "{v}");
    let checks = sink.wait_for("baraka@example.org", 1);
    assert!(
        checks[0].contains("Subject: Bao: thibitisha anwani yako ya barua pepe")
            && checks[0].contains("Habari baraka,"),
        "{}",
        checks[0]
    );
    let verify = token(&checks[0], "verify");
    call(
        &r,
        "POST",
        "/api/email/verify",
        None,
        Some(json!({"token": verify})),
    )
    .await;
    let (s, v) = call(
        &r,
        "PUT",
        "/api/account/lang",
        Some(&baraka),
        Some(json!({"lang": "sw"})),
    )
    .await;
    assert_eq!(s, StatusCode::OK, "{v}");
    let id = lobby_game(
        &r,
        &amani,
        &baraka,
        json!({"game": "kingulu", "clock": {"days_per_move": 2}}),
    )
    .await;
    let players = [amani.as_str(), baraka.as_str()];
    for _ in 0..4 {
        play_first(&r, &id, players).await;
    }
    let theirs = sink.wait_for("baraka@example.org", 2);
    assert!(
        theirs[1].contains("Subject: Bao: zamu yako dhidi ya amani (Bao Kingulu)"),
        "{}",
        theirs[1]
    );
    let mails = sink.wait_for("amani@example.org", 3);
    assert_eq!(
        mails.len(),
        2,
        "one turn mail for two turns within the hour"
    );
    assert!(
        mails[1].contains("Subject: Bao: your move against baraka (Bao Kingulu)"),
        "{}",
        mails[1]
    );
    assert!(
        mails[1].contains(&format!("http://bao.test/#{id}")),
        "{}",
        mails[1]
    );
    // A real-time game sends none.
    let fast = lobby_game(
        &r,
        &amani,
        &baraka,
        json!({"game": "kingulu", "clock": {"initial_s": 600, "increment_s": 5}}),
    )
    .await;
    for _ in 0..2 {
        play_first(&r, &fast, players).await;
    }
    assert_eq!(sink.wait_for("amani@example.org", 3).len(), 2);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_server_without_smtp_says_so_and_sends_nothing() {
    let r = bao_web::router();
    let amani = sign_up(&r, "amani").await;
    let (_, v) = call(&r, "GET", "/api/me/email", Some(&amani), None).await;
    assert_eq!(
        v,
        json!({"email": null, "verified": false, "turn_mails": false, "mail": false})
    );
    let off = json!("this server sends no e-mail (it was started without --smtp): addresses, password resets by mail and turn mails are off");
    let (s, v) = call(
        &r,
        "POST",
        "/api/me/email",
        Some(&amani),
        Some(json!({"email": "amani@example.org"})),
    )
    .await;
    assert_eq!((s, &v["error"]), (StatusCode::SERVICE_UNAVAILABLE, &off));
    let (s, v) = call(
        &r,
        "POST",
        "/api/password/forgot",
        None,
        Some(json!({"email": "amani@example.org"})),
    )
    .await;
    assert_eq!((s, &v["error"]), (StatusCode::SERVICE_UNAVAILABLE, &off));
    let (_, v): (StatusCode, Value) = call(&r, "GET", "/api/me/email", Some(&amani), None).await;
    assert_eq!(v["email"], Value::Null, "nothing was kept");
    // The settings page, where the mails' links lead.
    let a = common::kit::send(&r, "GET", "/settings", None, None).await;
    assert_eq!(a.status, StatusCode::OK);
    assert!(a.text.contains("src=\"/js/settings.js\""));
}
