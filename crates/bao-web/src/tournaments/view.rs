//! The JSON of a tournament: its summary in the list, and the whole of it (players,
//! rounds with pairings, games and results, standings with named tie-breaks).

use serde_json::{json, Value};

use super::model::{Status, Tournament};
use super::pairing::{first_mover, standings};
use super::repo::Snapshot;

/// Hundredths of a point as a JSON number (`3.5`).
fn points(v: bao_swiss::tiebreak::Value) -> Value {
    json!(v.0 as f64 / 100.0)
}

/// The fields the list and the whole share.
fn head(t: &Tournament) -> serde_json::Map<String, Value> {
    let s = &t.settings;
    let v = json!({
        "id": t.id,
        "name": s.name,
        "game": s.game.name(),
        "rules": s.rules,
        "format": s.format.name(),
        "cycles": s.cycles,
        "total_rounds": s.rounds,
        "games_per_pairing": s.games_per_pairing,
        "clock": s.clock,
        "clock_text": s.clock.text(),
        "rated": s.rated,
        "starts_at": s.starts_at.as_ref().map(|a| a.0.clone()),
        "creator": t.creator.1,
        "status": t.status.name(),
        "round": t.round,
        "note": t.note,
        "note_say": t.note.as_deref().and_then(super::notes::said),
        "created": t.created,
        "finished": t.finished,
    });
    match v {
        Value::Object(m) => m,
        _ => unreachable!("an object"),
    }
}

/// A tournament in the list, with its number of players.
pub fn summary(t: &Tournament, players: usize) -> Value {
    let mut m = head(t);
    m.insert("players".into(), json!(players));
    Value::Object(m)
}

/// The whole tournament: players (by start number once started), rounds with their
/// pairings (names, game ids, each game's result, the pairing's result and score),
/// the tie-breaks' keys and names in order, and the standings.
pub fn full(snap: &Snapshot) -> Value {
    let t = &snap.t;
    let name_of = |start: u32| {
        snap.players
            .iter()
            .find(|p| p.start == Some(start))
            .map(|p| p.name.clone())
    };
    let players: Vec<Value> = snap
        .players
        .iter()
        .map(|p| {
            json!({
                "name": p.name,
                "rating": p.rating.round(),
                "start": p.start,
                "withdrawn": p.withdrawn.is_some(),
                "engine": p.engine.is_some(),
            })
        })
        .collect();
    let first = first_mover(t);
    let rounds: Vec<Value> = (1..=t.round)
        .map(|r| {
            let pairings: Vec<Value> = snap
                .pairings
                .iter()
                .filter(|p| p.round == r)
                .map(|p| {
                    let result = p.result(t.settings.format, first);
                    json!({
                        "board": p.board,
                        "south": name_of(p.south),
                        "north": p.north.and_then(name_of),
                        "games": p.games.iter().map(|g| g.id.clone()).collect::<Vec<_>>(),
                        "game_results": p.games.iter().map(|g| {
                            if g.aborted { Some("*") } else { g.result.map(|r| r.token()) }
                        }).collect::<Vec<_>>(),
                        "result": result.map(|r| r.text()),
                        "score": result.filter(|r| r.north.is_some()).map(|r| r.score()),
                    })
                })
                .collect();
            json!({ "round": r, "pairings": pairings })
        })
        .collect();
    let order = t.settings.format.tiebreaks();
    let standings: Vec<Value> = if t.status == Status::Open {
        Vec::new()
    } else {
        standings(t, &snap.players, &snap.pairings)
            .iter()
            .map(|s| {
                let tb: serde_json::Map<String, Value> = s
                    .tiebreaks
                    .iter()
                    .map(|(k, v)| (k.key().to_string(), points(*v)))
                    .collect();
                let withdrawn = snap
                    .players
                    .iter()
                    .any(|p| p.start == Some(s.start) && p.withdrawn.is_some());
                json!({
                    "rank": s.rank,
                    "start": s.start,
                    "name": s.name,
                    "points": points(s.points),
                    "tiebreaks": tb,
                    "withdrawn": withdrawn,
                })
            })
            .collect()
    };
    let mut m = head(t);
    m.insert("players".into(), json!(players));
    m.insert("rounds".into(), json!(rounds));
    m.insert(
        "tiebreaks".into(),
        json!(order
            .iter()
            .map(|k| json!({"key": k.key(), "name": k.name()}))
            .collect::<Vec<_>>()),
    );
    m.insert("standings".into(), json!(standings));
    Value::Object(m)
}
