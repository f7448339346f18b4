//! Training data for a learned Bao la Kiswahili evaluation (`bao train gen`): self-play
//! positions, each with the game's result and a deeper search's score, in a compact
//! fixed-size binary record.
//!
//! Game `g` of a run is a pure function of the run's settings and `g`: its seed is
//! `mix(seed, g)`, the first `random_plies` plies are uniformly random, then alpha-beta
//! with `nodes` nodes a move plays both sides (a node limit makes the search
//! deterministic), and every position after the random plies is searched again, with the
//! game's history, to `label_nodes` nodes for its score. So a run is reproducible from its
//! seed whatever the number of threads, and a stopped run can continue where it was.
//!
//! A record is [`RECORD_BYTES`] = 41 bytes, little-endian:
//!
//! | bytes | what |
//! |---|---|
//! | 0..16 | South's ring, one byte a hole in ring order (K-§1.2: A1..A8, then B8..B1) |
//! | 16..32 | North's ring, the same order |
//! | 32, 33 | South's, North's store |
//! | 34 | bit 0: South owns its nyumba; bit 1: North does; bit 2: North is to move |
//! | 35 | the side to move's takasia'd hole (ring index 0..15), 255 for none |
//! | 36..38 | the ply of the game (u16; the start is ply 0) |
//! | 38 | the game's result for the side to move: 0 loss, 1 draw, 2 win |
//! | 39..41 | the deeper search's score for the side to move (i16, [`score_label`]) |
//!
//! The rules are the default profile's (mancala-world).

use crate::hash::mix64;
use crate::{Engine, EngineConfig, Limits, Score, Searcher};
use bao_rules::kiswahili::Kiswahili;
use bao_rules::{Game, GameLine, Outcome, Side};
use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

/// The size of one record in bytes.
pub const RECORD_BYTES: usize = 41;

/// The label of a proven win in `n` plies: `MATE_LABEL - n` (a loss: `-(MATE_LABEL - n)`).
pub const MATE_LABEL: i16 = 30_000;

/// The largest heuristic score a label holds (centi-seeds); larger ones are clamped.
pub const MAX_CP_LABEL: i16 = 20_000;

/// A search score as a record's label: centi-seeds clamped to ±[`MAX_CP_LABEL`], a win in
/// `n` plies `MATE_LABEL - n`, a loss `-(MATE_LABEL - n)` (n clamped to 9 999).
pub fn score_label(score: Score) -> i16 {
    let mate = |n: u32| MATE_LABEL - n.min(9_999) as i16;
    match score {
        Score::Cp(c) => c.clamp(-i32::from(MAX_CP_LABEL), i32::from(MAX_CP_LABEL)) as i16,
        Score::Win(n) => mate(n),
        Score::Loss(n) => -mate(n),
    }
}

/// One training position.
#[derive(Clone, Debug, PartialEq)]
pub struct TrainPosition {
    /// The position (default rules).
    pub position: Kiswahili,
    /// Its ply in the game (the start is 0).
    pub ply: u16,
    /// The game's result for the side to move: −1 loss, 0 draw, 1 win.
    pub result: i8,
    /// The deeper search's score for the side to move ([`score_label`]).
    pub score: i16,
}

impl TrainPosition {
    /// The record's bytes.
    pub fn encode(&self) -> [u8; RECORD_BYTES] {
        let p = &self.position;
        let mut out = [0u8; RECORD_BYTES];
        out[0..16].copy_from_slice(&p.ring(Side::South));
        out[16..32].copy_from_slice(&p.ring(Side::North));
        out[32] = p.store(Side::South);
        out[33] = p.store(Side::North);
        out[34] = u8::from(p.nyumba_owned(Side::South))
            | u8::from(p.nyumba_owned(Side::North)) << 1
            | u8::from(p.side_to_move() == Side::North) << 2;
        out[35] = p.takasia().map_or(255, |t| t as u8);
        out[36..38].copy_from_slice(&self.ply.to_le_bytes());
        out[38] = (self.result.clamp(-1, 1) + 1) as u8;
        out[39..41].copy_from_slice(&self.score.to_le_bytes());
        out
    }

    /// A record read back; an error names what is wrong with it.
    ///
    /// # Errors
    /// A record of the wrong size, an unknown flag, takasia or result value, or a
    /// position the rules refuse (too many seeds, ...).
    pub fn decode(bytes: &[u8]) -> Result<TrainPosition, String> {
        if bytes.len() != RECORD_BYTES {
            return Err(format!(
                "a record is {RECORD_BYTES} bytes, not {}",
                bytes.len()
            ));
        }
        let mut rings = [[0u8; 16]; 2];
        rings[0].copy_from_slice(&bytes[0..16]);
        rings[1].copy_from_slice(&bytes[16..32]);
        let flags = bytes[34];
        if flags > 7 {
            return Err(format!("flags byte {flags} (only bits 0-2 are used)"));
        }
        let takasia = match bytes[35] {
            255 => None,
            t if t < 16 => Some(usize::from(t)),
            t => return Err(format!("takasia hole {t} (0-15 or 255)")),
        };
        let result = match bytes[38] {
            r @ 0..=2 => r as i8 - 1,
            r => return Err(format!("result byte {r} (0 loss, 1 draw, 2 win)")),
        };
        let to_move = if flags & 4 != 0 {
            Side::North
        } else {
            Side::South
        };
        let position = Kiswahili::from_parts(
            rings,
            [bytes[32], bytes[33]],
            [flags & 1 != 0, flags & 2 != 0],
            to_move,
            takasia,
            &Default::default(),
        )
        .map_err(|e| format!("not a position: {e}"))?;
        Ok(TrainPosition {
            position,
            ply: u16::from_le_bytes([bytes[36], bytes[37]]),
            result,
            score: i16::from_le_bytes([bytes[39], bytes[40]]),
        })
    }
}

/// How a run makes its games.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GenConfig {
    /// Uniformly random plies at the start of every game.
    pub random_plies: u32,
    /// The players' node limit a move.
    pub nodes: u64,
    /// The labelling search's node limit a position.
    pub label_nodes: u64,
    /// The most plies of a game; a game still running then is adjudicated by material
    /// (K-R12.4's rule, as `bao match`).
    pub max_plies: u32,
    /// The run's seed.
    pub seed: u64,
}

fn alpha_beta(nodes: u64, seed: u64) -> Engine<Kiswahili> {
    Engine::new(EngineConfig {
        searcher: Searcher::AlphaBeta,
        limits: Limits {
            depth: None,
            nodes: Some(nodes.max(1)),
            time_ms: None,
        },
        seed,
        hash_mb: 8,
        missed_captures: 0,
        eval: crate::Evaluation::Linear,
        search: crate::SearchParams::default(),
    })
}

/// Game `game` of the run: its positions after the random plies (those where the game
/// is not over), each with the result for its side to move and the deeper search's score.
pub fn gen_game(cfg: &GenConfig, game: u64) -> Vec<TrainPosition> {
    let seed = mix64(cfg.seed ^ mix64(game.wrapping_add(1)));
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let mut line = GameLine::new(Kiswahili::start(&Default::default()));
    let mut moves = Vec::new();
    for _ in 0..cfg.random_plies {
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
    let mut player = alpha_beta(cfg.nodes, seed);
    let mut labeller = alpha_beta(cfg.label_nodes, seed ^ 1);
    let mut found: Vec<(Kiswahili, u16, Side, i16)> = Vec::new();
    let outcome: Outcome = loop {
        if let Some(o) = line.outcome() {
            break o;
        }
        if line.plies() >= cfg.max_plies as usize {
            break crate::arena::adjudicate(line.current());
        }
        let label = labeller.search_line(&line, Limits::default(), &mut |_| {});
        let pos = *line.current();
        let ply = line.plies().min(usize::from(u16::MAX)) as u16;
        found.push((pos, ply, pos.side_to_move(), score_label(label.info.score)));
        let r = player.search_line(&line, Limits::default(), &mut |_| {});
        match r.best.map(|mv| line.play(mv)) {
            Some(Ok(_)) => {}
            _ => {
                break Outcome {
                    winner: Some(pos.side_to_move().opponent()),
                    reason: bao_rules::EndReason::NoLegalMove,
                }
            }
        }
    };
    found
        .into_iter()
        .map(|(position, ply, mover, score)| TrainPosition {
            position,
            ply,
            result: match outcome.winner {
                Some(w) if w == mover => 1,
                Some(_) => -1,
                None => 0,
            },
            score,
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cfg() -> GenConfig {
        GenConfig {
            random_plies: 4,
            nodes: 200,
            label_nodes: 1_000,
            max_plies: 300,
            seed: 3,
        }
    }

    #[test]
    fn games_are_reproducible_and_records_round_trip() {
        let a = gen_game(&cfg(), 5);
        assert_eq!(a, gen_game(&cfg(), 5));
        assert_ne!(a, gen_game(&cfg(), 6));
        assert!(a.len() > 10, "{}", a.len());
        // The positions follow the game: plies count up from the random plies.
        assert_eq!(a[0].ply, 4);
        assert!(a.windows(2).all(|w| w[1].ply == w[0].ply + 1));
        for t in &a {
            let bytes = t.encode();
            assert_eq!(TrainPosition::decode(&bytes).as_ref(), Ok(t));
        }
        // Movers alternate: a decided game's results alternate too.
        for w in a.windows(2) {
            assert_eq!(w[0].result, -w[1].result);
        }
        // The last position's label agrees with the result when the search proves it.
        let last = a.last().unwrap();
        if last.score.abs() > MAX_CP_LABEL {
            assert_eq!(last.score.signum(), i16::from(last.result));
        }
    }

    #[test]
    fn the_start_encodes_exactly() {
        let t = TrainPosition {
            position: Kiswahili::start(&Default::default()),
            ply: 0,
            result: 1,
            score: -37,
        };
        let b = t.encode();
        // K-§1.7: A5 (ring 4) holds the nyumba's 6, A6 and A7 2 each; stores 22; both
        // nyumba owned; South to move; no takasia.
        let mut south = [0u8; 16];
        south[4] = 6;
        south[5] = 2;
        south[6] = 2;
        assert_eq!(b[0..16], south);
        assert_eq!(b[16..32], south);
        assert_eq!(b[32..36], [22, 22, 3, 255]);
        assert_eq!(b[36..41], [0, 0, 2, 219, 255]);
        assert_eq!(TrainPosition::decode(&b), Ok(t));
        let mut bad = b;
        bad[38] = 3;
        assert_eq!(
            TrainPosition::decode(&bad),
            Err("result byte 3 (0 loss, 1 draw, 2 win)".to_string())
        );
        bad = b;
        bad[0] = 60;
        assert!(TrainPosition::decode(&bad)
            .unwrap_err()
            .starts_with("not a position: "));
        assert_eq!(
            TrainPosition::decode(&b[..40]),
            Err("a record is 41 bytes, not 40".to_string())
        );
    }

    #[test]
    fn labels_keep_proofs_apart_from_estimates() {
        assert_eq!(score_label(Score::Cp(35)), 35);
        assert_eq!(score_label(Score::Cp(1_000_000)), MAX_CP_LABEL);
        assert_eq!(score_label(Score::Win(7)), 29_993);
        assert_eq!(score_label(Score::Loss(0)), -30_000);
    }
}
