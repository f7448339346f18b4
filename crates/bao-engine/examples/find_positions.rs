//! Finds test positions in random games of either game: (A) exactly one move wins at
//! once, another move lets the opponent win at once; (B) no win at once and exactly one
//! move that does not let the opponent win at once.
//!
//! `cargo run --release -p bao-engine --example find_positions -- kiswahili|kingulu`
use bao_engine::Evaluate;
use bao_rules::{kingulu::Kingulu, kiswahili::Kiswahili, Game};
use rand::{Rng, SeedableRng};

fn wins_now<G: Game>(p: &G, c: &G) -> bool {
    c.outcome()
        .is_some_and(|o| o.winner == Some(p.side_to_move()))
}

fn loses_now<G: Evaluate>(p: &G, c: &G) -> bool {
    let them = Some(p.side_to_move().opponent());
    if let Some(o) = c.outcome() {
        return o.winner == them;
    }
    let mut k = Vec::new();
    c.children(&mut k);
    k.iter()
        .any(|(_, g)| g.outcome().is_some_and(|o| o.winner == them))
}

fn find<G: Evaluate>(wanted: usize) {
    let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(1);
    let (mut na, mut nb, mut nc) = (0, 0, 0);
    for _ in 0..3_000 {
        let mut p = G::start(&Default::default());
        let mut plies = 0;
        while p.outcome().is_none() && plies < 400 {
            let mut k = Vec::new();
            p.children(&mut k);
            let w: Vec<_> = k.iter().filter(|(_, c)| wins_now(&p, c)).collect();
            if w.len() == 1
                && nc < wanted
                && w[0]
                    .1
                    .outcome()
                    .is_some_and(|o| o.reason == bao_rules::EndReason::NoLegalMove)
            {
                nc += 1;
                println!("C {p} | win {} ({} moves)", p.move_text(w[0].0), k.len());
            }
            if w.len() == 1
                && k.len() >= 3
                && na < wanted
                && k.iter().any(|(_, c)| loses_now(&p, c))
            {
                na += 1;
                println!("A {p} | win {}", p.move_text(w[0].0));
            }
            if w.is_empty() && k.len() >= 3 && nb < wanted {
                let safe: Vec<_> = k.iter().filter(|(_, c)| !loses_now(&p, c)).collect();
                if safe.len() == 1 {
                    nb += 1;
                    println!("B {p} | safe {} of {}", p.move_text(safe[0].0), k.len());
                }
            }
            p = k[rng.gen_range(0..k.len())].1.clone();
            plies += 1;
        }
        if na >= wanted && nb >= wanted && nc >= wanted {
            break;
        }
    }
}

fn main() {
    match std::env::args().nth(1).as_deref() {
        Some("kingulu") => find::<Kingulu>(4),
        _ => find::<Kiswahili>(4),
    }
}
