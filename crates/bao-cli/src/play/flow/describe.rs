//! Moves and holes in words for `bao play`: move numbers and names, the help on how to
//! type a move, a move explained lap by lap.

use super::*;

/// The human's holes, as a range text (`A1-A8 and B1-B8`).
pub(super) fn own_holes(view: &BoardView, side: Side) -> String {
    let mut rows: Vec<(char, Vec<&str>)> = Vec::new();
    for cell in view.rows.iter().flatten().filter(|c| c.owner == side) {
        let letter = cell.name.chars().next().unwrap_or('?');
        match rows.iter_mut().find(|(l, _)| *l == letter) {
            Some((_, names)) => names.push(&cell.name),
            None => rows.push((letter, vec![&cell.name])),
        }
    }
    // Front row first (A before B).
    rows.sort_by_key(|(l, _)| l.to_ascii_uppercase());
    let parts: Vec<String> = rows
        .iter()
        .map(|(letter, names)| {
            let mut numbers: Vec<u32> = names
                .iter()
                .filter_map(|n| n[1..].parse::<u32>().ok())
                .collect();
            numbers.sort_unstable();
            format!(
                "{letter}{}-{letter}{}",
                numbers.first().unwrap_or(&0),
                numbers.last().unwrap_or(&0)
            )
        })
        .collect();
    parts.join(" and ")
}

/// The hole name a move text starts with (`A6>` → `A6`).
pub fn hole_prefix(text: &str) -> &str {
    let text = text.trim();
    let letter_len = text.chars().next().map_or(0, char::len_utf8);
    let digits = text[letter_len..]
        .find(|c: char| !c.is_ascii_digit())
        .unwrap_or(text.len() - letter_len);
    &text[..letter_len + digits]
}

/// What North sees: the board is drawn from South's seat, so North's left and right are
/// the screen's right and left.
pub(super) fn north_orientation<G: Game>() -> &'static str {
    if bao_rules::GameKind::of::<G>() == bao_rules::GameKind::Kiswahili {
        "You play North, at the top of the board: your right is the screen's left, so a6> \
         sows leftwards on the screen and a6< rightwards."
    } else {
        "You play North, at the top of the board: your right is the screen's left, so your \
         pits a1-a6 run from right to left on the screen."
    }
}

/// A help text for the moves of game `G`, for the human playing `side`: lines of at
/// most 80 columns.
pub(super) fn move_help<G: Game>(side: Side) -> String {
    let (f, b) = match side {
        Side::South => ('A', 'B'),
        Side::North => ('a', 'b'),
    };
    let north = side == Side::North;
    if bao_rules::GameKind::of::<G>() == bao_rules::GameKind::Kiswahili {
        let plainly = if north {
            "\n  You sit at the top, so your right is the screen's left: a6> sows leftwards on\n  \
             the screen and a6< rightwards; your holes run right to left on the screen."
        } else {
            ""
        };
        format!(
            "Moves: a hole and a direction, as you see the board from your seat.\n  \
             {f}6> sows from {f}6 towards your right, {f}6< towards your left.{plainly}\n  \
             For a namua capture the direction picks the kichwa the captured seeds are sown\n  \
             from: > from {f}1 (your left end), < from {f}8 (your right end).\n  \
             Add + to take safari when a capture lap ends in your functional nyumba: {f}4>+.\n  \
             Your holes are {f}1-{f}8 (front row) and {b}1-{b}8 (back row); capitals are South's."
        )
    } else {
        let screen = if north {
            "\n  Your pits are numbered from your left, i.e. right to left on the screen."
        } else {
            ""
        };
        format!(
            "Moves: the pit you sow from, {f}1 to {f}6, counted from your left; capital \
             letters are South's.{screen}"
        )
    }
}

/// The move number of ply `index` (0-based) of `line`, as a record numbers its moves
/// (notation.md §4): a South move opens a new number, North's reply shares it, and a game
/// that North starts opens with `1... a6<`.
pub fn move_number<G: Game>(line: &GameLine<G>, index: usize) -> usize {
    let positions = line.positions();
    let mut number = 0;
    let mut in_number = 0;
    let last = index.min(line.plies().saturating_sub(1));
    for position in &positions[..=last] {
        if number == 0 || position.side_to_move() == Side::South || in_number >= 2 {
            number += 1;
            in_number = 0;
        }
        in_number += 1;
    }
    number
}

/// How many numbered moves `line` has (`1. A6> a6<` is one move of two plies).
pub fn moves_played<G: Game>(line: &GameLine<G>) -> usize {
    match line.plies() {
        0 => 0,
        n => move_number(line, n - 1),
    }
}

/// Ply `index` (0-based) of `line` as a record writes it: `2. A6<`, `1... a6<`.
pub fn move_name<G: Game>(line: &GameLine<G>, index: usize) -> String {
    let side = line.positions()[index].side_to_move();
    format!(
        "{}{} {}",
        move_number(line, index),
        if side == Side::South { "." } else { "..." },
        line.move_texts()[index]
    )
}

/// The heading of ply `index` (0-based) of `line`: `Move 2. A6< (South, ply 3)` — the move
/// as the record numbers it, the ply as `explain N` counts it.
pub fn move_heading<G: Game>(line: &GameLine<G>, index: usize) -> String {
    let side = line.positions()[index].side_to_move();
    format!(
        "Move {} ({side}, ply {})",
        move_name(line, index),
        index + 1
    )
}

/// `n` plies in words: `1 ply`, `2 plies`.
pub fn plies_text(n: usize) -> String {
    if n == 1 {
        "1 ply".to_string()
    } else {
        format!("{n} plies")
    }
}

/// Shows move `index` (0-based) of `line` lap by lap: on a terminal (`screen.keys`)
/// one lap per key press, redrawn in place (Enter/Space forward, `b` back, `q` leaves);
/// otherwise every lap's caption and the board after it, one after the other.
pub fn explain_move<G: Game>(
    line: &GameLine<G>,
    index: usize,
    screen: &Screen,
    labels: &[String; 2],
) {
    let (Some(events), Some(after)) = (line.trace(index), line.positions().get(index + 1)) else {
        return;
    };
    let before = &line.positions()[index];
    let frames = laps(before, &events, after);
    let total_laps = events
        .iter()
        .filter(|e| e.kind == bao_rules::EventKind::Sow)
        .count()
        .max(1);
    let heading = format!(
        "{}, {}.",
        move_heading(line, index),
        plural(total_laps as u64, "lap")
    );
    if screen.keys {
        if let Some(mut canvas) = Canvas::open() {
            let mut k = 0;
            let mut drawn = false;
            loop {
                let mut text = screen.lap_block(&heading, &frames[k], labels);
                text.push_str(&format!(
                    "\n[Enter/Space] next lap, b back, q leave ({} of {})",
                    k + 1,
                    frames.len()
                ));
                if !canvas.draw(&text) {
                    break;
                }
                drawn = true;
                match read_key() {
                    Key::Enter | Key::Space | Key::Char('n') => {
                        if k + 1 < frames.len() {
                            k += 1;
                        } else {
                            break;
                        }
                    }
                    Key::Char('b') => k = k.saturating_sub(1),
                    Key::Char('q') | Key::Leave => break,
                    Key::Resize => {
                        canvas.resized();
                    }
                    _ => {}
                }
            }
            canvas.clear();
            drop(canvas);
            if !drawn {
                // The terminal is too short for a lap: every lap one after the other.
                print_laps(&heading, &frames, &move_name(line, index), screen, labels);
                return;
            }
            out(format!(
                "Explained move {} ({}).",
                move_name(line, index),
                plural(total_laps as u64, "lap")
            ));
            return;
        }
    }
    print_laps(&heading, &frames, &move_name(line, index), screen, labels);
}

/// Every lap of the move `name` (`1... a6<`) with its caption and board, for plain output.
pub(super) fn print_laps(
    heading: &str,
    frames: &[Lap],
    name: &str,
    screen: &Screen,
    labels: &[String; 2],
) {
    out(heading);
    for frame in frames {
        out(screen.lap_block("", frame, labels));
    }
    out(format!("End of move {name}."));
}
