//! Issue 28: round robins on the server (6 players: each pair exactly one game, two in
//! a double round robin; 2 games per pairing with the sides swapped), and what the
//! organiser and the players may do, with the refusals in words.

use std::collections::HashMap;
use std::time::Duration;

use axum::http::StatusCode;
use serde_json::{json, Value};

mod common;
use common::tour::{points_by_results, run, Club};

const SIX: [&str; 6] = ["amani", "baraka", "chiku", "daudi", "eshe", "faraji"];

/// amani creates a tournament with `extra` settings and everyone in `names` joins.
async fn tournament(club: &Club, names: &[&str], extra: Value) -> String {
    let mut body = json!({"name": "Club round robin", "game": "kingulu",
        "format": "round-robin", "clock": {"initial_s": 30, "increment_s": 0}});
    for (k, v) in extra.as_object().unwrap() {
        body[k] = v.clone();
    }
    let (s, v) = club
        .call("POST", "/api/tournaments", Some("amani"), Some(body))
        .await;
    assert_eq!(s, StatusCode::CREATED, "{v}");
    let id = v["id"].as_str().unwrap().to_string();
    for n in names {
        let (s, v) = club
            .call(
                "POST",
                &format!("/api/tournaments/{id}/join"),
                Some(n),
                None,
            )
            .await;
        assert_eq!(s, StatusCode::OK, "{v}");
    }
    id
}

/// The games each pair played (by names), with the sides each had.
fn games_by_pair(t: &Value) -> HashMap<(String, String), Vec<(String, String)>> {
    let mut out: HashMap<(String, String), Vec<(String, String)>> = HashMap::new();
    for r in t["rounds"].as_array().unwrap() {
        for p in r["pairings"].as_array().unwrap() {
            let south = p["south"].as_str().unwrap().to_string();
            let Some(north) = p["north"].as_str().map(str::to_string) else {
                continue;
            };
            let key = if south < north {
                (south.clone(), north.clone())
            } else {
                (north.clone(), south.clone())
            };
            for (i, _) in p["games"].as_array().unwrap().iter().enumerate() {
                let sides = if i == 0 {
                    (south.clone(), north.clone())
                } else {
                    (north.clone(), south.clone())
                };
                out.entry(key.clone()).or_default().push(sides);
            }
        }
    }
    out
}

async fn round_robin(cycles: u32, games: u32) {
    let club = Club::new(vec![bao_web::router()], &SIX).await;
    let id = tournament(
        &club,
        &SIX,
        json!({"cycles": cycles, "games_per_pairing": games}),
    )
    .await;
    let (s, t) = club
        .call(
            "POST",
            &format!("/api/tournaments/{id}/start"),
            Some("amani"),
            None,
        )
        .await;
    assert_eq!(s, StatusCode::OK, "{t}");
    assert_eq!(t["total_rounds"], 5 * cycles);
    let (t, _) = run(&club, &id, Duration::from_secs(240)).await;
    assert_eq!(t["status"], "finished");
    assert_eq!(t["rounds"].as_array().unwrap().len(), 5 * cycles as usize);
    let pairs = games_by_pair(&t);
    assert_eq!(pairs.len(), 15, "every pair of six");
    for (pair, played) in &pairs {
        assert_eq!(played.len(), (cycles * games) as usize, "{pair:?}");
        if cycles * games == 2 {
            // Twice: once with each side.
            assert_ne!(played[0], played[1], "{pair:?}");
        }
    }
    for r in t["rounds"].as_array().unwrap() {
        for p in r["pairings"].as_array().unwrap() {
            assert_eq!(p["games"].as_array().unwrap().len(), games as usize);
            assert!(p["result"].is_string(), "{p}");
        }
    }
    let names: Vec<&str> = t["tiebreaks"]
        .as_array()
        .unwrap()
        .iter()
        .map(|k| k["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["Direct encounter", "Sonneborn-Berger", "Wins"]);
    let by_results = points_by_results(&t);
    let standings = t["standings"].as_array().unwrap();
    assert_eq!(standings.len(), 6);
    let mut total = 0.0;
    for s in standings {
        let points = s["points"].as_f64().unwrap();
        assert_eq!(points, by_results[s["name"].as_str().unwrap()]);
        total += points;
    }
    assert_eq!(total, 15.0 * f64::from(cycles));
    // The export of a single round robin meets the Swiss criteria too (no rematch, no
    // colour run); a double one repeats each pairing by design.
    let (s, text) = club
        .call("GET", &format!("/api/tournaments/{id}/trf"), None, None)
        .await;
    assert_eq!(s, StatusCode::OK);
    let back = bao_swiss::trf::read(text.as_str().unwrap()).unwrap();
    let violations = bao_swiss::check::check(&back).unwrap();
    let rematches = if cycles == 2 { 15 } else { 0 };
    assert_eq!(violations.len(), rematches, "{violations:?}");
    assert!(text.as_str().unwrap().contains("092 "));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_six_player_round_robin_plays_each_pair_once() {
    round_robin(1, 1).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_double_round_robin_plays_each_pair_twice_with_the_sides_swapped() {
    round_robin(2, 1).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_games_per_pairing_swap_the_sides() {
    round_robin(1, 2).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_organiser_and_the_players_are_answered_in_words() {
    for (app, _db) in common::routers() {
        let club = Club::new(vec![app], &["amani", "baraka", "chiku"]).await;
        let call = |m: &'static str, uri: String, who: Option<&'static str>, b: Option<Value>| {
            let club = &club;
            async move { club.call(m, &uri, who, b).await }
        };
        // Signed out: 401. A bad body: 422 in words.
        let (s, _) = call("POST", "/api/tournaments".into(), None, Some(json!({}))).await;
        assert_eq!(s, StatusCode::UNAUTHORIZED);
        let (s, v) = call(
            "POST",
            "/api/tournaments".into(),
            Some("amani"),
            Some(json!({"name": "X", "game": "kingulu", "format": "swiss",
                "clock": {"initial_s": 60, "increment_s": 0}})),
        )
        .await;
        assert_eq!(s, StatusCode::UNPROCESSABLE_ENTITY);
        assert_eq!(
            v["error"],
            "rounds: a Swiss tournament needs its number of rounds (1 to 30)"
        );
        let (s, v) = call(
            "POST",
            "/api/tournaments".into(),
            Some("amani"),
            Some(
                json!({"name": "X", "game": "kingulu", "format": "swiss", "rounds": 3,
                "clock": {"initial_s": 60, "increment_s": 0}, "prize": 100}),
            ),
        )
        .await;
        assert_eq!(s, StatusCode::UNPROCESSABLE_ENTITY, "{v}");
        assert!(v["error"].as_str().unwrap().contains("prize"), "{v}");
        let (s, v) = call(
            "POST",
            "/api/tournaments".into(),
            Some("amani"),
            Some(
                json!({"name": "Friday Swiss", "game": "kiswahili", "format": "swiss",
                "rounds": 3, "clock": {"initial_s": 60, "increment_s": 0}}),
            ),
        )
        .await;
        assert_eq!(s, StatusCode::CREATED, "{v}");
        let id = v["id"].as_str().unwrap().to_string();
        let at = |what: &str| format!("/api/tournaments/{id}/{what}");
        // Unknown ids: 404.
        let (s, v) = call("GET", "/api/tournaments/nope".into(), None, None).await;
        assert_eq!(s, StatusCode::NOT_FOUND);
        assert_eq!(v["error"], "no tournament with id \"nope\"");
        // Only the organiser enters engine accounts, and only engine accounts.
        let (s, v) = call(
            "POST",
            at("join"),
            Some("baraka"),
            Some(json!({"player": "bao-3"})),
        )
        .await;
        assert_eq!(s, StatusCode::FORBIDDEN);
        assert_eq!(
            v["error"],
            "only the organiser (amani) acts for other players"
        );
        let (s, v) = call(
            "POST",
            at("join"),
            Some("amani"),
            Some(json!({"player": "chiku"})),
        )
        .await;
        assert_eq!(s, StatusCode::FORBIDDEN);
        assert_eq!(
            v["error"],
            "chiku joins by himself: the organiser enters engine accounts (bao-1 … bao-10) only"
        );
        let (s, v) = call(
            "POST",
            at("join"),
            Some("amani"),
            Some(json!({"player": "bao-11"})),
        )
        .await;
        assert_eq!(s, StatusCode::NOT_FOUND);
        assert_eq!(v["error"], "no player named \"bao-11\"");
        let (s, _) = call(
            "POST",
            at("join"),
            Some("amani"),
            Some(json!({"player": "bao-3"})),
        )
        .await;
        assert_eq!(s, StatusCode::OK);
        let (s, v) = call(
            "POST",
            at("join"),
            Some("amani"),
            Some(json!({"player": "bao-3"})),
        )
        .await;
        assert_eq!(s, StatusCode::CONFLICT);
        assert_eq!(v["error"], "bao-3 is already in the tournament");
        // Starting: the organiser only, with two players at least, and no more rounds
        // than the players can play without meeting twice.
        let (s, v) = call("POST", at("start"), Some("baraka"), None).await;
        assert_eq!(s, StatusCode::FORBIDDEN);
        assert_eq!(
            v["error"],
            "only the organiser (amani) can start this tournament"
        );
        let (s, v) = call("POST", at("start"), Some("amani"), None).await;
        assert_eq!(s, StatusCode::CONFLICT);
        assert_eq!(
            v["error"],
            "a tournament needs at least 2 players; 1 joined"
        );
        let (s, _) = call("POST", at("join"), Some("baraka"), None).await;
        assert_eq!(s, StatusCode::OK);
        let (s, v) = call("POST", at("start"), Some("amani"), None).await;
        assert_eq!(s, StatusCode::CONFLICT);
        assert_eq!(
            v["error"],
            "2 players cannot play 3 Swiss rounds without meeting twice (at most 1): wait for more players"
        );
        let (s, _) = call("POST", at("join"), Some("chiku"), None).await;
        assert_eq!(s, StatusCode::OK);
        let (s, _) = call("POST", at("leave"), Some("chiku"), None).await;
        assert_eq!(s, StatusCode::OK);
        let (s, v) = call("POST", at("leave"), Some("chiku"), None).await;
        assert_eq!(s, StatusCode::CONFLICT);
        assert_eq!(v["error"], "chiku is not in the tournament");
        let (s, _) = call("POST", at("join"), Some("chiku"), None).await;
        assert_eq!(s, StatusCode::OK);
        let (s, v) = call("GET", at("trf"), None, None).await;
        assert_eq!(s, StatusCode::CONFLICT, "{v}");
        let (s, t) = call("POST", at("start"), Some("amani"), None).await;
        assert_eq!(s, StatusCode::OK, "{t}");
        assert_eq!(t["round"], 1);
        // Started: no one joins; the organiser withdraws a player; a player withdraws
        // himself with leave.
        let (s, v) = call("POST", at("join"), Some("amani"), None).await;
        assert_eq!(s, StatusCode::CONFLICT);
        assert_eq!(
            v["error"],
            "the tournament has started or finished: players join before the start"
        );
        let (s, v) = call(
            "POST",
            at("withdraw"),
            Some("baraka"),
            Some(json!({"player": "chiku"})),
        )
        .await;
        assert_eq!(s, StatusCode::FORBIDDEN, "{v}");
        let (s, v) = call(
            "POST",
            at("withdraw"),
            Some("amani"),
            Some(json!({"player": "bao-3"})),
        )
        .await;
        assert_eq!(s, StatusCode::OK, "{v}");
        assert_eq!(v, json!({"withdrawn": "bao-3"}));
        let (s, v) = call(
            "POST",
            at("withdraw"),
            Some("amani"),
            Some(json!({"player": "bao-3"})),
        )
        .await;
        assert_eq!(s, StatusCode::CONFLICT);
        assert_eq!(
            v["error"],
            "bao-3 is not playing in the tournament (not in it, or already withdrawn)"
        );
        let (s, v) = call("POST", at("leave"), Some("chiku"), None).await;
        assert_eq!(s, StatusCode::OK, "{v}");
        let t = club.get(&id).await;
        let withdrawn: Vec<&str> = t["players"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|p| p["withdrawn"] == true)
            .map(|p| p["name"].as_str().unwrap())
            .collect();
        let mut withdrawn = withdrawn;
        withdrawn.sort_unstable();
        assert_eq!(withdrawn, ["bao-3", "chiku"]);
        let (s, v) = call("POST", at("start"), Some("amani"), None).await;
        assert_eq!(s, StatusCode::CONFLICT);
        assert_eq!(v["error"], "the tournament has already started");
        let (_, list) = call("GET", "/api/tournaments".into(), None, None).await;
        assert_eq!(list["running"][0]["id"], json!(id));
        assert_eq!(list["running"][0]["players"], 3);
        assert_eq!(list["upcoming"], json!([]));
    }
}

/// `ms` (Unix milliseconds) as RFC 3339, to the second.
fn rfc3339(ms: i64) -> String {
    let secs = ms.div_euclid(1000);
    let (days, rem) = (secs.div_euclid(86_400), secs.rem_euclid(86_400));
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    format!(
        "{y:04}-{m:02}-{d:02}T{:02}:{:02}:{:02}Z",
        rem / 3600,
        rem % 3600 / 60,
        rem % 60
    )
}

/// A start time: the server's sweep starts the tournament then with no request, or
/// cancels it with a note when too few players joined.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_start_time_starts_or_cancels_a_tournament() {
    let store = bao_web::store::Store::in_memory().unwrap();
    let app = bao_web::App::new(store, 256, bao_web::guard::Hosts { bound: None });
    bao_web::clock::start(&app).await.unwrap();
    let club = Club::new(vec![bao_web::router_with(app)], &["amani", "baraka"]).await;
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_millis() as i64;
    let soon = rfc3339(now + 3_000);
    let make = |name: &'static str| {
        let club = &club;
        let soon = soon.clone();
        async move {
            let (s, v) = club
                .call(
                    "POST",
                    "/api/tournaments",
                    Some("amani"),
                    Some(
                        json!({"name": name, "game": "kingulu", "format": "swiss", "rounds": 1,
                        "clock": {"initial_s": 60, "increment_s": 0}, "starts_at": soon}),
                    ),
                )
                .await;
            assert_eq!(s, StatusCode::CREATED, "{v}");
            v["id"].as_str().unwrap().to_string()
        }
    };
    let full = make("Sunset Swiss").await;
    let empty = make("Nobody came").await;
    for (id, who) in [(&full, "amani"), (&full, "baraka"), (&empty, "amani")] {
        let (s, v) = club
            .call(
                "POST",
                &format!("/api/tournaments/{id}/join"),
                Some(who),
                None,
            )
            .await;
        assert_eq!(s, StatusCode::OK, "{v}");
    }
    let t = club.get(&full).await;
    assert_eq!(
        (t["status"].as_str(), t["starts_at"].as_str()),
        (Some("open"), Some(soon.as_str()))
    );
    let start = std::time::Instant::now();
    loop {
        let (a, b) = (club.get(&full).await, club.get(&empty).await);
        if a["status"] == "running" && b["status"] == "finished" {
            assert_eq!(a["round"], 1);
            assert_eq!(a["rounds"][0]["pairings"].as_array().unwrap().len(), 1);
            assert_eq!(
                b["note"],
                "cancelled at its start time: a tournament needs at least 2 players; 1 joined"
            );
            assert_eq!(b["rounds"], json!([]));
            break;
        }
        assert!(start.elapsed() < Duration::from_secs(15), "{a}\n{b}");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}
