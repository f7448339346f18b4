//! The puzzle finder (`bao puzzle build`, docs/puzzles.md): games the engine plays
//! against itself (alpha-beta levels 3–6, depth-limited and so reproducible, after a few
//! random opening plies, all from one seeded [`Xoshiro256PlusPlus`]), whose late
//! positions are scanned from the end backwards for positions with exactly one solution
//! ([`super::prove`]), each proven within [`FIND_NODES`] solver positions and then
//! re-proven by [`super::verify::check`] as `bao puzzle verify` will.

use super::format::{Claim, Puzzle};
use super::prove::{
    best_score, line_texts, only_win, score_line, win_line, win_within, Proof, MAX_WIN_WITHIN,
};
use super::theme::{difficulty, theme};
use super::verify::{check, VERIFY_NODES};
use crate::solve::{ExactValue, Solvable, SolveLimits, Solver};
use crate::{Engine, EngineConfig, Limits};
use bao_rules::{GameLine, RuleSet};
use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use std::collections::HashSet;

/// The solver positions one candidate may take to be proven a puzzle (each kind of
/// claim tried has this budget).
pub const FIND_NODES: u64 = 300_000;

/// The fewest plies of a puzzle's win (a win in 1 is too easy to be a puzzle).
pub const MIN_WIN_PLIES: u32 = 3;

/// The fewest legal moves of a puzzle's position (with two, a guess is right half the
/// time).
pub const MIN_MOVES: usize = 3;

pub use super::line::MAX_SCORE_LINE;

/// The last positions of each self-play game that are scanned.
pub const SCAN_PLIES: usize = 40;

/// The most puzzles taken from one self-play game.
pub const PER_GAME: usize = 2;

/// The longest self-play game, plies (a longer one is cut there).
pub const MAX_GAME_PLIES: usize = 400;

/// How far the finder has come.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct FindProgress {
    /// Self-play games played.
    pub games: usize,
    /// Positions tried.
    pub candidates: usize,
    /// Puzzles found.
    pub found: usize,
}

/// Finds `count` puzzles of game `G` under `rules` from self-play seeded by `seed`,
/// numbered from 1; `progress` is called after each self-play game. Stops after
/// `max_games` games even if fewer were found.
pub fn find<G: Solvable>(
    rules: &G::Rules,
    count: usize,
    seed: u64,
    max_games: usize,
    progress: &mut dyn FnMut(&FindProgress),
) -> Vec<Puzzle> {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let mut seen: HashSet<G> = HashSet::new();
    let mut puzzles = Vec::new();
    let mut stats = FindProgress::default();
    while puzzles.len() < count && stats.games < max_games {
        let line = self_play::<G>(rules, &mut rng);
        stats.games += 1;
        let positions = line.positions();
        let mut taken = 0;
        let mut last_taken: Option<usize> = None;
        for i in (positions.len().saturating_sub(SCAN_PLIES)..positions.len()).rev() {
            if taken >= PER_GAME || puzzles.len() >= count {
                break;
            }
            if last_taken.is_some_and(|j| j - i < 6) {
                continue;
            }
            let pos = &positions[i];
            if pos.outcome().is_some() || pos.moves().len() < MIN_MOVES || !seen.insert(pos.clone())
            {
                continue;
            }
            stats.candidates += 1;
            if let Some(mut p) = puzzle_at(pos) {
                p.number = puzzles.len() + 1;
                if check::<G>(&p, VERIFY_NODES).is_ok() {
                    puzzles.push(p);
                    taken += 1;
                    last_taken = Some(i);
                }
            }
        }
        stats.found = puzzles.len();
        progress(&stats);
    }
    puzzles
}

/// One game of the engine against itself: levels 3–6 for each side (depth-limited), the
/// first 0–4 plies random.
fn self_play<G: Solvable>(rules: &G::Rules, rng: &mut Xoshiro256PlusPlus) -> GameLine<G> {
    let mut engines: Vec<Engine<G>> = (0..2)
        .map(|_| {
            let mut config = EngineConfig::level(rng.gen_range(3..=6));
            config.seed = rng.gen();
            config.hash_mb = 8;
            Engine::new(config)
        })
        .collect();
    let mut line = GameLine::new(G::start(rules));
    let random = rng.gen_range(0..=4);
    while !line.is_over() && line.plies() < MAX_GAME_PLIES {
        let moves = line.legal_moves();
        let mv = if line.plies() < random {
            moves[rng.gen_range(0..moves.len())]
        } else {
            let side = line.current().side_to_move().index();
            match engines[side]
                .search_line(&line, Limits::default(), &mut |_| {})
                .best
            {
                Some(mv) => mv,
                None => break,
            }
        };
        if line.play(mv).is_err() {
            break;
        }
    }
    line
}

/// Whether `line` from `pos` ends the game.
fn ends_game<G: Solvable>(pos: &G, line: &[G::Move]) -> bool {
    let mut p = pos.clone();
    for &mv in line {
        match p.play(mv) {
            Ok(next) => p = next,
            Err(_) => return false,
        }
    }
    p.outcome().is_some()
}

/// The puzzle at `pos` (numbered 0), if it has one: Bao Kingulu the only winning move
/// (shortest win at least [`MIN_WIN_PLIES`]) or else the only best-score move by 2 seeds
/// or more; Bao la Kiswahili the only move winning within its shortest win (from
/// [`MIN_WIN_PLIES`] to [`MAX_WIN_WITHIN`] plies).
pub fn puzzle_at<G: Solvable>(pos: &G) -> Option<Puzzle> {
    let has_score = pos.locked_seeds(pos.side_to_move()).is_some();
    let (mv, claim, gap) = if has_score {
        match only_win(pos, FIND_NODES) {
            Proof::Unique { mv, claim, gap } if claim.win_plies() >= Some(MIN_WIN_PLIES) => {
                (mv, claim, gap)
            }
            Proof::Unproven(_) => return None,
            _ => match best_score(pos, FIND_NODES) {
                Proof::Unique { mv, claim, gap } => (mv, claim, gap),
                _ => return None,
            },
        }
    } else {
        let mut solver: Solver<G> = Solver::new(SolveLimits {
            time_ms: None,
            nodes: Some(FIND_NODES),
            max_depth: MAX_WIN_WITHIN,
            max_entries: 1 << 20,
        });
        let n = match solver.outcome(pos).value {
            Some(ExactValue::Win(n)) if n >= MIN_WIN_PLIES => n,
            _ => return None,
        };
        match win_within(pos, n, FIND_NODES) {
            Proof::Unique { mv, claim, gap } => (mv, claim, gap),
            _ => return None,
        }
    };
    let line = match claim {
        Claim::OnlyWin(n) | Claim::WinWithin(n) => win_line(pos, mv, n, FIND_NODES)?,
        Claim::BestScore { south, .. } => {
            // A line the budget cuts short is finished with the verifier's budget, or the
            // puzzle is dropped: a best-score line runs to the end or MAX_SCORE_LINE plies.
            let finished = |line: &[G::Move]| line.len() >= MAX_SCORE_LINE || ends_game(pos, line);
            let line = score_line(pos, mv, south, MAX_SCORE_LINE, FIND_NODES);
            if finished(&line) {
                line
            } else {
                let line = score_line(pos, mv, south, MAX_SCORE_LINE, VERIFY_NODES);
                if !finished(&line) {
                    return None;
                }
                line
            }
        }
    };
    let events = pos.play_traced(mv).ok()?.1;
    Some(Puzzle {
        number: 0,
        rules: pos.rules().profile_name().to_string(),
        position: pos.to_text(),
        side: pos.side_to_move(),
        solution: pos.move_text(mv),
        difficulty: difficulty(claim, pos.moves().len(), line.len(), gap),
        line: line_texts(pos, &line),
        result: claim,
        theme: theme(&events).to_string(),
    })
}
