//! Loading a record from untrusted input (a file, a web request, a Python string): the
//! checks every front end makes, written once.
//!
//! A front end reads a record in three steps:
//! 1. [`kind_of`]: the game its `Game` tag names, to pick the game type (a `--game` or a
//!    request's game that contradicts it is the front end's error to word);
//! 2. [`checked_rules`]: the record's rules from its tag lines alone ([`tag_lines`], no move
//!    replayed), refused when they let one move run more than [`MAX_LAPS`] laps or a game
//!    more plies than the front end allows ([`crate::line::check_work`]);
//! 3. [`GameRecord::from_text`] or [`crate::GameLine::from_record_text`]: every move
//!    replayed and checked.
//!
//! [`read`] does steps 2 and 3 for a known game type.
//!
//! ```
//! use bao_rules::record::load::{self, LoadError};
//! use bao_rules::{kingulu::Kingulu, GameKind};
//! let text = "[Game \"kingulu\"]\n[non-terminating \"lap-cap:1000000\"]\n\n1. A3 *\n";
//! assert_eq!(load::kind_of(text), Ok(GameKind::Kingulu));
//! let err = load::read::<Kingulu>(text, u32::MAX).unwrap_err();
//! assert!(matches!(err, LoadError::TooMuchWork(_)));
//! assert_eq!(
//!     err.to_string(),
//!     "option non-terminating lap-cap:1000000 allows moves of 1000000 laps; the limit here is 10000"
//! );
//! ```

use super::{game_of, GameRecord, RecordError};
use crate::{Game, GameKind, Side};
use thiserror::Error;

/// The most laps one move may have under the rules of a record loaded from outside (Bao
/// Kingulu's `non-terminating lap-cap:N`): 10,000. A record allowing more is refused before
/// any move is replayed, so that no record can make one move take minutes or gigabytes.
pub const MAX_LAPS: u64 = 10_000;

/// Why a record was not loaded.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum LoadError {
    /// The record cannot be read (its own error, with the line or move number).
    #[error(transparent)]
    Record(#[from] RecordError),
    /// The record's rules allow more work than the limits ([`MAX_LAPS`], the caller's
    /// plies): the sentence of [`crate::line::check_work`] naming the option and the limit.
    #[error("{0}")]
    TooMuchWork(String),
}

/// The game a record's `Game` tag names.
///
/// # Errors
/// As [`game_of`]: not a record, a malformed tag, no `Game` tag, an unknown game.
pub fn kind_of(text: &str) -> Result<GameKind, RecordError> {
    let name = game_of(text)?;
    name.parse().map_err(|_| RecordError::UnknownGame(name))
}

/// The tag lines of a record text, each ending in `\n`, less its `Result` and
/// `Termination` tags (which an empty move list would contradict) and less a leading
/// byte-order mark: a record of no moves with the record's rules, players and setup.
///
/// ```
/// use bao_rules::record::load::tag_lines;
/// let text = "\u{feff}[Game \"kingulu\"]\r\n[Result \"0-1\"]\n[Termination \"resigned\"]\n\n1. A3 0-1\n";
/// assert_eq!(tag_lines(text), "[Game \"kingulu\"]\n");
/// ```
pub fn tag_lines(text: &str) -> String {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    text.lines()
        .map(|l| l.trim_end_matches('\r'))
        .filter(|l| {
            let t = l.trim_start();
            t.starts_with('[')
                && !starts_with_tag(t, "[Result")
                && !starts_with_tag(t, "[Termination")
        })
        .map(|l| format!("{l}\n"))
        .collect()
}

/// Whether tag line `t` is the tag `tag` (`[Result`), its name in any case.
fn starts_with_tag(t: &str, tag: &str) -> bool {
    t.get(..tag.len())
        .is_some_and(|head| head.eq_ignore_ascii_case(tag))
        && !t[tag.len()..].starts_with(|c: char| c.is_ascii_alphanumeric() || c == '_' || c == '-')
}

/// A record's rules from its tag lines alone (no move replayed).
///
/// # Errors
/// The record's error for its tags: a wrong or missing `Game` tag, an unknown profile, a
/// bad option value, a bad `Setup`.
pub fn rules_of<G: Game>(text: &str) -> Result<G::Rules, RecordError> {
    GameRecord::<G>::from_text(&tag_lines(text)).map(|r| r.rules)
}

/// A record's rules ([`rules_of`]), checked against the work limits: at most [`MAX_LAPS`]
/// laps a move and, when the rules set OPT-MAX-PLIES, at most `max_plies` plies a game
/// (`u32::MAX`: no ply limit of the front end's own).
///
/// # Errors
/// [`LoadError::Record`] as [`rules_of`]; [`LoadError::TooMuchWork`] naming the option,
/// its value and the limit.
pub fn checked_rules<G: Game>(text: &str, max_plies: u32) -> Result<G::Rules, LoadError> {
    let rules = rules_of::<G>(text)?;
    crate::line::check_work(&rules, MAX_LAPS, max_plies).map_err(LoadError::TooMuchWork)?;
    Ok(rules)
}

/// Reads a record of game `G` from untrusted text: its rules are checked first
/// ([`checked_rules`]), then every move is replayed ([`GameRecord::from_text`]).
///
/// # Errors
/// [`LoadError::TooMuchWork`] as [`checked_rules`]; the record's own errors (its tags'
/// too, with the record's line numbers) as [`LoadError::Record`].
pub fn read<G: Game>(text: &str, max_plies: u32) -> Result<GameRecord<G>, LoadError> {
    if let Err(LoadError::TooMuchWork(e)) = checked_rules::<G>(text, max_plies) {
        return Err(LoadError::TooMuchWork(e));
    }
    Ok(GameRecord::from_text(text)?)
}

/// The result token for a winner of a finished game: `1-0` (South), `0-1` (North),
/// `1/2-1/2` (a draw, `None`). For a game that may go on, see [`super::result_token`].
pub fn winner_token(winner: Option<Side>) -> &'static str {
    match winner {
        Some(Side::South) => "1-0",
        Some(Side::North) => "0-1",
        None => "1/2-1/2",
    }
}

/// Whether `word` is a result token of a record's moves: `1-0`, `0-1`, `1/2-1/2` or `*`.
pub fn is_result_token(word: &str) -> bool {
    matches!(word, "1-0" | "0-1" | "1/2-1/2" | "*")
}

/// A record's move count, estimated without replaying it: the words after the tag lines
/// that are neither move numbers (`12.`, `12...`) nor result tokens. Comments count as
/// words, so the estimate is never below the true count of a well-formed record; a front
/// end refuses a record of too many moves with it before replaying any.
///
/// ```
/// use bao_rules::record::load::rough_move_count;
/// assert_eq!(rough_move_count("[Game \"kingulu\"]\n\n1. A3 a4 2. B1 1-0\n"), 3);
/// ```
pub fn rough_move_count(text: &str) -> usize {
    text.lines()
        .filter(|l| !l.trim_start().starts_with('['))
        .flat_map(str::split_whitespace)
        .filter(|w| !w.chars().all(|c| c.is_ascii_digit() || c == '.') && !is_result_token(w))
        .count()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kingulu::Kingulu;
    use crate::kiswahili::Kiswahili;
    use crate::{EndReason, Outcome, RuleSet};

    const KINGULU: &str = "[Game \"kingulu\"]\n[Rules \"default\"]\n[South \"a\"]\n\
        [Result \"1-0\"]\n[Termination \"resignation\"]\n\n1. A3 1-0\n";

    #[test]
    fn the_game_comes_from_the_tag() {
        assert_eq!(kind_of(KINGULU), Ok(GameKind::Kingulu));
        assert_eq!(
            kind_of("[Game \"chess\"]\n"),
            Err(RecordError::UnknownGame("chess".into()))
        );
        assert_eq!(kind_of("[South \"a\"]\n"), Err(RecordError::NoGameTag));
    }

    #[test]
    fn rules_come_from_the_tags_alone() {
        // The result tags are dropped: with no moves, "1-0" by resignation would still
        // read, but a board result would contradict the start.
        assert_eq!(
            tag_lines(KINGULU),
            "[Game \"kingulu\"]\n[Rules \"default\"]\n[South \"a\"]\n"
        );
        let rules = rules_of::<Kingulu>(KINGULU).unwrap();
        assert_eq!(rules, Default::default());
        // An option tag sets the option; a [ResultX] tag is not a Result tag.
        let text = "[Game \"kiswahili\"]\n[takasia \"off\"]\n[result \"0-1\"]\n";
        let rules = rules_of::<Kiswahili>(text).unwrap();
        assert!(rules.options().contains(&("takasia", "off".to_string())));
        assert_eq!(
            tag_lines("[ResultX \"1\"]\n[result \"*\"]\n"),
            "[ResultX \"1\"]\n"
        );
        assert_eq!(
            rules_of::<Kiswahili>(KINGULU).unwrap_err().to_string(),
            "the record is a kingulu game, expected kiswahili"
        );
    }

    #[test]
    fn rules_beyond_the_limits_are_refused_before_the_moves() {
        // The move "Z9" is illegal, but the lap cap is refused first.
        let text = "[Game \"kingulu\"]\n[non-terminating \"lap-cap:10001\"]\n\n1. Z9 *\n";
        assert_eq!(
            read::<Kingulu>(text, u32::MAX).unwrap_err(),
            LoadError::TooMuchWork(
                "option non-terminating lap-cap:10001 allows moves of 10001 laps; the limit here is 10000"
                    .into()
            )
        );
        let text = "[Game \"kingulu\"]\n[non-terminating \"lap-cap:10000\"]\n\n1. Z9 *\n";
        assert!(matches!(
            read::<Kingulu>(text, u32::MAX),
            Err(LoadError::Record(RecordError::IllegalMove {
                number: 1,
                ..
            }))
        ));
        let text = "[Game \"kiswahili\"]\n[max-plies \"500\"]\n";
        assert_eq!(
            checked_rules::<Kiswahili>(text, 400)
                .unwrap_err()
                .to_string(),
            "option max-plies 500 is above the limit here of 400"
        );
        assert!(checked_rules::<Kiswahili>(text, 500).is_ok());
        let record = read::<Kingulu>(KINGULU, u32::MAX).unwrap();
        assert_eq!(
            record.result,
            Some(Outcome {
                winner: Some(Side::South),
                reason: EndReason::Resignation
            })
        );
    }

    #[test]
    fn result_tokens() {
        assert_eq!(winner_token(Some(Side::South)), "1-0");
        assert_eq!(winner_token(Some(Side::North)), "0-1");
        assert_eq!(winner_token(None), "1/2-1/2");
        for t in ["1-0", "0-1", "1/2-1/2", "*"] {
            assert!(is_result_token(t), "{t}");
        }
        assert!(!is_result_token("1-1"));
        assert_eq!(rough_move_count(KINGULU), 1);
        assert_eq!(
            rough_move_count("[Game \"kingulu\"]\n\n1... a3 {x y} *\n"),
            3
        );
    }
}
