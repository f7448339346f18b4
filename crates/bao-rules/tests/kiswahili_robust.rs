//! No panic on arbitrary input (proptest): position texts, move texts, option values, and
//! play on arbitrary valid positions built from parts (the proptest twin of the cargo-fuzz
//! targets `fuzz/fuzz_targets/kiswahili_*.rs`).

use bao_rules::kiswahili::{Kiswahili, Move, MoveKind, Rules};
use bao_rules::{Game, RuleSet, Side};
use proptest::prelude::*;

const START: &str =
    "0 0 0 0 0 0 0 0 / 0 2 2 6 0 0 0 0 / 0 0 0 0 6 2 2 0 / 0 0 0 0 0 0 0 0 ; S=22 N=22 ; house S+ N+ ; South ; takasia -";

proptest! {
    #![proptest_config(ProptestConfig { cases: 400, .. ProptestConfig::default() })]

    /// Arbitrary text never panics the position parser; accepted text round-trips.
    #[test]
    fn position_text_never_panics(text in ".{0,120}") {
        if let Ok(p) = Kiswahili::from_text(&text, &Rules::default()) {
            prop_assert_eq!(Kiswahili::from_text(&p.to_text(), &Rules::default()).unwrap(), p);
        }
    }

    /// Near-valid texts (one token of the start text replaced) never panic.
    #[test]
    fn mutated_position_text_never_panics(index in 0usize..48, token in "[-+ a-zA-Z0-9=;/]{0,6}") {
        let mut tokens: Vec<&str> = START.split(' ').collect();
        let i = index % tokens.len();
        let unchanged = tokens[i] == token.as_str();
        tokens[i] = &token;
        let text = tokens.join(" ");
        match Kiswahili::from_text(&text, &Rules::default()) {
            Ok(p) => {
                // An accepted text is a position that round-trips, with all 64 seeds.
                prop_assert_eq!(Kiswahili::from_text(&p.to_text(), &Rules::default()).unwrap(), p);
                let v = p.view();
                let seeds: u32 = v.rows.iter().flatten().map(|c| c.seeds).sum::<u32>() + v.stores[0] + v.stores[1];
                prop_assert_eq!(seeds, 64);
                if unchanged {
                    prop_assert_eq!(p, Kiswahili::start(&Rules::default()));
                }
            }
            Err(e) => prop_assert!(!e.to_string().trim().is_empty()),
        }
    }

    /// Arbitrary move text never panics the move parser on the start position.
    #[test]
    fn move_text_never_panics(text in ".{0,8}") {
        let start = Kiswahili::start(&Rules::default());
        if let Ok(mv) = start.parse_move(&text) {
            prop_assert!(start.moves().contains(&mv));
        }
    }

    /// Arbitrary option names and values never panic; errors leave the options unchanged.
    #[test]
    fn options_never_panic(name in "[a-zA-Z-]{0,30}", value in ".{0,12}") {
        let mut r = Rules::default();
        if r.set_option(&name, &value).is_err() {
            prop_assert_eq!(r, Rules::default());
        }
    }

    /// Arbitrary valid positions: every move plays, nothing else does, play_unchecked of any
    /// hole/direction/kind never panics, and 64 seeds remain.
    #[test]
    fn play_on_arbitrary_positions(
        weights in proptest::collection::vec(0u32..8, 32),
        stores in (0u8..4, 0u8..4),
        owned in (any::<bool>(), any::<bool>()),
        north in any::<bool>(),
        raw in proptest::collection::vec((0usize..16, any::<bool>(), any::<bool>(), 0u8..3), 4),
    ) {
        let sum: u32 = weights.iter().sum::<u32>().max(1);
        let on_board = 64 - stores.0 as u32 - stores.1 as u32;
        let mut counts: Vec<u32> = weights.iter().map(|w| w * on_board / sum).collect();
        let dealt: u32 = counts.iter().sum();
        counts[0] += on_board - dealt;
        let mut rings = [[0u8; 16]; 2];
        for (i, c) in counts.iter().enumerate() {
            rings[i / 16][i % 16] = *c as u8;
        }
        let side = if north { Side::North } else { Side::South };
        let Ok(pos) = Kiswahili::from_parts(rings, [stores.0, stores.1], [owned.0, owned.1], side, None, &Rules::default()) else {
            return Ok(());
        };
        let moves = pos.moves();
        for mv in &moves {
            let next = pos.play(*mv).unwrap();
            let seeds: u32 = Side::BOTH.iter().map(|&s| next.ring(s).iter().map(|&c| c as u32).sum::<u32>() + next.store(s) as u32).sum();
            prop_assert_eq!(seeds, 64);
        }
        for (hole, cw, safari, kind) in raw {
            let kind = [MoveKind::Capture, MoveKind::Takata, MoveKind::Tax][kind as usize];
            let mv = Move::new(hole, cw, safari, kind);
            let legal = moves.iter().any(|m| m.hole() == hole && m.cw() == cw && m.safari() == safari);
            prop_assert_eq!(pos.play(mv).is_ok(), legal);
            let _ = pos.play_unchecked(mv);
        }
    }
}
