//! Options (K-§3.3), profiles (K-§3.5), text errors (notation.md §2, §3) and move
//! annotations of the Bao la Kiswahili rules, beyond the worked cases.

use bao_rules::kiswahili::{Kiswahili, MoveKind, Rules};
use bao_rules::{Game, PositionError, RuleSet, Side};

fn rules(options: &[(&str, &str)]) -> Rules {
    let mut r = Rules::default();
    for (k, v) in options {
        r.set_option(k, v).unwrap();
    }
    r
}

fn pos(text: &str, r: &Rules) -> Kiswahili {
    Kiswahili::from_text(text, r).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn texts(p: &Kiswahili) -> Vec<String> {
    p.moves().iter().map(|m| p.move_text(*m)).collect()
}

fn after(p: &Kiswahili, mv: &str) -> String {
    p.play(p.parse_move(mv).unwrap()).unwrap().to_text()
}

const T6: &str = "2 1 1 1 3 1 1 1 / 1 2 3 0 0 0 0 2 / 0 0 0 1 6 2 1 0 / 1 0 0 2 1 1 0 2 ; S=14 N=14 ; house S+ N- ; South ; takasia -";
const T7: &str = "4 4 4 3 3 3 3 4 / 0 0 5 0 7 0 3 8 / 0 1 2 0 1 0 1 0 / 0 0 2 3 1 0 1 1 ; S=0 N=0 ; house S- N- ; South ; takasia -";
const T9: &str = "2 1 2 1 0 2 0 1 / 1 7 3 6 7 4 9 4 / 3 0 3 0 0 0 2 2 / 2 0 0 0 0 1 1 0 ; S=0 N=0 ; house S- N- ; South ; takasia -";
const T17: &str = "3 3 5 6 6 5 3 5 / 9 0 0 0 0 0 0 0 / 0 1 2 3 2 1 2 1 / 1 2 0 1 2 0 1 0 ; S=0 N=0 ; house S- N- ; South ; takasia -";

/// K-§3.5: the profiles and their differences from the default.
#[test]
fn profiles() {
    assert_eq!(
        Rules::profile_names(),
        ["mancala-world", "de-voogt", "kiba", "kujifunza"]
    );
    assert_eq!(Rules::default(), Rules::profile("mancala-world").unwrap());
    let dv = Rules::profile("de-voogt").unwrap();
    assert_eq!(
        dv.differences(),
        Vec::<(&str, String)>::new(),
        "differences are relative to the rules' own profile"
    );
    let mut diffs: Vec<_> = dv
        .options()
        .into_iter()
        .zip(Rules::default().options())
        .filter(|(a, b)| a != b)
        .map(|(a, _)| a)
        .collect();
    diffs.sort();
    assert_eq!(
        diffs,
        [
            ("takasia-firstlap-nyumba", "off".to_string()),
            ("takasia-singleton", "exempt".to_string())
        ]
    );
    let kiba = Rules::profile("kiba").unwrap();
    assert!(!kiba.takasia_firstlap_nyumba && !kiba.takasia_singleton_exempt);
    let err = Rules::profile("zanzibar").unwrap_err();
    assert!(
        err.message.contains("zanzibar") && err.message.contains("mancala-world"),
        "{err}"
    );
    let mut r = Rules::default();
    let err = r.set_option("takasia-singleton", "maybe").unwrap_err();
    assert!(
        err.message.contains("takasia-singleton") && err.message.contains("exempt"),
        "{err}"
    );
    assert_eq!(
        r,
        Rules::default(),
        "a failed set_option leaves the options unchanged"
    );
    r.set_option("max-plies", "300").unwrap();
    assert_eq!(r.max_plies, Some(300));
    assert_eq!(r.differences(), [("max-plies", "300".to_string())]);
}

/// K-§3.5 `kujifunza`: 2 seeds in every hole, stores 0, both nyumbas lost, takasia off;
/// the game starts in mtaji with captures (K-R9.2).
#[test]
fn kujifunza_start() {
    let r = Rules::profile("kujifunza").unwrap();
    let start = Kiswahili::start(&r);
    assert_eq!(
        start.to_text(),
        "2 2 2 2 2 2 2 2 / 2 2 2 2 2 2 2 2 / 2 2 2 2 2 2 2 2 / 2 2 2 2 2 2 2 2 ; S=0 N=0 ; house S- N- ; South ; takasia -"
    );
    assert!(!start.is_namua());
    assert_eq!(
        texts(&start),
        [
            "A1>", "A2>", "A3<", "A3>", "A4<", "A4>", "A5<", "A5>", "A6<", "A6>", "A7<", "A8<",
            "B1<", "B2<", "B7>", "B8>"
        ]
    );
    assert!(start.moves().iter().all(|m| m.kind() == MoveKind::Capture));
    assert_eq!(start.view().stage, "mtaji");
}

/// OPT-FIRST-PLAYER: North moves first from the mirrored start.
#[test]
fn first_player_north() {
    let r = rules(&[("first-player", "north")]);
    let start = Kiswahili::start(&r);
    assert_eq!(start.side_to_move(), Side::North);
    assert_eq!(texts(&start), ["a6<", "a6>", "a7<", "a7>"]);
    assert_eq!(
        start.mirrored().to_text(),
        Kiswahili::start(&Rules::default()).to_text()
    );
}

/// OPT-TAX-ONLY-WHEN-SOLE=off (K-R8.4): the tax is available beside the other takata starts.
#[test]
fn tax_only_when_sole_off() {
    let r = rules(&[("tax-only-when-sole", "off")]);
    let p = pos(T6, &r);
    assert_eq!(
        texts(&p),
        ["A4<", "A4>", "A5<", "A5>", "A6<", "A6>", "A7<", "A7>"]
    );
    let tax = p.parse_move("A5>").unwrap();
    assert_eq!(tax.kind(), MoveKind::Tax);
    // A5 6→7, 2 seeds: A6 2→3, A7 1→2 (occupied) ⇒ relay 2: A8, B8 2→3 ⇒ relay 3: B7, B6,
    // B5 1→2 ⇒ relay 2: B4 2→3, B3 0→1 ⇒ end; the nyumba stays owned (K-R7.3).
    assert_eq!(
        after(&p, "A5>"),
        "2 1 1 1 3 1 1 1 / 1 2 3 0 0 0 0 2 / 0 0 0 1 5 3 0 1 / 1 0 1 3 0 2 1 0 ; S=13 N=14 ; house S+ N- ; North ; takasia -"
    );
}

/// OPT-TAX-DORMANT (K-R7.2): a sole owned dormant nyumba is taxed instead of sown.
#[test]
fn tax_dormant() {
    let text = "1 1 1 1 1 1 1 1 / 0 3 0 6 0 2 2 1 / 0 0 0 0 5 0 0 0 / 3 2 2 2 2 2 2 2 ; S=10 N=10 ; house S+ N+ ; South ; takasia -";
    let plain = pos(text, &Rules::default());
    assert_eq!(texts(&plain), ["A5<", "A5>"]);
    assert!(plain.moves().iter().all(|m| m.kind() == MoveKind::Takata));
    assert!(after(&plain, "A5>").contains("house S- N+"));
    let r = rules(&[("tax-dormant", "on")]);
    let p = pos(text, &r);
    assert_eq!(texts(&p), ["A5<", "A5>"]);
    assert!(p.moves().iter().all(|m| m.kind() == MoveKind::Tax));
    assert_eq!(
        after(&p, "A5>"),
        "1 1 1 1 1 1 1 1 / 0 3 0 6 0 2 2 1 / 0 0 0 0 4 1 1 0 / 3 2 2 2 2 2 2 2 ; S=9 N=10 ; house S+ N+ ; North ; takasia -"
    );
}

/// OPT-MTAJI-NYUMBA (K-R8.5): Plain relays through the nyumba and may start from it;
/// Persistent stops takata laps there and keeps it out of the takata starts.
#[test]
fn mtaji_nyumba_plain_and_persistent() {
    let text = "5 6 6 6 6 6 6 6 / 1 0 0 0 0 0 0 0 / 0 0 2 0 6 0 0 0 / 1 1 1 1 1 1 1 1 ; S=0 N=0 ; house S+ N- ; South ; takasia -";
    let plain = pos(text, &Rules::default());
    assert_eq!(texts(&plain), ["A3<", "A3>", "A5<", "A5>"]);
    // A3 2: A4 0→1, A5 6→7 ⇒ relay 7 (ownership lost): A6, A7, A8, B8, B7, B6, B5 1→2 ⇒
    // relay 2: B4, B3 1→2 ⇒ relay 2: B2, B1 1→2 ⇒ relay 2: A1 0→1, A2 0→1 ⇒ end.
    assert_eq!(
        after(&plain, "A3>"),
        "5 6 6 6 6 6 6 6 / 1 0 0 0 0 0 0 0 / 1 1 0 1 0 1 1 1 / 0 2 0 2 0 2 2 2 ; S=0 N=0 ; house S- N- ; North ; takasia -"
    );
    let r = rules(&[("mtaji-nyumba", "persistent")]);
    let p = pos(text, &r);
    assert_eq!(texts(&p), ["A3<", "A3>"]);
    assert_eq!(
        after(&p, "A3>"),
        "5 6 6 6 6 6 6 6 / 1 0 0 0 0 0 0 0 / 0 0 0 1 7 0 0 0 / 1 1 1 1 1 1 1 1 ; S=0 N=0 ; house S+ N- ; North ; takasia -"
    );
}

/// OPT-NYUMBA-LOSS-FIRST-MTAJI-CAPTURE (K-R8.2): T7's capture with both nyumbas owned.
#[test]
fn nyumba_loss_first_mtaji_capture() {
    let owned = T7.replace("house S- N-", "house S+ N+");
    let board = "4 4 4 3 3 3 3 4 / 0 0 5 0 0 0 0 8 / 0 3 2 0 4 0 3 1 / 1 1 2 3 1 0 1 1 ; S=0 N=0 ;";
    for (value, house) in [("no", "S+ N+"), ("owner", "S- N+"), ("any", "S- N-")] {
        let r = rules(&[("nyumba-loss-first-mtaji-capture", value)]);
        let p = pos(&owned, &r);
        assert_eq!(texts(&p), ["A3>"]);
        assert_eq!(
            after(&p, "A3>"),
            format!("{board} house {house} ; North ; takasia -"),
            "{value}"
        );
    }
}

/// OPT-TAKASIA=off: T9's `A1<` takasias nothing, and a takasia in a text is invalid.
#[test]
fn takasia_off() {
    let r = rules(&[("takasia", "off")]);
    let p = pos(T9, &r);
    assert!(after(&p, "A1<").ends_with("North ; takasia -"));
    let with = "2 1 2 1 0 2 0 1 / 1 7 3 6 7 4 9 4 / 0 0 3 0 0 0 2 2 / 3 1 1 0 0 1 1 0 ; S=0 N=0 ; house S- N- ; North ; takasia a6";
    assert!(Kiswahili::from_text(with, &Rules::default()).is_ok());
    let err = Kiswahili::from_text(with, &r).unwrap_err();
    assert!(err.to_string().contains("takasia is off"), "{err}");
}

/// OPT-NEVER-ENDING-GUARD (K-R13.3): T17's 25-lap `A5>` is legal with a guard of 25 laps
/// and never-ending with 24.
#[test]
fn never_ending_guard() {
    let p25 = pos(T17, &rules(&[("never-ending-guard", "25")]));
    assert_eq!(
        texts(&p25),
        ["A3<", "A4<", "A4>", "A5<", "A5>", "A7<", "A7>"]
    );
    let p24 = pos(T17, &rules(&[("never-ending-guard", "24")]));
    assert_eq!(texts(&p24), ["A3<", "A4<", "A4>", "A5<", "A7<", "A7>"]);
    let err = p24.parse_move("A5>").unwrap_err();
    assert!(err.message.contains("never ends"), "{err}");
}

/// notation.md §2: syntax errors name the field and the text.
#[test]
fn position_syntax_errors() {
    let r = Rules::default();
    let field = |text: &str| match Kiswahili::from_text(text, &r) {
        Err(PositionError::Syntax { field, text, .. }) => (field, text),
        other => panic!("{text}: {other:?}"),
    };
    let ok = "0 0 0 0 0 0 0 0 / 0 2 2 6 0 0 0 0 / 0 0 0 0 6 2 2 0 / 0 0 0 0 0 0 0 0 ; S=22 N=22 ; house S+ N+ ; South ; takasia -";
    assert!(Kiswahili::from_text(ok, &r).is_ok());
    assert!(Kiswahili::from_text(
        &format!("  {}  ", ok.replace(" / ", "/").replace(" ; ", ";")),
        &r
    )
    .is_ok());
    assert_eq!(field("0 0 0").0, "position");
    assert_eq!(
        field(&ok.replace("/ 0 2 2 6 0 0 0 0 /", "/ 0 2 2 6 0 0 0 /")).0,
        "row a"
    );
    assert_eq!(
        field(&ok.replacen("0 0 0 0 0 0 0 0 /", "x 0 0 0 0 0 0 0 /", 1)),
        ("pit b8".into(), "x".into())
    );
    assert_eq!(
        field(&ok.replace("0 0 0 0 6 2 2 0", "0 0 0 0 6 2 -2 0")),
        ("pit A7".into(), "-2".into())
    );
    assert_eq!(field(&ok.replace("S=22 N=22", "S=22 X=22")).0, "stores");
    assert_eq!(field(&ok.replace("house S+ N+", "house S* N+")).0, "house");
    assert_eq!(
        field(&ok.replace("South", "East")),
        ("side".into(), "East".into())
    );
    assert_eq!(field(&ok.replace("takasia -", "takasia z9")).0, "takasia");
    assert_eq!(field(&ok.replace(" / 0 0 0 0 0 0 0 0 ;", " ;")).0, "rows");
}

/// notation.md §2, K-R1, R11: invalid setups report every reason.
#[test]
fn position_invalid_reasons() {
    let r = Rules::default();
    let text = "0 0 0 0 0 0 0 0 / 0 2 2 6 0 0 0 0 / 0 0 0 0 6 2 2 0 / 0 0 0 0 0 0 0 99 ; S=22 N=21 ; house S+ N+ ; South ; takasia b3";
    let Err(PositionError::Invalid(reasons)) = Kiswahili::from_text(text, &r) else {
        panic!()
    };
    let all = reasons.join(" | ");
    assert_eq!(reasons.len(), 4, "{all}");
    assert!(all.contains("pit B8 holds 99"), "{all}");
    assert!(all.contains("total 162"), "{all}");
    assert!(
        all.contains("takasia b3: only a front-row hole of the side to move (South)"),
        "{all}"
    );
    assert!(all.contains("both stores empty"), "{all}");
    // ...and a capture for the side to move forbids a takasia (K-R11.2): T7 has one.
    let t7 = T7.replace("takasia -", "takasia A2");
    let Err(PositionError::Invalid(reasons)) = Kiswahili::from_text(&t7, &r) else {
        panic!()
    };
    assert_eq!(reasons.len(), 1);
    assert!(reasons[0].contains("has a capture move"), "{reasons:?}");
    let empty = "4 4 4 4 4 4 4 4 / 0 0 0 0 0 0 0 0 / 0 0 0 0 0 0 0 0 / 4 4 4 4 4 4 4 4 ; S=0 N=0 ; house S- N- ; South ; takasia -";
    let Err(PositionError::Invalid(reasons)) = Kiswahili::from_text(empty, &r) else {
        panic!()
    };
    assert_eq!(reasons, ["both front rows are empty"]);
}

/// notation.md §3: move syntax, side, legality reasons and annotations.
#[test]
fn move_parsing_and_annotations() {
    let r = Rules::default();
    let start = Kiswahili::start(&r);
    let msg = |p: &Kiswahili, t: &str| p.parse_move(t).unwrap_err().message;
    assert!(msg(&start, "").contains("empty"));
    assert!(msg(&start, "A6").contains("missing direction"));
    assert!(msg(&start, "Z6>").contains("no such hole"));
    assert!(msg(&start, "A9>").contains("no such hole"));
    assert!(msg(&start, "A6>x").contains("unexpected"));
    assert!(msg(&start, "A6=").contains("expected direction"));
    assert!(msg(&start, "a6>").contains("North"));
    assert!(msg(&start, "A1>").contains("empty"));
    assert!(msg(&start, "B1>").contains("front row"));
    assert!(msg(&start, "A6>+").contains("safari"));
    assert!(msg(&start, "A5>").contains("legal moves: A6< A6> A7< A7>"));
    assert_eq!(start.move_text(start.parse_move(" A6> ").unwrap()), "A6>");
    assert!(start.parse_move("A6>*").is_ok());
    assert!(msg(&start, "A6>**").contains("takasias no hole"));
    assert!(msg(&start, "A6>#").contains("does not win"));
    // K-T9: `A1<` takasias a6.
    let t9 = pos(T9, &r);
    assert!(t9.parse_move("A1<**").is_ok());
    // `A1>` (3 seeds: A2, A3, A4, ending in the empty A4) leaves A4 with a seed, and North
    // then has captures (a1 with 4 seeds sows a2..a5 and ends in a5, facing A4): takasia
    // needs an opponent without capture moves (K-R11.2), so `A1>` takasias no hole.
    assert_eq!(
        msg(&t9, "A1>**"),
        "annotated `**` (takasia) but the move takasias no hole"
    );
    let after = t9.play(t9.parse_move("A1>").unwrap()).unwrap();
    assert_eq!(after.takasia(), None);
    assert!(after.moves().iter().all(|m| m.kind() == MoveKind::Capture));
    // K-T10: `A3>` wins at once; it is a capture, not a takata.
    let t10 = pos(
        "1 1 1 1 1 1 1 1 / 0 0 0 0 7 0 1 0 / 0 0 2 0 1 0 1 0 / 22 0 0 0 0 0 0 22 ; S=0 N=0 ; house S- N- ; South ; takasia -",
        &r,
    );
    assert!(t10.parse_move("A3>#").is_ok());
    assert!(msg(&t10, "A3>*").contains("capture"));
    assert!(msg(&t10, "A5>").contains("single seed"));
    assert!(msg(&t10, "B1>").contains("capture is compulsory"));
    // K-T9 continued: a takasia'd hole cannot start a move.
    let t9b = pos(
        "2 1 2 1 0 2 0 1 / 1 7 3 6 7 4 9 4 / 0 0 3 0 0 0 2 2 / 3 1 1 0 0 1 1 0 ; S=0 N=0 ; house S- N- ; North ; takasia a6",
        &r,
    );
    assert!(msg(&t9b, "a6>").contains("takasia"));
    // A finished game accepts no move.
    let over = t10.play(t10.parse_move("A3>").unwrap()).unwrap();
    assert!(msg(&over, "a5>").contains("game is over"));
    assert_eq!(
        over.play(t10.moves()[0]),
        Err(bao_rules::PlayError::GameOver)
    );
}

/// K-R4.4, R6.4: the trace of T5's safari shows the decision, the captures and the kichwa.
#[test]
fn trace_of_safari() {
    use bao_rules::EventKind::*;
    let r = Rules::default();
    let t5 = pos(
        "1 1 1 1 1 1 1 1 / 2 5 0 6 0 0 0 0 / 0 1 0 0 11 0 0 0 / 0 2 0 0 3 0 2 0 ; S=12 N=12 ; house S+ N+ ; South ; takasia -",
        &r,
    );
    let (_, events) = t5.play_traced(t5.parse_move("A2>+").unwrap()).unwrap();
    let kinds: Vec<_> = events.iter().map(|e| e.kind).collect();
    assert_eq!(
        kinds,
        [
            Enter, Capture, Kichwa, Sow, Safari, Lift, NyumbaLost, Sow, Capture, Kichwa, Sow, Lift,
            Sow, Lift, Sow, Lift, Sow, Lift, Sow, Lift, Sow, Lift, Sow, End
        ]
    );
    assert_eq!(events[1].holes, ["a7"]);
    assert_eq!(events[1].seeds, 5);
    assert_eq!(events[2].holes, ["A1"]);
    assert_eq!(events[3].holes, ["A1", "A2", "A3", "A4", "A5"]);
    let (_, stop) = t5.play_traced(t5.parse_move("A2>").unwrap()).unwrap();
    assert_eq!(stop.last().unwrap().kind, NyumbaStop);
    // K-T9: the takasia is reported.
    let t9 = pos(T9, &r);
    let (_, events) = t9.play_traced(t9.parse_move("A1<").unwrap()).unwrap();
    assert_eq!(events.last().unwrap().kind, Takasia);
    assert_eq!(events.last().unwrap().holes, ["a6"]);
}

/// OPT-TAKASIA-BLOCKER-MUST-CAPTURE (K-R11.6): a6 is takasia'd against North; North's
/// `a4<` (a3, a2, a1 0→1) gives South two captures, `A8<` (takes a3) and `B1<` (takes a6).
/// With the option on South must take the blocked hole a6.
#[test]
fn takasia_blocker_must_capture() {
    let text = "0 0 0 0 0 20 16 16 / 0 0 2 0 3 0 0 0 / 0 0 1 0 0 1 0 2 / 3 0 0 0 0 0 0 0 ; S=0 N=0 ; house S- N- ; North ; takasia a6";
    let after_a4 = "0 0 0 0 0 20 16 16 / 0 0 2 0 0 1 1 1 / 0 0 1 0 0 1 0 2 / 3 0 0 0 0 0 0 0 ; S=0 N=0 ; house S- N- ; South ; takasia -";
    for (on, legal) in [("off", vec!["A8<", "B1<"]), ("on", vec!["B1<"])] {
        let r = rules(&[("takasia-blocker-must-capture", on)]);
        let p = pos(text, &r);
        assert_eq!(texts(&p), ["a4<", "a4>"]);
        let next = p.play(p.parse_move("a4<").unwrap()).unwrap();
        assert_eq!(next.to_text(), after_a4);
        assert_eq!(texts(&next), legal, "blocker-must-capture {on}");
        // Only for the blocker's next move: from the text alone there is no restriction.
        assert_eq!(texts(&pos(after_a4, &r)), ["A8<", "B1<"]);
    }
}

/// OPT-TAKASIA-NYUMBA (K-R11.4 a): T21 with South's owned nyumba dormant (A5 = 5, one seed
/// moved to B1): by default only a functional nyumba is exempt, so A5 is takasia'd; with
/// `owned` the owned dormant nyumba is exempt.
#[test]
fn takasia_nyumba_owned() {
    let text = "1 1 3 3 0 0 5 1 / 0 0 0 0 0 2 0 0 / 1 0 7 1 5 3 1 0 / 2 8 0 5 0 4 4 7 ; S=0 N=0 ; house S+ N- ; North ; takasia -";
    let board = "1 1 3 3 0 0 5 1 / 0 0 0 1 1 0 0 0 / 1 0 7 1 5 3 1 0 / 2 8 0 5 0 4 4 7 ; S=0 N=0 ; house S+ N- ; South";
    for (value, takasia) in [("functional", "A5"), ("owned", "-")] {
        let r = rules(&[("takasia-nyumba", value)]);
        let p = pos(text, &r);
        assert_eq!(texts(&p), ["a3<", "a3>"]);
        assert_eq!(
            after(&p, "a3>"),
            format!("{board} ; takasia {takasia}"),
            "{value}"
        );
    }
}

/// OPT-MTAJI-NYUMBA=persistent (K-R8.5): a mtaji capture lap ending in the functional
/// nyumba gives the stop/safari choice. `B2<`: B1, A1 0→1, A2 1→2 ⇒ captures a7 (5) ⇒
/// left kichwa: A1 1→2, A2 2→3, A3, A4 0→1, A5 6→7 (a4 empty, nothing to capture).
#[test]
fn mtaji_persistent_safari_choice() {
    let text = "3 6 6 6 6 6 6 6 / 2 5 0 0 0 0 0 2 / 0 1 0 0 6 0 0 0 / 0 3 0 0 0 0 0 0 ; S=0 N=0 ; house S+ N- ; South ; takasia -";
    let plain = pos(text, &Rules::default());
    assert_eq!(texts(&plain), ["B2<"]);
    assert!(
        after(&plain, "B2<").contains("house S- N-"),
        "Plain: the lap relays the nyumba"
    );
    let p = pos(text, &rules(&[("mtaji-nyumba", "persistent")]));
    assert_eq!(texts(&p), ["B2<", "B2<+"]);
    assert_eq!(
        after(&p, "B2<"),
        "3 6 6 6 6 6 6 6 / 2 0 0 0 0 0 0 2 / 2 3 1 1 7 0 0 0 / 1 0 0 0 0 0 0 0 ; S=0 N=0 ; house S+ N- ; North ; takasia -"
    );
    assert!(after(&p, "B2<+").contains("house S- N-"));
    assert_eq!(
        after(&p, "B2<+"),
        after(&plain, "B2<"),
        "safari continues exactly as Plain's relay"
    );
}
