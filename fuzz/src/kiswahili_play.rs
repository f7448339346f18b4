//! Target `kiswahili_play`: Bao la Kiswahili games from the start position or from an
//! arbitrary valid position, under rule options, up to [`crate::MAX_PLIES`] plies.
//!
//! Input: 40 header bytes, then the move choices ([`crate::choices::Choices`]).
//! Header: bytes 0–1 (little-endian) switch the options of [`OPTIONS`] on, bit `i` for
//! option `i`; byte 2: bit 5 = play from the start position (K-§1.7) under these rules,
//! else from a dealt position: 64 seeds dealt to the 32 holes and 2 stores by the weights
//! in bytes 4–37 (the remainder to hole `byte 38 % 32`), bit 0 = keep the stores' share
//! in the stores (else it goes to hole 0 of each side), bits 1/2 = South/North own their
//! nyumba, bit 3 = North to move, bit 4 = a takasia on hole `byte 3 % 8`.
//!
//! After every move: generated moves are exactly the playable ones (all 64 hole ×
//! direction × safari choices are tried on every 16th ply, 8 of them in turn on the
//! others), `children`, `play`, `play_unchecked` and
//! `play_traced` agree, the board keeps 64 seeds (K-§1), the mirrored position has the
//! same moves and plays to the mirrored child, the position text round-trips (to the same position unless
//! `takasia-blocker-must-capture` is on or a void never-ending move won under `mover-loses`:
//! the text shows neither), the move
//! text parses back to the move, and the game is over exactly when no move is left.

use crate::choices::Choices;
use crate::MAX_PLIES;
use bao_rules::kiswahili::{Kiswahili, Move, MoveKind, NeverEndingPolicy, Rules};
use bao_rules::{EndReason, Game, RuleSet, Side};

/// Options the header can switch on (name, value), in bit order.
pub const OPTIONS: [(&str, &str); 12] = [
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

/// The seeds on the board and in the stores of a position.
pub fn seeds(p: &Kiswahili) -> u32 {
    Side::BOTH
        .iter()
        .map(|&s| p.ring(s).iter().map(|&c| u32::from(c)).sum::<u32>() + u32::from(p.store(s)))
        .sum()
}

/// The start position of an input (see the module docs), or `None` for a header that
/// deals no valid position.
fn start(head: &[u8], rules: &Rules) -> Option<Kiswahili> {
    if head[2] & 32 != 0 {
        return Some(Kiswahili::start(rules));
    }
    let weights: Vec<u32> = head[4..38].iter().map(|&b| u32::from(b)).collect();
    let sum = weights.iter().sum::<u32>().max(1);
    let mut counts = [0u8; 34];
    let mut dealt = 0;
    for (i, &w) in weights.iter().enumerate() {
        counts[i] = (w * 64 / sum) as u8;
        dealt += u32::from(counts[i]);
    }
    counts[usize::from(head[38] % 32)] += (64 - dealt) as u8;
    let mut rings = [[0u8; 16]; 2];
    rings[0].copy_from_slice(&counts[..16]);
    rings[1].copy_from_slice(&counts[16..32]);
    let stores = if head[2] & 1 != 0 {
        [counts[32], counts[33]]
    } else {
        [0, 0]
    };
    if stores == [0, 0] {
        rings[0][0] += counts[32];
        rings[1][0] += counts[33];
    }
    let owned = [head[2] & 2 != 0, head[2] & 4 != 0];
    let side = if head[2] & 8 != 0 {
        Side::North
    } else {
        Side::South
    };
    let takasia = (head[2] & 16 != 0).then_some(usize::from(head[3] % 8));
    Kiswahili::from_parts(rings, stores, owned, side, takasia, rules).ok()
}

/// Checks one input; returns the number of plies played.
pub fn run(data: &[u8]) -> usize {
    if data.len() < 40 {
        return 0;
    }
    let (head, tail) = data.split_at(40);
    let mut rules = Rules::default();
    let flags = u16::from_le_bytes([head[0], head[1]]);
    for (i, (k, v)) in OPTIONS.iter().enumerate() {
        if flags & (1 << i) != 0 {
            rules.set_option(k, v).expect("a listed option");
        }
    }
    let Some(mut pos) = start(head, &rules) else {
        return 0;
    };
    let mut choices = Choices::new(tail);
    let mut kids = Vec::new();
    for ply in 0..MAX_PLIES {
        assert_eq!(seeds(&pos), 64);
        let moves = pos.moves();
        pos.children(&mut kids);
        assert_eq!(kids.iter().map(|k| k.0).collect::<Vec<_>>(), moves);
        let mirror = pos.mirrored();
        assert_eq!(mirror.moves(), moves);
        // Every (hole, direction, safari) choice on every 16th ply, 8 of them in turn on the
        // others: `play` checks legality by generating the moves, so trying all 64 on every
        // ply would make one input cost a tenth of a second.
        let tried = if ply % 16 == 0 {
            0..64
        } else {
            (ply % 8) * 8..(ply % 8) * 8 + 8
        };
        for choice in tried {
            let (hole, cw, safari) = (choice / 4, choice & 2 != 0, choice & 1 != 0);
            let m = Move::new(hole, cw, safari, MoveKind::Takata);
            let legal = moves
                .iter()
                .any(|x| x.hole() == hole && x.cw() == cw && x.safari() == safari);
            assert_eq!(pos.play(m).is_ok(), legal);
        }
        assert_eq!(pos.outcome().is_some(), moves.is_empty());
        if moves.is_empty() {
            return ply;
        }
        let (m, child) = kids[choices.pick(kids.len())];
        assert_eq!(pos.play_unchecked(m), child);
        assert_eq!(pos.play(m).expect("a generated move"), child);
        let (traced, _) = pos.play_traced(m).expect("a generated move");
        assert_eq!(traced, child);
        assert_eq!(mirror.play(m).expect("the mirrored move"), child.mirrored());
        assert_eq!(pos.parse_move(&pos.move_text(m)).expect("move text"), m);
        let text = child.to_text();
        let parsed = Kiswahili::from_text(&text, &rules).expect("canonical text parses");
        assert_eq!(parsed.to_text(), text);
        // The text cannot show K-R11.6's blocked hole (kiswahili-choices.md 16) nor the win
        // of a void never-ending move under mover-loses (kiswahili-choices.md 7); otherwise
        // the parsed position is the position.
        let void = rules.never_ending_policy == NeverEndingPolicy::MoverLoses
            && child
                .outcome()
                .is_some_and(|o| o.reason == EndReason::NoLegalMove);
        if !rules.takasia_blocker_must_capture && !void {
            assert_eq!(parsed, child);
        }
        pos = child;
    }
    MAX_PLIES
}
