//! A traced move's steps ([`Phrase`], data from the rules) as catalogue sentences
//! ([`Said`]): the terminal says them at once, the web page formats them in its language.

use crate::t;
use crate::Said;
use bao_rules::{Phrase, PitEnd as Why, Side};

/// `n` seeds in words: `1 seed`, `kete 3`.
pub fn seeds(n: impl Into<u64>) -> Said {
    t!("seeds", n = n.into())
}

/// `n` laps in words: `1 lap`, `mizunguko 4`.
pub fn laps(n: impl Into<u64>) -> Said {
    t!("laps", n = n.into())
}

/// The sentence of one traced step.
pub fn phrase(p: &Phrase) -> Said {
    use Phrase::*;
    match p {
        Enter { hole } => t!("ev-enter", hole = hole),
        Lift { seeds: n, hole } => t!("ev-lift", count = seeds(*n), hole = hole),
        Relay { seeds: n, hole } => t!("ev-relay", count = seeds(*n), hole = hole),
        NyumbaLifted { side, hole } => t!("ev-nyumba-lifted", side = side, hole = hole),
        NyumbaCaptured { side } => t!("ev-nyumba-captured", side = side),
        Sow {
            seeds: n,
            clockwise,
            end,
        } => t!(
            "ev-sow",
            count = seeds(*n),
            dir = if *clockwise { "cw" } else { "acw" },
            hole = end
        ),
        Capture { seeds: n, hole } => t!("ev-capture", n = *n, hole = hole),
        BaoHamna { loser, winner } => t!("ev-bao-hamna", loser = loser, winner = winner),
        Kichwa { hole } => t!("ev-kichwa", hole = hole),
        Tax { seeds: n } => t!("ev-tax", count = seeds(*n)),
        OwnFrontEmpty { loser, winner } => {
            t!("ev-own-front-empty", loser = loser, winner = winner)
        }
        EmptyHole { hole } => t!("ev-empty-hole", hole = hole),
        NyumbaEnd => t!("ev-nyumba-end"),
        NyumbaStop => t!("ev-nyumba-stop"),
        Safari => t!("ev-safari"),
        TakasiaStop { hole } => t!("ev-takasia-stop", hole = hole),
        NeverEnds { loser } => t!("ev-never-ends", loser = loser),
        Takasia { hole, side } => t!("ev-takasia", hole = hole, side = side),
        NoLegalMove { side, winner } => match winner {
            Some(w) => t!("ev-no-legal-move", side = side, winner = w),
            None => t!("ev-no-legal-move-nobody", side = side),
        },
        PitLift {
            side,
            seeds: n,
            hole,
        } => t!("ev-pit-lift", side = side, count = seeds(*n), hole = hole),
        SowInto { holes } => t!(
            "ev-sow-into",
            count = seeds(u32::try_from(holes.len()).unwrap_or(u32::MAX)),
            holes = holes.join(" ")
        ),
        Bank {
            seeds: n,
            hole,
            owner,
        } => t!(
            "ev-bank",
            n = *n,
            count = seeds(*n),
            hole = hole,
            owner = owner
        ),
        PitCapture {
            side,
            seeds: n,
            from,
            with,
        } => t!(
            "ev-pit-capture",
            side = side,
            n = *n,
            from = from,
            with = with,
            total = *n + 1
        ),
        SeedOnly {
            opposite,
            side,
            hole,
        } => t!(
            "ev-seed-only",
            opposite = opposite,
            side = side,
            hole = hole
        ),
        Reserve { hole, side } => t!("ev-reserve", hole = hole, side = side),
        Transfer { from, to } => t!("ev-transfer", from = from, to = to),
        PitEnd { why, hole, laps: n } => {
            let after = laps(*n);
            match why {
                Why::Reserved(owner) => {
                    t!("ev-end-reserved", hole = hole, owner = owner, laps = after)
                }
                Why::EmptyOwn => t!("ev-end-empty-own", hole = hole, laps = after),
                Why::EmptyOpponent(row) => t!(
                    "ev-end-empty-opponent",
                    hole = hole,
                    row = row,
                    laps = after
                ),
                Why::Kuweka => t!("ev-end-kuweka", hole = hole, laps = after),
                Why::LapCap => t!("ev-end-lap-cap", hole = hole, laps = after),
            }
        }
        ScoreEnd {
            side,
            winner,
            south,
            north,
        } => {
            let (s, n) = (Side::South, Side::North);
            match winner {
                Some(w) => t!(
                    "ev-score-end-win",
                    side = side,
                    winner = w,
                    high = *south.max(north),
                    low = *south.min(north),
                    south_name = s,
                    south = *south,
                    north_name = n,
                    north = *north
                ),
                None => t!(
                    "ev-score-end-draw",
                    side = side,
                    south_name = s,
                    south = *south,
                    north_name = n,
                    north = *north
                ),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::phrase;
    use crate::Lang;
    use bao_rules::kingulu::Kingulu;
    use bao_rules::kiswahili::Kiswahili;
    use bao_rules::Game;

    /// Plays games of up to `plies` moves (each time the `k·ply`-th legal move, for k = 1
    /// to 7) and checks that the English catalogue says every traced step as the rules'
    /// English text does (the terminal and the page showed that text before issue 29).
    /// Returns the steps checked and the kinds of phrase seen.
    fn english_as_the_rules<G: Game>(plies: usize) -> (usize, usize) {
        let mut checked = 0;
        let mut kinds = std::collections::HashSet::new();
        for k in 1..=7 {
            let mut pos = G::start(&Default::default());
            for ply in 0..plies {
                let moves = pos.moves();
                if moves.is_empty() {
                    break;
                }
                let mv = moves[(ply * k) % moves.len()];
                let (next, events) = pos.play_traced(mv).unwrap();
                for e in &events {
                    assert_eq!(phrase(&e.phrase).format(Lang::EN), e.text, "{:?}", e.phrase);
                    kinds.insert(std::mem::discriminant(&e.phrase));
                    checked += 1;
                }
                pos = next;
            }
        }
        (checked, kinds.len())
    }

    #[test]
    fn the_english_catalogue_says_what_the_rules_say() {
        let counts = (
            english_as_the_rules::<Kiswahili>(120),
            english_as_the_rules::<Kingulu>(120),
        );
        // Steps checked, and kinds of phrase among them (of 19 and 9).
        assert_eq!(counts, ((4491, 15), (896, 8)));
    }
}
