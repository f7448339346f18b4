//! The tournament as the pairing engine sees it: the players by start number with their
//! ratings and the rounds played, as a TRF-16 report ([`bao_swiss::Tournament`]); the
//! next round's pairings (Swiss: [`bao_swiss::pair`]; round robin: the Berger table,
//! [`bao_swiss::berger::schedule`]); the standings with tie-breaks
//! ([`bao_swiss::tiebreak::standings`]); the TRF export. Pure code: no I/O.
//!
//! South plays the role of the FIDE texts' "white". A round's entry of a player is his
//! pairing's result once every game of it is over ([`Pairing::result`]); a pairing still
//! being played is left blank, so that the standings during a round count the pairings
//! finished so far. A withdrawn player's rounds after his withdrawal are absences
//! (`0000 - -`), and so is the round being paired: the engine leaves him out.

use bao_rules::Side;
use bao_swiss::{Colour, Entry, ResultCode};

use super::model::{Entrant, Format, Pairing, Tournament};

/// A pairing of the next round: South's and North's start numbers (North `None`: the
/// bye), and the stored result of a pairing without games (a withdrawn player's forfeit).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Planned {
    /// The board, 1 = the first.
    pub board: u32,
    /// South's start number.
    pub south: u32,
    /// North's start number, `None` for the bye.
    pub north: Option<u32>,
    /// `+-`, `-+` or `--` when a player of it is withdrawn (no games are made).
    pub forfeit: Option<&'static str>,
}

/// Why no next round.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NoRound {
    /// No pairing meets the absolute criteria (no repeated opponent, one bye each): the
    /// tournament ends here.
    NoLegalPairing,
    /// Fewer than two players are left in the tournament.
    TooFewPlayers,
    /// The engine refused the state (a bug: logged, the tournament ends).
    Engine(String),
}

impl NoRound {
    /// The sentence kept as the tournament's note.
    pub fn note(&self, round: u32) -> String {
        match self {
            NoRound::NoLegalPairing => format!(
                "ended after round {}: round {round} has no legal pairing (every pairing would repeat an opponent or give a second bye)",
                round - 1
            ),
            NoRound::TooFewPlayers => format!(
                "ended after round {}: fewer than two players are left",
                round - 1
            ),
            NoRound::Engine(e) => format!("ended after round {}: {e}", round - 1),
        }
    }
}

/// The side that moves first in the tournament's games.
pub fn first_mover(t: &Tournament) -> Side {
    crate::lobby::model::first_mover(t.settings.game, &t.settings.rules)
}

/// The TRF entry of the player `start` in `p`, if the pairing is finished.
fn entry_of(t: &Tournament, p: &Pairing, start: u32) -> Option<Entry> {
    let r = p.result(t.settings.format, first_mover(t))?;
    let south = p.south == start;
    let code = if south { Some(r.south) } else { r.north };
    let code = code?;
    let (opponent, colour) = match (south, p.north) {
        (true, None) => (None, None),
        (true, Some(n)) => (Some(n), Some(Colour::White)),
        (false, _) => (Some(p.south), Some(Colour::Black)),
    };
    // A zero-point bye of a round robin: not paired, no colour.
    let colour = if code == ResultCode::ZeroBye {
        None
    } else {
        colour
    };
    Some(Entry {
        opponent,
        colour,
        result: code,
    })
}

/// An absence: `0000 - -`.
const ABSENT: Entry = Entry {
    opponent: None,
    colour: None,
    result: ResultCode::ForfeitLoss,
};

/// The tournament as a TRF report over rounds `1..=upto`; with `absent_next`, the
/// withdrawn players get an absence in round `upto + 1` too (for pairing it).
pub fn report(
    t: &Tournament,
    players: &[Entrant],
    pairings: &[Pairing],
    upto: u32,
    absent_next: bool,
) -> bao_swiss::Tournament {
    let mut out = bao_swiss::Tournament {
        total_rounds: t.rounds(),
        initial_colour: t.first_colour,
        // A Swiss is paired by the Dutch rules in force (the 2025 text), named on the
        // report's `192` line.
        edition: (t.settings.format == Format::Swiss).then(bao_swiss::Edition::default),
        ..bao_swiss::Tournament::default()
    };
    let mut started: Vec<&Entrant> = players.iter().filter(|p| p.start.is_some()).collect();
    started.sort_by_key(|p| p.start);
    for e in started {
        let start = e.start.unwrap_or(0);
        let mut player = bao_swiss::Player::new(start, &e.name);
        player.rating = e.rating.round().clamp(0.0, 9999.0) as u32;
        let mut rounds: Vec<Entry> = (1..=upto)
            .map(|r| {
                pairings
                    .iter()
                    .find(|p| p.round == r && p.has(start))
                    .map_or_else(
                        || {
                            if e.withdrawn.is_some_and(|w| w < r) {
                                ABSENT
                            } else {
                                Entry::NOT_PAIRED
                            }
                        },
                        |p| entry_of(t, p, start).unwrap_or(Entry::NOT_PAIRED),
                    )
            })
            .collect();
        if absent_next && e.withdrawn.is_some() {
            rounds.push(ABSENT);
        }
        while rounds.last() == Some(&Entry::NOT_PAIRED) {
            rounds.pop();
        }
        player.points = rounds.iter().map(|r| out.points.points(r)).sum();
        player.rounds = rounds;
        out.players.push(player);
    }
    out
}

/// The pairings of round `round` (the next one), given every round before it finished.
///
/// # Errors
/// [`NoRound`] when there is none: no legal pairing (Swiss), too few players left.
pub fn next_round(
    t: &Tournament,
    players: &[Entrant],
    pairings: &[Pairing],
    round: u32,
) -> Result<Vec<Planned>, NoRound> {
    let active = players
        .iter()
        .filter(|p| p.start.is_some() && p.withdrawn.is_none())
        .count();
    if active < 2 {
        return Err(NoRound::TooFewPlayers);
    }
    match t.settings.format {
        Format::Swiss => {
            let report = report(t, players, pairings, round - 1, true);
            let boards = bao_swiss::pair(&report).map_err(|e| match e {
                bao_swiss::PairError::NoLegalPairing => NoRound::NoLegalPairing,
                other => NoRound::Engine(other.to_string()),
            })?;
            Ok(boards
                .boards
                .iter()
                .enumerate()
                .map(|(i, b)| Planned {
                    board: i as u32 + 1,
                    south: b.south,
                    north: b.north,
                    forfeit: None,
                })
                .collect())
        }
        Format::RoundRobin => {
            let n = players.iter().filter(|p| p.start.is_some()).count() as u32;
            let table = bao_swiss::berger::schedule(n, t.settings.cycles)
                .map_err(|e| NoRound::Engine(e.to_string()))?;
            let games = table
                .get(round as usize - 1)
                .ok_or_else(|| NoRound::Engine(format!("the table has no round {round}")))?;
            let out_of = |start: u32| {
                players
                    .iter()
                    .any(|p| p.start == Some(start) && p.withdrawn.is_some())
            };
            Ok(games
                .iter()
                .enumerate()
                .map(|(i, g)| Planned {
                    board: i as u32 + 1,
                    south: g.south,
                    north: g.north,
                    forfeit: g
                        .north
                        .and_then(|north| match (out_of(g.south), out_of(north)) {
                            (false, false) => None,
                            (false, true) => Some("+-"),
                            (true, false) => Some("-+"),
                            (true, true) => Some("--"),
                        }),
                })
                .collect())
        }
    }
}

/// One line of the standings: rank, start number, points and tie-breaks (hundredths).
pub type Standing = bao_swiss::tiebreak::Standing;

/// The standings over every pairing finished so far, ranked by points, then the
/// format's tie-breaks ([`Format::tiebreaks`]).
pub fn standings(t: &Tournament, players: &[Entrant], pairings: &[Pairing]) -> Vec<Standing> {
    let report = report(t, players, pairings, t.round, false);
    bao_swiss::tiebreak::standings(&report, t.settings.format.tiebreaks()).unwrap_or_else(|e| {
        tracing::warn!(tournament = %t.id, "no standings: {e}");
        Vec::new()
    })
}

/// The TRF-16 export: the tournament's lines (012 name, 042/052 dates, 062 players,
/// 092 type, 102 organiser, 122 time control), `XXR`, `XXC`, and each player's line with
/// his points and rank.
pub fn trf(t: &Tournament, players: &[Entrant], pairings: &[Pairing]) -> String {
    let mut report = report(t, players, pairings, t.round, false);
    let ranks =
        bao_swiss::tiebreak::standings(&report, t.settings.format.tiebreaks()).unwrap_or_default();
    for p in &mut report.players {
        p.rank = ranks.iter().find(|s| s.start == p.start).map(|s| s.rank);
    }
    let date = |rfc: &str| rfc.get(..10).unwrap_or("").replace('-', "/");
    let kind = match (t.settings.format, t.settings.cycles) {
        (Format::Swiss, _) => format!(
            "Swiss System (FIDE Dutch {})",
            bao_swiss::Edition::default().year()
        ),
        (Format::RoundRobin, 1) => "Round Robin (Berger)".to_string(),
        (Format::RoundRobin, _) => "Double Round Robin (Berger)".to_string(),
    };
    let mut lines = vec![
        format!("012 {}", t.settings.name),
        format!("042 {}", date(&t.created)),
    ];
    if let Some(f) = &t.finished {
        lines.push(format!("052 {}", date(f)));
    }
    lines.push(format!("062 {}", report.players.len()));
    lines.push(format!("092 {kind}"));
    lines.push(format!("102 {}", t.creator.1));
    lines.push(format!(
        "122 {} ({}, {})",
        t.settings.clock.text(),
        t.settings.game.title(),
        if t.settings.games_per_pairing == 2 {
            "2 games per pairing"
        } else {
            "1 game per pairing"
        }
    ));
    report.other_lines = lines;
    bao_swiss::trf::write(&report)
}

#[cfg(test)]
#[path = "pairing_tests.rs"]
mod tests;
