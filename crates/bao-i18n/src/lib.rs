//! The message catalogues of bao: every sentence a player reads, per language, in
//! [Project Fluent](https://projectfluent.org) files `locales/<tag>/*.ftl`, embedded in the
//! binary when it is built (nothing is read at run time).
//!
//! Why Fluent and not gettext (docs/i18n.md): a message is a whole sentence with named
//! arguments and its own plural and gender choices (`{ $n -> [one] … *[other] … }`,
//! CLDR plural rules, Kiswahili's `one`/`other` included), so a translator can reorder and
//! inflect freely; translators' tools (Pontoon, Weblate, Crowdin) read `.ftl`; and the same
//! files serve the web page later through fluent.js or from the server.
//!
//! - [`Lang`]: a registered language ([`registry`]: adding one is its catalogue directory
//!   plus one line there) or the pseudo-locale `en-XA` ([`Lang::PSEUDO`]).
//! - [`Lang::negotiate`] (an `Accept-Language` header), [`Lang::from_env`] (`LC_ALL`,
//!   `LC_MESSAGES`, `LANG`), [`Lang::from_tag`] (`--lang`).
//! - [`tr`]: a message formatted with its arguments, without Unicode isolation marks.

#![deny(missing_docs)]

pub mod game;
mod pseudo;
pub mod registry;
pub mod said;
pub mod script;
pub mod source;

use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource};
use std::sync::OnceLock;
use unic_langid::LanguageIdentifier;

pub use fluent_bundle::FluentValue;
pub use registry::{Language, LANGUAGES};
pub use said::{side_said, Arg, Said};

include!(concat!(env!("OUT_DIR"), "/catalogues.rs"));

/// A language to speak: one of [`LANGUAGES`] or the pseudo-locale.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Lang(usize);

/// The index of the pseudo-locale (after every registered language).
const PSEUDO_INDEX: usize = usize::MAX;

impl Lang {
    /// English, the source language (`en`).
    pub const EN: Lang = Lang(0);
    /// Kiswahili (`sw`).
    pub const SW: Lang = Lang(1);
    /// The pseudo-locale `en-XA`: English with every message accented and in ⟦ ⟧, its
    /// arguments (hole names, numbers, names) untouched, for finding text that bypasses
    /// the catalogue.
    pub const PSEUDO: Lang = Lang(PSEUDO_INDEX);

    /// The language's tag (`en`, `sw`, `en-XA`).
    pub fn tag(self) -> &'static str {
        match LANGUAGES.get(self.0) {
            Some(l) => l.tag,
            None => pseudo::TAG,
        }
    }

    /// The language's own name (`English`, `Kiswahili`).
    pub fn name(self) -> &'static str {
        match LANGUAGES.get(self.0) {
            Some(l) => l.name,
            None => "English (pseudo-locale)",
        }
    }

    /// Every registered language, then the pseudo-locale.
    pub fn all() -> Vec<Lang> {
        (0..LANGUAGES.len())
            .map(Lang)
            .chain(std::iter::once(Lang::PSEUDO))
            .collect()
    }

    /// The language of a tag as `--lang` or `?lang=` gives it: `sw`, `sw-TZ`, `sw_KE`,
    /// `en`, `en-XA` (any case). A tag naming a region of a known language is that
    /// language.
    ///
    /// # Errors
    /// A sentence naming the tag and the languages known.
    pub fn from_tag(tag: &str) -> Result<Lang, String> {
        let clean = tag.trim();
        if clean.eq_ignore_ascii_case(pseudo::TAG) || clean.eq_ignore_ascii_case("en_XA") {
            return Ok(Lang::PSEUDO);
        }
        let primary = clean
            .split(['-', '_', '.', '@'])
            .next()
            .unwrap_or("")
            .to_ascii_lowercase();
        LANGUAGES
            .iter()
            .position(|l| l.tag == primary)
            .map(Lang)
            .ok_or_else(|| {
                let known: Vec<&str> = LANGUAGES.iter().map(|l| l.tag).collect();
                format!(
                    "unknown language {:?} (known: {})",
                    clip(clean, 40),
                    known.join(", ")
                )
            })
    }

    /// The language of a POSIX locale value (`sw_TZ.UTF-8`, `sw_KE.UTF-8`, `sw`,
    /// `en_GB.UTF-8`); `None` for `C`, `POSIX`, an empty value or a language not
    /// registered.
    pub fn from_locale(value: &str) -> Option<Lang> {
        let value = value.trim();
        if value.is_empty() || value == "C" || value == "POSIX" || value.starts_with("C.") {
            return None;
        }
        let lang = Lang::from_tag(value).ok()?;
        (lang != Lang::PSEUDO).then_some(lang)
    }

    /// The terminal's language from the environment: the first of `LC_ALL`,
    /// `LC_MESSAGES`, `LANG` that is set and not empty decides (POSIX order): Kiswahili for
    /// `sw_TZ.UTF-8`, `sw_KE.UTF-8`, `sw`; English otherwise. `--lang` beats all of them
    /// (the caller checks it first).
    pub fn from_env() -> Lang {
        Lang::from_vars(|name| std::env::var(name).ok())
    }

    /// [`Lang::from_env`] with the variables read through `var` (for tests).
    pub fn from_vars(var: impl Fn(&str) -> Option<String>) -> Lang {
        for name in ["LC_ALL", "LC_MESSAGES", "LANG"] {
            if let Some(value) = var(name).filter(|v| !v.trim().is_empty()) {
                return Lang::from_locale(&value).unwrap_or(Lang::EN);
            }
        }
        Lang::EN
    }

    /// The best language for an HTTP `Accept-Language` header (`sw-TZ,sw;q=0.9,en;q=0.8`):
    /// the registered language of the highest quality (ties: the first listed), English
    /// when none is registered. At most the first 32 entries of at most 4 KiB are read.
    pub fn negotiate(accept_language: &str) -> Lang {
        let header: String = accept_language.chars().take(4096).collect();
        let mut best: Option<(f32, Lang)> = None;
        for entry in header.split(',').take(32) {
            let mut parts = entry.split(';');
            let tag = parts.next().unwrap_or("").trim();
            let mut q = 1.0f32;
            for p in parts {
                if let Some(v) = p.trim().strip_prefix("q=") {
                    q = v.trim().parse().unwrap_or(0.0);
                }
            }
            if q <= 0.0 || tag.is_empty() || tag == "*" {
                continue;
            }
            let Ok(lang) = Lang::from_tag(tag) else {
                continue;
            };
            if lang == Lang::PSEUDO {
                continue;
            }
            if best.is_none_or(|(b, _)| q > b) {
                best = Some((q, lang));
            }
        }
        best.map_or(Lang::EN, |(_, l)| l)
    }
}

impl std::str::FromStr for Lang {
    type Err = String;
    fn from_str(s: &str) -> Result<Lang, String> {
        Lang::from_tag(s)
    }
}

impl std::fmt::Display for Lang {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.tag())
    }
}

fn clip(text: &str, max: usize) -> String {
    text.chars().take(max).collect()
}

/// The catalogue files of a language tag (empty for a tag without a directory).
pub fn catalogue_files(tag: &str) -> &'static [(&'static str, &'static str)] {
    CATALOGUES
        .iter()
        .find(|(t, _)| *t == tag)
        .map_or(&[], |(_, files)| *files)
}

/// A bundle of every file of `tag`, isolation marks off (a terminal shows them as
/// garbage), the pseudo-locale's accents on when `pseudo`.
fn build(tag: &str, pseudo: bool) -> FluentBundle<FluentResource> {
    let id: LanguageIdentifier = tag.parse().unwrap_or_default();
    let mut bundle = FluentBundle::new_concurrent(vec![id]);
    bundle.set_use_isolating(false);
    if pseudo {
        bundle.set_transform(Some(pseudo::accent));
    }
    for (_, text) in catalogue_files(tag) {
        // A file that does not parse keeps its good messages; the tests fail on it.
        let res = match FluentResource::try_new(text.to_string()) {
            Ok(r) => r,
            Err((r, _)) => r,
        };
        let _ = bundle.add_resource(res);
    }
    bundle
}

/// The bundle of `lang`, built once.
fn bundle(lang: Lang) -> &'static FluentBundle<FluentResource> {
    static BUNDLES: OnceLock<Vec<FluentBundle<FluentResource>>> = OnceLock::new();
    let all = BUNDLES.get_or_init(|| {
        let mut v: Vec<_> = LANGUAGES.iter().map(|l| build(l.tag, false)).collect();
        v.push(build(LANGUAGES[0].tag, true));
        v
    });
    all.get(lang.0).unwrap_or_else(|| &all[all.len() - 1])
}

/// Whether `lang`'s catalogue has message `key`.
pub fn has(lang: Lang, key: &str) -> bool {
    bundle(lang).has_message(key)
}

/// Message `key` of `lang` formatted with `args` (name, value): numbers pick the plural
/// form by the language's CLDR rules. A key missing in `lang` falls back to English; a key
/// missing in English too is returned as `{key}` (the completeness tests forbid both).
pub fn tr(lang: Lang, key: &str, args: &[(&str, FluentValue<'_>)]) -> String {
    let found = format(lang, key, args).or_else(|| format(Lang::EN, key, args));
    match found {
        Some(text) if lang == Lang::PSEUDO => format!("⟦{text}⟧"),
        Some(text) => text,
        None => format!("{{{key}}}"),
    }
}

/// Message `key` formatted, or `None` when `lang` lacks it or formatting failed.
fn format(lang: Lang, key: &str, args: &[(&str, FluentValue<'_>)]) -> Option<String> {
    let bundle = bundle(lang);
    let pattern = bundle.get_message(key)?.value()?;
    let mut fluent_args = FluentArgs::new();
    for (name, value) in args {
        fluent_args.set(*name, value.clone());
    }
    let mut errors = Vec::new();
    let text = bundle.format_pattern(pattern, Some(&fluent_args), &mut errors);
    errors.is_empty().then(|| text.into_owned())
}

/// Message `key` formatted, with the errors Fluent reported (for the tests).
pub fn try_tr(lang: Lang, key: &str, args: &[(&str, FluentValue<'_>)]) -> Result<String, String> {
    let bundle = bundle(lang);
    let pattern = bundle
        .get_message(key)
        .and_then(|m| m.value())
        .ok_or_else(|| format!("{}: no message {key}", lang.tag()))?;
    let mut fluent_args = FluentArgs::new();
    for (name, value) in args {
        fluent_args.set(*name, value.clone());
    }
    let mut errors = Vec::new();
    let text = bundle.format_pattern(pattern, Some(&fluent_args), &mut errors);
    if errors.is_empty() {
        Ok(text.into_owned())
    } else {
        Err(format!("{}: {key}: {errors:?}", lang.tag()))
    }
}

#[cfg(test)]
mod tests;
