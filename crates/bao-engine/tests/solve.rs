//! The solver (docs/solved.md): exact values of both start positions, certificates
//! written, verified and rejected when tampered with, per-move values, a mid-game
//! position, and the toy game against brute force.
//!
//! The values the solver finds are checked against certificates that the rules-only
//! checker (`verify_text`: the rules crate and no search) accepts: the certificate proves
//! the value's bound (a win within n plies, a score of at least s seeds for each side), the
//! solver's refutation of every shorter win its exactness. The Bao la Kujifunza solve and
//! the per-move margins of the Kingulu start take about 40 s together at the test
//! profile's opt-level 1 (measured on the 2-core machine); the Kujifunza certificate is also
//! kept in `tests/data/kujifunza-start.cert` and checked (and tampered with) in every run.

mod common;

use bao_engine::solve::{
    verify_text, Certificate, Claim, ExactValue, Solvable, SolveLimits, Solver,
};
use bao_rules::kingulu::Kingulu;
use bao_rules::kiswahili::{Kiswahili, Rules as KiswahiliRules};
use bao_rules::{Game, RuleSet, Side};
use common::Nim;

const T32: &str = "0 1 4 1 2 1 / 1 4 6 0 6 1 ; S=9 N=12 ; South";
const KUJIFUNZA_CERT: &str = include_str!("data/kujifunza-start.cert");

fn kingulu_start() -> Kingulu {
    Kingulu::start(&Default::default())
}

fn solver<G: Solvable>() -> Solver<G> {
    Solver::new(SolveLimits::default())
}

/// The certificate text with line `n` (1-based) replaced by `f(line)` (or removed).
fn edit_line(text: &str, n: usize, f: impl Fn(&str) -> Option<String>) -> String {
    text.lines()
        .enumerate()
        .filter_map(|(i, l)| {
            if i + 1 == n {
                f(l)
            } else {
                Some(l.to_string())
            }
        })
        .map(|l| l + "\n")
        .collect()
}

/// The line of the first flaw `verify_text` reports.
fn flaw_line(text: &str) -> usize {
    verify_text(text)
        .expect_err("tampered certificate accepted")
        .line
}

#[test]
fn kingulu_start_is_a_south_win_in_exactly_29_plies_and_its_moves() {
    let start = kingulu_start();
    let mut s = solver::<Kingulu>();
    let r = s.outcome(&start);
    assert_eq!(r.value, Some(ExactValue::Win(29)));
    // Minimality: no side forces a win within 28 plies.
    assert_eq!(r.no_win_within, 28);
    // Per-move values (the same solver: its tables carry over).
    let values: Vec<(String, Option<ExactValue>)> = s
        .move_values(&start, false)
        .into_iter()
        .map(|v| (start.move_text(v.mv), v.value))
        .collect();
    assert_eq!(
        values,
        [
            ("A3".to_string(), Some(ExactValue::Win(29))),
            ("A4".to_string(), Some(ExactValue::Loss(20))),
            ("A5".to_string(), Some(ExactValue::Loss(23))),
            ("A6".to_string(), Some(ExactValue::Loss(25))),
        ]
    );
    // A certificate per move, checked by the rules-only checker: after A3 South (now the
    // opponent) wins within 28 more plies; after A4, A5, A6 North, to move, wins within
    // 19, 22, 24 plies (the values above, one ply less: the move itself).
    for (mv, claim) in [
        ("A3", Claim::Loss(28)),
        ("A4", Claim::Win(19)),
        ("A5", Claim::Win(22)),
        ("A6", Claim::Win(24)),
    ] {
        let child = start.play(start.parse_move(mv).unwrap()).unwrap();
        let value = match claim {
            Claim::Win(n) => ExactValue::Win(n),
            Claim::Loss(n) => ExactValue::Loss(n),
            Claim::Margin { .. } => unreachable!(),
        };
        let text = s.outcome_certificate(&child, value).unwrap().to_text();
        assert_eq!(verify_text(&text).unwrap().claim, claim, "{mv}");
        // The bound is tight for the certificate: one ply less does not verify.
        let shorter = match claim {
            Claim::Win(n) => {
                text.replace(&format!("claim win {n}"), &format!("claim win {}", n - 1))
            }
            Claim::Loss(n) => {
                text.replace(&format!("claim loss {n}"), &format!("claim loss {}", n - 1))
            }
            Claim::Margin { .. } => unreachable!(),
        };
        assert!(verify_text(&shorter).is_err(), "{mv}");
    }
}

#[test]
fn kingulu_start_per_move_margins() {
    let start = kingulu_start();
    let mut s = solver::<Kingulu>();
    let margins: Vec<(String, Option<u32>)> = s
        .move_values(&start, true)
        .into_iter()
        .map(|v| (start.move_text(v.mv), v.south_score))
        .collect();
    assert_eq!(
        margins,
        [
            ("A3".to_string(), Some(26)),
            ("A4".to_string(), Some(19)),
            ("A5".to_string(), Some(16)),
            ("A6".to_string(), Some(22)),
        ]
    );
    // Each move's margin certified, both halves (South scores at least s, North at least
    // 48 − s), by the rules-only checker.
    for (mv, south) in [("A3", 26), ("A4", 19), ("A5", 16), ("A6", 22)] {
        let child = start.play(start.parse_move(mv).unwrap()).unwrap();
        let text = s.margin_certificate(&child, south).unwrap().to_text();
        let north = 48 - south;
        assert_eq!(
            verify_text(&text).unwrap().claim,
            Claim::Margin { south, north },
            "{mv}"
        );
    }
}

#[test]
fn the_bao_engine_api_gives_per_move_values_within_a_budget() {
    let pos = Kingulu::from_text(T32, &Default::default()).unwrap();
    let values = bao_engine::solve::move_values(&pos, 60_000);
    let texts: Vec<String> = values
        .iter()
        .map(|(m, v)| {
            format!(
                "{}: {}",
                pos.move_text(*m),
                v.map_or("not proven".to_string(), |v| v.to_string())
            )
        })
        .collect();
    assert_eq!(
        texts,
        ["A3: loss in 12", "A5: loss in 28", "A6: loss in 22"]
    );
    let start = kingulu_start();
    // A budget too small to prove anything says so instead of guessing.
    let none = bao_engine::solve::move_values(&start, 0);
    assert_eq!(none.len(), 4);
    assert!(none.iter().all(|(_, v)| v.is_none()), "{none:?}");
}

#[test]
fn a_node_limit_reports_bounds_not_a_guess() {
    let mut s: Solver<Kingulu> = Solver::new(SolveLimits {
        nodes: Some(20_000),
        ..SolveLimits::default()
    });
    let r = s.outcome(&kingulu_start());
    assert_eq!(r.value, None);
    assert!(s.stopped());
    // What was proven before the limit: no win within some plies, never 29 or more.
    assert!(r.no_win_within >= 1 && r.no_win_within < 29, "{r:?}");
}

#[test]
fn t32_mid_game_position_is_a_north_win_in_28() {
    // The T32 position (G-R15): South to move loses; the longest defence is 28 plies
    // (A5), as the alpha-beta search (`bao analyze`) also finds.
    let pos = Kingulu::from_text(T32, &Default::default()).unwrap();
    let mut s = solver::<Kingulu>();
    assert_eq!(s.outcome(&pos).value, Some(ExactValue::Loss(28)));
    let values: Vec<(String, Option<ExactValue>)> = s
        .move_values(&pos, false)
        .into_iter()
        .map(|v| (pos.move_text(v.mv), v.value))
        .collect();
    assert_eq!(
        values,
        [
            ("A3".to_string(), Some(ExactValue::Loss(12))),
            ("A5".to_string(), Some(ExactValue::Loss(28))),
            ("A6".to_string(), Some(ExactValue::Loss(22))),
        ]
    );
    // Its certificate: North's strategy against every South move.
    let cert = s.outcome_certificate(&pos, ExactValue::Loss(28)).unwrap();
    assert_eq!(cert.claim, Claim::Loss(28));
    assert_eq!(cert.proofs[0].prover, Side::North);
    let report = verify_text(&cert.to_text()).unwrap();
    assert_eq!(report.claim, Claim::Loss(28));
    // One ply less is not enough: the same strategy does not fit a `loss 27` claim.
    let short = cert.to_text().replace("claim loss 28", "claim loss 27");
    assert!(verify_text(&short).is_err());
}

#[test]
fn kingulu_win_certificate_verifies_and_tampering_is_caught_with_the_line() {
    let start = kingulu_start();
    let mut s = solver::<Kingulu>();
    let value = s.outcome(&start).value.unwrap();
    let cert = s.outcome_certificate(&start, value).unwrap();
    let text = cert.to_text();
    let report = verify_text(&text).unwrap();
    assert_eq!(report.claim, Claim::Win(29));
    assert_eq!(report.lines, cert.positions());
    assert!(report.positions_checked > report.lines);
    // Round trip of the format.
    assert_eq!(Certificate::parse(&text).unwrap().to_text(), text);

    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[5], "proof South win");
    assert!(lines[6].starts_with("29 A3 4 4 4 4 4 4 / 4 4 4 4 4 4"));
    // One move changed: the start's A3 (the only winning move) becomes A4.
    let changed = edit_line(&text, 7, |l| Some(l.replacen(" A3 ", " A4 ", 1)));
    assert_eq!(flaw_line(&changed), 7);
    // One reply removed: the line of a position after a North reply is dropped; the flaw
    // is named at the line whose move lets North reach it.
    let removed = edit_line(&text, 8, |_| None);
    let err = verify_text(&removed).unwrap_err();
    assert!(err.message.contains("a reply is not covered"), "{err}");
    assert_eq!(err.line, 7, "{err}");
    // A claim shorter than the proof.
    let shorter = text.replace("claim win 29", "claim win 28");
    assert_eq!(flaw_line(&shorter), 7);
}

#[test]
fn kingulu_start_margin_is_26_22_with_both_halves_certified() {
    let start = kingulu_start();
    let mut s = solver::<Kingulu>();
    let m = s.margin(&start);
    assert_eq!(m.south_at_least, Some(26));
    assert_eq!(m.south_at_most, Some(26));
    let south = m.exact().unwrap();
    let cert = s.margin_certificate(&start, south).unwrap();
    assert_eq!(
        cert.claim,
        Claim::Margin {
            south: 26,
            north: 22
        }
    );
    assert_eq!(cert.proofs.len(), 2);
    let text = cert.to_text();
    assert_eq!(
        verify_text(&text).unwrap().claim,
        Claim::Margin {
            south: 26,
            north: 22
        }
    );
    // Claiming one seed more for South than its half proves is rejected.
    let greedy = text
        .replace("claim margin 26-22", "claim margin 27-21")
        .replace("proof South score 26", "proof South score 27")
        .replace("proof North score 22", "proof North score 21");
    assert!(verify_text(&greedy).is_err());
    // Dropping North's half is rejected at the claim line.
    let one_half: String = text.split("proof North").next().unwrap().to_string();
    assert_eq!(flaw_line(&one_half), 5);
}

#[test]
fn kujifunza_certificate_verifies_and_tampering_is_caught_with_the_line() {
    let report = verify_text(KUJIFUNZA_CERT).unwrap();
    assert_eq!(report.game, "kiswahili");
    assert_eq!(report.claim, Claim::Win(21));
    let lines: Vec<&str> = KUJIFUNZA_CERT.lines().collect();
    assert_eq!(lines[2], "rules kujifunza");
    assert!(lines[6].starts_with("21 A3> "));
    // One move changed at the start.
    let changed = edit_line(KUJIFUNZA_CERT, 7, |l| Some(l.replacen(" A3> ", " A3< ", 1)));
    assert_eq!(flaw_line(&changed), 7);
    // One reply removed.
    let removed = edit_line(KUJIFUNZA_CERT, 8, |_| None);
    let err = verify_text(&removed).unwrap_err();
    assert!(err.message.contains("a reply is not covered"), "{err}");
    assert_eq!(err.line, 7, "{err}");
}

#[test]
fn kujifunza_start_is_a_south_win_in_exactly_21_plies() {
    let rules = KiswahiliRules::profile("kujifunza").unwrap();
    let start = Kiswahili::start(&rules);
    let mut s = solver::<Kiswahili>();
    let r = s.outcome(&start);
    assert_eq!(r.value, Some(ExactValue::Win(21)));
    assert_eq!(r.no_win_within, 20);
    let cert = s.outcome_certificate(&start, ExactValue::Win(21)).unwrap();
    assert_eq!(cert.to_text(), KUJIFUNZA_CERT);
}

#[test]
fn a_proof_that_repeats_a_position_is_rejected() {
    // From T32, `A6 a6` restores the position (G-R15). A "strategy" that answers with A6
    // for ever never ends: its line must claim fewer plies than itself.
    let pos = Kingulu::from_text(T32, &Default::default()).unwrap();
    let after = pos.play(pos.parse_move("A6").unwrap()).unwrap();
    let back = after.play(after.parse_move("a6").unwrap()).unwrap();
    assert_eq!(back, pos);
    let mut cert = Certificate::for_position(&pos, Claim::Win(40));
    cert.proofs.push(bao_engine::solve::certificate::Proof {
        prover: Side::South,
        goal: bao_engine::solve::Goal::Win,
        lines: vec![bao_engine::solve::certificate::ProofLine {
            plies: 40,
            mv: "A6".into(),
            position: T32.into(),
            line: 0,
        }],
        line: 0,
    });
    let err = verify_text(&cert.to_text()).unwrap_err();
    assert_eq!(err.line, 7, "{err}");
}

#[test]
fn bad_certificates_get_clear_errors() {
    let err = verify_text("hello\n").unwrap_err();
    assert_eq!(err.line, 1);
    let err = verify_text("bao-certificate 1\ngame chess\nrules default\nstart x\nclaim win 3\n")
        .unwrap_err();
    assert!(err.message.contains("chess"), "{err}");
    let text = KUJIFUNZA_CERT.replacen("\n21 A3> ", "\ntwenty A3> ", 1);
    assert_eq!(flaw_line(&text), 7);
    let unterminated = KUJIFUNZA_CERT.trim_end().trim_end_matches("end");
    assert_eq!(flaw_line(unterminated), 6);
}

/// Brute force: the exact value of a toy-game position (plain minimax on distance).
fn brute(pos: &Nim) -> ExactValue {
    if let Some(o) = pos.outcome() {
        return if o.winner == Some(pos.side_to_move()) {
            ExactValue::Win(0)
        } else {
            ExactValue::Loss(0)
        };
    }
    let mut best: Option<ExactValue> = None;
    for m in pos.moves() {
        let v = brute(&pos.play(m).unwrap()).before_move();
        best = Some(match (best, v) {
            (None, v) => v,
            (Some(ExactValue::Win(a)), ExactValue::Win(b)) => ExactValue::Win(a.min(b)),
            (Some(ExactValue::Win(a)), _) => ExactValue::Win(a),
            (Some(_), ExactValue::Win(b)) => ExactValue::Win(b),
            (Some(ExactValue::Loss(a)), ExactValue::Loss(b)) => ExactValue::Loss(a.max(b)),
            (Some(x), _) => x,
        });
    }
    best.unwrap()
}

#[test]
fn toy_game_values_and_lengths_match_brute_force() {
    let mut checked = 0;
    for a in 0..5u8 {
        for b in 0..4u8 {
            for c in 0..3u8 {
                let pos = Nim::new([a, b, c]);
                let mut s = solver::<Nim>();
                let got = s.outcome(&pos).value.unwrap();
                assert_eq!(got, brute(&pos), "heaps {a} {b} {c}");
                // Theory: lost for the side to move iff the xor of (h mod 4) is 0.
                let lost = (a % 4) ^ (b % 4) ^ (c % 4) == 0;
                assert_eq!(
                    matches!(got, ExactValue::Loss(_)),
                    lost,
                    "heaps {a} {b} {c}"
                );
                checked += 1;
            }
        }
    }
    assert_eq!(checked, 60);
}

impl Solvable for Nim {
    fn locked_seeds(&self, _side: Side) -> Option<u32> {
        None
    }
    fn final_score(&self, _side: Side) -> Option<u32> {
        None
    }
}

#[test]
fn level_10_plays_the_margin_optimal_move_where_proven() {
    use bao_engine::{Engine, EngineConfig, Limits, Score};
    // Reached by the start proof (A3 a3): A6 wins in 21 plies with South 27-21, A1 loses.
    let pos = Kingulu::from_text(
        "0 2 1 0 1 1 / 9 3 0 0 1 9 ; S=9 N=12 ; South",
        &Default::default(),
    )
    .unwrap();
    let a6 = pos.parse_move("A6").unwrap();
    assert_eq!(
        bao_engine::solve::perfect_move(&pos, 60_000),
        Some((a6, Some(ExactValue::Win(21))))
    );
    assert_eq!(
        bao_engine::solve::margin_values(&pos, 60_000),
        [(pos.parse_move("A1").unwrap(), Some(17)), (a6, Some(27))]
    );
    let mut engine: Engine<Kingulu> = Engine::new(EngineConfig::level(10));
    let r = engine.search(&pos, Limits::default(), &mut |_| {});
    assert_eq!(r.best, Some(a6));
    assert_eq!(r.info.score, Score::Win(21));
    // T32: after A6 the margin depends on whether a side may cycle for ever (G-R15), so
    // it is not proven and there is no perfect move to play.
    let t32 = Kingulu::from_text(T32, &Default::default()).unwrap();
    assert_eq!(bao_engine::solve::perfect_move(&t32, 60_000), None);
    let values = bao_engine::solve::margin_values(&t32, 60_000);
    assert_eq!(values[2], (t32.parse_move("A6").unwrap(), None));
}

/// The per-move values that `bao play`'s oracle and hint, the web's oracle and hint and
/// `e2e/oracle.mjs` expect (crates/bao-cli/tests/oracle.rs, crates/bao-web/tests/api.rs),
/// each certified by the rules-only checker: the value's bound by an outcome certificate
/// of the position after the move (a loss in n for the mover: the opponent, to move, wins
/// within n − 1; a win in n: the opponent loses within n − 1), the final score by a
/// margin certificate (both halves). A draw is the margin 24–24.
fn assert_certified_moves(pos: &Kingulu, expected: &[(&str, Option<ExactValue>, u32)]) {
    let mut s = solver::<Kingulu>();
    let texts: Vec<String> = pos.moves().iter().map(|m| pos.move_text(*m)).collect();
    let names: Vec<&str> = expected.iter().map(|e| e.0).collect();
    assert_eq!(texts, names, "{}", pos.to_text());
    for &(mv, value, south) in expected {
        let child = pos.play(pos.parse_move(mv).unwrap()).unwrap();
        assert_eq!(
            s.outcome(&child).value.map(|v| match v {
                ExactValue::Win(n) => ExactValue::Loss(n + 1),
                ExactValue::Loss(n) => ExactValue::Win(n + 1),
                ExactValue::Draw => ExactValue::Draw,
            }),
            Some(value.unwrap_or(ExactValue::Draw)),
            "{mv}"
        );
        if let Some(v) = value {
            let (child_value, claim) = match v {
                ExactValue::Loss(n) => (ExactValue::Win(n - 1), Claim::Win(n - 1)),
                ExactValue::Win(n) => (ExactValue::Loss(n - 1), Claim::Loss(n - 1)),
                ExactValue::Draw => unreachable!(),
            };
            let text = s
                .outcome_certificate(&child, child_value)
                .unwrap()
                .to_text();
            assert_eq!(verify_text(&text).unwrap().claim, claim, "{mv}");
        }
        let north = 48 - south;
        assert_eq!(s.margin(&child).exact(), Some(south), "{mv}");
        let text = s.margin_certificate(&child, south).unwrap().to_text();
        assert_eq!(
            verify_text(&text).unwrap().claim,
            Claim::Margin { south, north },
            "{mv}"
        );
    }
}

#[test]
fn the_oracle_and_hint_values_are_certified() {
    // oracle.rs LATE: A1 and A6 lose in 8 (South 20–28 and 22–26).
    let late = Kingulu::from_text(
        "0 0 1 0 2 1 / 1 0 0 2 0 1 ; S=20 N=20 ; South",
        &Default::default(),
    )
    .unwrap();
    assert_certified_moves(
        &late,
        &[
            ("A1", Some(ExactValue::Loss(8)), 20),
            ("A6", Some(ExactValue::Loss(8)), 22),
        ],
    );
    // The start after A4 a3: A1 loss in 20 (20–28), A2 loss in 18 (21–27), A3 draw
    // (24–24), A4 loss in 18 (20–28), A6 win in 17 (25–23).
    let start = kingulu_start();
    let a4 = start.play(start.parse_move("A4").unwrap()).unwrap();
    let two = a4.play(a4.parse_move("a3").unwrap()).unwrap();
    assert_certified_moves(
        &two,
        &[
            ("A1", Some(ExactValue::Loss(20)), 20),
            ("A2", Some(ExactValue::Loss(18)), 21),
            ("A3", None, 24),
            ("A4", Some(ExactValue::Loss(18)), 20),
            ("A6", Some(ExactValue::Win(17)), 25),
        ],
    );
}
