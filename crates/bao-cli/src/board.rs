//! Drawing a [`BoardView`] for the terminal: plain ASCII or with ANSI colours.

use crate::i18n::side_name;
use crate::t;
use bao_rules::{BoardView, CellMark, CellView, EventKind, Outcome, Side, TraceEvent};
use crossterm::style::Stylize;

/// How to draw.
pub struct Style {
    /// ANSI colours (only when stdout is a terminal and `--plain` is not given).
    pub colour: bool,
    /// The label after each side's name, e.g. `(you)` / `(computer, level 5)`.
    pub labels: [String; 2],
    /// The hole where the last move started (highlighted in colour mode).
    pub last_hole: Option<String>,
    /// The holes whose seed count changed with the last move (bold in colour mode).
    pub changed: Vec<String>,
    /// The hole where the lap just shown ended (reverse video in colour mode), when a
    /// move is drawn lap by lap.
    pub end_hole: Option<String>,
}

/// The names of the holes whose seed counts differ between two views of one game.
pub fn changed_holes(before: &BoardView, after: &BoardView) -> Vec<String> {
    before
        .rows
        .iter()
        .flatten()
        .zip(after.rows.iter().flatten())
        .filter(|(a, b)| a.name == b.name && a.seeds != b.seeds)
        .map(|(_, b)| b.name.clone())
        .collect()
}

/// Width of one cell: a space, a left mark, two digits, a right mark, a suffix mark.
const CELL: usize = 6;

fn cell_text(cell: &CellView) -> (String, bool) {
    let (l, r) = match cell.mark {
        CellMark::Nyumba { .. } => ('[', ']'),
        _ => (' ', ' '),
    };
    let suffix = if cell.takasia {
        '!'
    } else if matches!(cell.mark, CellMark::Reserved(_)) {
        '*'
    } else {
        ' '
    };
    // The mark sits right after the count when there is no bracket: ` [ 6]!`, `   4* `.
    let text = if r == ']' {
        format!(" {l}{:>2}{r}{suffix}", cell.seeds)
    } else {
        format!(" {l}{:>2}{suffix} ", cell.seeds)
    };
    (text, cell.seeds == 0)
}

fn paint(cell: &CellView, text: String, empty: bool, style: &Style) -> String {
    if !style.colour {
        return text;
    }
    // Style only the visible part, so that underlining does not run between cells.
    let core = text.trim();
    let lead = text.len() - text.trim_start().len();
    let trail = text.len() - text.trim_end().len();
    let (before, after) = (" ".repeat(lead), " ".repeat(trail));
    let text = core.to_string();
    let highlighted = style.last_hole.as_deref() == Some(cell.name.as_str());
    let mut s = match cell.owner {
        Side::South => text.yellow(),
        Side::North => text.cyan(),
    };
    // An emptied hole that just changed (a capture, a lift) stays bright to be seen.
    if empty && !style.changed.contains(&cell.name) {
        s = s.dim();
    }
    match cell.mark {
        CellMark::Nyumba { functional: true } => s = s.magenta().bold(),
        CellMark::Nyumba { functional: false } => s = s.magenta(),
        CellMark::Reserved(_) => s = s.green().bold(),
        _ => {}
    }
    if cell.takasia {
        s = s.red().bold();
    }
    if highlighted {
        s = s.underlined();
    }
    if style.changed.contains(&cell.name) {
        s = s.bold();
    }
    if style.end_hole.as_deref() == Some(cell.name.as_str()) {
        s = s.reverse();
    }
    format!("{before}{s}{after}")
}

/// The number part of a hole name (`A5` → `5`).
fn hole_number(name: &str) -> &str {
    name.trim_start_matches(|c: char| c.is_ascii_alphabetic())
}

fn row_letter(row: &[CellView]) -> String {
    row.first()
        .and_then(|c| c.name.chars().next())
        .map(String::from)
        .unwrap_or_default()
}

fn numbers_line(row: &[CellView]) -> String {
    let mut line = "     ".to_string();
    for cell in row {
        line.push_str(&format!("{:>4}  ", hole_number(&cell.name)));
    }
    line.trim_end().to_string()
}

/// The board as lines of text: North's rows on top (numbered from North's left, i.e.
/// right to left as South sees them), South's below, stores and side labels at the edges.
pub fn draw(view: &BoardView, style: &Style) -> String {
    let mut out = String::new();
    // Up to the last digit of the last column.
    let board_width = 3 + CELL * view.rows.first().map_or(0, Vec::len);
    let caption = |side: Side| {
        (
            format!("{} {}", side_name(side), style.labels[side.index()]),
            t!("board-store", n = view.stores[side.index()]),
        )
    };
    // The stores end in one column: the board's right edge, or further right when a
    // caption is longer than the board (Bao Kingulu's 6 columns in Kiswahili).
    let captions_width = [Side::North, Side::South]
        .map(|side| {
            let (name, store) = caption(side);
            2 + name.chars().count() + 1 + store.chars().count()
        })
        .into_iter()
        .max()
        .unwrap_or(0);
    let width = board_width.max(captions_width);
    let side_line = |side: Side| {
        let (name, store) = caption(side);
        let pad = width
            .saturating_sub(name.chars().count() + store.chars().count() + 2)
            .max(1);
        let text = format!("  {name}{}{store}", " ".repeat(pad));
        if style.colour {
            match side {
                Side::South => text.yellow().bold().to_string(),
                Side::North => text.cyan().bold().to_string(),
            }
        } else {
            text
        }
    };
    out.push_str(&side_line(Side::North));
    out.push('\n');
    if let Some(top) = view.rows.first() {
        out.push_str(&numbers_line(top));
        out.push('\n');
    }
    let mut previous_owner = None;
    for row in &view.rows {
        let owner = row.first().map(|c| c.owner);
        if previous_owner == Some(Side::North) && owner == Some(Side::South) {
            out.push_str("     ");
            out.push_str(&"-".repeat(board_width.saturating_sub(5)));
            out.push('\n');
        }
        previous_owner = owner;
        out.push_str(&format!("  {:<3}", row_letter(row)));
        for cell in row {
            let (text, empty) = cell_text(cell);
            out.push_str(&paint(cell, text, empty, style));
        }
        // Trim the trailing blanks of plain lines (suffix marks are spaces when unset).
        if !style.colour {
            let trimmed = out.trim_end_matches(' ').len();
            out.truncate(trimmed);
        }
        out.push('\n');
    }
    if let Some(bottom) = view.rows.last() {
        out.push_str(&numbers_line(bottom));
        out.push('\n');
    }
    out.push_str(&side_line(Side::South));
    out.push('\n');
    out
}

/// The legend of the marks used in [`draw`], for `help`.
pub fn legend(view: &BoardView) -> String {
    if view.rows.len() == 4 {
        t!("legend-kiswahili")
    } else {
        t!("legend-kingulu")
    }
}

/// Bao la Kiswahili's count of who is ahead (it has no scores): every side's seeds on the
/// board plus its store, `Seeds: South 32 (22 in store), North 32 (22 in store)`; in
/// mtaji (the stores are empty) the board count alone, `Seeds: South 30, North 34`.
/// `None` for a game that shows scores (Bao Kingulu, G-R14).
pub fn seeds_line(view: &BoardView) -> Option<String> {
    if view.scores.is_some() || view.rows.len() != 4 {
        return None;
    }
    let part = |side: Side| {
        let board: u32 = view
            .rows
            .iter()
            .flatten()
            .filter(|c| c.owner == side)
            .map(|c| c.seeds)
            .sum();
        let store = view.stores[side.index()];
        if view.stage == "mtaji" && store == 0 {
            t!("seeds-side", side = side, seeds = board)
        } else {
            t!(
                "seeds-side-store",
                side = side,
                seeds = board + store,
                store = store
            )
        }
    };
    Some(t!(
        "seeds-line",
        south = part(Side::South),
        north = part(Side::North)
    ))
}

/// The stage's name for players: `namua`, `mtaji`, and Bao Kingulu's `play`.
pub fn stage_name(stage: &str) -> String {
    match stage {
        "namua" => t!("stage-namua"),
        "mtaji" => t!("stage-mtaji"),
        _ => t!("stage-play"),
    }
}

/// The status lines under the board: Bao la Kiswahili's seed count ([`seeds_line`]),
/// stage, side to move, last move, takasia, scores. Once the game is over (`outcome`),
/// the line says who won instead of who is to move.
pub fn status(
    view: &BoardView,
    labels: &[String; 2],
    last: Option<&(Side, String)>,
    outcome: Option<Outcome>,
) -> String {
    let seeds = seeds_line(view).map(|s| s + "\n").unwrap_or_default();
    let stage = stage_name(&view.stage);
    let mut line = seeds
        + &match outcome {
            None => {
                let label = &labels[view.to_move.index()];
                let sep = if label.is_empty() { "" } else { " " };
                let who = format!("{}{sep}{label}", side_name(view.to_move));
                t!("status-to-move", stage = stage, who = who)
            }
            Some(o) => match o.winner {
                Some(w) => t!(
                    "status-won",
                    stage = stage,
                    who = format!("{} {}", side_name(w), labels[w.index()])
                ),
                None => t!("status-draw", stage = stage),
            },
        };
    if let Some((side, text)) = last {
        line.push(' ');
        line.push_str(&t!("status-last-move", text = text, side = side));
    }
    if let Some(scores) = view.scores {
        line.push(' ');
        line.push_str(&t!(
            "status-scores",
            south_name = side_name(Side::South),
            south = scores[Side::South.index()],
            north_name = side_name(Side::North),
            north = scores[Side::North.index()]
        ));
    }
    for cell in view.rows.iter().flatten() {
        if cell.takasia && outcome.is_none() {
            line.push('\n');
            line.push_str(&t!(
                "status-takasia",
                hole = cell.name.as_str(),
                side = view.to_move
            ));
        }
    }
    line
}

/// The most laps of a move described lap by lap.
pub const MAX_LAPS_SHOWN: usize = 12;

/// The sentences of a traced move worth showing, by one rule for both players: every
/// sentence when the move has at most [`MAX_LAPS_SHOWN`] laps (sowings); for a longer
/// relay, `N laps in all` and then the captures, kichwa, safari, takasia and other
/// notable events (the first and last of them when there are very many).
pub fn describe_events(events: &[TraceEvent]) -> Vec<String> {
    const SHORT: usize = MAX_LAPS_SHOWN;
    let texts = |evs: &mut dyn Iterator<Item = &TraceEvent>| -> Vec<String> {
        evs.map(crate::phrases::say)
            .filter(|t| !t.is_empty())
            .collect()
    };
    let laps = events.iter().filter(|e| e.kind == EventKind::Sow).count();
    if laps <= SHORT {
        return texts(&mut events.iter());
    }
    let mut notable: Vec<String> = texts(&mut events.iter().filter(|e| {
        !matches!(
            e.kind,
            EventKind::Sow | EventKind::Lift | EventKind::Enter | EventKind::Bank
        )
    }));
    let total = notable.len();
    if total > 2 * SHORT {
        let tail = notable.split_off(total - SHORT / 2);
        notable.truncate(SHORT);
        notable.push(t!("more-events", n = total - SHORT - tail.len()));
        notable.extend(tail);
    }
    let mut out = vec![t!("laps-in-all", n = laps)];
    out.extend(notable);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cell(name: &str, seeds: u32, owner: Side, mark: CellMark) -> CellView {
        CellView {
            name: name.to_string(),
            seeds,
            owner,
            mark,
            takasia: false,
        }
    }

    #[test]
    fn plain_kingulu_board() {
        let north: Vec<CellView> = (1..=6)
            .rev()
            .map(|k| {
                let mark = if k == 4 {
                    CellMark::Reserved(Side::South)
                } else {
                    CellMark::Plain
                };
                cell(&format!("a{k}"), k, Side::North, mark)
            })
            .collect();
        let south: Vec<CellView> = (1..=6)
            .map(|k| cell(&format!("A{k}"), 10 - k, Side::South, CellMark::Plain))
            .collect();
        let view = BoardView {
            rows: vec![north, south],
            stores: [3, 5],
            to_move: Side::North,
            stage: "play".to_string(),
            scores: Some([20, 28]),
        };
        let style = Style {
            colour: false,
            labels: ["(you)".to_string(), "(computer)".to_string()],
            last_hole: None,
            changed: Vec::new(),
            end_hole: None,
        };
        let text = draw(&view, &style);
        let expected = concat!(
            "  North (computer)              store 5\n",
            "        6     5     4     3     2     1\n",
            "  a     6     5     4*    3     2     1\n",
            "     ----------------------------------\n",
            "  A     9     8     7     6     5     4\n",
            "        1     2     3     4     5     6\n",
            "  South (you)                   store 3\n",
        );
        assert_eq!(text, expected);
        assert!(!text.contains('\u{1b}'));
        assert_eq!(
            status(
                &view,
                &style.labels,
                Some(&(Side::South, "A3".to_string())),
                None
            ),
            "Stage: play. North (computer) to move. Last move: A3 by South. Scores: South 20, North 28."
        );
    }

    #[test]
    fn changed_holes_by_name() {
        let row = |counts: [u32; 3]| -> Vec<CellView> {
            counts
                .iter()
                .enumerate()
                .map(|(i, &n)| cell(&format!("A{}", i + 1), n, Side::South, CellMark::Plain))
                .collect()
        };
        let view = |counts| BoardView {
            rows: vec![row(counts)],
            stores: [0, 0],
            to_move: Side::South,
            stage: "play".to_string(),
            scores: None,
        };
        assert_eq!(
            changed_holes(&view([1, 2, 3]), &view([1, 0, 4])),
            ["A2", "A3"]
        );
        assert!(changed_holes(&view([1, 2, 3]), &view([1, 2, 3])).is_empty());
    }

    fn event(kind: EventKind, phrase: bao_rules::Phrase) -> TraceEvent {
        TraceEvent {
            kind,
            holes: Vec::new(),
            seeds: 0,
            text: phrase.to_string(),
            phrase,
            counts: Vec::new(),
            stores: [0, 0],
        }
    }

    /// One rule for both players: up to 12 laps every sentence, above that a summary.
    #[test]
    fn long_moves_by_laps() {
        use bao_rules::Phrase;
        let hole = |h: &str| h.to_string();
        let laps = |n: usize| -> Vec<TraceEvent> {
            let lift = Phrase::Lift {
                seeds: 4,
                hole: hole("A3"),
            };
            let mut evs = vec![event(EventKind::Lift, lift)];
            for k in 1..=n {
                let sow = Phrase::Sow {
                    seeds: k as u32,
                    clockwise: k % 2 == 0,
                    end: hole("A1"),
                };
                evs.push(event(EventKind::Sow, sow));
            }
            let capture = Phrase::Capture {
                seeds: 1,
                hole: hole("a5"),
            };
            evs.push(event(EventKind::Capture, capture));
            evs
        };
        let twelve = describe_events(&laps(12));
        assert_eq!(twelve.len(), 14);
        assert_eq!(twelve[0], "lifts 4 seeds from A3");
        assert_eq!(twelve[1], "sows 1 seed anticlockwise, ending in A1");
        assert_eq!(twelve[12], "sows 12 seeds clockwise, ending in A1");
        assert_eq!(twelve[13], "captures 1 from a5");
        assert_eq!(
            describe_events(&laps(13)),
            ["13 laps in all", "captures 1 from a5"]
        );
    }

    #[test]
    fn nyumba_and_takasia_marks() {
        let mut c = cell("A5", 6, Side::South, CellMark::Nyumba { functional: true });
        assert_eq!(cell_text(&c).0, " [ 6] ");
        c.mark = CellMark::LostNyumba;
        c.takasia = true;
        c.seeds = 12;
        assert_eq!(cell_text(&c).0, "  12! ");
    }
}
