//! The JSON shapes of the API (boards, moves, states, traced events) and the helpers that
//! describe a move for the player (start hole, screen direction, label).
//!
//! Everything here is computed from a [`bao_rules::GameLine`] by [`crate::games::model`]; nothing
//! here keeps a game.

use std::collections::HashMap;

use bao_rules::{BoardView, CellMark, EventKind, Game, TraceEvent};
use serde::Serialize;

/// A traced move's events are summarised past this many (see [`summarise_events`]).
pub const MAX_EVENTS: usize = 200;

/// How many events are kept at each end of a summarised trace.
pub const KEPT_EVENTS: usize = 60;

/// One hole as sent to the browser.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct CellJson {
    /// Hole name in notation (`A5`, `b8`, `a3`).
    pub name: String,
    /// Seeds in the hole.
    pub seeds: u32,
    /// `South` or `North`: whose row the hole is in.
    pub owner: String,
    /// `plain`, `nyumba`, `lost-nyumba` (K-R8) or `reserved` (G-R9).
    pub mark: &'static str,
    /// For `nyumba`: owned and holding at least the threshold (K-R8.3).
    pub functional: bool,
    /// For `reserved`: the side that reserved the pit (kuweka mtoto, G-R9).
    pub reserved_by: Option<String>,
    /// The hole is takasia'd against the side to move (K-R11).
    pub takasia: bool,
}

/// A board as sent to the browser: [`BoardView`] in JSON.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct BoardJson {
    /// Rows top to bottom as South sees the board (North on top), each left to right.
    pub rows: Vec<Vec<CellJson>>,
    /// Stores `[South, North]`.
    pub stores: [u32; 2],
    /// `South` or `North`.
    pub to_move: String,
    /// `namua`, `mtaji` (Kiswahili) or `play` (Kingulu).
    pub stage: String,
    /// Provisional scores `[South, North]` for Bao Kingulu (G-R14).
    pub scores: Option<[u32; 2]>,
}

impl From<&BoardView> for BoardJson {
    fn from(view: &BoardView) -> Self {
        let rows = view
            .rows
            .iter()
            .map(|row| {
                row.iter()
                    .map(|cell| {
                        let (mark, functional, reserved_by) = match cell.mark {
                            CellMark::Plain => ("plain", false, None),
                            CellMark::Nyumba { functional } => ("nyumba", functional, None),
                            CellMark::LostNyumba => ("lost-nyumba", false, None),
                            CellMark::Reserved(side) => ("reserved", false, Some(side.to_string())),
                        };
                        CellJson {
                            name: cell.name.clone(),
                            seeds: cell.seeds,
                            owner: cell.owner.to_string(),
                            mark,
                            functional,
                            reserved_by,
                            takasia: cell.takasia,
                        }
                    })
                    .collect()
            })
            .collect();
        BoardJson {
            rows,
            stores: view.stores,
            to_move: view.to_move.to_string(),
            stage: view.stage.clone(),
            scores: view.scores,
        }
    }
}

/// One legal move as offered to the player.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct MoveJson {
    /// The move text (notation.md §3), what `POST .../play` takes.
    pub text: String,
    /// The start hole the player clicks (`A6`); the namua entry hole in Bao la Kiswahili.
    pub from: String,
    /// Direction in which the move's first sowing leaves its first hole on the screen
    /// (North on top): `left`, `right` (along a row), `up`, `down` (into the next row),
    /// or `null` when the move sows nothing.
    pub dir: Option<&'static str>,
    /// The move captures (K-R4.3 / G-R8).
    pub capture: bool,
    /// The move takes safari at the nyumba (K-R4.4).
    pub safari: bool,
    /// A short description for the choice button: arrow, text, what happens.
    pub label: String,
    /// What happens in the catalogue's words (issue 29), the parts of `label` after the
    /// colon: the page joins them with ", " in its language.
    pub says: Vec<crate::i18n::Said>,
}

/// One move played so far.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct HistoryJson {
    /// Ply index, 1 for the first move; the position after it is `GET .../at/{ply}`.
    pub ply: usize,
    /// The side that played it.
    pub side: String,
    /// The move text.
    pub text: String,
    /// Its start hole (marked on the board as the last move).
    pub from: String,
}

/// How a game ended.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct OutcomeJson {
    /// `South`, `North`, or `null` for a draw.
    pub winner: Option<String>,
    /// The reason word (notation.md §2): `bao-hamna`, ..., `resignation`, `repetition`,
    /// `time`, or `adjudicated` / `off-board` ([`bao_rules::EndReason::as_str`]); `aborted`
    /// for a game aborted before both sides moved (result `*`).
    pub reason: String,
    /// A sentence for players: [`bao_rules::GameLine::end_sentence`], e.g. "the position
    /// occurred for the third time: the game ends, South 27–21".
    pub text: String,
    /// The record's result: `1-0` (South wins), `0-1` (North wins), `1/2-1/2`, or `*`
    /// for an aborted game.
    pub result: &'static str,
    /// `text` in the catalogue's words (issue 29), for the page in other languages.
    pub say: Option<crate::i18n::Said>,
}

/// Who plays which side.
#[derive(Clone, Copy, Debug, Serialize, PartialEq, Eq)]
pub struct PlayersJson {
    /// South's player: `human` or `computer`.
    pub south: &'static str,
    /// North's player: `human` or `computer`.
    pub north: &'static str,
}

/// The players' names in a lobby game (`null` for a guest game's sides).
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct NamesJson {
    /// South's account name (`bao-5` for an engine account).
    pub south: Option<String>,
    /// North's account name.
    pub north: Option<String>,
}

/// The whole state of a game (`GET /api/games/{id}`).
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct StateJson {
    /// The game id.
    pub id: String,
    /// `kiswahili` or `kingulu`.
    pub game: String,
    /// The rules profile name.
    pub rules: String,
    /// Every rule option as `[name, value]`.
    pub options: Vec<(String, String)>,
    /// The computer's level 1..=10.
    pub level: u8,
    /// Who plays which side.
    pub players: PlayersJson,
    /// The accounts playing (lobby games).
    pub names: NamesJson,
    /// The account the game belongs to (a signed-in player started it from the first
    /// page: its human sides are his), `null` for a guest's game or a lobby game.
    pub owner: Option<String>,
    /// The tournament the game is a round game of (issue 28), left out otherwise.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tournament: Option<String>,
    /// Whether the result changes the players' ratings.
    pub rated: bool,
    /// The clock now, if the game has one (`south_ms`, `north_ms`, `running`, ...).
    pub clock: Option<crate::clock::model::ClockJson>,
    /// How many people watch the game's event stream without playing in it.
    pub spectators: usize,
    /// The current position text (notation.md §2).
    pub position: String,
    /// The current board.
    pub board: BoardJson,
    /// `South` or `North`.
    pub to_move: String,
    /// The number of moves played.
    pub ply: usize,
    /// `null` while the game goes on.
    pub outcome: Option<OutcomeJson>,
    /// The legal moves of the side to move, canonical order; empty when over.
    pub moves: Vec<MoveJson>,
    /// The moves played.
    pub history: Vec<HistoryJson>,
    /// The last move played, traced as `GET .../at/{ply}` gives it (`null` at the start):
    /// a page animates a move that arrived on its event stream (the opponent's reply)
    /// without asking for it, so the board is the player's at once.
    pub last: Option<PlayedJson>,
    /// The computer is searching in this game now.
    pub thinking: bool,
    /// The side that offers a draw (`South` or `North`), `null` when none is offered
    /// (`POST /api/games/{id}/draw`).
    pub draw_offer: Option<String>,
    /// What the rated result did to the ratings, `{"South": {"before": r, "after": r'},
    /// "North": {…}}`; `null` until a rated game's result is stored.
    pub ratings: Option<crate::rating::RatingChanges>,
    /// The sides that have been given to an invited seat (`POST .../invite`).
    pub invited: Vec<String>,
    /// When the game was started (RFC 3339, UTC).
    pub created: String,
    /// When the game last changed (RFC 3339, UTC).
    pub updated: String,
    /// The game's stored version: it grows by one with every change written to the
    /// database (a move, an undo, a resignation, a flag) and is the id of the event
    /// stream's `state` event. Of two states of one game, the one with the larger version
    /// is the newer; a page never replaces a state by one with a smaller version (equal
    /// versions differ only in `thinking`, `spectators` and the clock's reading).
    pub version: i64,
    /// The sides the request's seat (`X-Bao-Seat`) may move; absent from event streams.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub you: Option<Vec<String>>,
    /// The creator's seat token: only in the answers of `POST /api/games` and
    /// `POST /api/games/load`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub seat: Option<String>,
}

/// One step of a move's animation: [`TraceEvent`] in JSON.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct EventJson {
    /// `enter`, `lift`, `sow`, `capture`, `kichwa`, `safari`, `nyumba-stop`, `tax`,
    /// `takasia-stop`, `takasia`, `nyumba-lost`, `reserve`, `transfer`, `bank`, `end`,
    /// `game-end`, and `skipped` for the events left out of a long trace
    /// ([`summarise_events`]).
    pub kind: &'static str,
    /// The holes involved, in order (for `sow`: every hole that received a seed).
    pub holes: Vec<String>,
    /// Seeds involved.
    pub seeds: u32,
    /// A sentence for players, in English.
    pub text: String,
    /// The same sentence in the catalogue's words (issue 29), which the page puts into its
    /// language: `{"key": "ev-sow", "args": {…}}`.
    pub say: crate::i18n::Said,
    /// Hole counts after the step, in the order of [`BoardJson::rows`] flattened.
    pub counts: Vec<u32>,
    /// Stores after the step, `[South, North]`.
    pub stores: [u32; 2],
    /// For `skipped`: how many events were left out.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub count: Option<usize>,
}

/// A traced move's events for an answer: all of them up to [`MAX_EVENTS`]; past that the
/// first and last [`KEPT_EVENTS`] with one `skipped` event between, `{"kind": "skipped",
/// "count": N, "text": "… L more laps …"}` (N = events left out, L = the sowings among
/// them), carrying the board of the last kept event before it. So a move of 10 000 laps
/// answers 121 events.
pub fn summarise_events(events: &[TraceEvent]) -> Vec<EventJson> {
    if events.len() <= MAX_EVENTS {
        return events.iter().map(EventJson::from).collect();
    }
    let skipped = events.len() - 2 * KEPT_EVENTS;
    let head = &events[..KEPT_EVENTS];
    let tail = &events[events.len() - KEPT_EVENTS..];
    let last_kept = &head[KEPT_EVENTS - 1];
    let laps = events[KEPT_EVENTS..events.len() - KEPT_EVENTS]
        .iter()
        .filter(|e| e.kind == EventKind::Sow)
        .count();
    let mut out: Vec<EventJson> = head.iter().map(EventJson::from).collect();
    out.push(EventJson {
        kind: "skipped",
        holes: Vec::new(),
        seeds: 0,
        text: format!("… {laps} more laps …"),
        say: crate::t!("ev-skipped", laps = laps),
        counts: last_kept.counts.clone(),
        stores: last_kept.stores,
        count: Some(skipped),
    });
    out.extend(tail.iter().map(EventJson::from));
    out
}

impl From<&TraceEvent> for EventJson {
    fn from(e: &TraceEvent) -> Self {
        EventJson {
            kind: e.kind.as_str(),
            holes: e.holes.clone(),
            seeds: e.seeds,
            text: e.text.clone(),
            say: crate::i18n::phrase(&e.phrase),
            counts: e.counts.clone(),
            stores: e.stores,
            count: None,
        }
    }
}

/// A move for the browser to animate: the one just played (`POST .../play`, `.../engine`)
/// or one of the game's history (`GET .../at/{ply}`), built by `played_json`.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct PlayedJson {
    /// The move text.
    pub text: String,
    /// The side that played it.
    pub side: String,
    /// What the move does, as in [`MoveJson::label`].
    pub label: String,
    /// The same in the catalogue's words, as [`MoveJson::says`] (issue 29).
    pub says: Vec<crate::i18n::Said>,
    /// The board before the move.
    pub before: BoardJson,
    /// The move's steps in order.
    pub events: Vec<EventJson>,
    /// The engine's last search line (`info depth ...`) when the computer chose the move.
    pub info: Option<String>,
}

/// Move `mv` played from `pos` with its traced `events` (as [`bao_rules::GameLine`] traced
/// them): its text, side, label (as offered, with the arrow when the start hole is
/// shared), the board before it and the events summarised by [`summarise_events`]. The
/// one builder of [`PlayedJson`], for the live move and for the history alike.
pub(crate) fn played_json<G: Game>(
    pos: &G,
    mv: G::Move,
    events: &[TraceEvent],
    info: Option<String>,
) -> PlayedJson {
    let before = pos.view();
    let places = hole_places(&before);
    let text = pos.move_text(mv);
    let from = start_hole(&text, &places);
    let described = describe_move(pos, mv, &places, shares_start(pos, &from, &places));
    PlayedJson {
        text,
        side: pos.side_to_move().to_string(),
        label: described.label,
        says: described.says,
        before: BoardJson::from(&before),
        events: summarise_events(events),
        info,
    }
}

/// What the computer found (`POST .../hint`, and inside `POST .../engine`).
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct HintJson {
    /// The best move, as offered in [`StateJson::moves`].
    pub best: MoveJson,
    /// The engine's last search line: `info depth 7 score cp 35 ... pv ...`; for a hint
    /// the solver proved (Bao Kingulu), `solver: all 5 moves proven, A6 margin-optimal: …`.
    pub info: String,
    /// The score in words ([`bao_engine::hint::score_text`]): `+0.05 seeds for the side
    /// to move (depth 6)`, `win in 29 plies (proved)`; for a proved hint
    /// ([`bao_engine::hint::proved_text`]) `win in 17 plies, South 25–23 (proved)`.
    pub score: String,
}

/// The solver's values of the legal moves (`GET .../oracle`, docs/web.md).
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct OracleJson {
    /// One entry per legal move, in the order of [`StateJson::moves`].
    pub moves: Vec<OracleMoveJson>,
    /// The solver's time budget, in milliseconds (all moves together).
    pub budget_ms: u64,
}

/// One move's exact value for the side to move, when proven within the budget.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct OracleMoveJson {
    /// The move text (notation.md §3), as in [`MoveJson::text`].
    #[serde(rename = "move")]
    pub mv: String,
    /// Its start hole, as in [`MoveJson::from`].
    pub from: String,
    /// `win`, `draw`, `loss`, or `null` when not proven.
    pub value: Option<&'static str>,
    /// Plies of perfect play to the end (the shortest win, the longest defence); `null`
    /// for a draw or when not proven.
    pub plies: Option<u32>,
    /// South's and North's final seeds under perfect play, `26–22` (Bao Kingulu, G-R14);
    /// `null` when not proven or for a game without a final score.
    pub margin: Option<String>,
    /// In words: `win in 29`, `loss in 20`, `draw`, `not proven`.
    pub text: String,
}

/// A position of the game's history (`GET .../at/{ply}`).
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct AtJson {
    /// The ply: 0 = start position.
    pub ply: usize,
    /// The move that led here (`null` at ply 0).
    pub last: Option<HistoryJson>,
    /// The position text.
    pub position: String,
    /// The board.
    pub board: BoardJson,
    /// The move that led here as the live move answered it ([`PlayedJson`]: the board
    /// before it and its traced events, summarised past [`MAX_EVENTS`]), traced from the
    /// game's own line; `info` is `null` (engine lines are not kept). `null` at ply 0.
    pub played: Option<PlayedJson>,
}

/// The screen position (row, column) of every hole of a view.
pub(crate) fn hole_places(view: &BoardView) -> HashMap<String, (usize, usize)> {
    let mut places = HashMap::new();
    for (r, row) in view.rows.iter().enumerate() {
        for (c, cell) in row.iter().enumerate() {
            places.insert(cell.name.clone(), (r, c));
        }
    }
    places
}

/// The start hole of a move text: the longest hole name it begins with.
pub(crate) fn start_hole(text: &str, places: &HashMap<String, (usize, usize)>) -> String {
    places
        .keys()
        .filter(|name| text.starts_with(name.as_str()))
        .max_by_key(|name| name.len())
        .cloned()
        .unwrap_or_default()
}

/// The screen direction (North on top) in which the first sowing of a trace leaves its
/// first hole: `left`/`right` along a row, `up`/`down` into the next row (e.g. from a
/// back-row end into the front row). `None` when the trace has no sowing.
pub(crate) fn first_direction(
    events: &[TraceEvent],
    places: &HashMap<String, (usize, usize)>,
) -> Option<&'static str> {
    let mut prev: Option<&str> = None;
    for e in events {
        match e.kind {
            EventKind::Sow => {
                for hole in &e.holes {
                    let from = prev.and_then(|p| places.get(p));
                    if let (Some(&(r0, c0)), Some(&(r1, c1))) = (from, places.get(hole)) {
                        if (r0, c0) != (r1, c1) {
                            return Some(match (r1.cmp(&r0), c1.cmp(&c0)) {
                                (std::cmp::Ordering::Equal, std::cmp::Ordering::Greater) => "right",
                                (std::cmp::Ordering::Equal, _) => "left",
                                (std::cmp::Ordering::Greater, _) => "down",
                                _ => "up",
                            });
                        }
                    }
                    prev = Some(hole);
                }
                return None;
            }
            EventKind::Lift | EventKind::Kichwa | EventKind::Enter | EventKind::Tax => {
                if let Some(h) = e.holes.last() {
                    prev = Some(h);
                }
            }
            _ => {}
        }
    }
    None
}

/// Whether more than one legal move of `pos` starts in `hole` (then the label shows the
/// direction arrow).
pub(crate) fn shares_start<G: Game>(
    pos: &G,
    hole: &str,
    places: &HashMap<String, (usize, usize)>,
) -> bool {
    pos.moves()
        .into_iter()
        .filter(|&m| start_hole(&pos.move_text(m), places) == hole)
        .count()
        > 1
}

/// A legal move as offered to the player; `with_arrow` puts the direction arrow in the
/// label (when several moves start in the same hole).
pub(crate) fn describe_move<G: Game>(
    pos: &G,
    mv: G::Move,
    places: &HashMap<String, (usize, usize)>,
    with_arrow: bool,
) -> MoveJson {
    let text = pos.move_text(mv);
    let from = start_hole(&text, places);
    let events = pos.play_traced(mv).map(|(_, ev)| ev).unwrap_or_default();
    let dir = first_direction(&events, places);
    let capture = events.iter().any(|e| e.kind == EventKind::Capture);
    let safari = events.iter().any(|e| e.kind == EventKind::Safari);
    let laps = events.iter().filter(|e| e.kind == EventKind::Sow).count();
    let mut parts: Vec<String> = Vec::new();
    let mut says: Vec<crate::i18n::Said> = Vec::new();
    let first = |kind: EventKind| events.iter().find(|e| e.kind == kind);
    let captures = events
        .iter()
        .filter(|e| e.kind == EventKind::Capture)
        .count();
    let said_of = |e: &TraceEvent| crate::i18n::phrase(&e.phrase);
    if let Some(e) = first(EventKind::Capture) {
        parts.push(e.text.clone());
        says.push(said_of(e));
        if captures > 1 {
            parts.push(format!("{captures} captures in all"));
            says.push(crate::t!("mv-captures-in-all", n = captures));
        }
    } else if bao_rules::GameKind::of::<G>() == bao_rules::GameKind::Kiswahili {
        parts.push("takata".to_string());
        says.push(crate::t!("mv-takata"));
    } else {
        parts.push("no capture".to_string());
        says.push(crate::t!("mv-no-capture"));
    }
    if let Some(hole) = first(EventKind::Kichwa).and_then(|e| e.holes.first()) {
        parts.push(format!("sown from kichwa {hole}"));
        says.push(crate::t!("mv-from-kichwa", hole = hole));
    }
    // The first nyumba decision (K-R4.4): safari or stop.
    let decision = events
        .iter()
        .find(|e| matches!(e.kind, EventKind::Safari | EventKind::NyumbaStop));
    match decision.map(|e| e.kind) {
        Some(EventKind::Safari) => {
            parts.push("safari".to_string());
            says.push(crate::t!("mv-safari"));
        }
        Some(_) if capture => {
            parts.push("stops at the nyumba".to_string());
            says.push(crate::t!("mv-stops-nyumba"));
        }
        _ => {}
    }
    for kind in [EventKind::Tax, EventKind::Takasia, EventKind::Reserve] {
        if let Some(e) = first(kind) {
            parts.push(e.text.clone());
            says.push(said_of(e));
        }
    }
    if laps > 1 {
        parts.push(format!("{laps} laps"));
        says.push(crate::t!("laps", n = laps));
    }
    if events.iter().any(|e| e.kind == EventKind::GameEnd) {
        parts.push("ends the game".to_string());
        says.push(crate::t!("mv-ends-game"));
    }
    let arrow = match dir {
        Some("left") if with_arrow => "← ",
        Some("right") if with_arrow => "→ ",
        Some("up") if with_arrow => "↑ ",
        Some("down") if with_arrow => "↓ ",
        _ => "",
    };
    let label = format!("{arrow}{text}: {}", parts.join(", "));
    MoveJson {
        text,
        from,
        dir,
        capture,
        safari,
        label,
        says,
    }
}

#[cfg(test)]
mod label_tests {
    use super::{describe_move, hole_places};
    use bao_i18n::Lang;
    use bao_rules::kingulu::Kingulu;
    use bao_rules::kiswahili::Kiswahili;
    use bao_rules::Game;

    /// A move button's parts in the catalogue's words say in English what its label says.
    fn labels_as_the_says<G: Game>(plies: usize) -> usize {
        let mut checked = 0;
        let mut pos = G::start(&Default::default());
        for ply in 0..plies {
            let moves = pos.moves();
            if moves.is_empty() {
                break;
            }
            let places = hole_places(&pos.view());
            for &mv in &moves {
                let m = describe_move(&pos, mv, &places, false);
                let said: Vec<String> = m.says.iter().map(|s| s.format(Lang::EN)).collect();
                assert_eq!(m.label, format!("{}: {}", m.text, said.join(", ")));
                checked += 1;
            }
            pos = pos.play(moves[(ply * 7) % moves.len()]).unwrap();
        }
        checked
    }

    #[test]
    fn move_labels_are_said_by_the_catalogue() {
        let counts = (
            labels_as_the_says::<Kiswahili>(40),
            labels_as_the_says::<Kingulu>(40),
        );
        assert!(counts.0 > 150 && counts.1 > 50, "{counts:?}");
    }
}
