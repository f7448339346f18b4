//! A move lap by lap: the frames that `bao play` animates and explains and `bao replay`
//! steps through, built from the rules' trace of the move ([`TraceEvent`]s).
//!
//! A lap is one sowing ([`EventKind::Sow`]) together with what led to it (the seed
//! entered from the store, the lift or relay, the capture and its kichwa, safari, the
//! tax); what follows the last sowing (the end of the move, a takasia, the end of the
//! game) belongs to the last lap. Each frame has the board after its lap, the holes the
//! lap changed and the hole it ended in.

use crate::phrases::say;
use crate::t;
use bao_rules::{BoardView, CellMark, EventKind, Game, TraceEvent};

/// The most laps of one move drawn one by one; the rest of a longer move is one frame
/// (its board is the board after the move), so that a move of thousands of laps cannot
/// flood the screen.
pub const MAX_LAP_FRAMES: usize = 50;

/// One frame of a move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Lap {
    /// `Lap 2 of 5: relays 7 seeds from A3, sows 7 seeds clockwise, ending in B6.`
    pub caption: String,
    /// The board after the lap.
    pub view: BoardView,
    /// The holes whose seed count this lap changed (including a captured hole).
    pub changed: Vec<String>,
    /// The hole the lap's last seed fell into.
    pub end_hole: Option<String>,
}

/// The frames of the move from `before` to `after` traced as `events`: one per lap for
/// the first [`MAX_LAP_FRAMES`] laps, then one frame for all the others. Always at least
/// one frame.
pub fn laps<G: Game>(before: &G, events: &[TraceEvent], after: &G) -> Vec<Lap> {
    let total = events.iter().filter(|e| e.kind == EventKind::Sow).count();
    // The marks of the holes as the move goes: a nyumba lost in a lap (K-R8.2) is drawn
    // as an ordinary hole from that lap on, as its caption says.
    let mut template = before.view();
    let mut frames: Vec<Lap> = Vec::new();
    let mut previous = counts_of(&template);
    let mut texts: Vec<String> = Vec::new();
    let mut sown = 0usize;
    // The events of the laps past the cap, summarised.
    let mut skipped = Skipped::default();
    for event in events {
        if sown >= MAX_LAP_FRAMES && total > MAX_LAP_FRAMES {
            skipped.add(event);
            continue;
        }
        let text = say(event);
        if !text.is_empty() {
            texts.push(text);
        }
        if event.kind == EventKind::NyumbaLost {
            lose_nyumba(&mut template, event.holes.first());
        }
        if event.kind == EventKind::Sow {
            sown += 1;
            let view = view_with(&template, &event.counts, event.stores);
            let now = counts_of(&view);
            frames.push(Lap {
                caption: caption(sown, total, &texts.join(", ")),
                changed: changed(&view, &previous, &now),
                end_hole: event.holes.last().cloned(),
                view,
            });
            previous = now;
            texts.clear();
        }
    }
    let final_view = after.view();
    if skipped.laps > 0 {
        let now = counts_of(&final_view);
        let first = MAX_LAP_FRAMES + 1;
        let mut notable = skipped.notable.clone();
        if skipped.captures > 0 {
            notable.insert(
                0,
                t!(
                    "laps-skipped-captures",
                    n = skipped.captures,
                    seeds = skipped.captured
                ),
            );
        }
        let words = if notable.is_empty() {
            t!("laps-skipped", first = first, last = total)
        } else {
            t!(
                "laps-skipped-notable",
                first = first,
                last = total,
                what = notable.join(", ")
            )
        };
        frames.push(Lap {
            caption: words,
            changed: changed(&final_view, &previous, &now),
            end_hole: skipped.end_hole,
            view: final_view.clone(),
        });
        texts.clear();
    }
    match frames.last_mut() {
        Some(last) => {
            if !texts.is_empty() {
                // What followed the last sowing: the end of the move, takasia, ...
                let base = last.caption.trim_end_matches('.').to_string();
                last.caption = t!("lap-then", caption = base, what = texts.join(", "));
            }
            // The last frame shows the position after the move exactly (marks, stores).
            let now = counts_of(&final_view);
            if now != counts_of(&last.view) {
                last.changed = changed(&final_view, &counts_of(&template), &now);
            }
            last.view = final_view;
        }
        None => {
            // A move without a sowing (none in either game today): one frame.
            let now = counts_of(&final_view);
            frames.push(Lap {
                caption: caption(1, 1, &texts.join(", ")),
                changed: changed(&final_view, &previous, &now),
                end_hole: None,
                view: final_view,
            });
        }
    }
    frames
}

/// What the laps past [`MAX_LAP_FRAMES`] did, for their one frame.
#[derive(Default)]
struct Skipped {
    laps: usize,
    captures: usize,
    captured: u32,
    /// Sentences other than sowings, lifts and captures (safari, takasia, the end), at
    /// most a few (with the captures' count, six).
    notable: Vec<String>,
    end_hole: Option<String>,
}

impl Skipped {
    fn add(&mut self, e: &TraceEvent) {
        match e.kind {
            EventKind::Sow => {
                self.laps += 1;
                self.end_hole = e.holes.last().cloned();
            }
            EventKind::Lift | EventKind::Enter | EventKind::Bank | EventKind::Kichwa => {}
            EventKind::Capture => {
                self.captures += 1;
                self.captured += e.seeds;
            }
            _ if self.notable.len() + usize::from(self.captures > 0) < 6 => {
                let text = say(e);
                if !text.is_empty() {
                    self.notable.push(text);
                }
            }
            _ => {}
        }
    }
}

fn caption(k: usize, total: usize, text: &str) -> String {
    let total = total.max(k);
    if text.is_empty() {
        t!("lap-caption-bare", k = k, total = total)
    } else {
        t!("lap-caption", k = k, total = total, what = text)
    }
}

/// The seed counts of a view in the order of its cells (rows top to bottom, each left to
/// right: the order of the position text).
fn counts_of(view: &BoardView) -> Vec<u32> {
    view.rows.iter().flatten().map(|c| c.seeds).collect()
}

/// `template` with the counts of a trace step (same cell order) and its stores.
/// Marks the nyumba `hole` of `view` as lost (an ordinary hole now).
fn lose_nyumba(view: &mut BoardView, hole: Option<&String>) {
    let Some(hole) = hole else { return };
    for cell in view.rows.iter_mut().flatten() {
        if &cell.name == hole && matches!(cell.mark, CellMark::Nyumba { .. }) {
            cell.mark = CellMark::LostNyumba;
        }
    }
}

fn view_with(template: &BoardView, counts: &[u32], stores: [u32; 2]) -> BoardView {
    let mut view = template.clone();
    for (cell, &n) in view.rows.iter_mut().flatten().zip(counts) {
        cell.seeds = n;
    }
    view.stores = stores;
    view
}

fn changed(view: &BoardView, before: &[u32], now: &[u32]) -> Vec<String> {
    view.rows
        .iter()
        .flatten()
        .zip(before.iter().zip(now))
        .filter(|(_, (a, b))| a != b)
        .map(|(c, _)| c.name.clone())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use bao_rules::kingulu::Kingulu;
    use bao_rules::kiswahili::Kiswahili;

    fn frames_of<G: Game>(position: &str, mv: &str) -> (G, Vec<TraceEvent>, G, Vec<Lap>) {
        let pos = G::from_text(position, &Default::default()).unwrap();
        let mv = pos.parse_move(mv).unwrap();
        let (after, events) = pos.play_traced(mv).unwrap();
        let frames = laps(&pos, &events, &after);
        (pos, events, after, frames)
    }

    /// A one-lap namua move: the caption names every step, the board is the one after.
    #[test]
    fn a_namua_move_is_one_lap() {
        let (_, _, after, frames) = frames_of::<Kiswahili>(
            "0 0 0 0 0 0 0 0 / 0 2 2 6 0 0 0 0 / 0 0 0 0 6 2 2 0 / 0 0 0 0 0 0 0 0 ; S=22 N=22 ; house S+ N+ ; South ; takasia -",
            "A6>",
        );
        assert_eq!(frames.len(), 1);
        assert_eq!(
            frames[0].caption,
            "Lap 1 of 1: enters a seed from the store into A6, lifts 3 seeds from A6, sows 3 seeds clockwise, ending in B8; the last seed fell into the empty hole B8: the move ends."
        );
        assert_eq!(frames[0].view, after.view());
        assert_eq!(frames[0].changed, ["A6", "A7", "A8", "B8"]);
        assert_eq!(frames[0].end_hole.as_deref(), Some("B8"));
    }

    /// The counts of every trace step are in the cell order of the view: the last lap's
    /// board from the trace is the position after the move (both games).
    #[test]
    fn trace_counts_follow_the_view() {
        let pos = Kingulu::from_text(
            "4 4 4 4 4 4 / 4 4 4 4 4 4 ; S=0 N=0 ; South",
            &Default::default(),
        )
        .unwrap();
        for mv in pos.moves() {
            let (after, events) = pos.play_traced(mv).unwrap();
            // Captures after the last lap (G-R8) change the board too: the last step's.
            let last = events.iter().rev().find(|e| !e.counts.is_empty()).unwrap();
            let view = view_with(&pos.view(), &last.counts, last.stores);
            assert_eq!(counts_of(&view), counts_of(&after.view()));
            let frames = laps(&pos, &events, &after);
            let sowings = events.iter().filter(|e| e.kind == EventKind::Sow).count();
            assert_eq!(frames.len(), sowings);
            for (k, f) in frames.iter().enumerate() {
                assert!(
                    f.caption
                        .starts_with(&format!("Lap {} of {sowings}", k + 1)),
                    "{}",
                    f.caption
                );
            }
        }
    }

    /// A move of 60 laps: the first 50 drawn one by one, the other 10 as one frame with
    /// the board after the move and what they did.
    #[test]
    fn long_moves_are_capped() {
        let pos = Kingulu::from_text(
            "4 4 4 4 4 4 / 4 4 4 4 4 4 ; S=0 N=0 ; South",
            &Default::default(),
        )
        .unwrap();
        let event = |kind, hole: &str, seeds, phrase: bao_rules::Phrase| TraceEvent {
            kind,
            holes: vec![hole.to_string()],
            seeds,
            text: phrase.to_string(),
            phrase,
            counts: vec![4; 12],
            stores: [0, 0],
        };
        let sow = |_| {
            let holes = vec!["A1".to_string()];
            event(
                EventKind::Sow,
                "A1",
                1,
                bao_rules::Phrase::SowInto { holes },
            )
        };
        let mut events: Vec<TraceEvent> = (1..=60).map(sow).collect();
        let capture = bao_rules::Phrase::PitCapture {
            side: bao_rules::Side::South,
            seeds: 6,
            from: "a3".to_string(),
            with: "A4".to_string(),
        };
        events.insert(55, event(EventKind::Capture, "a3", 7, capture));
        let end = bao_rules::Phrase::PitEnd {
            why: bao_rules::PitEnd::EmptyOwn,
            hole: "A2".to_string(),
            laps: 60,
        };
        events.push(event(EventKind::End, "A2", 0, end));
        let frames = laps(&pos, &events, &pos);
        assert_eq!(frames.len(), MAX_LAP_FRAMES + 1);
        assert_eq!(frames[49].caption, "Lap 50 of 60: sows 1 seed into A1.");
        assert_eq!(
            frames[50].caption,
            "Laps 51-60 (not drawn one by one): 1 capture (7 seeds), the last seed fell into empty A2: the move ends after 60 laps."
        );
        assert_eq!(frames[50].view, pos.view());
    }
}
