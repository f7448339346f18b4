use super::*;
use crate::clock::model::TimeControl;
use crate::games::model::GameResult;
use crate::tournaments::model::{GameOf, Settings, Status};

fn tournament(format: Format, rounds: Option<u32>, cycles: u32) -> Tournament {
    Tournament {
        id: "t1".into(),
        settings: Settings {
            name: "Club".into(),
            game: bao_rules::GameKind::Kingulu,
            rules: "default".into(),
            format,
            cycles,
            rounds,
            games_per_pairing: 1,
            clock: TimeControl::Fischer {
                initial_s: 60,
                increment_s: 0,
            },
            rated: false,
            starts_at: None,
        },
        creator: (11, "amani".into()),
        status: Status::Running,
        round: 0,
        version: 1,
        first_colour: Some(Colour::White),
        note: None,
        created: "2026-05-01T18:00:00.000Z".into(),
        finished: None,
    }
}

fn players(n: u32) -> Vec<Entrant> {
    (1..=n)
        .map(|s| Entrant {
            account: 100 + i64::from(s),
            name: format!("p{s}"),
            engine: None,
            joined: String::new(),
            start: Some(s),
            rating: 2000.0 - f64::from(s) * 10.0,
            withdrawn: None,
        })
        .collect()
}

/// Plays a planned round: the lower start number wins; `draws` lists the boards drawn.
fn play(round: u32, planned: &[Planned], draws: &[u32]) -> Vec<Pairing> {
    planned
        .iter()
        .map(|p| {
            let games = match (p.north, p.forfeit) {
                (Some(north), None) => {
                    let result = if draws.contains(&p.board) {
                        GameResult::Draw
                    } else if p.south < north {
                        GameResult::Win(Side::South)
                    } else {
                        GameResult::Win(Side::North)
                    };
                    vec![GameOf {
                        id: format!("r{round}b{}", p.board),
                        seq: 1,
                        result: Some(result),
                        aborted: false,
                        plies: 20,
                    }]
                }
                _ => Vec::new(),
            };
            Pairing {
                round,
                board: p.board,
                south: p.south,
                north: p.north,
                stored: match p.north {
                    None => Some("bye".into()),
                    Some(_) => p.forfeit.map(str::to_string),
                },
                games,
            }
        })
        .collect()
}

fn pairs(planned: &[Planned]) -> Vec<(u32, u32)> {
    planned
        .iter()
        .map(|p| (p.south, p.north.unwrap_or(0)))
        .collect()
}

#[test]
fn a_nine_player_swiss_is_paired_by_the_dutch_engine_round_by_round() {
    let mut t = tournament(Format::Swiss, Some(5), 1);
    let ps = players(9);
    let mut all: Vec<Pairing> = Vec::new();
    let r1 = next_round(&t, &ps, &all, 1).unwrap();
    // C.04.3: S1 = 1-4 meet S2 = 5-8, sides alternating from the lot; 9 has the bye.
    assert_eq!(pairs(&r1), vec![(1, 5), (6, 2), (3, 7), (8, 4), (9, 0)]);
    let mut met = std::collections::HashSet::new();
    let mut byes = Vec::new();
    for round in 1..=5 {
        let planned = if round == 1 {
            r1.clone()
        } else {
            next_round(&t, &ps, &all, round).unwrap()
        };
        assert_eq!(planned.len(), 5, "round {round}");
        let round_byes: Vec<u32> = planned
            .iter()
            .filter(|p| p.north.is_none())
            .map(|p| p.south)
            .collect();
        assert_eq!(round_byes.len(), 1, "one bye in round {round}");
        assert!(
            !byes.contains(&round_byes[0]),
            "a second bye: {round_byes:?}"
        );
        byes.extend(round_byes);
        for p in &planned {
            if let Some(n) = p.north {
                let key = (p.south.min(n), p.south.max(n));
                assert!(met.insert(key), "round {round}: {key:?} met again");
            }
        }
        all.extend(play(round, &planned, &[2]));
        t.round = round;
    }
    // The report of the five rounds reads back and breaks no rule of the Dutch system.
    t.status = Status::Finished;
    t.finished = Some("2026-05-02T18:00:00.000Z".into());
    let text = trf(&t, &ps, &all);
    let back = bao_swiss::trf::read(&text).unwrap();
    assert_eq!(bao_swiss::check::check(&back).unwrap(), vec![]);
    assert_eq!(back.total_rounds, Some(5));
    assert!(text.starts_with("012 Club\n042 2026/05/01\n052 2026/05/02\n062 9\n092 Swiss System (FIDE Dutch 2025)\n102 amani\n"), "{text}");
    // Standings: by points, then Buchholz Cut 1 and the rest, named.
    let table = standings(&t, &ps, &all);
    assert_eq!(table.len(), 9);
    let total: i64 = table.iter().map(|s| s.points.0).sum();
    // Four games a round (one point each) and a bye (one point): 25 points.
    assert_eq!(total, 2500);
    assert_eq!(table[0].rank, 1);
    assert_eq!(table[0].tiebreaks.len(), 5);
    assert_eq!(table[0].tiebreaks[0].0.name(), "Buchholz Cut 1");
    for w in table.windows(2) {
        assert!(w[0].points >= w[1].points);
    }
}

#[test]
fn a_withdrawn_player_is_left_out_of_the_next_swiss_round() {
    let mut t = tournament(Format::Swiss, Some(3), 1);
    let mut ps = players(6);
    let r1 = next_round(&t, &ps, &[], 1).unwrap();
    let all = play(1, &r1, &[]);
    t.round = 1;
    ps[0].withdrawn = Some(1);
    let r2 = next_round(&t, &ps, &all, 2).unwrap();
    // Five left: two pairs and a bye, without player 1.
    assert_eq!(r2.len(), 3);
    assert!(
        r2.iter().all(|p| p.south != 1 && p.north != Some(1)),
        "{r2:?}"
    );
    assert_eq!(r2.iter().filter(|p| p.north.is_none()).count(), 1);
    // His round 2 is an absence in the report.
    let report = report(&t, &ps, &all, 1, true);
    assert_eq!(report.players[0].rounds.len(), 2);
    assert_eq!(report.players[0].rounds[1].result, ResultCode::ForfeitLoss);
    ps[1].withdrawn = Some(1);
    ps[2].withdrawn = Some(1);
    ps[3].withdrawn = Some(1);
    ps[4].withdrawn = Some(1);
    assert_eq!(next_round(&t, &ps, &all, 2), Err(NoRound::TooFewPlayers));
}

#[test]
fn a_round_robin_of_six_meets_every_pair_once_and_twice_in_double() {
    for cycles in [1, 2] {
        let mut t = tournament(Format::RoundRobin, Some(5 * cycles), cycles);
        let ps = players(6);
        let mut all = Vec::new();
        let mut met = std::collections::HashMap::new();
        for round in 1..=5 * cycles {
            let planned = next_round(&t, &ps, &all, round).unwrap();
            assert_eq!(planned.len(), 3);
            for p in &planned {
                let n = p.north.unwrap();
                *met.entry((p.south.min(n), p.south.max(n))).or_insert(0) += 1;
            }
            all.extend(play(round, &planned, &[]));
            t.round = round;
        }
        assert_eq!(met.len(), 15, "every pair of 6");
        assert!(met.values().all(|&n| n == cycles), "{met:?}");
        assert_eq!(
            next_round(&t, &ps, &all, 5 * cycles + 1),
            Err(NoRound::Engine(format!(
                "the table has no round {}",
                5 * cycles + 1
            )))
        );
        let back = bao_swiss::trf::read(&trf(&t, &ps, &all)).unwrap();
        // The Dutch system's criteria hold for a single round robin; a double one's
        // second cycle repeats every pairing by design (15 "rematches").
        let violations = bao_swiss::check::check(&back).unwrap();
        assert_eq!(
            violations.len(),
            if cycles == 1 { 0 } else { 15 },
            "{violations:?}"
        );
        let table = standings(&t, &ps, &all);
        // The lower number always won: 1 first with all his games.
        assert_eq!(table[0].start, 1);
        assert_eq!(table[0].points.0, 500 * i64::from(cycles));
        assert_eq!(table[0].tiebreaks[0].0.name(), "Direct encounter");
    }
}

#[test]
fn a_round_robin_forfeits_a_withdrawn_players_games_and_byes_score_nothing() {
    let mut t = tournament(Format::RoundRobin, Some(5), 1);
    let mut ps = players(5);
    let r1 = next_round(&t, &ps, &[], 1).unwrap();
    // Five players: six places, the sixth is the bye.
    assert_eq!(r1.len(), 3);
    assert_eq!(r1.iter().filter(|p| p.north.is_none()).count(), 1);
    let all = play(1, &r1, &[]);
    t.round = 1;
    ps[1].withdrawn = Some(1);
    let r2 = next_round(&t, &ps, &all, 2).unwrap();
    for p in &r2 {
        match (p.north, p.south == 2, p.north == Some(2)) {
            (None, _, _) => assert_eq!(p.forfeit, None),
            (Some(_), true, _) => assert_eq!(p.forfeit, Some("-+")),
            (Some(_), _, true) => assert_eq!(p.forfeit, Some("+-")),
            _ => assert_eq!(p.forfeit, None),
        }
    }
    assert!(r2.iter().any(|p| p.forfeit.is_some()), "{r2:?}");
    let table = standings(&t, &ps, &all);
    let bye = r1.iter().find(|p| p.north.is_none()).unwrap().south;
    assert_eq!(table.iter().find(|s| s.start == bye).unwrap().points.0, 0);
}
