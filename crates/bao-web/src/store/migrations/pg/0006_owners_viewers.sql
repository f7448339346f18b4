-- PostgreSQL: the same schema as ../0006_owners_viewers.sql in PostgreSQL's types.
-- A game a signed-in player started from the first page against the computer (or with
-- a friend) belongs to his account: `owner` (issue 35 item 6); his profile lists it.
-- The spectators of each game on every instance (issue 34 item 4: a shared database
-- counts a game's viewers over all instances): one row per game, instance and viewer
-- (`a:ACCOUNT` or `ip:ADDRESS`), refreshed by its instance's heartbeat (`seen_ms`, Unix
-- milliseconds); rows of an instance that stopped refreshing them are left out of the
-- count and removed.
ALTER TABLE games ADD COLUMN owner BIGINT REFERENCES accounts (id);
CREATE INDEX games_owner ON games (owner, updated DESC);
CREATE TABLE spectators (
    game TEXT NOT NULL,
    instance TEXT NOT NULL,
    viewer TEXT NOT NULL,
    seen_ms BIGINT NOT NULL,
    PRIMARY KEY (game, instance, viewer)
);
CREATE INDEX spectators_seen ON spectators (seen_ms);
