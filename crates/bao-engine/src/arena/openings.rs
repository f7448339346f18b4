//! Opening sets for matches: the file format, the sets shipped with bao, and how they
//! are made (balanced positions a few random plies from the start).
//!
//! An opening file has one opening a line: the moves from the game's start position in
//! move notation (notation.md §3), separated by spaces, e.g. `A6> a5< B3< b2>`. Text
//! after `#` is a comment; blank lines are skipped. Every opening must be legal under the
//! match's rules and leave the game unfinished.

use super::decided;
use crate::{Engine, EngineConfig, Evaluate, Limits, Score, Searcher};
use bao_rules::GameLine;
use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

/// The opening set shipped for Bao la Kiswahili (default rules), made by the command in
/// its first lines.
pub const KISWAHILI: &str = include_str!("../../openings/kiswahili.txt");
/// The opening set shipped for Bao Kingulu, made by the command in its first lines.
pub const KINGULU: &str = include_str!("../../openings/kingulu.txt");

/// The shipped opening set of the game named `name` (`kiswahili`, `kingulu`).
pub fn shipped(name: &str) -> Option<&'static str> {
    match name {
        "kiswahili" => Some(KISWAHILI),
        "kingulu" => Some(KINGULU),
        _ => None,
    }
}

/// The most openings a file may hold.
pub const MAX_OPENINGS: usize = 100_000;

/// The openings of an opening file `text` (named `source` in errors), each checked by
/// playing it from `start`. Errors give the line number and what is wrong.
pub fn parse_openings<G: Evaluate>(
    start: &G,
    text: &str,
    source: &str,
) -> Result<Vec<Vec<G::Move>>, String> {
    let mut openings = Vec::new();
    for (n, raw) in text.lines().enumerate() {
        let body = raw.split('#').next().unwrap_or("").trim();
        if body.is_empty() {
            continue;
        }
        if openings.len() >= MAX_OPENINGS {
            return Err(format!(
                "{source}: more than {MAX_OPENINGS} openings; use a smaller file"
            ));
        }
        let mut line = GameLine::new(start.clone());
        let mut moves = Vec::new();
        for word in body.split_whitespace() {
            if line.is_over() {
                return Err(format!(
                    "{source} line {}: the game is over before {word}",
                    n + 1
                ));
            }
            let mv = line
                .play_text(word)
                .map_err(|e| format!("{source} line {}: {word}: {e}", n + 1))?;
            moves.push(mv);
        }
        if line.is_over() {
            return Err(format!(
                "{source} line {}: the opening ends the game",
                n + 1
            ));
        }
        openings.push(moves);
    }
    if openings.is_empty() {
        return Err(format!("{source}: no openings in it"));
    }
    Ok(openings)
}

/// How balanced openings are drawn.
#[derive(Clone, Debug)]
pub struct BalancedConfig {
    /// How many openings.
    pub count: usize,
    /// The fewest random plies.
    pub min_plies: u32,
    /// The most random plies.
    pub max_plies: u32,
    /// The largest |value| accepted, in centi-seeds (100 = one seed).
    pub within_cp: i32,
    /// The depth of the search that values a candidate.
    pub depth: u32,
    /// The seed of the random moves.
    pub seed: u64,
    /// The most candidates drawn before giving up (so the work is bounded).
    pub max_tries: u64,
}

/// One balanced opening: its moves (texts) and the search value of its position for the
/// side to move, in centi-seeds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BalancedOpening {
    /// The moves from the start (move texts).
    pub moves: Vec<String>,
    /// The value of the position after them, side to move's view (centi-seeds).
    pub value_cp: i32,
}

/// Draws openings of `min_plies..=max_plies` uniformly random legal plies from `start`,
/// keeping those that do not end the game, whose position was not drawn before, whose
/// alpha-beta value at `depth` plies is a score (not a proven result) within
/// ±`within_cp`, and whose result a longer search ([`super::OPENING_CHECK_NODES`] nodes)
/// does not prove. `on_found(found, tried)` is called after each opening kept.
pub fn balanced_openings<G: Evaluate>(
    start: &G,
    cfg: &BalancedConfig,
    on_found: &mut dyn FnMut(usize, u64),
) -> Vec<BalancedOpening> {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(cfg.seed);
    let mut seen = std::collections::HashSet::new();
    let mut found = Vec::new();
    let mut engine: Engine<G> = Engine::new(EngineConfig {
        searcher: Searcher::AlphaBeta,
        limits: Limits {
            depth: Some(cfg.depth.max(1)),
            nodes: Some(2_000_000),
            time_ms: None,
        },
        seed: 0,
        hash_mb: 16,
        missed_captures: 0,
        eval: crate::Evaluation::Linear,
        search: crate::SearchParams::default(),
    });
    let (lo, hi) = (cfg.min_plies.min(cfg.max_plies), cfg.max_plies);
    let mut moves = Vec::new();
    let mut tries = 0u64;
    while found.len() < cfg.count && tries < cfg.max_tries {
        tries += 1;
        let plies = rng.gen_range(lo..=hi);
        let mut line = GameLine::new(start.clone());
        for _ in 0..plies {
            if line.is_over() {
                break;
            }
            line.current().legal_moves(&mut moves);
            if moves.is_empty() {
                break;
            }
            let mv = moves[rng.gen_range(0..moves.len())];
            if line.play(mv).is_err() {
                break;
            }
        }
        if line.is_over() || line.plies() != plies as usize {
            continue;
        }
        if !seen.insert(line.current().to_text()) {
            continue;
        }
        let r = engine.search_line(&line, Limits::default(), &mut |_| {});
        let Score::Cp(v) = r.info.score else { continue };
        if v.abs() > cfg.within_cp || decided(line.current()) {
            continue;
        }
        found.push(BalancedOpening {
            moves: line.move_texts().to_vec(),
            value_cp: v,
        });
        on_found(found.len(), tries);
    }
    found
}

/// The opening file text of `openings` under a header of comment lines (`header`, each
/// line prefixed with `# `): one opening a line, its value as a comment.
pub fn format_openings(header: &[String], openings: &[BalancedOpening]) -> String {
    let mut out = String::new();
    for h in header {
        out.push_str("# ");
        out.push_str(h);
        out.push('\n');
    }
    for o in openings {
        out.push_str(&o.moves.join(" "));
        out.push_str(&format!("  # {:+}\n", o.value_cp));
    }
    out
}
