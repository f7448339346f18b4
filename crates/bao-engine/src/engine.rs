//! The engine: owns the configuration, transposition table, history, killers and rng,
//! and runs the alpha-beta searcher (negamax with PVS and iterative deepening).

use crate::budget::Budget;
use crate::hash::{hash_of, mix64};
use crate::repetition::{PathHistory, Visit};
use crate::score::{
    score_from_tt, score_to_tt, static_value, terminal_score, to_score, INF, MATE, MATE_BOUND,
};
use crate::tt::{Bound, Tt};
use crate::{
    mcts, EngineConfig, Evaluate, Evaluation, Limits, Score, SearchInfo, SearchResult, Searcher,
    StopFlag, MAX_DEPTH,
};
use bao_rules::GameLine;
use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

mod negamax;

/// Deepest ply of the search stack.
const MAX_PLY: usize = MAX_DEPTH as usize + 2;
/// Size of the history table (a power of two).
const HISTORY: usize = 4096;
/// Mixed into the seed for the choice of missed captures (so it differs from the rng's).
const MISS_SALT: u64 = 0x6d69_7373_6564;

/// A playing engine for one game `G`. Owns its transposition table, history table,
/// killer moves and random number generator; reuse it across the moves of a game.
///
/// Determinism: a search with a depth or node limit starts from an empty table (old
/// entries are invisible, see the `tt` module); every search starts with empty history
/// and killers and an rng seeded from `config.seed` and the position. So with a depth or
/// node limit the same configuration and position always give the same move and info,
/// whatever was searched before. A search limited by time only (not reproducible anyway)
/// keeps the table of earlier searches.
pub struct Engine<G: Evaluate> {
    config: EngineConfig,
    stop: StopFlag,
    tt: Tt<G::Move>,
    history: Vec<i32>,
    killers: Vec<[Option<G::Move>; 2]>,
    kids: Vec<Vec<(G::Move, G)>>,
    order: Vec<Vec<(i32, usize, i32)>>,
    pv: Vec<Vec<G::Move>>,
    /// Whether the position at each ply of the search path was reached by a null move.
    null_path: Vec<bool>,
    /// The game's positions before the root and on the search path (G-R15, K-R12.4).
    reps: PathHistory<G>,
    /// When a time-limited search starts another iteration.
    time_rule: crate::TimeRule,
}

impl<G: Evaluate> Engine<G> {
    /// A new engine with this configuration. The transposition table (`config.hash_mb`
    /// MiB) is allocated on the first alpha-beta search.
    pub fn new(config: EngineConfig) -> Self {
        Engine {
            tt: Tt::new(config.hash_mb),
            config,
            stop: Arc::new(AtomicBool::new(false)),
            history: vec![0; HISTORY],
            killers: vec![[None, None]; MAX_PLY + 1],
            kids: (0..=MAX_PLY).map(|_| Vec::new()).collect(),
            order: (0..=MAX_PLY).map(|_| Vec::new()).collect(),
            pv: (0..=MAX_PLY + 1).map(|_| Vec::new()).collect(),
            null_path: vec![false; MAX_PLY + 2],
            time_rule: crate::TimeRule::default(),
            reps: PathHistory::empty(),
        }
    }

    /// When a time-limited search starts another iteration (see [`Engine::set_time_rule`]).
    pub fn time_rule(&self) -> crate::TimeRule {
        self.time_rule
    }

    /// Sets when a time-limited alpha-beta search starts another iteration
    /// ([`crate::TimeRule`]; the default is `Predict`, the engine protocol's move times use
    /// `Full`).
    pub fn set_time_rule(&mut self, rule: crate::TimeRule) {
        self.time_rule = rule;
    }

    /// The configuration.
    pub fn config(&self) -> &EngineConfig {
        &self.config
    }

    /// Replaces the configuration (a new `hash_mb` reallocates the table).
    pub fn set_config(&mut self, config: EngineConfig) {
        if config.hash_mb != self.config.hash_mb {
            self.tt = Tt::new(config.hash_mb);
        }
        self.config = config;
    }

    /// The flag that stops a running search early when set to `true`. It is cleared at
    /// the start of every search; the search then returns the best move of its last
    /// completed iteration (always a legal move unless the game is over).
    pub fn stop_flag(&self) -> Arc<AtomicBool> {
        self.stop.clone()
    }

    /// Searches `pos` and returns the best move found.
    ///
    /// `limits` overrides `config.limits` where set. With no limit at all, alpha-beta
    /// searches to [`MAX_DEPTH`] (or a proven result) and MCTS runs 10 000 playouts.
    /// `on_info` gets one call per completed iteration (alpha-beta), every 1 000 playouts
    /// and at the end (MCTS), or once (random, greedy). `best` is `None` only when the
    /// game is over. Never panics for any position the rules crate accepts.
    ///
    /// The position has no history: the search counts repetitions on its own path only
    /// (G-R15: a position occurring for the third time on it ends the game there) and
    /// knows nothing of OPT-MAX-PLIES. [`Engine::search_line`] takes the game's history.
    pub fn search(
        &mut self,
        pos: &G,
        limits: Limits,
        on_info: &mut dyn FnMut(&SearchInfo<G::Move>),
    ) -> SearchResult<G::Move> {
        let history = PathHistory::new(std::slice::from_ref(pos), None);
        self.run(std::slice::from_ref(pos), history, limits, None, on_info)
    }

    /// Searches the current position of a game in progress, with its history: a position
    /// that would occur for the third time in the game (the line's occurrences before
    /// the root plus those on the search path) ends the game there, scored by
    /// [`bao_rules::Game::repetition_outcome`] (Bao Kingulu G-R15 under option O7
    /// `third-occurrence-scores`); the rules' OPT-MAX-PLIES (K-R12.4) ends it after that
    /// many plies of the game, adjudicated by material — as [`GameLine::outcome`] does.
    /// Once the line is over (`line.outcome()`, a resignation included), `best` is `None`
    /// and the score is the line's result for the side to move. Otherwise as
    /// [`Engine::search`].
    pub fn search_line(
        &mut self,
        line: &GameLine<G>,
        limits: Limits,
        on_info: &mut dyn FnMut(&SearchInfo<G::Move>),
    ) -> SearchResult<G::Move> {
        self.search_line_inner(line, limits, None, on_info)
    }

    /// [`Engine::search_line`] that also stops when `until()` returns true (looked at
    /// with the clock, every 16 nodes; MCTS: every playout): for a caller that stops the
    /// search from another thread through its own atomic state (`bao engine`'s `stop`).
    /// The search then returns the best move of its last completed iteration.
    pub fn search_line_until(
        &mut self,
        line: &GameLine<G>,
        limits: Limits,
        until: &dyn Fn() -> bool,
        on_info: &mut dyn FnMut(&SearchInfo<G::Move>),
    ) -> SearchResult<G::Move> {
        self.search_line_inner(line, limits, Some(until), on_info)
    }

    fn search_line_inner(
        &mut self,
        line: &GameLine<G>,
        limits: Limits,
        until: Option<&dyn Fn() -> bool>,
        on_info: &mut dyn FnMut(&SearchInfo<G::Move>),
    ) -> SearchResult<G::Move> {
        let pos = line.current();
        if let Some(o) = line.outcome() {
            self.stop.store(false, Ordering::Relaxed);
            let budget = Budget::new(&Limits::default(), self.stop.clone(), None);
            let info = budget.info(
                0,
                to_score(terminal_score(o, pos.side_to_move(), 0)),
                Vec::new(),
            );
            return SearchResult { best: None, info };
        }
        let history = PathHistory::new(line.positions(), Some(line.plies()));
        self.run(line.positions(), history, limits, until, on_info)
    }

    /// Searches the last of `line` (the game's positions from its start).
    fn run(
        &mut self,
        line: &[G],
        history: PathHistory<G>,
        limits: Limits,
        until: Option<&dyn Fn() -> bool>,
        on_info: &mut dyn FnMut(&SearchInfo<G::Move>),
    ) -> SearchResult<G::Move> {
        let pos = &line[line.len() - 1];
        self.stop.store(false, Ordering::Relaxed);
        self.reps = history;
        let mut limits = self.config.limits.overridden_by(limits);
        // The top level plays perfectly where the solver proves it (docs/solved.md).
        if let Some(ms) = crate::solve::perfect_play_time(self.config.searcher, &limits) {
            let t0 = std::time::Instant::now();
            let budget = Budget::new(&limits, self.stop.clone(), until);
            if let Some((mv, score)) = pos.perfect_move(line, ms) {
                let info = budget.info(0, score, vec![mv]);
                on_info(&info);
                return SearchResult {
                    best: Some(mv),
                    info,
                };
            }
            let spent = t0.elapsed().as_millis() as u64;
            limits.time_ms = limits.time_ms.map(|t| t.saturating_sub(spent).max(1));
        }
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(mix64(self.config.seed) ^ pos.hash_key());
        let mut budget = Budget::new(&limits, self.stop.clone(), until);
        let result = match self.config.searcher {
            Searcher::Random => {
                let moves = pos.moves();
                let best = if moves.is_empty() {
                    None
                } else {
                    Some(moves[rng.gen_range(0..moves.len())])
                };
                budget.nodes = moves.len() as u64;
                let score = match pos.outcome() {
                    Some(o) => to_score(terminal_score(o, pos.side_to_move(), 0)),
                    None => Score::Cp(0),
                };
                let info = budget.info(0, score, best.into_iter().collect());
                on_info(&info);
                SearchResult { best, info }
            }
            Searcher::Greedy => self.greedy(pos, &mut rng, &mut budget, on_info),
            Searcher::AlphaBeta => self.alphabeta(pos, &limits, &mut budget, on_info),
            Searcher::Mcts => {
                mcts::search(pos, &limits, &mut rng, &mut budget, &mut self.reps, on_info)
            }
        };
        self.reps = PathHistory::empty();
        result
    }

    /// Drops from `kids` (the moves of `pos` with their positions) the captures this
    /// configuration does not see ([`EngineConfig::missed_captures`]): each capture
    /// ([`Evaluate::is_capture`]) gets a "notice" number 0..100 from a hash of the seed
    /// and the position after it, and is missed when that number is below the
    /// percentage, so the same capture stays unseen wherever it occurs in a search. When
    /// every move would be missed (Bao la Kiswahili's captures are compulsory: then every
    /// move captures), the one capture with the highest notice number is kept: the
    /// player sees one of them.
    pub(crate) fn drop_missed(&self, pos: &G, kids: &mut Vec<(G::Move, G)>) {
        let pct = u64::from(self.config.missed_captures.min(100));
        if pct == 0 || kids.is_empty() {
            return;
        }
        let salt = mix64(self.config.seed ^ MISS_SALT);
        // The notice number of a capture; 100 (always seen) for any other move.
        let notice = |c: &G| {
            if pos.is_capture(c) {
                mix64(salt ^ c.hash_key()) % 100
            } else {
                100
            }
        };
        let noticed: Vec<u64> = kids.iter().map(|(_, c)| notice(c)).collect();
        let keep = match noticed.iter().any(|&n| n >= pct) {
            true => pct,
            false => noticed.iter().copied().max().unwrap_or(0),
        };
        let mut i = 0;
        kids.retain(|_| {
            i += 1;
            noticed[i - 1] >= keep
        });
    }

    /// The value of a leaf `pos` at `ply` (not searched further): the line's end there if
    /// it ends there (repetition, ply limit), else the static value.
    #[inline]
    fn leaf_value(&mut self, pos: &G, ply: usize) -> i32 {
        match self.reps.end_at(pos, ply) {
            Some(v) => v,
            None => static_value(pos, ply, self.config.eval),
        }
    }

    fn greedy(
        &mut self,
        pos: &G,
        rng: &mut Xoshiro256PlusPlus,
        budget: &mut Budget,
        on_info: &mut dyn FnMut(&SearchInfo<G::Move>),
    ) -> SearchResult<G::Move> {
        let mut kids = std::mem::take(&mut self.kids[0]);
        pos.children(&mut kids);
        self.drop_missed(pos, &mut kids);
        let mut best_v = -INF;
        let mut ties: Vec<G::Move> = Vec::new();
        for (mv, child) in &kids {
            budget.nodes += 1;
            let v = -self.leaf_value(child, 1);
            if v > best_v {
                best_v = v;
                ties.clear();
            }
            if v == best_v {
                ties.push(*mv);
            }
        }
        self.kids[0] = kids;
        let best = if ties.is_empty() {
            None
        } else {
            Some(ties[rng.gen_range(0..ties.len())])
        };
        let score = match best {
            Some(_) => to_score(best_v),
            None => pos.outcome().map_or(Score::Cp(0), |o| {
                to_score(terminal_score(o, pos.side_to_move(), 0))
            }),
        };
        let info = budget.info(u32::from(best.is_some()), score, best.into_iter().collect());
        on_info(&info);
        SearchResult { best, info }
    }

    fn alphabeta(
        &mut self,
        pos: &G,
        limits: &Limits,
        budget: &mut Budget,
        on_info: &mut dyn FnMut(&SearchInfo<G::Move>),
    ) -> SearchResult<G::Move> {
        // Time-only searches are not reproducible anyway: they keep the table of earlier
        // searches (the moves of a game share most of their trees). Depth- or
        // node-limited searches start from an empty table, so they are deterministic.
        let keep = limits.time_ms.is_some() && limits.depth.is_none() && limits.nodes.is_none();
        self.tt.new_search(keep);
        self.history.iter_mut().for_each(|h| *h = 0);
        self.killers.iter_mut().for_each(|k| *k = [None, None]);

        // Root moves, ordered by their static value: a legal move before any iteration.
        let mut root: Vec<(G::Move, G)> = Vec::new();
        pos.children(&mut root);
        budget.nodes += 1;
        if root.is_empty() {
            let score = match pos.outcome() {
                Some(o) => to_score(terminal_score(o, pos.side_to_move(), 0)),
                None => Score::Loss(0),
            };
            let info = budget.info(0, score, Vec::new());
            return SearchResult { best: None, info };
        }
        self.drop_missed(pos, &mut root);
        let mut keyed: Vec<(i32, usize)> = root
            .iter()
            .enumerate()
            .map(|(i, (_, c))| (-static_value(c, 1, Evaluation::Linear), i))
            .collect();
        keyed.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
        let first_score = keyed[0].0;
        let mut root: Vec<(G::Move, G)> = keyed.iter().map(|&(_, i)| root[i].clone()).collect();

        let mut best_info = budget.info(0, to_score(first_score), vec![root[0].0]);
        let max_depth = limits.depth.unwrap_or(MAX_DEPTH).clamp(1, MAX_DEPTH);
        let mut iteration_start = budget.elapsed_ms();
        let mut last_iteration_ms: Option<u64> = None;
        let mut last_value: Option<i32> = None;
        let asp = self.config.search.aspiration;
        for depth in 1..=max_depth {
            // Aspiration window (SearchParams::aspiration): around the last value first,
            // widened on the side a result falls outside.
            let (mut lo, mut hi) = match last_value {
                Some(v) if asp > 0 && depth >= 4 && v.abs() < MATE_BOUND => (v - asp, v + asp),
                _ => (-INF, INF),
            };
            let mut best: Option<(usize, i32)>;
            let mut best_pv: Vec<G::Move> = Vec::new();
            loop {
                let mut alpha = lo;
                let beta = hi;
                best = None;
                for (i, (mv, child)) in root.iter().enumerate() {
                    let v = if i == 0 {
                        -self.negamax(child, depth - 1, 1, -beta, -alpha, budget)
                    } else {
                        let v = -self.negamax(child, depth - 1, 1, -alpha - 1, -alpha, budget);
                        if v > alpha && v < beta && !budget.stopped {
                            -self.negamax(child, depth - 1, 1, -beta, -alpha, budget)
                        } else {
                            v
                        }
                    };
                    if budget.stopped {
                        break;
                    }
                    if best.is_none_or(|(_, b)| v > b) {
                        best = Some((i, v));
                        best_pv.clear();
                        best_pv.push(*mv);
                        best_pv.extend_from_slice(&self.pv[1]);
                    }
                    if v > alpha {
                        alpha = v;
                    }
                    if v >= beta {
                        break;
                    }
                }
                match best {
                    Some((_, v)) if !budget.stopped && v <= lo && lo > -INF => lo = -INF,
                    Some((bi, v)) if !budget.stopped && v >= hi && hi < INF => {
                        hi = INF;
                        let m = root.remove(bi);
                        root.insert(0, m);
                    }
                    _ => break,
                }
            }
            let Some((bi, bv)) = best else { break };
            if budget.stopped {
                // A partial iteration: keep its move only if it beat the previous best
                // (which was searched first) in a completed search.
                if bi != 0 {
                    best_info = budget.info(depth, to_score(bv), best_pv);
                    let m = root.remove(bi);
                    root.insert(0, m);
                }
                break;
            }
            let m = root.remove(bi);
            root.insert(0, m);
            last_value = Some(bv);
            best_info = budget.info(depth, to_score(bv), best_pv);
            on_info(&best_info);
            // Stop early: a proven result within the searched depth, a single legal move
            // (unless a depth was asked for), or not enough time for another iteration.
            if bv.abs() >= MATE_BOUND && (MATE - bv.abs()) as u32 <= depth {
                break;
            }
            if root.len() == 1 && limits.depth.is_none() {
                break;
            }
            let now = budget.elapsed_ms();
            let (last_ms, prev) = (now - iteration_start, last_iteration_ms);
            last_iteration_ms = Some(last_ms);
            iteration_start = now;
            if let Some(ms) = limits.time_ms {
                if !self.time_rule.another_iteration(now, ms, last_ms, prev) {
                    break;
                }
            }
            if budget.poll() {
                break;
            }
        }
        let best = best_info.pv.first().copied().or(Some(root[0].0));
        best_info.nodes = budget.nodes;
        best_info.time_ms = budget.elapsed_ms();
        best_info.nps = budget.nodes * 1000 / best_info.time_ms.max(1);
        SearchResult {
            best,
            info: best_info,
        }
    }
}
