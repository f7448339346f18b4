//! A traced move's sentences ([`Phrase`], data from the rules) in the player's language,
//! through the `ev-*` messages of the catalogue (built by [`bao_i18n::game`]).

use bao_rules::{Phrase, TraceEvent};

/// `n` seeds in words: `1 seed`, `kete 3`.
pub fn seeds(n: impl Into<u64>) -> String {
    bao_i18n::game::seeds(n).format(crate::i18n::lang())
}

/// `n` laps in words: `1 lap`, `mizunguko 4`.
pub fn laps(n: impl Into<u64>) -> String {
    bao_i18n::game::laps(n).format(crate::i18n::lang())
}

/// The sentence of one traced step.
pub fn say(event: &TraceEvent) -> String {
    phrase(&event.phrase)
}

/// A phrase in the current language ([`bao_i18n::game::phrase`], shared with the web).
pub fn phrase(p: &Phrase) -> String {
    bao_i18n::game::phrase(p).format(crate::i18n::lang())
}
