//! The models' error: why the domain refused an operation, in the domain's words and
//! with no HTTP in it (issue 30: "model (pure, domain errors)"). The models of every
//! resource (games, lobby, accounts, clock) return it; [`crate::ApiError`] turns it into
//! a status at the edge (`From<Refusal>`: invalid 422, not now 409, no such thing 404,
//! failed 500), so that a handler writes `?`.

use thiserror::Error;

/// Why a model refused: a sentence for the player and its kind.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum Refusal {
    /// What was asked is not acceptable whatever the state: an illegal move, an unknown
    /// game, profile or level, a record that cannot be read, rules beyond the work limits,
    /// a name or password that breaks the rules.
    #[error("{0}")]
    Invalid(String),
    /// Acceptable, but not now: the game is over, it is not this side's turn, an offer is
    /// already made, a name is kept for the engines.
    #[error("{0}")]
    NotNow(String),
    /// The thing asked for does not exist: no position at that ply.
    #[error("{0}")]
    Missing(String),
    /// The operation could not be carried out: stored data that cannot be read back, a
    /// hash that could not be computed.
    #[error("{0}")]
    Failed(String),
}

impl Refusal {
    /// [`Refusal::Invalid`] with `message`.
    pub fn invalid(message: impl Into<String>) -> Self {
        Refusal::Invalid(message.into())
    }

    /// [`Refusal::NotNow`] with `message`.
    pub fn not_now(message: impl Into<String>) -> Self {
        Refusal::NotNow(message.into())
    }

    /// [`Refusal::Missing`] with `message`.
    pub fn missing(message: impl Into<String>) -> Self {
        Refusal::Missing(message.into())
    }

    /// [`Refusal::Failed`] with `message`.
    pub fn failed(message: impl Into<String>) -> Self {
        Refusal::Failed(message.into())
    }

    /// The kind in words: `invalid`, `not now`, `missing` or `failed`.
    pub fn kind(&self) -> &'static str {
        match self {
            Refusal::Invalid(_) => "invalid",
            Refusal::NotNow(_) => "not now",
            Refusal::Missing(_) => "missing",
            Refusal::Failed(_) => "failed",
        }
    }

    /// The sentence for the player.
    pub fn message(&self) -> &str {
        match self {
            Refusal::Invalid(m) | Refusal::NotNow(m) | Refusal::Missing(m) | Refusal::Failed(m) => {
                m
            }
        }
    }
}

/// A refusal with its sentence in the catalogue's words (issue 29): at the edge the
/// refusal's status and code, its English message, and the catalogue's sentence for the
/// other languages ([`crate::ApiError::said`]).
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("{refusal}")]
pub struct Worded {
    /// The refusal, in English.
    pub refusal: Refusal,
    /// The same in the catalogue's words.
    pub said: crate::i18n::Said,
}

impl Refusal {
    /// This refusal with its sentence in the catalogue's words.
    pub fn worded(self, said: crate::i18n::Said) -> Worded {
        Worded {
            refusal: self,
            said,
        }
    }
}

impl Worded {
    /// The kind of the refusal ([`Refusal::kind`]).
    pub fn kind(&self) -> &'static str {
        self.refusal.kind()
    }

    /// The English sentence ([`Refusal::message`]).
    pub fn message(&self) -> &str {
        self.refusal.message()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ApiError;
    use axum::http::StatusCode;

    #[test]
    fn each_kind_has_its_status_at_the_edge() {
        let cases = [
            (
                Refusal::invalid("an illegal move"),
                StatusCode::UNPROCESSABLE_ENTITY,
                "invalid",
            ),
            (
                Refusal::not_now("the game is over"),
                StatusCode::CONFLICT,
                "not now",
            ),
            (
                Refusal::missing("no position at ply 9"),
                StatusCode::NOT_FOUND,
                "missing",
            ),
            (
                Refusal::failed("a damaged record"),
                StatusCode::INTERNAL_SERVER_ERROR,
                "failed",
            ),
        ];
        for (r, status, kind) in cases {
            assert_eq!(r.kind(), kind);
            let message = r.message().to_string();
            let e = ApiError::from(r);
            assert_eq!((e.status, e.message), (status, message));
        }
    }
}
