//! Issue 28: Swiss tournaments run by the server. Nine players (seven accounts whose
//! moves the test plays, two engine accounts that move by themselves) on fast clocks
//! play five rounds; every round is paired and its games created by the server alone
//! when the round before is complete; no repeated opponent, one bye per round,
//! standings with named tie-breaks, live on the tournament's stream; the TRF export reads
//! back without violations. The same on PostgreSQL with two instances (each round paired
//! once). A player who never moves loses on time (a forfeit, not an abort).

use std::sync::Arc;
use std::time::Duration;

use axum::http::StatusCode;
use axum::Router;
use serde_json::{json, Value};

mod common;
use common::tour::{check_swiss, check_trf, points_total, run, Club, Watch};

const ACCOUNTS: [&str; 7] = [
    "amani", "baraka", "chiku", "daudi", "eshe", "faraji", "gift",
];

/// amani creates a 5-round Swiss on a 6 s clock; the seven accounts join and amani
/// enters bao-1 and bao-2. Its id.
async fn nine_player_swiss(club: &Club) -> String {
    let (s, v) = club
        .call(
            "POST",
            "/api/tournaments",
            Some("amani"),
            Some(json!({
                "name": "Zanzibar Open", "game": "kingulu", "format": "swiss", "rounds": 5,
                "games_per_pairing": 1, "clock": {"initial_s": 6, "increment_s": 0},
                "rated": true
            })),
        )
        .await;
    assert_eq!(s, StatusCode::CREATED, "{v}");
    let id = v["id"].as_str().unwrap().to_string();
    let join = format!("/api/tournaments/{id}/join");
    for name in ACCOUNTS {
        let (s, v) = club.call("POST", &join, Some(name), None).await;
        assert_eq!(s, StatusCode::OK, "{v}");
        assert_eq!(v, json!({ "joined": name }));
    }
    for engine in ["bao-1", "bao-2"] {
        let (s, v) = club
            .call(
                "POST",
                &join,
                Some("amani"),
                Some(json!({ "player": engine })),
            )
            .await;
        assert_eq!(s, StatusCode::OK, "{v}");
    }
    let t = club.get(&id).await;
    assert_eq!(t["status"], "open");
    assert_eq!(t["players"].as_array().unwrap().len(), 9);
    assert_eq!(t["standings"], json!([]));
    id
}

/// Starts it as amani: round 1 is paired at once (4 games and a bye).
async fn start(club: &Club, id: &str) {
    let (s, t) = club
        .call(
            "POST",
            &format!("/api/tournaments/{id}/start"),
            Some("amani"),
            None,
        )
        .await;
    assert_eq!(s, StatusCode::OK, "{t}");
    assert_eq!(
        (t["status"].as_str(), t["round"].as_u64()),
        (Some("running"), Some(1))
    );
    let pairings = t["rounds"][0]["pairings"].as_array().unwrap();
    assert_eq!(pairings.len(), 5);
    assert_eq!(pairings[4]["north"], Value::Null, "the bye last: {t}");
    // Start numbers by rating (all 1500), then name: amani 1, bao-1 2, …
    let starts: Vec<(&str, u64)> = t["players"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| (p["name"].as_str().unwrap(), p["start"].as_u64().unwrap()))
        .collect();
    assert_eq!(starts[0], ("amani", 1));
    assert_eq!(starts[1], ("bao-1", 2));
    assert_eq!(starts[8], ("gift", 9));
}

/// The live stream's events show the standings change game by game within round 1 and
/// the rounds follow one another to the end.
fn check_live(events: &[Value]) {
    assert_eq!(
        events[0]["status"], "open",
        "the stream starts with the state"
    );
    let mut last_round = 0;
    for e in events {
        let r = e["round"].as_u64().unwrap();
        assert!(r >= last_round, "rounds go forward");
        last_round = r;
    }
    assert_eq!(events.last().unwrap()["status"], "finished");
    // Round 1 starts with the bye's point and ends with 5: some event lies between.
    let within_round_1: Vec<f64> = events
        .iter()
        .filter(|e| e["status"] == "running" && e["round"] == 1)
        .map(points_total)
        .collect();
    assert!(
        within_round_1.iter().any(|&p| p > 1.0 && p < 5.0),
        "a game's end updates the standings before the round ends: {within_round_1:?}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_nine_player_swiss_is_paired_and_played_by_the_server_alone() {
    let app = bao_web::router();
    let club = Club::new(vec![app.clone()], &ACCOUNTS).await;
    let id = nine_player_swiss(&club).await;
    let watch = Watch::open(&app, &id).await;
    start(&club, &id).await;
    let (t, seen) = run(&club, &id, Duration::from_secs(240)).await;
    let byes = check_swiss(&t, &seen, 9, 5);
    assert_eq!(byes.len(), 5);
    // Round 1's bye is the lowest-ranked player's (C.04.3 C.2 / C.5).
    assert_eq!(byes[0], "gift");
    check_trf(&club, &id, 9, 5).await;
    let events = watch
        .until(Duration::from_secs(10), |e| e["status"] == "finished")
        .await;
    check_live(&events);
    // Listed among the finished tournaments.
    let (_, list) = club.call("GET", "/api/tournaments", None, None).await;
    assert_eq!(list["finished"][0]["id"], json!(id));
    assert_eq!(list["finished"][0]["players"], 9);
    assert_eq!(list["running"], json!([]));
}

/// Two instances on one PostgreSQL database, both with their scheduler (the sweep looks
/// for complete rounds too): requests alternate between them, and each round is paired
/// once (one set of pairings, one game per pairing in the database).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_instances_pair_each_round_once() {
    let Some(url) = common::postgres_url() else {
        return;
    };
    let db = bao_web::store::pg::create_database(&url).unwrap();
    let _guard = common::TestDb(db.clone());
    let mut apps: Vec<Router> = Vec::new();
    for _ in 0..2 {
        let store = bao_web::store::Store::connect(&db).unwrap();
        let app = bao_web::App::new(store, 256, bao_web::guard::Hosts { bound: None });
        bao_web::clock::start(&app).await.unwrap();
        apps.push(bao_web::router_with(app));
    }
    let club = Club::new(apps.clone(), &ACCOUNTS).await;
    let id = nine_player_swiss(&club).await;
    // Watched on the second instance: the changes arrive through the database.
    let watch = Watch::open(&apps[1], &id).await;
    start(&club, &id).await;
    let (t, seen) = run(&club, &id, Duration::from_secs(240)).await;
    check_swiss(&t, &seen, 9, 5);
    check_trf(&club, &id, 9, 5).await;
    let store = Arc::new(bao_web::store::Store::connect(&db).unwrap());
    let games = store.tournament_games(&id).unwrap();
    assert_eq!(games.len(), 20, "4 games a round, each made once");
    let distinct: std::collections::HashSet<&String> = games.iter().collect();
    assert_eq!(distinct.len(), 20);
    let snap = store.tournament(&id).unwrap().unwrap();
    assert_eq!(snap.pairings.len(), 25);
    assert!(snap
        .pairings
        .iter()
        .all(|p| p.games.len() == usize::from(p.north.is_some())));
    let events = watch
        .until(Duration::from_secs(10), |e| e["status"] == "finished")
        .await;
    check_live(&events);
}

/// A player who never moves loses on time when his first-move window (here his 2 s
/// clock) closes: the game is not aborted, and the pairing is a forfeit.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_player_who_never_moves_loses_by_forfeit() {
    for (app, _db) in common::routers() {
        let club = Club::new(vec![app], &["amani", "baraka"]).await;
        let (s, v) = club
            .call(
                "POST",
                "/api/tournaments",
                Some("amani"),
                Some(
                    json!({"name": "Kwa haraka", "game": "kingulu", "format": "swiss",
                    "rounds": 1, "clock": {"initial_s": 2, "increment_s": 0}}),
                ),
            )
            .await;
        assert_eq!(s, StatusCode::CREATED, "{v}");
        let id = v["id"].as_str().unwrap().to_string();
        for name in ["amani", "baraka"] {
            let (s, v) = club
                .call(
                    "POST",
                    &format!("/api/tournaments/{id}/join"),
                    Some(name),
                    None,
                )
                .await;
            assert_eq!(s, StatusCode::OK, "{v}");
        }
        let (s, t) = club
            .call(
                "POST",
                &format!("/api/tournaments/{id}/start"),
                Some("amani"),
                None,
            )
            .await;
        assert_eq!(s, StatusCode::OK, "{t}");
        let p = &t["rounds"][0]["pairings"][0];
        let game = p["games"][0].as_str().unwrap().to_string();
        let (_, state) = club
            .call("GET", &format!("/api/games/{game}"), Some("baraka"), None)
            .await;
        assert!(
            state["clock"]["no_show_in_ms"].as_u64().unwrap() <= 2_000,
            "{state}"
        );
        assert_eq!(state["clock"]["abort_in_ms"], Value::Null);
        assert_eq!(
            state["tournament"],
            json!(id),
            "the game names its tournament"
        );
        // Nobody may abort a tournament game.
        let (s, v) = club
            .call(
                "POST",
                &format!("/api/games/{game}/abort"),
                Some("baraka"),
                None,
            )
            .await;
        assert_eq!(s, StatusCode::CONFLICT, "{v}");
        assert_eq!(
            v["error"],
            "a tournament game cannot be aborted: a side that does not make its first move loses on time; resign instead"
        );
        // amani moves when it is his turn; baraka never does.
        let amani_south = p["south"] == "amani";
        if amani_south {
            let mv = state["moves"][0]["text"].as_str().unwrap();
            let (s, v) = club
                .call(
                    "POST",
                    &format!("/api/games/{game}/play"),
                    Some("amani"),
                    Some(json!({ "move": mv })),
                )
                .await;
            assert_eq!(s, StatusCode::OK, "{v}");
        }
        let (t, _) = run(&club.spectator(), &id, Duration::from_secs(20)).await;
        let (_, state) = club
            .call("GET", &format!("/api/games/{game}"), None, None)
            .await;
        assert_eq!(state["outcome"]["reason"], "time", "{state}");
        let expect = if amani_south { "+-" } else { "-+" };
        assert_eq!(t["rounds"][0]["pairings"][0]["result"], expect);
        assert_eq!(t["standings"][0]["name"], "amani");
        assert_eq!(t["standings"][0]["points"], 1.0);
        assert_eq!(t["standings"][1]["points"], 0.0);
        // Won by forfeit: no win over the board.
        assert_eq!(t["standings"][0]["tiebreaks"]["wins"], 0.0);
    }
}

/// The instance that stored a round's last result died before pairing the next round
/// (here: the results are written to the database directly, as it would have written
/// them): the other instance's sweep pairs it, with no request.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_sweep_pairs_a_round_the_finishing_instance_left() {
    use bao_web::games::model::{LiveGame, WebGame};
    let Some(url) = common::postgres_url() else {
        return;
    };
    let db = bao_web::store::pg::create_database(&url).unwrap();
    let _guard = common::TestDb(db.clone());
    let store = bao_web::store::Store::connect(&db).unwrap();
    let app = bao_web::App::new(store, 256, bao_web::guard::Hosts { bound: None });
    bao_web::clock::start(&app).await.unwrap();
    let names = ["amani", "baraka", "chiku", "daudi"];
    let club = Club::new(vec![bao_web::router_with(app)], &names).await;
    let (s, v) = club
        .call(
            "POST",
            "/api/tournaments",
            Some("amani"),
            Some(
                json!({"name": "Night", "game": "kingulu", "format": "swiss", "rounds": 2,
                "clock": {"initial_s": 600, "increment_s": 0}}),
            ),
        )
        .await;
    assert_eq!(s, StatusCode::CREATED, "{v}");
    let id = v["id"].as_str().unwrap().to_string();
    for n in names {
        club.call(
            "POST",
            &format!("/api/tournaments/{id}/join"),
            Some(n),
            None,
        )
        .await;
    }
    let (s, t) = club
        .call(
            "POST",
            &format!("/api/tournaments/{id}/start"),
            Some("amani"),
            None,
        )
        .await;
    assert_eq!(s, StatusCode::OK, "{t}");
    // "Another instance" ends both games of round 1 and dies: North resigns each.
    let other = bao_web::store::Store::connect(&db).unwrap();
    for game in other.tournament_games(&id).unwrap() {
        let row = other.load(&game).unwrap().unwrap();
        let mut g = WebGame::<bao_rules::kingulu::Kingulu>::restore(&row).unwrap();
        g.resign(bao_rules::Side::North).unwrap();
        other.save(&g.row()).unwrap();
    }
    let start = std::time::Instant::now();
    loop {
        let t = club.get(&id).await;
        if t["round"] == 2 {
            assert_eq!(
                t["rounds"][0]["pairings"][0]["result"], "+-",
                "North resigned unmoved"
            );
            assert_eq!(t["rounds"][1]["pairings"].as_array().unwrap().len(), 2);
            break;
        }
        assert!(start.elapsed() < Duration::from_secs(10), "not paired: {t}");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert_eq!(other.tournament_games(&id).unwrap().len(), 4);
}
