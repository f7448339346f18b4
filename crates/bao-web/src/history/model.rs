//! The filters of a game history and its cursor, as a client writes them in the query:
//! `?game=kingulu&result=win&rated=true&before=CURSOR&limit=20`.

use bao_rules::GameKind;

use crate::http::error::clip;
use crate::refusal::Refusal;

/// The games a page holds when the query gives no `limit`.
pub const DEFAULT_PAGE: usize = 20;

/// The most games one page holds (a larger `limit` is this).
pub const MAX_PAGE: usize = 100;

/// Which results a history lists, from the account's side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ResultFilter {
    /// Games the account won.
    Win,
    /// Games it lost.
    Loss,
    /// Drawn games.
    Draw,
    /// Games still being played.
    Ongoing,
    /// Games aborted before both sides moved.
    Aborted,
}

impl ResultFilter {
    /// The filter a query word names (`win`, `loss`, `draw`, `ongoing`, `aborted`).
    pub fn named(word: &str) -> Option<ResultFilter> {
        Some(match word {
            "win" => ResultFilter::Win,
            "loss" => ResultFilter::Loss,
            "draw" => ResultFilter::Draw,
            "ongoing" => ResultFilter::Ongoing,
            "aborted" => ResultFilter::Aborted,
            _ => return None,
        })
    }
}

/// Where a page starts: just after the game created at `created` with id `id` (games
/// are listed by creation, newest first, then by id). Written `CREATED~ID`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cursor {
    /// The RFC 3339 creation time of the last game of the page before.
    pub created: String,
    /// Its id.
    pub id: String,
}

impl Cursor {
    /// The cursor as a query value: `2026-12-01T10:00:15.123Z~<id>`.
    pub fn text(&self) -> String {
        format!("{}~{}", self.created, self.id)
    }

    /// A cursor from its text ([`Cursor::text`]).
    ///
    /// # Errors
    /// [`Refusal::Invalid`] naming the text when it is not `CREATED~ID` of the server's
    /// own shapes.
    pub fn parse(text: &str) -> Result<Cursor, Refusal> {
        let bad = || {
            Refusal::invalid(format!(
                "before {} is not a cursor: give the \"next\" of the page before (TIME~ID)",
                clip(text)
            ))
        };
        let (created, id) = text.split_once('~').ok_or_else(bad)?;
        if !is_time(created) || !crate::ids::is_id(id) {
            return Err(bad());
        }
        Ok(Cursor {
            created: created.to_string(),
            id: id.to_string(),
        })
    }
}

/// Whether `t` has the shape of the server's times: `2026-12-01T10:00:15.123Z`.
fn is_time(t: &str) -> bool {
    const SHAPE: &[u8; 24] = b"dddd-dd-ddTdd:dd:dd.dddZ";
    t.len() == SHAPE.len()
        && t.bytes().zip(SHAPE.iter()).all(|(b, &s)| match s {
            b'd' => b.is_ascii_digit(),
            other => b == other,
        })
}

/// The filters of one page of an account's games.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Filter {
    /// Only this game.
    pub game: Option<GameKind>,
    /// Only these results.
    pub result: Option<ResultFilter>,
    /// Only rated (`true`) or casual (`false`) games.
    pub rated: Option<bool>,
    /// Only games after this cursor.
    pub before: Option<Cursor>,
}

/// The query of a history, as sent (every field text, checked by [`Query::filter`]).
#[derive(Clone, Debug, Default, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Query {
    /// `kiswahili` or `kingulu`.
    pub game: Option<String>,
    /// `win`, `loss`, `draw`, `ongoing` or `aborted`.
    pub result: Option<String>,
    /// `true` or `false`.
    pub rated: Option<String>,
    /// A cursor (the `next` of the page before).
    pub before: Option<String>,
    /// Games per page, 1 to [`MAX_PAGE`].
    pub limit: Option<String>,
}

impl Query {
    /// The filters this query asks for (empty values are no filter).
    ///
    /// # Errors
    /// [`Refusal::Invalid`] naming the parameter and its value.
    pub fn filter(&self) -> Result<Filter, Refusal> {
        let given = |v: &Option<String>| v.as_deref().filter(|s| !s.is_empty()).map(str::to_string);
        let game = match given(&self.game) {
            None => None,
            Some(g) => Some(crate::kinds::named(&g).ok_or_else(|| {
                Refusal::invalid(format!(
                    "game {} is not a game: expected {}",
                    clip(&g),
                    crate::kinds::quoted("or")
                ))
            })?),
        };
        let result = match given(&self.result) {
            None => None,
            Some(r) => Some(ResultFilter::named(&r).ok_or_else(|| {
                Refusal::invalid(format!(
                    "result {} is not a result: expected \"win\", \"loss\", \"draw\", \"ongoing\" or \"aborted\"",
                    clip(&r)
                ))
            })?),
        };
        let rated = match given(&self.rated).as_deref() {
            None => None,
            Some("true") => Some(true),
            Some("false") => Some(false),
            Some(r) => {
                return Err(Refusal::invalid(format!(
                    "rated {} is not true or false",
                    clip(r)
                )))
            }
        };
        let before = given(&self.before).map(|b| Cursor::parse(&b)).transpose()?;
        Ok(Filter {
            game,
            result,
            rated,
            before,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_cursor_reads_back_and_refuses_other_shapes() {
        let c = Cursor {
            created: "2026-12-01T10:00:15.123Z".into(),
            id: "AbCdEfGhIjKlMnOpQrSt_-".into(),
        };
        assert_eq!(c.text(), "2026-12-01T10:00:15.123Z~AbCdEfGhIjKlMnOpQrSt_-");
        assert_eq!(Cursor::parse(&c.text()), Ok(c));
        for bad in [
            "",
            "2026-12-01T10:00:15.123Z",
            "2026-12-01T10:00:15Z~AbCdEfGhIjKlMnOpQrSt_-",
            "2026-12-01T10:00:15.123Z~short",
            "x026-12-01T10:00:15.123Z~AbCdEfGhIjKlMnOpQrSt_-",
        ] {
            assert_eq!(
                Cursor::parse(bad).unwrap_err().message(),
                format!(
                    "before {bad:?} is not a cursor: give the \"next\" of the page before (TIME~ID)"
                )
            );
        }
    }

    #[test]
    fn a_query_names_each_bad_value() {
        let q = |game: &str, result: &str, rated: &str| Query {
            game: Some(game.into()),
            result: Some(result.into()),
            rated: Some(rated.into()),
            ..Query::default()
        };
        assert_eq!(
            q("kingulu", "win", "true").filter(),
            Ok(Filter {
                game: Some(GameKind::Kingulu),
                result: Some(ResultFilter::Win),
                rated: Some(true),
                before: None,
            })
        );
        assert_eq!(q("", "", "").filter(), Ok(Filter::default()));
        assert_eq!(
            q("chess", "", "").filter().unwrap_err().message(),
            "game \"chess\" is not a game: expected \"kiswahili\" or \"kingulu\""
        );
        assert_eq!(
            q("", "won", "").filter().unwrap_err().message(),
            "result \"won\" is not a result: expected \"win\", \"loss\", \"draw\", \"ongoing\" or \"aborted\""
        );
        assert_eq!(
            q("", "", "yes").filter().unwrap_err().message(),
            "rated \"yes\" is not true or false"
        );
    }
}
