//! Can a Bao la Kiswahili position recur across turns? A bounded search: positions from
//! random games (default rules), at every 4th ply from the start of the mtaji stage (in
//! namua a store loses a seed every turn, K-R4, so no namua position recurs), and from
//! each a depth-first search of `depth` plies over the moves that change nothing
//! irreversible — no capture (both sides keep their seeds, K-R9/R10) — or, with `all`,
//! over every move. A cycle is a position equal (side to move included) to an earlier
//! one on the path. Prints every distinct cycle start found, with its moves.
//!
//! With `random`, the roots are random mtaji positions instead (each side's seeds dealt
//! at random to its 16 holes, stores empty, no nyumba), `games` of them.
//!
//! `cargo run --release -p bao-engine --example kiswahili_recurrence -- [games] [depth] [all] [random]`
use bao_rules::{kiswahili::Kiswahili, Game, Side};
use rand::{Rng, SeedableRng};
use std::collections::HashSet;

/// Seeds owned by each side (holes + store).
fn material(p: &Kiswahili) -> (i32, i32) {
    (p.material(Side::South), p.material(Side::North))
}

struct Search {
    all: bool,
    nodes: u64,
    max_nodes: u64,
    found: Vec<(String, Vec<String>)>,
}

impl Search {
    fn dfs(&mut self, path: &mut Vec<Kiswahili>, moves: &mut Vec<String>, depth: u32) {
        if depth == 0 || self.nodes >= self.max_nodes || !self.found.is_empty() {
            return;
        }
        let pos = *path.last().expect("root");
        let mut kids = Vec::new();
        pos.children(&mut kids);
        for (mv, child) in kids {
            self.nodes += 1;
            if child.outcome().is_some() {
                continue;
            }
            if !self.all && material(&child) != material(&pos) {
                continue;
            }
            moves.push(pos.move_text(mv));
            if let Some(i) = path.iter().position(|p| *p == child) {
                self.found.push((path[i].to_text(), moves[i..].to_vec()));
                moves.pop();
                return;
            }
            path.push(child);
            self.dfs(path, moves, depth - 1);
            path.pop();
            moves.pop();
            if !self.found.is_empty() {
                return;
            }
        }
    }
}

/// A random valid mtaji position: each side's seeds (8..=56, 64 in all) dealt at random
/// to its 16 holes, front-row holes kept sparse on one side half of the time.
fn random_position(rng: &mut impl Rng) -> Option<Kiswahili> {
    let south: u32 = rng.gen_range(8..=56);
    let mut rows = [[0u32; 8]; 4];
    for (seeds, front, back) in [(south, 2, 3), (64 - south, 1, 0)] {
        let sparse = rng.gen_bool(0.5);
        for _ in 0..seeds {
            let r = if sparse && rng.gen_bool(0.8) {
                back
            } else if rng.gen_bool(0.5) {
                front
            } else {
                back
            };
            rows[r][rng.gen_range(0..8)] += 1;
        }
    }
    let text: Vec<String> = rows
        .iter()
        .map(|r| {
            r.iter()
                .map(|n| n.to_string())
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect();
    let side = if rng.gen_bool(0.5) { "South" } else { "North" };
    let text = format!(
        "{} ; S=0 N=0 ; house S- N- ; {side} ; takasia -",
        text.join(" / ")
    );
    Kiswahili::from_text(&text, &Default::default()).ok()
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let games: u32 = args.first().and_then(|a| a.parse().ok()).unwrap_or(200);
    let depth: u32 = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(8);
    let all = args.iter().any(|a| a == "all");
    let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(2026);
    let rules = Default::default();
    let (mut roots, mut nodes, mut cycles) = (0u64, 0u64, 0u64);
    let mut seen = HashSet::new();
    if args.iter().any(|a| a == "random") {
        for _ in 0..games {
            let Some(p) = random_position(&mut rng) else {
                continue;
            };
            if p.outcome().is_some() {
                continue;
            }
            let mut s = Search {
                all,
                nodes: 0,
                max_nodes: 300_000,
                found: Vec::new(),
            };
            s.dfs(&mut vec![p], &mut Vec::new(), depth);
            roots += 1;
            nodes += s.nodes;
            for (start, moves) in s.found {
                cycles += 1;
                if seen.insert(start.clone()) && seen.len() <= 5 {
                    println!(
                        "cycle of {} plies from {start}: {}",
                        moves.len(),
                        moves.join(" ")
                    );
                }
            }
        }
        println!(
            "{roots} random mtaji positions searched ({} moves, depth {depth}, {nodes} nodes): {cycles} with a cycle ({} distinct starts)",
            if all { "all" } else { "capture-free" },
            seen.len()
        );
        return;
    }
    for _ in 0..games {
        let mut p = Kiswahili::start(&rules);
        let mut ply = 0;
        while p.outcome().is_none() && ply < 300 {
            let mtaji = p.view().stores == [0, 0];
            if mtaji && ply % 4 == 0 {
                let mut s = Search {
                    all,
                    nodes: 0,
                    max_nodes: 300_000,
                    found: Vec::new(),
                };
                s.dfs(&mut vec![p], &mut Vec::new(), depth);
                roots += 1;
                nodes += s.nodes;
                for (start, moves) in s.found {
                    cycles += 1;
                    if seen.insert(start.clone()) && seen.len() <= 5 {
                        println!(
                            "cycle of {} plies from {start}: {}",
                            moves.len(),
                            moves.join(" ")
                        );
                    }
                }
            }
            let moves = p.moves();
            p = p.play_unchecked(moves[rng.gen_range(0..moves.len())]);
            ply += 1;
        }
    }
    println!(
        "{roots} mtaji positions searched ({} moves, depth {depth}, {nodes} nodes): {cycles} with a cycle ({} distinct starts)",
        if all { "all" } else { "capture-free" },
        seen.len()
    );
}
