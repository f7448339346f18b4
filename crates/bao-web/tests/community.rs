//! Issue 31: a rematch after a finished game between two accounts (offered, accepted,
//! sides swapped, both told the new game; withdrawn, declined), and the game's chat: a
//! line from each player reaches the other live, a spectator's line does not reach the
//! players' room, 10 lines in one second from one account meet a 429, a muted
//! opponent's lines are not delivered, reports; on SQLite, PostgreSQL, and two
//! instances on one PostgreSQL database.

use std::sync::Arc;
use std::time::Duration;

use axum::http::StatusCode;
use axum::Router;
use serde_json::{json, Value};

mod common;
use common::kit::{call, lobby_game, play_first, resign, sign_up, state, Events};

/// The app on each store (SQLite in memory; PostgreSQL with its listener running).
async fn apps() -> Vec<(Arc<bao_web::App>, Router, Option<common::TestDb>)> {
    let hosts = || bao_web::guard::Hosts { bound: None };
    let mut out = vec![(
        bao_web::App::new(bao_web::store::Store::in_memory().unwrap(), 512, hosts()),
        None,
    )];
    if let Some(url) = common::postgres_url() {
        let db = bao_web::store::pg::create_database(&url).unwrap();
        let store = bao_web::store::Store::connect(&db).unwrap();
        out.push((
            bao_web::App::new(store, 512, hosts()),
            Some(common::TestDb(db)),
        ));
    }
    let mut apps = Vec::new();
    for (app, db) in out {
        if db.is_some() {
            bao_web::clock::start(&app).await.unwrap();
        }
        apps.push((Arc::clone(&app), bao_web::router_with(app), db));
    }
    apps
}

/// A notice of `kind` about `game` with `text` and its sentence `say` (issue 29), as the
/// stream sends it.
fn notice(kind: &str, game: &str, text: &str, say: Value) -> Value {
    json!({"kind": kind, "game": game, "challenge": null, "text": text, "say": say})
}

/// `Bao Kingulu 2 days per move` as a notice's argument.
fn kingulu_2_days() -> Value {
    json!({"key": "notice-game-clock", "args": {"game": "Bao Kingulu",
        "clock": {"key": "clock-days", "args": {"days": 2}}}})
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rematch_is_offered_accepted_with_the_sides_swapped_withdrawn_and_declined() {
    for (_app, router, _db) in apps().await {
        rematch_on(router).await;
    }
}

/// The next notice that is not `settled`: the old game's own `settled` (sent when it
/// ended, before these streams opened) may still be on its way on PostgreSQL, whose
/// notices cross instances through the database, and reach a stream opened after it.
async fn next_unsettled(events: &mut Events) -> Value {
    loop {
        let v = events.next_of("notice").await;
        if v["kind"] != "settled" {
            return v;
        }
    }
}

async fn rematch_on(app: Router) {
    let amani = sign_up(&app, "amani").await;
    let baraka = sign_up(&app, "baraka").await;
    let chausiku = sign_up(&app, "chausiku").await;
    let body = json!({"game": "kingulu", "clock": {"days_per_move": 2}, "rated": true});
    let old = lobby_game(&app, &amani, &baraka, body).await;
    let uri = format!("/api/games/{old}/rematch");
    let (s, v) = call(&app, "POST", &uri, Some(&amani), None).await;
    assert_eq!(
        (s, &v["error"]),
        (
            StatusCode::CONFLICT,
            &json!("the game is still being played: offer a rematch once it is over")
        )
    );
    play_first(&app, &old, [&amani, &baraka]).await;
    play_first(&app, &old, [&amani, &baraka]).await;
    resign(&app, &old, &baraka).await;
    let mut a = Events::open(&app, "/api/me/events", Some(&amani)).await;
    let mut b = Events::open(&app, "/api/me/events", Some(&baraka)).await;
    assert_eq!(a.next_of("ready").await, json!({"name": "amani"}));
    assert_eq!(b.next_of("ready").await, json!({"name": "baraka"}));
    // Only a player offers.
    let (s, v) = call(&app, "POST", &uri, Some(&chausiku), None).await;
    assert_eq!(
        (s, &v["error"]),
        (
            StatusCode::FORBIDDEN,
            &json!("you play no side of this game")
        )
    );
    // amani offers; baraka is told; asking again changes nothing.
    let (s, v) = call(&app, "POST", &uri, Some(&amani), None).await;
    assert_eq!(
        (s, &v),
        (
            StatusCode::CREATED,
            &json!({"offered_by": "amani", "game": null})
        )
    );
    assert_eq!(
        next_unsettled(&mut b).await,
        notice(
            "rematch",
            &old,
            "amani offers a rematch: Bao Kingulu 2 days per move",
            json!({"key": "notice-rematch", "args": {"name": "amani", "what": kingulu_2_days()}})
        )
    );
    let (s, v) = call(&app, "POST", &uri, Some(&amani), None).await;
    assert_eq!(
        (s, &v),
        (
            StatusCode::OK,
            &json!({"offered_by": "amani", "game": null})
        )
    );
    let (_, v) = call(&app, "GET", &uri, None, None).await;
    assert_eq!(v, json!({"offered_by": "amani", "game": null}));
    // baraka accepts: a new game, the sides swapped, both told its link.
    let (s, v) = call(&app, "POST", &uri, Some(&baraka), None).await;
    assert_eq!(s, StatusCode::CREATED, "{v}");
    let new = v["game"].as_str().unwrap().to_string();
    assert_eq!(v, json!({"offered_by": "amani", "game": new}));
    assert_eq!(
        next_unsettled(&mut a).await,
        notice(
            "rematch-accepted",
            &new,
            "rematch: Bao Kingulu 2 days per move, you play North against baraka",
            json!({"key": "notice-rematch-accepted", "args": {"what": kingulu_2_days(),
                "side": {"key": "side-north", "args": {}}, "opponent": "baraka"}})
        )
    );
    assert_eq!(
        b.next_of("notice").await,
        notice(
            "rematch-accepted",
            &new,
            "rematch: Bao Kingulu 2 days per move, you play South against amani",
            json!({"key": "notice-rematch-accepted", "args": {"what": kingulu_2_days(),
                "side": {"key": "side-south", "args": {}}, "opponent": "amani"}})
        )
    );
    let (before, after) = (state(&app, &old).await, state(&app, &new).await);
    assert_eq!(
        before["names"],
        json!({"south": "amani", "north": "baraka"})
    );
    assert_eq!(after["names"], json!({"south": "baraka", "north": "amani"}));
    for field in ["game", "rules", "rated", "options"] {
        assert_eq!(before[field], after[field], "{field}");
    }
    assert_eq!(after["clock"]["text"], before["clock"]["text"]);
    assert_eq!(
        (after["ply"].clone(), after["outcome"].clone()),
        (json!(0), Value::Null)
    );
    // Asked again by either: the same game; the new game's South moves first.
    for who in [&amani, &baraka] {
        let (s, v) = call(&app, "POST", &uri, Some(who), None).await;
        assert_eq!((s, &v["game"]), (StatusCode::OK, &json!(new)));
    }
    play_first(&app, &new, [&baraka, &amani]).await;
    assert_eq!(a.next_of("notice").await["kind"], "your-move");
    // baraka has moved: his banner about the game comes down (docs/web.md).
    assert_eq!(
        b.next_of("notice").await,
        json!({"kind": "settled", "game": &new, "challenge": null, "text": ""})
    );
    // Withdrawn and declined, after the rematch is aborted.
    let (s, v) = call(
        &app,
        "POST",
        &format!("/api/games/{new}/abort"),
        Some(&amani),
        None,
    )
    .await;
    assert_eq!(s, StatusCode::OK, "{v}");
    // The game is over: both players' banners about it come down.
    for stream in [&mut a, &mut b] {
        assert_eq!(
            stream.next_of("notice").await,
            json!({"kind": "settled", "game": &new, "challenge": null, "text": ""})
        );
    }
    let uri = format!("/api/games/{new}/rematch");
    let (s, _) = call(&app, "POST", &uri, Some(&amani), None).await;
    assert_eq!(s, StatusCode::CREATED);
    assert_eq!(b.next_of("notice").await["kind"], "rematch");
    let (s, v) = call(&app, "DELETE", &uri, Some(&amani), None).await;
    assert_eq!((s, v), (StatusCode::OK, json!({"withdrawn": true})));
    assert_eq!(
        b.next_of("notice").await,
        notice(
            "rematch-withdrawn",
            &new,
            "amani withdrew the rematch offer",
            json!({"key": "notice-rematch-withdrawn", "args": {"name": "amani"}})
        )
    );
    let (s, _) = call(&app, "POST", &uri, Some(&amani), None).await;
    assert_eq!(s, StatusCode::CREATED);
    let (s, v) = call(&app, "DELETE", &uri, Some(&baraka), None).await;
    assert_eq!((s, v), (StatusCode::OK, json!({"declined": true})));
    assert_eq!(
        a.next_of("notice").await,
        notice(
            "rematch-declined",
            &new,
            "baraka declined the rematch",
            json!({"key": "notice-rematch-declined", "args": {"name": "baraka"}})
        )
    );
    let (s, v) = call(&app, "DELETE", &uri, Some(&baraka), None).await;
    assert_eq!(
        (s, &v["error"]),
        (
            StatusCode::NOT_FOUND,
            &json!("no open rematch offer for this game")
        )
    );
    let (_, v) = call(&app, "GET", &uri, None, None).await;
    assert_eq!(v, json!({"offered_by": null, "game": null}));
    // A game against the engine account: bao-2 accepts at once, sides swapped.
    let (s, v) = call(
        &app,
        "POST",
        "/api/challenges",
        Some(&chausiku),
        Some(json!({"game": "kingulu", "clock": {"days_per_move": 1}, "side": "south", "opponent": "bao-2"})),
    )
    .await;
    assert_eq!(s, StatusCode::CREATED, "{v}");
    let vs_engine = v["game"].as_str().unwrap().to_string();
    resign(&app, &vs_engine, &chausiku).await;
    let (s, v) = call(
        &app,
        "POST",
        &format!("/api/games/{vs_engine}/rematch"),
        Some(&chausiku),
        None,
    )
    .await;
    assert_eq!(s, StatusCode::CREATED, "{v}");
    let st = state(&app, v["game"].as_str().unwrap()).await;
    assert_eq!(st["names"], json!({"south": "bao-2", "north": "chausiku"}));
    // A guest game has no accounts to rematch.
    let (_, g) = call(
        &app,
        "POST",
        "/api/games",
        None,
        Some(json!({"game": "kingulu"})),
    )
    .await;
    let (s, v) = call(
        &app,
        "POST",
        &format!("/api/games/{}/rematch", g["id"].as_str().unwrap()),
        Some(&amani),
        None,
    )
    .await;
    assert_eq!(
        (s, &v["error"]),
        (
            StatusCode::UNPROCESSABLE_ENTITY,
            &json!("a rematch is for a game between two accounts (from the lobby)")
        )
    );
}

/// `who` writes `text` in game `id` (room: default, or the one given); the answer.
async fn say(
    app: &Router,
    id: &str,
    who: &str,
    text: &str,
    room: Option<&str>,
) -> (StatusCode, Value) {
    let mut body = json!({ "text": text });
    if let Some(r) = room {
        body["room"] = json!(r);
    }
    call(
        app,
        "POST",
        &format!("/api/games/{id}/chat"),
        Some(who),
        Some(body),
    )
    .await
}

/// The texts of lines.
fn texts(lines: &Value) -> Vec<String> {
    lines
        .as_array()
        .unwrap()
        .iter()
        .map(|l| l["text"].as_str().unwrap().to_string())
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn players_and_spectators_chat_in_their_rooms_with_rates_mutes_and_reports() {
    for (_app, router, _db) in apps().await {
        chat_on(router).await;
    }
}

async fn chat_on(app: Router) {
    let amani = sign_up(&app, "amani").await;
    let baraka = sign_up(&app, "baraka").await;
    let chausiku = sign_up(&app, "chausiku").await;
    let dalila = sign_up(&app, "dalila").await;
    let body = json!({"game": "kingulu", "clock": {"days_per_move": 2}});
    let id = lobby_game(&app, &amani, &baraka, body).await;
    let events = format!("/api/games/{id}/events");
    let mut a = Events::open(&app, &events, Some(&amani)).await;
    let mut b = Events::open(&app, &events, Some(&baraka)).await;
    let mut c = Events::open(&app, &events, Some(&chausiku)).await;
    // A line from each player reaches the other live (and its author's own pages).
    let (s, line) = say(&app, &id, &amani, "  good luck ", None).await;
    assert_eq!(s, StatusCode::CREATED, "{line}");
    assert_eq!(
        (&line["room"], &line["author"], &line["text"]),
        (&json!("players"), &json!("amani"), &json!("good luck"))
    );
    assert_eq!(b.next_of("chat").await, line);
    assert_eq!(a.next_of("chat").await, line);
    let (_, reply) = say(&app, &id, &baraka, "you too", None).await;
    assert_eq!(a.next_of("chat").await, reply);
    assert_eq!(b.next_of("chat").await, reply);
    // A spectator's line stays in the spectators' room: the players' streams' next line
    // is amani's next one.
    let (s, seen) = say(&app, &id, &chausiku, "nice opening", None).await;
    assert_eq!(
        (s, &seen["room"]),
        (StatusCode::CREATED, &json!("spectators"))
    );
    assert_eq!(c.next_of("chat").await, seen);
    let (_, next) = say(&app, &id, &amani, "<script>alert(1)</script>", None).await;
    assert_eq!(next["text"], "<script>alert(1)</script>", "text as written");
    assert_eq!(b.next_of("chat").await, next);
    assert_eq!(a.next_of("chat").await, next);
    assert_eq!(
        c.all_of_within("chat", Duration::from_millis(300)).await,
        Vec::<Value>::new()
    );
    // Each writes only in his room while the game is played.
    let (s, v) = say(&app, &id, &chausiku, "psst", Some("players")).await;
    assert_eq!(
        (s, &v["error"]),
        (
            StatusCode::FORBIDDEN,
            &json!(
                "only the game's players write in the players' room: write in the spectators' room"
            )
        )
    );
    let (s, v) = say(&app, &id, &amani, "hello all", Some("spectators")).await;
    assert_eq!(
        (s, &v["error"]),
        (
            StatusCode::FORBIDDEN,
            &json!("the players write in the spectators' room once the game is over")
        )
    );
    let (s, v) = call(
        &app,
        "POST",
        &format!("/api/games/{id}/chat"),
        None,
        Some(json!({"text": "hi"})),
    )
    .await;
    assert_eq!(s, StatusCode::UNAUTHORIZED, "{v}");
    let (s, v) = say(&app, &id, &chausiku, &"x".repeat(141), None).await;
    assert_eq!(
        (s, &v["error"]),
        (
            StatusCode::UNPROCESSABLE_ENTITY,
            &json!("the line has 141 characters; at most 140")
        )
    );
    // Read back: each reader his rooms.
    let uri = format!("/api/games/{id}/chat");
    let (_, v) = call(&app, "GET", &uri, Some(&amani), None).await;
    assert_eq!(
        texts(&v["players"]),
        ["good luck", "you too", "<script>alert(1)</script>"]
    );
    assert_eq!((&v["spectators"], &v["muted"]), (&Value::Null, &json!([])));
    let (_, v) = call(&app, "GET", &uri, None, None).await;
    assert_eq!(
        (&v["players"], texts(&v["spectators"])),
        (&Value::Null, vec!["nice opening".to_string()])
    );
    // baraka mutes amani: amani's lines no longer reach him (his own still do).
    let (s, v) = call(
        &app,
        "POST",
        "/api/me/mutes",
        Some(&baraka),
        Some(json!({"name": "AMANI"})),
    )
    .await;
    assert_eq!((s, v), (StatusCode::OK, json!({"muted": ["amani"]})));
    let (s, muted_line) = say(&app, &id, &amani, "are you there?", None).await;
    assert_eq!(s, StatusCode::CREATED);
    assert_eq!(a.next_of("chat").await, muted_line);
    let (_, own) = say(&app, &id, &baraka, "thinking", None).await;
    assert_eq!(
        b.next_of("chat").await,
        own,
        "the muted line was not delivered"
    );
    let (_, v) = call(&app, "GET", &uri, Some(&baraka), None).await;
    assert_eq!(texts(&v["players"]), ["you too", "thinking"]);
    assert_eq!(v["muted"], json!(["amani"]));
    let (_, v) = call(&app, "DELETE", "/api/me/mutes/amani", Some(&baraka), None).await;
    assert_eq!(v, json!({"muted": []}));
    // Unmuted: amani's next line reaches baraka's stream again (the mutes a process
    // remembers per reader are forgotten on every change).
    let (s, back) = say(&app, &id, &amani, "back?", None).await;
    assert_eq!(s, StatusCode::CREATED, "{back}");
    assert_eq!(a.next_of("chat").await, own);
    assert_eq!(a.next_of("chat").await, back);
    assert_eq!(
        b.next_of("chat").await,
        back,
        "the unmuted line was delivered"
    );
    let (s, v) = call(
        &app,
        "POST",
        "/api/me/mutes",
        Some(&baraka),
        Some(json!({"name": "baraka"})),
    )
    .await;
    assert_eq!(
        (s, &v["error"]),
        (
            StatusCode::UNPROCESSABLE_ENTITY,
            &json!("you cannot mute yourself")
        )
    );
    // 10 lines in one second from one account: 5 pass, then 429.
    let mut statuses = Vec::new();
    let mut last = Value::Null;
    for i in 0..10 {
        let (s, v) = say(&app, &id, &dalila, &format!("line {i}"), None).await;
        statuses.push(s.as_u16());
        last = v;
    }
    assert_eq!(statuses, [201, 201, 201, 201, 201, 429, 429, 429, 429, 429]);
    assert_eq!(
        last["error"],
        "too many chat lines: at most 5 in 10 s; write again in 10 s"
    );
    // Reports: once per account, not one's own line, not a line that does not exist.
    let line_id = muted_line["id"].as_i64().unwrap();
    let report = format!("/api/chat/{line_id}/report");
    let (s, v) = call(&app, "POST", &report, Some(&baraka), None).await;
    assert_eq!((s, v), (StatusCode::CREATED, json!({"reported": line_id})));
    let (s, _) = call(&app, "POST", &report, Some(&baraka), None).await;
    assert_eq!(s, StatusCode::OK);
    let (s, v) = call(&app, "POST", &report, Some(&amani), None).await;
    assert_eq!(
        (s, &v["error"]),
        (
            StatusCode::UNPROCESSABLE_ENTITY,
            &json!("you cannot report your own line")
        )
    );
    let (s, _) = call(&app, "POST", "/api/chat/999999/report", Some(&amani), None).await;
    assert_eq!(s, StatusCode::NOT_FOUND);
    for i in 0..5 {
        assert_eq!(c.next_of("chat").await["text"], format!("line {i}"));
    }
    // Once the game is over the players read and write the spectators' room too.
    resign(&app, &id, &amani).await;
    let (s, after) = say(&app, &id, &amani, "gg all", Some("spectators")).await;
    assert_eq!(s, StatusCode::CREATED, "{after}");
    assert_eq!(c.next_of("chat").await, after);
    assert_eq!(b.next_of("chat").await, after);
    let (_, v) = call(&app, "GET", &uri, Some(&amani), None).await;
    assert_eq!(texts(&v["spectators"])[..2], ["nice opening", "line 0"]);
}

/// Two instances on one PostgreSQL database: a line written on one reaches the
/// streams on the other, each in its room.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_chat_line_crosses_instances() {
    let Some(url) = common::postgres_url() else {
        return;
    };
    let db = bao_web::store::pg::create_database(&url).unwrap();
    let _guard = common::TestDb(db.clone());
    let instance = || async {
        let store = bao_web::store::Store::connect(&db).unwrap();
        let app = bao_web::App::new(store, 512, bao_web::guard::Hosts { bound: None });
        bao_web::clock::start(&app).await.unwrap();
        bao_web::router_with(app)
    };
    let (one, two) = (instance().await, instance().await);
    let amani = sign_up(&one, "amani").await;
    let baraka = sign_up(&one, "baraka").await;
    let chausiku = sign_up(&one, "chausiku").await;
    let id = lobby_game(
        &one,
        &amani,
        &baraka,
        json!({"game": "kingulu", "clock": {"days_per_move": 2}}),
    )
    .await;
    let events = format!("/api/games/{id}/events");
    let mut b = Events::open(&two, &events, Some(&baraka)).await;
    let mut c = Events::open(&two, &events, Some(&chausiku)).await;
    let (_, line) = say(&one, &id, &amani, "hello from one", None).await;
    assert_eq!(b.next_of("chat").await, line);
    let (_, seen) = say(&one, &id, &chausiku, "watching from one", None).await;
    assert_eq!(c.next_of("chat").await, seen);
    let (_, reply) = say(&two, &id, &baraka, "hello from two", None).await;
    assert_eq!(
        b.next_of("chat").await,
        reply,
        "the spectator's line did not reach him"
    );
    assert_eq!(
        c.all_of_within("chat", Duration::from_millis(500)).await,
        Vec::<Value>::new()
    );
}
