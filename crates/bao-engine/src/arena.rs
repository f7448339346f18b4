//! The match runner: engine A against engine B over paired openings, with Elo.
//!
//! Each random opening of `opening_plies` plies (drawn from the match seed) is played
//! twice, A taking South in one game and North in the other, so that the luck of the
//! opening cancels out. Openings that end the game, or whose result a short search
//! already proves, are redrawn. Games run in parallel on a rayon pool. Each game is a
//! [`GameLine`], so it ends where the rules end it — the third occurrence of a position
//! included (Bao Kingulu G-R15) — and the engines search it with its history. A game that reaches
//! `max_plies` without a result is adjudicated (`EndReason::Adjudicated`): the side with
//! more material wins (Bao Kingulu: the provisional score of G-R14; Bao la Kiswahili: the
//! seeds in its 16 holes plus its store), equal material is a draw.

use crate::hash::mix64;
use crate::{Engine, EngineConfig, Evaluate, Limits};
use bao_rules::{EndReason, GameLine, Outcome, Side};
use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use rayon::prelude::*;
use std::fmt;

pub mod external;
pub mod openings;
pub mod player;
pub mod runner;
pub mod sprt;

/// The settings of a match.
#[derive(Clone, Debug)]
pub struct MatchConfig {
    /// Engine A.
    pub a: EngineConfig,
    /// Engine B.
    pub b: EngineConfig,
    /// Number of games, rounded up to an even number (every opening is played twice).
    pub games: u32,
    /// Plies of each random opening, played from the seed before the engines take over.
    /// Openings that end the game or whose result a short search proves are redrawn (and
    /// shortened when every draw is decided).
    pub opening_plies: u32,
    /// The seed of the openings (and of the engines' per-game seeds).
    pub seed: u64,
    /// Maximum plies of a game, opening included, before adjudication; 0 = no maximum.
    pub max_plies: u32,
    /// Worker threads; 0 = all cores.
    pub threads: usize,
    /// Show a progress bar on stderr.
    pub progress: bool,
    /// Keep the move lists of every game in the report.
    pub keep_records: bool,
}

impl Default for MatchConfig {
    /// Level 6 against level 2, 200 games, 4-ply openings, seed 1, 1000 plies, all cores.
    fn default() -> Self {
        MatchConfig {
            a: EngineConfig::level(6),
            b: EngineConfig::level(2),
            games: 200,
            opening_plies: 4,
            seed: 1,
            max_plies: 1000,
            threads: 0,
            progress: false,
            keep_records: false,
        }
    }
}

/// One game of a match.
#[derive(Clone, Debug)]
pub struct GameSummary {
    /// The opening moves (move texts, notation.md §3).
    pub opening: Vec<String>,
    /// The moves after the opening (move texts).
    pub moves: Vec<String>,
    /// The side engine A played.
    pub a_side: Side,
    /// How the game ended.
    pub outcome: Outcome,
    /// Plies played in total (opening included).
    pub plies: u32,
}

/// The result of a match, from A's point of view.
#[derive(Clone, Debug)]
pub struct MatchReport {
    /// Games A won.
    pub a_wins: u32,
    /// Drawn games.
    pub draws: u32,
    /// Games B won.
    pub b_wins: u32,
    /// Games ended by adjudication (also counted in the three above).
    pub adjudicated: u32,
    /// Games ended by the third occurrence of a position (G-R15; also counted in the
    /// three above).
    pub repetitions: u32,
    /// A's points share, 0..1 (win 1, draw ½).
    pub score: f64,
    /// Elo difference A − B. A score of 0 or 1 is clamped to ½ game from it
    /// (so the value stays finite).
    pub elo: f64,
    /// 95% confidence interval of the Elo difference, from the Wilson score interval of
    /// the points share ([`elo_stats`]); an end is infinite when the share's is 0 or 1.
    pub elo_ci95: (f64, f64),
    /// Every game in match order, empty unless `keep_records`.
    pub games: Vec<GameSummary>,
}

/// The Elo difference of a points share (clamped to 0.0001..0.9999).
pub fn elo_of_score(score: f64) -> f64 {
    let s = score.clamp(1e-4, 1.0 - 1e-4);
    -400.0 * (1.0 / s - 1.0).log10()
}

/// `(score, elo, ci95)` of `wins`/`draws`/`losses`: A's points share, its Elo (a share
/// of 0 or 1 clamped to half a game from it, so that it stays finite) and the 95%
/// confidence interval of the Elo from the Wilson score interval of the share (z = 1.96),
/// which stays wide for a clean sweep: 20 wins of 20 give +287 .. +∞ (an end of the
/// interval at a share of 0 or 1 is −∞ or +∞).
pub fn elo_stats(wins: u32, draws: u32, losses: u32) -> (f64, f64, (f64, f64)) {
    let n = f64::from(wins + draws + losses);
    if n == 0.0 {
        return (0.5, 0.0, (0.0, 0.0));
    }
    let (w, d) = (f64::from(wins), f64::from(draws));
    let s = (w + 0.5 * d) / n;
    let lo_clamp = 0.5 / n;
    let hi_clamp = 1.0 - 0.5 / n;
    let clamped = s.clamp(lo_clamp.min(0.5), hi_clamp.max(0.5));
    let (lo, hi) = wilson(s, n, 1.96);
    (
        s,
        elo_of_score(clamped),
        (elo_of_share(lo), elo_of_share(hi)),
    )
}

/// The Wilson score interval of a share `p` of `n` trials at `z` standard deviations.
fn wilson(p: f64, n: f64, z: f64) -> (f64, f64) {
    let z2 = z * z;
    let centre = (p + z2 / (2.0 * n)) / (1.0 + z2 / n);
    let half = z / (1.0 + z2 / n) * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt();
    ((centre - half).max(0.0), (centre + half).min(1.0))
}

/// The Elo difference of a share, unclamped: −∞ at 0, +∞ at 1.
fn elo_of_share(share: f64) -> f64 {
    if share <= 0.0 {
        f64::NEG_INFINITY
    } else if share >= 1.0 {
        f64::INFINITY
    } else {
        -400.0 * (1.0 / share - 1.0).log10()
    }
}

/// An Elo value for reports: `+215`, `-40`, `+∞`, `−∞`.
pub fn elo_text(elo: f64) -> String {
    if elo == f64::INFINITY {
        "+∞".to_string()
    } else if elo == f64::NEG_INFINITY {
        "−∞".to_string()
    } else {
        // `{:+.0}` of a small negative value is `-0`: an even score is `+0`.
        let rounded = elo.round();
        format!("{:+.0}", if rounded == 0.0 { 0.0 } else { rounded })
    }
}

/// Whether a short search already proves the result of `pos` (a decided opening).
fn decided<G: Evaluate>(pos: &G) -> bool {
    let mut probe: Engine<G> = Engine::new(EngineConfig {
        searcher: crate::Searcher::AlphaBeta,
        limits: Limits {
            depth: Some(OPENING_CHECK_DEPTH),
            nodes: Some(OPENING_CHECK_NODES),
            time_ms: None,
        },
        seed: 0,
        hash_mb: 1,
        missed_captures: 0,
        eval: crate::Evaluation::Linear,
        search: crate::SearchParams::default(),
    });
    let r = probe.search(pos, Limits::default(), &mut |_| {});
    !matches!(r.info.score, crate::Score::Cp(_))
}

/// Depth of the search that rejects decided openings.
pub const OPENING_CHECK_DEPTH: u32 = crate::MAX_DEPTH;
/// Node cap of that search.
pub const OPENING_CHECK_NODES: u64 = 200_000;

/// A random opening of `plies` plies from `start` that neither ends the game nor leads
/// to a position whose result a short alpha-beta search ([`OPENING_CHECK_DEPTH`] plies,
/// at most [`OPENING_CHECK_NODES`] nodes) already proves. Up to [`OPENING_TRIES`]
/// openings are drawn; when all of them are decided (common in Bao Kingulu, where many
/// 4-ply openings are forced wins), openings one ply shorter are drawn, and so on down to
/// the start position itself.
fn opening<G: Evaluate>(start: &G, plies: u32, seed: u64) -> Vec<G::Move> {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let mut moves = Vec::new();
    for len in (1..=plies).rev() {
        for _ in 0..OPENING_TRIES {
            let mut pos = start.clone();
            let mut line = Vec::new();
            for _ in 0..len {
                pos.legal_moves(&mut moves);
                if moves.is_empty() {
                    break;
                }
                let mv = moves[rng.gen_range(0..moves.len())];
                let next = pos.play_unchecked(mv);
                if next.outcome().is_some() {
                    break;
                }
                line.push(mv);
                pos = next;
            }
            if line.len() == len as usize && !decided(&pos) {
                return line;
            }
        }
    }
    Vec::new()
}

/// `count` random openings of `plies` plies from `start` (decided ones redrawn and
/// shortened as in [`run_match`]), opening `p` drawn from `seed` and `p`.
pub fn random_openings<G: Evaluate>(
    start: &G,
    plies: u32,
    seed: u64,
    count: u64,
) -> Vec<Vec<G::Move>> {
    (0..count)
        .into_par_iter()
        .map(|p| opening(start, plies, mix64(seed ^ mix64(p + 1))))
        .collect()
}

/// How many random openings of one length are drawn before a shorter length is tried.
pub const OPENING_TRIES: u32 = 30;

pub use bao_rules::line::adjudicate;

fn play_game<G: Evaluate>(
    start: &G,
    opening_moves: &[G::Move],
    a_side: Side,
    cfg: &MatchConfig,
    game: u64,
) -> GameSummary {
    let mut a_cfg = cfg.a.clone();
    a_cfg.seed ^= mix64(cfg.seed ^ game.wrapping_mul(0x9e37_79b9_7f4a_7c15));
    let mut b_cfg = cfg.b.clone();
    b_cfg.seed ^= mix64(cfg.seed ^ game.wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ 0xb);
    let mut a: Engine<G> = Engine::new(a_cfg);
    let mut b: Engine<G> = Engine::new(b_cfg);
    // The game is a GameLine: it ends where the rules say, a third occurrence (G-R15)
    // and the rules' own OPT-MAX-PLIES included; the engines search it with its history.
    let mut line = GameLine::new(start.clone());
    for &mv in opening_moves {
        if line.play(mv).is_err() {
            break;
        }
    }
    let opening: Vec<String> = line.move_texts().to_vec();
    let outcome = loop {
        if let Some(o) = line.outcome() {
            break o;
        }
        if cfg.max_plies > 0 && line.plies() >= cfg.max_plies as usize {
            break adjudicate(line.current());
        }
        let mover = line.current().side_to_move();
        let engine = if mover == a_side { &mut a } else { &mut b };
        let result = engine.search_line(&line, Limits::default(), &mut |_| {});
        match result.best.map(|mv| line.play(mv)) {
            Some(Ok(_)) => {}
            // An engine without a (legal) move in an unfinished game forfeits.
            _ => {
                break Outcome {
                    winner: Some(mover.opponent()),
                    reason: EndReason::NoLegalMove,
                }
            }
        }
    };
    let moves = if cfg.keep_records {
        line.move_texts()[opening.len()..].to_vec()
    } else {
        Vec::new()
    };
    GameSummary {
        opening,
        moves,
        a_side,
        outcome,
        plies: line.plies() as u32,
    }
}

/// Plays the match from `start` and returns the report. The games are a deterministic
/// function of `cfg` when both engines use depth or node limits.
pub fn run_match<G: Evaluate>(start: &G, cfg: &MatchConfig) -> MatchReport {
    let pairs = cfg.games.div_ceil(2) as u64;
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(cfg.threads)
        .build();
    let make_opening = |p: u64| opening(start, cfg.opening_plies, mix64(cfg.seed ^ mix64(p + 1)));
    let openings: Vec<Vec<G::Move>> = match &pool {
        Ok(pool) => pool.install(|| (0..pairs).into_par_iter().map(make_opening).collect()),
        Err(_) => (0..pairs).map(make_opening).collect(),
    };
    let jobs: Vec<(u64, Side)> = (0..pairs)
        .flat_map(|p| [(p, Side::South), (p, Side::North)])
        .collect();
    let bar = if cfg.progress {
        let bar = indicatif::ProgressBar::new(jobs.len() as u64);
        if let Ok(style) = indicatif::ProgressStyle::with_template(
            "{bar:40} {pos}/{len} games  {elapsed_precise} (eta {eta}) {msg}",
        ) {
            bar.set_style(style);
        }
        Some(bar)
    } else {
        None
    };
    let run = |&(p, side): &(u64, Side)| {
        let g = play_game(
            start,
            &openings[p as usize],
            side,
            cfg,
            p * 2 + side.index() as u64,
        );
        if let Some(bar) = &bar {
            bar.inc(1);
        }
        g
    };
    let games: Vec<GameSummary> = match &pool {
        Ok(pool) => pool.install(|| jobs.par_iter().map(run).collect()),
        Err(_) => jobs.iter().map(run).collect(),
    };
    if let Some(bar) = &bar {
        bar.finish();
    }
    summarize(games, cfg.keep_records)
}

/// The report of a list of games (W/D/L from A's side, adjudications, repetitions, Elo);
/// the games are kept in it when `keep_records`.
pub fn summarize(games: Vec<GameSummary>, keep_records: bool) -> MatchReport {
    let (mut a_wins, mut draws, mut b_wins, mut adjudicated, mut repetitions) = (0, 0, 0, 0, 0);
    for g in &games {
        match g.outcome.winner {
            Some(w) if w == g.a_side => a_wins += 1,
            Some(_) => b_wins += 1,
            None => draws += 1,
        }
        match g.outcome.reason {
            EndReason::Adjudicated => adjudicated += 1,
            EndReason::Repetition => repetitions += 1,
            _ => {}
        }
    }
    let (score, elo, elo_ci95) = elo_stats(a_wins, draws, b_wins);
    MatchReport {
        a_wins,
        draws,
        b_wins,
        adjudicated,
        repetitions,
        score,
        elo,
        elo_ci95,
        games: if keep_records { games } else { Vec::new() },
    }
}

impl fmt::Display for MatchReport {
    /// `games 200: A +150 =10 -40 (adjudicated 3)` (`(adjudicated 3, repetition 1)` when
    /// games ended by G-R15) then
    /// `score 77.5% Elo +215 (95% CI +160 .. +280)`; a clean sweep says that its Elo is
    /// clamped.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let n = self.a_wins + self.draws + self.b_wins;
        write!(
            f,
            "games {n}: A +{} ={} -{} (adjudicated {}",
            self.a_wins, self.draws, self.b_wins, self.adjudicated
        )?;
        if self.repetitions > 0 {
            write!(f, ", repetition {}", self.repetitions)?;
        }
        writeln!(f, ")")?;
        write!(
            f,
            "score {:.1}% Elo {} (95% CI {} .. {})",
            self.score * 100.0,
            elo_text(self.elo),
            elo_text(self.elo_ci95.0),
            elo_text(self.elo_ci95.1)
        )?;
        if n > 0 && (self.a_wins == n || self.b_wins == n) {
            write!(f, " (a clean sweep: Elo clamped at half a game)")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn elo_of_even_and_lopsided_scores() {
        let (s, e, (lo, hi)) = elo_stats(10, 0, 10);
        assert_eq!(s, 0.5);
        assert!(e.abs() < 1e-9);
        assert!(lo < 0.0 && hi > 0.0);
        // 75% is +190.8 Elo.
        let (s, e, _) = elo_stats(15, 0, 5);
        assert_eq!(s, 0.75);
        assert!((e - 190.848).abs() < 0.01, "{e}");
        // A clean sweep: the Elo stays finite (clamped to half a game), the interval is
        // Wilson's, wide and open above.
        let (s, e, (lo, hi)) = elo_stats(20, 0, 0);
        assert_eq!(s, 1.0);
        assert!(e.is_finite() && e > 500.0);
        assert_eq!(elo_text(lo), "+287");
        assert_eq!(hi, f64::INFINITY);
        assert_eq!(elo_text(hi), "+∞");
        let (_, _, (lo, hi)) = elo_stats(0, 0, 20);
        assert_eq!(
            (elo_text(lo), elo_text(hi)),
            ("−∞".to_string(), "-287".to_string())
        );
        // 15 of 20: the Wilson interval of 75% is 53.1% .. 88.8%; an even score is +0.
        let (_, _, (lo, hi)) = elo_stats(15, 0, 5);
        assert_eq!(
            (elo_text(lo), elo_text(hi)),
            ("+22".to_string(), "+360".to_string())
        );
        assert_eq!(
            (elo_text(-0.2), elo_text(-40.0)),
            ("+0".to_string(), "-40".to_string())
        );
    }
}
