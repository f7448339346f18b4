//! Fuzz target: Bao la Kiswahili play on arbitrary valid positions. The bytes choose rule
//! options, a position (64 seeds dealt by weights, stores, nyumba flags, side) and the
//! moves to play. Generated moves are exactly the playable moves; play, play_unchecked,
//! play_traced and children agree; 64 seeds after every move; mirror symmetry holds.
#![no_main]
use bao_rules::kiswahili::{Kiswahili, Move, MoveKind, Rules};
use bao_rules::{Game, RuleSet, Side};
use libfuzzer_sys::fuzz_target;

const OPTIONS: [(&str, &str); 12] = [
    ("namu-singleton", "when-owned"),
    ("tax-dormant", "on"),
    ("tax-only-when-sole", "off"),
    ("functional-check", "move-start-snapshot"),
    ("namu-safari", "compulsory"),
    ("mtaji-nyumba", "persistent"),
    ("nyumba-loss-first-mtaji-capture", "owner"),
    ("takasia-singleton", "exempt"),
    ("takasia-firstlap-nyumba", "off"),
    ("takasia-blocker-must-capture", "on"),
    ("never-ending-policy", "mover-loses"),
    ("takasia-nyumba", "owned"),
];

fn seeds(p: &Kiswahili) -> u32 {
    Side::BOTH
        .iter()
        .map(|&s| p.ring(s).iter().map(|&c| u32::from(c)).sum::<u32>() + u32::from(p.store(s)))
        .sum()
}

fuzz_target!(|data: &[u8]| {
    if data.len() < 40 {
        return;
    }
    let (head, tail) = data.split_at(40);
    let mut rules = Rules::default();
    let flags = u16::from_le_bytes([head[0], head[1]]);
    for (i, (k, v)) in OPTIONS.iter().enumerate() {
        if flags & (1 << i) != 0 {
            rules.set_option(k, v).unwrap();
        }
    }
    // 64 seeds dealt to 32 holes and 2 stores by weights.
    let weights: Vec<u32> = head[4..38].iter().map(|&b| u32::from(b)).collect();
    let sum = weights.iter().sum::<u32>().max(1);
    let mut counts = [0u8; 34];
    let mut dealt = 0;
    for (i, &w) in weights.iter().enumerate() {
        counts[i] = (w * 64 / sum) as u8;
        dealt += u32::from(counts[i]);
    }
    counts[(head[38] % 32) as usize] += (64 - dealt) as u8;
    let mut rings = [[0u8; 16]; 2];
    rings[0].copy_from_slice(&counts[..16]);
    rings[1].copy_from_slice(&counts[16..32]);
    let stores = if head[2] & 1 != 0 { [counts[32], counts[33]] } else { [0, 0] };
    if stores == [0, 0] {
        rings[0][0] += counts[32];
        rings[1][0] += counts[33];
    }
    let owned = [head[2] & 2 != 0, head[2] & 4 != 0];
    let side = if head[2] & 8 != 0 { Side::North } else { Side::South };
    let takasia = (head[2] & 16 != 0).then_some(usize::from(head[3] % 8));
    let Ok(mut pos) = Kiswahili::from_parts(rings, stores, owned, side, takasia, &rules) else {
        return;
    };
    for &b in tail.iter().take(32) {
        assert_eq!(seeds(&pos), 64);
        let moves = pos.moves();
        let mut kids = Vec::new();
        pos.children(&mut kids);
        assert_eq!(kids.iter().map(|k| k.0).collect::<Vec<_>>(), moves);
        let mirror = pos.mirrored();
        assert_eq!(mirror.moves(), moves);
        for hole in 0..16 {
            for cw in [false, true] {
                for safari in [false, true] {
                    let m = Move::new(hole, cw, safari, MoveKind::Takata);
                    let legal = moves.iter().any(|x| x.hole() == hole && x.cw() == cw && x.safari() == safari);
                    assert_eq!(pos.play(m).is_ok(), legal);
                }
            }
        }
        if moves.is_empty() {
            assert!(pos.outcome().is_some());
            break;
        }
        let (m, child) = kids[b as usize % kids.len()];
        assert_eq!(pos.play_unchecked(m), child);
        assert_eq!(pos.play(m).unwrap(), child);
        let (traced, _) = pos.play_traced(m).unwrap();
        assert_eq!(traced, child);
        assert_eq!(mirror.play(m).unwrap(), child.mirrored());
        let text = child.to_text();
        let parsed = Kiswahili::from_text(&text, &rules).unwrap();
        assert_eq!(parsed.to_text(), text);
        pos = child;
    }
});
