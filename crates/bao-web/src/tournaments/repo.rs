//! The tables `tournaments`, `tournament_players`, `tournament_pairings` and
//! `tournament_games` (migration 0008). Every change moves the tournament's `version`
//! on and tells every instance ([`Change::Tournament`]); a round is written only over
//! the version its pairing was computed from (a compare-and-set in the transaction that
//! writes the pairings and the games), so that it is paired exactly once whichever
//! instances try.

use super::model::{Entrant, Format, GameOf, Pairing, Settings, Status, Tournament};
use super::pairing::Planned;
use crate::clock::model::TimeControl;
use crate::games::model::GameResult;
use crate::games::repo::{save_in, GameRow};
use crate::params;
use crate::store::sql::{DbResult, Exec, Row};
use crate::store::{Change, Store, StoreError, Tx};

const SELECT: &str = "SELECT t.id, t.name, t.creator, a.name AS creator_name, t.game, t.rules, t.format, t.cycles, t.rounds, t.games_per_pairing, t.clock, t.rated, t.starts_at, t.starts_ms, t.status, t.round, t.version, t.first_colour, t.note, t.created, t.finished,
    (SELECT count(*) FROM tournament_players p WHERE p.tournament = t.id) AS players
    FROM tournaments t JOIN accounts a ON a.id = t.creator";

/// The most finished tournaments listed.
pub const LIST_FINISHED: usize = 50;

fn tournament_of(r: &Row) -> DbResult<Tournament> {
    let clock = r.text("clock")?;
    let clock: TimeControl = serde_json::from_str(&clock).map_err(|e| r.bad("clock", e))?;
    let format = r.text("format")?;
    let status = r.text("status")?;
    let count =
        |name: &str| -> DbResult<u32> { u32::try_from(r.int(name)?).map_err(|e| r.bad(name, e)) };
    Ok(Tournament {
        id: r.text("id")?,
        settings: Settings {
            name: r.text("name")?,
            game: crate::kinds::decode(r, "game")?,
            rules: r.text("rules")?,
            format: Format::parse(&format)
                .ok_or_else(|| r.bad("format", format!("unknown format {format:?}")))?,
            cycles: count("cycles")?,
            rounds: r
                .opt_int("rounds")?
                .map(|n| u32::try_from(n).map_err(|e| r.bad("rounds", e)))
                .transpose()?,
            games_per_pairing: count("games_per_pairing")?,
            clock,
            rated: r.int("rated")? != 0,
            starts_at: r.opt_text("starts_at")?.zip(r.opt_int("starts_ms")?),
        },
        creator: (r.int("creator")?, r.text("creator_name")?),
        status: Status::parse(&status)
            .ok_or_else(|| r.bad("status", format!("unknown status {status:?}")))?,
        round: count("round")?,
        version: r.int("version")?,
        first_colour: match r.opt_text("first_colour")?.as_deref() {
            None => None,
            Some("white1") => Some(bao_swiss::Colour::White),
            Some("black1") => Some(bao_swiss::Colour::Black),
            Some(other) => return Err(r.bad("first_colour", format!("unknown lot {other:?}"))),
        },
        note: r.opt_text("note")?,
        created: r.text("created")?,
        finished: r.opt_text("finished")?,
    })
}

fn entrant_of(r: &Row) -> DbResult<Entrant> {
    let small = |name: &str| -> DbResult<Option<u32>> {
        r.opt_int(name)?
            .map(|n| u32::try_from(n).map_err(|e| r.bad(name, e)))
            .transpose()
    };
    Ok(Entrant {
        account: r.int("account")?,
        name: r.text("name")?,
        engine: r
            .opt_int("engine_level")?
            .map(|l| u8::try_from(l).unwrap_or(u8::MAX)),
        joined: r.text("joined")?,
        start: small("start")?,
        rating: r.real("rating")?,
        withdrawn: small("withdrawn")?,
    })
}

/// A tournament with its players and pairings, read together.
#[derive(Clone, Debug, PartialEq)]
pub struct Snapshot {
    /// The tournament.
    pub t: Tournament,
    /// Its players: by start number once started, else by rating.
    pub players: Vec<Entrant>,
    /// Its pairings by round and board, each with its games.
    pub pairings: Vec<Pairing>,
}

/// What joining or leaving did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Entry {
    /// Done.
    Done,
    /// The tournament is not open (started or finished), or unknown.
    NotOpen,
    /// Already in (join), or not in (leave).
    Unchanged,
    /// Join: the tournament has its most players.
    Full,
}

/// A round to write: its pairings and the games made for them (with board and seq).
#[derive(Clone, Debug, Default)]
pub struct RoundPlan {
    /// The pairings.
    pub pairings: Vec<Planned>,
    /// The games, each with its board and seq (1, 2).
    pub games: Vec<(GameRow, u32, u32)>,
}

fn read_snapshot(c: &mut dyn Exec, id: &str) -> DbResult<Option<Snapshot>> {
    let Some(row) = c.query_opt(&format!("{SELECT} WHERE t.id = ?1"), params![id])? else {
        return Ok(None);
    };
    let t = tournament_of(&row)?;
    let rows = c.query(
        "SELECT p.account, a.name, a.engine_level, p.joined, p.start, coalesce(p.rating, r.rating, 1500.0) AS rating, p.withdrawn
         FROM tournament_players p JOIN accounts a ON a.id = p.account
         LEFT JOIN ratings r ON r.account = p.account AND r.pool = ?2
         WHERE p.tournament = ?1",
        params![id, t.settings.game.name()],
    )?;
    let mut players = rows.iter().map(entrant_of).collect::<DbResult<Vec<_>>>()?;
    players.sort_by(|a, b| {
        (a.start.unwrap_or(u32::MAX), b.rating, a.name.to_lowercase())
            .partial_cmp(&(b.start.unwrap_or(u32::MAX), a.rating, b.name.to_lowercase()))
            .unwrap_or(std::cmp::Ordering::Equal)
    });
    let rows = c.query(
        "SELECT p.round, p.board, p.south, p.north, p.result, tg.game, tg.seq, g.result AS game_result, g.aborted, g.plies
         FROM tournament_pairings p
         LEFT JOIN tournament_games tg ON tg.tournament = p.tournament AND tg.round = p.round AND tg.board = p.board
         LEFT JOIN games g ON g.id = tg.game
         WHERE p.tournament = ?1 ORDER BY p.round, p.board, tg.seq",
        params![id],
    )?;
    let mut pairings: Vec<Pairing> = Vec::new();
    for r in &rows {
        let num = |name: &str| -> DbResult<u32> {
            u32::try_from(r.int(name)?).map_err(|e| r.bad(name, e))
        };
        let (round, board) = (num("round")?, num("board")?);
        let same = pairings
            .last()
            .is_some_and(|p| p.round == round && p.board == board);
        if !same {
            pairings.push(Pairing {
                round,
                board,
                south: num("south")?,
                north: r
                    .opt_int("north")?
                    .map(|n| u32::try_from(n).map_err(|e| r.bad("north", e)))
                    .transpose()?,
                stored: r.opt_text("result")?,
                games: Vec::new(),
            });
        }
        if let Some(game) = r.opt_text("game")? {
            let result = r
                .opt_text("game_result")?
                .map(|t| {
                    GameResult::from_token(&t)
                        .ok_or_else(|| r.bad("game_result", format!("unknown result {t:?}")))
                })
                .transpose()?;
            let last = pairings.last_mut().expect("pushed above");
            last.games.push(GameOf {
                id: game,
                seq: num("seq")?,
                result,
                // A game row that is gone (never, but read safely) counts as aborted.
                aborted: r.opt_int("aborted")? != Some(0),
                plies: r.opt_int("plies")?.unwrap_or(0).max(0) as usize,
            });
        }
    }
    Ok(Some(Snapshot {
        t,
        players,
        pairings,
    }))
}

/// Moves the version on when the tournament has `status`; whether it had.
fn bump(tx: &mut Tx<'_>, id: &str, status: Status) -> DbResult<bool> {
    Ok(tx.exec(
        "UPDATE tournaments SET version = version + 1 WHERE id = ?1 AND status = ?2",
        params![id, status.name()],
    )? > 0)
}

/// Writes the pairings and games of round `round`.
fn write_round_in(tx: &mut Tx<'_>, id: &str, round: u32, plan: &RoundPlan) -> DbResult<()> {
    for p in &plan.pairings {
        let stored = match (p.north, p.forfeit) {
            (None, _) => Some("bye"),
            (Some(_), f) => f,
        };
        tx.exec(
            "INSERT INTO tournament_pairings (tournament, round, board, south, north, result) VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
            params![id, round, p.board, p.south, p.north, stored],
        )?;
    }
    for (row, board, seq) in &plan.games {
        save_in(tx, row)?;
        tx.exec(
            "INSERT INTO tournament_games (game, tournament, round, board, seq) VALUES (?1, ?2, ?3, ?4, ?5)",
            params![&row.id, id, round, *board, *seq],
        )?;
    }
    Ok(())
}

impl Store {
    /// Stores a new tournament (status open), unless its creator has
    /// [`super::model::MAX_OWN`] tournaments open or running, or the server
    /// [`super::model::MAX_ACTIVE`]: then the sentence that says so.
    ///
    /// # Errors
    /// The database's error.
    pub fn create_tournament(&self, t: &Tournament) -> Result<Result<(), String>, StoreError> {
        use super::model::{MAX_ACTIVE, MAX_OWN};
        self.write(|tx| {
            let count = |tx: &mut Tx<'_>, sql: &str, p: &[crate::store::sql::Val]| {
                tx.query_one(sql, p)?.int("n")
            };
            let own = count(
                tx,
                "SELECT count(*) AS n FROM tournaments WHERE creator = ?1 AND status <> 'finished'",
                params![t.creator.0],
            )?;
            if own >= MAX_OWN as i64 {
                return Ok(Err(format!(
                    "you have {MAX_OWN} tournaments open or running: wait until one finishes"
                )));
            }
            let all = count(
                tx,
                "SELECT count(*) AS n FROM tournaments WHERE status <> 'finished'",
                &[],
            )?;
            if all >= MAX_ACTIVE as i64 {
                return Ok(Err(format!(
                    "the server has {MAX_ACTIVE} tournaments open or running; try again later"
                )));
            }
            let s = &t.settings;
            tx.exec(
                "INSERT INTO tournaments (id, name, creator, game, rules, format, cycles, rounds, games_per_pairing, clock, rated, starts_at, starts_ms, status, round, version, created)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, 'open', 0, 1, ?14)",
                params![
                    &t.id,
                    &s.name,
                    t.creator.0,
                    s.game.name(),
                    &s.rules,
                    s.format.name(),
                    s.cycles,
                    s.rounds,
                    s.games_per_pairing,
                    serde_json::to_string(&s.clock).expect("a clock is JSON"),
                    s.rated,
                    s.starts_at.as_ref().map(|a| a.0.clone()),
                    s.starts_at.as_ref().map(|a| a.1),
                    &t.created
                ],
            )?;
            tx.notify(&Change::Tournament(t.id.clone()))?;
            Ok(Ok(()))
        })
    }

    /// A tournament with its players and pairings.
    ///
    /// # Errors
    /// The database's error.
    pub fn tournament(&self, id: &str) -> DbResult<Option<Snapshot>> {
        self.read(|c| read_snapshot(c, id))
    }

    /// The tournaments open or running (every one: at most [`super::model::MAX_ACTIVE`])
    /// and the [`LIST_FINISHED`] last finished, each with its number of players; a
    /// damaged row is left out.
    ///
    /// # Errors
    /// The database's error.
    pub fn tournaments(&self) -> DbResult<Vec<(Tournament, usize)>> {
        let rows = self.read(|c| {
            let mut rows = c.query(
                &format!("{SELECT} WHERE t.status <> 'finished' ORDER BY t.created DESC, t.id"),
                &[],
            )?;
            rows.extend(c.query(
                &format!(
                    "{SELECT} WHERE t.status = 'finished' ORDER BY t.finished DESC, t.id LIMIT ?1"
                ),
                params![LIST_FINISHED],
            )?);
            Ok(rows)
        })?;
        Ok(rows
            .iter()
            .filter_map(|r| {
                let n = r.int("players").ok()?.max(0) as usize;
                Some((tournament_of(r).ok()?, n))
            })
            .collect())
    }

    /// Adds `account` to an open tournament (at most `max` players).
    ///
    /// # Errors
    /// The database's error.
    pub fn join_tournament(
        &self,
        id: &str,
        account: i64,
        max: usize,
        now: &str,
    ) -> Result<Entry, StoreError> {
        self.write(|tx| {
            // The version's update locks the row first: joins are counted one by one.
            if !bump(tx, id, Status::Open)? {
                return Ok(Entry::NotOpen);
            }
            let rows = tx.query(
                "SELECT account FROM tournament_players WHERE tournament = ?1",
                params![id],
            )?;
            if rows.iter().any(|r| r.int("account").ok() == Some(account)) {
                return Ok(Entry::Unchanged);
            }
            if rows.len() >= max {
                return Ok(Entry::Full);
            }
            tx.exec(
                "INSERT INTO tournament_players (tournament, account, joined) VALUES (?1, ?2, ?3)",
                params![id, account, now],
            )?;
            tx.notify(&Change::Tournament(id.to_string()))?;
            Ok(Entry::Done)
        })
    }

    /// Removes `account` from an open tournament.
    ///
    /// # Errors
    /// The database's error.
    pub fn leave_tournament(&self, id: &str, account: i64) -> Result<Entry, StoreError> {
        self.write(|tx| {
            if !bump(tx, id, Status::Open)? {
                return Ok(Entry::NotOpen);
            }
            let gone = tx.exec(
                "DELETE FROM tournament_players WHERE tournament = ?1 AND account = ?2",
                params![id, account],
            )?;
            if gone == 0 {
                return Ok(Entry::Unchanged);
            }
            tx.notify(&Change::Tournament(id.to_string()))?;
            Ok(Entry::Done)
        })
    }

    /// Withdraws `account` from a running tournament after the round paired last: he is
    /// paired in no later round. [`Entry::Unchanged`] when he is not in it or already
    /// withdrawn.
    ///
    /// # Errors
    /// The database's error.
    pub fn withdraw_player(&self, id: &str, account: i64) -> Result<Entry, StoreError> {
        self.write(|tx| {
            if !bump(tx, id, Status::Running)? {
                return Ok(Entry::NotOpen);
            }
            let n = tx.exec(
                "UPDATE tournament_players SET withdrawn = (SELECT round FROM tournaments WHERE id = ?1)
                 WHERE tournament = ?1 AND account = ?2 AND withdrawn IS NULL",
                params![id, account],
            )?;
            if n == 0 {
                return Ok(Entry::Unchanged);
            }
            tx.notify(&Change::Tournament(id.to_string()))?;
            Ok(Entry::Done)
        })
    }

    /// Starts an open tournament read at `version`: the players' start numbers and
    /// ratings (`(account, start, rating)`), its total rounds, the lot, and round 1, in
    /// one transaction. `false` (nothing written) when it changed meanwhile.
    ///
    /// # Errors
    /// The database's error.
    pub fn start_tournament(
        &self,
        id: &str,
        version: i64,
        starts: &[(i64, u32, f64)],
        rounds: u32,
        first: bao_swiss::Colour,
        plan: &RoundPlan,
    ) -> Result<bool, StoreError> {
        self.write(|tx| {
            let lot = match first {
                bao_swiss::Colour::White => "white1",
                bao_swiss::Colour::Black => "black1",
            };
            let moved = tx.exec(
                "UPDATE tournaments SET status = 'running', round = 1, rounds = ?3, first_colour = ?4, version = version + 1
                 WHERE id = ?1 AND version = ?2 AND status = 'open'",
                params![id, version, rounds, lot],
            )?;
            if moved == 0 {
                return Ok(false);
            }
            for (account, start, rating) in starts {
                tx.exec(
                    "UPDATE tournament_players SET start = ?3, rating = ?4 WHERE tournament = ?1 AND account = ?2",
                    params![id, *account, *start, *rating],
                )?;
            }
            write_round_in(tx, id, 1, plan)?;
            tx.notify(&Change::Tournament(id.to_string()))?;
            Ok(true)
        })
    }

    /// Writes round `round` of a running tournament read at `version` (its round then
    /// `round − 1`): the compare-and-set that pairs each round once. `false` (nothing
    /// written) when it changed meanwhile (another instance paired it, a withdrawal).
    ///
    /// # Errors
    /// The database's error.
    pub fn write_round(
        &self,
        id: &str,
        version: i64,
        round: u32,
        plan: &RoundPlan,
    ) -> Result<bool, StoreError> {
        self.write(|tx| {
            let moved = tx.exec(
                "UPDATE tournaments SET round = ?3, version = version + 1
                 WHERE id = ?1 AND version = ?2 AND status = 'running' AND round = ?3 - 1",
                params![id, version, round],
            )?;
            if moved == 0 {
                return Ok(false);
            }
            write_round_in(tx, id, round, plan)?;
            tx.notify(&Change::Tournament(id.to_string()))?;
            Ok(true)
        })
    }

    /// Finishes a tournament read at `version` (open: cancelled; running: over), with
    /// the note that says why when it ends early. `false` when it changed meanwhile.
    ///
    /// # Errors
    /// The database's error.
    pub fn finish_tournament(
        &self,
        id: &str,
        version: i64,
        note: Option<&str>,
        now: &str,
    ) -> Result<bool, StoreError> {
        self.write(|tx| {
            let moved = tx.exec(
                "UPDATE tournaments SET status = 'finished', note = ?3, finished = ?4, version = version + 1
                 WHERE id = ?1 AND version = ?2 AND status <> 'finished'",
                params![id, version, note, now],
            )?;
            if moved > 0 {
                tx.notify(&Change::Tournament(id.to_string()))?;
            }
            Ok(moved > 0)
        })
    }

    /// The tournaments the server must act on by `now_ms`: running ones whose current
    /// round has no game left to play (pair the next or finish), open ones whose start
    /// time passed (start or cancel).
    ///
    /// # Errors
    /// The database's error.
    pub fn due_tournaments(&self, now_ms: i64) -> DbResult<Vec<String>> {
        let rows = self.read(|c| {
            c.query(
                "SELECT t.id FROM tournaments t WHERE t.status = 'running' AND NOT EXISTS (
                     SELECT 1 FROM tournament_games tg JOIN games g ON g.id = tg.game
                     WHERE tg.tournament = t.id AND tg.round = t.round AND g.result IS NULL AND g.aborted = 0)
                 UNION
                 SELECT id FROM tournaments WHERE status = 'open' AND starts_ms IS NOT NULL AND starts_ms <= ?1",
                params![now_ms],
            )
        })?;
        rows.iter().map(|r| r.text("id")).collect()
    }

    /// The ids of the games of a tournament (every round), oldest round first.
    ///
    /// # Errors
    /// The database's error.
    pub fn tournament_games(&self, id: &str) -> DbResult<Vec<String>> {
        let rows = self.read(|c| {
            c.query(
                "SELECT game FROM tournament_games WHERE tournament = ?1 ORDER BY round, board, seq",
                params![id],
            )
        })?;
        rows.iter().map(|r| r.text("game")).collect()
    }
}
