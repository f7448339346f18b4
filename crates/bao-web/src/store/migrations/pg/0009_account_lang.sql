-- PostgreSQL: the same schema as ../0009_account_lang.sql in PostgreSQL's types.
-- Issue 29: the language a signed-in player chose (`en`, `sw`), NULL until he chooses.
ALTER TABLE accounts ADD COLUMN lang TEXT;
