//! What one step of a traced move says, as data ([`Phrase`]): the front ends put it into
//! words in the player's language through their message catalogues (the terminal: the
//! `ev-*` messages of `bao-i18n`). [`Phrase`]'s `Display` is the English sentence, kept in
//! [`crate::TraceEvent::text`] for the front ends that read English text.

use crate::Side;
use std::fmt;

/// One sentence of a traced move, with its words as data (holes by name, counts, sides).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Phrase {
    /// Namua: a seed entered from the store into `hole`.
    Enter {
        /// The hole.
        hole: String,
    },
    /// The move's first lift: `seeds` lifted from `hole`.
    Lift {
        /// Seeds lifted.
        seeds: u32,
        /// The hole.
        hole: String,
    },
    /// A relay: `seeds` lifted from `hole`, where the lap ended.
    Relay {
        /// Seeds lifted.
        seeds: u32,
        /// The hole.
        hole: String,
    },
    /// `side` lifted its own nyumba `hole` and lost it (K-R8.2).
    NyumbaLifted {
        /// The owner.
        side: Side,
        /// The nyumba.
        hole: String,
    },
    /// `side`'s nyumba was captured, and so lost.
    NyumbaCaptured {
        /// The owner.
        side: Side,
    },
    /// A lap of `seeds` in a direction (Bao la Kiswahili), ending in `end`.
    Sow {
        /// Seeds sown.
        seeds: u32,
        /// Clockwise.
        clockwise: bool,
        /// The hole of the last seed.
        end: String,
    },
    /// Bao la Kiswahili: `seeds` captured from `hole`.
    Capture {
        /// Seeds captured.
        seeds: u32,
        /// The hole.
        hole: String,
    },
    /// Bao hamna: `loser`'s front row is empty, `winner` wins (K-R12.1).
    BaoHamna {
        /// Whose row was emptied.
        loser: Side,
        /// The mover.
        winner: Side,
    },
    /// The captured seeds are sown from the kichwa `hole`.
    Kichwa {
        /// The kichwa.
        hole: String,
    },
    /// The nyumba taxed: `seeds` (2) sown from it (K-R7.3).
    Tax {
        /// Seeds sown.
        seeds: u32,
    },
    /// The mover's own front row is empty: `winner` wins (K-R12.2).
    OwnFrontEmpty {
        /// The mover.
        loser: Side,
        /// The opponent.
        winner: Side,
    },
    /// The last seed fell into the empty hole `hole`: the move ends.
    EmptyHole {
        /// The hole.
        hole: String,
    },
    /// A takata lap ends in the functional nyumba: the move ends.
    NyumbaEnd,
    /// The mover stops in the functional nyumba (K-R4.4).
    NyumbaStop,
    /// The mover takes safari.
    Safari,
    /// The lap ends in the takasia'd `hole`: the move ends (K-R11.5).
    TakasiaStop {
        /// The hole.
        hole: String,
    },
    /// The move never ends (K-R13): `loser` (the mover) loses.
    NeverEnds {
        /// The mover.
        loser: Side,
    },
    /// The move takasias `hole`: `side` may not start there next move (K-R11).
    Takasia {
        /// The hole.
        hole: String,
        /// The side to move next.
        side: Side,
    },
    /// Bao la Kiswahili: `side` has no legal move; `winner` wins (`None`: nobody).
    NoLegalMove {
        /// The side to move.
        side: Side,
        /// The winner.
        winner: Option<Side>,
    },
    /// Bao Kingulu: `side` lifts `seeds` from pit `hole`.
    PitLift {
        /// The mover.
        side: Side,
        /// Seeds lifted.
        seeds: u32,
        /// The pit.
        hole: String,
    },
    /// Bao Kingulu: a lap sown into these pits, in order.
    SowInto {
        /// The pits.
        holes: Vec<String>,
    },
    /// Bao Kingulu: `seeds` fell into `hole`, reserved by `owner`, and went to its store.
    Bank {
        /// Seeds banked.
        seeds: u32,
        /// The reserved pit.
        hole: String,
        /// Who reserved it.
        owner: Side,
    },
    /// Bao Kingulu: `side` captures `seeds` from `from` with the seed in `with` (G-R8).
    PitCapture {
        /// The mover.
        side: Side,
        /// Seeds in the opposite pit.
        seeds: u32,
        /// The opposite pit.
        from: String,
        /// The pit of the capturing seed.
        with: String,
    },
    /// Bao Kingulu: the opposite pit is reserved; `side` takes only the seed in `hole`.
    SeedOnly {
        /// The reserved opposite pit.
        opposite: String,
        /// The mover.
        side: Side,
        /// The pit of the last seed.
        hole: String,
    },
    /// Bao Kingulu, kuweka mtoto: `hole` now holds 4 and is reserved by `side` (G-R9).
    Reserve {
        /// The pit.
        hole: String,
        /// The mover.
        side: Side,
    },
    /// Bao Kingulu: the last-but-one seed moves from `from` into `to`.
    Transfer {
        /// Where it was.
        from: String,
        /// The new reserved pit.
        to: String,
    },
    /// Bao Kingulu: how the move ended, after `laps` laps.
    PitEnd {
        /// Why.
        why: PitEnd,
        /// The pit of the last seed.
        hole: String,
        /// Laps sown.
        laps: u64,
    },
    /// Bao Kingulu: `side` has no legal move and the game ends by the scores.
    ScoreEnd {
        /// The side to move.
        side: Side,
        /// The winner (`None`: a draw).
        winner: Option<Side>,
        /// South's score.
        south: u32,
        /// North's score.
        north: u32,
    },
}

/// Why a Bao Kingulu move ended ([`Phrase::PitEnd`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PitEnd {
    /// In a pit reserved by `Side`.
    Reserved(Side),
    /// In an empty pit of the mover.
    EmptyOwn,
    /// In an empty pit of `Side` (the opponent).
    EmptyOpponent(Side),
    /// The pit just became reserved (kuweka mtoto).
    Kuweka,
    /// The lap cap was reached.
    LapCap,
}

fn seeds(n: impl Into<u64>) -> String {
    match n.into() {
        1 => "1 seed".to_string(),
        n => format!("{n} seeds"),
    }
}

impl fmt::Display for Phrase {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use Phrase::*;
        match self {
            Enter { hole } => write!(f, "enters a seed from the store into {hole}"),
            Lift { seeds: n, hole } => write!(f, "lifts {} from {hole}", seeds(*n)),
            Relay { seeds: n, hole } => write!(f, "relays {} from {hole}", seeds(*n)),
            NyumbaLifted { side, hole } => write!(f, "{side} loses the nyumba {hole}"),
            NyumbaCaptured { side } => write!(f, "{side} loses the nyumba (captured)"),
            Sow {
                seeds: n,
                clockwise,
                end,
            } => write!(
                f,
                "sows {} {}, ending in {end}",
                seeds(*n),
                if *clockwise {
                    "clockwise"
                } else {
                    "anticlockwise"
                }
            ),
            Capture { seeds: n, hole } => write!(f, "captures {n} from {hole}"),
            BaoHamna { loser, winner } => {
                write!(f, "{loser}'s front row is empty: {winner} wins (bao hamna)")
            }
            Kichwa { hole } => write!(f, "sows the captured seeds from the kichwa {hole}"),
            Tax { seeds: n } => write!(f, "taxes the nyumba: sows {}", seeds(*n)),
            OwnFrontEmpty { loser, winner } => {
                write!(f, "{loser}'s own front row is empty: {winner} wins")
            }
            EmptyHole { hole } => write!(
                f,
                "the last seed fell into the empty hole {hole}: the move ends"
            ),
            NyumbaEnd => f.write_str("the lap ends in the functional nyumba: the move ends"),
            NyumbaStop => f.write_str("stops in the functional nyumba"),
            Safari => f.write_str("takes safari: sows on from the nyumba"),
            TakasiaStop { hole } => write!(
                f,
                "the lap ends in the takasia'd hole {hole}: the move ends"
            ),
            NeverEnds { loser } => write!(f, "the move never ends (K-R13): {loser} loses"),
            Takasia { hole, side } => {
                write!(f, "takasias {hole}: {side} may not start there next move")
            }
            NoLegalMove { side, winner } => match winner {
                Some(w) => write!(f, "{side} has no legal move: {w} wins"),
                None => write!(f, "{side} has no legal move: nobody wins"),
            },
            PitLift {
                side,
                seeds: n,
                hole,
            } => write!(f, "{side} lifts {} from {hole}", seeds(*n)),
            SowInto { holes } => write!(
                f,
                "sows {} into {}",
                seeds(holes.len() as u64),
                holes.join(" ")
            ),
            Bank {
                seeds: n,
                hole,
                owner,
            } => write!(
                f,
                "{} fell into {hole}, reserved by {owner}, and went to {owner}'s store",
                seeds(*n)
            ),
            PitCapture {
                side,
                seeds: n,
                from,
                with,
            } => write!(
                f,
                "{side} captures {n} from {from} with the seed in {with} ({} in all)",
                n + 1
            ),
            SeedOnly {
                opposite,
                side,
                hole,
            } => write!(
                f,
                "the opposite pit {opposite} is reserved: {side} takes only the seed in {hole}"
            ),
            Reserve { hole, side } => write!(
                f,
                "kuweka mtoto: {hole} now holds 4 and is reserved by {side}"
            ),
            Transfer { from, to } => {
                write!(f, "the last-but-one seed moves from {from} into {to}")
            }
            PitEnd { why, hole, laps } => {
                let laps = match laps {
                    1 => "1 lap".to_string(),
                    n => format!("{n} laps"),
                };
                match why {
                    self::PitEnd::Reserved(owner) => write!(
                        f,
                        "the last seed fell into {hole}, reserved by {owner}: the move ends after {laps}"
                    ),
                    self::PitEnd::EmptyOwn => write!(
                        f,
                        "the last seed fell into empty {hole}: the move ends after {laps}"
                    ),
                    self::PitEnd::EmptyOpponent(row) => write!(
                        f,
                        "the last seed fell into empty {hole} in {row}'s row: the move ends after {laps}"
                    ),
                    self::PitEnd::Kuweka => {
                        write!(f, "{hole} is reserved: the move ends after {laps}")
                    }
                    self::PitEnd::LapCap => write!(
                        f,
                        "lap cap reached at {hole}: the move ends after {laps}"
                    ),
                }
            }
            ScoreEnd {
                side,
                winner,
                south,
                north,
            } => {
                let (s, n) = (south, north);
                let result = match winner {
                    Some(w) => format!("{w} wins {}–{}", s.max(n), s.min(n)),
                    None => "a draw, 24–24".to_string(),
                };
                write!(
                    f,
                    "{side} has no legal move: the game ends, {result} (South {s}, North {n})"
                )
            }
        }
    }
}
