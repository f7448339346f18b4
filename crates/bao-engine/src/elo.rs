//! The levels' measured strength: each level's Elo on one scale per game (level 1, the
//! random mover, = 0), from the chained level-against-level matches of docs/engine.md
//! "Levels on one Elo scale" (`bao match`, the shipped openings, pentanomial Elo). A
//! level not measured yet has `None`.

/// Bao la Kiswahili: the Elo of levels 1..=10 (index 0 is level 1).
pub const KISWAHILI: [Option<i32>; 10] = [
    Some(0),
    Some(478),
    Some(956),
    Some(1156),
    Some(1320),
    Some(1584),
    Some(1794),
    Some(2196),
    Some(2266),
    Some(2319),
];

/// Bao Kingulu: the Elo of levels 1..=10 (index 0 is level 1).
pub const KINGULU: [Option<i32>; 10] = [
    Some(0),
    Some(104),
    Some(156),
    Some(219),
    Some(272),
    Some(317),
    Some(384),
    Some(464),
    // Levels 8–10 play alike (perfect play wherever the solver reaches): 9 and 10 drew
    // every pair against the level below.
    Some(464),
    Some(464),
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
        assert_eq!(level_elo("kiswahili", 8), Some(2196));
        assert_eq!(level_elo("kiswahili", 10), Some(2319));
        assert_eq!(level_elo("kingulu", 10), Some(464));
        assert_eq!(level_elo("kingulu", 7), Some(384));
        assert_eq!(level_elo("kingulu", 0), None);
        assert_eq!(level_elo("kingulu", 11), None);
        assert_eq!(level_elo("chess", 5), None);
    }

    #[test]
    fn every_level_is_measured_and_none_is_weaker_than_the_one_below() {
        for table in [KISWAHILI, KINGULU] {
            let known: Vec<i32> = table.iter().flatten().copied().collect();
            assert_eq!(known.len(), 10);
            assert!(known.windows(2).all(|w| w[0] <= w[1]), "{known:?}");
        }
        // Bao la Kiswahili: every level above the one below.
        assert!(KISWAHILI.windows(2).all(|w| w[0] < w[1]));
    }
}
