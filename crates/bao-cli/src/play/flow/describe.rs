//! Moves and holes in words for `bao play`: move numbers and names, the help on how to
//! type a move, a move explained lap by lap.

use super::*;
use crate::phrases::laps as laps_text;
use crate::t;

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
    match parts.as_slice() {
        [first, last] => t!("holes-and", first = first, last = last),
        _ => parts.join(", "),
    }
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
pub(super) fn north_orientation<G: Game>() -> String {
    if bao_rules::GameKind::of::<G>() == bao_rules::GameKind::Kiswahili {
        t!("north-orientation-kiswahili")
    } else {
        t!("north-orientation-kingulu")
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
        let mut lines = vec![
            t!("move-help-kiswahili"),
            t!("move-help-direction", f = f.to_string()),
        ];
        if north {
            lines.push(t!("move-help-north-1"));
            lines.push(t!("move-help-north-2"));
        }
        lines.push(t!("move-help-namua-1"));
        lines.push(t!("move-help-namua-2", f = f.to_string()));
        lines.push(t!("move-help-safari", f = f.to_string()));
        lines.push(t!("move-help-holes", f = f.to_string(), b = b.to_string()));
        lines.join("\n  ")
    } else {
        let mut text = t!("move-help-kingulu", f = f.to_string());
        if north {
            text.push_str("\n  ");
            text.push_str(&t!("move-help-kingulu-north"));
        }
        text
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
    t!(
        "move-heading",
        name = move_name(line, index),
        side = side,
        ply = index + 1
    )
}

/// `n` plies in words: `1 ply`, `2 plies`.
pub fn plies_text(n: usize) -> String {
    t!("plies", n = n)
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
    let heading = t!(
        "explain-heading",
        heading = move_heading(line, index),
        laps = laps_text(total_laps as u64)
    );
    if screen.keys {
        if let Some(mut canvas) = Canvas::open() {
            let mut k = 0;
            let mut drawn = false;
            loop {
                let mut text = screen.lap_block(&heading, &frames[k], labels);
                text.push('\n');
                text.push_str(&t!("explain-keys", k = k + 1, total = frames.len()));
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
            out(t!(
                "explained",
                name = move_name(line, index),
                laps = laps_text(total_laps as u64)
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
    out(t!("explain-end", name = name));
}

/// `n` numbered moves in words: `1 move`, `hatua 12`.
pub fn moves_text(n: usize) -> String {
    t!("moves-count", n = n)
}

/// Whether an answer to a `[y/N]` question is yes (`y`, `yes`, `ndiyo`).
pub(super) fn is_yes(answer: &str) -> bool {
    matches!(
        answer.trim().to_lowercase().as_str(),
        "y" | "yes" | "ndiyo" | "ndio"
    )
}

/// The computer's engine in words for the banner and `level`: `alpha-beta depth 4`.
pub(super) fn engine_words(config: &EngineConfig) -> String {
    use bao_engine::Searcher;
    let mut words = vec![match config.searcher {
        Searcher::Random => t!("engine-random"),
        Searcher::Greedy => t!("engine-greedy"),
        Searcher::AlphaBeta => t!("engine-alpha-beta"),
        Searcher::Mcts => t!("engine-mcts"),
    }];
    if let Some(d) = config.limits.depth {
        words.push(t!("engine-depth", n = d));
    }
    if let Some(ms) = config.limits.time_ms {
        words.push(t!("engine-time", ms = ms));
    }
    if let Some(n) = config.limits.nodes {
        words.push(t!("engine-nodes", n = n));
    }
    let mut text = words.join(" ");
    if config.missed_captures > 0 {
        text.push_str(&t!("engine-misses", pct = config.missed_captures));
    }
    if config.eval == bao_engine::Evaluation::Net {
        text.push_str(&t!("engine-network"));
    }
    text
}

/// How the game of `line` ended, in the current language: in English the rules' own
/// sentence ([`GameLine::end_sentence`]), else [`end_sentence`]'s.
pub fn game_end_sentence<G: Game>(line: &GameLine<G>) -> Option<String> {
    if crate::i18n::english() {
        line.end_sentence()
    } else {
        end_sentence(line)
    }
}

/// How the game of `line` ended, in a sentence (`None` while it goes on): the reason and,
/// where seeds decide, the score (`South wins: the loser's front row was emptied (bao
/// hamna)`).
pub fn end_sentence<G: Game>(line: &GameLine<G>) -> Option<String> {
    bao_i18n::game::end_said(line, false).map(|s| s.format(crate::i18n::lang()))
}
