//! Monte-Carlo tree search (UCT) with random playouts capped in plies and scored by the
//! evaluation when the cap is reached.
//!
//! The tree knows the game's history: a tree node whose position would occur for the
//! third time (before the root or on its branch) or that reaches OPT-MAX-PLIES is a
//! finished game ([`PathHistory::end_with_path`]); the random playouts below the tree do
//! not count repetitions (they are capped in plies anyway).

use crate::budget::Budget;
use crate::repetition::PathHistory;
use crate::score::{terminal_score, to_score, MATE_BOUND};
use crate::weights::{MCTS_EVAL_SCALE, MCTS_EXPLORATION, MCTS_PLAYOUT_PLIES};
use crate::{Evaluate, Limits, Score, SearchInfo, SearchResult};
use bao_rules::{Game, Outcome, Side};
use rand::Rng;
use rand_xoshiro::Xoshiro256PlusPlus;

/// Playouts when no limit is given at all.
const DEFAULT_PLAYOUTS: u64 = 10_000;
/// `on_info` is called every this many playouts.
const INFO_EVERY: u64 = 1_000;

struct Node<G: Game> {
    pos: G,
    /// The move that led here (None at the root).
    mv: Option<G::Move>,
    /// The side that made `mv` (whose wins `wins` counts).
    mover: Side,
    parent: usize,
    children: Vec<usize>,
    untried: Vec<G::Move>,
    visits: u32,
    /// Sum of results for `mover`, each in 0..=1.
    wins: f64,
    depth: u32,
    /// The game ends here by the line's history (G-R15, K-R12.4), with this outcome.
    end: Option<Outcome>,
}

/// The probability that South wins, from a value for the side to move.
fn south_prob(value_for_mover: f64, to_move: Side) -> f64 {
    if to_move == Side::South {
        value_for_mover
    } else {
        1.0 - value_for_mover
    }
}

fn outcome_value(winner: Option<Side>) -> f64 {
    match winner {
        Some(Side::South) => 1.0,
        Some(Side::North) => 0.0,
        None => 0.5,
    }
}

/// A random playout from `pos`: the probability South wins.
fn playout<G: Evaluate>(pos: &G, rng: &mut Xoshiro256PlusPlus, moves: &mut Vec<G::Move>) -> f64 {
    let mut p = pos.clone();
    for _ in 0..MCTS_PLAYOUT_PLIES {
        if let Some(o) = p.outcome() {
            return outcome_value(o.winner);
        }
        p.legal_moves(moves);
        if moves.is_empty() {
            // Defensive: no move but not finished counts as a loss for the side to move.
            return south_prob(0.0, p.side_to_move());
        }
        let mv = moves[rng.gen_range(0..moves.len())];
        p = p.play_unchecked(mv);
    }
    if let Some(o) = p.outcome() {
        return outcome_value(o.winner);
    }
    let e = f64::from(p.evaluate()) / MCTS_EVAL_SCALE;
    south_prob(1.0 / (1.0 + (-e).exp()), p.side_to_move())
}

/// Runs UCT from `pos` within `limits` (nodes = playouts; depth is not used).
pub(crate) fn search<G: Evaluate>(
    pos: &G,
    limits: &Limits,
    rng: &mut Xoshiro256PlusPlus,
    budget: &mut Budget,
    reps: &mut PathHistory<G>,
    on_info: &mut dyn FnMut(&SearchInfo<G::Move>),
) -> SearchResult<G::Move> {
    let root_moves = pos.moves();
    if root_moves.is_empty() {
        let score = match pos.outcome() {
            Some(o) => to_score(terminal_score(o, pos.side_to_move(), 0)),
            None => Score::Loss(0),
        };
        let info = budget.info(0, score, Vec::new());
        return SearchResult { best: None, info };
    }
    // A move that wins at once is played at once (playout statistics can prefer a move
    // that only wins later).
    let mover = pos.side_to_move();
    for &mv in &root_moves {
        let child = pos.play_unchecked(mv);
        budget.nodes += 1;
        let end = child.outcome().or_else(|| reps.end_with_path(&child, 1, 0));
        if end.is_some_and(|o| o.winner == Some(mover)) {
            let info = budget.info(1, Score::Win(1), vec![mv]);
            on_info(&info);
            return SearchResult {
                best: Some(mv),
                info,
            };
        }
    }
    let max_playouts = if limits.nodes.is_none() && limits.time_ms.is_none() {
        DEFAULT_PLAYOUTS
    } else {
        limits.nodes.unwrap_or(u64::MAX)
    };
    // Nodes are counted as playouts here; the budget's node limit is applied below.
    budget.max_nodes = None;

    let mut tree: Vec<Node<G>> = vec![Node {
        pos: pos.clone(),
        mv: None,
        mover: pos.side_to_move().opponent(),
        parent: usize::MAX,
        children: Vec::new(),
        untried: root_moves,
        visits: 0,
        wins: 0.0,
        depth: 0,
        end: None,
    }];
    let mut scratch = Vec::new();
    let mut max_depth = 0;
    let mut playouts = 0u64;
    while playouts < max_playouts {
        if playouts > 0 && budget.poll() {
            break;
        }
        // Selection.
        let mut cur = 0;
        while tree[cur].untried.is_empty() && !tree[cur].children.is_empty() {
            let ln_n = f64::from(tree[cur].visits.max(1)).ln();
            let mut best = tree[cur].children[0];
            let mut best_u = f64::NEG_INFINITY;
            for &c in &tree[cur].children {
                let n = &tree[c];
                let u = if n.visits == 0 {
                    f64::INFINITY
                } else {
                    n.wins / f64::from(n.visits)
                        + MCTS_EXPLORATION * (ln_n / f64::from(n.visits)).sqrt()
                };
                if u > best_u {
                    best_u = u;
                    best = c;
                }
            }
            cur = best;
        }
        // Expansion.
        if !tree[cur].untried.is_empty() && tree[cur].pos.outcome().is_none() {
            let k = rng.gen_range(0..tree[cur].untried.len());
            let mv = tree[cur].untried.swap_remove(k);
            let child_pos = tree[cur].pos.play_unchecked(mv);
            let ply = tree[cur].depth as usize + 1;
            let on_path = if reps.counts_repetitions() {
                let mut n = 0;
                let mut a = cur;
                while a != 0 {
                    n += u32::from(tree[a].pos == child_pos);
                    a = tree[a].parent;
                }
                n
            } else {
                0
            };
            let end = reps.end_with_path(&child_pos, ply, on_path);
            let untried = if end.is_some() {
                Vec::new()
            } else {
                child_pos.moves()
            };
            let node = Node {
                end,
                mover: tree[cur].pos.side_to_move(),
                mv: Some(mv),
                parent: cur,
                children: Vec::new(),
                untried,
                visits: 0,
                wins: 0.0,
                depth: tree[cur].depth + 1,
                pos: child_pos,
            };
            max_depth = max_depth.max(node.depth);
            tree.push(node);
            let id = tree.len() - 1;
            tree[cur].children.push(id);
            cur = id;
        }
        // Simulation.
        let south = match tree[cur].end {
            Some(o) => outcome_value(o.winner),
            None => playout(&tree[cur].pos, rng, &mut scratch),
        };
        playouts += 1;
        budget.nodes = playouts;
        // Backpropagation.
        let mut n = cur;
        while n != usize::MAX {
            let node = &mut tree[n];
            node.visits += 1;
            node.wins += if node.mover == Side::South {
                south
            } else {
                1.0 - south
            };
            n = node.parent;
        }
        if playouts.is_multiple_of(INFO_EVERY) {
            on_info(&info_of(&tree, max_depth, budget));
        }
    }
    let info = info_of(&tree, max_depth, budget);
    on_info(&info);
    let best = info.pv.first().copied().or_else(|| {
        // No child expanded (a stop before the first playout): the first legal move.
        let mut m = Vec::new();
        pos.legal_moves(&mut m);
        m.first().copied()
    });
    SearchResult { best, info }
}

/// The most visited child of `n` (ties: the higher mean, then the first).
fn best_child<G: Game>(tree: &[Node<G>], n: usize) -> Option<usize> {
    let mut best: Option<usize> = None;
    for &c in &tree[n].children {
        let better = match best {
            None => true,
            Some(b) => {
                let (cn, bn) = (&tree[c], &tree[b]);
                cn.visits > bn.visits
                    || (cn.visits == bn.visits
                        && cn.wins * f64::from(bn.visits.max(1))
                            > bn.wins * f64::from(cn.visits.max(1)))
            }
        };
        if better {
            best = Some(c);
        }
    }
    best
}

fn info_of<G: Evaluate>(tree: &[Node<G>], max_depth: u32, budget: &Budget) -> SearchInfo<G::Move> {
    let mut pv = Vec::new();
    let mut n = 0;
    let mut score = Score::Cp(0);
    while let Some(c) = best_child(tree, n) {
        if n == 0 {
            let node = &tree[c];
            score = match node.pos.outcome().or(node.end) {
                Some(o) => {
                    // The mover of the best child just ended the game.
                    to_score(-terminal_score(o, node.pos.side_to_move(), 1))
                }
                None => {
                    let q = (node.wins / f64::from(node.visits.max(1))).clamp(0.001, 0.999);
                    let cp = (MCTS_EVAL_SCALE * (q / (1.0 - q)).ln()).round() as i32;
                    Score::Cp(cp.clamp(-MATE_BOUND + 1, MATE_BOUND - 1))
                }
            };
        }
        if let Some(mv) = tree[c].mv {
            pv.push(mv);
        }
        n = c;
        if tree[n].visits < 2 {
            break;
        }
    }
    budget.info(max_depth, score, pv)
}
