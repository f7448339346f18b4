//! The game a request or a row names: exactly one of [`GameKind::ALL`]'s names
//! (`kiswahili`, `kingulu`), nothing looser (the command line's aliases such as `bao` are
//! not API names), and the words that list them in error messages.

use bao_rules::GameKind;

/// The kind whose [`GameKind::name`] is exactly `text`; `None` for any other text.
pub fn named(text: &str) -> Option<GameKind> {
    GameKind::ALL.into_iter().find(|k| k.name() == text)
}

/// The games' names quoted and joined by `word`: `"kiswahili" or "kingulu"`.
pub fn quoted(word: &str) -> String {
    GameKind::ALL
        .map(|k| format!("\"{}\"", k.name()))
        .join(&format!(" {word} "))
}

/// The games' names joined by `or`, unquoted: `kiswahili or kingulu`.
pub fn plain() -> String {
    GameKind::ALL.map(GameKind::name).join(" or ")
}

/// Writes a kind as its name (`serialize_with` for the JSON of rows and challenges).
///
/// # Errors
/// The serializer's.
pub fn serialize<S: serde::Serializer>(kind: &GameKind, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(kind.name())
}

/// The kind stored in column `column` of `row`; a damaged row (any other text) is a
/// decoding error naming the column.
///
/// # Errors
/// [`crate::store::sql::DbError::Decode`] for text that names no game.
pub fn decode(row: &crate::store::sql::Row, column: &str) -> crate::store::sql::DbResult<GameKind> {
    let text = row.text(column)?;
    named(&text).ok_or_else(|| row.bad(column, format!("unknown game kind {text:?}")))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_exact_names() {
        assert_eq!(named("kingulu"), Some(GameKind::Kingulu));
        assert_eq!(named("kiswahili"), Some(GameKind::Kiswahili));
        assert_eq!(named("bao"), None);
        assert_eq!(named("Kingulu"), None);
        assert_eq!(named(" kingulu"), None);
        assert_eq!(quoted("or"), "\"kiswahili\" or \"kingulu\"");
        assert_eq!(quoted("and"), "\"kiswahili\" and \"kingulu\"");
        assert_eq!(plain(), "kiswahili or kingulu");
    }
}
