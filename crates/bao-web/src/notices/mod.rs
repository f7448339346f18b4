//! Notices to a signed-in player on every page of the site, and whether he has a page
//! open (presence).
//!
//! Every page opens `GET /api/me/events` (`static/js/notices.js`): a per-account event
//! stream that carries `event: notice` with `{"kind": "accepted" | "your-move" |
//! "challenge" | …, "game": id | null, "challenge": id | null, "text": words, "say":
//! sentence}`: a challenge of his was accepted, it is his move in a lobby game, or someone
//! challenged him by name. `text` is the English sentence (the turn e-mails and other
//! clients read it); `say` the same sentence as a catalogue key with its arguments
//! (`{"key": "notice-your-move", "args": {"opponent": "amani", "game": "Bao Kingulu"}}`,
//! issue 29), which the page puts into its own language.
//!
//! The open streams of an account (this one, and the lobby's live list and game streams
//! of a signed-in player) are its presence: [`PRESENCE_GRACE`] after the last one closes
//! (or after a real-time challenge is made with none open), the account's challenges
//! with a real-time clock are withdrawn from the lobby; correspondence challenges stay.
//!
//! Several instances (PostgreSQL): notices go out through the database's notifications
//! ([`crate::store::Change::Notice`]), so a player's page on any instance gets them.
//! Presence is counted per instance; before an instance withdraws a player's challenges
//! it asks the others ([`crate::store::Change::Presence`]): one where he has a page open
//! marks his challenges seen within [`ASK_WAIT`], and the withdrawal leaves challenges
//! seen after the question. An instance that died answers nothing, so its pages count
//! for nothing.

mod routes;

pub use routes::routes;

use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use serde::Serialize;
use tokio::sync::broadcast;

use crate::app::App;
use crate::http::lock;

/// How long a real-time challenge stays in the lobby after its maker's last page of
/// the site closed.
pub const PRESENCE_GRACE: Duration = Duration::from_secs(20);

/// How long an instance that is about to withdraw challenges waits for the others'
/// answers (a shared database only).
pub const ASK_WAIT: Duration = Duration::from_secs(1);

/// One notice to one account.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, serde::Deserialize)]
pub struct Notice {
    /// The account told.
    #[serde(skip)]
    pub account: i64,
    /// `accepted`, `your-move`, `challenge`, or `settled` (the account's banner about
    /// the game is out of date: he has moved, or the game is over; no text).
    pub kind: String,
    /// The game it is about (`accepted`, `your-move`).
    pub game: Option<String>,
    /// The challenge it is about (`challenge`).
    pub challenge: Option<String>,
    /// In words (English), for the turn e-mails and clients that read no catalogue.
    pub text: String,
    /// The banner's sentence as a catalogue key with its arguments (a serialised
    /// [`crate::i18n::Said`]), for the page to put into its language; none for `settled`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub say: Option<serde_json::Value>,
}

/// A sentence of the catalogue as a notice carries it.
pub fn say(said: crate::i18n::Said) -> Option<serde_json::Value> {
    serde_json::to_value(said).ok()
}

/// A game and its clock as a notice's argument: `Bao Kingulu 3+2`, `Bao Kingulu 2 days
/// per move` (the days in the page's language), the game alone without a clock.
pub fn game_clock(
    game: bao_rules::GameKind,
    clock: Option<crate::clock::model::TimeControl>,
) -> crate::i18n::Arg {
    match clock {
        None => crate::i18n::Arg::from(game.title()),
        Some(c) => crate::i18n::Arg::from(crate::t!(
            "notice-game-clock",
            game = game.title(),
            clock = clock_arg(c)
        )),
    }
}

/// A clock as an argument: `3+2` as it is, `2 days per move` in the catalogue's words.
pub fn clock_arg(clock: crate::clock::model::TimeControl) -> crate::i18n::Arg {
    use crate::clock::model::TimeControl;
    match clock {
        TimeControl::Correspondence { days_per_move } => {
            crate::i18n::Arg::from(crate::t!("clock-days", days = days_per_move))
        }
        TimeControl::Fischer { .. } => crate::i18n::Arg::from(clock.text()),
    }
}

impl Notice {
    /// As `Change::Notice` carries it: `ACCOUNT JSON`.
    pub fn to_payload(&self) -> String {
        format!(
            "{} {}",
            self.account,
            serde_json::to_string(self).expect("a notice is JSON")
        )
    }

    /// Back from [`Notice::to_payload`] (`None` when it does not read).
    pub fn from_payload(payload: &str) -> Option<Notice> {
        let (account, json) = payload.split_once(' ')?;
        let mut n: Notice = serde_json::from_str(json).ok()?;
        n.account = account.parse().ok()?;
        Some(n)
    }
}

/// The notices' channel and the accounts present on this instance.
pub struct Hub {
    /// Every notice on this instance; each stream keeps its account's.
    tx: broadcast::Sender<Arc<Notice>>,
    /// Per account: the streams open on this instance and a counter of openings (so a
    /// withdrawal planned before a page reopened does nothing).
    present: Mutex<HashMap<i64, (usize, u64)>>,
    /// [`PRESENCE_GRACE`] in milliseconds (tests shorten it: [`App::set_presence_grace`]).
    grace_ms: AtomicU64,
}

impl Default for Hub {
    fn default() -> Self {
        Hub {
            tx: broadcast::channel(256).0,
            present: Mutex::new(HashMap::new()),
            grace_ms: AtomicU64::new(PRESENCE_GRACE.as_millis() as u64),
        }
    }
}

impl Hub {
    /// Tells this instance's streams of `n.account`.
    pub fn send_here(&self, n: Notice) {
        let _ = self.tx.send(Arc::new(n));
    }

    /// The notices of this instance, for one stream.
    pub(crate) fn subscribe(&self) -> broadcast::Receiver<Arc<Notice>> {
        self.tx.subscribe()
    }

    /// Whether `account` has a stream open on this instance.
    pub fn is_present(&self, account: i64) -> bool {
        lock(&self.present).get(&account).is_some_and(|p| p.0 > 0)
    }

    fn opened(&self, account: i64) {
        let mut p = lock(&self.present);
        let e = p.entry(account).or_insert((0, 0));
        e.0 += 1;
        e.1 += 1;
    }

    /// One stream closed; the opening counter when it was the last one.
    fn closed(&self, account: i64) -> Option<u64> {
        let mut p = lock(&self.present);
        let e = p.get_mut(&account)?;
        e.0 = e.0.saturating_sub(1);
        (e.0 == 0).then_some(e.1)
    }

    fn openings(&self, account: i64) -> u64 {
        lock(&self.present).get(&account).map_or(0, |p| p.1)
    }

    fn grace(&self) -> Duration {
        Duration::from_millis(self.grace_ms.load(Ordering::Relaxed))
    }
}

impl App {
    /// Sets how long real-time challenges outlive their maker's last page (default
    /// [`PRESENCE_GRACE`]; tests shorten it).
    pub fn set_presence_grace(&self, grace: Duration) {
        self.hub
            .grace_ms
            .store(grace.as_millis() as u64, Ordering::Relaxed);
    }

    /// Sends a notice: on a shared database through its notifications (every instance,
    /// this one included, hears it: [`App::on_change`]), else to this instance's
    /// streams.
    pub(crate) fn notify_account(&self, n: Notice) {
        if self.store.shared() {
            if let Err(e) = self.store.send_notice(&n) {
                tracing::warn!("cannot send a notice: {e}");
            }
        } else {
            self.hub.send_here(n);
        }
    }

    /// Whether `n` is a your-move notice about a game this instance holds in memory as
    /// over. A shared database's notifications can arrive after later changes (a move, a
    /// resignation) were made here; a game that is over stays over, so such a notice is
    /// out of date and is not shown. (Whose turn it is may have changed on another
    /// instance since this one last read the game, so only the end is trusted.)
    pub(crate) fn stale_turn_notice(&self, n: &Notice) -> bool {
        if n.kind != "your-move" {
            return false;
        }
        let Some(slot) = n.game.as_deref().and_then(|id| self.cache_get(id)) else {
            return false;
        };
        let over = slot.game.try_lock().map(|g| g.is_over());
        matches!(over, Ok(true))
    }

    /// After [`Hub::grace`] without a page of `account` open here (and no page opened
    /// meanwhile), withdraws its real-time challenges.
    pub(crate) fn plan_withdrawal(self: &Arc<Self>, account: i64) {
        let Ok(rt) = tokio::runtime::Handle::try_current() else {
            return;
        };
        let app = Arc::clone(self);
        let openings = self.hub.openings(account);
        rt.spawn(async move {
            tokio::time::sleep(app.hub.grace()).await;
            if app.hub.is_present(account) || app.hub.openings(account) != openings {
                return;
            }
            let asked = crate::clock::model::now_ms() as i64;
            if app.store.shared() {
                let app2 = Arc::clone(&app);
                let _ = crate::http::blocking(move || {
                    app2.store
                        .ask_presence(account)
                        .map_err(crate::ApiError::from)
                })
                .await;
                tokio::time::sleep(ASK_WAIT).await;
                if app.hub.is_present(account) || app.hub.openings(account) != openings {
                    return;
                }
            }
            let app2 = Arc::clone(&app);
            let _ = crate::http::blocking(move || {
                match app2.store.withdraw_realtime_challenges(account, asked) {
                    Ok(0) => {}
                    Ok(n) => {
                        tracing::info!(account, n, "withdrew the challenges of a player who left");
                        crate::lobby::announce(&app2);
                    }
                    Err(e) => tracing::warn!("cannot withdraw challenges: {e}"),
                }
                Ok(())
            })
            .await;
        });
    }
}

/// An open stream of a signed-in player: counts him present until it is dropped.
pub(crate) struct Present {
    app: Arc<App>,
    account: i64,
}

impl Present {
    /// Counts `account` present on `app` while this lives.
    pub(crate) fn new(app: &Arc<App>, account: i64) -> Present {
        app.hub.opened(account);
        Present {
            app: Arc::clone(app),
            account,
        }
    }
}

impl Drop for Present {
    fn drop(&mut self) {
        if self.app.hub.closed(self.account).is_some() {
            self.app.plan_withdrawal(self.account);
        }
    }
}

/// The `settled` notices after a change written as `row`: to every account of the game
/// when it is over, else to the account that is not to move (he has just moved), so
/// that a page takes down its "your move" banner about the game.
pub fn settled(row: &crate::games::repo::GameRow) -> Vec<Notice> {
    let over = row.result.is_some() || row.aborted;
    let first = crate::lobby::model::first_mover(row.game, &row.rules).index();
    let to_move = (first + row.plies) % 2;
    (0..2)
        .filter(|&side| over || side != to_move)
        .filter_map(|side| row.accounts[side])
        .map(|account| Notice {
            account,
            kind: "settled".to_string(),
            game: Some(row.id.clone()),
            challenge: None,
            text: String::new(),
            say: None,
        })
        .collect()
}

/// The notice for the player to move in a lobby game that goes on, after a change
/// written as `row` (`None`: the game is over, or an engine account or no account is to
/// move).
pub fn your_move(row: &crate::games::repo::GameRow) -> Option<Notice> {
    if row.result.is_some() || row.aborted || row.accounts.iter().any(Option::is_none) {
        return None;
    }
    let first = crate::lobby::model::first_mover(row.game, &row.rules).index();
    let to_move = (first + row.plies) % 2;
    let account = row.accounts[to_move]?;
    // An engine account's move is made by the server (its record name is the engine's).
    let record_name = if to_move == 0 { &row.south } else { &row.north };
    if bao_rules::Player::from_record_name(record_name).is_computer() {
        return None;
    }
    let opponent = row.names[1 - to_move].clone();
    let said = match &opponent {
        Some(o) => crate::t!("notice-your-move", opponent = o, game = row.game.title()),
        None => crate::t!("notice-your-move-anyone", game = row.game.title()),
    };
    let opponent = opponent.unwrap_or_else(|| "your opponent".to_string());
    Some(Notice {
        account,
        kind: "your-move".to_string(),
        game: Some(row.id.clone()),
        challenge: None,
        text: format!("your move against {opponent} ({})", row.game.title()),
        say: say(said),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::game::{tests::meta, WebGame};
    use crate::games::model::{Kind, NewGame};
    use crate::games::Slot;

    /// A notice arriving late through a shared database's notifications: once the game
    /// is over here, its your-move notice is not shown.
    #[test]
    fn a_turn_notice_about_a_game_over_here_is_stale() {
        let hosts = crate::guard::Hosts { bound: None };
        let app = App::new(crate::store::Store::in_memory().unwrap(), 64, hosts);
        let req = NewGame {
            game: "kingulu".to_string(),
            rules: None,
            level: None,
            south: Some(Kind::Human),
            north: Some(Kind::Human),
        };
        let g = WebGame::<bao_rules::kingulu::Kingulu>::create(meta(), &req).unwrap();
        let slot = app.cache_put("g1".to_string(), Slot::new(Box::new(g)));
        let notice = |kind: &str, game: &str| Notice {
            account: 7,
            kind: kind.to_string(),
            game: Some(game.to_string()),
            challenge: None,
            text: "your move against amani (Bao Kingulu)".to_string(),
            say: None,
        };
        assert!(
            !app.stale_turn_notice(&notice("your-move", "g1")),
            "the game goes on"
        );
        crate::http::lock(&slot.game)
            .resign(bao_rules::Side::South)
            .unwrap();
        assert!(app.stale_turn_notice(&notice("your-move", "g1")));
        assert!(
            !app.stale_turn_notice(&notice("accepted", "g1")),
            "only turns"
        );
        assert!(
            !app.stale_turn_notice(&notice("your-move", "g2")),
            "not in memory"
        );
    }

    #[test]
    fn a_notice_says_its_english_text_and_kiswahili() {
        use crate::clock::model::TimeControl;
        use crate::i18n::Lang;
        let days = game_clock(
            bao_rules::GameKind::Kingulu,
            Some(TimeControl::Correspondence { days_per_move: 2 }),
        );
        let s = crate::t!("notice-rematch", name = "amani", what = days);
        assert_eq!(
            s.format(Lang::EN),
            "amani offers a rematch: Bao Kingulu 2 days per move"
        );
        assert_eq!(
            s.format(Lang::SW),
            "amani anapendekeza mchezo wa marudiano: Bao Kingulu siku 2 kwa hatua"
        );
        let s = crate::t!(
            "notice-tournament",
            side = bao_rules::Side::North,
            opponent = "bao-3"
        );
        assert_eq!(
            s.format(Lang::EN),
            "tournament game: you play North against bao-3"
        );
        assert_eq!(
            s.format(Lang::SW),
            "mchezo wa mashindano: unacheza Kaskazini dhidi ya bao-3"
        );
        let fischer = TimeControl::Fischer {
            initial_s: 300,
            increment_s: 3,
        };
        let s = crate::t!(
            "notice-challenge-rated",
            name = "amani",
            game = "Bao la Kiswahili",
            clock = clock_arg(fischer)
        );
        assert_eq!(
            s.format(Lang::EN),
            "amani challenges you to Bao la Kiswahili 5+3, rated"
        );
        assert_eq!(
            s.format(Lang::SW),
            "amani anakupa changamoto ya Bao la Kiswahili 5+3, kwa viwango"
        );
    }
}
