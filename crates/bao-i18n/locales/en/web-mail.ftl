# The mails the server sends (crates/bao-web/src/mail/model.rs), in the player's language:
# the one of the page that asked (address check, password reset), else the account's.
mail-hello = Hello { $name },
mail-verify-subject = Bao: confirm your e-mail address
mail-verify-text = to confirm this address for your Bao account, open this link within a day:
mail-verify-ignore = If you did not ask for it, ignore this mail.
mail-reset-subject = Bao: set a new password
mail-reset-text = someone (you, we hope) asked to set a new password for your Bao account. This link works once, within an hour:
mail-reset-ignore = If you did not ask for it, ignore this mail: your password stays as it is.
mail-turn-subject = Bao: { $what }
mail-turn-text = { $what }:
mail-turn-note = (At most one such mail per game an hour; turn them off on your settings page.)
