-- Issue 31, a community around the board: game history, rematches, chat and its
-- moderation, e-mail addresses and the mails' tokens.
-- An account's game history pages by creation (a cursor of (created, id), newest first).
CREATE INDEX games_south_created ON games (south_account, created DESC, id DESC);
CREATE INDEX games_north_created ON games (north_account, created DESC, id DESC);
CREATE INDEX games_owner_created ON games (owner, created DESC, id DESC);
-- A rematch offered after a finished game between two accounts: who offers it, and the
-- new game once the other accepted (one row per finished game).
CREATE TABLE rematches (
    game TEXT PRIMARY KEY NOT NULL,
    offered_by INTEGER NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    next_game TEXT,
    created TEXT NOT NULL
);
-- A game's chat: each line in the players' room (`players`) or the spectators' room
-- (`spectators`), its author, its text (at most 140 characters), when (Unix ms) and
-- whether the game was already over (players read the spectators' room only then).
CREATE TABLE chat (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    game TEXT NOT NULL,
    room TEXT NOT NULL,
    account INTEGER NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    text TEXT NOT NULL,
    at_ms INTEGER NOT NULL,
    after_end INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX chat_game ON chat (game, id);
CREATE INDEX chat_account ON chat (account, at_ms);
-- Whom an account muted: their lines are not delivered to it.
CREATE TABLE chat_mutes (
    account INTEGER NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    muted INTEGER NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    PRIMARY KEY (account, muted)
);
-- A chat line reported by an account, until a moderator resolves it.
CREATE TABLE chat_reports (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    line INTEGER NOT NULL REFERENCES chat (id) ON DELETE CASCADE,
    reporter INTEGER NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    created TEXT NOT NULL,
    resolved INTEGER NOT NULL DEFAULT 0,
    UNIQUE (line, reporter)
);
-- Moderation: `role` is NULL or `moderator` (`bao admin grant NAME`); a moderator may
-- mute an account in every chat (`chat_muted`) or close it (`closed`: when; it cannot
-- sign in and its sessions are gone).
ALTER TABLE accounts ADD COLUMN role TEXT;
ALTER TABLE accounts ADD COLUMN chat_muted INTEGER NOT NULL DEFAULT 0;
ALTER TABLE accounts ADD COLUMN closed TEXT;
-- E-mail: an optional address (lower case), whether its link was followed, and whether
-- the player wants "your turn" mails in correspondence games.
ALTER TABLE accounts ADD COLUMN email TEXT;
ALTER TABLE accounts ADD COLUMN email_verified INTEGER NOT NULL DEFAULT 0;
ALTER TABLE accounts ADD COLUMN turn_mails INTEGER NOT NULL DEFAULT 0;
CREATE UNIQUE INDEX accounts_verified_email ON accounts (email) WHERE email_verified = 1;
-- The links of the mails (`verify` an address, `reset` a password): only the token's
-- BLAKE2b-256 is kept; single use (the row is deleted when used), expiring (Unix s).
CREATE TABLE mail_tokens (
    token_hash TEXT PRIMARY KEY NOT NULL,
    account INTEGER NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    kind TEXT NOT NULL,
    email TEXT NOT NULL,
    expires INTEGER NOT NULL
);
-- When a mail about something was last sent to an account (at most one "your turn" mail
-- per game an hour: `about` is the game's id; one password reset mail in 5 minutes:
-- `password-reset`).
CREATE TABLE mails_sent (
    about TEXT NOT NULL,
    account INTEGER NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    sent_ms INTEGER NOT NULL,
    PRIMARY KEY (about, account)
);
