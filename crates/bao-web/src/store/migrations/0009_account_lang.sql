-- Issue 29: the language a signed-in player chose (`en`, `sw`: a tag of bao-i18n's
-- registry), used on any device he signs in from when the browser has no `bao_lang`
-- cookie; NULL until he chooses (then `Accept-Language` decides).
ALTER TABLE accounts ADD COLUMN lang TEXT;
