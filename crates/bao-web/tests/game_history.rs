//! Issue 31, game history: an account's 60 games (lobby games won, lost, drawn, aborted
//! and going on, in both games, rated and casual, and games against the computer)
//! paged through exactly once with a cursor while new games are being added; the
//! filters; every record downloaded (one game, and all of an account's as one file)
//! replays to the stored final position.

use std::collections::HashSet;

use axum::http::StatusCode;
use axum::Router;
use bao_rules::{kingulu::Kingulu, kiswahili::Kiswahili, Game};
use serde_json::{json, Value};

mod common;
use common::kit::{call, lobby_game, play_first, resign, send, sign_up, state};

/// Which games a filter keeps.
type Keep = fn(&Made) -> bool;

/// One game of amani's and what its history should say of it.
#[derive(Clone, Debug)]
struct Made {
    id: String,
    game: &'static str,
    rated: bool,
    /// `win`, `loss`, `draw`, `ongoing`, `aborted`, from amani's side.
    result: &'static str,
}

/// Game `i` of amani's (against baraka, or the computer for every sixth).
async fn make(app: &Router, i: usize, amani: &str, baraka: &str) -> Made {
    if i.is_multiple_of(6) {
        let (s, v) = call(
            app,
            "POST",
            "/api/games",
            Some(amani),
            Some(json!({"game": "kingulu", "north": "computer", "level": 1})),
        )
        .await;
        assert_eq!(s, StatusCode::CREATED, "{v}");
        let id = v["id"].as_str().unwrap().to_string();
        let seat = v["seat"].as_str().unwrap().to_string();
        let mv = v["moves"][0]["text"].as_str().unwrap().to_string();
        let r = axum::http::Request::builder()
            .method("POST")
            .uri(format!("/api/games/{id}/play"))
            .header("content-type", "application/json")
            .header("x-bao-seat", seat)
            .body(axum::body::Body::from(json!({ "move": mv }).to_string()))
            .unwrap();
        let res = tower::ServiceExt::oneshot(app.clone(), r).await.unwrap();
        assert_eq!(res.status(), StatusCode::OK);
        return Made {
            id,
            game: "kingulu",
            rated: false,
            result: "ongoing",
        };
    }
    let game = if i % 4 == 1 { "kiswahili" } else { "kingulu" };
    let rated = i.is_multiple_of(2);
    let body = json!({"game": game, "clock": {"days_per_move": 2}, "rated": rated});
    // amani plays South in two games of three, North in the third.
    let amani_south = i % 3 != 2;
    let (south, north) = if amani_south {
        (amani, baraka)
    } else {
        (baraka, amani)
    };
    let id = lobby_game(app, south, north, body).await;
    let players = [south, north];
    let result = match i % 5 {
        0 => {
            let (s, v) = call(
                app,
                "POST",
                &format!("/api/games/{id}/abort"),
                Some(amani),
                None,
            )
            .await;
            assert_eq!(s, StatusCode::OK, "{v}");
            "aborted"
        }
        1 => {
            play_first(app, &id, players).await;
            resign(app, &id, amani).await;
            "loss"
        }
        2 => {
            play_first(app, &id, players).await;
            play_first(app, &id, players).await;
            resign(app, &id, baraka).await;
            "win"
        }
        3 => {
            play_first(app, &id, players).await;
            play_first(app, &id, players).await;
            for who in [amani, baraka] {
                let (s, v) = call(
                    app,
                    "POST",
                    &format!("/api/games/{id}/draw"),
                    Some(who),
                    None,
                )
                .await;
                assert_eq!(s, StatusCode::OK, "{v}");
            }
            "draw"
        }
        _ => {
            for _ in 0..3 {
                play_first(app, &id, players).await;
            }
            "ongoing"
        }
    };
    Made {
        id,
        game,
        rated,
        result,
    }
}

/// Every page of `query` for amani (`limit` a page); calls `between` after each page.
async fn all_pages(app: &Router, query: &str, mut between: impl AsyncFnMut()) -> Vec<Value> {
    let mut out = Vec::new();
    let mut before = String::new();
    for _ in 0..100 {
        let uri = format!("/api/players/amani/games?{query}{before}");
        let (s, v) = call(app, "GET", &uri, None, None).await;
        assert_eq!(s, StatusCode::OK, "{uri}: {v}");
        out.extend(v["games"].as_array().unwrap().iter().cloned());
        match v["next"].as_str() {
            Some(next) => before = format!("&before={next}"),
            None => return out,
        }
        between().await;
    }
    panic!("more than 100 pages");
}

fn ids(games: &[Value]) -> Vec<String> {
    games
        .iter()
        .map(|g| g["id"].as_str().unwrap().to_string())
        .collect()
}

/// The position a record text replays to (its game from the `Game` tag).
fn replayed(text: &str) -> String {
    use bao_rules::record::load::{kind_of, read};
    match kind_of(text).unwrap() {
        bao_rules::GameKind::Kingulu => {
            read::<Kingulu>(text, u32::MAX).unwrap().current().to_text()
        }
        bao_rules::GameKind::Kiswahili => read::<Kiswahili>(text, u32::MAX)
            .unwrap()
            .current()
            .to_text(),
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sixty_games_page_once_while_games_are_added_and_every_record_replays() {
    for (app, _db) in common::routers() {
        history_on(app).await;
    }
}

async fn history_on(app: Router) {
    let amani = sign_up(&app, "amani").await;
    let baraka = sign_up(&app, "baraka").await;
    let mut made = Vec::new();
    for i in 0..60 {
        made.push(make(&app, i, &amani, &baraka).await);
    }
    // Pages of 7 while a new (casual, Bao Kingulu, going on) game of amani's is added
    // after every page: the 60 come exactly once, newest first, and none of the new.
    let added = std::cell::RefCell::new(Vec::new());
    let pages = all_pages(&app, "limit=7", async || {
        let id = lobby_game(
            &app,
            &amani,
            &baraka,
            json!({"game": "kingulu", "clock": {"days_per_move": 2}}),
        )
        .await;
        added.borrow_mut().push(id);
    })
    .await;
    let seen = ids(&pages);
    let originals: HashSet<String> = made.iter().map(|m| m.id.clone()).collect();
    assert_eq!(seen.len(), 60, "each once");
    assert_eq!(seen.iter().cloned().collect::<HashSet<_>>(), originals);
    assert_eq!(
        added.borrow().len(),
        8,
        "9 pages: 8 games added between them"
    );
    let keys: Vec<(String, String)> = pages
        .iter()
        .map(|g| {
            (
                g["created"].as_str().unwrap().to_string(),
                g["id"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    let mut sorted = keys.clone();
    sorted.sort_by(|a, b| b.cmp(a));
    assert_eq!(keys, sorted, "newest first, then by id");
    for m in added.borrow().iter() {
        made.push(Made {
            id: m.clone(),
            game: "kingulu",
            rated: false,
            result: "ongoing",
        });
    }
    // Each filter lists exactly the games it names (all 68 now, in pages of 100).
    let filters: [(&str, Keep); 10] = [
        ("game=kiswahili", |m| m.game == "kiswahili"),
        ("game=kingulu", |m| m.game == "kingulu"),
        ("result=win", |m| m.result == "win"),
        ("result=loss", |m| m.result == "loss"),
        ("result=draw", |m| m.result == "draw"),
        ("result=ongoing", |m| m.result == "ongoing"),
        ("result=aborted", |m| m.result == "aborted"),
        ("rated=true", |m| m.rated),
        ("rated=false", |m| !m.rated),
        ("game=kingulu&result=win&rated=true", |m| {
            m.game == "kingulu" && m.result == "win" && m.rated
        }),
    ];
    for (query, keep) in filters {
        let got: HashSet<String> =
            ids(&all_pages(&app, &format!("limit=100&{query}"), async || {}).await)
                .into_iter()
                .collect();
        let want: HashSet<String> = made
            .iter()
            .filter(|m| keep(m))
            .map(|m| m.id.clone())
            .collect();
        assert!(!want.is_empty(), "{query}");
        assert_eq!(got, want, "{query}");
    }
    // The counts the loop made: 10 against the computer, 50 lobby games, 10 of each end.
    let count = |r: &str| made.iter().filter(|m| m.result == r).count();
    assert_eq!(
        [
            count("win"),
            count("loss"),
            count("draw"),
            count("aborted"),
            count("ongoing")
        ],
        [10, 10, 10, 10, 28]
    );
    // Every record replays to the stored final position.
    for m in &made {
        let a = send(
            &app,
            "GET",
            &format!("/api/games/{}/record", m.id),
            None,
            None,
        )
        .await;
        assert_eq!(a.status, StatusCode::OK);
        let st = state(&app, &m.id).await;
        assert_eq!(
            replayed(&a.text),
            st["position"].as_str().unwrap(),
            "{}",
            m.id
        );
    }
    // All of amani's games as one file, newest first: each piece replays to its game.
    let a = send(&app, "GET", "/api/players/amani/records", None, None).await;
    assert_eq!(a.status, StatusCode::OK, "{}", a.text);
    assert_eq!(a.headers["x-bao-games"], "68");
    assert!(a.headers.get("x-bao-next").is_none());
    assert_eq!(
        a.headers["content-disposition"],
        "attachment; filename=\"amani-games.bao\""
    );
    let pieces = bao_rules::record::split_records(&a.text);
    let newest_first = ids(&all_pages(&app, "limit=100", async || {}).await);
    assert_eq!(pieces.len(), 68);
    for (piece, id) in pieces.iter().zip(&newest_first) {
        let st = state(&app, id).await;
        assert_eq!(replayed(piece), st["position"].as_str().unwrap(), "{id}");
    }
    // With a filter: the draws only.
    let a = send(
        &app,
        "GET",
        "/api/players/amani/records?result=draw",
        None,
        None,
    )
    .await;
    assert_eq!(a.headers["x-bao-games"], "10");
    assert_eq!(bao_rules::record::split_records(&a.text).len(), 10);
    // Errors name what is wrong.
    for (uri, status, message) in [
        ("/api/players/nobody/games", 404, "no player named \"nobody\""),
        (
            "/api/players/amani/games?before=yesterday",
            400,
            "before \"yesterday\" is not a cursor: give the \"next\" of the page before (TIME~ID)",
        ),
        (
            "/api/players/amani/games?result=won",
            400,
            "result \"won\" is not a result: expected \"win\", \"loss\", \"draw\", \"ongoing\" or \"aborted\"",
        ),
        (
            "/api/players/amani/games?limit=01",
            400,
            "limit \"01\" in the query is not a number written plainly (0, 1, 2, ...)",
        ),
    ] {
        let (s, v) = call(&app, "GET", uri, None, None).await;
        assert_eq!((s.as_u16(), v["error"].as_str().unwrap()), (status, message), "{uri}");
    }
    let (_, v) = call(&app, "GET", "/api/players/amani/games?limit=0", None, None).await;
    assert_eq!(v["games"].as_array().unwrap().len(), 1, "a limit of 0 is 1");
    let (_, v) = call(
        &app,
        "GET",
        "/api/players/baraka/games?limit=1000",
        None,
        None,
    )
    .await;
    assert_eq!(
        v["games"].as_array().unwrap().len(),
        58,
        "baraka: the 58 lobby games"
    );
    assert_eq!(v["next"], Value::Null);
    // The page.
    let a = send(&app, "GET", "/@/amani/games", None, None).await;
    assert_eq!(a.status, StatusCode::OK);
    assert!(a
        .text
        .contains("<script type=\"module\" src=\"/js/games.js\"></script>"));
}

/// The record file holds at most 500 games and names the file of the older ones, which
/// holds the rest: 502 games in two files, each once.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_record_file_stops_at_500_games_and_names_the_next() {
    let app = bao_web::router();
    let amani = sign_up(&app, "amani").await;
    let mut made = HashSet::new();
    for _ in 0..502 {
        let (s, v) = call(
            &app,
            "POST",
            "/api/games",
            Some(&amani),
            Some(json!({"game": "kingulu"})),
        )
        .await;
        assert_eq!(s, StatusCode::CREATED, "{v}");
        made.insert(v["id"].as_str().unwrap().to_string());
    }
    let first = send(&app, "GET", "/api/players/amani/records", None, None).await;
    assert_eq!(first.headers["x-bao-games"], "500");
    let next = first.headers["x-bao-next"].to_str().unwrap().to_string();
    assert!(
        next.starts_with("/api/players/amani/records?before="),
        "{next}"
    );
    assert_eq!(
        first.headers["x-bao-note"].to_str().unwrap(),
        format!("the 500 newest games; the older ones: GET {next} (with the same filters)")
    );
    let rest = send(&app, "GET", &next, None, None).await;
    assert_eq!(rest.headers["x-bao-games"], "2");
    assert!(rest.headers.get("x-bao-next").is_none());
    let pieces = bao_rules::record::split_records(&first.text).len()
        + bao_rules::record::split_records(&rest.text).len();
    assert_eq!(pieces, 502);
    // Each game once: the history's ids over both files' cursors.
    let all = ids(&all_pages(&app, "limit=100", async || {}).await);
    assert_eq!(all.iter().cloned().collect::<HashSet<_>>(), made);
}
