//! Property tests of the Bao la Kiswahili rules over seeded random games and random valid
//! positions: seed conservation (K-R1), generated moves play and nothing else does,
//! South/North mirror symmetry, text round trips (notation.md §2, §3), traced play equals
//! fast play, `children` equals `legal_moves` + `play`.

use bao_rules::kiswahili::{Kiswahili, Move, MoveKind, Rules};
use bao_rules::{Game, RuleSet, Side};
use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

fn seeds(p: &Kiswahili) -> u32 {
    Side::BOTH
        .iter()
        .map(|&s| p.ring(s).iter().map(|&c| c as u32).sum::<u32>() + p.store(s) as u32)
        .sum()
}

/// The mirror image of a position text: South and North exchanged (the 32 counts read
/// backwards, stores, house flags, side and the takasia hole's case swapped).
fn mirror_text(text: &str) -> String {
    let fields: Vec<&str> = text.split(" ; ").collect();
    let counts: Vec<&str> = fields[0].split_whitespace().filter(|t| *t != "/").collect();
    let rows: Vec<String> = counts
        .iter()
        .rev()
        .cloned()
        .collect::<Vec<_>>()
        .chunks(8)
        .map(|c| c.join(" "))
        .collect();
    let (s, n) = fields[1].split_once(' ').unwrap();
    let stores = format!("S={} N={}", &n[2..], &s[2..]);
    let house = format!("house S{} N{}", &fields[2][10..11], &fields[2][7..8]);
    let side = if fields[3] == "South" {
        "North"
    } else {
        "South"
    };
    let hole = fields[4].trim_start_matches("takasia").trim();
    let takasia = if hole == "-" {
        "takasia -".to_string()
    } else {
        let first = hole.chars().next().unwrap();
        let swapped = if first.is_ascii_uppercase() {
            first.to_ascii_lowercase()
        } else {
            first.to_ascii_uppercase()
        };
        format!("takasia {swapped}{}", &hole[1..])
    };
    format!(
        "{} ; {stores} ; {house} ; {side} ; {takasia}",
        rows.join(" / ")
    )
}

fn all_candidates() -> Vec<Move> {
    let mut out = Vec::new();
    for hole in 0..16 {
        for cw in [false, true] {
            for safari in [false, true] {
                out.push(Move::new(hole, cw, safari, MoveKind::Takata));
            }
        }
    }
    out
}

/// Checks every property at one position; `outside` also tries all 64 hole×dir×safari
/// combinations that are not legal.
fn check_position(pos: &Kiswahili, outside: bool) {
    assert_eq!(seeds(pos), 64, "{pos}");
    let text = pos.to_text();
    let rules = *pos.rules();
    let reparsed = Kiswahili::from_text(&text, &rules).unwrap_or_else(|e| panic!("{text}: {e}"));
    assert_eq!(reparsed.to_text(), text);
    assert_eq!(reparsed.outcome(), pos.outcome(), "{text}");
    let moves = pos.moves();
    if pos.outcome().is_some() {
        assert!(moves.is_empty(), "{text}");
        return;
    }
    assert!(!moves.is_empty(), "{text}: no outcome but no move");
    let mut children = Vec::new();
    pos.children(&mut children);
    assert_eq!(
        children.iter().map(|c| c.0).collect::<Vec<_>>(),
        moves,
        "{text}"
    );
    let mut sorted = moves.clone();
    sorted.sort_by_key(|m| m.order_key());
    assert_eq!(sorted, moves, "{text}: canonical order");
    for (mv, child) in &children {
        let mtext = pos.move_text(*mv);
        assert_eq!(pos.parse_move(&mtext).unwrap(), *mv, "{text}: {mtext}");
        let played = pos
            .play(*mv)
            .unwrap_or_else(|e| panic!("{text}: {mtext}: {e}"));
        assert_eq!(played, *child, "{text}: {mtext}");
        assert_eq!(pos.play_unchecked(*mv), played, "{text}: {mtext}");
        let (traced, events) = pos.play_traced(*mv).unwrap();
        assert_eq!(traced, played, "{text}: traced {mtext}");
        // Seeds in hand are off the board between a lift and the end of its lap.
        assert!(events.iter().all(|e| e.counts.len() == 32
            && e.counts.iter().sum::<u32>() + e.stores[0] + e.stores[1] <= 64));
        let last = events.last().unwrap();
        assert_eq!(
            last.counts,
            played
                .view()
                .rows
                .iter()
                .flatten()
                .map(|c| c.seeds)
                .collect::<Vec<_>>(),
            "{text}: {mtext}"
        );
        assert_eq!(
            last.counts.iter().sum::<u32>() + last.stores[0] + last.stores[1],
            64
        );
        assert_eq!(seeds(&played), 64);
        // Annotations are checked: `*` only on takata moves.
        let star = pos.parse_move(&format!("{mtext}*"));
        assert_eq!(
            star.is_ok(),
            mv.kind() != MoveKind::Capture,
            "{text}: {mtext}*"
        );
    }
    if outside {
        for cand in all_candidates() {
            let legal = moves.iter().any(|m| {
                m.hole() == cand.hole() && m.cw() == cand.cw() && m.safari() == cand.safari()
            });
            let text_c = cand.text(pos.side_to_move());
            assert_eq!(pos.play(cand).is_ok(), legal, "{text}: {text_c}");
            assert_eq!(pos.parse_move(&text_c).is_ok(), legal, "{text}: {text_c}");
        }
    }
}

fn variant_rules() -> Vec<Rules> {
    let mut out = Vec::new();
    for name in Rules::profile_names() {
        out.push(Rules::profile(name).unwrap());
    }
    for (k, v) in [
        ("namu-singleton", "when-owned"),
        ("tax-dormant", "on"),
        ("tax-only-when-sole", "off"),
        ("functional-threshold", "1"),
        ("functional-check", "move-start-snapshot"),
        ("namu-safari", "compulsory"),
        ("mtaji-nyumba", "persistent"),
        ("nyumba-loss-first-mtaji-capture", "owner"),
        ("nyumba-loss-first-mtaji-capture", "any"),
        ("takasia", "off"),
        ("takasia-nyumba", "owned"),
        ("takasia-blocker-must-capture", "on"),
        ("never-ending-policy", "mover-loses"),
        ("never-ending-guard", "40"),
        ("first-player", "north"),
    ] {
        let mut r = Rules::default();
        r.set_option(k, v).unwrap();
        out.push(r);
    }
    out
}

/// Random games from the start under every profile and option variant.
#[test]
fn random_games_keep_every_property() {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(0xba0);
    let mut positions = 0;
    for (i, rules) in variant_rules().into_iter().enumerate() {
        let games = if i == 0 { 40 } else { 8 };
        for g in 0..games {
            let mut pos = Kiswahili::start(&rules);
            for ply in 0..400 {
                check_position(&pos, (ply + g) % 7 == 0);
                positions += 1;
                let moves = pos.moves();
                if moves.is_empty() {
                    break;
                }
                pos = pos.play(moves[rng.gen_range(0..moves.len())]).unwrap();
            }
        }
    }
    assert!(positions > 2000, "{positions}");
}

/// A random valid position: 64 seeds over the 32 holes (and sometimes the stores).
fn random_position(rng: &mut Xoshiro256PlusPlus, rules: &Rules) -> Option<Kiswahili> {
    let mut counts = [0u32; 32];
    let namua = rng.gen_bool(0.3);
    let stores = if namua {
        [rng.gen_range(0..=12u32), rng.gen_range(0..=12u32)]
    } else {
        [0, 0]
    };
    let on_board = 64 - stores[0] - stores[1];
    let spread = rng.gen_range(8..32);
    for _ in 0..on_board {
        counts[rng.gen_range(0..spread.max(1)) * 32 / spread] += 1;
    }
    // Shuffle so that the crowded holes land anywhere.
    for i in (1..32).rev() {
        counts.swap(i, rng.gen_range(0..=i));
    }
    let rows: Vec<String> = counts
        .chunks(8)
        .map(|c| {
            c.iter()
                .map(|n| n.to_string())
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect();
    let flag = |b: bool| if b { '+' } else { '-' };
    let side = if rng.gen_bool(0.5) { "South" } else { "North" };
    let text = format!(
        "{} ; S={} N={} ; house S{} N{} ; {side} ; takasia -",
        rows.join(" / "),
        stores[0],
        stores[1],
        flag(rng.gen_bool(0.4)),
        flag(rng.gen_bool(0.4))
    );
    Kiswahili::from_text(&text, rules).ok()
}

/// Random valid positions under the default rules and a few variants.
#[test]
fn random_positions_keep_every_property() {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(64);
    let variants = variant_rules();
    let mut checked = 0;
    for i in 0..1500 {
        let rules = if i % 3 == 0 {
            variants[i % variants.len()]
        } else {
            Rules::default()
        };
        if let Some(pos) = random_position(&mut rng, &rules) {
            check_position(&pos, i % 4 == 0);
            // One move further, to reach takasia positions from random ones.
            let moves = pos.moves();
            if !moves.is_empty() {
                let next = pos.play(moves[rng.gen_range(0..moves.len())]).unwrap();
                check_position(&next, false);
            }
            checked += 1;
        }
    }
    assert!(checked > 1000, "{checked}");
}

/// South/North symmetry: a game and its mirror (first player North) have the same moves
/// (as ring-relative moves) and mirrored positions at every ply.
#[test]
fn mirror_symmetry() {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(99);
    for rules in variant_rules() {
        let mut mirrored_rules = rules;
        let other = match rules.first_player {
            Side::South => "north",
            Side::North => "south",
        };
        mirrored_rules.set_option("first-player", other).unwrap();
        for _ in 0..6 {
            let mut a = Kiswahili::start(&rules);
            let mut b = Kiswahili::start(&mirrored_rules);
            for _ in 0..300 {
                assert_eq!(mirror_text(&a.to_text()), b.to_text());
                let ma = a.moves();
                assert_eq!(ma, b.moves(), "{a}");
                assert_eq!(
                    a.outcome()
                        .map(|o| (o.winner.map(Side::opponent), o.reason)),
                    b.outcome().map(|o| (o.winner, o.reason))
                );
                if ma.is_empty() {
                    break;
                }
                let mv = ma[rng.gen_range(0..ma.len())];
                a = a.play(mv).unwrap();
                b = b.play(mv).unwrap();
            }
        }
    }
    // Random positions too.
    for i in 0..400 {
        let rules = Rules::default();
        if let Some(pos) = random_position(&mut rng, &rules) {
            let m = Kiswahili::from_text(&mirror_text(&pos.to_text()), &rules).unwrap();
            assert_eq!(pos.moves(), m.moves(), "{pos} ({i})");
            for mv in pos.moves() {
                assert_eq!(
                    mirror_text(&pos.play(mv).unwrap().to_text()),
                    m.play(mv).unwrap().to_text()
                );
            }
        }
    }
}

/// Random games from the start end; the outcome agrees with the final position.
#[test]
fn random_games_end_with_a_result() {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(5);
    let mut ended = 0;
    for _ in 0..200 {
        let mut pos = Kiswahili::start(&Rules::default());
        let mut children = Vec::new();
        for _ in 0..3000 {
            pos.children(&mut children);
            if children.is_empty() {
                break;
            }
            pos = children[rng.gen_range(0..children.len())].1;
        }
        if let Some(o) = pos.outcome() {
            ended += 1;
            // The mover who emptied his own front row loses (K-R12.2); otherwise the side
            // to move has lost (bao hamna, no legal move).
            let loser = match o.reason {
                bao_rules::EndReason::FrontRowEmpty => pos.side_to_move().opponent(),
                _ => pos.side_to_move(),
            };
            assert_eq!(o.winner, Some(loser.opponent()), "{pos}");
            assert!(
                pos.ring(loser)[..8].iter().all(|&c| c == 0)
                    || o.reason == bao_rules::EndReason::NoLegalMove
            );
        }
    }
    assert_eq!(ended, 200);
}

#[test]
fn a_pass_keeps_the_board_and_hands_over_the_move() {
    // `Kiswahili::passed` (for null-move pruning): the same rings, stores and nyumba,
    // the other side to move, no takasia; a finished position stays as it is.
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(0x9a55);
    let (mut passes, mut with_takasia) = (0, 0);
    for _ in 0..20 {
        let mut pos = Kiswahili::start(&Rules::default());
        for _ in 0..200 {
            let p = pos.passed();
            if pos.outcome().is_some() {
                assert_eq!(p, pos);
                break;
            }
            for side in [Side::South, Side::North] {
                assert_eq!(p.ring(side), pos.ring(side));
                assert_eq!(p.store(side), pos.store(side));
                assert_eq!(p.nyumba_owned(side), pos.nyumba_owned(side));
            }
            assert_eq!(p.side_to_move(), pos.side_to_move().opponent());
            assert_eq!(p.takasia(), None);
            assert_eq!(seeds(&p), 64);
            with_takasia += usize::from(pos.takasia().is_some());
            // Passing twice is the position without its takasia'd hole.
            assert_eq!(p.passed().to_text().replace(" ; takasia -", ""), {
                let t = pos.to_text();
                t[..t.find(" ; takasia").unwrap()].to_string()
            });
            passes += 1;
            let moves = pos.moves();
            if moves.is_empty() {
                break;
            }
            pos = pos.play(moves[rng.gen_range(0..moves.len())]).unwrap();
        }
    }
    assert_eq!((passes, with_takasia), (980, 2));
}
