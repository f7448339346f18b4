-- PostgreSQL: the same schema as ../0004_instances.sql in PostgreSQL's types (BIGINT integers,
-- DOUBLE PRECISION reals, identity columns for SQLite's INTEGER PRIMARY KEY).
-- Several instances on one database (issue 24): each game's version (every change adds
-- one, and a change is written only over the version it was made from, so of two racing
-- changes exactly one is stored), the time at which the server must act on a game with
-- no request arriving (a clock's flag or abort, a computer's move in a lobby game), and
-- the sign-in and sign-up attempts per client address (rate limits that every instance
-- sees).
ALTER TABLE games ADD COLUMN version BIGINT NOT NULL DEFAULT 1;
ALTER TABLE games ADD COLUMN due_ms BIGINT;
CREATE INDEX games_due ON games (due_ms) WHERE due_ms IS NOT NULL;
CREATE TABLE attempts (
    address TEXT NOT NULL,
    kind TEXT NOT NULL,
    at_ms BIGINT NOT NULL
);
CREATE INDEX attempts_address ON attempts (address, kind, at_ms);
CREATE INDEX attempts_at ON attempts (at_ms);
