//! The tournaments' operations, what their handlers, the games' commit and the
//! scheduler call: the start (by the creator, or by the sweep at the start time), the
//! next round when a round is complete ([`advance`]: after a tournament game ends, and
//! from every instance's sweep in case the instance that finished it died), the live
//! JSON for the watchers.
//!
//! A round is paired from a snapshot and written only over the snapshot's version
//! ([`crate::store::Store::write_round`]): of several instances pairing the same round,
//! one writes it and the others find it paired when they read again. Its games are lobby
//! games ([`crate::games::model::new_lobby_game`]) with a tournament clock
//! ([`crate::clock::model::Clock::for_tournament`]): engine accounts move by themselves,
//! clocks run, a side that does not move loses on time.

use std::sync::Arc;

use tokio::sync::broadcast;

use super::model::{
    round_robin_rounds, swiss_rounds_possible, Entrant, Format, Status, Tournament,
};
use super::pairing::{next_round, NoRound, Planned};
use super::repo::{RoundPlan, Snapshot};
use crate::accounts::Account;
use crate::app::App;
use crate::clock::model::{now_ms, Clock};
use crate::games::model::{new_lobby_game, LiveGame, Meta, DEFAULT_LEVEL};
use crate::games::Slot;
use crate::http::blocking;
use crate::http::error::ApiError;
use crate::ids;
use crate::notices::Notice;

/// The tournaments' live side in one instance: the watchers' channel (each change's
/// JSON with the tournament's id) and the lock under which this instance pairs.
pub struct Live {
    /// `(id, JSON)` after each change of a tournament someone here watches.
    pub(crate) events: broadcast::Sender<(String, Arc<String>)>,
    /// One pairing at a time in this instance (the database decides between instances).
    pub(crate) pairing: tokio::sync::Mutex<()>,
}

impl Default for Live {
    fn default() -> Self {
        Live {
            events: broadcast::channel(64).0,
            pairing: tokio::sync::Mutex::new(()),
        }
    }
}

/// After a change written here: on SQLite tells this instance's watchers now (on a
/// shared database the change's notification does, on every instance).
pub(crate) fn changed(app: &App, id: &str) {
    if !app.store.shared() {
        announce_now(app, id);
    }
}

/// Sends the tournament's JSON to this instance's watchers, if any. Call on the
/// blocking pool.
pub(crate) fn announce_now(app: &App, id: &str) {
    if app.tournaments.events.receiver_count() == 0 {
        return;
    }
    match app.store.tournament(id) {
        Ok(Some(snap)) => {
            let text = super::view::full(&snap).to_string();
            let _ = app
                .tournaments
                .events
                .send((id.to_string(), Arc::new(text)));
        }
        Ok(None) => {}
        Err(e) => tracing::warn!(tournament = %id, "cannot read the tournament: {e}"),
    }
}

/// A game of tournament `id` ended (called by the games' commit, under the game's
/// lock): its watchers hear of it, and the next round is paired if this one is complete.
pub(crate) fn game_ended(app: &Arc<App>, id: String) {
    let app = Arc::clone(app);
    tokio::spawn(async move {
        let app2 = Arc::clone(&app);
        let key = id.clone();
        let _ = blocking(move || {
            changed(&app2, &key);
            Ok(())
        })
        .await;
        advance(app, id).await;
    });
}

/// Starts the tournaments' sweep on this instance: every [`crate::clock::SWEEP`], the
/// tournaments due ([`sweep`]).
pub(crate) fn start_sweep(app: &Arc<App>) {
    let app = Arc::clone(app);
    tokio::spawn(async move {
        let mut tick = tokio::time::interval(crate::clock::SWEEP);
        tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        loop {
            tick.tick().await;
            sweep(&app).await;
        }
    });
}

/// The sweep (every instance): the tournaments due by now (a round complete, a start
/// time passed), each advanced.
pub(crate) async fn sweep(app: &Arc<App>) {
    let app2 = Arc::clone(app);
    let due = blocking(move || {
        app2.store
            .due_tournaments(now_ms() as i64)
            .map_err(ApiError::from)
    })
    .await;
    if let Ok(ids) = due {
        for id in ids {
            advance(Arc::clone(app), id).await;
        }
    }
}

/// Whatever tournament `id` needs now: a start time passed (start it, or cancel it with
/// too few players), a round complete (pair the next one, or finish). Games made are put
/// in play here.
pub(crate) async fn advance(app: Arc<App>, id: String) {
    let _one = app.tournaments.pairing.lock().await;
    let app2 = Arc::clone(&app);
    let key = id.clone();
    let made = blocking(move || advance_now(&app2, &key)).await;
    match made {
        Ok(games) => play(&app, &id, games).await,
        Err(e) => tracing::warn!(tournament = %id, "cannot pair: {}", e.message),
    }
}

/// Starts tournament `id` at its creator's request.
///
/// # Errors
/// 404 unknown, 403 not its creator, 409 not open or too few players.
pub(crate) async fn start(app: &Arc<App>, id: &str, by: i64) -> Result<(), ApiError> {
    let _one = app.tournaments.pairing.lock().await;
    let app2 = Arc::clone(app);
    let key = id.to_string();
    let games = blocking(move || start_now(&app2, &key, Some(by))).await?;
    play(app, id, games).await;
    Ok(())
}

/// Puts the games of a new round in play: in the cache, their clocks armed, the engine
/// accounts to move started; each human player is told.
async fn play(app: &Arc<App>, id: &str, games: Vec<Box<dyn LiveGame>>) {
    for g in games {
        let gid = g.meta().id.clone();
        let notices = round_notices(id, g.as_ref());
        let slot = app.cache_put(gid, Slot::new(g));
        let app2 = Arc::clone(app);
        let _ = crate::games::with_game(&slot, move |_, g| {
            app2.schedule(g);
            Ok(())
        })
        .await;
        for n in notices {
            app.notify_account(n);
        }
    }
}

/// The notices of a new round game to its human players.
fn round_notices(id: &str, g: &dyn LiveGame) -> Vec<Notice> {
    let m = g.meta();
    let human = g.human();
    (0..2)
        .filter(|&i| human[i])
        .filter_map(|i| {
            let account = m.accounts[i]?;
            let opponent = m.names[1 - i].clone().unwrap_or_default();
            let side = if i == 0 {
                bao_rules::Side::South
            } else {
                bao_rules::Side::North
            };
            Some(Notice {
                account,
                kind: "tournament".to_string(),
                game: Some(m.id.clone()),
                challenge: Some(id.to_string()),
                text: format!("tournament game: you play {side} against {opponent}"),
                say: crate::notices::say(crate::t!(
                    "notice-tournament",
                    side = side,
                    opponent = &opponent
                )),
            })
        })
        .collect()
}

/// Whether every pairing of round `round` has its result.
fn round_complete(snap: &Snapshot, round: u32) -> bool {
    let first = super::pairing::first_mover(&snap.t);
    snap.pairings
        .iter()
        .filter(|p| p.round == round)
        .all(|p| p.result(snap.t.settings.format, first).is_some())
}

/// The account of a player, for his side of a game.
fn account_of(e: &Entrant) -> Account {
    Account {
        id: e.account,
        name: e.name.clone(),
        engine_level: e.engine,
    }
}

/// The games of a round's pairings (games per pairing each, the second with the sides
/// swapped), not yet stored.
fn make_games(
    t: &Tournament,
    players: &[Entrant],
    planned: Vec<Planned>,
) -> Result<(RoundPlan, Vec<Box<dyn LiveGame>>), ApiError> {
    let by_start = |s: u32| {
        players
            .iter()
            .find(|p| p.start == Some(s))
            .map(account_of)
            .ok_or_else(|| ApiError::internal(format!("no player with start number {s}")))
    };
    let s = &t.settings;
    let now = ids::now_rfc3339();
    let mut plan = RoundPlan::default();
    let mut games = Vec::new();
    for p in &planned {
        let (Some(north), None) = (p.north, p.forfeit) else {
            continue;
        };
        for seq in 1..=s.games_per_pairing {
            let (a, b) = (by_start(p.south)?, by_start(north)?);
            let players = if seq == 1 { [a, b] } else { [b, a] };
            let human = |p: &Account| p.engine_level.is_none().then(ids::token);
            let meta = Meta {
                id: ids::token(),
                level: players
                    .iter()
                    .find_map(|p| p.engine_level)
                    .unwrap_or(DEFAULT_LEVEL),
                seat: ids::token(),
                invites: [human(&players[0]), human(&players[1])],
                accounts: [Some(players[0].id), Some(players[1].id)],
                names: [Some(players[0].name.clone()), Some(players[1].name.clone())],
                rated: s.rated,
                clock: Some(Clock::for_tournament(s.clock, now_ms())),
                aborted: false,
                draw_offer: None,
                ratings: None,
                created: now.clone(),
                updated: now.clone(),
                owner: None,
                stored: 0,
                tournament: Some(t.id.clone()),
            };
            let mut g = new_lobby_game(meta, s.game, &s.rules, &players)?;
            plan.games.push((g.row(), p.board, seq));
            // Its first version once the round is written (games::repo::save_in).
            g.meta_mut().stored = 1;
            games.push(g);
        }
    }
    plan.pairings = planned;
    Ok((plan, games))
}

/// [`advance`] on the blocking pool: the games made, to put in play.
fn advance_now(app: &Arc<App>, id: &str) -> Result<Vec<Box<dyn LiveGame>>, ApiError> {
    let mut made = Vec::new();
    // A round of forfeits only is complete at once: the next one follows (bounded by the
    // rounds, and by tries lost to other instances).
    for _ in 0..(super::model::MAX_ROUNDS + 8) {
        let Some(snap) = app.store.tournament(id).map_err(ApiError::from)? else {
            break;
        };
        let t = &snap.t;
        match t.status {
            Status::Finished => break,
            Status::Open => {
                let due = t
                    .settings
                    .starts_at
                    .as_ref()
                    .is_some_and(|(_, ms)| *ms <= now_ms() as i64);
                if !due {
                    break;
                }
                match start_now(app, id, None) {
                    Ok(games) => made.extend(games),
                    Err(e) if e.status == axum::http::StatusCode::CONFLICT => {}
                    Err(e) => return Err(e),
                }
                continue;
            }
            Status::Running => {}
        }
        if !round_complete(&snap, t.round) {
            break;
        }
        let now = ids::now_rfc3339();
        let total = t.rounds().unwrap_or(t.round);
        if t.round >= total {
            app.store
                .finish_tournament(id, t.version, None, &now)
                .map_err(ApiError::from)?;
            tracing::info!(tournament = %id, "finished after round {}", t.round);
            changed(app, id);
            continue;
        }
        let next = t.round + 1;
        match next_round(t, &snap.players, &snap.pairings, next) {
            Err(no) => {
                if let NoRound::Engine(e) = &no {
                    tracing::error!(tournament = %id, "the pairing engine refused round {next}: {e}");
                }
                app.store
                    .finish_tournament(id, t.version, Some(&no.note(next)), &now)
                    .map_err(ApiError::from)?;
                changed(app, id);
            }
            Ok(planned) => {
                let (plan, games) = make_games(t, &snap.players, planned)?;
                if app
                    .store
                    .write_round(id, t.version, next, &plan)
                    .map_err(ApiError::from)?
                {
                    tracing::info!(tournament = %id, games = games.len(), "paired round {next}");
                    made.extend(games);
                    changed(app, id);
                }
            }
        }
    }
    Ok(made)
}

/// [`start`] on the blocking pool (`by`: the creator asking; `None`: the start time
/// passed, and a tournament that cannot start is cancelled).
fn start_now(
    app: &Arc<App>,
    id: &str,
    by: Option<i64>,
) -> Result<Vec<Box<dyn LiveGame>>, ApiError> {
    use axum::http::StatusCode;
    for _ in 0..5 {
        let snap = app
            .store
            .tournament(id)
            .map_err(ApiError::from)?
            .ok_or_else(|| no_tournament(id))?;
        let t = &snap.t;
        if by.is_some_and(|a| a != t.creator.0) {
            return Err(ApiError::forbidden(format!(
                "only the organiser ({}) can start this tournament",
                t.creator.1
            ))
            .said(crate::t!("api-t-start-organiser", name = &t.creator.1)));
        }
        if t.status != Status::Open {
            let (word, said) = if t.status == Status::Running {
                ("started", crate::t!("api-t-already-started"))
            } else {
                ("finished", crate::t!("api-t-already-finished"))
            };
            return Err(
                ApiError::conflict(format!("the tournament has already {word}")).said(said),
            );
        }
        let n = snap.players.len();
        let problem = if n < 2 {
            Some((
                format!("a tournament needs at least 2 players; {n} joined"),
                crate::t!("api-t-too-few", n = n),
            ))
        } else {
            match (t.settings.format, t.settings.rounds) {
                (Format::Swiss, Some(r)) if r > swiss_rounds_possible(n) => Some((format!(
                    "{n} players cannot play {r} Swiss rounds without meeting twice (at most {}): wait for more players",
                    swiss_rounds_possible(n)
                ), crate::t!("api-t-too-many-rounds", n = n, rounds = r, most = swiss_rounds_possible(n)))),
                _ => None,
            }
        };
        if let Some((problem, said)) = problem {
            if by.is_some() {
                return Err(ApiError::conflict(problem).said(said));
            }
            let note = format!("{}{problem}", super::notes::CANCELLED);
            app.store
                .finish_tournament(id, t.version, Some(&note), &ids::now_rfc3339())
                .map_err(ApiError::from)?;
            changed(app, id);
            return Ok(Vec::new());
        }
        // Start numbers: by rating, then name (C.04.2: the initial ranking).
        let mut players = snap.players.clone();
        players.sort_by(|a, b| {
            b.rating
                .partial_cmp(&a.rating)
                .unwrap_or(std::cmp::Ordering::Equal)
                .then_with(|| a.name.to_lowercase().cmp(&b.name.to_lowercase()))
        });
        for (i, p) in players.iter_mut().enumerate() {
            p.start = Some(i as u32 + 1);
        }
        let mut started = t.clone();
        let total = match t.settings.format {
            Format::Swiss => t.settings.rounds.unwrap_or(1),
            Format::RoundRobin => round_robin_rounds(n, t.settings.cycles),
        };
        started.settings.rounds = Some(total);
        started.status = Status::Running;
        // The lot for the first round's sides (C.04.3 E.5: drawn before the first round).
        let lot = if rand::random::<bool>() {
            bao_swiss::Colour::White
        } else {
            bao_swiss::Colour::Black
        };
        started.first_colour = Some(lot);
        let planned = next_round(&started, &players, &[], 1).map_err(|e| {
            ApiError::new(
                StatusCode::CONFLICT,
                format!("no first round: {}", e.note(1)),
            )
        })?;
        let (plan, games) = make_games(&started, &players, planned)?;
        let starts: Vec<(i64, u32, f64)> = players
            .iter()
            .map(|p| (p.account, p.start.unwrap_or(0), p.rating))
            .collect();
        if app
            .store
            .start_tournament(id, t.version, &starts, total, lot, &plan)
            .map_err(ApiError::from)?
        {
            tracing::info!(tournament = %id, players = n, rounds = total, "started");
            changed(app, id);
            return Ok(games);
        }
    }
    Err(
        ApiError::conflict("the tournament kept changing while it was being started; try again")
            .said(crate::t!("api-t-busy")),
    )
}

/// 404 for an unknown tournament.
pub(crate) fn no_tournament(id: &str) -> ApiError {
    ApiError::new(
        axum::http::StatusCode::NOT_FOUND,
        format!("no tournament with id {}", crate::http::error::clip(id)),
    )
    .said(crate::t!(
        "api-t-unknown",
        id = crate::http::error::clip(id)
    ))
}
