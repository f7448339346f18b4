//! Target `rule_options`: every rule option of both games through
//! [`RuleSet::set_option`] with arbitrary names and values, then a game under the options.
//!
//! Input: byte 0 picks the game (bit 0 clear: Bao la Kiswahili, set: Bao Kingulu); then,
//! up to the first NUL byte, lines of text `name=value` (or `name value`; `profile=NAME`
//! starts again from a named profile); after the NUL, the move choices
//! ([`crate::choices::Choices`]). Example: `\0first-player=north\nmax-plies=120\n\0\x07\x03`.
//!
//! For every line: a refused option leaves the options unchanged and says why; an accepted
//! one reads back: setting every `(name, value)` of [`RuleSet::options`] on the profile
//! gives the same options, and so does setting only [`RuleSet::differences`]. A refused
//! profile name says why.
//!
//! Then, with the never-ending guard and the lap cap lowered to [`crate::LAP_CAP`] laps
//! (bounded work), a game from the start position: the side to move first is the
//! `first-player` option; moves are picked by the choices until the game ends, the
//! `max-plies` option is reached (K-R12.4, adjudication) or [`crate::MAX_PLIES`]. After
//! every move `play`, `play_unchecked` and `play_traced` agree, the move text parses back,
//! the position text round-trips under the rules, and the game is over exactly when no
//! move is left. Last, the game's record (notation.md §4, with a tag per option that
//! differs from the profile) reads back to the same rules, moves and result.

use crate::choices::Choices;
use crate::{LAP_CAP, MAX_PLIES};
use bao_rules::kingulu::Kingulu;
use bao_rules::kiswahili::Kiswahili;
use bao_rules::record::GameRecord;
use bao_rules::{Game, GameLine, RuleSet, Side};

/// Checks one input; returns the number of plies played.
pub fn run(data: &[u8]) -> usize {
    let Some((&game, rest)) = data.split_first() else {
        return 0;
    };
    let (text, moves) = match rest.iter().position(|&b| b == 0) {
        Some(i) => (&rest[..i], &rest[i + 1..]),
        None => (rest, &[][..]),
    };
    let text = String::from_utf8_lossy(text);
    if game & 1 == 0 {
        play::<Kiswahili>(&text, moves)
    } else {
        play::<Kingulu>(&text, moves)
    }
}

/// The value of the option `name` in [`RuleSet::options`].
fn option<R: RuleSet>(rules: &R, name: &str) -> Option<String> {
    rules
        .options()
        .into_iter()
        .find(|(n, _)| *n == name)
        .map(|(_, v)| v)
}

/// The options of the text's lines, checked as the module docs say.
fn options_of<R: RuleSet>(text: &str) -> R {
    let mut rules = R::default();
    for line in text.lines() {
        let line = line.trim();
        let (name, value) = match line.find(|c: char| c == '=' || c.is_whitespace()) {
            Some(i) => (&line[..i], line[i + 1..].trim()),
            None => (line, ""),
        };
        if name == "profile" {
            match R::profile(value) {
                Ok(profile) => {
                    assert_eq!(R::profile(profile.profile_name()).as_ref(), Ok(&profile));
                    rules = profile;
                }
                Err(e) => assert!(!e.message.is_empty()),
            }
            continue;
        }
        let before = rules.clone();
        match rules.set_option(name, value) {
            Ok(()) => {
                let base = R::profile(rules.profile_name()).expect("the rules' own profile");
                let mut all = base.clone();
                for (n, v) in rules.options() {
                    all.set_option(n, &v)
                        .unwrap_or_else(|e| panic!("option {n}={v} does not read back: {e:?}"));
                }
                assert_eq!(all, rules);
                let mut diff = base;
                for (n, v) in rules.differences() {
                    diff.set_option(n, &v).expect("a difference reads back");
                }
                assert_eq!(diff, rules);
            }
            Err(e) => {
                assert_eq!(rules, before, "a refused option changed the rules");
                assert!(!e.message.is_empty());
            }
        }
    }
    rules
}

/// Lowers the never-ending guard and the lap cap to [`LAP_CAP`].
fn cap<R: RuleSet>(rules: &mut R) {
    if let Some(guard) = option(rules, "never-ending-guard") {
        if !guard.parse::<u32>().is_ok_and(|g| g <= LAP_CAP) {
            rules
                .set_option("never-ending-guard", &LAP_CAP.to_string())
                .expect("a guard in range");
        }
    }
    if let Some(v) = option(rules, "non-terminating") {
        if let Some(n) = v.strip_prefix("lap-cap:") {
            if !n.parse::<u32>().is_ok_and(|n| n <= LAP_CAP) {
                rules
                    .set_option("non-terminating", &format!("lap-cap:{LAP_CAP}"))
                    .expect("a lap cap in range");
            }
        }
    }
}

fn play<G: Game>(text: &str, bytes: &[u8]) -> usize {
    let mut rules: G::Rules = options_of(text);
    cap(&mut rules);
    let limit = match option(&rules, "max-plies").as_deref() {
        None | Some("none") => MAX_PLIES,
        Some(n) => n
            .parse::<usize>()
            .expect("max-plies is a number")
            .min(MAX_PLIES),
    };
    let start = G::start(&rules);
    let first = option(&rules, "first-player").expect("both games have first-player");
    assert_eq!(Side::parse(&first), Some(start.side_to_move()));
    let mut choices = Choices::new(bytes);
    let mut record = GameRecord::new(start.clone());
    // The game line knows the ends a position cannot (G-R15, K-R12.4).
    let mut line = GameLine::new(start.clone());
    let mut pos = start;
    while record.moves.len() < limit {
        let moves = pos.moves();
        assert_eq!(pos.outcome().is_some(), moves.is_empty());
        if line.is_over() {
            assert!(line.legal_moves().is_empty());
            break;
        }
        let m = moves[choices.pick(moves.len())];
        let child = pos.play(m).expect("a generated move plays");
        assert_eq!(pos.play_unchecked(m), child);
        assert_eq!(pos.play_traced(m).expect("a generated move").0, child);
        assert_eq!(pos.parse_move(&pos.move_text(m)).expect("move text"), m);
        let text = child.to_text();
        let parsed = G::from_text(&text, &rules).expect("canonical text parses");
        assert_eq!(parsed.to_text(), text);
        record.moves.push(m);
        line.play(m).expect("a generated move plays in the line");
        assert_eq!(line.current(), &child);
        pos = child;
    }
    let text = record.to_text();
    let again = GameRecord::<G>::from_text(&text)
        .unwrap_or_else(|e| panic!("the game's record does not read back: {e}\n{text}"));
    assert_eq!(again.rules, rules);
    assert_eq!(again.moves, record.moves);
    assert_eq!(again.result, line.outcome());
    record.moves.len()
}
