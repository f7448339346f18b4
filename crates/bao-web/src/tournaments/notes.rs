//! A tournament's note in the catalogue's words (issue 29): the server keeps the note as
//! the English sentence it wrote when the tournament ended early (`cancelled at its start
//! time: …` in `api`, `ended after round N: …` by [`super::pairing::NoRound::note`]);
//! [`said`] reads those sentences back into a catalogue key with its arguments, sent
//! beside the note as `note_say` for the page to put into its language. A note it does not
//! know (an older server's) has none, and the page shows the English.

use crate::i18n::Said;
use crate::t;

/// The start of a note of a tournament cancelled at its start time.
pub const CANCELLED: &str = "cancelled at its start time: ";

/// The note's sentence, if it is one this server writes.
pub fn said(note: &str) -> Option<Said> {
    if let Some(why) = note.strip_prefix(CANCELLED) {
        return cancelled(why);
    }
    let rest = note.strip_prefix("ended after round ")?;
    let (round, why) = rest.split_once(": ")?;
    let round: u32 = round.parse().ok()?;
    if why == "fewer than two players are left" {
        return Some(t!("tn-note-too-few-left", round = round));
    }
    if let Some(next) = why.strip_prefix("round ").and_then(|r| {
        r.strip_suffix(
            " has no legal pairing (every pairing would repeat an opponent or give a second bye)",
        )
    }) {
        let next: u32 = next.parse().ok()?;
        return Some(t!("tn-note-no-pairing", round = round, next = next));
    }
    Some(t!("tn-note-ended", round = round, why = why))
}

/// `a tournament needs at least 2 players; 1 joined`, `3 players cannot play 5 Swiss
/// rounds without meeting twice (at most 3): wait for more players`.
fn cancelled(why: &str) -> Option<Said> {
    if let Some(n) = why
        .strip_prefix("a tournament needs at least 2 players; ")
        .and_then(|r| r.strip_suffix(" joined"))
    {
        return Some(t!("tn-note-too-few", n = n.parse::<u32>().ok()?));
    }
    let (n, rest) = why.split_once(" players cannot play ")?;
    let (rounds, rest) = rest.split_once(" Swiss rounds without meeting twice (at most ")?;
    let most = rest.strip_suffix("): wait for more players")?;
    Some(t!(
        "tn-note-too-many-rounds",
        n = n.parse::<u32>().ok()?,
        rounds = rounds.parse::<u32>().ok()?,
        most = most.parse::<u32>().ok()?
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::Lang;
    use crate::tournaments::pairing::NoRound;

    /// Each note the server writes reads back into a sentence that says it exactly in
    /// English, and in Kiswahili as given.
    #[test]
    fn every_note_the_server_writes_is_said_in_both_languages() {
        let cases = [
            (
                format!("{CANCELLED}a tournament needs at least 2 players; 1 joined"),
                "yalifutwa wakati wa kuanza: mashindano yanahitaji angalau wachezaji 2; amejiunga 1",
            ),
            (
                format!("{CANCELLED}3 players cannot play 5 Swiss rounds without meeting twice (at most 3): wait for more players"),
                "yalifutwa wakati wa kuanza: wachezaji 3 hawawezi kucheza raundi 5 za Swiss bila kukutana mara mbili (zisizidi 3): subiri wachezaji zaidi",
            ),
            (
                NoRound::NoLegalPairing.note(4),
                "yalikwisha baada ya raundi 3: raundi 4 haina jozi halali (kila jozi ingerudia mpinzani au kutoa mapumziko ya pili)",
            ),
            (
                NoRound::TooFewPlayers.note(2),
                "yalikwisha baada ya raundi 1: wamebaki chini ya wachezaji wawili",
            ),
            (
                NoRound::Engine("bad state".into()).note(3),
                "yalikwisha baada ya raundi 2: bad state",
            ),
        ];
        for (note, swahili) in cases {
            let s = said(&note).unwrap_or_else(|| panic!("no sentence for {note:?}"));
            assert_eq!(s.format(Lang::EN), note);
            assert_eq!(s.format(Lang::SW), swahili, "{note}");
        }
        assert_eq!(said("a note of an older server"), None);
        assert_eq!(said("ended after round x: y"), None);
    }
}
