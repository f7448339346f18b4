//! The worked cases T1–T31 of bao-kingulu.md §7, reproduced exactly from the test data
//! file `tests/data/kingulu_cases.txt` (its header explains the record keys). Every case
//! checks the position text round-trip, the exact legal moves, the illegal moves with their
//! reasons, the exact position after the move (play, play_unchecked, play_traced and
//! children agree), the number of laps, the G-R14 scores and the outcome.

use bao_rules::kingulu::{Kingulu, Rules};
use bao_rules::{EndReason, EventKind, Game, Outcome, RuleSet, Side};

const DATA: &str = include_str!("data/kingulu_cases.txt");

/// The record of case `name`, as (key, rest of line) pairs.
fn record(name: &str) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let mut inside = false;
    for line in DATA.lines() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (key, rest) = line.split_once(' ').unwrap_or((line, ""));
        if key == "case" {
            if inside {
                break;
            }
            inside = rest.trim() == name;
            continue;
        }
        if inside {
            out.push((key.to_string(), rest.trim().to_string()));
        }
    }
    assert!(!out.is_empty(), "case {name} not found in the data file");
    out
}

fn move_list(pos: &Kingulu) -> String {
    let texts: Vec<String> = pos.moves().iter().map(|&m| pos.move_text(m)).collect();
    if texts.is_empty() {
        "-".to_string()
    } else {
        texts.join(" ")
    }
}

fn outcome_text(o: Option<Outcome>) -> String {
    match o {
        None => "none".to_string(),
        Some(o) => {
            assert_eq!(
                o.reason,
                EndReason::Score,
                "Kingulu games end by score (G-R14)"
            );
            match o.winner {
                Some(Side::South) => "South".to_string(),
                Some(Side::North) => "North".to_string(),
                None => "draw".to_string(),
            }
        }
    }
}

fn run(name: &str) {
    let rec = record(name);
    let mut rules = Rules::default();
    let mut pos: Option<Kingulu> = None;
    let mut after: Option<Kingulu> = None;
    for (key, value) in &rec {
        match key.as_str() {
            "rules" => {
                for opt in value.split_whitespace() {
                    let (n, v) = opt.split_once('=').expect("option=value");
                    rules.set_option(n, v).expect("valid option");
                }
            }
            "position" => {
                let p = Kingulu::from_text(value, &rules)
                    .unwrap_or_else(|e| panic!("{name}: position {value:?}: {e}"));
                assert_eq!(p.to_text(), *value, "{name}: canonical text round-trip");
                pos = Some(p);
            }
            "legal" => {
                let p = pos.as_ref().expect("position first");
                assert_eq!(move_list(p), *value, "{name}: legal moves");
                let mut kids = Vec::new();
                p.children(&mut kids);
                let texts: Vec<String> = kids.iter().map(|(m, _)| p.move_text(*m)).collect();
                let texts = if texts.is_empty() {
                    "-".to_string()
                } else {
                    texts.join(" ")
                };
                assert_eq!(texts, *value, "{name}: children moves");
            }
            "illegal" => {
                let p = pos.as_ref().expect("position first");
                let (mv, why) = value.split_once(' ').expect("illegal <move> <text>");
                let err = p
                    .parse_move(mv)
                    .expect_err(&format!("{name}: {mv} must be rejected"));
                assert!(
                    err.to_string().contains(why),
                    "{name}: error for {mv} is {err:?}, expected it to contain {why:?}"
                );
                if let Some(m) = pos_move(p, &mv[..2]) {
                    if !mv[2..].is_empty() {
                        continue; // only the annotation was wrong; the move itself is legal
                    }
                    assert!(p.play(m).is_err(), "{name}: play({mv}) must fail");
                    assert!(
                        p.play_traced(m).is_err(),
                        "{name}: play_traced({mv}) must fail"
                    );
                }
            }
            "move" => {
                let p = pos.as_ref().expect("position first");
                let m = p
                    .parse_move(value)
                    .unwrap_or_else(|e| panic!("{name}: move {value}: {e}"));
                assert_eq!(p.move_text(m), value.trim_end_matches(['^', 'x', '#']));
                let a = p
                    .play(m)
                    .unwrap_or_else(|e| panic!("{name}: play {value}: {e}"));
                assert_eq!(p.play_unchecked(m), a, "{name}: play_unchecked agrees");
                let (traced, events) = p.play_traced(m).expect("traced");
                assert_eq!(traced, a, "{name}: play_traced agrees");
                let last = events
                    .iter()
                    .rev()
                    .find(|e| e.kind != EventKind::GameEnd)
                    .unwrap();
                let want: Vec<u32> = a.view().rows.iter().flatten().map(|c| c.seeds).collect();
                assert_eq!(last.counts, want, "{name}: last event counts");
                assert_eq!(
                    last.stores,
                    [
                        u32::from(a.store(Side::South)),
                        u32::from(a.store(Side::North))
                    ]
                );
                let mut kids = Vec::new();
                p.children(&mut kids);
                assert!(kids.contains(&(m, a)), "{name}: children contain the move");
                assert!(p.moves().contains(&m), "{name}: the move is generated");
                after = Some(a);
            }
            "after" => {
                let a = after.as_ref().expect("move first");
                assert_eq!(a.to_text(), *value, "{name}: position after the move");
                let parsed = Kingulu::from_text(value, &rules).expect("after parses");
                assert_eq!(&parsed, a, "{name}: after text parses to the same position");
            }
            "next" => {
                let a = after.as_ref().expect("move first");
                assert_eq!(move_list(a), *value, "{name}: legal moves after the move");
            }
            "scores" => {
                let p = after.as_ref().or(pos.as_ref()).unwrap();
                let got = format!("{} {}", p.score(Side::South), p.score(Side::North));
                assert_eq!(got, *value, "{name}: G-R14 scores");
                let view = p.view();
                assert_eq!(
                    view.scores.map(|s| format!("{} {}", s[0], s[1])),
                    Some(value.clone()),
                    "{name}: view scores"
                );
            }
            "outcome" => {
                let p = after.as_ref().or(pos.as_ref()).unwrap();
                assert_eq!(outcome_text(p.outcome()), *value, "{name}: outcome");
            }
            "laps" => {
                let p = pos.as_ref().unwrap();
                let a = after.as_ref().expect("move first");
                let mv = p
                    .moves()
                    .into_iter()
                    .find(|&m| p.play(m).as_ref() == Ok(a))
                    .unwrap();
                let (_, events) = p.play_traced(mv).unwrap();
                let lifts = events.iter().filter(|e| e.kind == EventKind::Lift).count();
                let sows = events.iter().filter(|e| e.kind == EventKind::Sow).count();
                assert_eq!(lifts.to_string(), *value, "{name}: laps (Lift events)");
                assert_eq!(sows, lifts, "{name}: one Sow per lap");
            }
            other => panic!("{name}: unknown key {other}"),
        }
    }
}

/// The move named by the first two characters, when it is a well-formed pit name.
fn pos_move(p: &Kingulu, text: &str) -> Option<<Kingulu as Game>::Move> {
    let _ = p;
    let base = match text.as_bytes().first()? {
        b'A' => 0,
        b'a' => 6,
        _ => return None,
    };
    let k = text.as_bytes().get(1)?.checked_sub(b'1')? as usize;
    (k < 6)
        .then(|| bao_rules::kingulu::Move::new(base + k))
        .flatten()
}

/// T1 (G-R1, G-R7): legal moves in the initial position.
#[test]
fn t01_initial_legal_moves() {
    run("t01_initial_legal_moves");
}

/// T1 with O1 = North.
#[test]
fn t01_initial_first_player_north() {
    run("t01_initial_first_player_north");
}

/// T2 (G-R4, R6d, R7, R8): relay chain ending in a capture; 5 laps.
#[test]
fn t02_relay_chain_capture_move_2() {
    run("t02_relay_chain_capture_move_2");
}

/// T2 (G-R4, R6d, R8): the other initial moves also run 5 laps each.
#[test]
fn t02_initial_move_3() {
    run("t02_initial_move_3");
}

/// T2 (G-R4, R6d, R8): the other initial moves also run 5 laps each.
#[test]
fn t02_initial_move_4() {
    run("t02_initial_move_4");
}

/// T2 (G-R4, R6d, R8): the other initial moves also run 5 laps each.
#[test]
fn t02_initial_move_5() {
    run("t02_initial_move_5");
}

/// T3 (G-R6b): relay chain ending in an empty opponent pit.
#[test]
fn t03_relay_ends_in_empty_opponent_pit() {
    run("t03_relay_ends_in_empty_opponent_pit");
}

/// T4 (G-R8): capture from an empty own pit.
#[test]
fn t04_capture_from_empty_own_pit() {
    run("t04_capture_from_empty_own_pit");
}

/// T5 (G-R8): empty own pit, empty opposite pit: no capture.
#[test]
fn t05_empty_opposite_no_capture() {
    run("t05_empty_opposite_no_capture");
}

/// T6 (G-R6c, R9): kuweka mtoto with the last-but-one transfer.
#[test]
fn t06_kuweka_with_transfer() {
    run("t06_kuweka_with_transfer");
}

/// T7 (G-R9, O6 default): kuweka by a singleton, no transfer.
#[test]
fn t07_singleton_kuweka_no_transfer() {
    run("t07_singleton_kuweka_no_transfer");
}

/// T7 under O6 = NotAllowed: the singleton relays.
#[test]
fn t07_o6_not_allowed_relays() {
    run("t07_o6_not_allowed_relays");
}

/// T8 (G-R6): a later sowing through a reserved pit banks the seed.
#[test]
fn t08_sowing_through_reserved_pit() {
    run("t08_sowing_through_reserved_pit");
}

/// T8b (G-R9, R7): South plays 5 from the T8 result.
#[test]
fn t08b_second_kuweka() {
    run("t08b_second_kuweka");
}

/// T8b continued: North's a4 is R7-illegal.
#[test]
fn t08b_north_after_second_kuweka() {
    run("t08b_north_after_second_kuweka");
}

/// T8c (G-R7): South plays 1: illegal.
#[test]
fn t08c_first_lap_into_own_occupied_pit() {
    run("t08c_first_lap_into_own_occupied_pit");
}

/// T9 (G-R7, R6a): first lap ending in an opponent-reserved pit of one's own row: legal.
#[test]
fn t09_first_lap_into_opponent_reserved_own_pit() {
    run("t09_first_lap_into_opponent_reserved_own_pit");
}

/// T9, move 4 (G-R8): "South captures 3".
#[test]
fn t09_move_4_captures_3() {
    run("t09_move_4_captures_3");
}

/// T10 (G-R6d, R7, R8): relay through one's own row on a later lap, then a capture.
#[test]
fn t10_later_lap_own_row_relay_then_capture() {
    run("t10_later_lap_own_row_relay_then_capture");
}

/// T11 (G-R9): kuweka at the end of a relay lap.
#[test]
fn t11_kuweka_on_relay_lap() {
    run("t11_kuweka_on_relay_lap");
}

/// T12 (G-R9, A16): the penultimate seed fell into a reserved pit: no transfer.
#[test]
fn t12_penultimate_seed_banked_no_transfer() {
    run("t12_penultimate_seed_banked_no_transfer");
}

/// T13 (G-R8, O5 default): the opposite pit is reserved: no capture.
#[test]
fn t13_opposite_reserved_no_capture() {
    run("t13_opposite_reserved_no_capture");
}

/// T13 under O5 = CaptureSeedOnly.
#[test]
fn t13_o5_capture_seed_only() {
    run("t13_o5_capture_seed_only");
}

/// T14 (G-R6a): the last seed lands in the mover's own reserved pit.
#[test]
fn t14_last_seed_in_own_reserved_pit() {
    run("t14_last_seed_in_own_reserved_pit");
}

/// T15 (G-R5, O2 default): a 12-seed lap passes its own start pit.
#[test]
fn t15_twelve_seed_lap_no_skip() {
    run("t15_twelve_seed_lap_no_skip");
}

/// T15 under O2 = true: move 0 becomes R7-illegal.
#[test]
fn t15_o2_skip_start_pit() {
    run("t15_o2_skip_start_pit");
}

/// T16 (G-R12, R14): game end and scoring with reserved pits.
#[test]
fn t16_game_end_scoring_with_reserved_pits() {
    run("t16_game_end_scoring_with_reserved_pits");
}

/// T17 (G-R12, R14, O3 default): a 24-24 draw because every move is forbidden.
#[test]
fn t17_all_moves_forbidden_draw() {
    run("t17_all_moves_forbidden_draw");
}

/// end in the emptied A2, whose opposite a5 holds 2: capture 3).
#[test]
fn t17_o3_lift_first_lap_rule() {
    run("t17_o3_lift_first_lap_rule");
}

/// T18 (G-R13, R7): a non-terminating move is excluded; its cycle is 84 laps.
#[test]
fn t18_non_terminating_move_excluded() {
    run("t18_non_terminating_move_excluded");
}

/// T19 (G-R9): the penultimate seed is taken from the mover's own row.
#[test]
fn t19_penultimate_seed_from_own_row() {
    run("t19_penultimate_seed_from_own_row");
}

/// T20 (G-R9): the singleton exception is per lap (lap 2 still transfers).
#[test]
fn t20_singleton_exception_per_lap() {
    run("t20_singleton_exception_per_lap");
}

/// T21 (G-R6d): a later lap ending in an own pit that held 3 relays.
#[test]
fn t21_later_lap_own_pit_with_3_relays() {
    run("t21_later_lap_own_pit_with_3_relays");
}

/// T22 (G-R6): "before" counts seeds dropped earlier in the same lap (15-seed kuweka).
#[test]
fn t22_fifteen_seed_kuweka() {
    run("t22_fifteen_seed_kuweka");
}

/// T23 (G-R6, R7): the same counting on the R7 side.
#[test]
fn t23_same_lap_counting_r7() {
    run("t23_same_lap_counting_r7");
}

/// T24 (G-R12, R14): a move that ends the game.
#[test]
fn t24_move_ends_the_game() {
    run("t24_move_ends_the_game");
}

/// T25 (O2 = true, G-R9): the penultimate seed lies past the skipped start pit.
#[test]
fn t25_o2_penultimate_past_skipped_start() {
    run("t25_o2_penultimate_past_skipped_start");
}

/// T26 (O5 = CaptureSeedOnly changes only a reserved opposite pit; T5's shape).
#[test]
fn t26_o5_unreserved_empty_opposite() {
    run("t26_o5_unreserved_empty_opposite");
}

/// T27 (G-R13 is not a lap limit): a legal 210-lap move.
#[test]
fn t27_legal_210_lap_move() {
    run("t27_legal_210_lap_move");
}

/// T28: an 85-lap move.
#[test]
fn t28_legal_85_lap_move() {
    run("t28_legal_85_lap_move");
}

/// T29 (G-R13): a cycle of 3,997,200 laps.
#[test]
fn t29_cycle_of_3997200_laps() {
    run("t29_cycle_of_3997200_laps");
}

/// T30 (O4 = LapCap(3)) from the start.
#[test]
fn t30_lap_cap_3() {
    run("t30_lap_cap_3");
}

/// T30 (O4 = LapCap(4)).
#[test]
fn t30_lap_cap_4() {
    run("t30_lap_cap_4");
}

/// T31 (G-R12, R13, O3 default): North has no legal move; North wins 26-22.
#[test]
fn t31_no_legal_move_default() {
    run("t31_no_legal_move_default");
}

/// T31 under O3 = LiftFirstLapRule (one model only in the spec).
#[test]
fn t31_o3_lift_first_lap_rule() {
    run("t31_o3_lift_first_lap_rule");
}
