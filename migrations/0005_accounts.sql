-- Accounts for real life: verified email addresses, links sent by email (password reset, address
-- verification, a change of address) and stored files waiting to be removed after an account or
-- file is deleted. Runs on PostgreSQL 15 and PGlite (PostgreSQL 18).

-- When the address was confirmed by opening the link sent to it; NULL until then. Accounts made
-- before verification existed start unverified: their owners verify from the account page.
ALTER TABLE users ADD COLUMN email_verified_at timestamptz;

-- A link sent by email. Only the SHA-256 of its token is kept; a link is used once.
--   reset:  sets a new password (1 hour);
--   verify: confirms `email` as the account's address, or makes it the address after a change.
CREATE TABLE email_links (
  id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id     uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  purpose     text NOT NULL CHECK (purpose IN ('reset', 'verify')),
  token_hash  text NOT NULL UNIQUE,
  email       text NOT NULL CHECK (char_length(email) BETWEEN 3 AND 254),
  expires_at  timestamptz NOT NULL,
  used_at     timestamptz,
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX email_links_user_idx ON email_links (user_id, purpose, created_at DESC);
CREATE INDEX email_links_expires_idx ON email_links (expires_at);

-- Stored objects (audio files, covers) whose records are gone: removed by the clean-up job,
-- retried with a growing pause until the storage answers.
CREATE TABLE storage_deletions (
  key             text PRIMARY KEY CHECK (char_length(key) <= 1000),
  attempts        integer NOT NULL DEFAULT 0,
  last_error      text,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  created_at      timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX storage_deletions_next_idx ON storage_deletions (next_attempt_at);
