//! Issue 36: opening an event stream takes no blocking thread. The server runs on a
//! runtime whose blocking pool has one thread, held busy for 5 s by another task; a
//! player's and a spectator's stream of a game in memory must still deliver their first
//! state within 1 s (on SQLite, the store of one process: the session is known in memory
//! and the game's lock is free). A second test: a session that ends (sign-out) is not
//! believed afterwards, though it was in memory.

use std::time::{Duration, Instant};

use axum::http::StatusCode;
use serde_json::json;

mod common;
use common::kit::{call, lobby_game, sign_up, state, Events};

fn runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .max_blocking_threads(1)
        .enable_all()
        .build()
        .unwrap()
}

#[test]
fn a_stream_opens_while_the_blocking_pool_is_busy() {
    runtime().block_on(async {
        let app = bao_web::router();
        let (south, north) = (sign_up(&app, "ana").await, sign_up(&app, "ben").await);
        let id = lobby_game(
            &app,
            &south,
            &north,
            json!({"game": "kingulu", "clock": {"days_per_move": 2}}),
        )
        .await;
        // The game is in memory and both sessions have been looked up once.
        assert_eq!(state(&app, &id).await["game"], "kingulu");
        let (s, me) = call(&app, "GET", "/api/me", Some(&north), None).await;
        assert_eq!((s, &me["name"]), (StatusCode::OK, &json!("ben")));

        let busy = tokio::task::spawn_blocking(|| std::thread::sleep(Duration::from_secs(5)));
        tokio::time::sleep(Duration::from_millis(50)).await;
        let uri = format!("/api/games/{id}/events");
        for (who, cookie) in [("a player", Some(north.as_str())), ("a spectator", None)] {
            let start = Instant::now();
            let opened = tokio::time::timeout(Duration::from_secs(1), async {
                let mut events = Events::open(&app, &uri, cookie).await;
                events.next_of("state").await
            })
            .await;
            let first = opened.unwrap_or_else(|_| {
                panic!("{who}'s stream gave no state within 1 s: it waited for the blocking pool")
            });
            assert_eq!(first["game"], "kingulu", "{who}");
            assert!(start.elapsed() < Duration::from_secs(1), "{who}");
        }
        busy.await.unwrap();
    });
}

#[test]
fn a_session_that_ended_is_not_believed_from_memory() {
    runtime().block_on(async {
        let app = bao_web::router();
        let ana = sign_up(&app, "ana").await;
        let (s, me) = call(&app, "GET", "/api/me", Some(&ana), None).await;
        assert_eq!((s, &me["name"]), (StatusCode::OK, &json!("ana")));
        let (s, _) = call(&app, "DELETE", "/api/session", Some(&ana), None).await;
        assert_eq!(s, StatusCode::OK);
        let (s, v) = call(&app, "GET", "/api/me", Some(&ana), None).await;
        assert_eq!(
            (s, v),
            (StatusCode::OK, json!({"name": null, "signed_in": false})),
            "the ended session signs nobody in"
        );
    });
}
