//! The pseudo-locale `en-XA`: English text with its letters accented (still readable), so
//! that a string shown without the accents and the ⟦ ⟧ around every message came from
//! somewhere other than the catalogue. Arguments (placeables) are not transformed.

use std::borrow::Cow;

/// The pseudo-locale's tag.
pub(crate) const TAG: &str = "en-XA";

/// The accented form of an ASCII letter (the letter itself when it has none).
fn accented(c: char) -> char {
    const FROM: &str = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";
    const TO: &str = "áƀçđéƒĝĥíĵķłḿñóƥɋŕšţúṽŵẋýžÁƁÇĐÉƑĜĤÍĴĶŁḾÑÓƤɊŔŠŢÚṼŴẊÝŽ";
    FROM.chars()
        .position(|f| f == c)
        .and_then(|i| TO.chars().nth(i))
        .unwrap_or(c)
}

/// A text element of a message, accented (Fluent calls this for text, not arguments).
pub(crate) fn accent(text: &str) -> Cow<'_, str> {
    Cow::Owned(text.chars().map(accented).collect())
}

#[cfg(test)]
mod tests {
    #[test]
    fn letters_are_accented_one_for_one() {
        assert_eq!(super::accent("Lap 1 of 3"), "Łáƥ 1 óƒ 3");
        assert_eq!(super::accent("A6> ok"), "Á6> óķ");
    }
}
