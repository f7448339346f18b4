//! `bao tournament`: a local engine tournament — levels, engine specifications, or
//! programs over the engine protocol — paired round by round by the Swiss system (FIDE
//! Dutch, [`bao_swiss::pair`]) or as a round robin (Berger tables), with the standings
//! and their tie-breaks ([`bao_swiss::tiebreak`]) and the FIDE TRF-16 report.
//!
//! Each pairing plays 1 or 2 games (the second with the sides swapped) from the start
//! position; the games of a round are played `threads` at a time. The players are
//! seeded in the order given (start number 1 first); the first round's sides follow the
//! lot drawn from the seed. A game a player forfeits (an engine program that fails or
//! plays an illegal move) is lost; a pairing lost only by forfeits is a forfeit in the
//! report (`+`/`-`), which does not count as played for the pairings.

use crate::matching::{make_player, Contender};
use anyhow::{anyhow, bail, Result};
use bao_engine::arena::player::MoveLimits;
use bao_engine::arena::runner::{play_pair_game, PlayedGame};
use bao_engine::Evaluate;
use bao_rules::Side;
use bao_swiss::tiebreak::{standings, Standing, TieBreak};
use bao_swiss::{Colour, Entry, Player, ResultCode, Tournament};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

/// The most players of a Swiss.
pub const MAX_SWISS_PLAYERS: usize = 200;
/// The most players of a round robin.
pub const MAX_ROUND_ROBIN_PLAYERS: usize = 64;
/// The most rounds of a Swiss.
pub const MAX_ROUNDS: u32 = 30;

/// How the rounds are paired.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// The FIDE Dutch system over this many rounds.
    Swiss {
        /// The rounds.
        rounds: u32,
    },
    /// The Berger tables, once or twice.
    RoundRobin {
        /// 1 (single) or 2 (double).
        cycles: u32,
    },
}

impl Format {
    /// The tie-breaks of the standings, in order.
    pub fn tiebreaks(self) -> &'static [TieBreak] {
        match self {
            Format::Swiss { .. } => &TieBreak::SWISS,
            Format::RoundRobin { .. } => &TieBreak::ROUND_ROBIN,
        }
    }
}

/// One player: his name and his engine.
#[derive(Clone, Debug)]
pub struct Entrant {
    /// The name in the tables and the report (at most 33 characters).
    pub name: String,
    /// The engine.
    pub contender: Contender,
}

/// Everything `bao tournament` was asked for.
#[derive(Clone, Debug)]
pub struct TournamentOptions {
    /// The players, start number 1 first.
    pub entrants: Vec<Entrant>,
    /// The format.
    pub format: Format,
    /// Games per pairing: 1, or 2 with the sides swapped.
    pub games_per_pairing: u32,
    /// Per-move limits for every engine.
    pub limits: MoveLimits,
    /// Adjudication after this many plies (0: none).
    pub max_plies: u32,
    /// Games played at the same time.
    pub threads: usize,
    /// South for start number 1 in round 1 (the lot).
    pub first: Colour,
    /// The tournament's name (the report's `012` line).
    pub name: String,
}

/// One pairing of a round, once played: start numbers and each player's result code,
/// and the games' points in half points.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    /// South's start number (South of the first game).
    pub south: u32,
    /// North's start number, `None` for the bye.
    pub north: Option<u32>,
    /// South's and North's result codes.
    pub codes: (ResultCode, Option<ResultCode>),
    /// The games' half points `[south, north]`.
    pub halves: [u32; 2],
}

impl Board {
    /// `1-0`, `0-1`, `½-½`, `+-`, `-+`, `--`, `bye`; with two games the score after it
    /// (`1-0 (1½-½)`).
    pub fn text(&self, games: u32) -> String {
        let r = match self.codes {
            (_, None) => return "bye".to_string(),
            (ResultCode::ForfeitWin, _) => "+-",
            (ResultCode::ForfeitLoss, Some(ResultCode::ForfeitWin)) => "-+",
            (ResultCode::ForfeitLoss, _) => "--",
            (ResultCode::Win, _) => "1-0",
            (ResultCode::Loss, _) => "0-1",
            _ => "½-½",
        };
        if games < 2 {
            return r.to_string();
        }
        let half = |h: u32| match (h / 2, h % 2) {
            (0, 1) => "½".to_string(),
            (w, 1) => format!("{w}½"),
            (w, _) => w.to_string(),
        };
        format!("{r} ({}-{})", half(self.halves[0]), half(self.halves[1]))
    }
}

/// What the runner tells its caller as it goes.
pub enum Event<'a> {
    /// Round `round` of `rounds` is paired: its boards (South, North or the bye).
    Paired {
        /// The round.
        round: u32,
        /// The rounds in all.
        rounds: u32,
        /// South's and North's start numbers.
        boards: &'a [(u32, Option<u32>)],
    },
    /// A game ended.
    GameDone,
    /// The round's results.
    Played {
        /// The round.
        round: u32,
        /// Its pairings with results.
        boards: &'a [Board],
    },
}

/// How a tournament ended: the report (every round), the standings, and why it ended
/// early, if it did.
pub struct Finished {
    /// The tournament as a TRF report.
    pub report: Tournament,
    /// The standings.
    pub standings: Vec<Standing>,
    /// Why it ended before its last round.
    pub note: Option<String>,
}

/// The rounds of a round robin of `n` players in `cycles` cycles.
pub fn round_robin_rounds(n: usize, cycles: u32) -> u32 {
    cycles * ((n + n % 2) as u32).saturating_sub(1)
}

/// Games of every round, for the progress bar: the boards with two players, times the
/// games of a pairing.
pub fn total_games(opts: &TournamentOptions) -> u64 {
    let n = opts.entrants.len() as u64;
    let rounds = match opts.format {
        Format::Swiss { rounds } => u64::from(rounds),
        Format::RoundRobin { cycles } => u64::from(round_robin_rounds(opts.entrants.len(), cycles)),
    };
    rounds * (n / 2) * u64::from(opts.games_per_pairing)
}

/// Checks the options: players, rounds, games per pairing, threads.
///
/// # Errors
/// A sentence naming what is wrong.
pub fn check(opts: &TournamentOptions) -> Result<()> {
    let n = opts.entrants.len();
    if n < 2 {
        bail!("a tournament needs at least 2 players: give --player, --levels or --player-cmd");
    }
    match opts.format {
        Format::Swiss { rounds } => {
            if n > MAX_SWISS_PLAYERS {
                bail!("{n} players: a Swiss takes at most {MAX_SWISS_PLAYERS}");
            }
            if !(1..=MAX_ROUNDS).contains(&rounds) {
                bail!("--rounds {rounds}: give 1 to {MAX_ROUNDS}");
            }
            let possible = if n % 2 == 1 { n } else { n - 1 } as u32;
            if rounds > possible {
                bail!("--rounds {rounds}: {n} players can play at most {possible} Swiss rounds without meeting twice");
            }
        }
        Format::RoundRobin { .. } => {
            if n > MAX_ROUND_ROBIN_PLAYERS {
                bail!("{n} players: a round robin takes at most {MAX_ROUND_ROBIN_PLAYERS}");
            }
        }
    }
    if !(1..=2).contains(&opts.games_per_pairing) {
        bail!(
            "--games-per-pairing {}: a pairing plays 1 game, or 2 with the sides swapped",
            opts.games_per_pairing
        );
    }
    if opts.threads == 0 {
        bail!("--threads 0: give at least 1");
    }
    Ok(())
}

/// The result codes and half points of a pairing from its games (`games[i]` is game
/// `i + 1`: the pairing's South plays South in game 1, North in game 2).
fn board_of(south: u32, north: u32, games: &[PlayedGame]) -> Board {
    let mut halves = [0u32; 2];
    let mut forfeits = 0;
    for g in games {
        // The pairing's South was engine A of the game.
        let a = g.a_half_points();
        halves[0] += a;
        halves[1] += 2 - a;
        if g.forfeit.is_some() {
            forfeits += 1;
        }
    }
    let unplayed = forfeits == games.len();
    use std::cmp::Ordering as O;
    use ResultCode as C;
    let codes = match (halves[0].cmp(&halves[1]), unplayed) {
        (O::Greater, true) => (C::ForfeitWin, C::ForfeitLoss),
        (O::Less, true) => (C::ForfeitLoss, C::ForfeitWin),
        (O::Equal, true) => (C::ForfeitLoss, C::ForfeitLoss),
        (O::Greater, false) => (C::Win, C::Loss),
        (O::Less, false) => (C::Loss, C::Win),
        (O::Equal, false) => (C::Draw, C::Draw),
    };
    Board {
        south,
        north: Some(north),
        codes: (codes.0, Some(codes.1)),
        halves,
    }
}

/// Adds a round's boards to the report.
fn record(report: &mut Tournament, boards: &[Board]) {
    for b in boards {
        let entries: Vec<(u32, Entry)> = match b.north {
            None => vec![(
                b.south,
                Entry {
                    opponent: None,
                    colour: None,
                    result: b.codes.0,
                },
            )],
            Some(n) => vec![
                (
                    b.south,
                    Entry {
                        opponent: Some(n),
                        colour: Some(Colour::White),
                        result: b.codes.0,
                    },
                ),
                (
                    n,
                    Entry {
                        opponent: Some(b.south),
                        colour: Some(Colour::Black),
                        result: b.codes.1.unwrap_or(ResultCode::Loss),
                    },
                ),
            ],
        };
        for (start, e) in entries {
            if let Some(p) = report.players.iter_mut().find(|p| p.start == start) {
                p.rounds.push(e);
                p.points = p.rounds.iter().map(|r| report.points.points(r)).sum();
            }
        }
    }
}

/// Plays the tournament for game `G` under `rules`.
///
/// # Errors
/// The options' ([`check`]), or an engine program that cannot be started.
pub fn run<G: Evaluate>(
    rules: G::Rules,
    opts: &TournamentOptions,
    on: &mut dyn FnMut(Event<'_>),
) -> Result<Finished> {
    check(opts)?;
    let start = G::start(&rules);
    let n = opts.entrants.len();
    let (rounds, schedule) = match opts.format {
        Format::Swiss { rounds } => (rounds, None),
        Format::RoundRobin { cycles } => {
            let table = bao_swiss::berger::schedule(n as u32, cycles).map_err(|e| anyhow!(e))?;
            (table.len() as u32, Some(table))
        }
    };
    let mut report = Tournament {
        total_rounds: Some(rounds),
        initial_colour: Some(opts.first),
        other_lines: vec![format!("012 {}", opts.name)],
        edition: matches!(opts.format, Format::Swiss { .. }).then(bao_swiss::Edition::default),
        ..Tournament::default()
    };
    for (i, e) in opts.entrants.iter().enumerate() {
        report.players.push(Player::new(i as u32 + 1, &e.name));
    }
    let mut note = None;
    let mut game_no = 0u64;
    for round in 1..=rounds {
        let pairs: Vec<(u32, Option<u32>)> = match &schedule {
            Some(table) => table[round as usize - 1]
                .iter()
                .map(|g| (g.south, g.north))
                .collect(),
            None => match bao_swiss::pair(&report) {
                Ok(r) => r.boards.iter().map(|b| (b.south, b.north)).collect(),
                Err(e) => {
                    note = Some(format!("ended after round {}: {e}", round - 1));
                    break;
                }
            },
        };
        on(Event::Paired {
            round,
            rounds,
            boards: &pairs,
        });
        // The games of the round: (board, seq, South's start number, North's).
        let jobs: Vec<(usize, u32, u32, u32)> = pairs
            .iter()
            .enumerate()
            .filter_map(|(i, &(s, n))| n.map(|n| (i, s, n)))
            .flat_map(|(i, s, n)| (1..=opts.games_per_pairing).map(move |seq| (i, seq, s, n)))
            .collect();
        let played = play_round::<G>(&start, opts, &jobs, game_no, on)?;
        game_no += jobs.len() as u64;
        let boards: Vec<Board> = pairs
            .iter()
            .enumerate()
            .map(|(i, &(s, n))| match n {
                None => Board {
                    south: s,
                    north: None,
                    codes: match opts.format {
                        Format::Swiss { .. } => (ResultCode::PairingBye, None),
                        Format::RoundRobin { .. } => (ResultCode::ZeroBye, None),
                    },
                    halves: [0, 0],
                },
                Some(n) => {
                    let games: Vec<PlayedGame> = jobs
                        .iter()
                        .zip(&played)
                        .filter(|((b, ..), _)| *b == i)
                        .map(|(_, g)| g.clone())
                        .collect();
                    board_of(s, n, &games)
                }
            })
            .collect();
        record(&mut report, &boards);
        on(Event::Played {
            round,
            boards: &boards,
        });
    }
    let standings = standings(&report, opts.format.tiebreaks()).map_err(|e| anyhow!(e))?;
    for p in &mut report.players {
        p.rank = standings
            .iter()
            .find(|s| s.start == p.start)
            .map(|s| s.rank);
    }
    Ok(Finished {
        report,
        standings,
        note,
    })
}

/// Plays the games `jobs` (board, seq, South, North), `opts.threads` at a time; the
/// games in the order of `jobs`. Engine A of each game is the pairing's South.
fn play_round<G: Evaluate>(
    start: &G,
    opts: &TournamentOptions,
    jobs: &[(usize, u32, u32, u32)],
    first_game: u64,
    on: &mut dyn FnMut(Event<'_>),
) -> Result<Vec<PlayedGame>> {
    let next = AtomicUsize::new(0);
    let results: Mutex<Vec<Option<Result<PlayedGame, String>>>> =
        Mutex::new(vec![None; jobs.len()]);
    let (done_tx, done_rx) = std::sync::mpsc::channel::<()>();
    std::thread::scope(|scope| {
        for _ in 0..opts.threads.min(jobs.len()).max(1) {
            let done_tx = done_tx.clone();
            let (next, results) = (&next, &results);
            scope.spawn(move || loop {
                let i = next.fetch_add(1, Ordering::SeqCst);
                let Some(&(_, seq, s, n)) = jobs.get(i) else {
                    break;
                };
                let contender = |start: u32| &opts.entrants[start as usize - 1].contender;
                let game = (|| -> Result<PlayedGame, String> {
                    let mut a = make_player::<G>(contender(s), opts.limits)?;
                    let mut b = make_player::<G>(contender(n), opts.limits)?;
                    let a_side = if seq == 1 { Side::South } else { Side::North };
                    Ok(play_pair_game(
                        start,
                        &[],
                        a_side,
                        a.as_mut(),
                        b.as_mut(),
                        opts.max_plies,
                        first_game + i as u64,
                    ))
                })();
                if let Ok(mut r) = results.lock() {
                    r[i] = Some(game);
                }
                let _ = done_tx.send(());
            });
        }
        drop(done_tx);
        for () in done_rx.iter() {
            on(Event::GameDone);
        }
    });
    let results = results
        .into_inner()
        .map_err(|_| anyhow!("a game's thread failed"))?;
    results
        .into_iter()
        .map(|r| match r {
            Some(Ok(g)) => Ok(g),
            Some(Err(e)) => Err(anyhow!("cannot start an engine: {e}")),
            None => Err(anyhow!("a game was not played")),
        })
        .collect()
}

#[cfg(test)]
mod tests;
