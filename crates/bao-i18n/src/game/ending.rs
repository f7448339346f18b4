//! How a game ended, as a catalogue sentence ([`Said`]): the `end-*` and `reason-*`
//! messages, for the terminal's last line and the web page.

use crate::t;
use crate::Said;
use bao_rules::{EndReason, Game, GameLine, RuleSet, Side};

/// The end of `line` (`None` while it goes on); `unrated` adds that a rated game ended
/// too early to count.
pub fn end_said<G: Game>(line: &GameLine<G>, unrated: bool) -> Option<Said> {
    let o = line.outcome()?;
    let pos = line.current();
    let (s, n) = (pos.material(Side::South), pos.material(Side::North));
    let score = match o.winner {
        Some(Side::North) => t!("end-score", side = Side::North, a = n, b = s),
        Some(Side::South) => t!("end-score", side = Side::South, a = s, b = n),
        None => t!("end-score-drawn", a = s, b = n),
    };
    let reason = match o.reason {
        EndReason::BaoHamna => t!("reason-bao-hamna"),
        EndReason::NoLegalMove => t!("reason-no-legal-move"),
        EndReason::FrontRowEmpty => t!("reason-front-row-empty"),
        EndReason::Score => t!("reason-score"),
        EndReason::Adjudicated => t!("reason-adjudicated"),
        EndReason::Resignation => t!("reason-resignation"),
        EndReason::Repetition => t!("reason-repetition"),
        EndReason::OffBoard => t!("reason-off-board"),
        EndReason::Time => t!("reason-time"),
    };
    let sentence = match (o.winner, o.reason) {
        (Some(w), EndReason::Resignation) => {
            t!("end-resigned", winner = w, loser = w.opponent())
        }
        (Some(w), EndReason::Time) => t!("end-on-time", winner = w),
        (Some(w), _) => t!("end-win", winner = w, reason = reason),
        (None, _) => t!("end-draw", reason = reason),
    };
    let said = match o.reason {
        EndReason::Repetition => t!("end-repetition", score = score),
        EndReason::Adjudicated if line.rules().max_plies().is_some() => t!(
            "end-adjudicated",
            max = line.rules().max_plies().unwrap_or(0),
            score = score
        ),
        EndReason::Score => t!("end-with-score", sentence = sentence, score = score),
        _ => sentence,
    };
    Some(if unrated {
        t!("end-not-rated", sentence = said)
    } else {
        said
    })
}

/// A game aborted before both sides made their first move.
pub fn aborted() -> Said {
    t!("end-aborted")
}

/// A draw both players agreed to.
pub fn agreed() -> Said {
    t!("end-agreed")
}
