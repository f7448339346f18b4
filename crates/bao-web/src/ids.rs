//! Game ids and seat tokens: random, unguessable, URL-safe; and the server's clock text.
//!
//! Both are 128 bits from the operating system's generator ([`rand::rngs::OsRng`]),
//! written in base64url without padding: 22 characters of `A-Z a-z 0-9 - _`. A path id
//! is looked up only when it has exactly that shape ([`is_id`]), so `g01`, ids with a
//! trailing space or other spellings are 404 without touching the database.

use rand::RngCore;

/// The length of an id or a seat token in characters.
pub const ID_LEN: usize = 22;

const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/// 128 random bits in base64url (22 characters).
pub fn token() -> String {
    let mut bytes = [0u8; 16];
    rand::rngs::OsRng.fill_bytes(&mut bytes);
    let mut bits: u128 = u128::from_be_bytes(bytes);
    let mut out = Vec::with_capacity(ID_LEN);
    // 22 × 6 = 132 bits: the first character carries the top 2 bits.
    for _ in 0..ID_LEN {
        out.push(ALPHABET[(bits & 63) as usize]);
        bits >>= 6;
    }
    out.reverse();
    String::from_utf8(out).expect("ASCII alphabet")
}

/// Whether `s` has the shape of an id or token: [`ID_LEN`] base64url characters.
pub fn is_id(s: &str) -> bool {
    s.len() == ID_LEN
        && s.bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
}

/// The time now in RFC 3339, UTC, to the millisecond: `2026-12-01T10:00:15.123Z`.
pub fn now_rfc3339() -> String {
    let d = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap_or_default();
    rfc3339(d.as_secs(), d.subsec_millis())
}

/// Seconds and milliseconds since 1970 in RFC 3339, UTC.
pub fn rfc3339(secs: u64, millis: u32) -> String {
    let (y, m, d) = bao_rules::record::civil_date(secs);
    let t = secs % 86_400;
    format!(
        "{y:04}-{m:02}-{d:02}T{:02}:{:02}:{:02}.{millis:03}Z",
        t / 3600,
        t / 60 % 60,
        t % 60
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_are_22_url_safe_characters_and_differ() {
        let a = token();
        let b = token();
        assert!(is_id(&a), "{a}");
        assert_ne!(a, b);
        assert!(!is_id("g1"));
        assert!(!is_id(&format!("{a}=")));
    }

    #[test]
    fn rfc3339_of_known_times() {
        assert_eq!(rfc3339(0, 0), "1970-01-01T00:00:00.000Z");
        assert_eq!(rfc3339(1_796_119_215, 7), "2026-12-01T10:00:15.007Z");
    }
}
