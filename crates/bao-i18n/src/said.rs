//! A sentence of the catalogue not yet put into words: its key and its arguments
//! ([`Said`]), made by [`crate::t!`] and formatted in a language later: by the terminal at
//! once, by the web server when the answer leaves ([`Said::format`]) or by the page's
//! script (its JSON, [`Said`]'s `Serialize`:
//! `{"key": "ev-sow", "args": {"count": {"key": "seeds", "args": {"n": 3}}}}`).

use crate::{FluentValue, Lang};
use serde::ser::{Serialize, SerializeMap, Serializer};

/// A catalogue message with its arguments, in no language yet.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Said {
    /// The message's key (`refused`, `ev-sow`).
    pub key: &'static str,
    /// The arguments by name.
    pub args: Vec<(&'static str, Arg)>,
}

/// One argument of a [`Said`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Arg {
    /// A number (it picks the plural form).
    Num(i64),
    /// A text shown as it is (a hole name, a move, a player's name).
    Text(String),
    /// A sentence of its own, put into words in the same language first.
    Said(Box<Said>),
}

impl Said {
    /// The sentence in `lang`.
    pub fn format(&self, lang: Lang) -> String {
        let args: Vec<(&str, FluentValue<'_>)> = self
            .args
            .iter()
            .map(|(name, a)| {
                let v = match a {
                    Arg::Num(n) => FluentValue::from(*n),
                    Arg::Text(t) => FluentValue::from(t.as_str()),
                    Arg::Said(s) => FluentValue::from(s.format(lang)),
                };
                (*name, v)
            })
            .collect();
        crate::tr(lang, self.key, &args)
    }
}

impl From<Said> for Arg {
    fn from(s: Said) -> Arg {
        Arg::Said(Box::new(s))
    }
}

impl From<&str> for Arg {
    fn from(s: &str) -> Arg {
        Arg::Text(s.to_string())
    }
}

impl From<String> for Arg {
    fn from(s: String) -> Arg {
        Arg::Text(s)
    }
}

impl From<&String> for Arg {
    fn from(s: &String) -> Arg {
        Arg::Text(s.clone())
    }
}

macro_rules! numbers {
    ($($t:ty),*) => {$(
        impl From<$t> for Arg {
            fn from(n: $t) -> Arg {
                Arg::Num(i64::try_from(n).unwrap_or(i64::MAX))
            }
        }
        impl From<&$t> for Arg {
            fn from(n: &$t) -> Arg {
                Arg::Num(i64::try_from(*n).unwrap_or(i64::MAX))
            }
        }
    )*};
}
numbers!(i64, i32, u32, u64, usize, u8);

impl From<bao_rules::Side> for Arg {
    /// A side as the player reads it: `South` / `Kusini`.
    fn from(side: bao_rules::Side) -> Arg {
        Arg::from(side_said(side))
    }
}

impl From<&bao_rules::Side> for Arg {
    fn from(side: &bao_rules::Side) -> Arg {
        Arg::from(*side)
    }
}

/// A side's name in the catalogue.
pub fn side_said(side: bao_rules::Side) -> Said {
    match side {
        bao_rules::Side::South => crate::t!("side-south"),
        bao_rules::Side::North => crate::t!("side-north"),
    }
}

impl Serialize for Arg {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            Arg::Num(n) => s.serialize_i64(*n),
            Arg::Text(t) => s.serialize_str(t),
            Arg::Said(said) => said.serialize(s),
        }
    }
}

impl Serialize for Said {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        struct Args<'a>(&'a [(&'static str, Arg)]);
        impl Serialize for Args<'_> {
            fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                let mut m = s.serialize_map(Some(self.0.len()))?;
                for (k, v) in self.0 {
                    m.serialize_entry(k, v)?;
                }
                m.end()
            }
        }
        let mut m = s.serialize_map(Some(2))?;
        m.serialize_entry("key", self.key)?;
        m.serialize_entry("args", &Args(&self.args))?;
        m.end()
    }
}

/// A catalogue message with named arguments, not yet in a language: `t!("refused", text =
/// quoted, reason = t!("refused-illegal"))` is a [`Said`] (numbers, texts, sides and other
/// [`Said`]s as arguments). The completeness tests find every key by this one pattern.
#[macro_export]
macro_rules! t {
    ($key:literal) => {
        $crate::said::Said { key: $key, args: Vec::new() }
    };
    ($key:literal, $($name:ident = $value:expr),+ $(,)?) => {
        $crate::said::Said {
            key: $key,
            args: vec![$((stringify!($name), $crate::said::Arg::from($value))),+],
        }
    };
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nested_sentences_are_formatted_in_the_same_language() {
        let s = crate::t!("ev-lift", count = crate::t!("seeds", n = 3u32), hole = "A5");
        assert_eq!(s.format(Lang::EN), "lifts 3 seeds from A5");
        assert_eq!(s.format(Lang::SW), "kuchukua kete 3 kutoka A5");
        assert_eq!(
            serde_json::to_value(&s).unwrap(),
            serde_json::json!({"key": "ev-lift", "args": {"count": {"key": "seeds", "args": {"n": 3}}, "hole": "A5"}})
        );
    }
}
