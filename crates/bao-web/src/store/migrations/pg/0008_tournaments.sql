-- PostgreSQL: the same schema as ../0008_tournaments.sql in PostgreSQL's types.
-- Tournaments (issue 28): Swiss (FIDE Dutch) and round robin (Berger tables, single or
-- double), each pairing a match of 1 or 2 games, paired by the server round by round.
-- `round` is the round paired last (0 before the start) and `version` counts the
-- tournament's changes: a round is paired by one transaction that moves both on only
-- from the values it read (a compare-and-set), so that of several instances exactly one
-- pairs it. `rounds` is the total (Swiss: as created; round robin: set at the start).
-- `first_colour` is the lot drawn at the start (`white1`: start number 1 plays South in
-- round 1, `black1`: North), as TRF's XXC writes it. `starts_ms` is `starts_at` in Unix
-- milliseconds (the sweep starts a tournament then). `note` says why a tournament ended
-- before its last round (no legal pairing), if it did.
CREATE TABLE tournaments (
    id TEXT PRIMARY KEY NOT NULL,
    name TEXT NOT NULL,
    creator BIGINT NOT NULL REFERENCES accounts (id),
    game TEXT NOT NULL,
    rules TEXT NOT NULL,
    format TEXT NOT NULL,
    cycles BIGINT NOT NULL,
    rounds BIGINT,
    games_per_pairing BIGINT NOT NULL,
    clock TEXT NOT NULL,
    rated BIGINT NOT NULL,
    starts_at TEXT,
    starts_ms BIGINT,
    status TEXT NOT NULL,
    round BIGINT NOT NULL DEFAULT 0,
    version BIGINT NOT NULL DEFAULT 1,
    first_colour TEXT,
    note TEXT,
    created TEXT NOT NULL,
    finished TEXT
);
CREATE INDEX tournaments_status ON tournaments (status, created DESC);
-- Its players: start numbers and the ratings they were ranked by are given at the
-- start; `withdrawn` is the last round paired before the organiser withdrew him (he is
-- paired in no later round), NULL while he plays.
CREATE TABLE tournament_players (
    tournament TEXT NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    account BIGINT NOT NULL REFERENCES accounts (id),
    joined TEXT NOT NULL,
    start BIGINT,
    rating DOUBLE PRECISION,
    withdrawn BIGINT,
    PRIMARY KEY (tournament, account)
);
-- The pairings of each round by board: South's and North's start numbers (North NULL:
-- the bye). `result` is set only for a pairing without games: `bye` (the Swiss
-- pairing-allocated bye, a win; the round robin's bye of an odd field, no points), or a
-- forfeit of a withdrawn player (`+-`, `-+`, `--`); otherwise the result is its games'.
CREATE TABLE tournament_pairings (
    tournament TEXT NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    round BIGINT NOT NULL,
    board BIGINT NOT NULL,
    south BIGINT NOT NULL,
    north BIGINT,
    result TEXT,
    PRIMARY KEY (tournament, round, board)
);
-- The games of each pairing (`seq` 1, and 2 with the sides swapped).
CREATE TABLE tournament_games (
    game TEXT PRIMARY KEY NOT NULL,
    tournament TEXT NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    round BIGINT NOT NULL,
    board BIGINT NOT NULL,
    seq BIGINT NOT NULL,
    UNIQUE (tournament, round, board, seq)
);
-- A tournament game: its clock never aborts (a side that does not move loses on time).
ALTER TABLE games ADD COLUMN tournament TEXT;
