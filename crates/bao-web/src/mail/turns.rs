//! "Your turn" mails: after a move in a correspondence game between accounts, the
//! player to move gets one, when he asked for them and his address is verified, at most
//! one per game per [`super::model::TURN_GAP_MS`] (over all instances: the table
//! `mails_sent`).

use std::sync::Arc;

use super::model::{turn_mail, TURN_GAP_MS};
use crate::app::App;
use crate::games::repo::GameRow;
use crate::notices::Notice;

impl App {
    /// The "your turn" mail for `notice` (the your-move notice after the change written
    /// as `row`), in the background; nothing when the server sends no mail or the game
    /// has no correspondence clock.
    pub(crate) fn turn_mail(self: &Arc<Self>, row: &GameRow, notice: &Notice) {
        let Some(mailer) = self.mailer.clone() else {
            return;
        };
        let correspondence = row
            .clock
            .as_deref()
            .and_then(|c| serde_json::from_str::<crate::clock::model::Clock>(c).ok())
            .is_some_and(|c| c.control.is_correspondence());
        if !correspondence {
            return;
        }
        let app = Arc::clone(self);
        let (game, account, what, say) = (
            row.id.clone(),
            notice.account,
            notice.text.clone(),
            notice.say.clone(),
        );
        tokio::task::spawn_blocking(move || {
            let send = || -> Result<(), String> {
                let Some(s) = app
                    .store
                    .email_settings(account)
                    .map_err(|e| e.to_string())?
                else {
                    return Ok(());
                };
                let (Some(email), true, true) = (s.email, s.verified, s.turn_mails) else {
                    return Ok(());
                };
                let now = crate::clock::model::now_ms() as i64;
                if !app
                    .store
                    .claim_mail(&game, account, now, TURN_GAP_MS)
                    .map_err(|e| e.to_string())?
                {
                    return Ok(());
                }
                let name = app
                    .store
                    .account(account)
                    .map_err(|e| e.to_string())?
                    .map(|a| a.name)
                    .unwrap_or_default();
                // In the account's saved language (the mail answers no page), else English.
                let lang = app
                    .store
                    .account_lang(account)
                    .map_err(|e| e.to_string())?
                    .and_then(|tag| bao_i18n::Lang::from_tag(&tag).ok())
                    .unwrap_or(bao_i18n::Lang::EN);
                let what = say
                    .as_ref()
                    .and_then(|s| bao_i18n::said::format_json(lang, s))
                    .unwrap_or(what);
                let link = mailer.link(&format!("/#{game}"));
                let (subject, text) = turn_mail(lang, &name, &what, &link);
                mailer.send(&email, &subject, &text)
            };
            if let Err(e) = send() {
                tracing::warn!(game = %game, "cannot send a turn mail: {e}");
            }
        });
    }
}
