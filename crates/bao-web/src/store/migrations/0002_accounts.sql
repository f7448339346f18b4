-- Accounts and their sessions. `name_key` is the name in lower case (names are unique
-- ignoring case); `password` is an argon2id PHC string, NULL for the engine accounts
-- bao-1 ... bao-10 (`engine_level`), which nobody can sign in to.
CREATE TABLE accounts (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    name_key TEXT NOT NULL UNIQUE,
    password TEXT,
    engine_level INTEGER,
    created TEXT NOT NULL
);
-- A session: the BLAKE2b-256 of its cookie token (the token itself is never stored),
-- its account, and when it expires (Unix seconds).
CREATE TABLE sessions (
    token_hash TEXT PRIMARY KEY NOT NULL,
    account INTEGER NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    created TEXT NOT NULL,
    expires INTEGER NOT NULL
);
CREATE INDEX sessions_account ON sessions (account);
INSERT INTO accounts (name, name_key, password, engine_level, created) VALUES
    ('bao-1', 'bao-1', NULL, 1, '1970-01-01T00:00:00.000Z'),
    ('bao-2', 'bao-2', NULL, 2, '1970-01-01T00:00:00.000Z'),
    ('bao-3', 'bao-3', NULL, 3, '1970-01-01T00:00:00.000Z'),
    ('bao-4', 'bao-4', NULL, 4, '1970-01-01T00:00:00.000Z'),
    ('bao-5', 'bao-5', NULL, 5, '1970-01-01T00:00:00.000Z'),
    ('bao-6', 'bao-6', NULL, 6, '1970-01-01T00:00:00.000Z'),
    ('bao-7', 'bao-7', NULL, 7, '1970-01-01T00:00:00.000Z'),
    ('bao-8', 'bao-8', NULL, 8, '1970-01-01T00:00:00.000Z'),
    ('bao-9', 'bao-9', NULL, 9, '1970-01-01T00:00:00.000Z'),
    ('bao-10', 'bao-10', NULL, 10, '1970-01-01T00:00:00.000Z');
