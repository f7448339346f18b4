//! Finds Bao Kingulu test positions in random games: (a) exactly one move wins at once;
//! (b) no win at once, exactly one move does not lose at once.
use bao_rules::{kingulu::Kingulu, Game};
use rand::{Rng, SeedableRng};
fn wins_now(p: &Kingulu, c: &Kingulu) -> bool {
    c.outcome()
        .is_some_and(|o| o.winner == Some(p.side_to_move()))
}
fn loses_now(p: &Kingulu, c: &Kingulu) -> bool {
    // The game ended with a loss for the mover, or the opponent has a winning reply.
    if let Some(o) = c.outcome() {
        return o.winner == Some(p.side_to_move().opponent());
    }
    let mut k = Vec::new();
    c.children(&mut k);
    k.iter().any(|(_, g)| wins_now(c, g))
}
fn main() {
    let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(1);
    let (mut na, mut nb) = (0, 0);
    for _ in 0..20000 {
        let mut p = Kingulu::start(&Default::default());
        while p.outcome().is_none() {
            let mut k = Vec::new();
            p.children(&mut k);
            let w: Vec<_> = k.iter().filter(|(_, c)| wins_now(&p, c)).collect();
            if w.len() == 1
                && k.len() >= 3
                && na < 4
                && k.iter().filter(|(_, c)| loses_now(&p, c)).count() >= 1
            {
                na += 1;
                println!("A {p} win {}", p.move_text(w[0].0));
            }
            if w.is_empty() && k.len() >= 3 && nb < 4 {
                let safe: Vec<_> = k.iter().filter(|(_, c)| !loses_now(&p, c)).collect();
                if safe.len() == 1 {
                    nb += 1;
                    println!("B {p} safe {}", p.move_text(safe[0].0));
                }
            }
            let m = k[rng.gen_range(0..k.len())].1;
            p = m;
        }
        if na >= 4 && nb >= 4 {
            break;
        }
    }
}
