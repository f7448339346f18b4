//! The table `rematches` (migration 0007).

use crate::games::repo::{save_in, GameRow};
use crate::params;
use crate::store::sql::{DbResult, Exec};
use crate::store::{Store, StoreError};

/// A finished game's rematch offer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Offer {
    /// The account that offers it.
    pub offered_by: i64,
    /// The new game, once accepted.
    pub next_game: Option<String>,
}

impl Store {
    /// The rematch offer of `game`, if any.
    ///
    /// # Errors
    /// The database's error.
    pub fn rematch(&self, game: &str) -> DbResult<Option<Offer>> {
        self.read(|c| {
            c.query_opt(
                "SELECT offered_by, next_game FROM rematches WHERE game = ?1",
                params![game],
            )?
            .map(|r| {
                Ok(Offer {
                    offered_by: r.int("offered_by")?,
                    next_game: r.opt_text("next_game")?,
                })
            })
            .transpose()
        })
    }

    /// `by` offers a rematch of `game`, unless an offer is there already; the offer now.
    ///
    /// # Errors
    /// The database's error.
    pub fn offer_rematch(&self, game: &str, by: i64) -> Result<Offer, StoreError> {
        self.write(|tx| {
            tx.exec(
                "INSERT INTO rematches (game, offered_by, created) VALUES (?1, ?2, ?3) ON CONFLICT (game) DO NOTHING",
                params![game, by, crate::ids::now_rfc3339()],
            )?;
            let r = tx.query_one(
                "SELECT offered_by, next_game FROM rematches WHERE game = ?1",
                params![game],
            )?;
            Ok(Offer {
                offered_by: r.int("offered_by")?,
                next_game: r.opt_text("next_game")?,
            })
        })
    }

    /// Accepts the rematch of `game` offered by `offered_by` and stores its new game, in
    /// one transaction; `false` (nothing written) when that offer is no longer open.
    ///
    /// # Errors
    /// The database's error.
    pub fn accept_rematch(
        &self,
        game: &str,
        offered_by: i64,
        new_game: &GameRow,
    ) -> Result<bool, StoreError> {
        self.write(|tx| {
            let taken = tx.exec(
                "UPDATE rematches SET next_game = ?3 WHERE game = ?1 AND offered_by = ?2 AND next_game IS NULL",
                params![game, offered_by, &new_game.id],
            )?;
            if taken == 0 {
                return Ok(false);
            }
            save_in(tx, new_game)?;
            Ok(true)
        })
    }

    /// Withdraws (or declines) the open rematch offer of `game`; whether there was one.
    ///
    /// # Errors
    /// The database's error.
    pub fn drop_rematch(&self, game: &str) -> Result<bool, StoreError> {
        self.write(|tx| {
            Ok(tx.exec(
                "DELETE FROM rematches WHERE game = ?1 AND next_game IS NULL",
                params![game],
            )? > 0)
        })
    }
}
