//! Issue 28, migration 0008: the tournament tables on both databases (SQLite, and
//! PostgreSQL with `BAO_TEST_POSTGRES`). Joining and leaving only while open, the most
//! players, withdrawals, the tournaments due, and the compare-and-set that writes each
//! round once: a round written over a version that moved on writes nothing.

use bao_web::clock::model::TimeControl;
use bao_web::tournaments::model::{Format, Settings, Status, Tournament};
use bao_web::tournaments::pairing::Planned;
use bao_web::tournaments::repo::{Entry, RoundPlan};

mod common;

fn tournament(id: &str, creator: (i64, String), starts_ms: Option<i64>) -> Tournament {
    Tournament {
        id: id.to_string(),
        settings: Settings {
            name: "Club".into(),
            game: bao_rules::GameKind::Kingulu,
            rules: "default".into(),
            format: Format::Swiss,
            cycles: 1,
            rounds: Some(3),
            games_per_pairing: 1,
            clock: TimeControl::Fischer {
                initial_s: 60,
                increment_s: 0,
            },
            rated: false,
            starts_at: starts_ms.map(|ms| ("2026-05-01T18:00:00Z".to_string(), ms)),
        },
        creator,
        status: Status::Open,
        round: 0,
        version: 1,
        first_colour: None,
        note: None,
        created: "2026-04-01T18:00:00.000Z".into(),
        finished: None,
    }
}

fn plan(boards: &[(u32, Option<u32>)]) -> RoundPlan {
    RoundPlan {
        pairings: boards
            .iter()
            .enumerate()
            .map(|(i, &(south, north))| Planned {
                board: i as u32 + 1,
                south,
                north,
                forfeit: None,
            })
            .collect(),
        games: Vec::new(),
    }
}

#[test]
fn each_round_is_written_once_over_its_version_on_both() {
    let dir = tempfile::tempdir().unwrap();
    for (store, _guard) in common::stores(dir.path()) {
        let kind = store.path().to_string();
        let mut accounts = Vec::new();
        for name in ["amani", "baraka", "chiku"] {
            let a = store
                .create_account(name, "hash", &format!("token-{name}"))
                .unwrap();
            accounts.push(a);
        }
        let creator = (accounts[0].id, "amani".to_string());
        let t = tournament("t1", creator.clone(), Some(5_000));
        assert_eq!(store.create_tournament(&t).unwrap(), Ok(()), "{kind}");
        // Joins: each once, at most `max`.
        assert_eq!(
            store.join_tournament("t1", accounts[0].id, 2, "x").unwrap(),
            Entry::Done
        );
        assert_eq!(
            store.join_tournament("t1", accounts[0].id, 2, "x").unwrap(),
            Entry::Unchanged
        );
        assert_eq!(
            store.join_tournament("t1", accounts[1].id, 2, "x").unwrap(),
            Entry::Done
        );
        assert_eq!(
            store.join_tournament("t1", accounts[2].id, 2, "x").unwrap(),
            Entry::Full
        );
        assert_eq!(
            store.leave_tournament("t1", accounts[2].id).unwrap(),
            Entry::Unchanged
        );
        assert_eq!(
            store.join_tournament("t1", accounts[2].id, 3, "x").unwrap(),
            Entry::Done
        );
        assert_eq!(
            store.leave_tournament("t1", accounts[2].id).unwrap(),
            Entry::Done
        );
        let snap = store.tournament("t1").unwrap().unwrap();
        assert_eq!(snap.players.len(), 2, "{kind}");
        // Every attempt moves the version on (it locks the row first), even one that
        // changed nothing.
        assert_eq!(snap.t.version, 8, "{kind}");
        // Due: an open tournament once its start time passed.
        assert_eq!(store.due_tournaments(4_999).unwrap(), Vec::<String>::new());
        assert_eq!(
            store.due_tournaments(5_000).unwrap(),
            vec!["t1".to_string()]
        );
        // The start over an old version writes nothing; over the current one, round 1.
        let starts = [(accounts[0].id, 1, 1500.0), (accounts[1].id, 2, 1500.0)];
        let white = bao_swiss::Colour::White;
        let r1 = plan(&[(1, Some(2))]);
        assert!(
            !store
                .start_tournament("t1", 7, &starts, 3, white, &r1)
                .unwrap(),
            "{kind}"
        );
        assert!(
            store
                .start_tournament("t1", 8, &starts, 3, white, &r1)
                .unwrap(),
            "{kind}"
        );
        assert!(!store
            .start_tournament("t1", 9, &starts, 3, white, &r1)
            .unwrap());
        assert_eq!(
            store.join_tournament("t1", accounts[2].id, 3, "x").unwrap(),
            Entry::NotOpen
        );
        let snap = store.tournament("t1").unwrap().unwrap();
        assert_eq!(
            (snap.t.status, snap.t.round, snap.t.version),
            (Status::Running, 1, 9)
        );
        assert_eq!(snap.t.first_colour, Some(white));
        assert_eq!(snap.pairings.len(), 1);
        // A running round with no game left (none was made here) is due.
        assert_eq!(
            store.due_tournaments(0).unwrap(),
            vec!["t1".to_string()],
            "{kind}"
        );
        // Two instances pair round 2 from the same snapshot (version 9): one writes it.
        let r2 = plan(&[(2, Some(1))]);
        assert!(store.write_round("t1", 9, 2, &r2).unwrap(), "{kind}");
        assert!(
            !store.write_round("t1", 9, 2, &r2).unwrap(),
            "{kind}: paired twice"
        );
        // Nor a round that is not the next one.
        assert!(!store.write_round("t1", 10, 4, &r2).unwrap(), "{kind}");
        let snap = store.tournament("t1").unwrap().unwrap();
        assert_eq!((snap.t.round, snap.pairings.len()), (2, 2), "{kind}");
        // A withdrawal: after round 2, once.
        assert_eq!(
            store.withdraw_player("t1", accounts[1].id).unwrap(),
            Entry::Done
        );
        assert_eq!(
            store.withdraw_player("t1", accounts[1].id).unwrap(),
            Entry::Unchanged
        );
        let snap = store.tournament("t1").unwrap().unwrap();
        let baraka = snap.players.iter().find(|p| p.name == "baraka").unwrap();
        assert_eq!(baraka.withdrawn, Some(2), "{kind}");
        // A round paired from before the withdrawal is refused.
        assert!(
            !store.write_round("t1", 10, 3, &plan(&[(1, None)])).unwrap(),
            "{kind}"
        );
        assert!(store
            .finish_tournament("t1", 12, Some("why"), "2026-05-02T00:00:00.000Z")
            .unwrap());
        assert!(!store.finish_tournament("t1", 12, None, "x").unwrap());
        let list = store.tournaments().unwrap();
        assert_eq!(list.len(), 1);
        assert_eq!(
            (list[0].0.status, list[0].1),
            (Status::Finished, 2),
            "{kind}"
        );
        assert_eq!(list[0].0.note.as_deref(), Some("why"));
        assert_eq!(
            store.due_tournaments(i64::MAX).unwrap(),
            Vec::<String>::new()
        );
    }
}

#[test]
fn an_organiser_has_at_most_five_tournaments_going() {
    let dir = tempfile::tempdir().unwrap();
    for (store, _guard) in common::stores(dir.path()) {
        let a = store.create_account("amani", "hash", "token-a").unwrap();
        for i in 0..5 {
            let t = tournament(&format!("t{i}"), (a.id, "amani".into()), None);
            assert_eq!(store.create_tournament(&t).unwrap(), Ok(()));
        }
        let t = tournament("t5", (a.id, "amani".into()), None);
        assert_eq!(
            store.create_tournament(&t).unwrap(),
            Err("you have 5 tournaments open or running: wait until one finishes".to_string())
        );
        assert!(store.finish_tournament("t0", 1, None, "x").unwrap());
        assert_eq!(store.create_tournament(&t).unwrap(), Ok(()));
    }
}
