//! The levels' measured strength: each level's Elo on one scale per game (level 1, which
//! looks one ply ahead and misses captures, = 0), from the chained level-against-level matches of docs/engine.md
//! "Levels on one Elo scale" (`bao match`, the shipped openings, pentanomial Elo). A
//! level not measured yet has `None`.

/// Bao la Kiswahili: the Elo of levels 1..=10 (index 0 is level 1). Steps 2–8 measured
/// in 2026-12 (300 games a step: 150 shipped openings, each once per side; step 8 with
/// the network), step 9 with the network over 206 games, step 10 earlier (40 games:
/// intervals in docs/levels.md).
pub const KISWAHILI: [Option<i32>; 10] = [
    Some(0),
    Some(234),
    Some(658),
    Some(892),
    Some(1067),
    Some(1308),
    Some(1508),
    Some(1903),
    Some(1954),
    Some(2006),
];

/// Bao Kingulu: the Elo of levels 1..=10 (index 0 is level 1), its own level table
/// ([`crate::KINGULU_LEVELS`]) with the tuned evaluation (`KG_WEIGHTS`): 308 games a step
/// (each of the 154 shipped openings once per side), every step +56 to +94.
pub const KINGULU: [Option<i32>; 10] = [
    Some(0),
    Some(94),
    Some(181),
    Some(251),
    Some(338),
    Some(394),
    Some(457),
    Some(531),
    Some(619),
    Some(691),
];

/// The measured Elo of `level` (1..=10) in `game` (`kiswahili` or `kingulu`); `None` for a
/// level not measured yet, a level out of range or another game.
pub fn level_elo(game: &str, level: u8) -> Option<i32> {
    let table = match game {
        "kiswahili" => &KISWAHILI,
        "kingulu" => &KINGULU,
        _ => return None,
    };
    table
        .get(usize::from(level).checked_sub(1)?)
        .copied()
        .flatten()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_is_read_by_level() {
        assert_eq!(level_elo("kiswahili", 1), Some(0));
        assert_eq!(level_elo("kiswahili", 2), Some(234));
        assert_eq!(level_elo("kiswahili", 7), Some(1508));
        assert_eq!(level_elo("kiswahili", 8), Some(1903));
        assert_eq!(level_elo("kiswahili", 10), Some(2006));
        assert_eq!(level_elo("kingulu", 1), Some(0));
        assert_eq!(level_elo("kingulu", 7), Some(457));
        assert_eq!(level_elo("kingulu", 9), Some(619));
        assert_eq!(level_elo("kingulu", 10), Some(691));
        assert_eq!(level_elo("kingulu", 0), None);
        assert_eq!(level_elo("kingulu", 11), None);
        assert_eq!(level_elo("chess", 5), None);
    }

    #[test]
    fn every_level_is_measured_and_stronger_than_the_one_below() {
        for table in [KISWAHILI, KINGULU] {
            let known: Vec<i32> = table.iter().flatten().copied().collect();
            assert_eq!(known.len(), 10);
            assert!(known.windows(2).all(|w| w[0] < w[1]), "{known:?}");
        }
        // Bao Kingulu's ten levels are distinct: each at least 50 Elo over the one below.
        let steps: Vec<i32> = KINGULU
            .windows(2)
            .map(|w| w[1].unwrap() - w[0].unwrap())
            .collect();
        assert_eq!(steps, [94, 87, 70, 87, 56, 63, 74, 88, 72]);
        assert!(steps.iter().all(|&s| s >= 50));
    }
}
