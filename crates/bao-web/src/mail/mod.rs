//! E-mail (issue 31): an optional address on an account, verified by a link; "forgot
//! password" sends a single-use, expiring link (the tokens are stored hashed, and the
//! answer is the same whether or not an account has the address); correspondence
//! players may ask for "your turn" mails, at most one per game per hour.
//!
//! `bao serve --smtp URL` sends them ([`Mailer`], lettre's SMTP transport:
//! `smtps://USER:PASS@HOST` for TLS, `smtp://USER:PASS@HOST:587?tls=required` for
//! STARTTLS, `smtp://HOST:PORT` unencrypted for a relay on the machine); without it
//! the routes that would send a mail answer 503 saying so, and nothing is sent.
//!
//! * [`model`]: addresses, token lifetimes, the mails' words;
//! * [`repo`]: the accounts' mail columns, `mail_tokens`, `mails_sent`;
//! * `routes`: `GET|POST /api/me/email`, `POST /api/email/verify`,
//!   `POST /api/password/forgot`, `POST /api/password/reset`;
//! * `turns`: the "your turn" mails after a move.

pub mod model;
pub mod repo;

mod routes;
mod turns;

pub use routes::routes;

use lettre::message::header::ContentType;
use lettre::message::Mailbox;
use lettre::{Message, SmtpTransport, Transport};

/// How long one SMTP conversation may take.
pub const SMTP_TIMEOUT: std::time::Duration = std::time::Duration::from_secs(20);

/// The server's way to send mail: an SMTP transport, the sender, and the address of
/// the site the links point to.
pub struct Mailer {
    transport: SmtpTransport,
    from: Mailbox,
    base: String,
}

impl Mailer {
    /// A mailer over `smtp_url` (see the module's docs) sending as `from`, whose links
    /// start with `base` (`https://bao.example.org`, no trailing slash needed).
    ///
    /// # Errors
    /// A sentence naming what is wrong with the URL or the sender.
    pub fn new(smtp_url: &str, from: &str, base: &str) -> Result<Mailer, String> {
        let transport = SmtpTransport::from_url(smtp_url)
            .map_err(|e| format!("--smtp {}: {e}", shown_url(smtp_url)))?
            .timeout(Some(SMTP_TIMEOUT))
            .build();
        let from: Mailbox = from
            .parse()
            .map_err(|e| format!("--mail-from {from:?}: {e}"))?;
        Ok(Mailer {
            transport,
            from,
            base: base.trim_end_matches('/').to_string(),
        })
    }

    /// The link to `path` (`/settings#reset=TOKEN`) on the site.
    pub fn link(&self, path: &str) -> String {
        format!("{}{path}", self.base)
    }

    /// Whether the SMTP server answers now (a conversation without a mail; call it on
    /// the blocking pool). `bao serve` asks once at start and warns when it does not.
    ///
    /// # Errors
    /// A sentence: why it cannot be reached or refused.
    pub fn check(&self) -> Result<(), String> {
        match self.transport.test_connection() {
            Ok(true) => Ok(()),
            Ok(false) => Err("the mail server did not accept a connection".to_string()),
            Err(e) => Err(format!("the mail server: {e}")),
        }
    }

    /// Sends a plain-text mail (call it on the blocking pool: it talks to the server).
    ///
    /// # Errors
    /// A sentence: the address cannot be used, or the SMTP server refused or is away.
    pub fn send(&self, to: &str, subject: &str, body: &str) -> Result<(), String> {
        let to: Mailbox = to.parse().map_err(|e| format!("the address {to:?}: {e}"))?;
        let message = Message::builder()
            .from(self.from.clone())
            .to(to)
            .subject(subject)
            .header(ContentType::TEXT_PLAIN)
            .body(body.to_string())
            .map_err(|e| format!("the mail cannot be made: {e}"))?;
        self.transport
            .send(&message)
            .map(|_| ())
            .map_err(|e| format!("the mail server: {e}"))
    }
}

/// An SMTP URL without its password, for messages.
pub fn shown_url(url: &str) -> String {
    match (url.find("://"), url.rfind('@')) {
        (Some(s), Some(at)) if at > s => {
            let user = &url[s + 3..at];
            let user = user.split(':').next().unwrap_or("");
            format!("{}{user}:…{}", &url[..s + 3], &url[at..])
        }
        _ => url.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_url_is_shown_without_its_password() {
        assert_eq!(
            shown_url("smtps://bao:secret@mail.example.org"),
            "smtps://bao:…@mail.example.org"
        );
        assert_eq!(shown_url("smtp://127.0.0.1:2525"), "smtp://127.0.0.1:2525");
    }

    #[test]
    fn a_bad_url_or_sender_is_named() {
        assert!(Mailer::new("smtp://127.0.0.1:2525", "bao@localhost", "http://x/").is_ok());
        let e = Mailer::new("ftp://x", "bao@localhost", "http://x")
            .err()
            .unwrap();
        assert!(e.starts_with("--smtp ftp://x: "), "{e}");
        let e = Mailer::new("smtp://127.0.0.1:2525", "not an address", "http://x")
            .err()
            .unwrap();
        assert!(e.starts_with("--mail-from \"not an address\": "), "{e}");
    }
}
