//! The worked cases T1–T30 of the Bao la Kiswahili spec (K-§4), from
//! `tests/data/kiswahili_cases.txt`: legal move sets, never-ending moves, lap counts, the
//! full resulting positions and outcomes.

use bao_rules::kiswahili::{parse_hole, Kiswahili, Move, MoveKind, Rules};
use bao_rules::{perft, Game, RuleSet};

const DATA: &str = include_str!("data/kiswahili_cases.txt");

#[derive(Default, Debug)]
struct Case {
    name: String,
    rules: Vec<(String, String)>,
    position: String,
    legal: Option<Vec<String>>,
    never_ending: Vec<String>,
    after: Vec<(String, String)>,
    result: Vec<(String, String)>,
    laps: Vec<(String, u32)>,
}

fn cases() -> Vec<Case> {
    let mut out: Vec<Case> = Vec::new();
    for line in DATA.lines() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        if let Some(name) = line.strip_prefix('[').and_then(|l| l.strip_suffix(']')) {
            out.push(Case {
                name: name.to_string(),
                ..Case::default()
            });
            continue;
        }
        let case = out.last_mut().expect("a line before the first [case]");
        let (key, rest) = line.split_once(' ').unwrap_or((line, ""));
        let pair = |rest: &str| {
            let (a, b) = rest.split_once(" = ").expect("`<move> = <value>`");
            (a.trim().to_string(), b.trim().to_string())
        };
        match key {
            "rules" => {
                for kv in rest.split_whitespace() {
                    let (k, v) = kv.split_once('=').unwrap();
                    case.rules.push((k.to_string(), v.to_string()));
                }
            }
            "position" => case.position = rest.to_string(),
            "legal" => case.legal = Some(rest.split_whitespace().map(String::from).collect()),
            "never-ending" => {
                case.never_ending = rest.split_whitespace().map(String::from).collect()
            }
            "after" => case.after.push(pair(rest)),
            "result" => case.result.push(pair(rest)),
            "laps" => {
                let (m, n) = pair(rest);
                case.laps.push((m, n.parse().unwrap()));
            }
            other => panic!("unknown key {other:?} in case {}", case.name),
        }
    }
    out
}

fn rules_of(case: &Case) -> Rules {
    let mut rules = Rules::default();
    for (k, v) in &case.rules {
        if k == "profile" {
            rules = Rules::profile(v).unwrap();
        } else {
            rules.set_option(k, v).unwrap();
        }
    }
    rules
}

/// A move by text without legality checks (for never-ending moves, which are illegal).
fn raw_move(text: &str) -> Move {
    let (_, hole) = parse_hole(&text[..2]).unwrap();
    let right = &text[2..3] == ">";
    let cw = (hole < 8) == right;
    Move::new(hole, cw, text.ends_with('+'), MoveKind::Takata)
}

fn check(name: &str) {
    let all = cases();
    let case = all
        .iter()
        .find(|c| c.name == name)
        .unwrap_or_else(|| panic!("no case {name}"));
    let rules = rules_of(case);
    let pos =
        Kiswahili::from_text(&case.position, &rules).unwrap_or_else(|e| panic!("{name}: {e}"));
    assert_eq!(pos.to_text(), case.position, "{name}: canonical text");
    if let Some(legal) = &case.legal {
        let got: Vec<String> = pos.moves().iter().map(|m| pos.move_text(*m)).collect();
        assert_eq!(&got, legal, "{name}: legal moves");
        if legal.is_empty() {
            assert!(
                pos.outcome().is_some(),
                "{name}: no legal move means the game is over"
            );
        }
    }
    for text in &case.never_ending {
        let mv = raw_move(text);
        let (laps, never) = pos.laps(mv);
        assert!(
            never,
            "{name}: {text} should be never-ending (ended after {laps} laps)"
        );
        let err = pos.parse_move(text).unwrap_err();
        assert!(err.message.contains("never ends"), "{name}: {text}: {err}");
    }
    for (text, laps) in &case.laps {
        let mv = pos
            .parse_move(text)
            .unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(pos.laps(mv), (*laps, false), "{name}: laps of {text}");
    }
    for (text, expected) in &case.after {
        let mv = pos
            .parse_move(text)
            .unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(pos.move_text(mv), *text);
        let next = pos.play(mv).unwrap();
        assert_eq!(next.to_text(), *expected, "{name}: position after {text}");
        assert_eq!(
            pos.play_unchecked(mv),
            next,
            "{name}: play_unchecked after {text}"
        );
        let (traced, events) = pos.play_traced(mv).unwrap();
        assert_eq!(traced, next, "{name}: play_traced after {text}");
        assert!(!events.is_empty());
        // The expected text parses back to the same position (outcome included).
        let parsed = Kiswahili::from_text(expected, &rules).unwrap();
        assert_eq!(parsed.to_text(), *expected);
        assert_eq!(
            parsed.outcome(),
            next.outcome(),
            "{name}: outcome after {text} vs parsed"
        );
    }
    for (text, expected) in &case.result {
        let mv = pos
            .parse_move(text)
            .unwrap_or_else(|e| panic!("{name}: {e}"));
        let next = pos.play(mv).unwrap();
        let got = next.outcome().map_or("none".to_string(), |o| o.to_string());
        assert_eq!(got, *expected, "{name}: result after {text}");
    }
}

/// K-§1.7, R6.1, R7.1: the initial position, its 4 moves and their results; North's
/// replies (perft 2 = 14 by hand).
#[test]
fn t01_initial_position() {
    check("t01");
    check("t01-after-A6<");
    check("t01-after-A7<");
    let start = Kiswahili::start(&Rules::default());
    assert_eq!(start.to_text(), cases()[0].position);
    let divide = bao_rules::perft::perft_divide(&start, 2);
    let want: Vec<(String, u64)> = [("A6<", 4), ("A6>", 4), ("A7<", 2), ("A7>", 4)]
        .iter()
        .map(|(m, n)| (m.to_string(), *n))
        .collect();
    assert_eq!(divide, want);
}

/// K-R5.1, R6.3, R8.2: namua capture from a central hole, kichwa choice, nyumba captured.
#[test]
fn t02_namua_capture_kichwa_choice() {
    check("t02");
}

/// K-R5.1, R5.2, R6.3: kimbi capture (forced kichwa) with a second capture.
#[test]
fn t03_namua_kimbi_capture_second_capture() {
    check("t03");
}

/// K-R7.1, R7.3: the tax.
#[test]
fn t04_tax() {
    check("t04");
    let pos = Kiswahili::from_text(
        &cases().iter().find(|c| c.name == "t04").unwrap().position,
        &Rules::default(),
    )
    .unwrap();
    assert!(pos.moves().iter().all(|m| m.kind() == MoveKind::Tax));
}

/// K-R4.4, R6.4, R8.4: safari versus stop; OPT-NAMU-SAFARI=compulsory.
#[test]
fn t05_safari_versus_stop() {
    check("t05");
    check("t05-compulsory");
}

/// K-R4, R7.1, R4.4: relay chains; stop in the functional nyumba.
#[test]
fn t06_namua_takata_relay_and_nyumba_stop() {
    check("t06");
}

/// K-R5.2, R9: mtaji capture chain reversing direction at the far kimbi.
#[test]
fn t07_mtaji_capture_chain_direction_change() {
    check("t07");
}

/// K-R9.3, R10.3: 16-seed rule, lone kichwa, takata relays over capture geometry.
#[test]
fn t08_sixteen_seed_rule_lone_kichwa() {
    check("t08");
}

/// K-R11: takasia creation, effect (start exclusion and stop), expiry.
#[test]
fn t09_takasia_creation_effect_expiry() {
    check("t09");
    check("t09-takasia");
    check("t09-expired");
}

/// K-R12.1, R12.5: game over in the middle of a move; captured seeds to the store.
#[test]
fn t10_game_over_mid_move() {
    check("t10");
}

/// K-R12.3: the opponent has only singletons.
#[test]
fn t11_opponent_cannot_move() {
    check("t11");
}

/// K-R10.1, R10.3: front-row priority, lone kichwa.
#[test]
fn t12_mtaji_front_priority_lone_kichwa() {
    check("t12");
}

/// K-R7.2: namua singleton restriction without a nyumba.
#[test]
fn t13_namua_singleton_restriction() {
    check("t13");
    check("t13b");
}

/// K-R7.2, R8.2, R8.3: a dormant nyumba is an ordinary hole; OPT-NAMU-SINGLETON=when-owned.
#[test]
fn t14_dormant_nyumba() {
    check("t14");
    check("t14-when-owned");
}

/// K-R8.3, R4.4: functional on arrival; OPT-FUNCTIONAL-CHECK=move-start-snapshot.
#[test]
fn t14b_functional_on_arrival() {
    check("t14b");
    check("t14b-snapshot");
}

/// K-R11.4 (d): takasia of a singleton; OPT-TAKASIA-SINGLETON=exempt and `de-voogt`.
#[test]
fn t15_takasia_singleton() {
    check("t15");
    check("t15-reply");
    check("t15-singleton-exempt");
    check("t15-singleton-exempt-reply");
    check("t15-de-voogt");
}

/// K-R11: the KIBA takasia position, its origin, lap counts and the stop in a4.
#[test]
fn t16_kiba_takasia_position() {
    check("t16-origin");
    check("t16");
}

/// K-R13: a never-ending move (100-lap cycle) is illegal; a 25-lap move is legal;
/// OPT-NEVER-ENDING-POLICY=mover-loses.
#[test]
fn t17_never_ending_move() {
    check("t17");
    check("t17-mover-loses");
}

/// K-T18: perft from the initial position.
#[test]
fn t18_perft() {
    let start = Kiswahili::start(&Rules::default());
    let got: Vec<u64> = (1..=5).map(|d| perft::perft(&start, d)).collect();
    assert_eq!(got, [4, 14, 38, 124, 405]);
}

/// K-R5.2: capture in the near kimbi.
#[test]
fn t19_capture_in_near_kimbi() {
    check("t19");
}

/// K-R9.3: exactly 16 seeds cannot capture.
#[test]
fn t20_sixteen_seeds_cannot_capture() {
    check("t20");
}

/// K-R11.4 (a): a functional nyumba is never takasia'd.
#[test]
fn t21_takasia_exemption_functional_nyumba() {
    check("t21");
}

/// K-R11.4 (b): the only occupied front hole.
#[test]
fn t22_takasia_exemption_only_occupied() {
    check("t22");
}

/// K-R11.4 (c): the only front hole with ≥ 2 seeds.
#[test]
fn t23_takasia_exemption_only_two_seed_hole() {
    check("t23");
}

/// K-R11.2: no takasia when the opponent has a capture.
#[test]
fn t24_no_takasia_when_opponent_captures() {
    check("t24");
}

/// K-R11.3: two target holes, no takasia.
#[test]
fn t25_two_targets_no_takasia() {
    check("t25");
}

/// K-R11.5: the first-lap-from-nyumba exception (and with the option off).
#[test]
fn t26_first_lap_from_nyumba_exception() {
    check("t26");
    check("t26-option-off");
}

/// K-R11.5: the exception needs a nyumba owned at the start of the move.
#[test]
fn t27_exception_needs_owned_nyumba() {
    check("t27");
}

/// K-R13.4: never-ending front takata hand over to the back row.
#[test]
fn t28_never_ending_front_to_back() {
    check("t28");
}

/// K-R13.4, R12.3: only never-ending moves left, the side to move loses.
#[test]
fn t29_only_never_ending_moves_loses() {
    check("t29");
    check("t29-after");
}

/// K-R13.4, R7.2: namua singleton fallback when every ≥ 2 move never ends.
#[test]
fn t30_namua_singleton_fallback() {
    check("t30");
}

/// Every case of the data file is run by one of the tests above.
#[test]
fn every_case_is_checked() {
    let src = include_str!("kiswahili_cases.rs");
    for case in cases() {
        assert!(
            src.contains(&format!("check(\"{}\")", case.name)),
            "case {} is not checked",
            case.name
        );
    }
}
