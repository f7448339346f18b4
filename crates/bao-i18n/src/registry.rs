//! The languages bao speaks. Adding one (docs/i18n.md, "Adding a language") is its
//! catalogue directory `locales/<tag>/` with the same files and keys as `locales/en/`,
//! and one line below; the completeness tests then check it like the others.

/// A registered language.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Language {
    /// The BCP 47 primary language tag, also the name of its catalogue directory.
    pub tag: &'static str,
    /// The language's name in itself, for a language switch.
    pub name: &'static str,
}

/// Every language, English (the source language) first; [`crate::Lang::EN`] and
/// [`crate::Lang::SW`] are the first two.
pub const LANGUAGES: &[Language] = &[
    Language {
        tag: "en",
        name: "English",
    },
    Language {
        tag: "sw",
        name: "Kiswahili",
    },
];
