-- PostgreSQL: the same schema as ../0001_games.sql in PostgreSQL's types (BIGINT integers,
-- DOUBLE PRECISION reals, identity columns for SQLite's INTEGER PRIMARY KEY).
-- The saved games (every database made before numbered migrations has exactly this).
CREATE TABLE IF NOT EXISTS games (
    id TEXT PRIMARY KEY NOT NULL,
    game TEXT NOT NULL,
    rules TEXT NOT NULL,
    level BIGINT NOT NULL,
    south TEXT NOT NULL,
    north TEXT NOT NULL,
    seat TEXT NOT NULL,
    invite_south TEXT,
    invite_north TEXT,
    record TEXT NOT NULL,
    plies BIGINT NOT NULL,
    result TEXT,
    created TEXT NOT NULL,
    updated TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS games_updated ON games (updated DESC, id);
