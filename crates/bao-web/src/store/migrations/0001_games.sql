-- The saved games (every database made before numbered migrations has exactly this).
CREATE TABLE IF NOT EXISTS games (
    id TEXT PRIMARY KEY NOT NULL,
    game TEXT NOT NULL,
    rules TEXT NOT NULL,
    level INTEGER NOT NULL,
    south TEXT NOT NULL,
    north TEXT NOT NULL,
    seat TEXT NOT NULL,
    invite_south TEXT,
    invite_north TEXT,
    record TEXT NOT NULL,
    plies INTEGER NOT NULL,
    result TEXT,
    created TEXT NOT NULL,
    updated TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS games_updated ON games (updated DESC, id);
