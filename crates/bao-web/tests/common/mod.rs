//! Helpers shared by the tests: [`kit`] (requests, accounts, lobby games, event
//! streams), [`tour`] (playing tournaments through the API), and here the two databases the tests run on: SQLite, and PostgreSQL when `BAO_TEST_POSTGRES`
//! names a server (e.g. the one `scripts/pg-tmp.sh start DIR` prints; under `CI=true` it
//! must be set). Each PostgreSQL test gets a fresh database, dropped at the end.
#![allow(dead_code)] // each test file uses its own subset

pub mod kit;
pub mod tour;

use axum::Router;
use bao_web::store::{pg, Store};

/// The PostgreSQL server to test on, if any (a failure under `CI=true` when unset).
pub fn postgres_url() -> Option<String> {
    match std::env::var("BAO_TEST_POSTGRES") {
        Ok(u) if !u.is_empty() => Some(u),
        _ => {
            assert_ne!(
                std::env::var("CI").as_deref(),
                Ok("true"),
                "under CI=true, BAO_TEST_POSTGRES must name a PostgreSQL server (scripts/pg-tmp.sh start DIR prints one)"
            );
            eprintln!("skipped the PostgreSQL half: BAO_TEST_POSTGRES is not set");
            None
        }
    }
}

/// A fresh PostgreSQL database, dropped when this is dropped.
pub struct TestDb(pub String);

impl Drop for TestDb {
    fn drop(&mut self) {
        let _ = pg::drop_database(&self.0);
    }
}

/// A fresh store of each kind: a SQLite file in `dir`, and a PostgreSQL database.
pub fn stores(dir: &std::path::Path) -> Vec<(Store, Option<TestDb>)> {
    let mut out = vec![(Store::open(&dir.join("games.sqlite3")).unwrap(), None)];
    if let Some(url) = postgres_url() {
        let db = pg::create_database(&url).unwrap();
        out.push((Store::connect(&db).unwrap(), Some(TestDb(db))));
    }
    out
}

/// The whole app on each kind of store (SQLite in memory, PostgreSQL), for loopback
/// hosts.
pub fn routers() -> Vec<(Router, Option<TestDb>)> {
    let mut out = vec![(bao_web::router(), None)];
    if let Some(url) = postgres_url() {
        let db = pg::create_database(&url).unwrap();
        let store = Store::connect(&db).unwrap();
        let app = bao_web::App::new(store, 512, bao_web::guard::Hosts { bound: None });
        out.push((bao_web::router_with(app), Some(TestDb(db))));
    }
    out
}
