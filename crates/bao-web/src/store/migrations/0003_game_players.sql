-- Games between accounts: who plays each side, whether the game is rated and whether its
-- rating change was applied (once, in the transaction that stored the result), its clock
-- (JSON, see clock/model.rs) and whether it was aborted before both sides moved.
ALTER TABLE games ADD COLUMN south_account INTEGER REFERENCES accounts (id);
ALTER TABLE games ADD COLUMN north_account INTEGER REFERENCES accounts (id);
ALTER TABLE games ADD COLUMN rated INTEGER NOT NULL DEFAULT 0;
ALTER TABLE games ADD COLUMN rating_applied INTEGER NOT NULL DEFAULT 0;
ALTER TABLE games ADD COLUMN clock TEXT;
ALTER TABLE games ADD COLUMN aborted INTEGER NOT NULL DEFAULT 0;
CREATE INDEX games_south_account ON games (south_account, updated DESC);
CREATE INDEX games_north_account ON games (north_account, updated DESC);
-- The open challenges of the lobby.
CREATE TABLE challenges (
    id TEXT PRIMARY KEY NOT NULL,
    account INTEGER NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    game TEXT NOT NULL,
    rules TEXT NOT NULL,
    clock TEXT NOT NULL,
    rated INTEGER NOT NULL,
    side TEXT NOT NULL,
    created TEXT NOT NULL
);
-- Glicko-2 ratings per account and pool (`kiswahili`, `kingulu`), and their history.
CREATE TABLE ratings (
    account INTEGER NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    pool TEXT NOT NULL,
    rating REAL NOT NULL,
    rd REAL NOT NULL,
    volatility REAL NOT NULL,
    games INTEGER NOT NULL,
    PRIMARY KEY (account, pool)
);
CREATE TABLE rating_history (
    id INTEGER PRIMARY KEY,
    account INTEGER NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    pool TEXT NOT NULL,
    game TEXT NOT NULL,
    rating REAL NOT NULL,
    rd REAL NOT NULL,
    at TEXT NOT NULL
);
CREATE INDEX rating_history_account ON rating_history (account, pool, id);
-- When the server was last known to be running (Unix milliseconds), so that the time it
-- was down is not charged to a running clock.
CREATE TABLE server_alive (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    at_ms INTEGER NOT NULL
);
