//! Fuzz target: Bao Kingulu play. The bytes choose rule options, a random valid position
//! and a sequence of pits to try. Generated moves are exactly the playable moves; play,
//! play_unchecked, play_traced and children agree; I1–I4 hold after every move.
#![no_main]
use bao_rules::kingulu::{
    AllMovesForbidden, Kingulu, Move, NonTerminating, OppositeReserved, Rules, SingletonKuweka,
};
use bao_rules::{Game, Side};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if data.len() < 16 {
        return;
    }
    let (head, tail) = data.split_at(16);
    let flags = head[0];
    let rules = Rules {
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
    };
    // A valid position: 48 seeds dealt to 12 pits and 2 stores by the weights in head[2..16],
    // with reservations from head[1]'s bits where the count allows.
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
    let side = if flags & 64 != 0 {
        Side::North
    } else {
        Side::South
    };
    let Ok(mut pos) =
        Kingulu::from_parts(pits, reserved_by, [counts[12], counts[13]], side, &rules)
    else {
        return;
    };
    for &b in tail.iter().take(64) {
        let moves = pos.moves();
        let mut kids = Vec::new();
        pos.children(&mut kids);
        assert_eq!(kids.iter().map(|k| k.0).collect::<Vec<_>>(), moves);
        for p in 0..12 {
            let m = Move::new(p).unwrap();
            let r = pos.play(m);
            assert_eq!(r.is_ok(), moves.contains(&m));
        }
        if moves.is_empty() {
            assert!(pos.outcome().is_some());
            break;
        }
        let (m, child) = kids[b as usize % kids.len()];
        assert_eq!(pos.play_unchecked(m), child);
        let (traced, _) = pos.play_traced(m).unwrap();
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
        pos = child;
    }
});
