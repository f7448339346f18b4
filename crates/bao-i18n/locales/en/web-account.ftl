# The account pages: sign in and sign up (signin.html, signin.js), the settings
# (settings.html, settings.js), and the account routes' errors (crates/bao-web/src/accounts,
# src/mail: `error` beside its `code`).

si-page-title = Bao · Sign in
si-h2 = Sign in
si-name = Name
si-password = Password
si-go = Sign in
si-forgot = Forgot your password?
su-h2 = New player
su-name-rules = 3 to 20 letters, digits, _ or -.
su-password-rules = At least 8 characters. It is kept as an argon2id hash; your session is a cookie this page's scripts cannot read.
su-go = Create account

# What the forms check before sending (the browser's own bubbles would speak its language).
acct-name-missing = Write your name.
acct-password-missing = Write your password.
acct-name-length = A name has 3 to 20 characters; this one has { $n }.
acct-name-chars = A name is made of the letters A-Z and a-z, the digits 0-9, _ and - only.
acct-password-short = A password needs at least 8 characters; this one has { $n }.

set-page-title = Bao · Settings
set-h1 = Settings
set-reset-h = Set a new password
set-new-password = New password
set-reset-go = Set it
set-reset-note = The link works once, within an hour. Every session of the account ends: sign in again with the new password.
set-reset-done = The password of { $name } is set: sign in with it.
set-lang-h = Language
set-lang-label = The pages' language
set-lang-note = Kept in this browser, and in your account when you are signed in: the pages then speak it on every device you sign in on.
set-email-h = E-mail
set-address = Address
set-email-go = Save and send the link
set-email-note = Optional. A mail with a link confirms it; then it lets you set a new password when you forget yours. Leave it empty and save to remove it.
set-turn-mails = Mail me when it is my move in a correspondence game (at most one mail per game an hour)
set-email-confirmed = { $email }: confirmed
set-email-waiting = { $email }: waiting for you to open the link we mailed
set-email-none = No address.
set-verified = { $email } is confirmed.
set-link-sent = A link is on its way to { $email }: open it to confirm the address.
set-saved = Saved.
set-forgot-address = The account's confirmed e-mail address
set-forgot-go = Send me a link
set-forgot-missing = Write the address.
set-forgot-sent = If an account of this server has this confirmed address, a mail with a link to set a new password is on its way (the link works once, within an hour).

# The account routes' errors in the other languages (English keeps the handler's words).
api-wrong-credentials = Wrong name or password.
api-account-closed = This account was closed by a moderator.
api-name-taken = The name { $name } is taken (names are unique ignoring case): choose another.
api-name-engine = The name { $name } is kept for the engine accounts: no name may be "bao" followed by digits: choose another.
api-name-length = The name { $name } has { $n } characters: a name has { $min } to { $max }.
api-name-char = The name { $name } has the character { $character }: a name is made of A-Z, a-z, 0-9, _ and -.
api-password-short = The password has { $n } characters: it needs at least { $min }.
api-password-long = The password has { $n } characters: at most { $max }.
api-too-many-sign-ups = Too many sign-ups from your address: try again in { $wait }.
api-too-many-sign-ins = Too many failed sign-ins: try again in { $wait }.
wait-seconds = { $n ->
    [one] { $n } second
   *[other] { $n } seconds
}
wait-minutes = { $n ->
    [one] { $n } minute
   *[other] { $n } minutes
}
api-no-mail = This server sends no e-mail (it was started without --smtp): addresses, password resets by mail and turn mails are off.
api-mail-failed = The address is kept, but the mail could not be sent: try again later.
api-bad-link = This link does not work (used already, expired, or mistyped): ask for a new one.
api-email-taken = Another account confirmed this address first: use another.
api-email-invalid = { $email } is not an e-mail address: { $why }.
api-email-too-long = it is longer than { $max } characters
api-email-no-at = it has no @
api-email-parts = it needs a name, one @ and a domain
api-email-no-dot = its domain has no dot
api-email-bad-char = it has a space or a character addresses do not take
