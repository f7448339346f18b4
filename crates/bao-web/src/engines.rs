//! The engines of the whole server, within one memory budget (`--memory-mb`).
//!
//! An engine's transposition table is its memory ([`ENGINE_HASH_MB`] MiB each). The pool
//! holds at most [`EnginePool::capacity`] engines, busy or idle, of either game: a search
//! waits for a permit ([`EnginePool::permit`], async, so no worker thread waits), then
//! takes an idle engine of its game or makes one, dropping an idle engine of the other
//! game when the pool is full. So any number of games stays within the budget, and the
//! games no longer each keep a table for their lifetime.

use std::any::Any;
use std::ops::{Deref, DerefMut};
use std::sync::{Arc, Mutex};

use bao_engine::{Engine, EngineConfig, Evaluate};
use tokio::sync::{OwnedSemaphorePermit, Semaphore};

/// The transposition table of one engine, in MiB (smaller when the budget is smaller).
pub const ENGINE_HASH_MB: usize = 32;

/// The default memory budget of all engines together, in MiB (`--memory-mb`).
pub const DEFAULT_MEMORY_MB: usize = 512;

/// The engines of the server (see the module docs).
pub struct EnginePool {
    hash_mb: usize,
    capacity: usize,
    permits: Arc<Semaphore>,
    state: Mutex<PoolState>,
}

struct PoolState {
    /// Idle engines, `Engine<G>` of either game, oldest first.
    idle: Vec<Box<dyn Any + Send>>,
    /// Engines taken and not yet given back.
    busy: usize,
}

impl EnginePool {
    /// A pool whose engines' tables add up to at most `memory_mb` MiB: `memory_mb /`
    /// [`ENGINE_HASH_MB`] engines (at least one, with a table of `memory_mb` MiB when the
    /// budget is below [`ENGINE_HASH_MB`]).
    pub fn new(memory_mb: usize) -> Self {
        let memory_mb = memory_mb.max(1);
        let hash_mb = ENGINE_HASH_MB.min(memory_mb);
        let capacity = (memory_mb / hash_mb).max(1);
        EnginePool {
            hash_mb,
            capacity,
            permits: Arc::new(Semaphore::new(capacity)),
            state: Mutex::new(PoolState {
                idle: Vec::new(),
                busy: 0,
            }),
        }
    }

    /// The most engines alive at once.
    pub fn capacity(&self) -> usize {
        self.capacity
    }

    /// Each engine's table in MiB.
    pub fn hash_mb(&self) -> usize {
        self.hash_mb
    }

    /// The entries each of the solver's four tables may hold when a hint or the oracle
    /// runs in an engine's place (under its permit): its memory stays within one
    /// engine's share, at about 128 bytes per entry in all.
    pub fn solver_entries(&self) -> usize {
        ((self.hash_mb << 20) / 128).max(1)
    }

    /// Room for work outside the pool's engines in one engine's place (the solver of a
    /// hint or the oracle, with [`EnginePool::solver_entries`] entries per table; an
    /// analysis or the tutor, with [`EnginePool::hash_mb`]), under a
    /// [`EnginePool::permit`]: idle engines are dropped until it fits within the budget
    /// beside the busy engines, and the room counts as busy until the guard is dropped.
    pub fn solver_room(&self) -> SolverRoom<'_> {
        let mut s = self.lock();
        while !s.idle.is_empty() && s.idle.len() + s.busy + 1 > self.capacity {
            s.idle.remove(0);
        }
        s.busy += 1;
        SolverRoom {
            pool: self,
            entries: self.solver_entries(),
        }
    }

    /// Engines alive now (busy and idle).
    pub fn alive(&self) -> usize {
        let s = self.lock();
        s.busy + s.idle.len()
    }

    /// [`EnginePool::permit`], waiting at most `wait`: 503 `the computer is busy with other
    /// games; try again in a moment` after that.
    ///
    /// # Errors
    /// The 503 when no engine came free in time.
    pub async fn permit_within(
        &self,
        wait: std::time::Duration,
    ) -> Result<OwnedSemaphorePermit, crate::http::error::ApiError> {
        tokio::time::timeout(wait, self.permit())
            .await
            .map_err(|_| {
                crate::http::error::ApiError::new(
                    axum::http::StatusCode::SERVICE_UNAVAILABLE,
                    "the computer is busy with other games; try again in a moment",
                )
            })
    }

    /// Waits for the right to search (at most [`EnginePool::capacity`] searches at once).
    pub async fn permit(&self) -> OwnedSemaphorePermit {
        Arc::clone(&self.permits)
            .acquire_owned()
            .await
            .expect("the pool's semaphore is never closed")
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, PoolState> {
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// An engine of game `G` configured as `config` (its table size set to the pool's):
    /// an idle one, or a new one. Call with a [`EnginePool::permit`] held; the engine goes
    /// back to the pool when the returned guard is dropped.
    pub fn take<G: Evaluate + 'static>(&self, config: EngineConfig) -> Checked<'_, G> {
        let config = EngineConfig {
            hash_mb: self.hash_mb,
            ..config
        };
        let mut s = self.lock();
        let found = s
            .idle
            .iter()
            .rposition(|e| e.is::<Engine<G>>())
            .map(|i| s.idle.remove(i));
        let engine = match found.and_then(|e| e.downcast::<Engine<G>>().ok()) {
            Some(mut e) => {
                e.set_config(config);
                *e
            }
            None => {
                while !s.idle.is_empty() && s.idle.len() + s.busy + 1 > self.capacity {
                    s.idle.remove(0);
                }
                Engine::new(config)
            }
        };
        s.busy += 1;
        Checked {
            pool: self,
            engine: Some(engine),
        }
    }
}

/// The solver's room in the pool ([`EnginePool::solver_room`]); freed when dropped.
pub struct SolverRoom<'a> {
    pool: &'a EnginePool,
    /// The entries each of the solver's four tables may hold.
    pub entries: usize,
}

impl Drop for SolverRoom<'_> {
    fn drop(&mut self) {
        let mut s = self.pool.lock();
        s.busy = s.busy.saturating_sub(1);
    }
}

/// An engine taken from the pool; given back when dropped (also when a search panics).
pub struct Checked<'a, G: Evaluate + 'static> {
    pool: &'a EnginePool,
    engine: Option<Engine<G>>,
}

impl<G: Evaluate + 'static> Deref for Checked<'_, G> {
    type Target = Engine<G>;
    fn deref(&self) -> &Engine<G> {
        self.engine.as_ref().expect("engine present until drop")
    }
}

impl<G: Evaluate + 'static> DerefMut for Checked<'_, G> {
    fn deref_mut(&mut self) -> &mut Engine<G> {
        self.engine.as_mut().expect("engine present until drop")
    }
}

impl<G: Evaluate + 'static> Drop for Checked<'_, G> {
    fn drop(&mut self) {
        let mut s = self.pool.lock();
        s.busy = s.busy.saturating_sub(1);
        if let Some(e) = self.engine.take() {
            if !std::thread::panicking() {
                s.idle.push(Box::new(e));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use bao_rules::kingulu::Kingulu;

    /// Two idle engines fill a 64 MiB pool; room for the solver drops one of them, so
    /// that the engines and the solver together stay within the budget.
    #[test]
    fn room_for_the_solver_drops_an_idle_engine() {
        let pool = EnginePool::new(64);
        assert_eq!((pool.capacity(), pool.hash_mb()), (2, 32));
        let a = pool.take::<Kingulu>(EngineConfig::level(1));
        let b = pool.take::<Kingulu>(EngineConfig::level(1));
        assert_eq!(pool.alive(), 2);
        drop((a, b));
        assert_eq!(pool.alive(), 2);
        let room = pool.solver_room();
        assert_eq!(room.entries, (32 << 20) / 128);
        assert_eq!(pool.alive(), 2);
        assert_eq!(pool.lock().idle.len(), 1);
        drop(room);
        assert_eq!(pool.alive(), 1);
    }
}
