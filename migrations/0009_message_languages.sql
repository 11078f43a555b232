-- ---------------------------------------------------------------------------------------------
-- The language of a report or contact message, so the mail telling its sender the outcome
-- (sent later, when moderators decide) is written in the language they wrote in: the account's
-- language when signed in, else the language of the request that sent it.
-- ---------------------------------------------------------------------------------------------

ALTER TABLE reports ADD COLUMN locale text NOT NULL DEFAULT 'en' CHECK (locale IN ('en', 'de'));
