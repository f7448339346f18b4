//! The alpha-beta searcher's node: negamax with PVS, the transposition table, late move
//! reductions, killers and history.

use super::*;

impl<G: Evaluate> Engine<G> {
    #[inline]
    pub(super) fn history_slot(pos: &G, mv: &G::Move) -> usize {
        hash_of(&(pos.side_to_move(), mv)) as usize & (HISTORY - 1)
    }

    pub(super) fn negamax(
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
            return static_value(pos, ply, self.config.eval);
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

        // Reverse futility pruning: off the principal variation, near the leaves, a
        // static value far enough above beta stands (SearchParams::rfp_depth).
        let sp = self.config.search;
        let mut stand = None;
        if !pv_node && depth <= sp.rfp_depth && visit == Visit::Fresh && beta.abs() < MATE_BOUND {
            let stand = *stand.insert(static_value(pos, ply, self.config.eval));
            if stand.abs() < MATE_BOUND && stand - sp.rfp_margin * depth as i32 >= beta {
                return stand;
            }
        }

        // Null-move pruning: off the principal variation, if the side to move could pass
        // and still reach beta in a shallower search, the node fails high
        // (SearchParams::nmp_depth).
        if sp.nmp_depth > 0
            && !pv_node
            && depth >= sp.nmp_depth
            && visit == Visit::Fresh
            && beta.abs() < MATE_BOUND
            && !self.null_path[ply]
        {
            if let Some(null) = pos.null_child() {
                if *stand.get_or_insert_with(|| static_value(pos, ply, self.config.eval)) >= beta {
                    let d = depth.saturating_sub(1 + sp.nmp_reduction);
                    self.null_path[ply + 1] = true;
                    let v = -self.negamax(&null, d, ply + 1, -beta, -beta + 1, budget);
                    self.null_path[ply + 1] = false;
                    if budget.stopped {
                        return 0;
                    }
                    if v >= beta && v < MATE_BOUND {
                        return v;
                    }
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
        self.drop_missed(pos, &mut kids);
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
            // Futility pruning (SearchParams::futility_depth): a later move whose child
            // is statically hopeless is not searched near the leaves.
            let futile = (!pv_node && depth <= sp.futility_depth && alpha.abs() < MATE_BOUND)
                .then(|| alpha - sp.futility_margin * depth as i32);
            for (i, (mv, child)) in kids.iter().enumerate() {
                let (k, s) = if Some(*mv) == tt_move {
                    (i32::MAX, i32::MAX)
                } else {
                    let s = -static_value(child, ply + 1, Evaluation::Linear);
                    let mut k = s;
                    if killers[0] == Some(*mv) {
                        k += 2_000;
                    } else if killers[1] == Some(*mv) {
                        k += 1_000;
                    }
                    (k + self.history[Self::history_slot(pos, mv)], s)
                };
                order.push((k, i, s));
            }
            order.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
            // Late move pruning (SearchParams::lmp_depth): near the leaves, the moves
            // ordered last are not searched.
            let lmp_from = (!pv_node && depth <= sp.lmp_depth && alpha.abs() < MATE_BOUND)
                .then(|| (sp.lmp_moves * depth) as usize);
            for (n, &(_, i, s)) in order.iter().enumerate() {
                let (mv, child) = &kids[i];
                if Some(*mv) == searched_first {
                    continue;
                }
                if lmp_from.is_some_and(|l| n >= l.max(1)) && best_v > -MATE_BOUND {
                    break;
                }
                if let Some(f) = futile {
                    if (n > 0 || searched_first.is_some()) && s < f && s.abs() < MATE_BOUND {
                        // A move was searched first, so `best_mv` is already set.
                        best_v = best_v.max(s);
                        continue;
                    }
                }
                let v = if n == 0 {
                    -self.negamax(child, depth - 1, ply + 1, -beta, -alpha, budget)
                } else {
                    // Late move reductions: a move ordered late in a node that is not on
                    // the principal variation is searched shallower first; only when it
                    // beats alpha there is it searched to the full depth.
                    let reduction = sp.lmr_reduction(depth, n, pv_node);
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
    pub(super) fn store_node(
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
    pub(super) fn reward_cutoff(&mut self, pos: &G, mv: G::Move, depth: u32, ply: usize) {
        let slot = Self::history_slot(pos, &mv);
        self.history[slot] = (self.history[slot] + (depth * depth) as i32).min(1_000_000);
        if self.killers[ply][0] != Some(mv) {
            self.killers[ply][1] = self.killers[ply][0];
            self.killers[ply][0] = Some(mv);
        }
    }
}
