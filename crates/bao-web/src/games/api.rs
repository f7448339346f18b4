//! The games' operations, what handlers, the scheduler and other resources call (lila's
//! `GameApi`): the games in use, each behind its own lock with its event stream
//! ([`Slot`]), kept in a cache of at most [`crate::CACHE_GAMES`] (least recently used
//! leave first, see [`App::cache_put`]), rebuilt from the database on demand; `commit`
//! (write, tell the stream, schedule) and `with_game` (run under the game's lock).

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

use tokio::sync::broadcast;

use super::model::{LiveGame, WebGame};
use super::repo::GameRow;
use super::CACHE_GAMES;
use crate::app::App;
use crate::http::error::ApiError;
use crate::http::{blocking, lock};
use crate::ids;
use crate::store::Change;

/// One game in use: the game behind its own lock, its event stream, and whether it was
/// deleted (then every request that still holds the slot gets 404, see `with_game`).
pub struct Slot {
    pub(crate) game: Mutex<Box<dyn LiveGame>>,
    pub(crate) events: broadcast::Sender<Notice>,
    /// Set, under the game's lock, by `DELETE /api/games/{id}`.
    pub(crate) deleted: AtomicBool,
}

/// What a game's event stream carries: its state after a change (`event: state`), or its
/// deletion (`event: deleted`, the stream's last event).
#[derive(Clone, Debug)]
pub(crate) enum Notice {
    /// The state JSON ([`view::StateJson`], without `you` and `seat`) at a stored
    /// version (the event's id).
    State(Arc<String>, i64),
    /// `{"deleted": id, "text": ...}`: the game was deleted; the stream ends after it.
    Deleted(Arc<String>),
    /// `{"spectators": n}`: someone began or stopped watching.
    Spectators(usize),
    /// `{"done": d, "total": n, "ready": bool}`: the game's analysis progressed
    /// ([`crate::analysis`]).
    Analysis(Arc<String>),
    /// A chat line (`event: chat`, [`crate::chat`]): each stream passes it on only to
    /// its readers ([`crate::chat::deliver`]).
    Chat(Arc<crate::chat::Line>),
}

impl Slot {
    pub(crate) fn new(game: Box<dyn LiveGame>) -> Arc<Slot> {
        Arc::new(Slot {
            game: Mutex::new(game),
            events: broadcast::channel(16).0,
            deleted: AtomicBool::new(false),
        })
    }
}

/// The games in memory, with their last use.
pub struct Cache {
    pub(crate) map: HashMap<String, (Arc<Slot>, u64)>,
    pub(crate) tick: u64,
}

impl App {
    pub(crate) fn cache_get(&self, id: &str) -> Option<Arc<Slot>> {
        let mut c = lock(&self.cache);
        c.tick += 1;
        let tick = c.tick;
        c.map.get_mut(id).map(|(s, t)| {
            *t = tick;
            Arc::clone(s)
        })
    }

    /// Puts a game in the cache (or returns the one already there), evicting the least
    /// recently used games that no request and no event stream holds.
    pub(crate) fn cache_put(&self, id: String, slot: Arc<Slot>) -> Arc<Slot> {
        let mut c = lock(&self.cache);
        c.tick += 1;
        let tick = c.tick;
        if let Some((s, t)) = c.map.get_mut(&id) {
            *t = tick;
            return Arc::clone(s);
        }
        c.map.insert(id, (Arc::clone(&slot), tick));
        while c.map.len() > CACHE_GAMES {
            let victim = c
                .map
                .iter()
                .filter(|(_, (s, _))| Arc::strong_count(s) == 1 && s.events.receiver_count() == 0)
                .min_by_key(|(_, (_, t))| *t)
                .map(|(k, _)| k.clone());
            match victim {
                Some(k) => c.map.remove(&k),
                None => break,
            };
        }
        slot
    }

    pub(crate) fn cache_drop(&self, id: &str) {
        lock(&self.cache).map.remove(id);
    }

    /// The game with this id: from the cache, or rebuilt from the database.
    pub(crate) async fn slot(self: &Arc<Self>, id: &str) -> Result<Arc<Slot>, ApiError> {
        if !ids::is_id(id) {
            return Err(ApiError::unknown_game(id));
        }
        if let Some(s) = self.cache_get(id) {
            if self.store.shared() {
                self.refresh(&s, id).await?;
            }
            return Ok(s);
        }
        let app = Arc::clone(self);
        let key = id.to_string();
        let game = blocking(move || {
            let row = app
                .store
                .load(&key)
                .map_err(ApiError::from)?
                .ok_or_else(|| ApiError::unknown_game(&key))?;
            restore(&row)
        })
        .await?;
        Ok(self.cache_put(id.to_string(), Slot::new(game)))
    }

    /// Brings a game in memory up to the database's version, when another instance
    /// changed it (or deleted it: then 404, and its event stream ends), and tells its
    /// event stream.
    pub(crate) async fn refresh(
        self: &Arc<Self>,
        slot: &Arc<Slot>,
        id: &str,
    ) -> Result<(), ApiError> {
        let app = Arc::clone(self);
        let slot = Arc::clone(slot);
        let key = id.to_string();
        blocking(move || app.refresh_now(&slot, &key)).await
    }

    fn refresh_now(&self, slot: &Slot, id: &str) -> Result<(), ApiError> {
        let mut g = lock(&slot.game);
        if slot.deleted.load(Ordering::SeqCst) {
            return Err(ApiError::unknown_game(id));
        }
        let have = g.meta().stored;
        match self.store.version(id).map_err(ApiError::from)? {
            Some(v) if v == have => Ok(()),
            None => {
                announce_deleted(slot, id);
                self.cache_drop(id);
                Err(ApiError::unknown_game(id))
            }
            Some(_) => {
                let row = self
                    .store
                    .load(id)
                    .map_err(ApiError::from)?
                    .ok_or_else(|| ApiError::unknown_game(id))?;
                let mut fresh = restore(&row)?;
                fresh.carry_over(g.as_ref());
                *g = fresh;
                announce(slot, g.as_mut());
                Ok(())
            }
        }
    }

    /// What another instance wrote (PostgreSQL's notifications, [`Change`]): a game
    /// someone watches here is brought up to date (its stream gets the new state), the
    /// lobby's live list is sent again; after a lost connection, all of them.
    pub(crate) async fn on_change(self: &Arc<Self>, change: Change) {
        match change {
            Change::Game { id, .. } => {
                if let Some(s) = self.cache_get(&id) {
                    if s.events.receiver_count() > 0 {
                        let _ = self.refresh(&s, &id).await;
                    }
                }
            }
            Change::Lobby => {
                let app = Arc::clone(self);
                let _ = blocking(move || {
                    crate::lobby::announce_now(&app);
                    Ok(())
                })
                .await;
            }
            Change::Notice(n) => {
                if !self.stale_turn_notice(&n) {
                    self.hub.send_here(n)
                }
            }
            Change::Presence(account) => {
                if self.hub.is_present(account) {
                    let app = Arc::clone(self);
                    let _ = blocking(move || {
                        app.store
                            .mark_challenges_seen(account, crate::clock::model::now_ms() as i64)
                            .map_err(ApiError::from)
                    })
                    .await;
                }
            }
            Change::Spectators(id) => self.recount_spectators(id).await,
            Change::Chat(line) => self.announce_chat(&line),
            Change::Tournament(id) => {
                let app = Arc::clone(self);
                let _ = blocking(move || {
                    crate::tournaments::announce_now(&app, &id);
                    Ok(())
                })
                .await;
            }
            Change::Resync => {
                let watched: Vec<(String, Arc<Slot>)> = lock(&self.cache)
                    .map
                    .iter()
                    .filter(|(_, (s, _))| s.events.receiver_count() > 0)
                    .map(|(k, (s, _))| (k.clone(), Arc::clone(s)))
                    .collect();
                for (id, s) in watched {
                    let _ = self.refresh(&s, &id).await;
                    self.recount_spectators(id).await;
                }
                Box::pin(self.on_change(Change::Lobby)).await;
            }
        }
    }

    /// Writes the game to the database and tells its event stream. On a database
    /// failure the game leaves the cache (the database stays the truth) and the request
    /// gets a 500.
    pub(crate) fn commit(
        self: &Arc<Self>,
        slot: &Slot,
        g: &mut dyn LiveGame,
    ) -> Result<(), ApiError> {
        self.commit_row(slot, g).map(|_| ())
    }

    /// [`App::commit`], returning the row written (at the version before it).
    fn commit_row(
        self: &Arc<Self>,
        slot: &Slot,
        g: &mut dyn LiveGame,
    ) -> Result<GameRow, ApiError> {
        g.meta_mut().updated = ids::now_rfc3339();
        let row = g.row();
        match self.store.save(&row) {
            Ok(version) => g.meta_mut().stored = version,
            Err(e) => {
                self.cache_drop(&g.meta().id);
                return Err(ApiError::from(e));
            }
        }
        // A rated result's rating change was written with it: the state shows it.
        if g.meta().rated && g.is_over() && !g.meta().aborted && g.meta().ratings.is_none() {
            match self.store.game_ratings(&g.meta().id) {
                Ok(r) => g.meta_mut().ratings = r,
                Err(e) => tracing::warn!("cannot read the rating change of a game: {e}"),
            }
        }
        announce(slot, g);
        self.schedule(g);
        // At the end every player's "your move" banner about it is out of date.
        if row.result.is_some() || row.aborted {
            for n in crate::notices::settled(&row) {
                self.notify_account(n);
            }
        }
        // A tournament game's end: the standings change, the round may be complete.
        if let (Some(t), true) = (&g.meta().tournament, g.is_over()) {
            crate::tournaments::game_ended(self, t.clone());
        }
        Ok(row)
    }

    /// Sends a chat line to the event streams of its game on this instance (if the
    /// game is in memory here and someone follows it).
    pub(crate) fn announce_chat(&self, line: &crate::chat::Line) {
        if let Some(s) = self.cache_get(&line.game) {
            if s.events.receiver_count() > 0 {
                let _ = s.events.send(Notice::Chat(Arc::new(line.clone())));
            }
        }
    }

    /// [`App::commit`] after a move: the player to move in a lobby game that goes on
    /// is told on every page ([`crate::notices::your_move`]).
    pub(crate) fn commit_move(
        self: &Arc<Self>,
        slot: &Slot,
        g: &mut dyn LiveGame,
    ) -> Result<(), ApiError> {
        let row = self.commit_row(slot, g)?;
        if let Some(n) = crate::notices::your_move(&row) {
            self.turn_mail(&row, &n);
            self.notify_account(n);
        }
        if row.result.is_none() && !row.aborted {
            // The mover's own banner about the game is out of date (at the end, every
            // player's: commit_row).
            for n in crate::notices::settled(&row) {
                self.notify_account(n);
            }
        }
        Ok(())
    }
}

/// Sends the state to the game's event stream (if anyone listens).
pub(crate) fn announce(slot: &Slot, g: &mut dyn LiveGame) {
    if slot.events.receiver_count() > 0 {
        if let Ok(text) = serde_json::to_string(&g.state()) {
            let _ = slot
                .events
                .send(Notice::State(Arc::new(text), g.meta().stored));
        }
    }
}

/// Marks the game deleted (requests that still hold its slot get 404) and tells its event
/// stream, whose last event this is. Call under the game's lock.
pub(crate) fn announce_deleted(slot: &Slot, id: &str) {
    slot.deleted.store(true, Ordering::SeqCst);
    let notice = serde_json::json!({
        "deleted": id,
        "text": format!("game {id} was deleted by its creator"),
    });
    let _ = slot
        .events
        .send(Notice::Deleted(Arc::new(notice.to_string())));
}

/// Tells the game's event stream how many watch it now.
pub(crate) fn announce_spectators(slot: &Slot, g: &dyn LiveGame) {
    if slot.events.receiver_count() > 0 {
        let _ = slot.events.send(Notice::Spectators(g.spectators()));
    }
}

/// A stored game, rebuilt.
pub(crate) fn restore(row: &GameRow) -> Result<Box<dyn LiveGame>, ApiError> {
    Ok(bao_rules::with_game!(row.game, G => Box::new(WebGame::<G>::restore(row)?)))
}

/// [`with_game`] for `f` that reads or changes only memory (no database, no engine): run
/// at once, on no blocking thread, when the store is this process's alone (SQLite) and
/// the game's lock is free; else as [`with_game`]. Issue 36: an event stream opens
/// without a blocking thread.
pub(crate) async fn with_game_now<T: Send + 'static>(
    app: &App,
    slot: &Arc<Slot>,
    f: impl FnOnce(&Slot, &mut dyn LiveGame) -> Result<T, ApiError> + Send + 'static,
) -> Result<T, ApiError> {
    if !app.store.shared() {
        if let Ok(mut g) = slot.game.try_lock() {
            if slot.deleted.load(Ordering::SeqCst) {
                return Err(ApiError::unknown_game(&g.meta().id));
            }
            return f(slot, g.as_mut());
        }
    }
    with_game(slot, f).await
}

/// Runs `f` on the game, on the blocking pool, under the game's own lock. A game deleted
/// meanwhile (a request that took the slot before the `DELETE`, a computer move that
/// finished after it) is a 404 and `f` does not run, so nothing writes it back.
pub(crate) async fn with_game<T: Send + 'static>(
    slot: &Arc<Slot>,
    f: impl FnOnce(&Slot, &mut dyn LiveGame) -> Result<T, ApiError> + Send + 'static,
) -> Result<T, ApiError> {
    let slot = Arc::clone(slot);
    blocking(move || {
        let mut g = lock(&slot.game);
        if slot.deleted.load(Ordering::SeqCst) {
            return Err(ApiError::unknown_game(&g.meta().id));
        }
        f(&slot, g.as_mut())
    })
    .await
}
