//! The pair runner of `bao match`: any two [`Player`]s (levels in this process, programs
//! over the engine protocol) over paired openings, `concurrency` pairs at a time, with
//! the pentanomial counts and an optional SPRT that ends the match at a bound.
//!
//! Pair `p` plays opening `p mod openings` twice: A South in game `2p`, North in game
//! `2p + 1`. Every worker thread owns one A and one B player (for external engines: one
//! process each) and reuses them for its pairs. When the SPRT accepts a hypothesis no new
//! pair is started; the pairs already running are finished and counted.

use super::player::Player;
use super::sprt::{Hypothesis, Pentanomial, Sprt};
use super::{adjudicate, summarize, GameSummary, MatchReport};
use crate::Evaluate;
use bao_rules::{EndReason, GameLine, Outcome, Side};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Mutex;

/// The settings of a pair run.
#[derive(Clone, Debug)]
pub struct PairsConfig {
    /// The most pairs to play (each is two games).
    pub pairs: u64,
    /// Pairs played at the same time (worker threads), at least 1.
    pub concurrency: usize,
    /// Maximum plies of a game, opening included, before adjudication; 0 = none.
    pub max_plies: u32,
    /// The sequential test, if any.
    pub sprt: Option<Sprt>,
}

/// One game of a pair run.
#[derive(Clone, Debug)]
pub struct PlayedGame {
    /// The game (its moves always kept).
    pub summary: GameSummary,
    /// When a player forfeited (an error, no answer in time, an illegal move): why.
    pub forfeit: Option<String>,
}

impl PlayedGame {
    /// A's half-points in the game: 2 win, 1 draw, 0 loss.
    pub fn a_half_points(&self) -> u32 {
        match self.summary.outcome.winner {
            Some(w) if w == self.summary.a_side => 2,
            Some(_) => 0,
            None => 1,
        }
    }
}

/// One finished pair.
#[derive(Clone, Debug)]
pub struct PairResult {
    /// The pair's number (0-based).
    pub pair: u64,
    /// The index of its opening.
    pub opening: usize,
    /// A as South, then A as North.
    pub games: [PlayedGame; 2],
}

/// The state of the run after a pair, for progress lines.
#[derive(Clone, Debug)]
pub struct Progress {
    /// Pairs finished.
    pub pairs_done: u64,
    /// The most pairs of the run.
    pub pairs_total: u64,
    /// The pentanomial counts so far.
    pub penta: Pentanomial,
    /// A's wins, draws and losses so far.
    pub wdl: (u32, u32, u32),
    /// The LLR, with an SPRT.
    pub llr: Option<f64>,
    /// The hypothesis accepted, once one is.
    pub decision: Option<Hypothesis>,
}

/// The result of a pair run.
#[derive(Clone, Debug)]
pub struct PairsReport {
    /// Every finished pair, in the order they finished (resumed pairs first).
    pub pairs: Vec<PairResult>,
    /// The counts of the games (W/D/L, adjudications, Elo: [`super::elo_stats`]).
    pub report: MatchReport,
    /// The pentanomial counts.
    pub penta: Pentanomial,
    /// The final LLR, with an SPRT.
    pub llr: Option<f64>,
    /// The hypothesis accepted, if the SPRT reached a bound.
    pub decision: Option<Hypothesis>,
    /// Games forfeited.
    pub forfeits: u32,
}

/// Plays one game between two players from `opening` (already checked to be playable).
pub fn play_pair_game<G: Evaluate>(
    start: &G,
    opening: &[G::Move],
    a_side: Side,
    a: &mut dyn Player<G>,
    b: &mut dyn Player<G>,
    max_plies: u32,
    game: u64,
) -> PlayedGame {
    let mut line = GameLine::new(start.clone());
    for &mv in opening {
        if line.play(mv).is_err() {
            break;
        }
    }
    let opening_texts: Vec<String> = line.move_texts().to_vec();
    let mut forfeit = None;
    let mut started = [a.new_game(&line, game), b.new_game(&line, game)];
    let outcome = 'game: {
        for (i, side) in [(0, a_side), (1, a_side.opponent())] {
            if let Err(e) = std::mem::replace(&mut started[i], Ok(())) {
                forfeit = Some(e);
                break 'game Outcome {
                    winner: Some(side.opponent()),
                    reason: EndReason::OffBoard,
                };
            }
        }
        loop {
            if let Some(o) = line.outcome() {
                break o;
            }
            if max_plies > 0 && line.plies() >= max_plies as usize {
                break adjudicate(line.current());
            }
            let mover = line.current().side_to_move();
            let player: &mut dyn Player<G> = if mover == a_side { &mut *a } else { &mut *b };
            let chosen = player.choose(&line);
            match chosen.and_then(|mv| line.play(mv).map(|_| ()).map_err(|e| e.to_string())) {
                Ok(()) => {}
                Err(e) => {
                    // A player without a (legal) move in an unfinished game forfeits.
                    forfeit = Some(e);
                    break Outcome {
                        winner: Some(mover.opponent()),
                        reason: EndReason::OffBoard,
                    };
                }
            }
        }
    };
    PlayedGame {
        summary: GameSummary {
            moves: line.move_texts()[opening_texts.len()..].to_vec(),
            opening: opening_texts,
            a_side,
            outcome,
            plies: line.plies() as u32,
        },
        forfeit,
    }
}

struct Shared {
    pairs: Vec<PairResult>,
    penta: Pentanomial,
    wdl: (u32, u32, u32),
    llr: Option<f64>,
    decision: Option<Hypothesis>,
    error: Option<String>,
}

impl Shared {
    fn add(&mut self, pair: PairResult, sprt: Option<&Sprt>) {
        let [g1, g2] = &pair.games;
        for g in [g1, g2] {
            match g.a_half_points() {
                2 => self.wdl.0 += 1,
                1 => self.wdl.1 += 1,
                _ => self.wdl.2 += 1,
            }
        }
        self.penta.add_pair(g1.a_half_points(), g2.a_half_points());
        if let Some(s) = sprt {
            let llr = s.llr(&self.penta);
            self.llr = Some(llr);
            if self.decision.is_none() {
                self.decision = s.decision(llr);
            }
        }
        self.pairs.push(pair);
    }
}

/// The players of one worker: (A, B).
pub type Players<G> = (Box<dyn Player<G>>, Box<dyn Player<G>>);

/// Runs the pairs. `done` are pairs finished by an earlier run (resumed: counted, not
/// played again). `make_players(worker)` makes each worker's two players (an error ends
/// the run with that error). `on_pair` is called after every pair, in finishing order,
/// with the pair and the state after it (one call at a time).
pub fn run_pairs<G, F>(
    start: &G,
    openings: &[Vec<G::Move>],
    cfg: &PairsConfig,
    done: Vec<PairResult>,
    make_players: F,
    on_pair: &(dyn Fn(&PairResult, &Progress) + Sync),
) -> Result<PairsReport, String>
where
    G: Evaluate,
    F: Fn(usize) -> Result<Players<G>, String> + Sync,
{
    if openings.is_empty() {
        return Err("no openings to play".to_string());
    }
    let mut shared = Shared {
        pairs: Vec::new(),
        penta: Pentanomial::default(),
        wdl: (0, 0, 0),
        llr: None,
        decision: None,
        error: None,
    };
    let mut finished = std::collections::HashSet::new();
    for pair in done {
        if pair.pair < cfg.pairs && finished.insert(pair.pair) {
            shared.add(pair, cfg.sprt.as_ref());
        }
    }
    let shared = Mutex::new(shared);
    let next = AtomicU64::new(0);
    let stop = AtomicBool::new(shared.lock().map(|s| s.decision.is_some()).unwrap_or(false));
    let worker = |w: usize| {
        let (mut a, mut b) = match make_players(w) {
            Ok(players) => players,
            Err(e) => {
                if let Ok(mut s) = shared.lock() {
                    s.error.get_or_insert(e);
                }
                stop.store(true, Ordering::SeqCst);
                return;
            }
        };
        loop {
            if stop.load(Ordering::SeqCst) {
                return;
            }
            let p = next.fetch_add(1, Ordering::SeqCst);
            if p >= cfg.pairs {
                return;
            }
            if finished.contains(&p) {
                continue;
            }
            let index = (p % openings.len() as u64) as usize;
            let opening = &openings[index];
            let south = play_pair_game(
                start,
                opening,
                Side::South,
                &mut *a,
                &mut *b,
                cfg.max_plies,
                2 * p,
            );
            let north = play_pair_game(
                start,
                opening,
                Side::North,
                &mut *a,
                &mut *b,
                cfg.max_plies,
                2 * p + 1,
            );
            let pair = PairResult {
                pair: p,
                opening: index,
                games: [south, north],
            };
            let Ok(mut s) = shared.lock() else { return };
            s.add(pair, cfg.sprt.as_ref());
            if s.decision.is_some() {
                stop.store(true, Ordering::SeqCst);
            }
            let progress = Progress {
                pairs_done: s.pairs.len() as u64,
                pairs_total: cfg.pairs,
                penta: s.penta,
                wdl: s.wdl,
                llr: s.llr,
                decision: s.decision,
            };
            if let Some(last) = s.pairs.last() {
                on_pair(last, &progress);
            }
        }
    };
    std::thread::scope(|scope| {
        for w in 0..cfg.concurrency.max(1) {
            let worker = &worker;
            scope.spawn(move || worker(w));
        }
    });
    let shared = shared
        .into_inner()
        .map_err(|_| "a match worker panicked".to_string())?;
    if let Some(e) = shared.error {
        return Err(e);
    }
    let games: Vec<GameSummary> = shared
        .pairs
        .iter()
        .flat_map(|p| p.games.iter().map(|g| g.summary.clone()))
        .collect();
    let forfeits = shared
        .pairs
        .iter()
        .flat_map(|p| &p.games)
        .filter(|g| g.forfeit.is_some())
        .count() as u32;
    Ok(PairsReport {
        report: summarize(games, true),
        pairs: shared.pairs,
        penta: shared.penta,
        llr: shared.llr,
        decision: shared.decision,
        forfeits,
    })
}
