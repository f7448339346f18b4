use super::*;
use bao_swiss::ResultCode as C;

fn body(json: serde_json::Value) -> TournamentBody {
    serde_json::from_value(json).unwrap()
}

fn fast() -> serde_json::Value {
    serde_json::json!({"initial_s": 60, "increment_s": 1})
}

#[test]
fn times_read_as_rfc_3339_in_unix_milliseconds() {
    assert_eq!(parse_time("2026-05-01T18:00:00Z"), Some(1_777_658_400_000));
    assert_eq!(
        parse_time("2026-05-01T21:00:00+03:00"),
        Some(1_777_658_400_000)
    );
    assert_eq!(
        parse_time("2026-05-01T17:30:00-00:30"),
        Some(1_777_658_400_000)
    );
    assert_eq!(
        parse_time("2026-05-01T18:00:00.25Z"),
        Some(1_777_658_400_250)
    );
    assert_eq!(parse_time("2024-02-29T23:59:59Z"), Some(1_709_251_199_000));
    assert_eq!(parse_time("1970-01-01T00:00:00Z"), Some(0));
    for bad in [
        "",
        "2026-05-01",
        "2026-05-01T18:00:00",
        "2026-13-01T18:00:00Z",
        "2026-05-01T24:00:00Z",
        "2026-05-01T18:00:00+3:00",
        "2026-05-01T18:00:00.Z",
        "2026-05-01T18:00:00Zjunk",
        "20260501T180000Z",
        "2026-05-01T18:0a:00Z",
    ] {
        assert_eq!(parse_time(bad), None, "{bad:?}");
    }
}

#[test]
fn a_swiss_body_is_checked_field_by_field() {
    let ok = body(serde_json::json!({
        "name": "  Zanzibar Open  ", "game": "kingulu", "format": "swiss", "rounds": 5,
        "games_per_pairing": 2, "clock": fast(), "rated": true,
        "starts_at": "2026-05-01T18:00:00Z"
    }));
    let s = ok.check(1_777_658_000_000).unwrap();
    assert_eq!(s.name, "Zanzibar Open");
    assert_eq!((s.format, s.rounds, s.cycles), (Format::Swiss, Some(5), 1));
    assert_eq!((s.games_per_pairing, s.rated), (2, true));
    assert_eq!(
        s.starts_at,
        Some(("2026-05-01T18:00:00Z".to_string(), 1_777_658_400_000))
    );
    let refused = |json: serde_json::Value, now: i64| {
        let mut base = serde_json::json!({
            "name": "Open", "game": "kingulu", "format": "swiss", "rounds": 5, "clock": fast()
        });
        for (k, v) in json.as_object().unwrap() {
            if v.is_null() {
                base.as_object_mut().unwrap().remove(k);
            } else {
                base[k] = v.clone();
            }
        }
        body(base).check(now).unwrap_err().message().to_string()
    };
    use serde_json::json as j;
    assert_eq!(
        refused(j!({"rounds": null}), 0),
        "rounds: a Swiss tournament needs its number of rounds (1 to 30)"
    );
    assert_eq!(
        refused(j!({"rounds": 31}), 0),
        "rounds 31 is out of range: 1 to 30"
    );
    assert_eq!(
        refused(j!({"cycles": 2}), 0),
        "cycles: only a round robin has cycles; a Swiss tournament gives \"rounds\""
    );
    assert_eq!(
        refused(j!({"format": "knockout"}), 0),
        "unknown format \"knockout\": expected \"swiss\" or \"round-robin\""
    );
    assert_eq!(
        refused(j!({"games_per_pairing": 3}), 0),
        "games_per_pairing 3: a pairing plays 1 game, or 2 with the sides swapped"
    );
    assert_eq!(
        refused(j!({"name": "   "}), 0),
        "name \"\": a tournament's name has 1 to 60 characters"
    );
    assert_eq!(
        refused(j!({"name": "a\nb"}), 0),
        "name: a tournament's name has no control characters (tabs, line breaks)"
    );
    assert_eq!(
        refused(j!({"starts_at": "tomorrow"}), 0),
        "starts_at \"tomorrow\": expected a time such as \"2026-05-01T18:00:00Z\" (RFC 3339)"
    );
    assert_eq!(
        refused(j!({"starts_at": "2026-05-01T18:00:00Z"}), 1_777_658_400_000),
        "starts_at 2026-05-01T18:00:00Z has passed: give a later time, or leave it out and start the tournament yourself"
    );
    assert_eq!(
        refused(j!({"starts_at": "2026-05-01T18:00:00Z"}), 0),
        "starts_at 2026-05-01T18:00:00Z is more than 60 days ahead"
    );
    assert!(refused(j!({"game": "chess"}), 0).starts_with("unknown game \"chess\""));
    assert!(
        refused(j!({"clock": {"initial_s": 0, "increment_s": 0}}), 0)
            .starts_with("clock.initial_s 0 is out of range")
    );
}

#[test]
fn a_round_robin_has_cycles_and_no_rounds() {
    let rr = |extra: serde_json::Value| {
        let mut b = serde_json::json!({
            "name": "Club", "game": "kiswahili", "format": "round-robin", "clock": fast()
        });
        for (k, v) in extra.as_object().unwrap() {
            b[k] = v.clone();
        }
        body(b).check(0)
    };
    let s = rr(serde_json::json!({})).unwrap();
    assert_eq!(
        (s.format, s.rounds, s.cycles, s.games_per_pairing),
        (Format::RoundRobin, None, 1, 1)
    );
    assert_eq!(rr(serde_json::json!({"cycles": 2})).unwrap().cycles, 2);
    assert_eq!(
        rr(serde_json::json!({"cycles": 3})).unwrap_err().message(),
        "cycles 3: a round robin has 1 cycle (single) or 2 (double)"
    );
    assert_eq!(
        rr(serde_json::json!({"rounds": 5})).unwrap_err().message(),
        "rounds: a round robin's rounds follow from its players; give \"cycles\" (1 or 2) instead"
    );
}

#[test]
fn rounds_and_player_limits_follow_the_format() {
    assert_eq!(round_robin_rounds(6, 1), 5);
    assert_eq!(round_robin_rounds(7, 1), 7);
    assert_eq!(round_robin_rounds(6, 2), 10);
    assert_eq!(max_players(Format::RoundRobin, 1), 30);
    assert_eq!(max_players(Format::RoundRobin, 2), 16);
    assert_eq!(max_players(Format::Swiss, 1), MAX_SWISS_PLAYERS);
    assert_eq!(swiss_rounds_possible(9), 9);
    assert_eq!(swiss_rounds_possible(8), 7);
    assert_eq!(swiss_rounds_possible(2), 1);
}

fn game(seq: u32, result: Option<GameResult>, plies: usize) -> GameOf {
    GameOf {
        id: format!("g{seq}"),
        seq,
        result,
        aborted: false,
        plies,
    }
}

fn pairing(north: Option<u32>, stored: Option<&str>, games: Vec<GameOf>) -> Pairing {
    Pairing {
        round: 1,
        board: 1,
        south: 1,
        north,
        stored: stored.map(str::to_string),
        games,
    }
}

const S: Side = Side::South;
const N: Side = Side::North;

fn result_of(p: &Pairing) -> Option<(C, Option<C>, String, String)> {
    p.result(Format::Swiss, S)
        .map(|r| (r.south, r.north, r.text().to_string(), r.score()))
}

#[test]
fn one_game_gives_the_pairing_its_result() {
    let won = pairing(Some(2), None, vec![game(1, Some(GameResult::Win(S)), 31)]);
    assert_eq!(
        result_of(&won),
        Some((C::Win, Some(C::Loss), "1-0".into(), "1-0".into()))
    );
    let lost = pairing(Some(2), None, vec![game(1, Some(GameResult::Win(N)), 8)]);
    assert_eq!(
        result_of(&lost),
        Some((C::Loss, Some(C::Win), "0-1".into(), "0-1".into()))
    );
    let drawn = pairing(Some(2), None, vec![game(1, Some(GameResult::Draw), 40)]);
    assert_eq!(
        result_of(&drawn),
        Some((C::Draw, Some(C::Draw), "½-½".into(), "½-½".into()))
    );
    let going = pairing(Some(2), None, vec![game(1, None, 3)]);
    assert_eq!(result_of(&going), None);
    assert_eq!(result_of(&pairing(Some(2), None, vec![])), None);
}

#[test]
fn a_side_that_never_moved_lost_by_forfeit() {
    // South (first to move) lost with no move played; North lost after South's first.
    let south_absent = pairing(Some(2), None, vec![game(1, Some(GameResult::Win(N)), 0)]);
    assert_eq!(
        result_of(&south_absent),
        Some((
            C::ForfeitLoss,
            Some(C::ForfeitWin),
            "-+".into(),
            "0-1".into()
        ))
    );
    let north_absent = pairing(Some(2), None, vec![game(1, Some(GameResult::Win(S)), 1)]);
    assert_eq!(
        result_of(&north_absent),
        Some((
            C::ForfeitWin,
            Some(C::ForfeitLoss),
            "+-".into(),
            "1-0".into()
        ))
    );
    // North lost after moving once: played.
    let played = pairing(Some(2), None, vec![game(1, Some(GameResult::Win(S)), 2)]);
    assert_eq!(result_of(&played).unwrap().0, C::Win);
    // When North moves first, North's loss with no move is the forfeit.
    let p = pairing(Some(2), None, vec![game(1, Some(GameResult::Win(S)), 0)]);
    assert_eq!(p.result(Format::Swiss, N).unwrap().south, C::ForfeitWin);
    let p = pairing(Some(2), None, vec![game(1, Some(GameResult::Win(N)), 1)]);
    assert_eq!(p.result(Format::Swiss, N).unwrap().south, C::ForfeitLoss);
    let p = pairing(Some(2), None, vec![game(1, Some(GameResult::Win(N)), 2)]);
    assert_eq!(p.result(Format::Swiss, N).unwrap().south, C::Loss);
}

#[test]
fn two_games_swap_the_sides_and_add_up() {
    // Game 2: the pairing's South plays North. 1-0 then a draw: 1½-½.
    let p = pairing(
        Some(2),
        None,
        vec![
            game(1, Some(GameResult::Win(S)), 30),
            game(2, Some(GameResult::Draw), 30),
        ],
    );
    assert_eq!(
        result_of(&p),
        Some((C::Win, Some(C::Loss), "1-0".into(), "1½-½".into()))
    );
    // Each wins with South: 1-1, a drawn match.
    let p = pairing(
        Some(2),
        None,
        vec![
            game(1, Some(GameResult::Win(S)), 30),
            game(2, Some(GameResult::Win(S)), 30),
        ],
    );
    assert_eq!(
        result_of(&p),
        Some((C::Draw, Some(C::Draw), "½-½".into(), "1-1".into()))
    );
    // The pairing's South wins game 2 as North: 2-0.
    let p = pairing(
        Some(2),
        None,
        vec![
            game(1, Some(GameResult::Win(S)), 30),
            game(2, Some(GameResult::Win(N)), 30),
        ],
    );
    assert_eq!(result_of(&p).unwrap().3, "2-0");
    // One game going: no result yet.
    let p = pairing(
        Some(2),
        None,
        vec![game(1, Some(GameResult::Win(S)), 30), game(2, None, 3)],
    );
    assert_eq!(result_of(&p), None);
    // North absent from both: a forfeit, 2-0.
    let p = pairing(
        Some(2),
        None,
        vec![
            game(1, Some(GameResult::Win(S)), 1),
            game(2, Some(GameResult::Win(N)), 0),
        ],
    );
    assert_eq!(
        result_of(&p),
        Some((
            C::ForfeitWin,
            Some(C::ForfeitLoss),
            "+-".into(),
            "2-0".into()
        ))
    );
}

#[test]
fn byes_and_stored_forfeits() {
    let bye = pairing(None, Some("bye"), vec![]);
    assert_eq!(
        result_of(&bye),
        Some((C::PairingBye, None, "bye".into(), "1-0".into()))
    );
    let rr = bye.result(Format::RoundRobin, S).unwrap();
    assert_eq!((rr.south, rr.north, rr.halves), (C::ZeroBye, None, [0, 0]));
    for (stored, south, north) in [
        ("+-", C::ForfeitWin, C::ForfeitLoss),
        ("-+", C::ForfeitLoss, C::ForfeitWin),
        ("--", C::ForfeitLoss, C::ForfeitLoss),
    ] {
        let p = pairing(Some(2), Some(stored), vec![]);
        let r = p.result(Format::RoundRobin, S).unwrap();
        assert_eq!((r.south, r.north, r.text()), (south, Some(north), stored));
    }
}

#[test]
fn formats_and_statuses_read_back() {
    for f in [Format::Swiss, Format::RoundRobin] {
        assert_eq!(Format::parse(f.name()), Some(f));
    }
    for s in [Status::Open, Status::Running, Status::Finished] {
        assert_eq!(Status::parse(s.name()), Some(s));
    }
    assert_eq!(Format::parse("Swiss"), None);
    assert_eq!(Format::Swiss.tiebreaks()[0].name(), "Buchholz Cut 1");
    assert_eq!(Format::RoundRobin.tiebreaks()[0].name(), "Direct encounter");
}
