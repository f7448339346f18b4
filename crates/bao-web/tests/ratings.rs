//! Issue 34, items 9 and 2: ratings proven through the server. The expected numbers
//! come from Glicko-2 written out here from Glickman's paper ("Example of the Glicko-2
//! system", glicko.net/glicko/glicko2.pdf), itself checked against the paper's worked
//! example, never from the server's answers: a North win, then a Bao Kingulu draw
//! (24–24) between the same players whose numbers start from the ratings, deviations
//! and volatilities the first game left; and rated games that end before both sides
//! moved (resigned at ply 0, North resigning before his first move) change nothing.

use axum::body::Body;
use axum::http::{Request, StatusCode};
use axum::Router;
use bao_rules::kingulu::{Kingulu, Rules};
use bao_rules::{EndReason, Game, GameLine};
use http_body_util::BodyExt;
use serde_json::{json, Value};
use tower::ServiceExt;

mod common;

/// The Glicko-2 scale factor (the paper's 173.7178).
const SCALE: f64 = 173.7178;
/// The system constant τ (the paper's example and the server's configuration).
const TAU: f64 = 0.5;
/// The convergence tolerance ε of the volatility iteration.
const EPSILON: f64 = 0.000_001;

/// A rating as the paper writes it: rating, deviation, volatility.
#[derive(Clone, Copy, Debug)]
struct Glicko {
    r: f64,
    rd: f64,
    sigma: f64,
}

const NEW: Glicko = Glicko {
    r: 1500.0,
    rd: 350.0,
    sigma: 0.06,
};

/// One rating period of `me` against `games` (opponent, score 1 / ½ / 0): the paper's
/// steps 2 to 8, with the Illinois algorithm of step 5.
fn period(me: Glicko, games: &[(Glicko, f64)]) -> Glicko {
    use std::f64::consts::PI;
    let mu = (me.r - 1500.0) / SCALE;
    let phi = me.rd / SCALE;
    let g = |phi_j: f64| 1.0 / (1.0 + 3.0 * phi_j * phi_j / (PI * PI)).sqrt();
    let mut v_inv = 0.0;
    let mut sum = 0.0;
    for (o, s) in games {
        let (mu_j, phi_j) = ((o.r - 1500.0) / SCALE, o.rd / SCALE);
        let e = 1.0 / (1.0 + (-g(phi_j) * (mu - mu_j)).exp());
        v_inv += g(phi_j).powi(2) * e * (1.0 - e);
        sum += g(phi_j) * (s - e);
    }
    let v = 1.0 / v_inv;
    let delta = v * sum;
    let a = (me.sigma * me.sigma).ln();
    let f = |x: f64| {
        let ex = x.exp();
        ex * (delta * delta - phi * phi - v - ex) / (2.0 * (phi * phi + v + ex).powi(2))
            - (x - a) / (TAU * TAU)
    };
    let mut big_a = a;
    let mut big_b = if delta * delta > phi * phi + v {
        (delta * delta - phi * phi - v).ln()
    } else {
        let mut k = 1.0;
        while f(a - k * TAU) < 0.0 {
            k += 1.0;
        }
        a - k * TAU
    };
    let (mut f_a, mut f_b) = (f(big_a), f(big_b));
    while (big_b - big_a).abs() > EPSILON {
        let c = big_a + (big_a - big_b) * f_a / (f_b - f_a);
        let f_c = f(c);
        if f_c * f_b <= 0.0 {
            big_a = big_b;
            f_a = f_b;
        } else {
            f_a /= 2.0;
        }
        big_b = c;
        f_b = f_c;
    }
    let sigma = (big_a / 2.0).exp();
    let phi_star = (phi * phi + sigma * sigma).sqrt();
    let phi_new = 1.0 / (1.0 / (phi_star * phi_star) + 1.0 / v).sqrt();
    let mu_new = mu + phi_new * phi_new * sum;
    Glicko {
        r: SCALE * mu_new + 1500.0,
        rd: SCALE * phi_new,
        sigma,
    }
}

/// The formula above gives the paper's numbers: 1464.06, 151.52, 0.05999.
#[test]
fn the_formula_gives_the_papers_worked_example() {
    let after = period(
        Glicko {
            r: 1500.0,
            rd: 200.0,
            sigma: 0.06,
        },
        &[
            (
                Glicko {
                    r: 1400.0,
                    rd: 30.0,
                    sigma: 0.06,
                },
                1.0,
            ),
            (
                Glicko {
                    r: 1550.0,
                    rd: 100.0,
                    sigma: 0.06,
                },
                0.0,
            ),
            (
                Glicko {
                    r: 1700.0,
                    rd: 300.0,
                    sigma: 0.06,
                },
                0.0,
            ),
        ],
    );
    // The paper rounds its intermediate steps (μ' = −0.2069, φ' = 0.8722): its numbers
    // are these to that precision; in full precision 1464.050671 / 151.516524 / 0.0599960.
    assert!((after.r - 1464.06).abs() < 0.01, "{after:?}");
    assert!((after.rd - 151.52).abs() < 0.005, "{after:?}");
    assert!((after.sigma - 0.05999).abs() < 0.000_01, "{after:?}");
    assert!((after.r - 1_464.050_671).abs() < 1e-6, "{after:?}");
    assert!((after.rd - 151.516_524).abs() < 1e-6, "{after:?}");
    assert!((after.sigma - 0.059_995_984).abs() < 1e-9, "{after:?}");
}

/// One request with a cookie; (status, Set-Cookie pair, JSON).
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
        .map(|v| v.to_str().unwrap().split(';').next().unwrap().to_string());
    let bytes = res.into_body().collect().await.unwrap().to_bytes();
    (
        status,
        set,
        serde_json::from_slice(&bytes).unwrap_or(Value::Null),
    )
}

/// Signs up `name`; its cookie.
async fn sign_up(app: &Router, name: &str) -> String {
    let (s, set, v) = call(
        app,
        "POST",
        "/api/accounts",
        None,
        Some(json!({"name": name, "password": "password of ".to_string() + name})),
    )
    .await;
    assert_eq!(s, StatusCode::CREATED, "{v}");
    set.unwrap()
}

/// A rated correspondence game of `game` with `south` as South and `north` as North
/// (challenged by South, accepted by North); its id.
async fn rated_game(app: &Router, game: &str, south: &str, north: &str) -> String {
    let (s, _, v) = call(
        app,
        "POST",
        "/api/challenges",
        Some(south),
        Some(json!({"game": game, "clock": {"days_per_move": 1}, "rated": true, "side": "south"})),
    )
    .await;
    assert_eq!(s, StatusCode::CREATED, "{v}");
    let cid = v["id"].as_str().unwrap().to_string();
    let (s, _, v) = call(
        app,
        "POST",
        &format!("/api/challenges/{cid}/accept"),
        Some(north),
        None,
    )
    .await;
    assert_eq!(s, StatusCode::CREATED, "{v}");
    v["game"].as_str().unwrap().to_string()
}

/// The game's state.
async fn state(app: &Router, id: &str) -> Value {
    let (s, _, v) = call(app, "GET", &format!("/api/games/{id}"), None, None).await;
    assert_eq!(s, StatusCode::OK, "{v}");
    v
}

/// Plays `mv` by whichever of `south` and `north` is to move; the state after it.
async fn play(app: &Router, id: &str, south: &str, north: &str, mv: &str) -> Value {
    let st = state(app, id).await;
    let who = if st["to_move"] == "South" {
        south
    } else {
        north
    };
    let (s, _, v) = call(
        app,
        "POST",
        &format!("/api/games/{id}/play"),
        Some(who),
        Some(json!({ "move": mv })),
    )
    .await;
    assert_eq!(s, StatusCode::OK, "{mv}: {v}");
    v["state"].clone()
}

/// The first legal move of the side to move.
async fn first_move(app: &Router, id: &str) -> String {
    state(app, id).await["moves"][0]["text"]
        .as_str()
        .unwrap()
        .to_string()
}

/// `name`'s rating in `pool` as the profile shows it.
async fn profile(app: &Router, name: &str, pool: &str) -> Value {
    let (s, _, v) = call(app, "GET", &format!("/api/players/{name}"), None, None).await;
    assert_eq!(s, StatusCode::OK, "{v}");
    v["ratings"][pool].clone()
}

/// The profile's rating is `want` (to 1e-6) after `games` rated games.
fn assert_rating(got: &Value, want: Glicko, games: u64, who: &str) {
    let r = got["rating"].as_f64().unwrap();
    let rd = got["rd"].as_f64().unwrap();
    assert!(
        (r - want.r).abs() < 1e-6 && (rd - want.rd).abs() < 1e-6,
        "{who}: the server says {got}, the formula {want:?}"
    );
    assert_eq!(got["games"], games, "{who}: {got}");
}

/// The moves of a Bao Kingulu game (the lobby's default rules) that ends 24–24: random
/// games from a fixed seed until one is drawn (about one game in 24 is).
fn drawn_kingulu_line() -> Vec<String> {
    let rules = Rules::default();
    let mut seed: u64 = 0x9E37_79B9_7F4A_7C15;
    let mut next = move |n: usize| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        (seed % n as u64) as usize
    };
    for _ in 0..2_000 {
        let mut line = GameLine::new(Kingulu::start(&rules));
        while !line.is_over() && line.plies() < 400 {
            let moves = line.legal_moves();
            line.play(moves[next(moves.len())]).unwrap();
        }
        if let Some(o) = line.outcome() {
            if o.winner.is_none() && o.reason == EndReason::Score && line.plies() >= 2 {
                return line.move_texts().to_vec();
            }
        }
    }
    panic!("no drawn Kingulu game in 2000 random games");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_north_win_then_a_draw_from_the_stored_ratings() {
    for (app, _db) in common::routers() {
        a_north_win_then_a_draw_from_the_stored_ratings_on(app).await;
    }
}

async fn a_north_win_then_a_draw_from_the_stored_ratings_on(app: Router) {
    let alice = sign_up(&app, "alice").await;
    let bob = sign_up(&app, "bob").await;

    // Game 1: alice (South) resigns after both sides moved: North wins, rated.
    let id = rated_game(&app, "kingulu", &alice, &bob).await;
    for _ in 0..2 {
        let mv = first_move(&app, &id).await;
        play(&app, &id, &alice, &bob, &mv).await;
    }
    let (s, _, v) = call(
        &app,
        "POST",
        &format!("/api/games/{id}/resign"),
        Some(&alice),
        None,
    )
    .await;
    assert_eq!(s, StatusCode::OK, "{v}");
    assert_eq!(v["outcome"]["winner"], "North");
    assert_eq!(v["outcome"]["result"], "0-1");
    assert_eq!(v["outcome"]["text"], "North wins: South resigned");
    let alice1 = period(NEW, &[(NEW, 0.0)]);
    let bob1 = period(NEW, &[(NEW, 1.0)]);
    assert!(bob1.r > 1662.0 && alice1.r < 1338.0, "{bob1:?} {alice1:?}");
    assert_rating(&profile(&app, "alice", "kingulu").await, alice1, 1, "alice");
    assert_rating(&profile(&app, "bob", "kingulu").await, bob1, 1, "bob");
    // The other pool is untouched.
    assert_eq!(
        profile(&app, "bob", "kiswahili").await,
        json!({"rating": 1500.0, "rd": 350.0, "games": 0})
    );

    // Game 2: the same players draw 24–24. Each starts from what game 1 left (rating,
    // deviation and volatility), so the underdog alice gains and bob loses.
    let line = drawn_kingulu_line();
    let id = rated_game(&app, "kingulu", &alice, &bob).await;
    let mut last = Value::Null;
    for mv in &line {
        last = play(&app, &id, &alice, &bob, mv).await;
    }
    assert_eq!(
        last["outcome"]["winner"],
        Value::Null,
        "{}",
        last["outcome"]
    );
    assert_eq!(last["outcome"]["result"], "1/2-1/2");
    assert_eq!(last["outcome"]["reason"], "score");
    let alice2 = period(alice1, &[(bob1, 0.5)]);
    let bob2 = period(bob1, &[(alice1, 0.5)]);
    assert!(
        alice2.r > alice1.r && bob2.r < bob1.r,
        "{alice2:?} {bob2:?}"
    );
    // A draw from the defaults instead would leave both at 1500: far from these.
    assert!((alice2.r - 1500.0).abs() > 50.0, "{alice2:?}");
    assert_rating(&profile(&app, "alice", "kingulu").await, alice2, 2, "alice");
    assert_rating(&profile(&app, "bob", "kingulu").await, bob2, 2, "bob");

    // The history holds both changes, oldest first; the leaderboard agrees.
    let (_, _, p) = call(&app, "GET", "/api/players/alice", None, None).await;
    let h = p["history"]["kingulu"].as_array().unwrap();
    assert_eq!(h.len(), 2);
    assert!((h[0]["rating"].as_f64().unwrap() - alice1.r).abs() < 1e-6);
    assert!((h[1]["rating"].as_f64().unwrap() - alice2.r).abs() < 1e-6);
    assert_eq!(h[1]["game"], id.as_str());
    let (_, _, board) = call(&app, "GET", "/api/leaderboard/kingulu", None, None).await;
    assert_eq!(board[0]["name"], "bob");
    assert_eq!(board[1]["name"], "alice");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rated_game_ended_before_both_sides_moved_is_not_rated() {
    for (app, _db) in common::routers() {
        a_rated_game_ended_before_both_sides_moved_is_not_rated_on(app).await;
    }
}

async fn a_rated_game_ended_before_both_sides_moved_is_not_rated_on(app: Router) {
    let carol = sign_up(&app, "carol").await;
    let dave = sign_up(&app, "dave").await;
    let untouched = json!({"rating": 1500.0, "rd": 350.0, "games": 0});
    for game in ["kiswahili", "kingulu"] {
        // Resigned at ply 0 by the side to move (carol, South).
        let id = rated_game(&app, game, &carol, &dave).await;
        assert_eq!(state(&app, &id).await["to_move"], "South");
        let (s, _, v) = call(
            &app,
            "POST",
            &format!("/api/games/{id}/resign"),
            Some(&carol),
            None,
        )
        .await;
        assert_eq!(s, StatusCode::OK, "{v}");
        assert_eq!(
            v["outcome"],
            json!({"winner": "North", "reason": "resignation", "result": "0-1",
                   "text": "North wins: South resigned (not rated: a side had not moved)",
                   "say": {"key": "end-not-rated", "args": {"sentence":
                       {"key": "end-resigned", "args": {"winner": {"key": "side-north", "args": {}}, "loser": {"key": "side-south", "args": {}}}}}}})
        );
        assert_eq!(v["rated"], true, "the game was rated; its result is not");
        assert_eq!(profile(&app, "carol", game).await, untouched, "{game}");
        assert_eq!(profile(&app, "dave", game).await, untouched, "{game}");

        // North (dave) resigns before his first move, after South's.
        let id = rated_game(&app, game, &carol, &dave).await;
        let mv = first_move(&app, &id).await;
        play(&app, &id, &carol, &dave, &mv).await;
        let (s, _, v) = call(
            &app,
            "POST",
            &format!("/api/games/{id}/resign"),
            Some(&dave),
            None,
        )
        .await;
        assert_eq!(s, StatusCode::OK, "{v}");
        assert_eq!(
            v["outcome"],
            json!({"winner": "South", "reason": "resignation", "result": "1-0",
                   "text": "South wins: North resigned (not rated: a side had not moved)",
                   "say": {"key": "end-not-rated", "args": {"sentence":
                       {"key": "end-resigned", "args": {"winner": {"key": "side-south", "args": {}}, "loser": {"key": "side-north", "args": {}}}}}}})
        );
        assert_eq!(profile(&app, "carol", game).await, untouched, "{game}");
        assert_eq!(profile(&app, "dave", game).await, untouched, "{game}");
        let (_, _, p) = call(&app, "GET", "/api/players/carol", None, None).await;
        assert_eq!(p["history"][game], json!([]), "{game}");
    }
    // The same resignation one ply later (both have moved) is rated.
    let id = rated_game(&app, "kingulu", &carol, &dave).await;
    for _ in 0..2 {
        let mv = first_move(&app, &id).await;
        play(&app, &id, &carol, &dave, &mv).await;
    }
    let (s, _, v) = call(
        &app,
        "POST",
        &format!("/api/games/{id}/resign"),
        Some(&dave),
        None,
    )
    .await;
    assert_eq!(s, StatusCode::OK, "{v}");
    assert_eq!(v["outcome"]["text"], "South wins: North resigned");
    assert_rating(
        &profile(&app, "carol", "kingulu").await,
        period(NEW, &[(NEW, 1.0)]),
        1,
        "carol",
    );
    assert_rating(
        &profile(&app, "dave", "kingulu").await,
        period(NEW, &[(NEW, 0.0)]),
        1,
        "dave",
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn engine_look_alike_names_are_refused_and_engines_are_marked() {
    for (app, _db) in common::routers() {
        engine_look_alike_names_are_refused_and_engines_are_marked_on(app).await;
    }
}

async fn engine_look_alike_names_are_refused_and_engines_are_marked_on(app: Router) {
    for name in [
        "bao-0", "bao-11", "bao_5", "bao5", "BAO-05", "bao 7", "bao-3",
    ] {
        let (s, set, v) = call(
            &app,
            "POST",
            "/api/accounts",
            None,
            Some(json!({"name": name, "password": "long enough"})),
        )
        .await;
        assert_eq!(s, StatusCode::CONFLICT, "{name}: {v}");
        assert_eq!(
            v,
            json!({"error": format!("the name \"{name}\" is kept for the engine accounts: no name may be \"bao\" followed by digits (with or without -, _ or a space, in any case): choose another"), "code": "conflict"}),
        );
        assert!(set.is_none(), "{name}");
    }
    // Names that only begin like one are free.
    sign_up(&app, "baobab").await;
    sign_up(&app, "bao-5a").await;

    // A rated game against bao-2 (South, it moves first by itself); gail resigns after
    // her first move, so both have moved and it is rated.
    let gail = sign_up(&app, "gail").await;
    let (s, _, v) = call(
        &app,
        "POST",
        "/api/challenges",
        Some(&gail),
        Some(json!({"game": "kingulu", "clock": {"initial_s": 600, "increment_s": 0}, "rated": true, "side": "north", "opponent": "bao-2"})),
    )
    .await;
    assert_eq!(s, StatusCode::CREATED, "{v}");
    let id = v["game"].as_str().unwrap().to_string();
    let start = std::time::Instant::now();
    while state(&app, &id).await["ply"] != 1 {
        assert!(start.elapsed() < std::time::Duration::from_secs(30));
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    let st = state(&app, &id).await;
    assert_eq!(st["names"], json!({"south": "bao-2", "north": "gail"}));
    assert_eq!(
        st["players"],
        json!({"south": "computer", "north": "human"})
    );
    let mv = first_move(&app, &id).await;
    let (s, _, v) = call(
        &app,
        "POST",
        &format!("/api/games/{id}/play"),
        Some(&gail),
        Some(json!({ "move": mv })),
    )
    .await;
    assert_eq!(s, StatusCode::OK, "{v}");
    let (s, _, v) = call(
        &app,
        "POST",
        &format!("/api/games/{id}/resign"),
        Some(&gail),
        None,
    )
    .await;
    assert_eq!(s, StatusCode::OK, "{v}");
    assert_eq!(v["outcome"]["text"], "South wins: North resigned");

    // The leaderboard, the profiles and the game lists mark the engine.
    let (_, _, board) = call(&app, "GET", "/api/leaderboard/kingulu", None, None).await;
    let rows: Vec<(String, bool)> = board
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            (
                r["name"].as_str().unwrap().to_string(),
                r["bot"].as_bool().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        rows,
        vec![("bao-2".to_string(), true), ("gail".to_string(), false)]
    );
    let (_, _, p) = call(&app, "GET", "/api/players/bao-2", None, None).await;
    assert_eq!(
        (p["bot"].clone(), p["engine_level"].clone()),
        (json!(true), json!(2))
    );
    assert_eq!(
        p["games"][0]["players"],
        json!({"south": "computer", "north": "human"})
    );
    let (_, _, p) = call(&app, "GET", "/api/players/gail", None, None).await;
    assert_eq!(
        (p["bot"].clone(), p["engine_level"].clone()),
        (json!(false), Value::Null)
    );
    let (_, _, mine) = call(&app, "GET", "/api/me/games", Some(&gail), None).await;
    assert_eq!(mine[0]["id"], id.as_str());
    assert_eq!(
        (mine[0]["south"].clone(), mine[0]["north"].clone()),
        (json!("bao-2"), json!("gail"))
    );
    assert_eq!(
        mine[0]["players"],
        json!({"south": "computer", "north": "human"})
    );
}
