//! `GET /api/games/{id}/events`: a game's event stream (server-sent events), with its
//! chat lines (`event: chat`) for the readers of their room.

use std::sync::Arc;
use std::time::Duration;

use axum::extract::State;
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::{IntoResponse, Response};
use futures_util::StreamExt;
use tokio::sync::broadcast;

use super::api::{with_game_now, Notice, Slot};
use crate::app::App;
use crate::http::error::ApiError;
use crate::http::extract::{ApiPath, Seat};
use crate::ids;

/// `GET /api/games/{id}/events[?seat=TOKEN]`: the game's state now and after every
/// change (`event: state`), `event: spectators` (`{"spectators": n}`) when someone who
/// plays no side (no seat, by header, `?seat=` or session) begins or stops watching,
/// until the game is deleted: then one `event: deleted` and the stream
/// ends. A signed-in player's stream counts him present ([`crate::notices::Present`]). A deleted or unknown game is a 404 (so a browser's EventSource stops
/// reconnecting).
pub(super) async fn events(
    State(app): State<Arc<App>>,
    mut who: Seat,
    ApiPath(id): ApiPath<String>,
    client: crate::proxy::Client,
    query: axum::extract::RawQuery,
) -> Result<Response, ApiError> {
    let s = app.slot(&id).await?;
    // Issue 34: a spectator is a viewer (an account, else an address), not a connection.
    let viewer = match who.account {
        Some(a) => crate::streams::Viewer::Account(a),
        None => crate::streams::Viewer::Address(client.0),
    };
    // A browser's EventSource cannot send X-Bao-Seat: `?seat=TOKEN` names the seat.
    if who.token.is_none() {
        who.token = query.0.as_deref().and_then(|q| {
            q.split('&')
                .find_map(|p| p.strip_prefix("seat="))
                .filter(|t| ids::is_id(t))
                .map(str::to_string)
        });
    }
    let rx = s.events.subscribe();
    let (app2, id2, viewer2) = (Arc::clone(&app), id.clone(), viewer.clone());
    // A signed-in player's open game counts him present (crate::notices).
    let present = who.account.map(|a| crate::notices::Present::new(&app, a));
    let reader = who.account;
    let (first, watching, chat_plays) = with_game_now(&app, &s, move |slot, g| {
        // Someone without a seat of the game (or whose seat plays no side) watches.
        let plays = who
            .seat_in(g)
            .is_some_and(|seat| !g.meta().sides_of(&seat, g.human()).is_empty());
        if !plays && app2.viewers.enter(&id2, &viewer2) {
            app2.spectator_in(slot, g, &viewer2);
        }
        let text =
            serde_json::to_string(&g.state()).map_err(|e| ApiError::internal(e.to_string()))?;
        // The chat's players are the game's accounts (crate::chat).
        let chat_plays = who
            .account
            .is_some_and(|a| g.meta().accounts.contains(&Some(a)));
        Ok(((text, g.meta().stored), !plays, chat_plays))
    })
    .await?;
    // The stream holds the slot, so the game stays in memory while someone watches. It
    // ends right after the deletion notice (state `None`), without waiting for more.
    let hold = (
        Watching {
            slot: Arc::clone(&s),
            counted: watching.then(|| (Arc::clone(&app), id, viewer)),
        },
        present,
    );
    let later = futures_util::stream::unfold(Some(rx), move |rx| {
        let _keep = &hold;
        async move {
            let mut rx = rx?;
            loop {
                match rx.recv().await {
                    Ok(n @ Notice::Deleted(_)) => return Some((n, None)),
                    Ok(n) => return Some((n, Some(rx))),
                    // A slow reader missed some states; the next one is complete.
                    Err(broadcast::error::RecvError::Lagged(_)) => continue,
                    Err(broadcast::error::RecvError::Closed) => return None,
                }
            }
        }
    });
    // Every state event carries the game's stored version as its id: a client that
    // reconnects (to this or another instance, with `Last-Event-ID`) gets the state now
    // first, so it misses nothing whichever version it saw last.
    let stream = futures_util::stream::once(std::future::ready(Notice::State(
        Arc::new(first.0),
        first.1,
    )))
    .chain(later)
    .then(move |notice| {
        // Issue 31: a chat line reaches only its room's readers who have not muted its
        // author.
        let app = Arc::clone(&app);
        async move {
            match &notice {
                Notice::Chat(line)
                    if !crate::chat::deliver(&app, reader, chat_plays, line).await =>
                {
                    None
                }
                _ => Some(notice),
            }
        }
    })
    .filter_map(std::future::ready)
    .map(|notice| {
        let event = match &notice {
            Notice::State(text, version) => Event::default()
                .event("state")
                .id(version.to_string())
                .data(text.as_str()),
            Notice::Deleted(text) => Event::default().event("deleted").data(text.as_str()),
            Notice::Spectators(n) => Event::default()
                .event("spectators")
                .data(format!("{{\"spectators\":{n}}}")),
            Notice::Analysis(text) => Event::default().event("analysis").data(text.as_str()),
            Notice::Chat(line) => Event::default().event("chat").data(line.json().to_string()),
        };
        Ok::<_, std::convert::Infallible>(event)
    });
    Ok(Sse::new(stream)
        .keep_alive(
            KeepAlive::new()
                .interval(Duration::from_secs(15))
                .text("keepalive"),
        )
        .into_response())
}

/// An event stream's hold on its game; a spectator is counted out when it closes.
struct Watching {
    slot: Arc<Slot>,
    /// A spectator's stream: the viewer it counts for (streams.rs).
    counted: Option<(Arc<App>, String, crate::streams::Viewer)>,
}

impl Drop for Watching {
    fn drop(&mut self) {
        let last = self
            .counted
            .as_ref()
            .is_some_and(|(app, id, viewer)| app.viewers.leave(id, viewer));
        if let (true, Some((app, id, viewer))) = (last, self.counted.take()) {
            app.spectator_out(Arc::clone(&self.slot), id, viewer);
        }
    }
}
