//! The game report never contradicts itself (found by a newcomer trial: "2. North a7>:
//! +2.12, best a6> +0.23", the played move classed best while another was named best).
//! Over a whole 40-move Bao la Kiswahili game at a fixed depth: a move classed `best` is
//! the move named best; any other move's value is not above the best move's.

use bao_engine::report::{report, ReportOptions};
use bao_rules::{kiswahili::Kiswahili, GameLine};

#[test]
fn no_move_is_valued_above_the_move_called_best() {
    let text = include_str!("../../../e2e/data/kiswahili-40.bao");
    let line = GameLine::<Kiswahili>::from_record_text(text).unwrap();
    let r = report(&line, ReportOptions::fixed(5), &mut |_, _| true);
    assert_eq!(r.moves.len(), line.plies());
    let mut named_other = 0;
    for m in &r.moves {
        if m.class.name() == "best" {
            assert_eq!(m.best, m.mv, "ply {}: {m:?}", m.ply);
        } else if m.best != m.mv {
            named_other += 1;
        }
        if let (Some(after), Some(before)) = (m.after.score, m.before.score) {
            assert!(
                after <= before,
                "ply {}: {} valued {after} above best {} at {before}",
                m.ply,
                m.mv,
                m.best
            );
        }
    }
    // The game has moves that are not the best (the report would be empty otherwise).
    assert!(named_other > 10, "{named_other}");
}
