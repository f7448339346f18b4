//! The game's history inside the search: the positions of the line before the root and
//! on the search path, so that the searchers end a line where the game would end —
//! at the third occurrence of a position (Bao Kingulu G-R15, option O7
//! `third-occurrence-scores`, scored by [`bao_rules::Game::repetition_outcome`]) and at
//! the rules' maximum number of plies (K-R12.4, OPT-MAX-PLIES, adjudicated by
//! [`bao_rules::line::adjudicate`]), just as [`bao_rules::GameLine::outcome`] does.
//!
//! Scores given for such ends depend on the path, not only on the position, so the
//! alpha-beta searcher does not store a score in its table when one of them was seen in
//! the node's subtree ([`PathHistory::path_ends`] counts them), and does not take a table
//! cutoff at a position that already occurred on the path or before the root (see
//! `docs/engine.md`, "Repetition").

use crate::score::terminal_score;
use crate::Evaluate;
use bao_rules::line::adjudicate;
use bao_rules::Outcome;
use std::collections::HashMap;

/// What the search finds at a node about the game's history.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Visit {
    /// The game ends here by the line's rules (third occurrence or ply limit): the exact
    /// score for the side to move.
    End(i32),
    /// The position occurred before (on the path or before the root), not for the third
    /// time: its value depends on the path.
    Repeated,
    /// First occurrence.
    Fresh,
}

/// The positions of the line before the root and of the current search path.
pub(crate) struct PathHistory<G: Evaluate> {
    /// Whether the rules end a game on a repetition (the root's `repetition_outcome`).
    repetition: bool,
    /// How often each position occurred in the line, the root included; by table key.
    prior: HashMap<u64, Vec<(G, u32)>>,
    /// `path[p]`: the key and position at ply `p` of the current path (0 = the root).
    path: Vec<(u64, G)>,
    /// The ply (from the root) at which OPT-MAX-PLIES ends the game, if set.
    ply_limit: Option<usize>,
    /// How many path-dependent ends the search has scored (never decreases).
    pub path_ends: u64,
}

impl<G: Evaluate> PathHistory<G> {
    /// No history: nothing tracked.
    pub fn empty() -> Self {
        PathHistory {
            repetition: false,
            prior: HashMap::new(),
            path: Vec::new(),
            ply_limit: None,
            path_ends: 0,
        }
    }

    /// The history of a search whose root is `line.last()`: `line` is the game's
    /// positions from its start (at least the root); `plies_played` the moves played in
    /// the game before the root, or `None` when unknown (no ply limit then).
    pub fn new(line: &[G], plies_played: Option<usize>) -> Self {
        let mut h = PathHistory::empty();
        let Some(root) = line.last() else {
            return h;
        };
        h.repetition = root.repetition_outcome().is_some();
        if h.repetition {
            for pos in line {
                let slot = h.prior.entry(pos.hash_key()).or_default();
                match slot.iter_mut().find(|(p, _)| p == pos) {
                    Some((_, n)) => *n += 1,
                    None => slot.push((pos.clone(), 1)),
                }
            }
        }
        use bao_rules::RuleSet;
        h.ply_limit = plies_played.and_then(|played| {
            root.rules()
                .max_plies()
                .map(|max| (max as usize).saturating_sub(played))
        });
        h.path.push((root.hash_key(), root.clone()));
        h
    }

    /// Whether anything is tracked (otherwise every visit is [`Visit::Fresh`]).
    #[inline]
    pub fn active(&self) -> bool {
        self.repetition || self.ply_limit.is_some()
    }

    /// Earlier occurrences of `pos` (key `key`), reached at `ply` ≥ 1: before the root
    /// (the root included) and on the path at plies 1..`ply`.
    fn earlier(&self, key: u64, pos: &G, ply: usize) -> u32 {
        let before = self.before_root(key, pos);
        let end = ply.min(self.path.len());
        let on_path = self
            .path
            .get(1..end)
            .unwrap_or(&[])
            .iter()
            .filter(|(k, p)| *k == key && p == pos)
            .count() as u32;
        before + on_path
    }

    /// Looks at `pos` (key `key`) reached at `ply` ≥ 1 and, unless the game ends there,
    /// makes it the path's position at `ply`. The rules' own end of `pos` comes first (as
    /// in `GameLine::outcome`): it is [`Visit::Fresh`] then, for the caller to score; it is
    /// only asked for when the history would end the game (it may cost a move
    /// generation).
    #[inline]
    pub fn visit(&mut self, key: u64, pos: &G, ply: usize) -> Visit {
        if !self.active() {
            return Visit::Fresh;
        }
        let mut visit = Visit::Fresh;
        if self.repetition {
            let n = self.earlier(key, pos, ply);
            if n >= 2 && pos.outcome().is_none() {
                if let Some(o) = pos.repetition_outcome() {
                    self.path_ends += 1;
                    return Visit::End(terminal_score(o, pos.side_to_move(), ply));
                }
            }
            if n >= 1 {
                visit = Visit::Repeated;
            }
        }
        if self.ply_limit.is_some_and(|limit| ply >= limit) && pos.outcome().is_none() {
            self.path_ends += 1;
            return Visit::End(terminal_score(adjudicate(pos), pos.side_to_move(), ply));
        }
        if self.repetition {
            self.path.truncate(ply);
            self.path.push((key, pos.clone()));
        }
        visit
    }

    /// The exact score of `pos` at `ply` if the line ends there by its history (a leaf's
    /// check, without making it part of the path); `None` also when the rules end it.
    #[inline]
    pub fn end_at(&mut self, pos: &G, ply: usize) -> Option<i32> {
        if !self.active() {
            return None;
        }
        if self.repetition && self.earlier(pos.hash_key(), pos, ply) >= 2 && pos.outcome().is_none()
        {
            if let Some(o) = pos.repetition_outcome() {
                self.path_ends += 1;
                return Some(terminal_score(o, pos.side_to_move(), ply));
            }
        }
        if self.ply_limit.is_some_and(|limit| ply >= limit) && pos.outcome().is_none() {
            self.path_ends += 1;
            return Some(terminal_score(adjudicate(pos), pos.side_to_move(), ply));
        }
        None
    }

    /// How often `pos` occurred before the root (the root included).
    fn before_root(&self, key: u64, pos: &G) -> u32 {
        self.prior
            .get(&key)
            .and_then(|v| v.iter().find(|(p, _)| p == pos))
            .map_or(0, |(_, n)| *n)
    }

    /// The line's end at `pos` reached at `ply` ≥ 1 when the caller keeps its own path
    /// (MCTS's tree): `on_path` = occurrences of `pos` at plies 1..`ply` of that path.
    /// Returns the outcome (third occurrence, G-R15; ply limit, K-R12.4), or `None`.
    pub fn end_with_path(&mut self, pos: &G, ply: usize, on_path: u32) -> Option<Outcome> {
        if !self.active() || pos.outcome().is_some() {
            return None;
        }
        if self.repetition && self.before_root(pos.hash_key(), pos) + on_path >= 2 {
            if let Some(o) = pos.repetition_outcome() {
                self.path_ends += 1;
                return Some(o);
            }
        }
        if self.ply_limit.is_some_and(|limit| ply >= limit) {
            self.path_ends += 1;
            return Some(adjudicate(pos));
        }
        None
    }

    /// Whether the rules end a game on a repetition (so that a caller keeping its own
    /// path needs to count occurrences on it).
    pub fn counts_repetitions(&self) -> bool {
        self.repetition
    }
}
