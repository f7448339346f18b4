//! The lobby: open challenges (`POST|GET /api/challenges`, accept, cancel), their live
//! list (`GET /api/challenges/events`, server-sent events), the engine accounts
//! `bao-1` … `bao-10` that accept any challenge made to them at once, and the
//! signed-in player's games (`GET /api/me/games`, "your turn" first).
//!
//! * [`model`]: a challenge and the body that makes one;
//! * [`repo`]: the table `challenges`;
//! * `api`: the operations (the live list's announcements, an accepted challenge's
//!   game);
//! * `routes`: the handlers and the live list's stream.

pub mod model;
pub mod repo;

mod api;
mod routes;

pub(crate) use api::{announce, announce_now};
pub use routes::{routes, streams};

use crate::games::repo::GameRow;

/// `computer` for an engine account's record name, else `human` (a game state's
/// `players`).
fn player_kind(record_name: &str) -> &'static str {
    if crate::accounts::model::is_engine_record_name(record_name) {
        "computer"
    } else {
        "human"
    }
}

/// The reason of a record's `Termination` tag (`time`, `resignation`, `bao-hamna`: as
/// [`bao_rules::EndReason::as_str`] words it), read from its tags only (the lines in `[…]` before
/// the moves); `None` without one.
pub fn termination(record: &str) -> Option<&'static str> {
    let tag = record
        .lines()
        .map(str::trim)
        .take_while(|l| l.is_empty() || l.starts_with('['))
        .find_map(|l| l.strip_prefix("[Termination \"")?.strip_suffix("\"]"))?;
    let word = tag.trim().to_ascii_lowercase().replace([' ', '_'], "-");
    if word == "resigned" {
        return Some(bao_rules::EndReason::Resignation.as_str());
    }
    bao_rules::EndReason::parse(&word).map(bao_rules::EndReason::as_str)
}

/// A game in a list (a profile, "your games"): id, game, players, result, whether it is
/// `account`'s turn, the rating change of a rated result (`ratings`, as in the state).
pub fn game_summary(r: &GameRow, account: Option<i64>) -> serde_json::Value {
    let over = r.result.is_some() || r.aborted;
    // Lobby games start at the profile's start position, and the sides alternate.
    let first = model::first_mover(r.game, &r.rules).index();
    let to_move = (first + r.plies) % 2;
    // A game started from the first page by a signed-in player: his human sides.
    let owned = |i: usize, record: &str| {
        (r.accounts[i].is_none() && !bao_rules::Player::from_record_name(record).is_computer())
            .then(|| r.owner_name.clone())
            .flatten()
    };
    let names = [owned(0, &r.south), owned(1, &r.north)];
    let your_turn = !over
        && account.is_some()
        && (r.accounts[to_move] == account || (r.owner == account && names[to_move].is_some()));
    let clock = r
        .clock
        .as_deref()
        .and_then(|c| serde_json::from_str::<crate::clock::model::Clock>(c).ok());
    serde_json::json!({
        "id": r.id,
        "game": r.game.name(),
        "rules": r.rules,
        "south": r.names[0].clone().or_else(|| names[0].clone()).unwrap_or_else(|| r.south.clone()),
        "north": r.names[1].clone().or_else(|| names[1].clone()).unwrap_or_else(|| r.north.clone()),
        // Issue 34 item 3 (ratings branch): engine accounts marked, as in a game's state.
        "players": {
            "south": player_kind(&r.south),
            "north": player_kind(&r.north),
        },
        // A game between accounts (from the lobby), not a first-page game of an owner.
        "lobby": r.accounts.iter().any(Option::is_some),
        "plies": r.plies,
        "result": if r.aborted { Some("*") } else { r.result.map(crate::games::model::GameResult::token) },
        "aborted": r.aborted,
        "rated": r.rated,
        // Why a finished game ended, as its record's Termination tag says (`time`,
        // `resignation`, `bao-hamna`…: `EndReason`'s words), else null.
        "reason": if r.result.is_some() { termination(&r.record) } else { None },
        "clock": clock.map(|c| c.control.text()),
        "to_move": if to_move == 0 { "South" } else { "North" },
        "your_turn": your_turn,
        // What the rated result did to the ratings: {"South": {"before", "after"}, ...}.
        "ratings": r.ratings,
        "updated": r.updated,
    })
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_records_termination_is_its_reason_word() {
        let rec = |t: &str| {
            format!("[Game \"kiswahili\"]\n[Result \"1-0\"]\n{t}\n1. A6> a6< 1-0\n[Termination \"time\"]\n")
        };
        assert_eq!(
            super::termination(&rec("[Termination \"time\"]\n")),
            Some("time")
        );
        assert_eq!(
            super::termination(&rec("[Termination \"resigned\"]\n")),
            Some("resignation")
        );
        assert_eq!(
            super::termination(&rec("[Termination \"bao hamna\"]\n")),
            Some("bao-hamna")
        );
        // Not a tag any more once the moves start; an unknown word is no reason.
        assert_eq!(super::termination(&rec("")), None);
        assert_eq!(
            super::termination(&rec("[Termination \"boredom\"]\n")),
            None
        );
    }
}
