//! Which game: [`GameKind`], the one answer to "Bao la Kiswahili or Bao Kingulu?" for every
//! front end (the command line, the web app, Python), and [`with_game!`](crate::with_game),
//! the one dispatch from a kind to the game's type.

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

use crate::kingulu::Kingulu;
use crate::kiswahili::Kiswahili;
use crate::Game;

/// One of the two games of this crate.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum GameKind {
    /// Bao la Kiswahili (4×8, namua and mtaji stages; [`Kiswahili`]).
    Kiswahili,
    /// Bao Kingulu (2×6 relay sowing with kuweka mtoto; [`Kingulu`]).
    Kingulu,
}

/// A game name that is neither game.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("unknown game {0:?}: expected kiswahili or kingulu")]
pub struct UnknownGame(pub String);

impl GameKind {
    /// Both games, Bao la Kiswahili first (the order of lists and menus).
    pub const ALL: [GameKind; 2] = [GameKind::Kiswahili, GameKind::Kingulu];

    /// The name in records, the engine protocol and the web API ([`Game::NAME`]):
    /// `kiswahili` or `kingulu`.
    pub const fn name(self) -> &'static str {
        match self {
            GameKind::Kiswahili => Kiswahili::NAME,
            GameKind::Kingulu => Kingulu::NAME,
        }
    }

    /// The game's full name for people: `Bao la Kiswahili` or `Bao Kingulu`.
    pub const fn title(self) -> &'static str {
        match self {
            GameKind::Kiswahili => "Bao la Kiswahili",
            GameKind::Kingulu => "Bao Kingulu",
        }
    }

    /// The seeds in play (board plus stores): 64 or 48 ([`Game::SEEDS`]).
    pub const fn seeds(self) -> u32 {
        match self {
            GameKind::Kiswahili => Kiswahili::SEEDS,
            GameKind::Kingulu => Kingulu::SEEDS,
        }
    }

    /// The kind of the game type `G` (by its [`Game::NAME`]).
    ///
    /// # Panics
    /// Never for the games of this crate; a foreign `Game` with another name panics.
    pub fn of<G: Game>() -> GameKind {
        G::NAME
            .parse()
            .unwrap_or_else(|_| panic!("{} is not a game of bao-rules", G::NAME))
    }
}

impl FromStr for GameKind {
    type Err = UnknownGame;

    /// Parses `kiswahili` / `kingulu`, case-insensitive, surrounding blanks ignored; also
    /// the full names `bao-la-kiswahili`, `bao la kiswahili`, `bao-kingulu`, `bao kingulu`
    /// and plain `bao` (Bao la Kiswahili, the game the word means on the coast).
    ///
    /// # Errors
    /// [`UnknownGame`] with the text given.
    fn from_str(text: &str) -> Result<Self, UnknownGame> {
        let t = text.trim().to_ascii_lowercase().replace(' ', "-");
        match t.as_str() {
            "kiswahili" | "bao-la-kiswahili" | "bao" => Ok(GameKind::Kiswahili),
            "kingulu" | "bao-kingulu" => Ok(GameKind::Kingulu),
            _ => Err(UnknownGame(text.to_string())),
        }
    }
}

impl fmt::Display for GameKind {
    /// Writes [`GameKind::name`].
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Runs `$body` with `$G` standing for the game type of the [`GameKind`] `$kind`
/// ([`Kiswahili`] or [`Kingulu`]): the one dispatch from a kind to generic code.
///
/// ```
/// use bao_rules::{with_game, Game, GameKind};
///
/// fn start_moves(kind: GameKind) -> usize {
///     with_game!(kind, G => {
///         let mut moves = Vec::new();
///         G::start(&Default::default()).legal_moves(&mut moves);
///         moves.len()
///     })
/// }
/// assert_eq!(start_moves(GameKind::Kiswahili), 4); // T1 of the Bao la Kiswahili spec
/// assert_eq!(start_moves(GameKind::Kingulu), 4); // perft 1 from the Bao Kingulu start
/// ```
#[macro_export]
macro_rules! with_game {
    ($kind:expr, $G:ident => $body:expr) => {
        match $kind {
            $crate::GameKind::Kiswahili => {
                #[allow(dead_code)]
                type $G = $crate::kiswahili::Kiswahili;
                $body
            }
            $crate::GameKind::Kingulu => {
                #[allow(dead_code)]
                type $G = $crate::kingulu::Kingulu;
                $body
            }
        }
    };
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for k in GameKind::ALL {
            assert_eq!(k.name().parse::<GameKind>(), Ok(k));
            assert_eq!(k.to_string(), k.name());
        }
        assert_eq!(GameKind::ALL.map(GameKind::name), ["kiswahili", "kingulu"]);
        assert_eq!(" Bao Kingulu ".parse(), Ok(GameKind::Kingulu));
        assert_eq!("BAO".parse(), Ok(GameKind::Kiswahili));
        assert_eq!(
            "chess".parse::<GameKind>().unwrap_err().to_string(),
            "unknown game \"chess\": expected kiswahili or kingulu"
        );
    }

    #[test]
    fn kind_of_type_and_seeds() {
        assert_eq!(GameKind::of::<Kiswahili>(), GameKind::Kiswahili);
        assert_eq!(GameKind::of::<Kingulu>(), GameKind::Kingulu);
        assert_eq!(GameKind::Kiswahili.seeds(), 64);
        assert_eq!(GameKind::Kingulu.seeds(), 48);
        let seeds = |k: GameKind| with_game!(k, G => G::SEEDS);
        assert_eq!(seeds(GameKind::Kingulu), 48);
        assert_eq!(seeds(GameKind::Kiswahili), 64);
    }
}
