//! Playing tournaments through the API: sign-ups, requests spread over one or more
//! instances, and a driver that plays every account's games of each round as the
//! server pairs them (engine accounts move by themselves), recording each round as it
//! first appears, and the live stream's events.
#![allow(dead_code)] // each test file uses its own subset

use std::collections::{HashMap, HashSet};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use super::kit::{send, sign_up, Events};
use axum::http::StatusCode;
use axum::Router;
use serde_json::{json, Value};

/// The players (their cookies by name) and the instances requests go to, in turn.
pub struct Club {
    /// The instances.
    pub apps: Vec<Router>,
    /// Each account's cookie.
    pub cookies: HashMap<String, String>,
    turn: AtomicUsize,
}

impl Club {
    /// Signs up `names` on the first instance.
    pub async fn new(apps: Vec<Router>, names: &[&str]) -> Club {
        let mut cookies = HashMap::new();
        for n in names {
            cookies.insert(n.to_string(), sign_up(&apps[0], n).await);
        }
        Club {
            apps,
            cookies,
            turn: AtomicUsize::new(0),
        }
    }

    /// The same instances with no account: [`run`] with it plays no move, it waits.
    pub fn spectator(&self) -> Club {
        Club {
            apps: self.apps.clone(),
            cookies: HashMap::new(),
            turn: AtomicUsize::new(0),
        }
    }

    /// The next instance in turn.
    pub fn app(&self) -> &Router {
        let i = self.turn.fetch_add(1, Ordering::Relaxed);
        &self.apps[i % self.apps.len()]
    }

    /// A request as `who` (a name; `None`: signed out) to the next instance.
    pub async fn call(
        &self,
        method: &str,
        uri: &str,
        who: Option<&str>,
        body: Option<Value>,
    ) -> (StatusCode, Value) {
        let cookie = who.map(|w| self.cookies[w].clone());
        let a = send(self.app(), method, uri, cookie.as_deref(), body).await;
        // A body that is not JSON (a TRF file) comes back as a JSON string.
        let v = serde_json::from_str(&a.text).unwrap_or(Value::String(a.text));
        (a.status, v)
    }

    /// The tournament's JSON.
    pub async fn get(&self, id: &str) -> Value {
        let (s, v) = self
            .call("GET", &format!("/api/tournaments/{id}"), None, None)
            .await;
        assert_eq!(s, StatusCode::OK, "{v}");
        v
    }
}

/// What a game's account does when it is his turn, by round, board and game: the side
/// to move resigns, offers a draw the other accepts, or the other side resigns, once
/// both have moved; an account against an engine resigns after his first move.
async fn act(club: &Club, round: u64, board: u64, id: &str) {
    let (_, state) = club
        .call("GET", &format!("/api/games/{id}"), None, None)
        .await;
    if !state["outcome"].is_null() || state["thinking"] == true {
        return;
    }
    let side = state["to_move"].as_str().unwrap_or("South").to_lowercase();
    let other = if side == "south" { "north" } else { "south" };
    let me = state["names"][&side].as_str().unwrap_or("").to_string();
    let them = state["names"][other].as_str().unwrap_or("").to_string();
    if me.starts_with("bao-") || !club.cookies.contains_key(&me) {
        return;
    }
    let ply = state["ply"].as_u64().unwrap_or(0);
    let uri = |what: &str| format!("/api/games/{id}/{what}");
    if ply >= 2 {
        if them.starts_with("bao-") {
            club.call("POST", &uri("resign"), Some(&me), None).await;
            return;
        }
        match (round + board) % 3 {
            0 => {
                club.call("POST", &uri("resign"), Some(&me), None).await;
            }
            1 => {
                club.call("POST", &uri("draw"), Some(&me), None).await;
                club.call("POST", &uri("draw"), Some(&them), None).await;
            }
            _ => {
                club.call("POST", &uri("resign"), Some(&them), None).await;
            }
        }
        return;
    }
    let mv = state["moves"][0]["text"].as_str().unwrap_or("").to_string();
    club.call("POST", &uri("play"), Some(&me), Some(json!({ "move": mv })))
        .await;
}

/// Plays tournament `id` to its end (within `within`): each round's games as [`act`]
/// says. Returns the final JSON and each round's pairings as first seen.
pub async fn run(club: &Club, id: &str, within: Duration) -> (Value, Vec<Value>) {
    let start = Instant::now();
    let mut seen: Vec<Value> = Vec::new();
    loop {
        let t = club.get(id).await;
        let rounds = t["rounds"].as_array().cloned().unwrap_or_default();
        for r in rounds.iter().skip(seen.len()) {
            seen.push(r["pairings"].clone());
        }
        if t["status"] == "finished" {
            return (t, seen);
        }
        assert!(
            start.elapsed() < within,
            "not finished within {within:?}: {t}"
        );
        if let Some(last) = rounds.last() {
            let round = last["round"].as_u64().unwrap_or(0);
            for p in last["pairings"].as_array().unwrap() {
                let results = p["game_results"].as_array().unwrap();
                for (g, r) in p["games"].as_array().unwrap().iter().zip(results) {
                    if r.is_null() {
                        let board = p["board"].as_u64().unwrap_or(0);
                        act(club, round, board, g.as_str().unwrap()).await;
                    }
                }
            }
        }
        tokio::time::sleep(Duration::from_millis(40)).await;
    }
}

/// The points each player scored by the pairings' results (a Swiss bye: 1).
pub fn points_by_results(t: &Value) -> HashMap<String, f64> {
    let mut points: HashMap<String, f64> = HashMap::new();
    for r in t["rounds"].as_array().unwrap() {
        for p in r["pairings"].as_array().unwrap() {
            let south = p["south"].as_str().unwrap().to_string();
            let north = p["north"].as_str().map(str::to_string);
            let (s, n) = match p["result"].as_str().unwrap() {
                "1-0" | "+-" => (1.0, 0.0),
                "0-1" | "-+" => (0.0, 1.0),
                "½-½" => (0.5, 0.5),
                "--" => (0.0, 0.0),
                "bye" if t["format"] == "swiss" => (1.0, 0.0),
                "bye" => (0.0, 0.0),
                other => panic!("unknown result {other}"),
            };
            *points.entry(south).or_default() += s;
            if let Some(n2) = north {
                *points.entry(n2).or_default() += n;
            }
        }
    }
    points
}

/// Checks a finished Swiss: each round as first seen is the round in the end, its
/// pairings `boards` (one of them the bye, each player once), no pair met twice, no
/// player had two byes; every result known; the standings agree with the results and
/// name the Swiss tie-breaks. The byes in order.
pub fn check_swiss(t: &Value, seen: &[Value], players: usize, rounds: usize) -> Vec<String> {
    assert_eq!(t["status"], "finished", "{t}");
    assert_eq!(t["round"], rounds as u64);
    assert_eq!(t["total_rounds"], rounds as u64);
    assert_eq!(t["note"], Value::Null);
    let played = t["rounds"].as_array().unwrap();
    assert_eq!(played.len(), rounds);
    let mut met = HashSet::new();
    let mut byes = Vec::new();
    for (i, r) in played.iter().enumerate() {
        assert_eq!(r["round"], i as u64 + 1);
        let pairings = r["pairings"].as_array().unwrap();
        assert_eq!(pairings.len(), players.div_ceil(2), "round {}", i + 1);
        // The pairings never changed after they were first seen (paired once).
        let first_seen: Vec<(Value, Value, Value)> = seen[i]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| (p["south"].clone(), p["north"].clone(), p["games"].clone()))
            .collect();
        let last: Vec<(Value, Value, Value)> = pairings
            .iter()
            .map(|p| (p["south"].clone(), p["north"].clone(), p["games"].clone()))
            .collect();
        assert_eq!(first_seen, last, "round {} changed", i + 1);
        let mut in_round = HashSet::new();
        let mut round_byes = 0;
        for p in pairings {
            let south = p["south"].as_str().unwrap().to_string();
            assert!(in_round.insert(south.clone()), "{south} twice in a round");
            match p["north"].as_str() {
                None => {
                    round_byes += 1;
                    assert_eq!(p["result"], "bye");
                    assert_eq!(p["games"], json!([]));
                    assert!(!byes.contains(&south), "{south}: a second bye");
                    byes.push(south);
                }
                Some(north) => {
                    assert!(in_round.insert(north.to_string()));
                    let key = if south.as_str() < north {
                        (south.clone(), north.to_string())
                    } else {
                        (north.to_string(), south.clone())
                    };
                    assert!(
                        met.insert(key.clone()),
                        "round {}: {key:?} met again",
                        i + 1
                    );
                    assert!(p["result"].is_string(), "{p}");
                    assert_eq!(p["games"].as_array().unwrap().len(), 1);
                }
            }
        }
        assert_eq!(round_byes, players % 2, "round {}: one bye", i + 1);
    }
    let names: Vec<&str> = t["tiebreaks"]
        .as_array()
        .unwrap()
        .iter()
        .map(|k| k["name"].as_str().unwrap())
        .collect();
    assert_eq!(
        names,
        [
            "Buchholz Cut 1",
            "Buchholz",
            "Sonneborn-Berger",
            "Direct encounter",
            "Wins"
        ]
    );
    let standings = t["standings"].as_array().unwrap();
    assert_eq!(standings.len(), players);
    let by_results = points_by_results(t);
    let mut total = 0.0;
    for (i, s) in standings.iter().enumerate() {
        let name = s["name"].as_str().unwrap();
        let points = s["points"].as_f64().unwrap();
        assert_eq!(points, by_results[name], "{name}");
        total += points;
        let keys: HashSet<&str> = s["tiebreaks"]
            .as_object()
            .unwrap()
            .keys()
            .map(String::as_str)
            .collect();
        assert_eq!(keys, HashSet::from(["bh-c1", "bh", "sb", "de", "wins"]));
        if i > 0 {
            assert!(standings[i - 1]["points"].as_f64().unwrap() >= points);
            assert!(standings[i - 1]["rank"].as_u64() <= s["rank"].as_u64());
        }
    }
    // One point per game and per bye.
    assert_eq!(total, (rounds * players.div_ceil(2)) as f64);
    byes
}

/// The TRF export of tournament `id` read back: no line error, every player with his
/// rounds, and no violation of the Dutch system's absolute criteria.
pub async fn check_trf(club: &Club, id: &str, players: usize, rounds: usize) -> String {
    let (s, text) = club
        .call("GET", &format!("/api/tournaments/{id}/trf"), None, None)
        .await;
    assert_eq!(s, StatusCode::OK, "{text}");
    let text = text.as_str().unwrap().to_string();
    let back = bao_swiss::trf::read(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
    assert_eq!(back.players.len(), players);
    assert!(
        back.players.iter().all(|p| p.rounds.len() == rounds),
        "{text}"
    );
    assert_eq!(bao_swiss::check::check(&back).unwrap(), vec![], "{text}");
    text
}

/// The events of a tournament's live stream, read by a task of their own.
pub struct Watch {
    /// Each `event: tournament`'s JSON, in order.
    pub events: Arc<Mutex<Vec<Value>>>,
}

impl Watch {
    /// Opens `/api/tournaments/{id}/events` on `app`.
    pub async fn open(app: &Router, id: &str) -> Watch {
        let mut stream = Events::open(app, &format!("/api/tournaments/{id}/events"), None).await;
        let events = Arc::new(Mutex::new(Vec::new()));
        let out = Arc::clone(&events);
        tokio::spawn(async move {
            while let Some((kind, v)) = stream.next_within(Duration::from_secs(120)).await {
                if kind == "tournament" && !v.is_null() {
                    out.lock().unwrap().push(v);
                }
            }
        });
        Watch { events }
    }

    /// Waits until an event satisfies `done` (at most `within`); the events so far.
    pub async fn until(&self, within: Duration, done: impl Fn(&Value) -> bool) -> Vec<Value> {
        let start = Instant::now();
        loop {
            let events = self.events.lock().unwrap().clone();
            if events.iter().any(&done) {
                return events;
            }
            assert!(
                start.elapsed() < within,
                "no such event within {within:?}: {} events, the last {:?}",
                events.len(),
                events.last().map(|e| (&e["status"], &e["round"]))
            );
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }
}

/// The sum of the standings' points in a tournament JSON.
pub fn points_total(t: &Value) -> f64 {
    t["standings"].as_array().map_or(0.0, |s| {
        s.iter().map(|e| e["points"].as_f64().unwrap_or(0.0)).sum()
    })
}
