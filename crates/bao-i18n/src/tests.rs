//! Completeness of the catalogues (issue 29): the same keys in every language, every
//! message parses and formats with its arguments, no key unused by the code, no key used by
//! the code missing; and the choice of language.

use super::*;
use crate::source::{keys_used, messages};
use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// The directories whose source asks for messages: Rust (`t!("key"`), the web's pages
/// (`data-i18n="key"`) and scripts (`t('key', {…})`).
const USERS: [&str; 4] = [
    "../bao-cli/src",
    "../bao-web/src",
    "../bao-web/static",
    "src/game",
];

fn source_files(dir: &Path, found: &mut Vec<std::path::PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap().flatten() {
        let p = entry.path();
        if p.is_dir() {
            source_files(&p, found);
        } else if p
            .extension()
            .is_some_and(|e| e == "rs" || e == "html" || e == "js")
        {
            found.push(p);
        }
    }
}

/// Every key the code asks for, with the argument names of each call.
fn used() -> Vec<(String, BTreeSet<String>, String)> {
    let mut all = Vec::new();
    for dir in USERS {
        let mut files = Vec::new();
        source_files(&Path::new(env!("CARGO_MANIFEST_DIR")).join(dir), &mut files);
        for f in files {
            let text = std::fs::read_to_string(&f).unwrap();
            let name = f.display().to_string();
            let found = match f.extension().and_then(|e| e.to_str()) {
                Some("html") => crate::source::keys_in_html(&text)
                    .into_iter()
                    .map(|k| (k, BTreeSet::new()))
                    .collect(),
                Some("js") => crate::source::keys_in_js(&text),
                _ => keys_used(&text),
            };
            for (key, args) in found {
                all.push((key, args, name.clone()));
            }
        }
    }
    all
}

fn english() -> BTreeMap<String, BTreeSet<String>> {
    let (en, errors) = messages("en");
    assert!(errors.is_empty(), "{errors:#?}");
    en
}

#[test]
fn every_language_has_the_same_keys() {
    let en = english();
    assert!(en.len() > 100, "{}", en.len());
    for language in LANGUAGES {
        let (theirs, errors) = messages(language.tag);
        assert!(errors.is_empty(), "{errors:#?}");
        let missing: Vec<_> = en.keys().filter(|k| !theirs.contains_key(*k)).collect();
        let extra: Vec<_> = theirs.keys().filter(|k| !en.contains_key(*k)).collect();
        assert!(missing.is_empty(), "{}: missing {missing:?}", language.tag);
        assert!(
            extra.is_empty(),
            "{}: not in English {extra:?}",
            language.tag
        );
        let declared = declared();
        for (key, vars) in &theirs {
            let none = BTreeSet::new();
            let given = declared.get(key).unwrap_or(&none);
            let unknown: Vec<_> = vars.difference(given).collect();
            assert!(
                unknown.is_empty(),
                "{}: {key} uses {unknown:?}, which no call passes",
                language.tag
            );
        }
    }
}

/// The arguments the code passes to each key (all its calls together).
fn declared() -> BTreeMap<String, BTreeSet<String>> {
    let mut all: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for (key, args, _) in used() {
        all.entry(key).or_default().extend(args);
    }
    all
}

#[test]
fn every_message_formats_with_its_arguments() {
    let en = english();
    let declared = declared();
    for lang in Lang::all() {
        for key in en.keys() {
            let none = BTreeSet::new();
            let vars = declared.get(key).unwrap_or(&none);
            for value in [
                FluentValue::from(1),
                FluentValue::from(5),
                FluentValue::from("A5"),
            ] {
                let args: Vec<(&str, FluentValue)> =
                    vars.iter().map(|v| (v.as_str(), value.clone())).collect();
                let text = try_tr(lang, key, &args).unwrap();
                assert!(!text.trim().is_empty(), "{lang}: {key} is empty");
                assert!(
                    !text.contains('\u{2068}'),
                    "{lang}: {key} has isolation marks"
                );
            }
        }
    }
}

#[test]
fn the_code_and_the_catalogues_agree() {
    let en = english();
    let used = used();
    assert!(used.len() > 100, "{}", used.len());
    for (key, args, file) in &used {
        let Some(vars) = en.get(key) else {
            panic!("{file}: t!({key:?}) is not in the catalogues");
        };
        for tag in LANGUAGES.iter().map(|l| l.tag) {
            let (theirs, _) = messages(tag);
            if let Some(vars) = theirs.get(key) {
                let missing: Vec<_> = vars.difference(args).collect();
                assert!(
                    missing.is_empty(),
                    "{file}: t!({key:?}) lacks arguments {missing:?} ({tag})"
                );
            }
        }
        let _ = vars;
    }
    let keys: BTreeSet<&str> = used.iter().map(|(k, _, _)| k.as_str()).collect();
    let unused: Vec<_> = en.keys().filter(|k| !keys.contains(k.as_str())).collect();
    assert!(unused.is_empty(), "keys no code uses: {unused:?}");
}

#[test]
fn the_registry_and_the_directories_agree() {
    let dirs: Vec<&str> = CATALOGUES.iter().map(|(t, _)| *t).collect();
    let tags: Vec<&str> = LANGUAGES.iter().map(|l| l.tag).collect();
    assert_eq!(dirs, tags);
    assert_eq!(Lang::EN.tag(), "en");
    assert_eq!(Lang::SW.tag(), "sw");
    assert_eq!(Lang::PSEUDO.tag(), "en-XA");
    let files = |tag| {
        catalogue_files(tag)
            .iter()
            .map(|(f, _)| *f)
            .collect::<Vec<_>>()
    };
    for tag in tags {
        assert_eq!(files(tag), files("en"), "{tag}");
    }
}

#[test]
fn kiswahili_plurals_and_no_isolation_marks() {
    let n = |n: u32| [("n", FluentValue::from(n))];
    assert_eq!(tr(Lang::EN, "seeds", &n(1)), "1 seed");
    assert_eq!(tr(Lang::EN, "seeds", &n(3)), "3 seeds");
    assert_eq!(tr(Lang::SW, "seeds", &n(1)), "kete 1");
    assert_eq!(tr(Lang::SW, "seeds", &n(3)), "kete 3");
    assert_eq!(tr(Lang::SW, "laps", &n(1)), "mzunguko 1");
    assert_eq!(tr(Lang::SW, "laps", &n(4)), "mizunguko 4");
    assert_eq!(tr(Lang::PSEUDO, "seeds", &n(3)), "⟦3 šééđš⟧");
    // Agreement of the N class: kete 1 ya a5, kete 3 za a5.
    let capture = |k: u32| {
        let args = [
            ("n", FluentValue::from(k)),
            ("hole", FluentValue::from("a5")),
        ];
        tr(Lang::SW, "ev-capture", &args)
    };
    assert_eq!(capture(1), "kula kete 1 ya a5");
    assert_eq!(capture(3), "kula kete 3 za a5");
    assert_eq!(tr(Lang::EN, "no-such-key", &[]), "{no-such-key}");
}

#[test]
fn the_language_from_the_environment() {
    let env = |pairs: &'static [(&'static str, &'static str)]| {
        move |name: &str| {
            pairs
                .iter()
                .find(|(k, _)| *k == name)
                .map(|(_, v)| v.to_string())
        }
    };
    assert_eq!(Lang::from_vars(env(&[("LANG", "sw_TZ.UTF-8")])), Lang::SW);
    assert_eq!(Lang::from_vars(env(&[("LANG", "sw_KE.UTF-8")])), Lang::SW);
    assert_eq!(Lang::from_vars(env(&[("LANG", "sw")])), Lang::SW);
    assert_eq!(Lang::from_vars(env(&[("LANG", "de_DE.UTF-8")])), Lang::EN);
    assert_eq!(Lang::from_vars(env(&[])), Lang::EN);
    assert_eq!(Lang::from_vars(env(&[("LANG", "C")])), Lang::EN);
    // LC_ALL beats LC_MESSAGES beats LANG; an empty value counts as unset.
    assert_eq!(
        Lang::from_vars(env(&[("LC_ALL", "en_US.UTF-8"), ("LANG", "sw_TZ.UTF-8")])),
        Lang::EN
    );
    assert_eq!(
        Lang::from_vars(env(&[
            ("LC_MESSAGES", "sw_TZ.UTF-8"),
            ("LANG", "en_GB.UTF-8")
        ])),
        Lang::SW
    );
    assert_eq!(
        Lang::from_vars(env(&[("LC_ALL", ""), ("LANG", "sw_TZ.UTF-8")])),
        Lang::SW
    );
    assert_eq!(Lang::from_tag("SW").unwrap(), Lang::SW);
    assert_eq!(Lang::from_tag("en-XA").unwrap(), Lang::PSEUDO);
    assert_eq!(
        Lang::from_tag("fr").unwrap_err(),
        "unknown language \"fr\" (known: en, sw)"
    );
}

#[test]
fn accept_language_negotiation() {
    assert_eq!(Lang::negotiate("sw"), Lang::SW);
    assert_eq!(Lang::negotiate("sw-TZ,sw;q=0.9,en;q=0.8"), Lang::SW);
    assert_eq!(
        Lang::negotiate("fr-FR,fr;q=0.9,sw;q=0.5,en;q=0.4"),
        Lang::SW
    );
    assert_eq!(Lang::negotiate("en;q=0.5,sw;q=0.9"), Lang::SW);
    assert_eq!(Lang::negotiate("sw;q=0,en"), Lang::EN);
    assert_eq!(Lang::negotiate("de, fr"), Lang::EN);
    assert_eq!(Lang::negotiate(""), Lang::EN);
    assert_eq!(Lang::negotiate(&"x,".repeat(100_000)), Lang::EN);
}

/// `help` in `bao play` shows the commands two to a line in 80 columns: a left
/// description fits 31 characters, a right one 23 (what a translation must keep to).
#[test]
fn help_fits_two_columns() {
    let left = [
        "moves", "oracle", "tutor", "save", "position", "new", "quit",
    ];
    let right = ["hint", "explain", "undo", "board", "level", "help"];
    // The pseudo-locale's brackets may spill over: it is for finding strings, not reading.
    for lang in Lang::all().into_iter().filter(|l| *l != Lang::PSEUDO) {
        for (keys, width) in [(&left[..], 31), (&right[..], 23)] {
            for key in keys {
                let text = tr(lang, &format!("help-{key}"), &[]);
                assert!(
                    text.chars().count() <= width,
                    "{lang}: help-{key} is {:?}, longer than {width}",
                    text
                );
            }
        }
    }
}
