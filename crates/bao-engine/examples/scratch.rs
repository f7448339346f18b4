use bao_engine::*;
use bao_rules::{kingulu::Kingulu, Game};
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let text = &args[1];
    let d: u32 = args[2].parse().unwrap();
    let pos = Kingulu::from_text(text, &Default::default()).unwrap();
    println!(
        "{pos}  moves {:?}",
        pos.moves()
            .iter()
            .map(|m| pos.move_text(*m))
            .collect::<Vec<_>>()
    );
    for m in pos.moves() {
        let c = pos.play(m).unwrap();
        println!("  {} -> {} {:?}", pos.move_text(m), c, c.outcome());
    }
    let mut e: Engine<Kingulu> = Engine::new(EngineConfig::level(6));
    let r = e.search(
        &pos,
        Limits {
            depth: Some(d),
            ..Default::default()
        },
        &mut |i| println!("{}", format_info(&pos, i)),
    );
    println!("best {:?}", r.best.map(|m| pos.move_text(m)));
}
