//! A player of a match: this crate's engine in the same process ([`LocalPlayer`]) or
//! another program over the engine protocol ([`super::external::ExternalPlayer`]).

use crate::hash::mix64;
use crate::{Engine, EngineConfig, Evaluate, Limits, TimeRule};
use bao_rules::GameLine;

/// One side of a match: told when a game starts, asked for moves.
pub trait Player<G: Evaluate>: Send {
    /// A new game: `line` holds its start position and opening; `game` is the game's
    /// number in the match (engines mix it into their seed).
    fn new_game(&mut self, line: &GameLine<G>, game: u64) -> Result<(), String>;

    /// The move to play in `line`'s current position (the game started by the last
    /// [`Player::new_game`], extended by the moves played since). An `Err` forfeits the
    /// game.
    fn choose(&mut self, line: &GameLine<G>) -> Result<G::Move, String>;

    /// A short description (for the match's header and the records).
    fn describe(&self) -> String;
}

/// The limits of every move of a match, when given for the whole match (`--time`,
/// `--depth`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MoveLimits {
    /// A move time in milliseconds (the time governs: the engine searches about this long).
    pub time_ms: Option<u64>,
    /// A depth in plies.
    pub depth: Option<u32>,
}

impl MoveLimits {
    /// Whether either limit is set.
    pub fn is_set(&self) -> bool {
        self.time_ms.is_some() || self.depth.is_some()
    }
}

/// This crate's engine with a configuration (a level or an engine specification).
pub struct LocalPlayer<G: Evaluate> {
    label: String,
    config: EngineConfig,
    time_rule: TimeRule,
    engine: Option<Engine<G>>,
}

impl<G: Evaluate> LocalPlayer<G> {
    /// A player searching with `config`, described as `label`. When `limits` is set it replaces the
    /// configuration's limits (as `bestmove time`/`depth` does in the engine protocol),
    /// and a move time is searched in full ([`TimeRule::Full`]); `rule` overrides the
    /// time rule when given.
    pub fn new(
        label: String,
        config: &EngineConfig,
        limits: MoveLimits,
        rule: Option<TimeRule>,
    ) -> Self {
        let mut config = config.clone();
        let mut time_rule = TimeRule::default();
        if limits.is_set() && config.searcher != crate::Searcher::Random {
            config.limits = Limits {
                depth: limits.depth,
                nodes: None,
                time_ms: limits.time_ms,
            };
            if limits.time_ms.is_some() {
                time_rule = TimeRule::Full;
            }
        }
        LocalPlayer {
            label,
            config,
            time_rule: rule.unwrap_or(time_rule),
            engine: None,
        }
    }

    /// The configuration the player searches with.
    pub fn config(&self) -> &EngineConfig {
        &self.config
    }
}

impl<G: Evaluate> Player<G> for LocalPlayer<G> {
    fn new_game(&mut self, _line: &GameLine<G>, game: u64) -> Result<(), String> {
        // A fresh engine a game, its seed mixed with the game number (random and greedy
        // players vary between games; depth-limited ones stay reproducible).
        let mut config = self.config.clone();
        config.seed ^= mix64(game.wrapping_mul(0x9e37_79b9_7f4a_7c15));
        let mut engine = Engine::new(config);
        engine.set_time_rule(self.time_rule);
        self.engine = Some(engine);
        Ok(())
    }

    fn choose(&mut self, line: &GameLine<G>) -> Result<G::Move, String> {
        let engine = self
            .engine
            .as_mut()
            .ok_or_else(|| "no game started".to_string())?;
        engine
            .search_line(line, Limits::default(), &mut |_| {})
            .best
            .ok_or_else(|| "the engine found no move".to_string())
    }

    fn describe(&self) -> String {
        self.label.clone()
    }
}
