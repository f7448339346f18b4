//! A traced move's steps ([`Phrase`], data from the rules) as catalogue sentences
//! ([`Said`]) for the page's explanation, which formats them in its language: the same
//! `ev-*` messages the terminal uses.

use super::Said;
use crate::t;
use bao_rules::{Phrase, PitEnd as Why, Side};

fn seeds(n: u32) -> Said {
    t!("seeds", n = n)
}

fn laps(n: u64) -> Said {
    t!("laps", n = n)
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
    use bao_i18n::Lang;
    use bao_rules::kingulu::Kingulu;
    use bao_rules::kiswahili::Kiswahili;
    use bao_rules::Game;

    /// Plays a few games and checks that the English catalogue says every traced step as
    /// the rules' English text does (the page showed that text before issue 29).
    fn english_as_the_rules<G: Game>(plies: usize) -> usize {
        let mut checked = 0;
        for k in 1..=3 {
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
                    checked += 1;
                }
                pos = next;
            }
        }
        checked
    }

    /// A move button's parts in the catalogue's words say in English what its label says.
    fn labels_as_the_says<G: Game>(plies: usize) -> usize {
        let mut checked = 0;
        let mut pos = G::start(&Default::default());
        for ply in 0..plies {
            let moves = pos.moves();
            if moves.is_empty() {
                break;
            }
            let places = crate::games::view::hole_places(&pos.view());
            for &mv in &moves {
                let m = crate::games::view::describe_move(&pos, mv, &places, false);
                let said: Vec<String> = m.says.iter().map(|s| s.format(Lang::EN)).collect();
                assert_eq!(m.label, format!("{}: {}", m.text, said.join(", ")));
                checked += 1;
            }
            pos = pos.play(moves[(ply * 7) % moves.len()]).unwrap();
        }
        checked
    }

    #[test]
    fn move_labels_are_said_by_the_catalogue() {
        let counts = (
            labels_as_the_says::<Kiswahili>(40),
            labels_as_the_says::<Kingulu>(40),
        );
        assert!(counts.0 > 150 && counts.1 > 50, "{counts:?}");
    }

    #[test]
    fn the_english_sentences_are_the_rules_own() {
        assert!(english_as_the_rules::<Kiswahili>(60) > 500);
        assert!(english_as_the_rules::<Kingulu>(60) > 100);
    }
}
