//! E-mail addresses, the lifetimes of the mails' links, and the mails' words (plain
//! ASCII text).

use crate::i18n::Said;
use crate::refusal::{Refusal, Worded};
use crate::t;

/// How long an address's verification link works: a day.
pub const VERIFY_SECS: i64 = 24 * 3600;

/// How long a password reset link works: an hour.
pub const RESET_SECS: i64 = 3600;

/// At most one reset mail per account within this many seconds (more asks send
/// nothing, and answer the same).
pub const RESET_GAP_SECS: i64 = 300;

/// At most one "your turn" mail per game and player within this many milliseconds.
pub const TURN_GAP_MS: i64 = 3_600_000;

/// The longest address kept.
pub const MAX_EMAIL: usize = 254;

/// What a mail's link does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TokenKind {
    /// Verifies the account's address.
    Verify,
    /// Sets a new password.
    Reset,
}

impl TokenKind {
    /// As stored: `verify` or `reset`.
    pub fn name(self) -> &'static str {
        match self {
            TokenKind::Verify => "verify",
            TokenKind::Reset => "reset",
        }
    }
}

/// An address as kept: trimmed, in lower case.
///
/// # Errors
/// [`Refusal::Invalid`] naming what is wrong: not one `@` between a name and a domain
/// with a dot, a space or a character mail does not take, longer than [`MAX_EMAIL`].
pub fn check_email(text: &str) -> Result<String, Worded> {
    let e = text.trim().to_ascii_lowercase();
    let bad = |why: &str, said: Said| {
        let quoted = crate::http::error::clip(text);
        Refusal::invalid(format!("{quoted} is not an e-mail address: {why}")).worded(t!(
            "api-email-invalid",
            email = quoted,
            why = said
        ))
    };
    if e.len() > MAX_EMAIL {
        return Err(bad(
            "it is longer than 254 characters",
            t!("api-email-too-long", max = MAX_EMAIL),
        ));
    }
    let Some((local, domain)) = e.split_once('@') else {
        return Err(bad("it has no @", t!("api-email-no-at")));
    };
    if local.is_empty() || domain.is_empty() || domain.contains('@') {
        return Err(bad(
            "it needs a name, one @ and a domain",
            t!("api-email-parts"),
        ));
    }
    if !domain.contains('.') || domain.starts_with('.') || domain.ends_with('.') {
        return Err(bad("its domain has no dot", t!("api-email-no-dot")));
    }
    if e.chars()
        .any(|c| c.is_whitespace() || c.is_control() || "<>()[],;:\"\\".contains(c))
    {
        return Err(bad(
            "it has a space or a character addresses do not take",
            t!("api-email-bad-char"),
        ));
    }
    Ok(e)
}

/// The verification mail to `name`: (subject, body).
pub fn verify_mail(name: &str, link: &str) -> (String, String) {
    (
        "Bao: confirm your e-mail address".to_string(),
        format!(
            "Hello {name},\n\nto confirm this address for your Bao account, open this link within a day:\n\n{link}\n\nIf you did not ask for it, ignore this mail.\n"
        ),
    )
}

/// The password reset mail to `name`: (subject, body).
pub fn reset_mail(name: &str, link: &str) -> (String, String) {
    (
        "Bao: set a new password".to_string(),
        format!(
            "Hello {name},\n\nsomeone (you, we hope) asked to set a new password for your Bao account.\nThis link works once, within an hour:\n\n{link}\n\nIf you did not ask for it, ignore this mail: your password stays as it is.\n"
        ),
    )
}

/// The "your turn" mail: (subject, body); `what` is the notice's text ("your move
/// against amani (Bao Kingulu)").
pub fn turn_mail(name: &str, what: &str, link: &str) -> (String, String) {
    (
        format!("Bao: {what}"),
        format!(
            "Hello {name},\n\n{what}:\n\n{link}\n\n(At most one such mail per game an hour; turn them off on your settings page.)\n"
        ),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn addresses_are_kept_in_lower_case_and_bad_ones_named() {
        assert_eq!(
            check_email(" Amani@Example.ORG "),
            Ok("amani@example.org".to_string())
        );
        for (text, why) in [
            ("amani", "it has no @"),
            ("@example.org", "it needs a name, one @ and a domain"),
            ("a@b@c.org", "it needs a name, one @ and a domain"),
            ("amani@localhost", "its domain has no dot"),
            (
                "a mani@example.org",
                "it has a space or a character addresses do not take",
            ),
            (
                "<a>@example.org",
                "it has a space or a character addresses do not take",
            ),
        ] {
            assert_eq!(
                check_email(text).unwrap_err().message(),
                format!("{text:?} is not an e-mail address: {why}")
            );
        }
        // Each reason in the catalogue's words too.
        let sw = |text: &str| {
            check_email(text)
                .unwrap_err()
                .said
                .format(bao_i18n::Lang::SW)
        };
        assert_eq!(sw("amani"), "\"amani\" si anwani ya barua pepe: haina @.");
        assert_eq!(
            sw("amani@localhost"),
            "\"amani@localhost\" si anwani ya barua pepe: kikoa chake hakina nukta."
        );
        let long = format!("{}@b.org", "a".repeat(260));
        assert_eq!(
            sw(&long),
            format!(
                "{} si anwani ya barua pepe: ina herufi zaidi ya 254.",
                crate::http::error::clip(&long)
            )
        );
    }

    #[test]
    fn mails_are_ascii_with_the_link_on_its_own_line() {
        let (s, b) = reset_mail("amani", "http://x/settings#reset=T");
        assert_eq!(s, "Bao: set a new password");
        assert!(b.lines().any(|l| l == "http://x/settings#reset=T"));
        assert!(b.is_ascii());
    }
}
