//! The query of a game history: the games of an account (a side's account, or the
//! owner of a first-page game), by creation, newest first, then by id, after a cursor.

use super::model::{Filter, ResultFilter};
use crate::games::repo::{select_games, GameRow};
use crate::store::sql::{DbResult, Val};
use crate::store::Store;

/// The account's side in `g` as SQL (0 South, 1 North; `?1` is the account): its own
/// side in a game between accounts, else the side the computer does not play.
const SIDE: &str = "(CASE WHEN g.south_account = ?1 THEN 0 WHEN g.north_account = ?1 THEN 1 \
     WHEN g.south LIKE 'bao level %' THEN 1 ELSE 0 END)";

/// The condition of a result filter, from the account's side.
fn result_sql(r: ResultFilter) -> String {
    match r {
        ResultFilter::Win => format!(
            "g.aborted = 0 AND ((g.result = '1-0' AND {SIDE} = 0) OR (g.result = '0-1' AND {SIDE} = 1))"
        ),
        ResultFilter::Loss => format!(
            "g.aborted = 0 AND ((g.result = '0-1' AND {SIDE} = 0) OR (g.result = '1-0' AND {SIDE} = 1))"
        ),
        ResultFilter::Draw => "g.aborted = 0 AND g.result = '1/2-1/2'".to_string(),
        ResultFilter::Ongoing => "g.aborted = 0 AND g.result IS NULL".to_string(),
        ResultFilter::Aborted => "g.aborted = 1".to_string(),
    }
}

impl Store {
    /// At most `limit` games of `account` that pass `filter`, newest first (by creation,
    /// then id, both descending), after `filter.before`.
    ///
    /// # Errors
    /// The database's error.
    pub fn history(&self, account: i64, filter: &Filter, limit: usize) -> DbResult<Vec<GameRow>> {
        let mut params: Vec<Val> = vec![account.into()];
        let mut clauses =
            vec!["(g.south_account = ?1 OR g.north_account = ?1 OR g.owner = ?1)".to_string()];
        let param = |v: Val, params: &mut Vec<Val>| {
            params.push(v);
            format!("?{}", params.len())
        };
        if let Some(game) = filter.game {
            let p = param(game.name().into(), &mut params);
            clauses.push(format!("g.game = {p}"));
        }
        if let Some(rated) = filter.rated {
            let p = param(rated.into(), &mut params);
            clauses.push(format!("g.rated = {p}"));
        }
        if let Some(r) = filter.result {
            clauses.push(result_sql(r));
        }
        if let Some(c) = &filter.before {
            let t = param(c.created.clone().into(), &mut params);
            let i = param(c.id.clone().into(), &mut params);
            clauses.push(format!(
                "(g.created < {t} OR (g.created = {t} AND g.id < {i}))"
            ));
        }
        let l = param(limit.into(), &mut params);
        let rest = format!(
            "WHERE {} ORDER BY g.created DESC, g.id DESC LIMIT {l}",
            clauses.join(" AND ")
        );
        self.read(|c| select_games(c, &rest, &params))
    }
}
