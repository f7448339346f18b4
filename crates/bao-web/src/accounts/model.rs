//! An account, its name and password rules, and password hashing (argon2id).

use argon2::password_hash::rand_core::OsRng;
use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString};
use argon2::Argon2;

use crate::http::error::clip;
use crate::refusal::{Refusal, Worded};
use crate::t;

/// The shortest name.
pub const NAME_MIN: usize = 3;
/// The longest name.
pub const NAME_MAX: usize = 20;
/// The shortest password, in characters.
pub const PASSWORD_MIN: usize = 8;
/// The longest password, in characters (a bound on the hashing work of one request).
pub const PASSWORD_MAX: usize = 200;
/// The engine accounts' levels: `bao-1` … `bao-10`.
pub const ENGINE_LEVELS: std::ops::RangeInclusive<u8> = 1..=10;

/// An account as the server uses it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Account {
    /// The database id.
    pub id: i64,
    /// The name as its owner wrote it.
    pub name: String,
    /// For an engine account `bao-N`: N (1..=10).
    pub engine_level: Option<u8>,
}

/// The name of the engine account of `level`: `bao-5`.
pub fn engine_name(level: u8) -> String {
    format!("bao-{level}")
}

/// The key a name is unique by: its lower case.
pub fn name_key(name: &str) -> String {
    name.to_ascii_lowercase()
}

/// `n` characters in words: "1 character", "3 characters".
fn characters(n: usize) -> String {
    if n == 1 {
        "1 character".to_string()
    } else {
        format!("{n} characters")
    }
}

/// Whether `name` looks like an engine account's: `bao`, then at most one of `-`, `_` or a
/// space, then digits only, in any case (`bao-0`, `bao-11`, `bao_5`, `bao5`, `BAO-05`,
/// `bao 7`). No person may take such a name (issue 34): a player named `bao-05` would pass
/// for the engine of level 5.
pub fn looks_like_engine(name: &str) -> bool {
    let lower = name.to_ascii_lowercase();
    let Some(rest) = lower.strip_prefix("bao") else {
        return false;
    };
    let digits = rest.strip_prefix(['-', '_', ' ']).unwrap_or(rest);
    !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit())
}

/// Whether a game record's player name (`South`/`North` tag) is an engine account's: an
/// engine account plays as `bao level N`, with a space that no account name has.
pub fn is_engine_record_name(record_name: &str) -> bool {
    record_name.starts_with("bao level ")
}

/// Checks a new account's name.
///
/// # Errors
/// 409 for a name kept for the engine accounts ([`looks_like_engine`]); 422 naming what
/// is wrong: its length or a character outside `A-Za-z0-9_-` (each with its sentence in
/// the catalogue's words).
pub fn check_name(name: &str) -> Result<(), Worded> {
    if name.chars().count() <= NAME_MAX && looks_like_engine(name) {
        return Err(Refusal::not_now(format!(
            "the name {} is kept for the engine accounts: no name may be \"bao\" followed by digits (with or without -, _ or a space, in any case): choose another",
            clip(name)
        ))
        .worded(t!("api-name-engine", name = clip(name))));
    }
    let n = name.chars().count();
    if !(NAME_MIN..=NAME_MAX).contains(&n) {
        return Err(Refusal::invalid(format!(
            "name {} has {}: a name has {NAME_MIN} to {NAME_MAX} characters",
            clip(name),
            characters(n)
        ))
        .worded(t!(
            "api-name-length",
            name = clip(name),
            n = n,
            min = NAME_MIN,
            max = NAME_MAX
        )));
    }
    if let Some(c) = name
        .chars()
        .find(|c| !(c.is_ascii_alphanumeric() || *c == '_' || *c == '-'))
    {
        return Err(Refusal::invalid(format!(
            "name {} has the character {c:?}: a name is made of A-Z, a-z, 0-9, _ and -",
            clip(name)
        ))
        .worded(t!(
            "api-name-char",
            name = clip(name),
            character = format!("{c:?}")
        )));
    }
    Ok(())
}

/// Checks a new password.
///
/// # Errors
/// 422 when it is shorter than [`PASSWORD_MIN`] or longer than [`PASSWORD_MAX`].
pub fn check_password(password: &str) -> Result<(), Worded> {
    let n = password.chars().count();
    if n < PASSWORD_MIN {
        return Err(Refusal::invalid(format!(
            "the password has {}: it needs at least {PASSWORD_MIN}",
            characters(n)
        ))
        .worded(t!("api-password-short", n = n, min = PASSWORD_MIN)));
    }
    if n > PASSWORD_MAX {
        return Err(Refusal::invalid(format!(
            "the password has {}: at most {PASSWORD_MAX}",
            characters(n)
        ))
        .worded(t!("api-password-long", n = n, max = PASSWORD_MAX)));
    }
    Ok(())
}

/// The argon2id hash of `password` with a fresh random salt, as a PHC string
/// (`$argon2id$v=19$m=19456,t=2,p=1$...`).
///
/// # Errors
/// 500 if hashing fails (it does not for passwords within the limits).
pub fn hash_password(password: &str) -> Result<String, Refusal> {
    let salt = SaltString::generate(&mut OsRng);
    Argon2::default()
        .hash_password(password.as_bytes(), &salt)
        .map(|h| h.to_string())
        .map_err(|e| Refusal::failed(format!("cannot hash the password: {e}")))
}

/// Whether `password` matches the stored PHC string `hash`. A password that is too long
/// never matches (no unbounded work).
pub fn verify_password(password: &str, hash: &str) -> bool {
    if password.chars().count() > PASSWORD_MAX {
        return false;
    }
    PasswordHash::new(hash)
        .map(|h| {
            Argon2::default()
                .verify_password(password.as_bytes(), &h)
                .is_ok()
        })
        .unwrap_or(false)
}

/// A hash of no one's password: verified against for an unknown name, so that a sign-in
/// takes as long whether the name exists or not.
pub fn dummy_hash() -> &'static str {
    static DUMMY: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    DUMMY.get_or_init(|| hash_password("not anyone's password").unwrap_or_default())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn engine_look_alikes() {
        for name in [
            "bao-0", "bao-1", "bao-10", "bao-11", "bao_5", "bao5", "BAO-05", "bao 7", "Bao_123",
        ] {
            assert!(looks_like_engine(name), "{name}");
            let e = check_name(name).unwrap_err();
            assert_eq!(e.kind(), "not now", "{name}");
            assert_eq!(
                e.message(),
                format!("the name \"{name}\" is kept for the engine accounts: no name may be \"bao\" followed by digits (with or without -, _ or a space, in any case): choose another")
            );
        }
        for name in [
            "bao",
            "bao-",
            "baobab",
            "bao-5a",
            "bao--5",
            "bao-_5",
            "xbao5",
            "bao level 5",
            "b-a-o5",
        ] {
            assert!(!looks_like_engine(name), "{name}");
        }
        assert!(check_name("baobab").is_ok());
        assert!(check_name("bao-5a").is_ok());
        assert!(check_name("bao5x").is_ok());
        assert!(is_engine_record_name("bao level 5"));
        assert!(!is_engine_record_name("bao-5"));
        assert!(!is_engine_record_name("computer"));
    }

    #[test]
    fn names() {
        assert!(check_name("Alice_2-b").is_ok());
        assert!(check_name("ab").is_err());
        assert!(check_name("a".repeat(21).as_str()).is_err());
        assert!(check_name("al ice").is_err());
        assert!(check_name("alicé").is_err());
        assert_eq!(name_key("ALICE"), "alice");
        // One character is "1 character", not "1 characters".
        assert_eq!(
            check_name("a").unwrap_err().message(),
            "name \"a\" has 1 character: a name has 3 to 20 characters"
        );
        assert_eq!(
            check_name("ab").unwrap_err().message(),
            "name \"ab\" has 2 characters: a name has 3 to 20 characters"
        );
    }

    #[test]
    fn passwords_hash_with_argon2id_and_verify() {
        let h = hash_password("correct horse").unwrap();
        assert!(h.starts_with("$argon2id$"), "{h}");
        assert!(verify_password("correct horse", &h));
        assert!(!verify_password("correct horsf", &h));
        assert!(check_password("1234567").is_err());
        assert!(check_password("12345678").is_ok());
        assert_eq!(
            check_password("x").unwrap_err().message(),
            "the password has 1 character: it needs at least 8"
        );
        assert_eq!(
            check_password("1234567").unwrap_err().message(),
            "the password has 7 characters: it needs at least 8"
        );
    }
}
