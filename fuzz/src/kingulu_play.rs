//! Target `kingulu_play`: Bao Kingulu games from the start position or from an arbitrary
//! valid position, under rule options, up to [`crate::MAX_PLIES`] plies.
//!
//! Input: 16 header bytes, then the move choices ([`crate::choices::Choices`]).
//! Header: byte 0 bits 0–5 choose the options (first player North, skip the start pit,
//! all-moves-forbidden lift-first-lap-rule, a lap cap of `byte 1 % 50 + 1` laps,
//! opposite-reserved capture-seed-only, singleton kuweka not allowed); bit 7 = play from
//! the start position (G-G4) under these rules, else from a dealt position: 48 seeds dealt
//! to the 12 pits and 2 stores by the weights in bytes 2–15, with reservations from byte
//! 1's bits where the count allows, North to move if bit 6.
//!
//! After every move: generated moves are exactly the playable pits, `children`, `play`,
//! `play_unchecked` and `play_traced` agree, 48 seeds (G-I1), reservations stay put
//! (G-I2–I4), mirroring twice is the identity, the position text round-trips, the move
//! text parses back to the move, and the game is over exactly when no move is left.

use crate::choices::Choices;
use crate::MAX_PLIES;
use bao_rules::kingulu::{
    AllMovesForbidden, Kingulu, Move, NonTerminating, OppositeReserved, Repetition, Rules,
    SingletonKuweka,
};
use bao_rules::{Game, Side};

/// The rules of a header (the first 2 of its 16 bytes; see the module docs).
pub fn rules_of(head: &[u8]) -> Rules {
    let flags = head[0];
    Rules {
        first_player: if flags & 1 != 0 {
            Side::North
        } else {
            Side::South
        },
        skip_start_pit: flags & 2 != 0,
        all_moves_forbidden: if flags & 4 != 0 {
            AllMovesForbidden::LiftFirstLapRule
        } else {
            AllMovesForbidden::EndGame
        },
        non_terminating: if flags & 8 != 0 {
            NonTerminating::LapCap(u32::from(head[1] % 50) + 1)
        } else {
            NonTerminating::Illegal
        },
        opposite_reserved: if flags & 16 != 0 {
            OppositeReserved::CaptureSeedOnly
        } else {
            OppositeReserved::NoCapture
        },
        singleton_kuweka: if flags & 32 != 0 {
            SingletonKuweka::NotAllowed
        } else {
            SingletonKuweka::ReserveWithoutTransfer
        },
        // O7 (G-R15) changes nothing in play from a memoryless position (a game line
        // counts occurrences; the rule_options target covers the option).
        repetition: Repetition::ThirdOccurrenceScores,
    }
}

/// The start position of a 16-byte header under `rules`, or `None` for a header that
/// deals no valid position.
pub fn start(head: &[u8], rules: &Rules) -> Option<Kingulu> {
    if head[0] & 128 != 0 {
        return Some(Kingulu::start(rules));
    }
    let weights: Vec<u32> = head[2..16].iter().map(|&b| u32::from(b)).collect();
    let sum: u32 = weights.iter().sum::<u32>().max(1);
    let mut counts = [0u8; 14];
    let mut dealt = 0u32;
    for (i, &w) in weights.iter().enumerate() {
        let c = w * 48 / sum;
        counts[i] = c as u8;
        dealt += c;
    }
    counts[0] += (48 - dealt) as u8;
    let mut pits = [0u8; 12];
    pits.copy_from_slice(&counts[..12]);
    let mut reserved_by = [None; 12];
    for (i, r) in reserved_by.iter_mut().enumerate() {
        if (pits[i] == 4 || pits[i] == 5) && head[1] & (1 << (i % 8)) != 0 && i % 3 == 0 {
            *r = Some(if i < 6 { Side::North } else { Side::South });
        }
    }
    let side = if head[0] & 64 != 0 {
        Side::North
    } else {
        Side::South
    };
    Kingulu::from_parts(pits, reserved_by, [counts[12], counts[13]], side, rules).ok()
}

/// Checks one input; returns the number of plies played.
pub fn run(data: &[u8]) -> usize {
    if data.len() < 16 {
        return 0;
    }
    let (head, tail) = data.split_at(16);
    let rules = rules_of(head);
    let Some(mut pos) = start(head, &rules) else {
        return 0;
    };
    let mut choices = Choices::new(tail);
    let mut kids = Vec::new();
    for ply in 0..MAX_PLIES {
        let moves = pos.moves();
        pos.children(&mut kids);
        assert_eq!(kids.iter().map(|k| k.0).collect::<Vec<_>>(), moves);
        for p in 0..12 {
            let m = Move::new(p).expect("pits 0..12");
            assert_eq!(pos.play(m).is_ok(), moves.contains(&m));
        }
        assert_eq!(pos.outcome().is_some(), moves.is_empty());
        if moves.is_empty() {
            return ply;
        }
        let (m, child) = kids[choices.pick(kids.len())];
        assert_eq!(pos.play_unchecked(m), child);
        let (traced, _) = pos.play_traced(m).expect("a generated move");
        assert_eq!(traced, child);
        let total: u32 = child.pits().iter().map(|&c| u32::from(c)).sum::<u32>()
            + u32::from(child.store(Side::South))
            + u32::from(child.store(Side::North));
        assert_eq!(total, 48);
        for i in 0..12 {
            if let Some(owner) = pos.reserved_by(i) {
                assert_eq!(child.reserved_by(i), Some(owner));
                assert_eq!(child.pits()[i], pos.pits()[i]);
            }
        }
        assert_eq!(child.mirrored().mirrored(), child);
        assert_eq!(pos.parse_move(&pos.move_text(m)).expect("move text"), m);
        assert_eq!(Kingulu::from_text(&child.to_text(), &rules), Ok(child));
        pos = child;
    }
    MAX_PLIES
}
