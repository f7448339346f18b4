//! The games' storage: table `games` (migration 0001, and the columns later migrations
//! add), one row per game with its record text ([`bao_rules::GameLine::record_text`]) and
//! metadata (game, rules profile, level, players, seats, plies, result, dates).

use crate::params;
use crate::store::sql::{DbError, DbResult, Exec, Row};
use crate::store::{Change, Store, StoreError, Tx};

/// One stored game.
#[derive(Clone, Debug, PartialEq)]
pub struct GameRow {
    /// The game id.
    pub id: String,
    /// The game.
    pub game: bao_rules::GameKind,
    /// The rules profile name (the record has every option).
    pub rules: String,
    /// The computer's level 1..=10.
    pub level: u8,
    /// South's record name (`human`, `bao level 5`, an account's name).
    pub south: String,
    /// North's record name.
    pub north: String,
    /// The creator's seat token.
    pub seat: String,
    /// South's and North's invited seat tokens.
    pub invites: [Option<String>; 2],
    /// South's and North's accounts (lobby games).
    pub accounts: [Option<i64>; 2],
    /// South's and North's account names (lobby games; not stored: read with the
    /// accounts).
    pub names: [Option<String>; 2],
    /// The account that started the game from the first page ([`crate::games::model::Meta::owner`]).
    pub owner: Option<i64>,
    /// Its name (not stored: read with the account).
    pub owner_name: Option<String>,
    /// Whether the result is rated.
    pub rated: bool,
    /// The clock as JSON ([`crate::clock::model::Clock`]).
    pub clock: Option<String>,
    /// Aborted before both sides moved.
    pub aborted: bool,
    /// The side that offers a draw (stored as `South` or `North`).
    pub draw_offer: Option<bao_rules::Side>,
    /// What the rated result did to the ratings (read only: written by
    /// [`crate::rating::repo::apply_in`], never by [`save_in`]).
    pub ratings: Option<crate::rating::RatingChanges>,
    /// The record text.
    pub record: String,
    /// Moves played.
    pub plies: usize,
    /// How it ended (stored as `1-0`, `0-1`, `1/2-1/2`), or `None` while the game goes on.
    pub result: Option<crate::games::model::GameResult>,
    /// RFC 3339 time the game was started.
    pub created: String,
    /// RFC 3339 time of the last change.
    pub updated: String,
    /// The version stored (every change adds one; 0: not stored yet). A change is
    /// written only over this version ([`save_in`]).
    pub version: i64,
    /// When the server must act on the game with no request arriving (Unix ms): its
    /// clock's next flag or abort, or a computer's move that is late.
    pub due_ms: Option<i64>,
    /// The tournament the game belongs to ([`crate::tournaments`]), if any.
    pub tournament: Option<String>,
}

fn row_of(r: &Row) -> DbResult<GameRow> {
    Ok(GameRow {
        id: r.text("id")?,
        game: crate::kinds::decode(r, "game")?,
        rules: r.text("rules")?,
        level: u8::try_from(r.int("level")?).map_err(|e| r.bad("level", e))?,
        south: r.text("south")?,
        north: r.text("north")?,
        seat: r.text("seat")?,
        invites: [r.opt_text("invite_south")?, r.opt_text("invite_north")?],
        record: r.text("record")?,
        plies: r.int("plies")?.max(0) as usize,
        result: r
            .opt_text("result")?
            .map(|t| {
                crate::games::model::GameResult::from_token(&t)
                    .ok_or_else(|| r.bad("result", format!("unknown result {t:?}")))
            })
            .transpose()?,
        created: r.text("created")?,
        updated: r.text("updated")?,
        accounts: [r.opt_int("south_account")?, r.opt_int("north_account")?],
        rated: r.int("rated")? != 0,
        clock: r.opt_text("clock")?,
        aborted: r.int("aborted")? != 0,
        draw_offer: r
            .opt_text("draw_offer")?
            .map(|t| {
                bao_rules::Side::parse(&t)
                    .ok_or_else(|| r.bad("draw_offer", format!("unknown side {t:?}")))
            })
            .transpose()?,
        ratings: r
            .opt_text("ratings")?
            .and_then(|t| crate::rating::RatingChanges::from_text(&t)),
        version: r.int("version")?,
        due_ms: r.opt_int("due_ms")?,
        names: [r.opt_text("south_name")?, r.opt_text("north_name")?],
        owner: r.opt_int("owner")?,
        owner_name: r.opt_text("owner_name")?,
        tournament: r.opt_text("tournament")?,
    })
}

const COLUMNS: &str = "id, game, rules, level, south, north, seat, invite_south, invite_north, record, plies, result, created, updated, south_account, north_account, rated, clock, aborted, version, due_ms, draw_offer, owner, tournament";

/// The columns read, with the accounts' names.
macro_rules! select {
    ($($more:literal)?) => {
        concat!(
            "SELECT g.id, g.game, g.rules, g.level, g.south, g.north, g.seat, g.invite_south, g.invite_north, g.record, g.plies, g.result, g.created, g.updated, g.south_account, g.north_account, g.rated, g.clock, g.aborted, g.version, g.due_ms, g.draw_offer, g.ratings, g.owner, g.tournament, sa.name AS south_name, na.name AS north_name, oa.name AS owner_name",
            $($more,)?
            "\n    FROM games g LEFT JOIN accounts sa ON sa.id = g.south_account LEFT JOIN accounts na ON na.id = g.north_account LEFT JOIN accounts oa ON oa.id = g.owner"
        )
    };
}
const SELECT: &str = select!();

/// [`SELECT`] with both players' ratings in the game's pool (1500 before their first
/// rated game).
const SELECT_RATED: &str = concat!(
    select!(", coalesce(sr.rating, 1500.0) AS south_rating, coalesce(nr.rating, 1500.0) AS north_rating"),
    "\n    LEFT JOIN ratings sr ON sr.account = g.south_account AND sr.pool = g.game",
    "\n    LEFT JOIN ratings nr ON nr.account = g.north_account AND nr.pool = g.game"
);

/// The most games `GET /api/games/live` lists.
pub const MAX_LIVE: usize = 100;

/// Writes a game row inside a transaction over the version it was made from: a new game
/// (`row.version` 0) is inserted at version 1, a changed one updated to `row.version + 1`
/// only if the stored version is still `row.version`. Tells every instance on commit
/// ([`Change::Game`]). The version written.
///
/// # Errors
/// [`DbError::Stale`] when the game was changed (or created) meanwhile; the database's
/// error.
pub fn save_in(tx: &mut Tx<'_>, row: &GameRow) -> DbResult<i64> {
    let version = row.version + 1;
    let values = params![
        &row.id,
        row.game.name(),
        &row.rules,
        row.level,
        &row.south,
        &row.north,
        &row.seat,
        &row.invites[0],
        &row.invites[1],
        &row.record,
        row.plies,
        row.result.map(crate::games::model::GameResult::token),
        &row.created,
        &row.updated,
        row.accounts[0],
        row.accounts[1],
        row.rated,
        &row.clock,
        row.aborted,
        version,
        row.due_ms,
        row.draw_offer.map(|s| s.to_string()),
        row.owner,
        &row.tournament,
        row.version
    ];
    let written = if row.version == 0 {
        tx.exec(
            &format!(
                "INSERT INTO games ({COLUMNS}) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17, ?18, ?19, ?20, ?21, ?22, ?23, ?24)
                 ON CONFLICT(id) DO NOTHING"
            ),
            &values[..24],
        )?
    } else {
        tx.exec(
            "UPDATE games SET game = ?2, rules = ?3, level = ?4, south = ?5, north = ?6,
             seat = ?7, invite_south = ?8, invite_north = ?9, record = ?10, plies = ?11, result = ?12,
             created = ?13, updated = ?14, south_account = ?15, north_account = ?16, rated = ?17,
             clock = ?18, aborted = ?19, version = ?20, due_ms = ?21, draw_offer = ?22,
             owner = ?23, tournament = ?24
             WHERE id = ?1 AND version = ?25",
            values,
        )?
    };
    if written == 0 {
        return Err(DbError::Stale(row.id.clone()));
    }
    // A rated result changes the ratings once, in this same transaction.
    if row.rated && row.result.is_some() && !row.aborted {
        crate::rating::repo::apply_in(tx, row)?;
    }
    tx.notify(&Change::Game {
        id: row.id.clone(),
        version,
    })?;
    // A tournament game's result changes the standings every instance shows.
    if let (Some(t), Some(_)) = (&row.tournament, row.result) {
        tx.notify(&Change::Tournament(t.clone()))?;
    }
    Ok(version)
}

impl Store {
    /// Writes a game (new or changed) in one committed transaction ([`save_in`]); the
    /// version written.
    ///
    /// # Errors
    /// [`StoreError::Stale`] when the game changed meanwhile; the database's error (disk
    /// full, database gone read-only, ...), or a vanished file.
    pub fn save(&self, row: &GameRow) -> Result<i64, StoreError> {
        self.write(|tx| save_in(tx, row))
    }

    /// The game with this id, if stored.
    ///
    /// # Errors
    /// SQLite's error.
    pub fn load(&self, id: &str) -> DbResult<Option<GameRow>> {
        self.read(|c| {
            c.query_opt(&format!("{SELECT} WHERE g.id = ?1"), params![id])?
                .map(|r| row_of(&r))
                .transpose()
        })
    }

    /// The rating change stored with a game's rated result, if any.
    ///
    /// # Errors
    /// The database's error.
    pub fn game_ratings(&self, id: &str) -> DbResult<Option<crate::rating::RatingChanges>> {
        self.read(|c| {
            Ok(
                c.query_opt("SELECT ratings FROM games WHERE id = ?1", params![id])?
                    .map(|r| r.opt_text("ratings"))
                    .transpose()?
                    .flatten()
                    .and_then(|t| crate::rating::RatingChanges::from_text(&t)),
            )
        })
    }

    /// The stored version of a game (`None`: not stored, or deleted).
    ///
    /// # Errors
    /// The database's error.
    pub fn version(&self, id: &str) -> DbResult<Option<i64>> {
        self.read(|c| {
            c.query_opt("SELECT version FROM games WHERE id = ?1", params![id])?
                .map(|r| r.int("version"))
                .transpose()
        })
    }

    /// Deletes a game; whether it was there.
    ///
    /// # Errors
    /// SQLite's error, or a vanished file.
    pub fn delete(&self, id: &str) -> Result<bool, StoreError> {
        self.write(|tx| {
            let gone = tx.exec("DELETE FROM games WHERE id = ?1", params![id])? > 0;
            // Its chat and rematch offer go with it (issue 31).
            tx.exec("DELETE FROM chat WHERE game = ?1", params![id])?;
            tx.exec("DELETE FROM rematches WHERE game = ?1", params![id])?;
            if gone {
                tx.notify(&Change::Game {
                    id: id.to_string(),
                    version: 0,
                })?;
            }
            Ok(gone)
        })
    }

    /// Saved games (guest games: a lobby game belongs to its accounts, see
    /// [`Store::games_of`]), most recently changed first, `limit` from `offset`. A row that
    /// cannot be read (a damaged value) is left out of the list, not the list's end.
    ///
    /// # Errors
    /// SQLite's error.
    pub fn list(&self, limit: usize, offset: usize) -> DbResult<Vec<GameRow>> {
        let rows = self.read(|c| {
            c.query(
                &format!(
                    "{SELECT} WHERE g.south_account IS NULL AND g.north_account IS NULL
                     ORDER BY g.updated DESC, g.id LIMIT ?1 OFFSET ?2"
                ),
                params![limit, offset],
            )
        })?;
        let mut out = Vec::new();
        for row in rows {
            match row_of(&row) {
                Ok(r) => out.push(r),
                // A value of the wrong type or out of range: that row alone is skipped.
                Err(e) if e.is_decode() => {
                    tracing::warn!("skipping a damaged row of the games table: {e}")
                }
                Err(e) => return Err(e),
            }
        }
        Ok(out)
    }

    /// How many games are stored.
    ///
    /// # Errors
    /// SQLite's error.
    pub fn count(&self) -> DbResult<usize> {
        let n = self.read(|c| {
            c.query_one("SELECT count(*) AS n FROM games", &[])?
                .int("n")
        })?;
        Ok(n.max(0) as usize)
    }
}

impl Store {
    /// The games of an account (lobby games he played, and games he started from the
    /// first page: [`GameRow::owner`]), most recently changed first (at most `limit`).
    ///
    /// # Errors
    /// SQLite's error.
    pub fn games_of(&self, account: i64, limit: usize) -> DbResult<Vec<GameRow>> {
        let rows = self.read(|c| {
            c.query(
                &format!(
                    "{SELECT} WHERE g.south_account = ?1 OR g.north_account = ?1 OR g.owner = ?1 ORDER BY g.updated DESC, g.id LIMIT ?2"
                ),
                params![account, limit],
            )
        })?;
        Ok(rows.iter().filter_map(|r| row_of(r).ok()).collect())
    }

    /// The lobby games in progress (between two accounts, not over, not aborted), the
    /// newest first, at most `limit`, each with its players' ratings `[South, North]`.
    ///
    /// # Errors
    /// The database's error.
    pub fn live_games(&self, limit: usize) -> DbResult<Vec<(GameRow, [f64; 2])>> {
        let rows = self.read(|c| {
            c.query(
                &format!(
                    "{SELECT_RATED} WHERE g.result IS NULL AND g.aborted = 0
                     AND g.south_account IS NOT NULL AND g.north_account IS NOT NULL
                     ORDER BY g.created DESC, g.id LIMIT ?1"
                ),
                params![limit],
            )
        })?;
        Ok(rows
            .iter()
            .filter_map(|r| {
                let ratings = [r.real("south_rating").ok()?, r.real("north_rating").ok()?];
                Some((row_of(r).ok()?, ratings))
            })
            .collect())
    }

    /// The ids of the games whose clock may still fall (not over, with a clock).
    ///
    /// # Errors
    /// The database's error.
    pub fn clocked_games(&self) -> DbResult<Vec<String>> {
        let rows = self.read(|c| {
            c.query(
                "SELECT id FROM games WHERE clock IS NOT NULL AND result IS NULL AND aborted = 0",
                &[],
            )
        })?;
        rows.iter().map(|r| r.text("id")).collect()
    }

    /// The ids of the games due by `now_ms` (their [`GameRow::due_ms`] passed), at most
    /// `limit`, the most overdue first.
    ///
    /// # Errors
    /// The database's error.
    pub fn due_games(&self, now_ms: i64, limit: usize) -> DbResult<Vec<String>> {
        let rows = self.read(|c| {
            c.query(
                "SELECT id FROM games WHERE due_ms IS NOT NULL AND due_ms <= ?1 ORDER BY due_ms LIMIT ?2",
                params![now_ms, limit],
            )
        })?;
        rows.iter().map(|r| r.text("id")).collect()
    }

    /// Moves a game's due time (the version unchanged) when it is still at `version`:
    /// an instance that takes up a late computer move gives the others time before they
    /// take it up too. Whether it was moved.
    ///
    /// # Errors
    /// The database's error.
    pub fn postpone(
        &self,
        id: &str,
        version: i64,
        due_ms: Option<i64>,
    ) -> Result<bool, StoreError> {
        self.write(|tx| {
            Ok(tx.exec(
                "UPDATE games SET due_ms = ?3 WHERE id = ?1 AND version = ?2",
                params![id, version, due_ms],
            )? > 0)
        })
    }
}

/// The games matching `rest` (a `WHERE … ORDER BY … LIMIT …` over the columns of
/// `games g`), read as [`GameRow`]s with the accounts' names; a damaged row is left out.
/// For the other resources' lists of games (the history, `crate::history`).
///
/// # Errors
/// The database's error.
pub(crate) fn select_games(
    c: &mut dyn Exec,
    rest: &str,
    params: &[crate::store::sql::Val],
) -> DbResult<Vec<GameRow>> {
    let rows = c.query(&format!("{SELECT} {rest}"), params)?;
    Ok(rows.iter().filter_map(|r| row_of(r).ok()).collect())
}
