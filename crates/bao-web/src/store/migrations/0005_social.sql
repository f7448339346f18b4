-- Draw offers (the side that offers, `South` or `North`, until the other answers), the
-- rating change of a rated result (JSON `{"South": {"before", "after"}, "North": …}`,
-- written with the ratings in the transaction that stores the result), and challenges
-- made to one named player, and when a challenge's maker was last seen with a page open
-- on an instance that was asked (notices/mod.rs: presence across instances).
ALTER TABLE games ADD COLUMN draw_offer TEXT;
ALTER TABLE games ADD COLUMN ratings TEXT;
ALTER TABLE challenges ADD COLUMN opponent INTEGER REFERENCES accounts (id) ON DELETE CASCADE;
ALTER TABLE challenges ADD COLUMN seen_ms INTEGER;
CREATE INDEX games_live ON games (created DESC) WHERE result IS NULL AND aborted = 0 AND south_account IS NOT NULL AND north_account IS NOT NULL;
