//! The messages of a language for the page's scripts (issue 29): every message compiled
//! to a small JSON form that `static/js/i18n.js` formats without a Fluent library —
//! a pattern is a string, or a list of parts: a string, `{"v": "name"}` (an argument),
//! or `{"s": "name", "k": {"one": pattern, "other": pattern}, "d": "other"}` (a
//! selector: the argument's own value, else its CLDR plural category by
//! `Intl.PluralRules`, else the default variant). The pseudo-locale's text is accented
//! here; the script adds its ⟦ ⟧.

use fluent_syntax::ast::{
    Entry, Expression, InlineExpression, Pattern, PatternElement, VariantKey,
};
use fluent_syntax::parser;
use std::sync::OnceLock;

use crate::{catalogue_files, pseudo, Lang, LANGUAGES};

/// `{"lang": tag, "plural": tag, "messages": {key: pattern}}` for `lang`, built once.
pub fn messages_json(lang: Lang) -> &'static str {
    static ALL: OnceLock<Vec<String>> = OnceLock::new();
    let all = ALL.get_or_init(|| Lang::all().into_iter().map(build).collect());
    let i = Lang::all().iter().position(|l| *l == lang).unwrap_or(0);
    &all[i]
}

fn build(lang: Lang) -> String {
    let is_pseudo = lang == Lang::PSEUDO;
    let source = if is_pseudo {
        LANGUAGES[0].tag
    } else {
        lang.tag()
    };
    let mut messages = serde_json::Map::new();
    for (_, text) in catalogue_files(source) {
        let resource = match parser::parse(*text) {
            Ok(r) => r,
            Err((r, _)) => r,
        };
        for entry in &resource.body {
            if let Entry::Message(m) = entry {
                if let Some(p) = &m.value {
                    messages.insert(m.id.name.to_string(), pattern(p, is_pseudo));
                }
            }
        }
    }
    let plural = if is_pseudo { "en" } else { lang.tag() };
    serde_json::json!({ "lang": lang.tag(), "plural": plural, "messages": messages }).to_string()
}

fn text(t: &str, is_pseudo: bool) -> serde_json::Value {
    if is_pseudo {
        serde_json::Value::String(pseudo::accent(t).into_owned())
    } else {
        serde_json::Value::String(t.to_string())
    }
}

fn pattern(p: &Pattern<&str>, is_pseudo: bool) -> serde_json::Value {
    let mut parts: Vec<serde_json::Value> = Vec::new();
    for element in &p.elements {
        let part = match element {
            PatternElement::TextElement { value } => text(value, is_pseudo),
            PatternElement::Placeable { expression: e } => expression(e, is_pseudo),
        };
        // Adjacent texts join (Fluent's multi-line text comes in pieces).
        match (parts.last_mut(), &part) {
            (Some(serde_json::Value::String(prev)), serde_json::Value::String(next)) => {
                prev.push_str(next.as_str());
            }
            _ => parts.push(part),
        }
    }
    match parts.as_slice() {
        [] => serde_json::Value::String(String::new()),
        [serde_json::Value::String(s)] => serde_json::Value::String(s.clone()),
        _ => serde_json::Value::Array(parts),
    }
}

fn expression(e: &Expression<&str>, is_pseudo: bool) -> serde_json::Value {
    match e {
        Expression::Select { selector, variants } => {
            let name = match selector {
                InlineExpression::VariableReference { id } => id.name,
                _ => "",
            };
            let mut keys = serde_json::Map::new();
            let mut default = String::new();
            for v in variants {
                let key = match &v.key {
                    VariantKey::Identifier { name } => name.to_string(),
                    VariantKey::NumberLiteral { value } => value.to_string(),
                };
                if v.default {
                    default = key.clone();
                }
                keys.insert(key, pattern(&v.value, is_pseudo));
            }
            serde_json::json!({ "s": name, "k": keys, "d": default })
        }
        Expression::Inline(i) => inline(i, is_pseudo),
    }
}

fn inline(e: &InlineExpression<&str>, is_pseudo: bool) -> serde_json::Value {
    match e {
        InlineExpression::VariableReference { id } => serde_json::json!({ "v": id.name }),
        InlineExpression::StringLiteral { value } => text(value, is_pseudo),
        InlineExpression::NumberLiteral { value } => serde_json::Value::String(value.to_string()),
        InlineExpression::Placeable { expression: e } => expression(e, is_pseudo),
        // The catalogues use no references or functions (a test formats every message).
        _ => serde_json::Value::String(String::new()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn patterns_compile_to_the_scripts_form() {
        let sw: serde_json::Value = serde_json::from_str(messages_json(Lang::SW)).unwrap();
        assert_eq!(sw["lang"], "sw");
        assert_eq!(
            sw["messages"]["seeds"],
            serde_json::json!(["kete ", {"v": "n"}])
        );
        assert_eq!(
            sw["messages"]["laps"],
            serde_json::json!([{"s": "n", "d": "other", "k": {
                "one": ["mzunguko ", {"v": "n"}],
                "other": ["mizunguko ", {"v": "n"}],
            }}])
        );
        let xa: serde_json::Value = serde_json::from_str(messages_json(Lang::PSEUDO)).unwrap();
        assert_eq!(xa["lang"], "en-XA");
        assert_eq!(xa["plural"], "en");
        assert_eq!(
            xa["messages"]["ev-nyumba-end"],
            bao_xa("the lap ends in the functional nyumba: the move ends")
        );
    }

    fn bao_xa(s: &str) -> String {
        pseudo::accent(s).into_owned()
    }
}
