use super::*;
use bao_engine::EngineConfig;
use bao_rules::kingulu::Kingulu;

fn levels(n: u8) -> Vec<Entrant> {
    (1..=n)
        .map(|l| Entrant {
            name: format!("level {l}"),
            contender: Contender::Local(EngineConfig::level(l), None),
        })
        .collect()
}

fn options(entrants: Vec<Entrant>, format: Format, games: u32) -> TournamentOptions {
    TournamentOptions {
        entrants,
        format,
        games_per_pairing: games,
        limits: MoveLimits {
            time_ms: None,
            depth: Some(1),
        },
        max_plies: 60,
        threads: 2,
        first: Colour::White,
        name: "test".into(),
    }
}

/// Each round's boards as paired: (South, North or the bye).
type Rounds = Vec<Vec<(u32, Option<u32>)>>;

fn run_it(opts: &TournamentOptions) -> (Finished, Rounds, u64) {
    let mut paired = Vec::new();
    let mut games = 0;
    let done = run::<Kingulu>(Default::default(), opts, &mut |e| match e {
        Event::Paired { boards, .. } => paired.push(boards.to_vec()),
        Event::GameDone => games += 1,
        Event::Played { .. } => {}
    })
    .unwrap();
    (done, paired, games)
}

#[test]
fn a_round_robin_of_five_levels_plays_each_pair_once_and_reads_back() {
    let opts = options(levels(5), Format::RoundRobin { cycles: 1 }, 1);
    assert_eq!(total_games(&opts), 10);
    let (done, paired, games) = run_it(&opts);
    assert_eq!((paired.len(), games), (5, 10));
    let mut met = std::collections::HashSet::new();
    for round in &paired {
        for &(s, n) in round {
            if let Some(n) = n {
                assert!(met.insert((s.min(n), s.max(n))));
            }
        }
    }
    assert_eq!(met.len(), 10);
    let total: i64 = done.standings.iter().map(|s| s.points.0).sum();
    assert_eq!(
        total, 1000,
        "ten games, a point each; the byes score nothing"
    );
    let back = bao_swiss::trf::read(&bao_swiss::trf::write(&done.report)).unwrap();
    assert_eq!(bao_swiss::check::check(&back).unwrap(), vec![]);
    assert_eq!(done.note, None);
}

#[test]
fn a_swiss_with_two_games_a_pairing_pairs_each_round_anew() {
    let opts = options(levels(6), Format::Swiss { rounds: 3 }, 2);
    assert_eq!(total_games(&opts), 18);
    let (done, paired, games) = run_it(&opts);
    assert_eq!((paired.len(), games), (3, 18));
    assert_eq!(paired[0], vec![(1, Some(4)), (5, Some(2)), (3, Some(6))]);
    let back = bao_swiss::trf::read(&bao_swiss::trf::write(&done.report)).unwrap();
    assert_eq!(bao_swiss::check::check(&back).unwrap(), vec![]);
    assert!(done.report.players.iter().all(|p| p.rounds.len() == 3));
    let total: i64 = done.standings.iter().map(|s| s.points.0).sum();
    assert_eq!(total, 900);
}

#[test]
fn the_options_are_checked() {
    let e = |opts: TournamentOptions| check(&opts).unwrap_err().to_string();
    assert_eq!(
        e(options(levels(1), Format::Swiss { rounds: 1 }, 1)),
        "a tournament needs at least 2 players: give --player, --levels or --player-cmd"
    );
    assert_eq!(
        e(options(levels(4), Format::Swiss { rounds: 4 }, 1)),
        "--rounds 4: 4 players can play at most 3 Swiss rounds without meeting twice"
    );
    assert_eq!(
        e(options(levels(4), Format::Swiss { rounds: 3 }, 3)),
        "--games-per-pairing 3: a pairing plays 1 game, or 2 with the sides swapped"
    );
    let b = Board {
        south: 1,
        north: Some(2),
        codes: (ResultCode::Win, Some(ResultCode::Loss)),
        halves: [3, 1],
    };
    assert_eq!(b.text(2), "1-0 (1½-½)");
    assert_eq!(b.text(1), "1-0");
}
