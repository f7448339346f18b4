//! The positions reachable within n plies of the Bao Kingulu start, and whether a game
//! can repeat a position within them (docs/solved.md, "Beyond the start").

use bao_rules::kingulu::Kingulu;
use std::collections::HashMap;

/// What [`ply_census`] found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlyCensus {
    /// `new_at_ply[i]`: positions first reachable at ply i (i = 0: the start).
    pub new_at_ply: Vec<u64>,
    /// Whether some game can repeat a position within the plies counted (a cycle in the
    /// move graph on the positions reachable within them).
    pub repetition_possible: bool,
}

/// The positions reachable from `start` within `max_ply` plies, and whether any line of
/// at most `max_ply` plies can repeat a position: the move graph restricted to these
/// positions is checked for a cycle (Kahn's algorithm). A line repeating a position
/// within `max_ply` plies lies wholly inside that set, so "no cycle" proves that no game
/// repeats a position in its first `max_ply` plies (G-R15 cannot apply there).
pub fn ply_census(start: &Kingulu, max_ply: u32) -> PlyCensus {
    let mut first: HashMap<Kingulu, u32> = HashMap::new();
    first.insert(*start, 0);
    let mut frontier = vec![*start];
    let mut new_at_ply = vec![1u64];
    let mut kids = Vec::new();
    for ply in 1..=max_ply {
        let mut next = Vec::new();
        for pos in &frontier {
            pos.children(&mut kids);
            for (_, c) in kids.iter() {
                if let std::collections::hash_map::Entry::Vacant(e) = first.entry(*c) {
                    e.insert(ply);
                    next.push(*c);
                }
            }
        }
        new_at_ply.push(next.len() as u64);
        frontier = next;
    }
    // Kahn: edges between positions that are both in the set (a cycle's positions all
    // are, since a repeating line of ≤ max_ply plies visits only them).
    let ids: HashMap<Kingulu, usize> = first.keys().enumerate().map(|(i, p)| (*p, i)).collect();
    let positions: Vec<Kingulu> = {
        let mut v = vec![*start; ids.len()];
        for (p, &i) in &ids {
            v[i] = *p;
        }
        v
    };
    let mut indegree = vec![0u32; positions.len()];
    for pos in &positions {
        if first[pos] == max_ply {
            continue; // its moves leave the set (ply max_ply + 1)
        }
        pos.children(&mut kids);
        for (_, c) in kids.iter() {
            if let Some(&j) = ids.get(c) {
                indegree[j] += 1;
            }
        }
    }
    let mut queue: Vec<usize> = (0..positions.len()).filter(|&i| indegree[i] == 0).collect();
    let mut removed = 0usize;
    while let Some(i) = queue.pop() {
        removed += 1;
        let pos = positions[i];
        if first[&pos] == max_ply {
            continue;
        }
        pos.children(&mut kids);
        for (_, c) in kids.iter() {
            if let Some(&j) = ids.get(c) {
                indegree[j] -= 1;
                if indegree[j] == 0 {
                    queue.push(j);
                }
            }
        }
    }
    PlyCensus {
        new_at_ply,
        repetition_possible: removed < positions.len(),
    }
}
