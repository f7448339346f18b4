//! The language of the terminal (issue 29): set once by `bao play --lang` or from
//! `LC_ALL`/`LC_MESSAGES`/`LANG` ([`bao_i18n::Lang::from_env`]), read by every message
//! through [`t!`](crate::t): `t!("key")`, `t!("key", name = value, ...)`, the one call
//! pattern the catalogue tests of `bao-i18n` scan for.

use bao_i18n::{FluentValue, Lang};
use bao_rules::Side;
use std::sync::RwLock;

static LANG: RwLock<Lang> = RwLock::new(Lang::EN);

/// Sets the language of every message from now on.
pub fn set_lang(lang: Lang) {
    if let Ok(mut l) = LANG.write() {
        *l = lang;
    }
}

/// The language of the messages.
pub fn lang() -> Lang {
    LANG.read().map_or(Lang::EN, |l| *l)
}

/// Whether the messages are in English, the language of the rules' and the engine's own
/// detailed sentences (illegal-move reasons with their rule numbers, the tutor's and the
/// hint's notes): those are shown as they are in English, and replaced by the
/// catalogue's sentence in every other language.
pub fn english() -> bool {
    lang() == Lang::EN
}

/// Message `key` in the current language (use [`t!`](crate::t)).
pub fn tr(key: &str, args: &[(&str, FluentValue<'static>)]) -> String {
    bao_i18n::tr(lang(), key, args)
}

/// A value a message takes as an argument.
pub trait ToArg {
    /// The value for Fluent (numbers stay numbers, for plural forms).
    fn to_arg(&self) -> FluentValue<'static>;
}

impl ToArg for str {
    fn to_arg(&self) -> FluentValue<'static> {
        FluentValue::from(self.to_string())
    }
}

impl ToArg for String {
    fn to_arg(&self) -> FluentValue<'static> {
        FluentValue::from(self.clone())
    }
}

impl<T: ToArg + ?Sized> ToArg for &T {
    fn to_arg(&self) -> FluentValue<'static> {
        (**self).to_arg()
    }
}

macro_rules! number_arg {
    ($($t:ty),*) => {$(
        impl ToArg for $t {
            fn to_arg(&self) -> FluentValue<'static> {
                FluentValue::from(*self)
            }
        }
    )*};
}
number_arg!(u8, u16, u32, u64, usize, i32, i64);

/// A side as an argument is its name in the current language.
impl ToArg for Side {
    fn to_arg(&self) -> FluentValue<'static> {
        FluentValue::from(side_name(*self))
    }
}

/// A side's name: `South`, `Kusini`.
pub fn side_name(side: Side) -> String {
    match side {
        Side::South => crate::t!("side-south"),
        Side::North => crate::t!("side-north"),
    }
}

/// A message of the catalogue in the current language: `t!("key")` or
/// `t!("key", name = value, ...)` (values: text, numbers, sides).
#[macro_export]
macro_rules! t {
    ($key:literal) => {
        $crate::i18n::tr($key, &[])
    };
    ($key:literal, $($name:ident = $value:expr),+ $(,)?) => {
        $crate::i18n::tr(
            $key,
            &[$((stringify!($name), $crate::i18n::ToArg::to_arg(&$value))),+],
        )
    };
}

/// An error for the terminal (`bao: error: …`): its chain of contexts and causes joined
/// by `: ` as anyhow's `{:#}` does, with a record file's error
/// ([`bao_rules::record::RecordError`]) in the current language. The rules' detailed
/// reasons inside it (a syntax or move message, with its rule numbers) stay English, as
/// the rules write them.
pub fn error_text(e: &anyhow::Error) -> String {
    if english() {
        return format!("{e:#}");
    }
    e.chain()
        .map(|cause| {
            cause
                .downcast_ref::<bao_rules::record::RecordError>()
                .map_or_else(|| cause.to_string(), record_error)
        })
        .collect::<Vec<_>>()
        .join(": ")
}

/// A record file's error in the current language.
fn record_error(e: &bao_rules::record::RecordError) -> String {
    use bao_rules::record::RecordError as R;
    match e {
        R::Syntax { line, message } => crate::t!("record-syntax", line = *line, message = message),
        R::UnknownGame(game) => crate::t!("record-unknown-game", game = format!("{game:?}")),
        R::NoGameTag => crate::t!("record-no-game-tag"),
        R::NotARecord { line, text } => {
            crate::t!(
                "record-not-a-record",
                line = *line,
                text = format!("{text:?}")
            )
        }
        R::Rules(message) => crate::t!("record-rules", message = message),
        R::Setup(err) => crate::t!("record-setup", message = err.to_string()),
        R::IllegalMove {
            number,
            side,
            text,
            message,
        } => crate::t!(
            "record-move",
            number = format!("{number}{}", if *side == Side::South { "." } else { "..." }),
            text = text,
            message = message
        ),
        R::WrongGame { expected, found } => {
            crate::t!("record-wrong-game", found = found, expected = expected)
        }
    }
}
