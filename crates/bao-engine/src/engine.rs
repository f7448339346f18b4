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
    mcts, EngineConfig, Evaluate, Limits, Score, SearchInfo, SearchResult, Searcher, StopFlag,
    MAX_DEPTH,
};
use bao_rules::GameLine;
use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

/// Deepest ply of the search stack.
const MAX_PLY: usize = MAX_DEPTH as usize + 2;
/// Size of the history table (a power of two).
const HISTORY: usize = 4096;

/// The depth reduction of the `n`-th move (0-based, in search order) of a node searched
/// to `depth` (late move reductions, weights in `crate::weights`): none on the principal
/// variation, for the first moves or near the leaves.
#[inline]
fn lmr_reduction(depth: u32, n: usize, pv_node: bool) -> u32 {
    use crate::weights::{LMR_LATE_MOVE, LMR_MIN_DEPTH, LMR_MIN_MOVE};
    if pv_node || depth < LMR_MIN_DEPTH || n < LMR_MIN_MOVE {
        return 0;
    }
    if n >= LMR_LATE_MOVE && depth >= LMR_MIN_DEPTH + 2 {
        2
    } else {
        1
    }
}

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
    order: Vec<Vec<(i32, usize)>>,
    pv: Vec<Vec<G::Move>>,
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

    /// The value of a leaf `pos` at `ply` (not searched further): the line's end there if
    /// it ends there (repetition, ply limit), else the static value.
    #[inline]
    fn leaf_value(&mut self, pos: &G, ply: usize) -> i32 {
        match self.reps.end_at(pos, ply) {
            Some(v) => v,
            None => static_value(pos, ply),
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
        let mut keyed: Vec<(i32, usize)> = root
            .iter()
            .enumerate()
            .map(|(i, (_, c))| (-static_value(c, 1), i))
            .collect();
        keyed.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
        let first_score = keyed[0].0;
        let mut root: Vec<(G::Move, G)> = keyed.iter().map(|&(_, i)| root[i].clone()).collect();

        let mut best_info = budget.info(0, to_score(first_score), vec![root[0].0]);
        let max_depth = limits.depth.unwrap_or(MAX_DEPTH).clamp(1, MAX_DEPTH);
        let mut iteration_start = budget.elapsed_ms();
        let mut last_iteration_ms: Option<u64> = None;
        for depth in 1..=max_depth {
            let mut alpha = -INF;
            let beta = INF;
            let mut best: Option<(usize, i32)> = None;
            let mut best_pv: Vec<G::Move> = Vec::new();
            for (i, (mv, child)) in root.iter().enumerate() {
                let v = if i == 0 {
                    -self.negamax(child, depth - 1, 1, -beta, -alpha, budget)
                } else {
                    let v = -self.negamax(child, depth - 1, 1, -alpha - 1, -alpha, budget);
                    if v > alpha && !budget.stopped {
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

    #[inline]
    fn history_slot(pos: &G, mv: &G::Move) -> usize {
        hash_of(&(pos.side_to_move(), mv)) as usize & (HISTORY - 1)
    }

    fn negamax(
        &mut self,
        pos: &G,
        depth: u32,
        ply: usize,
        mut alpha: i32,
        mut beta: i32,
        budget: &mut Budget,
    ) -> i32 {
        self.pv[ply].clear();
        if budget.tick() {
            return 0;
        }
        let key = pos.hash_key();
        let visit = self.reps.visit(key, pos, ply);
        if let Visit::End(v) = visit {
            return v;
        }
        if depth == 0 || ply >= MAX_PLY {
            return static_value(pos, ply);
        }
        // Mate distance pruning.
        alpha = alpha.max(-(MATE - ply as i32));
        beta = beta.min(MATE - ply as i32 - 1);
        if alpha >= beta {
            return alpha;
        }
        let pv_node = beta - alpha > 1;
        let ends_before = self.reps.path_ends;
        let mut tt_move = None;
        if let Some(e) = self.tt.probe(key) {
            tt_move = e.mv;
            // A position met before on the path has a value that depends on the path
            // (its next occurrence may end the game): no cutoff from the table there.
            if !pv_node && visit == Visit::Fresh && u32::from(e.depth) >= depth {
                let s = score_from_tt(e.score, ply);
                match e.bound {
                    Bound::Exact => return s,
                    Bound::Lower if s >= beta => return s,
                    Bound::Upper if s <= alpha => return s,
                    _ => {}
                }
            }
        }

        let orig_alpha = alpha;
        let mut best_v = -INF;
        let mut best_mv: Option<G::Move> = None;
        // The hash move first, before the other moves are generated: when it cuts off, the
        // node costs one move's sowing instead of all of them (move generation is most of
        // the search's time). The table key is the whole position, so the move is legal.
        let mut searched_first = None;
        if let Some(t) = tt_move {
            let child = pos.play_unchecked(t);
            let v = if depth == 1 {
                if budget.tick() {
                    return 0;
                }
                -self.leaf_value(&child, ply + 1)
            } else {
                -self.negamax(&child, depth - 1, ply + 1, -beta, -alpha, budget)
            };
            if budget.stopped {
                return 0;
            }
            searched_first = Some(t);
            best_v = v;
            best_mv = Some(t);
            if v > alpha {
                alpha = v;
                let (head, tail) = self.pv.split_at_mut(ply + 1);
                head[ply].clear();
                head[ply].push(t);
                if depth > 1 {
                    head[ply].extend_from_slice(&tail[0]);
                }
            }
            if v >= beta {
                if depth > 1 {
                    self.reward_cutoff(pos, t, depth, ply);
                }
                self.store_node(
                    key,
                    best_mv,
                    best_v,
                    (orig_alpha, beta),
                    depth,
                    ply,
                    ends_before,
                );
                return best_v;
            }
        }

        let mut kids = std::mem::take(&mut self.kids[ply]);
        pos.children(&mut kids);
        if kids.is_empty() {
            // No legal move: the game is over (a finished position has no moves). Without
            // an outcome the side to move has lost (K-R12.3).
            self.kids[ply] = kids;
            return match pos.outcome() {
                Some(o) => terminal_score(o, pos.side_to_move(), ply),
                None => -(MATE - ply as i32),
            };
        }
        if depth == 1 {
            // Frontier: the children's static values are their search values.
            for (mv, child) in kids.iter() {
                if Some(*mv) == searched_first {
                    continue;
                }
                if budget.tick() {
                    break;
                }
                let v = -self.leaf_value(child, ply + 1);
                if v > best_v {
                    best_v = v;
                    best_mv = Some(*mv);
                    if v > alpha {
                        alpha = v;
                        self.pv[ply].clear();
                        self.pv[ply].push(*mv);
                        if v >= beta {
                            break;
                        }
                    }
                }
            }
        } else {
            let mut order = std::mem::take(&mut self.order[ply]);
            order.clear();
            let killers = self.killers[ply];
            for (i, (mv, child)) in kids.iter().enumerate() {
                let k = if Some(*mv) == tt_move {
                    i32::MAX
                } else {
                    let mut k = -static_value(child, ply + 1);
                    if killers[0] == Some(*mv) {
                        k += 2_000;
                    } else if killers[1] == Some(*mv) {
                        k += 1_000;
                    }
                    k + self.history[Self::history_slot(pos, mv)]
                };
                order.push((k, i));
            }
            order.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
            for (n, &(_, i)) in order.iter().enumerate() {
                let (mv, child) = &kids[i];
                if Some(*mv) == searched_first {
                    continue;
                }
                let v = if n == 0 {
                    -self.negamax(child, depth - 1, ply + 1, -beta, -alpha, budget)
                } else {
                    // Late move reductions: a move ordered late in a node that is not on
                    // the principal variation is searched shallower first; only when it
                    // beats alpha there is it searched to the full depth.
                    let reduction = lmr_reduction(depth, n, pv_node);
                    let mut v = alpha + 1;
                    if reduction > 0 {
                        v = -self.negamax(
                            child,
                            depth - 1 - reduction,
                            ply + 1,
                            -alpha - 1,
                            -alpha,
                            budget,
                        );
                    }
                    if v > alpha && !budget.stopped {
                        v = -self.negamax(child, depth - 1, ply + 1, -alpha - 1, -alpha, budget);
                    }
                    if v > alpha && v < beta && !budget.stopped {
                        -self.negamax(child, depth - 1, ply + 1, -beta, -alpha, budget)
                    } else {
                        v
                    }
                };
                if budget.stopped {
                    break;
                }
                if v > best_v {
                    best_v = v;
                    best_mv = Some(*mv);
                    if v > alpha {
                        alpha = v;
                        let (head, tail) = self.pv.split_at_mut(ply + 1);
                        head[ply].clear();
                        head[ply].push(*mv);
                        head[ply].extend_from_slice(&tail[0]);
                        if v >= beta {
                            self.reward_cutoff(pos, *mv, depth, ply);
                            break;
                        }
                    }
                }
            }
            self.order[ply] = order;
        }
        self.kids[ply] = kids;
        if budget.stopped {
            return 0;
        }
        self.store_node(
            key,
            best_mv,
            best_v,
            (orig_alpha, beta),
            depth,
            ply,
            ends_before,
        );
        best_v
    }

    /// Stores a node's result in the table: its bound from the window `(alpha, beta)`
    /// it was searched with; only the move (at depth 0) when the value depends on the
    /// path (a repetition or ply-limit end below it since `ends_before`).
    #[allow(clippy::too_many_arguments)]
    #[inline]
    fn store_node(
        &mut self,
        key: u64,
        best_mv: Option<G::Move>,
        best_v: i32,
        (orig_alpha, beta): (i32, i32),
        depth: u32,
        ply: usize,
        ends_before: u64,
    ) {
        let bound = if best_v >= beta {
            Bound::Lower
        } else if best_v > orig_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        if self.reps.path_ends == ends_before {
            self.tt
                .store(key, best_mv, score_to_tt(best_v, ply), depth, bound);
        } else {
            // The value depends on the path (a repetition or ply-limit end below): keep
            // only the move, at depth 0, which no probe takes a cutoff from.
            self.tt.store(key, best_mv, 0, 0, Bound::Upper);
        }
    }

    /// A beta cutoff by a quiet or any move at `ply`: history and killers.
    #[inline]
    fn reward_cutoff(&mut self, pos: &G, mv: G::Move, depth: u32, ply: usize) {
        let slot = Self::history_slot(pos, &mv);
        self.history[slot] = (self.history[slot] + (depth * depth) as i32).min(1_000_000);
        if self.killers[ply][0] != Some(mv) {
            self.killers[ply][1] = self.killers[ply][0];
            self.killers[ply][0] = Some(mv);
        }
    }
}
